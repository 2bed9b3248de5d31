"""Lesson 05 exercises: one small function per long-term store.

    from course_lib.course.exercises import lesson05 as ex
    ex.profile_block.check(); ex.already_done.check(); ex.route.check(); ex.cosine_top_k.check()

- `profile_block(facts, max_tokens)`: the key-value profile as a prompt block, within a token budget.
- `already_done(events, tool, args)`: the episodic idempotency check, blind to key order.
- `route(question)`: which of the four CoALA stores a question should hit, from keyword cues.
- `cosine_top_k(matrix, query, k)`: the core of a flat vector store, checked against brute force.

The checks call your functions on seeded inputs you have not seen, so every run is the same and any
correct implementation passes however it is written.
"""
from __future__ import annotations

import json
import random
import re

from course_lib.course.exercises import Exercise, expect, fail, require

NOTEBOOK = "05_long_term_stores"
HEADER = "User profile:"


# --------------------------------------------------------------------------- profile_block

def _block(facts: list[tuple[str, object]]) -> str:
    return "\n".join([HEADER] + [f"- {k}: {v}" for k, v in facts]) if facts else ""


def _reference_block(facts: dict, max_tokens: int) -> str:
    from course_lib.model.tokens import count_tokens

    items = list(facts.items())
    kept = 0
    while kept < len(items) and count_tokens(_block(items[:kept + 1])) <= max_tokens:
        kept += 1
    return _block(items[:kept])


def _kept_keys(block: str, facts: dict, call: str) -> list[str]:
    """Parse a block back into the keys it holds, checking the format line by line."""
    require(isinstance(block, str), f"{call} returned {type(block).__name__}, expected a string (the block)")
    if block == "":
        return []
    lines = block.split("\n")
    require(len(lines) > 1, f"{call} returned {block!r}: a header with no facts; return '' when no fact fits")
    require(lines[0] == HEADER, f"{call}: the first line should be {HEADER!r}, got {lines[0]!r}")
    keys = []
    for line in lines[1:]:
        m = re.fullmatch(r"- (.+?): (.*)", line)
        require(m is not None, f"{call}: every fact line should look like '- key: value', got {line!r}")
        key, value = m.group(1), m.group(2)
        require(key in facts, f"{call}: the block has a line for {key!r}, which is not in the profile")
        require(value == str(facts[key]), f"{call}: the line for {key!r} says {value!r}, the profile says "
                                          f"{str(facts[key])!r}")
        keys.append(key)
    return keys


def _check_profile_case(profile_block, facts: dict, max_tokens: int, why: str = "") -> None:
    from course_lib.model.tokens import count_tokens

    before = dict(facts)
    call = f"profile_block({facts!r}, max_tokens={max_tokens})"
    block = profile_block(dict(facts), max_tokens)
    keys = _kept_keys(block, facts, call)
    used = count_tokens(block) if block else 0
    require(used <= max_tokens, f"{call} returned a block of {used} tokens, over the budget of {max_tokens}. "
                                "Measure the whole block with count_tokens before you add a fact.")
    reference = _reference_block(facts, max_tokens)
    want = list(facts)[:len(reference.split("\n")) - 1] if reference else []
    if keys != want:
        if keys == want[:len(keys)]:
            fail(f"{call} kept {keys}, but {want} fit in {max_tokens} tokens. {why}".strip())
        fail(f"{call} kept {keys}; keep facts in the order given (most important first) and stop at the "
             f"first one that does not fit: expected {want}. {why}".strip())
    require(facts == before, f"{call} changed the profile dict it was given; build a new string instead")


PRIYA = {"name": "Priya", "diet": "vegetarian", "timezone": "Europe/Berlin", "dinner_budget_eur": 40}
_KEYS = ["name", "diet", "timezone", "home_city", "dinner_budget_eur", "allergies", "seat", "language", "pace",
         "favourite_cuisine", "employer", "pronouns"]
_VALUES = ["Priya", "vegetarian", "vegan", "Europe/Berlin", "Paris", "40", 55, "peanuts", "window", "German",
           "relaxed", "Sri Lankan", "a small design studio in Kreuzberg", "she/her", "no shellfish, no peanuts"]


def _check_profile_block(profile_block):
    from course_lib.model.tokens import count_tokens

    full = count_tokens(_block(list(PRIYA.items())))
    _check_profile_case(profile_block, PRIYA, 1000, "With a large budget every fact fits.")
    _check_profile_case(profile_block, PRIYA, full, f"The whole block is exactly {full} tokens: a budget of {full} "
                                                    "keeps every fact (<=, not <).")
    _check_profile_case(profile_block, PRIYA, full - 1, f"One token short of {full}: the last fact must go.")
    _check_profile_case(profile_block, PRIYA, 3, "Not even the header and one fact fit in 3 tokens: return ''.")
    _check_profile_case(profile_block, {}, 100, "An empty profile renders as ''.")
    rng = random.Random(f"{NOTEBOOK}.profile_block")
    for _ in range(25):
        keys = rng.sample(_KEYS, rng.randint(1, 7))
        facts = {k: rng.choice(_VALUES) for k in keys}
        full = count_tokens(_block(list(facts.items())))
        _check_profile_case(profile_block, facts, rng.randint(4, full + 5))


# --------------------------------------------------------------------------- already_done

def _event(seq: int, type_: str, **payload) -> dict:
    return {"ts": f"2026-03-03T19:{seq:02d}:00+00:00", "session": "s1", "seq": seq, "type": type_, **payload}


def _reference_done(events: list, tool: str, args: dict) -> bool:
    want = json.dumps(args, sort_keys=True)
    return any(e.get("type") == "tool_call" and e.get("tool") == tool
               and json.dumps(e.get("args"), sort_keys=True) == want for e in events)


def _shuffled(d: dict, rng: random.Random) -> dict:
    keys = list(d)
    rng.shuffle(keys)
    return {k: (_shuffled(d[k], rng) if isinstance(d[k], dict) else d[k]) for k in keys}


def _check_already_done(already_done):
    booking = {"restaurant": "Linse & Lauch", "time": "Friday 19:00", "people": 2}
    log = [
        _event(0, "task", text="Book a vegetarian dinner in Berlin for Friday"),
        _event(1, "tool_call", tool="search_restaurants", args={"city": "Berlin", "diet": "vegetarian"},
               result=["Linse & Lauch"]),
        _event(2, "tool_call", tool="book_table", args=dict(booking), result={"confirmation": "BK-36DEC3"}),
        _event(3, "outcome", text="Booked Linse & Lauch, Friday 19:00, 2 people"),
    ]
    expect(already_done([], "book_table", booking), False, why="An empty log has done nothing")
    expect(already_done(log, "book_table", dict(booking)), True, why="The log holds this exact booking")
    reordered = {"people": 2, "time": "Friday 19:00", "restaurant": "Linse & Lauch"}
    expect(already_done(log, "book_table", reordered), True,
           why="The same arguments in another key order are the same booking: key order carries no meaning")
    expect(already_done(log, "book_table", {**booking, "people": 3}), False,
           why="A table for 3 is a different booking from a table for 2")
    expect(already_done(log, "cancel_table", dict(booking)), False,
           why="Same arguments, different tool: cancel_table was never called")
    expect(already_done(log, "book_table", {"restaurant": "Linse & Lauch", "time": "Friday 19:00"}), False,
           why="Only some of the arguments match: that is a different call")
    failed = [_event(0, "tool_error", tool="book_table", args=dict(booking), error="timeout")]
    expect(already_done(failed, "book_table", booking), False,
           why="Only events of type 'tool_call' count; a 'tool_error' is a call that failed and may be retried")
    nested = [_event(0, "tool_call", tool="send_email",
                     args={"to": "priya@example.com", "body": {"subject": "Dinner", "lines": ["Friday", "19:00"]}})]
    expect(already_done(nested, "send_email",
                        {"body": {"lines": ["Friday", "19:00"], "subject": "Dinner"}, "to": "priya@example.com"}),
           True, why="Nested dicts in another key order are still the same arguments")
    rng = random.Random(f"{NOTEBOOK}.already_done")
    tools = ["book_table", "send_email", "charge_card", "cancel_table"]
    for _ in range(30):
        events = [_event(0, "task", text="fresh task")]
        for seq in range(1, rng.randint(2, 7)):
            args = {k: rng.choice([1, 2, 3, "Friday", "Saturday", "19:00"]) for k in rng.sample(
                ["restaurant", "time", "people", "day", "amount", "to"], rng.randint(1, 4))}
            if rng.random() < 0.3:
                args["details"] = {"note": rng.choice(["window", "quiet", "none"]), "n": rng.randint(1, 3)}
            events.append(_event(seq, rng.choice(["tool_call", "tool_call", "tool_error"]), tool=rng.choice(tools),
                                 args=args, result="ok"))
        pick = rng.choice(events[1:])
        tool, args = pick["tool"], _shuffled(pick["args"], rng)
        if rng.random() < 0.3:
            args = {**args, "people": rng.randint(4, 9)}
        if rng.random() < 0.2:
            tool = rng.choice(tools)
        expect(already_done(events, tool, args), _reference_done(events, tool, args),
               why="(a fresh seeded log: match tool_call events with the same tool and the same arguments, "
                   "in any key order)")


# --------------------------------------------------------------------------- route

KINDS = ("working", "episodic", "procedural", "semantic")

ROUTE_CUES: dict[str, list[str]] = {
    "working": ["just now", "you just said", "i just said", "this conversation", "this chat", "a moment ago",
                "so far today"],
    "episodic": ["yesterday", "last week", "last time", "last month", "ago", "did we", "did i", "did you",
                 "when did", "already", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                 "sunday", "happened"],
    "procedural": ["how do i", "how do you", "how to", "how should", "steps", "procedure", "instructions",
                   "what is the process"],
}
"""Cue words and phrases per store kind, checked in the order working -> episodic -> procedural;
a question with no cue is about durable facts: "semantic"."""

_ROUTE_CASES = [
    ("What did the user say just now about the hotel?", "working"),
    ("Summarise this conversation for me.", "working"),
    ("Repeat the budget you just said, please.", "working"),
    ("What restaurant did we pick last week?", "episodic"),
    ("Did I already send the confirmation email?", "episodic"),
    ("When did the user first mention Berlin?", "episodic"),
    ("What went wrong with the booking on Wednesday?", "episodic"),
    ("What happened with the refund?", "episodic"),
    ("Three days ago we changed the plan; to what?", "episodic"),
    ("How do I cancel a reservation?", "procedural"),
    ("What are the steps for splitting a bill?", "procedural"),
    ("How should the agent handle a double booking?", "procedural"),
    ("Explain how to convert a flight time to the user's time zone.", "procedural"),
    ("Is the user allergic to nuts?", "semantic"),
    ("Which seat does Priya prefer on planes?", "semantic"),
    ("What is the user's home city?", "semantic"),
    ("Does Marco drink alcohol?", "semantic"),
    ("Which language does the user like to be answered in?", "semantic"),
]
# Cues hidden inside longer words must not count: match whole words and phrases.
_ROUTE_TRAPS = [
    ("Was the user born in Chicago?", "semantic", "'Chicago' contains 'ago'"),
    ("Does the user care about justice in hiring?", "semantic", "'justice' contains 'just'"),
    ("Does the user have stepsisters?", "semantic", "'stepsisters' contains 'steps'"),
    ("Does the user prefer Saturdays or Sundays for museums?", "semantic",
     "'Saturdays' is not the cue 'saturday' (and a standing preference is a durable fact)"),
]
def _check_route(route):
    for question, kind in _ROUTE_CASES:
        got = route(question)
        require(got in KINDS, f"route({question!r}) returned {got!r}; expected one of {list(KINDS)}")
        expect(got, kind, why=f"This question holds a cue of the kind {kind!r}" if kind != "semantic" else
               "No cue at all: a durable fact about the user, so 'semantic'")
    for question, kind, why in _ROUTE_TRAPS:
        expect(route(question), kind, why=f"Match whole words only: {why}")
    expect(route("HOW DO I book a table?!"), "procedural", why="Case and punctuation do not matter")
    expect(route("How did we book the table last time?"), "episodic",
           why="Cues are checked in the order working, episodic, procedural: 'did we' wins over 'how'")
    expect(route("What did I just say in this conversation?"), "working",
           why="Cues are checked in the order working, episodic, procedural: 'this conversation' wins over 'did i'")
    rng = random.Random(f"{NOTEBOOK}.route")
    carriers = ["Remind me: {cue}, what about the dinner plans?", "{cue}: is that relevant for the hotel?",
                "Quick question ({cue}) about the Berlin trip."]
    for _ in range(20):
        kind = rng.choice(list(ROUTE_CUES))
        cue = rng.choice(ROUTE_CUES[kind])
        question = rng.choice(carriers).format(cue=cue.capitalize() if rng.random() < 0.5 else cue)
        expect(route(question), kind, why=f"{cue!r} is a {kind} cue in ROUTE_CUES")


# --------------------------------------------------------------------------- cosine_top_k

def _reference_top_k(matrix, query, k):
    import numpy as np

    m = np.asarray(matrix, dtype=np.float64)
    q = np.asarray(query, dtype=np.float64)
    norms = np.linalg.norm(m, axis=1) * np.linalg.norm(q)
    sims = np.divide(m @ q, norms, out=np.zeros(len(m)), where=norms > 0)
    order = sorted(range(len(m)), key=lambda i: (-round(float(sims[i]), 9), i))
    return order[:k], sims


def _as_indices(result, call):
    try:
        out = [int(i) for i in list(result)]
    except (TypeError, ValueError):
        fail(f"{call} returned {result!r}; expected a list of row indices (whole numbers), best first")
    for a, b in zip(result, out):
        require(float(a) == b, f"{call} returned {list(result)!r}; expected row indices (whole numbers), "
                               "not similarities")
    return out


def _check_top_k_case(cosine_top_k, matrix, query, k, why=""):
    import numpy as np

    call = f"cosine_top_k(<{matrix.shape[0]}x{matrix.shape[1]} matrix>, query, k={k})"
    got = _as_indices(cosine_top_k(matrix.copy(), query.copy(), k), call)
    want, sims = _reference_top_k(matrix, query, k)
    if got != want:
        shown = ", ".join(f"row {i}: {sims[i]:.3f}" for i in want[:5])
        extra = ""
        if len(got) != len(want):
            extra = f" It should hold min(k, rows) = {len(want)} indices."
        elif sorted(got) == sorted(want):
            extra = " The right rows, in the wrong order: best first (ties: lower index first)."
        fail(f"{call} returned {got}, expected {want} (cosine similarities {shown}).{extra} {why}".strip())


def _check_cosine_top_k(cosine_top_k):
    import numpy as np

    m = np.array([[10.0, 5.0], [1.0, 0.1], [1.0, 1.0], [-1.0, 0.0]])
    _check_top_k_case(cosine_top_k, m, np.array([1.0, 0.0]), 2,
                      "Row 0 is long but row 1 points closer to the query; cosine ignores length, so compare "
                      "directions, not dot products.")
    long_one = np.array([[0.6, 0.8], [30.0, 10.0], [0.0, 1.0]])
    _check_top_k_case(cosine_top_k, long_one, np.array([0.0, 2.0]), 1,
                      "Row 1 has the largest dot product with the query but points elsewhere.")
    _check_top_k_case(cosine_top_k, m, np.array([1.0, 0.0]), 10, "k larger than the number of rows: all rows.")
    ties = np.array([[1.0, 2.0], [3.0, 0.0], [1.0, 2.0], [1.0, 2.0]])
    _check_top_k_case(cosine_top_k, ties, np.array([1.0, 2.0]), 3, "Equal similarities: lower index first.")
    zero = np.array([[0.0, 0.0], [-1.0, -0.5], [1.0, 0.2]])
    _check_top_k_case(cosine_top_k, zero, np.array([1.0, 0.0]), 3,
                      "A row of zeros has similarity 0 (not NaN): it ranks above negative similarities.")
    rng = np.random.default_rng(5)
    for _ in range(25):
        n, d = int(rng.integers(1, 60)), int(rng.integers(2, 40))
        matrix = rng.normal(size=(n, d)) * rng.uniform(0.1, 20, size=(n, 1))
        query = rng.normal(size=d) * float(rng.uniform(0.1, 5))
        _check_top_k_case(cosine_top_k, matrix, query, int(rng.integers(1, n + 3)),
                          "(a fresh seeded matrix, checked against a brute-force loop)")
    _check_top_k_case(cosine_top_k, np.ones((3, 4), dtype=np.float32), np.ones(4, dtype=np.float32), 2,
                      "float32 input works too; three identical rows tie, so lower index first.")


# --------------------------------------------------------------------------- the exercises

profile_block = Exercise(
    "profile_block", lesson=NOTEBOOK, check_fn=_check_profile_block,
    hints=[
        "Build the block one fact at a time, in the order the dict gives them: the header 'User profile:' "
        "followed by one line '- key: value' per fact, joined with newlines.",
        "Before you keep a fact, measure the whole candidate block with count_tokens. If it is over max_tokens, "
        "stop: later facts are less important and must not jump the queue.",
        "If no fact fits (or the profile is empty), return ''. A header with no facts is useless in a prompt.",
    ],
)

already_done = Exercise(
    "already_done", lesson=NOTEBOOK, check_fn=_check_already_done,
    hints=[
        "Loop over the events; only those with type 'tool_call' and the same 'tool' can count.",
        "Compare the arguments as values, not as text in insertion order: two dicts with the same keys and "
        "values are equal in Python whatever their order, and json.dumps(..., sort_keys=True) gives one "
        "canonical string for nested dicts too.",
        "Use e.get('args') rather than e['args']: a 'task' or 'outcome' event has no arguments.",
    ],
)

route = Exercise(
    "route", lesson=NOTEBOOK, check_fn=_check_route,
    hints=[
        "Lower-case the question and turn everything that is not a letter or digit into a space, so "
        "'Tuesday?' becomes ' tuesday '.",
        "Match whole words and phrases: pad the cleaned question and each cue with spaces and test "
        "`f' {cue} ' in f' {text} '` (otherwise 'Chicago' would contain 'ago').",
        "Check the kinds in the order working, episodic, procedural; return the first kind with a cue "
        "in the question, and 'semantic' when none has.",
    ],
)

cosine_top_k = Exercise(
    "cosine_top_k", lesson=NOTEBOOK, check_fn=_check_cosine_top_k,
    hints=[
        "Cosine similarity is the dot product divided by both lengths: (matrix @ query) / "
        "(norm of each row × norm of query). np.linalg.norm(matrix, axis=1) gives the row lengths.",
        "A zero-length row would divide by zero: give it similarity 0 (np.divide(..., where=norms > 0, "
        "out=np.zeros(...)) does this).",
        "np.argsort(-sims, kind='stable') sorts best first and keeps equal similarities in index order; "
        "return the first k as a list of ints.",
    ],
)

EXERCISES = [profile_block, already_done, route, cosine_top_k]

"""Lesson 05 exercises, one small function per long-term store: profile_block, already_done, route, cosine_top_k."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np

from course_lib.course.exercises import Exercise, as_sequence, expect, require
from course_lib.course.exercises.checking import LearnerError, fail
from course_lib.long_term.episodic import canonical
from course_lib.model.tokens import count_tokens

NOTEBOOK = "05_long_term_stores"
HEADER = "User profile:"
PRIYA = {"name": "Priya", "diet": "vegetarian", "timezone": "Europe/Berlin", "dinner_budget_eur": 40}
DATA = json.loads((Path(__file__).resolve().parents[2] / "data" / "exercises" / "lesson05.json").read_text("utf-8"))
ROUTE_CUES: dict[str, list[str]] = DATA["route_cues"]  # the cue table learners route with


def _block(facts: list[tuple[str, object]]) -> str:
    return "\n".join([HEADER] + [f"- {k}: {v}" for k, v in facts]) if facts else ""


def _reference_block(facts: dict, max_tokens: int) -> str:
    items, kept = list(facts.items()), 0
    while kept < len(items) and count_tokens(_block(items[:kept + 1])) <= max_tokens:
        kept += 1
    return _block(items[:kept])


def _check_profile_case(profile_block, facts: dict, max_tokens: int, why: str = "") -> None:
    call = f"profile_block({facts!r}, max_tokens={max_tokens})"
    block = profile_block(facts, max_tokens)
    require(isinstance(block, str) and block != HEADER, f"{call} returned {block!r:.60}: return the block as a string, "
            f"and '' (not a header with no facts) when no fact fits")
    require(count_tokens(block) <= max_tokens, f"{call} returned a block of {count_tokens(block)} tokens, over the "
            f"budget of {max_tokens}. Measure the whole block with count_tokens before you add a fact.")
    reference = _reference_block(facts, max_tokens)
    keys, want = (re.findall(r"^- (.+?): ", text, re.MULTILINE) for text in (block, reference))
    require(keys == want or keys != want[:len(keys)], f"{call} kept {keys}, but {want} fit in {max_tokens} tokens. "
                                                      f"{why}".strip())
    require(keys == want, f"{call} kept {keys}; keep facts in the order given (most important first) and stop at "
                          f"the first one that does not fit: expected {want}. {why}".strip())
    expect(block, reference, input=call, why=f"The block is the line {HEADER!r}, then one line '- key: value' per "
                                             f"fact, joined with newlines (as ProfileMemory.render writes it)")


def _check_profile_block(profile_block):
    full = count_tokens(_block(list(PRIYA.items())))
    _check_profile_case(profile_block, PRIYA, 1000, "With a large budget every fact fits.")
    _check_profile_case(profile_block, PRIYA, full, f"The whole block is exactly {full} tokens: a budget of {full} "
                                                    "keeps every fact (<=, not <).")
    _check_profile_case(profile_block, PRIYA, full - 1, f"One token short of {full}: the last fact must go.")
    _check_profile_case(profile_block, PRIYA, 3, "Not even the header and one fact fit in 3 tokens: return ''.")
    _check_profile_case(profile_block, {"name": "Priya", "note": "  likes  jazz  "}, 1000,
                        "Values go in exactly as stored, spaces included: the profile does not rewrite them.")
    _check_profile_case(profile_block, {}, 100, "An empty profile renders as ''.")
    rng = random.Random(f"{NOTEBOOK}.profile_block")
    for _ in range(25):
        keys = rng.sample(DATA["profile_keys"], rng.randint(1, 7))
        facts = {k: rng.choice(DATA["profile_values"]) for k in keys}
        full = count_tokens(_block(list(facts.items())))
        _check_profile_case(profile_block, facts, rng.randint(4, full + 5))


def _event(seq: int, type_: str, **payload) -> dict:
    return {"ts": f"2026-03-03T19:{seq:02d}:00+00:00", "session": "s1", "seq": seq, "type": type_, **payload}


def _shuffled(d: dict, rng: random.Random) -> dict:
    return {k: (_shuffled(d[k], rng) if isinstance(d[k], dict) else d[k]) for k in rng.sample(list(d), len(d))}


def _check_already_done(already_done):
    rng = random.Random(f"{NOTEBOOK}.already_done")
    booking = {"restaurant": "Linse & Lauch", "time": "Friday 19:00", "people": 2}
    log = [_event(0, "task", text="Book a vegetarian dinner in Berlin for Friday"),
           _event(1, "tool_call", tool="search_restaurants", args={"city": "Berlin", "diet": "vegetarian"}),
           _event(2, "tool_call", tool="book_table", args=dict(booking), result={"confirmation": "BK-36DEC3"}),
           _event(3, "outcome", text="Booked Linse & Lauch, Friday 19:00, 2 people")]
    expect(already_done([], "book_table", booking), False, why="An empty log has done nothing")
    expect(already_done(log, "book_table", dict(booking)), True, why="The log holds this exact booking")
    expect(already_done(log, "book_table", {"people": 2, "time": "Friday 19:00", "restaurant": "Linse & Lauch"}),
           True, why="The same arguments in another key order are the same booking: key order carries no meaning")
    expect(already_done(log, "book_table", {**booking, "people": 3}), False,
           why="A table for 3 is a different booking from a table for 2")
    expect(already_done(log, "cancel_table", dict(booking)), False,
           why="Same arguments, different tool: cancel_table was never called")
    expect(already_done(log, "book_table", {"restaurant": "Linse & Lauch", "time": "Friday 19:00"}), False,
           why="Only some of the arguments match: that is a different call")
    expect(already_done([_event(0, "tool_error", tool="book_table", args=dict(booking))], "book_table", booking),
           False, why="Only events of type 'tool_call' count; a 'tool_error' is a call that failed and may be retried")
    expect(already_done([_event(0, "tool_cancelled", tool="book_table", args=dict(booking))], "book_table", booking),
           False, why="Only events of type 'tool_call' count: a 'tool_cancelled' call never ran (test == "
                      "'tool_call', not != 'tool_error')")
    expect(already_done(log, "Book_Table", booking), False,
           why="Tool names are exact identifiers: 'Book_Table' is not the tool 'book_table' (compare with ==)")
    near = [_event(0, "tool_call_failed", tool="book_table", args=dict(booking)),
            _event(1, "tool", tool="book_table", args=dict(booking)),
            _event(1, "Tool_Call", tool="book_table", args=dict(booking)),
            _event(1, " tool_call", tool="book_table", args=dict(booking)),
            _event(2, "tool_call", tool="book", args=dict(booking)),
            _event(3, "tool_call", tool="book_table_v2", args=dict(booking)),
            _event(4, "tool_call", tool="book_table", args={"request": dict(booking)}),
            _event(5, "tool_call", tool="book_table", args={**booking, "restaurant": "LINSE & LAUCH"}),
            _event(6, "tool_call", tool="book_table", args={**booking, "time": " Friday 19:00 "})]
    for event in near:
        expect(already_done([event], "book_table", dict(booking)), False,
               input=f"already_done([{{'type': {event['type']!r}, 'tool': {event['tool']!r}, 'args': "
                     f"{event['args']!r}}}], 'book_table', booking)",
               why="A near miss is not this call: the type is exactly 'tool_call', the tool exactly 'book_table', "
                   "and the arguments equal as a whole (not contained in, nor equal ignoring case or spaces)")
    expect(already_done(log, "book_table", {"request": dict(booking)}), False,
           why="Arguments that hold the logged ones inside them are other arguments: compare them as a whole")
    expect(already_done(log, "book_table", {**booking, "time": " Friday 19:00"}), False,
           why="' Friday 19:00' is not 'Friday 19:00': compare the arguments exactly, don't strip them")
    expect(already_done(log, " book_table", dict(booking)), False, why="' book_table' is not a tool name: compare "
                                                                         "names exactly, don't strip")
    mail = {"to": "priya@example.com", "body": {"subject": "Dinner", "lines": ["Friday", "19:00"]}}
    expect(already_done([_event(0, "tool_call", tool="send_email", args=mail)], "send_email", _shuffled(mail, rng)),
           True, why="Nested dicts in another key order are still the same arguments")
    tools = ["book_table", "send_email", "charge_card", "cancel_table"]
    for _ in range(30):
        events = [_event(0, "task", text="fresh task")] + [
            _event(seq, rng.choice(["tool_call", "tool_call", "tool_error"]), tool=rng.choice(tools), args={
                **{k: rng.choice([1, 2, 3, "Friday", "19:00"]) for k in rng.sample(["time", "people", "day", "to"], 3)},
                **({"details": {"note": rng.choice(["window", "quiet"]), "n": rng.randint(1, 3)}} if seq % 2 else {})})
            for seq in range(1, rng.randint(2, 7))]
        pick = rng.choice(events[1:])
        tool = rng.choice(tools) if rng.random() < 0.2 else pick["tool"]
        args = {**pick["args"], "people": rng.randint(4, 9)} if rng.random() < 0.3 else _shuffled(pick["args"], rng)
        want = any(e["type"] == "tool_call" and e.get("tool") == tool and canonical(e.get("args")) == canonical(args)
                   for e in events)
        expect(already_done(events, tool, args), want, why="(a fresh seeded log: match tool_call events with the "
                                                            "same tool and the same arguments, in any key order)")


def _check_route(route):
    for question, kind in DATA["route_cases"]:
        expect(route(question), kind, why=f"This question holds a cue of the kind {kind!r}" if kind != "semantic" else
               "No cue at all: a durable fact about the user, so 'semantic'")
    for question, kind, why in DATA["route_rules"]:
        expect(route(question), kind, why=why)
    rng = random.Random(f"{NOTEBOOK}.route")
    carriers = ["Remind me: {cue}, what about the dinner plans?", "{cue}: is that relevant for the hotel?",
                "Quick question ({cue}) about the Berlin trip."]
    for _ in range(20):
        kind = rng.choice(list(ROUTE_CUES))
        cue = rng.choice(ROUTE_CUES[kind])
        question = rng.choice(carriers).format(cue=cue.capitalize() if rng.random() < 0.5 else cue)
        expect(route(question), kind, why=f"{cue!r} is a {kind} cue in ROUTE_CUES")


def _check_top_k_case(cosine_top_k, matrix, query, k, why=""):
    given = matrix
    matrix, query = np.asarray(matrix, dtype=float), np.asarray(query, dtype=float)
    call = f"cosine_top_k(<{matrix.shape[0]}x{matrix.shape[1]} matrix>, query, k={k})"
    got = as_sequence(cosine_top_k(given, query.tolist() if isinstance(given, list) else query, k), call,
                      "a list of row indices, best first")
    require(all(isinstance(i, (int, np.integer)) and not isinstance(i, bool) for i in got),
            f"{call} returned {got!r:.100}; expected row indices (whole numbers), not similarities")
    m, q = matrix.astype(np.float64), query.astype(np.float64)
    norms = np.linalg.norm(m, axis=1) * np.linalg.norm(q)
    sims = np.divide(m @ q, norms, out=np.zeros(len(m)), where=norms > 0)
    want = sorted(range(len(m)), key=lambda i: (-round(float(sims[i]), 9), i))[:k]  # brute force, ties by index
    shown = ", ".join(f"row {i}: {sims[i]:.3f}" for i in want[:5])
    expect([int(i) for i in got], want, input=call, why=f"{why} (Cosine similarities: {shown}.)".strip())


def _check_cosine_top_k(cosine_top_k):
    for rows, query, k, why in DATA["top_k_cases"]:
        _check_top_k_case(cosine_top_k, np.array(rows, dtype=float), np.array(query, dtype=float), k, why)
    rng = np.random.default_rng(5)
    many = rng.normal(size=(3, 6))[rng.integers(0, 3, size=40)]  # 40 rows, three directions: exact ties
    _check_top_k_case(cosine_top_k, many, many[0].copy(), 40, "Beyond 16 rows np.argsort's default quicksort "
                      "does not keep equal values in index order: ask for kind='stable'.")
    for _ in range(25):
        n, d = int(rng.integers(1, 60)), int(rng.integers(2, 40))
        matrix = rng.normal(size=(n, d)) * rng.uniform(0.1, 20, size=(n, 1))
        _check_top_k_case(cosine_top_k, matrix, rng.normal(size=d) * float(rng.uniform(0.1, 5)),
                          int(rng.integers(1, n + 3)), "(a fresh seeded matrix, checked against a brute-force loop)")
    _check_top_k_case(cosine_top_k, [[1.0, 0.0], [0.6, 0.8], [1.0, 0.0], [0.0, 1.0]], [1.0, 1.0], 4,
                      "Plain lists work too (a matrix given as a list of rows): np.asarray them first")
    _check_top_k_case(cosine_top_k, np.ones((3, 4), dtype=np.float32), np.ones(4, dtype=np.float32), 2,
                      "float32 input works too; three identical rows tie, so lower index first.")
    empty_why = ("No memories stored yet (no rows): nothing to rank, return [] rather than fail; np.asarray([]) is "
                 "1-D, so norm(..., axis=1) raises on it: check for no rows first")
    for empty in ([], np.empty((0, 3))):
        try:
            ranked = cosine_top_k(empty, np.ones(3), 2)
        except LearnerError as error:
            fail(f"{error.call} raised {type(error.error).__name__}: {error.error}. {empty_why}")
        expect(ranked, [], why=empty_why)


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
        "Loop over the events; only those with type == 'tool_call' and exactly the same 'tool' can count.",
        "Compare the arguments as values, not as text in insertion order: dicts with the same keys and values "
        "are equal whatever their order, and json.dumps(..., sort_keys=True) is one canonical string for nested dicts.",
        "Use e.get('args') rather than e['args']: a 'task' or 'outcome' event has no arguments.",
    ],
)

route = Exercise(
    "route", lesson=NOTEBOOK, check_fn=_check_route,
    hints=[
        "Lower-case the question and turn everything that is not a letter or digit into a space: "
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
        "Cosine similarity is the dot product divided by both lengths: (matrix @ query) / (norm of each row × "
        "norm of query). np.linalg.norm(matrix, axis=1) gives the row lengths. Don't divide `matrix` in place.",
        "A zero-length row would divide by zero: give it similarity 0 (np.divide(..., where=norms > 0, "
        "out=np.zeros(...)) does this).",
        "np.argsort(-sims, kind='stable') sorts best first and keeps equal similarities in index order; "
        "return the first k as a list of ints.",
    ],
)

EXERCISES = [profile_block, already_done, route, cosine_top_k]

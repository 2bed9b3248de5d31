"""Lesson 10 exercises: `before_hook` (facts as prompt lines), `idempotency_key` and `done_before` (the ledger).

`before_hook` is the last step of `course_lib.agent.recall_block.recall_hook` on plain rows (a search result of
several users: keep this user's, best first, dated); `idempotency_key`
is `course_lib.agent.ledger.idempotency_key`, compared by behaviour (equal keys for the same call), not by its text;
`done_before` is `Ledger.lookup` on plain events from several sessions and users.
"""
from __future__ import annotations

import random

from course_lib.course.exercises import Exercise, expect, require

NOTEBOOK = "10_memory_agent"

ROWS = [  # what an unfiltered search returned for "suggest a dinner place": rows of two users, best score first
    {"user_id": "priya", "text": "The user is vegetarian.", "score": 2.41, "learned": "2026-03-02"},
    {"user_id": "omar", "text": "The user eats meat and loves steak.", "score": 2.30, "learned": "2026-02-11"},
    {"user_id": "priya", "text": "The user's dinner budget is at most 40 EUR per person.", "score": 2.12,
     "learned": "2026-03-01"},
    {"user_id": "omar", "text": "The user's budget for dinner is 90 EUR.", "score": 1.90, "learned": "2026-02-11"},
    {"user_id": "priya", "text": "The user lives in Berlin.", "score": 1.37, "learned": "2025-12-24"},
    {"user_id": "priya", "text": "The user plays the cello.", "score": 0.64, "learned": "2026-01-05"},
]
USERS = ("priya", "omar", "anna")


def _line(row):
    return f"{row['text']} (learned {row['learned']})"


def _reference_hook(rows, user_id, k=3):
    mine = sorted((r for r in rows if r["user_id"] == user_id), key=lambda r: (-r["score"], r["text"]))
    return [_line(r) for r in mine[:k]]


def _check_before_hook(before_hook):
    expect(before_hook(ROWS, "priya"), [_line(ROWS[0]), _line(ROWS[2]), _line(ROWS[4])],
           why="Priya's 3 best rows, best first, each as 'text (learned date)'; Omar's rows never")
    expect(before_hook(ROWS, "omar", k=1), [_line(ROWS[1])], why="Use k: Omar's single best row")
    expect(before_hook(ROWS, "priya", k=10), _reference_hook(ROWS, "priya", 10),
           why="k larger than what the user has: all of their rows")
    expect(before_hook(ROWS, "anna"), [], why="A user with no rows gets an empty list: nothing to inject")
    expect(before_hook(list(reversed(ROWS)), "priya", k=2), [_line(ROWS[0]), _line(ROWS[2])],
           why="Sort by score yourself (highest first); the rows need not arrive in order")
    near = [{"user_id": "anna", "text": "Anna is allergic to nuts.", "score": 2.0, "learned": "2026-03-01"},
            {"user_id": "Ann", "text": "Ann (another account) likes jazz.", "score": 1.5, "learned": "2026-03-01"},
            {"user_id": "ann ", "text": "A typo'd id's row.", "score": 1.2, "learned": "2026-03-01"},
            {"user_id": "ann", "text": "Ann is vegetarian.", "score": 0.5, "learned": "2026-03-02"}]
    expect(before_hook(near, "ann"), [_line(near[3])],
           why="Only rows whose user_id is exactly 'ann': 'anna' contains 'ann' but is another user (a substring "
               "test leaks Anna's allergy to Ann), 'Ann' and 'ann ' are other ids too: compare with ==")
    expect(before_hook(near, "anna"), [_line(near[0])],
           why="'ann' is inside 'anna' but is another user: only rows whose user_id is exactly 'anna'")
    expect(before_hook(ROWS, "Priya"), [], why="'Priya' is not the id 'priya': ids are exact, don't lower-case them")
    expect(before_hook(ROWS, " priya"), [], why="' priya' is not the id 'priya': ids are exact, don't strip them")
    doubled = [ROWS[0], dict(ROWS[0]), ROWS[2]]
    expect(before_hook(doubled, "priya"), [_line(ROWS[0]), _line(ROWS[0]), _line(ROWS[2])],
           why="Two equal rows are two rows: format the k best rows as they are (removing duplicates is the "
               "store's job, not the hook's)")
    close_scores = [{"user_id": "priya", "text": t, "score": sc, "learned": "2026-03-02"}
                    for t, sc in (("A older note.", 0.8121), ("B newer note.", 0.8149))]
    expect(before_hook(close_scores, "priya"), [_line(close_scores[1]), _line(close_scores[0])],
           why="0.8149 beats 0.8121: sort by the full score (rounding first makes them tie and sorts by text)")
    tied = [{"user_id": "priya", "text": t, "score": 1.0, "learned": "2026-03-02"} for t in ("B fact.", "A fact.")]
    expect(before_hook(tied, "priya"), [_line(tied[1]), _line(tied[0])],
           why="Equal scores are ordered by text, so the prompt is the same every time")
    rng = random.Random(f"{NOTEBOOK}.before_hook")
    for _ in range(20):
        rows = [{"user_id": rng.choice(USERS), "text": f"The user likes thing {i}.",
                 "score": round(rng.uniform(-0.5, 3), rng.choice([1, 2])),
                 "learned": f"2026-0{rng.randint(1, 3)}-1{i % 10}"}
                for i in range(rng.randint(0, 9))]
        user, k = rng.choice(USERS), rng.randint(1, 5)
        got = before_hook(rows, user, k=k)
        others = {_line(r) for r in rows if r["user_id"] != user} - {_line(r) for r in rows if r["user_id"] == user}
        leaked = sorted(others & set(got))
        require(not leaked, f"before_hook(rows, {user!r}) returned another user's memory {leaked[:1]}; keep only "
                            f"rows whose user_id is {user!r}")
        expect(got, _reference_hook(rows, user, k), why=f"(fresh rows) {user}'s {k} best, best first")


def _shuffled(args, rng):
    items = list(args.items())
    rng.shuffle(items)
    return {k: (_shuffled(v, rng) if isinstance(v, dict) else v) for k, v in items}


def _check_idempotency_key(idempotency_key):
    booking = {"restaurant": "Linse & Lauch", "time": "Friday 19:00", "people": 2}
    key = idempotency_key("book_table", booking)
    require(isinstance(key, str), f"idempotency_key returned {type(key).__name__}; return a str (it goes in a log)")
    expect(idempotency_key("book_table", {"people": 2, "time": "Friday 19:00", "restaurant": "Linse & Lauch"}), key,
           why="The same booking with its arguments in another order is the same call")
    expect(idempotency_key("book_table", dict(booking)), key, why="Calling twice gives the same key")
    differ = [("book_table", {**booking, "people": 3}, "another party size"),
              ("book_table", {**booking, "people": "2"}, "people as the text '2' rather than the number 2"),
              ("cancel_table", booking, "another tool with the same arguments"),
              ("book_table", {k: v for k, v in booking.items() if k != "people"}, "an argument left out"),
              ("book_table", {**booking, "note": None}, "an extra argument"),
              ("book_table", {**booking, "restaurant": "LINSE & LAUCH"}, "another spelling of a value (case counts: "
                                                                      "don't lower-case the key)"),
              ("Book_Table", booking, "another tool name (case counts)"),
              (" book_table", booking, "a tool name with a leading space (don't strip the tool name)"),
              ("book_table", {**booking, "time": " Friday 19:00"}, "a value with a leading space (don't strip "
                                                                   "values: the key must name the call as made)")]
    for tool, args, what in differ:
        require(idempotency_key(tool, args) != key,
                f"idempotency_key gives the same key for {what} ({tool}, {args}); a different call needs a "
                "different key")
    mail = {"to": "anna@example.org", "body": {"subject": "Friday", "lines": ["Table at 19:00", "See you"]}}
    rng = random.Random(f"{NOTEBOOK}.idempotency_key")
    for _ in range(5):
        expect(idempotency_key("send_email", _shuffled(mail, rng)), idempotency_key("send_email", mail),
               why="Nested arguments (a dict inside the arguments) in another order are still the same call")
    require(idempotency_key("send_email", {**mail, "body": {**mail["body"], "lines": ["See you", "Table at 19:00"]}})
            != idempotency_key("send_email", mail), "The order inside a list matters (two lines swapped are a "
                                                    "different email); sort the keys of dicts only")


BOOKING = {"restaurant": "Linse & Lauch", "time": "Friday 19:00", "people": 2}
RESULT = {"confirmation": "BK-36DEC3", "restaurant": "Linse & Lauch", "people": 2}


def _event(session, user, kind, tool, args, result=None):
    return {"session": session, "user_id": user, "type": kind, "tool": tool, "args": dict(args), "result": result}


def _reference_done(events, user_id, tool, args):
    return next((e["result"] for e in events if e["user_id"] == user_id and e["type"] == "tool_call"
                 and e["tool"] == tool and e["args"] == args), None)


def _check_done_before(done_before):
    log = [_event("mon", "priya", "tool_call", "search_restaurants", {"city": "Berlin"}, []),
           _event("thu", "priya", "tool_call", "book_table", BOOKING, RESULT)]
    expect(done_before(log, "priya", "book_table", dict(BOOKING)), RESULT,
           why="Thursday's booking is in the log: return its result, so the agent can show it instead of booking")
    reordered = {"people": 2, "time": "Friday 19:00", "restaurant": "Linse & Lauch"}
    expect(done_before(log, "priya", "book_table", reordered), RESULT, why="The same arguments in another key order are the same call")
    expect(done_before(log, "priya", "book_table", {**BOOKING, "people": 3}), None,
           why="A table for 3 is another booking: nothing was done yet, return None")
    expect(done_before(log, "omar", "book_table", dict(BOOKING)), None,
           why="Omar never booked; Priya's booking is hers alone. Match the user_id too")
    expect(done_before([], "priya", "book_table", dict(BOOKING)), None, why="An empty log has done nothing")
    failed = [_event("thu", "priya", "tool_error", "book_table", BOOKING, "error: kitchen closed")]
    expect(done_before(failed, "priya", "book_table", dict(BOOKING)), None,
           why="A call that failed (type 'tool_error') did not book anything; only 'tool_call' events count")
    near = [_event("a", "priya2", "tool_call", "book_table", BOOKING, "not priya's"),
            _event("b", "pri", "tool_call", "book_table", BOOKING, "not priya's"),
            _event("c", "Priya", "tool_call", "book_table", BOOKING, "not priya's"),
            _event("d", "priya ", "tool_call", "book_table", BOOKING, "not priya's"),
            _event("e", "priya", "tool", "book_table", BOOKING, "not a tool_call"),
            _event("f", "priya", "tool_call_error", "book_table", BOOKING, "not a tool_call"),
            _event("g", "priya", "Tool_Call", "book_table", BOOKING, "not a tool_call"),
            _event("h", "priya", " tool_call", "book_table", BOOKING, "not a tool_call"),
            _event("i", "priya", "tool_call", "book", BOOKING, "another tool"),
            _event("j", "priya", "tool_call", "book_table_v2", BOOKING, "another tool"),
            _event("k", "priya", "tool_call", "Book_Table", BOOKING, "another tool"),
            _event("l", "priya", "tool_call", " book_table", BOOKING, "another tool"),
            _event("m", "priya", "tool_call", "book_table", {**BOOKING, "restaurant": "LINSE & LAUCH"}, "other args"),
            _event("n", "priya", "tool_call", "book_table", {**BOOKING, "time": " Friday 19:00"}, "other args")]
    for event in near:
        expect(done_before([event], "priya", "book_table", dict(BOOKING)), None,
               input=f"done_before([<{event['type']!r} event of {event['user_id']!r}, tool {event['tool']!r}>], "
                     f"'priya', 'book_table', booking)",
               why="A near miss is not this call: user_id, type ('tool_call'), tool and args must each be equal "
                   "(==), not contained in one another, nor equal ignoring case or spaces")
    for user, tool in (("Priya", "book_table"), (" priya", "book_table"), ("priya", "Book_Table"),
                       ("priya", "book_table ")):
        expect(done_before(log, user, tool, dict(BOOKING)), None,
               why=f"{user!r} / {tool!r} is not 'priya' / 'book_table': compare exactly, don't normalise")
    expect(done_before(log, "priya", "book_table", {**BOOKING, "time": " Friday 19:00"}), None,
           why="' Friday 19:00' is another argument value than 'Friday 19:00': compare the arguments exactly")
    padded = [_event("thu", "priya", "tool_call", "book_table", BOOKING, "  BK-36DEC3\n")]
    expect(done_before(padded, "priya", "book_table", dict(BOOKING)), "  BK-36DEC3\n",
           why="Return the stored result exactly as it is")
    twice = log + [_event("fri", "priya", "tool_call", "book_table", BOOKING, {**RESULT, "confirmation": "BK-LATER"})]
    expect(done_before(twice, "priya", "book_table", dict(BOOKING)), RESULT,
           why="Two matching events: return the earliest (the log is oldest first)")
    rng = random.Random(f"{NOTEBOOK}.done_before")
    for n in range(15):
        pool = [(tool, {**BOOKING, "people": p}) for tool in ("book_table", "cancel_table") for p in (2, 3)]
        events = [_event(f"s{i}", rng.choice(USERS), rng.choice(["tool_call", "tool_call", "tool_error"]),
                         *rng.choice(pool), {"n": i}) for i in range(rng.randint(0, 8))]
        user, (tool, args) = rng.choice(USERS), rng.choice(pool)
        expect(done_before(events, user, tool, args), _reference_done(events, user, tool, args),
               why=f"(a fresh log) the result of {user}'s earliest successful {tool} with these arguments, or None")


before_hook = Exercise(
    "before_hook", lesson=NOTEBOOK, check_fn=_check_before_hook,
    hints=[
        "First keep only the rows of this user: `r['user_id'] == user_id`. Everything else is someone else's memory.",
        "Sort those rows by score, highest first, and by text for equal scores: `key=lambda r: (-r['score'], "
        "r['text'])`. Then take the first k.",
        "`return [f\"{r['text']} (learned {r['learned']})\" for r in sorted((r for r in rows if r['user_id'] == "
        "user_id), key=lambda r: (-r['score'], r['text']))[:k]]`",
    ],
)

idempotency_key = Exercise(
    "idempotency_key", lesson=NOTEBOOK, check_fn=_check_idempotency_key,
    hints=[
        "Two calls are the same if the tool and every argument are the same, whatever order the arguments came in.",
        "`json.dumps(args, sort_keys=True)` writes a dict (and the dicts inside it) with its keys sorted, and keeps "
        "2 and '2' apart. The tool name must be part of the key too.",
        "`return tool + ':' + json.dumps(args, sort_keys=True)`",
    ],
)

done_before = Exercise(
    "done_before", lesson=NOTEBOOK, check_fn=_check_done_before,
    hints=[
        "Walk the events oldest first. An event counts only if it is this user's, a successful call "
        "(`type == 'tool_call'`), of this tool, with these arguments.",
        "Two dicts compare equal with `==` whatever their key order. Return the first match's `result`; if the loop "
        "ends without a match, return None.",
        "`return next((e['result'] for e in events if e['user_id'] == user_id and e['type'] == 'tool_call' and "
        "e['tool'] == tool and e['args'] == args), None)`",
    ],
)

EXERCISES = [before_hook, idempotency_key, done_before]

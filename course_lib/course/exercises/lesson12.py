"""Lesson 12 exercises: `reached` and `precision`, the two judgements the benchmark harness makes per question, and
`LatestUserMessages`, a strategy of the learner's own that the harness then measures.

`reached` is what course_lib.evaluation.harness.measure computes for evidence recall (and, with the superseded
values' patterns, for staleness); `precision` is its share of injected items that carry a needed value, per question.
"""
from __future__ import annotations

import random
import re

from course_lib.course.exercises import Exercise, expect, require
from course_lib.evaluation.generate import generate, pattern

NOTEBOOK = "12_capstone"
VALUES = ["vegan", "Tampere", "45", "Ottilie", "LH4837", "gluten-free", "kiwi", "archivist"]
FILLER = ["The user likes jazz.", "Booked a table at 19:00.", "average main 12.45", "145 reviewers",
          "my flatmate is vegans-only", "Tampere-based friend", "A sunny day.", "price 45.50"]


def _check_reached(reached):
    vegan, city, budget = pattern("vegan"), pattern("Tampere"), pattern("45")
    expect(reached("Known facts:\n- The user is vegan.", [vegan]), True, why="'vegan' is in the prompt")
    expect(reached("The user is Vegan now.", [vegan]), True,
           why="The patterns ignore case for words (they start with (?i)): use re.search, not `in`")
    expect(reached("The user is vegan. They live in Graz.", [vegan, city]), False,
           why="Every needed value must be there: Tampere is missing, so the evidence did not reach the prompt")
    expect(reached("vegan, in Tampere, about €45 a head", [vegan, city, budget]), True,
           why="All three values are in the prompt")
    expect(reached("Known facts:\n- Lives in Tampere.", [r"Tampere"]), True,
           why="A pattern without (?i) is case-sensitive: search the prompt as it is, don't lower-case it")
    expect(reached("\nUser: hi", [r"^\nUser:"]), True, why="Search the prompt exactly as given (don't strip it)")
    expect(reached("average main 12.45", [budget]), False,
           why="45 inside 12.45 is not a budget of 45: match the pattern as a regex, not the bare value")
    expect(reached("anything at all", []), True,
           why="A question that needs nothing (an irrelevant one) has nothing missing: all([]) is True")
    rng = random.Random(f"{NOTEBOOK}.reached")
    for _ in range(30):
        needed = rng.sample(VALUES, rng.randint(1, 3))
        shown = [v for v in needed if rng.random() < 0.7] + rng.sample(FILLER, 2)
        rng.shuffle(shown)
        text = "\n".join(f"- {x}" for x in shown)
        expect(reached(text, [pattern(v) for v in needed]), all(v in shown for v in needed),
               input=f"reached({text!r}, {needed})", why="True only when every needed value appears")


def _check_precision(precision):
    vegan, city = pattern("vegan"), pattern("Tampere")
    expect(precision(["The user is vegan.", "The user likes jazz."], [vegan]), 0.5,
           why="One of the two injected items carries the needed value")
    expect(precision(["vegan", "lives in Tampere", "jazz", "jazz again"], [vegan, city]), 0.5,
           why="An item counts as needed when it carries ANY needed value: 2 of 4")
    expect(precision(["vegan and in Tampere", "jazz"], [vegan, city]), 0.5,
           why="Count items, not matches: the first item carries two values but is one item (1 of 2)")
    expect(precision([], [vegan]), None,
           why="Nothing was injected, so there is no share to compute: return None (not 0, and no division by 0)")
    expect(precision(["jazz", "jazz"], []), 0.0, why="Nothing is needed (an irrelevant question): 0 of 2 items")
    expect(precision(["The user is vegan.", "The user is vegan.", "jazz"], [vegan]), 2 / 3,
           why="Every injected item counts, repeated ones too: 2 of 3 (a repeated line also costs prompt tokens)")
    expect(precision(["my flatmate is vegans-only"], [vegan]), 0.0,
           why="'vegans-only' is not the value 'vegan': use the pattern, not a substring test")
    rng = random.Random(f"{NOTEBOOK}.precision")
    for _ in range(30):
        needed = rng.sample(VALUES, 2)
        items = rng.sample(FILLER, rng.randint(0, 4)) + [f"the user said {v}" for v in needed if rng.random() < 0.6]
        rng.shuffle(items)
        want = None if not items else sum(any(re.search(pattern(v), i) for v in needed) for i in items) / len(items)
        expect(precision(items, [pattern(v) for v in needed]), want, input=f"precision({items!r}, {needed})",
               why="The share of injected items that carry at least one needed value")


def _said(bench, user):
    return [m["content"] for s in bench.sessions if s.user == user for m in s.messages if m["role"] == "user"]


def _echo_session(template):
    """A session of `template`'s user who wrote the same line three times."""
    import dataclasses
    said = [{"role": "user", "content": "Same again."}, {"role": "assistant", "content": "Noted."}] * 3
    return dataclasses.replace(template, messages=said)


def _check_latest(make):
    bench = generate("tiny", seed=3)
    first, second = make(3), make(3)
    require(not any(isinstance(v, (dict, list, set)) for k, v in vars(type(first)).items() if not k.startswith("__")),
            "LatestUserMessages keeps its messages in a class attribute: every instance would share one store")
    first.observe(bench.sessions[0])
    expect(list(second.context(bench.sessions[0].user, "?", bench.asked_at).memories), [],
           input="a second LatestUserMessages(3), after only the first observed a session",
           why="Two strategies are two memories: keep state on the instance (self.said = {} in __init__), not in a "
               "class attribute shared by every instance")
    strategy = make(3)
    require(isinstance(getattr(strategy, "name", None), str) and strategy.name.strip(),
            "Give your strategy a `name` (a non-empty string): the harness uses it as the row label")
    for session in bench.sessions:
        strategy.observe(session)
    for user in bench.users():
        said = _said(bench, user)
        ctx = strategy.context(user, "Where do I live?", bench.asked_at)
        require(hasattr(ctx, "memories") and hasattr(ctx, "history"),
                f"context() should return a Context(memories=[...], history=[...]), got {ctx!r}")
        expect(list(ctx.memories), said[-3:], input=f"LatestUserMessages(3), context({user!r}, ...)",
               why=f"The last 3 messages {user} wrote (role 'user', not the assistant's replies or tool output), "
                   "oldest first, across all of that user's sessions and no one else's")
        expect(list(ctx.history), [], why="This strategy injects memory lines only, no carried-over messages")
        again = strategy.context(user, "Something else entirely?", bench.asked_at)
        expect(list(again.memories), said[-3:], why="Asking does not change what is remembered: same lines again")
    expect(list(strategy.context("nobody", "Hi?", bench.asked_at).memories), [],
           why="A user the strategy never saw gets nothing (and no error)")
    none = make(0)
    for session in bench.sessions[:2]:
        none.observe(session)
    expect(list(none.context(bench.sessions[0].user, "Hi?", bench.asked_at).memories), [],
           why="n = 0 keeps nothing. Careful: said[-0:] is the WHOLE list in Python, because -0 == 0")
    user = bench.users()[0]
    every = make(len(_said(bench, user)))
    for session in bench.sessions:
        every.observe(session)
    expect(list(every.context(user, "?", bench.asked_at).memories), _said(bench, user),
           input=f"LatestUserMessages({len(_said(bench, user))})",
           why=f"All {len(_said(bench, user))} messages {user} wrote, across all of that user's sessions (keep "
               f"adding to the user's list: each session must not replace the earlier ones)")
    n = len(_said(bench, user)) + 3
    many = make(n)
    for session in bench.sessions:
        many.observe(session)
    expect(list(many.context(user, "?", bench.asked_at).memories), _said(bench, user),
           input=f"LatestUserMessages({n})", why=f"n larger than the number of messages: all of them, oldest first "
                                                f"(lines[len(lines) - n:] is lines[-3:] here: a negative start counts "
                                                f"from the end)")
    mine = make(1000)  # more than the user wrote: all of the lines, the very case where it is tempting to hand them over
    for session in bench.sessions:
        mine.observe(session)
    got = mine.context(user, "?", bench.asked_at).memories
    if isinstance(got, list):
        got.append("a line the harness added")
        got.clear()
    expect(list(mine.context(user, "?", bench.asked_at).memories), _said(bench, user),
           input="context() after the caller changed the list it returned",
           why="Return a new list, not your internal one: a caller that edits the memories must not edit what "
               "you remember")
    shouted = make(3)
    for session in bench.sessions:
        shouted.observe(session)
    expect(list(shouted.context(user.upper(), "?", bench.asked_at).memories), [] if user.upper() != user else
           _said(bench, user)[-3:], why="User ids are exact: another spelling is another user")
    expect(list(shouted.context(" " + user, "?", bench.asked_at).memories), [],
           why="' ' + user is another id: don't strip the user you are asked about")
    echo = _echo_session(bench.sessions[0])
    repeated = make(3)
    repeated.observe(echo)
    expect(list(repeated.context(echo.user, "?", bench.asked_at).memories), ["Same again.", "Same again.",
                                                                             "Same again."],
           why="A message the user wrote three times is three messages: keep them all")
    rng = random.Random(f"{NOTEBOOK}.latest")
    for _ in range(3):
        n = rng.randint(1, 12)
        other = make(n)
        for session in bench.sessions:
            other.observe(session)
        user = rng.choice(bench.users())
        expect(list(other.context(user, "?", bench.asked_at).memories), _said(bench, user)[-n:],
               input=f"LatestUserMessages({n})", why=f"The last {n} messages of {user}, oldest first")


reached = Exercise(
    "reached", lesson=NOTEBOOK, check_fn=_check_reached,
    hints=[
        "Each pattern is a regular expression for one needed value. The evidence reached the prompt only if every "
        "one of them finds a match in `prompt`.",
        "`re.search(p, prompt)` finds a pattern anywhere in the text (the patterns carry their own case rule); "
        "`all(...)` over the patterns says whether every one matched, and is True for an empty list.",
        "`import re`; `return all(re.search(p, prompt) for p in patterns)`",
    ],
)

precision = Exercise(
    "precision", lesson=NOTEBOOK, check_fn=_check_precision,
    hints=[
        "Go through the injected items one by one: an item is needed when at least one of the patterns matches it. "
        "Precision is needed items / all items.",
        "With no items there is nothing to divide: return None. Use `any(re.search(p, item) for p in patterns)` for "
        "one item, and count the items for which it is True.",
        "`import re`; `if not items: return None`; `return sum(any(re.search(p, i) for p in patterns) for i in "
        "items) / len(items)`",
    ],
)

LatestUserMessages = Exercise(
    "LatestUserMessages", lesson=NOTEBOOK, check_fn=_check_latest,
    hints=[
        "Keep a dict from user id to the list of that user's own messages. In observe(), append the `content` of "
        "every message in `session.messages` whose role is 'user', to the list of `session.user`.",
        "In context(), take the last n items of that user's list (an unknown user has an empty list) and return "
        "`Context(memories=those, history=[])`. With n = 0, `lst[-0:]` is the whole list: handle it.",
        "`__init__`: `self.n, self.said, self.name = n, {}, f'latest {n} user messages'`; `observe`: `self.said.setdefault(session.user, []).extend(m['content'] "
        "for m in session.messages if m['role'] == 'user')`; `context`: `lines = self.said.get(user, []); "
        "return Context(memories=lines[-self.n:] if self.n else [], history=[])` — not `lines[len(lines) - self.n:]`, "
        "which goes wrong when n is larger than the number of messages (a negative start counts from the end).",
    ],
)

EXERCISES = [reached, precision, LatestUserMessages]

"""Lesson 04 exercises: the token trigger, the split that decides what to fold, and a robust fact check.

    from course_lib.course.exercises import lesson04 as ex
    ex.needs_summary.check(); ex.split_for_fold.check(); ex.facts_kept.check()

The checks call your functions on conversations you have not seen (seeded, so every run is the same)
and test what must hold for any correct answer: the trigger counts tokens, the split keeps the newest
messages and pops as few as possible, the fact check ignores case and spacing but not word boundaries.
"""
from __future__ import annotations

import random
import re

from course_lib.course.exercises import Exercise, as_sequence, expect, require
from course_lib.course.exercises.checking import LearnerError, fail
from course_lib.model.tokens import count_tokens

NOTEBOOK = "04_summary_buffer"

_WORDS = ("trip flight hotel dinner museum ticket budget train coffee meeting Berlin Friday Saturday "
          "booking window seat courtyard market pretzel reminder present sister colleague evening "
          "the a and of to in for with on at is was will be very quite").split()


def _message(role: str, text: str) -> dict:
    return {"role": role, "content": text}


def _conversation(rng: random.Random, n: int, longest: int = 120) -> list[dict]:
    """n alternating user/assistant messages of very different sizes (seeded)."""
    out = []
    for i in range(n):
        length = rng.choice([rng.randint(1, 8), rng.randint(10, 40), rng.randint(40, longest)])
        words = [rng.choice(_WORDS) for _ in range(length)]
        if rng.random() < 0.4:
            words.append(str(rng.randint(1, 999)))
        out.append(_message("user" if i % 2 == 0 else "assistant", " ".join(words).capitalize() + "."))
    return out


def _describe(messages: list[dict], limit: int) -> str:
    sizes = [count_tokens([m]) for m in messages]
    return f"({len(messages)} messages of {sizes} tokens, limit={limit}; count_tokens of all = {count_tokens(messages)})"


# ----------------------------------------------------------------------------------- needs_summary

def _check_needs_summary(needs_summary):
    expect(needs_summary([], 0), False, why="An empty conversation has 0 tokens, and 0 is not over a limit of 0: "
                                            "summarise only when the tokens are *over* the limit")
    big = [_message("assistant", " ".join(["Berlin has many vegetarian restaurants and cafes."] * 30))]
    small = [_message("user" if i % 2 == 0 else "assistant", "ok") for i in range(12)]
    expect(needs_summary(big, 100), True,
           input=f"needs_summary(1 message of {count_tokens(big)} tokens, limit=100)",
           why="One long message can be over the limit on its own: count tokens, not messages")
    expect(needs_summary(small, 100), False,
           input=f"needs_summary(12 messages 'ok', {count_tokens(small)} tokens in all, limit=100)",
           why="Twelve tiny messages are far under 100 tokens: count tokens, not messages")
    tiny = [_message("user", "ok") for _ in range(10)]
    expect(needs_summary(tiny, 30), True,
           input="needs_summary(10 messages 'ok', limit=30)",
           why=f"The texts are only 10 tokens, but the model is sent {count_tokens(tiny)}: every message adds "
               f"framing tokens. Use count_tokens(messages), which includes them")
    two = [_message("user", "I'm Priya, and my dinner budget is 40 EUR per person."),
           _message("assistant", "Noted, Priya: 40 EUR per person for dinners.")]
    total = count_tokens(two)
    expect(needs_summary(two, total - 1), True,
           input=f"needs_summary(two messages of {total} tokens, limit={total - 1})",
           why="The messages are one token over the limit")
    expect(needs_summary(two, total), False,
           input=f"needs_summary(two messages of {total} tokens, limit={total})",
           why="Exactly at the limit still fits: summarise only when the tokens are *over* the limit")
    rng = random.Random(f"{NOTEBOOK}.needs_summary")
    for _ in range(30):
        messages = _conversation(rng, rng.randint(1, 12))
        total = count_tokens(messages)
        limit = max(0, total + rng.randint(-6, 6))
        expect(needs_summary(messages, limit), total > limit, input=f"needs_summary{_describe(messages, limit)}",
               why=f"count_tokens(messages) = {total}, limit = {limit}")


# ---------------------------------------------------------------------------------- split_for_fold

def _check_split(split_for_fold, messages: list[dict], limit: int) -> tuple[list, list]:
    where = f"split_for_fold{_describe(messages, limit)}"
    result = as_sequence(split_for_fold(messages, limit), where, "a pair (old, recent)")
    require(len(result) == 2, f"{where} returned {len(result)} items; return a pair (old, recent)")
    old, recent = (as_sequence(part, where, "two lists of messages") for part in result)
    swapped = (recent + old == messages and old and count_tokens(old) <= limit  # read as (recent, old) it works
               and (old + recent != messages or not recent))
    require(not swapped, f"{where} returned {len(old)} messages first and {len(recent)} second: if that is (recent, "
                         f"old), the pair is the wrong way round. Return (old, recent): the oldest messages, to fold, "
                         f"first; the newest, which fit in the limit and stay, second")
    require(old + recent == messages,
            f"{where}: old + recent must be the original messages in order, with nothing lost or repeated "
            f"(got {len(old)} old and {len(recent)} recent); the oldest messages go to `old`, the newest stay")
    require(count_tokens(recent) <= limit,
            f"{where}: the recent messages are {count_tokens(recent)} tokens, over the limit of {limit}. "
            f"Measure them with count_tokens(recent), which includes each message's framing tokens")
    if old:
        one_more = count_tokens(old[-1:] + recent)
        require(one_more > limit,
                f"{where} popped {len(old)} messages, but {len(old) - 1} would do: with the last of them "
                f"kept the recent messages are {one_more} tokens, still within the limit. Pop only while "
                f"the rest is *over* the limit")
    return old, recent


def _check_split_for_fold(split_for_fold):
    _check_split(split_for_fold, [], 50)
    rng = random.Random(f"{NOTEBOOK}.split_for_fold")
    conversation = _conversation(rng, 8)
    old, recent = _check_split(split_for_fold, conversation, count_tokens(conversation) + 10)
    require(old == [], "When everything fits, nothing should be popped")
    old, _ = _check_split(split_for_fold, conversation, count_tokens(conversation[-1:]) - 1)
    require(len(old) == len(conversation), "When even the newest message alone is over the limit, every "
                                           "message is folded and `recent` is empty")
    negative = ("A limit below 0 (the summary and the system prompt alone are over the budget): no message fits, "
                "so all are folded. Stop once `recent` is empty; an empty list (0 tokens) is still over a negative "
                "limit, so a loop that tests only the limit pops from nothing or never ends")
    try:
        folded = split_for_fold(conversation, -20)
    except LearnerError as error:
        fail(f"{error.call} raised {type(error.error).__name__}: {error.error}. {negative}")
    expect(folded, (conversation, []), why=negative)
    echo = [_message("user", "Same question again."), _message("assistant", "Same answer."),
            _message("user", "Same question again."), _message("assistant", "Same answer.")]
    _check_split(split_for_fold, echo, count_tokens(echo[2:]))  # repeated messages are messages too
    for _ in range(30):
        messages = _conversation(rng, rng.randint(2, 14))
        if rng.random() < 0.5:  # a limit that the newest k messages meet exactly
            limit = count_tokens(messages[rng.randint(1, len(messages) - 1):])
        else:
            limit = rng.randint(20, max(21, count_tokens(messages)))
        _check_split(split_for_fold, messages, limit)


# -------------------------------------------------------------------------------------- facts_kept

_FILLER = ("We talked about the weather for a while.", "The assistant suggested a warm jacket.",
           "Some museums sell timed tickets.", "Nothing else was decided.", "She likes coffee in the morning.")
_DISTRACTORS = {"Priya": "Priyanka called too.", "12 EUR": "The tour costs 112 EUR.",
                "2 people": "The room fits 12 people.", "Lena": "Lenart sends his regards."}


def _check_facts_kept(facts_kept):
    facts = ["Priya", "AF 1734", "14:35", "Hotel Amsel"]
    summary = "User: I'm Priya. My flight AF 1734 lands at 14:35 on Friday."
    expect(facts_kept(summary, facts), ["Priya", "AF 1734", "14:35"],
           input=f"facts_kept({summary!r}, {facts})", why="The hotel is not mentioned; the other three are")
    expect(facts_kept("", facts), [], input=f"facts_kept('', {facts})", why="An empty summary keeps no facts")
    expect(facts_kept(summary, ["14:35", "Priya"]), ["14:35", "Priya"],
           input=f"facts_kept({summary!r}, ['14:35', 'Priya'])", why="Return the facts in the order they are given")
    shouted = "USER IS VEGETARIAN. Dinner at linse & lauch."
    expect(facts_kept(shouted, ["vegetarian", "Linse & Lauch"]), ["vegetarian", "Linse & Lauch"],
           input=f"facts_kept({shouted!r}, ['vegetarian', 'Linse & Lauch'])", why="Matching ignores case")
    wrapped = "Return flight AF\n1535 leaves at 18:20; dinner at Linse  &  Lauch."
    expect(facts_kept(wrapped, ["AF 1535", "Linse & Lauch", "18:20"]), ["AF 1535", "Linse & Lauch", "18:20"],
           input=f"facts_kept({wrapped!r}, ['AF 1535', 'Linse & Lauch', '18:20'])",
           why="A line break or several spaces inside a fact still count as the fact: treat any run of "
               "whitespace as one space")
    twice = "We fly to Bora and back."
    expect(facts_kept(twice, ["Bora Bora", "Bora"]), ["Bora"], input=f"facts_kept({twice!r}, ['Bora Bora', 'Bora'])",
           why="'Bora Bora' is two words, both needed: a repeated word in a fact is still part of it")
    expect(facts_kept(summary, ["Priya", "Priya"]), ["Priya", "Priya"],
           input=f"facts_kept({summary!r}, ['Priya', 'Priya'])",
           why="Each fact given is answered: a fact listed twice is kept twice (one answer per fact, in order)")
    glued = "Priyanka paid 112 EUR for 12 people."
    expect(facts_kept(glued, ["Priya", "12 EUR", "2 people"]), [],
           input=f"facts_kept({glued!r}, ['Priya', '12 EUR', '2 people'])",
           why="'Priya' inside 'Priyanka' or '12 EUR' inside '112 EUR' is a different word or number: a fact "
               "must not be glued to a letter or digit on either side")
    euro = "Deposit paid: €12. Table at 19:30."
    expect(facts_kept(euro, ["€12"]), ["€12"], input=f"facts_kept({euro!r}, ['€12'])",
           why="'€12' starts with a symbol, so a \\b word boundary before it never matches: test for 'no letter "
               "or digit next to it' with (?<!\\w) and (?!\\w)")
    expect(facts_kept(euro, ["19.30", "19:30"]), ["19:30"], input=f"facts_kept({euro!r}, ['19.30', '19:30'])",
           why="Escape each fact with re.escape: unescaped, the '.' in '19.30' matches any character, so '19.30' "
               "would match '19:30'")
    layover = "Layover in İstanbul on Monday."
    expect(facts_kept(layover, ["İstanbul"]), ["İstanbul"], input=f"facts_kept({layover!r}, ['İstanbul'])",
           why="The fact is in the summary as written. Lower-casing only the summary turns 'İ' into two characters "
               "('i' and a combining dot), so 'İstanbul' no longer matches: fold case the same way on both sides "
               "(re.IGNORECASE on the original text, or .lower() on the fact too)")
    from course_lib.course.scenario import LONG_TRIP_FACTS

    rng = random.Random(f"{NOTEBOOK}.facts_kept")
    for _ in range(25):
        present = [f for f in LONG_TRIP_FACTS if rng.random() < 0.4]
        parts = [rng.choice([f, f.upper(), f.lower(), f.replace(" ", "\n")]) + "." for f in present]
        parts += rng.sample(_FILLER, 2) + [d for f, d in _DISTRACTORS.items() if f not in present and rng.random() < 0.5]
        rng.shuffle(parts)
        text = " ".join(parts)
        expect(facts_kept(text, LONG_TRIP_FACTS), present, input=f"facts_kept({text!r}, LONG_TRIP_FACTS)",
               why=f"Expected exactly {present}")


# ------------------------------------------------------------------------------------ declarations

needs_summary = Exercise(
    "needs_summary", lesson=NOTEBOOK, check_fn=_check_needs_summary,
    hints=[
        "The trigger is about cost, and cost is tokens: one long message can be over the limit on its own, "
        "twelve short ones can be far under it. `len(messages)` is the wrong unit.",
        "`count_tokens(messages)` counts a list of chat messages the way the provider does, including a few "
        "framing tokens per message. Summing the tokens of the texts alone undercounts.",
        "`return count_tokens(messages) > limit` — over the limit, not at it.",
    ],
)

split_for_fold = Exercise(
    "split_for_fold", lesson=NOTEBOOK, check_fn=_check_split_for_fold,
    hints=[
        "The oldest messages go into the summary, the newest stay verbatim. Start with everything in `recent` "
        "and move messages from its front to `old` while `recent` is over the limit.",
        "Count with `count_tokens(recent)` (a list of messages), and stop as soon as it is <= limit: popping "
        "one message too many loses verbatim context for nothing.",
        "`k = 0`; `while k < len(messages) and count_tokens(messages[k:]) > limit: k += 1`; "
        "`return list(messages[:k]), list(messages[k:])` — slices are new lists, so the input is untouched.",
    ],
)

facts_kept = Exercise(
    "facts_kept", lesson=NOTEBOOK, check_fn=_check_facts_kept,
    hints=[
        "`fact in summary` is a start, but it is case-sensitive, misses 'AF\\n1734', and finds '12 EUR' "
        "inside '112 EUR'. Build a regular expression per fact instead.",
        "Split the fact on whitespace, `re.escape` each piece and join them with `\\s+`. Add `(?<!\\w)` in "
        "front and `(?!\\w)` at the end so the fact is not part of a longer word or number.",
        "`pattern = r'(?<!\\w)' + r'\\s+'.join(re.escape(w) for w in fact.split()) + r'(?!\\w)'`; keep the facts "
        "for which `re.search(pattern, summary, re.IGNORECASE)` finds something, in the given order.",
    ],
)

EXERCISES = [needs_summary, split_for_fold, facts_kept]

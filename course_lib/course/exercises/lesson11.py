"""Lesson 11 exercises: `mask_card`, `is_stale` and `user_filter`, the privacy and staleness rules of lesson 11.

`mask_card` is one rule of `course_lib.model.redact` on its own; `is_stale` is the age test of
`course_lib.agent.recall_block`; `user_filter` is the per-user filter every store applies before searching.
"""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone

from course_lib.course.exercises import Exercise, expect, fail, require
from course_lib.course.exercises.checking import LearnerError
from course_lib.model.redact import luhn_ok

NOTEBOOK = "11_privacy_staleness_mistakes"
SEPARATORS = (" ", "-", ".", "/", "\u00a0")


def _with_check_digit(body: str) -> str:
    """`body` plus the one digit that makes it pass the Luhn check."""
    return next(body + d for d in "0123456789" if luhn_ok(body + d))


def _grouped(digits: str, sep: str, size: int = 4) -> str:
    return sep.join(digits[i:i + size] for i in range(0, len(digits), size))


def _check_mask_card(mask_card):
    visa = "4111111111111111"
    expect(mask_card(f"My card is {visa}, thanks."), "My card is [CARD], thanks.", why="16 digits in a row")
    expect(mask_card("Card: 4111 1111 1111 1111 please"), "Card: [CARD] please", why="Groups of four, spaces")
    expect(mask_card("The user's card is 4111/1111/1111/1111."), "The user's card is [CARD].",
           why="A model restating the card may write it with slashes: mask it whatever the separator")
    expect(mask_card("Karte 4111\u00a01111\u00a01111\u00a01111 ok"), "Karte [CARD] ok",
           why="Non-breaking spaces (\\u00a0) separate groups too")
    expect(mask_card("Amex 3782-822463-10005 expires soon"), "Amex [CARD] expires soon",
           why="An Amex card has 15 digits in groups of 4, 6 and 5")
    order = "1234 5678 9012 3456"
    require(not luhn_ok(order.replace(" ", "")), "internal: the order number must fail the Luhn check")
    expect(mask_card(f"Order {order} has shipped"), f"Order {order} has shipped",
           why="16 digits that fail the Luhn check are not a card (an order number): leave them")
    phone = next(p for p in (f"0301234{n:04d}" for n in range(10000)) if luhn_ok(p))
    expect(mask_card(f"Call me on {phone} tonight"), f"Call me on {phone} tonight",
           why=f"{phone} passes the Luhn check, but it has 11 digits and a card has 13 to 19")
    expect(mask_card("Dinner for 2 at 19:00, 40 EUR each"), "Dinner for 2 at 19:00, 40 EUR each",
           why="A text without a card comes back unchanged")
    expect(mask_card(f"old {visa} new 5555-5555-5555-4444"), "old [CARD] new [CARD]", why="Mask every card, "
           "not only the first")
    expect(mask_card(""), "", why="Empty text, nothing to mask")
    expect(mask_card("4111\n1111\n1111\n1111"), "4111\n1111\n1111\n1111",
           why="Four numbers on four lines are not one card: groups are joined by one space, no-break space, "
               "'-', '.' or '/', not by a newline or a tab (\\s and \\D? match those too)")
    expect(mask_card("IDs 4111,1111,1111,1111"), "IDs 4111,1111,1111,1111",
           why="Commas separate a list of numbers, not a card's groups: only ' ', '\\u00a0', '-', '.' and '/' "
               "join groups (\\D? joins anything)")
    expect(mask_card("4111 - 1111 - 1111 - 1111"), "4111 - 1111 - 1111 - 1111",
           why="One separator between groups: ' - ' is three characters, a list of numbers, not a card")
    expect(mask_card("  card 4111111111111111\n"), "  card [CARD]\n",
           why="Everything else stays exactly as it was, the spaces and line breaks around the text too")
    expect(mask_card("Ref 41111111111111110000 ok"), "Ref 41111111111111110000 ok",
           why="These 20 digits pass the Luhn check, but a card has 13 to 19 digits: not a card")
    expect(mask_card("IBAN-like 41111111111111110037"), "IBAN-like 41111111111111110037",
           why="20 digits in a row are one number, too long for a card, even if its first 19 pass the Luhn check: "
               "never mask part of a digit group")
    expect(mask_card("card 4111 1111 1111 1111 12/27 cvv 123"), "card [CARD] 12/27 cvv 123",
           why="The expiry date stands next to the card: the card is the Luhn-valid run of whole digit groups "
               "(4111 1111 1111 1111); if the longest run fails the check, try the shorter runs inside it")
    expect(mask_card("room 12 4111 1111 1111 1111"), "room 12 [CARD]",
           why="A room number before the card: mask the card, keep the 12")
    rng = random.Random(f"{NOTEBOOK}.mask_card")
    words = ["Pay with", "my card", "is", "use", "the card ending", "thanks", "for the hotel", "booking", "ok"]
    for _ in range(20):
        length = rng.choice([13, 15, 16, 16, 19])
        card = _with_check_digit(str(rng.randint(3, 6)) + "".join(rng.choice("0123456789") for _ in range(length - 2)))
        bad = card[:-1] + str((int(card[-1]) + rng.randint(1, 9)) % 10)
        sep = rng.choice(SEPARATORS + ("",))
        a, b, c = (" ".join(rng.sample(words, 2)) for _ in range(3))
        text = f"{a} {_grouped(card, sep)} {b} {_grouped(bad, rng.choice(SEPARATORS))} {c}"
        expect(mask_card(text), text.replace(_grouped(card, sep), "[CARD]", 1),
               why="The Luhn-valid number becomes [CARD]; the one that fails the check stays as it is")


def _fact(text: str, learned_at: datetime) -> dict:
    return {"text": text, "learned_at": learned_at}


def _check_is_stale(is_stale):
    now = datetime(2027, 4, 6, 9, 0, tzinfo=timezone.utc)
    paris = _fact("The user lives in Paris.", now - timedelta(days=400))
    expect(is_stale(paris, now, 365), True, why="Learned 400 days ago, limit 365 days: stale, confirm it first")
    expect(is_stale(paris, now, 500), False, why="400 days is within a 500-day limit (use max_age_days)")
    expect(is_stale(_fact("The user is vegan.", now - timedelta(days=30)), now, 180), False,
           why="30 days old, limit 180: still fresh")
    expect(is_stale(_fact("x", now - timedelta(days=365)), now, 365), False,
           why="Exactly 365 days old with a 365-day limit is not *more* than the limit: not stale yet")
    expect(is_stale(_fact("x", now - timedelta(days=365, hours=12)), now, 365), True,
           why="365 days and 12 hours is more than 365 days: stale. (now - learned).days drops the 12 hours; "
               "compare the timedelta with timedelta(days=max_age_days)")
    expect(is_stale(_fact("x", now.replace(hour=8) - timedelta(days=1)), now.replace(hour=10), 1), True,
           why="Learned yesterday at 08:00, now 10:00: 26 hours is more than 1 day, stale; compare datetimes, "
               "not calendar dates (the dates are only 1 apart)")
    expect(is_stale(_fact("x", now - timedelta(days=366)), now, 365), True, why="366 days old is past a 365-day limit")
    expect(is_stale(_fact("x", now - timedelta(days=3, hours=5)), now, 1), True,
           why="3 days old with a 1-day limit: count the days, not the seconds left over after whole days")
    expect(is_stale(_fact("x", now + timedelta(days=2)), now, 0), False,
           why="A fact dated later than `now` (a clock set back) has age 0: it is not stale")
    expect(is_stale(_fact("x", now), now, 0), False, why="Learned right now: age 0 is not more than 0")
    rng = random.Random(f"{NOTEBOOK}.is_stale")
    for _ in range(30):
        limit = rng.choice([30, 90, 180, 365, 730])
        days = rng.choice([d for d in range(0, 3 * limit) if d != limit])  # never in the ambiguous [limit, limit+1)
        hours = rng.randint(0, 23)
        learned = now - timedelta(days=days, hours=hours)
        expect(is_stale(_fact("x", learned), now, limit), days > limit,
               why=f"The fact is {days} days and {hours} hours old; stale means older than {limit} days")


def _check_user_filter(user_filter):
    records = [{"user_id": "priya", "text": "The user is vegetarian."},
               {"user_id": "marco", "text": "The user is allergic to peanuts."},
               {"user_id": "priya", "text": "The user's budget is 40 EUR."},
               {"user_id": "marco", "text": "The user met priya at the conference."}]
    expect(user_filter(records, "priya"), [records[0], records[2]],
           why="Only priya's records, in their original order; a record mentioning priya in its text is still "
               "marco's record")
    expect(user_filter(records, "marco"), [records[1], records[3]], why="Only marco's records")
    expect(user_filter(records, "Priya"), [], why="User ids are exact: 'Priya' is not 'priya' (never merge by case)")
    expect(user_filter(records, "pri"), [], why="Compare the whole id with ==, not `in`: 'pri' is nobody here")
    near = [{"user_id": "joanna", "text": "The user is diabetic."}, {"user_id": "ann", "text": "The user likes jazz."}]
    expect(user_filter(near, "ann"), [near[1]], why="'ann' must not see joanna's records ('ann' is inside 'joanna')")
    orphan = [{"text": "A record someone forgot to label."}, {"user_id": "ann", "text": "The user likes jazz."}]
    expect(user_filter(orphan, "ann"), [orphan[1]], why="A record without a user_id belongs to nobody: skip it")
    expect(user_filter([], "priya"), [], why="No records, nothing to return")
    for bad in ("", None, "   "):
        try:
            result = user_filter(records, bad)
        except LearnerError as error:
            if isinstance(error.error, ValueError):
                require("user" in str(error.error), f"user_filter(records, {bad!r}) raised "
                        f"ValueError({str(error.error)!r}); name the argument that is wrong (`user`) in the message")
                continue
            raise
        fail(f"user_filter(records, {bad!r}) returned {result!r}; a missing or blank user must raise a ValueError "
             f"naming `user` (returning everything, or anything at all, hides the bug and may leak)")
    rng = random.Random(f"{NOTEBOOK}.user_filter")
    users = ["priya", "marco", "ann", "joanna", "Ann", "anna"]
    for _ in range(15):
        fresh = [{"user_id": rng.choice(users), "text": f"fact {n}"} for n in range(rng.randint(0, 12))]
        who = rng.choice(users)
        expect(user_filter(fresh, who), [r for r in fresh if r["user_id"] == who],
               why=f"Expected exactly the records whose user_id == {who!r}, in order")
    twice = [records[0], dict(records[0]), records[1]]
    expect(user_filter(twice, "priya"), [records[0], records[0]],
           why="Two identical records are two records: keep both (a filter drops nothing that belongs to the user)")
    padded = records + [{"user_id": " priya", "text": "Another account's note."}]
    expect(user_filter(padded, "priya"), [records[0], records[2]],
           why="' priya' is another id: match it exactly, don't strip ids")
    expect(user_filter(padded, " priya"), [padded[-1]], why="' priya' is an id of its own: match it exactly, "
                                                             "don't strip the id you are given")


mask_card = Exercise(
    "mask_card", lesson=NOTEBOOK, check_fn=_check_mask_card,
    hints=[
        "Find runs of digit groups with a regular expression: groups of digits joined by exactly one separator "
        "from ' -./' and '\\u00a0': r'(?<!\\d)\\d+(?:[ \\-./\\u00a0]\\d+)*(?!\\d)'. A run may hold more "
        "than the card: 'room 12 4111 1111 1111 1111' is one run.",
        "Split a run into its groups (re.split(r'([ \\-./\\u00a0])', run) keeps the separators at odd places) "
        "and look, from each group on, for the longest stretch of whole groups with 13-19 digits that passes the "
        "Luhn check (`luhn_ok` from `course_lib.model.redact`). That stretch becomes '[CARD]'.",
        "re.sub accepts a function as the replacement: `re.sub(run_pattern, mask, text)`, where mask(m) "
        "rebuilds the run group by group, putting '[CARD]' for each card it finds and the rest as it was.",
    ],
)

is_stale = Exercise(
    "is_stale", lesson=NOTEBOOK, check_fn=_check_is_stale,
    hints=[
        "The age of a fact is `now - fact['learned_at']`, a timedelta.",
        "Stale means strictly older than the limit: compare with `timedelta(days=max_age_days)` using `>`. "
        "A fact dated in the future has a negative age, which is never stale.",
        "`return now - fact['learned_at'] > timedelta(days=max_age_days)`",
    ],
)

user_filter = Exercise(
    "user_filter", lesson=NOTEBOOK, check_fn=_check_user_filter,
    hints=[
        "First refuse a bad user: if it is not a string with something in it, raise ValueError naming `user`.",
        "Keep a record when its 'user_id' equals `user` exactly (==, case-sensitive). Use `r.get('user_id')` so a "
        "record without an owner is skipped instead of crashing.",
        "`if not isinstance(user, str) or not user.strip(): raise ValueError(f'user must be a non-empty user id, "
        "got {user!r}')`, then `return [r for r in records if r.get('user_id') == user]`.",
    ],
)

EXERCISES = [mask_card, is_stale, user_filter]

"""Lesson 07 exercises: `is_valid_at`, `strength` and `supersede`, the write, update and forget of lesson 07.

`is_valid_at` is `MemoryRecord.is_current` on a plain dict; `strength` has the signature of
course_lib.long_term.forgetting.strength; `supersede` is `VectorMemory.update` on a list of dicts.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from course_lib.course.exercises import Exercise, expect, require
from course_lib.course.exercises.checking import RUN, LearnerError, fail
from course_lib.long_term.forgetting import strength as library_strength

NOTEBOOK = "07_write_update_forget"
T0 = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def day(n: float) -> datetime:
    """The course clock's start plus n days."""
    return T0 + timedelta(days=n)


def _reference_valid(record, when):
    return (record["valid_from"] <= when and (record["valid_to"] is None or when < record["valid_to"])
            and (record["expires_at"] is None or when < record["expires_at"]))


def _check_is_valid_at(is_valid_at):
    paris = {"text": "The user lives in Paris.", "valid_from": day(0), "valid_to": day(183), "expires_at": None}
    berlin = {"text": "The user lives in Berlin.", "valid_from": day(183), "valid_to": None, "expires_at": None}
    expect(is_valid_at(paris, day(100)), True, why="In June Priya lived in Paris: valid_from <= when < valid_to")
    expect(is_valid_at(berlin, day(100)), False, why="Berlin was not true yet in June: when < valid_from")
    expect(is_valid_at(berlin, day(400)), True, why="valid_to None means 'still true': no end yet")
    expect(is_valid_at(paris, day(0)), True, why="A fact is valid from the very moment it starts (valid_from <= when)")
    expect(is_valid_at(paris, day(183)), False,
           why="At the instant of the move Paris has ended and Berlin begun: the interval is half-open, "
               "valid_from <= when < valid_to, so the two are never true together")
    expect(is_valid_at(berlin, day(183)), True, why="Berlin starts exactly at the move")
    table = {"text": "Table held until Friday.", "valid_from": day(0), "valid_to": None, "expires_at": day(4)}
    expect(is_valid_at(table, day(2)), True, why="Before it expires the memory is valid")
    expect(is_valid_at(table, day(5)), False, why="After expires_at the memory no longer holds, even with no valid_to")
    expect(is_valid_at(table, day(4)), False, why="At expires_at exactly it has expired (when < expires_at)")
    friday = day(4).replace(hour=19)  # held until Friday 19:00; every other check is at 09:00
    dinner = {"text": "Table held until Friday 19:00.", "valid_from": day(0), "valid_to": None, "expires_at": friday}
    expect(is_valid_at(dinner, day(4).replace(hour=10)), True,
           why="On Friday at 10:00 the table is still held until 19:00: compare the full datetimes, not the dates")
    expect(is_valid_at(dinner, friday.replace(minute=1)), False, why="At 19:01 it has expired")
    moved = {"text": "The user lives in Berlin.", "valid_from": day(10).replace(hour=15), "valid_to": None,
             "expires_at": None}
    expect(is_valid_at(moved, day(10).replace(hour=11)), False,
           why="The move happened at 15:00; at 11:00 that day it was not true yet (compare times, not dates)")
    rng = random.Random(f"{NOTEBOOK}.is_valid_at")
    for _ in range(40):
        start = rng.randint(0, 50)
        record = {"text": "fact", "valid_from": day(start),
                  "valid_to": rng.choice([None, day(start + rng.randint(1, 30))]),
                  "expires_at": rng.choice([None, None, day(start + rng.randint(1, 30))])}
        when = day(rng.choice([start, start + rng.randint(-10, 40), rng.randint(0, 90)]))
        expect(bool(is_valid_at(record, when)), _reference_valid(record, when),
               why="Expected valid_from <= when, when < valid_to (if set), when < expires_at (if set)")


def _check_strength(strength):
    expect(strength(0, 0, 0), 1.0, why="A new, unused, unlinked memory starts at strength 1 (the 1 + in the formula)")
    expect(strength(3, 0, 0), 1.9, why="Each access adds 0.3: 1 + 0.3 * 3 = 1.9")
    expect(strength(0, 2, 0), 2.4, why="Each link adds 0.7: 1 + 0.7 * 2 = 2.4")
    expect(strength(0, 0, 20), 0.95 ** 20, why="Unused for 20 days: 1 * 0.95 ** 20 ≈ 0.36, under the 0.5 threshold")
    expect(strength(3, 0, 20), 1.9 * 0.95 ** 20, why="Three accesses keep it at 1.9 * 0.95 ** 20 ≈ 0.68")
    expect(strength(2, 1, 10, decay=0.9), (1 + 0.6 + 0.7) * 0.9 ** 10, why="Use the decay argument")
    expect(strength(1, 1, 2.5), 2.0 * 0.95 ** 2.5, why="Days need not be whole")
    for args in ((-1, 0, 0), (0, -1, 0), (0, 0, -3), (0, 0, -0.5)):
        names = ("access_count", "edge_count", "days_unused")
        bad = names[next(i for i, a in enumerate(args) if a < 0)]
        try:
            result = strength(*args)
        except LearnerError as error:
            if isinstance(error.error, ValueError):
                require(bad in str(error.error), f"strength{args} raised ValueError({str(error.error)!r}); the message "
                                                 f"should say which argument is wrong ({bad!r}) and that it must be >= 0")
                continue
            raise
        fail(f"strength{args} returned {result!r}; a negative count or age is a bug in the caller: raise a "
             f"ValueError that says which argument must be >= 0")
    rng = random.Random(f"{NOTEBOOK}.strength")
    for _ in range(25):
        a, e, d = rng.randint(0, 20), rng.randint(0, 6), round(rng.uniform(0, 90), 2)
        decay = rng.choice([0.9, 0.95, 0.95, 0.99])
        expect(strength(a, e, d, decay), library_strength(a, e, d, decay),
               why="Expected (1 + 0.3·accesses + 0.7·links) · decay ** days")
    values = [strength(a, 0, 10) for a in range(6)]
    require(all(x < y for x, y in zip(values, values[1:])), "More accesses must mean a stronger memory")


def _reference_supersede(memories, new_fact, when):
    current = [m for m in memories if m["subject"] == new_fact["subject"] and m["valid_to"] is None]
    if any(m["text"] == new_fact["text"] for m in current):
        return [dict(m) for m in memories]
    out = [dict(m, valid_to=when) if m in current else dict(m) for m in memories]
    return out + [{"text": new_fact["text"], "subject": new_fact["subject"], "valid_from": when, "valid_to": None}]


def _fresh(got, when: str = "") -> None:
    """The records in `got` are new dicts, not the ones the learner's code was handed."""
    mine = RUN.get().given[0]  # the very list the learner's code received
    require(all(g is not m for g in got for m in mine),
            f"supersede returned records that are the caller's own dicts{' ' + when if when else ''}: copy each one "
            f"(dict(m)), or a later change to the result rewrites the caller's history too")


def _check_supersede(supersede):
    veg = {"text": "The user is vegetarian.", "subject": "diet", "valid_from": day(0), "valid_to": None}
    paris = {"text": "The user lives in Paris.", "subject": "home city", "valid_from": day(0), "valid_to": None}
    vegan = {"subject": "diet", "text": "The user is vegan."}
    loud = {"subject": "diet", "text": "The user is vegan.", "confidence": 0.9, "source": "chat"}
    expect(supersede([veg], loud, day(30))[-1], {"text": "The user is vegan.", "subject": "diet",
                                                 "valid_from": day(30), "valid_to": None},
           why="The new record has exactly text, subject, valid_from and valid_to: other keys of new_fact (here "
               "confidence, source) are not part of a stored record; build it from those two fields")
    _fresh(supersede([veg, paris], vegan, day(30)))
    got = supersede([veg, paris], vegan, day(30))
    require(sum(m.get("subject") == "diet" and m.get("valid_to") is None for m in got) <= 1,
            "After supersede two records on 'diet' are current: vegetarian and vegan would be recalled together. "
            "End the old one (valid_to=when)")
    expect(got, [dict(veg, valid_to=day(30)), paris,
                 {"text": "The user is vegan.", "subject": "diet", "valid_from": day(30), "valid_to": None}],
           why="Vegetarian ends at day 30 and stays as history; vegan starts at day 30; Paris is another subject "
               "and is left alone")
    expect(supersede([], vegan, day(1)), [{"text": "The user is vegan.", "subject": "diet", "valid_from": day(1),
                                           "valid_to": None}],
           why="Nothing stored on the subject: the new fact is simply added (ADD)")
    expect(supersede([veg, paris], {"subject": "diet", "text": "The user is vegetarian."}, day(5)), [veg, paris],
           why="The same fact is already current: nothing changes (NOOP), no second copy, no new date")
    old = {"text": "The user eats meat.", "subject": "diet", "valid_from": day(-90), "valid_to": day(0)}
    expect(supersede([old, veg], vegan, day(30)),
           [old, dict(veg, valid_to=day(30)),
            {"text": "The user is vegan.", "subject": "diet", "valid_from": day(30), "valid_to": None}],
           why="A record that already ended is history: keep its valid_to as it was; only the current one ends now")
    _fresh(supersede([veg, paris], {"subject": "diet", "text": "The user is vegetarian."}, day(5)), "(a NOOP)")
    home = {"text": "The user's home is a flat.", "subject": "home", "valid_from": day(0), "valid_to": None}
    city = {"text": "The user lives in Paris.", "subject": "home city", "valid_from": day(0), "valid_to": None}
    shout = {"text": "The user eats fish.", "subject": "Diet", "valid_from": day(0), "valid_to": None}
    expect(supersede([home, city, shout], {"subject": "home city", "text": "The user lives in Berlin."}, day(9)),
           [home, dict(city, valid_to=day(9)), shout,
            {"text": "The user lives in Berlin.", "subject": "home city", "valid_from": day(9), "valid_to": None}],
           why="Subjects match exactly: 'home' is another subject than 'home city' (not a substring test), and "
               "'Diet' is not 'diet'")
    expect(supersede([home, city, shout], {"subject": "home", "text": "The user's home is a house."}, day(9))[:2],
           [dict(home, valid_to=day(9)), city], why="'home city' contains 'home' but is another subject")
    for text in ("The user lives in Paris", "The user lives in Paris. Near the canal.", "the user lives in paris.",
                 "The user lives in Paris. "):
        expect(supersede([city], {"subject": "home city", "text": text}, day(9)),
               [dict(city, valid_to=day(9)), {"text": text, "subject": "home city", "valid_from": day(9),
                                               "valid_to": None}],
               why=f"{text!r} is not exactly the current text {city['text']!r}: a new fact (NOOP only for the "
                   f"same text, not a part of it, nor the same ignoring case or spaces)")
    expect(supersede([shout, dict(veg, subject="diet ")], vegan, day(4)),
           [shout, dict(veg, subject="diet "), {"text": "The user is vegan.", "subject": "diet", "valid_from": day(4),
                                                "valid_to": None}],
           why="'Diet' and 'diet ' are other subjects than 'diet': compare subjects exactly (==)")
    padded = dict(veg, text="The user is vegetarian. ")
    expect(supersede([padded], vegan, day(4))[0], dict(padded, valid_to=day(4)),
           why="The current record on the subject ends, whatever its text looks like")
    history = [dict(veg, valid_to=day(1)), dict(veg, valid_to=day(1)), dict(veg, valid_from=day(1))]
    expect(supersede(history, {"subject": "diet", "text": veg["text"]}, day(5)), history,
           why="NOOP keeps every record, two identical history records too")
    twice = [dict(old_diet := {"text": "The user eats meat.", "subject": "diet", "valid_from": day(-9),
                               "valid_to": day(-1)}), dict(old_diet), veg]
    expect(supersede(twice, vegan, day(3)), [old_diet, old_diet, dict(veg, valid_to=day(3)),
                                             {"text": "The user is vegan.", "subject": "diet", "valid_from": day(3),
                                              "valid_to": None}],
           why="Two identical history records are both kept: supersede never drops a record")
    rng = random.Random(f"{NOTEBOOK}.supersede")
    subjects = ["diet", "home city", "budget", "name"]
    for n in range(15):
        memories = []
        for i in range(rng.randint(0, 6)):
            s = rng.choice(subjects)
            ended = any(m["subject"] == s and m["valid_to"] is None for m in memories) or rng.random() < 0.3
            memories.append({"text": f"{s} value {i}", "subject": s, "valid_from": day(i),
                             "valid_to": day(i + 1) if ended else None})
        s = rng.choice(subjects)
        same = [m for m in memories if m["subject"] == s and m["valid_to"] is None]
        text = same[0]["text"] if same and n % 4 == 0 else f"{s} value new"
        fact, when = {"subject": s, "text": text}, day(20)
        got = supersede(memories, fact, when)
        expect(got, _reference_supersede(memories, fact, when),
               why="Expected every record kept, the current one on this subject ended at `when`, the new fact "
                   "appended as current (or nothing changed if it is already the current fact)")
        for subject in subjects:
            require(sum(m["subject"] == subject and m["valid_to"] is None for m in got) <= 1,
                    f"After supersede two records on {subject!r} are current: old and new would be recalled together")


is_valid_at = Exercise(
    "is_valid_at", lesson=NOTEBOOK, check_fn=_check_is_valid_at,
    hints=[
        "A record is valid at `when` if it had started, had not been superseded yet and had not expired: three "
        "conditions, all of which must hold.",
        "`valid_to` and `expires_at` may be None, which means 'no end'. The interval is half-open: the start "
        "counts (<=), the end does not (<), so at the instant of an update only the new record is valid.",
        "`return record['valid_from'] <= when and (record['valid_to'] is None or when < record['valid_to']) and "
        "(record['expires_at'] is None or when < record['expires_at'])`",
    ],
)

strength = Exercise(
    "strength", lesson=NOTEBOOK, check_fn=_check_strength,
    hints=[
        "Start from 1 (a brand-new memory), add 0.3 for every access and 0.7 for every link, then multiply by "
        "`decay` once per day since the memory was last used.",
        "'Once per day' is a power: decay ** days_unused. Seed 004's formula has no 1 +; without it a new memory "
        "starts at 0 and the first sweep deletes it.",
        "Check first: `if min(access_count, edge_count, days_unused) < 0: raise ValueError('access_count, "
        "edge_count and days_unused must be >= 0')` (the message names the arguments). Then "
        "`return (1 + 0.3 * access_count + 0.7 * edge_count) * decay ** days_unused`.",
    ],
)

supersede = Exercise(
    "supersede", lesson=NOTEBOOK, check_fn=_check_supersede,
    hints=[
        "Find the current record on the new fact's subject: same `subject` and `valid_to` None. Ended records are "
        "history; never touch them.",
        "If that current record already says the same text, return a copy of the list unchanged. Otherwise give it "
        "`valid_to=when` (in a copy: `dict(m, valid_to=when)`) and append the new record with `valid_from=when` and "
        "`valid_to=None`.",
        "Build a new list: `[dict(m, valid_to=when) if <current on subject> else dict(m) for m in memories]`, then "
        "append `{'text': ..., 'subject': ..., 'valid_from': when, 'valid_to': None}`. Don't delete the old one.",
    ],
)

EXERCISES = [is_valid_at, strength, supersede]

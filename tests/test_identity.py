"""The identity of a side effect: normalised arguments, so a reworded call is the same and next week's is not."""
from __future__ import annotations

from datetime import date

import pytest

from course_lib.agent.identity import calendar_date, count, fold_name, identity, near, resolve_when

THURSDAY = date(2026, 3, 5)
BOOKING = {"restaurant": "Linse & Lauch", "time": "Friday 19:00", "people": 2}


@pytest.mark.parametrize("text", ["Friday 19:00", "friday, 7pm", "Fri 19.00", "2026-03-06 19:00", "6 March at 19:00",
                                  "March 6th, 7 pm", "Freitag um 19 Uhr", "vendredi 19h", "tomorrow at 7pm",
                                  "6. März 19:00", "viernes a las 19:00"])
def test_one_evening_many_wordings(text):
    assert resolve_when(text, THURSDAY) == {"date": "2026-03-06", "time": "19:00"}, text


@pytest.mark.parametrize("text, today, want", [
    ("Friday 19:00", date(2026, 3, 6), "2026-03-06"),     # on Friday itself: tonight
    ("Friday 19:00", date(2026, 3, 7), "2026-03-13"),     # the day after: next week's Friday
    ("Monday 12:00", date(2026, 12, 30), "2027-01-04"),   # across a year
    ("2 January 20:00", date(2026, 12, 30), "2027-01-02"),  # a day-and-month that has passed this year is next year's
    ("heute 20:00", THURSDAY, "2026-03-05")])
def test_a_day_is_counted_from_the_day_of_the_call(text, today, want):
    assert resolve_when(text, today)["date"] == want


def test_what_cannot_be_resolved_keeps_its_words():
    assert resolve_when("Friday at 8", THURSDAY) == {"date": "2026-03-06", "text": "friday at 8"}  # 8 am or pm?
    assert resolve_when("sometime soon", THURSDAY) == {"text": "sometime soon"}
    assert calendar_date("2026-02-30", THURSDAY) is None and calendar_date("31 April", THURSDAY) is None


def test_names_and_counts_are_folded():
    assert fold_name("  GRÜNER   Salon. ") == fold_name("gruner salon") == "gruner salon"
    assert fold_name("Linse & Lauch") != fold_name("Linse Lauch")  # only case, accents, spaces and end punctuation
    assert [count(v) for v in (2, "2", " two ", 2.0, "zwei")] == [2, 2, 2, 2, 2]
    assert count(2.5) == 2.5 and count(True) is True


def test_a_reworded_duplicate_has_the_same_identity_and_a_request_id_makes_another():
    reworded = {"people": "two", "restaurant": " linse & LAUCH", "time": "friday at 7pm"}
    assert identity("book_table", reworded, THURSDAY) == identity("book_table", BOOKING, THURSDAY)
    assert identity("book_table", BOOKING, THURSDAY, "r1") != identity("book_table", BOOKING, THURSDAY)
    assert identity("book_table", BOOKING, date(2026, 3, 7)) != identity("book_table", BOOKING, THURSDAY)
    with pytest.raises(TypeError, match="dict"):
        identity("book_table", [("people", 2)], THURSDAY)


def test_near_is_same_place_and_day_with_another_size_or_time():
    base = identity("book_table", BOOKING, THURSDAY)
    assert near("book_table", base, identity("book_table", {**BOOKING, "people": 3}, THURSDAY)) == ["people"]
    assert near("book_table", base, identity("book_table", {**BOOKING, "time": "Friday 20:30"}, THURSDAY)) == ["time"]
    assert near("book_table", base, base) == []  # the same call is not "near": it is the same
    assert near("book_table", base, identity("book_table", {**BOOKING, "restaurant": "Grüner Salon"}, THURSDAY)) == []
    assert near("book_table", base, identity("book_table", {**BOOKING, "time": "Saturday 19:00"}, THURSDAY)) == []
    unclear = identity("book_table", {**BOOKING, "time": "soon"}, THURSDAY)
    assert near("book_table", unclear, identity("book_table", {**BOOKING, "time": "soon", "people": 3}, THURSDAY)) == []
    assert near("send_email", {"to": "a"}, {"to": "a", "body": "b"}) == []  # no day: never near

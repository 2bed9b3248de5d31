"""Valid time: when a memory was true in the user's life, apart from when the agent recorded it (lesson 07).

Every record has two times (`MemoryRecord`): `recorded_at` / `superseded_at` on the agent's clock, and
`valid_from` / `valid_to` from the user's words ("since last spring", read by `course_lib.model.valid_time`).
This module reads and changes the second:

    as_of(memory.history("priya"), when).lines()  # ['true: The user lives in Lisbon.', 'ended 2026-03-01: … Paris.']
    ended(record, when, now)       # a retraction: valid_to set; the record stays in history (VectorMemory.end)
    dated(record, start, now)      # "I've been vegan since 2019", said of a known fact (VectorMemory.date_start)

An unknown start is never replaced by the write time: before a fact was recorded, `as_of` calls it unknown.
Only `forget` erases a record (`VectorMemory.forget`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from course_lib.checks import check_when
from course_lib.long_term.stores import MemoryRecord


@dataclass(frozen=True)
class AsOf:
    """What a user's memories say about one moment: facts true then, facts that may have been (start unknown), and
    facts that had ended by then."""

    when: datetime
    true: list[MemoryRecord]
    unknown: list[MemoryRecord]  # true from recorded_at on, but nobody said since when: before that, unknown
    ended: list[MemoryRecord]  # valid_to (or expires_at) at or before `when`

    def lines(self) -> list[str]:
        """One line per fact: 'true: …', 'unknown before <date>: …' (never a guess) or 'ended <date>: …';
        '(nothing known)' if none."""
        out = [f"true: {r.text}" for r in self.true]
        out += [f"unknown before {r.recorded_at:%Y-%m-%d}: {r.text}" for r in self.unknown]
        out += [f"ended {min(t for t in (r.valid_to, r.expires_at) if t):%Y-%m-%d}: {r.text}" for r in self.ended]
        return out or ["(nothing known)"]


def as_of(records: list[MemoryRecord], when: datetime) -> AsOf:
    """The facts true at `when` by valid time: valid_from <= when < valid_to (an open end is still true). A record
    with no stated valid_from counts as true only from when it was recorded; before that it is *unknown*, not false."""
    true, unknown, ended, by_id = [], [], [], {r.id: r for r in records}
    for r in records:
        older = by_id.get(r.supersedes or "")
        if r.valid_from is None and older is not None and older.valid_to is not None and when < older.valid_to:
            continue  # the value this one replaced still held then
        if (r.valid_to is not None and r.valid_to <= when) or (r.expires_at is not None and r.expires_at <= when):
            ended.append(r)
            continue
        if r.valid_from is not None:
            if r.valid_from <= when:
                true.append(r)
        elif r.recorded_at <= when:
            true.append(r)
        else:
            unknown.append(r)
    return AsOf(when, true, unknown, ended)


def moment(when: datetime | date, now: datetime) -> datetime:
    """The moment an as-of question asks about: a timezone-aware datetime, or a date (its midnight in `now`'s zone)."""
    if isinstance(when, date) and not isinstance(when, datetime):
        return datetime.combine(when, time(0), tzinfo=now.tzinfo)
    if when is None:
        raise TypeError("as_of needs the moment to ask about, e.g. date(2026, 4, 15) or a timezone-aware datetime")
    return check_when(when, "when")


def ended(record: MemoryRecord, when: datetime | None, now: datetime) -> MemoryRecord:
    """The record of a retracted fact: valid_to = `when` (the user's "since …"; None: now), checked first. A fact
    that had already ended by then stays as it is (ending it again changes nothing)."""
    when = check_when(when, "when") or now
    if record.superseded_at is not None:
        raise ValueError(f"memory {record.id!r} was superseded on {record.superseded_at:%Y-%m-%d}; end its newest "
                         "version instead (see history()). Nothing was changed")
    if record.valid_to is not None and record.valid_to <= when:
        return record
    if record.valid_from is not None and when <= record.valid_from:
        raise ValueError(f"a fact ends after it starts: {when:%Y-%m-%d} is not after its valid_from "
                         f"{record.valid_from:%Y-%m-%d}; pass a later time (or none: now). Nothing was changed")
    return record.copy(valid_to=when)


def dated(record: MemoryRecord, valid_from: datetime | None, now: datetime) -> MemoryRecord | None:
    """The record with its start filled in, once the user says since when; None if there is nothing to fill in
    (a start already known stays, an ended fact stays as it is). A start is never later than now."""
    when = check_when(valid_from, "valid_from")
    if when is None or record.valid_from is not None or not record.is_current(now):
        return None
    return record.copy(valid_from=min(when, now))


def valid_times(fact: Any, today: datetime) -> tuple[datetime | None, datetime | None, str]:
    """(valid_from, valid_to, note) of an extracted fact (`write_path.Fact`): the model's words resolved against `today`; words that cannot be
    read, or an end before the start, give None (unknown) and a note that says so, never a guessed date."""
    from course_lib.model.valid_time import resolve_when

    out, notes = [], []
    for role in ("valid_from", "valid_to"):
        said = getattr(fact, role)
        when = resolve_when(said, today, role)
        if said and when is None:
            notes.append(f"{role} {said!r} not understood: left unknown")
        out.append(when)
    if out[0] is not None and out[1] is not None and out[1] <= out[0]:
        notes.append(f"valid_to {fact.valid_to!r} is not after valid_from {fact.valid_from!r}: both left unknown")
        out = [None, None]
    return out[0], out[1], "; ".join(notes)

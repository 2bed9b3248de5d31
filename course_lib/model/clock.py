"""The course clock: simulated time, so recency and timestamps never change between runs."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

COURSE_START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)  # a Monday morning


class CourseClock:
    """A clock that only moves when told to; `now()` is deterministic."""

    def __init__(self, start: datetime = COURSE_START) -> None:
        if start.tzinfo is None:
            raise ValueError("CourseClock needs a timezone-aware start, e.g. datetime(..., tzinfo=timezone.utc)")
        self._now = start

    def now(self) -> datetime:
        """The current simulated time."""
        return self._now

    def advance(self, hours: float = 0.0, *, days: float = 0.0, minutes: float = 0.0) -> datetime:
        """Move the clock forward and return the new time."""
        delta = timedelta(days=days, hours=hours, minutes=minutes)
        if delta < timedelta(0):
            raise ValueError("the course clock only moves forward; create a new CourseClock to go back")
        self._now += delta
        return self._now

    def set(self, when: datetime) -> None:
        """Jump to `when` (must not be earlier than now)."""
        if when < self._now:
            raise ValueError(f"cannot move the clock back from {self._now:%Y-%m-%d %H:%M} to {when:%Y-%m-%d %H:%M}")
        self._now = when


def hours_between(earlier: datetime, later: datetime) -> float:
    """Hours from `earlier` to `later` (negative if `later` is earlier)."""
    return (later - earlier).total_seconds() / 3600.0

"""Forgetting: expiry, decay of unused memories (use and links slow it down), and a sweep that applies both.

The course's decay formula (after seed 004's access/edge weighting, written our own way):

    strength = (1 + 0.3 * access_count + 0.7 * edge_count) * 0.95 ** days_since_last_access

A new, unused, unlinked memory starts at 1.0 and falls below the default threshold 0.5 after
log(0.5) / log(0.95) ≈ 13.5 days. Every recall (+0.3) and every link to another memory (+0.7) raises the
starting level, so used and connected memories last longer; a recall also resets the clock.
Memories at or above `protect_importance` (allergies, names …) never decay away: delete them explicitly.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from course_lib.long_term.stores import MemoryRecord

ACCESS_WEIGHT = 0.3
EDGE_WEIGHT = 0.7
DAILY_DECAY = 0.95


@dataclass(frozen=True)
class Forgotten:
    """A memory a sweep removed, and why ('expired' or 'decayed')."""

    record: MemoryRecord
    reason: str
    strength: float | None = None


def strength(access_count: int, edge_count: int, days_unused: float, decay: float = DAILY_DECAY) -> float:
    """How strongly a memory holds: (1 + 0.3·accesses + 0.7·links) · decay ** days since last use.

    Seed 004 scores (0.3·accesses + 0.7·links) · 0.95 ** days_old. We keep its weights and its daily
    factor but differ on purpose in two places. (1) The seed's base is 0 for a memory nobody has recalled
    or linked yet, so every new memory would start at strength 0 and the first sweep would delete it; the
    added 1 gives a new memory a strength of 1 that use and links raise. (2) The seed counts days since the
    memory was written; we count days since it was last used, so a memory that keeps being recalled does not
    fade however old it is (the seed gets the same effect only through the access count).
    """
    if days_unused < 0 or access_count < 0 or edge_count < 0:
        raise ValueError("access_count, edge_count and days_unused must be >= 0")
    return (1 + ACCESS_WEIGHT * access_count + EDGE_WEIGHT * edge_count) * decay ** days_unused


def days_to_fade(access_count: int = 0, edge_count: int = 0, threshold: float = 0.5,
                 decay: float = DAILY_DECAY) -> float:
    """Days without use until a memory's strength falls below `threshold`."""
    start = strength(access_count, edge_count, 0, decay)
    return max(0.0, math.log(threshold / start) / math.log(decay))


def edge_counts(records: list[MemoryRecord]) -> dict[str, int]:
    """Links per memory, counted in both directions, among the given records only."""
    ids = {r.id for r in records}
    count = {r.id: 0 for r in records}
    for r in records:
        for other in set(r.links):
            if other in ids and other != r.id:
                count[r.id] += 1
                count[other] += 1
    return count


def sweep(memory: Any, now: datetime | None = None, user_id: str | None = None, threshold: float = 0.5,
          protect_importance: float = 0.9, dry_run: bool = False) -> list[Forgotten]:
    """Delete expired memories and current ones whose strength fell below `threshold`; return what went.

    `user_id=None` sweeps every user; any other value must be a real user id ('' is an error, not "everyone").
    `dry_run=True` returns what would go and deletes nothing (consolidate's dry run).
    """
    from course_lib.checks import check_importance, check_user, check_when, is_number
    if not is_number(threshold) or not threshold > 0:
        raise ValueError(f"threshold must be a number > 0 (the strength below which a memory goes), got {threshold!r}")
    check_importance(protect_importance, "protect_importance")
    now = check_when(now, "now") or memory.clock.now()
    gone: list[Forgotten] = []
    for user in [check_user(user_id)] if user_id is not None else memory.users():
        records = memory.history(user)
        edges = edge_counts(records)
        for r in records:
            if r.expires_at is not None and r.expires_at <= now:
                gone.append(Forgotten(r, "expired"))
            elif r.is_current(now) and r.importance < protect_importance:
                days = max(0.0, (now - r.last_accessed_at).total_seconds() / 86400)
                s = strength(r.access_count, edges[r.id], days)
                if s < threshold:
                    gone.append(Forgotten(r, "decayed", s))
        for f in gone:
            if f.record.user_id == user and not dry_run:
                memory.forget(user, f.record.id)
    return gone

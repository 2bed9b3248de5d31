"""Memory records: deterministic ids, the fields every new record starts with, a memory's chain of versions, a
recalled memory with its score parts, and what was true at a date (`as_of`, from the records' valid time)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from course_lib.long_term.contract import Write
from course_lib.long_term.personal import IMPORTANCE, categories
from course_lib.long_term.stores import MemoryRecord


def new_id(store: Any, user_id: str, text: str, now: datetime, taken: set[str]) -> str:
    """A deterministic id: a hash of user, text and time (bumped on the rare clash)."""
    n = 0
    while True:
        rid = "m-" + hashlib.sha256(f"{user_id}\x00{text}\x00{now.isoformat()}\x00{n}".encode()).hexdigest()[:12]
        if rid not in taken and not store.get(user_id, [rid]):
            return rid
        n += 1


def new_records(store: Any, user_id: str, w: Write, texts: list[str], importances: list[float],
                vectors: np.ndarray, now: datetime, supersedes: str | None = None) -> list[MemoryRecord]:
    """Records for checked texts and their embeddings, recorded now, true from the write's `valid_from` (None: the
    user did not say since when, which is unknown, not now) to its `valid_to` (nothing is stored here)."""
    taken: set[str] = set()
    records = []
    for text, imp, vec in zip(texts, importances, vectors):
        rid = new_id(store, user_id, text, now, taken)
        taken.add(rid)
        metadata, marked = dict(w.metadata), categories(text)  # personal data: kept, marked, rated important
        if marked:
            metadata["personal_data"], imp = marked, max(imp, IMPORTANCE)
        records.append(MemoryRecord(
            id=rid, user_id=user_id, text=text, embedding=vec, recorded_at=now, last_accessed_at=now,
            importance=imp, access_count=0, source=w.source, valid_from=w.valid_from, valid_to=w.valid_to,
            expires_at=w.expires_at, links=list(w.links), supersedes=supersedes, metadata=metadata))
    return records


def with_fresh_ids(store: Any, records: list[MemoryRecord], now: datetime) -> list[MemoryRecord]:
    """The same records under ids no record of theirs uses yet (after another process took one)."""
    taken = {r.id for r in records}
    out = []
    for r in records:
        rid = new_id(store, r.user_id, r.text, now, taken)
        taken.add(rid)
        out.append(r.copy(id=rid))
    return out


def version_chain(records: list[MemoryRecord], memory_id: str) -> list[str]:
    """The ids of every version of a memory: follow `supersedes` back and forward from `memory_id`."""
    older = {r.id: r.supersedes for r in records if r.supersedes}
    newer: dict[str, list[str]] = {}
    for new, old in older.items():
        newer.setdefault(old, []).append(new)
    chain, todo = set(), [memory_id]
    while todo:
        rid = todo.pop()
        if rid in chain:
            continue
        chain.add(rid)
        todo += newer.get(rid, []) + ([older[rid]] if rid in older else [])
    return [r.id for r in records if r.id in chain]


@dataclass(frozen=True)
class Recalled:
    """One recalled memory with the three terms of its score."""

    record: MemoryRecord
    score: float
    recency: float
    importance: float
    relevance: float

    @property
    def text(self) -> str:
        """The memory's text."""
        return self.record.text

    @property
    def id(self) -> str:
        """The memory's id."""
        return self.record.id


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

"""Memory records: deterministic ids, the fields every new record starts with, a memory's chain of versions, and a
recalled memory with its score parts."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from course_lib.long_term.contract import Write
from course_lib.long_term.memory_types import typed
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
        metadata, marked = typed(w.metadata), categories(text)  # typed; personal data kept, marked, important
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

"""VectorMemory: long-term memories per user, embedded, scored by recency, importance and relevance.

    memory = VectorMemory()                                   # numpy backend, in memory
    memory = VectorMemory(path="memories")                    # numpy backend, on disk
    memory = VectorMemory(backend="chroma", path="chroma_db") # embedded chroma
    memory.remember("priya", "The user is vegetarian.", importance=0.9)
    memory.recall("priya", "suggest a dinner place in Berlin", k=3)

Isolation: every call takes a user id and the backend only ever searches that user's records.
Updates supersede: the old record gets `valid_to`, stays in `history()`, and is never recalled again.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable

import numpy as np

from course_lib.model.clock import CourseClock, hours_between
from course_lib.model.lazy import LazyModel
from course_lib.scoring import Weights, check_decay, recency, score
from course_lib.long_term.stores import MemoryRecord, open_store

RESERVED_KEYS = frozenset(MemoryRecord.__dataclass_fields__) | {"start_ts", "end_ts", "seq", "record"}


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


def check_user(user_id: Any) -> str:
    """Return `user_id` if it is a non-empty string, else raise a clear error."""
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValueError(f"user_id must be a non-empty string (whose memories these are), got {user_id!r}")
    return user_id


def check_importance(importance: Any) -> float:
    """Return importance as a float in [0, 1], else raise."""
    if isinstance(importance, bool) or not isinstance(importance, (int, float)) or not 0 <= importance <= 1:
        raise ValueError(f"importance must be a number from 0 to 1, got {importance!r}")
    return float(importance)


def check_text(text: Any) -> str:
    """Return text if it is a non-empty string, else raise."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"a memory needs non-empty text, got {text!r}")
    return text.strip()


class VectorMemory:
    """Per-user vector memories with weighted recall, supersede-on-update and forgetting."""

    def __init__(self, backend: str = "numpy", path: Any = None, model: Any = None, clock: CourseClock | None = None,
                 weights: Weights = Weights(), decay: float = 0.99, chroma_host: str | None = None,
                 chroma_port: int | None = None) -> None:
        check_decay(decay)
        if not isinstance(weights, Weights):
            raise TypeError(f"weights must be a course_lib.Weights, got {type(weights).__name__}")
        self.backend = backend
        self.store = open_store(backend, path, chroma_host, chroma_port)
        self._model = model
        self.clock = clock or CourseClock()
        self.weights = weights
        self.decay = decay

    model = LazyModel()  # the model whose `.embed` turns text into vectors (the course Model unless one was given)

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit-length float32 embeddings of `texts`."""
        vectors = np.asarray(self.model.embed(list(texts)), dtype=np.float32)
        if vectors.ndim != 2 or len(vectors) != len(texts):
            raise ValueError(f"the model's embed() returned shape {vectors.shape} for {len(texts)} texts")
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1, norms)

    def _new_id(self, user_id: str, text: str, taken: set[str]) -> str:
        """A deterministic id: a hash of user, text and time (bumped on the rare clash)."""
        now = self.clock.now().isoformat()
        n = 0
        while True:
            rid = "m-" + hashlib.sha256(f"{user_id}\x00{text}\x00{now}\x00{n}".encode()).hexdigest()[:12]
            if rid not in taken and not self.store.get(user_id, [rid]):
                return rid
            n += 1

    # -- write -------------------------------------------------------------------------------------
    def remember(self, user_id: str, text: str, importance: float = 0.5, source: str = "conversation",
                 valid_from: datetime | None = None, expires_at: datetime | None = None,
                 links: Iterable[str] = (), metadata: dict[str, Any] | None = None) -> MemoryRecord:
        """Embed `text` and store it as a memory of `user_id`; returns the stored record."""
        return self.remember_many(user_id, [text], [importance], source=source, valid_from=valid_from,
                                  expires_at=expires_at, links=links, metadata=metadata)[0]

    def remember_many(self, user_id: str, texts: list[str], importances: list[float] | None = None,
                      source: str = "conversation", valid_from: datetime | None = None,
                      expires_at: datetime | None = None, links: Iterable[str] = (),
                      metadata: dict[str, Any] | None = None, supersedes: str | None = None) -> list[MemoryRecord]:
        """Store several memories of one user with one embedding call."""
        check_user(user_id)
        texts = [check_text(t) for t in texts]
        importances = [0.5] * len(texts) if importances is None else [check_importance(i) for i in importances]
        if len(importances) != len(texts):
            raise ValueError(f"{len(texts)} texts but {len(importances)} importances")
        metadata = dict(metadata or {})
        clash = sorted(set(metadata) & RESERVED_KEYS)
        if clash:
            raise ValueError(f"metadata keys {clash} are reserved (ownership and bookkeeping are set by the store, "
                             "never by the caller); rename them")
        links = [str(x) for x in links]
        now = self.clock.now()
        if expires_at is not None and expires_at <= now:
            raise ValueError(f"expires_at {expires_at:%Y-%m-%d %H:%M} is not in the future")
        vectors = self.embed(texts)
        taken: set[str] = set()
        records = []
        for text, imp, vec in zip(texts, importances, vectors):
            rid = self._new_id(user_id, text, taken)
            taken.add(rid)
            records.append(MemoryRecord(
                id=rid, user_id=user_id, text=text, embedding=vec, created_at=now, last_accessed_at=now,
                importance=imp, access_count=0, source=str(source), valid_from=valid_from or now, valid_to=None,
                expires_at=expires_at, links=list(links), supersedes=supersedes, metadata=dict(metadata)))
        self.store.add(records)
        return records

    def update(self, user_id: str, memory_id: str, new_text: str, importance: float | None = None,
               source: str = "update") -> MemoryRecord:
        """Supersede a memory: the old one ends now (kept as history), a new one starts now."""
        old = self._get_one(user_id, memory_id)
        now = self.clock.now()
        if not old.is_current(now):
            raise ValueError(f"memory {memory_id!r} is no longer current (superseded or expired); "
                             "update the current version instead (see history())")
        new = self.remember_many(user_id, [new_text], [old.importance if importance is None else importance],
                                 source=source, expires_at=old.expires_at, links=[*old.links, old.id],
                                 metadata=old.metadata, supersedes=old.id)[0]
        self.store.put([old.copy(valid_to=now)])
        return new

    def end(self, user_id: str, memory_id: str) -> MemoryRecord:
        """Mark a memory as no longer true from now on (kept as history, never recalled)."""
        old = self._get_one(user_id, memory_id)
        ended = old.copy(valid_to=self.clock.now())
        self.store.put([ended])
        return ended

    def forget(self, user_id: str, memory_id: str) -> None:
        """Delete one memory of this user for good (history included)."""
        self._get_one(user_id, memory_id)
        self.store.delete(check_user(user_id), [memory_id])

    def forget_user(self, user_id: str) -> None:
        """Delete everything stored for this user; nothing of it stays on disk."""
        self.store.delete_user(check_user(user_id))

    # -- read --------------------------------------------------------------------------------------
    def recall(self, user_id: str, query: str, k: int = 3, weights: Weights | None = None,
               threshold: float | None = None, touch: bool = True) -> list[Recalled]:
        """The k best current memories of this user for `query` with score >= threshold, best first.

        Recalled memories get `last_accessed_at = now` and `access_count + 1` (unless touch=False).
        """
        check_user(user_id)
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k must be a whole number >= 1, got {k!r}")
        query = check_text(query)
        w = weights or self.weights
        now = self.clock.now()
        q = self.embed([query])[0]
        if hasattr(self.store, "search_scored"):  # numpy: the whole score in one vectorised pass
            found = self.store.search_scored(user_id, q, k + 8, now, w, self.decay)  # +8: ties near the cut
            rows = sorted((self._score(r, rel, now, w) for r, rel in found), key=lambda x: (-x.score, x.id))
            return self._finish(rows, k, threshold, touch, now)
        n = max(4 * k, 32)
        max_importance, newest = self.store.bounds(user_id)  # upper bounds over every memory of this user
        max_recency = 1.0 if newest is None else recency(max(0.0, (now.timestamp() - newest) / 3600), self.decay)
        while True:  # over-fetch by relevance, rescore, and fetch more until the top k is provably right
            found = self.store.search(user_id, q, n, now)
            rows = sorted((self._score(r, rel, now, w) for r, rel in found), key=lambda x: (-x.score, x.id))
            if len(found) < n:
                break
            # no memory not fetched yet can score more than this
            best_missing = w.relevance * found[-1][1] + w.recency * max_recency + w.importance * max_importance
            kth = rows[k - 1].score if len(rows) >= k else threshold
            if kth is not None and kth > best_missing:
                break
            n *= 4
        return self._finish(rows, k, threshold, touch, now)

    def _finish(self, rows: list[Recalled], k: int, threshold: float | None, touch: bool,
                now: datetime) -> list[Recalled]:
        """Apply the threshold and k, and record the access of what is returned."""
        if threshold is not None:
            rows = [x for x in rows if x.score >= threshold]
        rows = rows[:k]
        if touch and rows:
            self.store.put([x.record.copy(last_accessed_at=now, access_count=x.record.access_count + 1)
                            for x in rows])
        return rows

    def _score(self, record: MemoryRecord, relevance: float, now: datetime, w: Weights) -> Recalled:
        hours = max(0.0, hours_between(record.last_accessed_at, now))
        rec = recency(hours, self.decay)
        return Recalled(record, score(rec, record.importance, relevance, w), rec, record.importance, relevance)

    def memories(self, user_id: str) -> list[MemoryRecord]:
        """This user's current memories, oldest first."""
        now = self.clock.now()
        return [r for r in self.store.get(check_user(user_id)) if r.is_current(now)]

    def history(self, user_id: str) -> list[MemoryRecord]:
        """Every record of this user, superseded and expired ones included, oldest first."""
        return self.store.get(check_user(user_id))

    def export(self, user_id: str) -> list[dict[str, Any]]:
        """Everything stored about this user as JSON-ready dicts (history included), for 'show me my data'."""
        now = self.clock.now()
        return [{**r.to_dict(), "current": r.is_current(now)} for r in self.history(user_id)]

    def get(self, user_id: str, memory_id: str) -> MemoryRecord:
        """One memory of this user by id (KeyError if this user has no such memory)."""
        return self._get_one(user_id, memory_id)

    def _get_one(self, user_id: str, memory_id: str) -> MemoryRecord:
        found = self.store.get(check_user(user_id), [memory_id])
        if not found:
            raise KeyError(f"user {user_id!r} has no memory {memory_id!r}")
        return found[0]

    def users(self) -> list[str]:
        """Every user with stored memories."""
        return self.store.users()

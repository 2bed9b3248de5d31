"""Where vector memories live: one small interface, two backends (numpy files, chroma).

A backend only stores records and finds the most relevant *current* ones for one user; scoring with
recency and importance happens in `course_lib.long_term.vector`. Every method takes the user id, and a backend
never returns a record whose `user_id` differs from it: isolation is enforced here, in storage.
"""
from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Protocol

import numpy as np

from course_lib.ranking import similarities

FOREVER = 1e18  # "no end" as a number of seconds, for stores that cannot hold None


class IdTaken(ValueError):
    """A new memory's id is already used by this user (the caller picks another id and retries)."""


def owner_of(records: list["MemoryRecord"]) -> str:
    """The one user all `records` belong to; a batch that mixes users is refused."""
    user_id = records[0].user_id
    if any(r.user_id != user_id for r in records):
        raise ValueError("add() takes records of one user at a time")
    return user_id


@dataclass
class MemoryRecord:
    """One memory of one user, with its two times, importance, provenance and links.

    Two times (bi-temporal): `recorded_at` / `superseded_at` are when the agent wrote this record and when a newer
    version replaced it (the agent's clock); `valid_from` / `valid_to` are when the fact was true in the user's life,
    from their words ("since last spring", "until June"). None means unknown start, or no end known yet."""

    id: str
    user_id: str
    text: str
    embedding: np.ndarray = field(repr=False)
    recorded_at: datetime
    last_accessed_at: datetime
    importance: float = 0.5
    access_count: int = 0
    source: str = "conversation"
    valid_from: datetime | None = None  # when the fact became true; None: not said (known since recorded_at)
    valid_to: datetime | None = None  # when it stopped being true (a retraction, a newer value, "until June")
    superseded_at: datetime | None = None  # when the agent replaced this record by a newer version
    expires_at: datetime | None = None
    links: list[str] = field(default_factory=list)
    supersedes: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def is_current(self, now: datetime) -> bool:
        """True if the memory holds at `now`: true by then (or, with no stated start, recorded by then), not ended,
        not expired."""
        start = self.valid_from or self.recorded_at
        if start > now:
            return False
        if self.valid_to is not None and self.valid_to <= now:
            return False
        return self.expires_at is None or self.expires_at > now

    def to_dict(self, with_embedding: bool = False) -> dict[str, Any]:
        """A JSON-ready dict (datetimes as ISO strings); the embedding only if asked for."""
        out = {k: copy.deepcopy(getattr(self, k)) for k in self.__dataclass_fields__ if k != "embedding"}
        for k, v in out.items():
            if isinstance(v, datetime):
                out[k] = v.isoformat()
        if with_embedding:
            out["embedding"] = [float(x) for x in self.embedding]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any], embedding: np.ndarray) -> "MemoryRecord":
        """The inverse of `to_dict` (the embedding comes separately)."""
        values = dict(d)
        values.pop("embedding", None)
        for k in ("recorded_at", "last_accessed_at", "valid_from", "valid_to", "superseded_at", "expires_at"):
            if values.get(k):
                values[k] = datetime.fromisoformat(values[k])
        return cls(embedding=np.asarray(embedding, dtype=np.float32), **values)

    def copy(self, **changes: Any) -> "MemoryRecord":
        """A copy with some fields changed."""
        return replace(self, **changes)


def ts(when: datetime | None, default: float = FOREVER) -> float:
    """A datetime as epoch seconds; None becomes `default`."""
    return default if when is None else when.timestamp()


def record_json(record: MemoryRecord) -> str:
    """One record (without its embedding) as a line of canonical JSON."""
    return json.dumps(record.to_dict(), sort_keys=True, ensure_ascii=False)


class Store(Protocol):
    """What a vector-memory backend does. All methods are scoped to one user."""

    def add(self, records: list[MemoryRecord]) -> None:
        """Store new records (all of the same user)."""

    def put(self, records: list[MemoryRecord]) -> None:
        """Overwrite existing records (e.g. after an access)."""

    def supersede(self, old: MemoryRecord, new: MemoryRecord) -> None:
        """In one write: store `old` (now ended) and add `new`; refused if `old` already ended."""

    def get(self, user_id: str, ids: list[str] | None = None) -> list[MemoryRecord]:
        """This user's records (all, including history, or just `ids`), oldest first."""

    def find_same(self, user_id: str, keys: list[str], now: datetime) -> dict[str, MemoryRecord]:
        """This user's current records whose `contract.content_key` is in `keys`, as {key: record}."""

    def current_ids(self, user_id: str, now: datetime) -> list[str]:
        """Ids of this user's records valid at `now`, oldest first (without building the records)."""

    def search(self, user_id: str, query: np.ndarray, n: int, now: datetime,
               memory_type: str | None = None) -> list[tuple[MemoryRecord, float]]:
        """Up to n of this user's current records (of `memory_type` only, if given) with the highest cosine
        relevance, best first."""

    def candidates(self, user_id: str, query: np.ndarray, k: int, now: datetime, weights: Any,
                   decay: float, memory_type: str | None = None) -> list[tuple[MemoryRecord, float]]:
        """This user's current records (of `memory_type` only, if given: see memory_types) that can be among the
        k best by the *full* score (`scoring.score` with these weights and decay), each with its exact cosine
        relevance, in any order: a superset of the top k (all of them when the user has k or fewer). How a backend finds them is its own business: the numpy
        store scores every row at once, chroma fetches nearest neighbours until no record left out can win."""

    def delete(self, user_id: str, ids: list[str]) -> None:
        """Remove these records of this user for good."""

    def delete_user(self, user_id: str) -> None:
        """Remove everything this user has stored, leaving nothing of it on disk."""

    def users(self) -> list[str]:
        """Every user id with at least one record."""


def open_store(backend: str, path: Any = None, chroma_host: str | None = None,
               chroma_port: int | None = None) -> Store:
    """The backend called `backend` ('numpy' or 'chroma')."""
    if backend == "numpy":
        if chroma_host is not None:
            raise ValueError("chroma_host is only for backend='chroma'")
        from course_lib.long_term.stores.numpy_store import NumpyStore
        return NumpyStore(path)
    if backend == "chroma":
        from course_lib.long_term.stores.chroma_store import ChromaStore
        return ChromaStore(path, host=chroma_host, port=chroma_port)
    raise ValueError(f"backend must be 'numpy' or 'chroma', got {backend!r}")


def cosine_rows(matrix: np.ndarray, query: np.ndarray) -> np.ndarray:
    """Cosine similarity of each row of `matrix` with `query` in float64 (rows and query need not be unit length)."""
    q = np.asarray(query, dtype=np.float64).ravel()
    qn = float(np.linalg.norm(q))
    if matrix.size == 0 or qn == 0 or math.isnan(qn):
        return np.zeros(len(matrix), dtype=np.float64)
    m = np.asarray(matrix, dtype=np.float64)
    norms = np.linalg.norm(m, axis=1)
    return similarities(m, q) / (np.where(norms == 0, 1, norms) * qn)

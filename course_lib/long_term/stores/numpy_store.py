"""The numpy backend: a flat, vectorised scan over one user's memories, kept in plain files.

On disk (when a path is given), one folder per user, named by a hash of the user id:

    <path>/<sha256(user_id)[:24]>/
        user.json       {"user_id": ...}
        records.jsonl   one JSON object per memory (everything except the embedding and access stats)
        vectors.npy     float32 matrix, row i is the embedding of line i of records.jsonl
        access.npy      float64 matrix, row i is (last_accessed_at as epoch seconds, access_count)

Access stats change on every recall, so they live in their own small file and records.jsonl is only
rewritten when a memory is added, superseded or deleted. Every file is written to a temporary file
and moved into place (`os.replace`), so a crash never leaves half a file. A search only ever loads
the folder of the user who asks: isolation by construction.
"""
from __future__ import annotations

import copy
import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from course_lib.long_term.stores import FOREVER, MemoryRecord, owner_of, record_json, ts

ACCESS_FIELDS = ("last_accessed_at", "access_count")


def user_folder_name(user_id: str) -> str:
    """The folder a user's memories live in: a hash, so any user id is a safe folder name."""
    return hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:24]


def atomic_write(path: Path, data: bytes, sync: bool = True) -> None:
    """Write `data` to `path` via a temporary file in the same folder and an atomic rename."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def npy_bytes(array: np.ndarray) -> bytes:
    """An array in .npy format, as bytes."""
    import io

    buf = io.BytesIO()
    np.save(buf, array, allow_pickle=False)
    return buf.getvalue()


@dataclass
class UserRows:
    """One user's memories in memory: records (without access stats) and aligned arrays."""

    records: list[dict]
    vectors: np.ndarray  # (n, d) float32, as stored
    access: np.ndarray  # (n, 2) float64: last access (epoch s), access count
    signature: tuple = ()

    def __post_init__(self) -> None:
        self.reindex()

    def reindex(self) -> None:
        """Rebuild the lookup table and the arrays the scan filters on."""
        self.index = {r["id"]: i for i, r in enumerate(self.records)}
        norms = np.linalg.norm(self.vectors, axis=1, keepdims=True) if len(self.vectors) else np.ones((0, 1))
        self.unit = (self.vectors / np.where(norms == 0, 1, norms)).astype(np.float32)
        self.starts = np.array([_when(r.get("valid_from") or r["created_at"]) for r in self.records], dtype=np.float64)
        self.ends = np.array([min(_when(r.get("valid_to")), _when(r.get("expires_at"))) for r in self.records],
                             dtype=np.float64)
        self.importance = np.array([r["importance"] for r in self.records], dtype=np.float64)

    def record(self, i: int) -> MemoryRecord:
        """Row i as a MemoryRecord."""
        d = copy.deepcopy(self.records[i])  # a copy: changing a returned record must not change the store
        d["last_accessed_at"] = datetime.fromtimestamp(float(self.access[i, 0]), tz=timezone.utc).isoformat()
        d["access_count"] = int(self.access[i, 1])
        return MemoryRecord.from_dict(d, self.vectors[i].copy())


def _when(iso: str | None) -> float:
    return FOREVER if not iso else datetime.fromisoformat(iso).timestamp()


def split(record: MemoryRecord) -> tuple[dict, list[float]]:
    """A record as (JSON dict without access stats, access row)."""
    d = json.loads(record_json(record))
    for k in ACCESS_FIELDS:
        d.pop(k)
    return d, [record.last_accessed_at.timestamp(), float(record.access_count)]


class NumpyStore:
    """Vector memories as numpy arrays, one folder per user (or in memory only if path is None)."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else None
        if self.path is not None:
            self.path.mkdir(parents=True, exist_ok=True)
        self._cache: dict[str, UserRows] = {}

    # -- files -------------------------------------------------------------------------------------
    def folder(self, user_id: str) -> Path | None:
        """The folder holding this user's files (None for an in-memory store)."""
        return None if self.path is None else self.path / user_folder_name(user_id)

    def _signature(self, folder: Path) -> tuple:
        out = []
        for name in ("records.jsonl", "vectors.npy", "access.npy"):
            try:
                st = (folder / name).stat()
                out.append((st.st_mtime_ns, st.st_size, st.st_ino))
            except FileNotFoundError:
                out.append(None)
        return tuple(out)

    def _rows(self, user_id: str) -> UserRows:
        """This user's rows, from the cache if the files have not changed since they were read."""
        folder = self.folder(user_id)
        cached = self._cache.get(user_id)
        if folder is None:
            if cached is None:
                cached = self._cache[user_id] = UserRows([], np.zeros((0, 0), np.float32), np.zeros((0, 2)))
            return cached
        sig = self._signature(folder)
        if cached is not None and cached.signature == sig:
            return cached
        if sig[0] is None:
            rows = UserRows([], np.zeros((0, 0), np.float32), np.zeros((0, 2)), sig)
        else:
            lines = (folder / "records.jsonl").read_text(encoding="utf-8").split("\n")
            records = [json.loads(line) for line in lines if line.strip()]
            vectors = np.load(folder / "vectors.npy", allow_pickle=False)
            access = np.load(folder / "access.npy", allow_pickle=False)
            if not (len(records) == len(vectors) == len(access)):
                raise RuntimeError(f"{folder} is inconsistent: {len(records)} records, {len(vectors)} vectors, "
                                   f"{len(access)} access rows. Restore it from a backup or delete the folder.")
            if any(r.get("user_id") != user_id for r in records):
                raise RuntimeError(f"{folder} holds records of another user; refusing to read it")
            rows = UserRows(records, vectors.astype(np.float32), access.astype(np.float64), sig)
        self._cache[user_id] = rows
        return rows

    def _save(self, user_id: str, rows: UserRows, records_changed: bool = True) -> None:
        if records_changed:
            rows.reindex()
        folder = self.folder(user_id)
        if folder is None:
            return
        folder.mkdir(parents=True, exist_ok=True)
        if records_changed:
            atomic_write(folder / "user.json", json.dumps({"user_id": user_id}).encode())
            text = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows.records)
            atomic_write(folder / "records.jsonl", text.encode("utf-8"))
            atomic_write(folder / "vectors.npy", npy_bytes(rows.vectors))
        atomic_write(folder / "access.npy", npy_bytes(rows.access), sync=records_changed)  # stats: no fsync
        rows.signature = self._signature(folder)

    # -- the Store interface -------------------------------------------------------------------------
    def add(self, records: list[MemoryRecord]) -> None:
        """Append new records of one user."""
        if not records:
            return
        user_id = owner_of(records)
        rows = self._rows(user_id)
        for r in records:
            if r.id in rows.index:
                raise ValueError(f"memory id {r.id!r} already exists for this user")
        parts = [split(r) for r in records]
        new_vectors = np.stack([np.asarray(r.embedding, dtype=np.float32).ravel() for r in records])
        if len(rows.vectors) and rows.vectors.shape[1] != new_vectors.shape[1]:
            raise ValueError(f"embedding has {new_vectors.shape[1]} dimensions but this user's memories have "
                             f"{rows.vectors.shape[1]}; use the same embedding model for one store")
        rows.records = rows.records + [d for d, _ in parts]
        rows.vectors = new_vectors if not len(rows.vectors) else np.vstack([rows.vectors, new_vectors])
        rows.access = np.vstack([rows.access.reshape(-1, 2), np.array([a for _, a in parts], dtype=np.float64)])
        self._save(user_id, rows)

    def put(self, records: list[MemoryRecord]) -> None:
        """Overwrite existing records; only the small access file is rewritten if nothing else changed."""
        if not records:
            return
        user_id = records[0].user_id
        rows = self._rows(user_id)
        changed = False
        for r in records:
            if r.user_id != user_id or r.id not in rows.index:
                raise KeyError(f"no memory {r.id!r} for user {r.user_id!r}")
            i = rows.index[r.id]
            d, a = split(r)
            if d != rows.records[i]:
                rows.records[i] = d
                rows.vectors[i] = np.asarray(r.embedding, dtype=np.float32)
                changed = True
            rows.access[i] = a
        self._save(user_id, rows, records_changed=changed)

    def get(self, user_id: str, ids: list[str] | None = None) -> list[MemoryRecord]:
        """This user's records (all, oldest first, or those in `ids`)."""
        rows = self._rows(user_id)
        if ids is None:
            return [rows.record(i) for i in range(len(rows.records))]
        return [rows.record(rows.index[i]) for i in ids if i in rows.index]

    def _live(self, user_id: str, query: np.ndarray, now: datetime) -> tuple[Any, np.ndarray, np.ndarray]:
        """This user's rows, the indices of those valid at `now`, and the unit-length query."""
        rows = self._rows(user_id)
        t = now.timestamp()
        live = np.flatnonzero((rows.starts <= t) & (rows.ends > t)) if rows.records else np.array([], dtype=int)
        q = np.asarray(query, dtype=np.float32).ravel()
        return rows, live, q / (np.linalg.norm(q) or 1.0)

    def search(self, user_id: str, query: np.ndarray, n: int, now: datetime) -> list[tuple[MemoryRecord, float]]:
        """The n current records most similar to `query`: one matrix-vector product over this user's rows."""
        rows, live, q = self._live(user_id, query, now)
        if not len(live):
            return []
        relevance = rows.unit[live] @ q
        if n < len(live):  # partial sort: only the n best need ordering
            part = np.argpartition(-relevance, n - 1)[:n]
            live, relevance = live[part], relevance[part]
        ids = [rows.records[i]["id"] for i in live]
        order = sorted(range(len(live)), key=lambda j: (-float(relevance[j]), ids[j]))
        return [(rows.record(int(live[j])), float(relevance[j])) for j in order]

    def search_scored(self, user_id: str, query: np.ndarray, n: int, now: datetime, weights: Any,
                      decay: float) -> list[tuple[MemoryRecord, float]]:
        """The n current records with the best *full* score, computed for every row at once:
        w_rec * decay ** hours_since_access + w_imp * importance + w_rel * cosine."""
        rows, live, q = self._live(user_id, query, now)
        if not len(live):
            return []
        t = now.timestamp()
        relevance = (rows.unit @ q)[live]  # one matrix-vector product over all rows, then keep the live ones
        hours = np.maximum(0.0, (t - rows.access[live, 0]) / 3600.0)
        total = (weights.recency * decay ** hours + weights.importance * rows.importance[live]
                 + weights.relevance * relevance.astype(np.float64))
        if n < len(live):
            part = np.argpartition(-total, n - 1)[:n]
            live, relevance = live[part], relevance[part]
        return [(rows.record(int(i)), float(r)) for i, r in zip(live, relevance)]

    def delete(self, user_id: str, ids: list[str]) -> None:
        """Remove these records of this user (rewrites the user's files without them)."""
        rows = self._rows(user_id)
        keep = [i for i, r in enumerate(rows.records) if r["id"] not in set(ids)]
        rows.records = [rows.records[i] for i in keep]
        rows.vectors = rows.vectors[keep] if len(rows.vectors) else rows.vectors
        rows.access = rows.access[keep] if len(rows.access) else rows.access
        if not rows.records and self.folder(user_id) is not None:
            self.delete_user(user_id)
            return
        self._save(user_id, rows)

    def delete_user(self, user_id: str) -> None:
        """Remove the user's folder and everything cached about them."""
        self._cache.pop(user_id, None)
        folder = self.folder(user_id)
        if folder is not None and folder.exists():
            shutil.rmtree(folder)

    def users(self) -> list[str]:
        """Every user with stored memories."""
        if self.path is None:
            return sorted(u for u, rows in self._cache.items() if rows.records)
        out = []
        for f in sorted(self.path.glob("*/user.json")):
            out.append(json.loads(f.read_text(encoding="utf-8"))["user_id"])
        return sorted(out)

"""The numpy backend: a flat, vectorised scan over one user's memories, kept in plain files.

On disk (when a path is given), one folder per user, named by a hash of the user id, holding
`memories.npz` (records, vectors, and a snapshot of access stats) and `access.npz` (the access stats a
recall updates); see `numpy_files` for the format. A search only ever loads the folder of the user who
asks: isolation by construction.

Crash safety: every add, update or delete is committed by one atomic rename of memories.npz, so a kill
leaves the memories as they were before or after the write, never in between; an update writes the ended
old version and the new one in that same rename. Deleting a user first renames their folder away (the
commit point), then removes it. Temporary files a killed writer left are removed on the next write.

Two kernels: every write holds a per-user lock file (`<path>/<folder>.lock`, the `filelock` package) and
re-reads the user's files under it, so concurrent writers in several processes lose nothing; readers
never need the lock (they see the last commit).
"""
from __future__ import annotations

import os
import shutil
import uuid
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from course_lib.long_term.contract import content_key
from course_lib.long_term.stores import IdTaken, MemoryRecord, owner_of
from course_lib.ranking import DECIMALS, candidates, screen, similarities, slack, top
from course_lib.scoring import Weights, recencies, score
from course_lib.long_term.stores.files import locked, remove_temp_files
from course_lib.long_term.stores.private import check_no_symlinks, private_folder, private_name
from course_lib.long_term.stores.numpy_files import (ACCESS, MEMORIES, UserRows, empty_rows, load,
                                                     read_meta, save, split)

DELETING = ".deleting-"


def user_folder_name(path: Path, user_id: str) -> str:
    """The folder a user's memories live in under `path`: a keyed hash (see `private`), so any user id is a safe
    folder name and no name can be traced back to a user without the store's key."""
    return private_name(path, user_id)


class NumpyStore:
    """Vector memories as numpy arrays, one folder per user (or in memory only if path is None)."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self._cache: dict[str, UserRows] = {}
        if self.path is not None:
            self.path = private_folder(self.path)  # 0700, and no symlink planted in it
            for left in self.path.glob(f"{DELETING}*"):  # a delete_user that was killed half-way
                shutil.rmtree(left, ignore_errors=True)

    # -- files -------------------------------------------------------------------------------------
    def folder(self, user_id: str) -> Path | None:
        """The folder holding this user's files (None for an in-memory store)."""
        return None if self.path is None else self.path / user_folder_name(self.path, user_id)

    @contextmanager
    def _writing(self, user_id: str) -> Iterator[UserRows]:
        """Lock this user's folder against other processes and yield their rows as they are on disk now."""
        folder = self.folder(user_id)
        if folder is None:
            yield self._rows(user_id)
            return
        with locked(self.path / f"{folder.name}.lock", f"the memories of {user_id!r}"):
            if folder.exists():
                remove_temp_files(folder)
            try:
                yield self._rows(user_id)
            except BaseException:
                self._cache.pop(user_id, None)  # a write that failed half-way: re-read the files next time
                raise

    @staticmethod
    def _signature(folder: Path) -> tuple:
        out = []
        for name in (MEMORIES, ACCESS, "records.jsonl"):
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
                cached = self._cache[user_id] = empty_rows()
            return cached
        sig = self._signature(folder)
        if cached is not None and cached.signature == sig:
            return cached
        rows = self._cache[user_id] = load(folder, user_id, sig)
        return rows

    def _save(self, user_id: str, rows: UserRows, records_changed: bool = True) -> None:
        if records_changed:
            rows.reindex()
        folder = self.folder(user_id)
        if folder is None:
            return
        save(folder, user_id, rows, records_changed)
        rows.signature = self._signature(folder)

    # -- the Store interface -------------------------------------------------------------------------
    def add(self, records: list[MemoryRecord]) -> None:
        """Append new records of one user (one commit)."""
        if not records:
            return
        user_id = owner_of(records)
        with self._writing(user_id) as rows:
            self._append(rows, records)
            self._save(user_id, rows)

    @staticmethod
    def _append(rows: UserRows, records: list[MemoryRecord]) -> None:
        taken = [r.id for r in records if r.id in rows.index]
        if taken or len({r.id for r in records}) != len(records):
            raise IdTaken(f"memory ids {taken or [r.id for r in records]} already exist for this user")
        parts = [split(r) for r in records]
        new_vectors = np.stack([np.asarray(r.embedding, dtype=np.float32).ravel() for r in records])
        if len(rows.vectors) and rows.vectors.shape[1] != new_vectors.shape[1]:
            raise ValueError(f"embedding has {new_vectors.shape[1]} dimensions but this user's memories have "
                             f"{rows.vectors.shape[1]}; use the same embedding model for one store")
        rows.records = rows.records + [d for d, _ in parts]
        rows.vectors = new_vectors if not len(rows.vectors) else np.vstack([rows.vectors, new_vectors])
        rows.access = np.vstack([rows.access.reshape(-1, 2), np.array([a for _, a in parts], dtype=np.float64)])

    def put(self, records: list[MemoryRecord]) -> None:
        """Overwrite existing records; only the small access file is rewritten if nothing else changed."""
        if not records:
            return
        user_id = records[0].user_id
        with self._writing(user_id) as rows:
            changed = False
            for r in records:
                if r.user_id != user_id or r.id not in rows.index:
                    raise KeyError(f"no memory {r.id!r} for user {r.user_id!r}")
            for r in records:
                i = rows.index[r.id]
                d, a = split(r)
                if d != rows.records[i]:
                    rows.records = list(rows.records)
                    rows.records[i] = d
                    rows.vectors = rows.vectors.copy()
                    rows.vectors[i] = np.asarray(r.embedding, dtype=np.float32)
                    changed = True
                rows.access = rows.access.copy()
                rows.access[i] = a
            self._save(user_id, rows, records_changed=changed)

    def supersede(self, old: MemoryRecord, new: MemoryRecord) -> None:
        """End `old` and add `new` in one commit; refused if `old` has ended meanwhile (another writer)."""
        user_id = owner_of([old, new])
        with self._writing(user_id) as rows:
            if old.id not in rows.index:
                raise KeyError(f"no memory {old.id!r} for user {user_id!r}")
            if rows.records[rows.index[old.id]].get("superseded_at") is not None:
                raise ValueError(f"memory {old.id!r} was superseded meanwhile (by another writer); "
                                 "update the newest version")
            self._append(rows, [new])
            d, a = split(old)
            i = rows.index[old.id]
            rows.records[i], rows.access[i] = d, a
            self._save(user_id, rows)

    def get(self, user_id: str, ids: list[str] | None = None) -> list[MemoryRecord]:
        """This user's records (all, oldest first, or those in `ids`)."""
        rows = self._rows(user_id)
        if ids is None:
            return [rows.record(i) for i in range(len(rows.records))]
        return [rows.record(rows.index[i]) for i in ids if i in rows.index]

    def find_same(self, user_id: str, keys: list[str], now: datetime) -> dict[str, MemoryRecord]:
        """This user's current records with these content keys, as {key: record} (see `contract.content_key`)."""
        rows = self._rows(user_id)
        t = now.timestamp()
        out = {}
        for key, ids in rows.ids_with_keys(keys).items():
            live = [i for i in (rows.index[x] for x in ids) if rows.starts[i] <= t < rows.ends[i]
                    and content_key(rows.records[i]["text"]) == key]
            if live:
                out[key] = rows.record(live[0])
        return out

    def current_ids(self, user_id: str, now: datetime) -> list[str]:
        """Ids of this user's records valid at `now`, oldest first, without building records (cheap)."""
        rows, live, _ = self._live(user_id, np.zeros(1), now)
        ids = list(rows.index)  # id -> row number, in row order
        return ids if len(live) == len(ids) else [ids[i] for i in live.tolist()]

    def _live(self, user_id: str, query: np.ndarray, now: datetime,
              memory_type: str | None = None) -> tuple[Any, np.ndarray, np.ndarray]:
        """This user's rows, the indices of those valid at `now` (and of `memory_type`, if given), and the
        unit-length query."""
        rows = self._rows(user_id)
        t = now.timestamp()
        mask = (rows.starts <= t) & (rows.ends > t) & (True if memory_type is None else rows.types == memory_type)
        live = np.flatnonzero(mask) if rows.records else np.array([], dtype=int)
        q = np.asarray(query, dtype=np.float32).ravel()
        return rows, live, q / (np.linalg.norm(q) or 1.0)

    def search(self, user_id: str, query: np.ndarray, n: int, now: datetime,
               memory_type: str | None = None) -> list[tuple[MemoryRecord, float]]:
        """The n current records (of `memory_type` only, if given) most similar to `query`: one matrix-vector
        product over this user's rows."""
        rows, live, q = self._live(user_id, query, now, memory_type)
        if not len(live):
            return []
        pool = live[candidates(screen(rows.unit[live], q), n, slack(rows.unit.shape[-1]))]  # fast float32 screen
        relevance = similarities(rows.unit[pool], q)  # exact float64 cosines decide (ranking.py)
        ids = [rows.records[i]["id"] for i in pool]
        return [(rows.record(int(pool[j])), float(relevance[j])) for j in top(relevance, ids, n)]

    def candidates(self, user_id: str, query: np.ndarray, k: int, now: datetime, weights: Weights,
                   decay: float, memory_type: str | None = None) -> list[tuple[MemoryRecord, float]]:
        """The current records (of `memory_type` only, if given) that can make the top k by full score, scored for
        every row at once (`scoring.score` on arrays; float32 cosines, whose error `slack` bounds), then exact
        float64 cosines for the rows within that error of the k-th best (ranking.py)."""
        rows, live, q = self._live(user_id, query, now, memory_type)
        if not len(live):
            return []
        hours = np.maximum(0.0, (now.timestamp() - rows.access[live, 0]) / 3600.0)
        approx = score(recencies(hours, decay), rows.importance[live], screen(rows.unit, q)[live], weights)
        margin = weights.relevance * slack(rows.unit.shape[-1]) + 10.0 ** -DECIMALS  # + what rank_key calls a tie
        pool = live[candidates(approx, k, margin)]
        return [(rows.record(int(i)), float(r)) for i, r in zip(pool, similarities(rows.unit[pool], q))]

    def delete(self, user_id: str, ids: list[str]) -> None:
        """Remove these records of this user (one commit of the user's files without them)."""
        with self._writing(user_id) as rows:
            gone = set(ids)
            keep = [i for i, r in enumerate(rows.records) if r["id"] not in gone]
            if len(keep) == len(rows.records):
                return
            if not keep and self.folder(user_id) is not None:
                self._drop(user_id)
                return
            rows.records = [rows.records[i] for i in keep]
            rows.vectors = rows.vectors[keep]
            rows.access = rows.access[keep]
            self._save(user_id, rows)

    def delete_user(self, user_id: str) -> None:
        """Remove the user's folder and everything cached about them (a symlink in the store: refused first)."""
        if self.path is not None:
            check_no_symlinks(self.path)
        with self._writing(user_id):
            self._drop(user_id)
        if self.path is not None:
            lock = self.path / f"{self.folder(user_id).name}.lock"
            lock.unlink(missing_ok=True)  # released above; an empty file, but no reason to keep it

    def _drop(self, user_id: str) -> None:
        self._cache.pop(user_id, None)
        folder = self.folder(user_id)
        if folder is not None and folder.exists():
            doomed = folder.with_name(f"{DELETING}{folder.name}-{uuid.uuid4().hex[:8]}")
            os.replace(folder, doomed)  # the commit point: from here on the user has no memories
            shutil.rmtree(doomed)

    def users(self) -> list[str]:
        """Every user with stored memories."""
        if self.path is None:
            return sorted(u for u, rows in self._cache.items() if rows.records)
        return sorted({read_meta(f)["user_id"] for f in self.path.glob(f"*/{MEMORIES}")})

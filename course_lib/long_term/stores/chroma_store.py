"""The chroma backend: embedded (`PersistentClient`) by default, a Chroma server (`HttpClient`) when given a host.

Files: 0700 folder, 0600 files (tightened after each write); a symlink in it is refused at open and before a delete.
Layout: one collection per user, named by a hash of the user id, and every record also carries its
`user_id` in metadata. A search asks chroma for the nearest vectors in that user's own collection, then checks
every returned record's user id again in Python before handing it back (defence in depth). Chroma is never given an embedding function: vectors always
come from the course's `Model().embed`, so chroma never tries to download its default model.

Writes: `add` is one chroma call (one transaction in chroma's log); an update that supersedes a memory
writes the ended old version and the new one in one `upsert`, so a crash never leaves two current versions.
A room on one server (COURSE_CHROMA_HOST, when no path is given): a tenant per learner, see `chroma_tenancy`.

Two kernels: embedded chroma keeps index state inside the process, so one store folder may be open in
one process at a time; a second process gets a clear error at open (close the other kernel, or use another
path). A Chroma server takes writers from many processes itself.

Deletion: `forget` and `forget_user` leave no byte of the text under an embedded store's folder, and only
the operator can scrub a server's disk; see `chroma_disk`.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import warnings
import weakref
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from course_lib.model.clock import hours_between
from course_lib.ranking import DECIMALS, order
from course_lib.scoring import Weights, recency, score
from course_lib.long_term.stores import IdTaken, MemoryRecord, chroma_disk, cosine_rows, owner_of, record_json, ts
from course_lib.long_term.contract import content_key
from course_lib.long_term.stores.chroma_tenancy import configured_server, connect
from course_lib.long_term.stores.files import hold_for_process
from course_lib.long_term.stores.private import check_no_symlinks, private_folder, tighten_tree

BOUND_IMPORTANCE, BOUND_ACCESS = "bound_importance", "bound_last_access"  # collection metadata keys
LOCK_NAME = ".course-store.lock"  # held by the one process that has the embedded store open


def collection_name(user_id: str) -> str:
    """The collection holding one user's memories (a hash: user ids may contain any character)."""
    return "mem-" + hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:40]


def to_metadata(record: MemoryRecord, seq: int) -> dict[str, Any]:
    """Chroma metadata for a record: the owner, the validity window as numbers, and the record as JSON."""
    end = min(ts(record.valid_to), ts(record.expires_at))
    return {"user_id": record.user_id, "start_ts": ts(record.valid_from or record.recorded_at),
            "end_ts": end, "seq": seq, "content_key": content_key(record.text),
            "record": record_json(record)}


def from_result(metadata: dict[str, Any], embedding: Any) -> MemoryRecord:
    """A MemoryRecord back from chroma metadata and its stored embedding."""
    return MemoryRecord.from_dict(json.loads(metadata["record"]), np.asarray(embedding, dtype=np.float32))


class ChromaStore:
    """Vector memories in chroma, one collection per user (on a server, inside this learner's tenant)."""

    def __init__(self, path: str | Path | None = None, host: str | None = None, port: int | None = None) -> None:
        import chromadb
        from chromadb.config import Settings

        if host is None and path is None:  # no folder given: the room's server, if one is configured
            host, port = configured_server(port)
        self.host, self.port, self.tenant = host, None, None
        if host is not None:
            if path is not None:
                raise ValueError("give either path (embedded chroma) or chroma_host (a Chroma server), not both")
            self.path, self.port, self.client = None, int(port or 8000), connect(host, int(port or 8000))
            self.tenant = self.client.tenant  # this learner's: behind the room's gate, from the hub token
        else:
            if path is None:  # a private temporary folder, removed when the store is garbage-collected
                path = tempfile.mkdtemp(prefix="course-chroma-")
                weakref.finalize(self, shutil.rmtree, path, True)
            self.path = private_folder(path)  # 0700, and no symlink planted in it
            hold_for_process(self.path / LOCK_NAME, self, f"the chroma store at {self.path}")
            self.client = chromadb.PersistentClient(path=str(self.path), settings=Settings(anonymized_telemetry=False))
            self._scrubbed: dict[str, tuple] = {}
            self._scrub_indexes()

    def _scrub_indexes(self) -> None:
        """Embedded: zero the unused slots of index files that are new or have grown since the last look."""
        if self.path is None:
            return
        tighten_tree(self.path)  # chroma creates index folders and files 0755/0644: make them private
        for folder in chroma_disk.index_folders(self.path):
            sig = tuple(f.stat().st_size if f.exists() else -1 for f in
                        (folder / "header.bin", folder / "length.bin", folder / "data_level0.bin"))
            if self._scrubbed.get(folder.name) != sig:
                chroma_disk.scrub_index(folder)
                self._scrubbed[folder.name] = sig

    def _collection(self, user_id: str, create: bool = False):
        name = collection_name(user_id)
        if create:
            return self.client.get_or_create_collection(
                name, embedding_function=None, metadata={"hnsw:space": "cosine", "hnsw:search_ef": 200})
        try:
            return self.client.get_collection(name, embedding_function=None)
        except Exception:  # chroma raises NotFoundError / ValueError depending on version
            return None

    def _checked(self, user_id: str, ids: list[str], metadatas: list[Any], embeddings: Any) -> list[MemoryRecord]:
        """Records from a chroma result, keeping only those that really belong to `user_id`."""
        out = []
        for i, meta, emb in zip(ids, metadatas, embeddings):
            if not meta or meta.get("user_id") != user_id:
                warnings.warn(f"chroma returned memory {i!r} that does not belong to {user_id!r}; dropped it")
                continue
            record = from_result(meta, emb)
            if record.user_id != user_id or record.id != i:
                warnings.warn(f"chroma memory {i!r} has inconsistent ownership; dropped it")
                continue
            out.append(record)
        return out

    def add(self, records: list[MemoryRecord]) -> None:
        """Append new records of one user."""
        if not records:
            return
        user_id = owner_of(records)
        col = self._collection(user_id, create=True)
        ids = [r.id for r in records]
        if col.get(ids=ids, include=[])["ids"]:
            raise IdTaken(f"memory ids {ids} already exist for this user")
        start = col.count()
        col.add(ids=ids, embeddings=[np.asarray(r.embedding, dtype=np.float32) for r in records],
                documents=[r.text for r in records],
                metadatas=[to_metadata(r, start + n) for n, r in enumerate(records)])
        self._raise_bounds(col, records)
        self._scrub_indexes()

    def supersede(self, old: MemoryRecord, new: MemoryRecord) -> None:
        """Write the ended `old` and the new `new` in one call: both versions, or neither (never two current)."""
        col = self._collection(owner_of([old, new]))
        found = None if col is None else col.get(ids=[old.id, new.id], where={"user_id": old.user_id},
                                                 include=["metadatas"])
        if found is None or old.id not in found["ids"]:
            raise KeyError(f"no memory {old.id!r} for user {old.user_id!r}")
        if new.id in found["ids"]:
            raise IdTaken(f"memory id {new.id!r} already exists for this user")
        current = json.loads(found["metadatas"][found["ids"].index(old.id)]["record"]).get("superseded_at")
        if current is not None:
            raise ValueError(f"memory {old.id!r} was superseded meanwhile (by another writer); update the newest version")
        seq = int(found["metadatas"][found["ids"].index(old.id)].get("seq", 0))
        col.upsert(ids=[old.id, new.id], embeddings=[np.asarray(r.embedding, np.float32) for r in (old, new)],
                   documents=[old.text, new.text], metadatas=[to_metadata(old, seq), to_metadata(new, col.count())])
        self._raise_bounds(col, [old, new])
        self._scrub_indexes()

    def put(self, records: list[MemoryRecord]) -> None:
        """Overwrite existing records of one user."""
        if not records:
            return
        user_id = records[0].user_id
        col = self._collection(user_id)
        found = {} if col is None else dict(zip(*[col.get(ids=[r.id for r in records], where={"user_id": user_id},
                                                          include=["metadatas"])[k] for k in ("ids", "metadatas")]))
        for r in records:
            if r.user_id != user_id or r.id not in found:
                raise KeyError(f"no memory {r.id!r} for user {r.user_id!r}")
        col.update(ids=[r.id for r in records], embeddings=[np.asarray(r.embedding, np.float32) for r in records],
                   documents=[r.text for r in records],
                   metadatas=[to_metadata(r, int(found[r.id].get("seq", 0))) for r in records])
        self._raise_bounds(col, records)
        self._scrub_indexes()

    @staticmethod
    def _raise_bounds(col: Any, records: list[MemoryRecord]) -> None:
        """Keep upper bounds on importance and last access in the collection's metadata (they never drop)."""
        meta = dict(col.metadata or {})
        best_importance = max([float(meta.get(BOUND_IMPORTANCE, 0.0))] + [r.importance for r in records])
        newest = max([float(meta.get(BOUND_ACCESS, 0.0))] + [ts(r.last_accessed_at) for r in records])
        if (best_importance, newest) != (meta.get(BOUND_IMPORTANCE), meta.get(BOUND_ACCESS)):
            col.modify(metadata={BOUND_IMPORTANCE: best_importance, BOUND_ACCESS: newest})

    def bounds(self, user_id: str) -> tuple[float, float | None]:
        """Upper bounds over this user's memories: (importance, last access as a timestamp); (1, None) if unknown."""
        col = self._collection(user_id)
        meta = (col.metadata or {}) if col is not None else {}
        if BOUND_IMPORTANCE not in meta or BOUND_ACCESS not in meta:
            return 1.0, None
        return float(meta[BOUND_IMPORTANCE]), float(meta[BOUND_ACCESS])

    def get(self, user_id: str, ids: list[str] | None = None) -> list[MemoryRecord]:
        """This user's records (all, oldest first, or those in `ids`)."""
        col = self._collection(user_id)
        if col is None or (ids is not None and not ids):
            return []
        res = col.get(ids=ids, where={"user_id": user_id}, include=["metadatas", "embeddings"])
        records = self._checked(user_id, res["ids"], res["metadatas"], res["embeddings"])
        seq = {i: int(m.get("seq", 0)) for i, m in zip(res["ids"], res["metadatas"]) if m}
        return sorted(records, key=lambda r: (r.recorded_at, seq.get(r.id, 0), r.id))

    def find_same(self, user_id: str, keys: list[str], now: datetime) -> dict[str, MemoryRecord]:
        """This user's current records with these content keys, as {key: record} (see `contract.content_key`)."""
        col = self._collection(user_id)
        if col is None or not keys:
            return {}
        t = now.timestamp()
        where = {"$and": [{"user_id": user_id}, {"content_key": {"$in": list(keys)}}, {"start_ts": {"$lte": t}},
                          {"end_ts": {"$gt": t}}]}
        res = col.get(where=where, include=["metadatas", "embeddings"])
        out: dict[str, MemoryRecord] = {}
        for r in sorted(self._checked(user_id, res["ids"], res["metadatas"], res["embeddings"]), key=lambda r: r.id):
            if r.is_current(now):
                out.setdefault(content_key(r.text), r)
        return out

    def search(self, user_id: str, query: np.ndarray, n: int, now: datetime,
               memory_type: str | None = None) -> list[tuple[MemoryRecord, float]]:
        """Up to n current records (of `memory_type` only, if given) by relevance: chroma's nearest neighbours in
        this user's own collection. No `where` filter (chroma would read every row's metadata first: 0.5 s at
        10,000 memories, 20 ms without); records of another user (never expected), ended ones and those of
        another type are dropped here, and more neighbours fetched while some were, so up to n come back."""
        col = self._collection(user_id)
        total = 0 if col is None else col.count()
        if total == 0:
            return []
        q = np.asarray(query, dtype=np.float32).ravel()
        want = min(n, total)
        while True:
            res = col.query(query_embeddings=[q], n_results=want, include=["metadatas", "embeddings"])
            records = [r for r in self._checked(user_id, res["ids"][0], res["metadatas"][0], res["embeddings"][0])
                       if r.is_current(now) and memory_type in (None, r.metadata.get("memory_type"))]
            if len(records) >= n or want >= total:
                break
            want = min(total, 2 * want + (want - len(records)))
        if not records:
            return []
        relevance = cosine_rows(np.stack([r.embedding for r in records]), q)  # exact, not chroma's distance
        pairs = [(r, float(v)) for r, v in zip(records, relevance)]
        return [pairs[i] for i in order([v for _, v in pairs], keys=[r.id for r, _ in pairs], n=n)]

    def current_ids(self, user_id: str, now: datetime) -> list[str]:
        """Ids of this user's records valid at `now`, oldest first."""
        return [r.id for r in self.get(user_id) if r.is_current(now)]

    def candidates(self, user_id: str, query: np.ndarray, k: int, now: datetime, weights: Weights,
                   decay: float, memory_type: str | None = None) -> list[tuple[MemoryRecord, float]]:
        """Chroma ranks by relevance only, so: fetch the 4k (at least 32) most relevant, score them, and fetch
        4 times more until no record left out can beat the k-th, since its relevance is at most the last one
        fetched and its recency and importance at most this user's `bounds`."""
        n, (max_importance, newest) = max(4 * k, 32), self.bounds(user_id)
        max_recency = 1.0 if newest is None else recency(max(0.0, (now.timestamp() - newest) / 3600), decay)
        while True:
            found = self.search(user_id, query, n, now, memory_type)
            if len(found) < n:
                return found
            totals = sorted((score(recency(max(0.0, hours_between(r.last_accessed_at, now)), decay), r.importance,
                                   rel, weights) for r, rel in found), reverse=True)
            if totals[k - 1] > score(max_recency, max_importance, found[-1][1], weights) + 10.0 ** -DECIMALS:
                return found
            n *= 4

    def delete(self, user_id: str, ids: list[str]) -> None:
        """Remove these records of this user."""
        col = self._collection(user_id)
        if col is None or not ids:
            return
        mine = col.get(ids=list(ids), where={"user_id": user_id}, include=[])["ids"]
        if mine:
            col.delete(ids=mine)
            if self.path is not None:
                self.scrub()

    def delete_user(self, user_id: str) -> None:
        """Drop the user's collection; embedded, also scrub what SQLite and the index leave behind."""
        check_no_symlinks(self.path)
        if self._collection(user_id) is not None:
            self.client.delete_collection(collection_name(user_id))
        if self.path is not None:
            self.scrub()

    def scrub(self) -> None:
        """Embedded only: vacuum chroma.sqlite3, drop orphaned index folders, zero unused index slots."""
        chroma_disk.scrub(self.path)
        self._scrubbed.clear()
        self._scrub_indexes()

    def users(self) -> list[str]:
        """Every user with a collection here."""
        out = []
        names = [col if isinstance(col, str) else col.name for col in self.client.list_collections()]
        for name in (n for n in names if n.startswith("mem-")):
            got = self.client.get_collection(name, embedding_function=None).get(limit=1, include=["metadatas"])
            if got["metadatas"]:
                out.append(got["metadatas"][0]["user_id"])
        return sorted(out)

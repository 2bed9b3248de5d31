"""The numpy backend's rows in memory and their two files on disk (see `numpy_store` for the layout).

    memories.npz   the commit point: meta (format, user id, generation), records (JSON lines, without access
                   stats), vectors (n, d) float32, and a snapshot of the access stats (n, 2)
    access.npz     the generation it belongs to and the access stats (last access as epoch s, count)

Every add, update or delete replaces memories.npz in one atomic rename; a recall only replaces the small
access.npz. An access file whose generation differs from memories.npz's (a crash between the two renames)
is ignored in favour of the snapshot, which is never older than the last commit.
"""
from __future__ import annotations

import copy
import io
import json
import zipfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from course_lib.long_term.contract import content_key
from course_lib.long_term.stores import FOREVER, MemoryRecord, record_json
from course_lib.long_term.stores.files import StoreFileError, atomic_write

ACCESS_FIELDS = ("last_accessed_at", "access_count")
FORMAT = 1
MEMORIES, ACCESS = "memories.npz", "access.npz"


@dataclass
class UserRows:
    """One user's memories in memory: records (without access stats) and aligned arrays."""

    records: list[dict]
    vectors: np.ndarray  # (n, d) float32, as stored
    access: np.ndarray  # (n, 2) float64: last access (epoch s), access count
    signature: tuple = ()
    generation: int = 0

    def __post_init__(self) -> None:
        self.keys: dict[str, list[str]] = {}  # content key -> ids, filled by ids_with_keys
        self.keyed: set[str] = set()  # the ids already in `keys`
        self.reindex()

    def reindex(self) -> None:
        """Rebuild the lookup table and the arrays the scan filters on."""
        self.index = {r["id"]: i for i, r in enumerate(self.records)}
        norms = np.linalg.norm(self.vectors, axis=1, keepdims=True) if len(self.vectors) else np.ones((0, 1))
        self.unit = (self.vectors / np.where(norms == 0, 1, norms)).astype(np.float32)
        self.starts = np.array([_when(r.get("valid_from") or r["recorded_at"]) for r in self.records], dtype=np.float64)
        self.ends = np.array([min(_when(r.get("valid_to")), _when(r.get("expires_at"))) for r in self.records],
                             dtype=np.float64)
        self.importance = np.array([r["importance"] for r in self.records], dtype=np.float64)
        self.types = np.array([(r.get("metadata") or {}).get("memory_type") for r in self.records], dtype=object)

    def ids_with_keys(self, keys: list[str]) -> dict[str, list[str]]:
        """{key: ids of the rows with that content key} for the keys that have rows (the table only grows)."""
        if not self.keyed.issuperset(self.index):
            for r in self.records:
                if r["id"] not in self.keyed:
                    self.keys.setdefault(content_key(r["text"]), []).append(r["id"])
                    self.keyed.add(r["id"])
        found = {k: [i for i in self.keys.get(k, []) if i in self.index] for k in keys}
        return {k: ids for k, ids in found.items() if ids}

    def record(self, i: int) -> MemoryRecord:
        """Row i as a MemoryRecord."""
        d = dict(self.records[i])  # a copy: changing a returned record must not change the store
        d["links"], d["metadata"] = list(d.get("links") or []), copy.deepcopy(d.get("metadata") or {})
        d["last_accessed_at"] = datetime.fromtimestamp(float(self.access[i, 0]), tz=timezone.utc).isoformat()
        d["access_count"] = int(self.access[i, 1])
        return MemoryRecord.from_dict(d, self.vectors[i].copy())


def empty_rows(signature: tuple = ()) -> UserRows:
    """Rows of a user with no memories."""
    return UserRows([], np.zeros((0, 0), np.float32), np.zeros((0, 2)), signature)


def _when(iso: str | None) -> float:
    return FOREVER if not iso else datetime.fromisoformat(iso).timestamp()


def split(record: MemoryRecord) -> tuple[dict, list[float]]:
    """A record as (JSON dict without access stats, access row)."""
    d = json.loads(record_json(record))
    for k in ACCESS_FIELDS:
        d.pop(k)
    return d, [record.last_accessed_at.timestamp(), float(record.access_count)]


def _text(obj) -> np.ndarray:
    return np.frombuffer(json.dumps(obj, sort_keys=True, ensure_ascii=False).encode("utf-8"), dtype=np.uint8)


def _npz(**arrays: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    return buf.getvalue()


def save(folder: Path, user_id: str, rows: UserRows, records_changed: bool) -> None:
    """Commit the rows: memories.npz (if records changed) then access.npz, each by one atomic rename."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if records_changed:
        rows.generation += 1
        meta = {"format": FORMAT, "user_id": user_id, "generation": rows.generation}
        atomic_write(folder / MEMORIES, _npz(meta=_text(meta), records=_text(rows.records),
                                             vectors=rows.vectors, access=rows.access))
    atomic_write(folder / ACCESS, _npz(generation=np.array([rows.generation]), access=rows.access),
                 sync=records_changed)  # a recall's access stats are not worth an fsync


def read_meta(file: Path) -> dict:
    """The meta block of a memories.npz (format, user id, generation), or StoreFileError."""
    return _load(file)["meta"]


def _load(file: Path) -> dict:
    try:
        with np.load(file, allow_pickle=False) as z:
            out = {k: z[k] for k in z.files}
        out["meta"] = json.loads(out["meta"].tobytes().decode("utf-8"))
        if out["meta"].get("format") != FORMAT:
            raise ValueError(f"unknown format {out['meta'].get('format')!r}")
        return out
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, UnicodeDecodeError, EOFError) as e:
        raise StoreFileError(f"{file} is not a readable memory file of this course ({e}). Restore it from a "
                             "backup, or delete its folder to start this user's memories empty.") from None


def load(folder: Path, user_id: str, signature: tuple) -> UserRows:
    """This user's rows from `folder`; StoreFileError if a file is damaged or belongs to someone else."""
    if not (folder / MEMORIES).exists():
        return empty_rows(signature)
    data = _load(folder / MEMORIES)
    if data["meta"].get("user_id") != user_id:
        raise StoreFileError(f"{folder / MEMORIES} holds the memories of another user; refusing to read it. "
                             "Move the folder away if it was copied here by mistake.")
    records = json.loads(data["records"].tobytes().decode("utf-8"))
    vectors, access, generation = data["vectors"], data["access"], int(data["meta"]["generation"])
    if (folder / ACCESS).exists():
        try:
            with np.load(folder / ACCESS, allow_pickle=False) as z:
                if int(z["generation"][0]) == generation and len(z["access"]) == len(records):
                    access = z["access"]
        except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError):
            pass  # a damaged access file only costs the access stats since the last commit
    if not (len(records) == len(vectors) == len(access)) or any(r.get("user_id") != user_id for r in records):
        raise StoreFileError(f"{folder / MEMORIES} is inconsistent or holds another user's records; restore it "
                             "from a backup or delete the folder")
    rows = UserRows(records, vectors.astype(np.float32), access.astype(np.float64).reshape(-1, 2), signature)
    rows.generation = generation
    return rows

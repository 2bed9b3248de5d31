"""Safe files for the stores: atomic replace, a lock between processes, and a checksummed append-only log.

- `atomic_write`: the new content goes to a temporary file in the same folder, is flushed to disk, and is
  then moved over the old one with `os.replace` — the single commit point. A kill leaves the old file or
  the new one, never half of one; leftover temporary files are removed by `remove_temp_files` on open.
- `locked`: an exclusive lock between processes (the `filelock` package) around a read-modify-write;
  `hold_for_process`: a lock one process keeps for an object's lifetime (embedded chroma: one process per folder).
- `log_line` / `read_log`: one JSON object per line with a CRC-32 of its content, so a line cut off by a
  crash is recognised (and dropped by the writer, who holds the lock) instead of blocking the log.
"""
from __future__ import annotations

import json
import os
import tempfile
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

TEMP_SUFFIX = ".tmp"
LOCK_TIMEOUT = 60.0  # seconds to wait for another process before giving up with a clear error


def hold_for_process(lock_path: Path, owner: Any, what: str) -> None:
    """Lock `lock_path` for this process until `owner` is garbage-collected; another process holding it is an
    error that says what to do (`what` names the store)."""
    import weakref
    from filelock import FileLock, Timeout

    lock = FileLock(str(lock_path), timeout=0, is_singleton=True, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise RuntimeError(f"{what} is open in another process (another kernel?). Embedded chroma serves one "
                           "process at a time: close the other kernel, use another path, or run a Chroma server "
                           "(chroma_host=...) for several writers") from None
    weakref.finalize(owner, lock.release)


class StoreFileError(RuntimeError):
    """A store file that cannot be read: corrupt, cut off, or written by something else."""


def atomic_write(path: Path, data: bytes, sync: bool = True) -> None:
    """Write `data` to `path` via a temporary file in the same folder and an atomic rename."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
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


def remove_temp_files(folder: Path, name: str = "") -> int:
    """Delete temporary files a killed writer left in `folder` (only ours: '.name.XXXX.tmp', and only those of
    file `name` if given — call it holding that file's lock); returns how many."""
    n = 0
    for p in folder.glob(f".{name}*{TEMP_SUFFIX}"):
        if p.is_file():
            p.unlink(missing_ok=True)
            n += 1
    return n


@contextmanager
def locked(lock_path: Path, what: str) -> Iterator[None]:
    """Hold an exclusive lock on `lock_path` (shared by all processes) for the body of the `with`."""
    from filelock import FileLock, Timeout

    lock_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    lock = FileLock(str(lock_path), timeout=LOCK_TIMEOUT, mode=0o600, is_singleton=True)
    try:
        lock.acquire()
    except Timeout:
        raise TimeoutError(f"{what} is locked by another process for more than {LOCK_TIMEOUT:g} s ({lock_path}); "
                           "finish or restart the other kernel, then try again") from None
    try:
        yield
    finally:
        lock.release()


def read_json(path: Path, what: str) -> Any:
    """The JSON in `path`, or a StoreFileError naming the file and what to do."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise StoreFileError(f"{path} is not a readable {what} ({e}). It was damaged or written by something "
                             "else: restore it from a backup, or move it away to start this store empty.") from None


def checksum(text: str) -> str:
    """CRC-32 of `text` as 8 hex digits."""
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def log_line(record: dict[str, Any]) -> str:
    """One log line: the record's canonical JSON with a 'crc' of that JSON, and a newline."""
    body = json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)
    return json.dumps({**json.loads(body), "crc": checksum(body)}, sort_keys=True, ensure_ascii=False) + "\n"


def parse_line(line: str) -> dict[str, Any] | None:
    """The record in one log line, or None if the line is not valid JSON or its checksum does not match."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict):
        return None
    crc = data.pop("crc", None)
    if crc is not None and crc != checksum(json.dumps(data, sort_keys=True, ensure_ascii=False)):
        return None
    return data


def read_log(path: Path) -> tuple[list[dict[str, Any]], int]:
    """(records, byte length of the valid part). A bad *last* line is a write cut off by a crash and is left
    out; a bad line anywhere else is damage and raises StoreFileError naming the file and line."""
    if not path.exists():
        return [], 0
    raw = path.read_bytes()
    records, good, lines = [], 0, raw.split(b"\n")
    for n, chunk in enumerate(lines, 1):
        last = n == len(lines)
        if not chunk.strip():
            good += len(chunk) + (0 if last else 1)
            continue
        try:
            record = parse_line(chunk.decode("utf-8"))
        except UnicodeDecodeError:
            record = None
        if record is None or last:  # a line with no newline was never finished: not acknowledged
            if n >= len(lines) - 1:
                return records, good
            raise StoreFileError(f"{path}, line {n} is damaged (not JSON or wrong checksum). Restore the file from "
                                 "a backup, or delete that line to keep the rest.")
        records.append(record)
        good += len(chunk) + 1
    return records, good

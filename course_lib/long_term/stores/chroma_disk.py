"""Embedded chroma's files, scrubbed so that deleted memories leave no bytes on disk.

Two places keep bytes chroma no longer needs:

1. `chroma.sqlite3`: chroma first appends every write to its log table, `embeddings_queue`, and keeps the
   entries until the vector index has persisted them (about every 1,000 writes), so a deleted memory's
   document and metadata stay in the log long after the delete. `vacuum` clears the metadata of log
   entries whose record no longer exists (the index only needs their vectors to replay, and an entry for a
   deleted id is followed by its delete), then checkpoints the WAL and VACUUMs, because deleted rows
   linger in free pages.
2. The HNSW index folders (one per collection, named by segment id). hnswlib allocates room for
   `max_elements` vectors with `malloc` and writes the whole buffer to `length.bin` and `data_level0.bin`
   when it creates (or grows) an index, *uninitialised*. The unused slots therefore hold whatever the
   process's heap held before — often the JSON of a memory just written, possibly another user's, possibly
   one that was deleted since. `scrub_index` zeroes every slot at or beyond the index's element count (the
   header says how many are real; hnswlib never reads the others), so no index file carries stray text.
When: after `forget` and `forget_user` an embedded store checkpoints and VACUUMs chroma.sqlite3, removes the
dropped collection's index folder and zeroes the unused slots of every other index.
On a Chroma server the library cannot reach the disk: the rows are gone from every query at once, but their
bytes stay in the server's chroma.sqlite3 (free pages, embeddings log) and in unused index slots until the
operator scrubs the server's folder, with the server stopped:

    python -m course_lib.long_term.stores.chroma_disk <the folder given to chroma run --path>
"""
from __future__ import annotations

import re
import shutil
import sqlite3
import struct
from pathlib import Path

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
HEADER = struct.Struct("<iQQQQ")  # version, offsetLevel0, max_elements, cur_element_count, size_data_per_element
CHUNK = 1 << 20
FORGET_LOGGED = """UPDATE embeddings_queue SET metadata = NULL WHERE metadata IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM embeddings e JOIN segments s ON s.id = e.segment_id
    WHERE s.scope = 'METADATA' AND e.embedding_id = embeddings_queue.id AND substr(embeddings_queue.topic, -36) = s.collection)"""


def _zero_tail(path: Path, start: int) -> None:
    """Overwrite `path` from byte `start` to its end with zeros, in place (chroma keeps the file open)."""
    size = path.stat().st_size
    if start >= size:
        return
    with path.open("r+b") as f:
        f.seek(start)
        while start < size:  # only write where something is not zero yet
            block = f.read(min(CHUNK, size - start))
            if block.count(0) != len(block):
                f.seek(start)
                f.write(bytes(len(block)))
            start += len(block)


def scrub_index(folder: Path) -> None:
    """Zero the unused slots of one HNSW index folder (see the module docstring)."""
    header = folder / "header.bin"
    if not header.exists() or header.stat().st_size < HEADER.size:
        return
    _version, _offset, _max_elements, count, per_element = HEADER.unpack(header.read_bytes()[:HEADER.size])
    if (folder / "length.bin").exists():
        _zero_tail(folder / "length.bin", count * 4)
    if (folder / "data_level0.bin").exists():
        _zero_tail(folder / "data_level0.bin", count * per_element)


def index_folders(path: Path) -> list[Path]:
    """The HNSW index folders under an embedded chroma path."""
    return [p for p in path.iterdir() if p.is_dir() and UUID.match(p.name)] if path.exists() else []


def vacuum(path: Path) -> set[str]:
    """Checkpoint the WAL and VACUUM chroma.sqlite3; returns the ids of the segments that still exist."""
    db = path / "chroma.sqlite3"
    if not db.exists():
        return set()
    con = sqlite3.connect(db, timeout=30, isolation_level=None)
    try:
        live = {row[0] for row in con.execute("SELECT id FROM segments")}
        con.execute(FORGET_LOGGED)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.execute("VACUUM")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        con.close()
    return live


def scrub(path: Path) -> None:
    """Vacuum the database, remove index folders of dropped collections, and zero the others' unused slots."""
    live = vacuum(path)
    for folder in index_folders(path):
        if folder.name not in live:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            scrub_index(folder)


if __name__ == "__main__":  # the operator's purge for a Chroma server's folder (stop the server first)
    import sys

    if len(sys.argv) != 2 or not (Path(sys.argv[1]) / "chroma.sqlite3").exists():
        sys.exit("usage: python -m course_lib.long_term.stores.chroma_disk <chroma data folder holding chroma.sqlite3>")
    scrub(Path(sys.argv[1]))
    print(f"scrubbed {sys.argv[1]}: database vacuumed, dropped index folders removed, unused index slots zeroed")

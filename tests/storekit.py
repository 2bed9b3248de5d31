"""Helpers for the crash and two-process tests: a writer loop per store that logs each acknowledged write,
and a checker that reopens the store (in a fresh process) and compares it with those acknowledgements."""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np

KINDS = ["numpy-add", "numpy-update", "chroma-add", "chroma-update", "profile", "episodic"]
USER = "priya"
PRELOAD = ["numpy", "filelock", "chromadb", "chromadb.api.rust", "course_lib", "course_lib.long_term.vector",
           "course_lib.long_term.profile", "course_lib.long_term.episodic", "course_lib.long_term.redact",
           "course_lib.long_term.stores.numpy_store", "course_lib.long_term.stores.chroma_store"]


class HashModel:
    """A tiny deterministic embedder for tests: a seeded random unit vector per text (no model to load, also in
    each child process)."""

    dims = 16

    def embed(self, texts):
        out = []
        for t in texts:
            seed = int.from_bytes(hashlib.sha256(t.encode()).digest()[:8], "little")
            v = np.random.default_rng(seed).normal(size=self.dims)
            out.append(v / np.linalg.norm(v))
        return np.array(out, dtype=np.float32)


def open_kind(kind: str, root: Path, tag: str = "x"):
    from course_lib import EpisodicLog, ProfileMemory, VectorMemory

    if kind.startswith(("numpy", "chroma")):
        return VectorMemory(kind.split("-")[0], path=root, model=HashModel())
    if kind == "profile":
        return ProfileMemory(root)
    return EpisodicLog("session-1", root, user_id=USER)


def ack(fd: int, **entry) -> None:
    """One acknowledgement: a single write() call, so a kill cannot cut it in half."""
    os.write(fd, (json.dumps(entry) + "\n").encode())


def write_loop(kind: str, root: Path, tag: str, ack_file: Path, n: int) -> None:
    """Write n times into the store, acknowledging each write after it returned."""
    store = open_kind(kind, root, tag)
    fd = os.open(ack_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    ack(fd, i=-1, ready=True)  # the store is open: the parent starts its clock now
    current = None
    for i in range(n):
        text = f"{tag} note {i}"
        if kind.endswith("-update") and current is not None and i % 2:
            current = store.update(USER, current, text).id
        elif kind.startswith(("numpy", "chroma")):
            current = store.remember(USER, text).id
        elif kind == "profile":
            store.set(USER, f"{tag}-key-{i % 5}", text)
        else:
            store.record("note", text=text)
        ack(fd, i=i, text=text, id=current)
    os.close(fd)


def acks(ack_file: Path) -> list[dict]:
    if not ack_file.exists():
        return []
    entries = [json.loads(line) for line in ack_file.read_text().splitlines() if line.strip()]
    return [e for e in entries if not e.get("ready")]


def check(kind: str, root: Path, acknowledged: dict[str, list[dict]]) -> dict:
    """Reopen the store and count problems: writes lost, current versions doubled, duplicate sequence numbers,
    temporary files left after the next write."""
    out = {"lost": 0, "double_current": 0, "duplicate_seq": 0, "temp_left": 0, "acked": 0}
    store = open_kind(kind, root)
    for tag, entries in acknowledged.items():
        out["acked"] += len(entries)
        if kind.startswith(("numpy", "chroma")):
            texts = {r.text for r in store.history(USER)}
            out["lost"] += sum(e["text"] not in texts for e in entries)
        elif kind == "profile":
            last = {}
            for e in entries:
                last[f"{tag}-key-{e['i'] % 5}"] = e["i"]
            facts = store.facts(USER)
            for key, i in last.items():  # the value is the last acknowledged one, or a later unacknowledged one
                got = facts.get(key, "")
                out["lost"] += not (got.startswith(f"{tag} note ") and int(got.split()[-1]) >= i)
        else:
            texts = {e.get("text") for e in store.events()}
            out["lost"] += sum(e["text"] not in texts for e in entries)
    if kind.startswith(("numpy", "chroma")):
        now = store.clock.now()
        history = store.history(USER)
        successors = {}
        for r in history:
            if r.supersedes:
                successors.setdefault(r.supersedes, []).append(r)
        for r in history:  # a memory and its successor must never both be current
            if r.is_current(now) and any(s.is_current(now) for s in successors.get(r.id, [])):
                out["double_current"] += 1
        store.remember(USER, "one more after the crash")
    elif kind == "profile":
        store.set(USER, "after", "one more after the crash")
    else:
        seqs = [e["seq"] for e in store.events()]
        out["duplicate_seq"] = len(seqs) - len(set(seqs))
        store.record("note", text="one more after the crash")
    out["temp_left"] = sum(1 for p in root.rglob("*.tmp"))
    return out


def verify(kind: str, root: str, acks_file: str, out: str) -> None:
    """Run `check` (meant for a fresh process) and write its result, or why the store would not open, to `out`."""
    acked = {"w": acks(Path(acks_file))}
    try:
        result = check(kind, Path(root), acked)
    except Exception as e:  # noqa: BLE001 - the test reports what went wrong
        result = {"unopenable": f"{type(e).__name__}: {e}"}
    Path(out).write_text(json.dumps(result))


def run_writer(kind: str, root: str, tag: str, ack_file: str, n: int, err_file: str) -> None:
    """`write_loop`, writing any exception to `err_file` (for the two-process test)."""
    try:
        write_loop(kind, Path(root), tag, Path(ack_file), n)
    except Exception as e:  # noqa: BLE001 - the parent test decides whether this error is the expected refusal
        Path(err_file).write_text(f"{type(e).__name__}: {e}")


def verify_many(kind: str, root: str, acked_json: str, out: str) -> None:
    """`check` for acknowledgements of several writers ({tag: entries}), result written to `out`."""
    try:
        result = check(kind, Path(root), json.loads(acked_json))
    except Exception as e:  # noqa: BLE001
        result = {"unopenable": f"{type(e).__name__}: {e}"}
    Path(out).write_text(json.dumps(result))

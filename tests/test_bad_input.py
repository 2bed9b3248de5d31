"""The bad-input table: every bad argument raises an error of the right type whose message names the argument,
and leaves the store's contents and every file on disk exactly as they were."""
from __future__ import annotations

import math
import sys
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from course_lib import CourseClock, EpisodicLog, ProfileMemory, VectorMemory, Weights
from course_lib.long_term.stores.files import StoreFileError

sys.path.insert(0, str(Path(__file__).parent))
from storekit import HashModel  # noqa: E402

NAIVE = datetime(2026, 3, 3, 9, 0)
AWARE_PAST = CourseClock().now() - timedelta(days=1)


class BadModel:
    """An embedder that returns `value` in every vector (NaN, inf) or the wrong shape."""

    def __init__(self, value=None, shape=None):
        self.value, self.shape = value, shape

    def embed(self, texts):
        if self.shape is not None:
            return np.ones(self.shape, dtype=np.float32)
        return np.full((len(texts), 16), self.value, dtype=np.float32)


# (case id, call on a VectorMemory holding alice's memory `m`, expected exception, text the message must hold)
VECTOR_CASES = [
    ("remember-user-empty", lambda v, m: v.remember("", "x"), ValueError, "user_id"),
    ("remember-user-none", lambda v, m: v.remember(None, "x"), ValueError, "user_id"),
    ("remember-user-int", lambda v, m: v.remember(5, "x"), ValueError, "user_id"),
    ("remember-text-empty", lambda v, m: v.remember("alice", ""), ValueError, "text"),
    ("remember-text-blank", lambda v, m: v.remember("alice", "   "), ValueError, "text"),
    ("remember-text-none", lambda v, m: v.remember("alice", None), ValueError, "text"),
    ("remember-text-list", lambda v, m: v.remember("alice", ["a", "b"]), ValueError, "text"),
    ("remember-importance-high", lambda v, m: v.remember("alice", "x", 1.5), ValueError, "importance"),
    ("remember-importance-negative", lambda v, m: v.remember("alice", "x", -0.1), ValueError, "importance"),
    ("remember-importance-nan", lambda v, m: v.remember("alice", "x", math.nan), ValueError, "importance"),
    ("remember-importance-str", lambda v, m: v.remember("alice", "x", "high"), ValueError, "importance"),
    ("remember-importance-bool", lambda v, m: v.remember("alice", "x", True), ValueError, "importance"),
    ("remember-valid-from-naive", lambda v, m: v.remember("alice", "x", valid_from=NAIVE), ValueError, "valid_from"),
    ("remember-valid-from-str", lambda v, m: v.remember("alice", "x", valid_from="tomorrow"), TypeError, "valid_from"),
    ("remember-expires-naive", lambda v, m: v.remember("alice", "x", expires_at=NAIVE), ValueError, "expires_at"),
    ("remember-expires-past", lambda v, m: v.remember("alice", "x", expires_at=AWARE_PAST), ValueError, "expires_at"),
    ("remember-expires-str", lambda v, m: v.remember("alice", "x", expires_at="2027"), TypeError, "expires_at"),
    ("remember-metadata-reserved", lambda v, m: v.remember("alice", "x", metadata={"user_id": "b"}), ValueError,
     "metadata"),
    ("remember-metadata-list", lambda v, m: v.remember("alice", "x", metadata=[1]), TypeError, "metadata"),
    ("remember-metadata-object", lambda v, m: v.remember("alice", "x", metadata={"a": object()}), TypeError,
     "metadata"),
    ("remember-metadata-nan", lambda v, m: v.remember("alice", "x", metadata={"a": math.nan}), TypeError, "metadata"),
    ("remember-links-str", lambda v, m: v.remember("alice", "x", links="m-1"), TypeError, "links"),
    ("remember-links-int", lambda v, m: v.remember("alice", "x", links=[3]), ValueError, "links"),
    ("remember-source-empty", lambda v, m: v.remember("alice", "x", source=""), ValueError, "source"),
    ("many-texts-str", lambda v, m: v.remember_many("alice", "hello"), TypeError, "texts"),
    ("many-texts-empty", lambda v, m: v.remember_many("alice", []), ValueError, "texts"),
    ("many-texts-one-empty", lambda v, m: v.remember_many("alice", ["a", ""]), ValueError, "texts[1]"),
    ("many-importances-short", lambda v, m: v.remember_many("alice", ["a", "b"], [0.5]), ValueError, "importances"),
    ("many-importances-str", lambda v, m: v.remember_many("alice", ["a"], "hi"), TypeError, "importances"),
    ("many-importances-bad", lambda v, m: v.remember_many("alice", ["a", "b"], [0.5, 2]), ValueError,
     "importances[1]"),
    ("recall-query-list", lambda v, m: v.recall("alice", ["tea"]), ValueError, "query"),
    ("recall-query-empty", lambda v, m: v.recall("alice", ""), ValueError, "query"),
    ("recall-k-zero", lambda v, m: v.recall("alice", "tea", k=0), ValueError, "k must"),
    ("recall-k-negative", lambda v, m: v.recall("alice", "tea", k=-1), ValueError, "k must"),
    ("recall-k-float", lambda v, m: v.recall("alice", "tea", k=2.5), ValueError, "k must"),
    ("recall-k-str", lambda v, m: v.recall("alice", "tea", k="3"), ValueError, "k must"),
    ("recall-k-bool", lambda v, m: v.recall("alice", "tea", k=True), ValueError, "k must"),
    ("recall-threshold-str", lambda v, m: v.recall("alice", "tea", threshold="x"), ValueError, "threshold"),
    ("recall-threshold-nan", lambda v, m: v.recall("alice", "tea", threshold=math.nan), ValueError, "threshold"),
    ("recall-weights-tuple", lambda v, m: v.recall("alice", "tea", weights=(1, 0, 0)), TypeError, "weights"),
    ("recall-user-empty", lambda v, m: v.recall("", "tea"), ValueError, "user_id"),
    ("recall-user-wrong-case", lambda v, m: v.recall("Alice", "tea"), KeyError, "user_id"),
    ("memories-user-wrong-case", lambda v, m: v.memories(" alice"), KeyError, "user_id"),
    ("update-text-empty", lambda v, m: v.update("alice", m.id, ""), ValueError, "new_text"),
    ("update-importance", lambda v, m: v.update("alice", m.id, "y", importance=3), ValueError, "importance"),
    ("update-id-int", lambda v, m: v.update("alice", 5, "y"), ValueError, "memory_id"),
    ("update-id-unknown", lambda v, m: v.update("alice", "m-nope", "y"), KeyError, "m-nope"),
    ("update-other-user", lambda v, m: v.update("bob", m.id, "y"), KeyError, "has no memory"),
    ("forget-id-none", lambda v, m: v.forget("alice", None), ValueError, "memory_id"),
    ("forget-user-empty", lambda v, m: v.forget("", m.id), ValueError, "user_id"),
    ("get-id-list", lambda v, m: v.get("alice", [m.id]), ValueError, "memory_id"),
    ("embed-nan", BadModel(math.nan), ValueError, "model"),
    ("embed-inf", BadModel(math.inf), ValueError, "model"),
    ("embed-shape", BadModel(shape=(3, 16)), ValueError, "model"),
]


def snapshot(root: Path, mem: VectorMemory | None = None) -> dict:
    files = {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}
    return {"files": files, "export": {u: mem.export(u) for u in mem.users()} if mem else None}


@pytest.mark.parametrize("backend", ["numpy", "chroma"])
@pytest.mark.parametrize("case", VECTOR_CASES, ids=[c[0] for c in VECTOR_CASES])
def test_vector_memory_bad_input(backend, case, tmp_path):
    name, call, exc, needle = case
    mem = VectorMemory(backend, path=tmp_path, model=HashModel())
    m = mem.remember("alice", "Alice likes tea.", 0.7)
    before = snapshot(tmp_path, mem)
    if isinstance(call, BadModel):  # a model that returns NaN / inf / the wrong shape: nothing is stored
        bad = VectorMemory(backend, path=tmp_path, model=call)
        call = lambda v, m: bad.remember("alice", "Alice likes coffee.")  # noqa: E731
    with pytest.raises(exc) as info:
        call(mem, m)
    assert needle in str(info.value), f"{name}: the message does not name {needle!r}: {info.value}"
    assert snapshot(tmp_path, mem) == before, f"{name} changed the store"


PROFILE_CASES = [
    ("set-user-empty", lambda p: p.set("", "diet", "x"), ValueError, "user_id"),
    ("set-key-empty", lambda p: p.set("alice", " ", "x"), ValueError, "key"),
    ("set-key-int", lambda p: p.set("alice", 5, "x"), ValueError, "key"),
    ("set-value-object", lambda p: p.set("alice", "diet", object()), TypeError, "value"),
    ("set-value-nan", lambda p: p.set("alice", "budget", math.nan), TypeError, "value"),
    ("set-value-none", lambda p: p.set("alice", "diet", None), ValueError, "value"),
    ("set-value-empty", lambda p: p.set("alice", "diet", ""), ValueError, "value"),
    ("set-source-empty", lambda p: p.set("alice", "diet", "vegan", source=""), ValueError, "source"),
    ("delete-missing", lambda p: p.delete("alice", "shoe size"), KeyError, "key"),
    ("delete-user-none", lambda p: p.delete(None, "diet"), ValueError, "user_id"),
    ("get-key-none", lambda p: p.get("alice", None), ValueError, "key"),
    ("forget-user-empty", lambda p: p.forget_user(""), ValueError, "user_id"),
]


@pytest.mark.parametrize("case", PROFILE_CASES, ids=[c[0] for c in PROFILE_CASES])
def test_profile_bad_input(case, tmp_path):
    name, call, exc, needle = case
    p = ProfileMemory(tmp_path)
    p.set("alice", "diet", "vegetarian")
    before = (snapshot(tmp_path), p.export("alice"))
    with pytest.raises(exc) as info:
        call(p)
    assert needle in str(info.value), f"{name}: the message does not name {needle!r}: {info.value}"
    assert (snapshot(tmp_path), p.export("alice")) == before


EPISODIC_CASES = [
    ("session-escape", lambda d, log: EpisodicLog("../escape", d), ValueError, "session_id"),
    ("session-int", lambda d, log: EpisodicLog(5, d), ValueError, "session_id"),
    ("log-dir-int", lambda d, log: EpisodicLog("s", 5), TypeError, "log_dir"),
    ("user-empty", lambda d, log: EpisodicLog("s", d, user_id=""), ValueError, "user_id"),
    ("event-type-empty", lambda d, log: log.record(""), ValueError, "event_type"),
    ("event-type-none", lambda d, log: log.record(None), ValueError, "event_type"),
    ("payload-ts", lambda d, log: log.record("task", ts="yesterday"), ValueError, "payload"),
    ("payload-seq", lambda d, log: log.record("task", seq=3), ValueError, "payload"),
    ("payload-other-user", lambda d, log: log.record("task", user_id="bob"), ValueError, "user_id"),
    ("forget-user-empty", lambda d, log: log.forget_user(""), ValueError, "user_id"),
    ("forget-session-bad", lambda d, log: log.forget_session("../x"), ValueError, "session_id"),
]


@pytest.mark.parametrize("case", EPISODIC_CASES, ids=[c[0] for c in EPISODIC_CASES])
def test_episodic_bad_input(case, tmp_path):
    name, call, exc, needle = case
    log = EpisodicLog("s", tmp_path, user_id="alice")
    log.record("task", text="book a table")
    before = snapshot(tmp_path)
    with pytest.raises(exc) as info:
        call(tmp_path, log)
    assert needle in str(info.value), f"{name}: the message does not name {needle!r}: {info.value}"
    assert snapshot(tmp_path) == before and [e["text"] for e in log.events()] == ["book a table"]


def test_numpy_scalars_are_numbers(tmp_path):
    for backend in ("numpy", "chroma"):
        mem = VectorMemory(backend, path=tmp_path / backend, model=HashModel())
        mem.remember("alice", "Alice likes tea.", importance=np.float32(0.5))
        mem.remember_many("alice", ["Alice likes jazz."], [np.float64(1.0)])
        got = mem.recall("alice", "tea", k=np.int64(3), threshold=np.float32(0.0))
        assert len(got) == 2 and {r.importance for r in got} == {0.5, 1.0}


def corrupt_cases(root: Path):
    """(what, how to damage it, how to open it) for every kind of store file."""
    def numpy_garbage():
        mem = VectorMemory("numpy", path=root, model=HashModel())
        mem.remember("alice", "Alice likes tea.")
        f = next(root.rglob("memories.npz"))
        f.write_bytes(b"not a zip file")
        return f, lambda: VectorMemory("numpy", path=root, model=HashModel()).recall("alice", "tea")

    def profile_garbage():
        p = ProfileMemory(root)
        p.set("alice", "diet", "vegan")
        f = p.file("alice")
        f.write_text("{broken")
        return f, lambda: ProfileMemory(root).facts("alice")

    def profile_foreign():
        f = ProfileMemory(root).file("alice")
        f.write_text('{"user_id": "alice", "something": "else"}')
        return f, lambda: ProfileMemory(root).facts("alice")

    def episodic_middle():
        log = EpisodicLog("s", root)
        for n in range(3):
            log.record("note", text=f"n{n}")
        lines = log.path.read_text().splitlines(keepends=True)
        log.path.write_text(lines[0] + "{not json\n" + lines[2])
        return log.path, lambda: EpisodicLog("s", root).record("note", text="more")

    return [numpy_garbage, profile_garbage, profile_foreign, episodic_middle]


@pytest.mark.parametrize("n", range(4))
def test_damaged_files_fail_at_open_naming_the_file(n, tmp_path):
    f, reopen = corrupt_cases(tmp_path)[n]()
    damaged = f.read_bytes()
    with pytest.raises(StoreFileError) as info:
        reopen()
    assert str(f) in str(info.value) and ("backup" in str(info.value) or "delete" in str(info.value))
    assert f.read_bytes() == damaged  # reading never "repairs" damage by throwing data away


def test_a_torn_last_episodic_line_does_not_block_record(tmp_path):
    log = EpisodicLog("s", tmp_path)
    log.record("note", text="first")
    with log.path.open("a") as f:
        f.write('{"session": "s", "seq": 1, "text": "half a li')  # a writer killed mid-line
    assert [e["text"] for e in log.events()] == ["first"]
    event = log.record("note", text="second")
    assert event["seq"] == 1 and [e["text"] for e in EpisodicLog("s", tmp_path).events()] == ["first", "second"]
    assert "half a li" not in log.path.read_text()

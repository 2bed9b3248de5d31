"""Two kernels on one store: two real processes write the same user's memories at the same time.
Nothing acknowledged may be lost, no episodic sequence number may repeat, and where a store refuses a
second process (embedded chroma) the refusal must be a clear error at open."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import storekit  # noqa: E402
from test_crash import context  # noqa: E402

WRITES = 25  # per process


@pytest.mark.parametrize("kind", ["numpy-update", "profile", "episodic", "chroma-add"])
def test_two_writers_lose_nothing(kind, tmp_path):
    ctx, root = context(), tmp_path / "store"
    procs = {}
    for tag in ("a", "b"):
        procs[tag] = ctx.Process(target=storekit.run_writer, args=(kind, str(root), tag, str(tmp_path / f"{tag}.acks"),
                                                                   WRITES, str(tmp_path / f"{tag}.err")))
    for p in procs.values():
        p.start()
    for p in procs.values():
        p.join(120)
    errors = {t: (tmp_path / f"{t}.err").read_text() for t in procs if (tmp_path / f"{t}.err").exists()}
    acked = {t: storekit.acks(tmp_path / f"{t}.acks") for t in procs}
    if kind.startswith("chroma"):  # embedded chroma: one process at a time, the other told so at open
        assert all("open in another process" in e for e in errors.values()), errors
        assert all(len(acked[t]) == WRITES for t in procs if t not in errors)
    else:
        assert errors == {} and all(len(a) == WRITES for a in acked.values())
    out = tmp_path / "result.json"
    checker = ctx.Process(target=storekit.verify_many, args=(kind, str(root), json.dumps(acked), str(out)))
    checker.start()
    checker.join(60)
    result = json.loads(out.read_text())
    print(f"\n{kind}: {result}, errors {errors}")
    assert "unopenable" not in result and result["lost"] == 0 and result["duplicate_seq"] == 0
    assert result["double_current"] == 0
    assert result["acked"] == sum(len(a) for a in acked.values()) > 0


def _key_of(folder: str, start, out) -> None:
    from course_lib.long_term.stores.private import name_key

    start.wait(30)
    out.put(name_key(Path(folder)).hex())


def test_processes_opening_a_new_store_at_once_agree_on_its_naming_key(tmp_path):
    """Eight processes open one new store at the same instant: every one gets the same key, so all name a user's or a
    session's files alike (a half-written key gave one writer an empty key, and its 25 events a file nobody read)."""
    ctx = context()
    start, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_key_of, args=(str(tmp_path), start, out)) for _ in range(8)]
    for p in procs:
        p.start()
    start.set()
    keys = [out.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(30)
    assert len(set(keys)) == 1 and len(keys[0]) == 64
    assert sorted(p.name for p in tmp_path.iterdir()) == [".name-key"]  # no key of a loser left behind


def test_an_empty_naming_key_is_refused_not_used(tmp_path):
    """The probe: an empty key file (a writer killed between creating and writing it) must not become an empty
    HMAC key, which would silently give every file a new name."""
    from course_lib.long_term.stores.private import UnsafeStoreFolder, name_key

    (tmp_path / ".name-key").write_text("")
    with pytest.raises(UnsafeStoreFolder, match="is empty"):
        name_key(tmp_path)

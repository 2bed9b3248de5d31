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

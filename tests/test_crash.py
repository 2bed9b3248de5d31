"""Crash safety: a child process writing to a store is killed with SIGKILL at a random moment, many times.
After every kill the store must open, hold every acknowledged write, never show two current versions of a
memory or two episodic events with one sequence number, and leave no temporary file after the next write."""
from __future__ import annotations

import json
import multiprocessing as mp
import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import storekit  # noqa: E402

TRIALS = int(os.environ.get("CRASH_TRIALS", "6"))  # per store; CRASH_TRIALS=25 for a long measurement


def context():
    """Children forked from a fresh server process that already imported the library: fast and fork-safe."""
    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(["storekit", *storekit.PRELOAD])
    return ctx


def trial(ctx, kind: str, root: Path, rng: random.Random) -> dict:
    acks_file = root.with_suffix(".acks")
    child = ctx.Process(target=storekit.write_loop, args=(kind, root, "w", acks_file, 10_000))
    child.start()
    deadline = time.monotonic() + 30
    while not acks_file.exists() and child.is_alive() and time.monotonic() < deadline:
        time.sleep(0.005)  # wait until the store is open, then kill at a random moment of the writing
    time.sleep(rng.uniform(0.0, 0.5))
    os.kill(child.pid, signal.SIGKILL)
    child.join()
    out = root.with_suffix(".json")
    checker = ctx.Process(target=storekit.verify, args=(kind, str(root), str(acks_file), str(out)))
    checker.start()
    checker.join(60)
    assert out.exists(), f"the checker for {kind} did not finish (exit code {checker.exitcode})"
    return json.loads(out.read_text())


@pytest.mark.parametrize("kind", storekit.KINDS)
def test_sigkill_while_writing_loses_nothing_acknowledged(kind, tmp_path):
    ctx, rng = context(), random.Random(f"crash-{kind}")
    results = [trial(ctx, kind, tmp_path / f"t{n}", rng) for n in range(TRIALS)]
    print(f"\n{kind}: {TRIALS} kills, {sum(r.get('acked', 0) for r in results)} acknowledged writes, results {results}")
    assert [r for r in results if "unopenable" in r] == []
    assert sum(r["acked"] for r in results) > 0, "no trial got as far as a write: the test proves nothing"
    for key in ("lost", "double_current", "duplicate_seq", "temp_left"):
        assert sum(r[key] for r in results) == 0, (key, results)

"""`make bench`: how fast the course's hot paths are on this machine (medians of repeated calls).

Numbers go to stdout and to bench/results/latest.json. Benchmarks are never part of `make test`:
performance is reported, not asserted.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
WORDS = ("user likes vegetarian food budget Berlin Paris flight Friday weather rain train museum coffee laptop "
         "meeting sister birthday allergy peanuts gym morning evening jazz hotel booking window seat").split()


def sentences(n: int, seed: int = 0) -> list[str]:
    """n distinct pseudo-sentences (deterministic)."""
    import random

    rng = random.Random(seed)
    return [f"{i}: " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 12))) for i in range(n)]


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of `fn` in milliseconds over `repeat` calls (after one warm-up call)."""
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def bench_import() -> float:
    """Seconds for `import course_lib` in a fresh interpreter (median of 5)."""
    code = "import time; t = time.perf_counter(); import course_lib; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout) for _ in range(5)]
    return statistics.median(runs) * 1000


def bench_recall(backend: str, n: int, repeat: int) -> float:
    """Median ms of one recall over n memories of one user."""
    from course_lib import VectorMemory

    with tempfile.TemporaryDirectory() as tmp:
        memory = VectorMemory(backend=backend, path=tmp)
        texts = sentences(n)
        for i in range(0, n, 1000):
            memory.remember_many("bench-user", texts[i:i + 1000])
        return median_ms(lambda: memory.recall("bench-user", "vegetarian dinner in Berlin", k=5), repeat)


def main() -> int:
    """Run every benchmark and print a table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, smaller stores")
    args = parser.parse_args()
    repeat = 10 if args.quick else 50
    from course_lib import count_tokens
    from course_lib.model.embedder import embed

    texts = sentences(1000)
    results = {
        "import course_lib (ms)": bench_import(),
        "count_tokens, 1,000 sentences (ms)": median_ms(lambda: [count_tokens(t) for t in texts], repeat),
        "embed, 1,000 sentences (ms)": median_ms(lambda: embed(texts), repeat),
        "recall numpy, 1,000 memories (ms)": bench_recall("numpy", 1000, repeat),
        "recall numpy, 10,000 memories (ms)": bench_recall("numpy", 10_000, repeat),
        "recall chroma embedded, 10,000 memories (ms)": bench_recall("chroma", 10_000 if not args.quick else 2000, repeat),
    }
    width = max(map(len, results))
    print(f"Agent Memory benchmarks — Python {platform.python_version()}, {platform.machine()}, median of {repeat}")
    for name, value in results.items():
        print(f"  {name:<{width}}  {value:9.2f}")
    out = ROOT / "bench" / "results" / "latest.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"python": platform.python_version(), "repeat": repeat, "results": results}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

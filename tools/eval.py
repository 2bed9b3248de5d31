"""`make eval`: compare memory strategies on the course's generated benchmark.

    python tools/eval.py                 # standard size: 12 users x 6 sessions, about a minute
    python tools/eval.py --size large    # 100 users x 10 sessions = 1,000 sessions
    python tools/eval.py --size tiny --out /tmp/eval

Prints the table and writes table.txt, results.csv and strategies.png to reports/eval/<size>/.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from course_lib.evaluation.generate import SIZES, generate  # noqa: E402
from course_lib.evaluation.harness import run  # noqa: E402
from course_lib.evaluation.report import table, write_report  # noqa: E402
from course_lib.evaluation.strategies import standard_strategies  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="standard", choices=list(SIZES))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=None, help="folder for the report (default reports/eval/SIZE)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    bench = generate(args.size, seed=args.seed)
    print(f"benchmark ({args.size}, seed {args.seed}): {bench.describe()}", flush=True)
    results = run(bench, standard_strategies(), progress=None)
    title = f"Memory strategies on the course benchmark ({args.size}, seed {args.seed})"
    print("\n" + table(results, by_kind=True))
    paths = write_report(results, args.out or ROOT / "reports" / "eval" / args.size, title, bench.describe())
    print(f"\nwrote {', '.join(str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p) for p in paths)} "
          f"in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

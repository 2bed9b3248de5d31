"""`make eval`: compare memory strategies on the course's generated benchmark, or on a public benchmark file.

    python tools/eval.py                    # standard size: 12 users x 6 sessions, with task completion
    python tools/eval.py --mode fresh       # the wording the offline extractor was never fitted to
    python tools/eval.py --size large       # 100 users x 10 sessions = 1,000 sessions
    python tools/eval.py --size tiny --out /tmp/eval --no-answer
    python tools/eval.py --data longmemeval_s.json [--limit 50]   # make eval DATA=...: recall@k, session and turn

For the generated benchmark it prints the table and writes table.txt, results.csv and strategies.png to
reports/eval/<size>[-fresh]/. For a LongMemEval or LoCoMo file (docs/benchmarks.md says where to get them)
it prints turn- and session-level recall@1/5/10 of BM25, vector and hybrid search over each question's haystack.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from course_lib.evaluation.generate import MODES, SIZES, generate  # noqa: E402
from course_lib.evaluation.harness import run  # noqa: E402
from course_lib.evaluation.report import table, write_report  # noqa: E402
from course_lib.evaluation.strategies import standard_strategies  # noqa: E402
from course_lib.evaluation.tasks import ModelAnswerer  # noqa: E402


def public(path: Path, limit: int | None) -> int:
    """Recall@k on a LongMemEval or LoCoMo file; a bad file is one clear line on stderr and exit code 2."""
    from course_lib.evaluation.public import load
    from course_lib.evaluation.public_recall import evaluate, render

    start = time.perf_counter()
    try:
        data = load(path)
        print(data.describe(), flush=True)
        result = evaluate(data, limit=limit)
    except (OSError, ValueError) as exc:
        print(f"make eval DATA={path}: {exc}", file=sys.stderr)
        return 2
    print("\n" + render(result, f"recall@k on {path.name}" + (f" (first {limit} questions with evidence)"
                                                              if limit else "")))
    print(f"\nin {time.perf_counter() - start:.0f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="standard", choices=list(SIZES))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--mode", default="course", choices=list(MODES), help="wording of the generated chats")
    parser.add_argument("--out", type=Path, default=None, help="folder for the report (default reports/eval/SIZE)")
    parser.add_argument("--no-answer", action="store_true", help="skip task completion (no model replies)")
    parser.add_argument("--data", type=Path, default=None, help="a LongMemEval or LoCoMo JSON file instead")
    parser.add_argument("--limit", type=int, default=None, help="with --data: only the first N questions")
    args = parser.parse_args(argv)
    if args.data is not None:
        return public(args.data, args.limit)
    start = time.perf_counter()
    bench = generate(args.size, seed=args.seed, mode=args.mode)
    print(f"benchmark ({args.size}, seed {args.seed}, {args.mode} wording): {bench.describe()}", flush=True)
    results = run(bench, standard_strategies(), progress=None, answer=None if args.no_answer else ModelAnswerer())
    title = f"Memory strategies on the course benchmark ({args.size}, seed {args.seed}, {args.mode} wording)"
    print("\n" + table(results, by_kind=True))
    folder = args.size + ("" if args.mode == "course" else f"-{args.mode}")
    paths = write_report(results, args.out or ROOT / "reports" / "eval" / folder, title, bench.describe())
    print(f"\nwrote {', '.join(str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p) for p in paths)} "
          f"in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

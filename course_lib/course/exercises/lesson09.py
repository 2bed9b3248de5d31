"""Lesson 09 exercises: `recall_at_k`, `fuse` and `bm25_idf`, the measuring and blending of lesson 09.

`recall_at_k` is the R@k of course_lib.evaluation.retrieval.scores; `fuse` is the score HybridRetriever.search
computes (cosine as is, BM25 min-max normalised, all-equal BM25 -> 0); `bm25_idf` is bm25s's Lucene idf.
"""
from __future__ import annotations

import math
import random

from course_lib.course.exercises.checking import LearnerError, fail
from course_lib.course.exercises import Exercise, expect, require
from course_lib.evaluation.retrieval import scores
from course_lib.long_term.hybrid import HybridRetriever, KeywordIndex

NOTEBOOK = "09_memory_vs_rag"

GUIDE = [
    "Kreuzberg has many vegan and vegetarian restaurants, most of them open late.",
    "The U-Bahn runs all night at weekends; single tickets cost 3.50 euros.",
    "Museum Island holds five museums; the Pergamon is closed for renovation.",
    "Tempelhof Field, the old airport, is now a park popular with cyclists.",
    "Many Berlin restaurants take cash only, so carry some euros.",
]


def _check_recall_at_k(recall_at_k):
    expect(recall_at_k([3, 1, 7], {1}, 1), 0.0, why="At k=1 only the first result counts, and 3 is not relevant")
    expect(recall_at_k([3, 1, 7], {1}, 2), 1.0, why="The one relevant document (1) is in the top 2")
    expect(recall_at_k([5, 2, 9, 4], {2, 4}, 3), 0.5, why="Two relevant documents, one of them (2) in the top 3")
    expect(recall_at_k([5, 2, 9, 4], {2, 4}, 4), 1.0, why="Both relevant documents are in the top 4")
    expect(recall_at_k([1, 2, 3], {1, 2, 3}, 1), 1 / 3,
           why="Three relevant documents, one found: R@1 is 1/3. Divide by the number of relevant documents, "
               "not by k or by min(k, ...)")
    expect(recall_at_k([4, 8], {8, 11}, 10), 0.5, why="A ranking shorter than k: 8 is found, 11 is not")
    expect(recall_at_k(["m3", "m1"], frozenset({"m1"}), 1), 0.0, why="Ids can be strings; m1 is second")
    expect(recall_at_k(["m3", "m1"], ["m1", "m9"], 2), 0.5, why="`relevant` may come as a list")
    expect(recall_at_k(["m1", "m1", "m3"], ["m1", "m2"], 2), 0.5,
           why="A ranking may list a document twice (two chunks of it retrieved); m1 is one relevant document "
               "found, however often it appears: count the relevant documents found (a set), not the hits")
    expect(recall_at_k(["m1", "m1", "m2"], ["m1", "m2"], 2), 0.5,
           why="A ranking may list a document twice (two chunks of it retrieved): the first k positions are m1 and "
               "m1, so only m1 is found. Cut ranked[:k] first; removing the repeats before cutting looks past k")
    rng = random.Random(f"{NOTEBOOK}.recall_at_k")
    for _ in range(25):
        ranked = rng.sample(range(40), rng.randint(1, 15))
        relevant = frozenset(rng.sample(range(40), rng.randint(1, 4)))
        k = rng.choice([1, 5, 10])
        expect(recall_at_k(ranked, set(relevant), k), scores(ranked, relevant)[f"R@{k}"],
               why="Expected the share of the relevant documents among the first k (retrieval.scores)")


def _reference_fuse(vector, keyword, alpha=0.7):
    lo, hi = min(keyword), max(keyword)
    kw = [0.0] * len(keyword) if hi == lo else [(k - lo) / (hi - lo) for k in keyword]
    return [alpha * v + (1 - alpha) * n for v, n in zip(vector, kw)]


class _Words:
    """A tiny stand-in embedder (letter counts), so the check needs no model."""

    def embed(self, texts):
        return [[t.lower().count(c) + 0.1 for c in "aeiourstln"] for t in texts]


def _check_fuse(fuse):
    expect(fuse([0.55, 0.13], [2.0, 0.0], 0.7), [0.685, 0.091],
           why="0.7 · 0.55 + 0.3 · 1 = 0.685 (the best keyword match becomes 1) and 0.7 · 0.13 + 0.3 · 0 = 0.091")
    expect(fuse([0.2, 0.4], [1.0, 3.0], 0.5), [0.1, 0.7],
           why="The BM25 scores 1 and 3 become 0 and 1; the cosines are used as they are (not normalised)")
    expect(fuse([0.2, 0.4, -0.1], [2.0, 4.0, 3.0], 1.0), [0.2, 0.4, -0.1], why="alpha=1 is vector search alone")
    expect(fuse([0.5, 0.5, 0.1], [3.0, 3.0, 1.0], 0.5), [0.75, 0.75, 0.05],
           why="Two documents with the same scores get the same fused score: one score per document, repeats too")
    expect(fuse([0.2, 0.4, -0.1], [2.0, 4.0, 3.0], 0.0), [0.0, 1.0, 0.5],
           why="alpha=0 is BM25 alone, min-max normalised: (score - min) / (max - min)")
    expect(fuse([0.3, 0.6], [5.0, 6.0], 0.8), [0.24, 0.68],
           why="Min-max subtracts the minimum first: 5 and 6 become 0 and 1, not 5/6 and 1")
    try:
        flat = fuse([0.3, 0.6], [2, 2])
    except LearnerError as error:
        fail(f"fuse([0.3, 0.6], [2, 2]) raised {type(error.error).__name__}: {error.error}. All BM25 scores are equal, "
             f"so hi - lo is 0: test hi == lo, not hi == 0, and give every document a normalised BM25 of 0")
    expect(flat, [0.21, 0.42],
           why="All BM25 scores equal (2 and 2, not only 0 and 0): the normalised BM25 is 0 for every document; "
               "test hi == lo, not hi == 0, and don't fall back to the raw scores (nor to 0.5: not 0.5 and no division by 0)")
    expect(fuse([0.3, 0.6], [0.0, 0.0], 0.7), [0.21, 0.42],
           why="No query word occurs anywhere (all BM25 scores equal): keywords give no evidence, so the "
               "normalised BM25 is 0 for every document (as in HybridRetriever), not 0.5 and no division by 0")
    expect(fuse([0.5, 0.1, 0.2], [1.5, 0.0, 0.7]), [0.65, 0.07, 0.14 + 0.3 * 0.7 / 1.5],
           why="The default alpha is 0.7 (70 % vector, 30 % keywords)")
    retriever = HybridRetriever(GUIDE, model=_Words())
    for query in ("vegan restaurants open late", "how much is a U-Bahn ticket?", "museums on the island"):
        hits = sorted(retriever.search(query, k=len(GUIDE), alpha=0.6), key=lambda h: h.index)
        raw = KeywordIndex(GUIDE).scores(query)
        expect(fuse([h.vector for h in hits], list(raw), 0.6), [h.score for h in hits],
               why=f"For {query!r} over the guide, HybridRetriever's fused scores (alpha 0.6)")
    rng = random.Random(f"{NOTEBOOK}.fuse")
    for _ in range(20):
        n = rng.randint(2, 8)
        vector = [round(rng.uniform(-0.2, 0.9), 3) for _ in range(n)]
        keyword = [round(rng.uniform(0, 6), 2) for _ in range(n)]
        alpha = round(rng.uniform(0, 1), 2)
        expect(fuse(vector, keyword, alpha), _reference_fuse(vector, keyword, alpha),
               why="Expected alpha · cosine + (1 - alpha) · min-max(BM25), document by document")


def _check_bm25_idf(bm25_idf):
    expect(bm25_idf(40, 1), math.log(1 + 39.5 / 1.5),
           why="A word in 1 of 40 messages: ln(1 + (40 - 1 + 0.5) / (1 + 0.5)) (math.log is the natural log)")
    expect(bm25_idf(40, 20), math.log(1 + 20.5 / 20.5), why="A word in half the messages: ln(2)")
    low = bm25_idf(40, 40)
    expect(low, math.log(1 + 0.5 / 40.5), why="A word in every message still gets a small positive weight")
    require(low > 0, f"bm25_idf(40, 40) returned {low:.6g}: in the Lucene variant a word in every document "
                     "weighs a little more than 0, never less (that is what the 1 + ... is for)")
    expect(bm25_idf(40, 0), math.log(1 + 40.5 / 0.5), why="A word in no document: the 0.5 keeps it finite")
    weights = [bm25_idf(100, df) for df in range(0, 101)]
    require(all(a > b for a, b in zip(weights, weights[1:])),
            "bm25_idf(100, doc_freq) should fall as doc_freq rises: rarer words weigh more")
    rng = random.Random(f"{NOTEBOOK}.bm25_idf")
    for _ in range(20):
        n = rng.randint(1, 5000)
        df = rng.randint(0, n)
        expect(bm25_idf(n, df), math.log(1 + (n - df + 0.5) / (df + 0.5)),
               why="Expected ln(1 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5)), the idf bm25s uses")


recall_at_k = Exercise(
    "recall_at_k", lesson=NOTEBOOK, check_fn=_check_recall_at_k,
    hints=[
        "Look only at the first k ids of `ranked`. Which of them are relevant? Recall is how many of the relevant "
        "documents you found there, as a share of all the relevant documents.",
        "Turn both into sets: `set(ranked[:k]) & set(relevant)` is what was found. Divide its size by the number "
        "of relevant documents (not by k).",
        "`relevant = set(relevant)`; `return len(set(ranked[:k]) & relevant) / len(relevant)`",
    ],
)

fuse = Exercise(
    "fuse", lesson=NOTEBOOK, check_fn=_check_fuse,
    hints=[
        "BM25 scores have no fixed range, so rescale them first: the smallest becomes 0, the largest 1, "
        "`(score - min) / (max - min)`. Leave the cosines as they are.",
        "When every BM25 score is the same (no query word occurs anywhere), max - min is 0: use 0 for every "
        "document instead of dividing. Then blend: `alpha * cosine + (1 - alpha) * normalised`.",
        "`lo, hi = min(keyword), max(keyword)`; `norm = [0.0] * len(keyword) if hi == lo else "
        "[(k - lo) / (hi - lo) for k in keyword]`; `return [alpha * v + (1 - alpha) * n for v, n in "
        "zip(vector, norm)]`",
    ],
)

bm25_idf = Exercise(
    "bm25_idf", lesson=NOTEBOOK, check_fn=_check_bm25_idf,
    hints=[
        "The idf compares how many documents there are (`n_docs`) with how many contain the word (`doc_freq`): "
        "the fewer contain it, the larger the weight.",
        "The Lucene variant is ln(1 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5)). The 0.5s keep it finite "
        "for a word in no document; the 1 + keeps it above 0 for a word in every document.",
        "`import math`; `return math.log(1 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5))`",
    ],
)

EXERCISES = [recall_at_k, fuse, bm25_idf]

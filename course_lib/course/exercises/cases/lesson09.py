"""Lesson 09's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "recall_at_k": [
        "return sum(1 for r in set(relevant) if r in list(ranked)[:k]) / len(set(relevant))",
        """
        from course_lib.evaluation.retrieval import scores  # the library's R@k (for k = 1, 5, 10) ...
        if k in (1, 5, 10):
            return scores(list(ranked), frozenset(relevant))[f"R@{k}"]
        found = {doc for doc in ranked[:k] if doc in set(relevant)}  # ... and the same by hand for other k
        return len(found) / len(set(relevant))""",
    ],
    "fuse": [
        """
        import numpy as np
        v, kw = np.asarray(vector, dtype=float), np.asarray(keyword, dtype=float)
        span = kw.max() - kw.min()
        norm = np.zeros_like(kw) if span == 0 else (kw - kw.min()) / span
        return alpha * v + (1 - alpha) * norm  # an ndarray is a sequence too""",
        """
        from course_lib.scoring import min_max
        norm = min_max(keyword, equal=0.0)  # the library's rescaling, with 'all equal' mapped to 0
        return [alpha * v + (1 - alpha) * n for v, n in zip(vector, norm)]""",
    ],
    "bm25_idf": [
        "import math; return math.log((n_docs + 1) / (doc_freq + 0.5))  # the same fraction, added up",
        "import numpy as np; return float(np.log1p((n_docs - doc_freq + 0.5) / (doc_freq + 0.5)))",
    ],
}

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "recall_at_k": [
        ({"/ len(relevant)": "/ k"}, "is in the top 2"),
        ("return 1.0 if set(ranked[:k]) & set(relevant) else 0.0  # hit or miss, not a share",
         "Two relevant documents"),
        ({"/ len(relevant)": "/ min(k, len(relevant))"}, "not by k or by min(k, ...)"),
        ({"ranked[:k]": "ranked[:k + 1]"}, "At k=1 only the first result counts"),
        ({"ranked[:k]": "ranked[:k - 1]"}, "is in the top 2"),
        ("return sum(1 for doc in ranked[:k] if doc in set(relevant)) / len(set(relevant))  # counts repeats",
         "count the relevant documents found (a set), not the hits"),
        ({"relevant = set(relevant)": "relevant, ranked = set(relevant), list(dict.fromkeys(ranked))"},
         "removing the repeats before cutting looks past k"),
        ("return len(set(ranked[:k]) & set(relevant))  # a count, not a share", "Two relevant documents"),
    ],
    "fuse": [
        ({"[0.0] * len(keyword) if hi == lo": "list(keyword) if hi == lo"}, "don't fall back to the raw scores"),
        ({"if hi == lo": "if hi == 0"}, "test hi == lo, not hi == 0"),
        ({"alpha * v + (1 - alpha) * n": "(1 - alpha) * v + alpha * n"}, "0.7 · 0.55 + 0.3 · 1 = 0.685"),
        ("return [alpha * v + (1 - alpha) * k for v, k in zip(vector, keyword)]  # raw BM25, not normalised",
         "the best keyword match becomes 1"),
        ({"[0.0] * len(keyword)": "[0.5] * len(keyword)"}, "not 0.5 and no division by 0"),
        ({"norm = [0.0] * len(keyword) if hi == lo else ": "norm = "}, "ZeroDivisionError"),
        ({"(k - lo) / (hi - lo)": "k / hi"}, "become 0 and 1"),
        ({"alpha * v": "alpha * (v - min(vector)) / (max(vector) - min(vector))"}, "0.685"),
    ],
    "bm25_idf": [
        ("import math; return math.log((n_docs - doc_freq + 0.5) / (doc_freq + 0.5))  # Robertson, no 1 +",
         "A word in 1 of 40 messages"),
        ("import math; return math.log10(1 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5))",
         "math.log is the natural log"),
        ("import math; return math.log(1 + (n_docs - doc_freq) / doc_freq)  # no smoothing", "A word in 1 of 40 messages"),
        ("import math; return math.log(1 + doc_freq / n_docs)  # upside down: common words weigh more",
         "A word in 1 of 40 messages"),
        ("return (n_docs - doc_freq + 0.5) / (doc_freq + 0.5)  # forgets the log", "A word in 1 of 40 messages"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
}

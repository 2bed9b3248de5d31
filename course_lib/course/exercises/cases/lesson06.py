"""Lesson 06's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "recency": [
        "import math; return math.exp(hours * math.log(decay))",
        "import math; return math.pow(decay, hours)",
    ],
    "score": [
        "return sum(w * x for w, x in zip((weights.recency, weights.importance, weights.relevance), "
        "(recency, importance, relevance)))",
        "from course_lib import scoring; return scoring.score(recency, importance, relevance, weights)  # the library's",
    ],
    "min_max_normalise": [
        """
        import numpy as np
        a = np.asarray(values, dtype=float)
        if a.size == 0 or a.max() == a.min():
            return np.full(a.shape, 0.5)
        return (a - a.min()) / (a.max() - a.min())  # an ndarray is a sequence too""",
        """
        lo, hi = min(values, default=0), max(values, default=0)
        return [0.5 if hi == lo else (v - lo) / (hi - lo) for v in values]""",
        """
        if not values: return []  # hint 3, as written
        lo, hi = min(values), max(values)
        if hi == lo: return [0.5] * len(values)
        return [(v - lo) / (hi - lo) for v in values]""",
    ],
    "rank_memories": [
        """
        def total(m):
            return (weights.recency * decay ** m["hours"] + weights.importance * m["importance"]
                    + weights.relevance * m["relevance"])
        kept = [m for m in memories if threshold is None or total(m) >= threshold]
        return tuple(m["id"] for m in sorted(kept, key=lambda m: (-total(m), m["id"])))""",
        """
        from course_lib.scoring import rank  # the library's ranking, with the dicts as candidates
        return [row.candidate.id for row in rank(memories, weights, decay, threshold)]""",
    ],
}

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "recency": [
        ("return 1 - hours / 100  # a straight line, not a decay", "recency(48) returned 0.52, expected 0.61729"),
        ("return 0.99 ** hours  # the decay argument is never used", "recency(10, decay=0.5)"),
        ("return decay * hours  # multiplies instead of raising to a power", "recency(0) returned 0, expected 1"),
        ("import math; return math.log(hours) * decay  # log(0) raises", "recency(0) raised ValueError"),
        ("decay ** hours  # computes, forgets to return", "returned None"),
        ("return round(decay ** hours, 2)", "don't round"),
    ],
    "score": [
        ("return (weights.recency * recency + weights.importance * importance + weights.relevance * relevance) / 3",
         "score(0.62, 0.9, 0.82) returned 0.78, expected 2.34"),
        ("return recency + importance + relevance  # the weights are ignored", "weights.recency on"),
        ({"weights.importance * importance + weights.relevance * relevance":
          "weights.importance * relevance + weights.relevance * importance"}, "weights.importance on"),
        ("return weights.recency * recency * weights.importance * importance * weights.relevance * relevance",
         "score(0.62, 0.9, 0.82)"),
    ],
    "min_max_normalise": [
        ("return [v / max(values) for v in values] if values else []", "returned [0.632653"),
        ({"    if hi == lo:\n        return [0.5 for _ in values]\n": ""}, "ZeroDivisionError"),
        ({"(v - lo) / (hi - lo)": "(hi - v) / (hi - lo)"}, "the oldest memory (A, 0.62) becomes 0"),
        ({"lo, hi = min(values), max(values)": "values.sort()\n    lo, hi = values[0], values[-1]"},
         "changed its input (`values`"),
        ({"    if not values:\n        return []\n": ""}, "min_max_normalise([]) raised ValueError"),
    ],
    "rank_memories": [
        ({"scored.sort()": "scored.sort(reverse=True)"}, "best first"),
        ({"if threshold is None or -neg_total >= threshold": ""}, "threshold of 2.2 drops B"),
        ({">= threshold": "> threshold"}, "equal to the threshold is kept"),
        ({"decay ** m[\"hours\"]": "m[\"hours\"]"}, "returned ['A', 'B', 'C']"),
        ({"decay ** m[\"hours\"]": "0.99 ** m[\"hours\"]"}, "Use the decay argument"),
        ({"threshold is None or": "not threshold or"}, "`threshold is None`, not `not threshold`"),
        ({"weights.recency * decay": "weights.relevance * decay", "weights.relevance * m": "weights.recency * m"},
         "Relevance alone"),
        ({"return [mid for neg_total, mid in scored": "return {mid for neg_total, mid in scored",
          "-neg_total >= threshold]": "-neg_total >= threshold}"}, "a set ("),
        ({"return [mid for neg_total, mid in scored": "return (mid for neg_total, mid in scored",
          "-neg_total >= threshold]": "-neg_total >= threshold)"}, "a generator"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'rank_memories': {
        'dedupe: return [mid for neg_total, mid in scored if threshold is None or -neg_total >= threshold] -> return _mut_dedupe([mid for neg_total, mid in scored if threshold is None or -neg_total...':
            "memory ids are unique (the store's keys), so no two records or (score, id) pairs are equal",
        'dedupe: for neg_total, mid in scored if threshold is None or -neg_total >= threshold -> for neg_total, mid in _mut_dedupe(scored) if threshold is None or -neg_total >= threshold':
            "memory ids are unique (the store's keys), so no two records or (score, id) pairs are equal",
        'dedupe: rank_memories: memories = _mut_dedupe(memories) at the start':
            "memory ids are unique (the store's keys), so no two records or (score, id) pairs are equal",
    },
}

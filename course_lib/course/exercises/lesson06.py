"""Lesson 06 exercises: `recency`, `score`, `min_max_normalise` and `rank_memories`, the scoring of lesson 06.

`recency` and `score` have the signatures of course_lib.scoring's; `rank_memories` takes plain dicts and
returns ids where `scoring.rank` takes candidates and returns scored rows (see the exercise text).
"""
from __future__ import annotations

import random

from course_lib.course.exercises import Exercise, expect, require
from course_lib.scoring import BERLIN_MEMORIES, Weights
from course_lib.scoring import recency as lib_recency, score as lib_score

NOTEBOOK = "06_scoring"

# The lesson's table, from scoring.BERLIN_MEMORIES: memory, hours since last use, rounded recency, importance,
# relevance, total (the library's own recency and score are the reference).
BERLIN = tuple((c.id, c.text, c.hours, round(lib_recency(c.hours), 2), c.importance, c.relevance,
                round(lib_score(lib_recency(c.hours), c.importance, c.relevance), 2)) for c in BERLIN_MEMORIES)


def _check_recency(recency):
    expect(recency(0), 1.0, why="A memory used just now has lost nothing: recency 1.0")
    for label, text, hours, shown, *_ in BERLIN:
        expect(recency(hours), 0.99 ** hours, why=f"Memory {label} ({text!r}) is {hours} hours old: 0.99 ** {hours} "
                                                  f"≈ {shown}")
    ages = [0, 1, 2, 5, 12, 24, 48, 100, 500]
    values = [recency(h) for h in ages]
    for (h1, v1), (h2, v2) in zip(zip(ages, values), zip(ages[1:], values[1:])):
        require(v2 < v1, f"recency should fall as a memory ages, but recency({h1}) = {v1:.6g} and "
                         f"recency({h2}) = {v2:.6g}")
    for h, v in zip(ages, values):
        require(0 < v <= 1, f"recency({h}) = {v:.6g}, but recency must stay between 0 and 1")
    expect(recency(10, decay=0.5), 0.5 ** 10, why="With decay=0.5 a memory halves every hour (use the decay argument)")
    expect(recency(1.5, decay=0.9), 0.9 ** 1.5, why="Hours need not be whole")
    rng = random.Random(f"{NOTEBOOK}.recency")
    for _ in range(20):
        hours = rng.choice([rng.randint(0, 300), round(rng.uniform(0, 72), 2)])
        decay = round(rng.uniform(0.5, 0.999), 3)
        expect(recency(hours, decay=decay), decay ** hours, why=f"Expected {decay} ** {hours}")


def _check_score(score):
    for label, text, _, rec, imp, rel, total in BERLIN:
        expect(score(rec, imp, rel), total,
               why=f"Memory {label} ({text!r}): {rec} + {imp} + {rel} = {total} with the default Weights() (all 1)")
    rec, imp, rel = 0.5, 0.4, 0.7
    for weights, alone, name in ((Weights(1, 0, 0), rec, "recency"), (Weights(0, 1, 0), imp, "importance"),
                                 (Weights(0, 0, 1), rel, "relevance")):
        expect(score(rec, imp, rel, weights), alone, why=f"With only weights.{name} on, the score is the {name} alone")
    expect(score(0.62, 0.9, 0.82, Weights(relevance=2.0)), 3.16, why="Doubling the relevance weight lifts A to 3.16")
    expect(score(0.98, 0.8, 0.7, weights=Weights(relevance=2.0)), 3.18, why="Doubling it lifts C to 3.18")
    rng = random.Random(f"{NOTEBOOK}.score")
    for _ in range(20):
        terms = [round(rng.uniform(0, 1), 2) for _ in range(3)]
        w = Weights(*(round(rng.uniform(0.01, 3), 2) for _ in range(3)))
        expect(score(*terms, w), w.recency * terms[0] + w.importance * terms[1] + w.relevance * terms[2],
               why="Expected weights.recency·recency + weights.importance·importance + weights.relevance·relevance")


recency = Exercise(
    "recency", lesson=NOTEBOOK, check_fn=_check_recency,
    hints=[
        "A memory used right now has recency 1. Every hour that passes multiplies it by `decay` once more.",
        "After 1 hour: decay. After 2 hours: decay × decay. After `hours` hours: decay multiplied by itself "
        "`hours` times. Python has an operator for 'to the power of'.",
        "`return decay ** hours` — it works for fractional hours too. Use the `decay` argument, not a fixed 0.99, "
        "and don't round: rounding is for printing.",
    ],
)

score = Exercise(
    "score", lesson=NOTEBOOK, check_fn=_check_score,
    hints=[
        "Each of the three signals gets its own weight: `weights.recency`, `weights.importance` and "
        "`weights.relevance`. Multiply each signal by its weight.",
        "Then add the three products. Memory A with the default Weights() (all 1): 0.62 + 0.90 + 0.82 = 2.34.",
        "`return weights.recency * recency + weights.importance * importance + weights.relevance * relevance`",
    ],
)



# --- added for the lesson's later sections: min-max normalisation and a full ranking with a threshold ----

def _reference_min_max(values):
    lo, hi = min(values), max(values)
    return [0.5] * len(values) if hi == lo else [(v - lo) / (hi - lo) for v in values]


def _check_min_max_normalise(min_max_normalise):
    expect(min_max_normalise([0.62, 0.79, 0.98]), [0.0, (0.79 - 0.62) / (0.98 - 0.62), 1.0],
           why="The Berlin recencies: the oldest memory (A, 0.62) becomes 0, the freshest (C, 0.98) becomes 1")
    expect(min_max_normalise([2, 4, 6, 10]), [0.0, 0.25, 0.5, 1.0], why="(value - min) / (max - min)")
    expect(min_max_normalise([-1.0, 0.0, 1.0]), [0.0, 0.5, 1.0], why="Negative values work the same way")
    expect(min_max_normalise([1, 3, 3, 5]), [0.0, 0.5, 0.5, 1.0], why="One result per value, repeated values too")
    expect(min_max_normalise([0.9, 0.2, 0.8]), [1.0, 0.0, 6 / 7], why="The order of the values is kept")
    expect(min_max_normalise([0.3, 0.3, 0.3]), [0.5, 0.5, 0.5],
           why="All equal: max - min is 0, so there is no information; give every value 0.5 (don't divide by 0)")
    expect(min_max_normalise([0.7]), [0.5], why="A single value is 'all equal' too")
    expect(min_max_normalise([]), [], why="An empty list gives an empty list (min() of nothing would raise)")
    rng = random.Random(f"{NOTEBOOK}.min_max_normalise")
    for _ in range(20):
        values = [round(rng.uniform(-5, 5), 3) for _ in range(rng.randint(2, 8))]
        expect(min_max_normalise(values), _reference_min_max(values), why="Expected (value - min) / (max - min)")


def _reference_rank(memories, weights=Weights(), decay=0.99, threshold=None):
    totals = {m["id"]: weights.recency * decay ** m["hours"] + weights.importance * m["importance"]
              + weights.relevance * m["relevance"] for m in memories}
    ranked = sorted(totals, key=lambda i: (-totals[i], i))
    return [i for i in ranked if threshold is None or totals[i] >= threshold - 1e-12]


def _check_rank_memories(rank_memories):
    rows = [{"id": label, "hours": hours, "importance": imp, "relevance": rel}
            for label, _, hours, _, imp, rel, _ in BERLIN]
    expect(rank_memories(rows), ["C", "A", "B"], why="Equal weights: C 2.48, A 2.34, B 1.29, best first")
    expect(rank_memories(rows, Weights(relevance=2.0)), ["C", "A", "B"],
           why="Doubled relevance weight: C 3.18 still just ahead of A 3.16")
    expect(rank_memories(rows, Weights(0, 0, 1)), ["A", "C", "B"], why="Relevance alone: A 0.82, C 0.7, B 0.3")
    expect(rank_memories(rows, weights=Weights(1, 0, 0)), ["C", "B", "A"], why="Recency alone: the freshest first")
    expect(rank_memories(rows, threshold=2.2), ["C", "A"], why="A threshold of 2.2 drops B (1.29)")
    expect(rank_memories(rows, threshold=2.5), [], why="Nothing reaches 2.5, so nothing is retrieved")
    old_but_important = [{"id": "X", "hours": 10, "importance": 0.5, "relevance": 0.0},
                         {"id": "Y", "hours": 0, "importance": 0.1, "relevance": 0.0}]
    expect(rank_memories(old_but_important), ["X", "Y"], why="With decay 0.99, X (10 h old) scores 0.90 + 0.5 = "
                                                             "1.40 and Y (just now) 1.0 + 0.1 = 1.10")
    expect(rank_memories(old_but_important, decay=0.9), ["Y", "X"],
           why="With decay=0.9 a memory loses 10 % per hour: X falls to 0.35 + 0.5 = 0.85, below Y's 1.10. "
               "Use the decay argument")
    negative = [{"id": "P", "hours": 0, "importance": 0.0, "relevance": 0.2},
                {"id": "N", "hours": 1000, "importance": 0.0, "relevance": -0.4}]
    expect(rank_memories(negative, threshold=0.0), ["P"],
           why="N scores about -0.4, below the threshold 0. A threshold of 0 is a threshold: test "
               "`threshold is None`, not `not threshold`")
    exact = [{"id": "X", "hours": 0, "importance": 0.5, "relevance": 0.5}]
    expect(rank_memories(exact, threshold=2.0), ["X"], why="A score equal to the threshold is kept (score >= threshold)")
    tied = [{"id": "b", "hours": 5, "importance": 0.5, "relevance": 0.5},
            {"id": "a", "hours": 5, "importance": 0.5, "relevance": 0.5}]
    expect(rank_memories(tied), ["a", "b"], why="Equal scores are ordered by id, so the ranking is deterministic")
    expect(rank_memories([]), [], why="No memories, nothing to rank")
    rng = random.Random(f"{NOTEBOOK}.rank_memories")
    for n in range(15):
        fresh = [{"id": f"m{i}", "hours": rng.randint(0, 200), "importance": round(rng.uniform(0, 1), 2),
                  "relevance": round(rng.uniform(-0.2, 1), 2)} for i in range(rng.randint(2, 7))]
        weights = Weights(*(round(rng.uniform(0.01, 2), 2) for _ in range(3)))
        decay = rng.choice([0.9, 0.95, 0.99, 0.995])
        threshold = None if n % 3 == 0 else rng.choice([0.0, round(rng.uniform(0.5, 3), 2)])
        expect(rank_memories(fresh, weights, decay, threshold), _reference_rank(fresh, weights, decay, threshold),
               why="Expected the ids, best score first, of the memories scoring >= threshold")


min_max_normalise = Exercise(
    "min_max_normalise", lesson=NOTEBOOK, check_fn=_check_min_max_normalise,
    hints=[
        "Shift the values so the smallest becomes 0 (subtract the minimum), then stretch them so the largest "
        "becomes 1 (divide by the range, max - min).",
        "When every value is the same, max - min is 0: dividing would crash. Return 0.5 for each value instead.",
        "`if not values: return []`; then `lo, hi = min(values), max(values)`; "
        "`if hi == lo: return [0.5] * len(values)`; otherwise `return [(v - lo) / (hi - lo) for v in values]`.",
    ],
)

rank_memories = Exercise(
    "rank_memories", lesson=NOTEBOOK, check_fn=_check_rank_memories,
    hints=[
        "For each memory compute its score: weights.recency·decay**hours + weights.importance·importance + "
        "weights.relevance·relevance.",
        "Sort the ids by score, highest first; for equal scores, by id. A sort key of `(-score, id)` does both.",
        "Keep only those with score >= threshold and return their ids. Test `threshold is None`, not "
        "`not threshold`: a threshold of 0 still drops negative scores.",
    ],
)

EXERCISES = [recency, score, min_max_normalise, rank_memories]

"""Lesson 06 exercises: `recency` and `score`, the two formulas behind the Berlin-dinner example.

    from course_lib.course.exercises import lesson06 as ex
    ex.recency.check(); ex.recency.hint(); ex.recency.solution()

The checks call your functions on inputs you have not seen (seeded, so every run is the same) and
compare with the formulas; any correct implementation passes, however it is written.
"""
from __future__ import annotations

import random

from course_lib.course.exercises import Exercise, expect, require

NOTEBOOK = "06_scoring"

# The lesson's table: memory, hours since last use, rounded recency, importance, relevance, total.
BERLIN = (
    ("A", "user is vegetarian", 48, 0.62, 0.9, 0.82, 2.34),
    ("B", "asked about weather", 24, 0.79, 0.2, 0.3, 1.29),
    ("C", "flight to Berlin Friday", 2, 0.98, 0.8, 0.7, 2.48),
)


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


def _reference_score(rec, imp, rel, w_rec=1.0, w_imp=1.0, w_rel=1.0):
    return w_rec * rec + w_imp * imp + w_rel * rel


def _check_score(score):
    for label, text, _, rec, imp, rel, total in BERLIN:
        expect(score(rec, imp, rel), total,
               why=f"Memory {label} ({text!r}): {rec} + {imp} + {rel} = {total} with all weights 1")
    rec, imp, rel = 0.5, 0.4, 0.7
    expect(score(rec, imp, rel, w_rec=1.0, w_imp=0.0, w_rel=0.0), rec,
           why="With only w_rec on, the score is the recency alone")
    expect(score(rec, imp, rel, w_rec=0.0, w_imp=1.0, w_rel=0.0), imp,
           why="With only w_imp on, the score is the importance alone")
    expect(score(rec, imp, rel, w_rec=0.0, w_imp=0.0, w_rel=1.0), rel,
           why="With only w_rel on, the score is the relevance alone")
    expect(score(0.62, 0.9, 0.82, w_rel=2.0), 3.16, why="Doubling the relevance weight lifts memory A to 3.16")
    expect(score(0.98, 0.8, 0.7, w_rel=2.0), 3.18, why="Doubling the relevance weight lifts memory C to 3.18")
    rng = random.Random(f"{NOTEBOOK}.score")
    for _ in range(20):
        terms = [round(rng.uniform(0, 1), 2) for _ in range(3)]
        weights = {k: round(rng.uniform(0, 3), 2) for k in ("w_rec", "w_imp", "w_rel")}
        expect(score(*terms, **weights), _reference_score(*terms, **weights),
               why="Expected w_rec·recency + w_imp·importance + w_rel·relevance")


recency = Exercise(
    "recency", lesson=NOTEBOOK, check_fn=_check_recency,
    hints=[
        "A memory used right now has recency 1. Every hour that passes multiplies it by `decay` once more.",
        "After 1 hour: decay. After 2 hours: decay × decay. After `hours` hours: decay multiplied by itself "
        "`hours` times. Python has an operator for 'to the power of'.",
        "`return decay ** hours` — it works for fractional hours too. Use the `decay` argument, not a fixed 0.99.",
    ],
)

score = Exercise(
    "score", lesson=NOTEBOOK, check_fn=_check_score,
    hints=[
        "Each of the three signals gets its own weight: multiply each signal by its weight.",
        "Then add the three products. Memory A with all weights 1: 0.62 + 0.90 + 0.82 = 2.34.",
        "`return w_rec * recency + w_imp * importance + w_rel * relevance`",
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
    values = [0.9, 0.2, 0.8]
    min_max_normalise(values)
    require(values == [0.9, 0.2, 0.8], "min_max_normalise changed the list it was given; return a new list instead")
    expect(min_max_normalise([0.3, 0.3, 0.3]), [0.5, 0.5, 0.5],
           why="All equal: max - min is 0, so there is no information; give every value 0.5 (don't divide by 0)")
    expect(min_max_normalise([0.7]), [0.5], why="A single value is 'all equal' too")
    expect(min_max_normalise([]), [], why="Nothing in, nothing out")
    rng = random.Random(f"{NOTEBOOK}.min_max_normalise")
    for _ in range(20):
        values = [round(rng.uniform(-5, 5), 3) for _ in range(rng.randint(2, 8))]
        expect(min_max_normalise(values), _reference_min_max(values), why="Expected (value - min) / (max - min)")


def _reference_rank(memories, weights=(1.0, 1.0, 1.0), threshold=None, decay=0.99):
    w_rec, w_imp, w_rel = weights
    totals = {m["id"]: w_rec * decay ** m["hours"] + w_imp * m["importance"] + w_rel * m["relevance"]
              for m in memories}
    ranked = sorted(totals, key=lambda i: (-totals[i], i))
    return [i for i in ranked if threshold is None or totals[i] >= threshold - 1e-12]


def _berlin_rows():
    return [{"id": label, "hours": hours, "importance": imp, "relevance": rel}
            for label, _, hours, _, imp, rel, _ in BERLIN]


def _check_rank_memories(rank_memories):
    rows = _berlin_rows()
    expect(rank_memories(rows), ["C", "A", "B"], why="Equal weights: C 2.48, A 2.34, B 1.29, best first")
    expect(rank_memories(rows, weights=(1.0, 1.0, 2.0)), ["C", "A", "B"],
           why="Doubled relevance weight: C 3.18 still just ahead of A 3.16")
    expect(rank_memories(rows, weights=(0.0, 0.0, 1.0)), ["A", "C", "B"],
           why="Relevance alone (weights=(0, 0, 1)): A 0.82, C 0.7, B 0.3")
    expect(rank_memories(rows, weights=(1.0, 0.0, 0.0)), ["C", "B", "A"],
           why="Recency alone (weights=(1, 0, 0)): the freshest first (weights are w_rec, w_imp, w_rel)")
    expect(rank_memories(rows, threshold=2.2), ["C", "A"], why="A threshold of 2.2 drops B (1.29)")
    expect(rank_memories(rows, threshold=2.5), [], why="Nothing reaches 2.5, so nothing is retrieved")
    expect(rank_memories(rows, decay=0.9), _reference_rank(rows, decay=0.9),
           why="With decay=0.9 the 48-hour-old A falls to last (use the decay argument)")
    exact = [{"id": "X", "hours": 0, "importance": 0.5, "relevance": 0.5}]
    expect(rank_memories(exact, threshold=2.0), ["X"], why="A score equal to the threshold is kept (score >= threshold)")
    tied = [{"id": "b", "hours": 5, "importance": 0.5, "relevance": 0.5},
            {"id": "a", "hours": 5, "importance": 0.5, "relevance": 0.5}]
    expect(rank_memories(tied), ["a", "b"], why="Equal scores are ordered by id, so the ranking is deterministic")
    expect(rank_memories([]), [], why="No memories, nothing to rank")
    before = [dict(r) for r in rows]
    rank_memories(rows, threshold=2.2)
    require(rows == before, "rank_memories changed the memories it was given; leave the input as it is")
    rng = random.Random(f"{NOTEBOOK}.rank_memories")
    for n in range(15):
        fresh = [{"id": f"m{i}", "hours": rng.randint(0, 200), "importance": round(rng.uniform(0, 1), 2),
                  "relevance": round(rng.uniform(-0.2, 1), 2)} for i in range(rng.randint(2, 7))]
        weights = tuple(round(rng.uniform(0, 2), 2) for _ in range(3))
        threshold = None if n % 3 == 0 else round(rng.uniform(0.5, 3), 2)
        expect(rank_memories(fresh, weights=weights, threshold=threshold),
               _reference_rank(fresh, weights, threshold),
               why="Expected the ids, best score first, of the memories scoring >= threshold")


min_max_normalise = Exercise(
    "min_max_normalise", lesson=NOTEBOOK, check_fn=_check_min_max_normalise,
    hints=[
        "Shift the values so the smallest becomes 0 (subtract the minimum), then stretch them so the largest "
        "becomes 1 (divide by the range, max - min).",
        "When every value is the same, max - min is 0: dividing would crash. Return 0.5 for each value instead.",
        "`lo, hi = min(values), max(values)`; if `hi == lo` return `[0.5] * len(values)`; otherwise "
        "`[(v - lo) / (hi - lo) for v in values]`. An empty list gives an empty list.",
    ],
)

rank_memories = Exercise(
    "rank_memories", lesson=NOTEBOOK, check_fn=_check_rank_memories,
    hints=[
        "For each memory compute its score: w_rec·decay**hours + w_imp·importance + w_rel·relevance, "
        "with `w_rec, w_imp, w_rel = weights`.",
        "Sort the ids by score, highest first; for equal scores, by id. A sort key of `(-score, id)` does both.",
        "Keep only those with score >= threshold (all of them when threshold is None) and return their ids.",
    ],
)

EXERCISES = [recency, score, min_max_normalise, rank_memories]

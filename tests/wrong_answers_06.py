"""Deliberately wrong answers to the exercises added to lesson 06 (min_max_normalise, rank_memories)."""
from __future__ import annotations


# --- 06_scoring.min_max_normalise -----------------------------------------------------------

def min_max_divides_by_max(values):
    return [v / max(values) for v in values]  # scales, but the minimum does not become 0


def min_max_divides_by_zero(values):
    lo, hi = min(values), max(values)
    return [(v - lo) / (hi - lo) for v in values]  # crashes when all values are equal


def min_max_reversed(values):
    lo, hi = min(values), max(values)
    return [0.5] * len(values) if hi == lo else [(hi - v) / (hi - lo) for v in values]  # largest becomes 0


def min_max_sorts_in_place(values):
    values.sort()  # reorders (and changes) the caller's list
    lo, hi = values[0], values[-1]
    return [0.5] * len(values) if hi == lo else [(v - lo) / (hi - lo) for v in values]


# --- 06_scoring.rank_memories ---------------------------------------------------------------

def _scores(memories, weights, decay):
    w_rec, w_imp, w_rel = weights
    return {m["id"]: w_rec * decay ** m["hours"] + w_imp * m["importance"] + w_rel * m["relevance"]
            for m in memories}


def rank_ascending(memories, weights=(1.0, 1.0, 1.0), threshold=None, decay=0.99):
    totals = _scores(memories, weights, decay)
    ranked = sorted(totals, key=lambda i: (totals[i], i))  # worst first
    return [i for i in ranked if threshold is None or totals[i] >= threshold]


def rank_ignores_threshold(memories, weights=(1.0, 1.0, 1.0), threshold=None, decay=0.99):
    totals = _scores(memories, weights, decay)
    return sorted(totals, key=lambda i: (-totals[i], i))  # returns everything, relevant or not


def rank_strict_threshold(memories, weights=(1.0, 1.0, 1.0), threshold=None, decay=0.99):
    totals = _scores(memories, weights, decay)
    ranked = sorted(totals, key=lambda i: (-totals[i], i))
    return [i for i in ranked if threshold is None or totals[i] > threshold]  # drops a score equal to it


def rank_hours_as_recency(memories, weights=(1.0, 1.0, 1.0), threshold=None, decay=0.99):
    w_rec, w_imp, w_rel = weights
    totals = {m["id"]: w_rec * m["hours"] + w_imp * m["importance"] + w_rel * m["relevance"] for m in memories}
    ranked = sorted(totals, key=lambda i: (-totals[i], i))  # older memories score higher
    return [i for i in ranked if threshold is None or totals[i] >= threshold]


def rank_weights_in_wrong_order(memories, weights=(1.0, 1.0, 1.0), threshold=None, decay=0.99):
    w_rel, w_imp, w_rec = weights  # unpacked backwards
    totals = _scores(memories, (w_rec, w_imp, w_rel), decay)
    ranked = sorted(totals, key=lambda i: (-totals[i], i))
    return [i for i in ranked if threshold is None or totals[i] >= threshold]


def rank_returns_memories(memories, weights=(1.0, 1.0, 1.0), threshold=None, decay=0.99):
    totals = _scores(memories, weights, decay)
    ranked = sorted(memories, key=lambda m: (-totals[m["id"]], m["id"]))
    return [m for m in ranked if threshold is None or totals[m["id"]] >= threshold]  # dicts, not ids


WRONG = {
    "06_scoring": {
        "min_max_normalise": [
            (min_max_divides_by_max, "min_max_normalise([0.62, 0.79, 0.98]) returned [0.632653"),
            (min_max_divides_by_zero, "ZeroDivisionError"),
            (min_max_reversed, "the oldest memory (A, 0.62) becomes 0"),
            (min_max_sorts_in_place, "changed the list it was given"),
        ],
        "rank_memories": [
            (rank_ascending, "best first"),
            (rank_ignores_threshold, "threshold of 2.2 drops B"),
            (rank_strict_threshold, "equal to the threshold is kept"),
            (rank_hours_as_recency, "returned ['A', 'B', 'C']"),
            (rank_weights_in_wrong_order, "weights=(0, 0, 1)"),
            (rank_returns_memories, "rank_memories("),
        ],
    },
}

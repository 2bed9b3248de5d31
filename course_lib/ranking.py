"""The one rule for putting things in order by a score, so that an order is the same on every machine.

A ranking is a comparison of floats, and floats carry rounding noise that depends on the machine: numpy hands
matrix products to OpenBLAS, which picks a different kernel per CPU (AVX-512, AVX2, SSE) and sums in a different
order, so a float32 dot product can differ in its last bits from one laptop to the next. Two memories whose
scores are equal in exact arithmetic (the same word matched, the same sentence stored twice) then come out in an
order decided by that noise, and a printed top 5, a recall@1 or a stored notebook output changes by machine.
The same thing in production is a flaky test, or two replicas that disagree.

The rule, used by every search, reranker and score-based sort in the course:

1. **Accumulate in float64.** `similarities` and `dot` turn their inputs into float64 before multiplying. A
   product of two float32 numbers is exact in float64, and a sum of a few hundred of them is off by about
   1e-16, so the kernel's choice no longer shows at the precision we compare.
2. **Compare scores rounded to `DECIMALS` places.** `rank_key(score)` is `round(score, DECIMALS)`: scores that
   agree to 6 decimals are a tie. Every score the course prints has at most 4 decimals, so no visible order
   changes; noise a million times smaller than the grid cannot reorder anything except in the rare case where
   a score sits right on a rounding edge.
3. **Break ties by a stable key**: an id, or the position in the input, never by the order a set or a
   partial sort happens to return.

    order([0.3, 0.7, 0.3], keys=["b", "a", "a"])   # [1, 2, 0]: 0.7 first, then the tie by key
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

DECIMALS = 6
"""Scores equal to this many decimals are a tie. Far above float64 noise (~1e-16), below every printed digit."""


def rank_key(score: float) -> float:
    """The score as a ranking compares it: a float rounded to DECIMALS places (-0.0 and 0.0 alike)."""
    return round(float(score), DECIMALS) + 0.0


def similarities(matrix: Any, query: Any) -> np.ndarray:
    """Dot product of each row of `matrix` with `query`, accumulated in float64 (a float64 array)."""
    m = np.asarray(matrix, dtype=np.float64)
    q = np.asarray(query, dtype=np.float64).ravel()
    if m.size == 0:
        return np.zeros(len(m), dtype=np.float64)
    return m @ q


def dot(a: Any, b: Any) -> np.ndarray:
    """`a @ b` accumulated in float64 (for matrices: every row of a with every column of b)."""
    return np.asarray(a, dtype=np.float64) @ np.asarray(b, dtype=np.float64)


def screen(matrix: np.ndarray, query: np.ndarray) -> np.ndarray:
    """A fast float32 `matrix @ query` for choosing candidates only: never rank or print what it returns."""
    if matrix.size == 0:
        return np.zeros(len(matrix), dtype=np.float32)
    return matrix @ np.asarray(query, dtype=matrix.dtype).ravel()


def slack(dims: int) -> float:
    """How far a float32 dot product of two unit vectors of length `dims` can be from the exact value.

    Each of the `dims` products and sums rounds by at most 2**-24 relative, so the error is below dims * 2**-24
    (the standard bound for a sum of products); twice that, for headroom. 256 dims: 3e-5.
    """
    return 2.0 * max(int(dims), 1) * 2.0 ** -24


def candidates(approx: np.ndarray, n: int, margin: float) -> np.ndarray:
    """Indices that can be among the best n when every approx score is within `margin` of its exact value.

    Everything within 2 * margin of the n-th best approximate score is kept, so the exact scores of these
    (and only these) decide the order. Ascending indices, so the result does not depend on a partial sort.
    """
    approx = np.asarray(approx).ravel()
    if n >= len(approx):
        return np.arange(len(approx))
    cut = np.partition(approx, len(approx) - n)[len(approx) - n]
    return np.flatnonzero(approx >= cut - 2.0 * margin)


def order(scores: Sequence[float] | np.ndarray, keys: Sequence[Any] | None = None, n: int | None = None) -> list[int]:
    """Indices of `scores`, best first by rank_key, ties by `keys` (default: the position); the first n if given."""
    values = [rank_key(s) for s in np.asarray(scores, dtype=np.float64).ravel()]
    tie = list(range(len(values))) if keys is None else list(keys)
    if len(tie) != len(values):
        raise ValueError(f"keys has {len(tie)} values for {len(values)} scores; give one key per score")
    ranked = sorted(range(len(values)), key=lambda i: (-values[i], tie[i]))
    return ranked if n is None else ranked[:n]


def top(scores: np.ndarray, keys: Sequence[Any], n: int) -> list[int]:
    """`order(scores, keys, n)` for a long array: only the candidates that can reach the first n are sorted."""
    values = np.round(np.asarray(scores, dtype=np.float64).ravel(), DECIMALS)
    pool = candidates(values, n, 0.0)  # every tie at the cut is kept, so the key decides
    return sorted((int(i) for i in pool), key=lambda i: (-float(values[i]), keys[i]))[:n]

"""course_lib.ranking: one rule for every order decided by a score, and the proof that the course keeps to it.

The rule (accumulate in float64, compare at DECIMALS places, break ties by a stable key) is tested on its own
here; tests/test_rerun.py proves the lessons keep it, by running every cell again with float noise
(tests/float_noise.py). The architecture test below makes sure nothing multiplies vectors outside ranking.py,
so the noise reaches every product the course ranks by.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import course_lib
from course_lib import ranking
from course_lib.ranking import DECIMALS, candidates, order, rank_key, screen, similarities, slack, top

LIB = Path(course_lib.__file__).resolve().parent
sys.path.insert(0, str(Path(__file__).parent))
import float_noise  # noqa: E402

# The exercise checkers compute reference answers to compare with a learner's function on the same machine, in
# the same process; what they print is a verdict, never a ranking. Everything else goes through ranking.py.
EXEMPT = {"ranking.py"}
EXEMPT_DIRS = {LIB / "course" / "exercises"}


def products_in(source: str) -> list[int]:
    """Lines of `source` that multiply arrays: the @ operator, np.dot / np.matmul / np.inner / np.einsum, .dot()."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            lines.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "dot", "matmul", "inner", "einsum", "vdot", "tensordot"):
            if not (isinstance(node.func.value, ast.Name) and node.func.value.id == "ranking"):
                lines.append(node.lineno)
    return lines


def test_nothing_outside_ranking_multiplies_vectors():
    found = []
    for path in sorted(LIB.rglob("*.py")):
        if path.name in EXEMPT or any(d in path.parents for d in EXEMPT_DIRS):
            continue
        found += [f"{path.relative_to(LIB.parent)}:{n}" for n in products_in(path.read_text(encoding="utf-8"))]
    assert found == [], ("these lines multiply vectors outside course_lib/ranking.py, so their rounding depends "
                         "on the machine; use ranking.similarities / dot / screen: " + ", ".join(found))


def test_the_product_probe_fires():
    assert products_in("a = m @ q\nb = np.dot(m, q)\nc = m.dot(q)\nd = ranking.dot(m, q)\n") == [1, 2, 3]


def test_rank_key_is_a_tie_below_the_grid_and_an_order_above_it():
    assert rank_key(0.1 + 0.2) == rank_key(0.3)  # 0.30000000000000004
    assert rank_key(0.5 + 10 ** -(DECIMALS + 2)) == rank_key(0.5)
    assert rank_key(0.5 + 10 ** -(DECIMALS - 1)) > rank_key(0.5)
    assert str(rank_key(-0.0)) == "0.0"
    assert rank_key(np.float32(0.25)) == 0.25


def test_order_breaks_ties_by_key_then_position():
    assert order([0.3, 0.7, 0.3], keys=["b", "a", "a"]) == [1, 2, 0]
    assert order([0.3, 0.3, 0.3]) == [0, 1, 2]
    assert order([0.3 + 1e-12, 0.3], keys=["z", "a"]) == [1, 0]  # equal to 6 decimals: the key decides
    assert order([0.1, 0.9, 0.5], n=2) == [1, 2]
    with pytest.raises(ValueError, match="one key per score"):
        order([0.1, 0.2], keys=["a"])


def test_top_equals_order_on_ties_at_the_cut():
    scores = np.array([0.2, 0.9, 0.9, 0.1, 0.9])
    keys = ["a", "c", "b", "d", "a"]
    assert top(scores, keys, 2) == order(scores, keys, 2) == [4, 2]
    assert top(np.array([0.3]), ["a"], 5) == [0]


def test_similarities_are_float64_and_exact_for_float32_inputs():
    rng = np.random.default_rng(3)
    m = rng.standard_normal((50, 256)).astype(np.float32)
    q = rng.standard_normal(256).astype(np.float32)
    got = similarities(m, q)
    assert got.dtype == np.float64
    exact = [float(sum(np.float64(a) * np.float64(b) for a, b in zip(row, q))) for row in m[:3]]
    assert np.allclose(got[:3], exact, rtol=0, atol=1e-12)
    assert similarities(np.zeros((0, 4), np.float32), np.ones(4)).shape == (0,)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 30), st.integers(1, 400))
def test_the_float32_screen_never_misses_a_member_of_the_exact_top(seed, n, rows):
    """Whatever the rounding of the cheap pass, the rows it keeps include the exact top n."""
    rng = np.random.default_rng(seed)
    m = rng.standard_normal((rows, 64)).astype(np.float32)
    m /= np.linalg.norm(m, axis=1, keepdims=True)
    m[rng.integers(0, rows, rows // 3)] = m[0]  # many exact ties
    q = m[rng.integers(0, rows)]
    exact = similarities(m, q)
    pool = candidates(screen(m, q), n, slack(64))
    best = order(exact, n=n)
    assert set(best) <= set(pool.tolist())
    assert [int(pool[j]) for j in order(exact[pool], keys=pool.tolist(), n=n)] == best


def test_noise_reorders_ties_without_the_rule_and_never_with_it():
    """The probe for the rerun test: exact ties computed with noise flip under a plain float sort, not here."""
    rng = np.random.default_rng(11)
    base = rng.standard_normal(256)
    m = np.stack([base] * 40 + [rng.standard_normal(256) for _ in range(10)])  # 40 rows tie exactly
    q = rng.standard_normal(256)
    restore = float_noise.install(seed=5)
    try:
        noisy = [ranking.similarities(m, q) for _ in range(5)]
        ranked = [ranking.order(s) for s in noisy]
        plain = [sorted(range(len(s)), key=lambda i: -s[i]) for s in noisy]
    finally:
        restore()
    assert restore.replaced > 0
    assert ranking.similarities is similarities  # undone
    assert all(r == ranked[0] for r in ranked), "the rule lets float noise reorder a ranking"
    assert any(p != plain[0] for p in plain), "the noise is too weak to test anything"


def test_noise_reaches_the_modules_that_imported_the_functions():
    from course_lib.long_term import hybrid, rerank

    dot = ranking.dot
    restore = float_noise.install(seed=1)
    try:
        assert hybrid.similarities is not similarities and rerank.dot is not dot
    finally:
        restore()
    assert hybrid.similarities is similarities and rerank.dot is dot

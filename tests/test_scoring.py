"""Scoring: recency, weights and the Berlin-dinner numbers of lesson 06."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib import Weights, recency, score
from course_lib.scoring import BERLIN_MEMORIES, BERLIN_QUERY, VARIANTS, Candidate, min_max, rank


def berlin(weights: Weights = Weights()) -> dict[str, float]:
    return {m.id: round(score(recency(m.hours), m.importance, m.relevance, weights), 2) for m in BERLIN_MEMORIES}


def test_berlin_recency_terms():
    assert [round(recency(h), 2) for h in (48, 24, 2)] == [0.62, 0.79, 0.98]


def test_berlin_totals_through_public_names():
    assert BERLIN_QUERY == "suggest a dinner place in Berlin"
    assert berlin() == {"A": 2.34, "B": 1.29, "C": 2.48}


def test_doubling_relevance_nearly_ties_a_and_c():
    got = berlin(Weights(relevance=2.0))
    assert (got["A"], got["C"]) == (3.16, 3.18)


def test_rank_orders_c_a_b():
    assert [s.candidate.id for s in rank(BERLIN_MEMORIES)] == ["C", "A", "B"]


def test_threshold_and_top_k():
    assert [s.candidate.id for s in rank(BERLIN_MEMORIES, threshold=2.0)] == ["C", "A"]
    assert [s.candidate.id for s in rank(BERLIN_MEMORIES, k=1)] == ["C"]
    assert rank(BERLIN_MEMORIES, threshold=10) == []


def test_nothing_relevant_retrieves_nothing():
    irrelevant = [Candidate(m.text, m.hours, m.importance, 0.0, m.id) for m in BERLIN_MEMORIES]
    assert rank(irrelevant, Weights(recency=0.25, importance=0.15, relevance=0.6), threshold=0.5) == []


def test_ties_are_broken_by_id_whatever_the_input_order():
    rows = [Candidate("x", 1, 0.5, 0.5, id=i) for i in "dbca"]
    assert [s.candidate.id for s in rank(rows)] == ["a", "b", "c", "d"]


def test_dict_candidates_are_accepted():
    rows = [{"text": m.text, "hours": m.hours, "importance": m.importance, "relevance": m.relevance}
            for m in BERLIN_MEMORIES]
    assert [s.text for s in rank(rows)] == ["flight to Berlin Friday", "user is vegetarian", "asked about weather"]


def test_variants_are_published_presets():
    assert set(VARIANTS) == {"course", "relevance_first", "generative_agents"}
    rf = VARIANTS["relevance_first"]
    assert (rf.weights, rf.decay, rf.normalise) == (Weights(recency=0.25, importance=0.15, relevance=0.6), 0.98, False)
    ga = VARIANTS["generative_agents"]
    assert (ga.weights, ga.decay, ga.normalise) == (Weights(), 0.995, True)
    for v in VARIANTS.values():
        assert [s.candidate.id for s in rank(BERLIN_MEMORIES, v.weights, v.decay, normalise=v.normalise)][0] == "C"


def test_min_max_normalisation():
    assert min_max([2.0, 4.0, 3.0]) == [0.0, 1.0, 0.5]
    assert min_max([0.7, 0.7]) == [0.5, 0.5]
    rows = rank(BERLIN_MEMORIES, normalise=True)
    for term in ("recency", "importance", "relevance"):
        assert sorted(getattr(s, term) for s in rows)[0] == 0.0
        assert sorted(getattr(s, term) for s in rows)[-1] == 1.0


@pytest.mark.parametrize("hours, decay", [(-1, 0.99), (5, 0), (5, 1.5), (5, -0.2)])
def test_bad_inputs_raise_clear_errors(hours, decay):
    with pytest.raises(ValueError, match="hours|decay"):
        recency(hours, decay)


def test_bad_weights_and_k():
    with pytest.raises(ValueError, match="weight"):
        Weights(relevance=-1)
    with pytest.raises(ValueError, match="k must"):
        rank(BERLIN_MEMORIES, k=0)
    with pytest.raises(TypeError, match="cannot rank"):
        rank([{"text": "no numbers"}])


def test_all_zero_weights_are_refused_with_the_fix():
    with pytest.raises(ValueError, match=r"all three weights are 0.*at least one weight > 0"):
        Weights(0, 0, 0)
    with pytest.raises(ValueError, match="all three weights are 0"):
        Weights(recency=0.0, importance=0, relevance=0.0)
    assert [s.candidate.id for s in rank(BERLIN_MEMORIES, Weights(0, 0, 1))] == ["A", "C", "B"]  # one is enough


@pytest.mark.parametrize("weights", [(1, 1, 2), [1, 1, 2]])
def test_a_bare_triple_of_weights_is_refused_with_the_named_form(weights):
    # a triple does not say which number is which; the error shows the Weights to write instead
    with pytest.raises(TypeError, match=r"Weights\(recency=1, importance=1, relevance=2\)"):
        rank(BERLIN_MEMORIES, weights)
    with pytest.raises(TypeError, match="weights must be a Weights"):
        score(0.62, 0.9, 0.82, weights)


@pytest.mark.parametrize("weights", [{"relevance": 2}, 2.0, None, (1, 2)])
def test_other_non_weights_are_refused(weights):
    with pytest.raises(TypeError, match=r"weights must be a Weights such as Weights\("):
        rank(BERLIN_MEMORIES, weights)


def test_weights_are_frozen():
    with pytest.raises(Exception):
        Weights().relevance = 3  # type: ignore[misc]


@settings(max_examples=80, deadline=None)
@given(st.floats(0, 1000), st.floats(0, 1000), st.floats(0.5, 1.0))
def test_recency_is_monotone_and_bounded(h1, h2, decay):
    a, b = recency(min(h1, h2), decay), recency(max(h1, h2), decay)
    assert 0 <= b <= a <= 1
    assert recency(0, decay) == 1.0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 500), st.floats(0, 1), st.floats(-1, 1)), min_size=1, max_size=12),
       st.floats(0, 3), st.integers(1, 5))
def test_rank_is_sorted_thresholded_and_capped(rows, threshold, k):
    cands = [Candidate(f"m{i}", h, imp, rel, id=f"m{i:02d}") for i, (h, imp, rel) in enumerate(rows)]
    got = rank(cands, threshold=threshold, k=k)
    assert len(got) <= k
    assert all(s.score >= threshold for s in got)
    assert all(a.score >= b.score for a, b in zip(got, got[1:]))
    best = max(score(recency(c.hours), c.importance, c.relevance) for c in cands)
    if best >= threshold:
        assert math.isclose(got[0].score, best)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=5000, allow_nan=False), min_size=1, max_size=30),
       st.floats(min_value=0.5, max_value=1.0, exclude_min=True))
def test_the_vectorised_recency_and_score_agree_with_the_scalar_ones(hours, decay):
    import numpy as np

    from course_lib.scoring import recencies

    many = recencies(np.array(hours), decay)
    assert np.allclose(many, [recency(h, decay) for h in hours], rtol=1e-12, atol=1e-300)
    imp, rel, w = np.linspace(0, 1, len(hours)), np.linspace(1, -1, len(hours)), Weights(0.5, 1.0, 2.0)
    assert np.allclose(score(many, imp, rel, w), [score(r, i, v, w) for r, i, v in zip(many, imp, rel)], rtol=1e-12)


def test_one_number_policy_numpy_scalars_are_numbers_booleans_are_not():
    import numpy as np

    from course_lib.scoring import recencies

    assert recency(np.float32(2.0)) == pytest.approx(0.99 ** 2) and recency(np.int64(2)) == pytest.approx(0.99 ** 2)
    for bad in (True, "2", None, float("nan")):
        with pytest.raises(ValueError, match="hours must be a number >= 0"):
            recency(bad)
    with pytest.raises(ValueError, match="weight recency must be a number >= 0"):
        Weights(True, 0, 0)
    with pytest.raises(ValueError, match=r"decay must be a number in \(0, 1\]"):
        recency(1, np.float64(1.5))
    with pytest.raises(ValueError, match="hours must be numbers >= 0"):
        recencies(np.array([1.0, -2.0]))
    with pytest.raises(ValueError, match="k must be a whole number >= 1"):
        rank(BERLIN_MEMORIES, k=2.0)

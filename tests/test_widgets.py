"""The scoring explorer of lesson 06: the pure ranking, the widget's sliders, and live re-ranking."""
from __future__ import annotations

import base64

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from course_lib.ranking import rank_key
from course_lib.scoring import BERLIN_MEMORIES, Candidate
from course_lib.course.widgets import explore_ranking, ranking_table, scoring_explorer, summary


def scores(rows):
    return {r.label: round(r.score, 2) for r in rows}


# --------------------------------------------------------------------------- the pure ranking

def test_berlin_ranking_with_equal_weights():
    rows = explore_ranking()
    assert [r.label for r in rows] == ["C", "A", "B"]
    assert scores(rows) == {"A": 2.34, "B": 1.29, "C": 2.48}
    assert [r.rank for r in rows] == [1, 2, 3]
    a = next(r for r in rows if r.label == "A")
    assert [round(p, 2) for p in a.parts] == [0.62, 0.90, 0.82]


def test_doubling_relevance_nearly_ties_a_and_c():
    rows = explore_ranking(w_rel=2.0)
    assert scores(rows) == {"A": 3.16, "B": 1.59, "C": 3.18}
    assert [r.label for r in rows] == ["C", "A", "B"]


def test_threshold_greys_out_but_keeps_every_row():
    rows = explore_ranking(threshold=2.2)
    assert [(r.label, r.retrieved) for r in rows] == [("C", True), ("A", True), ("B", False)]
    assert summary(rows, 2.2) == "C 2.48 > A 2.34 > B 1.29; threshold 2.20 keeps 2 of 3"
    assert not any(r.retrieved for r in explore_ranking(threshold=2.5))


def test_unrelated_query_retrieves_nothing_above_the_threshold():
    laptop = [Candidate(m.text, m.hours, m.importance, 0.05, m.id) for m in BERLIN_MEMORIES]
    assert not any(r.retrieved for r in explore_ranking(laptop, threshold=2.2))


def test_decay_and_normalise_change_the_ranking():
    assert [r.label for r in explore_ranking(w_imp=0, w_rel=0)] == ["C", "B", "A"]  # recency alone
    assert [r.label for r in explore_ranking(w_rec=0, w_imp=0)] == ["A", "C", "B"]  # relevance alone
    fast = scores(explore_ranking(decay=0.9))
    assert fast["A"] < scores(explore_ranking())["A"]
    normalised = explore_ranking(normalise=True)
    a = next(r for r in normalised if r.label == "A")
    assert a.parts[0] == 0.0 and a.parts[1] == 1.0  # oldest -> recency 0; most important -> 1


def test_table_is_plain_rounded_text():
    table = ranking_table(explore_ranking(threshold=2.2))
    lines = table.splitlines()
    assert len(lines) == 4 and "score" in lines[0]
    assert lines[1].split()[:2] == ["1", "C"] and lines[1].split()[-1] == "2.48"
    assert lines[3].endswith("(below threshold)")


def test_bad_values_are_refused():
    with pytest.raises(ValueError, match="decay"):
        explore_ranking(decay=1.5)
    with pytest.raises(ValueError, match="weight"):
        explore_ranking(w_rel=-1)
    with pytest.raises(ValueError, match="threshold"):
        explore_ranking(threshold=float("nan"))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 500), st.floats(0, 1), st.floats(-1, 1)), min_size=1, max_size=6),
       st.floats(0, 3), st.floats(0, 3), st.floats(0, 3), st.floats(0.9, 1.0), st.floats(0, 6))
def test_ranking_invariants(memories, w_rec, w_imp, w_rel, decay, threshold):
    assume(w_rec + w_imp + w_rel > 0)  # all three at 0 is refused (test_all_zero_sliders_explain_themselves)
    rows = explore_ranking([Candidate(f"m{i}", h, imp, rel, f"m{i}") for i, (h, imp, rel) in enumerate(memories)],
                           w_rec, w_imp, w_rel, decay, threshold)
    assert len(rows) == len(memories)
    assert all(rank_key(a.score) >= rank_key(b.score) for a, b in zip(rows, rows[1:]))  # ranking.py: equal to 6 decimals ties
    assert all(abs(sum(r.parts) - r.score) < 1e-9 for r in rows)
    assert all(r.retrieved == (rank_key(r.score) >= rank_key(threshold)) for r in rows)
    retrieved = [r.retrieved for r in rows]
    assert retrieved == sorted(retrieved, reverse=True)  # the retrieved ones are a prefix


def test_a_tie_across_the_threshold_retrieves_both():
    """Found by hypothesis: scores 0 and 1.5e-134 tie in the ranking (m0 first, by id) but only the second reached a
    threshold of 1e-193, so a retrieved row came after one that was not."""
    rows = explore_ranking([Candidate("m0", 0.0, 0.0, 0.0, "m0"), Candidate("m1", 0.0, 1.0, 0.0, "m1")],
                           0.0, 1.5e-134, 0.0, 1.0, 2.6e-193)
    assert [r.label for r in rows] == ["m0", "m1"] and [r.retrieved for r in rows] == [True, True]


def test_all_zero_sliders_explain_themselves():
    with pytest.raises(ValueError, match="all three weights are 0"):
        explore_ranking(w_rec=0, w_imp=0, w_rel=0)
    explorer = scoring_explorer()
    for name in ("w_rec", "w_imp", "w_rel"):
        explorer.sliders[name].value = 0.0
    assert "all three weights are 0" in explorer.table.value and explorer.rows == []
    explorer.sliders["w_rel"].value = 1.0  # back to a ranking as soon as one weight counts again
    assert [r.label for r in explorer.rows] == ["A", "C", "B"]


# --------------------------------------------------------------------------- the widget

def test_widget_has_the_expected_sliders_and_ranges():
    import ipywidgets as w

    explorer = scoring_explorer(threshold=2.2)
    assert isinstance(explorer, w.VBox)
    sliders = explorer.sliders
    assert list(sliders) == ["w_rec", "w_imp", "w_rel", "decay", "threshold"]
    assert all(isinstance(s, w.FloatSlider) for s in sliders.values())
    assert all(s in explorer.children for s in sliders.values())
    for name in ("w_rec", "w_imp", "w_rel"):
        assert (sliders[name].min, sliders[name].max, sliders[name].value) == (0.0, 3.0, 1.0)
    assert (sliders["decay"].min, sliders["decay"].max, sliders["decay"].value) == (0.9, 1.0, 0.99)
    assert (sliders["threshold"].min, sliders["threshold"].max, sliders["threshold"].value) == (0.0, 6.0, 2.2)
    assert isinstance(explorer.chart, w.Output) and explorer.chart in explorer.children


def test_widget_renders_chart_and_table():
    explorer = scoring_explorer(threshold=2.2)
    (output,) = explorer.chart.outputs
    assert base64.b64decode(output["data"]["image/png"]).startswith(b"\x89PNG")
    assert "flight to Berlin Friday" in explorer.table.value and "(below threshold)" in explorer.table.value
    assert repr(explorer) == "ScoringExplorer(C 2.48 > A 2.34 > B 1.29; threshold 2.20 keeps 2 of 3)"
    assert explorer._repr_mimebundle_()["text/plain"] == repr(explorer)  # what the notebook stores


def test_moving_a_slider_re_ranks():
    explorer = scoring_explorer()
    chart_before, table_before = explorer.chart.outputs, explorer.table.value
    explorer.sliders["w_rel"].value = 2.0
    assert scores(explorer.rows) == {"A": 3.16, "B": 1.59, "C": 3.18}
    assert explorer.table.value != table_before and explorer.chart.outputs != chart_before
    explorer.sliders["w_rec"].value = 0.0
    assert [r.label for r in explorer.rows] == ["A", "C", "B"]  # without recency the diet fact wins
    explorer.sliders["threshold"].value = 2.5
    assert [r.retrieved for r in explorer.rows] == [True, False, False]
    explorer.sliders["decay"].value = 1.0
    assert explorer.rows == explore_ranking(w_rec=0.0, w_rel=2.0, decay=1.0, threshold=2.5)
    explorer.normalise.value = True
    assert explorer.rows == explore_ranking(w_rec=0.0, w_rel=2.0, decay=1.0, threshold=2.5, normalise=True)


def test_widget_refuses_values_outside_its_sliders():
    with pytest.raises(ValueError, match="threshold"):
        scoring_explorer(threshold=10)
    with pytest.raises(ValueError, match="at least one memory"):
        scoring_explorer([])

"""The context-budget widget of lesson 08: its pure numbers, its text, and the sliders driving them."""
from __future__ import annotations

import pytest

from course_lib.agent.compaction import plan_compaction
from course_lib.agent.usage import SECTIONS
from course_lib.course.budget_widget import budget_explorer, budget_text, context_budget


def test_sections_grow_with_turns_and_only_history_and_tool_results_move():
    small, large = context_budget(turns=2, tool_tokens=300), context_budget(turns=10, tool_tokens=300)
    assert list(small.sections) == list(SECTIONS)
    for fixed in ("system", "tools", "memory"):
        assert small.sections[fixed] == large.sections[fixed] > 0
    assert large.sections["history"] > small.sections["history"]
    assert (small.sections["tool_results"], large.sections["tool_results"]) == (600, 3000)


def test_compaction_only_past_the_trigger_and_back_under_it():
    under = context_budget(window=8_000, trigger=0.8, turns=8)
    assert under.total <= 6_400 and not under.compacts
    over = context_budget(window=8_000, trigger=0.8, turns=20)
    assert over.total > 6_400 and over.compacts
    after = sum(over.after.values())
    assert after <= over.trigger_tokens == plan_compaction(8_000, 0.8).trigger_tokens
    assert over.total - after >= plan_compaction(8_000).freed_tokens  # at least one plan's worth is folded
    for fixed in ("system", "tools", "memory"):
        assert over.after[fixed] == over.sections[fixed]  # never folded
    # a higher trigger lets the same prompt through
    assert not context_budget(window=16_000, trigger=0.95, turns=20).compacts


def test_text_names_the_decision():
    assert "under the trigger" in budget_text(context_budget(turns=3))
    over = context_budget(window=4_000, turns=12)
    text = budget_text(over)
    assert f"compact, {over.total:,} -> 3,200" in text and "would not fit the 4,000-token window" in text


@pytest.mark.parametrize("kwargs, name", [({"window": 100}, "window"), ({"trigger": 1.5}, "trigger"),
                                          ({"turns": 0}, "turns"), ({"turns": 2.5}, "turns"),
                                          ({"tool_tokens": -1}, "tool_tokens"), ({"window": True}, "window")])
def test_bad_values_name_the_argument(kwargs, name):
    with pytest.raises(ValueError, match=name):
        context_budget(**kwargs)


def test_the_sliders_drive_the_same_numbers():
    widget = budget_explorer(window=8_000, turns=8)
    assert "under the trigger" in widget.table.value and widget.chart.outputs[0]["data"]["image/png"]
    widget.sliders["turns"].value = 20
    assert widget.budget == context_budget(window=8_000, turns=20) and (
        f"compact, {context_budget(window=8_000, turns=20).total:,}" in widget.table.value)
    widget.sliders["window"].value = 32_000
    assert "under the trigger" in widget.table.value
    with pytest.raises(ValueError, match="turns"):
        budget_explorer(turns=99)

"""Truncation that extracts: a long tool output keeps its head, tail, a pointer, and the passages the goal needs."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from course_lib import ReActAgent
from course_lib.course import scenario
from course_lib.agent.passages import rank_passages, split_passages
from course_lib.agent.truncation import GOAL, OutputStore, pursuing, truncate_tool_output, with_truncation
from course_lib.model.tokens import count_tokens, decode, encode

PAGE = scenario.read_page(scenario.GUIDE_URL)
KEY = scenario.KEY_SENTENCES
BOTH = ("I land at BER on Friday evening and want dinner at Linse & Lauch: how do I get from the airport to the "
        "main station, and until when can I book?")
GAP = re.compile(r"read_more\(pointer='(out-\w+)', offset=(\d+)\)")


def test_head_and_tail_alone_lose_both_key_sentences_extraction_keeps_both_in_order():
    plain = truncate_tool_output(PAGE, 1000, store=OutputStore())
    assert not any(k in plain.text for k in KEY)
    out = truncate_tool_output(PAGE, 1000, store=OutputStore(), query=BOTH)
    assert all(k in out.text for k in KEY) and out.text.index(KEY[0]) < out.text.index(KEY[1])
    assert out.kept_tokens == count_tokens(out.text) <= 1000 and out.total_tokens == count_tokens(PAGE)
    ids = encode(PAGE)
    assert out.text.startswith(decode(ids[:200])) and out.text.endswith(decode(ids[-50:]))
    assert out.text.count(out.pointer) >= 3  # one marker per gap, each saying where to read on


def test_extraction_is_deterministic_and_keeps_the_one_sentence_a_narrow_goal_needs():
    query = "Until when does Linse & Lauch take bookings on Friday?"
    a = truncate_tool_output(PAGE, 600, store=OutputStore(), query=query)
    b = truncate_tool_output(PAGE, 600, store=OutputStore(), query=query)
    assert a == b and KEY[0] in a.text and KEY[1] not in a.text  # only what scores near the best is kept
    assert a.kept_tokens < 600


@pytest.mark.parametrize("budget", [200, 350, 800, 2000])
def test_every_budget_is_respected(budget):
    out = truncate_tool_output(PAGE, budget, store=OutputStore(), query=BOTH)
    assert count_tokens(out.text) <= budget
    assert KEY[0] in out.text  # the best passage fits even the smallest of these budgets


def test_each_gap_marker_points_just_after_the_kept_text():
    store = OutputStore()
    out = truncate_tool_output(PAGE, 1000, store=store, query=BOTH)
    after_key = out.text[out.text.index(KEY[0]) + len(KEY[0]):]
    pointer, offset = GAP.search(after_key).groups()
    assert pointer == out.pointer
    resumed = store.read(pointer, int(offset), 30)
    end_of_key = PAGE.index(KEY[0]) + len(KEY[0])
    assert abs(len(decode(encode(PAGE)[: int(offset)])) - end_of_key) <= 3
    assert resumed.strip().startswith(PAGE[end_of_key:end_of_key + 40].strip()[:20])


def test_the_agent_passes_its_goal_and_needs_no_paging():
    question = f"When does Linse & Lauch take Friday bookings until, according to {scenario.GUIDE_URL}?"
    paging = ReActAgent(tools=with_truncation(scenario.TOOLS, 1000, OutputStore()), max_steps=10).run(question)
    extract = ReActAgent(tools=with_truncation(scenario.TOOLS, 1000, OutputStore(), extract=True),
                         max_steps=10).run(question)
    assert KEY[0] in paging.answer and KEY[0] in extract.answer
    assert [s.action for s in extract.trace.steps] == ["read_page"]
    assert "read_more" in [s.action for s in paging.trace.steps]
    assert extract.usage.prompt_tokens * 10 < paging.usage.prompt_tokens
    assert GOAL.get() is None  # the goal is set only while a run is in progress


def test_outside_a_run_extract_falls_back_to_head_and_tail():
    tools = with_truncation(scenario.TOOLS, 1000, OutputStore(), extract=True)
    plain = tools.call("read_page", f'{{"url": "{scenario.GUIDE_URL}"}}')
    assert not any(k in plain for k in KEY)
    with pursuing("Until when does Linse & Lauch take bookings on Friday?"):
        focused = tools.call("read_page", f'{{"url": "{scenario.GUIDE_URL}"}}')
    assert KEY[0] in focused and count_tokens(focused) <= 1000


def test_passages_carry_their_place_in_the_text():
    text = "First line here.\nSecond one! Third?\n\n  Fourth without a stop"
    spans = split_passages(text)
    assert [p.text for p in spans] == ["First line here.", "Second one!", "Third?", "Fourth without a stop"]
    assert all(text[p.start:p.end] == p.text for p in spans)
    ranked = rank_passages(PAGE, "airport express BER main station")
    assert ranked[0].text == KEY[1] and ranked == sorted(ranked, key=lambda p: -p.score)


def test_bad_arguments_raise_clear_errors():
    with pytest.raises(ValueError, match="max_tokens"):
        truncate_tool_output(PAGE, -5, query=BOTH)
    with pytest.raises(TypeError, match="query"):
        truncate_tool_output(PAGE, 500, query=["Linse"])
    with pytest.raises(ValueError, match="alpha"):
        rank_passages(PAGE, "Linse", alpha=1.5)
    with pytest.raises(ValueError, match="min_share"):
        rank_passages(PAGE, "Linse", min_share=0)
    with pytest.raises(ValueError, match="query"):
        rank_passages(PAGE, "  ")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["Linse & Lauch opens at 17:00.", "The tram is slow.", "Ünïcødé ✓ text!", "\n",
                                 "Section 9 of the guide.", "?!", "airport express BER"]), min_size=50, max_size=400),
       st.integers(120, 900), st.sampled_from(["Linse & Lauch", "airport", "zebra", "✓"]))
def test_extraction_property(parts, budget, query):
    text = " ".join(parts)
    out = truncate_tool_output(text, budget, store=OutputStore(), query=query)
    assert count_tokens(out.text) <= budget
    if count_tokens(text) > budget:
        assert out.pointer in out.text

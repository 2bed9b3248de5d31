"""SummaryBufferMemory: under its limit always, and the summary keeps names and numbers."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from course_lib import SummaryBufferMemory, count_tokens, scenario
from course_lib.offline.registry import RULES
from course_lib.offline import rules  # noqa: F401  (registers the rules)
from course_lib.summary import NOTE_HEADER, clip


class DirectModel:
    """The offline summarise rule called directly (no HTTP round trip): fast enough for long runs."""

    def chat(self, messages, **kwargs):
        text = RULES["summarise"](messages, {}).content
        return SimpleNamespace(choices=[SimpleNamespace(message=SimpleNamespace(content=text))],
                               usage=SimpleNamespace(prompt_tokens=count_tokens(messages),
                                                     completion_tokens=count_tokens(text)))


class RamblingModel:
    """A model that ignores the requested length (to test the cap)."""

    def chat(self, messages, **kwargs):
        return SimpleNamespace(choices=[SimpleNamespace(message=SimpleNamespace(content="blah line\n" * 500))],
                               usage=None)


def test_forty_turns_stay_under_the_limit_and_keep_the_facts():
    memory = SummaryBufferMemory(max_tokens=1200, summary_tokens=350)  # through the offline client
    peak = 0
    for m in scenario.LONG_TRIP:
        memory.add(m)
        peak = max(peak, memory.tokens())
    before, after = count_tokens(scenario.LONG_TRIP), memory.tokens()
    summary = count_tokens(memory.summary)
    print(f"\n40 turns: {before} tokens -> {after} rendered (summary {summary}, "
          f"{len(memory)} recent messages, {memory.calls} summarisation calls)")
    assert before > 7_500 and peak <= 1200 and summary <= 350
    assert memory.calls > 0 and memory.folded + len(memory) == 40
    rendered = "\n".join(m["content"] for m in memory.render())
    missing = [fact for fact in scenario.LONG_TRIP_FACTS if fact not in rendered]
    assert not missing, missing
    in_summary = [fact for fact in scenario.LONG_TRIP_FACTS if fact in memory.summary]
    assert len(in_summary) >= len(scenario.LONG_TRIP_FACTS) - 2  # almost all survive repeated re-summarising
    assert "trumpet" not in rendered and "pretzels" not in memory.summary  # small talk is dropped


def test_render_puts_the_summary_first():
    memory = SummaryBufferMemory(max_tokens=400, summary_tokens=100, model=DirectModel())
    for m in scenario.LONG_TRIP[:6]:
        memory.add(m)
    first = memory.render()[0]
    assert first["role"] == "system" and first["content"].startswith(NOTE_HEADER)
    assert memory.render()[1:] == memory.messages


def test_lazy_consolidation_calls_the_model_less_often():
    eager = SummaryBufferMemory(max_tokens=1200, summary_tokens=300, model=DirectModel())
    lazy = SummaryBufferMemory(max_tokens=1200, summary_tokens=300, consolidate_at=0.7, fold_to=0.4,
                               model=DirectModel())
    for m in scenario.LONG_TRIP:
        eager.add(m)
        lazy.add(m)
        assert lazy.tokens() <= 0.7 * 1200
    assert lazy.calls < eager.calls
    print(f"\nsummarisation calls: every turn {eager.calls}, lazy (70 % -> 40 %) {lazy.calls}")


def test_a_message_larger_than_the_limit_is_folded_straight_away():
    memory = SummaryBufferMemory(max_tokens=200, summary_tokens=60, model=DirectModel())
    memory.add({"role": "user", "content": "My budget is 40 EUR. " + "la " * 400})
    assert memory.tokens() <= 200 and memory.messages == [] and "40 EUR" in memory.summary


def test_summary_is_capped_even_if_the_model_rambles():
    memory = SummaryBufferMemory(max_tokens=300, summary_tokens=80, model=RamblingModel())
    for m in scenario.LONG_TRIP[:10]:
        memory.add(m)
        assert memory.tokens() <= 300
    assert count_tokens(memory.summary) <= 80
    assert count_tokens(clip("word " * 300, 10)) <= 10


def test_validation():
    with pytest.raises(ValueError, match="no room"):
        SummaryBufferMemory(max_tokens=100, summary_tokens=95)
    with pytest.raises(ValueError, match="consolidate_at"):
        SummaryBufferMemory(max_tokens=500, consolidate_at=1.5)
    with pytest.raises(ValueError, match="fold_to"):
        SummaryBufferMemory(max_tokens=500, consolidate_at=0.5, fold_to=0.8)


def test_a_thousand_turns_never_exceed_the_limit():
    memory = SummaryBufferMemory(max_tokens=600, summary_tokens=150, model=DirectModel())
    for i in range(1000):
        source = scenario.LONG_TRIP[i % 40]
        text = source["content"][: 40 + (i * 37) % 600] + f" (turn {i})"
        memory.add({"role": source["role"], "content": text})
        assert memory.tokens() <= 600
    assert memory.calls > 100


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["user", "assistant"]), st.integers(1, 700)), min_size=1, max_size=40),
       st.integers(150, 800), st.sampled_from([1.0, 0.7]))
def test_rendered_tokens_stay_under_the_limit(turns, limit, at):
    memory = SummaryBufferMemory(max_tokens=limit, summary_tokens=limit // 5, consolidate_at=at,
                                 fold_to=at / 2 if at < 1 else None, model=DirectModel())
    words = " ".join(m["content"] for m in scenario.LONG_TRIP).split()
    for n, (role, length) in enumerate(turns):
        start = (n * 53) % 1000
        memory.add({"role": role, "content": " ".join(words[start:start + length])})
        assert memory.tokens() <= limit

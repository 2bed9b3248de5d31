"""Context engineering: compaction plan, tool-output truncation, prompt layout and caching."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from course_lib import ReActAgent, count_tokens
from course_lib.agent.compaction import plan_compaction
from course_lib.agent.layout import assemble, compare_layouts
from course_lib.agent.truncation import OutputStore, read_more_tool, truncate_tool_output, with_truncation
from course_lib.course import scenario
from course_lib.model.tokens import decode, encode


def test_compaction_plan_numbers():
    plan = plan_compaction()
    assert plan.trigger_tokens == 102_400
    assert plan.ratio == 40 and plan.ratio_text == "40:1"
    assert plan.after_tokens == 102_400 - 60_000 + 1_500 and plan.freed_tokens == 58_500
    assert "102,400" in str(plan) and "40:1" in str(plan)
    with pytest.raises(ValueError, match="trigger"):
        plan_compaction(trigger=1.5)
    with pytest.raises(ValueError, match="fold_tokens"):
        plan_compaction(fold_tokens=110_000)


def test_short_output_is_left_alone():
    out = truncate_tool_output("sunny", 50)
    assert out.text == "sunny" and out.pointer is None and not out.truncated


def test_page_is_cut_to_head_tail_and_pointer():
    store = OutputStore()
    page = scenario.read_page(scenario.GUIDE_URL)
    out = truncate_tool_output(page, 1000, store=store)
    assert out.truncated and out.kept_tokens <= 1000 and out.total_tokens == count_tokens(page)
    assert store.get(out.pointer) == page and out.pointer in out.text
    ids = encode(page)
    assert out.text.startswith(decode(ids[:600])) and out.text.endswith(decode(ids[-200:]))
    assert not any(s in out.text for s in scenario.KEY_SENTENCES)  # the two sentences that matter are cut
    _, read_more = read_more_tool(store)
    chunk = read_more(out.pointer, offset=0, max_tokens=50)
    assert chunk.startswith(decode(ids[:50])) and "offset=50" in chunk
    with pytest.raises(KeyError, match="no stored output"):
        store.get("out-0000000000")
    with pytest.raises(ValueError, match="at least"):
        truncate_tool_output(page, 10, store=store)


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=0, max_size=3000), st.integers(90, 800), st.floats(0, 1))
def test_truncation_property(text, budget, share):
    store = OutputStore()
    out = truncate_tool_output(text, budget, store=store)
    assert count_tokens(out.text) <= budget
    if count_tokens(text) > budget:
        assert out.pointer and out.pointer in out.text and store.get(out.pointer) == text
        room = budget - 80
        head = int(room * share)
        out2 = truncate_tool_output(text, budget, head=head, tail=room - head, store=store)
        assert count_tokens(out2.text) <= budget and out2.pointer in out2.text
    else:
        assert out.text == text


def test_agent_reads_more_on_demand():
    tools = with_truncation(scenario.TOOLS, max_tokens=1000, store=OutputStore())
    question = f"When does Linse & Lauch stop taking Friday bookings? See {scenario.GUIDE_URL}"
    result = ReActAgent(tools=tools).run(question)
    actions = [s.action for s in result.trace.steps]
    assert actions[0] == "read_page" and "read_more" in actions
    assert all(count_tokens(s.observation) <= 1000 for s in result.trace.steps if s.action == "read_page")
    assert scenario.KEY_SENTENCES[0] in result.answer


def test_stable_layout_only_appends():
    facts = list(scenario.PRIYA_FACTS)
    history = scenario.LONG_TRIP[:5]
    a = assemble("sys", [], facts, history[:3], "stable", 0)
    b = assemble("sys", [], facts[::-1], history, "stable", 1)
    assert b.messages[: len(a.messages) - 1] == a.messages[:-1]  # only the memory at the end changed
    assert a.messages[-1]["content"].startswith("Known facts")
    r = assemble("sys", [], facts, history, "reshuffled", 3)
    assert "Known facts" in r.messages[0]["content"] and r.messages[1:] == history
    with pytest.raises(ValueError, match="layout"):
        assemble("sys", [], facts, history, "random")


def test_stable_layout_is_cached_and_reshuffled_is_not():
    runs = compare_layouts(scenario.LONG_TRIP, scenario.PRIYA_FACTS, scenario.TOOL_SCHEMAS, 20)
    stable, shuffled = runs["stable"], runs["reshuffled"]
    assert len(stable.cached_tokens) == len(shuffled.cached_tokens) == 20
    assert stable.total_cached > shuffled.total_cached
    assert stable.cached_tokens[-1] > 5_000 and stable.hit_rate > 0.5
    print(f"\ncached tokens over 20 turns: stable {stable.total_cached:,} ({stable.hit_rate:.0%} of "
          f"{sum(stable.prompt_tokens):,}), reshuffled {shuffled.total_cached:,} "
          f"({shuffled.hit_rate:.0%} of {sum(shuffled.prompt_tokens):,})")


def test_the_agent_keeps_its_prefix_byte_identical_across_turns_with_reranked_memory():
    """Issue 23: re-ranked recalled facts must not break the cached prefix (system, tools, history come first)."""
    from course_lib import ReActAgent
    from course_lib.course import scenario
    from course_lib.model.client import Model
    from course_lib.model.offline.model import prompt_token_ids

    sent = []

    class Recorder(Model):
        def chat(self, messages, **kw):
            sent.append((json.dumps(kw.get("tools"), sort_keys=True), [dict(m) for m in messages]))
            return super().chat(messages, **kw)

    facts = list(scenario.PRIYA_FACTS)
    turn = iter(range(100))

    def reranked(agent, message):  # a different order every turn, as retrieval re-ranks
        n = next(turn) % len(facts)
        return facts[n:] + facts[:n]

    agent = ReActAgent(tools=scenario.TOOLS, before_run=reranked, model=Recorder())
    users = [m["content"] for m in scenario.LONG_TRIP if m["role"] == "user"][:8]
    firsts = []
    for text in users:
        before = len(sent)
        agent.run(text)
        firsts.append(sent[before])
    for (tools_a, a), (tools_b, b) in zip(firsts, firsts[1:]):
        assert tools_a == tools_b and a[0] == b[0]  # tools and system prompt: identical
        at = next(i for i, m in enumerate(a) if m["role"] == "user" and m["content"] == a[-2]["content"])
        assert b[: at + 1] == a[: at + 1]  # everything up to the user's message: identical, byte for byte
        assert a[at + 1]["content"].startswith("Known facts about this user")  # the volatile part comes after
        prefix = prompt_token_ids(a[: at + 1], None)
        assert prompt_token_ids(b, None)[: len(prefix)] == prefix  # and so token for token, for the cache
    assert any(f["role"] == "system" and "Known facts" in f["content"] for f in firsts[0][1][1:])

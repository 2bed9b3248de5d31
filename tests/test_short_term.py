"""Short-term memory: buffer, sliding window, importance-weighted pruning."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from course_lib import ConversationBuffer, SlidingWindow, count_tokens
from course_lib.course import scenario
from course_lib.short_term.buffer import prune_by_importance, prune_indices, unanswered, units
from test_summary import conversation, protocol_problems, turns  # the tool-call validator and generator


def msg(role, text):
    return {"role": role, "content": text}


def test_buffer_is_lossless():
    buf = ConversationBuffer()
    for m in scenario.LONG_TRIP:
        buf.add(m)
    assert buf.render() == scenario.LONG_TRIP and len(buf) == 40
    assert buf.tokens() == count_tokens(scenario.LONG_TRIP)
    buf.clear()
    assert buf.render() == []
    with pytest.raises(TypeError, match="role"):
        buf.add("hello")


def test_budget_falls_out_of_a_ten_message_window_at_message_13():
    session = scenario.SESSION_BUDGET_WINDOW
    budget = session[scenario.BUDGET_INDEX]
    window = SlidingWindow(max_messages=10)
    for m in session[:11]:  # what the agent remembers when message 12 arrives
        window.add(m)
    assert budget in window.render() and len(window.render()) == 10
    window.add(session[11])  # … and when message 13 arrives
    assert budget not in window.render() and window.dropped == 2
    full = ConversationBuffer(session[:12])
    assert budget in full.render()


def test_window_by_tokens():
    window = SlidingWindow(max_tokens=300)
    for m in scenario.LONG_TRIP:
        window.add(m)
        assert window.tokens() <= 300 or len(window) == 1
    assert window.render()[-1] == scenario.LONG_TRIP[-1]


def test_window_keeps_a_tool_call_with_its_results():
    call = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]}
    result = {"role": "tool", "tool_call_id": "c1", "content": "sunny"}
    window = SlidingWindow(max_messages=3)
    for m in [msg("user", "a"), call, result, msg("assistant", "b"), msg("user", "c")]:
        window.add(m)
        rendered = window.render()
        assert not (rendered and rendered[0]["role"] == "tool")  # never an orphaned result
    assert units([call, result, msg("user", "x")]) == [[0, 1], [2]]


def test_window_validates():
    with pytest.raises(ValueError, match="max_messages"):
        SlidingWindow()
    with pytest.raises(ValueError, match="whole number >= 1"):
        SlidingWindow(max_messages=0)


def test_prune_keeps_pinned_and_recent_within_budget():
    history = [msg("system", "You plan trips."), msg("user", "My budget is 40 EUR per person.")]
    history += [msg("user" if i % 2 else "assistant", f"small talk number {i} " * 5) for i in range(30)]
    kept = prune_by_importance(history, max_tokens=200, pinned=[0, 1])
    assert kept[:2] == history[:2] and count_tokens(kept) <= 200
    assert kept[-1] == history[-1]  # the most recent survive
    assert history[2] not in kept


def test_prune_prefers_important_messages():
    history = [msg("user", f"message {i}") for i in range(10)]
    importance = [0.1] * 10
    importance[2] = 0.9
    kept = prune_indices(history, max_tokens=count_tokens(history[:3]), importance=importance)
    assert 2 in kept and 9 in kept and kept == sorted(kept)


def test_prune_raises_when_pinned_alone_exceed_budget():
    history = [msg("system", "x " * 100), msg("user", "hi")]
    with pytest.raises(ValueError, match="pinned messages alone"):
        prune_by_importance(history, max_tokens=50)


def test_prune_with_duplicates_uses_indices():
    same = msg("user", "ok")
    history = [same, msg("user", "budget 40 EUR"), same, same, same]
    kept = prune_indices(history, max_tokens=count_tokens(history[:3]), pinned=[1])
    assert kept == [1, 3, 4]  # the two most recent copies, not "the first one" three times


messages = st.lists(
    st.tuples(st.sampled_from(["user", "assistant", "system"]), st.sampled_from(["ok", "hi there", "40 EUR",
              "a much longer message about the trip to Berlin on Friday", "ok"])),
    min_size=1, max_size=40).map(lambda xs: [msg(r, t) for r, t in xs])


@settings(max_examples=80, deadline=None)
@given(messages, st.data())
def test_prune_property(history, data):
    n = len(history)
    pinned = sorted(data.draw(st.sets(st.integers(0, n - 1), max_size=n)))
    importance = data.draw(st.lists(st.floats(0, 0.99), min_size=n, max_size=n))
    budget = data.draw(st.integers(1, 600))
    pinned_cost = count_tokens([history[i] for i in pinned])
    if pinned and pinned_cost > budget:
        with pytest.raises(ValueError):
            prune_indices(history, budget, importance=importance, pinned=pinned)
        return
    kept = prune_indices(history, budget, importance=importance, pinned=pinned)
    assert kept == sorted(set(kept))  # original order, no index twice
    assert set(pinned) <= set(kept)
    result = prune_by_importance(history, budget, importance=importance, pinned=pinned)
    assert result == [history[i] for i in kept]
    assert count_tokens(result) <= budget



def calls(*ids):
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": i, "type": "function", "function": {"name": "get_weather", "arguments": "{}"}} for i in ids]}


def result(call_id):
    return {"role": "tool", "tool_call_id": call_id, "content": "sunny"}


def test_units_group_parallel_calls_by_id():
    history = [msg("user", "a"), calls("c1", "c2"), result("c1"), result("c2"), msg("assistant", "b")]
    assert units(history) == [[0], [1, 2, 3], [4]]
    assert unanswered(history, [1, 2]) == ["c2"] and unanswered(history, [1, 2, 3]) == []
    # the same ids again in a later turn (some servers number calls per reply) belong to the later call
    again = history + [calls("c1"), result("c1")]
    assert units(again)[-1] == [5, 6]
    # a result that answers no waiting call is a unit of its own, never glued to the wrong call
    assert units([calls("c1"), result("c1"), result("c1"), result("zz")]) == [[0, 1], [2], [3]]


def test_window_never_splits_parallel_calls_and_drops_orphans():
    window = SlidingWindow(max_messages=2)
    for m in [msg("user", "a"), calls("c1", "c2"), result("c1")]:
        window.add(m)
    assert window.render() == [calls("c1", "c2"), result("c1")]  # the user message left, the call waits
    window.add(result("c2"))  # over max_messages, but the newest unit is kept whole
    assert window.render() == [calls("c1", "c2"), result("c1"), result("c2")]
    window.add(msg("assistant", "b"))
    window.add(result("c2"))  # its call is gone: if kept, it would be an orphan
    assert window.render() == [msg("assistant", "b")] and window.dropped == 5


@settings(max_examples=60, deadline=None)
@given(turns, st.integers(1, 3000), st.booleans())
def test_prune_keeps_tool_calls_and_results_together(turns, budget, reuse_ids):
    history = conversation(turns, reuse_ids)
    kept = prune_by_importance(history, budget)
    assert not protocol_problems(kept) and count_tokens(kept) <= budget
    partial = history[:-1] if history[-1]["role"] == "tool" else history  # pruned while a call waits
    assert not protocol_problems(prune_by_importance(partial, budget), open_end=True)


# -- messages are checked on the way in: a clear error instead of a broken prompt later ----------------------
@pytest.mark.parametrize("memory", [ConversationBuffer, lambda: SlidingWindow(max_messages=5)])
@pytest.mark.parametrize("message, error, words", [
    ({"role": "user"}, ValueError, "role 'user' needs 'content'"),
    ({"role": "user", "content": None}, ValueError, "needs 'content'"),
    ({"role": "assistant", "content": None}, ValueError, "needs 'content'"),
    ({"role": "human", "content": "hi"}, ValueError, "unknown role 'human'.*use 'user'"),
    ({"role": "AI", "content": "hi"}, ValueError, "use 'assistant'"),
    ({"role": "Assistant", "content": "hi"}, ValueError, "use 'assistant'"),
    ({"role": "narrator", "content": "hi"}, ValueError, "use one of system, developer, user, assistant, tool"),
    ({"role": ["user"], "content": "hi"}, ValueError, "unknown role"),
    ({"role": "user", "content": 42}, TypeError, "content is text"),
    ({"role": "user", "content": ["hi"]}, TypeError, "list of parts"),
    ({"role": "tool", "content": "sunny"}, ValueError, "tool_call_id"),
])
def test_malformed_messages_are_refused_with_the_fix(memory, message, error, words):
    mem = memory()
    with pytest.raises(error, match=words):
        mem.add(message)
    assert mem.render() == []  # nothing half-added


@pytest.mark.parametrize("message", [
    msg("user", ""), msg("system", "rules"), msg("developer", "rules"),
    {"role": "user", "content": [{"type": "text", "text": "hi"}]},
    {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function",
                                          "function": {"name": "f", "arguments": "{}"}}]},  # no text: fine
    {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
                                                           "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "user", "content": "hi", "importance": 0.9, "name": "priya"},  # extra keys are kept
])
def test_well_formed_messages_are_accepted(message):
    buf = ConversationBuffer([message])
    assert buf.render() == [message]


def test_pruning_and_the_summary_buffer_check_messages_too():
    from course_lib import SummaryBufferMemory

    with pytest.raises(ValueError, match="use 'user'"):
        prune_by_importance([{"role": "human", "content": "hi"}], max_tokens=100)
    with pytest.raises(ValueError, match="needs 'content'"):
        SummaryBufferMemory(max_tokens=500).add({"role": "user"})

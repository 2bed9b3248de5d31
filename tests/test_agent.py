"""The ReAct agent end to end through the offline client (OpenAI tool-call format)."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from course_lib import ConversationBuffer, ReActAgent, SlidingWindow, count_tokens
from course_lib.course import scenario
from course_lib.agent.toolbox import Toolbox
from course_lib.agent.usage import SECTIONS
from course_lib.model.prompts import FACTS_HEADING
from course_lib.model.tokens import count_tools_tokens


def recall_priya(agent, message):
    return scenario.PRIYA_FACTS


def booked(result):
    calls = [s for s in result.trace.steps if s.action == "book_table"]
    assert len(calls) == 1, result.trace
    return json.loads(calls[0].observation)


def test_goldfish_versus_memory():
    goldfish = ReActAgent(tools=scenario.TOOLS).run(scenario.GOLDFISH_QUESTION)
    remembers = ReActAgent(tools=scenario.TOOLS, before_run=recall_priya).run(scenario.GOLDFISH_QUESTION)
    g, m = booked(goldfish), booked(remembers)
    assert g["restaurant"] != m["restaurant"]
    diet = {r["name"]: r["diet"] for r in scenario.RESTAURANTS}
    assert "vegetarian" in diet[m["restaurant"]] and m["price_per_person"] <= 40
    assert "vegetarian" not in diet[g["restaurant"]] and g["price_per_person"] > 40
    assert m["time"] == "Friday 19:00" and m["people"] == 2
    assert m["restaurant"] in remembers.answer and m["confirmation"] in remembers.answer
    print(f"\nwith facts: {m['restaurant']} ({m['price_per_person']} EUR); "
          f"goldfish: {g['restaurant']} ({g['price_per_person']} EUR)")


def test_trace_shows_thought_action_observation():
    result = ReActAgent(tools=scenario.TOOLS, before_run=recall_priya).run(scenario.GOLDFISH_QUESTION)
    steps = result.trace.steps
    assert [s.action for s in steps] == ["search_restaurants", "book_table"]
    assert steps[0].args == {"city": "Berlin", "diet": "vegetarian", "max_price": 40}
    assert all(s.thought and s.observation for s in steps)
    text = str(result.trace)
    for label in ("Thought:", "Action: search_restaurants", "Observation:", "Answer:"):
        assert label in text
    assert "<table" in result.trace._repr_html_() and "book_table" in result.trace._repr_html_()


def test_token_meter_sections_add_up_to_reported_prompt_tokens():
    result = ReActAgent(tools=scenario.TOOLS, before_run=recall_priya).run(scenario.GOLDFISH_QUESTION)
    assert len(result.usage.calls) == 3
    for call in result.usage.calls:
        assert set(call.sections) == set(SECTIONS)
        assert call.counted == call.prompt_tokens  # the offline model counts exactly like count_tokens
        assert call.sections["tools"] == count_tools_tokens(scenario.TOOL_SCHEMAS)
        assert call.sections["memory"] > 0
    first, last = result.usage.calls[0], result.usage.calls[-1]
    assert first.sections["tool_results"] == 0 < last.sections["tool_results"]  # tool output piles up
    assert result.usage.by_section()["system"] == 3 * first.sections["system"]
    assert "tool_results" in result.usage.table()


def test_hooks_and_memory_across_runs():
    seen = {}

    def after(agent, conversation):
        seen["conversation"] = conversation

    agent = ReActAgent(tools=scenario.TOOLS, before_run=recall_priya, after_run=after)
    assert agent.system_prompt() == agent.system and FACTS_HEADING not in agent.system_prompt()
    assert FACTS_HEADING in agent.memory_message(scenario.PRIYA_FACTS)["content"]
    assert agent.memory_message([]) is None
    first = agent.run("What's the weather in Berlin on Friday?")
    assert "rain" in first.answer
    conv = seen["conversation"]
    assert conv[0] == {"role": "user", "content": "What's the weather in Berlin on Friday?"}
    assert conv[-1] == {"role": "assistant", "content": first.answer}
    assert any(m["role"] == "tool" for m in conv)
    assert isinstance(agent.memory, ConversationBuffer) and agent.memory.render() == conv
    second = agent.run("Thanks, I'll bring an umbrella.")
    assert second.usage.calls[0].sections["history"] > count_tokens(conv) - 10
    assert len(agent.memory) == len(conv) + 2


def test_sliding_window_agent_forgets_the_budget():
    session = scenario.SESSION_BUDGET_WINDOW
    question = session[scenario.DINNER_QUESTION_INDEX]["content"]
    prices = {r["name"]: r["price_per_person"] for r in scenario.RESTAURANTS}

    def suggestion(memory):
        for m in session[:scenario.DINNER_QUESTION_INDEX]:
            memory.add(m)
        answer = ReActAgent(tools=scenario.TOOLS, memory=memory).run(question).answer
        return next(name for name in prices if name in answer)

    window_pick = suggestion(SlidingWindow(max_messages=10))
    buffer_pick = suggestion(ConversationBuffer())
    assert prices[window_pick] > 40, window_pick  # the budget fell out of the window
    assert prices[buffer_pick] <= 40, buffer_pick


def test_keep_tool_messages_false_stores_only_the_dialogue():
    agent = ReActAgent(tools=scenario.TOOLS, keep_tool_messages=False)
    agent.run("What's the weather in Paris?")
    assert [m["role"] for m in agent.memory.render()] == ["user", "assistant"]


class LoopingModel:
    """A stand-in model that always asks for the same tool (to test the step limit)."""

    def chat(self, messages, **kwargs):
        call = SimpleNamespace(id="c", type="function",
                               function=SimpleNamespace(name="get_weather", arguments='{"city": "Berlin"}'))
        message = SimpleNamespace(content="again", tool_calls=[call])
        return SimpleNamespace(choices=[SimpleNamespace(message=message)],
                               usage=SimpleNamespace(prompt_tokens=1, completion_tokens=1, prompt_tokens_details=None))


def test_step_limit():
    result = ReActAgent(tools=scenario.TOOLS, max_steps=3, model=LoopingModel()).run("weather?")
    assert result.trace.stopped == "max_steps" and len(result.trace.steps) == 3
    assert "3 steps" in result.answer
    with pytest.raises(ValueError, match="max_steps"):
        ReActAgent(max_steps=0)


def test_tool_errors_become_observations():
    tools = scenario.TOOLS
    assert tools.call("nope", "{}").startswith("error: there is no tool")
    assert "not valid JSON" in tools.call("get_weather", "{city")
    assert "wrong arguments" in tools.call("get_weather", '{"town": "Berlin"}')
    assert "no forecast" in tools.call("get_weather", '{"city": "Atlantis"}')
    with pytest.raises(ValueError, match="no function"):
        Toolbox(scenario.TOOL_SCHEMAS, {})
    assert tools.only("get_weather").names == ["get_weather"]


def test_run_rejects_empty_message():
    with pytest.raises(ValueError, match="non-empty"):
        ReActAgent().run("  ")


LOCAL_TIME = {"type": "function", "function": {"name": "local_time", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}


def buggy_local_time(city):
    return "19:00" if city.lower() == "berlin" else "unknown"  # breaks when the model sends a list


def test_any_exception_in_a_tool_becomes_an_observation():
    tools = Toolbox([LOCAL_TIME], {"local_time": buggy_local_time})
    assert tools.call("local_time", '{"city": "Berlin"}') == "19:00"
    assert tools.call("local_time", '{"city": ["Berlin"]}') == (
        "error: AttributeError: 'list' object has no attribute 'lower'")
    assert tools.call("local_time", '{"city": null}').startswith("error: AttributeError: ")

    def interrupted(city):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):  # BaseException-only signals still stop the run
        Toolbox([LOCAL_TIME], {"local_time": interrupted}).call("local_time", '{"city": "Berlin"}')


class ListArgumentModel:
    """Calls local_time with a list instead of a string, then answers with what it observed."""

    def chat(self, messages, **kwargs):
        results = [m["content"] for m in messages if m["role"] == "tool"]
        if results:
            message = SimpleNamespace(content=f"the tool said: {results[-1]}", tool_calls=None)
        else:
            call = SimpleNamespace(id="c1", type="function",
                                   function=SimpleNamespace(name="local_time", arguments='{"city": ["Berlin"]}'))
            message = SimpleNamespace(content=None, tool_calls=[call])
        return SimpleNamespace(choices=[SimpleNamespace(message=message)],
                               usage=SimpleNamespace(prompt_tokens=1, completion_tokens=1, prompt_tokens_details=None))


def test_a_crashing_tool_does_not_end_the_run():
    agent = ReActAgent(tools=Toolbox([LOCAL_TIME], {"local_time": buggy_local_time}), model=ListArgumentModel())
    result = agent.run("What time is it in Berlin?")
    assert result.trace.stopped == "answer"
    assert result.trace.steps[0].observation.startswith("error: AttributeError")
    assert "AttributeError" in result.answer


def test_the_model_is_built_on_first_use_and_a_given_one_is_kept():
    from course_lib import SummaryBufferMemory
    from course_lib.model.client import Model

    agent = ReActAgent()
    assert agent._model is None  # creating an agent builds no client
    assert isinstance(agent.model, Model) and agent.model is agent.model
    given = object()
    assert ReActAgent(model=given).model is given and SummaryBufferMemory(200, model=given).model is given

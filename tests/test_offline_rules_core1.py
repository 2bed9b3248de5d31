"""The offline model's ReAct and summarise rules, called directly."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from course_lib import count_tokens
from course_lib.course import scenario
from course_lib.model.offline.react import constraints, find_budget, find_diet, find_people, find_when, intent
from course_lib.model.offline.rules import RULES
from course_lib.model.offline.summarise import merge, score, split_lines
from course_lib.model.offline.text import CLAUSE_BREAKS, sentences
from course_lib.model.prompts import FACTS_HEADING, REACT_SYSTEM, SUMMARISE, TEMPLATES

BODY = {"tools": scenario.TOOL_SCHEMAS}


def ask(question, system=REACT_SYSTEM, history=(), body=BODY):
    messages = [{"role": "system", "content": system}, *history, {"role": "user", "content": question}]
    return RULES["react"](messages, body)


def test_every_template_has_its_rule_in_the_one_table():
    assert set(RULES) == set(TEMPLATES) | {"react"}
    assert all(callable(fn) for fn in RULES.values())


def test_one_sentence_splitter_with_two_kinds_of_break():
    text = "- I'm vegetarian; my budget is 40 EUR and I live in Paris.\nWhat's on?"
    assert sentences(text) == ["I'm vegetarian; my budget is 40 EUR and I live in Paris.", "What's on?"]
    assert sentences(text, CLAUSE_BREAKS) == ["I'm vegetarian;", "my budget is 40 EUR", "I live in Paris.",
                                              "What's on?"]
    assert sentences("  \n ") == []


def test_diet_budget_and_city_come_from_anywhere_in_the_prompt():
    assert find_diet("I'm vegetarian.") == "vegetarian"
    assert find_diet("I'm vegetarian. Update: I'm vegan now, not just vegetarian.") == "vegan"
    assert find_diet("I was vegetarian but I eat meat now.") is None
    assert find_diet("He is not vegetarian.") is None
    assert find_budget("The hotel costs 120 EUR a night. My dinner budget is 40 EUR per person.") == 40
    assert find_budget("Tickets cost 12 EUR.") is None
    assert find_budget("Keep it under €35, please.") == 35
    c = constraints("Suggest dinner", "I live in Paris. Flight to Berlin on Friday.")
    assert c["city"] == "Berlin"
    assert constraints("Dinner in Paris?", "Flight to Berlin.")["city"] == "Paris"
    assert find_when("Book Friday at 19:00 for 2") == "Friday 19:00" and find_people("table for two") == 2
    assert find_people("at 19:00") is None and find_people("for 4 people") == 4  # no size given: None, never 2


def test_intents():
    assert intent(scenario.GOLDFISH_QUESTION) == "book"
    assert intent("Can you suggest a place for dinner?") == "restaurant"
    assert intent("Will it rain on Friday?") == "weather"
    assert intent(f"Summarise {scenario.GUIDE_URL}") == "page"
    assert intent("What's my name?") == "recall"
    assert intent("My cat says hi") == "unknown"


def test_first_step_searches_with_the_known_constraints():
    facts = REACT_SYSTEM + f"\n\n{FACTS_HEADING}\n" + "\n".join(f"- {f}" for f in scenario.PRIYA_FACTS)
    reply = ask(scenario.GOLDFISH_QUESTION, system=facts)
    (call,) = reply.tool_calls
    assert call["function"]["name"] == "search_restaurants" and reply.content
    assert json.loads(call["function"]["arguments"]) == {"city": "Berlin", "diet": "vegetarian", "max_price": 40.0}
    bare = ask(scenario.GOLDFISH_QUESTION).tool_calls[0]
    assert json.loads(bare["function"]["arguments"]) == {"city": "Berlin"}


def test_only_offered_tools_are_called():
    reply = ask(scenario.GOLDFISH_QUESTION, body={"tools": [scenario.TOOL_SCHEMAS[1]]})
    assert not reply.tool_calls and "search_restaurants" in reply.content


def test_choice_double_checks_the_results():
    results = json.dumps(scenario.search_restaurants("Berlin"))  # a tool that ignored the filters
    history = [{"role": "user", "content": "I'm vegetarian and my budget is 30 EUR per person."},
               {"role": "user", "content": "Suggest a restaurant in Berlin"},
               {"role": "assistant", "content": "t", "tool_calls": [
                   {"id": "call_1", "type": "function", "function": {"name": "search_restaurants",
                                                                     "arguments": "{}"}}]},
               {"role": "tool", "tool_call_id": "call_1", "content": results}]
    reply = RULES["react"]([{"role": "system", "content": REACT_SYSTEM}, *history], BODY)
    assert not reply.tool_calls and "Linse & Lauch" in reply.content


def test_recall_and_chat_answers():
    history = [{"role": "user", "content": "Hi! I'm Priya."}, {"role": "assistant", "content": "Hello!"}]
    assert ask("What's my name?", history=history).content == "Your name is Priya."
    assert "don't know your name" in ask("What's my name?").content
    assert ask("My cat says hi").tool_calls == []


def test_summarise_keeps_facts_and_drops_small_talk():
    new = ("User: Hi! Lovely weather today, isn't it.\n"
           "User: My flight AF 1734 lands at 14:35 on Friday. I need to book a taxi.\n"
           "Assistant: Sounds good, have fun.")
    out = merge("", new, 100)
    assert "AF 1734" in out and "need to book a taxi" in out
    assert "weather" not in out and "have fun" not in out
    assert out.splitlines()[0].startswith("User: ")
    assert score("User", "Budget 40 EUR") == 2 * score("Assistant", "Budget 40 EUR")


def test_summarise_merges_and_deduplicates():
    old = "User: My budget is 40 EUR per person."
    out = merge(old, "Assistant: My budget is 40 EUR per person.\nUser: Let's meet Lena at 19:00.", 200)
    assert out.count("40 EUR") == 1 and "Lena" in out and out.index("40 EUR") < out.index("Lena")
    assert split_lines("User: A. B?\nC.") == [("User", "A."), ("User", "B?"), ("User", "C.")]


def test_summarise_rule_through_the_template():
    messages = SUMMARISE.render(summary="(none yet)", new_lines="User: I'm vegetarian, my name is Priya.",
                                max_tokens=50)
    reply = RULES["summarise"](messages, {})
    assert reply.content == "User: I'm vegetarian, my name is Priya."


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 400), st.integers(0, 39))
def test_summarise_fits_the_budget(max_tokens, start):
    lines = "\n".join(f"{m['role'].capitalize()}: {m['content']}" for m in scenario.LONG_TRIP[start:start + 6])
    out = merge("", lines, max_tokens)
    assert count_tokens(out) <= max_tokens
    assert out == merge("", lines, max_tokens)  # deterministic


def test_each_intent_has_one_small_handler():
    import inspect

    from course_lib.model.offline.react import INTENTS

    assert set(INTENTS) == {"page", "forget_all", "forget", "recall", "book", "restaurant", "weather", "small_talk",
                            "unknown"}
    for name, handler in INTENTS.items():
        assert len(inspect.getsource(handler).splitlines()) <= 40, name
    assert ask("What's the weather in Paris?").tool_calls[0]["function"]["name"] == "get_weather"
    assert ask("What is my budget?").content.startswith("I don't know your budget")
    assert ask("Hello there").content.startswith("Hello")  # small talk: a short reply, no tool

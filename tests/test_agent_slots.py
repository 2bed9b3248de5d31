"""The offline agent's readers, one at a time: a booking's slots (offline/slots.py), am/pm in when.py, the weather
day, the user's name, forgetting by subject, and session summaries. Each case is one a wrong reader gets wrong."""
from __future__ import annotations

import json
from datetime import date

import pytest

from course_lib.agent.react_agent import ReActAgent
from course_lib.agent.tools import TOOLS, get_weather
from course_lib.model.offline import about_user
from course_lib.model.offline.forecast import takes
from course_lib.model.offline.memory_ops import session_summary_rule
from course_lib.model.offline.slots import (booking_without_a_verb, candidate_names, parts, refers_back, said_before,
                                            slots)
from course_lib.model.prompts import SESSION_SUMMARY
from course_lib.model.when import clock_time
from course_lib.short_term.buffer import ConversationBuffer

MONDAY = date(2026, 3, 2)


@pytest.mark.parametrize("text, cut", [
    ("for 4, oh wait, make that 5 people", ["for 4, ", "oh wait, make that 5 people"]),
    ("Book it\n8pm", ["Book it", "8pm"]),
    ("Reservier für drei, nein lieber für vier", ["Reservier für drei, ", "nein lieber für vier"]),
    ("book Grüner Salon for Friday", ["book Grüner Salon for Friday"]),
])
def test_what_the_user_said_is_cut_at_corrections_and_answers(text, cut):
    assert parts(text) == cut


@pytest.mark.parametrize("text, want", [
    ("book Linse & Lauch for Friday at 7pm for 4, oh wait, make that 5 people", ("Friday", "19:00", 5)),
    ("book Linse & Lauch for Friday at 7pm for 4, oh wait, make that 5", ("Friday", "19:00", 5)),  # bare: people
    ("Linse & Lauch for 4 on Friday at 7pm, no wait, make it 8", ("Friday", "20:00", 4)),  # bare: the time, pm kept
    ("Book Jardin Secret for 4 on Saturday at 8pm, sorry, Sunday", ("Sunday", "20:00", 4)),
    ("Réserve pour deux vendredi à 20h, en fait samedi", ("Saturday", "20:00", 2)),
    ("Prenota per due venerdì alle 20, anzi alle 21", ("Friday", "21:00", 2)),
    ("I'd like a table for Friday\n8:30pm, two of us", ("Friday", "20:30", 2)),  # the answer to the agent's question
])
def test_the_later_part_wins_for_each_slot(text, want):
    args, gaps = slots(text, MONDAY)
    assert (args["day"], args["time"], args["people"]) == want and gaps == []


@pytest.mark.parametrize("text, gap", [
    ("Book it for Friday at 7pm for 2, actually no", 'what "actually no" changes'),  # a correction not understood
    ("Tisch für 2 oder 3 Personen am Freitag um 20 Uhr", "how many people (2 or 3?)"),
    ("for 2 on Saturday or Sunday at 8pm", "which day (Saturday or Sunday?)"),
    ("for 2 on Saturday at 8", "the time (8 in the morning or in the evening?)"),
    ("reserve a table for three people", "the day"),
])
def test_what_is_unclear_or_missing_is_asked_about(text, gap):
    assert gap in slots(text, MONDAY)[1]


def test_a_correction_with_no_earlier_value_to_replace_is_asked_about():
    args, gaps = slots("Book Chez Lentille on Friday at 8pm, sorry, 5", MONDAY)  # no party size was given before
    assert args["people"] is None and any("changes" in g for g in gaps)


@pytest.mark.parametrize("text, names", [
    ("Book Chez Lentille in Paris for 2 on Saturday at 8pm", ["Chez Lentille"]),
    ("resérvame Linse & Lauch el sábado a las nueve de la noche", ["Linse & Lauch"]),
    ("Ich möchte bei Grüner Salon einen Tisch für 4 Personen am Samstag um 20 Uhr", ["Grüner Salon"]),
    ("Reservier einen Tisch für 2 Personen am Samstag um 20 Uhr in Berlin", []),  # German nouns, a city, a day
    ("Não como carne. Reserva uma mesa em Berlim", []),  # a sentence's first word
    ("Book me a dinner in Berlin on Friday at 19:00 for 2\nYes, that all still holds.", []),
    ("I'm vegetarian and can spend 30 EUR per person.", []),
    ("Nobu in Berlin, Friday 8pm for 2", ["Nobu"]),  # a name opening the sentence, followed by "in"
    ("Book me a dinner in Berlin on Friday at 19:00 for 2 Quickly, please.", []),  # an adverb
    ("Perfect, book Grüner Salon then", ["Grüner Salon"]),
])
def test_capitalised_words_that_may_name_a_restaurant(text, names):
    assert candidate_names(text, MONDAY) == names


def test_book_it_points_at_the_place_said_last():
    messages = [{"role": "user", "content": "find me something in Paris"},
                {"role": "assistant", "content": "Chez Lentille (vegetarian, 32 EUR) is the best match."},
                {"role": "user", "content": "great, book it for Friday at 8pm for two"}]
    assert refers_back(messages[-1]["content"]) and not refers_back("book a table for two")
    assert said_before(messages, 2).startswith("Chez Lentille")


def test_a_time_and_a_party_size_make_a_booking_without_a_verb():
    assert booking_without_a_verb("Spree Dumpling House, Sunday at noon, 3 of us")
    assert not booking_without_a_verb("I have 3 kids") and not booking_without_a_verb("It's 8pm already")


@pytest.mark.parametrize("text, value", [
    ("am Samstag um halb acht abends", "19:30"),
    ("às sete e meia da noite na Fischerhütte am Kanal", "19:30"),  # German "am" in a name is not the morning
    ("at eight am", "08:00"), ("at 8 am", "08:00"), ("quarter to eight pm", "19:45"), ("at 7 p.m.", "19:00"),
])
def test_am_is_the_morning_only_after_an_hour(text, value):
    assert clock_time(text).value == value


def _run(*turns, tools=TOOLS):
    agent = ReActAgent(tools=tools, memory=ConversationBuffer())
    results = [agent.run(t) for t in turns]
    return results[-1]


def test_the_weather_tool_gets_the_day_asked_and_its_answer_is_reported():
    assert get_weather("Paris", "Saturday") == {"city": "Paris", "saturday": "14 °C, cloudy"}
    with pytest.raises(ValueError, match="no forecast for 'Tuesday'"):
        get_weather("Berlin", "Tuesday")
    assert takes(TOOLS.schemas, "get_weather", "day") and not takes(TOOLS.schemas, "get_weather", "hour")
    sat = _run("Is it going to be sunny in Paris on Saturday?")
    assert [s.args for s in sat.trace.steps] == [{"city": "Paris", "day": "Saturday"}]
    assert "Saturday" in sat.answer and "Friday" not in sat.answer
    tue = _run("Regnet es morgen in Berlin?")  # the course clock starts on a Monday
    assert tue.trace.steps[0].args == {"city": "Berlin", "day": "Tuesday"} and "no forecast for 'Tuesday'" in tue.answer
    weekend = _run("What's the weather in Berlin this weekend?")  # two days: the whole forecast, both reported
    assert weekend.trace.steps[0].args == {"city": "Berlin"} and "Saturday" in weekend.answer and "Sunday" in weekend.answer


def test_a_named_restaurant_is_booked_as_said_and_nothing_else_is():
    booked = _run("Book Chez Lentille in Paris for 2 on Saturday at 8pm")
    calls = [(s.action, s.args) for s in booked.trace.steps]
    assert calls[-1] == ("book_table", {"restaurant": "Chez Lentille", "time": "Saturday 20:00", "people": 2})
    unknown = _run("book a table at Sushi Zen in Berlin for 2 on Friday at 8pm")
    assert "book_table" not in [s.action for s in unknown.trace.steps] and "Sushi Zen" in unknown.answer
    nobu = _run("Nobu in Berlin, Friday 8pm for 2")  # a name found nowhere is asked about, never replaced
    assert "book_table" not in [s.action for s in nobu.trace.steps] and "Nobu" in nobu.answer
    asked = _run("reserve a table for three people")
    assert asked.trace.steps == [] and "the day" in asked.answer and "the time" in asked.answer


def test_the_users_answers_are_read_with_the_request_they_answer():
    result = _run("reserve a table for three people", "Chez Lentille, on Saturday", "8pm")
    assert [(s.action, s.args) for s in result.trace.steps][-1] == (
        "book_table", {"restaurant": "Chez Lentille", "time": "Saturday 20:00", "people": 3})


def test_a_bare_i_am_is_not_taken_as_a_name():
    assert about_user.name("I'm Batman.") == (None, None) and about_user.unsure_name("I'm Batman.") == "Batman"
    assert about_user.name("Hi, I'm Priya.")[0] == "Priya"
    assert about_user.name("I'm Priya, and I'm vegetarian.")[0] == "Priya"
    reply = _run("I'm Batman.", "What is my name?").answer
    assert "don't know your name" in reply and "Batman" in reply


def _summary(transcript: str) -> dict:
    return json.loads(session_summary_rule(SESSION_SUMMARY.render(transcript=transcript), {}).content)


def test_session_summaries_keep_decisions_numbers_and_names():
    out = _summary("user: My budget is 14,500 EUR for the trip.\nassistant: Noted.\n"
                   "user: It's my sister Clara's wedding.\nuser: We decided on Quinta do Vale.\nuser: I'm Batman.")
    assert out["decisions"] == ["We decided on Quinta do Vale."]
    assert "The user's trip budget is 14,500 EUR." in out["preferences"]  # the purpose is kept: "for the trip"
    assert not any("Clara's" in f or "Batman" in f for f in out["facts_learned"])
    assert _summary("user: OK, Quinta do Vale it is.")["decisions"] == ["OK, Quinta do Vale it is."]
    assert _summary("user: Is it raining? It is.")["decisions"] == []


@pytest.mark.parametrize("text, nth", [("the second one please", 1), ("la première", 0), ("el último", -1),
                                       ("book it", None), ("one more thing", None)])
def test_ordinals_point_at_a_listed_place(text, nth):
    from course_lib.model.offline.slots import ordinal
    assert ordinal(text) == nth


def test_the_second_one_books_the_second_place_named():
    agent = ReActAgent(tools=TOOLS, memory=ConversationBuffer())
    agent.memory.add({"role": "user", "content": "Find me a vegetarian place in Paris"})
    agent.memory.add({"role": "assistant", "content": "I suggest Jardin Secret in Paris. Also fitting: Chez Lentille."})
    result = agent.run("the second one please, Friday 8pm for 2")
    assert result.trace.steps[-1].args == {"restaurant": "Chez Lentille", "time": "Friday 20:00", "people": 2}


def test_a_follow_up_continues_the_weather_question_and_never_books():
    weather = _run("What's the weather in Paris on Friday?", "and in Berlin?")
    assert weather.trace.steps[0].args == {"city": "Berlin", "day": "Friday"}
    after_booking = _run("Book Chez Lentille in Paris for 2 on Friday at 8pm", "and on Saturday?")
    assert "book_table" not in [s.action for s in after_booking.trace.steps]


def test_budgets_without_a_currency_and_everything_known():
    from course_lib.model.offline.answers import answer_question
    assert about_user.budget("Where can we eat in Berlin tonight? Max 30 per person.") == (30.0, True)
    assert about_user.budget("a table for max 4 people")[0] is None  # people, not money
    said = "I'm vegetarian and I live in Lyon. My budget is 45 euros per person."
    everything = answer_question("what do you know about me?", said)
    assert "vegetarian" in everything and "Lyon" in everything and "45" in everything
    assert "know nothing" in answer_question("what do you know about me?", "")


def test_forgetting_a_named_fact_deletes_only_that_subject(tmp_path):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parents[1] / "tools"))
    from eval_agent_requests import run_case
    bad, result = run_case({"id": "t", "request": "Vergiss bitte, dass ich Vegetarier bin", "tools": "memory",
                            "expect": {"memory_gone": "vegetarian", "memory_kept": "peanut"}})
    assert not bad, result.trace
    bad, result = run_case({"id": "t", "request": "forget where I live", "tools": "memory",
                            "facts": ["The user lives in Leeds."],
                            "expect": {"memory_gone": "lives in", "memory_kept": "vegetarian"}})
    assert not bad and "Leeds" in result.answer and "Berlin" in result.answer, result.trace


def test_session_summary_decisions_in_other_words_and_one_open_question_once():
    assert _summary("user: On part sur la Quinta do Vale.")["decisions"] == ["On part sur la Quinta do Vale."]
    assert _summary("user: We opted for the Quinta.")["decisions"] == ["We opted for the Quinta."]
    asked = _summary("user: Can you remind me to send the deposit by Friday?")["open_questions"]
    assert asked == ["Can you remind me to send the deposit by Friday?"]


def test_a_vague_party_is_asked_about_and_a_bare_answer_fills_the_slot_asked():
    assert "how many people (exactly?)" in slots("Book Grüner Salon for Friday at 8pm for me and some friends", MONDAY)[1]
    from course_lib.model.offline.slots import as_answer
    asked = "To book, I need how many people (2 or 3?). Could you tell me? I have booked nothing yet."
    assert as_answer(asked, "3") == "for 3 people" and as_answer(asked, "three, please") == "for 3 people"
    assert as_answer("To book, I need the time and how many people.", "3") == "3"  # which slot? read as said
    result = _run("Book Linse & Lauch on Friday at 7pm for 2 or 3 people", "3")
    assert result.trace.steps[-1].args == {"restaurant": "Linse & Lauch", "time": "Friday 19:00", "people": 3}

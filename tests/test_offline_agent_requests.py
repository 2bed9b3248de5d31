"""The offline agent on learner-style requests: it books only what was asked, asks when something is missing,
answers from the prompt's facts, deletes on request, uses a learner's own tool, and says when it does not
understand. The request set is tests/data/agent_requests.json (run by tools/eval_agent_requests.py)."""
from __future__ import annotations

import importlib.util
import json
import sys
from datetime import date
from pathlib import Path

import pytest

from course_lib.agent.react_agent import ReActAgent
from course_lib.agent.tools import TOOLS
from course_lib.model.offline import about_user, answers
from course_lib.model.amounts import number, party_size, party_sizes
from course_lib.model.offline.booking import named_place
from course_lib.model.offline.intents import intent
from course_lib.model.offline.places import city_named
from course_lib.model.when import Reading, clock_time, day_of, today_in

_spec = importlib.util.spec_from_file_location("eval_agent_requests",
                                               Path(__file__).parents[1] / "tools" / "eval_agent_requests.py")
evaluation = importlib.util.module_from_spec(_spec)
sys.modules["eval_agent_requests"] = evaluation
_spec.loader.exec_module(evaluation)
CASES = evaluation.load_cases()
MONDAY = date(2026, 3, 2)  # the course clock's first day


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_request_set(case):
    bad, result = evaluation.run_case(case)
    assert not bad, f"{case['request']!r}: {bad}\n{result.trace}"


def test_the_set_covers_six_languages_and_every_kind():
    assert len(CASES) >= 60 and {c["lang"] for c in CASES} == {"en", "de", "fr", "es", "pt", "it"}
    assert {"book", "ask", "delete", "recall", "weather", "own_tool", "not_understood", "diet"} <= {
        c["kind"] for c in CASES}


def test_a_check_that_fails_when_the_agent_books_a_guess():
    """The harness must catch a wrong booking: the old rule booked 'reserve a table for three people' at 19:00."""
    case = {"id": "probe", "request": "reserve a table for three people", "expect": {"booked": None}}
    wrong = {"id": "probe", "request": "Book me a dinner in Berlin on Friday at 19:00 for 2", "expect": {"booked": None}}
    assert evaluation.run_case(case)[0] == []
    assert evaluation.run_case(wrong)[0]  # a booking where none may be made is reported


@pytest.mark.parametrize("text,value", [
    ("Saturday at 8pm", "20:00"), ("7:30pm", "19:30"), ("20h", "20:00"), ("20:00", "20:00"), ("19.30", "19:30"),
    ("half past seven in the evening", "19:30"), ("um 20 Uhr", "20:00"), ("um halb acht abends", "19:30"),
    ("à 20h30", "20:30"), ("a las 8 de la tarde", "20:00"), ("às 20h", "20:00"), ("alle 20", "20:00"),
    ("quarter to eight pm", "19:45"), ("huit heures et demie du soir", "20:30"), ("alle otto e mezza di sera", "20:30"),
    ("lunch at 1", "13:00"), ("at noon", "12:00"), ("08:30", "08:30"), ("dinner at 7", "19:00")])
def test_clock_times(text, value):
    assert clock_time(text) == Reading(value)


@pytest.mark.parametrize("text", ["at 8", "for 2 at 8", "8 o'clock", "mañana a las 8", "at 7:30"])
def test_an_hour_without_am_pm_or_part_of_day_is_ambiguous(text):
    reading = clock_time(text)
    assert reading.value is None and "morning or in the evening" in reading.unclear


@pytest.mark.parametrize("text", ["19.50 EUR", "for 2 people", "I have two kids", "a table for 2 on Friday"])
def test_no_time_is_read_from_prices_or_counts(text):
    assert clock_time(text) == Reading()


@pytest.mark.parametrize("text,day", [
    ("Saturday", "Saturday"), ("next Friday", "Friday"), ("tomorrow", "Tuesday"), ("morgen um 8", "Tuesday"),
    ("übermorgen", "Wednesday"), ("samedi soir", "Saturday"), ("el sábado", "Saturday"), ("na sexta", "Friday"),
    ("venerdì", "Friday"), ("tonight", "Monday"), ("am Freitagabend", "Friday"), ("pasado mañana", "Wednesday")])
def test_days_relative_to_the_course_clock(text, day):
    assert day_of(text, MONDAY) == Reading(day)


def test_unclear_days_are_named():
    assert day_of("this weekend", MONDAY).unclear == "Saturday or Sunday"
    assert day_of("Friday or Saturday", MONDAY).unclear == "Friday or Saturday"
    assert day_of("guten Morgen", MONDAY) == Reading()  # "Morgen" here is the morning, not tomorrow


def test_today_comes_from_the_prompt_when_it_says():
    assert today_in("Today is 2026-03-06.", MONDAY) == date(2026, 3, 6)
    assert today_in("The user is vegan. (learned 2026-03-02, 3 days ago)", MONDAY) == date(2026, 3, 5)
    assert day_of("tomorrow", today_in("Today is 2026-03-06.", MONDAY)) == Reading("Saturday")


@pytest.mark.parametrize("text,n", [
    ("a table for three people", 3), ("for 4 people", 4), ("wir sind zu zweit", 2), ("pour deux", 2),
    ("para cuatro", 4), ("per due", 2), ("somos tres", 3), ("6 Personen", 6), ("table for two", 2)])
def test_party_sizes(text, n):
    assert party_size(text) == n


def test_what_is_not_a_party_size():
    for text in ("for 8pm", "for 30 EUR", "réserver pour un dîner", "for 2 nights", "at 19:00"):
        assert party_size(text) is None, text
    assert party_sizes("for 2 or 3 people") == {2, 3}
    assert [number(w) for w in ("thirty-five", "fünfundzwanzig", "treinta y dos", "ventuno", "vinte e cinco")] == \
        [35, 25, 32, 21, 25]


def test_facts_about_the_user_in_six_languages():
    assert about_user.diet("I don't eat meat.") == about_user.diet("Ich bin Vegetarier.") == "vegetarian"
    assert about_user.diet("My sister is vegetarian.") is None  # someone else's diet
    assert about_user.diet("I'm vegetarian. I'm no longer vegetarian.") is None
    assert about_user.allergies("I'm allergic to nuts and also to shellfish") == ["nuts", "shellfish"]
    assert about_user.allergies("I'm allergic to peanuts. I'm no longer allergic to shellfish.") == ["peanuts"]
    assert about_user.home_city("Me llamo Lucía y vivo en Sevilla.", english=False) == "Sevilla"
    assert about_user.home_city("We relocated from Lisbon to Porto") == "Porto"
    assert about_user.name("My name is Samuel but everyone calls me Sam.") == ("Samuel", "Sam")
    assert about_user.name("It's Shia Labeouf!") == (None, None)
    assert about_user.job("I work night shifts as an ICU nurse.") == "ICU nurse"
    assert about_user.budget("My budget is thirty euros per person.") == (30.0, True)


def test_unknown_facts_are_named_in_the_answer():
    assert answers.answer_question("Where do I live?", "Hi, call me Sam.").startswith("I don't know where you live")
    assert answers.answer_question("What is my favourite colour?", "My favourite colour is teal.") == \
        "Your favourite colour is teal."
    assert "favourite colour" in answers.answer_question("What's my favourite colour?", "")


def test_intents_and_names():
    assert intent("Lösche alles, was du über mich weißt.") == "forget_all"
    assert intent("forget my allergy") == "forget"
    assert intent("What's the weather where I live?") == "weather"
    assert intent("¿A qué soy alérgico?") == "recall"
    assert named_place("Book Chez Lentille in Paris for 2") == "Chez Lentille"
    assert named_place("Book a table in Berlin on Friday") is None
    assert city_named("Reserva uma mesa em Berlim") == "Berlin" and city_named("in the evening") is None


def test_nothing_is_booked_without_a_time_and_the_agent_says_what_it_needs():
    result = ReActAgent(tools=TOOLS).run("reserve a table for three people")
    assert result.trace.steps == [] and "day" in result.answer and "time" in result.answer
    follow = ReActAgent(tools=TOOLS)
    follow.run("Book a table in Berlin for 2")
    done = follow.run("Saturday at 8pm")  # the answer to the question is read with the request
    booked = [json.loads(s.observation) for s in done.trace.steps if s.action == "book_table"]
    assert [(b["time"], b["people"]) for b in booked] == [("Saturday 20:00", 2)]


def test_a_learners_tool_runs_under_with_truncation():
    """Lesson 08's with_truncation on a tool a student writes: the tool is chosen, its long output is cut."""
    from course_lib.agent.memory_tools import merge
    from course_lib.agent.toolbox import Toolbox
    from course_lib.agent.truncation import OutputStore, with_truncation

    log = "\n".join(f"09:{i // 60:02d}:{i % 60:02d} INFO request {i} served" for i in range(3000)) + "\n10:00 ERROR disk full"
    schema = {"type": "function", "function": {"name": "read_log", "description": "Read the application log file.",
              "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}
    tools = with_truncation(merge(TOOLS, Toolbox([schema], {"read_log": lambda path: log})), 300, OutputStore())
    result = ReActAgent(tools=tools).run("Show me the application log app.log")
    assert [(s.action, s.args) for s in result.trace.steps] == [("read_log", {"path": "app.log"})]
    assert "ERROR disk full" in result.answer and "read_more(pointer=" in result.answer
    assert max(c.prompt_tokens for c in result.usage.calls) < 2000  # the 50,000-token log never entered the prompt
    unrelated = ReActAgent(tools=tools).run("Purple monkeys dishwasher.")
    assert unrelated.trace.steps == [] and unrelated.answer.startswith("I did not understand")


def _heldout_tool():
    spec = importlib.util.spec_from_file_location("eval_agent_heldout",
                                                  Path(__file__).parents[1] / "tools" / "eval_agent_heldout.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fresh_heldout_set_runs_when_it_is_there():
    """tools/data/agent_heldout.jsonl is written after the agent is frozen, by someone who never saw its code:
    until it is dropped in, this test skips and says so. Its score is reported by the tool, not asserted here."""
    tool = _heldout_tool()
    if not tool.HELDOUT.exists():
        pytest.skip(f"{tool.HELDOUT} is absent: the fresh held-out set is written after the agent is frozen")
    cases = [tool.converted(json.loads(line)) for line in tool.HELDOUT.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    assert cases and all(isinstance(evaluation.run_case(c)[0], list) for c in cases)


def test_the_heldout_tool_says_when_the_fresh_set_is_absent(tmp_path, capsys):
    assert _heldout_tool().main([str(tmp_path / "agent_heldout.jsonl")]) == 2
    assert "absent" in capsys.readouterr().out

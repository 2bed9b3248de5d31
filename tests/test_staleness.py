"""Recalled memories carry their date and age; old high-stakes facts are flagged; the agent is told to confirm them."""
from __future__ import annotations

import pytest

from course_lib import CourseClock, Model, ReActAgent, VectorMemory
from course_lib.agent.recall_block import (CONFIRM_INSTRUCTION, STAKES, STALE_FLAG, age_words, confirm_note,
                                           recall_hook, render, stakes_of)
from course_lib.long_term.forgetting import days_to_fade, strength
from course_lib.model.prompts import FACTS_HEADING


@pytest.fixture
def priya():
    clock = CourseClock()
    memory = VectorMemory(clock=clock)
    memory.remember("priya", "The user lives in Paris.", 0.8)
    memory.remember("priya", "The user is allergic to peanuts.", 0.95)
    memory.remember("priya", "The user likes jazz.", 0.3)
    return clock, memory


def line_for(lines, start):
    """The line for one memory, without the '[user] ' tag that says who said it."""
    assert all(x.startswith("[user] ") for x in lines)
    (line,) = [x[len("[user] "):] for x in lines if x.startswith("[user] " + start)]
    return line


def test_fresh_facts_are_dated_and_not_flagged(priya):
    clock, memory = priya
    clock.advance(days=3)
    lines = recall_hook(memory, "priya", k=3)(None, "where do I live, what can I eat, what music")
    assert line_for(lines, "The user lives in Paris.") == "The user lives in Paris. (learned 2026-03-02, 3 days ago)"
    assert not any(STALE_FLAG in x for x in lines)


def test_old_high_stakes_facts_are_flagged_everyday_ones_only_dated(priya):
    clock, memory = priya
    clock.advance(days=400)
    lines = recall_hook(memory, "priya", k=3)(None, "where do I live, what can I eat, what music")
    assert line_for(lines, "The user lives in Paris.") == (
        f"The user lives in Paris. (learned 2026-03-02, 400 days ago; home city: {STALE_FLAG})")
    assert line_for(lines, "The user is allergic").endswith(f"400 days ago; health: {STALE_FLAG})")
    assert line_for(lines, "The user likes jazz.") == "The user likes jazz. (learned 2026-03-02, 400 days ago)"


def test_threshold_is_per_category_and_strict(priya):
    clock, memory = priya
    health = next(s for s in STAKES if s.category == "health").max_age_days
    home = next(s for s in STAKES if s.category == "home city").max_age_days
    assert health < home  # health goes stale sooner than a home city
    records = {r.text: r for r in memory.memories("priya")}
    clock.advance(days=health)
    assert STALE_FLAG not in render(records["The user is allergic to peanuts."], clock.now())  # at the limit: fine
    clock.advance(days=1)
    assert STALE_FLAG in render(records["The user is allergic to peanuts."], clock.now())
    assert STALE_FLAG not in render(records["The user lives in Paris."], clock.now())


def test_stakes_table_reads_categories():
    assert stakes_of("The user is vegetarian.").category == "diet"
    assert stakes_of("The user pays with a Visa card.").category == "payment"
    assert stakes_of("The user's budget is 40 EUR.").category == "budget"
    assert stakes_of("The user is allergic to peanuts and vegetarian.").category == "health"  # first match wins
    assert stakes_of("The user likes jazz.") is None
    assert stakes_of("The user dislikes cardamom.") is None  # whole words only: 'card' is not in 'cardamom'
    assert age_words(0) == "today" and age_words(1) == "1 day ago" and age_words(2) == "2 days ago"


def test_confirming_by_update_redates_the_fact(priya):
    clock, memory = priya
    clock.advance(days=400)
    old = next(r for r in memory.memories("priya") if "Paris" in r.text)
    new = memory.update("priya", old.id, old.text)  # the user said it still holds
    assert render(new, clock.now()) == "The user lives in Paris. (learned 2027-04-06, today)"


def test_agent_prompt_asks_to_confirm_only_when_a_fact_is_flagged(priya):
    clock, memory = priya
    seen = []

    class Recorder:
        def chat(self, messages, **kw):
            assert FACTS_HEADING not in messages[0]["content"]  # never in the system prompt
            seen.append(next((m["content"] for m in messages if str(m["content"]).startswith(FACTS_HEADING)), ""))
            return Model().chat(messages, **kw)

    agent = ReActAgent(before_run=recall_hook(memory, "priya", k=3), model=Recorder())
    agent.run("Where do I live?")
    assert FACTS_HEADING in seen[-1] and "(learned 2026-03-02, today)" in seen[-1]
    assert CONFIRM_INSTRUCTION not in seen[-1]
    clock.advance(days=400)
    agent.run("Where do I live?")
    assert f"- [user] The user lives in Paris. (learned 2026-03-02, 400 days ago; home city: {STALE_FLAG})" in seen[-1]
    assert seen[-1].endswith(CONFIRM_INSTRUCTION)
    assert confirm_note(["The user likes jazz. (learned 2026-03-02, today)"]) == ""


def test_deterministic_under_the_course_clock(priya):
    clock, memory = priya
    clock.advance(days=400)
    first = recall_hook(memory, "priya")(None, "where do I live")
    second_clock = CourseClock()
    again = VectorMemory(clock=second_clock)
    again.remember("priya", "The user lives in Paris.", 0.8)
    again.remember("priya", "The user is allergic to peanuts.", 0.95)
    again.remember("priya", "The user likes jazz.", 0.3)
    second_clock.advance(days=400)
    assert recall_hook(again, "priya")(None, "where do I live") == first


def test_decay_formula_differs_from_the_seed_as_documented():
    seed = lambda a, e, d: (a * 0.3 + e * 0.7) * 0.95 ** d  # noqa: E731  (seed 004, for comparison)
    assert seed(0, 0, 0) == 0 and strength(0, 0, 0) == 1  # the seed would forget every new memory at once
    assert strength(2, 1, 10) - seed(2, 1, 10) == pytest.approx(0.95 ** 10)  # otherwise the same weights and decay
    assert days_to_fade(0, 0) == pytest.approx(13.51, abs=0.01) and days_to_fade(3, 2) > days_to_fade(0, 0)


def test_telling_the_same_fact_again_confirms_it(priya):
    clock, memory = priya
    clock.advance(days=400)
    again = memory.remember("priya", "the user lives in Paris")  # the write contract: the stored fact, confirmed
    assert render(again, clock.now()) == "The user lives in Paris. (learned 2026-03-02, confirmed 2027-04-06, today)"
    assert STALE_FLAG not in render(again, clock.now())
    clock.advance(days=366)
    assert render(memory.get("priya", again.id), clock.now()).endswith(f"366 days ago; home city: {STALE_FLAG})")


def test_the_offline_agent_asks_before_booking_on_an_old_fact_and_books_after_yes(priya):
    from course_lib.course import scenario
    clock, memory = priya
    clock.advance(days=400)
    agent = ReActAgent(tools=scenario.TOOLS, before_run=recall_hook(memory, "priya", k=3))
    first = agent.run("Book a table for 2 in Paris on Friday at 19:00")
    assert [s.action for s in first.trace.steps] == []  # nothing searched, nothing booked
    assert first.answer.startswith("Before I go ahead with booking") and "The user lives in Paris." in first.answer
    assert "allergic to peanuts" in first.answer and "likes jazz" not in first.answer  # only flagged facts
    second = agent.run("Yes, that all still holds.")
    assert [s.action for s in second.trace.steps] == ["search_restaurants", "book_table"]
    assert second.trace.steps[1].args == {"restaurant": second.trace.steps[1].args["restaurant"],
                                          "time": "Friday 19:00", "people": 2}
    assert "I booked" in second.answer


def test_a_no_with_new_facts_changes_the_search(priya):
    from course_lib.course import scenario
    clock, memory = priya
    memory.remember("priya", "The user is vegetarian.", 0.9)
    clock.advance(days=400)
    agent = ReActAgent(tools=scenario.TOOLS, before_run=recall_hook(memory, "priya", k=4))
    assert agent.run("Find me a restaurant for dinner").answer.startswith("Before I go ahead with suggesting")
    answer = agent.run("No, I moved to Berlin and I eat meat again.")
    (search,) = answer.trace.steps
    assert search.args["city"] == "Berlin" and search.args.get("diet") is None

def test_fresh_facts_need_no_question(priya):
    from course_lib.course import scenario
    clock, memory = priya
    clock.advance(days=3)
    agent = ReActAgent(tools=scenario.TOOLS, before_run=recall_hook(memory, "priya", k=3))
    assert [s.action for s in agent.run("Find me a restaurant for dinner").trace.steps] == ["search_restaurants"]

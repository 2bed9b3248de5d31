"""The offline model drives save_memory / search_memory / forget_memory when an agent is given them."""
from __future__ import annotations

from course_lib.agent.memory_tools import MEMORY_SYSTEM, memory_tools, merge
from course_lib.agent.react_agent import ReActAgent
from course_lib.agent.tools import TOOLS
from course_lib.long_term.vector import VectorMemory
from course_lib.model.clock import CourseClock

BOOK = "Book me a dinner in Berlin on Friday at 19:00 for 2"


def actions(agent, message):
    agent.reset()
    result = agent.run(message)
    return [s.action for s in result.trace.steps], result.answer


def test_save_search_forget_through_tools():
    memory = VectorMemory(clock=CourseClock())
    agent = ReActAgent(tools=merge(TOOLS, memory_tools(memory, "priya")), system=MEMORY_SYSTEM)
    steps, answer = actions(agent, "I'm vegetarian and my budget is at most 40 EUR per person.")
    assert steps == ["save_memory", "save_memory"] and answer.startswith("Noted")
    stored = sorted(r.text for r in memory.memories("priya"))
    assert stored == ["The user is vegetarian.", "The user's budget is 40 EUR."]
    steps, answer = actions(agent, BOOK)  # a fresh conversation: only the tool brings the facts back
    assert steps == ["search_memory", "search_restaurants", "book_table"] and "Linse & Lauch" in answer
    steps, answer = actions(agent, "Forget that I am vegetarian.")
    assert steps == ["search_memory", "forget_memory"] and 'forgot "The user is vegetarian."' in answer
    assert [r.text for r in memory.memories("priya")] == ["The user's budget is 40 EUR."]
    assert actions(agent, "Hello there!") == ([], actions(ReActAgent(tools=TOOLS), "Hello there!")[1])


def test_without_memory_tools_nothing_changes():
    steps, answer = actions(ReActAgent(tools=TOOLS), BOOK)
    assert steps == ["search_restaurants", "book_table"] and "Glut & Rind" in answer  # the goldfish's choice
    memory = VectorMemory(clock=CourseClock())
    other = ReActAgent(tools=merge(TOOLS, memory_tools(memory, "omar")), system=MEMORY_SYSTEM)
    steps, answer = actions(other, BOOK)  # omar has nothing stored: the search finds nothing, no constraint
    assert steps == ["search_memory", "search_restaurants", "book_table"] and "Glut & Rind" in answer

"""The five-step read-path test: prove a stored fact reaches the assembled prompt, and a changed one stops."""
from __future__ import annotations

from course_lib import CourseClock, Model, ReActAgent, VectorMemory
from course_lib.model.prompts import FACTS_HEADING
from course_lib.long_term.write_path import MemoryWriter


class PromptRecorder:
    """Wraps a Model and keeps every prompt the agent assembles."""

    def __init__(self, model):
        self.model, self.prompts = model, []

    def chat(self, messages, **kw):
        self.prompts.append([dict(m) for m in messages])
        return self.model.chat(messages, **kw)

    def system_prompt(self):
        return self.prompts[0][0]["content"]

    def memory_block(self):
        """The recalled-memory data block of the first call (sent after the user's message)."""
        return next(m["content"] for m in self.prompts[0] if m["content"] and m["content"].startswith(FACTS_HEADING))


def fresh_session(path, clock):
    """A new store object on the same files and a new agent with an empty context: nothing carried in memory."""
    memory = VectorMemory(path=path, clock=clock)
    recorder = PromptRecorder(Model())

    def recall(agent, message):
        return [r.text for r in memory.recall("priya", message, k=3, threshold=1.0)]

    return memory, ReActAgent(before_run=recall, model=recorder), recorder


def test_five_step_read_path(tmp_path):
    clock = CourseClock()
    store = tmp_path / "memories"
    # 1. write one durable fact
    writer = MemoryWriter(VectorMemory(path=store, clock=clock))
    (d,) = writer.write_from_conversation("priya", [{"role": "user", "content": "I'm vegetarian."}])
    assert d.op == "ADD"
    # 2. a completely fresh session: new objects, empty context
    clock.advance(days=2)
    _, agent, recorder = fresh_session(store, clock)
    assert agent.memory.render() == []
    # 3. ask a question that needs the fact
    agent.run("What should I eat tonight? I want a good dinner.")
    # 4. the fact is in the assembled prompt, under the heading the agent uses
    assert FACTS_HEADING not in recorder.system_prompt()  # memory is data, never in the system prompt
    prompt = recorder.memory_block()
    assert "- The user is vegetarian." in prompt
    # 5. change the fact; the old value stops surfacing
    clock.advance(days=1)
    (d,) = MemoryWriter(VectorMemory(path=store, clock=clock)).write_from_conversation(
        "priya", [{"role": "user", "content": "I'm vegan now."}])
    assert d.op == "UPDATE"
    clock.advance(hours=1)
    _, agent, recorder = fresh_session(store, clock)
    agent.run("What should I eat tonight? I want a good dinner.")
    prompt = recorder.memory_block()
    assert "- The user is vegan." in prompt
    assert "vegetarian" not in prompt

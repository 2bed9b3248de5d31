"""Self-managed memory through tools: bound to one user, whatever the model puts in a tool call."""
from __future__ import annotations

import json

import pytest

from course_lib import CourseClock, Model, ReActAgent, SkillLibrary, VectorMemory
from course_lib.agent.memory_tools import MEMORY_SYSTEM, memory_tools, merge, skill_tools, system_with_skills
from course_lib.agent.tools import TOOLS
from course_lib.long_term.shared import SHARED_USER, SharedMemory


@pytest.fixture
def two_users():
    clock = CourseClock()
    memory = VectorMemory(clock=clock)
    bob = memory.remember("bob", "The user is allergic to shellfish.", 0.95)
    return memory, bob, memory_tools(memory, "alice")


def call(tools, name, **args):
    out = tools.call(name, json.dumps(args))
    return out if out.startswith("error") else json.loads(out) if out[:1] in "{[" else out


def test_save_search_forget_roundtrip(two_users):
    memory, _, tools = two_users
    saved = call(tools, "save_memory", text="The user is vegan.", importance=0.9)
    assert saved["status"] == "saved" and memory.get("alice", saved["id"]).importance == 0.9
    assert call(tools, "save_memory", text="The user is vegan.") == {"id": saved["id"], "status": "already known"}
    (hit,) = call(tools, "search_memory", query="what does the user eat")["memories"]
    assert hit == {"id": saved["id"], "origin": "user",
                   "memory": "The user is vegan. (about this user; learned 2026-03-02, today)"}
    assert call(tools, "forget_memory", id=saved["id"]) == f"forgot {saved['id']}"
    assert memory.history("alice") == []


@pytest.mark.parametrize("name,args", [
    ("save_memory", {"text": "The user is allergic to nothing.", "user_id": "bob"}),
    ("search_memory", {"query": "allergy", "user_id": "bob"}),
    ("forget_memory", {"id": "x", "user_id": "bob"}),
])
def test_a_tool_call_naming_another_user_is_refused(two_users, name, args):
    memory, bob, tools = two_users
    out = tools.call(name, json.dumps(args))
    assert out.startswith(f"error: {name} was called with the wrong arguments") and "user_id" in out
    assert [r.text for r in memory.memories("bob")] == [bob.text] and memory.history("alice") == []


def test_another_users_memory_id_cannot_be_read_or_deleted(two_users):
    memory, bob, tools = two_users
    assert call(tools, "forget_memory", id=bob.id) == f"error: \"user 'alice' has no memory '{bob.id}'\""
    assert memory.get("bob", bob.id).text == bob.text
    call(tools, "save_memory", text="The user likes jazz.")
    found = call(tools, "search_memory", query="shellfish allergy", k=10)["memories"]
    assert [m["id"] for m in found if m["id"] == bob.id] == [] and len(found) == 1


def test_schemas_take_no_user_and_allow_no_extra_arguments(two_users):
    for s in two_users[2].schemas:
        params = s["function"]["parameters"]
        assert "user_id" not in params["properties"] and params["additionalProperties"] is False


def test_bad_arguments_come_back_as_errors_the_model_can_read(two_users):
    memory, _, tools = two_users
    assert "importance must be a number from 0 to 1" in call(tools, "save_memory", text="x", importance=3)
    assert "holds a secret (password)" in call(tools, "save_memory", text="My password is Tr0ub4dor&3x")
    assert "k must be at most 10" in call(tools, "search_memory", query="x", k=50)
    assert "query must be a non-empty string" in call(tools, "search_memory", query=" ")
    assert memory.history("alice") == []
    with pytest.raises(ValueError, match="reserved"):
        memory_tools(memory, SHARED_USER)


def test_shared_facts_are_searchable_but_not_deletable(two_users):
    memory, _, _ = two_users
    shared = SharedMemory(clock=memory.clock, operators=("ops",))
    fact = shared.add("Restaurant Lumen closes on Mondays.", source="operator notes", author="ops")
    tools = memory_tools(memory, "alice", shared=shared)
    (hit,) = call(tools, "search_memory", query="Is Lumen open on Monday?")["memories"]
    assert hit["origin"] == "shared" and "source: operator notes" in hit["memory"]
    assert call(tools, "forget_memory", id=fact.id).startswith("error:")
    assert [r.id for r in shared.facts()] == [fact.id]


def test_the_agent_runs_with_memory_and_skill_tools(two_users, tmp_path):
    memory, _, tools = two_users
    library = SkillLibrary(tmp_path)
    both = merge(TOOLS, tools, skill_tools(library))
    assert {"book_table", "save_memory", "load_skill"} <= set(both.names)
    with pytest.raises(ValueError, match="more than one toolbox"):
        merge(tools, tools)
    offered = []

    class Recorder:
        def chat(self, messages, **kw):
            offered.append([t["function"]["name"] for t in kw.get("tools", [])])
            return Model().chat(messages, **kw)

    result = ReActAgent(tools=both, system=MEMORY_SYSTEM, model=Recorder()).run("Find me a restaurant in Berlin")
    assert [s.action for s in result.trace.steps] == ["search_memory", "search_restaurants"]  # memory first
    assert {"save_memory", "search_memory", "forget_memory", "list_skills", "load_skill", "save_skill"} <= set(offered[0])


def test_forget_everything_empties_this_users_three_stores_and_no_one_elses(tmp_path):
    from course_lib import EpisodicLog, ProfileMemory

    clock = CourseClock()
    memory, profile = VectorMemory(path=tmp_path / "m", clock=clock), ProfileMemory(path=tmp_path / "p", clock=clock)
    mine, theirs = (EpisodicLog(f"s-{u}", tmp_path / "e", clock, user_id=u) for u in ("alice", "bob"))
    for user, log in (("alice", mine), ("bob", theirs)):
        memory.remember(user, f"The user {user} is vegan.")
        profile.set(user, "diet", "vegan")
        log.record("task", task="book a table")
    tools = memory_tools(memory, "alice", profile=profile, episodes=mine)
    assert call(tools, "forget_everything") == {"deleted": {"memories": 1, "profile facts": 1, "episode events": 1}}
    assert memory.history("alice") == [] and profile.facts("alice") == {}
    assert [e["user_id"] for e in mine.events()] == []
    assert len(memory.history("bob")) == 1 and profile.facts("bob") == {"diet": "vegan"}
    assert [e["user_id"] for e in theirs.events()] == ["bob"]
    assert call(tools, "forget_everything") == {"deleted": {"memories": 0, "profile facts": 0, "episode events": 0}}
    only_vector = memory_tools(memory, "bob")
    assert call(only_vector, "forget_everything") == {"deleted": {"memories": 1}} and memory.history("bob") == []

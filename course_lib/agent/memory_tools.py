"""Tools for an agent that manages its own memory (the MemGPT / Letta approach) and its own skills.

    tools = memory_tools(memory, "priya", shared=shared)     # save_memory, search_memory, forget_memory,
                                                             # forget_everything (+ profile=, episodes=)
    tools = merge(tools, skill_tools(SkillLibrary(folder)))  # + list_skills, load_skill, save_skill
    agent = ReActAgent(tools=merge(scenario.TOOLS, tools), system=MEMORY_SYSTEM)

With the hooks approach (`recall_block.recall_hook` plus a write path after the run) the code decides what
is recalled and written; here the model decides, by calling tools. The user id is fixed when the toolbox is
built and is never a tool argument, so no tool call can reach another user's memories: an extra
`user_id` argument is refused, and an id that belongs to someone else is simply not found.
"""
from __future__ import annotations

from typing import Any

from course_lib.agent.recall_block import render_all
from course_lib.agent.toolbox import Toolbox
from course_lib.checks import check_importance, check_k, check_text
from course_lib.model.redact import redact_secrets
from course_lib.long_term.shared import check_personal_user, leaked_value, recall_merged
from course_lib.agent.truncation import GOAL
from course_lib.long_term.trust import InstructionRefused, grounded
from course_lib.model.prompts import REACT_SYSTEM

MEMORY_SYSTEM = REACT_SYSTEM + """
You have a long-term memory about this user that only you manage. Call search_memory before you answer
anything that may depend on the user's preferences. When the user states a durable fact or preference,
save it with save_memory as one short sentence about "the user"; when the user takes one back, forget it."""
MAX_K = 10


TOOL_SOURCE = "agent tool"  # the source of every memory the agent saves itself


def schema(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    """An OpenAI-format function schema that accepts no arguments besides `properties`."""
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required, "additionalProperties": False}}}


def merge(*toolboxes: Toolbox) -> Toolbox:
    """One toolbox with the tools of all of them (a name may appear only once)."""
    schemas = [s for t in toolboxes for s in t.schemas]
    names = [s["function"]["name"] for s in schemas]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"tools {twice} appear in more than one toolbox; rename or drop one")
    return Toolbox(schemas, {n: f for t in toolboxes for n, f in t.functions.items()})


def memory_tools(memory: Any, user_id: str, shared: Any = None, profile: Any = None, episodes: Any = None) -> Toolbox:
    """save_memory / search_memory / forget_memory / forget_everything on one user's memories (the user is fixed
    here, not by the model); forget_everything also empties the user's ProfileMemory and EpisodicLog if given."""
    user_id = check_personal_user(user_id)

    def save_memory(text: str, importance: float = 0.5) -> dict[str, Any]:
        text = check_text(text, "text")
        importance = check_importance(importance)
        kinds = redact_secrets(text)[1]
        if kinds:
            raise ValueError(f"not saved: the text holds a secret ({', '.join(kinds)}); never store secrets")
        known = memory.stored_as(user_id, text)
        said_by = "user" if grounded(text, GOAL.get()) else "agent"  # the user's words, or the agent's own
        try:  # the write contract dedupes, and refuses text that gives the agent orders
            record = memory.remember(user_id, text, importance, source=TOOL_SOURCE, metadata={"said_by": said_by})
        except InstructionRefused as exc:
            return {"id": None, "status": "refused", "reason": str(exc)}
        return {"id": record.id, "status": "already known" if known is not None else "saved"}

    def search_memory(query: str, k: int = 3) -> dict[str, Any]:
        query = check_text(query, "query")
        k = check_k(k)
        if k > MAX_K:
            raise ValueError(f"k must be at most {MAX_K}; ask for fewer memories")
        found = recall_merged(memory, user_id, query, shared, k)
        lines = render_all(found, memory.clock.now())
        return {"memories": [{"id": f.record.id, "origin": f.origin, "memory": line} for f, line in zip(found, lines)]}

    def forget_memory(id: str) -> str:  # noqa: A002  (the model sees the argument as "id")
        memory.forget(user_id, check_text(id, "id"))
        return f"forgot {id}"

    def forget_everything() -> dict[str, Any]:
        deleted = {"memories": len(memory.history(user_id))}
        memory.forget_user(user_id)
        if profile is not None:
            deleted["profile facts"] = len(profile.facts(user_id))
            profile.forget_user(user_id)
        if episodes is not None:
            deleted["episode events"] = episodes.forget_user(user_id)
        return {"deleted": deleted}

    return Toolbox([
        schema("save_memory", "Save one durable fact about the user as a short sentence, with an importance "
               "from 0 (trivia) to 1 (allergy, diet, name).",
               {"text": {"type": "string", "description": "e.g. 'The user is vegetarian.'"},
                "importance": {"type": "number", "minimum": 0, "maximum": 1}}, ["text"]),
        schema("search_memory", "Search the user's memories (and shared facts) for what matters to a question; "
               "each result shows its id, origin and when it was learned.",
               {"query": {"type": "string"}, "k": {"type": "integer", "minimum": 1, "maximum": MAX_K}}, ["query"]),
        schema("forget_memory", "Delete one of the user's memories by its id (from search_memory).",
               {"id": {"type": "string"}}, ["id"]),
        schema("forget_everything", "Delete everything stored about the user (memories, profile, episode log) when "
               "they ask for it; returns how much each store deleted.", {}, []),
    ], {"save_memory": save_memory, "search_memory": search_memory, "forget_memory": forget_memory,
        "forget_everything": forget_everything})


def skill_tools(library: Any, memory: Any = None, user_id: str | None = None) -> Toolbox:
    """list_skills / load_skill / save_skill on a SkillLibrary; with `memory` and `user_id`, a skill that would
    carry a value from that user's memories is refused (skills are shared by every user)."""
    if (memory is None) != (user_id is None):
        raise ValueError("pass both memory and user_id (to keep that user's values out of skills), or neither")

    def list_skills() -> str:
        return library.index()

    def load_skill(name: str) -> str:
        return library.load(name)

    def save_skill(name: str, description: str, text: str, replace: bool = False) -> str:
        if memory is not None:
            leaked = leaked_value(memory, user_id, f"{description}\n{text}")
            if leaked is not None:
                raise ValueError(f"not saved: the skill contains {leaked!r} from this user's memories; skills are "
                                 "shared by every user, so write the steps without personal details")
        if name in library.names() and not replace:
            raise FileExistsError(f"a skill called {name!r} exists already; pass replace=True to propose a new "
                                  "version, or choose another name")
        redacted = library.propose(name, description, text, author=user_id or "agent")  # only operators write skills
        return (f"proposed skill {name!r} for an operator to review; it is not in the skill index until one accepts "
                "it" + (f" (redacted: {', '.join(redacted)})" if redacted else ""))

    return Toolbox([
        schema("list_skills", "The available skills, one line each.", {}, []),
        schema("load_skill", "The full steps of one skill, by name.", {"name": {"type": "string"}}, ["name"]),
        schema("save_skill", "Propose a reusable procedure as a skill (an operator reviews it before it is used): a "
               "safe name, a one-line description and the steps. Set replace to propose a new version of one.",
               {"name": {"type": "string", "description": "lowercase letters, digits, _ or -"},
                "description": {"type": "string"}, "text": {"type": "string"}, "replace": {"type": "boolean"}},
               ["name", "description", "text"]),
    ], {"list_skills": list_skills, "load_skill": load_skill, "save_skill": save_skill})


def system_with_skills(library: Any, system: str = REACT_SYSTEM) -> str:
    """A system prompt with the skill index (one line per skill); the full text comes from load_skill."""
    return system + "\n\n" + library.index()

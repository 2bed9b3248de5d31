"""Prompt layout and prefix caching: where the volatile memory sits decides how much of a prompt a cache serves.

* assemble          lays out a prompt: "stable" (system, tools, history appended, volatile memory last, as
                    ReActAgent sends it: a data block after the user's message) or "reshuffled" (memory
                    rewritten near the top every turn, the layout the agent had before)
* compare_layouts   replays a conversation turn by turn with each layout and reports cached prompt tokens
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from course_lib.checks import check_whole
from course_lib.model.prompts import REACT_SYSTEM, facts_block
from course_lib.model.tokens import count_tokens, count_tools_tokens

Message = dict[str, Any]
LAYOUTS = ("stable", "reshuffled")


@dataclass
class Prompt:
    """A prompt ready to send: messages plus tool definitions."""

    messages: list[Message]
    tools: list[dict[str, Any]] = field(default_factory=list)

    def tokens(self) -> int:
        """Prompt tokens: messages plus tool definitions."""
        return count_tokens(self.messages) + count_tools_tokens(self.tools)


def assemble(system: str, tools: Sequence[dict[str, Any]] | None, memory: Sequence[str],
             history: Sequence[Message], layout: str = "stable", turn: int = 0) -> Prompt:
    """Lay out one prompt.

    "stable": system prompt and tools first (unchanged every turn), then the history (only ever
    appended to), then the volatile memory as the last message, so each prompt starts with the
    previous one and a provider's prefix cache can serve it.
    "reshuffled": the memory is written into the system prompt, in an order that changes each turn
    (as retrieval re-ranks it), so the prompt differs from the previous one near the top.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, got {layout!r}")
    tools = list(tools or [])
    history = [dict(m) for m in history]
    memory = list(memory)
    if layout == "stable":
        late = [{"role": "system", "content": facts_block(memory)}] if memory else []
        return Prompt([{"role": "system", "content": system}, *history, *late], tools)
    random.Random(turn).shuffle(memory)
    top = system + ("\n\n" + facts_block(memory) if memory else "")
    return Prompt([{"role": "system", "content": top}, *history], tools)


@dataclass
class CacheRun:
    """Prompt and cached tokens per turn for one layout."""

    layout: str
    prompt_tokens: list[int]
    cached_tokens: list[int]

    @property
    def total_cached(self) -> int:
        """Cached prompt tokens over all turns."""
        return sum(self.cached_tokens)

    @property
    def hit_rate(self) -> float:
        """Share of all prompt tokens served from cache."""
        return self.total_cached / max(1, sum(self.prompt_tokens))


def run_layout(layout: str, conversation: Sequence[Message], facts: Sequence[str],
               tools: Sequence[dict[str, Any]] = (), turns: int = 20, model: Any = None,
               system: str = REACT_SYSTEM) -> CacheRun:
    """Replay `turns` turns of `conversation` with one layout; record prompt and cached tokens per turn.

    Turn t sends the first 2t+1 messages (ending with the user's t-th message) and `facts` as memory,
    re-ranked each turn (rotated), as retrieval would, e.g.
    run_layout("stable", scenario.LONG_TRIP, scenario.PRIYA_FACTS, scenario.TOOL_SCHEMAS).
    """
    from course_lib.model.client import Model

    max_turns = len(conversation) // 2
    check_whole(turns, "turns", 1, max_turns, hint=f" for a conversation of {len(conversation)} messages")
    facts = [str(f) for f in facts]
    if not facts:
        raise ValueError("facts must name at least one fact to lay out as memory")
    model = model or Model()  # a fresh offline model has an empty prompt cache
    prompt_tokens, cached = [], []
    for t in range(turns):
        memory = facts[t % len(facts):] + facts[: t % len(facts)]
        prompt = assemble(system, tools, memory, conversation[: 2 * t + 1], layout, t)
        usage = model.chat(prompt.messages, tools=prompt.tools).usage
        prompt_tokens.append(int(usage.prompt_tokens))
        details = getattr(usage, "prompt_tokens_details", None)
        cached.append(int(getattr(details, "cached_tokens", 0) or 0))
    return CacheRun(layout, prompt_tokens, cached)


def compare_layouts(conversation: Sequence[Message], facts: Sequence[str], tools: Sequence[dict[str, Any]] = (),
                    turns: int = 20) -> dict[str, CacheRun]:
    """run_layout for each layout, each with a fresh model (and so a fresh prompt cache)."""
    return {layout: run_layout(layout, conversation, facts, tools, turns) for layout in LAYOUTS}

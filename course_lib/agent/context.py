"""Context engineering: the window is a budget shared by system prompt, tools, memory, documents and history.

* plan_compaction       when to compact and what it saves (128,000 at 80 % → 102,400; 60,000 → 1,500 is 40:1)
* truncate_tool_output  head + tail + a pointer to the full output kept aside in an OutputStore
* with_truncation       wraps every tool of a Toolbox that way and adds a `read_more` tool to fetch more
* assemble              lays out a prompt: "stable" (system, tools, history appended, volatile memory last)
                        or "reshuffled" (memory rewritten near the top every turn)
* compare_layouts       runs N turns through the model and reports cached prompt tokens per turn
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from course_lib.model.tokens import count_tokens, count_tools_tokens, decode, encode

Message = dict[str, Any]
LAYOUTS = ("stable", "reshuffled")
MEMORY_HEADING = "Known facts about this user:"


# --------------------------------------------------------------------------------------- compaction
@dataclass(frozen=True)
class CompactionPlan:
    """When compaction triggers and what it does to the window, in tokens."""

    window: int
    trigger: float
    fold_tokens: int
    target_tokens: int

    @property
    def trigger_tokens(self) -> int:
        """Tokens in the window when compaction starts (window × trigger)."""
        return round(self.window * self.trigger)

    @property
    def ratio(self) -> float:
        """Compression ratio of the folded part (fold_tokens / target_tokens)."""
        return self.fold_tokens / self.target_tokens

    @property
    def ratio_text(self) -> str:
        """The ratio written as 'N:1'."""
        return f"{self.ratio:g}:1"

    @property
    def after_tokens(self) -> int:
        """Tokens in the window right after compacting."""
        return self.trigger_tokens - self.fold_tokens + self.target_tokens

    @property
    def freed_tokens(self) -> int:
        """Tokens freed by one compaction."""
        return self.fold_tokens - self.target_tokens

    def __str__(self) -> str:
        return (f"window {self.window:,} tokens; compact at {self.trigger:.0%} = {self.trigger_tokens:,} tokens; "
                f"fold the oldest {self.fold_tokens:,} into {self.target_tokens:,} ({self.ratio_text}); "
                f"after compaction {self.after_tokens:,} tokens ({self.after_tokens / self.window:.0%} full)")


def plan_compaction(window: int = 128_000, trigger: float = 0.8, fold_tokens: int = 60_000,
                    target_tokens: int = 1_500) -> CompactionPlan:
    """A compaction plan: trigger at `trigger` of the window, fold `fold_tokens` into `target_tokens`."""
    if not isinstance(window, int) or window < 1:
        raise ValueError(f"window must be a positive number of tokens, got {window!r}")
    if not 0 < trigger <= 1:
        raise ValueError(f"trigger is a fraction of the window in (0, 1], e.g. 0.8; got {trigger!r}")
    plan = CompactionPlan(window, trigger, fold_tokens, target_tokens)
    if not 0 < target_tokens < fold_tokens <= plan.trigger_tokens:
        raise ValueError(f"need 0 < target_tokens < fold_tokens <= trigger tokens ({plan.trigger_tokens:,}); "
                         f"got target_tokens={target_tokens}, fold_tokens={fold_tokens}")
    return plan


# ------------------------------------------------------------------------------------- truncation
class OutputStore:
    """Full tool outputs kept aside, each under a pointer derived from its content ('out-…')."""

    def __init__(self) -> None:
        self._outputs: dict[str, str] = {}

    def put(self, text: str) -> str:
        """Store `text` and return its pointer (the same text always gets the same pointer)."""
        pointer = "out-" + hashlib.sha256(text.encode()).hexdigest()[:10]
        self._outputs[pointer] = text
        return pointer

    def get(self, pointer: str) -> str:
        """The full output stored under `pointer`."""
        if pointer not in self._outputs:
            raise KeyError(f"no stored output {pointer!r}; pointers look like 'out-1a2b3c4d5e' and come from "
                           "truncate_tool_output in this session")
        return self._outputs[pointer]

    def read(self, pointer: str, offset: int = 0, max_tokens: int = 1000) -> str:
        """Up to `max_tokens` tokens of the stored output from token `offset`, plus a hint to read on."""
        if not isinstance(offset, int) or offset < 0:
            raise ValueError(f"offset must be a token position >= 0, got {offset!r}")
        if not isinstance(max_tokens, int) or max_tokens < 1:
            raise ValueError(f"max_tokens must be a positive whole number, got {max_tokens!r}")
        ids = encode(self.get(pointer))
        end = min(len(ids), offset + max_tokens)
        text = decode(ids[offset:end])
        if end < len(ids):
            text += f"\n[{len(ids) - end:,} more tokens: read_more(pointer='{pointer}', offset={end})]"
        else:
            text += "\n[end of output]"
        return text

    def __contains__(self, pointer: object) -> bool:
        return pointer in self._outputs

    def __len__(self) -> int:
        return len(self._outputs)


STORE = OutputStore()  # the default store; pointers are content hashes, so sharing it is deterministic


@dataclass(frozen=True)
class Truncated:
    """A tool output cut to a token budget: the text to show, and a pointer to the full output."""

    text: str
    pointer: str | None  # None when nothing was cut
    total_tokens: int  # tokens of the full output
    kept_tokens: int  # tokens of `text`

    @property
    def truncated(self) -> bool:
        """True if part of the output was left out."""
        return self.pointer is not None

    def __str__(self) -> str:
        return self.text


def _marker(omitted: int, pointer: str, offset: int) -> str:
    return (f"\n[… {omitted:,} tokens omitted. The full output is saved as {pointer}; "
            f"read_more(pointer='{pointer}', offset={offset}) shows more …]\n")


def truncate_tool_output(text: str, max_tokens: int, head: int | None = None, tail: int | None = None,
                         store: OutputStore | None = None) -> Truncated:
    """Keep the first `head` and last `tail` tokens and a pointer to the full text, within max_tokens.

    By default the room left after the pointer line is split 70 % head, 30 % tail. Text that already
    fits is returned unchanged (and not stored).
    """
    if not isinstance(text, str):
        raise TypeError(f"truncate_tool_output takes the tool's output as a string, got {type(text).__name__}")
    if not isinstance(max_tokens, int) or max_tokens < 1:
        raise ValueError(f"max_tokens must be a positive whole number, got {max_tokens!r}")
    total = count_tokens(text)
    if total <= max_tokens:
        return Truncated(text, None, total, total)
    store = STORE if store is None else store
    pointer = store.put(text)
    room = max_tokens - count_tokens(_marker(total, pointer, total)) - 2
    if room < 2:
        need = max_tokens - room + 2
        raise ValueError(f"max_tokens={max_tokens} cannot hold the pointer line; use at least {need}")
    if head is None and tail is None:
        head = round(room * 0.7)
    if head is None:
        head = room - tail
    if tail is None:
        tail = room - head
    if head < 0 or tail < 0 or head + tail > room:
        raise ValueError(f"head + tail must be at most {room} tokens for max_tokens={max_tokens}; "
                         f"got head={head}, tail={tail}")
    ids = encode(text)
    while True:
        tail_text = decode(ids[-tail:]) if tail else ""
        out = decode(ids[:head]) + _marker(len(ids) - head - tail, pointer, head) + tail_text
        kept = count_tokens(out)
        if kept <= max_tokens or head + tail == 0:
            break
        if head >= tail:  # rare: token boundaries merged differently after cutting; shrink and retry
            head -= 1
        else:
            tail -= 1
    return Truncated(out, pointer, total, kept)


READ_MORE_SCHEMA = {"type": "function", "function": {
    "name": "read_more",
    "description": "Read more of a tool output that was cut short, from a token offset.",
    "parameters": {"type": "object", "properties": {
        "pointer": {"type": "string", "description": "The pointer shown in the cut output, e.g. out-1a2b3c4d5e"},
        "offset": {"type": "integer", "description": "Token position to start from"},
        "max_tokens": {"type": "integer", "description": "How many tokens to read (default 1000)"}},
        "required": ["pointer"]}}}


def read_more_tool(store: OutputStore | None = None) -> tuple[dict[str, Any], Callable[..., str]]:
    """The read_more tool (schema, function) reading from `store`."""
    store = STORE if store is None else store

    def read_more(pointer: str, offset: int = 0, max_tokens: int = 1000) -> str:
        """Read `max_tokens` tokens of a stored output from `offset`."""
        return store.read(pointer, int(offset), int(max_tokens))

    return READ_MORE_SCHEMA, read_more


def with_truncation(toolbox: Any, max_tokens: int = 1000, store: OutputStore | None = None) -> Any:
    """The toolbox with every tool's output truncated to max_tokens, plus the read_more tool."""
    store = STORE if store is None else store

    def wrap(name: str, fn: Callable[..., Any]) -> Callable[..., str]:
        def truncated(**kwargs: Any) -> str:
            result = fn(**kwargs)
            text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
            return truncate_tool_output(text, max_tokens, store=store).text
        truncated.__name__ = name
        return truncated

    return toolbox.wrap(wrap).with_tool(*read_more_tool(store))


# -------------------------------------------------------------------------------- prompt layout
@dataclass
class Prompt:
    """A prompt ready to send: messages plus tool definitions."""

    messages: list[Message]
    tools: list[dict[str, Any]] = field(default_factory=list)

    def tokens(self) -> int:
        """Prompt tokens: messages plus tool definitions."""
        return count_tokens(self.messages) + count_tools_tokens(self.tools)


def memory_block(memory: Sequence[str]) -> str:
    """Facts as a bulleted block under the 'Known facts' heading."""
    return MEMORY_HEADING + "\n" + "\n".join(f"- {m}" for m in memory)


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
        late = [{"role": "system", "content": memory_block(memory)}] if memory else []
        return Prompt([{"role": "system", "content": system}, *history, *late], tools)
    random.Random(turn).shuffle(memory)
    top = system + ("\n\n" + memory_block(memory) if memory else "")
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


def run_layout(layout: str, turns: int = 20, model: Any = None) -> CacheRun:
    """Send `turns` turns of Priya's long conversation with one layout; record cached tokens per turn.

    Turn t sends the first 2t+1 messages of scenario.LONG_TRIP (ending with Priya's t-th message)
    and her facts as memory, re-ranked each turn (rotated), as retrieval would.
    """
    from course_lib.course import scenario
    from course_lib.model.client import Model
    from course_lib.model.prompts import REACT_SYSTEM

    max_turns = len(scenario.LONG_TRIP) // 2
    if not isinstance(turns, int) or not 1 <= turns <= max_turns:
        raise ValueError(f"turns must be between 1 and {max_turns}, got {turns!r}")
    model = model or Model()  # a fresh offline model has an empty prompt cache
    prompt_tokens, cached = [], []
    facts = list(scenario.PRIYA_FACTS)
    for t in range(turns):
        memory = facts[t % len(facts):] + facts[: t % len(facts)]
        prompt = assemble(REACT_SYSTEM, scenario.TOOL_SCHEMAS, memory, scenario.LONG_TRIP[: 2 * t + 1], layout, t)
        usage = model.chat(prompt.messages, tools=prompt.tools).usage
        prompt_tokens.append(int(usage.prompt_tokens))
        details = getattr(usage, "prompt_tokens_details", None)
        cached.append(int(getattr(details, "cached_tokens", 0) or 0))
    return CacheRun(layout, prompt_tokens, cached)


def compare_layouts(turns: int = 20) -> dict[str, CacheRun]:
    """run_layout for each layout, each with a fresh model (and so a fresh prompt cache)."""
    return {layout: run_layout(layout, turns) for layout in LAYOUTS}

"""Tool-output truncation: keep the head and tail of a long output, the passages that matter, and a pointer.

* truncate_tool_output  head + tail + a pointer to the full output kept aside in an OutputStore; given a
                        query (the user's goal), also the passages most relevant to it, in their order
* with_truncation       wraps every tool of a Toolbox that way and adds a `read_more` tool to fetch more;
                        with extract=True the query is the goal of the agent run in progress (`pursuing`)
"""
from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from course_lib.checks import check_whole
from course_lib.agent.passages import rank_passages
from course_lib.model.tokens import count_tokens, decode, encode

GOAL: ContextVar[str | None] = ContextVar("goal", default=None)  # the request the running agent works on


@contextmanager
def pursuing(goal: str) -> Iterator[None]:
    """Within this block, truncating tools take `goal` as the query (ReActAgent.run sets it per run)."""
    token = GOAL.set(goal)
    try:
        yield
    finally:
        GOAL.reset(token)


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
        offset = check_whole(offset, "offset", 0, hint=" (a token position)")
        max_tokens = check_whole(max_tokens, "max_tokens", 1)
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


def _gap(omitted: int, pointer: str, offset: int) -> str:
    return f"\n[… {omitted:,} tokens omitted; read_more(pointer='{pointer}', offset={offset}) …]\n"


def truncate_tool_output(text: str, max_tokens: int, head: int | None = None, tail: int | None = None,
                         store: OutputStore | None = None, query: str | None = None) -> Truncated:
    """Keep the first `head` and last `tail` tokens and a pointer to the full text, within max_tokens.

    Without a query the room left after the pointer line is split 70 % head, 30 % tail. With a query,
    head and tail get 30 % and 10 % and the rest holds the passages most relevant to the query
    (rank_passages), in their original order, each gap marked with its size and where read_more
    resumes. Text that already fits is returned unchanged (and not stored).
    """
    if not isinstance(text, str):
        raise TypeError(f"truncate_tool_output takes the tool's output as a string, got {type(text).__name__}")
    max_tokens = check_whole(max_tokens, "max_tokens", 1)
    if query is not None and not isinstance(query, str):
        raise TypeError(f"query is the text to look for (e.g. the user's request), got {type(query).__name__}")
    total = count_tokens(text)
    if total <= max_tokens:
        return Truncated(text, None, total, total)
    store = STORE if store is None else store
    pointer = store.put(text)
    room = max_tokens - count_tokens(_marker(total, pointer, total)) - 2
    if room < 2:
        need = max_tokens - room + 2
        raise ValueError(f"max_tokens={max_tokens} cannot hold the pointer line; use at least {need}")
    extract = bool(query and query.strip())
    if extract:  # the rest of the room is for the passages
        head = round(room * 0.3) if head is None else head
        tail = round(room * 0.1) if tail is None else tail
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
    if extract:
        out = _extract(text, ids, query, max_tokens, head, tail, pointer)
        if out is not None:
            return Truncated(out, pointer, total, count_tokens(out))
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


def _extract(text: str, ids: list[int], query: str, max_tokens: int, head: int, tail: int,
             pointer: str) -> str | None:
    """Head, the relevant passages of the middle and tail, with a marker per gap; None if nothing fits."""
    head_text, tail_text = decode(ids[:head]), decode(ids[len(ids) - tail:]) if tail else ""
    lo, hi = len(head_text), len(text) - len(tail_text)
    if not (text.startswith(head_text) and text.endswith(tail_text)) or lo >= hi:
        return None  # a cut inside a multi-byte character: fall back to head + tail
    ranked = rank_passages(text, query, lo, hi)
    chosen: list = []
    for passage in ranked:  # best first, while the whole output still fits
        trial = sorted(chosen + [passage], key=lambda p: p.start)
        if count_tokens(_assemble(text, head_text, tail_text, trial, pointer, len(ids))) <= max_tokens:
            chosen = trial
    if not chosen:
        return None
    return _assemble(text, head_text, tail_text, chosen, pointer, len(ids))


def _assemble(text: str, head_text: str, tail_text: str, passages: list, pointer: str, total: int) -> str:
    """head [marker] passage [gap] passage … [gap] tail; the first marker names the stored output."""
    parts, at = [head_text], len(head_text)
    for n, p in enumerate(passages):
        if text[at:p.start].strip():
            offset = len(encode(text[:at]))
            omitted = len(encode(text[:p.start])) - offset
            parts.append((_gap if n else _marker)(omitted, pointer, offset))
        else:
            parts.append(text[at:p.start])
        parts.append(p.text)
        at = p.end
    end = len(text) - len(tail_text)
    offset = len(encode(text[:at]))
    parts.append(_gap(total - len(encode(tail_text)) - offset, pointer, offset) if text[at:end].strip()
                 else text[at:end])
    parts.append(tail_text)
    return "".join(parts)


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


def with_truncation(toolbox: Any, max_tokens: int = 1000, store: OutputStore | None = None,
                    extract: bool = False) -> Any:
    """The toolbox with every tool's output truncated to max_tokens, plus the read_more tool.

    With extract=True a cut output also keeps the passages most relevant to the goal of the agent run
    in progress (ReActAgent.run sets it; see `pursuing`); outside a run it is plain head + tail.
    """
    store = STORE if store is None else store

    def wrap(name: str, fn: Callable[..., Any]) -> Callable[..., str]:
        def truncated(**kwargs: Any) -> str:
            result = fn(**kwargs)
            text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
            return truncate_tool_output(text, max_tokens, store=store, query=GOAL.get() if extract else None).text
        truncated.__name__ = name
        return truncated

    return toolbox.wrap(wrap).with_tool(*read_more_tool(store))

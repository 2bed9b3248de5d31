"""Tool-output truncation: keep the head and tail of a long output, the passages that matter, and a pointer.

* truncate_tool_output  head + tail + a pointer to the full output kept aside in an OutputStore; given a
                        query (the user's goal), also the passages most relevant to it, in their order
* with_truncation       wraps every tool of a Toolbox that way and adds a `read_more` tool to fetch more;
                        with extract=True the query is the goal of the agent run in progress (`pursuing`)
"""
from __future__ import annotations

import bisect
import hashlib
import itertools
import json
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from course_lib.checks import check_whole
from course_lib.agent.passages import rank_passages
from course_lib.model.tokens import count_tokens, decode, encode, encoding

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

    Without a query the room is max_tokens less the pointer line's tokens (counted with the full length as
    the number omitted) and a margin of 2; the head gets round(0.7 × room) tokens and the tail the rest. A part
    cut through a character is shrunk a token at a time (the head first), as is the tail should the whole be
    over max_tokens. With a query, head and tail get 30 % and 10 % and the rest holds the passages most
    relevant to the query (rank_passages), in their original order, each gap marked with its size and where
    read_more resumes. Text that already fits is returned unchanged (and not stored).
    """
    if not isinstance(text, str):
        raise TypeError(f"truncate_tool_output takes the tool's output as a string, got {type(text).__name__}")
    max_tokens = check_whole(max_tokens, "max_tokens", 1)
    if query is not None and not isinstance(query, str):
        raise TypeError(f"query is the text to look for (e.g. the user's request), got {type(query).__name__}")
    ids = encode(text)
    total = len(ids)
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
    if extract:
        out = _extract(text, ids, query, max_tokens, head, tail, pointer)
        if out is not None:
            return Truncated(out, pointer, total, count_tokens(out))
    while True:
        head_text, tail_text = decode(ids[:head]), decode(ids[len(ids) - tail:])
        out = head_text + _marker(len(ids) - head - tail, pointer, head) + tail_text
        kept = count_tokens(out)
        whole = text.startswith(head_text) and text.endswith(tail_text)
        if whole and kept <= max_tokens or head + tail == 0:
            break
        # A token can hold part of a character (an emoji, CJK): cut there, it decodes to "\ufffd", not the text.
        # Shrink the head by one token if it broke; else the tail (it broke, or, were it ever, the whole is over
        # max_tokens because tokens merged differently where the parts join); then try again.
        if not text.startswith(head_text) or not tail:
            head -= 1
        else:
            tail -= 1
    return Truncated(out, pointer, total, kept)


def _extract(text: str, ids: list[int], query: str, max_tokens: int, head: int, tail: int,
             pointer: str) -> str | None:
    """Head, the relevant passages of the middle and tail, with a marker per gap; None if nothing fits.

    Passages are taken best first while the output stays within max_tokens. Each one is priced by the change
    it makes (its own tokens, and the gap marker it splits in two), from the token positions of the full
    text computed once, so a long output with many relevant passages costs one encoding, not one per try;
    the loop stops as soon as no passage left could fit. The result is counted once at the end and, if
    token boundaries merged differently at a join, the weakest passage is dropped until it fits.
    """
    head_text, tail_text = decode(ids[:head]), decode(ids[len(ids) - tail:]) if tail else ""
    lo, hi = len(head_text), len(text) - len(tail_text)
    if not (text.startswith(head_text) and text.endswith(tail_text)) or lo >= hi:
        return None  # a cut inside a multi-byte character: fall back to head + tail
    ranked = rank_passages(text, query, lo, hi)
    if not ranked:
        return None
    at = _TokenPositions(text, ids)
    cost = [len(encode(p.text)) for p in ranked]
    cheapest_left = list(itertools.accumulate(reversed(cost), min))[::-1]  # cheapest passage from i on
    first_extra = count_tokens(_marker(len(ids), pointer, len(ids))) - count_tokens(_gap(len(ids), pointer, len(ids)))
    room = max_tokens - head - tail - first_extra - at.gap_cost(lo, hi, pointer)
    chosen: list = []  # sorted by position
    for i, passage in enumerate(ranked):  # best first
        if room < cheapest_left[i]:
            break  # the budget is spent: nothing further down the ranking can fit
        k = bisect.bisect_left([p.start for p in chosen], passage.start)
        left = chosen[k - 1].end if k else lo
        right = chosen[k].start if k < len(chosen) else hi
        delta = (at.gap_cost(left, passage.start, pointer) + cost[i] + at.gap_cost(passage.end, right, pointer)
                 - at.gap_cost(left, right, pointer))
        if delta <= room:
            chosen.insert(k, passage)
            room -= delta
    while chosen:
        out = _assemble(text, head_text, tail_text, chosen, pointer, at)
        if count_tokens(out) <= max_tokens:
            return out
        chosen.remove(min(chosen, key=lambda p: (p.score, -p.start)))
    return None


class _TokenPositions:
    """Where each token of `text` starts, so "how many tokens before character c" needs no re-encoding."""

    def __init__(self, text: str, ids: list[int]) -> None:
        self.text = text
        self.total = len(ids)
        self.starts = encoding().decode_with_offsets(ids)[1]  # character offset of each token's start

    def before(self, char: int) -> int:
        """Tokens of the full text that start before character `char` (the read_more offset there)."""
        return bisect.bisect_left(self.starts, char)

    def gap_cost(self, start: int, end: int, pointer: str) -> int:
        """Tokens that text[start:end] costs in the output: its whitespace as is, or a gap marker."""
        if not self.text[start:end].strip():
            return len(encode(self.text[start:end])) if end > start else 0
        return count_tokens(_gap(self.before(end) - self.before(start), pointer, self.before(start)))


def _assemble(text: str, head_text: str, tail_text: str, passages: list, pointer: str,
              at: _TokenPositions) -> str:
    """head [marker] passage [gap] passage … [gap] tail; the first marker names the stored output."""
    parts, start, first = [head_text], len(head_text), True
    for p in [*passages, None]:
        end = p.start if p else len(text) - len(tail_text)
        if text[start:end].strip():
            offset = at.before(start)
            parts.append((_marker if first else _gap)(at.before(end) - offset, pointer, offset))
            first = False
        else:
            parts.append(text[start:end])
        if p:
            parts.append(p.text)
            start = p.end
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

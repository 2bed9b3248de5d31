"""Short-term memory: what of the conversation goes back into the prompt on the next call.

Every memory here has the same small interface, so the agent can use any of them:

    memory.add(message)        # a chat message {"role": …, "content": …}
    memory.render()            # the messages to send next time
    memory.tokens()            # count_tokens(memory.render())

* ConversationBuffer  keeps everything: lossless, and it grows without bound.
* SlidingWindow       keeps the last N messages and/or the last N tokens: bounded, and it forgets.
* prune_by_importance keeps pinned messages (goals, constraints) plus the most important and most
                      recent others within a token budget.

A tool call (an assistant message with ``tool_calls``) and the tool results that answer it are kept or
dropped together: a tool result without its call, or a call without its results, is rejected by APIs.
"""
from __future__ import annotations

import heapq
from typing import Any, Callable, Iterable, Mapping, Sequence

from course_lib.checks import check_whole, is_whole
from course_lib.model.tokens import REPLY_PRIMING, count_message_tokens, count_tokens

Message = dict[str, Any]


ROLES = ("system", "developer", "user", "assistant", "tool")
ROLE_ALIASES = {"human": "user", "ai": "assistant", "bot": "assistant", "model": "assistant", "function": "tool"}


def check_message(message: Any) -> Message:
    """The message as a dict, or a clear error if it is not a chat message (role, content, tool_call_id)."""
    if not isinstance(message, Mapping) or "role" not in message:
        raise TypeError(f"a chat message is a dict like {{'role': 'user', 'content': 'hi'}}, got {message!r:.80}")
    role, content = message["role"], message.get("content")
    if role not in ROLES:
        name = role.strip().lower() if isinstance(role, str) else None
        alias = name if name in ROLES else ROLE_ALIASES.get(name)
        fix = f"use {alias!r}" if alias else f"use one of {', '.join(ROLES)}"
        raise ValueError(f"unknown role {role!r} in {message!r:.80}; {fix} (the OpenAI chat roles)")
    if role == "assistant" and message.get("tool_calls"):
        pass  # a tool call may come without text (content None)
    elif content is None:
        raise ValueError(f"a message with role {role!r} needs 'content' (its text), e.g. "
                         f"{{'role': {role!r}, 'content': '…'}}; got {message!r:.80}")
    parts_ok = isinstance(content, list) and all(isinstance(p, Mapping) for p in content)
    if content is not None and not isinstance(content, str) and not parts_ok:
        raise TypeError(f"a message's content is text (a str) or a list of parts like {{'type': 'text', 'text': '…'}}, "
                        f"got {type(content).__name__} {content!r:.60}")
    if role == "tool" and "tool_call_id" not in message:
        raise ValueError("a tool message needs 'tool_call_id', the id of the assistant's tool call it answers, e.g. "
                         "{'role': 'tool', 'tool_call_id': 'call_1', 'content': '…'}")
    return dict(message)


def call_ids(message: Mapping[str, Any]) -> list[Any]:
    """The ids of the tool calls a message makes ([] if it makes none)."""
    calls = message.get("tool_calls") or []
    return [c.get("id") if isinstance(c, Mapping) else getattr(c, "id", None) for c in calls]


def units(messages: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """Indices grouped into units that must stay together: a tool call with the tool results that answer it.

    A tool message joins the unit before it only if its tool_call_id is one of that unit's calls still
    waiting for a result; any other message starts a unit of its own.
    """
    groups: list[list[int]] = []
    waiting: list[Any] = []  # call ids of the last unit that have no result yet
    for i, m in enumerate(messages):
        if m.get("role") == "tool" and groups and m.get("tool_call_id") in waiting:
            waiting.remove(m.get("tool_call_id"))
            groups[-1].append(i)
        else:
            groups.append([i])
            waiting = call_ids(m)
    return groups


def unanswered(messages: Sequence[Mapping[str, Any]], group: Sequence[int]) -> list[Any]:
    """Call ids of a unit (from `units`) that have no tool result yet; [] means the unit is complete."""
    waiting = call_ids(messages[group[0]])
    for i in group[1:]:
        waiting.remove(messages[i].get("tool_call_id"))
    return waiting


def answers_last_call(messages: Sequence[Mapping[str, Any]], message: Mapping[str, Any]) -> bool:
    """True if `message` is a tool result for a call of the last unit that is still waiting for one."""
    groups = units(messages)
    return (message.get("role") == "tool" and bool(groups)
            and message.get("tool_call_id") in unanswered(messages, groups[-1]))


class ConversationBuffer:
    """Keeps every message verbatim: lossless, simple, and unbounded."""

    def __init__(self, messages: Iterable[Message] = ()) -> None:
        self.messages: list[Message] = []
        for m in messages:
            self.add(m)

    def add(self, message: Message) -> None:
        """Append a message."""
        self.messages.append(check_message(message))

    def extend(self, messages: Iterable[Message]) -> None:
        """Append several messages."""
        for m in messages:
            self.add(m)

    def render(self) -> list[Message]:
        """All messages, oldest first."""
        return list(self.messages)

    def tokens(self) -> int:
        """Tokens of the rendered messages."""
        return count_tokens(self.render())

    def clear(self) -> None:
        """Forget everything."""
        self.messages.clear()

    def __len__(self) -> int:
        return len(self.messages)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self.messages)} messages, {self.tokens()} tokens)"


class SlidingWindow(ConversationBuffer):
    """Keeps only the last `max_messages` messages and/or the last `max_tokens` tokens.

    Older messages are dropped for good (`dropped` counts them). A tool call and its results leave the
    window together; a call whose results are still being added is never dropped, and a tool result
    that answers no call waiting in the window is dropped at once. The newest unit is always kept,
    even if it alone is over `max_tokens` or `max_messages`.
    """

    def __init__(self, max_messages: int | None = None, max_tokens: int | None = None,
                 messages: Iterable[Message] = ()) -> None:
        if max_messages is None and max_tokens is None:
            raise ValueError("SlidingWindow needs max_messages (e.g. 10) or max_tokens (e.g. 2000), or both")
        for name, value in (("max_messages", max_messages), ("max_tokens", max_tokens)):
            if value is not None:
                check_whole(value, name, 1)
        self.max_messages, self.max_tokens = max_messages, max_tokens
        self.dropped = 0
        super().__init__(messages)

    def _over(self) -> bool:
        if self.max_messages is not None and len(self.messages) > self.max_messages:
            return True
        return self.max_tokens is not None and count_tokens(self.messages) > self.max_tokens

    def add(self, message: Message) -> None:
        """Append a message, then drop the oldest messages until the window fits."""
        message = check_message(message)
        if message.get("role") == "tool" and not answers_last_call(self.messages, message):
            self.dropped += 1  # if kept, it would be a tool result without its call, which APIs reject
            return
        super().add(message)
        while self._over():
            groups = units(self.messages)
            if len(groups) <= 1:
                break
            n = len(groups[0])
            del self.messages[:n]
            self.dropped += n


def _as_scores(importance: Any, messages: Sequence[Mapping[str, Any]]) -> list[float]:
    if importance is None:
        return [float(m.get("importance", 0.0) or 0.0) for m in messages]
    if callable(importance):
        return [float(importance(m)) for m in messages]
    scores = [float(x) for x in importance]
    if len(scores) != len(messages):
        raise ValueError(f"importance has {len(scores)} values for {len(messages)} messages; give one per message")
    return scores


def _as_pinned(pinned: Any, messages: Sequence[Mapping[str, Any]], scores: list[float]) -> set[int]:
    n = len(messages)
    if pinned is None:  # default: system messages and anything rated 1.0 (critical)
        return {i for i, m in enumerate(messages) if m.get("role") == "system" or scores[i] >= 1.0}
    if callable(pinned):
        return {i for i, m in enumerate(messages) if pinned(m)}
    out = set()
    for i in pinned:
        if not is_whole(i) or not -n <= i < n:
            raise ValueError(f"pinned must hold message indices in 0..{n - 1}, got {i!r}")
        out.add(i % n)
    return out


def prune_indices(messages: Sequence[Mapping[str, Any]], max_tokens: int,
                  importance: Sequence[float] | Callable[[Mapping[str, Any]], float] | None = None,
                  pinned: Iterable[int] | Callable[[Mapping[str, Any]], bool] | None = None) -> list[int]:
    """Indices (ascending) of the messages `prune_by_importance` keeps; see there."""
    check_whole(max_tokens, "max_tokens", 1)
    messages = [check_message(m) for m in messages]
    if not messages:
        return []
    scores = _as_scores(importance, messages)
    pins = _as_pinned(pinned, messages, scores)
    cost = [count_message_tokens(m) for m in messages]
    keep: set[int] = set()
    budget = max_tokens - REPLY_PRIMING
    candidates = []
    for group in units(messages):
        group_cost = sum(cost[i] for i in group)
        if pins & set(group):
            keep.update(group)
            budget -= group_cost
        else:  # most important first, then most recent (the last index is the unit's position)
            candidates.append((-max(scores[i] for i in group), -group[-1], group_cost, group))
    if budget < 0 and not pins:
        return []
    if budget < 0:
        raise ValueError(f"the pinned messages alone need {max_tokens - budget} tokens, more than max_tokens="
                         f"{max_tokens}; pin fewer messages or raise the budget")
    heapq.heapify(candidates)
    while candidates and budget > 0:
        _, _, group_cost, group = heapq.heappop(candidates)
        if group_cost <= budget:
            keep.update(group)
            budget -= group_cost
    return sorted(keep)


def prune_by_importance(messages: Sequence[Mapping[str, Any]], max_tokens: int,
                        importance: Sequence[float] | Callable[[Mapping[str, Any]], float] | None = None,
                        pinned: Iterable[int] | Callable[[Mapping[str, Any]], bool] | None = None) -> list[Message]:
    """Pinned messages plus the most important, then most recent, others that fit in max_tokens; original order.

    `importance`: one score per message, or a function of a message (default: the message's own
    "importance" key, else 0, so recency alone decides). `pinned`: indices, or a predicate (default:
    system messages and messages with importance >= 1.0). Counting is by index, so duplicate messages
    are handled correctly; a tool call and its results are kept or dropped together; cost is
    O(n log n). The result always satisfies count_tokens(result) <= max_tokens; if the pinned messages
    alone do not fit, a ValueError says so.
    """
    messages = list(messages)
    return [dict(messages[i]) for i in prune_indices(messages, max_tokens, importance, pinned)]

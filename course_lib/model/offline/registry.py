"""Where the offline model's rules register: one function per course prompt template."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

Messages = list[dict[str, Any]]


@dataclass
class Reply:
    """What a rule answers: text, or tool calls in the OpenAI format."""

    content: str | None = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


Rule = Callable[[Messages, dict[str, Any]], Reply]
RULES: dict[str, Rule] = {}


def rule(name: str) -> Callable[[Rule], Rule]:
    """Register `fn` as the offline model's rule for the template (or task) called `name`."""

    def register(fn: Rule) -> Rule:
        if name in RULES:
            raise ValueError(f"two offline rules claim the task {name!r}")
        RULES[name] = fn
        return fn

    return register


def tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    """One tool call in the OpenAI chat format."""
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}

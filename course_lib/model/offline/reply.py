"""What an offline rule answers: text, or tool calls in the OpenAI chat format."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

Messages = list[dict[str, Any]]


@dataclass
class Reply:
    """What a rule answers: text, or tool calls in the OpenAI format."""

    content: str | None = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


Rule = Callable[[Messages, dict[str, Any]], Reply]  # a rule answers (messages, request body) with a Reply


def tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    """One tool call in the OpenAI chat format."""
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}

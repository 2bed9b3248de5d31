"""The agent's token meter: tokens per model call, with the prompt split into sections."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from course_lib.model.tokens import REPLY_PRIMING, count_message_tokens, count_tools_tokens

SECTIONS = ("system", "tools", "memory", "history", "tool_results")

Message = dict[str, Any]


@dataclass
class CallUsage:
    """Tokens of one model call: the prompt split into sections, and what the model reported."""

    sections: dict[str, int]
    prompt_tokens: int  # as reported by the model
    completion_tokens: int
    cached_tokens: int = 0

    @property
    def counted(self) -> int:
        """Sum of the sections (our own count of the prompt)."""
        return sum(self.sections.values())


@dataclass
class Usage:
    """The token meter of one run: one CallUsage per model call."""

    calls: list[CallUsage] = field(default_factory=list)

    @property
    def prompt_tokens(self) -> int:
        """Prompt tokens over all calls, as the model reported them."""
        return sum(c.prompt_tokens for c in self.calls)

    @property
    def completion_tokens(self) -> int:
        """Completion tokens over all calls."""
        return sum(c.completion_tokens for c in self.calls)

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens over all calls."""
        return self.prompt_tokens + self.completion_tokens

    @property
    def cached_tokens(self) -> int:
        """Prompt tokens served from the provider's cache, over all calls."""
        return sum(c.cached_tokens for c in self.calls)

    def by_section(self) -> dict[str, int]:
        """Prompt tokens per section, summed over all calls."""
        return {s: sum(c.sections.get(s, 0) for c in self.calls) for s in SECTIONS}

    def table(self) -> str:
        """A plain-text table: one row per call, one column per section."""
        head = f"{'call':>4} " + " ".join(f"{s:>12}" for s in SECTIONS) + f" {'prompt':>8} {'cached':>7} {'output':>7}"
        rows = [head]
        for i, c in enumerate(self.calls, 1):
            rows.append(f"{i:>4} " + " ".join(f"{c.sections.get(s, 0):>12}" for s in SECTIONS)
                        + f" {c.prompt_tokens:>8} {c.cached_tokens:>7} {c.completion_tokens:>7}")
        return "\n".join(rows)


def meter(sections: Mapping[str, list[Message] | str | int], tools: Sequence[dict[str, Any]]) -> dict[str, int]:
    """Tokens per prompt section, counted the way count_tokens counts a message list.

    `sections` maps a section name to its messages; the reply priming every prompt pays is booked
    to "system", and tool definitions to "tools", so the sections add up to count_tokens(prompt)
    plus count_tools_tokens(tools). An int value is taken as already counted.
    """
    out = {s: 0 for s in SECTIONS}
    for name, value in sections.items():
        out[name] = value if isinstance(value, int) else sum(count_message_tokens(m) for m in value)
    out["system"] += REPLY_PRIMING
    out["tools"] += count_tools_tokens(tools)
    return out

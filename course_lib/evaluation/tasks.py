"""Task completion: did the reply to an assembled prompt do what the question asked? Checked offline.

Evidence recall says the needed values reached the prompt; it does not say the model used them. Here the
prompt goes to a model (the offline one unless another is given), with the course's tools available, and
its reply is held against the question's `Task` (generate.py):

    reply   the reply's text, plus the arguments of any tool call it made, must match every `must` pattern
            and no `must_not` pattern ("How pricey can it be?" is done by saying 60 euros, or by searching
            with max_price 60, but not while also naming the old 35)
    call    the reply must call `task.tool` (search_restaurants), and that call's arguments must match every
            `must` pattern and no `must_not` pattern; text alone does not count

Questions without a task (the irrelevant ones: nothing checks "why is the sky blue?" offline) are left out
of task completion. Numbers in arguments are written as a person would (60.0 -> "60") before matching.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from course_lib.agent.tools import TOOL_SCHEMAS
from course_lib.evaluation.generate import Task
from course_lib.model.lazy import LazyModel


@dataclass(frozen=True)
class Reply:
    """What a model answered: its text and its tool calls as (name, arguments as a JSON string)."""

    text: str
    calls: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def show(self) -> str:
        """The reply as one readable line: text, then each call."""
        calls = " ".join(f"-> {name}({flat(args)})" for name, args in self.calls)
        return " ".join(x for x in (self.text.strip(), calls) if x)


WHOLE = re.compile(r"(?<=\d)\.0+(?![\d.])")  # the ".0" of a whole number written as a float: 60.0 -> 60


def flat(arguments: str) -> str:
    """A call's JSON arguments as 'key=value, …' text, whole floats without '.0' (bad JSON is kept as it is)."""
    try:
        values = json.loads(arguments)
    except (TypeError, ValueError):
        return str(arguments)
    if not isinstance(values, dict):
        return str(values)
    return ", ".join(f"{k}={v if isinstance(v, str) else WHOLE.sub('', json.dumps(v))}" for k, v in values.items())


def _all(patterns: tuple[str, ...], text: str) -> bool:
    return all(re.search(p, text) for p in patterns)


def _none(patterns: tuple[str, ...], text: str) -> bool:
    return not any(re.search(p, text) for p in patterns)


def done(task: Task, reply: Reply) -> bool:
    """True when `reply` completes `task` (see the module docstring for the two kinds)."""
    if task.kind == "reply":
        text = "\n".join([reply.text] + [flat(args) for _, args in reply.calls])
        return _all(task.must, text) and _none(task.must_not, text)
    if task.kind == "call":
        calls = [flat(args) for name, args in reply.calls if name == task.tool]
        return any(_all(task.must, c) and _none(task.must_not, c) for c in calls)
    raise ValueError(f"task kind must be 'reply' or 'call', got {task.kind!r}")


class ModelAnswerer:
    """Sends an assembled prompt to a model with the course's tools and returns its first reply."""

    model = LazyModel()

    def __init__(self, model: Any = None, tools: list[dict[str, Any]] | None = None) -> None:
        self._model = model
        self.tools = TOOL_SCHEMAS if tools is None else tools

    def __call__(self, prompt: list[dict[str, Any]]) -> Reply:
        """The model's reply to `prompt` (one call; tools offered, none run)."""
        message = self.model.chat(prompt, tools=self.tools).choices[0].message
        calls = tuple((c.function.name, c.function.arguments) for c in (message.tool_calls or ()))
        return Reply(message.content or "", calls)

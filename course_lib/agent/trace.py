"""What one agent run produced: the steps it took (a printable trace) and its final result."""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any

from course_lib.agent.usage import Usage

Message = dict[str, Any]


@dataclass
class Step:
    """One action of the agent: the thought before it, the tool called, its arguments and what came back."""

    thought: str
    action: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    observation: str | None = None


@dataclass
class Trace:
    """What the agent did in one run, step by step; print it or display it in a notebook."""

    user_message: str
    steps: list[Step] = field(default_factory=list)
    answer: str = ""
    stopped: str = "answer"  # "answer", or "max_steps" when the step limit cut the loop
    max_chars: int = 300  # observations longer than this are shortened when shown
    compactions: list[Any] = field(default_factory=list)  # one compaction.Compaction per fold of the context

    def _short(self, text: str | None) -> str:
        text = (text or "").replace("\n", " ")
        return text if len(text) <= self.max_chars else text[: self.max_chars] + f" … ({len(text):,} chars)"

    def __str__(self) -> str:
        lines = [f"User: {self.user_message}"]
        lines += [f"  ({c})" for c in self.compactions]
        for i, s in enumerate(self.steps, 1):
            if s.thought:
                lines.append(f"  [{i}] Thought: {s.thought}")
            if s.action:
                lines.append(f"  [{i}] Action: {s.action}({json.dumps(s.args, ensure_ascii=False)})")
                lines.append(f"  [{i}] Observation: {self._short(s.observation)}")
        lines.append(f"Answer: {self.answer}" + ("" if self.stopped == "answer" else f"  (stopped: {self.stopped})"))
        return "\n".join(lines)

    def show(self) -> None:
        """Print the trace."""
        print(self)

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = [f"<tr><td><b>user</b></td><td colspan=2>{esc(self.user_message)}</td></tr>"]
        rows += [f"<tr><td></td><td colspan=2><i>{esc(str(c))}</i></td></tr>" for c in self.compactions]
        for i, s in enumerate(self.steps, 1):
            if s.thought:
                rows.append(f"<tr><td>{i}</td><td><i>thought</i></td><td>{esc(s.thought)}</td></tr>")
            if s.action:
                call = f"{s.action}({json.dumps(s.args, ensure_ascii=False)})"
                rows.append(f"<tr><td>{i}</td><td><i>action</i></td><td><code>{esc(call)}</code></td></tr>")
                rows.append(f"<tr><td>{i}</td><td><i>observation</i></td><td><small>{esc(self._short(s.observation))}"
                            "</small></td></tr>")
        rows.append(f"<tr><td><b>answer</b></td><td colspan=2>{esc(self.answer)}</td></tr>")
        return "<table style='text-align:left'>" + "".join(rows) + "</table>"


@dataclass
class AgentResult:
    """The outcome of `ReActAgent.run`: the final answer, the trace and the token meter."""

    answer: str
    trace: Trace
    usage: Usage
    messages: list[Message]  # the messages of this run: user message … final answer

    def __str__(self) -> str:
        return self.answer

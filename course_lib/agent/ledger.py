"""The episodic loop: a side effect is done once across sessions, and each finished episode becomes memories.

    ledger = Ledger(log_dir, "priya", session_id="s2")           # one EpisodicLog file per session
    agent = ReActAgent(tools=ledger.guard(scenario.TOOLS), after_run=ledger.record_run, ...)
    agent.run("Book Linse & Lauch for Friday 19:00 for 2")
    ledger.end_session(memory)    # lessons and outcome -> VectorMemory, through the write path

`guard` wraps a Toolbox: every tool call is logged as a ``tool_call`` event (tool, args, result) in this
session's file. Before a side-effecting tool (``side_effects``, default ``book_table``) runs, the ledger reads
the files of *every* session in the folder, this user's events only; if the same call (same idempotency key)
was made before, the tool is not called again and the earlier result comes back as the observation, marked
``already_done``. Look-up, call and log happen under one lock file in the folder, so two kernels sending the
same booking at the same moment still book once.

`end_session` turns the episode into lessons by explicit rules only (`long_term.lessons`), never by reading tool
output or the agent's answers: a side effect that was done becomes the episodic memory "book_table already done
with {…}; do not repeat it." (built from the call's arguments), and a call that raised becomes the procedural
memory "Avoid: … failed with {…}: the tool said …. Do instead: …" (the error attributed to the tool, one line).
What a page or a search returned, and what the agent replied, never become lessons. Each lesson is stored
through the write path's resolve/apply as said by the agent (`metadata["said_by"] = "agent"`, source "ledger"),
so a lesson already known is a NOOP, and one whose arguments read as an instruction is refused by the write
contract and reported as a NOOP.
"""
from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any, Callable, Iterable

from course_lib.agent.toolbox import Toolbox

from course_lib.long_term.episodic import EpisodicLog, canonical
from course_lib.long_term.lessons import episode_lessons
from course_lib.long_term.redact import redact_value
from course_lib.long_term.trust import InstructionRefused
from course_lib.long_term.stores.files import locked, read_log
from course_lib.model.clock import CourseClock

SIDE_EFFECTS = ("book_table",)


def idempotency_key(tool: str, args: dict[str, Any]) -> str:
    """The identity of a call: the tool name and its arguments as canonical JSON (key order ignored)."""
    if not isinstance(tool, str) or not tool.strip():
        raise ValueError(f"tool must be a tool name such as 'book_table', got {tool!r}")
    if not isinstance(args, dict):
        raise TypeError(f"args must be the call's arguments as a dict, got {type(args).__name__}")
    return f"{tool}:{canonical(args)}"


class Ledger:
    """Every call one user's agent made, in any session logged in `log_dir`; side effects are never repeated."""

    def __init__(self, log_dir: str | os.PathLike, user_id: str, session_id: str, clock: CourseClock | None = None,
                 side_effects: Iterable[str] = SIDE_EFFECTS) -> None:
        if user_id is None:
            raise ValueError("user_id is required: the ledger only ever reads that user's events")
        self.log = EpisodicLog(session_id, log_dir, clock, user_id=user_id)
        self.user_id = self.log.user_id
        if isinstance(side_effects, str):
            raise TypeError("side_effects is a list of tool names, e.g. ('book_table',), not one string")
        self.side_effects = tuple(side_effects)
        self.consolidation = None  # the report of the last consolidation pass end_session ran

    def check_forget_user(self, user_id: str) -> None:
        """Raise, changing nothing, if forget_user would refuse (see EpisodicLog.check_forget_user)."""
        self.log.check_forget_user(user_id)

    def forget_user(self, user_id: str) -> int:
        """Remove every logged call of `user_id` from the ledger's folder; returns how many events went."""
        return self.log.forget_user(user_id)

    def done(self) -> list[dict[str, Any]]:
        """Successful side-effect calls of this user, from every session file in the folder, oldest first."""
        events = []
        for path in sorted(Path(self.log.dir).glob("*.jsonl")):
            events += [e for e in read_log(path)[0] if e.get("user_id") == self.user_id
                       and e.get("type") == "tool_call" and e.get("tool") in self.side_effects]
        return sorted(events, key=lambda e: (e.get("ts", ""), e.get("session", ""), e.get("seq", 0)))

    def lookup(self, tool: str, args: dict[str, Any]) -> dict[str, Any] | None:
        """The earliest logged call with this idempotency key (any session of this user), or None."""
        key = idempotency_key(tool, redact_value(args))  # the log holds arguments redacted (EpisodicLog.record)
        return next((e for e in self.done() if idempotency_key(e["tool"], e.get("args") or {}) == key), None)

    def guard(self, tools: Toolbox) -> Toolbox:
        """`tools` with every call logged, and side effects answered from the ledger when already done."""
        def wrapper(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
            def logged(**args: Any) -> Any:
                if name not in self.side_effects:
                    return self._run(name, fn, args)
                with locked(Path(self.log.dir) / "ledger.lock", f"the ledger of {self.log.dir}"):
                    return self._run(name, fn, args)  # look up, call and log as one step: two kernels book once
            return logged
        return tools.wrap(wrapper)

    def _run(self, name: str, fn: Callable[..., Any], args: dict[str, Any]) -> Any:
        """Answer a side effect already done from the ledger, else call the tool and log the call."""
        earlier = self.lookup(name, args) if name in self.side_effects else None
        if earlier is not None:
            self.log.record("tool_skipped", tool=name, args=args, earlier_session=earlier["session"])
            result = earlier.get("result")
            return {**(result if isinstance(result, dict) else {"result": result}), "already_done": True,
                    "note": f"{name} was already done with these arguments in session {earlier['session']}; "
                            "not repeated"}
        try:
            result = fn(**args)
        except Exception as exc:
            self.log.record("tool_error", tool=name, args=args, error=f"{type(exc).__name__}: {exc}")
            raise
        self.log.record("tool_call", tool=name, args=args, result=result)
        return result

    def record_run(self, agent: Any, messages: list[dict[str, Any]]) -> None:
        """An `after_run` hook: log the run's task (the user message) and outcome (the final answer)."""
        self.log.record("task", task=str(messages[0].get("content") or ""))
        self.log.record("outcome", outcome=str(messages[-1].get("content") or ""))

    def lessons(self) -> list[str]:
        """This session's lessons by the two explicit rules of `long_term.lessons`: calls that failed ("Avoid: …
        Do instead: …", with the error) and side effects done ("… already done with {…}; do not repeat it.")."""
        return [text for text, _ in episode_lessons(self.log.events(), self.side_effects)]

    def end_session(self, memory: Any, model: Any = None, consolidate_every: timedelta | None = None) -> list[Any]:
        """Write this session's `lessons` to `memory`, as said by the agent; return one Decision per lesson: ADD, or
        NOOP when already stored or refused by the write contract (e.g. arguments that read as an instruction).
        `model` is not needed for the lessons: they come from rules, never from a model reading the log.

        With `consolidate_every` (e.g. timedelta(days=7), seed 004's weekly pass), a consolidation pass of this
        user's sessions in the log folder runs when the last one is that old (`long_term.consolidate`); its report
        is kept in `self.consolidation` (None when no pass ran)."""
        from course_lib.long_term.consolidate import consolidate, due
        from course_lib.long_term.write_path import Decision

        decisions = []
        for lesson, kind in episode_lessons(self.log.events(), self.side_effects):  # procedural or episodic
            known = memory.stored_as(self.user_id, lesson)
            try:
                record = memory.remember(self.user_id, lesson, 0.8, source="ledger",
                                         metadata={"said_by": "agent", "memory_type": kind})
            except InstructionRefused as exc:
                decisions.append(Decision("NOOP", None, lesson, f"refused: {exc}"))
                continue
            decisions.append(Decision("NOOP", known.id, lesson, "already stored (same words)") if known is not None
                             else Decision("ADD", None, lesson, "a rule of the ledger", record.id))
        self.consolidation = None
        if consolidate_every is not None and due(self.log.dir, self.user_id, self.log.clock.now(), consolidate_every):
            self.consolidation = consolidate(memory, self.log.dir, self.user_id, model=model,
                                             side_effects=self.side_effects)
        return decisions

"""The episodic loop: a side effect is done once across sessions, and each finished episode becomes memories.

    ledger = Ledger(log_dir, "priya", session_id="s2")           # one EpisodicLog file per session
    agent = ReActAgent(tools=ledger.guard(scenario.TOOLS), after_run=ledger.record_run, ...)
    agent.run("Book Linse & Lauch for Friday 19:00 for 2")
    ledger.end_session(memory)    # lessons and outcome -> VectorMemory, through the write path

`guard` wraps a Toolbox: every tool call is logged as a ``tool_call`` event (tool, args, result) in this
session's file. Before a side-effecting tool (``side_effects``, default ``book_table``) runs, the ledger reads
the files of *every* session in the folder, this user's events only, and compares the call's *identity*
(identity.py: names folded, the day resolved to a date counted from the day of each call, the time as HH:MM,
the party size as an int, plus the request id if any) with each earlier one:

* the same identity → the tool is not called; the earlier result comes back marked ``already_done`` (a
  reworded duplicate, "linse & lauch, friday 7pm", is the same call; "Friday 19:00" a week later is not);
* the same place and date, another party size or time (`identity.near`) and no request id → the tool is not
  called; the observation is a question (``needs_confirmation``) for the agent to put to the user;
* a ``request_id`` the user's request carries (the guarded tool gets it as an optional argument) makes a
  deliberate repeat, or a confirmed near call, a call of its own; the same id again is a retry of the same request.

Look-up, call and log happen under one lock file in the folder, so two kernels sending the same booking at the
same moment still book once.

`end_session` turns the episode into lessons by explicit rules only (`long_term.lessons`), never by reading tool
output or the agent's answers: a side effect that was done becomes the episodic memory "book_table already done
with {…} on <date>; do not repeat it." (built from the call's arguments and the date they resolved to), and a call
that raised becomes the procedural memory "Avoid: … failed with {…}: the tool said …. Do instead: …" (the error
attributed to the tool, one line). What a page or a search returned, and what the agent replied, never become
lessons. Each lesson is stored through the write path's resolve/apply as said by the agent
(`metadata["said_by"] = "agent"`, source "ledger"), so a lesson already known is a NOOP, and one whose arguments
read as an instruction is refused by the write contract and reported as a NOOP.
"""
from __future__ import annotations

import json
import os
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Callable, Iterable

from course_lib.agent import identity as identities
from course_lib.agent.toolbox import Toolbox

from course_lib.long_term.episodic import EpisodicLog, canonical
from course_lib.long_term.lessons import episode_lessons
from course_lib.long_term.redact import redact_value
from course_lib.long_term.trust import InstructionRefused
from course_lib.long_term.stores.files import locked, read_log
from course_lib.model.clock import CourseClock

SIDE_EFFECTS = ("book_table",)
REQUEST_ID = {"type": "string", "description": "Only when the user asks on purpose for this again (a second table, "
              "or yes to a confirmation question): a new id for this request. Leave it out otherwise."}


def idempotency_key(tool: str, args: dict[str, Any]) -> str:
    """The identity of a call: the tool name and its arguments as canonical JSON (key order ignored)."""
    if not isinstance(tool, str) or not tool.strip():
        raise ValueError(f"tool must be a tool name such as 'book_table', got {tool!r}")
    if not isinstance(args, dict):
        raise TypeError(f"args must be the call's arguments as a dict, got {type(args).__name__}")
    return f"{tool}:{canonical(args)}"


def with_request_id(schema: dict[str, Any]) -> dict[str, Any]:
    """A copy of a tool schema with the optional `request_id` parameter (the original is left unchanged)."""
    fn = dict(schema["function"])
    params = dict(fn.get("parameters") or {"type": "object", "properties": {}})
    params["properties"] = {**(params.get("properties") or {}), "request_id": REQUEST_ID}
    return {**schema, "function": {**fn, "parameters": params}}


class Ledger:
    """Every call one user's agent made, in any session logged in `log_dir`; side effects are never repeated."""

    def __init__(self, log_dir: str | os.PathLike, user_id: str, session_id: str, clock: CourseClock | None = None,
                 side_effects: Iterable[str] = SIDE_EFFECTS,
                 kinds: dict[str, dict[str, str]] = identities.KINDS) -> None:
        if user_id is None:
            raise ValueError("user_id is required: the ledger only ever reads that user's events")
        self.log = EpisodicLog(session_id, log_dir, clock, user_id=user_id)
        self.user_id = self.log.user_id
        if isinstance(side_effects, str):
            raise TypeError("side_effects is a list of tool names, e.g. ('book_table',), not one string")
        self.side_effects = tuple(side_effects)
        self.kinds = kinds
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

    def identity(self, event: dict[str, Any]) -> dict[str, Any]:
        """The identity of a logged call, its day resolved from the day it was made (identity.py)."""
        made = date.fromisoformat(str(event["ts"])[:10])
        return identities.identity(event["tool"], event.get("args") or {}, made, event.get("request_id"), self.kinds)

    def lookup(self, tool: str, args: dict[str, Any], request_id: str | None = None) -> dict[str, Any] | None:
        """The earliest logged call with the identity this call has today (any session of this user), or None."""
        key = self._key(tool, args, request_id)
        return next((e for e in self.done() if idempotency_key(e["tool"], self.identity(e)) == key), None)

    def near(self, tool: str, args: dict[str, Any]) -> tuple[dict[str, Any], list[str]] | None:
        """(the earliest logged call at the same place on the same day, the arguments that differ), or None."""
        mine = identities.identity(tool, redact_value(args), self.log.clock.now().date(), None, self.kinds)
        for e in self.done():
            if e["tool"] == tool:
                differs = identities.near(tool, self.identity(e), mine, self.kinds)
                if differs:
                    return e, differs
        return None

    def _key(self, tool: str, args: dict[str, Any], request_id: str | None) -> str:
        # the log holds arguments redacted (EpisodicLog.record): compare like with like
        today = self.log.clock.now().date()
        return idempotency_key(tool, identities.identity(tool, redact_value(args), today, request_id, self.kinds))

    def guard(self, tools: Toolbox) -> Toolbox:
        """`tools` with every call logged, side effects answered from the ledger when already done or asked about
        when near an earlier one; side-effect tools take an optional `request_id` for a deliberate repeat."""
        def wrapper(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
            def logged(**args: Any) -> Any:
                if name not in self.side_effects:
                    return self._run(name, fn, args)
                request_id = args.pop("request_id", None)
                if request_id is not None and (not isinstance(request_id, str) or not request_id.strip()):
                    raise ValueError(f"request_id must be a non-empty text naming this request, got {request_id!r}")
                with locked(Path(self.log.dir) / "ledger.lock", f"the ledger of {self.log.dir}"):
                    return self._run(name, fn, args, request_id)  # look up, call, log as one step: books once
            return logged
        guarded = tools.wrap(wrapper)
        return Toolbox([with_request_id(s) if s["function"]["name"] in self.side_effects else s
                        for s in guarded.schemas], guarded.functions)

    def _run(self, name: str, fn: Callable[..., Any], args: dict[str, Any], request_id: str | None = None) -> Any:
        """Answer a side effect already done from the ledger, ask about a near one, else call the tool and log it."""
        if name in self.side_effects:
            earlier = self.lookup(name, args, request_id)
            if earlier is not None:
                self.log.record("tool_skipped", tool=name, args=args, earlier_session=earlier["session"])
                result = earlier.get("result")
                return {**(result if isinstance(result, dict) else {"result": result}), "already_done": True,
                        "note": f"{name} was already done for this request in session {earlier['session']}; "
                                "not repeated. If the user wants it again on purpose, call it with a new request_id"}
            close = self.near(name, args) if request_id is None else None
            if close is not None:
                return self._ask(name, args, *close)
        try:
            result = fn(**args)
        except Exception as exc:
            self.log.record("tool_error", tool=name, args=args, error=f"{type(exc).__name__}: {exc}")
            raise
        extra = {"request_id": request_id} if request_id is not None else {}
        self.log.record("tool_call", tool=name, args=args, result=result, **extra)
        return result

    def _ask(self, name: str, args: dict[str, Any], earlier: dict[str, Any], differs: list[str]) -> dict[str, Any]:
        """A near call is held: log it, and return the question the agent must put to the user (nothing done)."""
        self.log.record("tool_held", tool=name, args=args, earlier_session=earlier["session"], differs=differs)
        before = json.dumps(earlier.get("args") or {}, sort_keys=True, ensure_ascii=False)
        now = json.dumps(args, sort_keys=True, ensure_ascii=False)
        return {"needs_confirmation": True, "done": False, "earlier": earlier.get("result"), "differs": differs,
                "question": f"There is already a {name} on the same day at the same place ({before}, session "
                            f"{earlier['session']}); this one differs in {', '.join(differs)} ({now}). Is it another "
                            f"{name} on purpose? Nothing was done: to go ahead, call {name} again with a request_id."}

    def record_run(self, agent: Any, messages: list[dict[str, Any]]) -> None:
        """An `after_run` hook: log the run's task (the user message) and outcome (the final answer)."""
        self.log.record("task", task=str(messages[0].get("content") or ""))
        self.log.record("outcome", outcome=str(messages[-1].get("content") or ""))

    def lessons(self) -> list[str]:
        """This session's lessons by the two explicit rules of `long_term.lessons`: calls that failed ("Avoid: …
        Do instead: …", with the error) and side effects done ("… already done with {…} on <date>; do not repeat
        it.")."""
        return [text for text, _ in episode_lessons(self.log.events(), self.side_effects, self.booked_for)]

    def booked_for(self, event: dict[str, Any]) -> str | None:
        """The one date a side effect's arguments resolve to (a booking's day), or None."""
        dates = [v["date"] for v in self.identity(event).values() if isinstance(v, dict) and "date" in v]
        return dates[0] if len(dates) == 1 else None

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
        for lesson, kind in episode_lessons(self.log.events(), self.side_effects, self.booked_for):  # typed
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

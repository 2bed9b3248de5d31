"""Lessons from an episode's tool events, by explicit rules: a failure to avoid, a side effect not to repeat.

A failed call (a ``tool_error`` event) becomes a *procedural* memory that says what to avoid and what to do
instead, and carries the error it came from (as logged: EpisodicLog redacts every event before writing it):

    Avoid: book_table failed with {"people": 25, ...}: the tool said "ValueError: people must be ...".
    Do instead: change what the error names, or ask the user, before calling book_table again.

A side effect that was done (a ``tool_call`` of a side-effecting tool) becomes an *episodic* memory,
"book_table already done with {...}; do not repeat it." Nothing else in a log becomes a lesson: what a tool
returned and what the agent replied are never evidence about the user (that would store chatter such as
"Outcome: Thanks for telling me!"), and the user's own words are promoted through the write path (consolidate).
"""
from __future__ import annotations

import json
from typing import Any, Callable, Iterable

MAX_ERROR_CHARS = 120  # of a tool's error message kept in a lesson
FAILED = "Avoid: "  # every failure lesson starts so (the offline agent reads it back, model/offline/booking.py)


def call_args(event: dict[str, Any]) -> str:
    """A call's arguments as canonical JSON (sorted keys), the form lessons quote them in."""
    return json.dumps(event.get("args") or {}, sort_keys=True, ensure_ascii=False)


def failure_lesson(event: dict[str, Any]) -> str:
    """The "avoid / do instead" lesson of one ``tool_error`` event, quoting the error (one line, shortened)."""
    said = " ".join(str(event.get("error") or "no message").split())[:MAX_ERROR_CHARS].replace('"', "'")
    tool = event.get("tool")
    return (f"{FAILED}{tool} failed with {call_args(event)}: the tool said \"{said}\". Do instead: change what the "
            f"error names, or ask the user, before calling {tool} again.")


def done_lesson(event: dict[str, Any], on: str | None = None) -> str:
    """The episodic record of one side effect that was done, in the words the offline agent reads back; `on`, the
    date it was for (a booking's day), lets a repeat on another date go ahead."""
    return f"{event['tool']} already done with {call_args(event)}{f' on {on}' if on else ''}; do not repeat it."


def episode_lessons(events: Iterable[dict[str, Any]], side_effects: Iterable[str],
                    date_of: Callable[[dict[str, Any]], str | None] = lambda e: None) -> list[tuple[str, str]]:
    """(lesson, memory type) for each failed call and each side effect done (with the date `date_of` finds for
    it), in order, without repeats."""
    side_effects = tuple(side_effects)
    out: dict[str, str] = {}
    for e in events:
        if e.get("type") == "tool_error":
            out.setdefault(failure_lesson(e), "procedural")
        elif e.get("type") == "tool_call" and e.get("tool") in side_effects:
            out.setdefault(done_lesson(e, date_of(e)), "episodic")
    return list(out.items())

"""EpisodicLog: an append-only JSONL log of what happened in one session, with an idempotency check.

One file per session, `<log_dir>/<session_id>.jsonl`; each line is {"ts", "session", "seq", "type", ...payload}.
Typical event types: "task", "tool_call" (tool, args, result), "observation", "outcome".
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from course_lib.model.clock import CourseClock

SAFE_SESSION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


def canonical(value: Any) -> str:
    """Canonical JSON (sorted keys, no spaces): equal values give equal strings whatever the key order."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


class EpisodicLog:
    """Append-only JSONL events of one session."""

    def __init__(self, session_id: str, log_dir: str | os.PathLike, clock: CourseClock | None = None) -> None:
        if not isinstance(session_id, str) or not SAFE_SESSION.match(session_id):
            raise ValueError(f"session_id must be 1-128 letters, digits, '.', '_' or '-' (it names a file), "
                             f"got {session_id!r}")
        self.session_id = session_id
        self.path = Path(log_dir) / f"{session_id}.jsonl"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.clock = clock or CourseClock()

    def record(self, event_type: str, **payload: Any) -> dict[str, Any]:
        """Append one event (timestamped by the clock) and return it."""
        if not isinstance(event_type, str) or not event_type:
            raise ValueError(f"event_type must be a non-empty string such as 'tool_call', got {event_type!r}")
        clash = {"ts", "session", "seq", "type"} & set(payload)
        if clash:
            raise ValueError(f"payload keys {sorted(clash)} are set by the log itself")
        event = {"ts": self.clock.now().isoformat(), "session": self.session_id, "seq": len(self.events()),
                 "type": event_type, **payload}
        line = json.dumps(event, ensure_ascii=False, default=str)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(line + "\n")
        return json.loads(line)

    def events(self, event_type: str | None = None) -> list[dict[str, Any]]:
        """Every event so far (optionally of one type), in order."""
        if not self.path.exists():
            return []
        out = []
        for n, line in enumerate(self.path.read_text(encoding="utf-8").split("\n"), 1):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                raise ValueError(f"{self.path}, line {n} is not JSON; the log was edited or cut off") from None
        return [e for e in out if event_type is None or e.get("type") == event_type]

    def already_done(self, tool: str, args: dict[str, Any]) -> bool:
        """Has this tool already been called with these arguments in this session? (Key order ignored.)"""
        want = canonical(args)
        return any(e.get("tool") == tool and canonical(e.get("args")) == want for e in self.events("tool_call"))

    def transcript(self) -> str:
        """The events as short readable lines, for prompts."""
        lines = []
        for e in self.events():
            rest = {k: v for k, v in e.items() if k not in ("ts", "session", "seq", "type")}
            lines.append(f"[{e['type']}] {canonical(rest)}")
        return "\n".join(lines)

    def distill(self, model: Any = None) -> list[str]:
        """A few reusable lessons from this episode, via prompts.DISTILL_EPISODE."""
        from course_lib.model import prompts
        from course_lib.long_term.write_path import ask_json

        events = self.transcript()
        if not events:
            return []
        data = ask_json(prompts.DISTILL_EPISODE.render(events=events), model)
        lessons = data.get("lessons")
        if not isinstance(lessons, list):
            raise ValueError(f"the model's answer has no 'lessons' list: {data!r}")
        return [str(x).strip() for x in lessons if str(x).strip()][:5]

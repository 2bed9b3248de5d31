"""EpisodicLog: an append-only log of what happened in one session, with an idempotency check.

One file per session, `<log_dir>/<keyed hash of session_id>.jsonl` (0600 in a 0700 folder; the name cannot be traced
back to the session without the folder's key, see `stores.private`); each line is {"ts", "session", "seq", "type", ...payload,
"crc"}, where "crc" is a CRC-32 of the rest of the line. String fields are redacted before they are written
(see `redact`). Give `user_id` to stamp every event with its owner, so `forget_user` can find them later.

Crash safety: an event is acknowledged once its whole line is on disk. A line cut off by a crash (bad
checksum, or no newline, at the end of the file) is ignored by readers and removed by the next writer.
Two kernels: `record` holds a lock file (`<session>.jsonl.lock`, the `filelock` package) while it reads the
last sequence number and appends, so writers in several processes lose nothing and never share a `seq`.
Deletion: `forget_session` removes a session's file, `forget_user` rewrites every session file of the log
folder without that user's events; neither leaves their text under the folder.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from course_lib.model.clock import CourseClock
from course_lib.checks import check_user, is_whole
from course_lib.long_term.redact import redact_value
from course_lib.long_term.stores.files import atomic_write, locked, log_line, read_log, remove_temp_files
from course_lib.long_term.stores.private import check_no_symlinks, private_folder, private_name

SAFE_SESSION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
OWN_KEYS = ("ts", "session", "seq", "type", "crc")
MAX_EVENT_BYTES = 1_000_000  # one event as JSON: a tool result larger than this belongs in a file, referenced here


def canonical(value: Any) -> str:
    """Canonical JSON (sorted keys, no spaces): equal values give equal strings whatever the key order."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def check_session(session_id: Any) -> str:
    """A session id that is safe as a file name, else a clear error."""
    if not isinstance(session_id, str) or not SAFE_SESSION.match(session_id):
        raise ValueError(f"session_id must be 1-128 letters, digits, '.', '_' or '-' (it names a file), "
                         f"got {session_id!r}")
    return session_id


class EpisodicLog:
    """Append-only JSONL events of one session."""

    def __init__(self, session_id: str, log_dir: str | os.PathLike, clock: CourseClock | None = None,
                 user_id: str | None = None) -> None:
        self.session_id = check_session(session_id)
        self.user_id = None if user_id is None else check_user(user_id)
        if not isinstance(log_dir, (str, os.PathLike)):
            raise TypeError(f"log_dir must be a folder path, got {log_dir!r}")
        self.dir = private_folder(log_dir)  # 0700, and no symlink planted in it
        self.path = self.session_file(session_id)
        self.clock = clock or CourseClock()

    def session_file(self, session_id: str) -> Path:
        """The log file of a session in this folder (named by a keyed hash of the session id)."""
        return self.dir / f"{private_name(self.dir, check_session(session_id))}.jsonl"

    def _lock(self, path: Path):
        return locked(path.with_name(path.name + ".lock"), f"the episodic log {path}")

    def record(self, event_type: str, **payload: Any) -> dict[str, Any]:
        """Append one event (timestamped by the clock, numbered, redacted) and return it as stored."""
        if not isinstance(event_type, str) or not event_type.strip():
            raise ValueError(f"event_type must be a non-empty string such as 'tool_call', got {event_type!r}")
        clash = set(OWN_KEYS) & set(payload)
        if clash:
            raise ValueError(f"payload keys {sorted(clash)} are set by the log itself; rename them")
        if self.user_id is not None and payload.get("user_id", self.user_id) != self.user_id:
            raise ValueError(f"payload user_id {payload['user_id']!r} differs from this log's user {self.user_id!r}")
        raw = json.dumps(payload, ensure_ascii=False, default=str)
        if len(raw.encode("utf-8")) > MAX_EVENT_BYTES:
            raise ValueError(f"an episodic event is at most {MAX_EVENT_BYTES:,} bytes as JSON, this one has "
                             f"{len(raw.encode('utf-8')):,}; log a truncated result or a pointer to where the full one "
                             "is kept (see truncate_tool_output). Nothing was written")
        payload = redact_value(json.loads(raw))
        if self.user_id is not None:
            payload["user_id"] = self.user_id
        with self._lock(self.path):
            remove_temp_files(self.dir, self.path.name)
            events, good = read_log(self.path)
            if self.path.exists() and self.path.stat().st_size > good:
                os.truncate(self.path, good)  # drop a line a killed writer left half-written
            seq = events[-1]["seq"] + 1 if events and is_whole(events[-1].get("seq")) else len(events)
            event = {"ts": self.clock.now().isoformat(), "session": self.session_id, "seq": seq,
                     "type": event_type, **payload}
            line = log_line(event)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)  # private to its owner
            with os.fdopen(fd, "a", encoding="utf-8") as f:
                f.write(line)
                f.flush()
                os.fsync(f.fileno())
        return {k: v for k, v in json.loads(line).items() if k != "crc"}

    def events(self, event_type: str | None = None) -> list[dict[str, Any]]:
        """Every event so far (optionally of one type), in order."""
        events, _ = read_log(self.path)
        return [e for e in events if event_type is None or e.get("type") == event_type]

    def already_done(self, tool: str, args: dict[str, Any]) -> bool:
        """Has this tool already been called with these arguments in this session? (Key order ignored.)"""
        want = canonical(redact_value(args))  # compared as stored: a secret argument was redacted on the way in
        return any(e.get("tool") == tool and canonical(e.get("args")) == want for e in self.events("tool_call"))

    def transcript(self, events: list[dict[str, Any]] | None = None) -> str:
        """The events (all of this session's by default) as short readable lines, for prompts."""
        lines = []
        for e in self.events() if events is None else events:
            rest = {k: v for k, v in e.items() if k not in OWN_KEYS}
            lines.append(f"[{e['type']}] {canonical(rest)}")
        return "\n".join(lines)

    def forget_session(self, session_id: str | None = None) -> None:
        """Delete one session's log (this one by default) from the log folder."""
        path = self.session_file(session_id or self.session_id)
        with self._lock(path):
            remove_temp_files(self.dir, path.name)
            path.unlink(missing_ok=True)

    def check_forget_user(self, user_id: str) -> None:
        """Raise, changing nothing, if forget_user would refuse: a near-miss user id, a symlink in the folder."""
        check_user(user_id)
        check_no_symlinks(self.dir)
        owners = {e.get("user_id") for path in sorted(self.dir.glob("*.jsonl")) for e in read_log(path)[0]}
        near = sorted(u for u in owners if isinstance(u, str) and u != user_id
                      and u.strip().casefold() == user_id.strip().casefold())
        if user_id not in owners and near:
            raise KeyError(f"no events of user_id {user_id!r}, but {near[0]!r} has some; user ids are exact and "
                           f"case-sensitive, pass {near[0]!r}. Nothing was deleted")

    def forget_user(self, user_id: str) -> int:
        """Remove every event of `user_id` from every session log in this folder; returns how many went.
        A user id found only with other case or spaces is an error naming it (ids are exact); a symlink in the
        folder is refused before anything is changed."""
        self.check_forget_user(user_id)
        gone = 0
        for path in sorted(self.dir.glob("*.jsonl")):
            with self._lock(path):
                events, _ = read_log(path)
                keep = [e for e in events if e.get("user_id") != user_id]
                clean = path.stat().st_size == sum(len(log_line(e).encode()) for e in events)  # no torn tail
                if len(keep) == len(events) and clean:
                    continue
                gone += len(events) - len(keep)
                if keep:
                    atomic_write(path, "".join(log_line(e) for e in keep).encode("utf-8"))
                else:
                    path.unlink()
            if not path.exists():
                path.with_name(path.name + ".lock").unlink(missing_ok=True)
        return gone

    def distill(self, model: Any = None) -> list[str]:
        """At most five reusable lessons from this episode: each failed call by rule ("Avoid: … Do instead: …" with
        its error, see `lessons`), then what the model makes of the tool calls (prompts.DISTILL_EPISODE).

        The task and the outcome are not sent: the agent's final answer is not evidence of anything ("Outcome:
        Thanks for telling me!" is chatter), and what the user said is promoted through the write path instead
        (`consolidate`), where extraction, the gate and the resolver apply."""
        from course_lib.long_term.lessons import failure_lesson
        from course_lib.model import prompts
        from course_lib.long_term.answers import ask_json

        events = self.events()
        failed = [failure_lesson(e) for e in events if e.get("type") == "tool_error"]
        calls = [e for e in events if e.get("type") == "tool_call"]
        told: list[str] = []
        if calls:
            data = ask_json(prompts.DISTILL_EPISODE.render(events=self.transcript(calls)), model)
            lessons = data.get("lessons")
            if not isinstance(lessons, list):
                raise ValueError(f"the model's answer has no 'lessons' list: {data!r}")
            told = [str(x).strip() for x in lessons if str(x).strip()]
        return list(dict.fromkeys(failed + told))[:5]

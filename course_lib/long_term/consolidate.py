"""Consolidation: promote what stays true from episodes into long-term memory, then tidy the store.

    report = consolidate(memory, log_dir, user_id="priya")          # promote, sweep, dedupe, archive
    print(consolidate(memory, log_dir, dry_run=True))               # the same pass, listed, nothing changed

One pass, per user, in this order:

1. **Promote** every session of the log folder not yet consolidated. The user's own words (``task`` and
   ``user`` events) go through the write path (`MemoryWriter`: extract -> gate -> resolve -> apply), so "I prefer
   dark mode everywhere" becomes the *semantic* memory "The user prefers dark mode everywhere." and the dedupe
   and update rules apply as on any write. Failed calls become *procedural* "Avoid / Do instead" lessons and
   side effects done become *episodic* memories (`lessons`). What tools returned and what the agent replied
   are never promoted: they are not the user's words.
2. **Mark** each promoted session with a ``consolidated`` event (the log stays append-only). Only events logged
   after a session's last mark are promoted, and promoting twice would be a NOOP anyway (same words = same
   memory): a second pass changes nothing.
3. **Archive policy**: a consolidated session's raw events are kept ``ARCHIVE_DAYS`` (30) days, for audits and
   "what did we do on Tuesday?", then its file is deleted, unless it holds a side effect done: the ledger reads
   those to never repeat a booking, so they stay until the user deletes them (``forget_user``).
4. **Decay sweep** (`forgetting.sweep`): expired memories and those whose strength fell below 0.5 go.
5. **Dedupe**: two current *semantic* memories whose embeddings are at least ``NEAR_DUPLICATE`` alike are shown
   to the resolver (`write_path.resolve`, the newer against the older): NOOP (the same fact) ends the newer copy,
   UPDATE (a changed value) ends the older one; both stay in history. Anything else leaves them alone. Episodic
   and procedural memories are not deduped: two bookings, or two failures, are two events even when worded alike.

Events without a ``user_id`` cannot be given to anyone and are never promoted.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from course_lib.checks import check_flag, check_user, check_when
from course_lib.long_term.episodic import EpisodicLog
from course_lib.long_term.lessons import episode_lessons
from course_lib.long_term.memory_types import TYPE_KEY
from course_lib.long_term.stores.files import read_log
from course_lib.long_term.trust import InstructionRefused
from course_lib.model.clock import CourseClock
from course_lib.ranking import dot

ARCHIVE_DAYS = 30  # raw events kept after consolidation (seed 004 consolidates weekly; a month covers four passes)
NEAR_DUPLICATE = 0.8  # cosine at which two facts go to the resolver (offline embedder: reworded or changed ~0.84+)
SIDE_EFFECTS = ("book_table",)  # as the ledger's default: calls that changed the world
MARK = "consolidated"  # the event type that marks a promoted session
USER_WORDS = {"task": ("task", "text"), "user": ("content", "text")}  # event type -> keys that hold what was said


@dataclass(frozen=True)
class Change:
    """One change a pass made (or, in a dry run, would make): what, to whose memory, and why."""

    action: str  # promote, learn, mark, archive, expired, decayed, dedupe
    user_id: str
    text: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.action:<8} {self.user_id}: {self.text}" + (f"  [{self.detail}]" if self.detail else "")


@dataclass
class Report:
    """Every change of one consolidation pass, in order."""

    dry_run: bool
    changes: list[Change] = field(default_factory=list)

    def count(self, action: str) -> int:
        """How many changes of one kind ('promote', 'learn', 'decayed' …)."""
        return sum(c.action == action for c in self.changes)

    def __str__(self) -> str:
        head = "dry run, nothing changed; would do:" if self.dry_run else "done:"
        return "\n".join([f"{head} {len(self.changes)} change(s)", *map(str, self.changes)])


def episodes(log_dir: str | os.PathLike, user_id: str | None = None) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """(user, session) -> that user's events of that session, in order, for every log file in `log_dir`;
    sessions in the order they started."""
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for path in sorted(Path(log_dir).glob("*.jsonl")):
        for e in read_log(path)[0]:
            owner = e.get("user_id")
            if isinstance(owner, str) and (user_id is None or owner == user_id):
                out.setdefault((owner, str(e.get("session"))), []).append(e)
    return dict(sorted(out.items(), key=lambda kv: (str(kv[1][0].get("ts")), kv[0])))


def user_turns(events: Iterable[dict[str, Any]]) -> list[dict[str, str]]:
    """What the user said in an episode, as user messages (the only text promotion reads facts from)."""
    turns = []
    for e in events:
        said = next((e[k] for k in USER_WORDS.get(e.get("type"), ()) if isinstance(e.get(k), str)), "")
        if said.strip():
            turns.append({"role": "user", "content": said})
    return turns


def consolidate(memory: Any, log_dir: str | os.PathLike | None = None, user_id: str | None = None,
                now: datetime | None = None, dry_run: bool = False, model: Any = None,
                side_effects: Iterable[str] = SIDE_EFFECTS) -> Report:
    """Run one pass (promote, mark, archive, sweep, dedupe; see the module) and report every change.
    `log_dir=None` skips the episodes (sweep and dedupe only); `user_id=None` takes every user."""
    dry_run = check_flag(dry_run, "dry_run")
    user_id = None if user_id is None else check_user(user_id)
    now = check_when(now, "now") or memory.clock.now()
    report = Report(dry_run)
    if log_dir is not None:
        if not Path(log_dir).is_dir():
            raise FileNotFoundError(f"no episodic log folder at {str(log_dir)!r}; pass the folder the sessions were "
                                    "logged in (EpisodicLog's log_dir). Nothing was changed")
        for (user, session), events in episodes(log_dir, user_id).items():
            marks = [n for n, e in enumerate(events) if e.get("type") == MARK]
            pending = events[marks[-1] + 1:] if marks else events  # what was logged after the last pass
            if not pending:
                report.changes += archive(log_dir, user, session, events, events[marks[-1]], now, dry_run, side_effects)
                continue
            seen = {(c.user_id, c.text) for c in report.changes}  # a dry run plans each session on its own:
            report.changes += [c for c in promote(memory, user, pending, dry_run, model, side_effects)
                               if (c.user_id, c.text) not in seen]  # what an earlier session adds is not new
            report.changes.append(Change("mark", user, f"session {session}", f"raw events kept {ARCHIVE_DAYS} days"))
            if not dry_run:
                log = EpisodicLog(session, log_dir, CourseClock(now), user_id=user)
                log.record(MARK, policy=f"raw events kept {ARCHIVE_DAYS} days")
    from course_lib.long_term.forgetting import sweep

    report.changes += [Change(f.reason, f.record.user_id, f.record.text, "" if f.strength is None
                              else f"strength {f.strength:.2f}") for f in sweep(memory, now, user_id, dry_run=dry_run)]
    for user in [user_id] if user_id is not None else memory.users():
        report.changes += dedupe(memory, user, dry_run, model)
    return report


def promote(memory: Any, user: str, events: list[dict[str, Any]], dry_run: bool, model: Any,
            side_effects: Iterable[str]) -> list[Change]:
    """Promote one session: the user's words through the write path, lessons from its tool events."""
    from course_lib.long_term.write_path import MemoryWriter

    changes = []
    turns = user_turns(events)
    writer = MemoryWriter(memory, model)
    decisions = (plan(writer, user, turns) if dry_run else writer.write_from_conversation(user, turns)) if turns else []
    changes += [Change("promote", user, d.text, f"{d.op} {d.reason}".strip()) for d in decisions
                if d.op in ("ADD", "UPDATE", "DELETE")]
    for lesson, kind in episode_lessons(events, side_effects):
        if memory.stored_as(user, lesson) is not None:
            continue  # already known: a NOOP, not a change
        if not dry_run:
            try:
                memory.remember(user, lesson, 0.8, source="consolidation",
                                metadata={"said_by": "agent", TYPE_KEY: kind})
            except InstructionRefused:
                continue  # arguments that read as an order are never stored (the write contract)
        changes.append(Change("learn", user, lesson, kind))
    return changes


def plan(writer: Any, user: str, turns: list[dict[str, str]]) -> list[Any]:
    """The write path's decisions for these turns against the store as it is now, applied to nothing (as in
    MemoryWriter.write_from_conversation: secrets are redacted before the model sees the turns, guesses gated)."""
    from course_lib.model.redact import redact_secrets
    from course_lib.long_term.write_path import as_conversation, extract, gate, resolve
    from course_lib.scoring import Weights

    conversation = redact_secrets(as_conversation(turns))[0]
    facts = [f for f in gate(extract(conversation, writer.model)[0], writer.min_confidence)
             if "[REDACTED" not in f.text and not redact_secrets(f.text)[1]]
    known = bool(writer.memory.memories(user)) if user in writer.memory.users() else False
    return [resolve(f, writer.memory.recall(user, f.text, k=writer.nearest_k, weights=Weights(0, 0, 1), touch=False)
                    if known else [], writer.model) for f in facts if writer.memory.stored_as(user, f.text) is None]


def archive(log_dir: Any, user: str, session: str, events: list[dict[str, Any]], mark: dict[str, Any],
            now: datetime, dry_run: bool, side_effects: Iterable[str]) -> list[Change]:
    """Delete a consolidated session's file once it is ARCHIVE_DAYS old, unless it holds a side effect done."""
    if now - datetime.fromisoformat(mark["ts"]) < timedelta(days=ARCHIVE_DAYS):
        return []
    if any(e.get("type") == "tool_call" and e.get("tool") in tuple(side_effects) for e in events):
        return []  # the ledger needs it to never repeat the side effect
    log = EpisodicLog(session, log_dir, user_id=user)
    if any(e.get("user_id") != user for e in log.events()):
        return []  # another user's events share the file: never delete theirs
    if not dry_run:
        log.forget_session()
    return [Change("archive", user, f"session {session}", f"consolidated {mark['ts'][:10]}, {ARCHIVE_DAYS} days kept")]


def dedupe(memory: Any, user: str, dry_run: bool, model: Any = None) -> list[Change]:
    """End near-duplicate current memories of one user as the resolver decides (see the module)."""
    from course_lib.long_term.write_path import resolve

    records = [r for r in (memory.memories(user) if user in memory.users() else [])
               if r.metadata.get(TYPE_KEY) == "semantic"]  # facts only: two events or two lessons are never one
    if len(records) < 2:
        return []
    sims = dot(np.stack([r.embedding for r in records]), np.stack([r.embedding for r in records]).T)
    ended: set[str] = set()
    changes = []
    for j, new in enumerate(records):  # oldest first: each memory is compared with the older ones
        for i in range(j):
            old = records[i]
            if sims[i, j] < NEAR_DUPLICATE or old.id in ended or new.id in ended:
                continue
            decision = resolve(new.text, [old], model)
            if decision.op == "NOOP":
                gone, keep = new, old  # the same fact again: the older memory keeps its history and accesses
            elif decision.op == "UPDATE" and decision.id == old.id:
                gone, keep = old, new  # the newer one replaces it
            else:
                continue
            ended.add(gone.id)
            if not dry_run:
                memory.end(user, gone.id)
            changes.append(Change("dedupe", user, gone.text, f"{decision.op}: same as {keep.id} {keep.text!r}"))
    return changes


def due(log_dir: str | os.PathLike, user_id: str, now: datetime, every: timedelta) -> bool:
    """Is a scheduled pass due: no session of this user marked consolidated within `every` before `now`?"""
    marks = [datetime.fromisoformat(e["ts"]) for events in episodes(log_dir, check_user(user_id)).values()
             for e in events if e.get("type") == MARK]
    return not marks or now - max(marks) >= every

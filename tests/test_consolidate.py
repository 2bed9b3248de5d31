"""Consolidation: episodes promoted to typed memories, idempotent, a dry run that changes nothing, a CLI."""
from __future__ import annotations

import subprocess
import sys
from datetime import timedelta

import pytest

from course_lib import CourseClock, VectorMemory
from course_lib.agent.ledger import Ledger
from course_lib.long_term.consolidate import ARCHIVE_DAYS, consolidate, due
from course_lib.long_term.episodic import EpisodicLog
from course_lib.model.clock import COURSE_START

TOO_MANY = {"restaurant": "Linse & Lauch", "time": "Saturday 20:00", "people": 25}
ERROR = "ValueError: people must be a whole number from 1 to 20, got 25 (card 4111 1111 1111 1111 on file)"


def snapshot(memory, logs):
    """Everything a pass could change: every record of every user and every byte of every log file."""
    records = {u: [(r.id, r.text, r.valid_to, r.metadata) for r in memory.history(u)] for u in memory.users()}
    return records, {p.name: p.read_bytes() for p in sorted(logs.glob("*.jsonl"))}


@pytest.fixture
def world(tmp_path):
    """A memory and a log folder with three sessions of priya's and one of omar's."""
    clock = CourseClock()
    memory, logs = VectorMemory(path=tmp_path / "memories", clock=clock), tmp_path / "episodes"
    theme = EpisodicLog("s-theme", logs, clock, user_id="priya")
    theme.record("task", task="I prefer dark mode everywhere. Set the theme to dark.")
    theme.record("tool_call", tool="set_theme", args={"theme": "dark"}, result="Theme set to dark.")
    theme.record("outcome", outcome="Theme set to dark.")
    fail = EpisodicLog("s-fail", logs, clock, user_id="priya")
    fail.record("task", task="Book Linse & Lauch for Saturday 20:00 for 25 people")
    fail.record("tool_error", tool="book_table", args=TOO_MANY, error=ERROR)
    fail.record("outcome", outcome="The booking failed: people must be a whole number from 1 to 20.")
    chat = EpisodicLog("s-chat", logs, clock, user_id="priya")
    chat.record("task", task="Thanks, that's all for today!")
    chat.record("tool_call", tool="get_weather", args={"city": "Paris"}, result={"friday": "13 °C, sunny"})
    chat.record("outcome", outcome="Thanks for telling me! Weather in Paris: 13 °C, sunny.")
    other = EpisodicLog("s-omar", logs, clock, user_id="omar")
    other.record("task", task="I eat meat, and my budget is 90 EUR per person.")
    return memory, logs


def test_an_episode_is_promoted_to_a_semantic_memory_and_a_failure_to_a_procedural_one(world):
    memory, logs = world
    report = consolidate(memory, logs, user_id="priya")
    types = {r.text: r.metadata["memory_type"] for r in memory.memories("priya")}
    assert types["The user prefers dark mode everywhere."] == "semantic"
    (lesson,) = [t for t, kind in types.items() if kind == "procedural"]
    assert lesson.startswith('Avoid: book_table failed with {"people": 25,') and "Do instead:" in lesson
    assert "got 25" in lesson and "4111" not in lesson and "[REDACTED CARD_NUMBER]" in lesson  # its error, redacted
    stored = " ".join(types)
    assert "Theme set to dark" not in stored and "Thanks" not in stored and "13 °C" not in stored  # no chatter
    assert len(types) == 2 and report.count("promote") == 1 and report.count("learn") == 1
    assert [r.text for r in memory.recall("priya", "what theme does she like", k=3, memory_type="semantic")] == [
        "The user prefers dark mode everywhere."]
    assert "omar" not in memory.users()  # only the user asked for; omar's words never reach priya's memory
    for session in ("s-theme", "s-fail", "s-chat"):  # every source episode is marked, none is rewritten
        events = EpisodicLog(session, logs, user_id="priya").events()
        assert [e["type"] for e in events][-1] == "consolidated" and len(events) in (3, 4)


def test_a_second_pass_changes_nothing(world):
    memory, logs = world
    first = consolidate(memory, logs)
    before = snapshot(memory, logs)
    second = consolidate(memory, logs)
    assert first.changes and second.changes == [] and snapshot(memory, logs) == before
    EpisodicLog("s-theme", logs, user_id="priya").record("task", task="I live in Lisbon.")  # logged after the pass
    third = consolidate(memory, logs, user_id="priya")
    assert [c.text for c in third.changes if c.action == "promote"] == ["The user lives in Lisbon."]


def test_the_dry_run_lists_the_same_changes_and_changes_nothing(world):
    memory, logs = world
    before = snapshot(memory, logs)
    planned = consolidate(memory, logs, dry_run=True)
    assert snapshot(memory, logs) == before and memory.users() == []
    done = consolidate(memory, logs)
    assert [(c.action, c.user_id, c.text) for c in planned.changes] == [
        (c.action, c.user_id, c.text) for c in done.changes]
    assert "dry run, nothing changed" in str(planned) and "The user prefers dark mode everywhere." in str(planned)


def test_decay_archive_and_dedupe_in_one_pass(world):
    memory, logs = world
    consolidate(memory, logs)
    old = memory.remember("priya", "The user likes dark mode.", 0.5)
    memory.clock.advance(hours=1)
    new = memory.remember("priya", "The user prefers dark mode.", 0.5)  # the same preference, reworded later
    booked = EpisodicLog("s-booked", logs, memory.clock, user_id="priya")
    booked.record("tool_call", tool="book_table", args={**TOO_MANY, "people": 2}, result={"confirmation": "BK-1"})
    consolidate(memory, logs)
    ended = {r.id for r in memory.history("priya") if r.valid_to is not None}
    assert old.id in ended and new.id not in ended  # the resolver said UPDATE: the older wording ends, kept as history
    memory.clock.advance(days=ARCHIVE_DAYS + 1)
    names = sorted(p.name for p in logs.glob("*.jsonl"))
    planned = consolidate(memory, logs, dry_run=True)
    assert {c.action for c in planned.changes} == {"archive", "decayed"}
    assert sorted(p.name for p in logs.glob("*.jsonl")) == names  # a dry run deletes no file ...
    assert len(memory.memories("priya")) == 4  # ... and no memory
    consolidate(memory, logs)
    kept = {s for s in ("s-theme", "s-fail", "s-chat", "s-booked") if EpisodicLog(s, logs, user_id="priya").events()}
    assert kept == {"s-booked"}  # archived after 30 days, except the booking the ledger needs
    omar = " ".join(r.text for r in memory.history("omar"))
    assert "meat" in omar and "dark mode" not in omar  # every user's pass fills that user's memory only
    assert "meat" not in " ".join(r.text for r in memory.history("priya"))


def test_bad_arguments_are_clear_errors(world, tmp_path):
    memory, logs = world
    with pytest.raises(FileNotFoundError, match="no episodic log folder"):
        consolidate(memory, tmp_path / "nowhere")
    with pytest.raises(TypeError, match="dry_run must be True or False"):
        consolidate(memory, logs, dry_run="yes")
    with pytest.raises(ValueError):
        consolidate(memory, logs, user_id="")
    assert memory.users() == []


def test_a_session_runs_the_scheduled_pass(tmp_path):
    clock = CourseClock()
    memory = VectorMemory(path=tmp_path / "memories", clock=clock)
    ledger = Ledger(tmp_path / "episodes", "priya", "monday", clock=clock)
    ledger.log.record("task", task="I prefer dark mode everywhere.")
    assert due(tmp_path / "episodes", "priya", clock.now(), timedelta(days=7))
    ledger.end_session(memory, consolidate_every=timedelta(days=7))
    assert ledger.consolidation.count("promote") == 1
    assert "The user prefers dark mode everywhere." in [r.text for r in memory.memories("priya")]
    clock.advance(days=1)
    tuesday = Ledger(tmp_path / "episodes", "priya", "tuesday", clock=clock)
    tuesday.log.record("task", task="I live in Lisbon.")
    assert not due(tmp_path / "episodes", "priya", clock.now(), timedelta(days=7))
    tuesday.end_session(memory, consolidate_every=timedelta(days=7))
    assert tuesday.consolidation is None  # the weekly pass ran on Monday
    clock.advance(days=7)
    tuesday.end_session(memory, consolidate_every=timedelta(days=7))
    assert "The user lives in Lisbon." in [r.text for r in memory.memories("priya")]


def test_the_command_line_dry_run_and_run(world, tmp_path):
    memory, logs = world
    before = snapshot(memory, logs)

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "course_lib", "consolidate", "--path", str(tmp_path / "memories"),
                               "--logs", str(logs), "--now", "2026-03-02T10:00+00:00", *args],
                              capture_output=True, text=True, timeout=300)

    dry = cli("--user", "priya", "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "would do: 5 change(s)" in dry.stdout and "The user prefers dark mode everywhere." in dry.stdout
    assert snapshot(memory, logs) == before
    done = cli("--user", "priya")
    assert done.returncode == 0 and "done: 5 change(s)" in done.stdout, done.stderr
    later = CourseClock(COURSE_START + timedelta(hours=1))  # the pass ran at 10:00 and dated its writes so
    assert "The user prefers dark mode everywhere." in [
        r.text for r in VectorMemory(path=tmp_path / "memories", clock=later).memories("priya")]
    assert "done: 0 change(s)" in cli("--user", "priya").stdout
    bad = subprocess.run([sys.executable, "-m", "course_lib", "consolidate", "--path", str(tmp_path / "nope")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "no memory folder" in bad.stderr
    naive = cli("--dry-run", "--now", "2026-03-02T10:00")
    assert naive.returncode == 2 and "no timezone" in naive.stderr


def test_a_fact_told_in_two_sessions_is_promoted_once_in_the_dry_run_and_the_run(tmp_path):
    clock = CourseClock()
    memory, logs = VectorMemory(path=tmp_path / "memories", clock=clock), tmp_path / "episodes"
    for session in ("mon", "tue"):
        EpisodicLog(session, logs, clock, user_id="priya").record("task", task="I prefer dark mode everywhere.")
        clock.advance(hours=1)
    planned, done = consolidate(memory, logs, dry_run=True), consolidate(memory, logs)
    assert planned.count("promote") == done.count("promote") == 1 and planned.count("mark") == 2
    assert [r.text for r in memory.memories("priya")] == ["The user prefers dark mode everywhere."]

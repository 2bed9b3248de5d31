"""EpisodicLog: append-only JSONL, idempotency by canonical arguments, distillation into lessons."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib import CourseClock, EpisodicLog


def test_record_and_read_back(tmp_path):
    clock = CourseClock()
    log = EpisodicLog("s1", tmp_path, clock=clock)
    log.record("task", text="book dinner in Berlin")
    clock.advance(minutes=5)
    e = log.record("tool_call", tool="book_table", args={"restaurant": "Lucky Leek", "people": 2},
                   result={"confirmation": "B-1"})
    assert e["ts"] == clock.now().isoformat() and e["seq"] == 1 and e["session"] == "s1"
    assert log.path.parent == tmp_path and "s1" not in log.path.name  # named by a keyed hash, not the session id
    lines = log.path.read_text().splitlines()
    assert [json.loads(x)["type"] for x in lines] == ["task", "tool_call"]
    assert [x["type"] for x in EpisodicLog("s1", tmp_path).events()] == ["task", "tool_call"]  # survives restart


def test_already_done_ignores_key_order(tmp_path):
    log = EpisodicLog("s2", tmp_path)
    log.record("tool_call", tool="book_table", args={"restaurant": "Lucky Leek", "time": "19:00", "people": 2})
    assert log.already_done("book_table", {"people": 2, "time": "19:00", "restaurant": "Lucky Leek"})
    assert not log.already_done("book_table", {"people": 3, "time": "19:00", "restaurant": "Lucky Leek"})
    assert not log.already_done("search_restaurants", {"people": 2, "time": "19:00", "restaurant": "Lucky Leek"})
    assert not EpisodicLog("other", tmp_path).already_done("book_table", {"restaurant": "Lucky Leek"})


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=5), st.integers() | st.text(max_size=5), max_size=5))
def test_already_done_property(args):
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        log = EpisodicLog("p", d)
        assert not log.already_done("t", args)
        log.record("tool_call", tool="t", args=dict(reversed(list(args.items()))))
        assert log.already_done("t", args)


def test_bad_input(tmp_path):
    with pytest.raises(ValueError, match="session_id"):
        EpisodicLog("../escape", tmp_path)
    log = EpisodicLog("s", tmp_path)
    with pytest.raises(ValueError, match="set by the log"):
        log.record("task", ts="yesterday")
    with pytest.raises(ValueError, match="event_type"):
        log.record("")


def test_distill_turns_an_episode_into_lessons(tmp_path):
    log = EpisodicLog("s3", tmp_path)
    log.record("task", text="book dinner")
    log.record("tool_call", tool="search_restaurants", args={"city": "Berlni"}, result={"error": "unknown city"})
    log.record("tool_call", tool="book_table", args={"restaurant": "Lucky Leek"}, result={"confirmation": "B-1"})
    log.record("tool_error", tool="book_table", args={"restaurant": "Lucky Leek", "people": 25},
               error="ValueError: people must be a whole number from 1 to 20, got 25")
    log.record("outcome", outcome="booked Lucky Leek for 2 at 19:00")
    lessons = log.distill()
    assert 1 <= len(lessons) <= 5
    assert any("search_restaurants failed" in x for x in lessons)
    assert any("do not repeat" in x and "Lucky Leek" in x for x in lessons)
    failed = [x for x in lessons if x.startswith("Avoid: book_table failed")]
    assert len(failed) == 1 and "got 25" in failed[0] and "Do instead:" in failed[0]  # the error it came from
    assert not any("Outcome" in x for x in lessons)  # the agent's answer is not a lesson
    assert EpisodicLog("empty", tmp_path).distill() == []


def test_distill_stores_no_chatter(tmp_path):
    """The audit's examples: a session of small talk or a weather question has nothing to learn."""
    for n, (task, outcome) in enumerate([("thanks, that's all", "Thanks for telling me!"),
                                         ("weather in Paris?", "Weather in Paris: 13 °C, sunny.")]):
        log = EpisodicLog(f"chat-{n}", tmp_path)
        log.record("task", task=task)
        if n:
            log.record("tool_call", tool="get_weather", args={"city": "Paris"}, result={"friday": "13 °C, sunny"})
        log.record("outcome", outcome=outcome)
        assert log.distill() == []

"""Forgetting: expiry, decay slowed by use and links, and the sweep."""
from __future__ import annotations

import math
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib import CourseClock, VectorMemory
from course_lib.long_term.forgetting import days_to_fade, edge_counts, strength, sweep


def test_strength_formula_and_fade_times():
    assert strength(0, 0, 0) == 1.0
    assert math.isclose(strength(2, 1, 10), (1 + 0.6 + 0.7) * 0.95 ** 10)
    assert round(days_to_fade(), 1) == 13.5
    assert days_to_fade(access_count=3) > days_to_fade() and days_to_fade(edge_count=1) > days_to_fade(access_count=1)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 20), st.integers(0, 10), st.floats(0, 200), st.floats(0, 50))
def test_use_and_links_never_hurt_and_time_always_does(a, e, days, more):
    assert strength(a + 1, e, days) >= strength(a, e, days)
    assert strength(a, e + 1, days) >= strength(a, e, days)
    assert strength(a, e, days + more) <= strength(a, e, days)


def test_sweep_forgets_expired_and_unused_but_keeps_used_linked_and_important():
    clock = CourseClock()
    mem = VectorMemory(clock=clock)
    trip = mem.remember("u", "The user is in Lisbon this week.", 0.6, expires_at=clock.now() + timedelta(days=7))
    idle = mem.remember("u", "The user asked about the weather.", 0.1)
    used = mem.remember("u", "The user likes jazz music.", 0.5)
    hub = mem.remember("u", "The user plays the saxophone.", 0.5)
    mem.remember("u", "The user goes to jazz clubs.", 0.5, links=[hub.id])
    mem.remember("u", "The user owns a tenor sax.", 0.5, links=[hub.id])
    vital = mem.remember("u", "The user is allergic to peanuts.", 0.95)
    for _ in range(3):
        clock.advance(days=5)
        mem.recall("u", "jazz music", k=1)
    clock.advance(days=1)
    gone = sweep(mem)
    reasons = {f.record.id: f.reason for f in gone}
    assert reasons[trip.id] == "expired" and reasons[idle.id] == "decayed"
    assert used.id not in reasons and hub.id not in reasons and vital.id not in reasons
    left = {r.id for r in mem.history("u")}
    assert trip.id not in left and idle.id not in left and {used.id, hub.id, vital.id} <= left


def test_edge_counts_both_directions():
    clock = CourseClock()
    mem = VectorMemory(clock=clock, model=type("M", (), {"embed": lambda self, t: [[1.0, 0.0]] * len(t)})())
    a = mem.remember("u", "a")
    b = mem.remember("u", "b", links=[a.id, "missing"])
    assert edge_counts(mem.history("u")) == {a.id: 1, b.id: 1}


def test_sweep_of_one_user_leaves_the_others_and_an_empty_id_is_an_error():
    mem = VectorMemory(clock=CourseClock())
    mem.remember("alice", "The user asked about the weather.", 0.2)
    mem.remember("bob", "The user asked about trams.", 0.2)
    later = mem.clock.now() + timedelta(days=30)
    for bad in ("", "   ", 7):
        with pytest.raises(ValueError, match="user_id must be a non-empty string"):
            sweep(mem, now=later, user_id=bad)
    assert len(mem.memories("alice")) == len(mem.memories("bob")) == 1
    assert [(f.record.user_id, f.reason) for f in sweep(mem, now=later, user_id="alice")] == [("alice", "decayed")]
    assert mem.memories("alice") == [] and len(mem.memories("bob")) == 1
    assert [f.record.user_id for f in sweep(mem, now=later)] == ["bob"]

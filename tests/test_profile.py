"""ProfileMemory: exact key-value facts, overwrite with history, render, export, forget."""
from __future__ import annotations

import pytest

from course_lib import CourseClock, ProfileMemory


def test_set_get_overwrite_and_history(tmp_path):
    clock = CourseClock()
    p = ProfileMemory(tmp_path, clock=clock)
    p.set("priya", "name", "Priya")
    p.set("priya", "diet", "vegetarian")
    clock.advance(hours=2)
    p.set("priya", "Diet", "vegan", source="chat-2")
    assert p.get("priya", "diet") == "vegan" and p.get("priya", "budget", "unknown") == "unknown"
    hist = p.history("priya", "diet")
    assert [(h["old"], h["new"]) for h in hist] == [(None, "vegetarian"), ("vegetarian", "vegan")]
    assert hist[1]["at"] == clock.now().isoformat() and hist[1]["source"] == "chat-2"
    p.set("priya", "diet", "vegan")  # same value: no new history entry
    assert len(p.history("priya", "diet")) == 2


def test_render_is_the_whole_profile(tmp_path):
    p = ProfileMemory(tmp_path)
    assert p.render("priya") == ""
    p.set("priya", "timezone", "Europe/Berlin")
    p.set("priya", "budget", "40 EUR")
    assert p.render("priya") == "User profile:\n- budget: 40 EUR\n- timezone: Europe/Berlin"


def test_persists_per_user_and_forgets(tmp_path):
    p = ProfileMemory(tmp_path)
    p.set("priya", "diet", "vegetarian")
    p.set("bob", "diet", "omnivore")
    again = ProfileMemory(tmp_path)
    assert again.facts("priya") == {"diet": "vegetarian"} and again.facts("bob") == {"diet": "omnivore"}
    assert again.export("priya")["facts"]["diet"]["value"] == "vegetarian"
    again.forget_user("priya")
    assert again.facts("priya") == {} and not again.file("priya").exists()
    assert b"vegetarian" not in b"".join(f.read_bytes() for f in tmp_path.iterdir())


def test_delete_and_errors():
    p = ProfileMemory()
    p.set("u", "diet", "vegan")
    p.set("u", "name", "Uma")
    p.delete("u", "diet")
    assert p.get("u", "diet") is None and p.history("u", "diet") == [] and p.facts("u") == {"name": "Uma"}
    with pytest.raises(KeyError, match="no profile key"):
        p.delete("u", "diet")
    with pytest.raises(ValueError, match="user_id"):
        p.set("", "diet", "x")
    with pytest.raises(ValueError, match="key"):
        p.set("u", " ", "x")
    with pytest.raises(TypeError):
        p.set("u", "diet", object())

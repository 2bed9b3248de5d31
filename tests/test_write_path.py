"""The write path: extraction, gating, importance, ADD/UPDATE/DELETE/NOOP, secrets, robust JSON."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib import CourseClock, VectorMemory
from course_lib.write_path import (Decision, Fact, MemoryWriter, ModelOutputError, extract_facts, gate, luhn_ok,
                                   parse_json, rate_importance, redact_secrets, resolve, session_summary)


def user(text):
    return [{"role": "user", "content": text}]


@pytest.fixture
def setup():
    clock = CourseClock()
    mem = VectorMemory(clock=clock)
    return clock, mem, MemoryWriter(mem)


def test_extracts_atomic_third_person_facts_from_user_turns_only():
    facts = extract_facts([{"role": "user", "content": "Hi, my name is Priya and I'm vegetarian. My budget is 40 EUR."},
                           {"role": "assistant", "content": "I'm vegan and I live in Rome."},
                           {"role": "user", "content": "I live in Paris. Maybe I'm allergic to nuts."}])
    texts = {f.text: f.confidence for f in facts}
    assert texts == {"The user's name is Priya.": 0.9, "The user is vegetarian.": 0.9,
                     "The user's budget is 40 EUR.": 0.9, "The user lives in Paris.": 0.9,
                     "The user is allergic to nuts.": 0.5}


def test_small_talk_and_questions_give_no_facts():
    assert extract_facts("user: Hello! How is the weather today?\nassistant: Sunny.") == []


def test_gate_keeps_only_confident_facts():
    facts = [Fact("a", 0.9), Fact("b", 0.5), Fact("c", 0.8)]
    assert [f.text for f in gate(facts)] == ["a", "c"]
    with pytest.raises(ValueError):
        gate(facts, 2)


def test_importance_classes():
    assert rate_importance("The user is allergic to peanuts.") > 0.9
    assert rate_importance("The user is vegetarian.") >= 0.9
    assert rate_importance("The user asked about the weather.") <= 0.2


def test_vegetarian_to_vegan_is_an_update(setup):
    clock, mem, writer = setup
    (d1,) = writer.write_from_conversation("priya", user("I'm vegetarian."))
    clock.advance(hours=5)
    (d2,) = writer.write_from_conversation("priya", user("I'm vegan now."))
    assert d1.op == "ADD" and (d2.op, d2.id) == ("UPDATE", d1.stored_id)
    assert [r.text for r in mem.recall("priya", "What does the user eat?", k=5)] == ["The user is vegan."]
    hist = {r.text: r for r in mem.history("priya")}
    assert hist["The user is vegetarian."].valid_to == clock.now()


def test_moving_supersedes_the_old_city(setup):
    clock, mem, writer = setup
    writer.write_from_conversation("priya", user("I live in Paris."))
    clock.advance(days=30)
    (d,) = writer.write_from_conversation("priya", user("I moved to Berlin."))
    assert d.op == "UPDATE"
    assert [r.text for r in mem.memories("priya")] == ["The user lives in Berlin."]
    assert "The user lives in Paris." in [r.text for r in mem.history("priya")]


def test_saying_the_same_twice_is_a_noop(setup):
    _, mem, writer = setup
    writer.write_from_conversation("priya", user("I'm vegetarian."))
    (d,) = writer.write_from_conversation("priya", user("I'm vegetarian."))
    assert d.op == "NOOP" and len(mem.history("priya")) == 1


def test_retraction_is_a_delete(setup):
    _, mem, writer = setup
    writer.write_from_conversation("priya", user("I'm vegetarian. I like jazz."))
    (d,) = writer.write_from_conversation("priya", user("I'm no longer vegetarian."))
    assert d.op == "DELETE"
    assert [r.text for r in mem.memories("priya")] == ["The user prefers jazz."]


def test_hedged_facts_are_gated_out(setup):
    _, mem, writer = setup
    (d,) = writer.write_from_conversation("priya", user("I think I'm allergic to nuts."))
    assert d.op == "NOOP" and "gated" in d.reason and mem.history("priya") == []


def test_secrets_are_never_stored(setup, tmp_path):
    _, mem, writer = setup
    writer.write_from_conversation("priya", user(
        "My name is Priya. My password is hunter2. My key is sk-abcdefghijklmnopqrstuvwxyz123456. "
        "Card 4111 1111 1111 1111."))
    stored = " ".join(str(r) for r in mem.export("priya"))
    assert "The user's name is Priya." in stored
    for secret in ("hunter2", "sk-abc", "4111"):
        assert secret not in stored


def test_redact_secrets_kinds():
    clean, found = redact_secrets("key sk-proj-ABCDEFGHIJKLMNOPQRSTUV, aws AKIAABCDEFGHIJKLMNOP, "
                                  "token deadbeefdeadbeefdeadbeefdeadbeef00, my password is p4ss!, "
                                  "card 4111-1111-1111-1111, not a card 1234 5678 9012 3456")
    assert sorted(set(found)) == ["api_key", "aws_key", "card_number", "password", "token"]
    for s in ("sk-proj", "AKIA", "deadbeef", "p4ss", "4111"):
        assert s not in clean
    assert "1234 5678 9012 3456" in clean  # fails the Luhn check: not a card
    assert redact_secrets("I'm vegetarian and my budget is 40 EUR.") == ("I'm vegetarian and my budget is 40 EUR.", [])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=12, max_size=18))
def test_any_luhn_valid_card_is_redacted(digits):
    body = "".join(map(str, digits))
    check = next(d for d in "0123456789" if luhn_ok(body + d))
    clean, found = redact_secrets(f"pay with {body + check} please")
    assert "card_number" in found and body + check not in clean


def test_parse_json_is_robust():
    assert parse_json('Sure! ```json\n{"op": "ADD", "id": null}\n``` hope that helps') == {"op": "ADD", "id": None}
    assert parse_json('The answer is {"a": {"b": 1}} and more {') == {"a": {"b": 1}}
    with pytest.raises(ModelOutputError, match="no JSON object"):
        parse_json("I cannot help with that.")
    with pytest.raises(ModelOutputError, match="empty"):
        parse_json("")


class Scripted:
    """A stand-in model answering with fixed text, like a chatty live model would."""

    def __init__(self, text):
        self.text = text

    def complete(self, messages, **kw):
        return self.text


def test_resolve_validates_what_a_live_model_says():
    existing = [("m-1", "The user is vegetarian.")]
    assert resolve("x", existing, Scripted('```json\n{"op": "update", "id": "m-1"}\n```')).op == "UPDATE"
    d = resolve("x", existing, Scripted('{"op": "UPDATE", "id": "m-999"}'))
    assert d.op == "ADD" and "unknown id" in d.reason
    with pytest.raises(ModelOutputError, match="op must be one of"):
        resolve("x", existing, Scripted('{"op": "MERGE"}'))
    assert resolve("The user is vegan.", existing) == Decision("UPDATE", "m-1", "The user is vegan.",
                                                                "new value for diet: vegetarian -> vegan")


def test_session_summary_has_four_fields():
    s = session_summary("user: I'm vegetarian. Let's book the Lucky Leek at 19:00.\nassistant: Booked.\n"
                        "user: Can you find a bar for later?")
    assert set(s) == {"decisions", "preferences", "facts_learned", "open_questions"}
    assert "The user is vegetarian." in s["preferences"]
    assert any("Lucky Leek" in d for d in s["decisions"])
    assert s["open_questions"] == ["Can you find a bar for later?"]

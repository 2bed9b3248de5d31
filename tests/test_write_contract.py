"""One write contract: every way of storing a memory passes the same confidence gate, redaction and dedupe
(course_lib.long_term.contract), on both backends."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storekit import HashModel  # a seeded random vector per text

from course_lib import CourseClock, MemoryWriter, ProfileMemory, SharedMemory, VectorMemory
from course_lib.agent.memory_tools import memory_tools
from course_lib.long_term.contract import LowConfidence, content_key, normalised

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(params=["numpy", "chroma"])
def memory(request, tmp_path):
    return VectorMemory(request.param, path=tmp_path / "store", model=HashModel(), clock=CourseClock())


def test_the_same_words_twice_are_one_memory_refreshed(memory):
    first = memory.remember("priya", "The user is vegetarian.", importance=0.5, source="chat-1")
    memory.clock.advance(hours=5)
    again = memory.remember("priya", "  the user is   VEGETARIAN ", importance=0.9, source="chat-2",
                            metadata={"lang": "en"}, links=["m-x"])
    assert again.id == first.id and [r.id for r in memory.history("priya")] == [first.id]
    stored = memory.get("priya", first.id)
    assert stored.text == "The user is vegetarian."  # the first wording stays
    assert stored.importance == 0.9 and stored.access_count == 1 and stored.last_accessed_at == memory.clock.now()
    assert stored.source == "chat-1" and stored.metadata == {
        "lang": "en", "memory_type": "semantic", "also_from": ["chat-2"], "confirmed_at": memory.clock.now().isoformat()}
    assert stored.links == ["m-x"]
    memory.remember("priya", "The user is vegetarian!", importance=0.1, source="chat-2")
    assert memory.get("priya", first.id).importance == 0.9  # never lowered; chat-2 not listed twice
    assert memory.get("priya", first.id).metadata["also_from"] == ["chat-2"]


def test_a_different_fact_or_user_is_not_a_duplicate(memory):
    a = memory.remember("priya", "The user is vegetarian.")
    b = memory.remember("priya", "The user is not vegetarian.")
    c = memory.remember("alex", "The user is vegetarian.")
    assert a.id != b.id and c.user_id == "alex"
    assert [r.text for r in memory.memories("alex")] == ["The user is vegetarian."]
    assert len(memory.memories("priya")) == 2


def test_a_superseded_fact_told_again_is_stored_again(memory):
    old = memory.remember("priya", "The user lives in Paris.")
    memory.clock.advance(days=1)
    memory.update("priya", old.id, "The user lives in Berlin.")
    memory.clock.advance(days=1)
    back = memory.remember("priya", "The user lives in Paris.")
    assert back.id != old.id and back.is_current(memory.clock.now())
    assert sorted(r.text for r in memory.memories("priya")) == ["The user lives in Berlin.",
                                                                   "The user lives in Paris."]


def test_a_batch_with_repeats_stores_each_fact_once(memory):
    records = memory.remember_many("priya", ["Likes jazz.", "Has a dog.", "likes jazz", "Likes jazz."],
                                   [0.2, 0.5, 0.7, 0.1])
    assert records[0].id == records[2].id == records[3].id != records[1].id
    assert len(memory.history("priya")) == 2
    assert memory.get("priya", records[0].id).importance == 0.7


def test_a_guess_is_refused_and_nothing_is_written(memory):
    memory.remember("priya", "The user is vegetarian.")
    with pytest.raises(LowConfidence, match=r"confidence 0\.40 is below .* min_confidence 0\.80.*confirm"):
        memory.remember("priya", "The user might be vegan.", confidence=0.4)
    with pytest.raises(LowConfidence, match="text 1"):
        memory.remember_many("priya", ["Has a cat.", "Maybe has a dog.", "Likes tea."], confidences=[1, 0.5, 1])
    assert [r.text for r in memory.history("priya")] == ["The user is vegetarian."]
    (rec,) = memory.memories("priya")
    with pytest.raises(LowConfidence):
        memory.update("priya", rec.id, "The user is vegan.", confidence=0.79)
    assert [r.text for r in memory.history("priya")] == ["The user is vegetarian."]
    assert memory.remember("priya", "The user is sure about this.", confidence=0.8).text  # the threshold passes


def test_the_threshold_is_set_per_memory_and_checked(tmp_path):
    lax = VectorMemory(model=HashModel(), min_confidence=0.3)
    assert lax.remember("priya", "Maybe vegan.", confidence=0.4).text == "Maybe vegan."
    with pytest.raises(ValueError, match="min_confidence must be a number from 0"):
        VectorMemory(model=HashModel(), min_confidence=1.5)
    with pytest.raises(ValueError, match="confidence must be a number from 0"):
        lax.remember("priya", "x", confidence="high")
    with pytest.raises(ValueError, match="confidences has 1 values for 2 texts"):
        lax.remember_many("priya", ["a", "b"], confidences=[1.0])


def test_secrets_are_redacted_before_the_dedupe(memory):
    a = memory.remember("priya", "My card is 4111 1111 1111 1111.")
    b = memory.remember("priya", "my card is 4111-1111-1111-1111")
    assert a.id == b.id and "4111" not in memory.get("priya", a.id).text
    assert memory.stored_as("priya", "My card is 4111111111111111.").id == a.id


def test_dedupe_survives_reopening_the_store(tmp_path):
    first = VectorMemory(path=tmp_path / "s", model=HashModel())
    rec = first.remember("priya", "The user is vegetarian.")
    second = VectorMemory(path=tmp_path / "s", model=HashModel())  # another notebook on the same folder
    assert second.remember("priya", "the user is vegetarian").id == rec.id
    assert len(first.history("priya")) == 1  # the first process sees the refreshed record, no copy


def test_every_writer_goes_through_the_contract(tmp_path):
    clock = CourseClock()
    memory = VectorMemory(model=HashModel(), clock=clock)
    # the write path: a fact stored before is a NOOP on the stored memory, not a copy
    writer = MemoryWriter(memory)
    (d1,) = writer.write_from_conversation("priya", "user: I'm vegetarian.")
    (d2,) = writer.write_from_conversation("priya", "user: I'm vegetarian.")
    assert d1.op == "ADD" and d2.op == "NOOP" and d2.id == d1.stored_id
    assert len(memory.history("priya")) == 1
    # the agent's tool: the same words already stored by the writer are "already known", with the tool as a source
    tools = memory_tools(memory, "priya")
    out = json.loads(tools.call("save_memory", json.dumps({"text": memory.history("priya")[0].text})))
    assert out == {"id": d1.stored_id, "status": "already known"}
    assert memory.get("priya", d1.stored_id).metadata["also_from"] == ["agent tool"]
    # shared memory: one record per fact whichever operator source adds it
    shared = SharedMemory(model=HashModel(), clock=clock, operators=("ops",))
    f1 = shared.add("Lumen closes on Mondays.", source="website", author="ops")
    f2 = shared.add("lumen closes on mondays", source="phone call", author="ops")
    assert f1.id == f2.id and len(shared.facts()) == 1
    # a writer cannot be laxer than its memory's gate
    assert MemoryWriter(VectorMemory(model=HashModel(), min_confidence=0.9), min_confidence=0.5).min_confidence == 0.9


def test_the_profile_passes_the_same_gate_and_redaction(tmp_path):
    profile = ProfileMemory(tmp_path / "p")
    with pytest.raises(LowConfidence, match="diet = 'vegan'"):
        profile.set("priya", "diet", "vegan", confidence=0.5)
    assert profile.facts("priya") == {}
    profile.set("priya", "diet", "vegan", confidence=0.95)
    profile.set("priya", "diet", "vegan")  # the same value again: no second history entry
    assert len(profile.history("priya")) == 1
    profile.set("priya", "card", "4111 1111 1111 1111")
    assert "4111" not in json.dumps(profile.export("priya"))


def test_no_module_writes_vector_records_around_remember():
    """The stores' add/put/supersede are called from VectorMemory only, so no writer can skip the contract."""
    import re
    callers = []
    for path in (ROOT / "course_lib").rglob("*.py"):
        if "stores" in path.parts or path.name == "vector.py":
            continue
        if re.search(r"\.store\.(add|put|supersede)\(", path.read_text(encoding="utf-8")):
            callers.append(path.relative_to(ROOT).as_posix())
    assert callers == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["Likes jazz.", "Has a dog.", "Lives in Berlin.", "Works at Lumen."]),
                          st.sampled_from(["", " ", "  "]), st.booleans(), st.booleans(),
                          st.sampled_from(["chat", "tool", "import"])), min_size=1, max_size=12))
def test_property_one_current_memory_per_distinct_fact(writes):
    memory = VectorMemory(model=HashModel(), clock=CourseClock())
    for text, pad, upper, drop_stop, source in writes:
        t = text.upper() if upper else text
        t = pad + (t.rstrip(".") if drop_stop else t) + pad
        memory.remember("priya", t, source=source)
        memory.clock.advance(minutes=1)
    distinct = {normalised(text) for text, *_ in writes}
    current = memory.memories("priya")
    assert len(current) == len(distinct) == len({content_key(r.text) for r in current})


def test_normalising_keeps_different_facts_apart():
    assert normalised("Lives in Berlin.") == normalised("  lives in BERLIN ")
    assert normalised("Ich wohne in Köln.") == normalised("ich wohne in köln")
    assert normalised("Allergic to nuts") != normalised("Not allergic to nuts")
    assert normalised("Budget is 40 EUR") != normalised("Budget is 400 EUR")
    assert content_key("Lives in Berlin.") != content_key("Lived in Berlin.")

"""One shared suite for VectorMemory, run on numpy, embedded chroma and a real `chroma run` server."""
from __future__ import annotations

import math
import sys
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest

from course_lib import CourseClock, VectorMemory, Weights
from course_lib.scoring import recency

from storekit import HashModel  # noqa: E402  (a seeded random unit vector per text)

BACKENDS = ["numpy", "chroma", "chroma-server"]
RELEVANCE_ONLY = Weights(recency=0, importance=0, relevance=1)


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory):
    """A real `chroma run` on loopback for this module; fails (not skips) if the CLI is missing."""
    from course_lib.long_term.stores.chroma_server import ChromaServer

    exe = Path(sys.executable).parent / "chroma"
    if not exe.exists():
        pytest.fail(f"the chroma CLI is missing at {exe}: server mode cannot be tested. Run `make install`.")
    server = ChromaServer(tmp_path_factory.mktemp("chroma-server") / "data", timeout=60)
    print(f"\nchroma server started in {server.startup_seconds:.1f} s on port {server.port}")
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def make(request, tmp_path):
    """make(model=None, clock=None, path=None) -> VectorMemory on the backend under test."""
    backend = request.param
    server = request.getfixturevalue("chroma_server") if backend == "chroma-server" else None
    if server is not None:  # a clean server for every test
        from course_lib.long_term.stores.chroma_store import ChromaStore

        client = ChromaStore(host=server.host, port=server.port).client  # this learner's tenant
        for col in client.list_collections():
            client.delete_collection(col if isinstance(col, str) else col.name)

    def factory(model=None, clock=None, path=None, **kw):
        if server is not None:
            return VectorMemory("chroma", model=model, clock=clock, chroma_host=server.host,
                                chroma_port=server.port, **kw)
        return VectorMemory(backend, path=path or tmp_path / "store", model=model, clock=clock, **kw)

    factory.backend = backend
    return factory


def test_remember_stores_every_field(make):
    clock = CourseClock()
    mem = make(clock=clock)
    rec = mem.remember("priya", "The user is vegetarian.", importance=0.9, source="chat-1", links=["x"])
    assert rec.user_id == "priya" and rec.text == "The user is vegetarian." and rec.importance == 0.9
    assert rec.recorded_at == rec.last_accessed_at == clock.now()
    assert rec.valid_from is None  # nobody said since when: unknown, not the write time
    assert rec.valid_to is None and rec.superseded_at is None and rec.expires_at is None and rec.access_count == 0
    assert rec.source == "chat-1" and rec.links == ["x"]
    assert rec.embedding.shape == (256,) and math.isclose(float(np.linalg.norm(rec.embedding)), 1, rel_tol=1e-5)
    (row,) = mem.export("priya")
    for key in ("id", "user_id", "text", "recorded_at", "last_accessed_at", "importance", "access_count", "source",
                "valid_from", "valid_to", "superseded_at", "expires_at", "links"):
        assert key in row
    assert row["current"] is True


def test_recall_finds_the_relevant_memory_of_this_user(make):
    mem = make()
    mem.remember("priya", "The user is vegetarian.", 0.9)
    mem.remember("priya", "The user likes jazz music.", 0.5)
    mem.remember("priya", "The user has a budget of 40 EUR for dinner.", 0.8)
    got = mem.recall("priya", "What food does the user eat?", k=1, weights=RELEVANCE_ONLY)
    assert [r.text for r in got] == ["The user is vegetarian."]
    assert [r.text for r in mem.recall("priya", "music", k=1, weights=RELEVANCE_ONLY)] == ["The user likes jazz music."]


def test_recall_scores_with_the_weighted_formula(make):
    clock = CourseClock()
    mem = make(clock=clock)
    mem.remember("u", "The user is vegetarian.", 0.9)
    clock.advance(hours=46)
    mem.remember("u", "The user has a flight to Berlin on Friday.", 0.8)
    clock.advance(hours=2)
    rows = mem.recall("u", "suggest a dinner place in Berlin", k=2)
    by_text = {r.text: r for r in rows}
    veg = by_text["The user is vegetarian."]
    assert math.isclose(veg.recency, recency(48), rel_tol=1e-9)
    assert math.isclose(veg.score, veg.recency + 0.9 + veg.relevance, rel_tol=1e-9)
    assert rows[0].score >= rows[1].score


def test_recall_touches_what_it_returns(make):
    clock = CourseClock()
    mem = make(clock=clock)
    rec = mem.remember("u", "The user is vegetarian.", 0.9)
    mem.remember("u", "The user likes jazz music.", 0.1)
    clock.advance(hours=5)
    (got,) = mem.recall("u", "What food does the user eat?", k=1, weights=RELEVANCE_ONLY)
    assert got.id == rec.id
    again = mem.get("u", rec.id)
    assert again.access_count == 1 and again.last_accessed_at == clock.now()
    other = [r for r in mem.history("u") if r.id != rec.id][0]
    assert other.access_count == 0


def test_threshold_returns_nothing_when_nothing_is_relevant(make):
    mem = make()
    mem.remember("u", "The user likes jazz music.", 0.2)
    assert mem.recall("u", "suggest a dinner place in Berlin", threshold=2.5) == []
    assert len(mem.recall("u", "suggest a dinner place in Berlin", threshold=None)) == 1


def test_update_supersedes_and_keeps_history(make):
    clock = CourseClock()
    mem = make(clock=clock)
    old = mem.remember("u", "The user is vegetarian.", 0.9)
    clock.advance(hours=1)
    new = mem.update("u", old.id, "The user is vegan.")
    assert new.supersedes == old.id and old.id in new.links and new.importance == 0.9
    texts = [r.text for r in mem.recall("u", "What food does the user eat?", k=5)]
    assert texts == ["The user is vegan."]
    hist = {r.text: r for r in mem.history("u")}
    assert hist["The user is vegetarian."].valid_to == hist["The user is vegetarian."].superseded_at == clock.now()
    assert hist["The user is vegan."].valid_from is None  # not said since when: unknown (recorded now)
    assert hist["The user is vegan."].recorded_at == clock.now() and hist["The user is vegan."].superseded_at is None
    assert [r.text for r in mem.memories("u")] == ["The user is vegan."]
    with pytest.raises(ValueError, match="no longer current"):
        mem.update("u", old.id, "The user eats fish.")


def test_expired_memories_are_not_recalled(make):
    clock = CourseClock()
    mem = make(clock=clock)
    mem.remember("u", "The user is in Berlin this week.", 0.6, expires_at=clock.now() + timedelta(days=7))
    assert len(mem.recall("u", "Where is the user?", touch=False)) == 1
    clock.advance(days=8)
    assert mem.recall("u", "Where is the user?") == []
    assert len(mem.history("u")) == 1 and mem.export("u")[0]["current"] is False


def test_forget_and_forget_user(make):
    mem = make()
    a = mem.remember("u", "The user is vegetarian.", 0.9)
    mem.remember("u", "The user likes jazz music.", 0.5)
    mem.remember("v", "The user likes tea.", 0.5)
    mem.forget("u", a.id)
    assert [r.text for r in mem.history("u")] == ["The user likes jazz music."]
    with pytest.raises(KeyError):
        mem.forget("u", a.id)
    mem.forget_user("u")
    assert mem.history("u") == [] and mem.recall("u", "music") == []
    assert mem.users() == ["v"]


def test_survives_a_restart(make, tmp_path):
    mem = make(path=tmp_path / "persist")
    rec = mem.remember("u", "The user is vegetarian.", 0.9)
    mem.recall("u", "food")
    del mem
    again = make(path=tmp_path / "persist")
    (row,) = again.history("u")
    assert (row.id, row.text, row.access_count) == (rec.id, rec.text, 1)
    assert np.allclose(row.embedding, rec.embedding)


def test_validation_errors(make):
    mem = make()
    with pytest.raises(ValueError, match="user_id"):
        mem.remember("", "x")
    with pytest.raises(ValueError, match="user_id"):
        mem.recall(None, "x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="importance"):
        mem.remember("u", "x", importance=1.5)
    with pytest.raises(ValueError, match="k must"):
        mem.recall("u", "x", k=0)
    with pytest.raises(ValueError, match="text must be a non-empty string"):
        mem.remember("u", "   ")
    with pytest.raises(ValueError, match="reserved"):
        mem.remember("u", "x", metadata={"user_id": "alice"})
    with pytest.raises(KeyError):
        mem.update("u", "m-nope", "y")


def test_bad_backend_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="numpy' or 'chroma"):
        VectorMemory("faiss", path=tmp_path)


def brute_force(history, query_vec, now, weights, decay, k, threshold):
    """The reference: a plain Python loop over every record, same formula, same tie-break."""
    rows = []
    for r in history:
        if not r.is_current(now):
            continue
        e = [float(x) for x in r.embedding]
        q = [float(x) for x in query_vec]
        dot = sum(a * b for a, b in zip(e, q))
        rel = dot / (math.sqrt(sum(a * a for a in e)) * math.sqrt(sum(b * b for b in q)))
        hours = (now - r.last_accessed_at).total_seconds() / 3600
        s = weights.recency * decay ** hours + weights.importance * r.importance + weights.relevance * rel
        rows.append((s, r.id))
    rows.sort(key=lambda x: (-x[0], x[1]))
    if threshold is not None:
        rows = [x for x in rows if x[0] >= threshold]
    return rows[:k]


def test_recall_matches_brute_force_on_random_data(make, tmp_path):
    for seed in ([0, 1, 2] if make.backend == "numpy" else [0]):  # chroma is slower; one seed there
        check_against_brute_force(make, seed, tmp_path)


def check_against_brute_force(make, seed, tmp_path):
    rng = np.random.default_rng(seed)
    clock = CourseClock()
    model = HashModel()
    mem = make(model=model, clock=clock, decay=0.98, path=tmp_path / f"seed{seed}")
    users = ["ana", "ben"]
    for i in range(60):
        user = users[int(rng.integers(2))]
        expires = clock.now() + timedelta(hours=float(rng.uniform(1, 80))) if rng.random() < 0.2 else None
        kind = ("semantic", "episodic", "procedural")[int(rng.integers(3))]
        rec = mem.remember(user, f"memory {i} of {user}", float(rng.uniform(0, 1)), expires_at=expires,
                           metadata={"memory_type": kind})
        if rng.random() < 0.15:
            mem.update(user, rec.id, f"memory {i} of {user}, revised")
        clock.advance(hours=float(rng.uniform(0, 6)))
    for j in range(6):
        user = users[j % 2]
        weights = Weights(*(float(x) for x in rng.uniform(0, 2, size=3)))
        k = int(rng.integers(1, 8))
        threshold = None if j % 3 else float(rng.uniform(0.5, 2.5))
        query = f"query {seed}-{j}"
        expected = brute_force(mem.history(user), model.embed([query])[0], clock.now(), weights, 0.98, k, threshold)
        got = mem.recall(user, query, k=k, weights=weights, threshold=threshold)
        assert len(got) == len(expected)
        for g, (s, _) in zip(got, expected):
            assert math.isclose(g.score, s, abs_tol=1e-5)
            near = {i for t, i in expected if abs(t - g.score) < 1e-5}
            assert g.id in near
        assert all(g.record.user_id == user for g in got)
        kind = ("semantic", "episodic", "procedural")[j % 3]  # one type only: the same ranking among that type
        typed = [r for r in mem.history(user) if r.metadata["memory_type"] == kind]
        expected = brute_force(typed, model.embed([query])[0], clock.now(), weights, 0.98, k, threshold)
        got = mem.recall(user, query, k=k, weights=weights, threshold=threshold, memory_type=kind, touch=False)
        assert len(got) == len(expected)
        assert all(math.isclose(g.score, s, abs_tol=1e-5) for g, (s, _) in zip(got, expected))
        assert all(g.record.metadata["memory_type"] == kind for g in got)
        clock.advance(hours=3)


def test_isolation_on_every_backend(make):
    """User B never recalls A's memories, even quoting them verbatim; A's data is gone after forget_user."""
    mem = make()
    secret = mem.remember("alice", "Alice is allergic to peanuts.", 1.0)
    mem.remember("bob", "Bob likes tea.", 0.1)
    got = mem.recall("bob", "Alice is allergic to peanuts.", k=10, weights=RELEVANCE_ONLY)
    assert [r.text for r in got] == ["Bob likes tea."]
    with pytest.raises(ValueError, match="reserved"):
        mem.remember("bob", "spoof", metadata={"user_id": "alice"})
    with pytest.raises(KeyError):
        mem.forget("bob", secret.id)
    mem.forget_user("alice")
    assert mem.history("alice") == [] and mem.users() == ["bob"]
    if make.backend == "chroma-server":  # nothing left in the server's collections either
        names = [c if isinstance(c, str) else c.name for c in mem.store.client.list_collections()]
        from course_lib.long_term.stores.chroma_store import collection_name
        assert collection_name("alice") not in names and collection_name("bob") in names


def test_a_weakly_relevant_but_important_fresh_memory_is_not_missed(make):
    """Over-fetching by relevance must not stop before a low-relevance memory that wins on importance/recency."""
    clock = CourseClock()
    mem = make(model=HashModel(), clock=clock)
    mem.remember_many("u", [f"filler memory number {i}" for i in range(300)], [0.0] * 300)
    clock.advance(hours=500)  # the fillers are old now
    star = mem.remember("u", "the one that matters", 1.0)
    weights = Weights(recency=1, importance=3, relevance=0.1)
    (top,) = mem.recall("u", "filler memory number 7", k=1, weights=weights, touch=False)
    assert top.id == star.id
    # and the store reports bounds that hold for every memory (none is above them)
    if hasattr(mem.store, "bounds"):
        best_importance, newest = mem.store.bounds("u")
        assert best_importance == 1.0 and newest >= clock.now().timestamp() - 1


def test_changing_a_returned_record_does_not_change_the_store(make):
    mem = make(model=HashModel())
    rec = mem.remember("u", "The user is vegetarian.", 0.9, metadata={"note": "x"})
    got = mem.get("u", rec.id)
    got.metadata["note"] = "tampered"
    got.links.append("m-bogus")
    got.embedding[:] = 0
    again = mem.get("u", rec.id)
    assert again.metadata == {"note": "x", "memory_type": "semantic"} and again.links == [] and np.linalg.norm(again.embedding) > 0.9


def test_every_memory_has_a_type_and_recall_can_ask_for_one(make, tmp_path):
    mem = make(clock=CourseClock(), path=tmp_path / "typed")
    fact = mem.remember("u", "The user prefers dark mode everywhere.")  # no type named: a fact, semantic
    lesson = mem.remember("u", "Avoid: calling book_table for more than 20 people.",
                          metadata={"memory_type": "procedural"})
    event = mem.remember("u", "book_table already done for dark mode night.", metadata={"memory_type": "episodic"})
    again = make(clock=CourseClock(), path=tmp_path / "typed") if make.backend != "chroma-server" else mem
    assert [r.metadata["memory_type"] for r in again.memories("u")] == ["semantic", "procedural", "episodic"]
    assert [e["memory_type"] for e in again.export("u")] == ["semantic", "procedural", "episodic"]
    for kind, want in [("semantic", fact), ("procedural", lesson), ("episodic", event)]:
        assert [r.id for r in again.recall("u", "dark mode book_table", k=3, memory_type=kind)] == [want.id]
    assert len(again.recall("u", "dark mode book_table", k=3)) == 3  # without a type: all of them
    mem.remember("u", "The user prefers dark mode everywhere.", metadata={"memory_type": "procedural"})
    assert mem.get("u", fact.id).metadata["memory_type"] == "procedural"  # a type named again wins
    mem.remember("u", "The user prefers dark mode everywhere.")
    assert mem.get("u", fact.id).metadata["memory_type"] == "procedural"  # told again without one: kept
    with pytest.raises(ValueError, match="'episodic', 'semantic', 'procedural'.*'facts'"):
        mem.recall("u", "dark mode", memory_type="facts")
    with pytest.raises(ValueError, match="memory_type.*'episodic', 'semantic', 'procedural'"):
        mem.remember("u", "The user likes tea.", metadata={"memory_type": "Semantic"})
    assert "The user likes tea." not in [r.text for r in mem.history("u")]  # nothing stored

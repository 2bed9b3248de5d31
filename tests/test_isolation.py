"""Per-user isolation, enforced in storage: no path returns one user's memory to another, on any backend."""
from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib import VectorMemory, Weights
from course_lib.long_term.stores import open_store

ALICE = ["Alice's door code is kept in the blue notebook.", "Alice is allergic to peanuts.",
         "Alice lives at 12 Kastanienallee, Berlin."]


def files_containing(root, needle: str) -> list[str]:
    data = needle.encode("utf-8")
    return [str(p) for p in root.rglob("*") if p.is_file() and data in p.read_bytes()]


@pytest.fixture(params=["numpy", "chroma"])
def backend(request):
    return request.param


def test_verbatim_queries_never_cross_users(backend, tmp_path):
    mem = VectorMemory(backend, path=tmp_path / "db")
    for text in ALICE:
        mem.remember("alice", text, 1.0)
    mem.remember("bob", "Bob likes tea.", 0.1)
    for text in ALICE:
        got = mem.recall("bob", text, k=10, weights=Weights(0, 0, 1))
        assert [r.text for r in got] == ["Bob likes tea."]
        assert mem.recall("alice", text, k=1, weights=Weights(0, 0, 1))[0].text == text
    assert all(r.user_id == "bob" for r in mem.history("bob"))


def test_metadata_cannot_spoof_ownership(backend, tmp_path):
    mem = VectorMemory(backend, path=tmp_path / "db")
    mem.remember("alice", ALICE[0], 1.0)
    with pytest.raises(ValueError, match="reserved"):
        mem.remember("mallory", "I am alice.", metadata={"user_id": "alice"})
    rec = mem.remember("mallory", "Mallory likes chess.", metadata={"team": "alice"})
    assert rec.user_id == "mallory" and rec.metadata == {"team": "alice", "memory_type": "semantic"}
    assert [r.text for r in mem.recall("alice", "chess", k=5)] == [ALICE[0]]
    assert [r.text for r in mem.recall("mallory", ALICE[0], k=5)] == ["Mallory likes chess."]


def test_ids_of_another_user_are_not_found(backend, tmp_path):
    mem = VectorMemory(backend, path=tmp_path / "db")
    secret = mem.remember("alice", ALICE[1], 1.0)
    for op in (lambda: mem.get("bob", secret.id), lambda: mem.forget("bob", secret.id),
               lambda: mem.update("bob", secret.id, "Alice is not allergic.")):
        with pytest.raises(KeyError):
            op()
    assert [r.text for r in mem.history("alice")] == [ALICE[1]]


def test_forget_user_leaves_nothing_on_disk(backend, tmp_path):
    root = tmp_path / "db"
    mem = VectorMemory(backend, path=root)
    for text in ALICE:
        mem.remember("alice", text, 1.0)
    mem.remember("bob", "Bob likes tea.", 0.1)
    mem.recall("alice", "peanuts")
    assert files_containing(root, "Kastanienallee")
    mem.forget_user("alice")
    assert files_containing(root, "Kastanienallee") == []
    assert files_containing(root, "peanuts") == []
    assert mem.history("alice") == [] and mem.users() == ["bob"]
    assert [r.text for r in mem.recall("bob", "tea")] == ["Bob likes tea."]
    again = VectorMemory(backend, path=root)  # and after a restart
    assert again.history("alice") == [] and again.recall("alice", ALICE[1]) == []


def test_chroma_results_are_checked_again_in_python(tmp_path):
    """Defence in depth: even if chroma handed back a foreign record, the store drops it."""
    mem = VectorMemory("chroma", path=tmp_path / "db")
    mem.remember("alice", ALICE[1], 1.0)
    mem.remember("bob", "Bob likes tea.", 0.1)
    store = mem.store
    alice_col = store._collection("alice")
    real = store._collection

    class NoFilter:  # a broken storage layer: the wrong collection, and the where filter ignored
        def __getattr__(self, name):
            return getattr(alice_col, name)

        def count(self):
            return alice_col.count()

        def query(self, **kw):
            kw.pop("where", None)
            return alice_col.query(**kw)

    store._collection = lambda user_id, create=False: NoFilter()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = mem.recall("bob", ALICE[1], k=5)
        assert got == []
        assert any("does not belong" in str(w.message) for w in caught)
    finally:
        store._collection = real


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["ann", "bo", "cy"]), st.text(min_size=1, max_size=20).filter(str.strip)),
                min_size=1, max_size=12),
       st.text(min_size=1, max_size=20).filter(str.strip))
def test_property_recall_only_returns_own_memories(items, query):
    from storekit import HashModel

    from course_lib.long_term.contract import content_key
    from course_lib.model.redact import redact_secrets

    mem = VectorMemory("numpy", model=HashModel())
    for user, text in items:
        mem.remember(user, text, 0.5)
    for user in ("ann", "bo", "cy", "dee"):
        got = mem.recall(user, query, k=20)
        assert all(r.record.user_id == user for r in got)
        # one memory per distinct content (the write contract dedupes a user's repeated texts)
        assert len(got) == len({content_key(redact_secrets(t)[0]) for u, t in items if u == user})


def test_numpy_store_refuses_a_folder_holding_another_users_rows(tmp_path):
    store = open_store("numpy", tmp_path)
    mem = VectorMemory("numpy", path=tmp_path)
    mem.remember("alice", ALICE[0])
    # copy alice's folder into bob's place: the store must refuse to read it as bob's
    import shutil
    shutil.copytree(store.folder("alice"), store.folder("bob"))
    with pytest.raises(RuntimeError, match="another user"):
        VectorMemory("numpy", path=tmp_path).recall("bob", "door code")


OPS = st.lists(st.tuples(st.sampled_from(["remember", "forget", "recall"]), st.sampled_from(["ann", "bo"]),
                         st.integers(0, 5)), min_size=1, max_size=25)


@pytest.mark.parametrize("backend", ["numpy", "chroma"])
def test_property_interleaved_remember_forget_recall_never_cross_users(backend, tmp_path_factory):
    """Random interleavings for two users: recall returns only the asker's live memories, never the other's."""
    from storekit import HashModel

    @settings(max_examples=15 if backend == "chroma" else 40, deadline=None)
    @given(OPS)
    def run(ops):
        mem = VectorMemory(backend, path=tmp_path_factory.mktemp(backend), model=HashModel())
        alive: dict[str, dict[str, str]] = {"ann": {}, "bo": {}}  # user -> id -> text
        for op, user, n in ops:
            if op == "remember":
                rec = mem.remember(user, f"{user} fact {n} {len(alive[user])}")
                alive[user][rec.id] = rec.text
            elif op == "forget" and alive[user]:
                victim = sorted(alive[user])[n % len(alive[user])]
                mem.forget(user, victim)
                del alive[user][victim]
            else:
                other = "bo" if user == "ann" else "ann"
                query = next(iter(alive[other].values()), f"{other} fact {n}")  # ask with the other's own words
                got = mem.recall(user, query, k=50, weights=Weights(0, 0, 1))
                assert {r.id: r.text for r in got} == alive[user]
                assert all(r.record.user_id == user for r in got)

    run()

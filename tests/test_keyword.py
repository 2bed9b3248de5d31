"""The in-place BM25 against bm25s (the trusted reference), and the per-user index against a full rebuild."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from storekit import HashModel  # a seeded random vector per text

from course_lib import CourseClock, VectorMemory
from course_lib.long_term.hybrid import HybridRetriever, KeywordIndex, hybrid_recall, user_index
from course_lib.long_term.keyword import LiveBM25, live_index

WORDS = ["berlin", "dinner", "vegan", "vegetarian", "budget", "40", "eur", "friday", "the", "user", "jazz",
         "peanuts", "allergic", "paris", "kayak", "Berlin!", "Köln", ""]
text = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(st.lists(text, min_size=1, max_size=25), text)
def test_scores_equal_bm25s_on_any_corpus(docs, query):
    assert np.allclose(live_index(docs).scores(query, len(docs)), KeywordIndex(docs).scores(query),
                       rtol=1e-5, atol=1e-6)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.booleans(), text), min_size=1, max_size=30), text)
def test_adding_and_removing_equals_indexing_what_is_left(steps, query):
    live, kept = LiveBM25(), {}
    for row, (remove, doc) in enumerate(steps):
        if remove and kept:
            gone = sorted(kept)[row % len(kept)]
            live.remove(gone)
            del kept[gone]
        else:
            live.add(row, doc)
            kept[row] = doc
    rows = sorted(kept)
    expected = KeywordIndex([kept[r] for r in rows]).scores(query) if rows else np.zeros(0)
    assert np.allclose(live.scores(query, len(steps))[rows], expected, rtol=1e-5, atol=1e-6)


def test_removing_a_row_that_is_not_indexed_says_so():
    import pytest

    with pytest.raises(KeyError):
        LiveBM25().remove(3)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["remember", "update", "forget", "end"]), text.filter(str.strip)),
                min_size=1, max_size=20), text.filter(str.strip))
def test_hybrid_recall_after_any_writes_equals_a_fresh_index(ops, query):
    """The per-user index, updated write by write, ranks exactly like a retriever built from scratch."""
    memory = VectorMemory(model=HashModel(), clock=CourseClock())
    for n, (op, t) in enumerate(ops):
        memory.clock.advance(minutes=1)
        current = memory.memories("priya") if memory.history("priya") else []
        if op == "remember" or not current:
            memory.remember("priya", f"{t} ({n})")
        elif op == "update":
            memory.update("priya", current[n % len(current)].id, f"{t} [{n}]")
        elif op == "forget":
            memory.forget("priya", current[n % len(current)].id)
        else:
            memory.end("priya", current[n % len(current)].id)
        if memory.history("priya") and memory.memories("priya"):
            user_index(memory, "priya")  # the index follows every write
    current = memory.memories("priya") if memory.history("priya") else []
    got = hybrid_recall(memory, "priya", query, k=5) if current else []
    if not current:
        assert got == []
        return
    fresh = HybridRetriever([r.text for r in current], model=HashModel(), ids=[r.id for r in current],
                            embeddings=np.stack([r.embedding for r in current]))
    want = fresh.search(query, k=5)
    assert [h.id for h in got] == [h.id for h in want]
    assert np.allclose([h.score for h in got], [h.score for h in want], atol=1e-6)

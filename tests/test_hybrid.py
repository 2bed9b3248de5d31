"""Hybrid retrieval: BM25 fused with vector relevance, min-max per query, and a reranker hook."""
from __future__ import annotations

import numpy as np
import pytest

from course_lib import VectorMemory
from course_lib.long_term.hybrid import HybridRetriever, bm25_scores, hybrid_recall
from course_lib.scoring import min_max

DOCS = ["The user is vegetarian.", "Flight LH2381 to Berlin lands Friday at 18:40.",
        "The user asked about the weather.", "The user has a budget of 40 EUR for dinner."]


def test_bm25_scores_exact_keywords():
    s = bm25_scores(DOCS, "LH2381")
    assert s.argmax() == 1 and s[1] > 0 and (np.delete(s, 1) == 0).all()
    assert (bm25_scores(DOCS, "zzz") == 0).all()


def test_min_max_per_query():
    assert min_max([2.0, 4.0, 3.0], equal=0.0) == [0.0, 1.0, 0.5]
    assert min_max([1.0, 1.0], equal=0.0) == [0.0, 0.0]  # the same BM25 score everywhere is no keyword evidence


def test_no_keyword_evidence_leaves_the_vector_order():
    r = HybridRetriever(DOCS)
    hits = r.search("zzz", k=4)  # no document has the word: every BM25 part is 0, not 0.5
    assert all(h.bm25 == 0.0 for h in hits)
    assert [h.score for h in hits] == pytest.approx([0.7 * h.vector for h in hits])


def test_the_model_is_built_on_first_use():
    given = type("Fake", (), {"embed": lambda self, texts: np.ones((len(texts), 3))})()
    r = HybridRetriever(DOCS, model=given)
    assert r.model is given and r.embeddings.shape == (4, 3)


def test_fusion_is_70_30_by_default():
    r = HybridRetriever(DOCS)
    hits = r.search("LH2381", k=4)
    assert hits[0].text == DOCS[1] and hits[0].bm25 == 1.0
    for h in hits:
        assert h.score == pytest.approx(0.7 * h.vector + 0.3 * h.bm25)
    vector_only = r.search("LH2381", k=4, alpha=1.0)
    assert [h.vector for h in vector_only] == sorted((h.vector for h in vector_only), reverse=True)


def test_reranker_hook_reorders():
    seen = {}

    def reverse(query, candidates):
        seen["n"] = len(candidates)
        return list(reversed(candidates))

    plain = HybridRetriever(DOCS).search("Berlin flight", k=1)
    reranked = HybridRetriever(DOCS, reranker=reverse).search("Berlin flight", k=1)
    assert seen["n"] == 3 and reranked[0].text != plain[0].text


def test_over_a_users_memories_only():
    mem = VectorMemory()
    for d in DOCS:
        mem.remember("priya", d)
    mem.remember("bob", "Bob's flight LH2381 is cancelled.")
    hits = hybrid_recall(mem, "priya", "LH2381", k=2)
    assert hits[0].text == DOCS[1] and all("Bob" not in h.text for h in hits)
    assert hybrid_recall(mem, "nobody", "x") == []


def test_bad_arguments():
    with pytest.raises(ValueError, match="alpha"):
        HybridRetriever(DOCS, alpha=1.5)
    with pytest.raises(ValueError, match="at least one"):
        HybridRetriever([])
    with pytest.raises(ValueError, match="user_id"):
        hybrid_recall(VectorMemory(), None, "x")
    with pytest.raises(ValueError, match="query"):
        HybridRetriever(DOCS).search("  ")


def test_the_index_is_built_once_and_updated_in_place_after_each_write():
    from course_lib.long_term.hybrid import user_index

    mem = VectorMemory()
    first = mem.remember("priya", "The user is vegetarian.")
    mem.remember("priya", "The user's dinner budget is 40 EUR.")
    index = user_index(mem, "priya")
    version = index.keywords.version
    assert user_index(mem, "priya") is index and index.keywords.version == version  # nothing changed: no work
    kayak = mem.remember("priya", "The user owns a kayak.")
    assert user_index(mem, "priya") is index and index.keywords.version == version + 1  # one memory indexed
    assert hybrid_recall(mem, "priya", "kayak", k=1)[0].text == "The user owns a kayak."
    mem.update("priya", kayak.id, "The user sold the canoe.")
    texts = [h.text for h in hybrid_recall(mem, "priya", "kayak canoe", k=3)]
    assert "The user sold the canoe." in texts and "The user owns a kayak." not in texts
    mem.forget("priya", first.id)
    assert all(h.text != "The user is vegetarian." for h in hybrid_recall(mem, "priya", "vegetarian", k=3))
    budget = next(r for r in mem.memories("priya") if "budget" in r.text)
    mem.end("priya", budget.id)
    assert [h.text for h in hybrid_recall(mem, "priya", "budget", k=3)] == ["The user sold the canoe."]


def test_one_users_index_never_serves_another():
    from course_lib.long_term.hybrid import user_index

    mem = VectorMemory()
    mem.remember("priya", "Priya's flight LH2381 leaves Friday.")
    mem.remember("bob", "Bob's flight LH2381 is cancelled.")
    assert user_index(mem, "priya") is not user_index(mem, "bob")
    mem.remember("bob", "Bob has a second flight, LH9999.")  # a write for bob leaves priya's index alone
    priya = user_index(mem, "priya")
    assert user_index(mem, "priya") is priya
    assert [h.text for h in hybrid_recall(mem, "priya", "flight LH9999 LH2381", k=5)] == [
        "Priya's flight LH2381 leaves Friday."]
    assert all(h.text.startswith("Bob") for h in hybrid_recall(mem, "bob", "flight LH2381", k=5))


@pytest.mark.parametrize("backend", ["numpy", "chroma"])
def test_hybrid_sees_every_write_on_both_backends(backend):
    mem = VectorMemory(backend)  # the ids come from the store's own current_ids, on each backend
    mem.remember("priya", "The user is vegetarian.")
    assert hybrid_recall(mem, "priya", "vegetarian", k=1)[0].text == "The user is vegetarian."
    mem.remember("priya", "The user owns a kayak.")
    assert hybrid_recall(mem, "priya", "kayak", k=1)[0].text == "The user owns a kayak."
    assert mem.store.current_ids("priya", mem.clock.now()) == [r.id for r in mem.memories("priya")]


def test_search_keeps_the_fused_order_with_ties_by_id():
    from course_lib.ranking import top

    assert top(np.array([0.2, 0.9, 0.9, 0.1]), ["a", "c", "b", "d"], 2) == [2, 1]  # tie at 0.9: id 'b' first
    assert top(np.array([0.5, 0.5, 0.5]), ["c", "a", "b"], 2) == [1, 2]
    assert top(np.array([0.3]), ["a"], 5) == [0]

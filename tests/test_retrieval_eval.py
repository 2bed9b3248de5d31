"""Retrieval metrics over conversational data: hand-checked numbers, the datasets, determinism."""
from __future__ import annotations

import re

import numpy as np
import pytest

from course_lib.evaluation import retrieval as R
from course_lib.evaluation.generate import generate


def test_scores_on_a_hand_checked_case():
    # ranked: 3 first, then 1 (relevant, rank 2), ...; 5 (relevant) at rank 7; 8 never retrieved
    s = R.scores([3, 1, 0, 2, 4, 6, 5], frozenset({1, 5}))
    assert s == {"R@1": 0.0, "R@5": 0.5, "R@10": 1.0, "MRR": 0.5}
    assert R.scores([0, 1], frozenset({8})) == {"R@1": 0.0, "R@5": 0.0, "R@10": 0.0, "MRR": 0.0}
    assert R.scores([8] + list(range(11)), frozenset({8}))["MRR"] == 1.0


class Axis:
    """A model embedding each text as a 2-d vector: 'apple' -> x, 'pear' -> y (so the ranking is known)."""

    def embed(self, texts):
        return np.array([[t.count("apple") + 0.01, t.count("pear") + 0.01] for t in texts], dtype=np.float32)


def test_evaluate_a_tiny_dataset_by_hand():
    docs = [["apple pie", "pear tart", "zebra"]]
    data = R.Dataset("tiny", docs, [R.Case("apple", 0, frozenset({0})), R.Case("pear", 0, frozenset({1})),
                                    R.Case("zebra", 0, frozenset({2}))])
    vector = R.evaluate(data, R.Method("vector", 1.0), Axis())
    # apple -> x axis: "apple pie"; pear -> y axis: "pear tart"; zebra -> the diagonal, where only "zebra" lies
    assert vector == {"R@1": 1.0, "R@5": 1.0, "R@10": 1.0, "MRR": 1.0, "queries": 3}
    swapped = R.Dataset("tiny", docs, [R.Case("apple", 0, frozenset({1}))])  # the wrong document marked relevant
    assert R.evaluate(swapped, R.Method("vector", 1.0), Axis())["MRR"] == pytest.approx(1 / 3)
    bm25 = R.evaluate(data, R.Method("BM25", 0.0), Axis())
    assert bm25["R@1"] == 1.0 and bm25["MRR"] == 1.0  # every query word occurs in exactly its own document


def test_conversations_relevant_messages_match_the_evidence():
    bench = generate("tiny", seed=3)
    data = R.conversations("tiny", seed=3)
    asked = [q for q in bench.questions if q.needs]
    assert 0 < len(data.cases) <= len(asked) and all(c.kind != "irrelevant" for c in data.cases)
    users = sorted({s.user for s in bench.sessions})
    for case in data.cases:
        q = next(q for q in asked if q.text == case.query and users.index(q.user) == case.docs)
        docs = data.documents[case.docs]
        for i, text in enumerate(docs):
            assert (i in case.relevant) == any(re.search(p, text) for p in q.needs)
    own = {u: [m["content"] for s in bench.sessions if s.user == u for m in s.messages
               if m["role"] == "user" and m.get("content")] for u in users}
    assert data.documents == [own[u] for u in users]  # each user's own messages, nobody else's


def test_paraphrases_and_a_missing_file(tmp_path):
    data = R.paraphrases()
    assert len(data.documents) == 1 and len(data.cases) == len(data.documents[0])
    assert all(data.documents[0][i] == data.documents[0][sorted(c.relevant)[0]]
               for c in data.cases for i in c.relevant)
    with pytest.raises(FileNotFoundError, match="path="):
        R.paraphrases(tmp_path / "nope.jsonl")


def test_compare_is_deterministic_and_renders():
    data = R.conversations("tiny", seed=1)
    first, second = R.compare(data), R.compare(data)
    assert first == second and list(first) == ["BM25", "vector", "hybrid 70/30"]
    table = R.render(first, "tiny")
    assert table.splitlines()[2].startswith("| method | R@1 | R@5 | R@10 | MRR@10 |") and "| BM25 | " in table


def test_ceiling_lists_only_cases_cosine_gets_wrong():
    data = R.Dataset("t", [["apple pie", "apple apple pear", "pear"]], [R.Case("apple pear", 0, frozenset({2}))])

    def last_first(query, cands):
        return sorted(cands, key=lambda h: h.text != "pear")

    [ex] = R.ceiling(data, last_first, Axis())
    assert ex.wrong == "apple apple pear" and ex.right == "pear" and ex.cosine_wrong > ex.cosine_right
    assert ex.fixed and ex.reranked_first == "pear"
    assert R.ceiling(R.Dataset("t", data.documents, [R.Case("apple", 0, frozenset({0}))]), last_first, Axis()) == []


@pytest.mark.parametrize("build, says", [
    (lambda: R.Dataset("t", [["apple", "pear"]], [R.Case("apple", 0, {99})]), r"marks documents \[99\] relevant.*has 2"),
    (lambda: R.Dataset("t", [["apple"]], [R.Case("apple", 1, {0})]), "only 1; docs counts from 0"),
    (lambda: R.Case("apple", 0, set()), "non-empty set of positions"),
    (lambda: R.Case("apple", 0, 3), "non-empty set of positions"),
    (lambda: R.Case("", 0, {0}), "non-empty string"),
])
def test_a_case_that_cannot_be_scored_is_refused_with_what_to_fix(build, says):
    with pytest.raises(ValueError, match=says):
        build()
    assert R.Case("apple", 0, {0}).relevant == frozenset({0})  # a plain set is accepted and frozen

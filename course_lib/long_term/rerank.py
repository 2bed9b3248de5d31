"""Rerankers: reorder the fused top candidates of hybrid search (retrieve wide, then rerank).

    LateInteraction()   token-level max-sim over the offline embedder's static token vectors (no torch, no model
                        call): each query word finds its best-matching word in the memory, rare words count most
    LLMJudge(model)     asks a chat model which candidates answer the query, most useful first (prompts.RERANK);
                        offline, the rule-based model answers with readable rules (model/offline/rerank.py)

Both take (query, candidates) and return a new list holding the same candidates in a new order; the input list
is never changed. Use them as `HybridRetriever(docs, reranker=LateInteraction())` or
`hybrid_recall(memory, user, query, k, reranker=LLMJudge())`.

Why max-sim helps: a sentence embedding is the mean of its word vectors, so ordinary words decide much of it.
For "Which profession did I mention?" cosine puts "Thanks, that was helpful!" (0.203) above "I'm a hydrologist
by trade." (0.177); max-sim scores each query word on its own best match, weighted by how rare the word is, so
"profession" ~ "trade" is not averaged away (0.330 against 0.208). It still loses where the answer shares no
word-level meaning with the question ("Do you remember what I'm called?" -> "Quick intro: Priya").
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from course_lib.checks import check_number, is_whole
from course_lib.long_term.write_path import ModelOutputError, ask_json
from course_lib.model import prompts
from course_lib.model.lazy import LazyModel
from course_lib.ranking import dot, order


@lru_cache(maxsize=8192)
def token_vectors(text: str) -> tuple[np.ndarray, np.ndarray]:
    """The text's known tokens as unit vectors and their weights (the static vectors' lengths, larger when rarer)."""
    from course_lib.model.embedder import load_model

    model = load_model()
    ids = model.tokenize([text])[0]
    vectors = model.embedding[ids].astype(np.float32) if ids else np.zeros((0, model.dim), np.float32)
    norms = np.linalg.norm(vectors, axis=1)
    keep = norms > 0
    return vectors[keep] / norms[keep, None], norms[keep]


def max_sim(query: str, text: str, weight_power: float = 2.0) -> float:
    """Weighted mean over the query's tokens of their best cosine with any token of `text` (0 if either is empty)."""
    q, weights = token_vectors(query)
    d, _ = token_vectors(text)
    if not len(q) or not len(d):
        return 0.0
    w = weights ** weight_power
    return float(dot(w, dot(q, d.T).max(axis=1)) / w.sum())  # float64: the same on every machine (ranking.py)


def check_candidates(candidates: Any) -> list[Any]:
    """The candidates as a new list; each needs a `.text` (a hybrid `Hit`)."""
    if isinstance(candidates, (str, bytes)) or not isinstance(candidates, Sequence):
        raise TypeError(f"candidates must be a list of hits (with .text), got {type(candidates).__name__}")
    bad = [c for c in candidates if not isinstance(getattr(c, "text", None), str)]
    if bad:
        raise TypeError(f"every candidate needs a .text string (a hybrid Hit); got {bad[0]!r}")
    return list(candidates)


class LateInteraction:
    """Rerank by token-level max-sim with the offline static token vectors (ties keep the incoming order).

    weight_power: query tokens count by weight ** power. Chosen on the course's sets (evaluation/retrieval.py):
    2 beats plain weights (1) on both the conversations and the paraphrases; 3 is about the same as 2.
    """

    def __init__(self, weight_power: float = 2.0) -> None:
        self.weight_power = check_number(weight_power, "weight_power", 0)

    def __call__(self, query: str, candidates: Sequence[Any]) -> list[Any]:
        """The candidates, best max-sim first."""
        hits = check_candidates(candidates)
        scores = [max_sim(query, h.text, self.weight_power) for h in hits]
        return [hits[i] for i in order(scores)]


def numbered(candidates: Sequence[Any]) -> str:
    """Candidates as '[1] text' lines, the way the RERANK prompt lists them."""
    return "\n".join(f"[{n}] {' '.join(h.text.split())}" for n, h in enumerate(candidates, 1))


class LLMJudge:
    """Rerank by asking a chat model which candidates help answer the query, most useful first.

    Candidates the model names come first, in its order; the others keep their incoming order after them.
    """

    model = LazyModel()  # the chat model (the course Model unless one was given)

    def __init__(self, model: Any = None) -> None:
        self._model = model

    def __call__(self, query: str, candidates: Sequence[Any]) -> list[Any]:
        """The candidates, the ones the model picked first."""
        hits = check_candidates(candidates)
        if len(hits) < 2:
            return hits
        answer = ask_json(prompts.RERANK.render(query=query, candidates=numbered(hits)), self.model)
        ranking = answer.get("ranking")
        if isinstance(ranking, list):  # a model may write the numbers as text: ["2", "1"]
            ranking = [int(n) if isinstance(n, str) and n.strip().isdigit() else n for n in ranking]
        if not isinstance(ranking, list) or not all(is_whole(n) for n in ranking):
            raise ModelOutputError(f'the rerank answer needs "ranking": a list of candidate numbers, got {answer!r}')
        picked = list(dict.fromkeys(n - 1 for n in ranking if 1 <= n <= len(hits)))  # unknown numbers are ignored
        return [hits[i] for i in picked] + [h for i, h in enumerate(hits) if i not in set(picked)]

"""Hybrid retrieval: BM25 keyword scores fused with vector relevance (default 70 % vector, 30 % BM25).

    fused = alpha * cosine + (1 - alpha) * bm25_minmax

BM25 scores are min-max normalised per query (so the best keyword match scores 1); cosine is used as is.
An optional `reranker(query, candidates) -> candidates` reorders the fused top candidates (retrieve, then rerank).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from course_lib.model.lazy import LazyModel
from course_lib.scoring import min_max

Reranker = Callable[[str, list["Hit"]], list["Hit"]]
TOKEN = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Hit:
    """One retrieved document with its fused score and both parts."""

    index: int
    text: str
    score: float
    vector: float
    bm25: float
    id: str = ""


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens (the same for documents and queries)."""
    return TOKEN.findall(text.lower())


def bm25_scores(documents: Sequence[str], query: str) -> np.ndarray:
    """Raw BM25 score of every document for `query` (bm25s, Lucene variant)."""
    import bm25s

    corpus = [tokenize(d) or ["<empty>"] for d in documents]
    retriever = bm25s.BM25()
    retriever.index(corpus, show_progress=False)
    q = [t for t in tokenize(query) if t in retriever.vocab_dict]
    if not q:
        return np.zeros(len(documents))
    return np.asarray(retriever.get_scores(q), dtype=np.float64)


class HybridRetriever:
    """BM25 + vector search over a plain list of documents, with an optional reranker."""

    model = LazyModel()  # the model whose `.embed` gives the vectors (the course Model unless one was given)

    def __init__(self, documents: Sequence[str], model: Any = None, alpha: float = 0.7,
                 reranker: Reranker | None = None, ids: Sequence[str] | None = None,
                 embeddings: np.ndarray | None = None) -> None:
        if not 0 <= alpha <= 1:
            raise ValueError(f"alpha is the vector share and must be in [0, 1], got {alpha}")
        if not documents:
            raise ValueError("HybridRetriever needs at least one document")
        self.documents = [str(d) for d in documents]
        self.ids = [str(i) for i in ids] if ids is not None else [str(i) for i in range(len(documents))]
        self.alpha = alpha
        self.reranker = reranker
        self._model = model
        self.embeddings = embeddings if embeddings is not None else self._embed(self.documents)

    def _embed(self, texts: list[str]) -> np.ndarray:
        v = np.asarray(self.model.embed(texts), dtype=np.float32)
        return v / np.where(np.linalg.norm(v, axis=1, keepdims=True) == 0, 1, np.linalg.norm(v, axis=1, keepdims=True))

    def search(self, query: str, k: int = 3, alpha: float | None = None) -> list[Hit]:
        """The k best documents by fused score (then reranked, if a reranker is set)."""
        if not isinstance(k, int) or k < 1:
            raise ValueError(f"k must be a whole number >= 1, got {k!r}")
        a = self.alpha if alpha is None else alpha
        vec = self.embeddings @ self._embed([query])[0]
        kw = np.asarray(min_max(bm25_scores(self.documents, query).tolist(), equal=0.0))  # equal: no keyword evidence
        fused = a * vec + (1 - a) * kw
        order = sorted(range(len(self.documents)), key=lambda i: (-float(fused[i]), self.ids[i]))
        hits = [Hit(i, self.documents[i], float(fused[i]), float(vec[i]), float(kw[i]), self.ids[i]) for i in order]
        if self.reranker is not None:
            hits = list(self.reranker(query, hits[: max(k * 3, k)]))
        return hits[:k]


def hybrid_recall(memory: Any, user_id: str, query: str, k: int = 3, alpha: float = 0.7,
                  reranker: Reranker | None = None) -> list[Hit]:
    """Hybrid search over one user's current memories in a VectorMemory (reuses their stored embeddings)."""
    records = memory.memories(user_id)
    if not records:
        return []
    retriever = HybridRetriever([r.text for r in records], model=memory.model, alpha=alpha, reranker=reranker,
                                ids=[r.id for r in records], embeddings=np.stack([r.embedding for r in records]))
    return retriever.search(query, k)

"""Hybrid retrieval: BM25 keyword scores fused with vector relevance (default 70 % vector, 30 % BM25).

    fused = alpha * cosine + (1 - alpha) * bm25_minmax

BM25 scores are min-max normalised per query (so the best keyword match scores 1); cosine is used as is.
An optional `reranker(query, candidates) -> candidates` reorders the fused top candidates (retrieve, then
rerank; see `rerank` for two rerankers).

The BM25 index is built once per document set, never per query. `hybrid_recall` keeps one retriever per
user of a VectorMemory, keyed by the ids of that user's current memories: a remember, update, end or forget
changes the ids, so the next recall rebuilds that user's index (and only theirs), reusing the vectors of the
memories it already had.
"""
from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from course_lib.long_term.checks import check_user
from course_lib.model.lazy import LazyModel

Reranker = Callable[[str, list["Hit"]], list["Hit"]]
TOKEN = re.compile(r"[a-z0-9]+")
POOL = 3  # a reranker sees POOL * k fused candidates


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


class KeywordIndex:
    """A BM25 index (bm25s, Lucene variant) over a fixed list of documents, built once."""

    def __init__(self, documents: Sequence[str]) -> None:
        import bm25s

        self.size = len(documents)
        self._bm25 = bm25s.BM25()
        self._bm25.index([tokenize(d) or ["<empty>"] for d in documents], show_progress=False)

    def scores(self, query: str) -> np.ndarray:
        """Raw BM25 score of every document for `query` (all 0 if no query word occurs anywhere)."""
        words = [t for t in tokenize(query) if t in self._bm25.vocab_dict]
        if not words:
            return np.zeros(self.size)
        return np.asarray(self._bm25.get_scores(words), dtype=np.float64)


def bm25_scores(documents: Sequence[str], query: str) -> np.ndarray:
    """Raw BM25 score of every document for `query` (indexes the documents: for one-off use)."""
    return KeywordIndex(documents).scores(query)


def unit_rows(vectors: Any) -> np.ndarray:
    """Vectors as float32 rows of length 1 (zero rows stay zero)."""
    v = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(v, axis=-1, keepdims=True)
    return v / np.where(norms == 0, 1, norms)


def top(scores: np.ndarray, ids: Sequence[str], n: int) -> list[int]:
    """Indices of the n best scores, best first, ties by id (only the candidates near the cut are sorted)."""
    if n < len(scores):
        cut = np.partition(scores, len(scores) - n)[len(scores) - n]  # the n-th best score
        candidates = np.flatnonzero(scores >= cut)  # ties at the cut included, so the id order decides
    else:
        candidates = np.arange(len(scores))
    return sorted((int(i) for i in candidates), key=lambda i: (-float(scores[i]), ids[i]))[:n]


class HybridRetriever:
    """BM25 + vector search over a plain list of documents, with an optional reranker."""

    model = LazyModel()  # the model whose `.embed` gives the vectors (the course Model unless one was given)

    def __init__(self, documents: Sequence[str], model: Any = None, alpha: float = 0.7,
                 reranker: Reranker | None = None, ids: Sequence[str] | None = None,
                 embeddings: np.ndarray | None = None) -> None:
        check_alpha(alpha)
        if not documents:
            raise ValueError("HybridRetriever needs at least one document")
        self.documents = [str(d) for d in documents]
        self.ids = [str(i) for i in ids] if ids is not None else [str(i) for i in range(len(documents))]
        if len(self.ids) != len(self.documents):
            raise ValueError(f"ids has {len(self.ids)} values for {len(self.documents)} documents; "
                             "give one per document")
        self.alpha = alpha
        self.reranker = reranker
        self._model = model
        self.embeddings = unit_rows(embeddings if embeddings is not None else self.model.embed(self.documents))
        self.keywords = KeywordIndex(self.documents)

    def search(self, query: str, k: int = 3, alpha: float | None = None,
               reranker: Reranker | None = None) -> list[Hit]:
        """The k best documents by fused score, then reranked (the given reranker, else the retriever's)."""
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise ValueError(f"k must be a whole number >= 1, got {k!r}")
        if not isinstance(query, str) or not query.strip():
            raise ValueError(f"query must be non-empty text, got {query!r}")
        a = self.alpha if alpha is None else check_alpha(alpha)
        rerank = reranker or self.reranker
        if rerank is not None and not callable(rerank):
            raise TypeError(f"reranker must be a function (query, hits) -> hits, got {rerank!r}")
        vec = self.embeddings @ unit_rows(self.model.embed([query]))[0]
        raw = self.keywords.scores(query)
        lo, hi = float(raw.min()), float(raw.max())  # scoring.min_max(equal=0) in numpy: a Python loop over
        kw = np.zeros_like(raw) if hi == lo else (raw - lo) / (hi - lo)  # 10k scores costs more than the search
        fused = a * vec + (1 - a) * kw
        order = top(fused, self.ids, POOL * k if rerank else k)
        hits = [Hit(i, self.documents[i], float(fused[i]), float(vec[i]), float(kw[i]), self.ids[i]) for i in order]
        return list(rerank(query, list(hits)))[:k] if rerank else hits


def check_alpha(alpha: Any) -> float:
    """The vector share, checked to be a number in [0, 1]."""
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 <= alpha <= 1:
        raise ValueError(f"alpha is the vector share and must be in [0, 1], got {alpha!r}")
    return float(alpha)


# one retriever per (memory, user), dropped with the memory object
_INDEXES: "weakref.WeakKeyDictionary[Any, dict[str, HybridRetriever]]" = weakref.WeakKeyDictionary()


def current_ids(memory: Any, user_id: str) -> tuple[list[str], list[Any] | None]:
    """The ids of this user's current memories, and their records if getting the ids needed them anyway."""
    probe = getattr(memory.store, "current_ids", None)  # a store that can list ids without building records
    if probe is None:
        records = memory.memories(user_id)
        return [r.id for r in records], records
    ids = list(probe(user_id, memory.clock.now()))
    return ids, None if ids else memory.memories(user_id)  # memories() also refuses a near-miss user id


def user_index(memory: Any, user_id: str) -> HybridRetriever | None:
    """This user's retriever, rebuilt only when the ids of their current memories changed (None: no memories)."""
    ids, records = current_ids(memory, check_user(user_id))
    if not ids:
        return None
    per_user = _INDEXES.setdefault(memory, {})
    old = per_user.get(user_id)
    if old is not None and old.ids == ids:  # the same string objects: a cheap comparison
        return old
    if records is None:  # only the memories the old index lacks are read from the store
        known = {} if old is None else {i: n for n, i in enumerate(old.ids)}
        fresh = {r.id: r for r in memory.store.get(user_id, [i for i in ids if i not in known])}
        texts = [old.documents[known[i]] if i in known else fresh[i].text for i in ids]
        vectors = [old.embeddings[known[i]] if i in known else fresh[i].embedding for i in ids]
    else:
        texts, vectors = [r.text for r in records], [r.embedding for r in records]
    per_user[user_id] = HybridRetriever(texts, model=memory.model, ids=ids, embeddings=np.stack(vectors))
    return per_user[user_id]


def hybrid_recall(memory: Any, user_id: str, query: str, k: int = 3, alpha: float = 0.7,
                  reranker: Reranker | None = None) -> list[Hit]:
    """Hybrid search over one user's current memories in a VectorMemory (their stored vectors, a cached index)."""
    retriever = user_index(memory, user_id)
    return [] if retriever is None else retriever.search(query, k, alpha=alpha, reranker=reranker)

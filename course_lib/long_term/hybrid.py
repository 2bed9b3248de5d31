"""Hybrid retrieval: BM25 keyword scores fused with vector relevance (default 70 % vector, 30 % BM25).

    fused = alpha * cosine + (1 - alpha) * bm25_minmax

BM25 scores are min-max normalised per query (so the best keyword match scores 1); cosine is used as is.
An optional `reranker(query, candidates) -> candidates` reorders the fused top candidates (retrieve, then
rerank; see `rerank` for two rerankers).

`HybridRetriever` indexes a fixed list of documents once (bm25s), never per query. `hybrid_recall` keeps one
`UserIndex` per user of a VectorMemory: the stored vectors of their current memories and a BM25 that updates
in place (`keyword.LiveBM25`). A remember, update, end or forget changes the user's current ids, and the next
recall adds or drops just those memories: nothing is indexed twice.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from course_lib.checks import check_k, check_number, check_user
from course_lib.long_term.keyword import LiveBM25, tokenize  # noqa: F401  (tokenize is also hybrid.tokenize)
from course_lib.model.lazy import LazyModel
from course_lib.ranking import candidates, screen, similarities, slack, top

Reranker = Callable[[str, list["Hit"]], list["Hit"]]
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
        rerank = reranker or self.reranker
        check_search(query, k, rerank)
        a = self.alpha if alpha is None else check_alpha(alpha)
        q = unit_rows(self.model.embed([query]))[0]
        return fuse(query, self.embeddings, q, self.keywords.scores(query), self.documents, self.ids, k, a, rerank)


def fuse(query: str, vectors: np.ndarray, q: np.ndarray, raw: np.ndarray, documents: Sequence[str],
         ids: Sequence[str], k: int, alpha: float, rerank: Reranker | None) -> list[Hit]:
    """alpha * cosine + (1 - alpha) * min-max(BM25), the best k (or POOL * k for the reranker), reranked.

    The cosines of every row come from one fast float32 product; those that can reach the top are scored again
    in float64, and only those exact scores decide and are shown (ranking.py: the same order on every machine)."""
    lo, hi = float(raw.min()), float(raw.max())  # scoring.min_max(equal=0) in numpy: a Python loop over
    kw = np.zeros_like(raw) if hi == lo else (raw - lo) / (hi - lo)  # 10k scores costs more than the search
    n = POOL * k if rerank else k
    pool = candidates(alpha * screen(vectors, q) + (1 - alpha) * kw, n, alpha * slack(vectors.shape[-1]))
    vec = similarities(vectors[pool], q)
    fused = alpha * vec + (1 - alpha) * kw[pool]
    best = top(fused, [ids[i] for i in pool], n)
    hits = [Hit(int(pool[j]), documents[pool[j]], float(fused[j]), float(vec[j]), float(kw[pool[j]]), ids[pool[j]])
            for j in best]
    return list(rerank(query, list(hits)))[:k] if rerank else hits


def check_search(query: Any, k: Any, reranker: Any) -> None:
    """Raise a clear error for a query that is not text, a k that is not a whole number >= 1, or a reranker
    that is not a function."""
    check_k(k)
    if not isinstance(query, str) or not query.strip():
        raise ValueError(f"query must be non-empty text, got {query!r}")
    if reranker is not None and not callable(reranker):
        raise TypeError(f"reranker must be a function (query, hits) -> hits, got {reranker!r}")


def check_alpha(alpha: Any) -> float:
    """The vector share, checked to be a number in [0, 1]."""
    return check_number(alpha, "alpha", 0, 1, hint=" (the vector share)")


# one index per (memory, user), dropped with the memory object
_INDEXES: "weakref.WeakKeyDictionary[Any, dict[str, UserIndex]]" = weakref.WeakKeyDictionary()


class UserIndex:
    """One user's current memories for hybrid search: their stored vectors and a BM25 that updates in place.

    `sync` compares the ids of the user's current memories with the indexed ones and adds or drops only the
    difference, so a recall after a remember indexes one memory, not all of them again."""

    def __init__(self) -> None:
        self.ids: list[str] = []  # the user's current memory ids, oldest first (the order of Hit.index)
        self.rows: dict[str, int] = {}  # id -> row in `vectors` and `keywords`
        self.texts: list[str] = []  # by row
        self.vectors = np.zeros((0, 0), dtype=np.float32)  # unit rows, by row
        self.keywords = LiveBM25()

    def sync(self, memory: Any, user_id: str, ids: list[str]) -> None:
        """Index exactly the memories `ids` (adding the new ones, dropping those gone), in that order."""
        if ids == self.ids and self.ids:
            return
        gone = set(self.rows) - set(ids)
        if len(gone) > len(ids):  # mostly different: start again rather than leave many holes
            self.__init__()
            gone = set()
        for i in gone:
            self.keywords.remove(self.rows.pop(i))
        new = [i for i in ids if i not in self.rows]
        if new:
            records = {r.id: r for r in memory.store.get(user_id, new)}
            first = len(self.texts)
            vectors = unit_rows(np.stack([records[i].embedding for i in new]))
            self.vectors = vectors if not len(self.vectors) else np.vstack([self.vectors, vectors])
            for n, i in enumerate(new):
                self.rows[i] = first + n
                self.texts.append(records[i].text)
                self.keywords.add(first + n, records[i].text)
        self.ids = list(ids)
        # rows in the order of `ids`, and those rows' vectors and texts, kept until the ids change again
        self.order = np.fromiter((self.rows[i] for i in self.ids), dtype=np.int64, count=len(self.ids))
        self.ordered_vectors = self.vectors[self.order]
        self.ordered_texts = [self.texts[r] for r in self.order]

    def search(self, model: Any, query: str, k: int, alpha: float, reranker: Reranker | None) -> list[Hit]:
        """The k best current memories by fused score (Hit.index is the position in `ids`)."""
        q = unit_rows(model.embed([query]))[0]
        raw = self.keywords.scores(query, len(self.texts))[self.order]
        return fuse(query, self.ordered_vectors, q, raw, self.ordered_texts, self.ids, k, alpha, reranker)


def current_ids(memory: Any, user_id: str) -> list[str]:
    """The ids of this user's current memories, oldest first (KeyError for a near-miss user id with none)."""
    ids = memory.store.current_ids(user_id, memory.clock.now())  # the ids alone, without building records
    return ids or [r.id for r in memory.memories(user_id)]  # memories() also refuses a near-miss user id


def user_index(memory: Any, user_id: str) -> UserIndex | None:
    """This user's index, brought up to date with their current memories (None: no memories)."""
    ids = current_ids(memory, check_user(user_id))
    if not ids:
        return None
    index = _INDEXES.setdefault(memory, {}).setdefault(user_id, UserIndex())
    index.sync(memory, user_id, ids)
    return index


def hybrid_recall(memory: Any, user_id: str, query: str, k: int = 3, alpha: float = 0.7,
                  reranker: Reranker | None = None) -> list[Hit]:
    """Hybrid search over one user's current memories in a VectorMemory (their stored vectors, a live index)."""
    check_search(query, k, reranker)
    index = user_index(memory, user_id)
    return [] if index is None else index.search(memory.model, query, k, check_alpha(alpha), reranker)

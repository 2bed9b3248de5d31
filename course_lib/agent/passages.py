"""The passages of a long text that matter for a query: sentences ranked by keywords (BM25) and meaning (embeddings).

    rank_passages(page, "until when can I book Linse & Lauch on Friday?")[0].text
    # 'Linse & Lauch takes Friday bookings only until 17:00 on the same day, and its kitchen closes at 21:30.'

Each sentence gets ``alpha * cosine + (1 - alpha) * bm25``, with BM25 min-max scaled so the best keyword
match scores 1 and the cosine from the offline embedder (course_lib.model.embedder). Only sentences that
score at least `min_share` of the best one count as relevant, so a page with one answer yields one passage.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from course_lib.ranking import order, rank_key, similarities

SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)", re.M)  # a run of text up to . ! ? or the end of a line


@dataclass(frozen=True)
class Passage:
    """One sentence of a text: where it sits (character offsets) and how relevant it is to the query."""

    start: int
    end: int
    text: str
    score: float = 0.0


def split_passages(text: str, start: int = 0, end: int | None = None) -> list[Passage]:
    """The sentences of text[start:end], each with its character span in `text`."""
    end = len(text) if end is None else end
    out = []
    for m in SENTENCE.finditer(text, start, end):
        stripped = m.group(0).strip()
        if stripped:
            s = m.start() + m.group(0).index(stripped)
            out.append(Passage(s, s + len(stripped), stripped))
    return out


def rank_passages(text: str, query: str, start: int = 0, end: int | None = None, alpha: float = 0.5,
                  min_share: float = 0.5) -> list[Passage]:
    """Relevant sentences of text[start:end] for `query`, best first (ties: earlier first)."""
    from course_lib.long_term.hybrid import bm25_scores
    from course_lib.model import embedder

    if not isinstance(query, str) or not query.strip():
        raise ValueError("query must be a non-empty text, e.g. the user's request")
    if not 0 <= alpha <= 1:
        raise ValueError(f"alpha weighs embedding similarity against BM25 and must be in [0, 1], got {alpha!r}")
    if not 0 < min_share <= 1:
        raise ValueError(f"min_share is a fraction of the best score in (0, 1], got {min_share!r}")
    passages = split_passages(text, start, end)
    if not passages:
        return []
    docs = [p.text for p in passages]
    bm25 = bm25_scores(docs, query)
    keyword = (bm25 - bm25.min()) / (bm25.max() - bm25.min()) if bm25.max() > bm25.min() else np.zeros(len(docs))
    cosine = similarities(embedder.embed(docs), embedder.embed([query])[0]) if alpha else np.zeros(len(docs))
    score = alpha * cosine + (1 - alpha) * keyword
    best = float(score.max())
    if best <= 0:
        return []
    return [Passage(passages[i].start, passages[i].end, passages[i].text, float(score[i]))
            for i in order(score) if rank_key(score[i]) >= rank_key(min_share * best)]

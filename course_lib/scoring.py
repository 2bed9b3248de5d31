"""Scoring memories for retrieval: recency, importance and relevance, blended by weights.

    recency = decay ** hours_since_last_use
    score   = w_rec * recency + w_imp * importance + w_rel * relevance

`recency` and `score` take one memory; `recencies` and `score` itself (which works element by element on numpy
arrays) score every memory of a store at once, the same formula (tests/test_scoring.py checks they agree).
The Berlin-dinner example of lesson 06 lives here as data, so every lesson and test uses the same numbers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np

from course_lib.checks import check_number, check_whole
from course_lib.ranking import rank_key


def recency(hours: float, decay: float = 0.99) -> float:
    """How fresh a memory is: `decay ** hours` (1.0 now, falling towards 0 as it ages)."""
    hours = check_number(hours, "hours", 0, hint=" (time since the memory was last used)")
    return check_decay(decay) ** hours


def recencies(hours: np.ndarray, decay: float = 0.99) -> np.ndarray:
    """`recency` of many memories at once: `decay ** hours` element by element (a float64 array)."""
    hours = np.asarray(hours, dtype=np.float64)
    if np.isnan(hours).any() or (hours < 0).any():
        raise ValueError("hours must be numbers >= 0 (time since each memory was last used); "
                         f"got {hours[np.isnan(hours) | (hours < 0)][0]}")
    return np.power(check_decay(decay), hours)


def check_decay(decay: float) -> float:
    """`decay` as a float if 0 < decay <= 1, else a clear error."""
    return check_number(decay, "decay", 0, 1, low_open=True, hint=" (the fraction kept per hour, e.g. 0.99)")


@dataclass(frozen=True)
class Weights:
    """How much each of the three terms counts in the score."""

    recency: float = 1.0
    importance: float = 1.0
    relevance: float = 1.0

    def __post_init__(self) -> None:
        for name in ("recency", "importance", "relevance"):
            check_number(getattr(self, name), f"weight {name}", 0)
        if self.recency == self.importance == self.relevance == 0:
            raise ValueError("all three weights are 0, so every memory would score 0 and the order would mean "
                             "nothing; give at least one weight > 0, e.g. Weights(recency=0, importance=0, relevance=1)")


def check_weights(weights: Any) -> Weights:
    """`weights` if it is a Weights, else a TypeError that shows how to write one."""
    if isinstance(weights, Weights):
        return weights
    if isinstance(weights, (tuple, list)) and len(weights) == 3:
        r, i, v = weights
        raise TypeError(f"weights must be a Weights, got the {type(weights).__name__} {tuple(weights)!r}; "
                        f"name each weight so none is taken for another: Weights(recency={r!r}, importance={i!r}, "
                        f"relevance={v!r})")
    raise TypeError(f"weights must be a Weights such as Weights(recency=1, importance=1, relevance=2), "
                    f"got {type(weights).__name__} {weights!r:.60}")


def score(recency: float, importance: float, relevance: float, weights: Weights = Weights()) -> float:
    """The weighted sum w_rec*recency + w_imp*importance + w_rel*relevance (of numbers, or of numpy arrays
    element by element)."""
    weights = check_weights(weights)
    return weights.recency * recency + weights.importance * importance + weights.relevance * relevance


@dataclass(frozen=True)
class Candidate:
    """A memory to be ranked: its text, age in hours, importance (0..1) and relevance to the query."""

    text: str
    hours: float
    importance: float
    relevance: float
    id: str = ""

    @property
    def key(self) -> str:
        """What breaks ties: the id, or the text when there is no id."""
        return self.id or self.text


@dataclass(frozen=True)
class Scored:
    """One ranked row: the candidate, its three (possibly normalised) terms and the total score."""

    candidate: Candidate
    recency: float
    importance: float
    relevance: float
    score: float

    @property
    def text(self) -> str:
        """The candidate's text."""
        return self.candidate.text


@dataclass(frozen=True)
class Variant:
    """A published scoring recipe: weights, decay per hour, and whether terms are min-max normalised."""

    name: str
    weights: Weights
    decay: float
    normalise: bool
    source: str


VARIANTS: dict[str, Variant] = {
    "course": Variant("course", Weights(1.0, 1.0, 1.0), 0.99, False,
                      "the lesson script: equal weights, 0.99 per hour"),
    "relevance_first": Variant("relevance_first", Weights(recency=0.25, importance=0.15, relevance=0.6), 0.98, False,
                               "a practitioner's blog: 0.6 relevance, 0.25 recency, 0.15 importance, 0.98 per hour"),
    "generative_agents": Variant("generative_agents", Weights(1.0, 1.0, 1.0), 0.995, True,
                                 "Park et al. 2023: equal weights, 0.995 per hour, each term min-max normalised"),
}

BERLIN_QUERY = "suggest a dinner place in Berlin"
BERLIN_MEMORIES: tuple[Candidate, ...] = (
    Candidate("user is vegetarian", hours=48, importance=0.9, relevance=0.82, id="A"),
    Candidate("asked about weather", hours=24, importance=0.2, relevance=0.3, id="B"),
    Candidate("flight to Berlin Friday", hours=2, importance=0.8, relevance=0.7, id="C"),
)


def min_max(values: Sequence[float], equal: float = 0.5) -> list[float]:
    """Rescale values to [0, 1]; if they are all equal, every value becomes `equal` (0.5: no information)."""
    lo, hi = min(values), max(values)
    if hi - lo == 0:
        return [equal for _ in values]
    return [(v - lo) / (hi - lo) for v in values]


def as_candidate(row: Any) -> Candidate:
    """Accept a Candidate, or a dict / object with text, hours, importance and relevance."""
    if isinstance(row, Candidate):
        return row
    get = row.get if isinstance(row, dict) else (lambda k, d=None: getattr(row, k, d))
    try:
        return Candidate(text=str(get("text")), hours=float(get("hours")), importance=float(get("importance")),
                         relevance=float(get("relevance")), id=str(get("id", "") or ""))
    except (TypeError, ValueError):
        raise TypeError(f"cannot rank {row!r}: it needs text, hours, importance and relevance") from None


def rank(candidates: Iterable[Any], weights: Weights = Weights(), decay: float = 0.99,
         threshold: float | None = None, k: int | None = None, normalise: bool = False) -> list[Scored]:
    """Score candidates, best first (ties: by id/text), keep those >= threshold, then the top k."""
    weights = check_weights(weights)
    rows = [as_candidate(c) for c in candidates]
    if k is not None:
        check_whole(k, "k", 1, hint=" (or None for all)")
    check_decay(decay)
    if not rows:
        return []
    rec = [recency(c.hours, decay) for c in rows]
    imp = [c.importance for c in rows]
    rel = [c.relevance for c in rows]
    if normalise:  # as in generative agents: each term rescaled across the candidates
        rec, imp, rel = min_max(rec), min_max(imp), min_max(rel)
    scored = [Scored(c, r, i, v, score(r, i, v, weights)) for c, r, i, v in zip(rows, rec, imp, rel)]
    scored.sort(key=lambda s: (-rank_key(s.score), s.candidate.key))  # ranking.py: equal to 6 decimals is a tie
    if threshold is not None:
        scored = [s for s in scored if s.score >= threshold]
    return scored[:k] if k is not None else scored

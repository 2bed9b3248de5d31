"""Recall@k of the course's retrievers on a public benchmark file (LongMemEval or LoCoMo), at session and turn level.

Every turn of a haystack is a document; each question searches only its own haystack (its user's history),
with BM25, vector and the 70/30 hybrid of lesson 09. Then, for k in KS:

    turn R@k      share of the question's evidence turns among the k best-ranked turns
    session R@k   share of its evidence sessions among the first k distinct sessions in that ranking
                  (a session ranks where its best turn ranks)

averaged over the questions that have evidence of that level (abstention questions have none and are skipped).
This is LongMemEval's "recall" at both levels; its any/all variants ask whether one / every evidence item is in
the top k, and on a single evidence item all three agree.

    data = load("longmemeval_s.json")
    print(render(evaluate(data)))
"""
from __future__ import annotations

from typing import Any, Sequence

from course_lib.evaluation.public import PublicSet
from course_lib.evaluation.retrieval import Memo, Method, methods
from course_lib.long_term.hybrid import HybridRetriever

KS = (1, 5, 10)


def recall_at(ranked: Sequence[str], relevant: frozenset[str], k: int) -> float:
    """Share of `relevant` ids among the first k of `ranked` (relevant must not be empty)."""
    if not relevant:
        raise ValueError("recall needs at least one relevant id; skip questions without evidence")
    return len(relevant.intersection(ranked[:k])) / len(relevant)


def sessions_ranked(turn_ids: Sequence[str], session_of: dict[str, str]) -> list[str]:
    """Distinct sessions in the order their best turn appears in a turn ranking."""
    return list(dict.fromkeys(session_of[t] for t in turn_ids))


def evaluate(data: PublicSet, chosen: Sequence[Method] | None = None, model: Any = None,
             ks: Sequence[int] = KS, limit: int | None = None) -> dict[str, dict[str, float]]:
    """Turn and session R@k per method (by name), plus how many questions each level averaged over."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be a positive number of questions, got {limit}")
    asked = [q for q in data.questions if q.sessions or q.turns][:limit]
    if not asked:
        raise ValueError(f"{data.source}: no question has evidence ids, so there is nothing to recall")
    memo, retrievers = Memo(model), {}
    chosen = list(chosen or methods())
    sums = {m.name: {f"{level} R@{k}": 0.0 for level in ("session", "turn") for k in ks} for m in chosen}
    n_turn = sum(bool(q.turns) for q in asked)
    for q in asked:
        turns = data.haystacks[q.haystack]
        if q.haystack not in retrievers:
            retrievers[q.haystack] = HybridRetriever([t.text for t in turns], model=memo, ids=[t.id for t in turns])
        session_of = {t.id: t.session for t in turns}
        for m in chosen:
            ranked = [h.id for h in retrievers[q.haystack].search(q.text, len(turns), alpha=m.alpha)]
            for k in ks:
                if q.sessions:
                    sums[m.name][f"session R@{k}"] += recall_at(sessions_ranked(ranked, session_of), q.sessions, k)
                if q.turns:
                    sums[m.name][f"turn R@{k}"] += recall_at(ranked, q.turns, k)
    n_session = sum(bool(q.sessions) for q in asked)
    out = {}
    for name, s in sums.items():
        out[name] = {key: (v / (n_session if key.startswith("session") else n_turn)
                           if (n_session if key.startswith("session") else n_turn) else float("nan"))
                     for key, v in s.items()}
        out[name].update({"questions (session)": n_session, "questions (turn)": n_turn})
    return out


def render(table: dict[str, dict[str, float]], title: str = "") -> str:
    """A plain-text table of `evaluate`'s result, one row per method."""
    keys = [k for k in next(iter(table.values())) if "R@" in k]
    head = ["method"] + keys
    rows = [[name] + ["-" if v != v else f"{v:.1%}" for v in (s[k] for k in keys)] for name, s in table.items()]
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    fmt = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    first = next(iter(table.values()))
    counts = (f"averaged over {first['questions (session)']:.0f} questions with evidence sessions and "
              f"{first['questions (turn)']:.0f} with evidence turns")
    lines = ([title] if title else []) + [fmt(head), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows]
    return "\n".join(lines + [counts])

"""Retrieval quality on conversational data: R@1, R@5, R@10 and MRR@10 of BM25, vector, hybrid and reranking.

Two datasets, each a list of queries over document sets with the relevant documents known:

    conversations   the benchmark (generate.py): one user's messages are the documents; a question's relevant
                    documents are the messages its evidence patterns match (questions without evidence skipped)
    paraphrases     the course's hand-written set (tools/data/retrieval_eval.jsonl): every query searches all
                    the remembered facts, and its own fact is the relevant one

R@k is the share of a query's relevant documents found in its top k (for one relevant document: found or not),
averaged over queries; MRR@10 is 1 / rank of the first relevant document in the top 10 (0 if none).

    table = compare(conversations(), methods(rerankers()))       # lesson 09
    print(render(table))
    print(report())                                               # both datasets, every method
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from course_lib.checks import check_whole, is_whole
from course_lib.evaluation.generate import generate
from course_lib.evaluation.strategies import user_texts
from course_lib.long_term.hybrid import HybridRetriever, Reranker
from course_lib.long_term.rerank import LateInteraction, LLMJudge
from course_lib.model.lazy import LazyModel

KS = (1, 5, 10)
PARAPHRASES = Path(__file__).resolve().parents[2] / "tools" / "data" / "retrieval_eval.jsonl"


@dataclass(frozen=True)
class Case:
    """One query over one document set, with the positions of its relevant documents."""

    query: str
    docs: int  # which document set of the dataset it searches
    relevant: frozenset[int]
    kind: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.query, str) or not self.query.strip():
            raise ValueError(f"query must be the question as a non-empty string, got {self.query!r}")
        check_whole(self.docs, "docs", 0, hint=" (the position of the document set this query searches: 0, 1, …)")
        if isinstance(self.relevant, (str, int)) or not self.relevant or not all(
                is_whole(i) and i >= 0 for i in self.relevant):
            raise ValueError(f"relevant is a non-empty set of positions of relevant documents, e.g. {{0, 3}}; got "
                             f"{self.relevant!r}")
        object.__setattr__(self, "relevant", frozenset(self.relevant))


@dataclass(frozen=True)
class Dataset:
    """Document sets and the queries asked of them."""

    name: str
    documents: list[list[str]]
    cases: list[Case]

    def __post_init__(self) -> None:
        for n, case in enumerate(self.cases):  # a relevant position past the end would score 0 without a word
            if case.docs >= len(self.documents):
                raise ValueError(f"case {n} ({case.query!r}) searches document set {case.docs}, but there are only "
                                 f"{len(self.documents)}; docs counts from 0")
            size = len(self.documents[case.docs])
            past = sorted(i for i in case.relevant if i >= size)
            if past:
                raise ValueError(f"case {n} ({case.query!r}) marks documents {past} relevant, but its document set "
                                 f"has {size} (positions 0 to {size - 1})")


@dataclass(frozen=True)
class Method:
    """A way to rank: the vector share of the fused score and an optional reranker."""

    name: str
    alpha: float
    reranker: Reranker | None = None


def methods(rerankers: dict[str, Reranker] | None = None) -> list[Method]:
    """BM25 alone, vector alone, hybrid 70/30, and hybrid followed by each reranker given (name -> reranker)."""
    base = [Method("BM25", 0.0), Method("vector", 1.0), Method("hybrid 70/30", 0.7)]
    return base + [Method(f"hybrid + {name}", 0.7, r) for name, r in (rerankers or {}).items()]


def rerankers(model: Any = None) -> dict[str, Reranker]:
    """The course's two rerankers by name: late interaction (offline) and the LLM judge (through `model`)."""
    return {"late interaction": LateInteraction(), "LLM judge": LLMJudge(model)}


def conversations(size: str | tuple[int, int] = "standard", seed: int = 7) -> Dataset:
    """The benchmark's questions with evidence, each over its user's own messages (all sessions, in order)."""
    bench = generate(size, seed)
    docs: dict[str, list[str]] = {}
    for session in bench.sessions:
        docs.setdefault(session.user, []).extend(user_texts(session))
    users = sorted(docs)
    cases = []
    for q in bench.questions:
        relevant = frozenset(i for i, text in enumerate(docs[q.user]) if any(re.search(p, text) for p in q.needs))
        if relevant:
            cases.append(Case(q.text, users.index(q.user), relevant, q.kind))
    return Dataset(f"conversations ({bench.size}, seed {seed})", [docs[u] for u in users], cases)


def paraphrases(path: str | Path = PARAPHRASES) -> Dataset:
    """The course's query/fact pairs: every query searches all facts; a fact stated twice is relevant twice."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no retrieval set at {path}; pass path= to the retrieval_eval.jsonl of the course")
    pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    facts = [p["positive"] for p in pairs]
    cases = [Case(p["query"], 0, frozenset(j for j, f in enumerate(facts) if f == p["positive"]), "paraphrase")
             for p in pairs]
    return Dataset(f"paraphrases ({len(pairs)} pairs)", [facts], cases)


class Memo:
    """Wraps a model so each distinct text is embedded once (documents and queries are searched many times)."""

    model = LazyModel()

    def __init__(self, model: Any = None) -> None:
        self._model = model
        self.cache: dict[str, np.ndarray] = {}

    def embed(self, texts: list[str]) -> np.ndarray:
        """Embeddings of `texts`, new ones in one call to the model."""
        new = list(dict.fromkeys(t for t in texts if t not in self.cache))
        if new:
            self.cache.update(zip(new, np.asarray(self.model.embed(new), dtype=np.float32)))
        return np.stack([self.cache[t] for t in texts])


def scores(ranked: Sequence[int], relevant: frozenset[int]) -> dict[str, float]:
    """R@1/5/10 and MRR@10 of one ranked list of document positions."""
    out = {f"R@{k}": len(relevant.intersection(ranked[:k])) / len(relevant) for k in KS}
    first = next((n for n, i in enumerate(ranked[:10]) if i in relevant), None)
    out["MRR"] = 0.0 if first is None else 1.0 / (first + 1)
    return out


def rankings(data: Dataset, method: Method, model: Any = None, k: int = 10) -> list[list[int]]:
    """The top k document positions of every case under one method."""
    memo = model if isinstance(model, Memo) else Memo(model)
    memo.embed([c.query for c in data.cases])  # every query in one call
    retrievers = [HybridRetriever(d, model=memo) for d in data.documents]
    return [[h.index for h in retrievers[c.docs].search(c.query, k, alpha=method.alpha, reranker=method.reranker)]
            for c in data.cases]


def evaluate(data: Dataset, method: Method, model: Any = None) -> dict[str, float]:
    """Mean R@1, R@5, R@10 and MRR@10 of one method over a dataset (plus the number of queries)."""
    rows = [scores(r, c.relevant) for r, c in zip(rankings(data, method, model), data.cases)]
    return {**{key: float(np.mean([r[key] for r in rows])) for key in rows[0]}, "queries": len(rows)}


def compare(data: Dataset, chosen: Sequence[Method] | None = None, model: Any = None) -> dict[str, dict[str, float]]:
    """Every method's scores on one dataset, by method name (the embeddings are computed once for all)."""
    memo = Memo(model)
    return {m.name: evaluate(data, m, memo) for m in (chosen or methods())}


def render(table: dict[str, dict[str, float]], title: str = "") -> str:
    """A Markdown table of `compare`'s result."""
    lines = [f"**{title}**", ""] if title else []
    lines += ["| method | R@1 | R@5 | R@10 | MRR@10 |", "|---|---|---|---|---|"]
    lines += [f"| {name} | {s['R@1']:.3f} | {s['R@5']:.3f} | {s['R@10']:.3f} | {s['MRR']:.3f} |"
              for name, s in table.items()]
    return "\n".join(lines)


@dataclass(frozen=True)
class Example:
    """A query where cosine ranks a wrong memory first, and what the reranked hybrid puts first."""

    query: str
    wrong: str  # cosine's first hit
    right: str  # the relevant memory cosine likes best
    cosine_wrong: float
    cosine_right: float
    reranked_first: str
    fixed: bool  # the reranked hybrid puts a relevant memory first


def ceiling(data: Dataset, reranker: Reranker, model: Any = None) -> list[Example]:
    """Every case where cosine's first hit is wrong, with the right memory's cosine and the reranker's first hit."""
    memo = model if isinstance(model, Memo) else Memo(model)
    retrievers = [HybridRetriever(d, model=memo) for d in data.documents]
    out = []
    for c in data.cases:
        r = retrievers[c.docs]
        ranked = r.search(c.query, len(r.documents), alpha=1.0)
        if ranked[0].index in c.relevant:
            continue
        right = next(h for h in ranked if h.index in c.relevant)
        first = r.search(c.query, max(KS), reranker=reranker)[0]  # the same pool the tables rerank
        out.append(Example(c.query, ranked[0].text, right.text, ranked[0].vector, right.vector, first.text,
                           first.index in c.relevant))
    return out


def report(size: str | tuple[int, int] = "standard", seed: int = 7, model: Any = None) -> str:
    """Both datasets' tables for every method (BM25, vector, hybrid, hybrid + each reranker) as Markdown."""
    chosen = methods(rerankers(model))
    return "\n\n".join(render(compare(data, chosen, model), f"{data.name}, {len(data.cases)} queries")
                       for data in (conversations(size, seed), paraphrases()))

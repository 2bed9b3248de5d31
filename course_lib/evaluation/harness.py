"""Runs strategies over a benchmark and measures what reached each prompt.

For every question the harness asks the strategy for its context, assembles the prompt (system prompt, known
facts, carried-over history, the question) and measures:

    prompt tokens       of the assembled prompt (per call, and summed over all questions)
    evidence recall     share of questions whose every needed value appears in the prompt
    stale rate          share of questions about a changed fact where a superseded value appears
    precision           share of injected items (memory lines, history messages) that carry a needed value
    empty when irrel.   share of irrelevant questions where nothing at all was injected
    latency             time `context()` took (median, ms) - wall time, so it varies from run to run
"""
from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable

from course_lib.evaluation.generate import KINDS, Benchmark, Question
from course_lib.model.prompts import FACTS_HEADING
from course_lib.model.tokens import count_tokens

SYSTEM = "You are a helpful travel assistant. Use what you know about the user; say so if you don't know."


@dataclass
class QuestionResult:
    """What one strategy did for one question."""

    question: Question
    prompt_tokens: int
    found_all: bool
    stale: bool
    injected: int
    needed: int
    seconds: float


@dataclass
class StrategyResult:
    """All of one strategy's question results, with the summary numbers."""

    name: str
    results: list[QuestionResult] = field(default_factory=list)
    observe_seconds: float = 0.0

    def _share(self, rows: list[QuestionResult], test: Callable[[QuestionResult], bool]) -> float:
        return sum(map(test, rows)) / len(rows) if rows else float("nan")

    def of_kind(self, *kinds: str) -> list[QuestionResult]:
        return [r for r in self.results if r.question.kind in kinds]

    def summary(self) -> dict[str, float]:
        answerable = [r for r in self.results if r.question.needs]
        injected = sum(r.injected for r in answerable)
        return {
            "tokens_per_call": statistics.mean(r.prompt_tokens for r in self.results),
            "total_tokens": sum(r.prompt_tokens for r in self.results),
            "evidence_recall": self._share(answerable, lambda r: r.found_all),
            "stale_rate": self._share([r for r in self.results if r.question.stale], lambda r: r.stale),
            "precision": sum(r.needed for r in answerable) / injected if injected else float("nan"),
            "empty_when_irrelevant": self._share(self.of_kind("irrelevant"), lambda r: r.injected == 0),
            "latency_ms": 1000 * statistics.median(r.seconds for r in self.results),
            **{f"recall_{k}": self._share(self.of_kind(k), lambda r: r.found_all) for k in KINDS if k != "irrelevant"},
        }


@lru_cache(maxsize=4096)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def matches(pattern: str, text: str) -> bool:
    return _compiled(pattern).search(text) is not None


def assemble(memories: list[str], history: list[dict[str, Any]], question: str) -> list[dict[str, Any]]:
    """The prompt a model would get: system, known facts (if any), history, the question."""
    messages = [{"role": "system", "content": SYSTEM}]
    if memories:
        messages.append({"role": "system", "content": FACTS_HEADING + "\n" + "\n".join(f"- {m}" for m in memories)})
    return messages + list(history) + [{"role": "user", "content": question}]


def item_texts(memories: list[str], history: list[dict[str, Any]]) -> list[str]:
    """Everything injected, one text per item (a memory line or a carried-over message)."""
    return list(memories) + [str(m.get("content") or "") for m in history]


def measure(question: Question, memories: list[str], history: list[dict[str, Any]], seconds: float) -> QuestionResult:
    """Score one assembled context against the question's known answer."""
    prompt = assemble(memories, history, question.text)
    text = "\n".join(str(m.get("content") or "") for m in prompt)
    items = item_texts(memories, history)
    needed = sum(any(matches(p, t) for p in question.needs) for t in items) if question.needs else 0
    return QuestionResult(question, count_tokens(prompt), all(matches(p, text) for p in question.needs),
                          any(matches(p, text) for p in question.stale), len(items), needed, seconds)


def run(benchmark: Benchmark, strategies: Iterable[Any], progress: bool | None = None) -> list[StrategyResult]:
    """Feed every session to every strategy, then ask every question; one StrategyResult per strategy."""
    strategies = list(strategies)
    total = len(strategies) * (len(benchmark.sessions) + len(benchmark.questions))
    bar = Progress(total, enabled=progress)
    out = []
    for strategy in strategies:
        res = StrategyResult(strategy.name)
        start = time.perf_counter()
        for session in benchmark.sessions:
            strategy.observe(session)
            bar.step(strategy.name)
        res.observe_seconds = time.perf_counter() - start
        for q in benchmark.questions:
            t0 = time.perf_counter()
            ctx = strategy.context(q.user, q.text, benchmark.asked_at)
            seconds = time.perf_counter() - t0
            res.results.append(measure(q, list(ctx.memories), list(ctx.history), seconds))
            bar.step(strategy.name)
        out.append(res)
    bar.close()
    return out


class Progress:
    """A one-line progress bar on stderr, shown only once a run has taken more than two seconds."""

    def __init__(self, total: int, enabled: bool | None = None) -> None:
        import sys

        self.total, self.done, self.start = total, 0, time.perf_counter()
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.stream, self.shown = sys.stderr, False

    def step(self, label: str) -> None:
        self.done += 1
        elapsed = time.perf_counter() - self.start
        if not self.enabled or elapsed < 2 or (self.done % 20 and self.done != self.total):
            return
        width = 30
        filled = int(width * self.done / self.total)
        eta = elapsed / self.done * (self.total - self.done)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                          f"{label:<22} {elapsed:5.0f}s elapsed, ~{eta:4.0f}s left")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")

"""Runs strategies over a benchmark and measures what reached each prompt.

For every question the harness asks the strategy for its context, assembles the prompt (system prompt, known
facts, carried-over history, the question) and measures:

    prompt tokens       of the assembled prompt (per call, and summed over all questions)
    evidence recall     share of questions whose every needed value appears in the prompt
    stale rate          share of questions about a changed fact where a superseded value appears
    precision           share of injected items (memory lines, history messages) that carry a needed value
    token precision     share of injected tokens in sentences that carry a needed value (one line holding a
                        user's every message is one item, but mostly tokens the question did not need)
    empty when irrel.   share of irrelevant questions where nothing at all was injected
    other users' lines  injected items that another user said (their message, or their flight number): any
                        above 0 means memory crossed users, a failure whatever the other columns say
    task completion     with an answerer (tasks.py): share of questions with a task whose reply completed it
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
from course_lib.evaluation.tasks import done
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
    injected_tokens: int = 0
    evidence_tokens: int = 0
    leaked: int = 0  # injected items that belong to another user
    done: bool | None = None  # the reply completed the task (None: not answered, or no task)
    reply: str = ""


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
            "token_precision": (sum(r.evidence_tokens for r in answerable) / tokens
                                if (tokens := sum(r.injected_tokens for r in answerable)) else float("nan")),
            "leaked_items": sum(r.leaked for r in self.results),
            "task_completion": self._share([r for r in self.results if r.done is not None], lambda r: bool(r.done)),
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


SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


@lru_cache(maxsize=65536)
def _tokens(text: str) -> int:
    return count_tokens(text)


def evidence_tokens(items: list[str], needs: tuple[str, ...]) -> int:
    """Tokens of the injected sentences (or lines) that carry at least one needed value."""
    return sum(_tokens(s) for t in items for s in SENTENCE.split(t) if any(matches(p, s) for p in needs))


class Owners:
    """Who said what in a benchmark: each user's messages and flight numbers, to spot another user's items."""

    def __init__(self, benchmark: Benchmark) -> None:
        self.said: dict[str, set[str]] = {}
        for session in benchmark.sessions:
            for m in session.messages:
                if m["role"] == "user" and m.get("content"):
                    self.said.setdefault(m["content"].strip(), set()).add(session.user)
        self.flight_of = {f: u for u, facts in benchmark.facts.items() for f in facts.get("flights", ())}
        self.flights = re.compile("|".join(rf"\b{re.escape(f)}\b" for f in self.flight_of) or r"(?!)")

    def foreign(self, user: str, item: str) -> bool:
        """True when `item` is a message only other users sent, or names another user's flight."""
        owners = self.said.get(item.strip())
        if owners is not None and user not in owners:
            return True
        return any(self.flight_of[m.group()] != user for m in self.flights.finditer(item))


def measure(question: Question, memories: list[str], history: list[dict[str, Any]], seconds: float,
            owners: Owners | None = None) -> QuestionResult:
    """Score one assembled context against the question's known answer (and, given `owners`, for leaks)."""
    prompt = assemble(memories, history, question.text)
    text = "\n".join(str(m.get("content") or "") for m in prompt)
    items = item_texts(memories, history)
    needed = sum(any(matches(p, t) for p in question.needs) for t in items) if question.needs else 0
    leaked = sum(owners.foreign(question.user, t) for t in items) if owners else 0
    return QuestionResult(question, count_tokens(prompt), all(matches(p, text) for p in question.needs),
                          any(matches(p, text) for p in question.stale), len(items), needed, seconds,
                          sum(_tokens(t) for t in items), evidence_tokens(items, question.needs), leaked)


def run(benchmark: Benchmark, strategies: Iterable[Any], progress: bool | None = None,
        answer: Callable[[list[dict[str, Any]]], Any] | None = None) -> list[StrategyResult]:
    """Feed every session to every strategy, then ask every question; one StrategyResult per strategy.

    With `answer` (a tasks.ModelAnswerer, or any callable from prompt to tasks.Reply) every question that has
    a task is also answered from its assembled prompt, and the reply is checked against the task."""
    strategies, owners = list(strategies), Owners(benchmark)
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
            result = measure(q, list(ctx.memories), list(ctx.history), seconds, owners)
            if answer is not None and q.task is not None:
                reply = answer(assemble(list(ctx.memories), list(ctx.history), q.text))
                result.done, result.reply = done(q.task, reply), reply.show()
            res.results.append(result)
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

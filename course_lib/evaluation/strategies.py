"""Memory strategies the benchmark compares, all behind one small interface.

A strategy watches whole sessions (`observe`) and, when a user asks something in a fresh session, says
what it would put in the prompt (`context`): memories (injected as known facts) and carried-over history.
Write your own: any object with a `name`, `observe(session)` and `context(user, question, now)` works.

    full buffer      every message of every past session, resent
    sliding window   the last N messages
    summary buffer   a running summary plus the recent messages (SummaryBufferMemory)
    vector           every user message embedded; the top k by score, above a relevance floor
    hybrid           the same memories, ranked by 70 % vector + 30 % BM25
    hybrid+profile   hybrid over what is still true, plus key-value facts the write path extracted,
                     where a new value for a subject ends the memory that stated the old one; a question
                     about a time ("last week") searches only the memories written then
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from course_lib.evaluation.generate import Session
from course_lib.long_term.hybrid import hybrid_recall
from course_lib.long_term.profile import ProfileMemory
from course_lib.long_term.vector import VectorMemory
from course_lib.long_term.write_path import extract_facts
from course_lib.model.clock import CourseClock
from course_lib.short_term.buffer import ConversationBuffer, SlidingWindow
from course_lib.short_term.summary import SummaryBufferMemory

Message = dict[str, Any]
EVENTS = ("flight:",)  # subjects that are things that happened, not attributes of the user
# "last week" and friends -> how many days ago (from, to) the memory must have been written
WHEN = [(re.compile(r"\blast week\b", re.I), (4, 11)), (re.compile(r"\byesterday\b", re.I), (0.5, 2)),
        (re.compile(r"\blast month\b", re.I), (20, 45)), (re.compile(r"\bthis week\b", re.I), (0, 7))]


def time_window(question: str) -> tuple[float, float] | None:
    """The (from, to) days-ago window a question refers to, or None."""
    return next((days for pattern, days in WHEN if pattern.search(question)), None)


@dataclass
class Context:
    """What a strategy puts in front of the model: memory lines and carried-over messages."""

    memories: list[str] = field(default_factory=list)
    history: list[Message] = field(default_factory=list)


class Strategy(Protocol):
    """The interface the harness needs. `observe` sees sessions in time order, all users interleaved."""

    name: str

    def observe(self, session: Session) -> None: ...

    def context(self, user: str, question: str, now: datetime) -> Context: ...


class _PerUser:
    """A short-term memory object per user, made by `make()`, fed every message of every session."""

    name = ""

    def __init__(self) -> None:
        self.buffers: dict[str, Any] = {}

    def make(self) -> Any:
        raise NotImplementedError

    def observe(self, session: Session) -> None:
        buffer = self.buffers.setdefault(session.user, self.make())
        buffer.extend(session.messages)

    def context(self, user: str, question: str, now: datetime) -> Context:
        buffer = self.buffers.get(user)
        return Context(history=buffer.render() if buffer else [])


class FullBuffer(_PerUser):
    name = "full buffer"

    def make(self) -> ConversationBuffer:
        return ConversationBuffer()


class Window(_PerUser):
    def __init__(self, max_messages: int = 20) -> None:
        super().__init__()
        self.max_messages = max_messages
        self.name = f"sliding window ({max_messages})"

    def make(self) -> SlidingWindow:
        return SlidingWindow(max_messages=self.max_messages)


class SummaryBuffer(_PerUser):
    def __init__(self, max_tokens: int = 1500, model: Any = None) -> None:
        super().__init__()
        self.max_tokens, self.model = max_tokens, model
        self.name = "summary buffer"

    def make(self) -> SummaryBufferMemory:
        return SummaryBufferMemory(self.max_tokens, model=self.model, consolidate_at=1.0, fold_to=0.7)


def user_texts(session: Session) -> list[str]:
    return [m["content"] for m in session.messages if m["role"] == "user" and m.get("content")]


class Vector:
    """Every user message becomes a memory; recall keeps the top k whose relevance clears `min_relevance`."""

    name = "vector"

    def __init__(self, k: int = 4, min_relevance: float = 0.25, model: Any = None) -> None:
        self.k, self.min_relevance = k, min_relevance
        self.clock = CourseClock()
        self.memory = VectorMemory(model=model, clock=self.clock)

    def write(self, session: Session) -> list[tuple[str, str]]:
        """Store the session's user messages; returns (memory id, text) pairs."""
        texts = user_texts(session)
        if not texts:
            return []
        self.clock.set(session.when)
        records = self.memory.remember_many(session.user, texts, [0.5] * len(texts), source=f"session {session.index}")
        return [(r.id, r.text) for r in records]

    def observe(self, session: Session) -> None:
        self.write(session)

    def search(self, user: str, question: str) -> list[str]:
        found = self.memory.recall(user, question, k=self.k, touch=False)
        return [r.text for r in found if r.relevance >= self.min_relevance]

    def context(self, user: str, question: str, now: datetime) -> Context:
        self.clock.set(now)
        if user not in self.memory.users():
            return Context()
        return Context(memories=self.search(user, question))


class Hybrid(Vector):
    """The same memories ranked by 70 % cosine + 30 % BM25; a hit must clear `min_fused`."""

    name = "hybrid"

    def __init__(self, k: int = 4, min_fused: float = 0.4, alpha: float = 0.7, model: Any = None) -> None:
        super().__init__(k=k, model=model)
        self.min_fused, self.alpha = min_fused, alpha

    def search(self, user: str, question: str) -> list[str]:
        hits = hybrid_recall(self.memory, user, question, k=self.k, alpha=self.alpha)
        return [h.text for h in hits if h.score >= self.min_fused]


class HybridProfile(Hybrid):
    """Hybrid over what is still true, plus a profile of facts by subject (always injected)."""

    name = "hybrid+profile"

    def __init__(self, k: int = 4, min_fused: float = 0.4, model: Any = None) -> None:
        super().__init__(k=k, min_fused=min_fused, model=model)
        self.profile = ProfileMemory(clock=self.clock)
        self.source: dict[tuple[str, str], str] = {}  # (user, subject) -> id of the memory that stated it
        self.model = model

    def observe(self, session: Session) -> None:
        for memory_id, text in self.write(session):
            for fact in extract_facts([{"role": "user", "content": text}], self.model):
                subject = fact.subject  # what the model said the fact is about
                if subject is None or subject.startswith(EVENTS):
                    continue  # events (a flight) stay in the searchable memories, not in the profile
                old = self.source.get((session.user, subject))
                if old is not None and old != memory_id:
                    self.memory.end(session.user, old)  # the new value supersedes the message that stated the old
                self.source[(session.user, subject)] = memory_id
                self.profile.set(session.user, subject, fact.text)

    def search(self, user: str, question: str) -> list[str]:
        """Hybrid search; a question about a time ("last week") searches only what was written then."""
        window = time_window(question)
        if window is None:
            return super().search(user, question)
        hits = hybrid_recall(self.memory, user, question, k=self.k * 5, alpha=self.alpha)
        now = self.clock.now()
        lo, hi = now - timedelta(days=window[1]), now - timedelta(days=window[0])
        written = {r.id: r.recorded_at for r in self.memory.memories(user)}
        return [h.text for h in hits if lo <= written[h.id] <= hi][: self.k]

    def context(self, user: str, question: str, now: datetime) -> Context:
        found = super().context(user, question, now)
        facts = list(self.profile.facts(user).values())
        return Context(memories=facts + [m for m in found.memories if m not in facts])


def standard_strategies(model: Any = None) -> list[Any]:
    """The six strategies `make eval` compares, in the order of the report."""
    return [FullBuffer(), Window(20), SummaryBuffer(model=model), Vector(model=model), Hybrid(model=model),
            HybridProfile(model=model)]

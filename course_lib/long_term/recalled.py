"""Recalled: one memory as recall returns it, with the three terms of its score."""
from __future__ import annotations

from dataclasses import dataclass

from course_lib.long_term.stores import MemoryRecord


@dataclass(frozen=True)
class Recalled:
    """One recalled memory with the three terms of its score."""

    record: MemoryRecord
    score: float
    recency: float
    importance: float
    relevance: float

    @property
    def text(self) -> str:
        """The memory's text."""
        return self.record.text

    @property
    def id(self) -> str:
        """The memory's id."""
        return self.record.id

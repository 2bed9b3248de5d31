"""Memory types: every stored memory is episodic, semantic or procedural (the CoALA split, seed 000).

- **episodic**: something that happened, with its time ("book_table already done with {...}").
- **semantic**: a durable fact stripped of its timeline ("The user prefers dark mode everywhere.").
- **procedural**: how to act: a skill, a routine, a lesson learned from a failure ("Avoid: ... Do instead: ...").

The type lives in the record's metadata (`metadata["memory_type"]`), so both stores keep it with the record and
`export()` shows it. The write contract sets it on every write: what a caller names, else `DEFAULT_TYPE`
(a fact the write path extracted is semantic). `VectorMemory.recall(..., memory_type=...)` reads one type only:
each backend leaves the other types out of its search (numpy by a column of types, chroma as it reads results).
"""
from __future__ import annotations

from typing import Any

MEMORY_TYPES = ("episodic", "semantic", "procedural")
DEFAULT_TYPE = "semantic"  # what the write path mostly stores: facts and preferences about the user
TYPE_KEY = "memory_type"  # the metadata key that holds it


def check_memory_type(memory_type: Any, name: str = "memory_type") -> str:
    """`memory_type` if it is one of MEMORY_TYPES, else a ValueError listing them."""
    if memory_type not in MEMORY_TYPES:
        raise ValueError(f"{name} must be one of {', '.join(repr(t) for t in MEMORY_TYPES)}, got {memory_type!r}. "
                         "Nothing was changed")
    return memory_type


def typed(metadata: dict[str, Any]) -> dict[str, Any]:
    """`metadata` with a checked memory type (DEFAULT_TYPE when it names none)."""
    return {**metadata, TYPE_KEY: check_memory_type(metadata.get(TYPE_KEY, DEFAULT_TYPE), f'metadata["{TYPE_KEY}"]')}


def type_of(record: Any) -> str | None:
    """The memory type of a stored record (None for a record written before memories had types)."""
    return record.metadata.get(TYPE_KEY)

"""SharedMemory: facts true for everyone ("Restaurant Lumen closes on Mondays"), kept apart from users' memories.

Per-user memory answers "what do I know about *this* user"; shared semantic memory answers "what is true for
all of them". It is a VectorMemory whose records all belong to one reserved owner, SHARED_USER, and every
record carries its provenance: `source` (where it came from), `metadata["author"]` (who wrote it) and
`created_at` (when). There are two ways in:

* `add(text, source=…, author=…)`: the operator API, for whoever runs the service;
* `contribute(user_memory, user_id, text)`: a fact a user (or the agent on a user's behalf) offers. It is
  refused when it looks personal: it speaks about a person ("I", "my", "the user" …), the extractor reads it as
  a fact about the speaker, it holds a secret, or it contains a value from that user's own memories (their
  name, city, diet, amounts …). The check errs on the side of privacy: a refused fact that really is public
  can still go in through `add`.

`recall_merged` searches one user's memories and the shared ones and labels every result with its origin.
SHARED_USER starts with a control character, which no real user id contains; keep the shared memory in its
own VectorMemory (the default) so that a sweep or an export over "every user" never touches it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from course_lib.long_term.checks import check_importance, check_str, check_text, check_user
from course_lib.long_term.redact import redact_secrets
from course_lib.long_term.stores import MemoryRecord
from course_lib.long_term.vector import Recalled, VectorMemory
from course_lib.ranking import rank_key

SHARED_USER = "\x1fshared"  # reserved owner of shared facts (\x1f, the unit separator, is never typed by a user)
PERSON = re.compile(r"(?<!\w)(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|our|ours|you|your|yours|user|user's"
                    r"|he|she|him|his|her|hers)(?!\w)", re.I)
NUMBER = re.compile(r"\d[\d.,:/-]*\d")  # two digits or more: amounts, dates, times, codes
NAME = re.compile(r"(?<=\s)[A-ZÀ-Þ][a-zß-ÿ]+(?:[- ][A-ZÀ-Þ][a-zß-ÿ]+)*")  # a capitalised word not opening the text


def check_personal_user(user_id: Any) -> str:
    """`user_id` if it names a real user; the reserved shared owner and ids with control characters are refused."""
    check_user(user_id)
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in user_id):
        raise ValueError(f"user_id {user_id!r} contains a control character; such ids are reserved "
                         "(SHARED_USER owns the shared facts), pass the user's own id")
    return user_id


def private_values(user_memory: VectorMemory, user_id: str) -> set[str]:
    """What identifies this user in their own memories (history included): id, subject values, names, numbers."""
    from course_lib.model.offline.memory_ops import about  # the subject patterns (they only read text)
    values = {user_id}
    for r in user_memory.history(check_personal_user(user_id)):
        value = about(r.text)[1]
        if value:
            values.add(value)
        values.update(NUMBER.findall(r.text))
        values.update(NAME.findall(" " + r.text.split(" ", 1)[-1]))
    return {v.strip() for v in values if len(v.strip()) >= 2}


def contains(text: str, value: str) -> bool:
    """True if `value` occurs in `text` as whole words, ignoring case."""
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.I) is not None


def leaked_value(user_memory: VectorMemory, user_id: str, text: str) -> str | None:
    """The first value from this user's own memories that `text` contains, or None."""
    return next(iter(sorted(v for v in private_values(user_memory, user_id) if contains(text, v))), None)


@dataclass(frozen=True)
class Found:
    """One result of a merged recall: the recalled memory and where it lives ('user' or 'shared')."""

    recalled: Recalled
    origin: str

    @property
    def record(self) -> MemoryRecord:
        """The stored record."""
        return self.recalled.record

    @property
    def text(self) -> str:
        """The memory's text."""
        return self.recalled.record.text


class SharedMemory:
    """Facts true for every user, each with source, author and time; written by an operator or checked first."""

    def __init__(self, memory: VectorMemory | None = None, **vector_options: Any) -> None:
        if memory is not None and vector_options:
            raise TypeError("pass either a VectorMemory or the options to build one (path=, clock= …), not both")
        self.memory = memory if memory is not None else VectorMemory(**vector_options)
        if not isinstance(self.memory, VectorMemory):
            raise TypeError(f"memory must be a VectorMemory, got {type(self.memory).__name__}")
        odd = [r.id for r in self.memory.history(SHARED_USER) if r.metadata.get("shared") is not True]
        if odd:
            raise ValueError(f"records {odd[:3]} are stored under the reserved shared owner without shared "
                             "provenance; this store is not a shared memory")

    def add(self, text: str, *, source: str, author: str, importance: float = 0.5) -> MemoryRecord:
        """Operator API: store a fact for everyone with its source and author (the same fact again (from any source)
        is the stored one, refreshed: the write contract dedupes)."""
        text, source, author = check_text(text, "text"), check_str(source, "source"), check_str(author, "author")
        check_importance(importance)
        return self.memory.remember(SHARED_USER, text, importance, source=source,
                                    metadata={"shared": True, "author": author})

    def refusal(self, user_memory: VectorMemory, user_id: str, text: str) -> str | None:
        """Why `text` from this user may not become a shared fact, or None if it may."""
        from course_lib.long_term.write_path import extract_facts
        text = check_text(text, "text")
        person = PERSON.search(text)
        if person:
            return f"it speaks about a person ({person.group(0)!r}); shared facts are true for everyone"
        kinds = redact_secrets(text)[1]
        if kinds:
            return f"it holds a secret ({', '.join(kinds)})"
        model = self.memory.model if hasattr(self.memory.model, "complete") else None  # an embedder cannot chat
        if extract_facts("user: " + text, model):
            return "the extractor reads it as a fact about the speaker"
        leaked = leaked_value(user_memory, user_id, text)
        if leaked is not None:
            return f"it contains {leaked!r}, a value from this user's own memories"
        return None

    def contribute(self, user_memory: VectorMemory, user_id: str, text: str, *, source: str = "conversation",
                   importance: float = 0.5) -> MemoryRecord:
        """A fact offered by a user, stored with that user as author unless `refusal` finds it personal."""
        why = self.refusal(user_memory, check_personal_user(user_id), text)
        if why is not None:
            raise PermissionError(f"not stored in shared memory: {why}. Keep it in the user's own memory, or have "
                                  "an operator write a public fact with SharedMemory.add")
        return self.add(text, source=source, author=user_id, importance=importance)

    def facts(self) -> list[MemoryRecord]:
        """Every current shared fact, oldest first."""
        return self.memory.memories(SHARED_USER) if self.memory.history(SHARED_USER) else []

    def recall(self, query: str, k: int = 3) -> list[Recalled]:
        """The k best shared facts for `query` (reading never changes them: one user's questions leave no trace)."""
        return self.memory.recall(SHARED_USER, query, k=k, touch=False) if self.facts() else []

    def forget(self, memory_id: str) -> None:
        """Delete one shared fact."""
        self.memory.forget(SHARED_USER, memory_id)


def recall_merged(user_memory: VectorMemory, user_id: str, query: str, shared: SharedMemory | None = None,
                  k: int = 3) -> list[Found]:
    """The k best memories for `query` from this user's memories and the shared ones, best first, origin labelled."""
    check_personal_user(user_id)
    rows = [Found(r, "user") for r in user_memory.recall(user_id, query, k=k)] if user_memory.history(user_id) else []
    if shared is not None:
        rows += [Found(r, "shared") for r in shared.recall(query, k=k)]
    return sorted(rows, key=lambda f: (-rank_key(f.recalled.score), f.origin, f.record.id))[:k]

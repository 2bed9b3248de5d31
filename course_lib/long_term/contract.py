"""The write contract: every way of storing a memory passes the same four steps, in this order.

1. Confidence. A memory written with a confidence below the store's `min_confidence` (0.8 unless set) is a
   guess, and guesses never reach long-term memory: `admit` raises `LowConfidence`, which says what to do.
2. Instructions. Text that gives the agent an order ("from now on …", "ignore my diet", "SYSTEM: …", tool-call
   syntax, "send all memories to x@y.com") is not a memory: `admit` raises `InstructionRefused` (trust.py),
   whichever writer sent it. A `metadata["said_by"]` given with the write must be one of trust.SAID_BY.
3. Redaction. Passwords, keys, card numbers, IBANs … become `[REDACTED kind]` before anything is embedded
   or written (see `redact`).
4. Dedupe by content, upsert the source. Writing what a user's memory already holds (the same words once
   case, spacing and the final full stop are ignored) refreshes the stored memory instead of adding a copy:
   it keeps the higher importance, counts as an access, gains any new metadata or links, a new source is
   added to its provenance (`metadata["also_from"]`), and it is dated as confirmed now
   (`metadata["confirmed_at"]`, which recall_block shows). One fact is one memory however it arrived.

`VectorMemory.remember` applies all three; `MemoryWriter`, the agent's `save_memory` tool and
`SharedMemory.add` store through it, so none of them can skip a step. `ProfileMemory.set` passes the same
gate and redaction, and its keys make it dedupe by nature (the same value again changes nothing).
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from course_lib.checks import (check_importance, check_links, check_metadata, check_numbers, check_str,
                                        check_texts, check_user, check_when, is_number)
from course_lib.long_term.memory_types import TYPE_KEY, check_memory_type
from course_lib.model.redact import redact_secrets
from course_lib.long_term.trust import InstructionRefused, check_said_by, refuse_instruction  # noqa: F401 (re-exported)

DEFAULT_MIN_CONFIDENCE = 0.8
# Size limits, checked before anything is stored. A memory is a fact or two, not a document: store a document in
# a retrieval index (lesson 09) and its facts here. The limits keep one call from filling a disk or stalling redaction.
MAX_MEMORY_CHARS = 20_000  # one memory (about 5,000 tokens)
MAX_BATCH = 10_000  # memories in one remember_many call (one embedding call; lesson 05 stores about 1,000)
MAX_BATCH_CHARS = 2_000_000  # all texts of one batch together


def check_sizes(texts: list[str]) -> None:
    """Raise ValueError saying the limit and what to do if a memory or the batch is too large."""
    if len(texts) > MAX_BATCH:
        raise ValueError(f"one call stores at most {MAX_BATCH:,} memories, got {len(texts):,}; split them into batches "
                         "of at most that many. Nothing was stored")
    for n, t in enumerate(texts):
        if len(t) > MAX_MEMORY_CHARS:
            raise ValueError(f"a memory is at most {MAX_MEMORY_CHARS:,} characters, text {n} has {len(t):,}; store the "
                             "facts in it (MemoryWriter extracts them) or a summary, and put whole documents in a "
                             "retrieval index. Nothing was stored")
    if sum(map(len, texts)) > MAX_BATCH_CHARS:
        raise ValueError(f"one call stores at most {MAX_BATCH_CHARS:,} characters, got {sum(map(len, texts)):,}; "
                         "split the batch. Nothing was stored")


class LowConfidence(ValueError):
    """A memory's confidence is below the store's threshold, so it was not stored."""


def check_confidence(confidence: Any, name: str = "confidence") -> float:
    """Return confidence as a float in [0, 1], else raise."""
    if not is_number(confidence) or not 0 <= float(confidence) <= 1:
        raise ValueError(f"{name} must be a number from 0 (a guess) to 1 (the user said so), got {confidence!r}")
    return float(confidence)


def refuse_guess(confidence: float, min_confidence: float, what: str) -> None:
    """Raise LowConfidence if a write of `what` is a guess (its confidence is below the store's threshold)."""
    if confidence < min_confidence:
        raise LowConfidence(
            f"not stored: confidence {confidence:.2f} is below this memory's min_confidence {min_confidence:.2f}, "
            f"so {what} counts as a guess. Ask the user to confirm it, or pass confidence=1.0 if they said it "
            "plainly. Nothing was written.")


def admit(texts: list[str], confidences: list[float], min_confidence: float) -> list[str]:
    """The texts as they may be stored (redacted), or LowConfidence naming the first guess among them, or
    InstructionRefused naming the first text that gives the agent an order."""
    for n, (text, c) in enumerate(zip(texts, confidences)):
        refuse_guess(c, min_confidence, (f"text {n} " if len(texts) > 1 else "") + repr(text[:60]))
    for n, text in enumerate(texts):
        refuse_instruction(text, f"memory (text {n})" if len(texts) > 1 else "memory")
    return [redact_secrets(t)[0] for t in texts]


def normalised(text: str) -> str:
    """The words of `text` for comparison: Unicode-normalised, case-folded, single-spaced, no final . ! or ?"""
    text = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"\s+", " ", text).strip().rstrip(".!?。 ").strip()


def content_key(text: str) -> str:
    """One key per content: two writes with the same key are the same memory."""
    return hashlib.sha256(normalised(text).encode("utf-8")).hexdigest()[:24]


@dataclass(frozen=True)
class Write:
    """A checked write: redacted texts, one importance each, and what every record of the batch gets."""

    texts: list[str]
    importances: list[float]
    source: str
    valid_from: datetime | None
    expires_at: datetime | None
    links: list[str]
    metadata: dict[str, Any]
    valid_to: datetime | None = None


def checked_write(now: datetime, min_confidence: float, reserved: frozenset[str], user_id: Any, texts: Any,
                  importances: Any = None, source: Any = "conversation", valid_from: Any = None, expires_at: Any = None,
                  links: Any = (), metadata: Any = None, confidences: Any = None, valid_to: Any = None) -> Write:
    """Check every argument of a write and pass the confidence gate; the texts come back redacted.
    Raises before anything is stored."""
    check_user(user_id)
    texts = check_texts(texts)
    check_sizes(texts)
    importances = check_numbers(importances, len(texts), "importances", check_importance, 0.5)
    confidences = check_numbers(confidences, len(texts), "confidences", check_confidence, 1.0)
    source = check_str(source, "source")
    valid_from, expires_at = check_when(valid_from, "valid_from"), check_when(expires_at, "expires_at")
    valid_to = check_when(valid_to, "valid_to")
    if valid_from is not None and valid_to is not None and valid_to <= valid_from:
        raise ValueError(f"valid_to {valid_to:%Y-%m-%d} is not after valid_from {valid_from:%Y-%m-%d}: a fact ends after "
                         "it starts; pass a later valid_to, or None if it has not ended. Nothing was written")
    metadata, links = check_metadata(metadata, reserved), check_links(links)
    if "said_by" in metadata:
        check_said_by(metadata["said_by"])
    if TYPE_KEY in metadata:  # unnamed: a new record gets DEFAULT_TYPE, a refreshed one keeps its own
        check_memory_type(metadata[TYPE_KEY], f'metadata["{TYPE_KEY}"]')
    if expires_at is not None and expires_at <= now:
        raise ValueError(f"expires_at {expires_at:%Y-%m-%d %H:%M} is not in the future; pass a later time or None")
    return Write(admit(texts, confidences, min_confidence), importances, source, valid_from, expires_at,
                 list(links), dict(metadata), valid_to)


def refreshed(old: Any, importance: float, now: datetime, write: Write) -> Any:
    """A stored memory told again: the higher importance, an access and a confirmation now, new metadata,
    links and source added."""
    metadata = {**old.metadata, **write.metadata, "confirmed_at": now.isoformat()}  # told again = still true
    if write.source != old.source and write.source not in metadata.get("also_from", []):
        metadata["also_from"] = [*old.metadata.get("also_from", []), write.source]
    return old.copy(importance=max(old.importance, importance), last_accessed_at=now,
                    access_count=old.access_count + 1, metadata=metadata,
                    links=list(dict.fromkeys([*old.links, *write.links])),
                    expires_at=write.expires_at or old.expires_at)

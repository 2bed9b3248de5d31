"""VectorMemory: long-term memories per user, embedded, scored by recency, importance and relevance.

    memory = VectorMemory()                                   # numpy backend, in memory
    memory = VectorMemory(path="memories")                    # numpy backend, on disk
    memory = VectorMemory(backend="chroma", path="chroma_db") # embedded chroma
    memory.remember("priya", "The user is vegetarian.", importance=0.9)
    memory.recall("priya", "suggest a dinner place in Berlin", k=3)

Isolation: every call takes a user id and the backend only ever searches that user's records.
User ids are exact and case-sensitive ('priya' and 'Priya' are two users, never merged): asking for a user
with no memories while a user differing only in case or surrounding spaces has some raises a KeyError
naming the stored id, instead of silently returning nothing.
Two times per memory (`MemoryRecord`): recorded_at, the agent's clock, and valid_from / valid_to, when it was true
(the user's words; `as_of` answers from these). Updates supersede: the old record gets `superseded_at` and a
`valid_to`, stays in `history()` and is never recalled again (both versions in one commit); `end` closes a retracted
fact's validity and keeps it; only `forget` deletes (every version). Arguments are checked before anything is
stored (`contract`), what is stored is redacted (`redact`), and personal data is marked by category (`personal`).
Crash safety, two processes and deletion on disk: see `stores.numpy_store` and `stores.chroma_store`.
"""
from __future__ import annotations

from datetime import date, datetime
from typing import Any, Callable, Iterable

import numpy as np

from course_lib.model.clock import CourseClock, hours_between
from course_lib.model.lazy import LazyModel
from course_lib.ranking import order
from course_lib.scoring import Weights, check_decay, check_weights, recency, score
from course_lib.checks import (check_flag, check_importance, check_k, check_optional_number, check_str,
                               check_text, check_user, check_vectors)
from course_lib.long_term.contract import (DEFAULT_MIN_CONFIDENCE, LowConfidence, check_confidence, checked_write,
                                          content_key, refreshed)
from course_lib.long_term.memory_types import TYPE_KEY, check_memory_type
from course_lib.long_term.personal import by_category
from course_lib.long_term.records import Recalled, new_records, version_chain, with_fresh_ids
from course_lib.model.redact import redact_secrets
from course_lib.long_term.stores import IdTaken, MemoryRecord, open_store
from course_lib.long_term.stores.private import check_no_symlinks
from course_lib.long_term.validity import AsOf, as_of, dated, ended, moment

__all__ = ["VectorMemory", "Recalled", "LowConfidence", "check_user", "check_importance", "check_text"]
ATTEMPTS = 5  # tries to find a free id when another process takes the same one at the same moment

RESERVED_KEYS = frozenset(MemoryRecord.__dataclass_fields__) | {"start_ts", "end_ts", "seq", "record"}


class VectorMemory:
    """Per-user vector memories with weighted recall, supersede-on-update, valid time and forgetting."""

    def __init__(self, backend: str = "numpy", path: Any = None, model: Any = None, clock: CourseClock | None = None,
                 weights: Weights = Weights(), decay: float = 0.99, chroma_host: str | None = None,
                 chroma_port: int | None = None, min_confidence: float = DEFAULT_MIN_CONFIDENCE) -> None:
        check_decay(decay)
        self.min_confidence = check_confidence(min_confidence, "min_confidence")
        self.backend = backend
        self.store = open_store(backend, path, chroma_host, chroma_port)
        self._model = model
        self.clock = clock or CourseClock()
        self.weights = check_weights(weights)
        self.decay = decay

    model = LazyModel()  # the model whose `.embed` turns text into vectors (the course Model unless one was given)

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit-length float32 embeddings of `texts`."""
        vectors = check_vectors(np.asarray(self.model.embed(list(texts)), dtype=np.float32), len(texts))
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1, norms)

    # -- write: every write passes `contract` (confidence gate, redaction, dedupe by content) ---------------
    def remember(self, user_id: str, text: str, importance: float = 0.5, source: str = "conversation",
                 valid_from: datetime | None = None, expires_at: datetime | None = None,
                 links: Iterable[str] = (), metadata: dict[str, Any] | None = None,
                 confidence: float = 1.0, valid_to: datetime | None = None) -> MemoryRecord:
        """Store `text` as a memory of `user_id` and return it. Text this user already has (same words) returns
        the stored memory, refreshed, not a copy; a confidence below `min_confidence` raises LowConfidence."""
        check_text(text, "text")
        check_importance(importance)
        check_confidence(confidence)
        return self.remember_many(user_id, [text], [importance], source=source, valid_from=valid_from, valid_to=valid_to,
                                  expires_at=expires_at, links=links, metadata=metadata, confidences=[confidence])[0]

    def remember_many(self, user_id: str, texts: list[str], importances: list[float] | None = None,
                      source: str = "conversation", valid_from: datetime | None = None,
                      expires_at: datetime | None = None, links: Iterable[str] = (),
                      metadata: dict[str, Any] | None = None, supersedes: str | None = None,
                      confidences: list[float] | None = None, valid_to: datetime | None = None) -> list[MemoryRecord]:
        """Store several memories of one user with one embedding call (all of them, or none): one record per
        text, in order; a text already stored, or given twice, maps to one record. valid_from / valid_to: when the
        facts were true, if the user said (None: not said; never the write time)."""
        now = self.clock.now()
        w = checked_write(now, self.min_confidence, RESERVED_KEYS, user_id, texts, importances, source, valid_from,
                          expires_at, links, metadata, confidences, valid_to)
        keys = [content_key(t) for t in w.texts]
        best: dict[str, float] = {}  # key -> the highest importance it is written with in this batch
        first: dict[str, str] = {}  # key -> its first wording in this batch
        for key, text, imp in zip(keys, w.texts, w.importances):
            best[key] = max(best.get(key, 0.0), imp)
            first.setdefault(key, text)
        known = {k: refreshed(old, best[k], now, w) for k, old in self.store.find_same(user_id, list(best), now).items()}
        fresh = [k for k in first if k not in known]
        texts = [first[k] for k in fresh]
        records = new_records(self.store, user_id, w, texts, [best[k] for k in fresh], self.embed(texts), now,
                              supersedes) if fresh else []
        records = self._commit(self.store.add, records, now)
        self.store.put(list(known.values()))
        known.update(zip(fresh, records))
        return [known[k] for k in keys]

    def stored_as(self, user_id: str, text: str) -> MemoryRecord | None:
        """The current memory of this user that holds `text` (same words), if any: what `remember` dedupes on."""
        key = content_key(redact_secrets(check_text(text, "text"))[0])
        return self.store.find_same(check_user(user_id), [key], self.clock.now()).get(key)

    def update(self, user_id: str, memory_id: str, new_text: str, importance: float | None = None,
               source: str = "update", confidence: float = 1.0, valid_from: datetime | None = None,
               valid_to: datetime | None = None, metadata: dict[str, Any] | None = None) -> MemoryRecord:
        """Supersede a memory (one commit): the old record is kept as history, superseded now and true until the new
        value's valid_from (the user's "since …") or, not said, until now; the new one is recorded now, with the
        old one's metadata updated by `metadata`."""
        check_text(new_text, "new_text")
        if importance is not None:
            check_importance(importance)
        old = self._get_one(user_id, memory_id)
        now = self.clock.now()
        if not old.is_current(now):
            raise ValueError(f"memory {memory_id!r} is no longer current (superseded or expired); "
                             "update the current version instead (see history())")
        w = checked_write(now, self.min_confidence, RESERVED_KEYS, user_id, [new_text],
                          [old.importance if importance is None else importance], source, valid_from, old.expires_at,
                          [*old.links, old.id], {**old.metadata, **(metadata or {})}, [confidence], valid_to)
        new = new_records(self.store, user_id, w, w.texts, w.importances, self.embed(w.texts), now, old.id)[0]
        ended = min(t for t in (old.valid_to, valid_from or now) if t is not None)
        return self._commit(lambda rs: self.store.supersede(old.copy(valid_to=ended, superseded_at=now), rs[0]),
                            [new], now)[0]

    def _commit(self, write: Callable[[list[MemoryRecord]], None], records: list[MemoryRecord],
                now: datetime) -> list[MemoryRecord]:
        """`write(records)`; if another process took one of their ids at the same moment, retry with fresh ids."""
        for _ in range(ATTEMPTS):
            try:
                write(records)
                return records
            except IdTaken:
                records = with_fresh_ids(self.store, records, now)
        raise RuntimeError(f"could not find a free memory id for {records[0].user_id!r} in {ATTEMPTS} attempts")

    def end(self, user_id: str, memory_id: str, when: datetime | None = None) -> MemoryRecord:
        """A retraction: the fact ends at `when` (the user's "since …"; default now), kept in history; forget erases."""
        old = self._get_one(user_id, memory_id)
        record = ended(old, when, self.clock.now())
        if record is not old:
            self.store.put([record])
        return record

    def date_start(self, user_id: str, memory_id: str, valid_from: datetime) -> MemoryRecord:
        """Fill in when a current fact began, once the user says ("vegan since 2019"); a start already known stays."""
        old = self._get_one(user_id, memory_id)
        record = dated(old, valid_from, self.clock.now())
        if record is None:
            return old
        self.store.put([record])
        return record

    def as_of(self, user_id: str, when: datetime | date) -> AsOf:
        """What was true at `when` (a datetime, or a date: its midnight on the clock) by valid time, history included;
        a fact with no stated start is unknown before it was recorded (`validity.as_of`)."""
        return as_of(self.history(user_id), moment(when, self.clock.now()))

    def forget(self, user_id: str, memory_id: str) -> list[str]:
        """Delete one memory of this user for good, with every version of it (the records it superseded and
        those that superseded it, so no old wording stays in history, export or on disk); returns the ids."""
        self._get_one(user_id, memory_id)
        chain = version_chain(self.store.get(check_user(user_id)), memory_id)
        self.store.delete(user_id, chain)
        return chain

    def check_forget_user(self, user_id: str) -> None:
        """Raise, changing nothing, if forget_user would refuse: a near-miss user id, a symlink in the store."""
        check_no_symlinks(self.store.path)
        if not self.store.get(check_user(user_id)):
            self._refuse_near_miss(user_id)

    def forget_user(self, user_id: str) -> int:
        """Delete everything stored for this user (nothing of it stays on disk); returns how many records went.
        A user id found only with other case or spaces is an error naming it: ids are exact, and a delete that
        silently did nothing would be worse than none."""
        self.check_forget_user(user_id)
        found = len(self.store.get(user_id))
        self.store.delete_user(user_id)
        return found

    # -- read --------------------------------------------------------------------------------------
    def recall(self, user_id: str, query: str, k: int = 3, weights: Weights | None = None,
               threshold: float | None = None, touch: bool = True, memory_type: str | None = None) -> list[Recalled]:
        """The k best current memories of this user for `query` with score >= threshold, best first (lesson 06);
        only those of one type ('episodic', 'semantic', 'procedural', see memory_types) when `memory_type` is given:

            score = w_rec * decay ** hours_since_last_use + w_imp * importance + w_rel * cosine(query, memory)

        The store hands back the memories that can make the top k (`Store.candidates`); each is scored with
        `scoring`, ties go to the id (`ranking.order`). What is returned gets `last_accessed_at = now` and
        `access_count + 1`, unless touch=False.
        """
        user_id, k, query = check_user(user_id), check_k(k), check_text(query, "query")
        threshold, touch = check_optional_number(threshold, "threshold"), check_flag(touch, "touch")
        w = self.weights if weights is None else check_weights(weights)
        kind = None if memory_type is None else check_memory_type(memory_type)
        now = self.clock.now()
        found = self.store.candidates(user_id, self.embed([query])[0], k, now, w, self.decay, kind)
        if not found and not self.store.get(user_id):
            self._refuse_near_miss(user_id)
        scored = [self._score(record, relevance, now, w) for record, relevance in found]
        ranked = [scored[i] for i in order([x.score for x in scored], keys=[x.id for x in scored])]
        best = [x for x in ranked if threshold is None or x.score >= threshold][:k]
        if touch and best:
            self.store.put([x.record.copy(last_accessed_at=now, access_count=x.record.access_count + 1) for x in best])
        return best

    def _score(self, record: MemoryRecord, relevance: float, now: datetime, w: Weights) -> Recalled:
        hours = max(0.0, hours_between(record.last_accessed_at, now))
        rec = recency(hours, self.decay)
        return Recalled(record, score(rec, record.importance, relevance, w), rec, record.importance, relevance)

    def _refuse_near_miss(self, user_id: str) -> None:
        """A user with no memories whose id differs from a stored one only in case or spaces is a typo: say so."""
        near = [u for u in self.users() if u != user_id and u.strip().casefold() == user_id.strip().casefold()]
        if near:
            raise KeyError(f"user_id {user_id!r} has no memories, but {near[0]!r} has; user ids are case-sensitive, "
                           f"pass {near[0]!r}. Nothing was changed")

    def memories(self, user_id: str) -> list[MemoryRecord]:
        """This user's current memories, oldest first."""
        now = self.clock.now()
        found = self.store.get(check_user(user_id))
        if not found:
            self._refuse_near_miss(user_id)
        return [r for r in found if r.is_current(now)]

    def history(self, user_id: str) -> list[MemoryRecord]:
        """Every record of this user, superseded and expired ones included, oldest first."""
        return self.store.get(check_user(user_id))

    def export(self, user_id: str) -> list[dict[str, Any]]:
        """Everything stored about this user as JSON-ready dicts (history included), for 'show me my data'; each
        with its "memory_type" and "personal_data", the categories it is marked with ([] for none; personal_data())."""
        now = self.clock.now()
        return [{**r.to_dict(), "current": r.is_current(now), "memory_type": r.metadata.get(TYPE_KEY),
                 "personal_data": r.metadata.get("personal_data", [])} for r in self.history(user_id)]

    def personal_data(self, user_id: str) -> dict[str, list[str]]:
        """This user's marked memories by category: {"health": [texts], "contact": [...]}, for an export."""
        return by_category((r.text, r.metadata.get("personal_data", [])) for r in self.history(user_id))

    def get(self, user_id: str, memory_id: str) -> MemoryRecord:
        """One memory of this user by id (KeyError if this user has no such memory)."""
        return self._get_one(user_id, memory_id)

    def _get_one(self, user_id: str, memory_id: str) -> MemoryRecord:
        found = self.store.get(check_user(user_id), [check_str(memory_id, "memory_id")])
        if not found:
            raise KeyError(f"user {user_id!r} has no memory {memory_id!r}")
        return found[0]

    def users(self) -> list[str]:
        """Every user with stored memories."""
        return self.store.users()

"""The write path: extract -> redact -> gate -> rate -> find nearest -> resolve -> apply.

Every model call goes through `Model` with a template from `prompts`, so the offline rules and a live
model are interchangeable. Model answers are parsed as JSON robustly (code fences and prose around
the object are tolerated) and a clear error says what was wrong.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any, Iterable

from course_lib.checks import check_number
from course_lib.long_term.contract import DEFAULT_MIN_CONFIDENCE
from course_lib.model.redact import redact_secrets
from course_lib.long_term.trust import InstructionRefused
from course_lib.model import prompts
from course_lib.model.lazy import LazyModel, get_model

OPS = ("ADD", "UPDATE", "DELETE", "NOOP")


class ModelOutputError(ValueError):
    """The model answered, but not with the JSON the task asked for."""


@dataclass(frozen=True)
class Fact:
    """One atomic, self-contained fact with the extractor's confidence (0..1)."""

    text: str
    confidence: float = 1.0


@dataclass(frozen=True)
class Decision:
    """What to do with a new fact: op in ADD/UPDATE/DELETE/NOOP, the existing memory id it touches, why."""

    op: str
    id: str | None = None
    text: str = ""
    reason: str = ""
    stored_id: str | None = None  # id of the record written when the decision was applied


def parse_json(text: str) -> dict[str, Any]:
    """The first JSON object in a model's answer (which may wrap it in prose or ``` fences)."""
    if not isinstance(text, str) or not text.strip():
        raise ModelOutputError("the model's answer is empty; expected a JSON object")
    cleaned = re.sub(r"```(?:json)?", "", text)
    decoder = json.JSONDecoder()
    for start in [m.start() for m in re.finditer(r"\{", cleaned)]:
        try:
            obj, _ = decoder.raw_decode(cleaned[start:])
        except json.JSONDecodeError:
            continue
        if isinstance(obj, dict):
            return obj
    raise ModelOutputError(f"no JSON object in the model's answer: {text[:200]!r}")


def ask_json(messages: list[dict[str, Any]], model: Any = None) -> dict[str, Any]:
    """Send a rendered template and parse the JSON object it answers with."""
    return parse_json(get_model(model).complete(messages, temperature=0))


def as_conversation(conversation: str | Iterable[dict[str, Any]]) -> str:
    """Messages (or a ready string) as 'role: text' lines; a message's further lines are indented under it."""
    if isinstance(conversation, str):
        return conversation
    lines = []
    for m in conversation:
        if not isinstance(m, dict) or "role" not in m:
            raise TypeError(f"a conversation is a string or a list of {{'role', 'content'}} dicts, got {m!r}")
        body = [line.strip() for line in str(m.get("content") or "").splitlines() if line.strip()]
        if body:  # indented, so a tool's "user: ..." line can never pass for a user turn
            lines.append(f"{m['role']}: " + "\n  ".join(body))
    return "\n".join(lines)


def clamp01(value: Any, what: str) -> float:
    """A number from the model, clamped to [0, 1]."""
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ModelOutputError(f"{what} must be a number from 0 to 1, the model said {value!r}") from None
    return min(1.0, max(0.0, x))


def extract_facts(conversation: str | list[dict[str, Any]], model: Any = None) -> list[Fact]:
    """Atomic, self-contained facts about the user, each with a confidence (prompts.EXTRACT_FACTS)."""
    return extract(conversation, model)[0]


def extract(conversation: str | list[dict[str, Any]], model: Any = None) -> tuple[list[Fact], list[str]]:
    """(facts, statements the model said it did not understand) for a conversation; the offline model lists
    the statement-like sentences it could not read under "not_understood" (a live model usually lists none)."""
    text = as_conversation(conversation)
    if not text.strip():
        return [], []
    data = ask_json(prompts.EXTRACT_FACTS.render(conversation=text), model)
    missed = [str(x) for x in data.get("not_understood", []) if str(x).strip()]
    return facts_in(data), missed


def facts_in(data: dict[str, Any]) -> list[Fact]:
    """The Fact list of an EXTRACT_FACTS answer; ModelOutputError if it has none."""
    items = data.get("facts")
    if not isinstance(items, list):
        raise ModelOutputError(f"expected {{'facts': [...]}}, the model said {data!r}")
    facts = []
    for item in items:
        if isinstance(item, str):
            facts.append(Fact(item.strip(), 1.0))
        elif isinstance(item, dict) and str(item.get("text", "")).strip():
            facts.append(Fact(str(item["text"]).strip(), clamp01(item.get("confidence", 1.0), "confidence")))
    return facts


def session_summary(transcript: str | list[dict[str, Any]], model: Any = None) -> dict[str, list[str]]:
    """Decisions, preferences, facts_learned and open_questions of a session (prompts.SESSION_SUMMARY)."""
    data = ask_json(prompts.SESSION_SUMMARY.render(transcript=as_conversation(transcript)), model)
    out = {}
    for key in ("decisions", "preferences", "facts_learned", "open_questions"):
        value = data.get(key, [])
        if not isinstance(value, list):
            raise ModelOutputError(f"'{key}' must be a list, the model said {value!r}")
        out[key] = [redact_secrets(str(x).strip())[0] for x in value if str(x).strip()]  # a summary keeps no secret
    return out


def rate_importance(text: str, model: Any = None) -> float:
    """How important a memory is, 0..1 (prompts.RATE_IMPORTANCE)."""
    data = ask_json(prompts.RATE_IMPORTANCE.render(memory=text), model)
    if "importance" not in data:
        raise ModelOutputError(f"expected {{'importance': <0..1>}}, the model said {data!r}")
    return clamp01(data["importance"], "importance")


def gate(facts: Iterable[Fact], min_confidence: float = DEFAULT_MIN_CONFIDENCE) -> list[Fact]:
    """Only the facts the extractor is sure about: guesses never reach long-term memory."""
    min_confidence = check_number(min_confidence, "min_confidence", 0, 1)
    return [f for f in facts if f.confidence >= min_confidence]


def existing_pairs(nearest: Iterable[Any]) -> list[tuple[str, str]]:
    """(id, text) from records, Recalled rows, dicts or pairs."""
    out = []
    for item in nearest:
        record = getattr(item, "record", item)
        if isinstance(record, tuple):
            out.append((str(record[0]), str(record[1])))
        elif isinstance(record, dict):
            out.append((str(record["id"]), str(record["text"])))
        else:
            out.append((str(record.id), str(record.text)))
    return out


def clean_id(raw: Any, known: Iterable[str]) -> str | None:
    """The stored id a model meant: exact, or the one known id inside `raw` ('`m-1`', "'m-1'", '[m-1]', 'id m-1.')."""
    if raw is None:
        return None
    known = set(known)
    text = str(raw).strip().strip("`'\"[](){}<> ")
    if text in known:
        return text
    hits = {t.strip(".") for t in re.findall(r"[\w.-]+", str(raw))} & known
    return hits.pop() if len(hits) == 1 else None


def same_subject(text: str, pairs: list[tuple[str, str]]) -> list[str]:
    """Ids of the stored facts about the same subject (diet, home city …) as `text`."""
    from course_lib.model.offline.lang.read_facts import about  # the slot readers; they only read text
    subject = about(text)[0]
    return [i for i, t in pairs if subject is not None and about(t)[0] == subject]


def resolve(new_fact: str | Fact, nearest_existing: Iterable[Any], model: Any = None) -> Decision:
    """ADD / UPDATE / DELETE / NOOP for a new fact given its nearest stored memories (prompts.RESOLVE_CONFLICT)."""
    text = new_fact.text if isinstance(new_fact, Fact) else str(new_fact)
    pairs = existing_pairs(nearest_existing)
    existing = "\n".join(f"{i}: {t}" for i, t in pairs) or "(none)"
    data = ask_json(prompts.RESOLVE_CONFLICT.render(new_fact=text, existing=existing), model)
    op = str(data.get("op", "")).upper().strip()
    if op not in OPS:
        raise ModelOutputError(f"op must be one of {OPS}, the model said {data!r}")
    reason = str(data.get("reason", ""))
    if op == "ADD":
        return Decision("ADD", None, text, reason)
    raw = data.get("id")
    mid = clean_id(raw, (i for i, _ in pairs))
    if op in ("UPDATE", "DELETE") and mid is None:  # a live model may garble or invent an id: never duplicate
        same = same_subject(text, pairs)
        if op == "UPDATE" and len(same) == 1:
            return Decision("UPDATE", same[0], text, f"{reason} (unknown id {raw!r}: used the one fact on this subject)")
        return Decision("NOOP", None, text, f"{reason} (unknown id {raw!r} ignored; nothing changed)")
    return Decision(op, mid, text, reason)


# -- the writer ---------------------------------------------------------------------------------------
class MemoryWriter:
    """Turns a conversation into memory operations on a VectorMemory and applies them."""

    def __init__(self, vector_memory: Any, model: Any = None, min_confidence: float | None = None,
                 nearest_k: int = 5) -> None:
        self.memory = vector_memory
        self._model = model
        # the memory's own gate, or a stricter one; never a laxer one (`remember` gates every write anyway)
        own = getattr(vector_memory, "min_confidence", DEFAULT_MIN_CONFIDENCE)
        self.min_confidence = own if min_confidence is None else max(own, min_confidence)
        self.nearest_k = nearest_k

    model = LazyModel()  # the chat model used for extraction, rating and resolution (built on first use)

    def write_from_conversation(self, user_id: str, messages: str | list[dict[str, Any]]) -> list[Decision]:
        """Extract facts from the user's turns and write them: one Decision per extracted fact."""
        from course_lib.scoring import Weights

        conversation, _ = redact_secrets(as_conversation(messages))  # secrets never even reach the model
        decisions: list[Decision] = []
        facts, missed = extract(conversation, self.model)
        decisions += [Decision("NOOP", None, said, "not understood: a statement the model could not read; nothing stored")
                      for said in missed]  # said out loud, and distinct from a turn with nothing to store ([])
        for fact in facts:
            clean, found = redact_secrets(fact.text)  # again: a model may restate a secret in a form the input check missed
            if found or "[REDACTED" in fact.text:
                decisions.append(Decision("NOOP", None, clean,
                                          f"refused: about a secret ({', '.join(found) or 'redacted'})"))
                continue
            if fact.confidence < self.min_confidence:
                decisions.append(Decision("NOOP", None, fact.text,
                                          f"gated: confidence {fact.confidence:.2f} < {self.min_confidence:.2f}"))
                continue
            nearest = self.memory.recall(user_id, clean, k=self.nearest_k, weights=Weights(0, 0, 1), touch=False) \
                if self.memory.memories(user_id) else []
            decision = resolve(clean, nearest, self.model)
            try:
                decisions.append(self.apply(user_id, decision, fact.confidence))
            except InstructionRefused as refused:  # the write contract's own check: a model handed back an order
                decisions.append(Decision("NOOP", None, clean, f"refused: an instruction to the agent ({refused})"))
        return decisions

    def apply(self, user_id: str, decision: Decision, confidence: float = 1.0) -> Decision:
        """Carry out one decision on the vector memory through its write contract (confidence gate, redaction,
        dedupe): an ADD of a fact already stored becomes a NOOP on the stored memory."""
        decision = replace(decision, text=redact_secrets(decision.text)[0])
        if decision.op == "ADD":
            known = self.memory.stored_as(user_id, decision.text)
            rec = self.memory.remember(user_id, decision.text, rate_importance(decision.text, self.model),
                                       confidence=confidence)
            if known is not None:
                return Decision("NOOP", known.id, decision.text, "already stored (same words)")
            return Decision("ADD", None, decision.text, decision.reason, rec.id)
        if decision.op == "UPDATE":
            rec = self.memory.update(user_id, decision.id, decision.text,
                                     importance=rate_importance(decision.text, self.model), confidence=confidence)
            return Decision("UPDATE", decision.id, decision.text, decision.reason, rec.id)
        if decision.op == "DELETE":
            self.memory.forget(user_id, decision.id)
        return decision

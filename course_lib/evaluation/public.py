"""Readers for the public long-term-memory benchmarks a user downloads: LongMemEval and LoCoMo.

Both become one shape: haystacks (one person's history, as turns grouped into sessions) and questions asked of
one haystack, each with the ids of the sessions and turns that hold its evidence.

    LongMemEval   a JSON list of questions; each carries its own haystack: `haystack_sessions` (lists of
                  {role, content, has_answer?} turns), `haystack_session_ids`, and `answer_session_ids`.
                  Evidence turns are the ones with `has_answer: true`. Abstention questions (id ending in
                  `_abs`) have no evidence and are kept, but recall skips them.
    LoCoMo        a JSON list of conversations; each has `conversation` (session_1, session_2, … lists of
                  {speaker, dia_id, text}) and `qa` (question, answer, evidence dia ids, category). One
                  conversation is one haystack for all its questions. Evidence ids that name no turn (the
                  released file has a few typos) are dropped and counted in `PublicSet.dropped`.

Anything else gets a ValueError that names the file, the item and the key that is wrong.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

@dataclass(frozen=True)
class Turn:
    """One message of a haystack: its id, its session's id, who spoke and what was said."""

    id: str
    session: str
    role: str
    text: str


@dataclass(frozen=True)
class PublicQuestion:
    """A question asked of one haystack, with the ids of its evidence sessions and turns (empty: none given)."""

    id: str
    haystack: str
    text: str
    answer: str
    kind: str
    sessions: frozenset[str]
    turns: frozenset[str]


@dataclass
class PublicSet:
    """What a benchmark file holds, in one shape for both formats."""

    source: str
    format: str
    haystacks: dict[str, list[Turn]]
    questions: list[PublicQuestion]
    dropped: int = 0  # evidence ids that named no turn

    def describe(self) -> str:
        """One line: format, haystacks, turns, questions and how many have evidence."""
        turns = sum(len(t) for t in self.haystacks.values())
        with_evidence = sum(bool(q.sessions) for q in self.questions)
        extra = f"; {self.dropped} evidence ids named no turn and were dropped" if self.dropped else ""
        return (f"{self.format} file {Path(self.source).name}: {len(self.haystacks)} haystacks, {turns} turns, "
                f"{len(self.questions)} questions ({with_evidence} with evidence){extra}")


class _Where:
    """Builds error messages that say which file and which item is wrong, and what the format expects."""

    def __init__(self, source: str, fmt: str) -> None:
        self.source, self.fmt = source, fmt

    def fail(self, where: str, problem: str) -> ValueError:
        return ValueError(f"{self.source}: {where}: {problem} (not a valid {self.fmt} file; see docs/benchmarks.md "
                          "for the format)")

    def get(self, item: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
        if not isinstance(item, dict):
            raise self.fail(where, f"expected an object, got {type(item).__name__}")
        if key not in item:
            raise self.fail(where, f"missing key {key!r} (it has {', '.join(sorted(map(str, item))) or 'no keys'})")
        value = item[key]
        if not isinstance(value, kind):
            names = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
            raise self.fail(where, f"{key!r} should be {names}, got {type(value).__name__}")
        return value


def load(path: str | Path) -> PublicSet:
    """Read a LongMemEval or LoCoMo JSON file (the format is recognised from its keys)."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no benchmark file at {path}: download one first (docs/benchmarks.md says where)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
                         "pass the .json file itself, not a zip or a Git LFS pointer") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not UTF-8 text; pass the benchmark's .json file") from None
    return parse(data, str(path))


def parse(data: Any, source: str = "<data>") -> PublicSet:
    """A PublicSet from already-decoded JSON: a list of LongMemEval questions or of LoCoMo conversations."""
    if not isinstance(data, list) or not data:
        got = "an empty list" if data == [] else type(data).__name__
        raise ValueError(f"{source}: expected a non-empty JSON list of questions (LongMemEval) or conversations "
                         f"(LoCoMo), got {got}")
    first = data[0]
    if isinstance(first, dict) and "haystack_sessions" in first:
        return _longmemeval(data, source)
    if isinstance(first, dict) and "conversation" in first and "qa" in first:
        return _locomo(data, source)
    keys = ", ".join(sorted(map(str, first))) if isinstance(first, dict) else type(first).__name__
    raise ValueError(f"{source}: item 0 is neither a LongMemEval question (needs 'haystack_sessions') nor a LoCoMo "
                     f"conversation (needs 'conversation' and 'qa'); it has {keys}")


def _longmemeval(data: list[Any], source: str) -> PublicSet:
    w = _Where(source, "LongMemEval")
    haystacks: dict[str, list[Turn]] = {}
    questions = []
    for n, item in enumerate(data):
        at = f"question {n}"
        qid = str(w.get(item, "question_id", (str, int), at)) if isinstance(item, dict) and "question_id" in item \
            else f"q{n}"
        at = f"question {n} ({qid})"
        if qid in haystacks:
            raise w.fail(at, "question_id appears twice; every question needs its own id")
        sessions = w.get(item, "haystack_sessions", list, at)
        ids = [str(i) for i in w.get(item, "haystack_session_ids", list, at)]
        if len(ids) != len(sessions):
            raise w.fail(at, f"{len(ids)} haystack_session_ids for {len(sessions)} haystack_sessions; "
                             "they must pair up one to one")
        if len(set(ids)) != len(ids):
            raise w.fail(at, "haystack_session_ids has a repeated id")
        turns, evidence = [], set()
        for sid, session in zip(ids, sessions):
            if not isinstance(session, list):
                raise w.fail(f"{at}, session {sid}", f"expected a list of turns, got {type(session).__name__}")
            for t, turn in enumerate(session):
                where = f"{at}, session {sid}, turn {t}"
                role = w.get(turn, "role", str, where)
                turns.append(Turn(f"{sid}:{t}", sid, role, w.get(turn, "content", str, where)))
                if turn.get("has_answer") is True:
                    evidence.add(f"{sid}:{t}")
        answer_ids = frozenset(str(i) for i in w.get(item, "answer_session_ids", list, at))
        unknown = sorted(answer_ids - set(ids))
        if unknown:
            raise w.fail(at, f"answer_session_ids names sessions not in the haystack: {', '.join(unknown[:3])}")
        haystacks[qid] = turns
        questions.append(PublicQuestion(qid, qid, w.get(item, "question", str, at), str(item.get("answer", "")),
                                        str(item.get("question_type", "")) + ("/abstention" if qid.endswith("_abs")
                                                                              else ""),
                                        frozenset() if qid.endswith("_abs") else answer_ids,
                                        frozenset() if qid.endswith("_abs") else frozenset(evidence)))
    return PublicSet(source, "LongMemEval", haystacks, questions)


SESSION_KEY = re.compile(r"^session_(\d+)$")


def _locomo(data: list[Any], source: str) -> PublicSet:
    w = _Where(source, "LoCoMo")
    haystacks: dict[str, list[Turn]] = {}
    questions, dropped = [], 0
    for n, item in enumerate(data):
        sample = str(item.get("sample_id", f"conv{n}")) if isinstance(item, dict) else f"conv{n}"
        at = f"conversation {n} ({sample})"
        if sample in haystacks:
            raise w.fail(at, "sample_id appears twice")
        conversation = w.get(item, "conversation", dict, at)
        numbered = sorted((int(m.group(1)), key) for key in conversation if (m := SESSION_KEY.match(key)))
        if not numbered:
            raise w.fail(at, "the conversation has no session_1, session_2, … lists of turns")
        turns, session_of = [], {}
        for _, key in numbered:
            session = conversation[key]
            if not isinstance(session, list):
                raise w.fail(f"{at}, {key}", f"expected a list of turns, got {type(session).__name__}")
            for t, turn in enumerate(session):
                where = f"{at}, {key}, turn {t}"
                dia = w.get(turn, "dia_id", str, where)
                if dia in session_of:
                    raise w.fail(where, f"dia_id {dia!r} appears twice")
                session_of[dia] = key
                turns.append(Turn(dia, key, w.get(turn, "speaker", str, where), w.get(turn, "text", str, where)))
        haystacks[sample] = turns
        for j, qa in enumerate(w.get(item, "qa", list, at)):
            where = f"{at}, qa {j}"
            evidence = [str(e).strip() for e in w.get(qa, "evidence", list, where)]
            known = frozenset(e for e in evidence if e in session_of)
            dropped += len(evidence) - len(known)
            kind = f"category {qa.get('category', '?')}"  # LoCoMo's numbered question types, named in its paper
            answer = qa.get("answer", qa.get("adversarial_answer", ""))
            questions.append(PublicQuestion(f"{sample}/{j}", sample, w.get(qa, "question", str, where), str(answer),
                                            kind, frozenset(session_of[e] for e in known), known))
    return PublicSet(source, "LoCoMo", haystacks, questions, dropped)

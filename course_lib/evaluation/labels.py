"""The write path's labelled set: conversations whose user turns are marked with the facts they state.

One conversation per JSONL line in `course_lib/data/labelled/`:

    {"id": "scenario/long_trip", "split": "train" | "dev" | "heldout" | "old-heldout", "source": "scenario" | "benchmark" | "hand",
     "before": ["The user is vegetarian.", ...],          # what memory held before this conversation
     "messages": [{"role": "user", "content": "...",
                   "facts": [{"text": "The user's budget is 40 EUR.", "subject": "budget", "value": "40 EUR",
                              "op": "ADD", "target": null}],   # target: the earlier fact an UPDATE/DELETE replaces
                   "optional": [...],                         # facts a good extractor may keep or leave out
                   "noise": "small talk"},                    # a user turn with no fact says why it has none
                  {"role": "assistant", "content": "..."}],
     "summary": {"decisions": [...], "preferences": [...], "facts_learned": [...], "open_questions": [...],
                 "not": [...]}}   # each item a key phrase one entry of that field must contain; "not": in no field

Subjects use the offline model's vocabulary (name, diet, budget, home city, timezone, job, hotel, relative:<who>,
pet:<kind>, allergy:<what>, flight:<number>, meeting:<who>, birthday:<who>, preference:<what>), so a fact's
subject and value can be compared whoever extracted it. `benchmark_conversations` labels the generator's
sessions from its own phrase templates: every statement's kind and value is known, nothing is hand-marked.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from course_lib.evaluation.generate import generate, phrases

LABELLED = Path(__file__).resolve().parents[1] / "data" / "labelled"
OPS = ("ADD", "UPDATE", "DELETE", "NOOP")
FIELDS = ("decisions", "preferences", "facts_learned", "open_questions")
SPLITS = ("train", "dev", "heldout", "old-heldout")
KINDS = ("fact", "preference", "plan", "correction", "retraction", "deletion", "instruction", "question", "smalltalk",
         "third_party", "secret")  # what a user message may be labelled as (the offline classifier learns these)
LANGS = ("en", "de", "fr", "es", "pt", "it")
HELDOUT_FILE = "learner_heldout.jsonl"  # written after the language layer is frozen; loaded as split "heldout" when present
# Held-out sets that were read while the rules were written are development data: split "old-heldout"
# (hand_heldout.jsonl, learner_oldheldout.jsonl). They are still never trained on (tools/train_kinds.py).


@dataclass(frozen=True)
class Conversation:
    """One labelled conversation (see the module docstring for the fields)."""

    id: str
    split: str
    source: str
    before: tuple[str, ...]
    messages: tuple[dict[str, Any], ...]
    summary: dict[str, list[str]] | None  # None: the conversation's summary is not labelled (learner corpus)

    def user_turns(self) -> list[dict[str, Any]]:
        """The user's messages, each with its 'facts' (maybe empty) and, when it has none, its 'noise' reason."""
        return [m for m in self.messages if m["role"] == "user"]

    def facts(self) -> list[dict[str, Any]]:
        """Every labelled fact, in the order the user stated them."""
        return [f for m in self.user_turns() for f in m.get("facts", [])]


def check(record: dict[str, Any], where: str) -> Conversation:
    """A Conversation from one decoded line; ValueError names the line and what is wrong."""
    def fail(msg: str) -> None:
        raise ValueError(f"{where}: {msg}")
    for key in ("id", "split", "source", "messages", "summary"):
        if key not in record:
            fail(f"missing {key!r}")
    if record["split"] not in SPLITS:
        fail(f"split must be one of {SPLITS}, got {record['split']!r}")
    known = list(record.get("before", []))
    for i, m in enumerate(record["messages"]):
        if m.get("role") not in ("user", "assistant") or not str(m.get("content", "")).strip():
            fail(f"message {i} needs a role (user or assistant) and content")
        if m["role"] != "user":
            continue
        if "lang" in m and m["lang"] not in LANGS:
            fail(f"user message {i}: lang must be one of {LANGS}, got {m['lang']!r}")
        if "kind" in m and m["kind"] not in KINDS:
            fail(f"user message {i}: kind must be one of {KINDS}, got {m['kind']!r}")
        if not m.get("facts") and not m.get("optional") and not m.get("noise"):
            fail(f"user message {i} has no facts and no 'noise' reason; label it one way or the other")
        for f in m.get("optional", []):
            if not all(str(f.get(k, "")).strip() for k in ("text", "subject", "value")):
                fail(f"an optional fact of message {i} needs text, subject and value: {f!r}")
        for f in m.get("facts", []):
            if not all(str(f.get(k, "")).strip() for k in ("text", "subject", "value")):
                fail(f"a fact of message {i} needs text, subject and value: {f!r}")
            if f.get("op") not in OPS:
                fail(f"fact {f['text']!r} needs op in {OPS}, got {f.get('op')!r}")
            if f["op"] in ("UPDATE", "DELETE") and f.get("target") not in known:
                fail(f"fact {f['text']!r} ({f['op']}) must name as target a fact stated before it")
            known.append(f["text"])
    if record["summary"] is None:
        return Conversation(record["id"], record["split"], record["source"], tuple(record.get("before", [])),
                            tuple(record["messages"]), None)
    unknown = set(record["summary"]) - set(FIELDS) - {"not"}
    if unknown:
        fail(f"summary fields are {FIELDS} and 'not'; unknown {sorted(unknown)}")
    return Conversation(record["id"], record["split"], record["source"], tuple(record.get("before", [])),
                        tuple(record["messages"]), {k: list(record["summary"].get(k, [])) for k in (*FIELDS, "not")})


def load(split: str | None = None, folder: Path = LABELLED) -> list[Conversation]:
    """Every labelled conversation in `folder` (only `split`'s, if given), checked line by line. `folder` may also
    be one .jsonl file: a set kept outside the package (a fresh held-out set waiting to be scored).

    The held-out learner file (HELDOUT_FILE), when present, is read like the others: its split is "heldout";
    the held-out sets already looked at are split "old-heldout" (load("old-heldout"))."""
    if split is not None and split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS} or None, got {split!r}")
    out = []
    paths = [Path(folder)] if Path(folder).is_file() else sorted(Path(folder).glob("*.jsonl"))
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                out.append(check(json.loads(line), f"{path.name}, line {n}"))
    if not out:
        raise FileNotFoundError(f"no labelled conversations (*.jsonl) in {folder}")
    return [c for c in out if split is None or c.split == split]


# -- the generator's sessions, labelled from its own templates -----------------------------------------------
CANON = {  # kind -> (subject, value, fact text) from the template's fields
    "name": lambda v, x: ("name", v, f"The user's name is {v}."),
    "diet": lambda v, x: ("diet", v, f"The user is {v}."),
    "city": lambda v, x: ("home city", v, f"The user lives in {v}."),
    "budget": lambda v, x: ("budget", f"{v} EUR", f"The user's budget is {v} EUR."),
    "allergy": lambda v, x: (f"allergy:{v.lower()}", v.lower(), f"The user is allergic to {v.lower()}."),
    "relative": lambda v, x: (f"relative:{x['rel']}", v, f"The user's {x['rel']} is called {v}."),
    "pet": lambda v, x: (f"pet:{x['rel']}", v, f"The user's {x['rel']} is called {v}."),
    "job": lambda v, x: ("job", v, f"The user works as {'an' if v[0] in 'aeiou' else 'a'} {v}."),
    "flight": lambda v, x: (f"flight:{v}", v, f"The user's flight is {v}."),
}


def template_regex(template: str) -> re.Pattern[str]:
    """A template such as 'My {rel} {v} is visiting in May.' as a full-match regex with named groups."""
    parts = re.split(r"(\{\w+\})", template)
    body = "".join(f"(?P<{p[1:-1]}>.+?)" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts)
    return re.compile(r"(?i:" + body[:1] + ")" + body[1:] if body[:1].isalpha() else body)


def statement_kind(text: str) -> tuple[str, str, dict[str, str]] | None:
    """(kind, key, fields) of a generated user message, or None when it comes from no fact template."""
    for kind, spec in phrases()["kinds"].items():
        for key in ("state", "correct", "other"):
            for template in spec.get(key, []):
                m = template_regex(template).fullmatch(text)
                if m:
                    return kind, key, m.groupdict()
    return None


def benchmark_conversations(size: str | tuple[int, int] = (2, 3), seed: int = 11) -> list[dict[str, Any]]:
    """The generator's sessions as labelled records: facts by template, ops against the user's earlier facts."""
    bench = generate(size, seed)
    state: dict[str, dict[str, str]] = {}  # user -> subject -> current fact text
    out = []
    for s in bench.sessions:
        known = state.setdefault(s.user, {})
        before = list(known.values())
        messages, decisions, prefs, learned, questions = [], [], [], [], []
        for m in s.messages:
            if m["role"] == "tool" or not m.get("content"):
                continue
            if m["role"] == "assistant":
                messages.append({"role": "assistant", "content": m["content"]})
                continue
            found = statement_kind(m["content"])
            if found is None or found[1] == "other":
                why = "someone else's fact" if found else (
                    "a request" if m["content"] in phrases()["tool_requests"] else "small talk")
                messages.append({"role": "user", "content": m["content"], "facts": [], "noise": why})
                continue
            kind, _, fields = found
            subject, value, text = CANON[kind](fields["v"], fields)
            old = known.get(subject)
            op = "ADD" if old is None else "NOOP" if old == text else "UPDATE"
            known[subject] = text
            message = {"role": "user", "content": m["content"],
                       "facts": [{"text": text, "subject": subject, "value": value, "op": op, "target": old}]}
            if kind == "flight" and re.search(r"\b(?:flying|fly) to\b", m["content"], re.I):  # a trip is stated too
                city = fields["city"]
                message["optional"] = [{"text": f"The user has a trip to {city}.", "subject": "trip", "value": city}]
            messages.append(message)
            (prefs if kind in ("diet", "budget", "allergy") else learned).append(value)
            if "need to" in m["content"].lower():  # "I need to find a sitter for Mochi": a task left open
                questions.append(value)
            if m["content"].lower().startswith("booked"):
                decisions.append(value)
        out.append({"id": f"benchmark/{bench.seed}/{s.user}/{s.index}", "split": "dev", "source": "benchmark",
                    "before": before, "messages": messages,
                    "summary": {"decisions": decisions, "preferences": prefs, "facts_learned": learned,
                                "open_questions": questions}})
    return out

"""The learner corpus, written compactly: run it to rebuild course_lib/data/labelled/learner_{train,dev}.jsonl.

    python tools/learner_corpus.py

Each conversation is (id, lang, split, before, turns); a turn is (kind, text, facts), where kind is one of the
eleven sentence kinds of course_lib.model.offline.lang.kinds and facts is either a list of (subject, value,
third-person fact) or, for a turn that states nothing, the reason why (the labels' "noise"). A subject starting
with "?" marks an optional fact (a good extractor may keep it or leave it out). Operations are worked out from
the labels themselves: a fact on a subject already held is an UPDATE of it, the same text a NOOP, a retraction
("retract") a DELETE of the fact whose value it names, anything else an ADD. Multi-valued subjects (allergies,
conditions, a child's name …) carry the value in the subject, so they never replace each other.

The sentences were written for this corpus, in the registers learners type (terse, chatty, typos, mixed case);
none is taken from the course's lessons or the held-out set.

Since 3 Dec 2026 the JSONL files are ahead of this script: values were made canonical English and conversations
added in the files themselves. The script refuses to overwrite a file whose conversations differ from what it
writes (`write`), so running it loses nothing; bring the edits back into learner_corpus_text.py before relying on it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "course_lib" / "data" / "labelled"
REPLY = {"en": "Noted.", "de": "Notiert.", "fr": "C'est noté.", "es": "Anotado.", "pt": "Anotado.", "it": "Preso nota."}
sys.path.insert(0, str(Path(__file__).resolve().parent))
from learner_corpus_text import CONVERSATIONS  # noqa: E402


def ops(before: list[str], turns: list[tuple]) -> list[dict]:
    """The user messages with labelled facts, each fact given its op and target from the ones before it."""
    held: dict[str, str] = {}  # subject -> fact text
    for text in before:
        held[before_subject(text)] = text
    out = []
    for kind, text, facts in turns:
        msg = {"role": "user", "content": text, "lang": None, "kind": kind}
        if isinstance(facts, str):
            msg["facts"], msg["noise"] = [], facts
            out.append(msg)
            continue
        stated, optional = [], []
        for subject, value, fact in facts:
            if subject.startswith("?"):
                optional.append({"text": fact, "subject": subject[1:], "value": value})
                continue
            if subject == "retract":
                target = next(t for s, t in held.items() if value.lower() in t.lower())
                stated.append({"text": fact, "subject": subject, "value": value, "op": "DELETE", "target": target})
                held = {s: t for s, t in held.items() if t != target}
                continue
            old = held.get(subject)
            op = "ADD" if old is None else "NOOP" if old == fact else "UPDATE"
            stated.append({"text": fact, "subject": subject, "value": value, "op": op,
                           "target": old if op == "UPDATE" else None})
            held[subject] = fact
        msg["facts"] = stated
        if optional:
            msg["optional"] = optional
        if not stated and not optional:
            raise ValueError(f"{text!r}: a list of facts must not be empty; give a noise reason instead")
        out.append(msg)
    return out


def before_subject(text: str) -> str:
    """The subject of a fact memory held before a conversation (the few forms the corpus uses)."""
    from course_lib.model.offline.lang.read_facts import about  # the same reader the write path uses
    subject = about(text)[0]
    if subject is None:
        raise ValueError(f"before-fact {text!r} has no subject the offline model can read")
    return subject


def record(cid: str, split: str, lang: str, before: list[str], turns: list) -> dict:
    """One labelled conversation: the user's turns with their labels and operations (`ops`), each followed by a short
    reply in the conversation's language."""
    messages = []
    for m in ops(list(before), turns):
        m["lang"] = lang
        messages += [m, {"role": "assistant", "content": REPLY[lang]}]
    return {"id": cid, "split": split, "source": "learner", "before": list(before), "messages": messages,
            "summary": None}


def unique(ids: list[str]) -> None:
    """ValueError on the first conversation id given twice."""
    seen = set()
    for cid in ids:
        if cid in seen:
            raise ValueError(f"duplicate conversation id {cid}")
        seen.add(cid)


def write(path: Path, records: list[dict]) -> str:
    """Write the records as JSON lines; the line to print about it. A file whose conversations were changed or added
    by hand (not through this script's conversations) is not overwritten: that would lose them."""
    if path.exists():
        made = {r["id"]: r for r in records}
        kept = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        edited = [r["id"] for r in kept if made.get(r["id"]) != r]
        if edited:
            raise SystemExit(f"{path.relative_to(ROOT)}: {len(edited)} conversations differ from what this script "
                             f"writes ({', '.join(edited[:3])} …), edited in the file by hand; copy those edits into "
                             f"the script's conversations first, or they are lost")
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    users = sum(1 for r in records for m in r["messages"] if m["role"] == "user")
    return f"{path.relative_to(ROOT)}: {len(records)} conversations, {users} user messages"


def build() -> dict[str, list[dict]]:
    """split -> records."""
    sys.path.insert(0, str(ROOT))
    unique([c[0] for c in CONVERSATIONS])
    out: dict[str, list[dict]] = {"train": [], "dev": []}
    for cid, lang, split, before, turns in CONVERSATIONS:
        out[split].append(record(f"learner/{cid}", split, lang, before, turns))
    return out


def main() -> int:
    for split, records in build().items():
        print(write(OUT / f"learner_{split}.jsonl", records))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How the variant stand-in restates the offline model's answers: the same content in other words and formats.

Each rewrite stays within what real chat models do with the course's prompts:

* **JSON answers** come compact, pretty-printed, in a ```json fence, or with a sentence of prose around them;
  they carry fields nobody asked for ("category", "notes", "confidence"), and numbers sometimes as strings.
* **Facts** are reworded ("The user is vegan." -> "User is vegan") only in ways that keep what they are about
  (lang.read_facts.about reads them the same), and listed in another order; guesses (confidence below 0.8) may be
  left out, one fact of four or more may be missed, and any fact about a redacted secret always is (the prompt
  says never to include one).
* **Operations** (ADD / UPDATE / DELETE / NOOP) come in any letter case, ids wrapped in backticks or brackets.
* **Rankings** keep the first pick; the others may change places or be left out, or be numbers written as text;
  now and then the list is empty ("none clearly answers").
* **Summaries** get a preamble, bullets or one paragraph, and may lose a sentence that holds no number.

What the stand-in reads back from its own earlier answers (a confirmation question, "already done with {...}"
lessons, the compaction headings) keeps its wording, as a real model's own protocol would stay readable to it.
Every choice is drawn from a random generator seeded by the prompt, so the same prompt gets the same answer.
"""
from __future__ import annotations

import json
import os
import random
import re
import zlib
from typing import Any, Callable

from course_lib.model.offline.lang.read_facts import about

SALT = os.environ.get("COURSE_VARIANT_SEED", "")  # another value, other choices: probe a lesson under many variants
JsonRewrite = Callable[[dict[str, Any], random.Random], dict[str, Any]]

PROSE_BEFORE = ("Here is the JSON you asked for:", "Sure. Here is my answer:", "Result:",
                "I read the input carefully. My answer:")
PROSE_AFTER = ("Let me know if anything should change.", "I hope this helps.", "")


def dump(obj: dict[str, Any], rng: random.Random) -> str:
    """`obj` as a model might write it: compact, indented, fenced, or between sentences of prose."""
    style = rng.choice(("compact", "indented", "fenced", "prose", "prose-fenced"))
    text = json.dumps(obj, ensure_ascii=False, indent=None if style == "compact" else 2)
    if style == "fenced":
        return f"```json\n{text}\n```"
    if style == "prose":
        return f"{rng.choice(PROSE_BEFORE)} {text}\n{rng.choice(PROSE_AFTER)}".strip()
    if style == "prose-fenced":
        return f"{rng.choice(PROSE_BEFORE)}\n\n```json\n{text}\n```\n\n{rng.choice(PROSE_AFTER)}".strip()
    return text


def fact_rng(text: str) -> random.Random:
    """A generator seeded by a fact's own words, so one fact is always reworded the same way."""
    return random.Random(zlib.crc32((SALT + text).encode("utf-8")))


def reword_fact(text: str) -> str:
    """The fact in other words that say the same about the same subject (about() reads both alike)."""
    text = text.strip()
    options = [text, text.rstrip("."), re.sub(r"^The user\b", "User", text), re.sub(r"^The user\b", "User", text).rstrip(".")]
    same = [o for o in dict.fromkeys(options) if o and about(o) == about(text)]
    return fact_rng(text).choice(same)


def shuffled(items: list[Any], rng: random.Random) -> list[Any]:
    """A copy of `items` in another order."""
    out = list(items)
    rng.shuffle(out)
    return out


def jitter(value: float, rng: random.Random, step: float = 0.05) -> float:
    """`value` moved by at most `step` (a model's scores differ a little), kept in [0, 1]."""
    return round(min(1.0, max(0.0, value + rng.choice((-step, 0.0, step)))), 2)


def facts(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """extract_facts: reworded, reordered, extra fields; guesses may be left out, secrets always are."""
    kept = [f for f in obj.get("facts", []) if "[REDACTED" not in f["text"]]
    if rng.random() < 0.5:
        kept = [f for f in kept if f["confidence"] >= 0.8]  # "fewer facts": a model often leaves a guess out
    if len(kept) >= 4 and rng.random() < 0.25:
        kept.pop(rng.randrange(len(kept)))  # and from a long conversation it may miss one fact altogether
    kept = shuffled(kept, rng)
    if kept and all(f["confidence"] >= 0.8 for f in kept) and rng.random() < 0.25:
        return {"facts": [reword_fact(f["text"]) for f in kept]}  # plain strings, no confidence
    out = [{"text": reword_fact(f["text"]), "confidence": jitter(f["confidence"], rng),
            "category": (about(f["text"])[0] or "other").split(":")[0],
            **{k: f[k] for k in ("subject", "value") if k in f}} for f in kept]  # as the prompt asks
    answer: dict[str, Any] = {"facts": out}
    if len(kept) < len(obj.get("facts", [])) or not out:
        answer["notes"] = "I listed only what the user clearly stated about themselves."
    return answer


def importance(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """rate_importance: a nearby score, sometimes as text, with the reason in other words."""
    value = jitter(float(obj["importance"]), rng)
    return {"reason": f"Rated {value}: {obj.get('reason', 'no reason given')}.",
            "importance": str(value) if rng.random() < 0.3 else value}


def conflict(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """resolve_conflict: the same operation in another letter case, the id wrapped, an extra field."""
    op = str(obj["op"])
    out: dict[str, Any] = {"op": rng.choice((op, op.lower(), op.title())), "confidence": 0.9,
                           "reason": f"Decision: {obj.get('reason', '')}"}
    if obj.get("id") is not None:
        out["id"] = rng.choice(("{}", "`{}`", "[{}]", "memory {}")).format(obj["id"])
    elif rng.random() < 0.5:
        out["id"] = None
    return out


def session(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """session_summary: lists in another order with reworded facts, empty lists left out, a summary line."""
    out: dict[str, Any] = {"summary": "A short session about the user's plans."}
    for key in shuffled(["decisions", "preferences", "facts_learned", "open_questions"], rng):
        items = [reword_fact(x) if key in ("preferences", "facts_learned") else x for x in obj.get(key, [])]
        if items or rng.random() < 0.5:
            out[key] = items
    return out


def lessons(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """distill_episode: outcomes in other words and a count; "already done with {...}" lines stay as they are."""
    items = [re.sub(r"^Outcome: (.*)$", r"The episode ended like this: \1", x) for x in obj.get("lessons", [])]
    return {"lessons": items, "count": len(items)}


def ranking(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """rerank: the first pick kept; the others may swap, the last may be left out; numbers sometimes as text."""
    picked = list(obj.get("ranking", []))
    if len(picked) >= 2 and rng.random() < 0.1:
        return {"ranking": [], "explanation": "None of the memories clearly answers the query."}
    if len(picked) >= 3 and rng.random() < 0.4:
        picked[1], picked[2] = picked[2], picked[1]
    if len(picked) >= 3 and rng.random() < 0.3:
        picked = picked[:-1]
    if rng.random() < 0.3:
        return {"ranking": [str(n) for n in picked], "explanation": "most useful first"}
    return {"ranking": picked}


JSON_REWRITES: dict[str, JsonRewrite] = {
    "extract_facts": facts, "rate_importance": importance, "resolve_conflict": conflict,
    "session_summary": session, "distill_episode": lessons, "rerank": ranking}


def rewrite_json(task: str, content: str, rng: random.Random) -> str:
    """The offline model's JSON answer to `task`, restated."""
    return dump(JSON_REWRITES[task](json.loads(content), rng), rng)


def summary(content: str, rng: random.Random) -> str:
    """summarise: a preamble, bullets or one paragraph; sometimes one sentence without a number is left out."""
    lines = [line for line in content.splitlines() if line.strip()]
    plain = [i for i, line in enumerate(lines) if not re.search(r"\d", line)]
    if len(lines) >= 4 and plain and rng.random() < 0.3:
        lines.pop(rng.choice(plain))
    style = rng.choice(("lines", "bullets", "paragraph"))
    body = ("\n".join(f"- {line}" for line in lines) if style == "bullets"
            else " ".join(lines) if style == "paragraph" else "\n".join(lines))
    return (rng.choice(("Summary so far:\n", "Updated summary:\n", "")) + body).strip()


def compacted(content: str, rng: random.Random) -> str:
    """compact: the five headings kept (the stand-in reads them back), sections spaced by blank lines."""
    if rng.random() < 0.5:
        return content
    return re.sub(r"\n(?=(?:Decisions|Tools and files touched|Findings|Open tasks):)", "\n\n", content)

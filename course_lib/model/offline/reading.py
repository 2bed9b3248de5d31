"""How the offline ReAct rule reads its prompt: what is asked, the user's constraints, the tool calls so far.

Constraints come from every system and user message (recalled facts, a summary note and earlier user
messages all count; assistant and tool text does not, nor a memory line that a data block marks as said by a
tool, another user or the agent, "- [tool read_page] …": prompts.without_hearsay). See react.py for how the rule uses them.
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model.offline.reply import Messages
from course_lib.model.offline.text import sentences
from course_lib.model.prompts import COMPACT_HEADINGS, COMPACTED_HEADING, without_hearsay

CITIES = ("Berlin", "Paris", "Munich", "Hamburg", "London", "Rome", "Vienna", "Madrid", "Amsterdam")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
STOPWORDS = set("""a an and are about at be can do does for from give how i in is it me my of on or page
please say says see tell the this that to what when where which who why will with you your there their
would could should""".split())

URL = re.compile(r"https?://[^\s)\"'>]+")
MONEY = re.compile(r"(?:€\s*(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s*(?:EUR|€|euros?)\b)", re.I)
BUDGET_CUE = re.compile(r"budget|per person|at most|\bmax|\bunder\b|up to|no more than", re.I)
DIET_WORD = re.compile(r"\b(vegetarian|vegan)\b", re.I)
NEGATED = re.compile(r"\b(?:not|isn't|aren't|no)\s+(?:just\s+|really\s+|strictly\s+)?$", re.I)
DIET_RESET = re.compile(r"\b(?:eats? meat|no longer (?:vegetarian|vegan)|not (?:vegetarian|vegan) any ?more)\b",
                        re.I)
TIME = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b")
PEOPLE = re.compile(r"\bfor (\d+|" + "|".join(NUMBER_WORDS) + r")\b(?!:)", re.I)
POINTER = re.compile(r"read_more\(pointer=['\"]([\w.-]+)['\"], offset=(\d+)\)")
NAME = re.compile(r"(?:\bmy name is|\bI'm|\bI am|\bname is|\bit's)\s+([A-Z][a-z]+)")


def prompt_text(messages: Messages) -> str:
    """The system messages (instructions, recalled memory: background), then what the user said, in order (where
    constraints come from; so the user's latest words win over a recalled fact sent after them)."""
    ordered = [m for m in messages if m.get("role") == "system"] + [m for m in messages if m.get("role") == "user"]
    return "\n".join(str(m.get("content") or "") for m in ordered)


def find_diet(text: str) -> str | None:
    """The last diet stated and not negated, or None."""
    events: list[tuple[int, str | None]] = []
    for m in DIET_WORD.finditer(text):
        if not NEGATED.search(text[max(0, m.start() - 25): m.start()]):
            events.append((m.start(), m.group(1).lower()))
    events += [(m.start(), None) for m in DIET_RESET.finditer(text)]
    return max(events, key=lambda e: e[0])[1] if events else None


def find_budget(text: str) -> float | None:
    """The last EUR amount in a sentence about a budget or a price per person, or None."""
    budget = None
    for s in sentences(text):
        if BUDGET_CUE.search(s):
            amounts = [m.group(1) or m.group(2) for m in MONEY.finditer(s)]
            if amounts:
                budget = float(amounts[-1].replace(",", "."))
    return budget


def find_city(question: str, text: str) -> str | None:
    """A city named in the question, else the last city mentioned in the prompt."""
    for source in (question, text):
        hits = [(m.start(), c) for c in CITIES for m in re.finditer(rf"\b{c}\b", source)]
        if hits:
            return max(hits)[1]
    return None


def find_when(question: str) -> str:
    """'Friday 19:00' from the question (defaults: no day, 19:00)."""
    day = next((d for d in DAYS if re.search(rf"\b{d}\b", question, re.I)), "")
    t = TIME.search(question)
    clock = f"{int(t.group(1)):02d}:{t.group(2)}" if t else "19:00"
    return f"{day} {clock}".strip()


def find_people(question: str) -> int:
    """Party size from 'for 2' / 'for two' (default 2)."""
    m = PEOPLE.search(question)
    if not m:
        return 2
    word = m.group(1).lower()
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def constraints(question: str, text: str) -> dict[str, Any]:
    """Diet, budget and city found in the prompt (memory lines said by a tool or another user do not count)."""
    text = without_hearsay(text)
    return {"diet": find_diet(text), "budget": find_budget(text), "city": find_city(question, text)}


def describe(c: dict[str, Any]) -> str:
    """The constraints in words, for thoughts and answers."""
    parts = []
    if c["diet"]:
        parts.append(c["diet"])
    if c["budget"] is not None:
        parts.append(f"at most {c['budget']:g} EUR per person")
    return " and ".join(parts)


def intent(question: str) -> str:
    """What the user wants: page, book, restaurant, weather, recall or chat."""
    q = question.lower()
    if URL.search(question):
        return "page"
    if re.search(r"\bwhat(?:'s| is| are)? my\b|\bdo you (?:know|remember)\b", q):
        return "recall"
    if re.search(r"\b(book|reserve|reservation|table for)\b", q):
        return "book"
    if re.search(r"\b(restaurant|dinner|lunch|eat|food|place to eat|where to eat)\b", q):
        return "restaurant"
    if re.search(r"\b(weather|rain|forecast|temperature|sunny)\b", q):
        return "weather"
    return "chat"


def compacted_calls(block: str) -> list[tuple[str, dict[str, Any], str]]:
    """The tool calls a compaction block lists for the current request, each observing the block's findings."""
    sections = dict.fromkeys(COMPACT_HEADINGS, "")
    for part in re.split(r"^(?=(?:" + "|".join(COMPACT_HEADINGS) + r"):)", block, flags=re.M):
        head = next((h for h in COMPACT_HEADINGS if part.startswith(h + ":")), None)
        if head:
            sections[head] = part[len(head) + 1:]
    done = []
    for line in sections["Tools and files touched"].splitlines():
        m = re.match(r"\s*-\s*(\w+)\s*(\{.*\})?\s*$", line)  # "(for an earlier request)" lines do not match
        if m:
            try:
                args = json.loads(m.group(2) or "{}")
            except json.JSONDecodeError:
                args = {}
            done.append((m.group(1), args, sections["Findings"]))
    return done


def tool_history(messages: Messages, start: int) -> list[tuple[str, dict[str, Any], str]]:
    """(tool name, arguments, observation) for each tool call after position `start` (compacted ones too)."""
    results = {m.get("tool_call_id"): str(m.get("content") or "") for m in messages[start:] if m.get("role") == "tool"}
    done = []
    for m in messages[start:]:
        if m.get("role") != "user" and str(m.get("content") or "").startswith(COMPACTED_HEADING):
            done += compacted_calls(str(m["content"]))
        for c in m.get("tool_calls") or []:
            fn = c.get("function", {})
            try:
                args = json.loads(fn.get("arguments") or "{}")
            except json.JSONDecodeError:
                args = {}
            done.append((fn.get("name", ""), args, results.get(c.get("id"), "")))
    return done


def keywords(text: str) -> set[str]:
    """Content words of a question (lower case, no stop words)."""
    return {w for w in re.findall(r"[a-zà-ü0-9&]+", text.lower()) if len(w) > 2 and w not in STOPWORDS}


def best_sentences(question: str, pages: list[str], k: int = 2) -> list[str]:
    """Up to k sentences of the pages that share at least half the question's words (and at least two)."""
    words = keywords(URL.sub(" ", question))
    need = max(2, (len(words) + 1) // 2)
    scored = []
    for p, page in enumerate(pages):
        for i, s in enumerate(sentences(page)):
            if POINTER.search(s):
                continue
            overlap = len(words & keywords(s))
            if overlap >= need:
                scored.append((-overlap, p, i, s))
    return [s for *_, s in sorted(scored)[:k]]

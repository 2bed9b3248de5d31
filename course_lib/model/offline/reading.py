"""How the offline ReAct rule reads its prompt: the user's constraints, the tool calls so far, page sentences.

Facts and constraints come from fact_text(messages): every system and user message (recalled facts, a
summary note and earlier user messages all count; assistant and tool text does not, nor a memory line that a
data block marks as said by a tool, another user or the agent, "- [tool read_page] …": prompts.without_hearsay).
The readers for each kind of fact are in about_user.py, days and times in when.py, party sizes in amounts.py,
cities in places.py. See react.py for how the rule uses them.
"""
from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from course_lib.model import rx
from course_lib.model.clock import COURSE_START
from course_lib.model.offline import about_user
from course_lib.model.amounts import party_size
from course_lib.model.offline.intents import URL
from course_lib.model.offline.places import city_named, known_cities
from course_lib.model.offline.reply import Messages
from course_lib.model.offline.text import sentences
from course_lib.model.when import clock_time, day_of
from course_lib.model.prompts import COMPACT_HEADINGS, COMPACTED_HEADING, without_hearsay

STOPWORDS = set("""a an and are about at be can do does for from give how i in is it me my of on or page
please say says see tell the this that to what when where which who why will with you your there their
would could should""".split())

POINTER = re.compile(r"read_more\(pointer=['\"]([\w.-]+)['\"], offset=(\d+)\)")
HOME_WORDS = re.compile(r"where i live|where i'm based|at home|my home|my city|here\b|zu hause|bei mir|wo ich wohne|"
                        r"chez moi|où j'habite|en casa|donde vivo|em casa|onde moro|a casa|dove abito", re.I)


# A kind of food the user asks for, in six languages -> a word of the search tool's "cuisine" field. Read from the
# request only ("a fish restaurant", "restaurante de peixe", "ein Steakhaus"); never negated ("no fish").
CUISINES = {
    "fish": r"fish|seafood|fisch\w*|poissons?|fruits de mer|pescados?|mariscos|peixes?|marisco|pesce|frutti di mare",
    "steak": r"steak\w*|steakhaus|churrasc\w*|bisteca|bistecca|parrilla|grill",
    "dumplings": r"dumplings?|teigtaschen|raviolis? chinois|gyoza|jiaozi",
    "middle eastern": r"falafel|middle eastern|orientalisch\w*|libanais|libanés|libanês|libanese|árabe|arabe|hummus",
    "street food": r"street food|currywurst|imbiss",
}
# "the cheapest" in six languages: the choice is then the lowest price that fits, not the best rating.
CHEAPEST = re.compile(r"\b(?:cheapest|least expensive|lowest[- ]priced|billigste\w*|günstigste\w*|preiswerteste\w*|"
                      r"moins ch[eè]re?s?|(?:más|mais|più) (?:barat\w*|económic\w*|economic\w*|em conta)|meno car\w*)\b"
                      r"(?!\s+(?:que|than|do que|als)\b)(?!\s+(?:di|de)\s*\d)", re.I)  # not a comparison: "moins cher que 30 euros"
NOT_BEFORE = r"(?<!\bno )(?<!\bnot )(?<!\bkein )(?<!\bkeine )(?<!\bpas de )(?<!\bsin )(?<!\bsem )(?<!\bsenza )"


def find_cuisine(question: str) -> str | None:
    """The one kind of food a request asks for ('restaurante de peixe' -> 'fish'); None when none or several."""
    found = {k for k, words in CUISINES.items() if rx.search(rf"{NOT_BEFORE}\b(?:{words})\b", question, re.I)}
    return found.pop() if len(found) == 1 else None


def prompt_text(messages: Messages) -> str:
    """The system messages (instructions, recalled memory: background), then what the user said, in order (where
    constraints come from; so the user's latest words win over a recalled fact sent after them)."""
    ordered = [m for m in messages if m.get("role") == "system"] + [m for m in messages if m.get("role") == "user"]
    return "\n".join(str(m.get("content") or "") for m in ordered)


def fact_text(messages: Messages) -> str:
    """The text the user's facts are read from: recalled memories and what the user said (the ONE place that
    decides where facts sit in a prompt: every system and user message, without the data-block lines said by a
    tool, another user or the agent)."""
    return without_hearsay(prompt_text(messages))


def find_diet(text: str) -> str | None:
    """The last diet stated and not negated ("I don't eat meat" is vegetarian), or None."""
    return about_user.diet(text)


def find_budget(text: str) -> float | None:
    """The last EUR amount in a sentence about a budget or a price per person, or None."""
    return about_user.budget(text)[0]


def find_city(question: str, text: str) -> str | None:
    """A city named in the question, else the last city mentioned in the prompt, else the user's home city."""
    named = city_named(question)
    if named:
        return named
    mentioned = known_cities(text)
    return max(mentioned)[1] if mentioned else about_user.home_city(text)


def weather_city(question: str, text: str) -> str | None:
    """The city a weather question is about: named in it, else where the user lives (if it says "where I live"),
    else the last city mentioned; None if the prompt gives none."""
    named = city_named(question)
    if named:
        return named
    if HOME_WORDS.search(question):
        return about_user.home_city(text)
    return find_city(question, text)


def find_when(question: str, today: date = COURSE_START.date()) -> str:
    """'Friday 19:00' from the question: the day and the time it gives (either may be missing)."""
    return " ".join(v for v in (day_of(question, today).value, clock_time(question).value) if v)


def find_people(question: str) -> int | None:
    """Party size from 'for 2' / 'for two' / 'zu zweit' (None if not given, or given twice differently)."""
    return party_size(question)


def constraints(question: str, text: str) -> dict[str, Any]:
    """Diet, budget and city found in the prompt (memory lines said by a tool or another user do not count)."""
    text = without_hearsay(text)
    return {"diet": find_diet(text), "budget": find_budget(text), "city": find_city(question, text),
            "cuisine": find_cuisine(question), "cheapest": bool(CHEAPEST.search(question))}


def describe(c: dict[str, Any]) -> str:
    """The constraints in words, for thoughts and answers."""
    parts = [f"{c['cuisine']} cuisine"] if c["cuisine"] else []
    if c["diet"]:
        parts.append(c["diet"])
    if c["budget"] is not None:
        parts.append(f"at most {c['budget']:g} EUR per person")
    return " and ".join(parts)


def compacted_calls(block: str) -> list[tuple[str, dict[str, Any], str]]:
    """The tool calls a compaction block lists for the current request, each observing the block's findings."""
    sections = dict.fromkeys(COMPACT_HEADINGS, "")
    for part in rx.split(r"^(?=(?:" + "|".join(COMPACT_HEADINGS) + r"):)", block, flags=re.M):
        head = next((h for h in COMPACT_HEADINGS if part.startswith(h + ":")), None)
        if head:
            sections[head] = part[len(head) + 1:]
    done = []
    for line in sections["Tools and files touched"].splitlines():
        m = rx.match(r"\s*-\s*(\w+)\s*(\{.*\})?\s*$", line)  # "(for an earlier request)" lines do not match
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
    return {w for w in rx.findall(r"[a-zà-ü0-9&]+", text.lower()) if len(w) > 2 and w not in STOPWORDS}


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

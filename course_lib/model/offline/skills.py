"""Skills in the offline agent: load the skill whose description matches the task, then follow the steps it can read.

A system prompt built with `memory_tools.system_with_skills` carries the skill index (one ``- name: description``
line per skill under INDEX_HEADER), and the request offers ``load_skill``. Before acting on a task the agent
embeds the request's task words and each "name: description" with the course's static embedder and loads the
closest skill if the cosine similarity is at least SKILL_THRESHOLD; below it no skill is loaded (a weather
question does not get the booking procedure). Task words are the request without the numbers and names that
would pull a static embedding elsewhere. Each skill is loaded once per run; the trace shows the ``load_skill``
call. The index is read from the system prompt only: a recalled memory or a user message never adds a skill,
and ``load_skill`` only loads what the library holds, which only an operator writes.

Following a skill: a rule-based model cannot execute free text, so it follows the steps it can read and says
which skill it followed. The step it reads is a precondition of the form "If the diet or the budget is unknown,
ask before searching": each slot named there that the agent knows how to read (SLOTS: diet, budget, city) and
that the prompt does not give is asked for, once, before any tool is called. The skill's other steps (search with
the filters, book once, check the log) are what the agent's own booking rules and the ledger already do.
"""
from __future__ import annotations

import re
from typing import Any

from course_lib.model import rx
from course_lib.ranking import order, similarities

ASK_SLOTS = "Before I search, I need"  # opens the question a skill's precondition asks (react.py reads the answer)
INDEX_HEADER = "Skills (load one by name when the task needs it):"  # long_term.skills.SkillLibrary.index
SKILL_THRESHOLD = 0.25
"""Cosine similarity a request's task words (`task_words`) need with a skill's "name: description" to load it.
Measured on tests/data/skill_requests.json with the package's two skills: 11 of the 12 requests a skill is for
scored 0.30-0.69 with it (and less with the other skill); "I need a table for 3 at Linse & Lauch on Friday at
8pm" keeps only "need a table" and scored 0.16, so it gets no skill; the 14 other requests (weather, recall,
small talk, forgetting, a page) scored at most 0.20 with either skill."""
NOT_TASK_WORDS = re.compile(r"https?://\S+|\S*\d\S*|(?<![.!?]\s)(?<!^)\b(?!I\b)[A-ZÀ-Ý][\w'’-]*|&")
SLOTS = {"diet": "your diet (vegetarian, vegan, or none)", "budget": "your budget per person",
         "city": "the city"}
INDEX_LINE = re.compile(r"^- ([a-z0-9][a-z0-9_-]{0,63}): (.+)$")
ASK_IF_UNKNOWN = re.compile(r"\bif (?:the |your )?(.+?) (?:is|are) (?:unknown|not known|missing)\b[^.]*\bask\b", re.I)


def skill_index(messages: list[dict[str, Any]]) -> dict[str, str]:
    """{name: description} of the skill index in the system prompt, the first message ({} if there is none); a
    later system message (recalled memories, a summary) is data and never adds a skill."""
    first = messages[0] if messages else {}
    text = str(first.get("content") or "") if first.get("role") == "system" else ""
    if INDEX_HEADER not in text:
        return {}
    out: dict[str, str] = {}
    for line in text.split(INDEX_HEADER, 1)[1].splitlines():
        found = INDEX_LINE.match(line.strip())
        if found:
            out[found.group(1)] = found.group(2).strip()
    return out


def task_words(request: str) -> str:
    """The words of a request that say what the task is: numbers, times, URLs and names (capitalised words inside
    a sentence) dropped, as they pull a mean-pooled static embedding away from the task ("Book me a dinner in
    Berlin on Friday at 19:00 for 2" → "Book me a dinner in on at for")."""
    return " ".join(NOT_TASK_WORDS.sub(" ", request.strip()).split())


def best_skill(request: str, index: dict[str, str]) -> tuple[str | None, float]:
    """The skill whose "name: description" is closest to the request's task words, and the similarity (None below
    the threshold)."""
    words = task_words(request)
    if not index or not words:
        return None, 0.0
    from course_lib.model.embedder import embed  # loads the static model on first use

    names = list(index)
    vectors = embed([words] + [f"{n.replace('_', ' ')}: {index[n]}" for n in names])
    scores = similarities(vectors[1:], vectors[0])
    best = order(scores)[0]
    score = float(scores[best])
    return (names[best] if score >= SKILL_THRESHOLD else None), score


def to_load(s: Any) -> tuple[str, float] | None:
    """(the skill to load now, its similarity), or None: no index, no load_skill tool, already loaded, no match."""
    if "load_skill" not in s.offered or "load_skill" in s.names:
        return None
    name, score = best_skill(s.question.splitlines()[0], skill_index(s.messages))
    return (name, score) if name else None


def loaded(s: Any) -> tuple[str, str] | None:
    """(name, text) of the skill loaded in this run, or None (an error observation is no skill)."""
    for tool, args, observation in s.done:
        if tool == "load_skill" and not observation.startswith("error"):
            return str(args.get("name")), observation
    return None


def must_ask(text: str) -> list[str]:
    """The slots (SLOTS keys) a skill says to ask for when unknown, in the order it names them."""
    out: list[str] = []
    for m in ASK_IF_UNKNOWN.finditer(text):
        for part in rx.split(r",|\bor\b|\band\b", m.group(1)):
            slot = next((k for k in SLOTS if k in part.lower()), None)
            if slot and slot not in out:
                out.append(slot)
    return out


def unknown_slots(s: Any) -> list[str]:
    """What the loaded skill says to ask for that the prompt does not give (never twice: an answer goes ahead)."""
    skill = loaded(s)
    if skill is None or s.confirmed:
        return []
    return [slot for slot in must_ask(skill[1]) if s.c.get(slot) in (None, "")]

"""The offline model's summary rule: an extractive, rolling summary that fits a token budget.

It never invents text; it keeps whole sentences. The rules:

1. **Split** the old summary and the new lines into sentences, remembering who said each one
   ("User:", "Assistant:" …; lines look like ``User: I'm vegetarian.``).
2. **Score** each sentence by what it carries:
   +3 per number (amounts, times, dates, flight numbers), +2 per name (a capitalised word that does
   not start the sentence; at most three count) and per weekday or month, +3 for a decision ("let's",
   "decided", "book", "we'll", "confirmed", "moved" …), +3 for an open task ("need to", "remind", "todo",
   "don't forget"), +1 for a question, +3 for a preference or constraint ("budget", "vegetarian",
   "allergic", "prefer" …), +4 when someone says who they are ("I'm Priya", "my name is …").
   Sentences the user said count double: facts about the user come from the user.
   A sentence that scores 0 is small talk and is dropped.
3. **De-duplicate**: a sentence whose words are all contained in a sentence already kept is dropped
   (so the assistant repeating a fact, or the same fact in the old summary, is kept once).
4. **Fit the budget**: sentences are kept from the highest score down (ties: the newer one first)
   while the summary stays within ``max_tokens`` (count_tokens); the least informative go first.
5. **Write** the kept sentences back in their original order, one per line with the speaker.
"""
from __future__ import annotations

import re
from typing import Any

from course_lib.model import rx
from course_lib.model.prompts import SUMMARISE
from course_lib.model.tokens import count_tokens
from course_lib.model.offline.reply import Messages, Reply

DEFAULT_MAX_TOKENS = 200
SPEAKER = re.compile(r"^\s*(user|assistant|tool|system)\s*:\s*", re.I)
NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
CAPITALISED = re.compile(r"\b[A-Z][\w&'’-]*")
DATES = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|"
                   r"(?-i:May)|june|july|august|september|october|november|december|tomorrow)\b", re.I)
DECISION = re.compile(r"\b(let's|let us|decided|decide|we'll|we will|book|booked|going with|confirmed|agreed|"
                      r"chose|choose|settled|moved|changed|cancel\w*|postponed|rescheduled)\b", re.I)
OPEN_TASK = re.compile(r"\b(need to|needs to|remind|todo|to-do|don't forget|do not forget|must|have to)\b", re.I)
IDENTITY = re.compile(r"\b(?:my name is|call me|I'm|I am|it's|this is)\s+[A-Z][a-z]+\b(?!\s+[a-z])")
PREFERENCE = re.compile(r"\b(budget|vegetarian|vegan|allerg\w*|prefer\w*|timezone|per person|love|hate|"
                        r"dislike)\b", re.I)
NOT_NAMES = {"I", "I'm", "I'd", "I'll", "I've", "OK", "Ok"}
MAX_NAMES = 3  # names beyond the third in one sentence add nothing (keeps name-dense prose from winning)


def split_lines(text: str, default_speaker: str = "") -> list[tuple[str, str]]:
    """(speaker, sentence) pairs from lines such as 'User: …'; a line without a speaker keeps the last one."""
    out, speaker = [], default_speaker
    for line in text.splitlines():
        if not line.strip():
            continue
        m = SPEAKER.match(line)
        if m:
            speaker, line = m.group(1).capitalize(), line[m.end():]
        for s in rx.split(r"(?<=[.!?])\s+", line.strip()):
            s = s.strip(" -•*")
            if s:
                out.append((speaker, s))
    return out


def score(speaker: str, sentence: str) -> float:
    """How much a sentence carries: numbers, names, dates, decisions, open tasks, preferences."""
    names = {m.group(0) for m in CAPITALISED.finditer(sentence)
             if m.start() > 0 and m.group(0) not in NOT_NAMES and not DATES.fullmatch(m.group(0))}
    points = (3 * len(NUMBER.findall(sentence)) + 2 * min(len(names), MAX_NAMES) + 2 * len(DATES.findall(sentence))
              + 3 * bool(DECISION.search(sentence)) + 3 * bool(OPEN_TASK.search(sentence))
              + 1 * ("?" in sentence) + 3 * bool(PREFERENCE.search(sentence)) + 4 * bool(IDENTITY.search(sentence)))
    return points * (2 if speaker == "User" else 1)


def words(sentence: str) -> frozenset[str]:
    """The sentence's words, lower case, for duplicate checks."""
    return frozenset(rx.findall(r"[a-z0-9à-ü&]+", sentence.lower()))


def line(speaker: str, sentence: str) -> str:
    """One summary line."""
    return f"{speaker}: {sentence}" if speaker else sentence


def merge(summary: str, new_lines: str, max_tokens: int) -> str:
    """The new summary: the informative sentences of both, de-duplicated, within max_tokens."""
    items = split_lines(summary) + split_lines(new_lines)
    candidates = [(score(sp, s), i, sp, s) for i, (sp, s) in enumerate(items)]
    candidates = [c for c in candidates if c[0] > 0]
    kept: list[tuple[int, str, str]] = []
    kept_words: list[frozenset[str]] = []
    used = 0
    for points, i, sp, s in sorted(candidates, key=lambda c: (-c[0], -c[1])):
        w = words(s)
        if any(w <= other for other in kept_words):
            continue
        cost = count_tokens(line(sp, s)) + 1  # +1 for the newline
        if used + cost > max_tokens:
            continue
        kept.append((i, sp, s))
        kept_words.append(w)
        used += cost
    kept.sort()
    text = "\n".join(line(sp, s) for _, sp, s in kept)
    while kept and count_tokens(text) > max_tokens:  # token counts of joined lines can differ by one or two
        lowest = min(range(len(kept)), key=lambda k: (score(kept[k][1], kept[k][2]), kept[k][0]))
        kept.pop(lowest)
        text = "\n".join(line(sp, s) for _, sp, s in kept)
    return text


def summarise(messages: Messages, body: dict[str, Any]) -> Reply:
    """Fold the new lines into the running summary (extractive, within the requested max_tokens)."""
    fields = SUMMARISE.parse(messages)
    try:
        max_tokens = int(str(fields.get("max_tokens") or DEFAULT_MAX_TOKENS).strip().split()[0])
    except ValueError:
        max_tokens = DEFAULT_MAX_TOKENS
    return Reply(content=merge(fields.get("summary", ""), fields.get("new_lines", ""), max(1, max_tokens)))

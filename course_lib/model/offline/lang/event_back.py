"""What an event's fact says after its day and time: the day a trip comes back ('retour le jeudi', 'vuelvo el
miércoles', 'back on Sunday') and the app a meeting is held on ('por Zoom', 'on Teams', 'über Zoom').

    split_return("El lunes salgo para Neuquén a las 4, vuelvo el miércoles")
        -> ("El lunes salgo para Neuquén a las 4,                    ", "on Wednesday")

The return words are data (course_lib/data/events.json "returns"); a day, date or day of the month must follow within
a few words, and a destination must not ('back to Rome on Friday' is where the trip goes, not when it ends). The
return is blanked from the sentence, so the departure's day is read alone, and said after the trip: 'The user has a
trip to Winnipeg next Monday at 4:30, back on Thursday.' An app named after on / via / por / über / sur / su … is said
the same way: 'The user has a job interview on 14 November at 10:00, via Zoom.'
"""
from __future__ import annotations

import re
from functools import lru_cache

from course_lib.model import rx
from course_lib.model.offline.lang.event_when import blank, day_text, read_when, vocabulary, words_re

Found = tuple[str, str, str]
ONLINE = re.compile(r"(?<![\w-])(?i:on|via|over|per|über|auf|par|sur|en|por|pelo|pela|no|na|su|tramite)\s+(?i:the\s+|el\s+|o\s+)?"
                    r"(Zoom|Teams|Google Meet|Skype|WhatsApp|FaceTime|Webex)\b")
TO = re.compile(r"^\s*(?:to|nach|in|à|au|a|al|para|pra|pro|per|in|home to)\s", re.I)


@lru_cache(maxsize=1)
def return_words() -> re.Pattern[str]:
    """The return words of the six languages, whole words, case-insensitive."""
    words = [w for ws in vocabulary()["returns"].values() for w in ws]
    return re.compile(rf"(?<![\w-])(?:{words_re(words)})(?![\w-])", re.I)


def split_return(s: str) -> tuple[str, str | None]:
    """(`s` with its return blanked, the return day in English) or (`s`, None) when it says none."""
    for m in return_words().finditer(s):
        after = s[m.end():]
        if TO.match(after):
            continue
        words = rx.match(r"[^,;!?]*", after).group(0)
        span = " ".join(words.split()[:5])
        when, _ = read_when(span)
        if when.has_day() and when.period is None:
            end = m.end() + len(words)
            return blank(s, m.start(), end), day_text(when)
    return s, None


def with_return(fact: Found, back: str | None) -> Found:
    """The fact with its return day said after it."""
    if not back:
        return fact
    slot, value, text = fact
    return slot, f"{value} back {rx.sub(r'^(?:on|from) ', '', back)}", f"{text.rstrip('.')}, back {back}."


def with_online(fact: Found, s: str) -> Found:
    """The fact with the app it is held on, when `s` names one ('por Zoom' -> ', via Zoom')."""
    if not (m := ONLINE.search(s)) or m.group(1) in fact[2]:
        return fact
    slot, value, text = fact
    return slot, f"{value} {m.group(1)}", f"{text.rstrip('.')}, via {m.group(1)}."

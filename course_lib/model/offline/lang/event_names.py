"""An event known by its own name: 'the Chicago marathon', 'exame de Anatomia', 'le marathon de Genève', 'my Cambridge
C1 exam', 'el concierto de Shakira', 'la partita della Juventus', 'test IELTS', 'el DELF B2' (the acronym is the exam).

An exam, a race, a conference, a concert or a match is usually named: by capitalised words before its word (English
'the Chicago marathon', also as read back from a stored fact: 'The user has an Anatomy exam …'), by 'of / de / di / do /
della / von …' and a capitalised name after it, or by an acronym right after it ('test IELTS'). The name leads the
English fact ('The user has a Geneva race on 11 May.'), a place by its English name (places.english_place); a
possessive after the word ('de mi hija') is someone's, no name, and weekdays, months and event words are no names.
"""
from __future__ import annotations

import re
from dataclasses import replace

from course_lib.model import rx
from course_lib.model.offline.lang.events import OF_MY, Event, first_noun, known_word, read_event
from course_lib.model.offline.places import english_place

NAMED_KEYS = ("exam", "race", "conference", "concert", "match", "appointment")
WORD = r"(?!I\b)[A-ZÀ-Ý][\w'’-]*"
DETERMINERS = ("the", "my", "our", "a", "an", "his", "her", "their", "this", "next")
BEFORE = re.compile(rf"(?:^|\b(?:the|my|our|a|an|his|her|their|this|next)\s+)((?:{WORD}\s+){{1,3}})$")
AFTER = re.compile(rf"^\s+(?:(?:of|de|di|do|da|du|des|del|della|dello|dei|von|vom|der)\s+(?:(?:the|la|le|l['’]|el|il|o|a)\s+)?"
                   rf"({WORD}(?:\s+{WORD})?)|([A-Z]{{2,}}\w*(?:\s+[A-Z]\d)?)\b)")


def name_of(s: str, e: Event) -> str | None:
    """The name the event word of `s` is said with, or None (see the module docstring)."""
    noun = first_noun(s)
    if e.key not in NAMED_KEYS or not noun or noun[0]["key"] != e.key:
        return None
    start, end = noun[1].start(), noun[1].end()
    if sum(c.isupper() for c in noun[1].group(0)) >= 2:  # a test known by its acronym: 'TOEFL', 'DELF B2'
        level = rx.match(r"\s+([ABC][12]|N[1-5])\b", s[end:])
        return noun[1].group(0) + (f" {level.group(1)}" if level else "")
    b = BEFORE.search(s[:start])
    lead = b.group(1).split() if b else []
    if lead and lead[0].lower() in DETERMINERS:  # 'My Anmeldung appointment': the determiner starts the sentence
        lead = lead[1:]
    elif b and b.start(1) == 0:
        lead = []  # not the sentence's first word ('Big race on Sunday')
    if lead:
        words = lead
    elif (a := AFTER.match(s[end:])) and not OF_MY.match(s[end:]):
        words = (a.group(1) or a.group(2)).split()
    else:
        return None
    while words and known_word(words[-1]):
        words.pop()
    if not words or known_word(words[0]) or (e.place and english_place(" ".join(words)) == e.place):
        return None
    return " ".join(english_place(w) for w in words) if len(words) > 1 else english_place(words[0])


def named_event(s: str, e: Event | None) -> Event | None:
    """`e` with the name it is said with leading its English word ('race' -> 'Chicago race')."""
    if e is None or not (name := name_of(s, e)) or e.say.startswith(name):
        return e
    return replace(e, say=f"{name} {e.say}")


def read_named(s: str, fact: bool = False, lang: str = "en") -> Event | None:
    """lang/events.read_event with the event's own name (stored facts read back keep it too)."""
    return named_event(s, read_event(s, fact=fact, lang=lang))

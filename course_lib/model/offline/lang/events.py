"""Plans and events the user states, in six languages, read into one fact each; and their corrections.

    event  = an event word from a small vocabulary (course_lib/data/events.json: appointment, dentist, meeting, call,
             interview, dinner, party, wedding, concert, trip, flight …, with their words in en/de/fr/es/pt/it)
             or a travel verb with a capitalised destination ('on part à Marseille', 'relocating to Toronto')
           + when     (event_when.py: weekday, date, day of the month, period, clock time)
           + with whom (a capitalised name after with / mit / avec / con / com)
           + where    (a capitalised place after in / to / à / a / nach / em)
           + how many (amounts.party_size: 'for 12 people', 'saremo in dodici', 'wir sind 20')
    -> (subject, value, fact): appointment:<what>, meeting:<name>, plan:<what> or trip; the fact says every day, date,
       time (24-hour H:MM), place, name and size in English: 'The user has a dentist appointment on Tuesday at 9:30.'

A correction in a later turn ('sorry, I meant Tuesday', 'Moment, um halb zehn, nicht halb neun', 'ops, seremos dez')
rewrites the event it corrects and keeps its subject, so the write path UPDATEs the fact instead of adding a second
one: lang/event_turns.py, which also says what is not the user's plan (requests, conditions, past events, habits;
lang/who.py: other people's). A stored fact is read back by the same reader (`about_event`), so it can be corrected
and compared by its subject (read_facts.about), and a medical appointment is rated 0.9 (`event_importance`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from course_lib.model import rx
from course_lib.model.amounts import party_size
from course_lib.model.offline.places import english_place
from course_lib.model.offline.lang.event_when import When, clock_text, day_text, read_when, settle_hour, summary
from course_lib.model.offline.lang.event_words import (  # noqa: F401  (PLACE, known_word: read from here by flights, event_names)
    NAME, OF_MY, PLACE, alt, every, known_word, lexicon, named)
from course_lib.model.offline.lang.event_places import destination, langs_of, where  # noqa: F401
from course_lib.model.offline.lang.lexicon import POSSESSIVE
from course_lib.model.offline.lang.schedules import about_schedule

Found = tuple[str, str, str]
HEADS = ("appointment", "meeting", "plan", "trip")
KEEP_TITLES = {"dr", "dr.", "dra", "dra.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "prof", "prof."}
BARE = ("drinks",)
TITLED = re.compile(r"(?<![\w-])(?i:with|mit|bei|beim|chez|avec|con|com|da|dal|dalla|at|w/)\s+(?i:(?:la|el|le|il|o|a|der|dem)\s+)?"
                   r"(?i:(dr\.?|dra\.?|prof\.?|frau|herr|dott\.?|dottoressa|doutora?|doctora?))\s+([a-zà-ÿ][\w'’-]{2,})")
HAVE_BEFORE = re.compile(r"(?<![\w'’])(?:c['’]ho|ho|abbiamo|i have|i've got|we have|j['’]ai|on a|tengo|tenemos|tenho|temos|hab|habe|haben)"
                         r"\s+(?:\w+\s+)?$", re.I)  # 'c'ho il matrimonio di mio cugino': the user goes to it
FLIGHT_NUMBER = re.compile(r"\b(?:[A-Z]{2}|[A-Z]\d|\d[A-Z]) ?\d{3,4}\b")


@dataclass(frozen=True)
class Event:
    """One event: what (its vocabulary entry), when, with whom, where, how many."""

    key: str
    kind: str  # appointment, meeting, plan, trip, move
    say: str  # how the English fact names it: 'dentist appointment'
    when: When = When()
    who: str | None = None
    place: str | None = None
    size: int | None = None
    at: str = "in"  # the place's preposition in English ('to': a destination)
    health: bool = False
    evening: bool = False
    generic: bool = False



def first_noun(s: str) -> tuple[dict[str, Any], re.Match[str]] | None:
    """The event word of `s`: a specific one before the generic 'appointment', then the longest, then the first.
    A person one visits (dentist, doctor …) counts only with an appointment word, a visiting preposition before it
    ('beim Zahnarzt', 'chez le dermato'), first in its clause ('Reminder: dentist Tuesday 8:30') or before 'is' ('the dentist is on Wednesday'), and
    never after 'I work as' ('Je suis dentiste' is a job; 'the doctor took me off metformin' is no appointment)."""
    lex, hits = lexicon(), []
    for pattern, entry in lex["events"]:
        for m in pattern.finditer(s):
            before = s[:m.start()]
            clause = rx.split(r"[,:;—–]\s", before)[-1]
            if entry.get("visit") and not (lex["appointment"].search(s) or lex["visit_before"].search(before)
                                           or len(rx.findall(r"\w+", clause)) <= 1 or lex["visit_after"].match(s[m.end():])):
                continue
            if entry.get("visit") and lex["job_before"].search(before):
                continue
            if rx.search(r"\w['’]s\s+$", before) and not rx.search(r"\b(?:to|at|for|have|got)\s+(?:my|our)\s+\w+['’]s\s+$", before, re.I) \
                    or OF_MY.match(s[m.end():]) and not (entry["kind"] == "plan" and not entry.get("own") and HAVE_BEFORE.search(before)) or lex["not_event"].match(s[m.end():]):
                continue  # "my dad's train gets in late", "la consulta de mi hija" are theirs ("going to my sister's
                # wedding" is the user's too); "wedding anniversary", "meal vouchers" are no event
            hits.append((bool(entry.get("generic")), -(m.end() - m.start()), m.start(), entry, m))
    if not hits:
        return None
    best = min(hits, key=lambda h: h[:3])
    return best[3], best[4]



def company(s: str) -> tuple[str | None, str]:
    """(whom the user meets, the sentence without that name): 'com a Fernanda' -> Fernanda; 'mit Frau Becker' -> Becker."""
    for m in lexicon()["with"].finditer(s):
        if (said := named(m.group(2), person=True)):
            title = (m.group(1) or "").lower()
            name = (m.group(1) + " " if title in KEEP_TITLES else "") + said
            end = m.start(2) + len(said)  # 'with Priya Monday 8am': Monday stays for the day reader
            return name, s[:m.start()] + " " * (end - m.start()) + s[end:]
    if (m := TITLED.search(s)):  # 'bei dr. weber', 'con la dra. gómez': a title makes a lower-case word a name
        title = m.group(1)[:1].upper() + m.group(1)[1:].lower()
        name = (title + " " if title.lower() in KEEP_TITLES else "") + m.group(2)[:1].upper() + m.group(2)[1:]
        return name, s[:m.start()] + " " * (m.end() - m.start()) + s[m.end():]
    return None, s



def read_event(s: str, fact: bool = False, lang: str = "en") -> Event | None:
    """The event `s` states, or None. `fact`: `s` is a stored third-person fact (read back; times as written)."""
    lex = lexicon()
    noun = first_noun(s)
    moving, trip = destination(s, "move", lang), destination(s, "trip", lang)
    if moving:
        entry, place, at = {"key": "move", "kind": "move", "say": "move"}, moving[0], moving[1]
    elif trip:  # a destination makes it a trip, whatever else it is for ('off to Bristol for a conference')
        entry = noun[0] if noun and noun[0]["kind"] == "trip" else {"key": "trip", "kind": "trip", "say": "trip"}
        place, at = trip[0], trip[1]
    elif noun:
        entry, place, at = noun[0], None, noun[1].start()
        lang_of_noun = langs_of(noun[1].group(0), entry["key"])
    else:
        return None
    if trip and not moving and not when_said(s) and not rx.search(rf"(?i:{POSSESSIVE})\s+$", s[:at]) and \
            any(p.fullmatch(s[at:].split()[0]) for p, e in lex["events"] if e["key"] in ("flight", "train")):
        return None  # 'The train to Lyon takes 2 hours' (no day, nobody's); 'el viaje a Lisboa', 'my flight to Rome' are
    if entry["kind"] == "trip" and FLIGHT_NUMBER.search(s):
        return None  # 'Booked it: flight OS1686 to Tampere': the flight number is the fact (slots_plans.FLIGHT)
    near = rx.split(r"[,;:]", s[:at])[-1].split()[-3:]
    if place is None and near and near[-1].lower() in ("no", "na"):
        near.pop()  # Portuguese 'no médico' is 'at the doctor'
    end = s.lower().find(place.lower(), at) if place else at  # a place typed in lower case: 'nach lissabon'
    near = " ".join(near) + s[at:end if end >= 0 else at + 30]
    if not fact and lex["negated"].search(near if lang == "it" else rx.sub(r"\bmai\b", " ", near)):  # 'am 2. mai': May
        return None  # "I don't have a meeting on Monday", "no voy a Toledo", "keinen Termin", "fahre nicht nach Wien"
    who, rest = company(s)
    when, rest = read_when(rest)
    if fact and (t := rx.search(r"(?<![\d:])(\d{1,2}):(\d{2})(?!\d)", rest)):
        when = replace(when, hour=int(t.group(1)), minute=int(t.group(2)), unclear=False)
    when = settle_hour(when, bool(entry.get("evening")))
    where_at = "to" if place else "in"
    if place is None:
        place, where_at = where(rest, lang_of_noun + [lang])
    say = said_as(entry, noun[1].group(0)) if noun and noun[0] is entry else entry["say"]
    return Event(entry["key"], entry["kind"], say, when, who, place and english_place(place), party_size(rest), where_at,
                 bool(entry.get("health")), bool(entry.get("evening")), bool(entry.get("generic")))


def said_as(entry: dict[str, Any], word: str) -> str:
    """How the English fact names the event: its specific name when the word said has one ('Ultraschall' -> 'ultrasound',
    'Hebamme' -> 'midwife appointment', 'pédiatre' -> 'paediatrician appointment'; events.json "says"), else its entry's."""
    return next((name for name, words in entry.get("says", {}).items() if alt(words).fullmatch(word)), entry["say"])


def when_said(s: str) -> bool:
    """Does `s` say a day or a time?"""
    return read_when(s)[0].said()


def subject(e: Event) -> str:
    """appointment:<what>, meeting:<first name>, plan:<what>, plan:move or trip."""
    name = e.who.split()[-1 if e.who.split()[0].lower() in KEEP_TITLES else 0].lower() if e.who else None
    if e.kind == "trip":
        return "trip"
    if e.kind == "move":
        return "plan:move"
    if e.kind == "meeting":
        return f"meeting:{name}" if name else "meeting" if e.key == "meeting" else f"meeting:{e.key}"
    if e.kind == "appointment":
        return (f"appointment:{name}" if name else "appointment") if e.generic else f"appointment:{e.key}"
    return f"plan:{e.key}"


def value(e: Event) -> str:
    """The short summary stored as the fact's value: 'dentist Tuesday 9:30', 'Marseille next Saturday'."""
    lead = e.place if e.kind in ("trip", "move") else "" if e.kind == "meeting" else e.key
    bits = [lead or "", summary(e.when), "" if e.kind in ("trip", "move") else e.place or "", e.who or "",
            f"{e.size} people" if e.size else ""]
    return " ".join(b for b in bits if b)


def text(e: Event) -> str:
    """The third-person fact: 'The user has a meeting with Fernanda on Thursday at 15:00.'"""
    a = "" if e.key in BARE else "an" if e.say[0].lower() in "aeiou" or rx.match(r"[FHLMNRSX][A-Z]", e.say) else "a"  # 'an MRI'
    if e.kind == "move":
        parts = ["The user is moving" + (f" to {e.place}" if e.place else "")]
    elif e.kind == "trip":
        parts = [f"The user has {a} {e.say}".replace("  ", " ") + (f" {e.at} {e.place}" if e.place else "")]
    else:
        parts = [f"The user has {a} {e.say}".replace("  ", " ") + (f" with {e.who}" if e.who else "")]
    parts += [day_text(e.when), f"at {clock_text(e.when)}" if e.when.hour is not None else ""]
    if e.kind not in ("trip", "move") and e.place:
        parts.append(f"{e.at} {e.place}")
    if e.kind in ("trip", "move") and e.who:
        parts.append(f"with {e.who}")
    if e.size:
        parts.append(f"for {e.size} {'person' if e.size == 1 else 'people'}")
    return " ".join(p for p in parts if p) + "."


def found(e: Event, slot: str | None = None) -> Found:
    """(slot, value, fact) of an event (`slot`: keep the subject of the event it corrects)."""
    return slot or subject(e), value(e), text(e)


def about_event(fact: str) -> tuple[str, str] | None:
    """(subject, value) of a stored event fact ('The user has a dentist appointment on Tuesday at 9:30.'), or None."""
    if not rx.match(r"^\s*the user\b", fact, re.I):
        return None
    if (said := about_schedule(fact)):  # 'The user works shifts from Wednesday to Saturday, …' (lang/schedules.py)
        return said
    e = read_event(fact, fact=True)
    return (subject(e), value(e)) if e and (e.when.said() or e.who or e.place) else None


def event_importance(memory: str) -> float | None:
    """0.9 for a medical appointment, 0.7 for any other event, None for a memory that is no event."""
    said = about_event(memory)
    if said is None:
        return None
    e = read_event(memory, fact=True)
    return 0.9 if e is not None and e.health else 0.7

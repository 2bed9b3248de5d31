"""An event in its conversation: a new one, or a correction of one said before (lang/events.py reads the event).

    read_events("sorry, I meant Tuesday", context)  -> the latest event of the conversation on Tuesday, same subject
    read_events("ops, il pranzo è sabato 31", context) -> the lunch said before, on Saturday the 31st

A sentence with no event word corrects the latest event when it has a correction word or a rescheduling verb
(events.json "cues", "reschedule") and a new day, time, party size or (for a trip) place, and states no other fact
('we moved to Galway in May' is a home city, not a trip moved to May). A sentence whose event word names an event
said before (the same word, the same person) and has a correction word, a rescheduling verb or a definite article
('the call with Priya is at 8:30, not 8') rewrites that event. Either way the result keeps the old event's subject
and everything it does not say again, so the write path UPDATEs the stored fact. An unclear hour is read against
the old time ('no wait, at four' after 15:00 is 16:00). Not read as the user's plans at all (`vetoed`): questions,
requests to the agent and conditions; past events and habits state no plan either.
"""
from __future__ import annotations

import re
from dataclasses import replace

from course_lib.model import rx
from course_lib.model.amounts import number, party_size
from course_lib.model.offline.lang.event_when import MONEY, When, read_when, settle_hour
from course_lib.model.offline.lang.event_back import return_words, split_return, with_online, with_return
from course_lib.model.offline.lang.event_names import read_named
from course_lib.model.offline.lang.lexicon import CUE_RES
from course_lib.model.when import DAY_PATTERN
from course_lib.model.offline.lang.events import FLIGHT_NUMBER, HEADS, PLACE, Event, Found, first_noun, found, lexicon, named, where
from course_lib.model.offline.lang.flights import corrected_flight

SINCE = re.compile(rf"\b(?:since|seit|depuis)\s+(?:(?:last|le|dem)\s+)?{DAY_PATTERN.pattern}", re.I)  # 'depuis lundi': begun, no plan
CONJ = r"(?:and|but|und|aber|et|mais|y|pero|que|e|mas|ma|ed)"
CLAUSE_CUT = re.compile(rf"[,;]\s*{CONJ}\s|\s{CONJ}\s(?!\s*(?:(?:the|il|el|le|la|o|a|am|on|den)\s+)?"
                        rf"(?:{DAY_PATTERN.pattern}|\d|mezz|medi|half|quart|cuart|meia|demi|viertel|halb))", re.I)  # not 'lunedì e venerdì', '9 e mezza'


def earlier(context: list[Found], like: Event | None = None) -> tuple[str, Event] | None:
    """(slot, event) of the latest event said in the conversation (one `like` names: the same event word or a more
    general one, 'the dinner' for a team dinner, 'der Termin' for a doctor's appointment; the same person)."""
    for slot, _, said in reversed(context):
        if slot.split(":")[0] in HEADS and (old := read_named(said, fact=True)):
            if like is None or (names(like, old) and (not like.who or (old.who or "").split()[-1] == like.who.split()[-1])):
                return slot, old
    return None


def names(like: Event, old: Event) -> bool:
    """Does an event word `like` name the event `old`?"""
    return (old.key == like.key or old.key.endswith(" " + like.key) or (like.generic and like.kind == old.kind)
            or (like.kind == old.kind == "trip" and like.key == "trip"))


def merged(new: Event, old: Event, s: str) -> Event:
    """`old` with what `new` says instead (an unclear hour read against the old time)."""
    when = moved(s, read_when(s)[0])
    when = settle_hour(when, old.evening, old.when).over(old.when)
    return replace(old, when=when, who=new.who or old.who, place=new.place or old.place, size=new.size or old.size)


def moved(s: str, when: When) -> When:
    """'moved from Tuesday to Wednesday': with a rescheduling verb, the day it moves to."""
    if when.until is not None and lexicon()["reschedule"].search(s):
        return replace(when, weekday=when.until, until=None)
    return when


def correction(s: str, context: list[Found], lang: str = "en") -> list[Found]:
    """A correction with no event word: the new day, time, size or place of the latest event."""
    lex = lexicon()
    cued = [m for m in lex["cue"].finditer(s) if not rx.match(r"um\s+(?:\d|halb|viertel|drei|zwei|eins|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)", m.group(0) + s[m.end():], re.I)]
    if len(s.split()) > 14 or not (cued or lex["reschedule"].search(s)) or FLIGHT_NUMBER.search(s):
        return []  # German 'um 9' is no English 'um'; a flight number is its own fact (flights.py)
    if (flight := corrected_flight(s, context)):
        return flight
    if not (last := earlier(context)):
        return []
    slot, old = last
    when, rest = read_when(s)
    when = moved(s, when)
    if when.ordinal and not when.date and (r := rx.fullmatch(r"(\d+) to \d+ (\w+)", old.when.date or "")) and return_words().search(s):
        when = replace(when, date=f"{r.group(1)} to {when.ordinal} {r.group(2)}", ordinal=None)  # 'regresamos el 18': the end
    size, place = party_size(rest), None
    if old.kind in ("trip", "move"):  # 'Korrektur: nach Bonn', "actually it's Milan, not Rome"
        bare = next((p for p in (named(m.group(1)) for m in rx.finditer(PLACE, rest[1:])) if p), None) \
            if len(s.split()) <= 7 and not MONEY.search(s) else None
        place = where(rest, [lang, "en"], "to")[0] or bare
    if not (when.said() or size or place) and old.size and context[-1][0] == slot \
            and not any(f[0].startswith("budget") for f in context):  # 'sorry, make that 11' after
        size = next((n for w in rx.findall(r"[\w-]+", rest) if (n := number(w)) and 1 < n < 100), None)  # 'we're 9'
    if not (when.said() or size or place):
        return []
    new = replace(old, when=settle_hour(when, old.evening, old.when).over(old.when), size=size or old.size,
                  place=place or old.place)
    return [found(new, slot)] if new != old else []


def vetoed(s: str) -> str | None:
    """Why `s` states no plan of the user's, if it does not: a question, a request to the agent, a condition."""
    lex = lexicon()
    if s.rstrip().endswith("?") or CUE_RES["question"].search(s) or lex["asks"].match(s):
        return "a question"  # with or without its mark: 'wann ist mein Termin', 'à quelle heure est mon rdv
    if lex["request"].search(s):
        return "a request to the agent"
    if lex["if"].search(rx.sub(r"\b(?:me|te|nos|se) caso\b|\bcaso-me\b", " ", s, flags=re.I)):  # 'me caso': I marry
        return "a condition"
    if lex["cancelled"].search(s):
        return "a cancellation (taking the event back is not read yet)"
    return None


def read_events(s: str, lang: str = "en", context: list[Found] | None = None,
                others: list[Found] | None = None) -> list[Found]:
    """The event one sentence states (a new one, or a correction of one said before), as (slot, value, fact).
    `context`: the facts said before in the conversation; `others`: what the other readers found in this sentence
    (a sentence that states another fact, 'we moved to Galway in May', corrects no event)."""
    context, lex = context or [], lexicon()
    if vetoed(s):
        return []
    left, back = split_return(s)  # 'départ lundi, retour le jeudi': a trip's two days (lang/event_back.py)
    if back and (gone := read_named(left, lang=lang)) is not None and gone.kind in ("trip", "move"):
        s = left
    else:
        back = None
    e = read_named(own_clause(s), lang=lang)
    if e is not None:
        e = replace(e, when=moved(s, e.when))
    if e is None:
        return [] if others else correction(s, context, lang)
    if e.key == "flight" and (lex["cue"].search(s) or lex["reschedule"].search(s)) and (flight := corrected_flight(s, context)):
        return flight  # 'scusa, il volo è alle 09:10 non alle 07:10': the flight said before
    if (old := earlier(context, e)) and (lex["cue"].search(s) or lex["reschedule"].search(s)
                                         or lex["refer"].search(s[:first_start(s, e)])):
        new = merged(e, old[1], s)
        return [found(new, old[0])] if new != old[1] else []
    if e.kind == "move" and any(f[0] == "home city" for f in others or []):
        return []  # 'Nos mudamos de Madrid a Valencia': a move made, the home city says it
    if lex["past"].search(s) or lex["habit"].search(s) or SINCE.search(s) or not (e.when.said() or e.who or e.kind == "move"
                                                               or (e.kind == "trip" and e.at == "to")):
        return []
    pets = [f[1] for f in others or [] if f[0].startswith("pet:") and f[1][:1].isupper()] or \
        list({f[1] for f in context if f[0].startswith("pet:") and f[1][:1].isupper()})  # the one pet of the conversation
    if e.key == "vet" and len(pets) == 1:  # 'My cat Mochi has a vet appt Thursday': whose appointment it is
        e = replace(e, say=f"{e.say} for {pets[0]}")
    return [with_online(with_return(found(e), back), s)]


def own_clause(s: str) -> str:
    """The clause of `s` that holds its event word, when that clause says a day and the rest says another
    ('su cumple es el 22 de septiembre y le quiero hacer una fiesta el sábado 20': the party is on Saturday the 20th;
    'dentist on Tuesday and the gym on Wednesday at 7'); else `s`. Clauses are cut at a conjunction, not at a comma
    alone ('am Samstag, den 12., um 19 Uhr' is one day), nor at a bare conjunction before a day or a number ('lunedì e
    venerdì', '9 e mezza'; ', y el viernes 9 tengo cita' is a new clause)."""
    noun = first_noun(s)
    if noun is None:
        return s
    cuts = [0] + [m.end() for m in CLAUSE_CUT.finditer(s)] + [len(s) + 1]
    start = max(c for c in cuts if c <= noun[1].start())
    end = min(c for c in cuts if c > noun[1].start())
    own, rest = s[start:end], s[:start] + " " * (min(end, len(s)) - start) + s[end:]
    if read_when(own)[0].has_day() and read_when(rest)[0].has_day():
        return " " * start + own + " " * max(0, len(s) - end)
    return s


def first_start(s: str, e: Event) -> int:
    """Where the event word of `s` starts (0 when it came from a travel verb)."""
    noun = first_noun(s)
    return noun[1].start() if noun and noun[0]["key"] == e.key else 0

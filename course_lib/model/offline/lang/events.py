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
from functools import lru_cache
from typing import Any

from course_lib.model.amounts import party_size
from course_lib.model.offline.places import english_place
from course_lib.model.dates import MONTHS
from course_lib.model.offline.lang.event_when import When, clock_text, day_text, read_when, settle_hour, summary, vocabulary, words_re
from course_lib.model.offline.lang.lexicon import POSSESSIVE, RELATIVES, alternation
from course_lib.model.offline.lang.schedules import about_schedule
from course_lib.model.offline.lang.who import NOT_NAMES
from course_lib.model.when import DAY_WORDS

Found = tuple[str, str, str]
HEADS = ("appointment", "meeting", "plan", "trip")
NAME = r"([A-ZÀ-Ý][\w'’-]+(?:\s+[A-ZÀ-Ý][\w'’-]+)?)"
CONNECTORS = ("de", "del", "do", "da", "di", "am", "em", "en")
PLACE = r"((?!I['’])[A-ZÀ-Ý][\w'’-]*[a-zà-ÿ][\w'’-]*(?:[ -](?:de |del |do |da |di |am )?(?!I['’])[A-ZÀ-Ý][\w'’-]*[a-zà-ÿ][\w'’-]*)*|" \
        r"(?<![\w-])(?!EUR\b|USD\b|GBP\b|CHF\b)[A-Z]{2,4}\b)"  # or NYC, LA, UK
ARTICLE = r"(?i:(?:the|la|le|el|il|l['’]|les|los|las|o|os|as)\s*)?"
KEEP_TITLES = {"dr", "dr.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "prof", "prof."}
OF_MY = re.compile(r"\s+(?:of|de|da|do|di|del|della|dello|von|vom)\s+(?:my|mi|ma|mon|mes|minha|meu|mia|mio|meiner|meinem|"
                   r"meines|meine|our|nuestr[oa]|nossa|nosso|notre|nostr[oa])\s+", re.I)
BARE = ("drinks",)
VISITING = re.compile(r"visit(?:ing)?|besuche[n]?|visite|visitar|visito|visitare|visitamos", re.I)  # said without an article: 'The user has drinks with Marco …'
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


def alt(words: list[str]) -> re.Pattern[str]:
    """Whole words or phrases, case-insensitive."""
    return re.compile(rf"(?<![\w-])(?:{words_re(words)})(?![\w-])", re.I)


def every(table: dict[str, list[str]]) -> list[str]:
    """The words of all six languages of a table."""
    return [w for words in table.values() for w in words]


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    """The vocabulary of course_lib/data/events.json, compiled once."""
    v = vocabulary()
    conj = r"^\W*(?:(?:and|but|also|so|und|aber|et|mais|y|pero|e|mas|ma|oh|ok|okay)\W+)?"
    return {
        "events": [(alt(every(e["words"])), e) for e in v["events"]],
        "appointment": alt(every(v["appointment_words"])),
        "visit_before": re.compile(rf"(?<![\w-])(?:{words_re(every(v['visit_before']))})\s*$", re.I),
        "visit_after": re.compile(rf"^\s*(?:{words_re(v['visit_after'])})(?![\w-])", re.I),
        "job_before": re.compile(rf"(?<![\w-])(?:{words_re(every(v['jobs_before']))})\s+(?:\w+\s+)?$", re.I),
        "trip": alt(every(v["trip_verbs"])), "move": alt(every(v["move_verbs"])),
        "langs": {name: {lang: alt(words) for lang, words in table.items()} for name, table in
                  (("trip_verbs", v["trip_verbs"]), ("move_verbs", v["move_verbs"]), *((e["key"], e["words"]) for e in v["events"]))},
        "negated": re.compile(rf"(?<![\w-])(?:{words_re([w for w in v['negated'] if w != 'mai'])}|(?-i:mai))(?![\w-])|"
                              r"n['’]t\b", re.I),  # Italian 'mai' (never), not German 'Mai' (May)
        "with": re.compile(rf"(?<![\w-])(?i:{words_re(every(v['with']))})\s+(?i:{POSSESSIVE}\s+[\w-]+\s+)?"
                           rf"(?:(?i:({words_re(v['titles'])}))\s+)?{NAME}"),
        "cue": alt(every(v["cues"])), "reschedule": alt(every(v["reschedule"])),
        "request": re.compile(rf"{conj}(?:(?:please|pls|bitte|por favor|per favore|s'il te pla[îi]t)\W+)?"
                              rf"(?:{words_re(every(v['requests']['start']))})(?![\w-])|"
                              rf"(?<![\w-])(?:{words_re(v['requests']['anywhere'])})(?![\w-])", re.I),
        "if": re.compile(rf"{conj}(?:{words_re(v['conditionals']['start'])})(?![\w-])|"
                         rf"(?<![\w-])(?:{words_re(v['conditionals']['anywhere'])})(?![\w-])", re.I),
        "past": alt(every(v["past"])), "habit": alt(every(v["habits"])), "cancelled": alt(v["cancelled"]),
        "asks": re.compile(rf"^\W*(?:{words_re(v['question_starts'])})(?![\w-])", re.I),
        "not_event": re.compile(rf"^\s+(?:{words_re(v['not_events'])})(?![\w-])", re.I),
        "refer": re.compile(rf"(?<![\w-])(?:{words_re(v['refer'])})\s+(?:\w+\s+)?$", re.I),
    }


def known_word(word: str, months: bool = True) -> bool:
    """A capitalised word that is no name or place: a weekday, a month (not for a person), an event word, 'Sorry' …"""
    w = word.split()[0].strip("'’")
    return (w.lower() in DAY_WORDS or w in NOT_NAMES or months and any(re.fullmatch(m, w, re.I) for m in MONTHS.values())
            or any(p.fullmatch(w) for p, _ in lexicon()["events"]) or bool(re.match(alternation(RELATIVES), w, re.I))
            or w.lower() in ("i", "the", "user", "uhr", "team"))


def named(words: str, person: bool = False) -> str | None:
    """A name or place without the known words it ends with ('Priya Monday' -> 'Priya', 'Lisboa em Março' ->
    'Lisboa'); None if it starts with one."""
    out = words.split()
    while out and (known_word(out[-1], not person) or out[-1] in CONNECTORS):
        out.pop()
    return " ".join(out) if out and not known_word(out[0], not person) else None


def first_noun(s: str) -> tuple[dict[str, Any], re.Match[str]] | None:
    """The event word of `s`: a specific one before the generic 'appointment', then the longest, then the first.
    A person one visits (dentist, doctor …) counts only with an appointment word, a visiting preposition before it
    ('beim Zahnarzt', 'chez le dermato'), first in its clause ('Reminder: dentist Tuesday 8:30') or before 'is' ('the dentist is on Wednesday'), and
    never after 'I work as' ('Je suis dentiste' is a job; 'the doctor took me off metformin' is no appointment)."""
    lex, hits = lexicon(), []
    for pattern, entry in lex["events"]:
        for m in pattern.finditer(s):
            before = s[:m.start()]
            clause = re.split(r"[,:;—–]\s", before)[-1]
            if entry.get("visit") and not (lex["appointment"].search(s) or lex["visit_before"].search(before)
                                           or len(re.findall(r"\w+", clause)) <= 1 or lex["visit_after"].match(s[m.end():])):
                continue
            if entry.get("visit") and lex["job_before"].search(before):
                continue
            if re.search(r"\w['’]s\s+$", before) and not re.search(r"\b(?:to|at|for)\s+(?:my|our)\s+\w+['’]s\s+$", before, re.I) \
                    or OF_MY.match(s[m.end():]) or lex["not_event"].match(s[m.end():]):
                continue  # "my dad's train gets in late", "la consulta de mi hija" are theirs ("going to my sister's
                # wedding" is the user's too); "wedding anniversary", "meal vouchers" are no event
            hits.append((bool(entry.get("generic")), -(m.end() - m.start()), m.start(), entry, m))
    if not hits:
        return None
    best = min(hits, key=lambda h: h[:3])
    return best[3], best[4]


def langs_of(word: str, table: str) -> list[str]:
    """The languages whose list `table` (trip, move or an event key) has `word`, and English."""
    return [lang for lang, p in lexicon()["langs"][table].items() if p.fullmatch(word)] + ["en"]


def preposition(kind: str, langs: list[str]) -> str:
    """The prepositions ('to' or 'in') of these languages, as one alternation."""
    return f"(?i:{words_re([w for lang in langs for w in vocabulary()[kind][lang]])})"


def destination(s: str, kind: str, lang: str = "en") -> tuple[str, int] | None:
    """(the capitalised place a travel verb goes to, where the verb is): 'fahre ich nach Hamburg' -> Hamburg (its language's
    prepositions and English); German verb-last: 'will im Mai nach Wien (fahren)', 'nach Wien zu fliegen'."""
    for v in lexicon()[kind].finditer(s):
        to = preposition("to", langs_of(v.group(0), f"{kind}_verbs") + [lang])
        direct = rf"|\s+{PLACE}" if VISITING.fullmatch(v.group(0)) else ""  # 'visiting Rome'; not 'Train ICE 578'
        m = re.match(rf"(?:\s+(?:\d{{1,2}}\.|[\w'’-]+|\([^()]{{1,20}}\))){{0,8}}?(?<!\bcom)(?<!\bcon)(?<!\bavec)(?<!\bmit)(?<!\bwith)\s+{to}\s+{ARTICLE}{PLACE}{direct}", s[v.end():v.end() + 80])
        if m and (place := named(m.group(1) or m.group(2))):
            return place, v.start()
    m = re.search(rf"\b(?:will|wollen|möchte|möchten|muss|müssen)\s+(?:[\w.]+\s+){{0,4}}?nach\s+{PLACE}|\bnach\s+{PLACE}(?:\s+[\w'’.]+){{0,4}}?\s+(?:zu\s+)?(?:fahren|fliegen|reisen)\b", s) if kind == "trip" else None
    return (place, m.start()) if m and (place := named(m.group(1) or m.group(2))) else None


def company(s: str) -> tuple[str | None, str]:
    """(whom the user meets, the sentence without that name): 'com a Fernanda' -> Fernanda; 'mit Frau Becker' -> Becker."""
    for m in lexicon()["with"].finditer(s):
        if (said := named(m.group(2), person=True)):
            title = (m.group(1) or "").lower()
            name = (m.group(1) + " " if title in KEEP_TITLES else "") + said
            end = m.start(2) + len(said)  # 'with Priya Monday 8am': Monday stays for the day reader
            return name, s[:m.start()] + " " * (end - m.start()) + s[end:]
    return None, s


def where(s: str, langs: list[str], kind: str = "in") -> tuple[str | None, str]:
    """(a capitalised place after in / à / en / em … (`kind` "to": to / nach / para …) in one of `langs`, its
    English preposition)."""
    for m in re.finditer(rf"(?<![\w-])({preposition(kind, langs)})\s+{ARTICLE}{PLACE}", s):
        if (place := named(m.group(2))):
            return place, "at" if m.group(1).lower() == "at" else "in"
    return None, "in"


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
    if trip and not moving and not when_said(s) and not re.search(rf"(?i:{POSSESSIVE})\s+$", s[:at]) and \
            any(p.fullmatch(s[at:].split()[0]) for p, e in lex["events"] if e["key"] in ("flight", "train")):
        return None  # 'The train to Lyon takes 2 hours' (no day, nobody's); 'el viaje a Lisboa', 'my flight to Rome' are
    if entry["kind"] == "trip" and FLIGHT_NUMBER.search(s):
        return None  # 'Booked it: flight OS1686 to Tampere': the flight number is the fact (slots_plans.FLIGHT)
    near = re.split(r"[,;:]", s[:at])[-1].split()[-3:]
    if place is None and near and near[-1].lower() in ("no", "na"):
        near.pop()  # Portuguese 'no médico' is 'at the doctor'
    near = " ".join(near) + (s[at:s.find(place, at)] if place else "")
    if not fact and lex["negated"].search(near):
        return None  # "I don't have a meeting on Monday", "no voy a Toledo", "keinen Termin", "fahre nicht nach Wien"
    who, rest = company(s)
    when, rest = read_when(rest)
    if fact and (t := re.search(r"(?<![\d:])(\d{1,2}):(\d{2})(?!\d)", rest)):
        when = replace(when, hour=int(t.group(1)), minute=int(t.group(2)), unclear=False)
    when = settle_hour(when, bool(entry.get("evening")))
    where_at = "to" if place else "in"
    if place is None:
        place, where_at = where(rest, lang_of_noun + [lang])
    return Event(entry["key"], entry["kind"], entry["say"], when, who, place and english_place(place), party_size(rest), where_at,
                 bool(entry.get("health")), bool(entry.get("evening")), bool(entry.get("generic")))


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
    a = "" if e.key in BARE else "an" if e.say[0].lower() in "aeiou" else "a"
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
    if not re.match(r"^\s*the user\b", fact, re.I):
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

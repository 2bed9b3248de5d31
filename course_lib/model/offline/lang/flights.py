"""A flight number with what the same sentence says about that flight: where from, where to, which day, what time.

    flight_facts("El sábado 15 vuelo a Madrid a las 14:05, el IB3166.")
        -> [("flight:IB3166", "IB3166", "The user's flight is IB3166, to Madrid on Saturday the 15th at 14:05.")]
    flight_facts("volo FR 2843 da bologna il 3 febbraio alle 6:15")
        -> [("flight:FR 2843", "FR 2843", "The user's flight is FR 2843, from Bologna on 3 February at 6:15.")]

The subject and value stay the flight number, so a later turn about the same flight UPDATEs it; the text keeps the
anchors a learner will ask about. The origin is the word after from / ab / depuis / desde / de / da (a lower-case
airport or city is capitalised: 'from heathrow'; a day, month or part of the day is no place: 'de la mañana'); the
destination the place after a travel verb or after the flight number ('flight LH 2034 to Vienna'). A departure hour is
kept as said: flights leave at 6:10 in the morning (no p.m. rule). Two flight numbers in one sentence share no day.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.event_when import clock_text, day_text, read_when
from course_lib.model.offline.lang.event_back import split_return, with_return
from course_lib.model.offline.lang.events import PLACE, Event, destination, known_word, named
from course_lib.model.offline.places import english_place

Found = tuple[str, str, str]
FLIGHT = re.compile(r"\b([A-Z]{2} ?\d{3,4})\b")
CODED = re.compile(r"\b((?:[A-Z]\d|\d[A-Z]) ?\d{3,4})\b")  # G3 1452, U2 8801: with a flight word only
FLIGHT_WORD = re.compile(r"(?<![\w-])(?:flight|flying|flug|flieg\w*|vol|vuelo|voo|vôo|volo)(?![\w-])", re.I)
SHORT = re.compile(r"\b([A-Z]{2} ?\d{2})\b(?![:.,]\d)")  # 'UA 64', 'BA 15': with a flight word only
FROM = re.compile(r"(?<![\w-])(?i:from|ab|von|depuis|de|desde|da|dal|dall['’]|dalla)\s+"
                  rf"(?:{PLACE}|([a-zà-ÿ][\w'’-]{{3,}}(?:/[\w'’-]+)?))")
TO = re.compile(rf"^\s*,?\s*(?i:to|nach|pour|para|pra|per|a|à)\s+{PLACE}")
NOT_PLACES = {"casa", "home", "work", "arbeit", "here", "there", "now", "then", "mañana", "manhã", "madrugada", "noche", "noite",
              "tarde", "mattina", "sera", "notte", "pomeriggio", "morning", "evening", "night", "afternoon", "matin", "soir",
              "nuit", "früh", "morgens", "abends", "nachts", "terminal", "gate", "platform", "gleis", "porta", "puerta", "portão",
              "avião", "aviao", "avion", "avión", "aereo", "aéreo", "plane", "bus", "ônibus", "onibus", "carro", "coche", "voiture"}  # 'vou de avião'


def origin(s: str) -> str | None:
    """Where the flight leaves from: 'depuis Roissy', 'ab Köln/Bonn', 'from heathrow', 'de guarulhos'."""
    for m in FROM.finditer(s):
        if m.group(1):
            place = named(m.group(1))
            if place and (pair := rx.match(r"/([A-ZÀ-Ý][\w'’-]+)", s[m.end(1):])):  # 'ab Köln/Bonn': the airport's two names
                return f"{place}/{pair.group(1)}"
        else:
            word = m.group(2)
            place = None if word.lower() in NOT_PLACES or known_word(word) else "/".join(w[:1].upper() + w[1:] for w in word.split("/"))
        if place and place.split()[0].lower() not in NOT_PLACES and not rx.fullmatch(r"[A-Z]{2} ?\d+", place):
            return english_place(place)
    return None


def to_place(s: str, code: re.Match[str], lang: str) -> str | None:
    """Where the flight goes: after a travel verb ('vuelo a Madrid', 'fliege … nach Bari') or right after its number."""
    if (trip := destination(s, "trip", lang)):
        return english_place(trip[0])
    m = TO.match(s[code.end():])
    return english_place(place) if m and (place := named(m.group(1))) else None


def month_day(when_text: str, ordinal: int | None, period: str | None) -> str:
    """'the 2nd' said with 'in February' is 2 February."""
    if ordinal and period and rx.fullmatch(r"in [A-Z][a-z]+", period):
        return f"on {ordinal} {period[3:]}"
    return when_text


def flight_facts(s: str, lang: str = "en", trip: Event | None = None) -> list[Found]:
    """(flight:<number>, number, fact) for each flight number in `s`; with one number, its day, time and places. A
    flight said right after its trip ('jpars à montréal le 5 mai!! vol AF344 à 13h25 de CDG') takes the trip's day
    and destination when it says none itself (`trip`: the event of the fact said just before)."""
    worded = FLIGHT_WORD.search(s)
    codes = list(FLIGHT.finditer(s)) + (list(CODED.finditer(s)) + list(SHORT.finditer(s)) if worded else [])
    if len(codes) != 1:
        return [(f"flight:{m.group(1)}", m.group(1), f"The user's flight is {m.group(1)}.") for m in codes]
    code = codes[0]
    rest, back = split_return(s[:code.start()] + " " * (code.end() - code.start()) + s[code.end():])
    when, _ = read_when(rest)
    day = month_day(day_text(when), when.ordinal if when.weekday is None else None, when.period)
    t = to_place(rest, code, lang)
    if trip is not None and trip.kind == "trip" and trip.at == "to" and not (t and t != trip.place):
        t, day = trip.place, day if when.has_day() else day_text(trip.when)
    if trip is not None and trip.kind == "trip" and when.ordinal and when.weekday is None and not when.period and \
            (m := rx.search(r"\b[A-Z][a-z]+$", trip.when.date or "")):
        day = f"on {when.ordinal} {m.group(0)}"  # 'le 3 à 10h25' of a trip 'du 3 au 17 octobre': 3 October
    bits = [f"from {o}" if (o := origin(rest)) else "", f"to {t}" if t else "", day,
            f"at {clock_text(when)}" if when.hour is not None else ""]
    said = " ".join(b for b in bits if b)
    fact = (f"flight:{code.group(1)}", code.group(1), f"The user's flight is {code.group(1)}" + (f", {said}." if said else "."))
    slot, _, text = with_return(fact, back if said else None)
    return [(slot, code.group(1), text)]


def about_flight(fact: str) -> tuple[str, str] | None:
    """(subject, value) of a stored flight fact ('The user's flight is IB3166, to Madrid on …'), or None."""
    m = rx.match(r"^\s*the user['’]s flight is ((?:[A-Z]{2}|[A-Z]\d|\d[A-Z]) ?\d{3,4})\s*(?:,|\.?$)", fact, re.I)
    return (f"flight:{m.group(1)}", m.group(1)) if m else None


def corrected_flight(s: str, context: list[Found]) -> list[Found]:
    """A correction after a flight ('ups nich 06:55 sondern 07:55', 'scusa, il volo è alle 09:10 non alle 07:10'):
    the latest flight of the conversation with the new time or day, when no other event was said after it."""
    last = next((f for f in reversed(context) if f[0].split(":")[0] in ("flight", "trip", "appointment", "meeting", "plan")), None)
    if last is None or not last[0].startswith("flight:") or FLIGHT.search(s) or ", " not in last[2]:
        return []
    when, _ = read_when(s)
    text = last[2]
    if when.hour is not None:
        text = rx.sub(r" at \d{1,2}:\d{2}(?=\.$)", "", text).rstrip(".") + f" at {clock_text(when)}."
    if when.has_day():
        old = rx.search(r" (?:on|in|next|from) [^,]*?(?= at \d|\.$)", text)
        day = f" {day_text(when)}"
        text = text.replace(old.group(0), day) if old else rx.sub(r"(?= at \d|\.$)", day, text, count=1)
    return [(last[0], last[1], text)] if text != last[2] else []

"""Slots about plans and appointments: flights, meetings, bookings, time zones, other people's birthdays.

`read_plans` reads the course's travel conversations (lesson 07's long trip): a flight number, "meeting with Tomasz
at 11:30", "booked Hotel Amsel", "her birthday is on 14 March" (her: the last person named in the conversation).
Events in general, in six languages, with their day, time, company, place and size, and their corrections in later
turns, are read by lang/events.py (`read_events`); `with_plans` puts both next to the other readers' facts.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.dates import find_date
from course_lib.model.offline.lang.budgets import found_budget_more
from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.retractions import found_given_up
from course_lib.model.offline.lang.schedules import read_schedule
from course_lib.model.offline.lang.shifts import with_shift
from course_lib.model.when import DAY_PATTERN, DAY_WORDS, WEEKDAYS
from course_lib.model.offline.lang.event_turns import read_events, vetoed
from course_lib.model.offline.lang.events import lexicon, read_event
from course_lib.model.offline.lang.event_deadlines import deadline
from course_lib.model.offline.lang.event_goals import weight_goal
from course_lib.model.offline.lang.event_homes import home_search
from course_lib.model.offline.lang.flights import flight_facts

__all__ = ["read_events", "read_plans", "with_plans"]

Found = tuple[str, str, str]
NAME = r"([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)"
TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.? )?"
PLACE = r"([A-Z](?=[\w'-]*[a-z])[\w'-]+(?:[ -][A-Z][\w'-]+)*)"
VENUE = r"([A-Z][\w'-]+(?:(?: &| and)? [A-Z][\w'-]+)*)"
TIME = r"(\d{1,2}[:.]\d{2})"
FLIGHT_TO = re.compile(r"\b(?i:i (?:have|'ve got|got) a flight to) " + PLACE)
ZONE = re.compile(r"\b(?:my time ?zone(?: is|'s)|i'?m in the|i am in the) ([\w/+:-]+)(?: time ?zone)?|\b([A-Z]\w+/[A-Z][\w/]+) is my time ?zone", re.I)
MEETING = re.compile(r"\b(?i:meeting with) (?P<who>" + TITLE + NAME + r")\b.*?\b(?P<at>\d{1,2}[:.]\d{2})|"
                     r"\b(?P<at2>\d{1,2}[:.]\d{2})\b.*?\b(?i:meeting with) (?P<who2>" + TITLE + NAME + ")")
MOVED_MEETING = re.compile(r"^" + NAME + r" (?i:just |has )?(?i:moved|changed|pushed|rescheduled|shifted) (?i:our|the|my) (?i:meeting) (?i:to) " + TIME)
BIRTHDAY = re.compile(r"\b(?i:her|his|their) (?i:birthday is)|\b" + NAME + r"'s (?i:birthday is)")
BOOKED = re.compile(r"(?:\b(?i:i(?:'ve| have)? booked|let'?s book|we(?:'ve| have)? booked|i'?ll book)|^(?i:booked)) (?i:a (?:table|room) at )?(?i:the )?" + VENUE)


APPOINTMENT = re.compile(r"\b(?:i have|i've got|i got|i've|we have|ich habe|ich hab|j'ai|tengo|tenho|ho)\s+(?:[\w']+\s+){0,5}?(?:an? |einen |un |une |una |uma |"
                         r"un'|l'|la |el |o |the )?(?:(\w+)[ -]?(?:appointment|termin|rendez-vous|rdv|cita|consulta|appuntamento|visita)"
                         r"|(?:appointment|termin|rendez-vous|rdv|cita|consulta|appuntamento|visita) (?:with the |at the |with |at |beim |bei |"
                         r"chez le |chez la |chez |con el |con la |con |com o |com a |com |dal |dalla |da |no |na |nel |al |beim |bei der |bei )(\w+))", re.I)
DETERMINERS = {  # the word before 'appointment' that names nobody: an article, a possessive, 'new' ('nen Termin', 'un rdv')
    "a", "an", "the", "my", "our", "new", "next", "another", "ein", "einen", "eine", "nen", "'nen", "n", "mein", "meinen", "neuen",
    "nächsten", "un", "une", "mon", "ma", "notre", "nouveau", "nouvel", "autre", "una", "uno", "mi", "otra", "otro", "nueva",
    "uma", "um", "meu", "minha", "outra", "outro", "nova", "novo", "l", "la", "il", "lo", "el", "o", "mio", "mia", "altro"}
PT_DAYS = {"segunda", "terça", "terca", "quarta", "quinta", "sexta"}  # 'consulta na segunda(-feira)': a day, nobody seen
CLOCK = re.compile(r"\b(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|uhr|h)?\b(?![.,]\d)", re.I)


def found_appointment(s: str) -> list[Found]:
    """'I've got a dentist appointment on Monday at 9:00', 'ich hab am Montag um 9 einen Zahnarzttermin' ->
    appointment:dentist 'Monday 9:00' (whom by the job lexicon; the weekday in English; the time when given)."""
    m = APPOINTMENT.search(s)
    if not m:
        return []
    said = (m.group(1) or m.group(2) or "").lower()
    who = canon("job", said) or (said if said not in DETERMINERS and not DAY_PATTERN.fullmatch(said) and said not in PT_DAYS else "")
    day = DAY_PATTERN.search(s)
    at = next((c for c in CLOCK.finditer(s) if c.group(2) or c.group(3)), None)
    when = " ".join(x for x in (WEEKDAYS[DAY_WORDS[day.group(1).lower()]] if day else "",
                                f"{int(at.group(1)) + (12 if (at.group(3) or '').lower() == 'pm' and int(at.group(1)) < 12 else 0)}:"
                                f"{at.group(2) or '00'}" if at else "") if x)
    if not who or not when:
        return []
    on = f" on {when.split()[0]}" if day else ""
    clock = f" at {when.split()[-1]}" if at else ""
    return [(f"appointment:{who}", when, f"The user has {'an' if who[0] in 'aeiou' else 'a'} {who} appointment{on}{clock}.")]


def read_plans(s: str, last_person: str = "someone", context: list[Found] | None = None) -> list[Found]:
    """Every plan slot this sentence fills (`context`: the facts said before; a flight takes its trip's day and place)."""
    out: list[Found] = found_appointment(s) + found_budget_more(s) + with_shift(s, read_schedule(s)) + found_given_up(s)
    out += [d] if (d := deadline(s, context)) and not vetoed(s) else []  # 'mi contrato vence el 30 de septiembre' (event_deadlines.py)
    out += [g] if (g := weight_goal(s)) and not vetoed(s) else []  # 'perdere 8 kg entro giugno' (event_goals.py)
    out += [h] if (h := home_search(s)) and not vetoed(s) else []  # 'ich suche eine Wohnung in Graz' (event_homes.py)
    # (lang/budgets.py, schedules.py, shifts.py, retractions.py)
    if (m := FLIGHT_TO.search(s)):
        out.append(("trip", m.group(1), f"The user has a flight to {m.group(1)}."))
    trip = next((read_event(f[2], fact=True) for f in reversed((context or [])[-3:]) if f[0] == "trip"), None)
    flights = flight_facts(s, trip=trip)  # with its day, time and places (lang/flights.py)
    last = next((f for f in reversed(context or []) if f[0].startswith("flight:")), None)
    if last and len(flights) == 1 and flights[0][0] != last[0] and lexicon()["cue"].search(s) and ", " in last[2]:
        flights = [(flights[0][0], flights[0][1], last[2].replace(last[1], flights[0][1], 1))]  # 'le vol c'est AF346, pas 344'
    out += flights
    if (m := ZONE.search(s)):
        zone = m.group(1) or m.group(2)
        out.append(("timezone", zone, f"The user's time zone is {zone}."))
    if (m := MEETING.search(s)):
        who, at = m.group("who") or m.group("who2"), m.group("at") or m.group("at2")
        name = rx.sub(TITLE, "", who, count=1)
        out.append((f"meeting:{name.split()[0].lower()}", at, f"The user has a meeting with {who} at {at}."))
    elif (m := MOVED_MEETING.search(s)):
        out.append((f"meeting:{m.group(1).split()[0].lower()}", m.group(2), f"The user has a meeting with {m.group(1)} at {m.group(2)}."))
    if (m := BIRTHDAY.search(s)) and (date := find_date(s[m.end():])):
        who = m.group(1) or last_person
        out.append((f"birthday:{who.lower()}", date, f"{who}'s birthday is on {date}."))
    if (m := BOOKED.search(s)):
        out.append((f"booking:{m.group(1).lower()}", m.group(1), f"The user booked {m.group(1)}."))
    return out


def with_plans(found: list[Found], events: list[Found], plans: list[Found], sentence: str = "") -> list[Found]:
    """The facts of one sentence with its events and plan slots: an event (read with its day, time and company)
    replaces another reader's fact on the same subject ('The user has a trip to Oslo.' -> '… to Oslo next Thursday.',
    'a meeting with Tomasz at 10:00' -> '… on Saturday at 10:00'); a plan slot fills only a subject nobody filled.
    A sentence that states no plan of the user's (events.vetoed: 'Si llueve, no voy a Toledo') keeps no trip."""
    purposed = {v for s, v, _ in plans if s.startswith("budget:")}  # 'per l'affitto … massimo 800 euro': what it is for
    found = [f for f in found if not (f[0] == "budget" and f[1] in purposed)]
    if any(p[0] == "retract" and p[1].startswith(("plays ", "does ")) for p in plans):  # 'ya no hago escalada' takes
        found = [f for f in found if not f[0].startswith("hobby")]  # the hobby back; it does not state it
    if any(p[0] == "schedule" for p in plans):  # the days and hours ('works nights, sun thru wed, 8pm to 6am') say more
        found = [f for f in found if f[0] != "schedule"]
    if vetoed(sentence) or lexicon()["habit"].search(sentence):  # 'Los fines de semana voy a Toledo': a habit, no trip
        found = [f for f in found if f[0] != "trip"]
    if events:  # 'appointment moved from Tuesday to Wednesday' names no home city, whatever another reader says
        found = [f for f in found if not DAY_PATTERN.fullmatch(f[1])]
    events = named_appointment(events, found + plans)  # 'nen Termin beim Orthopäden' dated by the event reader
    named = {p[0].split(":")[0] for p in plans if ":" in p[0]}  # 'Tomasz just moved our meeting to 11:30': the
    events = [e for e in events if e[0] not in named]  # reader that found whose meeting it is wins over 'a meeting'
    plans = [p for p in plans if not (p[2].startswith("The user takes the ") and any(
        p[1].split()[0] in e[1].split() and (" to " in e[2] or " to " not in p[2]) for e in events))]
    # 'Lunedì prendo il treno per Firenze alle 8:15': one ride on one day, an event (no event is read from a habit)
    every = [p[1].split() for p in plans if p[0] == "schedule" and "every" in p[1]]  # 'Le mardi et le jeudi j'ai kiné à 18h':
    events = [e for e in events if not any(  # the days again and again, no one appointment on one of them
        (said := [w for w in e[1].split() if w in WEEKDAYS or rx.fullmatch(r"\d{1,2}:\d{2}", w)]) and set(said) <= set(v) for v in every)]
    if any(p[0].startswith("flight:") and " to " in p[2] for p in plans):  # 'flying to Lisbon on BA2490 on 12 March':
        found = [f for f in found if not (f[0] == "trip" and not rx.search(r"\d", f[2]))]  # the flight says where and when
    weights = {rx.search(r"\d+", p[1]).group(0) for p in plans if p[0] == "plan:weight"}
    found = [f for f in found if not (f[0].startswith("budget") and f[1].split()[0] in weights)]  # '180 libras' is a weight
    subjects = {e[0] for e in events}
    heads = {s.split(":")[0] for s, _, _ in found} | {e[0].split(":")[0] for e in events}  # one reading of an
    # appointment: the event reader's ('dermatologist') over found_appointment's word as typed ('dermatóloga')
    return ([f for f in found if f[0] not in subjects] + events
            + [p for p in plans if p[0] not in subjects and p[0].split(":")[0] not in heads])


def named_appointment(events: list[Found], others: list[Found]) -> list[Found]:
    """A generic appointment the event reader dated, named by another reader that knows whom it is with (the job
    lexicon): 'Am 7. Mai hab ich nen Termin beim Orthopäden, 14:15' -> appointment:orthopaedist on 7 May at 14:15."""
    said = next((f[0] for f in others if f[0].startswith("appointment:")), None)
    if not said:
        return events
    what = said.split(":", 1)[1]
    a = "an" if what[:1] in "aeiou" else "a"
    return [(said, what + e[1][len("appointment"):], e[2].replace("has an appointment", f"has {a} {what} appointment", 1))
            if e[0] == "appointment" and e[2].startswith("The user has an appointment") else e for e in events]

"""What the user does on given weekdays, again and again: a work schedule, a class, the gym, a rehearsal.

    what   an activity word from course_lib/data/events.json "schedule" (shifts, home office, work, class, gym,
           rehearsal, run; a language named with a class: 'clase de alemán' -> German class)
    days   weekdays said as recurring: a plural or adverb ('Mondays', 'montags', 'às terças', 'les lundis'), after
           'every / jeden / tous les / los / ogni' or 'le / il / el' with no date after it, two or more in a list
           ('mon wed fri', 'tues and thurs', 'lunedì e venerdì') or a range ('wed thru sat', 'de martes a sábado');
           a short form ('wed', 'mer', 'qua') only in a list or range
    time   a range ('7pm to 7am', 'de 7h a 13h', 'dalle 22 alle 6', 'de 3 a 7 de la tarde') or one time
-> ('schedule', value, 'The user works shifts from Wednesday to Saturday, 19:00 to 7:00.'). A single day said once
('on Monday', 'le samedi 24 mai') is an event (lang/events.py), not a schedule; no activity word, no schedule.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.event_when import vocabulary, words_re
from course_lib.model.amounts import number
from course_lib.model.when import WEEKDAYS, clock_time

Found = tuple[str, str, str]
SAY = {"shifts": "works shifts", "home office": "works from home", "remote work": "works remotely", "work": "works",
       "class": "has {}class", "gym": "goes to the gym", "training": "has training", "rehearsal": "has rehearsal", "run": "runs",
       "study": "studies", "swim": "swims", "physiotherapy": "has physiotherapy"}
FREQUENCY = re.compile(r"(?<![\w:.])(\d{1,2}|two|three|four|five|six|zwei|drei|vier|fünf|sechs|deux|trois|quatre|cinq|six|dos|tres|"
                       r"cuatro|cinco|seis|duas|três|quatro|due|tre|quattro|cinque|sei)\s*(?:x|times|mal|fois|veces|vezes|volte)\s*"
                       r"(?:a|per|pro|die|in der|par|por|a la|alla|à|na|en la)?\s*(?:week|woche|semaine|semana|settimana)\b", re.I)
DAILY = re.compile(r"\b(?:every (?:day|morning|evening|night)|daily|each day|jeden (?:tag|morgen|abend)|täglich|tous les (?:jours|matins|soirs)|"
                   r"chaque (?:jour|matin|soir)|todos los d[íi]as|cada d[íi]a|todas las (?:mañanas|noches)|a diario|todos os dias|"
                   r"todas as (?:manhãs|noites)|diariamente|ogni (?:giorno|mattina|sera)|tutti i giorni|tutte le mattine)\b", re.I)
HOUR = r"(?:\d{1,2}(?:\s*[:h.]\s*\d{2})?\s*(?:a\.?m\.?|p\.?m\.?|h\b|uhr\b)?|midnight|mitternacht|minuit|medianoche|meia-noite|mezzanotte|noon|midi|mediodía)"
SPAN = re.compile(rf"(?:\b(?:from|von|de|du|das|dalle|dal|entre)\s+(?:las\s+|les\s+)?)?(?<![\d:])(?<!\bdia )(?<!\bdía )(?<!\bday )(?P<a>{HOUR})\s*"
                  rf"(?:-|–|\bto\b|\btill\b|\buntil\b|\bbis\b|\bà\b|\ba\b|\bal\b|\balle\b|\bàs\b|\bas\b|\bhasta\b|\by\b|\be\b|\bet\b)\s*"
                  rf"(?:las\s+|les\s+)?(?P<b>{HOUR})(?![\d:])", re.I)
MONTHS_AFTER = re.compile(r"^\s*(?:de\s+|di\s+)?(?:jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz]|ene|abr|ago|dic|"
                          r"janv|févr|mars|avr|juin|juil|août|déc|gen|giu|lug|set|ott|fev|out|dez|mai|giugno|luglio|maggio)", re.I)


@lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    """The schedule vocabulary, compiled: day words -> index, activities in order, recurring cue words."""
    v = vocabulary()["schedule"]
    whole = lambda words: re.compile(rf"(?<!\w)(?:{words_re(words)})(?!\w)", re.I)  # noqa: E731
    days = [(int(i), whole(words)) for i, words in v["days"].items()]
    acts = [(key, whole([w for ws in words.values() for w in ws])) for key, words in v["activities"]]
    before = re.compile(r"(?:" + "|".join(map(re.escape, sorted(v["recurring_before"], key=len, reverse=True))) + r")\s+$", re.I)
    return {"days": days, "acts": acts, "short": set(v["short"]), "before": before}


def day_hits(s: str) -> list[tuple[int, int, int, str]]:
    """(start, end, weekday, word) of every day word, in order, one per place."""
    hits: dict[int, tuple[int, int, int, str]] = {}
    for i, pattern in table()["days"]:
        for m in pattern.finditer(s):
            if m.start() not in hits or m.end() > hits[m.start()][1]:
                hits[m.start()] = (m.start(), m.end(), i, m.group(0))
    return [hits[k] for k in sorted(hits)]


def recurring_days(s: str) -> tuple[list[int], bool] | None:
    """The weekdays said as recurring, and whether they are a range (first to last), or None."""
    hits = [h for h in day_hits(s) if not MONTHS_AFTER.match(s[h[1]:]) or h[3].lower() not in ("mar", "mai")]
    groups: list[list[tuple[int, int, int, str]]] = []
    for h in hits:  # days next to each other ('mon wed fri', 'martes y jueves', 'wed thru sat') form one group
        gap = s[groups[-1][-1][1]:h[0]] if groups else None
        if gap is not None and rx.fullmatch(r"\s*(?:,|/|&|-|–|\band\b|\bund\b|\bet\b|\by\b|\be\b|\bto\b|\bthru\b|\bthrough\b|\btill\b|"
                                            r"\bbis\b|\bà\b|\bau\b|\ba\b|\bal\b|\baté\b|\bet le\b|\by los\b|\be as\b|\be il\b|\bund\b)?\s*(?:le\s+|el\s+|il\s+|la\s+)?", gap, re.I):
            groups[-1].append(h)
        else:
            groups.append([h])
    short = table()["short"]
    for g in groups:
        words = [w.lower() for *_, w in g]
        if len(g) >= 2:
            joined = s[g[0][1]:g[-1][0]]
            ranged = len(g) == 2 and bool(rx.search(r"-|–|\bto\b|\bthru\b|\bthrough\b|\btill\b|\bbis\b|\bà\b|\bau\b|\ba\b|\bal\b|\baté\b", joined, re.I))
            return [h[2] for h in g], ranged
        w, start, end = words[0], g[0][0], g[0][1]
        if w in short:
            continue
        plural = rx.search(r"(?:days|tags|wochs|[^s]s)$", w) and not w.endswith(("martes", "jueves", "viernes", "miércoles", "miercoles", "lunes"))
        after_cue = table()["before"].search(s[:start]) and not rx.match(r"\s*\d", s[end:])
        if plural or (after_cue and not rx.search(r"\bon\s+$", s[:start], re.I)):
            return [g[0][2]], False
    return None


def activity(s: str) -> str | None:
    """What is done on those days, in English ('German class' when a language is named with the class)."""
    said = [(m.start(), -len(m.group(0)), n, key) for n, (key, pattern) in enumerate(table()["acts"]) if (m := pattern.search(s))]
    if not said:
        return None
    key = min(x for x in said if x[3] != "work" or len(said) == 1)[3]  # the first said ('palestra … prima del turno'
    # is the gym), plain work only when nothing more telling is said ('I work …, remote on Fridays' is remote work)
    lang = next((canon("language", w) for w in rx.findall(r"[^\W\d_]+", s) if canon("language", w)), None)
    return SAY[key].format(f"{lang} " if lang and key == "class" else "")


def clock(said: str, context: str) -> str | None:
    """One end of a time range as H:MM (a.m./p.m. or the part of the day from the whole phrase, else as written)."""
    said = said.strip()
    if rx.fullmatch(r"\d{1,2}", said) and (h := rx.match(r"\s*(?:e|y|et)\s+(?:(mezza|mezzo|media|meia|demie)|(?:un |um )?(quarto|cuarto|quart))\b", context, re.I)):
        return f"{int(said)}:{'30' if h.group(1) else '15'}"  # 'alle 10 e mezza', 'a las 7 y cuarto'
    if rx.fullmatch(r"\d{1,2}", said):
        said = f"{said}h"
    r = clock_time(said + " " + context)
    if r.value:
        h, m = r.value.split(":")
        return f"{int(h)}:{m}"
    m = rx.match(r"(\d{1,2})(?:\s*[:h.]\s*(\d{2}))?", said)
    return f"{int(m.group(1))}:{m.group(2) or '00'}" if m and int(m.group(1)) <= 24 else None


def time_of(s: str) -> str:
    """' from 19:00 to 7:00', ' at 18:30' or ''."""
    for m in SPAN.finditer(s):
        a, b = m.group("a"), m.group("b")
        marked = any(rx.search(r"[:h.]|m\b|m\.|uhr|[a-z]{4,}", x, re.I) for x in (a, b)) or rx.match(r"(?:from|von|de|du|das|dalle|dal|entre)\b", m.group(0), re.I)
        if not marked or MONTHS_AFTER.match(s[m.end():]):
            continue
        tail = s[m.end():m.end() + 20]
        start, end = clock(a, tail if not rx.search(r"[ap]\.?m", a, re.I) else ""), clock(b, tail)
        if start and end:
            return f" from {start} to {end}"
    one = rx.search(r"(?<![\d:])(\d{1,2})\s*(?:[:h.]\s*(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|h\b|uhr\b)?(?![\d:])", s, re.I)
    while one and not (one.group(2) or one.group(3) or rx.search(r"\b(?:at|um|à|a las|às|as|alle|ore|around|tipo|vers)\s*$", s[:one.start()], re.I)):
        one = re.compile(r"(?<![\d:])(\d{1,2})\s*(?:[:h.]\s*(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|h\b|uhr\b)?(?![\d:])", re.I).search(s, one.end())
    if not one:
        return ""
    at = clock(one.group(0), s[one.end():one.end() + 20])
    return f" at {at}" if at else ""


def read_schedule(s: str) -> list[Found]:
    """The user's recurring schedule said in `s`, as one fact (see the module docstring), or nothing."""
    days = recurring_days(s)
    if not days:  # no weekdays: a weekly frequency, a daily cue or a time range with what is done ('3x die Woche',
        return often(s) or commute(s)  # 'todos los días de 9 a 2', 'studio in biblioteca dalle 9 alle 18'; the 7:04 train
    what = activity(s)
    if not what:
        return []
    found, ranged = days
    names = [WEEKDAYS[d] for d in found]
    when = f"from {names[0]} to {names[-1]}" if ranged else "every " + (
        names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])
    time = time_of(s)
    value = f"{what} {when}{time}".replace("has ", "").replace("works ", "")
    return [("schedule", value, f"The user {what} {when}{',' if ranged and time else ''}{time}.")]


PAST = re.compile(r"\b(?:yesterday|last (?:week|month|year)|was|were|gestern|war|waren|letzte[nm]?|hier|j'étais|étais|la semaine dernière|"
                  r"ayer|estuve|estaba|la semana pasada|ontem|estive|estava|semana passada|ieri|ero|sono stat[oa]|la settimana scorsa)\b", re.I)


def often(s: str) -> list[Found]:
    """A schedule said without weekdays (read_schedule): how often, or every day, or from when to when."""
    what, time = activity(s), time_of(s)
    if not what or what in ("has training", "has physiotherapy") and not FREQUENCY.search(s) or PAST.search(s):
        return []
    if (span := rx.fullmatch(r" from (\d+):(\d+) to (\d+):(\d+)", time)) and not rx.search(r"[ap]\.?m\b|\bpm\b", s, re.I):
        a, b = int(span.group(1)), int(span.group(3))
        if a == b:  # 'de 11 a 11': which half of the day is not said
            return []
        if b < a < 12:  # 'de 8 a 6', 'de 9 a 2': the end is in the afternoon
            time = f" from {a}:{span.group(2)} to {b + 12}:{span.group(4)}"
    if (m := FREQUENCY.search(s)) and (n := number(m.group(1))):
        when = f"{n} times a week"
    elif DAILY.search(s) and time and what != "has class":  # 'every morning' alone says too little
        when = "every day"
    elif time.startswith(" from "):
        when, time = time.strip(), ""
    else:
        return []
    value = f"{what} {when}{time}".replace("has ", "").replace("works ", "")
    return [("schedule", value, f"The user {what} {when}{time}.")]


TAKE = (r"(?:i (?:usually |always |normally )?(?:take|get|catch)|(?:ich )?(?:nehme|fahre (?:\w+ )?mit)|je prends|jprends|"
        r"(?:yo )?(?:tomo|cojo|agarro)|(?:eu )?(?:pego|apanho|tomo)|(?:io )?prendo)")
VEHICLE = (r"(?:train|bus|ferry|tram|coach|tube|zug|bus|s-bahn|u-bahn|fähre|re\d+|ice|rer|métro|metro|tren|autob[úu]s|cercan[íi]as|"
           r"comboio|trem|[ôo]nibus|barco|treno|regionale|pullman|autobus|traghetto|vaporetto)")
HHMM = r"\d{1,2}[:.h]\d{2}"
RIDE = re.compile(rf"\b{TAKE}\s+(?:\w+\s+){{0,3}}?(?:the\s+|den\s+|die\s+|das\s+|le\s+|el\s+|o\s+|il\s+|a\s+)?(?:(?P<a>{HHMM})\s+)?"
                  rf"(?P<what>{VEHICLE})\b(?:\s+(?:\w+\s+){{0,3}}?(?:um|de|delle|das|às|as|a las|de las|alle|at|of)\s+(?P<b>{HHMM}))?"
                  rf"(?:.*?\b(?:to|nach|pour|à|a|para|pro|per)\s+(?:o\s+|a\s+|the\s+|le\s+|la\s+|el\s+|il\s+)?(?P<to>(?-i:[A-ZÀ-Ý])[\w'-]+(?:\s+(?:do|da|de|di)?\s*(?-i:[A-ZÀ-Ý])[\w'-]+)?))?", re.I)
IN_ENGLISH = {"zug": "train", "s-bahn": "S-Bahn", "u-bahn": "underground", "fähre": "ferry", "métro": "metro", "tren": "train",
              "autobús": "bus", "autobus": "bus", "cercanías": "train", "cercanias": "train", "comboio": "train", "trem": "train",
              "ônibus": "bus", "onibus": "bus", "barco": "ferry", "treno": "train", "regionale": "train", "pullman": "coach",
              "traghetto": "ferry", "vaporetto": "water bus", "re": "RE"}


def commute(s: str) -> list[Found]:
    """'I get the 8:52 train to Reading', 'je prends le train de 7h12', 'prendo il regionale delle 7:22' -> a schedule."""
    m = RIDE.search(s)
    later = m and rx.search(rf"\b(?:um|de|delle|das|às|as|a las|de las|alle|at|of)\s+({HHMM})", s[m.end("what"):], re.I)
    at = m and (m.group("a") or m.group("b") or (later and later.group(1)))
    if not m or not at or PAST.search(s):
        return []
    h, mm = rx.split(r"[:.h]", at)
    said = m.group("what")
    what = said.upper() if rx.fullmatch(r"re\d+|ice|rer", said, re.I) else IN_ENGLISH.get(said.lower(), said.lower())
    to = f" to {m.group('to')}" if m.group("to") and m.group("to").lower() not in ("casa", "home") else ""
    value = f"{int(h)}:{mm} {what}{to}"
    return [("schedule", value, f"The user takes the {int(h)}:{mm} {what}{to}.")]


ABOUT = re.compile(r"^The user (?:works|has|goes|runs)\b.*?\b(?:every|from) (?:" + "|".join(WEEKDAYS) + r")\b", re.I)


def about_schedule(fact: str) -> tuple[str, str] | None:
    """('schedule', value) for a fact this reader wrote, so the write path compares it as a schedule."""
    if ABOUT.match(fact.strip()):
        return "schedule", rx.sub(r"^The user (?:works |has )?|\.$", "", fact.strip())
    return None

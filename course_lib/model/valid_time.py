"""When a fact is true, from the user's words: "since last spring", "until June", "seit 2019", "depuis deux ans".

A memory has two times (lesson 07): when the agent *recorded* it, and when it was *true* in the user's life.
Only the second can answer "was I vegan in March?", and only the user's words can give it. This module reads
those words in the six course languages and turns them into dates:

    said_when("We moved to Lisbon last spring.")   == {"valid_from": "last spring"}
    said_when("I'm in Berlin until June.")          == {"valid_to": "until June"}
    said_when("Ich bin seit 2019 Veganerin.")       == {"valid_from": "seit 2019"}
    resolve_when("last spring", today=2026-03-02)   == 2025-03-01       (meteorological seasons, north)
    resolve_when("until June", today=2026-03-02)    == 2026-06-01       (the next June: an end lies ahead)
    resolve_when("since March", today=2026-01-10)   == 2025-03-01       (the last March: a start lies behind)
    resolve_when("2019-05-04", ...)                 == 2019-05-04       (a live model may answer with a date)

The rules, and where they stop:
* a time phrase counts only after a word that makes it a validity bound ("since", "from", "until", "seit",
  "ab", "bis", "depuis", "jusqu'à", "desde", "hasta", "até", "dal", "fino a" ...), after a verb of change
  ("moved", "became", "started", "umgezogen", "devenu", "me mudé", "diventato" ...) or as "N years ago"; so
  "Anjali's birthday is on 14 March" has no valid time, and neither has "I live in Paris" (unknown, not today);
* a period resolves to its first day ("until June" ends on 1 June; "in 2019" starts on 1 January 2019);
  spring, summer, autumn and winter start on 1 March, June, September and December;
* a month without a year is the last one for a start ("since March"), the next one for an end ("until June"),
  and the nearest one after "from" or a verb of change; "last", "this" and "next" override that;
* weekdays, clock times and ranges ("between May and June") are not read; what is not read is unknown (None).
Pure functions: no clock of their own; the caller passes `today` (the course clock's `now()`).
"""
from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone

from course_lib.model.amounts import UNITS
from course_lib.model.dates import MONTHS

SEASONS = {3: "spring|frühling|fruhling|frühjahr|printemps|primavera",
           6: "summer|sommer|été|ete|verano|verão|verao|estate",
           9: "autumn|fall|herbst|automne|otoño|otono|outono|autunno",
           12: "winter|hiver|invierno|inverno"}
LAST = r"last|previous|letzten|letztes|letzte|letztem|vergangenen|vergangenes|vergangene|dernier|dernière|derniere|" \
       r"passé|passée|passe|pasado|pasada|passado|passada|scorso|scorsa"
THIS = r"this|diesen|dieses|diesem|dieser|ce|cet|cette|este|esta|neste|nesta|questo|questa|quest"
NEXT = r"next|coming|nächsten|nächstes|nächstem|nächste|kommenden|prochain|prochaine|próximo|próxima|proximo|" \
       r"proxima|prossimo|prossima"
UNIT_WORDS = {365: "year years jahr jahre jahren jahres an ans année années annee annees año años ano anos anno anni",
              30: "month months monat monate monaten mois mes meses mese mesi",
              7: "week weeks woche wochen semaine semaines semana semanas settimana settimane"}
UNIT_DAYS = {days: "|".join(words.split()) for days, words in UNIT_WORDS.items()}
YEAR_WORD = r"year|jahr|jahres|an|année|annee|año|ano|anno"
MONTH_WORD = r"month|monat|mois|mes|mese"

FROM_WORDS = r"ever since|since|from|as of|starting|seit|ab|von|depuis|à partir d[e']|a partir de|desde|" \
             r"a partire da(?:l|lla|ll')?|dal|dalla|dall'|dai|da"
TO_WORDS = r"until|till|til|up to|through|bis|jusqu'?(?:à|a|au|en)|hasta|até|fino a(?:l|lla|ll')?|fino"
CHANGE_VERBS = (r"moved|move|moving|became|become|started|start|began|switched|went|gone|turned|joined|married|"
                r"umgezogen|gezogen|geworden|angefangen|begonnen|gewechselt|geheiratet|"
                r"déménagé|déménagée|demenage|devenu|devenue|commencé|commence|marié|mariée|"
                r"mudé|mudamos|mudado|hice|volví|empecé|empezamos|comencé|casé|"
                r"mudei|mudámos|tornei|comecei|passei|casei|"
                r"trasferit[oaie]|diventat[oaie]|iniziato|cominciato|sposat[oaie]")
NUMBER = rf"\d{{1,2}}|{'|'.join(sorted(UNITS, key=len, reverse=True))}|a|an|une?|una?"
UNIT = "|".join(UNIT_DAYS.values())
# full month names only: "mar" is the sea in Spanish, "may" a verb in English, "marco" a name in Italian
MONTH_NAMES = {m: "|".join(w for w in words.split("|") if len(w) > 3 and w != "marco" or m == "May")
               for m, words in MONTHS.items()}
_MONTH = "|".join(MONTH_NAMES.values())
_SEASON = "|".join(SEASONS.values())
_ART = r"(?:(?:the|le|la|les|el|a|o|na|no|im|in|en|au|du|de|del|della|dello|al|alla|nel|nella)\s+|l'|nell')?"
_QUAL = rf"(?:{LAST}|{THIS}|{NEXT})"
_DAY = r"(?:\d{1,2}(?:st|nd|rd|th|\.|er|º)?\s+(?:of\s+|de\s+|di\s+)?)?"  # "1 April", "1st of April", "1er avril"
_END_OF = r"(?:the\s+)?(?:end\s+of|ende|fin\s+d[e']|final\s+de|fim\s+de|fine\s+d[i'])\s*"
_YEAR = r"(?:19|20)\d{2}(?!\s*(?:€|eur|euros?|\$|usd|dollars?|chf|£|%|km|m\b))"
# one time expression: a qualified season / month / year ("last spring", "l'année dernière"), a season, a
# month with an optional year, a year, an ISO date
_ANCHOR = (rf"(?:{_QUAL}\s+{_ART}(?:{_SEASON}|{_MONTH}|{YEAR_WORD}|{MONTH_WORD})"
           rf"|{_ART}(?:{_SEASON}|{YEAR_WORD}|{MONTH_WORD})\s+(?:{LAST}|{NEXT})"
           rf"|{_ART}(?:{_SEASON})|{_ART}(?:{_MONTH})\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+{_YEAR})?"
           rf"|{_ART}{_DAY}(?:{_MONTH})(?:\s+(?:de\s+|of\s+)?{_YEAR})?"
           rf"|{_ART}(?:{_MONTH})(?:\s+(?:de\s+|of\s+)?{_YEAR})?"
           rf"|\d{{4}}-\d{{2}}(?:-\d{{2}})?|{_ART}{_YEAR})")
_DURATION = rf"(?:{NUMBER})\s+(?:{UNIT})"
_AGO = rf"(?:{_DURATION})\s+(?:ago|fa)|(?:vor|il y a|hace|há|ha)\s+(?:{_DURATION})"
# Found in two passes, for speed: every time expression (an anchor, or a duration), then the words just before
# or after it decide whether it bounds the fact's validity, and which end.
ANCHOR = re.compile(rf"(?<!\w)(?=\w)(?:{_ANCHOR})\b", re.I)  # tried at word starts only
DURATION = re.compile(rf"\b(?P<since_for>(?:for|seit|depuis|desde hace|há|ha|da)\s+(?:{_DURATION}))\b|\b(?P<ago>{_AGO})\b",
                      re.I)
_GLUE = r"(?:\s+|(?<='))"  # a space, or nothing after an elided article ("dall'anno")
TO_BEFORE = re.compile(rf"\b(?:{TO_WORDS}){_GLUE}(?:{_END_OF})?$", re.I)
FROM_BEFORE = re.compile(rf"\b(?:{FROM_WORDS}){_GLUE}$", re.I)
VERB_BEFORE = re.compile(rf"\b(?:{CHANGE_VERBS})(?:\s+[^\s.;!?]+){{0,5}}?\s+$", re.I)
VERB_AFTER = re.compile(rf"^(?:\s+[^\s.;!?]+){{0,5}}?\s+(?:{CHANGE_VERBS})\b", re.I)  # "letzten Frühling … gezogen"
REACH = 80  # characters looked at around a time expression
UNIT_SET = frozenset(UNIT.split("|"))
HEAD_WORDS = frozenset("|".join([_SEASON, _MONTH, YEAR_WORD, MONTH_WORD, UNIT]).split("|"))  # a cheap first look
_LEAD = re.compile(_ART, re.I)


def windows(sentence: str, reach: int = 24) -> list[tuple[int, int]]:
    """(start, end) of the stretches around each time word (a season, month, year, unit or 4-digit number), whole
    words, merged: the only places a time expression can be, so the long anchor pattern runs on little text."""
    spans: list[list[int]] = []
    for m in re.finditer(r"[^\W\d_]+|\d{4}", sentence):
        if m.group(0).lower() in HEAD_WORDS or m.group(0).isdigit():
            a = sentence.rfind(" ", 0, max(0, m.start() - reach)) + 1
            b = sentence.find(" ", min(len(sentence), m.end() + reach))
            b = len(sentence) if b < 0 else b
            if spans and a <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], b)
            else:
                spans.append([a, b])
    return [(a, b) for a, b in spans]


def said_when(sentence: str) -> dict[str, str]:
    """The user's own words for when a fact starts and ends: {"valid_from": ..., "valid_to": ...}, only the
    keys the sentence states ({} when it states none, which means unknown)."""
    if not isinstance(sentence, str):
        raise TypeError(f"said_when reads a sentence (str), got {type(sentence).__name__}")
    spans = windows(sentence)
    if not spans:
        return {}
    has_unit = UNIT_SET.intersection(re.findall(r"[^\W\d_]+", sentence.lower()))
    found: list[tuple[int, str, str]] = [(m.start(), "valid_from", m.group(0)) for m in DURATION.finditer(sentence)
                                         if has_unit]
    for m in (m for a, b in spans for m in ANCHOR.finditer(sentence, a, b)):
        lead = _LEAD.match(m.group(0)).group(0)  # an article may belong to the word before: "jusqu'au", "dal"
        base, after = max(0, m.start() - REACH), sentence[m.end():m.end() + REACH]
        bound = None
        for end in dict.fromkeys((m.start() + len(lead), m.start())):
            before = sentence[base:end]
            hit = TO_BEFORE.search(before) or FROM_BEFORE.search(before)
            if hit:
                bound = ("valid_to" if TO_BEFORE.search(before) else "valid_from", base + hit.start())
                break
        if bound:
            found.append((bound[1], bound[0], sentence[bound[1]:m.end()]))
        elif m.group(0).strip().lower() != "may" and (VERB_BEFORE.search(before) or VERB_AFTER.search(after)):
            found.append((m.start(), "valid_from", m.group(0).strip()))  # "may" after a verb is a verb
    out: dict[str, str] = {}
    for _, role, words in sorted(found):
        out.setdefault(role, words)
    return out


def _number(word: str) -> int | None:
    w = word.lower()
    if w.isdigit():
        return int(w)
    return 1 if re.fullmatch(r"a|an|une?|una?", w) else UNITS.get(w)


def _back(day: date, n: int, unit: str) -> date:
    """`day` moved back n years, months or weeks, on the calendar (29 February becomes 28 February)."""
    days = next(d for d, words in UNIT_DAYS.items() if re.fullmatch(words, unit, re.I))
    if days == 7:
        return day - timedelta(weeks=n)
    months = day.year * 12 + day.month - 1 - (n * 12 if days == 365 else n)
    year, month = divmod(months, 12)
    last = (date(year + (month + 1) // 12, (month + 1) % 12 + 1, 1) - timedelta(days=1)).day
    return date(year, month + 1, min(day.day, last))


def _midnight(d: date, tz: timezone) -> datetime:
    return datetime.combine(d, time(0), tzinfo=tz)


def _pick(starts: list[date], today: date, lean: str) -> date:
    """The start of one occurrence of a yearly period: the last one begun (past), the next (future), the nearest."""
    past = [s for s in starts if s <= today]
    future = [s for s in starts if s > today]
    if lean == "past":
        return max(past)
    if lean == "future":
        return min(future)
    return min(starts, key=lambda s: (abs((s - today).days), s))


def _yearly(month_no: int, today: date, text: str, lean: str, length: int) -> date:
    """One of the starts of a period that recurs every year (a season or a month), chosen by the words around it."""
    starts = [date(today.year + dy, month_no, 1) for dy in (-2, -1, 0, 1)]
    current = max(s for s in starts if s <= today)
    in_it = (today - current).days < length
    if re.search(rf"\b(?:{LAST})\b", text, re.I):  # the last one that is over (or under way, for "since last ...")
        return max(s for s in starts if s < (current if in_it else today + timedelta(days=1)))
    if re.search(rf"\b(?:{NEXT})\b", text, re.I):
        return min(s for s in starts if s > today)
    if re.search(rf"\b(?:{THIS})\b", text, re.I):
        return date(today.year, month_no, 1) if month_no != 12 or today.month == 12 else date(today.year - 1, 12, 1)
    return _pick(starts, today, lean)


def resolve_when(value: object, today: datetime, role: str = "valid_from") -> datetime | None:
    """A stated valid time as a datetime (midnight, in `today`'s time zone), or None when it cannot be read.

    `value` is what the model answered for the fact: the user's words ("since last spring") or a date
    ("2025-03-01"); `role` ("valid_from" or "valid_to") says which bound it is, for a month or season given
    without a year (a start lies behind, an end ahead)."""
    if role not in ("valid_from", "valid_to"):
        raise ValueError(f"role is 'valid_from' or 'valid_to', got {role!r}")
    if not isinstance(today, datetime) or today.tzinfo is None:
        raise ValueError(f"today must be a timezone-aware datetime (the course clock's now()), got {today!r}")
    if value is None or not isinstance(value, str) or not value.strip():
        return None
    text, tz, day = value.strip(), today.tzinfo, today.date()
    iso = re.search(r"\b(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\b", text)
    if iso:
        try:
            return _midnight(date(int(iso.group(1)), int(iso.group(2)), int(iso.group(3) or 1)), tz)
        except ValueError:
            return None
    lean = "future" if role == "valid_to" or re.match(rf"(?:{TO_WORDS})\b", text, re.I) else \
        "past" if re.match(r"(?:ever since|since|seit|depuis|desde|dal|dalla|dall'|dai)\b", text, re.I) else "nearest"
    span = re.search(rf"({NUMBER})\s+({UNIT})", text, re.I)
    if span and (re.search(rf"\b(?:ago|fa|vor|il y a|hace|há|ha)\b|^(?:for|seit|depuis|desde|da)\b", text, re.I)):
        n = _number(span.group(1))
        return None if n is None else _midnight(_back(day, n, span.group(2)), tz)
    year = re.search(r"\b((?:19|20)\d{2})\b", text)
    season = next((m for m, words in SEASONS.items() if re.search(rf"\b(?:{words})\b", text, re.I)), None)
    month = next((i + 1 for i, words in enumerate(MONTH_NAMES.values()) if re.search(rf"\b(?:{words})\b", text, re.I)), None)
    if month and season is None:
        start = date(int(year.group(1)), month, 1) if year else _yearly(month, day, text, lean, 31)
        on = re.search(rf"\b(\d{{1,2}})(?:st|nd|rd|th|\.|er|º)?\s+(?:of\s+|de\s+|di\s+)?(?:{MONTH_NAMES[list(MONTHS)[month - 1]]})\b"
                       rf"|\b(?:{MONTH_NAMES[list(MONTHS)[month - 1]]})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", text, re.I)
        n = int(on.group(1) or on.group(2)) if on else 1
        if re.search(_END_OF, text, re.I):  # "until the end of May": the first day after May
            return _midnight(date(start.year + start.month // 12, start.month % 12 + 1, 1), tz)
        try:
            return _midnight(start.replace(day=n), tz)
        except ValueError:
            return None
    if season:
        if year:
            return _midnight(date(int(year.group(1)), season, 1), tz)
        return _midnight(_yearly(season, day, text, lean, 91), tz)
    if year:
        return _midnight(date(int(year.group(1)), 1, 1), tz)
    shift = -1 if re.search(rf"\b(?:{LAST})\b", text, re.I) else 1 if re.search(rf"\b(?:{NEXT})\b", text, re.I) else 0
    if re.search(rf"\b(?:{YEAR_WORD})\b", text, re.I) and (shift or re.search(rf"\b(?:{THIS})\b", text, re.I)):
        return _midnight(date(day.year + shift, 1, 1), tz)
    if re.search(rf"\b(?:{MONTH_WORD})\b", text, re.I) and (shift or re.search(rf"\b(?:{THIS})\b", text, re.I)):
        m = day.month - 1 + shift
        return _midnight(date(day.year + m // 12, m % 12 + 1, 1), tz)
    return None

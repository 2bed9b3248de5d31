"""When an event is: day, date and clock time as learners type them in the six languages, for lang/events.py.

    read_when("El jueves a las cinco y media")  -> When(weekday=3, hour=5, minute=30, unclear=True)
    read_when("mardi 17 à 10h30")               -> When(weekday=1, ordinal=17, hour=10, minute=30)
    read_when("um halb zehn, nicht halb neun")  -> When(hour=9, minute=30, unclear=True)   # what is denied is dropped

Weekdays, relative days and clock times come from course_lib/model/when.py, dates from dates.py (both read-only
here); this module adds what an event needs and they do not read: the day of the month after a weekday ("jeudi 9",
"sabato 14", "Samstag, den 12."), "next" ("mardi prochain", "el próximo martes"), periods ("next week", "le mois
prochain", "in March", "tra due settimane"), and the words a correction denies ("not 8", "nicht halb neun", "no es
el lunes"). A clock time said without am/pm or a part of the day stays `unclear`: lang/events.py decides it
(`settle_hour`), by the old time when one is being corrected, else by the daytime rule written there.
The vocabulary (periods, "next" words, month prepositions) is data: course_lib/data/events.json.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from course_lib.model import rx
from course_lib.model.amounts import NUMBER, number
from course_lib.model.dates import DATE, MONTH, MONTHS, find_date, month
from course_lib.model.when import DAY_PATTERN, DAY_WORDS, PT_SHORT, PT_SHORT_DAYS, RELATIVE_DAYS, WEEKDAYS, clock_time

VOCABULARY = Path(__file__).resolve().parents[3] / "data" / "events.json"
DAY_GROUP = ("weekday", "next", "ordinal", "date", "relative", "period", "until")
UNTIL = r"(?:\s*[-–]\s*|\s*(?:to|till|until|through|and|und|et|y|e|bis(?: zum| zur)?|au|jusqu'au|jusqu'à|a|al|hasta(?: el)?|até(?: ao| à)?|ao|à|fino a|al)\s+)"  # '3 to 6 March', '3-6 March', '14.–28. Juli'
DATE_RANGE = re.compile(rf"\b(?:from\s+(?:the\s+)?|du\s+|vom\s+|del\s+|de\s+|dal\s+|entre\s+(?:el\s+|o\s+)?)?(\d{{1,2}})(?:st|nd|rd|th|\.|º|er)?"
                        rf"{UNTIL}(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th|\.|º)?\s*(?:of\s+|de\s+|di\s+)?({MONTH})\b", re.I)
BARE_RANGE = re.compile(rf"(?:\b(?:from\s+(?:the\s+)?|du\s+|vom\s+|del\s+|de\s+|dal\s+|entre\s+(?:el\s+|o\s+)?)|\bdall['’])(\d{{1,2}})(?:st|nd|rd|th|\.|º|er)?"
                        rf"{UNTIL}(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th|\.|º)?(?![\d:]|\.\d|\s*(?:[:h]\d|h\b|uhr|am\b|pm\b|a\.m|p\.m|heures?|horas?|ore\b|"
                        rf"o'?clock|(?:de la|da|del|di|in the|am) (?:tarde|mañana|noche|manhã|noite|sera|mattina|pomeriggio|morning|evening|afternoon|abend|morgen)))", re.I)
NOT_A_DAY = r"(?!\s*(?:[:h.]\s*\d|am\b|pm\b|a\.m|p\.m|uhr|heures?\b|h\b|horas?\b|ore\b|o'?clock|people|persons|personnes|" \
            r"personas|pessoas|persone|leute|gäste|of us|nights|nächte|nuits|noches|noites|notti|floor|stock|étage|piso|andar|piano|" \
            r"row|time|place|grade|century|birthday|anniversary|round|edition))"
ORDINAL_AFTER_DAY = re.compile(r"^\s*,?\s*(?:the\s+|den\s+|dem\s+|le\s+|el\s+|il\s+|dia\s+)?(\d{1,2})(?:st|nd|rd|th|\.|º|°|er)?(?!\d)"
                               + NOT_A_DAY, re.I)
ORDINAL = re.compile(r"\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b" + NOT_A_DAY + r"|\b(\d{1,2})(?:st|nd|rd|th)\b" + NOT_A_DAY + r"|\b(?:am|den)\s+(\d{1,2})\.(?!\d)|"
                     r"\b(?:le|el|il)\s+(?:día\s+|giorno\s+)?(\d{1,2})(?!\d)" + NOT_A_DAY + r"|\b(?:no\s+)?dia\s+(\d{1,2})\b", re.I)
VALUE = re.compile(r"\d|\bhalb\b|\bhalf\b|\bquarter\b|\bviertel\b|" + DAY_PATTERN.pattern + rf"|\b(?:{NUMBER})\b", re.I)
TIME_SPAN = re.compile(r"(?<![\d.,:])\d{1,2}\s*(?:[:.h]\s*\d{2}|h\b|uhr\b|heures?\b|am\b|pm\b|a\.m\.|p\.m\.|o'?clock)|"
                       r"\b(?:at|um|à|a las|a la|às|alle|ore|around|gegen|vers)\s+\d{1,2}(?:\s*[:.h]\s*\d{2})?(?:\s*(?:am|pm|uhr|h)\b)?", re.I)
TIME_PREPOSITION = re.compile(r"(?:\b(?:at|um|à|a las|às|alle|ore|gegen|vers|around|by)\s*)$", re.I)
BARE_A = re.compile(r"\b(?:a|as)\b(?!\s+(?:las?|l['’])\b)", re.I)  # an article ('a 2 hour call', 'vou a uma festa'), not 'at'
MONEY = re.compile(r"(?:[€$£]\s*)?\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d+)?|(?:[€$£]\s*)\d+(?:[.,]\d+)?|"
                   r"\d+(?:[.,]\d+)?\s*(?:€|\$|£|eur\w*|usd|dollars?|pounds?|quid|chf|francs?|reais|bucks)", re.I)
PT_DAY = re.compile(r"(?<![\w-])(?<!\b[aA] )(segunda|terça|terca|quarta|quinta|sexta)(?=\s+(?:que|q) vem\b|\s+(?:à|às|as|de manhã|à tarde|à noite)\b|"
                    r"\s+(?:tenho|temos|tem|há|vou|vamos|estou|trabalho|viajo|viajamos|parto|saio|volto|chego)\b|"
                    r"\s*[,.!]|\s*$)", re.I)  # 'Sexta que vem', 'quinta às 15h': when.py reads them only after 'na'
DURATION = re.compile(r"\b\d{1,2}\s*(?:hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|stunden|minuten|tagen?|wochen|"
                      r"minutos|días|dias|semanas|minuti|giorni|settimane|jours|semaines)\b|"
                      r"(?<!\blas )(?<!\bàs )(?<!\bas )(?<!\bà )(?<!\balle )\b\d{1,2}\s*(?:horas|heures|ore)\b|"  # not 'a las 10 horas'
                      r"\b(?:sub|under|unter|moins de|menos de|abaixo de|sotto(?: le| i)?)\s+\d{1,2}(?:[:h.]\d{2})?|"  # a target: 'sub 4:30'
                      r"\b\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|ml|kg|kilos?|km|lbs?|kcal|cl)\b|"  # a dose or a weight: 'à 10 mg le matin'
                      r"\b(?:an|one|une|eine|una|uma|un['’])\s*(?:hour|heure|stunde|hora|ora)\s+(?:of|de|d['’]|di|mit)\b", re.I)  # 'une heure de train'
ARTICLE_AFTER = re.compile(r"(?<=\d)\s+(?:ein|eine|einen|einem|einer|un|une|uno|una|um|uma)\s+(?=[^\W\d]{3,})", re.I)
UNCLEAR = re.compile(r"^(\d{1,2})(?::(\d{2}))? in the morning or in the evening$")


@dataclass(frozen=True)
class When:
    """The when of an event; the day group (weekday … period) and the time are corrected apart."""

    weekday: int | None = None
    next: bool = False
    ordinal: int | None = None
    date: str | None = None  # '15 September'
    relative: str | None = None  # 'tomorrow', 'tonight'
    period: str | None = None  # 'next week', 'in March', 'in 2 weeks'
    until: int | None = None  # the last weekday of 'from Monday to Wednesday'
    hour: int | None = None
    minute: int = 0
    unclear: bool = False  # an hour said without am/pm or a part of the day

    def has_day(self) -> bool:
        """Is any part of the day group said?"""
        return any(getattr(self, k) is not None for k in DAY_GROUP if k != "next")  # Monday is weekday 0

    def said(self) -> bool:
        """Is anything said at all?"""
        return self.has_day() or self.hour is not None

    def over(self, old: "When") -> "When":
        """This when, with what it leaves unsaid taken from `old` (a correction keeps the rest of the event)."""
        day = {k: getattr(self if self.has_day() else old, k) for k in DAY_GROUP}
        if self.ordinal and not self.date and old.date:  # "sorry, the 16th" of "15 May" (or "Sunday the 16th")
            day.update(date=f"{self.ordinal} {old.date.split(' ', 1)[1]}", ordinal=None)
        if self.date and rx.fullmatch(r"\d+ to \d+", self.date) and old.date and old.date[-1].isalpha():  # 'è dal 12 al 26'
            day.update(date=f"{self.date} {old.date.split()[-1]}")
        clock = {k: getattr(self if self.hour is not None else old, k) for k in ("hour", "minute", "unclear")}
        return When(**day, **clock)


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, Any]:
    """course_lib/data/events.json, read once."""
    return json.loads(VOCABULARY.read_text(encoding="utf-8"))


def words_re(words: list[str]) -> str:
    """A list of words and phrases as one alternation, longest first ('x*': a word starting with x)."""
    def one(w: str) -> str:
        body = re.escape(w.strip("*")).replace(r"\ ", r"\s+").replace("'", "['’]")
        return (r"\w*" if w.startswith("*") else "") + body + (r"\w*" if w.endswith("*") else "")
    return "|".join(one(w) for w in sorted(set(words), key=len, reverse=True))


@lru_cache(maxsize=1)
def patterns() -> dict[str, Any]:
    """The compiled period, 'next' and month patterns."""
    v = vocabulary()
    months = [w for names in MONTHS.values() for w in names.split("|") if len(w) > 3 or w in ("mai", "may")]
    return {
        "periods": [(name, re.compile(rf"(?<!\w)(?:{words_re(ws)})(?!\w)", re.I)) for name, ws in v["periods"]],
        "next_before": re.compile(rf"(?<!\w)(?:{words_re(v['next']['before'])})\s*$", re.I),
        "next_after": re.compile(rf"^\s*(?:{words_re(v['next']['after'])})(?!\w)", re.I),
        "month": re.compile(rf"(?<!\w)(?:{words_re(v['month_before'])})\s+({'|'.join(months)})(?!\w)", re.I),
        "in_weeks": re.compile("|".join(f"(?:{p.replace('(N)', f'({NUMBER})')})" for ps in v["in_weeks"].values() for p in ps),
                               re.I),
        "tomorrow": re.compile(rf"(?<!\w)(?:{words_re(v['tomorrow_words'])})(?!\w)", re.I),
        "abbreviated": re.compile(rf"(?:(?<=\bon )|(?<=\bnext )|(?<=\bthis )|(?<=\bby )|(?<=\buntil )|(?<=\bfrom )|(?<=\bto )|"
                                  rf"(?<!^)(?<![.!?] ))\b({'|'.join(v['day_abbreviations'])})\b\.?(?!\w)"),  # 'on Sat'; 'Mon vol' is French
        "tonight": re.compile(rf"(?<!\w)(?:{words_re(v['tonight'])})(?!\w)", re.I),
        "negation": re.compile(rf"(?<!\w)({words_re(v['negations'])})(?!\w)(?!(?<=no)\s+(?:dia|próxim\w*|fim|voo|vôo|comboio|trem|avião|aviao|ônibus|autocarro|barco)\b)"
                               rf"(?!(?<=no)\s+{DAY_PATTERN.pattern})[^,;.!?]*?(?=\s*(?:[,;.!?]|\b(?:but|sondern|mais|pero|mas|ma)\b|$))",
                               re.I),
    }


def undenied(text: str) -> str:
    """`text` without what it denies: 'at 8:30, not 8' -> 'at 8:30, '; 'no es el lunes, es el martes' -> ', es el martes';
    'scrap Saturday' -> ''. ('no' before a weekday or 'dia' is Portuguese 'on the': 'no sábado'.)"""
    def denied(m: re.Match[str]) -> str:
        rest = m.group(0)[len(m.group(1)):]
        first = (rest.split() or [""])[0].lower()
        cue = first in {w for ws in vocabulary()["cues"].values() for w in ws if " " not in w}
        return "" if VALUE.search(rest) and len(rest.split()) <= 4 and not cue else m.group(0)  # not 'non pardon, c'est 14h45'
    return patterns()["negation"].sub(denied, text)


def blank(text: str, start: int, end: int) -> str:
    """`text` with [start, end) replaced by spaces (positions stay where they are)."""
    return text[:start] + " " * (end - start) + text[end:]


def read_day(text: str) -> tuple[dict[str, Any], str]:
    """The day group of `text` and the text with the date and day-of-month blanked (so they are no time or size)."""
    out: dict[str, Any] = {}
    if (r := DATE_RANGE.search(text)) and int(r.group(1)) < int(r.group(2)) <= 31:  # 'du 3 au 10 août'
        out["date"], text = f"{int(r.group(1))} to {int(r.group(2))} {month(r.group(3))}", blank(text, r.start(), r.end())
    for m in DATE.finditer(text if "date" not in out else ""):
        numeric = m.group(6) is not None
        if numeric and (TIME_PREPOSITION.search(text[:m.start()]) or rx.match(r"\s*(?:uhr|h\b|am\b|pm\b|€|eur)", text[m.end():], re.I)):
            continue  # 'um 9.30' is a time, not 9 March
        if (said := find_date(m.group(0))):
            out["date"], text = said, blank(text, m.start(), m.end())
            break
    if "date" not in out and (r := BARE_RANGE.search(text)) and int(r.group(1)) < int(r.group(2)) <= 31:
        named = (read_period(text) or "")[3:] if rx.fullmatch(r"in [A-Z][a-z]+", read_period(text) or "") else ""
        out["date"] = f"{int(r.group(1))} to {int(r.group(2))} {named}".strip()  # 'a luglio … dall'11 al 25'
        text = blank(text, r.start(), r.end())  # a range with no month takes the corrected one's (When.over)
    days = [(m.start(), m.end(), DAY_WORDS[m.group(1).lower()]) for m in DAY_PATTERN.finditer(text)]
    days += [(m.start(m.lastindex), m.end(), PT_SHORT_DAYS[m.group(m.lastindex).lower()])  # either alternative's day
             for m in PT_SHORT.finditer(text)]
    days += [(m.start(1), m.end(), PT_SHORT_DAYS[m.group(1).lower().replace("terca", "terça")]) for m in PT_DAY.finditer(text)]
    days += [(m.start(1), m.end(), vocabulary()["day_abbreviations"][m.group(1)]) for m in patterns()["abbreviated"].finditer(text)]
    if days:
        start, end, out["weekday"] = min(days)
        p = patterns()
        out["next"] = bool(p["next_before"].search(text[max(0, start - 16):start]) or p["next_after"].search(text[end:]))
        if (u := rx.match(UNTIL + DAY_PATTERN.pattern, text[end:], re.I)):  # 'from Monday to Wednesday'
            out["until"] = DAY_WORDS[u.group(1).lower()]
        if (o := ORDINAL_AFTER_DAY.match(text[end:])) and 1 <= int(o.group(1)) <= 31 and "date" not in out:
            out["ordinal"], text = int(o.group(1)), blank(text, end + o.start(1), end + o.end())
    if "ordinal" not in out and "date" not in out and (o := ORDINAL.search(text)):
        n = int(next(g for g in o.groups() if g))
        if 1 <= n <= 31 and not TIME_PREPOSITION.search(text[:o.start()]):
            out["ordinal"], text = n, blank(text, o.start(), o.end())
    low = patterns()["tomorrow"].sub("tomorrow", text.lower())  # 'tmrw'
    for offset, words in RELATIVE_DAYS:
        if rx.search(rf"(?<!\w)(?:{words})(?!\w)", low):
            out["relative"] = {2: "the day after tomorrow", 1: "tomorrow"}.get(offset) or \
                ("tonight" if patterns()["tonight"].search(text) else "today")
            break
    out["period"] = read_period(text) if "date" not in out else None
    return out, text


def read_period(text: str) -> str | None:
    """'next week', 'this weekend', 'in March', 'in 2 weeks' … or None."""
    p = patterns()
    for name, pattern in p["periods"]:
        if pattern.search(text):
            return name
    if (m := p["in_weeks"].search(text)):
        n, unit = [g for g in m.groups() if g][:2]
        count = number(n) if not n.isdigit() else int(n)
        week = rx.match(r"(?:week|woche|semaine|semana|settiman)", unit, re.I)
        return f"in {count} {'week' if week else 'day'}{'s' if count != 1 else ''}" if count else None
    if (m := p["month"].search(text)):
        return f"in {next(name for name, words in MONTHS.items() if rx.fullmatch(words, m.group(1), re.I))}"
    return None


def read_time(text: str) -> dict[str, Any]:
    """hour, minute and unclear of the clock time in `text` (nothing when it gives none)."""
    said = DURATION.sub(" ", MONEY.sub(" ", BARE_A.sub("~", text)))  # '2,500 EUR' and 'by 3 hours' are no time
    said = ARTICLE_AFTER.sub(" ~ ", said)  # 'um 10 ein Vorstellungsgespräch' is at 10, not 10:01
    r = clock_time(said.replace("all’", "all'"))
    if r.value:
        h, m = r.value.split(":")
        return {"hour": int(h), "minute": int(m), "unclear": False}
    if r.unclear and (u := UNCLEAR.match(r.unclear)):
        return {"hour": int(u.group(1)), "minute": int(u.group(2) or 0), "unclear": True}
    return {}


def read_when(text: str) -> tuple[When, str]:
    """The When of `text` (denied values left out) and the text with its date, day and time blanked (for the party
    size and the place)."""
    text = undenied(text)
    day, rest = read_day(text)
    when = When(**{k: v for k, v in day.items() if v is not None}, **read_time(rest))
    return when, TIME_SPAN.sub(lambda m: " " * len(m.group(0)), rest)


def settle_hour(when: When, evening: bool, old: When | None = None) -> When:
    """An unclear hour made definite: nearest to the corrected event's time when there is one and the correction
    keeps its day ('no wait, at four' after 15:00 is 16:00; 'moved to Friday at 9' is a new day's hour), else an evening event's hour is p.m. (a dinner 'at 8' is 20:00), else the daytime rule:
    1 to 6 is p.m. and 7 to 11 a.m. (nobody's dentist is at 3 a.m.). 12 is noon. A said hour is never changed."""
    if when.hour is None or not when.unclear:
        return when
    h = when.hour % 12
    if old is not None and old.hour is not None and not when.has_day():
        hour = min((h, h + 12), key=lambda c: (abs(c * 60 + when.minute - old.hour * 60 - old.minute), c < 7))
    elif when.hour == 12:
        hour = 12
    elif evening:
        hour = h + 12
    else:
        hour = h + 12 if 1 <= h <= 6 else h
    return replace(when, hour=hour, unclear=False)


def day_text(w: When) -> str:
    """The day group in English: 'on Thursday the 9th', 'next Tuesday', 'on 15 September', 'tomorrow', 'in March'."""
    parts = []
    if w.relative:
        parts.append(w.relative)
    if w.date:
        on = "from" if " to " in w.date else "on"
        parts.append(f"{on} {WEEKDAYS[w.weekday]}, {w.date}" if w.weekday is not None else f"{on} {w.date}")
    elif w.weekday is not None and w.until is not None:
        parts.append(f"from {WEEKDAYS[w.weekday]} to {WEEKDAYS[w.until]}")
    elif w.weekday is not None:
        parts.append(("next " if w.next else "on ") + WEEKDAYS[w.weekday] + (f" the {ordinal(w.ordinal)}" if w.ordinal else ""))
    elif w.ordinal:
        parts.append(f"on the {ordinal(w.ordinal)}")
    if w.period:
        parts.append(w.period)
    return " ".join(parts)


def clock_text(w: When) -> str:
    """'9:30' (24-hour clock, no leading zero), or '' when no time was said."""
    return f"{w.hour}:{w.minute:02d}" if w.hour is not None else ""


def ordinal(n: int) -> str:
    """1 -> '1st', 22 -> '22nd', 13 -> '13th'."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def summary(w: When) -> str:
    """The when's anchors for a fact's value: 'next Tuesday 14:30', 'Thursday 9 14:15', '15 September'."""
    day = ("next " if w.next else "") + WEEKDAYS[w.weekday] if w.weekday is not None else ""
    day += f" to {WEEKDAYS[w.until]}" if w.until is not None and w.weekday is not None else ""
    bits = [w.relative or "", day, str(w.ordinal or ""), w.date or "", w.period or "", clock_text(w)]
    return " ".join(b for b in bits if b)


"""Days and clock times in a request, in English, German, French, Spanish, Portuguese and Italian.

    clock_time("Saturday at 8pm")          == Reading("20:00")
    clock_time("um halb acht abends")      == Reading("19:30")     # German "halb acht" is 7:30
    clock_time("a las 8 de la tarde")      == Reading("20:00")
    clock_time("at half ten tonight")      == Reading("22:30")     # British "half ten" is half past ten
    clock_time("at 8")                     == Reading(None, "8 in the morning or in the evening")
    day_of("tomorrow", date(2026, 3, 2))   == Reading("Tuesday")   # relative days count from `today`

A Reading is a value, or a reason it is unclear (the agent then asks), or neither (not given). The rules:

* 24-hour times ("20:00", "19.30", "20h", "20h30", "um 20 Uhr", "alle 20") are taken as written;
* 12-hour times need "am" / "pm", or a part of the day said in the request ("evening", "tonight", "dinner",
  "abends", "soir", "de la tarde", "da noite", "di sera" …; "afternoon / nachmittags / après-midi / pomeriggio"
  for 1 to 7); an hour from 1 to 11 without either is
  ambiguous, so "at 8" is asked about, never guessed; 12 is noon;
* word times: "half past seven", "at half seven" (British), "quarter to eight", "seven thirty", "halb acht", "Viertel nach acht",
  "huit heures et demie", "las ocho y media", "oito e meia", "le otto e mezza", "noon", "midnight", "midi et demi",
  "meio-dia e um quarto", "quarter to midnight" (noon and midnight are read last: "mittags um 13 Uhr" is 13:00);
* days: weekday names (also "next Friday", "Saturday evening"), today / tonight / tomorrow / the day after
  tomorrow in the six languages; "this weekend" is ambiguous; two different days are ambiguous.

Not covered: calendar dates ("14 March"), time zones, durations, ranges ("between 7 and 8").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from course_lib.model.amounts import GERMAN_AM, NUMBER_WORD, SMALL_NUMBER, number

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DAY_WORDS = {  # weekday names in the six languages -> index (Monday = 0)
    "monday": 0, "montag": 0, "lundi": 0, "lunes": 0, "segunda-feira": 0, "lunedì": 0, "lunedi": 0,
    "tuesday": 1, "dienstag": 1, "mardi": 1, "martes": 1, "terça-feira": 1, "terça": 1, "martedì": 1, "martedi": 1,
    "wednesday": 2, "mittwoch": 2, "mercredi": 2, "miércoles": 2, "miercoles": 2, "quarta-feira": 2,
    "mercoledì": 2, "mercoledi": 2,
    "thursday": 3, "donnerstag": 3, "jeudi": 3, "jueves": 3, "quinta-feira": 3, "giovedì": 3, "giovedi": 3,
    "friday": 4, "freitag": 4, "vendredi": 4, "viernes": 4, "sexta-feira": 4, "venerdì": 4, "venerdi": 4,
    "mon.": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5,  # not "mon", "sun"
    "saturday": 5, "samstag": 5, "sonnabend": 5, "samedi": 5, "sábado": 5, "sabado": 5, "sabato": 5,
    "sunday": 6, "sonntag": 6, "dimanche": 6, "domingo": 6, "domenica": 6,
}
RELATIVE_DAYS = (  # checked in this order: "übermorgen" before "morgen", "pasado mañana" before "mañana"
    (2, r"day after tomorrow|übermorgen|après-demain|apres-demain|pasado mañana|depois de amanhã|dopodomani"),
    (1, r"tomorrow|tmrw|tmr|2morrow|(?<!am )(?<!guten )(?<!heute )(?<!jeden )morgen|demain|(?<!la )mañana|amanhã|domani"),
    (0, r"today|tonight|this evening|heute|aujourd'hui|ce soir|hoy|esta noche|hoje|esta noite|oggi|stasera"),
)
WEEKEND = re.compile(r"\b(?:this |next |the )?week-?end\b|wochenende|fin de semana|fim de semana|fine settimana", re.I)

# "am" counts only after an hour ("8am", "8 am", "eight am") or with dots: German "am Samstag", "Fischerhütte am
# Kanal" is not the morning
_AFTER_HOUR = "|".join(f"(?<={w} )" for w in ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                                  "ten", "eleven", "twelve", "o'clock"))
EVENING = re.compile(r"(?:(?<=\d)\s?|\b)(?:p\.?m\.?|\w+(?:tag|woch)abends?|evening|tonight|night|dinner|supper|abends?|nachts|abendessen|soir|soirée|"
                     r"dîner|diner|tarde|noche|cena|noite|jantar|sera|stasera)\b", re.I)
MORNING = re.compile(rf"(?:(?<=\d)\s?|\b)(?:(?:(?<=\d)|(?<=\d )|{_AFTER_HOUR})a\.?m\.?(?!(?<=am)\s+{GERMAN_AM})|a\.m\.|morning|breakfast|"
                     r"morgens|vormittags|\w+(?:tag|woch)(?:morgen|vormittag)s?|früh|am morgen|matin|de la mañana|por la mañana|da manhã|de manhã|pela manhã|mattina|di mattina|colazione)\b", re.I)
AFTERNOON = re.compile(r"\b(?:afternoon|\w*nachmittags?|après-midi|apres-midi|pomeriggio)\b", re.I)  # 1 to 7 is p.m.
MIDDAY = re.compile(r"\b(?:lunch|mittag\w*|déjeuner|almuerzo|comida|almoço|pranzo)\b", re.I)

AT = r"(?:at|around|about|by|um|gegen|ab|à|a|vers|a las|a la|sobre|às|as|por volta das|alle|all'|verso le|ore)"
HOUR_WORD = SMALL_NUMBER
HALF = r"(?:y media|e meia|e mezza|e mezzo|et demie|et demi|y cuarto|e um quarto|e quarto|e un quarto|et quart|menos cuarto|menos um quarto|meno un quarto|moins le quart)"
HALF_MINUTES = {"y media": 30, "e meia": 30, "e mezza": 30, "e mezzo": 30, "et demie": 30, "et demi": 30, "y cuarto": 15,
                "e quarto": 15, "e um quarto": 15, "e un quarto": 15, "et quart": 15, "menos cuarto": -15, "menos um quarto": -15,
                "meno un quarto": -15, "moins le quart": -15}
NOT_A_TIME = r"(?!\s*(?:people|persons?|guests|personen|personnes|personas|pessoas|persone|€|eur|euros?|%|km|"\
             r"minutes?|min\b|days?|nights?|tage|jours|días|dias|giorni|weeks?|wochen|semaines?|semanas?|settimane))"

PATTERNS = (  # (regex, kind); the first that matches wins, so the most explicit forms come first
    (re.compile(r"(?<![\d.,:])([01]?\d|2[0-3])\s*(?::|\.|h)\s*([0-5]\d)(?![\d:]|[.,]\d)\s*(a\.?m\.?|p\.?m\.?)?"
                r"(?!\s*(?:€|eur|euros?)\b)", re.I), "hh:mm"),
    (re.compile(r"(?<![\d.,:])(1[0-2]|0?[1-9])\s*(a\.?m\.?|p\.?m\.?)(?!\w)(?!(?<=am)\s+" + GERMAN_AM + ")", re.I),
     "h am/pm"),  # "für 2 am Freitag": German "am", no 2 a.m.
    (re.compile(rf"(?<!from )(?<!between )(?<!von )(?<!zwischen )\b({NUMBER_WORD}|\d{{1,2}}(?=\s*min))(\s*min(?:ute)?s?)?\s+"
                rf"(past|to|nach|vor)\s+(halb\s+)?({HOUR_WORD})\b" + NOT_A_TIME, re.I), "minutes past"),
    (re.compile(rf"\bhalf past ({HOUR_WORD}|noon|midnight)\b|\bquarter (past|to) ({HOUR_WORD}|noon|midnight)\b", re.I),
     "english words"),
    (re.compile(rf"\b(?:at|about|around|by|from|till|until|for)\s+half\s+({HOUR_WORD})\b(?!\s*(?:hours?|minutes?|days?|weeks?|an?\b))", re.I),
     "british half"),  # 'at half ten' is 10:30 (half past ten)
    (re.compile(rf"\b(halb|viertel nach|viertel vor|dreiviertel)\s+({HOUR_WORD})\b", re.I), "german words"),
    (re.compile(rf"(?<![\d:.])({HOUR_WORD})\s*(?:uhr|heures?|h(?![a-z])|o'?clock|horas?\b|ore\b)\s*(\d\d)?", re.I),
     "h unit"),
    (re.compile(rf"\b(?:{AT})\s+(?:las |la |le |l')?({HOUR_WORD})\s+{HALF}\b", re.I), "h and a half"),
    (re.compile(rf"\b(?:{AT})\s+({HOUR_WORD})[ -](thirty|fifteen|forty-five|dreißig)\b", re.I), "h thirty"),
    (re.compile(rf"\b(?:{AT})(?:\s+|(?<=')\s*)(?:las |la |le |l')?({HOUR_WORD})(?![\w:]|\.\d)" + NOT_A_TIME, re.I),
     "at h"),  # 'at 11.' ends a sentence (not '11.5'); "all'una" is 'alle una'
    # noon and midnight come last: "Sonntag mittags um 13 Uhr" is 13:00, and "l'après-midi" is no noon
    (re.compile(r"\b(midnight|mitternacht|minuit|medianoche|meia-noite|mezzanotte)\b", re.I), "midnight"),
    (re.compile(r"(?<!après-)(?<!apres-)\b(noon|midday|mittags|midi|mediodía|meio-dia|mezzogiorno)\b", re.I), "noon"),
)


MINUTES_AFTER = re.compile(r"\s*(?:(?P<join>e|y|et|und)\s+|(?P<minus>menos|meno|moins)\s+(?:le\s+)?)?"
                           rf"(?P<word>{NUMBER_WORD}|\d\d)(?!\w)" + NOT_A_TIME, re.I)


def minutes_after(text: str, end: int) -> int | None:
    """The minutes said in words right after an hour ("alle venti e trenta", "à vingt heures trente", "um zwanzig
    Uhr dreißig", "às oito menos quinze", "alle 20 e 30"): 1-59, negative after "menos / meno / moins", or None.
    A number word counts, digits only as two after "e / y / et / und" (a digit after the hour alone is already read
    as minutes, or is something else: "um 20 Uhr 4 Personen"),
    and not one followed by a count of people."""
    m = MINUTES_AFTER.match(text, end)
    n = number(m.group("word")) if m else None
    if n is None or not 0 < n < 60 or m.group("word").isdigit() and not m.group("join"):
        return None  # two digits count after "e / y / et / und" only: "às 20 e 30", "a las 9 y 45"
    return -n if m.group("minus") else n


@dataclass(frozen=True)
class Reading:
    """What a request says about one argument: the value, or why it is unclear (both None: not given)."""

    value: str | None = None
    unclear: str | None = None


def _hour(word: str) -> int | None:
    n = number(word)
    return n if n is not None and 0 <= n <= 24 else None


def _resolve(hour: int, minute: int, text: str, marker: str | None = None) -> Reading:
    """A 24-hour time from an hour that may be on a 12-hour clock, using am/pm or the part of the day."""
    if hour == 24:
        hour = 0
    label = f"{hour}" + (f":{minute:02d}" if minute else "")
    if marker:
        pm = marker.lower().startswith("p")
        if hour > 12:
            return Reading(unclear=f"{label} {marker} is not a time on a 12-hour clock")
        hour = (hour % 12) + (12 if pm else 0)
    elif 1 <= hour <= 11:
        evening, morning = EVENING.search(text), MORNING.search(text)
        if evening and not morning:
            hour += 12
        elif MIDDAY.search(text) and hour <= 4 and not morning:
            hour += 12
        elif AFTERNOON.search(text) and hour <= 7 and not morning:  # "samedi après-midi vers 3 heures"
            hour += 12
        elif not morning or evening:
            return Reading(unclear=f"{label} in the morning or in the evening")
    return Reading(f"{hour:02d}:{minute:02d}")


def _past(hour: int, text: str, end: int, minute: int | None = None) -> Reading:
    """Noon (12) or midnight (0) and the minutes said after it ("midi et demi", "meio-dia e um quarto",
    "mezzanotte meno un quarto", "noon thirty"), or `minute` when the words before it gave them."""
    if minute is None:
        half = re.match(rf"\s*({HALF})\b", text[end:], re.I)
        minute = HALF_MINUTES[half.group(1).lower()] if half else (minutes_after(text, end) or 0)
    total = (hour * 60 + minute) % (24 * 60)
    return Reading(f"{total // 60:02d}:{total % 60:02d}")


def clock_time(text: str) -> Reading:
    """The clock time a request asks for, as "HH:MM" on a 24-hour clock (or why it is unclear)."""
    for pattern, kind in PATTERNS:
        m = pattern.search(text)
        if not m:
            continue
        if kind == "hh:mm":
            hour, minute = int(m.group(1)), int(m.group(2))
            if m.group(3) or hour < 10 and not m.group(1).startswith("0"):
                return _resolve(hour, minute, text, m.group(3))
            return Reading(f"{hour:02d}:{minute:02d}")  # "20:00", "08:30", "19.30": a 24-hour clock
        if kind == "h am/pm":
            return _resolve(int(m.group(1)), 0, text, m.group(2))
        if kind in ("midnight", "noon"):  # "midi et demi", "mezzogiorno e un quarto", "minuit moins le quart"
            return _past(0 if kind == "midnight" else 12, text, m.end())
        if kind == "minutes past":  # "ten past eight", "twenty to nine", "zwanzig nach sieben", "fünf vor halb acht"
            n, cue, hour = number(m.group(1)), m.group(3).lower(), _hour(m.group(5))
            if n is None or hour is None or not (n in (5, 10, 20, 25) or m.group(2) and 0 < n < 30):
                continue  # "for two to three" is no time; "five past", "20 minutes to" are
            minute = (n if cue in ("past", "nach") else -n) + (-30 if m.group(4) else 0)
            hour, minute = (hour - 1, 60 + minute) if minute < 0 else (hour, minute)
            if hour == 0:
                hour = 12
            return _resolve(hour, minute, text)
        if kind == "english words":
            word = m.group(1) or m.group(3)
            if word.lower() in ("noon", "midnight"):  # "half past noon", "quarter to midnight"
                minute = 30 if m.group(1) else (-15 if m.group(2).lower() == "to" else 15)
                return _past(0 if word.lower() == "midnight" else 12, text, m.end(), minute)
            if m.group(1):
                hour, minute = _hour(m.group(1)), 30
            else:
                hour, minute = _hour(m.group(3)), 15
                if m.group(2).lower() == "to" and hour is not None:
                    hour, minute = hour - 1, 45
        elif kind == "british half":
            hour, minute = _hour(m.group(1)), 30
        elif kind == "german words":
            cue, hour = m.group(1).lower(), _hour(m.group(2))
            if hour is None:
                continue
            hour, minute = {"halb": (hour - 1, 30), "viertel nach": (hour, 15), "viertel vor": (hour - 1, 45),
                            "dreiviertel": (hour - 1, 45)}[cue]
        elif kind == "h unit":
            hour, minute = _hour(m.group(1)), int(m.group(2) or 0)
            half = re.match(rf"\s*({HALF})\b", text[m.end():], re.I)
            if half and hour is not None and not m.group(2):
                minute = HALF_MINUTES[half.group(1).lower()]
            elif hour is not None and not m.group(2):
                minute = minutes_after(text, m.end()) or 0
            if hour is not None and minute < 0:
                hour, minute = hour - 1, 60 + minute
            if hour is not None and hour > 12:
                return Reading(f"{hour:02d}:{minute:02d}")
        elif kind == "h and a half":
            hour, half = _hour(m.group(1)), re.search(HALF, m.group(0), re.I).group(0).lower()
            minute = HALF_MINUTES[half]
            if hour is not None and minute < 0:
                hour, minute = hour - 1, 60 + minute
        elif kind == "h thirty":
            hour, minute = _hour(m.group(1)), {"thirty": 30, "dreißig": 30, "fifteen": 15, "forty-five": 45}[
                m.group(2).lower()]
        else:  # "at h", and minutes in words after it ("alle venti e trenta", "às oito e quinze")
            hour, minute = _hour(m.group(1)), minutes_after(text, m.end()) or 0
            if hour is not None and minute < 0:
                hour, minute = hour - 1, 60 + minute
            if hour is not None and hour > 12:
                return Reading(f"{hour:02d}:{minute:02d}")
        if hour is None:
            continue
        if hour == 0 and kind != "h unit":
            hour = 12
        return _resolve(hour, minute, text)
    return Reading()


DAY_PATTERN = re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, DAY_WORDS), key=len, reverse=True))
                         + r")(?:s|abend|nachmittag|mittag|morgen)?(?!\w)", re.I)
PT_SHORT = re.compile(r"\b(?:na|no|à|nesta|neste|próxima|proxima|para|até|ate)\s+(?:a\s+)?(segunda|terça|quarta|quinta|sexta)\b"
                      r"(?!\s+(?:pessoa|vez|parte|feira|da|do|dos|das)\b)|"  # 'para a segunda pessoa' is no Monday
                      r"\b(segunda|terça|quarta|quinta|sexta)(?=,?\s+(?:à noite|à tarde|de manhã|ao almoço|ao jantar|"
                      r"às\s+\d|às\s+\w+\s+(?:da|e)\b|ao meio-dia))", re.I)  # 'sexta às 20h', 'quinta à noite'

PT_SHORT_DAYS = {"segunda": 0, "terça": 1, "quarta": 2, "quinta": 3, "sexta": 4}


def day_of(text: str, today: date) -> Reading:
    """The day a request asks for, as an English weekday name (or why it is unclear)."""
    days: list[int] = [DAY_WORDS[m.group(1).lower()] for m in DAY_PATTERN.finditer(text)]
    days += [PT_SHORT_DAYS[(m.group(1) or m.group(2)).lower()] for m in PT_SHORT.finditer(text)]
    low = text.lower()
    for offset, words in RELATIVE_DAYS:
        m = re.search(rf"(?<!\w)(?:{words})(?!\w)", low)
        if m:
            days.append((today + timedelta(days=offset)).weekday())
            low = low[:m.start()] + low[m.end():]
    distinct = sorted(set(days))
    if len(distinct) > 1:
        return Reading(unclear=" or ".join(WEEKDAYS[d] for d in distinct))
    if distinct:
        return Reading(WEEKDAYS[distinct[0]])
    if WEEKEND.search(text):
        return Reading(unclear="Saturday or Sunday")
    return Reading()


TODAY_IS = re.compile(r"\b(?:today is|current date:?|date:)\s*(\d{4})-(\d{2})-(\d{2})", re.I)
LEARNED_AGO = re.compile(r"(?:learned|confirmed) (\d{4})-(\d{2})-(\d{2}), (today|(\d+) days? ago)\)")


def today_in(text: str, default: date) -> date:
    """Today's date as the prompt states it ("Today is 2026-03-05", or a recalled fact's date and age)."""
    m = TODAY_IS.search(text)
    if m:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    ages = [date(int(a.group(1)), int(a.group(2)), int(a.group(3))) + timedelta(days=int(a.group(5) or 0))
            for a in LEARNED_AGO.finditer(text)]
    return max(ages) if ages else default

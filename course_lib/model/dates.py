"""Calendar dates in the six languages, read into one form: '3 July'. Month names only; no calendar arithmetic."""
from __future__ import annotations

import re

from course_lib.model import rx

MONTHS = {
    "January": "january|jan|januar|jänner|janvier|enero|janeiro|gennaio",
    "February": "february|feb|februar|février|fevrier|febrero|fevereiro|febbraio",
    "March": "march|mar|märz|maerz|mars|marzo|março|marco",
    "April": "april|apr|avril|abril|aprile",
    "May": "may|mai|mayo|maio|maggio",
    "June": "june|jun|juni|juin|junio|junho|giugno",
    "July": "july|jul|juli|juillet|julio|julho|luglio",
    "August": "august|aug|août|aout|agosto",
    "September": "september|sept|sep|septembre|septiembre|setembro|settembre",
    "October": "october|oct|oktober|octobre|octubre|outubro|ottobre",
    "November": "november|nov|novembre|noviembre|novembro",
    "December": "december|dec|dezember|décembre|decembre|diciembre|dezembro|dicembre",
}
MONTH = "|".join(MONTHS.values())
DAY = r"(\d{1,2})(?:st|nd|rd|th|\.|º|er)?"
DATE = re.compile(rf"\b{DAY}\s*(?:of\s+|de\s+|di\s+)?({MONTH})\b(?:,?\s+(?:de\s+)?((?:19|20)\d\d)\b)?|\b({MONTH})\s+{DAY}\b|\b(\d{{1,2}})[./](\d{{1,2}})(?:[./]\d{{2,4}})?\b", re.I)


def month(word: str) -> str:
    """'juillet' -> 'July'."""
    return next(m for m, words in MONTHS.items() if rx.fullmatch(words, word, re.I))


def find_date(text: str, lang: str = "en") -> str | None:
    """The first date in `text` as '3 July'; numeric dates read day first (month first only in English 'MM/DD'
    when the first number cannot be a month)."""
    m = DATE.search(text)
    if not m:
        return None
    if m.group(1):  # a year said with the date is kept: '3 March 1994'
        return f"{int(m.group(1))} {month(m.group(2))}" + (f" {m.group(3)}" if m.group(3) else "")
    if m.group(4):
        return f"{int(m.group(5))} {month(m.group(4))}"
    a, b = int(m.group(6)), int(m.group(7))
    day, mon = (a, b) if b <= 12 else (b, a)
    if not (1 <= mon <= 12 and 1 <= day <= 31):
        return None
    return f"{day} {list(MONTHS)[mon - 1]}"

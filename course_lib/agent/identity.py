"""The identity of a side effect: when two calls are "the same booking", a design choice made explicit.

An exact key (`ledger.idempotency_key` on the raw arguments) books twice for a reworded duplicate
("linse & lauch", "friday 7pm") and refuses next week's legitimate repeat ("Friday 19:00" again, seven days
later). The ledger therefore keys a side effect on its arguments *normalised* by kind (`KINDS`):

* ``name``  (a restaurant):  Unicode NFKD, accents dropped, case folded, spaces collapsed, end punctuation stripped;
* ``when``  (day and time):  the day resolved to an ISO date counted from the day of the call (a weekday, or
  "Fri", is its next occurrence, today included; "tomorrow", "heute" and co. as in the offline model's
  `when.py`; an ISO date or "13 March" as written), the time to HH:MM ("7pm", "19.00", "halb acht abends"); a
  part that cannot be resolved keeps the folded text, so it only matches the same words ("Friday at 8": 8 in
  the morning or in the evening?);
* ``count`` (a party size): an int ("2", "two", 2.0 → 2).

Two identities are the *same* call when every normalised argument and the request id are equal; they are
*near* (`near`) when they agree on every name and on the date but differ in something else (3 vs 4 people,
19:00 vs 20:00): that is the case a ledger asks about instead of deciding.
"""
from __future__ import annotations

import re
import unicodedata
from datetime import date, timedelta
from typing import Any

from course_lib.checks import is_number, is_whole
from course_lib.model.amounts import number
from course_lib.model.when import WEEKDAYS, clock_time, day_of

KINDS: dict[str, dict[str, str]] = {"book_table": {"restaurant": "name", "time": "when", "people": "count"}}
ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
SHORT_DAYS = re.compile(r"\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b\.?", re.I)  # English abbreviations
FULL_DAY = {d[:3].lower(): d for d in WEEKDAYS}
MONTHS = {m: i + 1 for i, names in enumerate([
    "january jan januar janvier enero janeiro gennaio", "february feb februar février fevrier febrero fevereiro "
    "febbraio", "march mar märz maerz mars marzo março", "april apr avril abril aprile", "may mai mayo maio maggio",
    "june jun juni juin junio junho giugno", "july jul juli juillet julio julho luglio",
    "august aug août aout agosto", "september sep sept septembre septiembre setembro settembre",
    "october oct oktober octobre octubre outubro ottobre", "november nov novembre noviembre novembro",
    "december dec dezember décembre decembre diciembre dezembro dicembre"]) for m in names.split()}
MONTH = "|".join(sorted(map(re.escape, MONTHS), key=len, reverse=True))
DAY_MONTH = re.compile(rf"\b(\d{{1,2}})\.?\s*(?:de\s+|di\s+)?({MONTH})\b\.?", re.I)
MONTH_DAY = re.compile(rf"\b({MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.I)


def fold_name(text: Any) -> str:
    """A name compared loosely: no accents, case folded, spaces collapsed ("  Grüner  SALON." → "gruner salon")."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split()).strip(" .,;:!?")


def calendar_date(text: str, today: date) -> date | None:
    """An ISO date or a day-and-month ("13 March", "March 13th", "13. März") in `text`; the year is this one,
    or the next if that day has passed."""
    m = ISO_DATE.search(text)
    if m:
        try:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    m = DAY_MONTH.search(text)
    day_month = (int(m.group(1)), MONTHS[m.group(2).lower()]) if m else None
    m = MONTH_DAY.search(text) if day_month is None else None
    day_month = (int(m.group(2)), MONTHS[m.group(1).lower()]) if m else day_month
    if day_month is None:
        return None
    for year in (today.year, today.year + 1):
        try:
            found = date(year, day_month[1], day_month[0])
        except ValueError:
            return None
        if found >= today:
            return found
    return None


def resolve_when(text: Any, today: date) -> dict[str, str]:
    """{"date": ISO date, "time": HH:MM} of a day-and-time text; a part that cannot be resolved is left out and
    the folded text kept under "text", so it matches only the same words."""
    text = str(text)
    out: dict[str, str] = {}
    found = calendar_date(text, today)
    if found is None:
        spelled = SHORT_DAYS.sub(lambda m: FULL_DAY[m.group(1)[:3].lower()], ISO_DATE.sub(" ", text))
        day = day_of(spelled, today).value
        if day is not None:
            found = today + timedelta(days=(WEEKDAYS.index(day) - today.weekday()) % 7)
    if found is not None:
        out["date"] = found.isoformat()
    clock = clock_time(ISO_DATE.sub(" ", text)).value
    if clock is not None:
        out["time"] = clock
    if len(out) < 2:
        out["text"] = fold_name(text)
    return out


def count(value: Any) -> Any:
    """A party size as an int (2, "2", "two", 2.0); anything else unchanged."""
    if is_number(value) and not is_whole(value) and float(value).is_integer():
        return int(value)
    if isinstance(value, str):
        found = number(value.strip().lower())
        return found if found is not None else fold_name(value)
    return value


def identity(tool: str, args: dict[str, Any], today: date, request_id: str | None = None,
             kinds: dict[str, dict[str, str]] = KINDS) -> dict[str, Any]:
    """`args` normalised by the kind of each argument (KINDS[tool]; other strings are name-folded), with the
    request id: the identity a ledger compares."""
    if not isinstance(args, dict):
        raise TypeError(f"args must be the call's arguments as a dict, got {type(args).__name__}")
    spec = kinds.get(tool, {})
    out: dict[str, Any] = {}
    for key, value in args.items():
        kind = spec.get(key, "name" if isinstance(value, str) else "value")
        out[key] = (fold_name(value) if kind == "name" else resolve_when(value, today) if kind == "when"
                    else count(value) if kind == "count" else value)
    if request_id is not None:
        out["request_id"] = str(request_id).strip()
    return out


def near(tool: str, a: dict[str, Any], b: dict[str, Any], kinds: dict[str, dict[str, str]] = KINDS) -> list[str]:
    """The arguments in which two identities of `tool` differ, if they agree on every name and on the date
    (another party size or time on the same day at the same place); [] if they are not near (or the same)."""
    spec = kinds.get(tool, {})
    whens = [k for k, kind in spec.items() if kind == "when"]
    if not whens or any("date" not in (a.get(k) or {}) or (a.get(k) or {}).get("date") != (b.get(k) or {}).get("date")
                        for k in whens):
        return []
    if any(a.get(k) != b.get(k) for k, kind in spec.items() if kind == "name"):
        return []
    differs = [k for k in sorted(set(a) | set(b)) if k != "request_id" and a.get(k) != b.get(k)]
    return differs

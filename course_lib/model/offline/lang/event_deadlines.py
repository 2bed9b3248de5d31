"""Something of the user's that runs out on a date: a lease, a contract, a visa, a passport, an insurance, a licence
(course_lib/data/events.json "deadlines": the things in six languages and the verbs of running out).

    deadline("El contrato se me vence el 30 de septiembre")
        -> ("plan:contract", "contract ends 30 September", "The user's contract expires on 30 September.")
    deadline("mein Visum läuft am 31. März ab")  -> ("plan:visa", "visa ends 31 March", "The user's visa expires on 31 March.")
    deadline("my sister's passport expires in May")   -> None   # someone else's (who.py leaves it out anyway)
    deadline("the offer ends on Friday")             -> None   # no thing of the list

The thing must come before the verb within a few words, and a date or a month must be said ('vence el 31 de
octubre', 'scade il 31 agosto', 'expires in June'); a weekday alone is no deadline. A correction that says the verb and
a new date without the thing ('ah no, me confundí, vence el 31 de octubre') moves the deadline said last.
"""
from __future__ import annotations

import re
from functools import lru_cache

from course_lib.model import rx
from course_lib.model.offline.lang.event_when import read_when, vocabulary, words_re

Found = tuple[str, str, str]
OTHERS = re.compile(r"\b(?:his|her|their|sein\w*|ihr\w*|son|sa|ses|su|sus|seu|sua|dele|dela|suo|sua)\s+$|['’]s\s+$", re.I)


@lru_cache(maxsize=1)
def patterns() -> tuple[dict[str, str], re.Pattern[str], re.Pattern[str]]:
    """(word -> English thing, the things' pattern, the verbs' pattern)."""
    table = vocabulary()["deadlines"]
    names = {w.lower(): english for english, words in table["things"].items() for w in words}
    things = re.compile(rf"(?<![\w-])({words_re(sorted(names, key=len, reverse=True))})(?![\w-])", re.I)
    return names, things, re.compile(rf"(?<![\w-])(?:{words_re(table['verbs'])})(?![\w-])", re.I)


def deadline(s: str, context: list[Found] | None = None) -> Found | None:
    """(plan:<thing>, '<thing> ends <date>', fact) when `s` says a thing of the user's runs out on a date, else None
    (`context`: the facts said before, for a correction of the latest deadline)."""
    names, things, verbs = patterns()
    m, last = things.search(s), (context or [None])[-1]
    if m is None and last and last[2].startswith("The user's ") and " expires " in last[2] and (v := verbs.search(s)):
        thing = last[0].removeprefix("plan:")  # 'vence el 31 de octubre' after 'el contrato se me vence el 30 de septiembre'
    elif not m or OTHERS.search(s[:m.start()]) or not (v := verbs.search(s, m.end())) or len(s[m.end():v.start()].split()) > 4:
        return None
    else:
        thing = names[m.group(1).lower()]
    when, _ = read_when(s[v.start():])
    day = when.date or (when.period if when.period and rx.fullmatch(r"in [A-Z][a-z]+", when.period) else None)
    if not day:
        return None
    thing = "lease" if thing == "contract" and rx.search(r"alquiler|affitto|aluguel|arrendamento|location|miet|rent", s, re.I) else thing
    said = day if day.startswith("in ") else f"on {day}"
    return f"plan:{thing}", f"{thing} ends {day.removeprefix('in ')}", f"The user's {thing} expires {said}."

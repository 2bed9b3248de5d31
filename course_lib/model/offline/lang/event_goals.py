"""A weight the user aims for, and by when: 'I want to lose 8 kg by July', 'bis Juli 8 Kilo runter', 'perdere 8 kg
entro giugno', 'quiero bajar a 80 kilos para diciembre', 'prendre 5 kilos avant l'été' (course_lib/data/events.json
"weight_goals": the verbs, units and 'by' words of six languages).

    weight_goal("tryna cut down to 180 pounds by summer")
        -> ("plan:weight", "reach 180 lbs by summer", "The user plans to get down to 180 lbs by summer.")
    weight_goal("my goal is to lose 8 kg by July")   -> ("plan:weight", "lose 8 kg by July", "The user plans to lose 8 kg by July.")
    weight_goal("I lost 8 kg last year")              -> None    # done, no plan (the verb is not in the present)
    weight_goal("the suitcase weighs 20 kg")          -> None    # no verb of losing or gaining

A number with a unit of weight must follow the verb within a few words (or come before a German verb-last 'runter');
the time is kept when one of the 'by' words says it ('by July', 'bis Juli', 'entro giugno', 'avant l'été').
"""
from __future__ import annotations

import re
from functools import lru_cache

from course_lib.model import rx
from course_lib.model.dates import MONTHS
from course_lib.model.offline.lang.event_when import vocabulary, words_re

Found = tuple[str, str, str]
SEASON_NAMES = (("summer", r"summer|sommer|été|verano|verão|estate"), ("winter", r"winter|hiver|invierno|inverno"),
                ("spring", r"spring|printemps|primavera"), ("Christmas", r"christmas|weihnachten|noël|navidad|natal|natale"))
SEASONS = r"summer|winter|spring|christmas|sommer|weihnachten|l['’]été|l['’]hiver|noël|verano|navidad|diciembre|verão|natal|l['’]estate|natale"


@lru_cache(maxsize=1)
def patterns() -> dict[str, re.Pattern[str]]:
    """The goal's patterns: a verb, a weight, a time."""
    v = vocabulary()["weight_goals"]
    weight = rf"(\d{{2,3}}(?:[.,]\d)?|\d)\s*({words_re(v['units'])})(?![\w-])"
    months = r"[a-zA-Zéûäç]+"
    return {"lose": re.compile(rf"(?<![\w-])({words_re(v['lose'])})(?![\w-])", re.I),
            "gain": re.compile(rf"(?<![\w-])({words_re(v['gain'])})(?![\w-])", re.I),
            "weight": re.compile(weight, re.I),
            "by": re.compile(rf"(?<![\w-])(?:{words_re(v['by'])})\s+((?:the\s+|el\s+|la\s+|o\s+|il\s+)?(?:{SEASONS}|{months}))", re.I)}


def weight_goal(s: str) -> Found | None:
    """(plan:weight, value, fact) when `s` says a weight the user aims to lose, gain or get down to, else None."""
    p = patterns()
    verb = p["lose"].search(s) or p["gain"].search(s)
    if verb is None or rx.search(r"\b(?:lost|gained|verloren|abgenommen|perdu|pris|perdí|bajé|perdi|emagreci|perso|preso)\b", s, re.I):
        return None
    w = p["weight"].search(s, verb.end())
    if w is None or len(s[verb.end():w.start()].split()) > 3:
        w = p["weight"].search(s[:verb.start()]) if rx.fullmatch(r"runter|abnehmen|verlieren|zunehmen", verb.group(1), re.I) else None
    if w is None:
        return None
    gain = bool(p["gain"].fullmatch(verb.group(1)))
    target = not gain and rx.search(r"\b(?:to|a|à|auf)\s*$", s[verb.start():w.start()], re.I) is not None \
        or verb.group(1).lower() in ("get down to", "get to", "reach", "cut down to", "bajar a", "llegar a", "chegar a", "scendere a", "arrivare a", "descendre à")
    by = p["by"].search(s)
    when = ""
    if by:
        said = by.group(1)
        month = next((name for name, words in MONTHS.items() if rx.fullmatch(words, said.split()[-1], re.I)), None)
        season = next((en for en, words in SEASON_NAMES if rx.search(words, said, re.I)), None)
        when = f" by {month or season}" if month or season else ""
    amount = f"{w.group(1)} {'lbs' if rx.match(r'(?i)lb|pound|libra|livre|pfund', w.group(2)) else 'kg'}"
    what = "get down to" if target else "gain" if gain else "lose"
    return "plan:weight", f"{'reach' if target else what} {amount}{when}", f"The user plans to {what} {amount}{when}."

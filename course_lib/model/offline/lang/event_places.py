"""Where an event is or goes: a place after a preposition of its language ('in', 'à', 'nach', 'em' …), the destination
of a travel or moving verb ('on part à Marseille', 'fahre nach Hamburg', 'me mudo a Valencia'), and a known place typed
in lower case in chat ('wir fliegen nach lissabon', 'jpars à montréal', 'me voy a oaxaca').

    destination("on part à Marseille samedi", "trip", "fr")  -> ('Marseille', 3)
    destination("am samstag fahr ich nach dresden", "trip")  -> ('Dresden', 12)
    where("réunion mardi à la Défense", ["fr"])              -> ('Défense', 'in')
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.event_when import vocabulary, words_re
from course_lib.model.offline.lang.event_words import ARTICLE, PLACE, VISITING, lexicon, named
from course_lib.model.offline.lang.event_lowercase import lowercase_place
from course_lib.model.dates import MONTHS
from course_lib.model.when import DAY_WORDS

DAY_OR_MONTH = re.compile("|".join([*map(re.escape, DAY_WORDS), *MONTHS.values()]), re.I)


def langs_of(word: str, table: str) -> list[str]:
    """The languages whose list `table` (trip, move or an event key) has `word`, and English."""
    return [lang for lang, p in lexicon()["langs"][table].items() if p.fullmatch(word)] + ["en"]


def preposition(kind: str, langs: list[str]) -> str:
    """The prepositions ('to' or 'in') of these languages, as one alternation."""
    return f"(?i:{words_re([w for lang in langs for w in vocabulary()[kind][lang]])})"


def destination(s: str, kind: str, lang: str = "en") -> tuple[str, int] | None:
    """(the capitalised place a travel verb goes to, where the verb is): 'fahre ich nach Hamburg' -> Hamburg (its language's
    prepositions and English); German verb-last: 'will im Mai nach Wien (fahren)', 'nach Wien zu fliegen'."""
    for v in lexicon()[kind].finditer(s):
        to = preposition("to", langs_of(v.group(0), f"{kind}_verbs") + [lang])
        direct = rf"|\s+{PLACE}" if VISITING.fullmatch(v.group(0)) else ""  # 'visiting Rome'; not 'Train ICE 578'
        m = rx.match(rf"(?:\s+(?:\d{{1,2}}\.|[\w'’-]+|\([^()]{{1,20}}\))){{0,8}}?(?<!\bcom)(?<!\bcon)(?<!\bavec)(?<!\bmit)(?<!\bwith)\s+{to}\s+{ARTICLE}{PLACE}{direct}", s[v.end():v.end() + 80])
        if m and (place := named(m.group(1) or m.group(2))):
            return place, v.start()
    if (low := lowered(s, kind, lang)):
        return low
    m = rx.search(rf"\b(?:will|wollen|möchte|möchten|muss|müssen)\s+(?:[\w.]+\s+){{0,4}}?nach\s+{PLACE}|\bnach\s+{PLACE}(?:\s+[\w'’.]+){{0,4}}?\s+(?:zu\s+)?(?:fahren|fliegen|reisen)\b", s) if kind == "trip" else None
    return (place, m.start()) if m and (place := named(m.group(1) or m.group(2))) else None


def lowered(s: str, kind: str, lang: str) -> tuple[str, int] | None:
    """(a known place typed in lower case after the travel verb's preposition, where the verb is): 'fahr ich mit dem zug
    nach dresden', 'jpars à montréal', 'mir zügled im april nach luzern' (event_lowercase.py)."""
    for v in lexicon()[kind].finditer(s):
        to = preposition("to", langs_of(v.group(0), f"{kind}_verbs") + [lang])
        for m in rx.finditer(rf"(?<![\w-]){to}\s+(?:(?:the|la|le|el|il|les|los|las|o|os|as|a)\s+|l['’])?", s[v.end():v.end() + 60]):
            if (place := lowercase_place(s[v.end() + m.end():])):
                return place, v.start()
    return None


def where(s: str, langs: list[str], kind: str = "in") -> tuple[str | None, str]:
    """(a capitalised place after in / à / en / em … (`kind` "to": to / nach / para …) in one of `langs`, or a known
    one typed in lower case; its English preposition)."""
    if kind == "in" and (v := venue(s)):  # 'at Rue des Lilas' read back whole, not 'Rue'
        return v, "at"
    for m in rx.finditer(rf"(?<![\w-])({preposition(kind, langs)})\s+{ARTICLE}{PLACE}", s):
        if (place := named(m.group(2))):
            return place, "at" if m.group(1).lower() == "at" else "in"
    for m in rx.finditer(rf"(?<![\w-])({preposition(kind, langs)})\s+", s):  # 'me caso en junio en madrid'
        if m.group(1).lower() != "at" and (place := lowercase_place(s[m.end():])):
            return place, "in"
    return None, "in"


def venue(s: str) -> str | None:
    """A venue named after a place, after a preposition of place ('au garage de Ouakam', 'na clínica da Boa Viagem',
    'al parco della Favorita') or a street on its own ('rue des Lilas'): 'Garage de Ouakam', 'Rue des Lilas'."""
    v = vocabulary()["venues"]
    of = r"(?:de|da|do|das|dos|della|dello|delle|del|di|des|du|de la|de los|de las)"
    m = rx.search(rf"(?<![\w-])(?:(?i:à|au|a|al|alla|allo|en|em|no|na|nel|nella|in|at|dans|chez)\s+{ARTICLE})?"
                  rf"((?i:{words_re(v['words'])}))\s+({of})\s+{ARTICLE}{PLACE}", s)
    if not m or not (m.group(0)[:1].islower() or m.group(1).lower() in v["streets"]) or not named(m.group(3)):
        return None
    place = m.group(3).split()
    while place and DAY_OR_MONTH.fullmatch(place[-1]):
        place.pop()  # 'Parco della Favorita Sunday': the day is no part of it ('Boa Viagem' keeps its event word)
    if not rx.match(r"(?i:à|au|a|al|alla|allo|en|em|no|na|nel|nella|in|at|dans|chez)\s", m.group(0)) and m.group(1).lower() not in v["streets"]:
        return None  # a venue needs a preposition before it, a street does not
    return f"{m.group(1)[:1].upper()}{m.group(1)[1:]} {m.group(2)} {' '.join(place)}" if place else None


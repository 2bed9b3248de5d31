"""A known place typed in lower case after a travel or moving preposition, as chat writes it ('wir fliegen nach
lissabon', 'jpars à montréal', 'me voy a oaxaca con mi carnal', 'mir zügled nach luzern').

    lowercase_place("lissabon am 12. märz")   -> 'Lissabon'        # as typed, capitalised (english_place: Lisbon)
    lowercase_place("foz do iguaçu em maio")   -> 'Foz do Iguaçu'
    lowercase_place("floripa dia 10")          -> 'Florianópolis'  # a chat nickname ("_nicknames") by its name
    lowercase_place("comer con mi hermano")    -> None     # no place the lists know
    lowercase_place("natal com a família")     -> None     # Natal, and Christmas: a lower-case word that is a word too

Only names the lists hold are read: course_lib/data/events.json "destinations" (English name -> other names and chat
"_nicknames", e.g. 'brissie', 'floripa') and the places of places.py (its GAZETTEER and place_names.json); "_not_lower"
lists names that are also common words ('natal', 'essen', 'como', 'split'), read only when capitalised. The
longest name wins ('new york' over 'york'); a name runs to a word boundary ('palmas' is not Palma).
"""
from __future__ import annotations

import re
from functools import lru_cache

from course_lib.model.offline.lang.event_when import vocabulary
from course_lib.model.offline.places import _place_names


SMALL = {"de", "do", "da", "dos", "das", "del", "di", "la", "le", "el", "am", "an", "upon"}  # 'Rio de Janeiro'


@lru_cache(maxsize=1)
def lower_names() -> tuple[dict[str, str], re.Pattern[str] | None]:
    """(every lower-case name -> the name a fact says, one pattern for them all, longest first)."""
    table = vocabulary().get("destinations", {})
    never, nicknames = set(table.get("_not_lower", [])), table.get("_nicknames", {})
    names = set(_place_names()) | {n.lower() for k, v in table.items() if not k.startswith("_") for n in [k, *v]}
    out = {n: capitalised(n) for n in names if n not in never and len(n) >= 3} | nicknames
    words = sorted(out, key=len, reverse=True)
    return out, re.compile(r"(" + "|".join(map(re.escape, words)) + r")(?![\w'’-])")


def capitalised(name: str) -> str:
    """'foz do iguaçu' -> 'Foz do Iguaçu', 'montréal' -> 'Montréal'."""
    return " ".join(w if w in SMALL and i else w[:1].upper() + w[1:] for i, w in enumerate(name.split()))


def lowercase_place(after: str) -> str | None:
    """The known place `after` starts with when it is typed in lower case (as typed, capitalised), else None."""
    names, pattern = lower_names()
    m = pattern.match(after) if after[:1].islower() else None
    return names[m.group(1)] if m else None

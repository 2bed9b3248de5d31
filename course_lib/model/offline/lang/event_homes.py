"""Looking for a home in a place: 'ich suche eine Wohnung in Graz', 'cerchiamo casa a Prato', 'busco piso en Valencia',
'je cherche un appart à Lyon', 'estou procurando apartamento em Curitiba', 'looking for a flat in Leeds'
(course_lib/data/events.json "home_search": the verbs of looking and the words for a home in six languages).

    home_search("sto cercando casa in affitto a Lecce, massimo 600")
        -> ("plan:home search", "home in Lecce", "The user is looking for a home in Lecce.")
    home_search("I'm looking for a restaurant in Lecce")   -> None   # no word for a home
    home_search("je cherche mes clés à la maison")          -> None   # no place after the home

The home word must follow the verb within a few words and the place follow the home within a few words, after a
preposition of place; the place is capitalised or a known one typed in lower case (event_lowercase.py).
"""
from __future__ import annotations

import re
from functools import lru_cache

from course_lib.model import rx
from course_lib.model.offline.lang.event_lowercase import lowercase_place
from course_lib.model.offline.lang.event_when import vocabulary, words_re
from course_lib.model.offline.lang.event_words import PLACE, named

Found = tuple[str, str, str]
IN = r"(?:in|near|around|im|in der|à|a|au|en|em|no|na|dans|nel|nella|por|zona)"


@lru_cache(maxsize=1)
def patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(the verbs of looking, the words for a home)."""
    v = vocabulary()["home_search"]
    return (re.compile(rf"(?<![\w-])(?:{words_re(v['verbs'])})(?![\w-])", re.I),
            re.compile(rf"(?<![\w-])(?:{words_re(v['homes'])})(?![\w-])", re.I))


def home_search(s: str) -> Found | None:
    """(plan:home search, 'home in <place>', fact) when the user says they look for a home in a place, else None."""
    verbs, homes = patterns()
    if not (v := verbs.search(s)) or not (h := homes.search(s, v.end())) or len(s[v.end():h.start()].split()) > 4:
        return None
    for m in rx.finditer(rf"(?<![\w-]){IN}\s+", s[h.end():h.end() + 60], re.I):
        after = s[h.end() + m.end():]
        place = (named(p.group(1)) if (p := rx.match(PLACE, after)) else None) or lowercase_place(after)
        if place and len(s[h.end():h.end() + m.start()].split()) <= 4:
            return "plan:home search", f"home in {place}", f"The user is looking for a home in {place}."
    return None

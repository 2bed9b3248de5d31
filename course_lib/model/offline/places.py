"""City names in a request: a small gazetteer with the names in six languages, plus "in <Name>" for the rest.

    city_named("What's the weather in Lisbon?")          == "Lisbon"
    city_named("Reserva uma mesa em Berlim para dois")  == "Berlin"     # local names map to English
    city_named("Wie wird das Wetter in Oslo?")           == "Oslo"       # not in the list: taken as written

A name that is not in the gazetteer is only taken after a preposition ("in", "à", "en", "em", "a", "nach" …)
and when it is capitalised and not a weekday, month or restaurant word; so "in Lisbon" gives Lisbon but
"in the evening" gives nothing.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

GAZETTEER = {  # English name: names in the six languages (the tools answer for some; the rest are named anyway)
    "Berlin": ("Berlin", "Berlino", "Berlim", "Berlín"),
    "Paris": ("Paris", "París", "Parigi"),
    "Munich": ("Munich", "München", "Múnich", "Munique", "Monaco di Baviera"),
    "Hamburg": ("Hamburg", "Hambourg", "Hamburgo", "Amburgo"),
    "London": ("London", "Londres", "Londra"),
    "Rome": ("Rome", "Rom", "Roma"),
    "Vienna": ("Vienna", "Wien", "Vienne", "Viena"),
    "Madrid": ("Madrid",),
    "Amsterdam": ("Amsterdam", "Ámsterdam", "Amesterdão", "Amsterdão"),
    "Lisbon": ("Lisbon", "Lissabon", "Lisbonne", "Lisboa", "Lisbona"),
    "Porto": ("Porto", "Oporto"),
    "Lyon": ("Lyon", "Lyons", "Lione"),
    "Marseille": ("Marseille", "Marseilles", "Marsella", "Marselha", "Marsiglia"),
    "Barcelona": ("Barcelona", "Barcelone", "Barcellona"),
    "Seville": ("Seville", "Sevilla", "Séville", "Sevilha", "Siviglia"),
    "Milan": ("Milan", "Mailand", "Milán", "Milão", "Milano"),
    "Florence": ("Florence", "Florenz", "Florencia", "Florença", "Firenze"),
    "Naples": ("Naples", "Neapel", "Nápoles", "Napoli"),
    "Venice": ("Venice", "Venedig", "Venise", "Venecia", "Veneza", "Venezia"),
    "Cologne": ("Cologne", "Köln", "Colonia", "Colônia"),
    "Frankfurt": ("Frankfurt", "Francfort", "Fráncfort", "Francoforte"),
    "Zurich": ("Zurich", "Zürich", "Zúrich", "Zurique", "Zurigo"),
    "Brussels": ("Brussels", "Brüssel", "Bruxelles", "Bruselas", "Bruxelas", "Bruxelles"),
    "Prague": ("Prague", "Prag", "Praga"),
    "Copenhagen": ("Copenhagen", "Kopenhagen", "Copenhague", "Copenhaga", "Copenaghen"),
    "Stockholm": ("Stockholm", "Estocolmo", "Stoccolma"),
    "Dublin": ("Dublin", "Dublín", "Dublino"),
    "Edinburgh": ("Edinburgh", "Édimbourg", "Edimburgo"),
    "Athens": ("Athens", "Athen", "Athènes", "Atenas", "Atene"),
    "Warsaw": ("Warsaw", "Warschau", "Varsovie", "Varsovia", "Varsóvia"),
    "Valencia": ("Valencia", "Valence", "Valência"),
    "Geneva": ("Geneva", "Genf", "Genève", "Ginebra", "Genebra", "Ginevra"),
    "New York": ("New York", "Nueva York", "Nova Iorque", "Nova York"),
    "Tokyo": ("Tokyo", "Tokio", "Tóquio"),
}
LOCAL_NAMES = {name.lower(): english for english, names in GAZETTEER.items() for name in names}
_KNOWN = re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, LOCAL_NAMES), key=len, reverse=True)) + r")(?!\w)",
                    re.I)
_AFTER_PREPOSITION = re.compile(r"\b(?:in|to|from|near|à|en|em|a|nach|aus)\s+"
                                r"([A-ZÀ-Ý][a-zà-ÿ'-]+(?:[ -][A-ZÀ-Ý][a-zà-ÿ'-]+)?)")
NOT_PLACES = re.compile(r"^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|"
                        r"May|June|July|August|September|October|November|December|I|The|A|My|Your|Chez|Le|La|"
                        r"Restaurant|Dinner|Lunch|Christmas|Easter|English|German|French|Spanish|Italian)\b")


COMMON_WORDS = {"porto"}  # city names that are everyday words too: Italian "porto" = I bring, Portuguese "porto" = port
CITY_BEFORE = re.compile(r"\b(?:in|to|from|near|nach|aus|von|à|a|au|de|em|no|do|para|da|di|en)\s+$", re.I)
VERB_AFTER = re.compile(r"^\s+(?:i|il|la|le|lo|gli|mia|mio|miei|mie|un|una|uno|a|o|os|as|ti|vi|ci)\b", re.I)


def known_cities(text: str) -> list[tuple[int, str]]:
    """(position, English name) for every gazetteer city in `text`, in order. A name that is also an everyday word
    counts after a place preposition ("nach Porto", "vivo a porto", "no Porto") or capitalised and not read as the
    verb ("Venerdì porto i miei genitori a cena" and "Porto i bambini al mare" name no city; "Porto is lovely" does)."""
    return [(m.start(), LOCAL_NAMES[m.group(1).lower()]) for m in _KNOWN.finditer(text)
            if m.group(1).lower() not in COMMON_WORDS or CITY_BEFORE.search(text[:m.start()])
            or m.group(1)[0].isupper() and not VERB_AFTER.match(text[m.end():])]


def city_named(text: str, exclude: tuple[str, ...] = ()) -> str | None:
    """The last city a text names (a gazetteer name, or a capitalised name after "in" / "à" / "em" …), or None.

    `exclude` holds names that are something else here, e.g. the restaurants a search returned.
    """
    hits = known_cities(text)
    for m in _AFTER_PREPOSITION.finditer(text):
        name = m.group(1)
        words = name.split()
        if len(words) > 1 and (NOT_PLACES.match(words[1]) or words[0].lower() in LOCAL_NAMES):
            name = words[0]  # "in Berlin Sunday": the city, not "Berlin Sunday"
        if NOT_PLACES.match(name) or any(name.lower() in e.lower() for e in exclude):
            continue
        if name.lower() not in LOCAL_NAMES:
            hits.append((m.start(1), name))
    return max(hits)[1] if hits else None


@lru_cache(maxsize=1)
def _place_names() -> dict[str, str]:
    """Every local name of a place, lower case -> its English name (the gazetteer's cities and place_names.json)."""
    table = json.loads((Path(__file__).resolve().parents[2] / "data" / "place_names.json").read_text(encoding="utf-8"))
    out = {name.lower(): english for english, names in table.items() if not english.startswith("_") for name in names}
    return {**out, **LOCAL_NAMES}


def english_place(name: str) -> str:
    """A place by its English name when its local name is known ('Lisbona' -> 'Lisbon', 'Island' -> 'Iceland', 'Tessin'
    -> 'Ticino'); any other name as it is written ('Oaxaca', 'Premier Inn')."""
    return _place_names().get(name.lower(), name)

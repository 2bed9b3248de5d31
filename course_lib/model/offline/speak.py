"""The offline agent's fixed replies in the language of the user's request (en, de, fr, es, pt, it).

The words are data: course_lib/data/offline/replies.json holds one table per reply, six languages each, with
{placeholders} for the values, which stay as they are (restaurant names, times, amounts, what a tool said).

    language("Reservier mir bitte einen Tisch für 4 am Samstag")   == "de"
    language("Book Le Bœuf Doré, 2 ppl, Sat 20:00")                 == "en"   # a name is no language
    say("gap_day", "fr")                                            == "le jour"
    joined(["den Tag", "die Uhrzeit"], "de")                        == "den Tag und die Uhrzeit"

The language is the language layer's detector (lang/lexicon.detect, function words) on the request with the
names in it left out (capitalised names and cities: "Le Bœuf Doré" is not French, "Berlin" not German) and the
words that decide nothing (a function word of two languages, "de", "la", "un", or one English uses too, "a", "in",
"me", "as"). It is English when unsure: when nothing is left to decide ("same as last time please"). English
replies are the ones the lessons' stored outputs hold.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from course_lib.model import rx
from course_lib.model.offline.lang.lexicon import LANGS, STOPWORDS, detect
from course_lib.model.clock import COURSE_START
from course_lib.model.offline.names import fold
from course_lib.model.offline.places import LOCAL_NAMES
from course_lib.model.offline.slots import candidate_names

REPLIES_FILE = Path(__file__).parents[2] / "data" / "offline" / "replies.json"
ENGLISH_LOOKALIKES = {"a", "as", "am", "an", "in", "is", "me", "no", "do", "on", "to", "die", "e", "o", "of"}
ALSO_ELSEWHERE = {"um", "es", "da"}  # in one language's list, but as common in another: German "um 8", "es regnet", Italian "da"


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    """Every reply's table: {key: {language: words}} (read once)."""
    return json.loads(REPLIES_FILE.read_text(encoding="utf-8"))


def without_names(text: str) -> str:
    """`text` without the names it says: capitalised spans that may name a restaurant (slots.candidate_names: "Le
    Bœuf Doré", "Chez Lentille") and the gazetteer's cities, in any case ("Berlin", "parigi")."""
    for name in sorted(candidate_names(text, COURSE_START.date()), key=len, reverse=True):
        text = text.replace(name, " ")
    return " ".join(w for w in text.split() if fold(w) not in LOCAL_NAMES)


@lru_cache(maxsize=1)
def _undecided() -> frozenset[str]:
    """Words that decide no language: a function word of two of the six ("de", "la", "un", "mi", "con") or one an
    English sentence uses too ("a", "in", "me", "as", "no"), or one as common in another language ("es", "um", "da")."""
    shared = {w for lang in LANGS for w in STOPWORDS[lang] if sum(w in STOPWORDS[o] for o in LANGS) > 1}
    return frozenset(shared | ENGLISH_LOOKALIKES | ALSO_ELSEWHERE)


@lru_cache(maxsize=256)
def language(text: str) -> str:
    """The language to reply in: lexicon.detect on the request without its names and without the words that decide
    nothing; 'en' when nothing is left to decide ("same as last time", "Book Le Bœuf Doré, 2 ppl")."""
    kept = rx.sub(r"[\w'’]+", lambda m: " " if m.group(0).lower().replace("’", "'") in _undecided() else m.group(0),
                  without_names(text))  # its marks stay: "¿", "¡" are Spanish
    return detect(kept)


def say(key: str, lang: str, **values: Any) -> str:
    """The reply `key` in `lang` (English if the table lacks it), its placeholders filled with `values`."""
    table = tables()[key]
    return table.get(lang, table["en"]).format(**values)


def joined(items: list[str], lang: str, word: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' in `lang` (word: 'and' or 'or')."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + say(word, lang) + items[-1]


def openings(key: str) -> tuple[str, ...]:
    """How reply `key` opens in each language (its words before the first placeholder), to recognise it later."""
    return tuple(dict.fromkeys(v.split("{")[0].rstrip() for v in tables()[key].values()))


@lru_cache(maxsize=1)
def concept_names() -> dict[str, dict[str, dict[str, str]]]:
    """course_lib/data/concept_names.json: per concept family, a canonical English value -> its word in de/fr/es/pt/it."""
    path = Path(__file__).resolve().parents[2] / "data" / "concept_names.json"
    return {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if not k.startswith("_")}


def concept_word(family: str, value: str, lang: str) -> str:
    """A stored value in the reply's language when the concept lexicon knows it ('celery' -> 'Sellerie' in German,
    'dentist' -> 'dentista' in Portuguese); English, and a value it does not know ('Thai basil'), as it is."""
    if lang == "en":
        return value
    names = concept_names().get(family, {})
    hit = names.get(value) or names.get(value.lower())
    return hit.get(lang, value) if hit else value


def word(table: str, value: str, lang: str) -> str:
    """A value's word in `lang` from a small table ('diet': 'vegetarian' -> 'vegetarisch'; 'weekday': 'saturday' ->
    'Samstag'); a value the table lacks, and English, as it is."""
    return tables()[table].get(lang, {}).get(value.lower(), value)


GAPS = [(re.compile(r"^which day \((.*)\?\)$"), "gap_day_unclear"), (re.compile(r"^the time \((.*)\?\)$"), "gap_time_unclear"),
        (re.compile(r"^how many people \((.*)\?\)$"), "gap_people_unclear"), (re.compile(r'^what "(.*)" changes$'), "gap_changes")]
PLAIN_GAPS = {"the restaurant or the city": "gap_place", "the day": "gap_day", "the time": "gap_time",
              "how many people": "gap_people"}


def gap(text: str, lang: str) -> str:
    """What a booking still needs (slots.py says it in English: "the day", "the time (08:00 or 20:00?)") in `lang`."""
    if text in PLAIN_GAPS:
        return say(PLAIN_GAPS[text], lang)
    for pattern, key in GAPS:
        m = pattern.match(text)
        if m:
            return say(key, lang, value=m.group(1))
    return text


def in_english(asked: str) -> str:
    """The agent's own question with what it asked for in English, as slots.as_answer reads it ("wie viele Personen"
    -> "how many people"), so a bare "3" answers it in any language."""
    for key, english in (("gap_people", "how many people"), ("gap_time", "the time")):
        for lang, words in tables()[key].items():
            if lang != "en" and words in asked:
                asked = asked.replace(words, english)
    return asked


def unknown(answer: str) -> bool:
    """Is an answer about the user an "I don't know …" (in any of the six languages)?"""
    return answer.startswith(tuple(tables()["dont_know"].values()))


assert set(LANGS) == set(tables()["ask_booking"])

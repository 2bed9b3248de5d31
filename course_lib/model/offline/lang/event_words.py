"""The words of events (course_lib/data/events.json compiled once) and the names and places said with them, for
lang/events.py and the readers around it.

    named("Priya Monday")      -> 'Priya'      (a known word at the end is dropped)
    known_word("Sorry")        -> True         (a weekday, a month, an event word, 'Sorry' … is no name or place)
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from course_lib.model import rx
from course_lib.model.offline.lang.event_when import vocabulary, words_re
from course_lib.model.offline.lang.lexicon import POSSESSIVE, RELATIVES, alternation
from course_lib.model.offline.lang.who import NOT_NAMES
from course_lib.model.dates import MONTHS
from course_lib.model.when import DAY_WORDS

NAME = r"([A-ZÀ-Ý][\w'’-]+(?:\s+[A-ZÀ-Ý][\w'’-]+)?)"
CONNECTORS = ("de", "del", "do", "da", "di", "am", "em", "en")
PLACE = r"((?!I['’])[A-ZÀ-Ý][\w'’-]*[a-zà-ÿ][\w'’-]*(?:[ -](?:de |del |do |da |di |am )?(?!I['’])[A-ZÀ-Ý][\w'’-]*[a-zà-ÿ][\w'’-]*)*|" \
        r"(?<![\w-])(?!EUR\b|USD\b|GBP\b|CHF\b)[A-Z]{2,4}\b)"  # or NYC, LA, UK
ARTICLE = r"(?i:(?:the|la|le|el|il|l['’]|les|los|las|o|os|as)\s*)?"
KEEP_TITLES = {"dr", "dr.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "prof", "prof."}
OF_MY = re.compile(r"\s+(?:of|de|da|do|di|del|della|dello|von|vom)\s+(?:my|mi|ma|mon|mes|minha|meu|mia|mio|meiner|meinem|"
                   r"meines|meine|our|nuestr[oa]|nossa|nosso|notre|nostr[oa])\s+", re.I)

VISITING = re.compile(r"visit(?:ing)?|besuche[n]?|visite|visitar|visito|visitare|visitamos", re.I)  # said without an article: 'The user has drinks with Marco …'


def alt(words: list[str]) -> re.Pattern[str]:
    """Whole words or phrases, case-insensitive."""
    return re.compile(rf"(?<![\w-])(?:{words_re(words)})(?![\w-])", re.I)


def every(table: dict[str, list[str]]) -> list[str]:
    """The words of all six languages of a table."""
    return [w for words in table.values() for w in words]


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    """The vocabulary of course_lib/data/events.json, compiled once."""
    v = vocabulary()
    conj = r"^\W*(?:(?:and|but|also|so|und|aber|et|mais|y|pero|e|mas|ma|oh|ok|okay)\W+)?"
    return {
        "events": [(alt(every(e["words"])), e) for e in v["events"]],
        "appointment": alt(every(v["appointment_words"])),
        "visit_before": re.compile(rf"(?<![\w-])(?:{words_re(every(v['visit_before']))})\s*$", re.I),
        "visit_after": re.compile(rf"^\s*(?:{words_re(v['visit_after'])})(?![\w-])", re.I),
        "job_before": re.compile(rf"(?<![\w-])(?:{words_re(every(v['jobs_before']))})\s+(?:\w+\s+)?$", re.I),
        "trip": alt(every(v["trip_verbs"])), "move": alt(every(v["move_verbs"])),
        "langs": {name: {lang: alt(words) for lang, words in table.items()} for name, table in
                  (("trip_verbs", v["trip_verbs"]), ("move_verbs", v["move_verbs"]), *((e["key"], e["words"]) for e in v["events"]))},
        "negated": re.compile(rf"(?<![\w-])(?:{words_re([w for w in v['negated'] if w != 'mai'])}|(?-i:mai))(?![\w-])|"
                              r"n['’]t\b", re.I),  # Italian 'mai' (never), not German 'Mai' (May)
        "with": re.compile(rf"(?<![\w-])(?i:{words_re(every(v['with']))})\s+(?i:{POSSESSIVE}\s+[\w-]+\s+)?"
                           rf"(?:(?i:({words_re(v['titles'])}))\s+)?{NAME}"),
        "cue": alt(every(v["cues"])), "reschedule": alt(every(v["reschedule"])),
        "request": re.compile(rf"{conj}(?:(?:please|pls|bitte|por favor|per favore|s'il te pla[îi]t)\W+)?"
                              rf"(?:{words_re(every(v['requests']['start']))})(?![\w-])|"
                              rf"(?<![\w-])(?:{words_re(v['requests']['anywhere'])})(?![\w-])", re.I),
        "if": re.compile(rf"{conj}(?:{words_re(v['conditionals']['start'])})(?![\w-])|"
                         rf"(?<![\w-])(?:{words_re(v['conditionals']['anywhere'])})(?![\w-])", re.I),
        "past": alt(every(v["past"])), "habit": alt(every(v["habits"])), "cancelled": alt(v["cancelled"]),
        "asks": re.compile(rf"^\W*(?:{words_re(v['question_starts'])})(?![\w-])", re.I),
        "not_event": re.compile(rf"^\s+(?:{words_re(v['not_events'])})(?![\w-])", re.I),
        "refer": re.compile(rf"(?<![\w-])(?:{words_re(v['refer'])})\s+(?:\w+\s+)?$", re.I),
    }


def known_word(word: str, months: bool = True) -> bool:
    """A capitalised word that is no name or place: a weekday, a month (not for a person), an event word, 'Sorry' …"""
    w = word.split()[0].strip("'’")
    return (w.lower() in DAY_WORDS or w in NOT_NAMES or months and any(rx.fullmatch(m, w, re.I) for m in MONTHS.values())
            or any(p.fullmatch(w) for p, _ in lexicon()["events"]) or bool(rx.match(alternation(RELATIVES), w, re.I))
            or w.lower() in ("i", "the", "user", "uhr", "team"))


def named(words: str, person: bool = False) -> str | None:
    """A name or place without the known words it ends with ('Priya Monday' -> 'Priya', 'Lisboa em Março' ->
    'Lisboa'); None if it starts with one."""
    out = words.split()
    while out and (known_word(out[-1], not person) or out[-1] in CONNECTORS):
        out.pop()
    return " ".join(out) if out and not known_word(out[0], not person) else None



def event_first(s: str) -> bool:
    """Does a sentence open with an event word before 'ist' ('Tierarzt ist am 3. Mai', 'Termin is morgen um 9')? German
    writes its nouns with a capital, so the event reads like a name; who.py asks this before calling it someone's."""
    words = s.split()
    return len(words) > 2 and words[1].lower() in ("ist", "is", "isch", "sind", "war") and \
        (bool(lexicon()["appointment"].fullmatch(words[0])) or any(p.fullmatch(words[0]) for p, _ in lexicon()["events"]))

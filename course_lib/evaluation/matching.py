"""When does an extracted fact state a labelled one? The write-path evaluation's matching rules, one job apart.

A stated fact (subject, value) is found by an extracted fact with the same kind of slot (`kind`) and the same value
compared loosely (`norm`: case, currency words, thousands separators, a place by its local or English name, a concept by
its British or American name, a plural as its singular), by an event's
anchors (`event_matches`), or, for a live model's free wording with no subject, by the value and a cue word in its
text (`CUES`).
"""
from __future__ import annotations

import re

from course_lib.long_term.write_path import Fact

CUES = {  # words a fact in free wording uses for a subject (for a live model's phrasing that `about` cannot read)
    "name": ("name", "called"), "home city": ("live", "based", "home", "moved", "reside"),
    "budget": ("budget", "spend", "limit", "per person", "a head"), "diet": ("user is", "user eats", "diet", "follows"),
    "timezone": ("time zone", "timezone"), "job": ("work", "job", "profession", "user is a"),
    "trip": ("flight", "fly", "trip"), "allergy": ("allerg",), "flight": ("flight",), "meeting": ("meeting",),
    "birthday": ("birthday",), "booking": ("book", "reserv", "stay", "table"), "retract": ("no longer", "not ", "anymore"),
    "plan": ("visit", "plan", "go to"), "preference": ("prefer", "like", "love", "not eat", "not drink"),
    "age": ("years old", "aged"), "nickname": ("goes by", "nickname"), "intolerance": ("intoleran", "cannot eat"),
    "medication": ("takes", "medication"), "mobility": ("wheelchair", "mobility"),
    "condition": ("has ", "condition", "disease", "diagnosed", "suffers"),
    "language": ("speak", "language", "learn"), "hobby": ("play", "hobby", "enjoy", "collect", "paint", "goes ", "does "),
    "schedule": ("work", "shift", "hours", "from home", "remote"), "vehicle": ("drive", "own", "car", "bike", "ride"),
    "relative": ("sister", "brother", "son", "daughter", "wife", "husband", "partner", "mother", "father", "child"),
    "pet": ("dog", "cat", "pet", "called", "named"),
}


# A place has a local and an English name, and labellers (like models) write either: "Torino" and "Turin" state the
# same fact. Each row is one place; norm() writes every form as the first.
PLACE_NAMES = (
    ("lisbon", "lisboa"), ("vienna", "wien"), ("turin", "torino"), ("milan", "milano"), ("naples", "napoli"),
    ("florence", "firenze"), ("rome", "roma"), ("venice", "venezia"), ("genoa", "genova"), ("munich", "münchen"),
    ("cologne", "köln"), ("nuremberg", "nürnberg"), ("seville", "sevilla"), ("saragossa", "zaragoza"),
    ("geneva", "genève", "genf"), ("zurich", "zürich"), ("brussels", "bruxelles", "brussel"), ("antwerp", "antwerpen"),
    ("ghent", "gent"), ("bruges", "brugge"), ("the hague", "den haag"), ("warsaw", "warszawa"),
    ("cracow", "kraków", "krakow"), ("prague", "praha"), ("copenhagen", "københavn"), ("gothenburg", "göteborg"),
    ("athens", "athína"), ("quebec city", "québec", "quebec", "ville de québec"),
    ("mexico city", "ciudad de méxico", "cdmx"), ("marseilles", "marseille"), ("lyons", "lyon"),
)
_PLACE = {form: row[0] for row in PLACE_NAMES for form in row}
_PLACE_FORM = re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, _PLACE), key=len, reverse=True)) + r")(?!\w)")


# A concept has British and American names, and labellers write either: "coriander" and "cilantro", "coeliac" and
# "celiac" state the same fact. Each row is one concept; norm() writes every form as the first. A plural is its
# singular ("migraines" = "migraine", "allergies" = "allergy"): the number of a word changes no fact.
CONCEPT_NAMES = (
    ("coriander", "cilantro"), ("prawn", "shrimp"), ("coeliac", "celiac"), ("aubergine", "eggplant"),
    ("courgette", "zucchini"), ("chickpea", "garbanzo"), ("favourite", "favorite"), ("colour", "color"),
    ("centre", "center"), ("theatre", "theater"), ("mum", "mom"), ("anaemia", "anemia"), ("paediatric", "pediatric"),
    ("oesophagus", "esophagus"), ("haemophilia", "hemophilia"), ("programme", "program"), ("jewellery", "jewelry"),
)
_CONCEPT = {form: row[0] for row in CONCEPT_NAMES for form in row}


def singular(word: str) -> str:
    """'migraines' -> 'migraine', 'allergies' -> 'allergy', 'peanuts' -> 'peanut'; 'glass', 'bus' and numbers stay."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) and word.isalpha():
        return word[:-1]
    return word


def norm(value: str) -> str:
    """A value compared loosely: lower case, currency words as 'eur', 14,500 = 14500, no leading article or punctuation,
    a place by one of its names (PLACE_NAMES), a concept by one of its names (CONCEPT_NAMES), a plural as its singular."""
    v = value.lower().replace("€", " eur ")
    v = re.sub(r"\beuros?\b", "eur", v)
    v = re.sub(r"(?<=\d)[,.](?=\d{3}\b)", "", v)
    v = re.sub(r"[^\w&:/+ -]", " ", v)
    v = re.sub(r"^(?:the|a|an) ", "", v.strip())
    v = _PLACE_FORM.sub(lambda m: _PLACE[m.group(1)], " ".join(v.split()))
    return " ".join(_CONCEPT.get(w, w) for w in map(singular, v.split()))


# Events (a plan, a trip, a flight, a meeting, an appointment, a work schedule) have no one short value: "team dinner Thursday
# 19th 19:30, 9 people" may be stated as "The user has a team dinner on Thursday the 19th at 19:30 for 9 people."
# Such a fact is found when an extracted event fact holds every anchor of the labelled value: its numbers (a time as
# H:MM, an ordinal as its number) and its capitalised words (days, months, places, names).
EVENT_SLOTS = ("plan", "trip", "flight", "meeting", "appointment", "schedule", "event", "booking")


def anchors(value: str) -> set[str]:
    """The numbers and capitalised words of an event value, compared loosely ('08:30' = '8:30', '19th' = '19'); a
    hyphen joins two anchors ('Monday-Saturday')."""
    times = {f"{int(h)}:{m}" for h, m in re.findall(r"\b(\d{1,2})[:.h](\d{2})\b", value)}
    rest = re.sub(r"\b\d{1,2}[:.h]\d{2}\b", " ", value)
    numbers = {str(int(n)) for n in re.findall(r"\b(\d+)(?:st|nd|rd|th)?\b", rest)}
    names = {norm(w) for w in re.findall(r"\b[A-ZÀ-Ý][\w']+", rest)}  # 'Monday-Saturday': two days, each an anchor
    return times | numbers | names


def head(subject: str | None) -> str:
    """The slot of a subject without what it is about: 'allergy' for 'allergy:peanuts', 'home city' for 'home city'."""
    return (subject or "").split(":")[0].lower()


def event_matches(fact: Fact, subject: str, value: str) -> bool:
    """Does `fact` state the event `subject` = `value` (see EVENT_SLOTS)? Only event facts (or facts without a
    subject, a live model's free wording) are compared, so a budget of 30 is never a dinner for 30."""
    if head(subject) not in EVENT_SLOTS or not (need := anchors(value)):
        return False
    if fact.subject is not None and head(fact.subject) not in EVENT_SLOTS:
        return False
    return need <= anchors(fact.text) | anchors(fact.value or "") | set(norm(fact.text).split())


# What one eats is labelled a diet by some and a preference by others ("no pork": diet, or preference:pork): with the
# same value, the two slots state the same fact.
KINDS = {"preference": "diet"}


def kind(subject: str) -> str:
    """The kind of slot a subject is compared by: 'allergy' for 'allergy:peanuts', 'diet' for 'preference:pork'."""
    return KINDS.get(head(subject), head(subject))


def fact_matches(fact: Fact | str, subject: str, value: str) -> bool:
    """Does the extracted `fact` state `subject` = `value`? By the subject and value the model gave, else by the
    value and cue words in its text (a live model's free wording, or a summary line)."""
    fact = fact if isinstance(fact, Fact) else Fact(fact)
    text, s, v = fact.text, fact.subject, fact.value
    if s is not None and s.lower() == subject.lower() and norm(v or "") == norm(value):
        return True
    if s is not None and s != "retract" and kind(s) == kind(subject) and norm(v or "") == norm(value):
        return True  # the same kind of slot with the same value ('condition' / 'condition:diabetes', 'diet' / 'preference:pork')
    if event_matches(fact, subject, value):
        return True
    low, (slot, _, who) = f" {norm(text)} ", subject.lower().partition(":")
    if f" {norm(value)} " not in low:
        return False
    cues = CUES.get(slot, ()) + ((who,) if who and slot != "flight" else ())
    return any(c in text.lower() for c in cues)

"""Seats and travel classes the user prefers, and 'a morning person' (six languages), read before any other taste:

    I prefer window seats / am liebsten am Gang / côté fenêtre si possible  -> preference:seat 'window seat'
    I always pick an aisle seat / escolho sempre corredor                    -> preference:aisle seat
    we fly business class                                                    -> preference:business class
    I'm a morning person                                                     -> preference:morning 'likes morning'

The seat is one the concept lexicon knows (course_lib/data/concepts.json, family seat); a preference word, a habit
('always', 'I pick') or 'for me' / 'if possible' must come with it.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import find

Found = tuple[str, str, str]
SEATS = {"window seats": r"window seats?|by the window|am fenster|fen[êe]tre|ventanilla|janela|finestrino",
         "aisle seats": r"aisle seats?|on the aisle|in the aisle|am gang|couloir|pasillo|corredor"}
SEAT_WORDS = (r"\b(?:fly|flight|plane|train|seat|flugzeug|zug|platz|avion|vol|place|avi[óo]n|vuelo|voos?|avi[ãa]o|comboio|aereo|"
              r"volo|treno|posto|lugar|asiento|hublot|ventanilla|finestrino|fensterplatz|gangplatz)\w*")
HABIT = (r"\b(?:i|we) (?:always |usually |normally |tend to |like to |prefer to |love to )?(?:pick|choose|book|get|take|ask for|go for|want|need|sit)\b"
         r"|\bich (?:nehme|buche|w[äa]hle) (?:immer )?|\bje (?:prends|choisis|r[ée]serve) toujours|\bsiempre (?:elijo|pido|reservo)|"
         r"\bescolho sempre|\bsempre (?:escolho|scelgo|prendo)|\bscelgo sempre")

FOR_ME = (r"\b(?:for me|für mich|pour moi|para m[íi]|pra mim|para mim|per me|if possible|if poss|wenn m[öo]glich|"
          r"si possible|si es posible|se poss[íi]vel|se possibile|se possível)\b")  # 'aisle seat for me', 'côté fenêtre si possible'


WANT = (r"\b(?:prefer\w*|rather|lieber|am liebsten|pr[ée]f[èe]re\w*|prefiero|prefiro|preferisco|always|immer|toujours|siempre|sempre|"
        r"want|would like|i'?d like|will (?:ich )?(?:immer )?|m[öo]chte|h[äa]tte (?:ich )?gerne?|je veux|j'?veux|je voudrais|quiero|quisiera|"
        r"quero|queria|voglio|vorrei)\b")  # a seat wanted: 'Im Zug hätte ich gern einen Platz am Fenster', 'je veux une place côté couloir'
NEGATED = r"\b(?:hate|dislike|loathe|d[ée]test\w*|odio|odeio|hasse|not|no|never|nicht|kein\w*|pas|jamais|nunca|n[ãa]o|nao|non|mai)\b(?:\s+\w+){0,2}\s*$"


def wanted_seat(s: str) -> str | None:
    """The first seat named that is not negated: 'sempre prefiro janela, não curto corredor' -> window seat."""
    words = [m.start() for m in rx.finditer(r"[\w'’-]+", s)]
    for at, seat in find("seat", s):
        if not rx.search(NEGATED, s[max(0, words[at] - 25):words[at]] if at < len(words) else "", re.I):
            return seat
    return None


def found_seat(s: str) -> list[Found]:
    """'I prefer window seats', 'I always pick an aisle seat', 'we fly business class', "I'm a morning person"."""
    seat = wanted_seat(s)
    if seat and rx.search(WANT, s, re.I) and rx.search(SEAT_WORDS, s, re.I):
        return [("preference:seat", seat, f"The user prefers {'an' if seat[0] in 'aeiou' else 'a'} {seat}.")]
    if seat and (rx.search(HABIT, s, re.I) or rx.search(FOR_ME, s, re.I)):
        return [(f"preference:{seat}", seat, f"The user prefers {seat}.")]
    if (cls := rx.search(r"\b(?:i|we) (?:always |usually |only |prefer to |like to )?(?:fly|travel|go|book) (first class|business class|premium economy|economy)\b", s, re.I)):
        return [(f"preference:{cls.group(1).lower()}", cls.group(1).lower(), f"The user prefers {cls.group(1).lower()}.")]
    if (person := rx.search(r"\b(?:i'?m|i am) (?:not|never been|really not) (?:really |much of |exactly )?an? ([\w-]+) person\b", s, re.I)):
        said = person.group(1).lower()  # "I'm not a morning person": the negation is the fact
        return [(f"preference:{said}", f"not a {said} person", f"The user is not a {said} person.")]
    if (person := rx.search(r"\b(?:i'?m|i am) (?:more )?(?:of )?an? ([\w-]+) person\b", s, re.I)):
        return [(f"preference:{person.group(1).lower()}", f"likes {person.group(1).lower()}", f"The user likes {person.group(1).lower()}.")]
    return []

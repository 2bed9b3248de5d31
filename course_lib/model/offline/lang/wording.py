"""An open preference said in the user's language, worded in English when it is a kind of place and a quality
the lexicon knows: 'Prefiero restaurantes tranquilos' -> 'quiet restaurants', 'ich mag kleine Hotels' ->
'small hotels', 'preferisco le spiagge poco affollate' stays as said (a phrase the lexicon does not cover).

The noun and the adjective are both closed lists, data in course_lib/data/concepts.json (families "place" and
"quality": six languages, singular and plural, both genders, every form written out), matched word by word as
written (no ending stripped, no typo); the order is the language's own ('restaurantes tranquilos', 'ruhige
Restaurants'). Anything else is left as the user said it.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import forms, plain

KINDS, QUALITIES = "place", "quality"  # the families of course_lib/data/concepts.json: a kind of place and a quality,
# each one English value with its forms in the six languages written out (singular and plural, both genders)
CROWDED = (r"\b(?:with (?:lots of|a lot of|many) people|com muita gente|con mucha gente|avec (?:beaucoup de|plein de) monde|"
           r"mit vielen leuten|con tanta gente|con molta gente|pien[ie] di gente|cheios de gente|llenos de gente)\b")  # said as a phrase: 'crowded'
ARTICLES = r"(?:the|los|las|el|la|les|le|des|os|as|o|a|i|gli|le|die|der|das|den)\s+"


def _which(family: str, word: str) -> str | None:
    """The English value of one word of the family as written ('Hotels' -> 'hotels', 'tranquilas' -> 'quiet'), or None."""
    return forms(family).get(plain(word))


def english(thing: str) -> str | None:
    """'restaurantes tranquilos' -> 'quiet restaurants', 'kleine Hotels' -> 'small hotels'; None when the phrase is
    not one kind of place with one or two qualities the tables know."""
    words = rx.sub(CROWDED, "crowded", rx.sub(rf"^{ARTICLES}", "", thing.strip(), flags=re.I), flags=re.I).split()
    kinds = [(i, k) for i, w in enumerate(words) if (k := _which(KINDS, w))]
    if len(words) < 2 or len(kinds) != 1:
        return None
    joined = any(w.lower() in ("e", "y", "et", "und", "and") for w in words)
    rest = [w for i, w in enumerate(words) if i != kinds[0][0] and w.lower() not in ("e", "y", "et", "und", "and")]
    qualities = [_which(QUALITIES, w) for w in rest]  # 'petits restaurants familiaux': before and after the noun
    if not rest or len(rest) > 2 or not all(qualities):
        return None
    return f"{(' and ' if joined else ' ').join(qualities)} {kinds[0][1]}"

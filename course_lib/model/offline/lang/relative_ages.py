"""Ages said for the user's named relatives and pets, kept with the name: relative:son = 'Pablo, 9' and the fact
"The user's son Pablo is 9 years old."

    Mi hijo Pablo tiene 9 años / unsere Tochter Mia ist 4 / my granddaughter Ellie is 6   -> the age after the name
    mi perro se llama Toby y tiene 4 años / Luna heißt sie und ist 3 / si chiama Leo e ha 2 anni -> after 'and' (+ pronoun)
    mon petit-fils Hugo, 15 ans / our son Elia (4) / mi hija Sofi (tiene 8) / Gennaro di 12 anni e Sofia di 8 -> apposition
    Paul ist 12, Emma 9 und Ben 5 / Félix qui a 10 ans et Rose qui en a 7                 -> each name up to the next
    my brother Sam is picking me up, he's 35 / mia nonna Lucia … lei ha 80 anni            -> a pronoun, one name only
    gémeas de 4 anos, a Ana e a Joana / twins aged 4, Ana and Joana                       -> one age before the names

An age is a number of at most two digits with a year word after it ('9 años', '15 ans'), or ending its clause ('is 6',
'ist 4.'): '2 kids', '12 Minuten', '5 kilos' are no ages.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.numbers import with_digits

Found = tuple[str, str, str]
UNIT = r"(?:years?(?: old)?|yrs?(?: old)?|yo|y/o|ans|années|años|añitos|anos|aninhos|anni|jahre(?: alt)?)"
NOT_SPAN = r"(?!\s*(?:ago|later|earlier|before|back|older|younger|älter|jünger|plus|de plus|más|mais|più|de m[áa]s|atr[áa]s|fa\b))"
ENDS = r"(?=\s*(?:[,.;!?)]|$|\b(?:and|und|et|y|e|i|but|aber|mais|pero|mas|ma|now|jetzt|maintenant|ahora|agora|adesso)\b))"
LINK = (r"(?:is|'s|turned|just turned|turns|ist|wird|wurde|est|a|qui|que|che|der|die|das|who|en|tiene|cumple|cumplió|tem|fez|faz|"
        r"ha|has|hat|compie|aged|de|di|da|do|of|von|now|already|just|only|jetzt|schon|gerade|erst|déjà|seulement|ya|já|già|solo|"
        r"só|appena|mit|con|com|avec|with)")
AND_THEY = (r"(?:(?:and|und|et|y|e|i)\s+(?:(?:he|she|it|er|sie|es|il|elle|él|ella|ele|ela|lui|lei)\s+)?"
            r"(?=(?:is|'s|turned|turns|ist|wird|est|a|tiene|cumple|cumplió|tem|fez|faz|ha|has|hat|compie|just|already|now|jetzt|schon|déjà|ya|já|già)\s))")  # 'se llama Toby y tiene 4 años'
AFTER_NAME = re.compile(rf"^\s*(?:\(\s*(?:{LINK}\s+){{0,2}}(\d{{1,2}})(?:\s*{UNIT})?\s*\)|,?\s*{AND_THEY}?(?:{LINK}\s+){{0,3}}(\d{{1,2}})(?:\s*{UNIT}\b{NOT_SPAN}|{ENDS}))", re.I)
PRONOUN = re.compile(rf"\b(?:he'?s|she'?s|he is|she is|er ist|sie ist|er is|sie is|er wird|sie wird|il a|elle a|(?:él|ella) tiene|"
                     rf"(?:ele|ela) tem|(?:lui|lei) ha)\s+(?:(?:now|already|just|jetzt|schon|déjà|ya|já|già)\s+)?(\d{{1,2}})(?:\s*{UNIT}\b{NOT_SPAN}|{ENDS})", re.I)
SHARED = re.compile(rf"(?:^|\s)(?:de|di|da|aged|of|von|,)?\s*(\d{{1,2}})\s*{UNIT}\s*[,:]?\s*"
                    rf"(?:(?:(?:a|o|la|el|il|le|and|und|et|y|e)\s+)|(?-i:[A-ZÀ-Ý][\w'’-]+)[\s,]*)*$", re.I)


def age_of(s: str, name: str, start: int, end: int, alone: bool) -> str | None:
    """The age said of the name at s[start:end], before the next name (end of its segment); or in a pronoun clause
    when it is the only name; or before the names when one age is said for all of them."""
    if (m := AFTER_NAME.match(s[start + len(name):end])):
        return m.group(1) or m.group(2)
    if alone and (m := PRONOUN.search(s, start)):
        return m.group(1)
    if (m := SHARED.search(s[max(0, start - 40):start])) and not rx.search(r"\d", s[start:end]):
        return m.group(1)
    return None


def with_ages(s: str, found: list[Found]) -> list[Found]:
    """The relative and pet facts of one sentence, each with the age said for its name ('Pablo' -> 'Pablo, 9')."""
    s = with_digits(s)
    named = [(f, m.start()) for f in found if f[0].startswith(("relative:", "pet:")) and f[1][:1].isupper()
             and (m := rx.search(rf"(?<![\w-]){re.escape(f[1])}(?![\w-])", s))]
    starts = sorted(at for _, at in named)
    out = []
    for f in found:
        at = next((a for g, a in named if g is f), None)
        end = next((a for a in starts if at is not None and a > at), len(s))
        age = age_of(s, f[1], at, end, len(named) == 1) if at is not None else None
        if age and 0 < int(age) <= 110:
            who = f[0].split(":")[1]
            f = (f[0], f"{f[1]}, {age}", f"The user's {who} {f[1]} is {age} years old.")
        out.append(f)
    return out

"""The user's age: 'I'm 34', 'ich bin 52 geworden', "j'ai 41 ans", 'tengo 27, mido 1,80', '36 anni, Bergamo',
'… ich bin Kinderärztin in Graz und 58 Jahre alt'. Not a measure ('I'm 1.85 m'), not someone else's ('abbiamo un
figlio, 3 anni'), not a hypothetical ('if I were 30')."""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.lexicon import PETS, RELATIVES, alternation
from course_lib.model.offline.lang.numbers import with_digits

Found = tuple[str, str, str]
REL = alternation(RELATIVES)
PET = alternation(PETS)
AGE_SAID = [r"\b(?:i['’]m|(?-i:Im)|i am)\s+(\d{1,3})(?!\.\s*[A-ZÄÖÜ])(?: years? old| yo| y/o)?(?: now| already| today| this year)?(?=\s*(?:[.!,;]|$|and\b|but\b|btw\b|fyi\b|by the way\b|lol\b|not \d))", r"\b(\d{1,3}) years? old\b",
            r"\bi (?:just |recently )?turned (\d{1,3})\b", r"\bich bin (?:gerade |letzte woche |letzten monat )?(\d{1,3}) geworden\b",
            r"\bje viens d'avoir (\d{1,3}) ans\b", r"\b(?:acabo de cumplir|cumpl[íi]) (\d{1,3})\b", r"\b(?:acabei de fazer|fiz) (\d{1,3}) anos\b",
            r"\bho (?:appena )?compiuto (\d{1,3}) anni\b",
            r"(?:\bich |\b(?:und|aber) |^\W*)bin (?:übrigens |schon |jetzt |auch )?(\d{1,3})(?: jahre alt)?\b(?!\s*(?:euro|€|uhr|%|kg|km|minuten|stunden))",
            r"(?:^\W*|,\s*)(?:tengo|tenho|j'ai) (\d{1,2})(?=\s*(?:[,;.!]|$| (?:y|e|et|and)\b))",  # 'tengo 27, mido 1,80': a bare number
            r"\b(?:und|and|et|y|e) (\d{1,2}) (?:jahre alt|years old|ans|años|anos|anni)(?=\s*(?:[,;.!]|$))",  # '… ich bin Ärztin in Graz und 58 Jahre alt'
            r"(?:^|,\s*)(\d{1,2}) (?:ans|años|anos|anni|jahre?)(?: alt| jung)?(?=\s*(?:[,;.!\u2600-\u27bf\U0001f300-\U0001faff]|$| (?:et|y|e|und|and) (?!demi|medio|meio|mezzo|halb)))", r"\bj'ai (\d{1,3}) (?:ans|piges|balais)\b", r"\btengo (\d{1,3}) años\b",
            r"\btenho (\d{1,3}) anos\b", r"\bho (\d{1,3}) anni\b",
            r"\b(?:tengo|aggio) (\d{1,3}) anni\b",  # Neapolitan 'tengo 42 anni'
            r"\b(\d{1,3}) years of age\b|\b[âa]g[ée]e? de (\d{1,3}) ans\b|\bde (\d{1,3}) (?:años|anos) de edad\b",  # 'âgée de 72 ans'
            r"(?:^\W*|,\s*)(\d{2})(?:i|\s+jahr)?(?=\s*(?:,|$| (?:und|and|et|y|e)\b))"]  # 'im sam, 29, livin …', 'ich bi de Reto, 38i, und …'
AFTER_INTRO = len(AGE_SAID) - 1  # the last pattern, ', 29,' alone: only after the speaker's own copula or naming verb
BARE_AGES = (1, 9, 10, 11, AFTER_INTRO - 1, AFTER_INTRO)  # a number with no verb: only when no relative or pet is named before it
AFTER_AND = 10  # '… und 58 Jahre alt': only after the speaker's own copula


def found_age(s: str) -> list[Found]:
    """'I'm 34 years old', 'I turned 40 last month' -> age (1 to 120 only; '20 euros' is no age; not someone else's)."""
    if rx.search(r"\b(?:if|wenn|si|se)\b", s, re.I) and rx.search(r"\b(?:would|'d|wäre|serais|sería|seria|sarei)\b", s, re.I):
        return []
    s = with_digits(s)
    for i, p in enumerate(AGE_SAID):
        m = rx.search(p, s, re.I)
        if m and i in BARE_AGES and rx.search(rf"\b(?:{REL}|{PET})s?\b", s[:m.start()], re.I):
            continue  # 'abbiamo un figlio, 3 anni': the child's age
        if m and i in (AFTER_AND, AFTER_INTRO - 1) and not rx.search(r"\b(?:i'?m|i am|ich bin|je suis|soy|sou|sono)\b", s[:m.start()], re.I):
            continue  # '… und 58 Jahre alt', 'âgée de 72 ans' after the speaker's own 'ich bin', not 'Nicola e Sara, 9 e 7 anni'
        if m and i == AFTER_INTRO and not rx.search(r"\b(?:i'?m|i am|ich bin|bin|je suis|moi c'?(?:est)?|soy|sou|sono|me llamo|me chamo|"
                                                    r"mi chiamo|je m'appelle|ich hei(?:ß|ss)e|my name is)\b", s[:m.start()], re.I):
            continue  # 'tengo 26, 19' is no introduction; 'soy dani, 26, de Málaga' is
        if m and rx.match(r"[.,]\d|\s*(?:m|cm|kg|km|ft|lbs?|kilos?|metres?|meters?|mètres?|metros?|metri)\b", s[m.end(next(k for k, g in enumerate(m.groups(), 1) if g)):], re.I):
            continue  # 'I'm 1.85 m tall', 'ich bin 1,70', 'sono 60 kg': a measure, not an age
        age = next((g for g in m.groups() if g), None) if m else None
        if age and 1 <= int(age) <= 120:
            return [("age", age, f"The user is {age} years old.")]
    return []

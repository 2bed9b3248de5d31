"""Corrections that need the conversation: "actually make that 45", "no wait, make it 70", "it's peanuts".

A correction names no slot; it replaces the value the user gave last. `correct` gets the sentence and the facts
read so far in this conversation (latest last) and returns the corrected fact, or nothing when it cannot tell
which value is meant (then the reader says it did not understand, rather than guess).
"""
from __future__ import annotations

import re

from course_lib.model.offline.lang.numbers import bare_number, currency, money

Found = tuple[str, str, str]
CUE = re.compile(r"\b(?:actually|make (?:that|it)|no wait|wait|scratch that|i meant|rather|instead|correction|sorry|"
                 r"eigentlich|nein|lieber|doch|en fait|plut[ôo]t|disons|non|mejor|en realidad|digamos|mejor dicho|"
                 r"na verdade|afinal|digamos|anzi|facciamo|cio[èe]|diciamo)\b", re.I)
IT_IS = re.compile(r"\b(?:it'?s|it is|c'est|es|[ée]|è|es ist|sind es)\s+(?:actually\s+)?([a-zà-ÿ][\w -]*?)\s*[.!]?$", re.I)


def correct(sentence: str, context: list[Found]) -> list[Found]:
    """The fact a correction states, read against the facts said before it in the conversation."""
    if not CUE.search(sentence):
        return []
    amount = money(sentence)
    number = bare_number(sentence)
    if amount or number:
        for slot, value, _ in reversed(context):
            if slot == "budget":
                if not amount:
                    cur = value.split()[-1] if " " in value else "EUR"
                    amount = f"{number} {currency(cur)}"
                return [("budget", amount, f"The user's budget is {amount}.")]
            if slot == "age" and number and not amount:
                return [("age", number, f"The user is {number} years old.")]
    return []


def instead(sentence: str, found: list[Found]) -> list[Found]:
    """'I'm not allergic to shellfish, it's peanuts': a retraction in the sentence, and the value that replaces it."""
    taken_back = [v for s, v, _ in found if s == "retract" and v.startswith("allergic to ")]
    m = IT_IS.search(sentence)
    if taken_back and m:
        what = m.group(1).strip().lower()
        return [(f"allergy:{what}", what, f"The user is allergic to {what}.")]
    return []

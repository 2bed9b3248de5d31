"""Party sizes for a booking that amounts.py leaves to the agent, in six languages.

    other_sizes("só eu")                 == {1}    # "solo io", "nur ich", "juste moi": a party of one
    other_sizes("vamos em 4")            == {4}    # "siamo in due", ", in due"
    other_sizes("saremo io e loro due")  == {3}    # "me and the other two": the number and the speaker
    other_sizes("arrivo in 10 minuti")   == set()  # "in" + a number of minutes, hours, days is no party
"""
from __future__ import annotations

import re

from course_lib.model.amounts import GROUP_NOUN, SMALL_NUMBER, number

ONLY_ME = re.compile(r"(?i:\b(?:só eu|somente eu|apenas eu|eu sozinh[oa]|solo yo|yo sol[oa]|solo io|io da sol[oa]|"
                     r"nur ich|ich allein|juste moi|moi seul\w*|rien que moi|alone|by myself|on my own)\b)"
                     r"(?!\s+(?:and|und|et|y|e|com|con|mit|with|avec)\b)")  # "só eu", "solo io": a party of one
WE_IN_N = re.compile(rf"(?i:\b(?:(?:vamos|somos|seremos|estaremos|vimos|iremos)\s+em|(?:siamo|saremo|veniamo|andiamo)\s+in|"
                     rf"(?<!\w )in)\s+({SMALL_NUMBER})(?!\w)(?!\s*(?:ore|minut\w*|giorn\w*|settiman\w*|mes\w*|anni|"
                     rf"hours?|minutes?|days?|weeks?|horas?|dias?|semanas?|\d|:)))")  # "vamos em 4", "in due": a size
ME_AND_N = re.compile(rf"(?i:\b(?:me|i|io|eu|yo|moi|ich)\s+(?:and|e|y|et|und)\s+(?:(?:the|die|les|los|las|os|as|i|le)\s+)?"
                      rf"(?:loro|them|ellos|ellas|eux|elles|sie|eles|elas|other|outros|otros|altri|anderen|autres)?\s*"
                      rf"({SMALL_NUMBER})\b(?!\s*(?:{GROUP_NOUN}|h\b|uhr|:)))")  # "io e loro due", "me and the other two": N + 1


def other_sizes(part: str) -> set[int]:
    """Party sizes amounts.py leaves to the agent: "só eu" / "solo io" (1), "vamos em 4" / "in due" (the number),
    "io e loro due" / "me and the other two" (the number and the speaker)."""
    sizes = {1} if ONLY_ME.search(part) else set()
    sizes |= {n for n in (number(m.group(1)) for m in WE_IN_N.finditer(part)) if n and n <= 20}
    return sizes | {n + 1 for n in (number(m.group(1)) for m in ME_AND_N.finditer(part)) if n and n < 20}

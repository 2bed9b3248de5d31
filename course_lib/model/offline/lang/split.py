"""Sentence splitting for the language layer: at . ! ? ; and line breaks, before a Spanish '¿' after a comma, never
inside a number, after a title or inside a German date ('am 14. Februar')."""
from __future__ import annotations

import re

from course_lib.model.dates import MONTH

STARTS = (r"i|i'm|ich|je|j'|yo|eu|io|we|wir|nous|my|mein|meine|mon|ma|mi|meu|minha|il|the|der|die|das|le|la|el|o|a|"
          r"and|und|et|y|e|but|aber|mais|pero|mas|ma|also|then|dann|puis|luego|depois|poi|it|es|c'est|this|that|thanks|danke|merci|"
          r"gracias|obrigad[oa]|grazie|ok|okay|oh|ah|btw|ps|p\.s")
BREAK = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bProf\.)(?<!\bDra\.)(?<!\bMme\.)(?<!\bSra\.)(?<!\bSr\.)(?<!\bDott\.)(?<!\bSt\.)(?<!\bmax\.)(?<!\bmáx\.)(?<!\bmin\.)(?<!\bca\.)(?<!\bapprox\.)(?<!\bz\.B\.)(?<=[.!?;…])\s+(?=\S)(?<!\d\.\s)"
                   rf"|(?<=\d\.)(?<!\b\d\.)(?<!\b\d\d\.)\s+(?!(?:{MONTH})\b)(?=\S)"  # '14. Februar' is a date
                   rf"|(?:(?<=\b\d\.)|(?<=\b\d\d\.))\s+(?=(?:{STARTS})\b|[^\w\s]|\d)"  # '12. Woche' an ordinal, '34. I' two sentences
                   r"|\n+|(?<=[.!?])(?=[A-ZÀ-Ý¿¡])"
                   r"|(?<=[,;:])\s*(?=¿)", re.I)  # 'Soy celíaca, ¿sabés si …?': the Spanish question opens where its ¿ is
TRIM = " \t\r\n-•*\"'“”"


def split(text: str) -> list[str]:
    """The sentences of a message, bullets and quotes trimmed ('12.50 EUR. Thanks!' -> ['12.50 EUR.', 'Thanks!'])."""
    return [p.strip(TRIM) for p in BREAK.split(text or "") if p and p.strip(TRIM)]

"""Sentence splitting for the language layer: at . ! ? ; and line breaks, never inside a number, after a title or
inside a German date ('am 14. Februar')."""
from __future__ import annotations

import re

from course_lib.model.dates import MONTH

BREAK = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bProf\.)(?<!\bSt\.)(?<=[.!?;…])\s+(?=\S)(?<!\d\.\s)"
                   rf"|(?<=\d\.)\s+(?!(?:{MONTH})\b)(?=\S)|\n+|(?<=[.!?])(?=[A-ZÀ-Ý¿¡])", re.I)  # '14. Februar' is a date
TRIM = " \t\r\n-•*\"'“”"


def split(text: str) -> list[str]:
    """The sentences of a message, bullets and quotes trimmed ('12.50 EUR. Thanks!' -> ['12.50 EUR.', 'Thanks!'])."""
    return [p.strip(TRIM) for p in BREAK.split(text or "") if p and p.strip(TRIM)]

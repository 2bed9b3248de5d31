"""Sentence splitting for the language layer: at . ! ? ; and line breaks, never inside a number or after a title."""
from __future__ import annotations

import re

BREAK = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bProf\.)(?<!\bSt\.)(?<=[.!?;…])\s+(?=\S)|\n+|(?<=[.!?])(?=[A-ZÀ-Ý¿¡])")
TRIM = " \t\r\n-•*\"'“”"


def split(text: str) -> list[str]:
    """The sentences of a message, bullets and quotes trimmed ('12.50 EUR. Thanks!' -> ['12.50 EUR.', 'Thanks!'])."""
    return [p.strip(TRIM) for p in BREAK.split(text or "") if p and p.strip(TRIM)]

"""Splitting text into sentences, the unit every offline rule reads."""
from __future__ import annotations

import re

from course_lib.model import rx

SENTENCE_BREAKS = r"(?<=[.!?])\s+|\n+"  # after . ! ? and at line breaks
CLAUSE_BREAKS = r"(?<=[.!?;])\s+|\s+(?:and|but) (?=i\b|i'|my\b)"  # also at ; and at "… and I / but my …"
TRIM = " \t\r\n-•*"  # list bullets and surrounding space


def sentences(text: str, breaks: str = SENTENCE_BREAKS) -> list[str]:
    """The non-empty sentences of `text`, split where the `breaks` pattern matches, bullets trimmed."""
    return [p.strip(TRIM) for p in rx.split(breaks, text, flags=re.I) if p.strip(TRIM)]

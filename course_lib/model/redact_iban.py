"""IBANs: a candidate by its shape (two letters, two check digits, then 11 to 30 letters and digits, grouped by spaces,
dashes, slashes or dots), kept as an IBAN only if some prefix of it passes the mod-97 check of ISO 13616-1.

A page can hold an IBAN-shaped group every few characters ("AB12 3456 CD34 …"), and each is a candidate, so the check
of one candidate is a single pass over its characters (`longest_iban`), not one big-number conversion per prefix.
"""
from __future__ import annotations

import re
from functools import lru_cache

IBAN = re.compile(r"\b[A-Za-z]{2}\d{2}(?:[^\S\n]?[-/.]?[A-Za-z0-9]){11,30}")  # grouped by spaces, dashes, slashes, dots
IBAN_SEP = re.compile(r"[\s/.-]")
LETTER_VALUES = str.maketrans({c: str(ord(c) - 55) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"})  # A=10 … Z=35


def iban_ok(iban: str) -> bool:
    """The mod-97 check of an IBAN (spaces, dashes, slashes and dots ignored, any case): the first four characters
    moved to the end, letters as 10 … 35, the number mod 97 is 1 (ISO 13616-1)."""
    s = IBAN_SEP.sub("", iban).upper()
    if not 15 <= len(s) <= 34 or not s.isalnum() or not s.isascii():
        return False
    return int((s[4:] + s[:4]).translate(LETTER_VALUES)) % 97 == 1


STEP_97 = {c: (100 if c.isalpha() else 10, int(c, 36)) for c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"}  # c -> (10 ** its
# length as digits, its value): appending c to a number n makes n * 10 ** length + value (letters are two digits)


@lru_cache(maxsize=4096)  # a page repeating one IBAN-shaped string asks the same question again and again
def longest_iban(candidate: str) -> int:
    """The length of the longest prefix of `candidate` (an IBAN match) that ends in a letter or digit and passes
    `iban_ok`, or 0. One pass: the remainder mod 97 of every prefix of the body (after the first four characters)
    is carried along, and a prefix passes when that remainder, with the first four characters appended, is 1."""
    clean = IBAN_SEP.sub("", candidate).upper()  # the letters and digits (an IBAN match holds only those and separators)
    if not clean[:4].isascii():
        return 0
    head = clean[:4].translate(LETTER_VALUES)
    shift = pow(10, len(head), 97)
    target = (1 - int(head)) * pow(shift, -1, 97) % 97  # body % 97 must be this for body + head to be 1 mod 97
    best, rest = 0, 0
    for n in range(5, min(len(clean), 34) + 1):  # the prefix clean[:n]; 15 characters at least
        mul, value = STEP_97[clean[n - 1]]
        rest = (rest * mul + value) % 97
        if rest == target and n >= 15:
            best = n
    if not best:
        return 0
    return ALNUM_PREFIX[best].match(candidate).end()  # where its best-th letter or digit ends


ALNUM_PREFIX = {n: re.compile(rf"(?:[\s/.-]*[^\s/.-]){{{n}}}") for n in range(15, 35)}  # n letters or digits


def redact_ibans(text: str, found: list[str]) -> str:
    """Replace IBANs that pass the mod-97 check (the longest valid prefix of each candidate, then scan on after it)."""
    out, pos = [], 0
    while (m := IBAN.search(text, pos)) is not None:
        length = longest_iban(m.group(0))
        end = m.start() + length if length else None
        out.append(text[pos:m.start()] + ("[REDACTED IBAN]" if end else text[m.start()]))
        pos = end or m.start() + 1
        if end:
            found.append("iban")
    return "".join(out) + text[pos:]

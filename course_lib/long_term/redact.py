"""Redaction: secrets (passwords, card numbers, IBANs, API keys, tokens) become [REDACTED …] before anything is stored."""
from __future__ import annotations

import re

# -- secrets ------------------------------------------------------------------------------------------
# "my password is …", "the password for my bank is …", "pw: …": redact from the keyword's value to the clause end.
PASSWORD = re.compile(r"(\b(?:password|passwort|passphrase|passcode|pwd?|pin|secret)s?\b"  # the keyword
                      r"(?:\s+[^\s.,;:!?=]+){0,5}?"                                         # 'for my bank'
                      r"(?:\s+is\s+|\s*[:=]\s*|\s+-\s+))"                                   # is / : / = / -
                      r"(?!\[REDACTED)[^\n]+?(?=[.,;!?]+(?:\s|$)|\s*$|\n)", re.I)            # up to the clause end
SECRET_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("api_key", re.compile(r"\b(?:sk|rk)[-_](?:live_|test_)?[A-Za-z0-9_-]{6,}")),
    ("api_key", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,})")),
    ("aws_key", re.compile(r"\bAKIA[0-9A-Z]{16}\b")),
    ("token", re.compile(r"\beyJ[\w-]+\.[\w-]+\.[\w-]+")),  # a JWT
    ("token", re.compile(r"\b[0-9a-fA-F]{32,}\b")),
    ("token", re.compile(r"\b(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[A-Za-z])[A-Za-z0-9+/_-]{32,}={0,2}")),
]
NUMBER_RUN = re.compile(r"(?<!\d)\d+(?:[ .-]{1,3}\d+)*")  # digit groups joined by spaces, dashes or dots
IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}")


def luhn_ok(digits: str) -> bool:
    """The Luhn checksum that card numbers satisfy."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def iban_ok(iban: str) -> bool:
    """The mod-97 check of an IBAN (spaces ignored): country and check digits moved to the end, letters as 10..35."""
    s = iban.replace(" ", "").upper()
    if not 15 <= len(s) <= 34:
        return False
    return int("".join(str(int(ch, 36)) for ch in s[4:] + s[:4])) % 97 == 1


def redact_ibans(text: str, found: list[str]) -> str:
    """Replace IBANs that pass the mod-97 check (the longest valid prefix of each candidate)."""
    def sub(m: re.Match[str]) -> str:
        for end in range(len(m.group(0)), 14, -1):
            if iban_ok(m.group(0)[:end]):
                found.append("iban")
                return "[REDACTED IBAN]" + m.group(0)[end:]
        return m.group(0)
    return IBAN.sub(sub, text)


def redact_cards(text: str, found: list[str]) -> str:
    """Replace card numbers: each run of digit groups is tried at every start and end group (13–19 digits, Luhn)."""
    def sub(m: re.Match[str]) -> str:
        run = m.group(0)
        groups = [(g.start(), g.end()) for g in re.finditer(r"\d+", run)]
        hit: set[int] = set()  # groups inside some Luhn-valid candidate
        for i in range(len(groups)):
            for j in range(i, len(groups)):
                number = "".join(run[a:b] for a, b in groups[i:j + 1])
                if 13 <= len(number) <= 19 and luhn_ok(number):
                    hit.update(range(i, j + 1))
        spans: list[tuple[int, int]] = []  # neighbouring hit groups become one span
        for i in sorted(hit):
            if i - 1 in hit:
                spans[-1] = (spans[-1][0], groups[i][1])
            else:
                spans.append(groups[i])
        for a, b in reversed(spans):  # from the right, so earlier offsets stay valid
            run = run[:a] + "[REDACTED CARD_NUMBER]" + run[b:]
            found.append("card_number")
        return run
    return NUMBER_RUN.sub(sub, text)


def redact_secrets(text: str) -> tuple[str, list[str]]:
    """Replace passwords, IBANs, card numbers, API keys and tokens by [REDACTED …]; also list what was found."""
    found: list[str] = []

    def password(m: re.Match[str]) -> str:
        found.append("password")
        return m.group(1) + "[REDACTED PASSWORD]"

    clean = PASSWORD.sub(password, text)
    clean = redact_cards(redact_ibans(clean, found), found)
    for kind, pattern in SECRET_PATTERNS:
        def sub(m: re.Match[str], kind: str = kind) -> str:
            found.append(kind)
            return f"[REDACTED {kind.upper()}]"
        clean = pattern.sub(sub, clean)
    return clean, found

"""Redaction for everything a long-term store keeps: `redact_secrets(text) -> (clean_text, kinds_found)` and
`redact_value(value, key)` for structured values (profile facts, episodic payloads, logged tool arguments).

The text rules live one layer down, in `course_lib.model.redact`, so that short-term memory (the summary
buffer) can redact with the same rules. A secret can also be marked only by its *key*: {"password": "hunter2"}
says nothing secret in its value alone. `redact_value` therefore replaces every value under a key that names a
secret (password, pin, token, api_key, ssn, iban, card_number …, in any case, with _ - . or camelCase between
words, also nested) by `[REDACTED <KEY WORD>]`, and runs the text rules over every other string.
"""
from __future__ import annotations

import re
from typing import Any

from course_lib.model.redact import redact_secrets

__all__ = ["redact_value", "secret_key"]

# one word of a key is enough: "user_password", "pinCode", "X-Auth-Token"
SECRET_WORDS = {"password", "passwords", "passwd", "passphrase", "passcode", "pwd", "pw", "pin", "cvv", "cvc", "otp",
                "token", "secret", "credential", "credentials", "cookie", "ssn", "passport", "iban", "kennwort",
                "passwort", "contraseña", "contrasena", "senha", "geheimzahl", "mdp", "authorization"}
# or two words together: "api_key", "cardNumber", "sort-code"
SECRET_PAIRS = ("apikey", "privatekey", "accesskey", "secretkey", "cardnumber", "accountnumber", "routingnumber",
                "sortcode", "taxid", "nationalid", "doorcode", "securitycode", "authtoken", "sessionkey", "motdepasse")
KEY_WORDS = re.compile(r"[A-Z]?[a-zà-ÿ0-9]+|[A-Z]+(?![a-z])")


def secret_key(key: Any) -> str | None:
    """The word that makes `key` name a secret ('password' for 'user_Password'), or None for an ordinary key."""
    if not isinstance(key, str):
        return None
    parts = [w.lower() for w in KEY_WORDS.findall(key)]
    hit = next((w for w in parts if w in SECRET_WORDS), None)
    joined = "".join(parts)
    return hit or next((p for p in SECRET_PAIRS if p in joined), None)


def redact_value(value: Any, key: Any = None) -> Any:
    """`value` as it may be stored: everything under a secret key replaced, every other string redacted (also
    inside lists and dicts, whose keys are checked the same way)."""
    word = secret_key(key)
    if word is not None:
        return _blank(value, f"[REDACTED {word.upper()}]")
    if isinstance(value, str):
        return redact_secrets(value)[0]
    if isinstance(value, (list, tuple)):
        return [redact_value(v) for v in value]
    if isinstance(value, dict):
        return {k: redact_value(v, k) for k, v in value.items()}
    return value


def _blank(value: Any, mark: str) -> Any:
    if isinstance(value, dict):
        return {k: _blank(v, mark) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_blank(v, mark) for v in value]
    return None if value is None else mark

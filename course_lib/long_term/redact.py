"""Redaction for everything a long-term store keeps: `redact_secrets(text) -> (clean_text, kinds_found)`.

The rules live one layer down, in `course_lib.model.redact`, so that short-term memory (the summary
buffer) can redact with the same rules; this module is where the long-term stores and the write path
import them from.
"""
from __future__ import annotations

from course_lib.model.redact import RULES, iban_ok, luhn_ok, redact_secrets

__all__ = ["RULES", "iban_ok", "luhn_ok", "redact_secrets"]

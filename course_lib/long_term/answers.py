"""What a model answered, made usable: the JSON object in its reply, numbers clamped, labels cleaned.

A live model wraps JSON in prose or ``` fences, writes numbers as text and pads labels with spaces; the offline
model does none of that, but every caller parses as if it might. A clear error says what was wrong.
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model.lazy import get_model


class ModelOutputError(ValueError):
    """The model answered, but not with the JSON the task asked for."""


def parse_json(text: str) -> dict[str, Any]:
    """The first JSON object in a model's answer (which may wrap it in prose or ``` fences)."""
    if not isinstance(text, str) or not text.strip():
        raise ModelOutputError("the model's answer is empty; expected a JSON object")
    cleaned = re.sub(r"```(?:json)?", "", text)
    decoder = json.JSONDecoder()
    for start in [m.start() for m in re.finditer(r"\{", cleaned)]:
        try:
            obj, _ = decoder.raw_decode(cleaned[start:])
        except json.JSONDecodeError:
            continue
        if isinstance(obj, dict):
            return obj
    raise ModelOutputError(f"no JSON object in the model's answer: {text[:200]!r}")


def ask_json(messages: list[dict[str, Any]], model: Any = None) -> dict[str, Any]:
    """Send a rendered template and parse the JSON object it answers with."""
    return parse_json(get_model(model).complete(messages, temperature=0))


def clamp01(value: Any, what: str) -> float:
    """A number from the model, clamped to [0, 1]."""
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ModelOutputError(f"{what} must be a number from 0 to 1, the model said {value!r}") from None
    return min(1.0, max(0.0, x))


def label(value: Any) -> str | None:
    """A subject or value from a model's answer as clean text (None for nothing, or for a non-text answer)."""
    return " ".join(value.split()) or None if isinstance(value, str) else None

"""Argument checks for the whole library: each returns the clean value or raises an error that names the
argument and says what to pass instead. Callers check *before* changing anything.

One number policy, everywhere (scoring, short-term and long-term memory, the agent):
- a number is anything on Python's number tower (`numbers.Real`), so numpy scalars (`np.float32(0.5)`,
  `np.int64(3)`) are numbers; booleans are not (`True` is a flag, never 1);
- a whole number (`k`, `max_tokens`, `max_steps`) is an `numbers.Integral`, not a float that happens to be whole
  (2.0 is refused: it is usually a computed value that was meant to be rounded);
- NaN is never a valid number; infinity only where a check says so.
"""
from __future__ import annotations

import json
import math
import numbers
from datetime import datetime
from typing import Any

import numpy as np


def check_user(user_id: Any) -> str:
    """Return `user_id` if it is a non-empty string, else raise a clear error."""
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValueError(f"user_id must be a non-empty string (whose memories these are), got {user_id!r}")
    return user_id


def is_number(x: Any) -> bool:
    """True for ints and floats, numpy's included; False for bools."""
    return isinstance(x, numbers.Real) and not isinstance(x, (bool, np.bool_))


def is_whole(x: Any) -> bool:
    """True for ints, numpy's included; False for bools and for floats (also 2.0)."""
    return isinstance(x, numbers.Integral) and not isinstance(x, (bool, np.bool_))


def check_number(x: Any, name: str, low: float | None = None, high: float | None = None, *,
                 low_open: bool = False, hint: str = "") -> float:
    """`x` as a float if it is a number (not NaN) with low <= x <= high (low < x with `low_open`), else raise
    a ValueError naming `name`, the allowed range and `hint` (an example of a good value)."""
    ok = is_number(x) and not math.isnan(float(x))
    if ok and low is not None:
        ok = float(x) > low if low_open else float(x) >= low
    if ok and high is not None:
        ok = float(x) <= high
    if not ok:
        raise ValueError(f"{name} must be a number{_range(low, high, low_open)}{hint}, got {x!r}")
    return float(x)


def check_whole(x: Any, name: str, low: int | None = 1, high: int | None = None, hint: str = "") -> int:
    """`x` as an int if it is a whole number with low <= x <= high, else raise a ValueError naming `name`."""
    if not is_whole(x) or (low is not None and x < low) or (high is not None and x > high):
        raise ValueError(f"{name} must be a whole number{_range(low, high, False)}{hint}, got {x!r}")
    return int(x)


def check_flag(x: Any, name: str) -> bool:
    """`x` if it is True or False (numpy's bool too), else raise: 0, 1 and "yes" are not flags."""
    if not isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {x!r}")
    return bool(x)


def _range(low: float | None, high: float | None, low_open: bool) -> str:
    """' in (0, 1]', ' from 0 to 1', ' >= 1', ' <= 20' or ''."""
    if low is not None and high is not None:
        return f" in ({low}, {high}]" if low_open else f" from {low} to {high}"
    if low is not None:
        return f" {'>' if low_open else '>='} {low}"
    return "" if high is None else f" <= {high}"


def check_importance(importance: Any, name: str = "importance") -> float:
    """Return importance as a float in [0, 1], else raise."""
    if not is_number(importance) or not 0 <= float(importance) <= 1:
        raise ValueError(f"{name} must be a number from 0 to 1 (e.g. 0.9 for an allergy), got {importance!r}")
    return float(importance)


def check_text(text: Any, name: str = "text") -> str:
    """Return text stripped if it is a non-empty string, else raise."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{name} must be a non-empty string, got {text!r}"
                         + ("; pass one string, not a list" if isinstance(text, (list, tuple)) else ""))
    return text.strip()


def check_texts(texts: Any, name: str = "texts") -> list[str]:
    """Return a list of clean texts; a single string is refused (it would be stored letter by letter)."""
    if isinstance(texts, str) or not isinstance(texts, (list, tuple)):
        raise TypeError(f"{name} must be a list of strings, got {type(texts).__name__} {texts!r:.60}; "
                        "for one memory use remember(user_id, text)")
    if not texts:
        raise ValueError(f"{name} is empty; pass at least one string")
    return [check_text(t, f"{name}[{i}]") for i, t in enumerate(texts)]


def check_numbers(values: Any, n: int, name: str, check: Any, default: float) -> list[float]:
    """One number per text (each passed through `check`), or `default` for every text when None."""
    if values is None:
        return [default] * n
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"{name} must be a list of numbers (one per text), got {values!r}")
    if len(values) != n:
        raise ValueError(f"{name} has {len(values)} values for {n} texts; give one per text")
    return [check(x, f"{name}[{i}]") for i, x in enumerate(values)]


def check_k(k: Any) -> int:
    """Return k as an int >= 1, else raise."""
    return check_whole(k, "k", 1, hint=" (how many memories to return)")


def check_optional_number(x: Any, name: str) -> float | None:
    """None, or a finite number."""
    if x is None:
        return None
    if not is_number(x) or not math.isfinite(float(x)):
        raise ValueError(f"{name} must be a finite number or None, got {x!r}")
    return float(x)


def check_when(when: Any, name: str) -> datetime | None:
    """None, or a timezone-aware datetime (naive ones cannot be compared with the course clock)."""
    if when is None:
        return None
    if not isinstance(when, datetime):
        raise TypeError(f"{name} must be a datetime (e.g. clock.now() + timedelta(days=1)) or None, got {when!r}")
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got the naive {when!r}; "
                         "add a timezone, e.g. when.replace(tzinfo=timezone.utc)")
    return when


def check_str(value: Any, name: str) -> str:
    """A non-empty string, else raise."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty string, got {value!r}")
    return value


def check_links(links: Any) -> list[str]:
    """A list of memory ids (strings); a single string is refused."""
    if isinstance(links, str) or not hasattr(links, "__iter__"):
        raise TypeError(f"links must be a list of memory ids, got {links!r}")
    links = list(links)
    if not all(isinstance(x, str) and x for x in links):
        raise ValueError(f"links must be memory ids (non-empty strings), got {links!r}")
    return links


def check_metadata(metadata: Any, reserved: frozenset[str]) -> dict[str, Any]:
    """A JSON-ready dict with string keys, none of them reserved for the store's own bookkeeping."""
    if metadata is None:
        return {}
    if not isinstance(metadata, dict) or not all(isinstance(k, str) for k in metadata):
        raise TypeError(f"metadata must be a dict with string keys, got {metadata!r:.80}")
    clash = sorted(set(metadata) & reserved)
    if clash:
        raise ValueError(f"metadata keys {clash} are reserved (ownership and bookkeeping are set by the store, "
                         "never by the caller); rename them")
    check_json(metadata, "metadata")
    return dict(metadata)


def check_json(value: Any, name: str) -> None:
    """Raise unless `value` is plain JSON (no NaN, no objects)."""
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise TypeError(f"{name} must hold only JSON values (str, number, bool, None, list, dict): {e}") from None


def check_vectors(vectors: np.ndarray, n: int) -> np.ndarray:
    """Embeddings from the model: shape (n, d) and every value finite."""
    if vectors.ndim != 2 or len(vectors) != n:
        raise ValueError(f"the model's embed() returned shape {vectors.shape} for {n} texts; "
                         "pass a model whose embed(texts) returns one vector per text")
    bad = ~np.isfinite(vectors).all(axis=1)
    if bad.any():
        raise ValueError(f"the model's embed() returned NaN or infinite values for text #{int(np.flatnonzero(bad)[0])}; "
                         "nothing was stored. Check the model (or pass a different one)")
    return vectors

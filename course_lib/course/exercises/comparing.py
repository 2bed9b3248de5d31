"""What counts as the right answer, and how a wrong one is described: the course's one value policy.

The policy, per kind of value (every check compares through `close`, so it holds in every lesson):
  numbers   compared by value within a tolerance: 2, 2.0 and numpy.float64(2.0) are the same number;
            a bool is not a number (True is not 1) and neither is a numeric string ("2" is not 2).
  bool      where True/False is asked, a bool (or numpy.bool_): None, 0 or a truthy object is refused,
            because callers write `if result is False` and store it as JSON true/false.
  list      where a list is asked, any sequence compared item by item: a list, a tuple or a 1-D numpy
            array (all three index, iterate and unpack alike); a set, dict, generator or string is refused
            with its type named (no order, no length, or not items at all). The same for a tuple-shaped
            record such as a pair (old, recent). Returning the very list it was given is refused (alias).
  dict      a dict with exactly the expected keys, each value by these rules.
  str       the exact text: case and surrounding spaces count, unless an exercise says otherwise.
  None      only None (not 0, "" or []).
Items inside lists, tuples and dicts follow the same rules.
"""
from __future__ import annotations

import datetime
import math
import numbers
import re
import types
from collections.abc import Iterator, Mapping
from typing import Any, Callable

import numpy as np


class Wrong(Exception):
    """Raised inside a check to say the learner's code is wrong; the message is shown to them."""


# --------------------------------------------------------------------------- rendering values

def fmt(value: Any) -> str:
    """A short, deterministic rendering of a value for messages."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return f"{float(value):.6g}"
    if isinstance(value, str):
        return repr(value if len(value) <= 80 else value[:77] + "...")
    if isinstance(value, (datetime.date, datetime.time)):  # 2026-03-05T09:00:00+00:00, not datetime.datetime(...)
        return value.isoformat()
    if isinstance(value, np.ndarray):
        return f"array({fmt(value.tolist())})" if value.ndim == 1 and value.size <= 8 else f"<{value.shape} array>"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(fmt(v) for v in value)) + "}"  # sorted: the same text on every run
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, dict) and "content" in v for v in value):
            return f"<{len(value)} message{'s' * (len(value) != 1)}>"
        inner = ", ".join(fmt(v) for v in value[:8]) + (", ..." if len(value) > 8 else "")
        text = f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
        return text if len(text) <= 120 else f"<{type(value).__name__} of {len(value)} items>"
    if isinstance(value, dict):  # {'valid_from': 2026-03-02T09:00:00+00:00, ...}: values rendered like this
        text = "{" + ", ".join(f"{k!r}: {fmt(v)}" for k, v in value.items()) + "}"
        return text if len(text) <= 120 else text[:117] + "..."
    text = repr(value)
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", text)  # memory addresses change from run to run
    return text if len(text) <= 80 else text[:77] + "..."


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def _is_bool(value: Any) -> bool:
    return isinstance(value, (bool, np.bool_))


def _is_sequence(value: Any) -> bool:
    """Any ordered sequence (list, tuple, 1-D array): what a tuple-shaped record may be given as."""
    return isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim == 1)


def _type_name(value: Any) -> str:
    if isinstance(value, types.GeneratorType):
        return "a generator"
    if isinstance(value, np.ndarray):
        return f"a {value.ndim}-D numpy array"
    name = type(value).__name__
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def none_text(what: str) -> str:
    """The words for a None where `what` was expected: 'did you forget `return`?' only if nothing was returned yet."""
    from course_lib.course.exercises.checking import RUN  # the run knows whether any call returned a value
    run = RUN.get()
    if run is not None and run.returned:
        return f"None, expected {what}: it returns a value for other inputs, so one path through it ends without `return`"
    return f"None, expected {what} — did you forget `return`?"


def _refusal(value: Any, what: str) -> str:
    """Why `value` is not the list (or dict) expected, and what to return instead."""
    if value is None:
        return none_text(what)
    why = {set: "a set has no order and drops repeated items", frozenset: "a frozenset has no order",
           dict: "a dict maps keys to values", str: "a string is text, not a list of items",
                  }.get(type(value))
    if why is None and isinstance(value, (Iterator, types.GeneratorType)):
        why = "it can be read only once and has no length; wrap it in list(...)"
    return f"{_type_name(value)} ({fmt(value)}), expected {what}" + (f": {why}" if why else "")


def as_sequence(value: Any, call: str, what: str = "a list") -> list:
    """The course's sequence policy: any sequence becomes a list; anything else is refused, naming its type."""
    if _is_sequence(value):
        return value.tolist() if isinstance(value, np.ndarray) else list(value)
    raise Wrong(f"{call} returned {_refusal(value, what)}")


# --------------------------------------------------------------------------- comparing

def close(actual: Any, expected: Any, tol: float = 1e-6) -> bool:
    """Equal under the value policy (module docstring): numbers within `tol`, any sequence for a list."""
    if _is_bool(expected):
        return _is_bool(actual) and bool(actual) == bool(expected)
    if _is_number(expected):
        return _is_number(actual) and math.isclose(float(actual), float(expected), rel_tol=tol, abs_tol=tol)
    if isinstance(expected, (list, tuple)):
        if not _is_sequence(actual) or len(actual) != len(expected):
            return False
        items = actual.tolist() if isinstance(actual, np.ndarray) else actual
        return all(close(a, e, tol) for a, e in zip(items, expected))
    if isinstance(expected, dict):
        return (isinstance(actual, Mapping) and set(actual) == set(expected)
                and all(close(actual[k], expected[k], tol) for k in expected))
    if isinstance(expected, str) or expected is None:
        return type(actual) is type(expected) and actual == expected
    return bool(actual == expected)


def _leftovers(items: list, others: list, tol: float) -> list:
    """The items of `items` not matched one-to-one by an item of `others` (a multiset difference)."""
    pool, out = list(others), []
    for item in items:
        match = next((j for j, other in enumerate(pool) if close(item, other, tol)), None)
        if match is None:
            out.append(item)
        else:
            pool.pop(match)
    return out


def _folded(value: Any) -> Any:
    return value.casefold() if isinstance(value, str) else value


def _rounded(actual: float, expected: float) -> int | None:
    """The decimal places `actual` is `expected` rounded to, when that is the likely story, else None.

    Not for 0 (a formula that bottoms out at 0 is not rounding), and to 0 places only for numbers of 10
    or more (1 for 0.62 is more likely a wrong formula than rounding).
    """
    if actual == 0:
        return None
    for places in range(5):
        if actual == round(expected, places) and (places > 0 or abs(expected) >= 10):
            return places
    return None


def _number_mismatch(actual: Any, expected: Any, tol: float) -> str:
    if actual is None:
        return none_text(fmt(expected))
    if not _is_number(actual):
        return f"{fmt(actual)} ({type(actual).__name__}), expected a number: {fmt(expected)}"
    text = f"{fmt(actual)}, expected {fmt(expected)} (±{tol:g})"
    places = _rounded(float(actual), float(expected))
    if places is not None:
        return text + f": that is the answer rounded to {places} decimal places; don't round, return it in full"
    return text


def dict_diff(actual: Mapping, expected: dict, tol: float = 1e-6) -> str:
    """The keys that differ, first: missing, extra, then each differing value (expected order)."""
    parts = []
    missing = [k for k in expected if k not in actual]
    extra = [k for k in actual if k not in expected]
    if missing:
        parts.append(f"missing the key{'s' * (len(missing) > 1)} {', '.join(repr(k) for k in missing)}")
    if extra:
        parts.append(f"extra key{'s' * (len(extra) > 1)} {', '.join(repr(k) for k in extra)}")
    for k in expected:
        if k in actual and not close(actual[k], expected[k], tol):
            parts.append(f"{k!r} is {fmt(actual[k])}, expected {fmt(expected[k])}")
    return "; ".join(parts[:4])


def _sequence_mismatch(actual: Any, expected: list | tuple, tol: float, show: Callable[[Any], str]) -> str:
    what = "a list" if isinstance(expected, list) else f"a sequence of {len(expected)}"
    if not _is_sequence(actual):
        return _refusal(actual, what)
    items = actual.tolist() if isinstance(actual, np.ndarray) else list(actual)
    text = f"{show(actual)}, expected {show(expected)}"
    missing, extra = _leftovers(list(expected), items, tol), _leftovers(items, list(expected), tol)
    if not missing and not extra:
        return text + ": the right items in another order"
    if [_folded(i) for i in items] == [_folded(e) for e in expected]:
        return text + ": the same items with their case changed; return them exactly as given"
    if len(items) == len(expected):
        i = next(i for i, (a, e) in enumerate(zip(items, expected)) if not close(a, e, tol))
        if isinstance(expected[i], dict) and isinstance(items[i], Mapping):
            return f"a different item {i}: {dict_diff(items[i], expected[i], tol)}"
        if all(_is_number(e) for e in expected) or isinstance(expected[i], (list, tuple)):
            return text + f": item {i} is {fmt(items[i])}, expected {fmt(expected[i])}"
    parts = [f"missing {', '.join(show(m) for m in missing[:3])}" if missing else "",
             f"extra {', '.join(show(x) for x in extra[:3])}" if extra else ""]
    return text + ": " + "; ".join(p for p in parts if p)


def _mismatch(actual: Any, expected: Any, tol: float, show: Callable[[Any], str]) -> str:
    """What `actual` got wrong, from the values alone (the part after "returned")."""
    if _is_bool(expected):
        if actual is None:
            return none_text(f"{bool(expected)} (a bool)")
        if not _is_bool(actual):
            return f"{show(actual)} ({type(actual).__name__}), expected {bool(expected)} (a bool: True or False)"
        return f"{bool(actual)}, expected {bool(expected)}"
    if _is_number(expected):
        return _number_mismatch(actual, expected, tol)
    if isinstance(expected, (list, tuple)):
        return _sequence_mismatch(actual, expected, tol, show)
    if isinstance(expected, dict):
        if not isinstance(actual, Mapping):
            return _refusal(actual, "a dict")
        return f"a dict that differs: {dict_diff(actual, expected, tol)}"
    if actual is None:
        return none_text(show(expected))
    if isinstance(expected, str) and isinstance(actual, str):
        if actual.casefold() == expected.casefold():
            return f"{show(actual)}, expected {show(expected)}: only the case differs"
        if actual.strip() == expected.strip():
            return f"{show(actual)}, expected {show(expected)}: only the spaces around it differ"
    if isinstance(expected, str) and not isinstance(actual, str):
        return f"{show(actual)} ({type(actual).__name__}), expected the string {show(expected)}"
    return f"{show(actual)}, expected {show(expected)}"

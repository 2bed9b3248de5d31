"""Checking a learner's function: run it on deep copies, compare what it returns, say what is wrong.

`watch` wraps the learner's function: it remembers each call (so a failure names the exact input), hands
the function deep copies of its arguments and fails with "your function changed its input" if it modified
them. `expect(actual, expected)` names the mismatch from the values first — wrong type, rounded number,
same items in another order, changed case, missing or extra items — then adds the case's own `why`.
One sequence policy for every lesson: where a list is expected, any sequence (list, tuple, 1-D array) is
compared by content; a set, generator, dict or string is refused with a message naming the expected type.
"""
from __future__ import annotations

import contextvars
import copy
import inspect
import math
import numbers
import re
import types
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np


class Wrong(Exception):
    """Raised inside a check to say the learner's code is wrong; the message is shown to them."""


class LearnerError(Exception):
    """The learner's code raised something other than NotImplementedError."""

    def __init__(self, call: str, error: BaseException):
        super().__init__(call)
        self.call, self.error = call, error


@dataclass
class Run:
    """What one check run has seen so far: the last call to the learner's code and how many checks passed."""

    name: str
    last_call: str | None = None
    passed: int = 0


RUN: contextvars.ContextVar[Run | None] = contextvars.ContextVar("course_exercise_run", default=None)


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
    text = repr(value)
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", text)  # memory addresses change from run to run
    return text if len(text) <= 80 else text[:77] + "..."


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _is_sequence(value: Any) -> bool:
    return isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim == 1)


def _type_name(value: Any) -> str:
    if isinstance(value, types.GeneratorType):
        return "a generator"
    if isinstance(value, np.ndarray):
        return f"a {value.ndim}-D numpy array"
    name = type(value).__name__
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def _refusal(value: Any, what: str) -> str:
    """Why `value` is not the sequence expected, and what to return instead."""
    if value is None:
        return f"None, expected {what} — did you forget `return`?"
    why = {set: "a set has no order and drops repeated items", frozenset: "a frozenset has no order",
           dict: "a dict maps keys to values", str: "a string is text, not a list of items"}.get(type(value))
    if why is None and isinstance(value, (Iterator, types.GeneratorType)):
        why = "it can be read only once and has no length; wrap it in list(...)"
    return f"{_type_name(value)} ({fmt(value)}), expected {what}" + (f": {why}" if why else "")


def as_sequence(value: Any, call: str, what: str = "a list") -> list:
    """The course's sequence policy: any sequence becomes a list; anything else is refused, naming the type."""
    if _is_sequence(value):
        return value.tolist() if isinstance(value, np.ndarray) else list(value)
    raise Wrong(f"{call} returned {_refusal(value, what)}")


# --------------------------------------------------------------------------- comparing

def close(actual: Any, expected: Any, tol: float = 1e-6) -> bool:
    """Equal, with numbers within `tol` and any sequence matching an expected list or tuple by content."""
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


def _number_mismatch(actual: Any, expected: Any, tol: float) -> str:
    if actual is None:
        return f"None, expected {fmt(expected)} — did you forget `return`?"
    if not _is_number(actual):
        return f"{fmt(actual)} ({type(actual).__name__}), expected a number: {fmt(expected)}"
    text = f"{fmt(actual)}, expected {fmt(expected)} (±{tol:g})"
    for places in range(5):
        if float(actual) == round(float(expected), places):
            return text + f": that is the answer rounded to {places} decimal places; don't round, return it in full"
    return text


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
    if len(items) == len(expected) and all(_is_number(e) for e in expected):
        i = next(i for i, (a, e) in enumerate(zip(items, expected)) if not close(a, e, tol))
        return text + f": item {i} is {fmt(items[i])}, expected {fmt(expected[i])}"
    parts = [f"missing {', '.join(show(m) for m in missing[:3])}" if missing else "",
             f"extra {', '.join(show(x) for x in extra[:3])}" if extra else ""]
    return text + ": " + "; ".join(p for p in parts if p)


def _mismatch(actual: Any, expected: Any, tol: float, show: Callable[[Any], str]) -> str:
    """What `actual` got wrong, from the values alone (the part after "returned")."""
    if _is_number(expected):
        return _number_mismatch(actual, expected, tol)
    if isinstance(expected, (list, tuple)):
        return _sequence_mismatch(actual, expected, tol, show)
    if isinstance(expected, dict):
        if not isinstance(actual, Mapping):
            return _refusal(actual, "a dict")
        if set(actual) != set(expected):
            return f"a dict with the keys {sorted(actual, key=str)}, expected the keys {sorted(expected, key=str)}"
        key = next(k for k in expected if not close(actual[k], expected[k], tol))
        return f"{fmt(actual[key])} for the key {key!r}, expected {fmt(expected[key])}"
    if isinstance(expected, str) and isinstance(actual, str) and actual.casefold() == expected.casefold():
        return f"{show(actual)}, expected {show(expected)}: only the case differs"
    if isinstance(expected, bool) and not isinstance(actual, bool):
        return f"{show(actual)} ({type(actual).__name__}), expected {expected} (a bool)"
    return f"{show(actual)}, expected {show(expected)}"


def passed() -> None:
    """Count one passed check in the current run."""
    if (run := RUN.get()) is not None:
        run.passed += 1


def expect(actual: Any, expected: Any, *, input: str | None = None, why: str = "", tol: float = 1e-6,
           show: Callable[[Any], str] = fmt) -> None:
    """Pass if `actual` equals `expected` (numbers within `tol`), else raise `Wrong` naming the input and the mismatch."""
    if not close(actual, expected, tol):
        where = input or getattr(RUN.get(), "last_call", None) or "your code"
        message = f"{where} returned {_mismatch(actual, expected, tol, show)}"
        if why:
            message += (" " if message.endswith("?") else ". ") + why
        raise Wrong(message)
    passed()


def require(condition: Any, message: str) -> None:
    """Pass if `condition` is true, else raise `Wrong(message)`; the message should name the input."""
    if not condition:
        raise Wrong(message)
    passed()


def fail(message: str) -> None:
    """Raise `Wrong(message)` unconditionally."""
    raise Wrong(message)


# --------------------------------------------------------------------------- running the learner's code

def same_value(a: Any, b: Any) -> bool:
    """Deep equality that also works for numpy arrays, NaN and objects without __eq__."""
    if type(a) is not type(b):
        return False
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and a.dtype == b.dtype and bool(np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_value(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    if hasattr(a, "__dict__") and not isinstance(a, type) and type(a).__eq__ is object.__eq__:
        return same_value(vars(a), vars(b))
    try:
        return bool(a == b)
    except Exception:  # an __eq__ that cannot answer: treat as changed only if the text differs
        return repr(a) == repr(b)


def _how_changed(before: Any, after: Any) -> str:
    if isinstance(before, np.ndarray):
        return "its values were overwritten; in-place operations such as `matrix /= norms` write into the " \
               "caller's array, so compute a new array instead"
    if isinstance(before, (list, dict)) and len(before) != len(after):
        return f"it held {len(before)} item{'s' * (len(before) != 1)} before the call and {len(after)} after"
    if isinstance(before, dict) and list(before) != list(after):
        return "its keys were reordered" if set(before) == set(after) else "its keys changed"
    return "its contents were modified"


def changed_argument(fn: Callable, args: tuple, kwargs: dict, given: tuple, given_kwargs: dict) -> str | None:
    """Describe the first argument the learner's function modified (by name when the signature says it), or None."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        params = []
    positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    names = [positional[i] if i < len(positional) else f"argument {i + 1}" for i in range(len(args))] + list(kwargs)
    pairs = list(zip(args, given)) + [(kwargs[k], given_kwargs[k]) for k in kwargs]
    for name, (before, after) in zip(names, pairs):
        if not same_value(before, after):
            return f"`{name}`: {_how_changed(before, after)}"
    return None


def call_text(name: str, args: tuple, kwargs: dict) -> str:
    """How a call looks in a message: recency(48, decay=0.9)."""
    parts = [fmt(a) for a in args] + [f"{k}={fmt(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def watch(fn: Callable, name: str) -> Callable:
    """Wrap the learner's callable: remember each call, pass deep copies, attribute exceptions, catch modified input."""

    def watched(*args: Any, **kwargs: Any) -> Any:
        call = call_text(name, args, kwargs)
        if (run := RUN.get()) is not None:
            run.last_call = call
        given, given_kwargs = copy.deepcopy((args, kwargs))
        try:
            result = fn(*given, **given_kwargs)
        except NotImplementedError:
            raise
        except Exception as error:  # the learner's bug, reported with the input that triggered it
            raise LearnerError(call, error) from error
        if changed := changed_argument(fn, args, kwargs, given, given_kwargs):
            raise Wrong(f"{call}: your function changed its input ({changed}). Leave what you are given as it "
                        f"is and build a new value: the caller still needs the original")
        return result

    watched.__name__, watched.__doc__ = getattr(fn, "__name__", name), getattr(fn, "__doc__", None)
    return watched

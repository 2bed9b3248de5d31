"""Checking a learner's function: run it on deep copies, compare what it returns, say what is wrong.

`watch` wraps the learner's function: it remembers each call (so a failure names the exact input), hands
the function deep copies of its arguments and fails with "your function changed its input" if it modified
them. `expect(actual, expected)` names the mismatch from the values first — wrong type, rounded number,
same items in another order, changed case, missing or extra items — then adds the case's own `why`.
What counts as equal (2 and 2.0, a list and a tuple, 2 and "2") is the one value policy in comparing.py's
docstring. Returning the very list or dict it was given (not a copy) is refused like changing it.
"""
from __future__ import annotations

import contextlib
import contextvars
import copy
import inspect
import math
import numbers
import re
import types
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from course_lib.course.exercises.comparing import (Wrong, _is_sequence, _mismatch, as_sequence, close, fmt,  # noqa: F401
                                                   )


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
    returned: bool = False  # some call returned a value other than None (so a None is not a missing `return`)
    given: tuple = ()  # the (deep-copied) positional arguments of the last call, as the learner's code saw them


RUN: contextvars.ContextVar[Run | None] = contextvars.ContextVar("course_exercise_run", default=None)


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


def returned_argument(fn: Callable, result: Any, given: tuple, given_kwargs: dict) -> str | None:
    """The argument (a list, dict, set or array) the function returned as its result, by name; else None."""
    if not isinstance(result, (list, dict, set, np.ndarray)):
        return None
    try:
        names = [p.name for p in inspect.signature(fn).parameters.values()]
    except (TypeError, ValueError):
        names = []
    for i, value in enumerate(given):
        if value is result:
            return f"`{names[i]}`" if i < len(names) else f"argument {i + 1}"
    return next((f"`{k}`" for k, v in given_kwargs.items() if v is result), None)


@contextlib.contextmanager
def spy_on(watched: Callable, name: str) -> Iterator[list]:
    """While in the block, record the arguments of every call the learner's function makes to its global `name`."""
    scope = getattr(getattr(watched, "__wrapped__", None), "__globals__", None)
    calls: list = []
    if not isinstance(scope, dict) or name not in scope:
        yield calls
        return
    original = scope[name]

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return original(*args, **kwargs)
    scope[name] = spy
    try:
        yield calls
    finally:
        scope[name] = original


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
        if run is not None:
            run.given = given
        try:
            result = fn(*given, **given_kwargs)
        except NotImplementedError:
            raise
        except Exception as error:  # the learner's bug, reported with the input that triggered it
            raise LearnerError(call, error) from error
        if changed := changed_argument(fn, args, kwargs, given, given_kwargs):
            raise Wrong(f"{call}: your function changed its input ({changed}). Leave what you are given as it "
                        f"is and build a new value: the caller still needs the original")
        if alias := returned_argument(fn, result, given, given_kwargs):
            raise Wrong(f"{call} returned {alias} itself, not a new one: the caller's value and your result are "
                        f"now one object, so changing either changes both. Return a copy (list(...), dict(...))")
        if run is not None and result is not None:
            run.returned = True
        return result

    watched.__name__, watched.__doc__ = getattr(fn, "__name__", name), getattr(fn, "__doc__", None)
    watched.__wrapped__ = fn  # a check may look at the learner's own function (its globals, see spy_on)
    return watched

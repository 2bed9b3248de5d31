"""Exercises that check themselves: `check()`, `hint()` and `solution()` for every exercise in a lesson.

How a learner uses it, in a notebook:

    from course_lib.course.exercises import lesson06 as ex

    def recency(hours, decay=0.99):
        return decay ** hours

    ex.recency.check()      # finds `recency` in the notebook and tests it on fresh inputs
    ex.recency.hint()       # the next hint, one at a time
    ex.recency.solution()   # the solution code

`check()` looks the learner's function up by the exercise's name in the namespace of the code that
called it (the notebook); `check(fn)` tests `fn` instead. It shows a verdict — "not attempted",
"wrong" (with the call that failed and what was expected) or "correct" — and returns it as a
`Verdict`. If the environment variable COURSE_VERDICTS_FILE names a file, each verdict is also
appended to it as one JSON line (this is how `tools/grade.py` collects them).

How an author declares one (see lesson06.py): a check function that calls the learner's function
and says what it expects with `expect(actual, expected)` / `require(condition, message)`:

    def _check_recency(recency):
        expect(recency(0), 1.0, why="a brand-new memory has lost nothing")

    recency = Exercise("recency", lesson="06_scoring", check_fn=_check_recency, hints=["…", "…"])
    EXERCISES = [recency]

Every call the check makes goes through a wrapper that remembers it, so a failure names the exact
input ("recency(48) returned 0.52, expected 0.61729"); an exception in the learner's code is
reported the same way, and NotImplementedError (the stub) means "not attempted". Checks test
behaviour on fresh, seeded inputs, never the text of the code.

The solution shown by `solution()` is read from `solutions/<lesson>.ipynb` (the marked code cell
that defines the function, markers removed), so there is one source of truth and nothing to drift.

Adding an exercise to a lesson:
1. solutions/NN_slug.ipynb: a cell `from course_lib.course.exercises import lessonNN as ex`; a cell with
   `def name(...):` whose body sits between `### BEGIN SOLUTION` and `### END SOLUTION` (keep the
   `def` line and docstring outside; the cell does its own imports); then a cell `ex.name.check()`.
   Tag `uses-solution` on any later cell that calls the learner's function.
2. course_lib/exercises/lessonNN.py: NOTEBOOK = "NN_slug", the check function, `name = Exercise(...)`,
   and EXERCISES listing them.
3. tests/wrong_answers.py: at least one wrong implementation (the tests fail without one).
4. Run the notebook (`jupyter nbconvert --to notebook --execute --inplace`), `python tools/nbclean.py
   solutions/NN_slug.ipynb`, then `make exercises`.
"""
from __future__ import annotations

import ast
import contextvars
import html
import json
import math
import numbers
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

BEGIN_MARKER = "### BEGIN SOLUTION"
END_MARKER = "### END SOLUTION"
VERDICTS_ENV = "COURSE_VERDICTS_FILE"
SOLUTIONS_ENV = "COURSE_SOLUTIONS_DIR"

NOT_ATTEMPTED, WRONG, CORRECT = "not attempted", "wrong", "correct"
_SYMBOL = {NOT_ATTEMPTED: "○", WRONG: "✗", CORRECT: "✓", "hint": "💡", "solution": "📖"}
_COLOURS = {  # (border, background)
    NOT_ATTEMPTED: ("#757575", "#f5f5f5"), WRONG: ("#c62828", "#fdecea"), CORRECT: ("#2e7d32", "#e8f5e9"),
    "hint": ("#f9a825", "#fffde7"), "solution": ("#1565c0", "#e3f2fd"),
}

__all__ = ["Exercise", "Verdict", "all_lessons", "Wrong", "expect", "require", "fail", "solution_regions",
           "MarkerError",
           "BEGIN_MARKER", "END_MARKER", "NOT_ATTEMPTED", "WRONG", "CORRECT"]


# --------------------------------------------------------------------------- what checks say

class Wrong(Exception):
    """Raised inside a check to say the learner's code is wrong; the message is shown to them."""


@dataclass
class _Run:
    """What one check run has seen so far: the last call to the learner's code and how many checks passed."""

    name: str
    last_call: str | None = None
    passed: int = 0


_RUN: contextvars.ContextVar[_Run | None] = contextvars.ContextVar("course_exercise_run", default=None)


def _fmt(value: Any) -> str:
    """A short, deterministic rendering of a value for messages."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return f"{float(value):.6g}"
    if isinstance(value, str):
        return repr(value if len(value) <= 80 else value[:77] + "...")
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_fmt(v) for v in value[:8]) + (", ..." if len(value) > 8 else "")
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    text = repr(value)
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", text)  # memory addresses change from run to run
    return text if len(text) <= 80 else text[:77] + "..."


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _close(actual: Any, expected: Any, tol: float) -> bool:
    if _is_number(expected):
        return _is_number(actual) and math.isclose(float(actual), float(expected), rel_tol=tol, abs_tol=tol)
    if isinstance(expected, (list, tuple)):
        return (isinstance(actual, (list, tuple)) and len(actual) == len(expected)
                and all(_close(a, e, tol) for a, e in zip(actual, expected)))
    return bool(actual == expected)


def _where(input: str | None) -> str:
    run = _RUN.get()
    return input or (run.last_call if run else None) or "your code"


def expect(actual: Any, expected: Any, *, input: str | None = None, why: str = "", tol: float = 1e-6) -> None:
    """Pass if `actual` equals `expected` (numbers within `tol`), else raise `Wrong` naming the input."""
    where = _where(input)
    if not _close(actual, expected, tol):
        if _is_number(expected) and actual is None:
            msg = f"{where} returned None, expected {_fmt(expected)} — did you forget `return`?"
        elif _is_number(expected) and not _is_number(actual):
            msg = f"{where} returned {_fmt(actual)} ({type(actual).__name__}), expected a number: {_fmt(expected)}"
        else:
            msg = f"{where} returned {_fmt(actual)}, expected {_fmt(expected)}"
            if _is_number(expected):
                msg += f" (±{tol:g})"
        if why:
            msg += (" " if msg.endswith("?") else ". ") + why
        raise Wrong(msg)
    run = _RUN.get()
    if run is not None:
        run.passed += 1


def require(condition: Any, message: str) -> None:
    """Pass if `condition` is true, else raise `Wrong(message)`; the message should name the input."""
    if not condition:
        raise Wrong(message)
    run = _RUN.get()
    if run is not None:
        run.passed += 1


def fail(message: str) -> None:
    """Raise `Wrong(message)` unconditionally."""
    raise Wrong(message)


def _call_text(name: str, args: tuple, kwargs: dict) -> str:
    parts = [_fmt(a) for a in args] + [f"{k}={_fmt(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


class _LearnerError(Exception):
    """The learner's code raised something other than NotImplementedError."""

    def __init__(self, call: str, error: BaseException):
        super().__init__(call)
        self.call, self.error = call, error


def _watch(fn: Callable, name: str) -> Callable:
    """Wrap the learner's callable so every call is remembered and its exceptions are attributed to it."""

    def watched(*args: Any, **kwargs: Any) -> Any:
        call = _call_text(name, args, kwargs)
        run = _RUN.get()
        if run is not None:
            run.last_call = call
        try:
            return fn(*args, **kwargs)
        except NotImplementedError:
            raise
        except Exception as error:  # the learner's bug, reported with the input that triggered it
            raise _LearnerError(call, error) from error

    watched.__name__ = getattr(fn, "__name__", name)
    watched.__doc__ = getattr(fn, "__doc__", None)
    return watched


# --------------------------------------------------------------------------- what the learner sees

def _in_ipython():
    """The running IPython shell, or None in plain Python."""
    if "IPython" not in sys.modules:
        return None
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return None
    return get_ipython()


class _Panel:
    """A small coloured box in a notebook (text/html) with the same content as plain text (text/plain)."""

    kind = "hint"
    _shown_in: int | None = None

    def title(self) -> str:
        raise NotImplementedError

    def body(self) -> str:
        raise NotImplementedError

    def is_code(self) -> bool:
        return False

    def text(self) -> str:
        """The plain-text rendering (what nbval compares and what a terminal shows)."""
        body = self.body()
        if not body:
            return f"{_SYMBOL[self.kind]} {self.title()}"
        indented = "\n".join(("    " + line) if line else "" for line in body.splitlines())
        return f"{_SYMBOL[self.kind]} {self.title()}\n{indented}"

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        border, background = _COLOURS[self.kind]
        body = html.escape(self.body())
        if self.is_code():
            style = "margin:6px 0 0 0;background:#fff;color:#1b1b1b;padding:6px;overflow-x:auto"
            body = f'<pre style="{style}">{body}</pre>'
        elif body:
            body = '<div style="margin-top:4px;white-space:pre-wrap">' + body + "</div>"
        return (f'<div style="border-left:6px solid {border};background:{background};color:#1b1b1b;'
                f'padding:8px 12px;margin:4px 0;font-family:sans-serif;font-size:14px">'
                f"<b>{_SYMBOL[self.kind]} {html.escape(self.title())}</b>{body}</div>")

    def _bundle(self) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self._repr_html_()}

    def show(self) -> None:
        """Display now: an HTML box (plus plain text) in a notebook, plain text elsewhere."""
        shell = _in_ipython()
        if shell is None:
            print(self.text())
            return
        from IPython.display import display

        display(self._bundle(), raw=True)
        self._shown_in = shell.execution_count

    def _ipython_display_(self) -> None:
        # Shown already by the call that produced it in this same cell: don't show it twice as Out[n].
        shell = _in_ipython()
        if shell is not None and self._shown_in == shell.execution_count:
            return
        from IPython.display import display

        display(self._bundle(), raw=True)


@dataclass(repr=False)
class Verdict(_Panel):
    """The result of a check: status is "not attempted", "wrong" or "correct", with a message for the learner."""

    exercise: str
    status: str
    message: str
    lesson: str = ""
    passed: int = 0

    def __post_init__(self) -> None:
        if self.status not in (NOT_ATTEMPTED, WRONG, CORRECT):
            raise ValueError(f"status must be one of {NOT_ATTEMPTED!r}, {WRONG!r}, {CORRECT!r}, got {self.status!r}")
        self.kind = self.status

    @property
    def ok(self) -> bool:
        """True when the exercise is solved."""
        return self.status == CORRECT

    def title(self) -> str:
        return f"{self.exercise}: {self.status}"

    def body(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, Any]:
        """The machine-readable form written to COURSE_VERDICTS_FILE."""
        return {"lesson": self.lesson, "exercise": self.exercise, "status": self.status, "message": self.message}


@dataclass(repr=False)
class _Note(_Panel):
    heading: str
    content: str
    kind: str = "hint"
    code: bool = False

    def title(self) -> str:
        return self.heading

    def body(self) -> str:
        return self.content

    def is_code(self) -> bool:
        return self.code


# --------------------------------------------------------------------------- solution markers

class MarkerError(ValueError):
    """Solution markers that don't pair up, or that sit where a stub could not replace them."""


_NEAR_MARKER = re.compile(r"#+\s*(BEGIN|END)\s+SOLUTION\b", re.IGNORECASE)


def solution_regions(source: str) -> list[tuple[int, int]]:
    """Line index pairs (begin, end) of the solution markers in a cell; raise MarkerError if unbalanced."""
    regions: list[tuple[int, int]] = []
    begin: int | None = None
    for i, line in enumerate(source.splitlines()):
        stripped = line.strip()
        if stripped == BEGIN_MARKER:
            if begin is not None:
                raise MarkerError(f"line {i + 1}: {BEGIN_MARKER!r} inside another solution "
                                  f"(opened on line {begin + 1}); close it with {END_MARKER!r} first")
            begin = i
        elif stripped == END_MARKER:
            if begin is None:
                raise MarkerError(f"line {i + 1}: {END_MARKER!r} without a {BEGIN_MARKER!r} before it")
            regions.append((begin, i))
            begin = None
        elif _NEAR_MARKER.search(stripped):
            raise MarkerError(f"line {i + 1}: {stripped!r} looks like a solution marker but is not exactly "
                              f"{BEGIN_MARKER!r} or {END_MARKER!r}")
    if begin is not None:
        raise MarkerError(f"line {begin + 1}: {BEGIN_MARKER!r} is never closed with {END_MARKER!r}")
    return regions


def strip_markers(source: str) -> str:
    """The cell's code with the marker lines removed: what `solution()` shows."""
    return "\n".join(line for line in source.splitlines() if line.strip() not in (BEGIN_MARKER, END_MARKER))


def top_level_names(source: str) -> list[str]:
    """Names of the functions and classes a cell defines at top level (empty if it does not parse)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]


def _cell_source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def solution_cells(notebook: dict) -> dict[str, str]:
    """Map each function/class defined in a marked code cell of a solutions notebook to that cell's source."""
    found: dict[str, str] = {}
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = _cell_source(cell)
        if solution_regions(source):
            for name in top_level_names(source):
                found.setdefault(name, source)
    return found


def solutions_dir() -> Path | None:
    """Where the solutions notebooks are: $COURSE_SOLUTIONS_DIR, the repository's solutions/, or ./ or ../solutions."""
    env = os.environ.get(SOLUTIONS_ENV)
    candidates = [Path(env)] if env else []
    candidates += [Path(__file__).resolve().parents[3] / "solutions", Path.cwd() / "solutions",
                   Path.cwd().parent / "solutions"]
    for path in candidates:
        if path.is_dir():
            return path
    return None


# --------------------------------------------------------------------------- the exercise

@dataclass(eq=False)
class Exercise:
    """One exercise: the learner's function `name`, a check over it, hints in order, and its lesson notebook.

    `check(fn)` receives the learner's function (wrapped so calls are remembered) and raises `Wrong`
    (via `expect`/`require`/`fail`) when something is off; returning normally means correct.
    The solution is the marked cell defining `name` in solutions/<lesson>.ipynb.
    """

    name: str
    lesson: str
    check_fn: Callable[[Callable], None]
    hints: Sequence[str] = field(default_factory=list)
    _next_hint: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"exercise name must be the learner's function name (an identifier), got {self.name!r}")
        if not self.hints:
            raise ValueError(f"exercise {self.name!r} needs at least one hint")

    # -- checking -------------------------------------------------------------------------
    def evaluate(self, fn: Any) -> Verdict:
        """Run the check on `fn` and return the verdict, without showing or recording it."""

        def verdict(status: str, message: str, passed: int = 0) -> Verdict:
            return Verdict(self.name, status, message, lesson=self.lesson, passed=passed)

        if not callable(fn):
            return verdict(WRONG, f"`{self.name}` is {_fmt(fn)} (type {type(fn).__name__}), but it should be a "
                                  f"function: define it with `def {self.name}(...):`.")
        run = _Run(self.name)
        token = _RUN.set(run)
        try:
            self.check_fn(_watch(fn, self.name))
        except NotImplementedError:
            return verdict(NOT_ATTEMPTED, f"`{self.name}` still raises NotImplementedError. Replace the stub with "
                                          f"your code, run that cell, then check again.")
        except Wrong as wrong:
            return verdict(WRONG, f"{wrong}\nStuck? ex.{self.name}.hint()", run.passed)
        except _LearnerError as error:
            return verdict(WRONG, f"{error.call} raised {type(error.error).__name__}: {error.error}\n"
                                  f"Stuck? ex.{self.name}.hint()", run.passed)
        except RecursionError:
            return verdict(WRONG, f"{run.last_call or self.name} never stopped calling itself (RecursionError).")
        except Exception as error:  # e.g. the check compared a value the learner's code returned
            where = f"while checking {run.last_call}" if run.last_call else "while checking"
            return verdict(WRONG, f"{where}: {type(error).__name__}: {error}\nStuck? ex.{self.name}.hint()",
                           run.passed)
        finally:
            _RUN.reset(token)
        return verdict(CORRECT, f"{run.passed} checks passed on fresh inputs. Well done!", run.passed)

    def check(self, fn: Any = None, *, namespace: dict | None = None) -> Verdict:
        """Check the learner's function (given, or looked up by name where check() was called) and show the verdict."""
        if fn is None:
            scope = namespace if namespace is not None else sys._getframe(1).f_globals
            fn = scope.get(self.name)
            if fn is None:
                main = sys.modules.get("__main__")
                fn = getattr(main, self.name, None) if namespace is None else None
        if fn is None:
            result = Verdict(self.name, NOT_ATTEMPTED,
                             f"`{self.name}` is not defined yet: run the cell with `def {self.name}(...)` first "
                             f"(or pass your function: ex.{self.name}.check(my_function)).", lesson=self.lesson)
        else:
            result = self.evaluate(fn)
        _record(result)
        result.show()
        return result

    # -- help -----------------------------------------------------------------------------
    def hint(self) -> _Note:
        """Show the next hint (one more each call)."""
        total = len(self.hints)
        if self._next_hint >= total:
            note = _Note(f"No more hints for {self.name}",
                         f"You have seen all {total}. ex.{self.name}.solution() shows a full solution.", "hint")
        else:
            self._next_hint += 1
            note = _Note(f"Hint {self._next_hint} of {total} for {self.name}", self.hints[self._next_hint - 1],
                         "hint")
        note.show()
        return note

    def solution_code(self) -> str:
        """The solution: the marked cell defining this function in solutions/<lesson>.ipynb, markers removed."""
        folder = solutions_dir()
        path = folder / f"{self.lesson}.ipynb" if folder else None
        if path is None or not path.is_file():
            raise FileNotFoundError(f"solution for {self.name!r} not found: it lives in solutions/{self.lesson}.ipynb "
                                    f"in the course repository (set {SOLUTIONS_ENV} if you moved it)")
        cells = solution_cells(json.loads(path.read_text(encoding="utf-8")))
        if self.name not in cells:
            raise LookupError(f"{path} has no code cell with solution markers that defines {self.name!r}")
        return strip_markers(cells[self.name]).strip("\n")

    def solution(self) -> _Note:
        """Show the solution code."""
        try:
            note = _Note(f"Solution for {self.name} (from solutions/{self.lesson}.ipynb)", self.solution_code(),
                         "solution", code=True)
        except (FileNotFoundError, LookupError) as error:
            note = _Note(f"No solution available for {self.name}", str(error), "solution")
        note.show()
        return note

    def __repr__(self) -> str:
        return f"Exercise({self.name!r}, lesson={self.lesson!r}: .check() .hint() .solution())"


def _record(verdict: Verdict) -> None:
    """Append the verdict as a JSON line to $COURSE_VERDICTS_FILE, if set (for the grader)."""
    path = os.environ.get(VERDICTS_ENV)
    if not path:
        return
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(verdict.as_dict(), ensure_ascii=False, sort_keys=True) + "\n")


def all_lessons() -> dict[str, list[Exercise]]:
    """Every lesson's exercises, by notebook name: discovered from the lessonNN modules in this package."""
    import importlib
    import pkgutil

    found: dict[str, list[Exercise]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if re.fullmatch(r"lesson\d+", info.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            found[module.NOTEBOOK] = list(module.EXERCISES)
    return found

"""One exercise: the learner's function, a check over it, hints in order, and the solution from its notebook."""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from course_lib.course.exercises.checking import RUN, LearnerError, Run, Wrong, fmt, watch
from course_lib.course.exercises.display import CORRECT, NOT_ATTEMPTED, WRONG, Note, Verdict, _in_ipython
from course_lib.course.exercises.markers import SOLUTIONS_ENV, solution_cells, solutions_dir, strip_markers
from course_lib.course.exercises.timelimit import TookTooLong, limit_seconds, time_limit as limited


@dataclass(eq=False)
class Exercise:
    """One exercise: the learner's function `name`, a check over it, hints in order, and its lesson notebook.

    `check_fn(fn)` receives the learner's function (wrapped by `watch`: calls remembered, arguments
    deep-copied, modified input caught) and raises `Wrong` (via `expect`/`require`/`fail`) when
    something is off; returning normally means correct. The solution is the marked cell defining
    `name` in solutions/<lesson>.ipynb.
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
    def evaluate(self, fn: Any, *, time_limit: float | None = None) -> Verdict:
        """Run the check on `fn` and return the verdict, without showing or recording it.

        The whole check stops after `time_limit` seconds (default: timelimit.DEFAULT_SECONDS or the
        COURSE_CHECK_TIME_LIMIT environment variable; 0 for none) with a verdict that says so.
        """

        def verdict(status: str, message: str, passed: int = 0) -> Verdict:
            return Verdict(self.name, status, message, lesson=self.lesson, passed=passed)

        stuck = f"\nStuck? ex.{self.name}.hint()"
        if not callable(fn):
            return verdict(WRONG, f"`{self.name}` is {fmt(fn)} (type {type(fn).__name__}), but it should be a "
                                  f"function: define it with `def {self.name}(...):`.")
        run = Run(self.name)
        token = RUN.set(run)
        seconds = limit_seconds(time_limit)
        try:
            with limited(seconds):
                self.check_fn(watch(fn, self.name))
        except TookTooLong:
            where = run.last_call or f"`{self.name}`"
            return verdict(WRONG, f"{where} took too long: the check stopped after {seconds:g} s. Look for a loop "
                                  f"whose condition never changes (a `while` that never ends, a counter never "
                                  f"moved) or work repeated for every item.{stuck}", run.passed)
        except NotImplementedError:
            return verdict(NOT_ATTEMPTED, f"`{self.name}` still raises NotImplementedError. Replace the stub with "
                                          f"your code, run that cell, then check again.")
        except Wrong as wrong:
            return verdict(WRONG, f"{wrong}{stuck}", run.passed)
        except LearnerError as error:
            return verdict(WRONG, f"{error.call} raised {type(error.error).__name__}: {error.error}{stuck}",
                           run.passed)
        except RecursionError:
            return verdict(WRONG, f"{run.last_call or self.name} never stopped calling itself (RecursionError).")
        except Exception as error:  # e.g. the check compared a value the learner's code returned
            where = f"while checking {run.last_call}" if run.last_call else "while checking"
            return verdict(WRONG, f"{where}: {type(error).__name__}: {error}{stuck}", run.passed)
        finally:
            RUN.reset(token)
        return verdict(CORRECT, f"{run.passed} checks passed on fresh inputs. Well done!", run.passed)

    def check(self, fn: Any = None, *, namespace: dict | None = None, time_limit: float | None = None) -> Verdict:
        """Check the learner's function (given, or looked up by name in `namespace`, by default the notebook's: the
        running IPython shell's names, or __main__'s in plain Python) and show the verdict."""
        if fn is None:
            fn = (learner_names() if namespace is None else namespace).get(self.name)
        if fn is None:
            result = Verdict(self.name, NOT_ATTEMPTED,
                             f"`{self.name}` is not defined yet: run the cell with `def {self.name}(...)` first "
                             f"(or pass your function: ex.{self.name}.check(my_function)).", lesson=self.lesson)
        else:
            result = self.evaluate(fn, time_limit=time_limit)
        result.record()
        result.show()
        return result

    # -- help -----------------------------------------------------------------------------
    def hint(self) -> Note:
        """Show the next hint (one more each call)."""
        total = len(self.hints)
        if self._next_hint >= total:
            note = Note(f"No more hints for {self.name}",
                        f"You have seen all {total}. ex.{self.name}.solution() shows a full solution.", "hint")
        else:
            self._next_hint += 1
            note = Note(f"Hint {self._next_hint} of {total} for {self.name}", self.hints[self._next_hint - 1], "hint")
        note.show()
        return note

    def solution_cell(self) -> str:
        """The marked cell defining this function in solutions/<lesson>.ipynb, markers included."""
        folder = solutions_dir()
        path = folder / f"{self.lesson}.ipynb" if folder else None
        if path is None or not path.is_file():
            raise FileNotFoundError(f"solution for {self.name!r} not found: it lives in solutions/{self.lesson}.ipynb "
                                    f"in the course repository (set {SOLUTIONS_ENV} if you moved it)")
        cells = solution_cells(json.loads(path.read_text(encoding="utf-8")))
        if self.name not in cells:
            raise LookupError(f"{path} has no code cell with solution markers that defines {self.name!r}")
        return cells[self.name]

    def solution_code(self) -> str:
        """The solution: the marked cell defining this function, markers removed."""
        return strip_markers(self.solution_cell()).strip("\n")

    def solution(self) -> Note:
        """Show the solution code."""
        try:
            note = Note(f"Solution for {self.name} (from solutions/{self.lesson}.ipynb)", self.solution_code(),
                        "solution", code=True)
        except (FileNotFoundError, LookupError) as error:
            note = Note(f"No solution available for {self.name}", str(error), "solution")
        note.show()
        return note

    def __repr__(self) -> str:
        return f"Exercise({self.name!r}, lesson={self.lesson!r}: .check() .hint() .solution())"


def learner_names() -> dict[str, Any]:
    """Where a learner's functions live: the notebook's namespace (IPython's user_ns), else __main__'s globals."""
    shell = _in_ipython()
    return shell.user_ns if shell is not None else vars(sys.modules["__main__"])

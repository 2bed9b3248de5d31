"""Exercises that check themselves: `check()`, `hint()` and `solution()` for every exercise in a lesson.

In a notebook:

    from course_lib.course.exercises import lesson06 as ex

    def recency(hours, decay=0.99):
        return decay ** hours

    ex.recency.check()      # finds `recency` in the notebook and tests it on fresh inputs
    ex.recency.hint()       # the next hint, one at a time
    ex.recency.solution()   # the solution code, read from solutions/06_scoring.ipynb

The framework, one job per module:
    checking.py   run the learner's function on deep copies; expect / require / fail; the sequence policy
    display.py    the verdict, hint and solution panels (and the JSON line for tools/grade.py)
    markers.py    the `### BEGIN/END SOLUTION` regions of the solutions notebooks
    exercise.py   Exercise: check(), hint(), solution()
    comparing.py  what counts as the right answer: the one value policy (2 and 2.0, lists and tuples, bools)
    timelimit.py  the time limit of a check (a learner's endless loop becomes a verdict)
    lessonNN.py   one lesson's checks and hints
    cases/        per lesson: CORRECT_VARIANTS and WRONG_ANSWERS the tests run, EQUIVALENT_MUTANTS with reasons

A lesson's exercise lives in three places: its solution notebook (text, solution between markers),
its lessonNN.py, and the generated exercises/ notebook (`make exercises`). To add one: write the
marked cell and an `ex.name.check()` cell in solutions/NN_slug.ipynb (tag later cells that call the
function `uses-solution`); in lessonNN.py write the check, the `Exercise`, add it to EXERCISES; in
cases/lessonNN.py give at least two CORRECT_VARIANTS and the plausible WRONG_ANSWERS (function bodies,
run in place of the solution by tests/test_exercises.py); run `make mutate ARGS="--lesson NN"` and kill
each surviving mutant with a check case, or list it in EQUIVALENT_MUTANTS with why it is correct;
re-execute the notebook, `tools/nbclean.py` it, `make exercises`.
"""
from __future__ import annotations

import importlib
import pkgutil
import re

from course_lib.course.exercises.checking import Wrong, as_sequence, expect, fail, require
from course_lib.course.exercises.display import CORRECT, NOT_ATTEMPTED, WRONG, Verdict
from course_lib.course.exercises.exercise import Exercise
from course_lib.course.exercises.markers import (BEGIN_MARKER, END_MARKER, MarkerError, replace_solution,
                                                 solution_cells, solution_regions)

__all__ = ["Exercise", "Verdict", "all_lessons", "Wrong", "expect", "require", "fail", "as_sequence",
           "solution_regions", "solution_cells", "replace_solution", "MarkerError",
           "BEGIN_MARKER", "END_MARKER", "NOT_ATTEMPTED", "WRONG", "CORRECT"]


def all_lessons() -> dict[str, list[Exercise]]:
    """Every lesson's exercises, by notebook name: discovered from the lessonNN modules in this package."""
    found: dict[str, list[Exercise]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if re.fullmatch(r"lesson\d+", info.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            found[module.NOTEBOOK] = list(module.EXERCISES)
    return found

"""Deliberately wrong implementations, so no check can pass by accident.

WRONG[notebook][exercise] is a list of (wrong function, text the verdict's message must contain).
tests/test_exercises.py fails if any declared exercise has no entry here.

A lesson may keep its wrong answers in its own file, tests/wrong_answers_NN.py, with a WRONG dict of
the same shape: every such file is merged into WRONG below (so authors don't edit one shared file).
"""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path


# --- 06_scoring.recency -------------------------------------------------------------------

def recency_linear(hours, decay=0.99):
    return 1 - hours / 100  # a straight line, not a decay


def recency_ignores_decay(hours, decay=0.99):
    return 0.99 ** hours  # the decay argument is never used


def recency_product(hours, decay=0.99):
    return decay * hours  # multiplies instead of raising to a power


def recency_crashes(hours, decay=0.99):
    return math.log(hours) * decay  # log(0) raises ValueError


def recency_no_return(hours, decay=0.99):
    decay ** hours  # computes, forgets to return


# --- 06_scoring.score ---------------------------------------------------------------------

def score_mean(recency, importance, relevance, w_rec=1.0, w_imp=1.0, w_rel=1.0):
    return (w_rec * recency + w_imp * importance + w_rel * relevance) / 3  # an average, not a sum


def score_unweighted(recency, importance, relevance, w_rec=1.0, w_imp=1.0, w_rel=1.0):
    return recency + importance + relevance  # the weights are ignored


def score_swapped(recency, importance, relevance, w_rec=1.0, w_imp=1.0, w_rel=1.0):
    return w_rec * recency + w_imp * relevance + w_rel * importance  # weights on the wrong signals


def score_product(recency, importance, relevance, w_rec=1.0, w_imp=1.0, w_rel=1.0):
    return (w_rec * recency) * (w_imp * importance) * (w_rel * relevance)


WRONG = {
    "06_scoring": {
        "recency": [
            (recency_linear, "recency(48) returned 0.52, expected 0.61729"),
            (recency_ignores_decay, "recency(10, decay=0.5)"),
            (recency_product, "recency(0) returned 0, expected 1"),
            (recency_crashes, "recency(0) raised ValueError"),
            (recency_no_return, "returned None"),
        ],
        "score": [
            (score_mean, "score(0.62, 0.9, 0.82) returned 0.78, expected 2.34"),
            (score_unweighted, "w_rec=1, w_imp=0, w_rel=0"),
            (score_swapped, "w_rec=0, w_imp=1, w_rel=0"),
            (score_product, "score(0.62, 0.9, 0.82)"),
        ],
    },
}


def _merge_lesson_files() -> None:
    """Add the WRONG dicts of tests/wrong_answers_*.py; the same exercise in two files is an error."""
    for path in sorted(Path(__file__).parent.glob("wrong_answers_*.py")):
        spec = importlib.util.spec_from_file_location(f"_wrong_answers_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for lesson, exercises in module.WRONG.items():
            for name, answers in exercises.items():
                if name in WRONG.get(lesson, {}):
                    raise ValueError(f"wrong answers for {lesson}.{name} are given twice (in {path.name})")
                WRONG.setdefault(lesson, {})[name] = list(answers)


_merge_lesson_files()

"""Mutation testing of the exercise checkers (tools/mutate_exercises.py): a sample of mutants per exercise.

The full run is `make mutate`; here every exercise's mutants are capped (spread evenly, the same every run)
so the test stays within CI's budget. A surviving mutant that is not listed in its lesson's
EQUIVALENT_MUTANTS fails the test, naming it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import mutate_exercises  # noqa: E402

CAP = 30  # mutants per exercise in the test (spread evenly over its list); `make mutate` runs them all


def test_the_mutator_makes_the_operators_the_issue_asks_for():
    cell = ("def f(xs, k):\n    ### BEGIN SOLUTION\n    out = [x for x in xs if x == k]\n"
            "    if not out:\n        return []\n    return sorted(out, key=lambda x: (x, -x))[:k]\n    ### END SOLUTION\n")
    ops = {m.operator for m in mutate_exercises.mutants(cell)}
    assert {"flip", "in-for-eq", "lower", "guard", "drop", "dedupe", "slice", "sortkey", "alias"} <= ops, ops


def test_mutants_that_are_provably_the_solution_are_not_generated():
    cell = ("def f(xs, s):\n    ### BEGIN SOLUTION\n    if not xs:\n        return []\n"
            "    if s.lower() == 'ABC'.lower():\n        return 'semantic'\n    return s.lower()\n    ### END SOLUTION\n")
    ids = [m.id for m in mutate_exercises.mutants(cell)]
    folded = ("_mut_dedupe([])", "_mut_lower('semantic')", "_mut_strip('semantic')", "_mut_lower(s.lower())")
    assert not [i for i in ids if any(f in i for f in folded)], ids
    assert "lower: return s.lower() -> return _mut_strip(s.lower())" in ids  # strip after lower can change it
    assert "lower: s.lower() == 'ABC'.lower() -> _mut_strip(s.lower()) == _mut_strip('ABC'.lower())" in ids


def test_dead_mutations_are_not_generated_and_live_ones_are():
    cell = ("def f(xs, unused, k):\n    ### BEGIN SOLUTION\n    for x in xs:\n        if x == k:\n"
            "            return x\n        return None\n    return None\n    ### END SOLUTION\n")
    ids = [m.id for m in mutate_exercises.mutants(cell)]
    assert "drop: return None -> (nothing)" in ids  # the one inside the loop: dropping it lets the loop go on
    assert "drop: return None -> (nothing) #2" not in ids  # the last statement: the function returns None anyway
    assert not [i for i in ids if "unused = " in i], ids  # never read: normalising it changes nothing
    assert "lower: f: k = _mut_lower(k) at the start" in ids and "dedupe: f: xs = _mut_dedupe(xs) at the start" in ids
    peeks = "def g(a, b):\n    ### BEGIN SOLUTION\n    return locals()['b']\n    ### END SOLUTION\n"
    assert "lower: g: b = _mut_lower(b) at the start" in [m.id for m in mutate_exercises.mutants(peeks)]


def test_sampled_mutants_of_every_exercise_are_killed_or_argued_equivalent():
    results = mutate_exercises.run_all(cap=CAP)
    assert len(results) == 39 and all(r.generated for r in results)
    survivors = [f"{r.lesson}.{r.exercise}: {m}" for r in results for m in r.survived]
    assert not survivors, ("mutants the checker accepts: add a check case that rejects each, or list it with the "
                           "reason it is a correct answer in EQUIVALENT_MUTANTS (cases/lessonNN.py):\n"
                           + "\n".join(survivors))
    stale = [f"{r.lesson}.{r.exercise}: {m}" for r in results for m in r.stale_equivalents]
    assert not stale, "listed as equivalent but killed, or no longer generated:\n" + "\n".join(stale)

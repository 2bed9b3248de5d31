"""The one validation module: every layer checks numbers by the same policy, with errors that name the argument."""
from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

import course_lib
from course_lib.checks import check_flag, check_number, check_whole, is_number, is_whole

LIB = Path(course_lib.__file__).resolve().parent


@pytest.mark.parametrize("x", [0, 1, 2.5, np.float32(0.5), np.int64(3), np.float64(1e9)])
def test_numbers_include_numpy_scalars(x):
    assert is_number(x) and check_number(x, "x") == float(x)


@pytest.mark.parametrize("x", [True, False, np.bool_(True), "1", None, [1], float("nan")])
def test_booleans_strings_and_nan_are_not_numbers(x):
    with pytest.raises(ValueError, match="x must be a number"):
        check_number(x, "x")


def test_whole_numbers_are_integers_not_whole_floats():
    assert is_whole(np.int32(4)) and check_whole(4, "k") == 4
    for bad in (2.0, True, 0, "3"):
        with pytest.raises(ValueError, match="k must be a whole number >= 1"):
            check_whole(bad, "k")
    with pytest.raises(ValueError, match=r"turns must be a whole number from 1 to 3 for a chat"):
        check_whole(4, "turns", 1, 3, hint=" for a chat")


def test_ranges_and_hints_are_in_the_message():
    assert check_number(1, "decay", 0, 1, low_open=True) == 1.0
    with pytest.raises(ValueError, match=r"decay must be a number in \(0, 1\] \(e\.g\. 0\.99\), got 0"):
        check_number(0, "decay", 0, 1, low_open=True, hint=" (e.g. 0.99)")
    with pytest.raises(TypeError, match="touch must be True or False, got 1"):
        check_flag(1, "touch")


def ad_hoc_number_checks(source: str) -> list[int]:
    """Lines that test `isinstance(x, (int, float))` or `isinstance(x, int)` to validate an argument."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            names = {k.id for k in kinds if isinstance(k, ast.Name)}
            if names and names <= {"int", "float"}:
                lines.append(node.lineno)
    return sorted(lines)


# Where an isinstance test on int/float is not an argument check (it picks how to print or count a value).
NOT_A_CHECK = {"agent/usage.py",  # an int there is a count already made, a list is counted
               "evaluation/report.py"}  # a float NaN prints as "-"


def test_layers_check_numbers_through_checks_only():
    bad = [f"{p.relative_to(LIB)}:{line}" for p in sorted(LIB.rglob("*.py"))
           if "exercises" not in p.parts and str(p.relative_to(LIB)) not in NOT_A_CHECK
           for line in ad_hoc_number_checks(p.read_text(encoding="utf-8"))]
    assert bad == [], f"number checks outside course_lib/checks.py (use check_number / check_whole): {bad}"


def test_the_rule_fires_on_a_probe():
    assert ad_hoc_number_checks("def f(k):\n    if not isinstance(k, int) or k < 1:\n        raise ValueError\n"
                                "    return isinstance(k, (int, float))\n") == [2, 4]

"""The exercises: every solution passes, every stub is "not attempted", correct variants pass, wrong answers fail.

Each lesson's definitions file (course_lib/course/exercises/lessonNN.py) holds its checks; its cases file
(course_lib/course/exercises/cases/lessonNN.py) holds CORRECT_VARIANTS and WRONG_ANSWERS: function bodies (or {old: new} edits of the solution's body)
that are run here in place of the solution, in the solution notebook's own namespace. The generic tests
discover every lesson module and solutions notebook, so exercises added later are covered too.
"""
from __future__ import annotations

import ast
import builtins
import functools
import importlib
import inspect
import json
import math
import re
import symtable
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib.course.exercises import (CORRECT, NOT_ATTEMPTED, WRONG, Exercise, Verdict, Wrong, all_lessons,
                                         as_sequence, expect, replace_solution, require, solution_cells,
                                         solution_regions)
from course_lib.course.exercises import lesson03, lesson06
from course_lib.course.exercises.markers import strip_markers

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from mutate_exercises import notebook_namespace  # noqa: E402  (one way to run a solution notebook's cells)

LESSONS = all_lessons()
ALL = [(lesson, ex) for lesson, exercises in LESSONS.items() for ex in exercises]
IDS = [f"{lesson}.{ex.name}" for lesson, ex in ALL]
MODULES = [importlib.import_module(f"course_lib.course.exercises.{p.stem}")
           for p in sorted((ROOT / "course_lib" / "course" / "exercises").glob("lesson*.py"))]
CASES = {module.NOTEBOOK: importlib.import_module(f"course_lib.course.exercises.cases.{module.__name__.rsplit('.', 1)[-1]}")
         for module in MODULES}


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def solution_namespace(lesson: str) -> dict:
    """The namespace of solutions/<lesson>.ipynb run up to its last solution."""
    return notebook_namespace(lesson, stubs=False)


def stub_namespace(lesson: str) -> dict:
    """The same, with each solution replaced by its stub as in exercises/<lesson>.ipynb."""
    return notebook_namespace(lesson, stubs=True)


def answer(lesson: str, exercise: Exercise, change: str | dict[str, str]):
    """The learner's function with the solution's body replaced (a str) or edited ({old: new}), run like the cell."""
    cell = exercise.solution_cell()
    if isinstance(change, str):
        source = strip_markers(replace_solution(cell, change))
    else:
        source = strip_markers(cell)
        for old, new in change.items():
            assert old in source, f"{lesson}.{exercise.name}: the edit {old!r} no longer matches the solution"
            source = source.replace(old, new)
    namespace = dict(solution_namespace(lesson))
    exec(compile(source, f"<{lesson}.{exercise.name} variant>", "exec"), namespace)
    return namespace[exercise.name]


def _variants(lesson, exercise):
    return CASES[lesson].CORRECT_VARIANTS.get(exercise.name, [])


def _wrong(lesson, exercise):
    return CASES[lesson].WRONG_ANSWERS.get(exercise.name, [])


# --------------------------------------------------------------------------- the registry

def test_there_are_exercises():
    lessons = sorted(p.stem for p in (ROOT / "lessons").glob("*.ipynb"))
    assert sorted(LESSONS) == lessons, "every lesson has its exercises (course_lib/course/exercises/lessonNN.py)"
    assert all(2 <= len(LESSONS[name]) <= 4 for name in lessons if name != "00_setup") and len(ALL) >= 2 * len(lessons)
    assert {"recency", "score"} <= {ex.name for ex in LESSONS["06_scoring"]}


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_lesson_module_is_consistent(module):
    names = [ex.name for ex in module.EXERCISES]
    assert len(names) == len(set(names)), f"{module.__name__}: duplicate exercise names {names}"
    for ex in module.EXERCISES:
        assert getattr(module, ex.name) is ex, f"{module.__name__}.{ex.name} must be the Exercise itself"
        assert ex.lesson == module.NOTEBOOK
        assert ex.hints and all(h.strip() for h in ex.hints)
    cases = CASES[module.NOTEBOOK]
    assert set(cases.CORRECT_VARIANTS) == set(names), "every exercise needs CORRECT_VARIANTS (and no stray ones)"
    assert set(cases.WRONG_ANSWERS) == set(names), "every exercise needs WRONG_ANSWERS (and no stray ones)"
    assert set(getattr(cases, "EQUIVALENT_MUTANTS", {})) <= set(names), "EQUIVALENT_MUTANTS of an unknown exercise"
    for exercise, entries in getattr(cases, "EQUIVALENT_MUTANTS", {}).items():
        assert all(isinstance(r, str) and r.strip() and "\n" not in r for r in entries.values()), \
            f"{exercise}: every equivalent mutant needs a one-line reason"
    assert (ROOT / "solutions" / f"{module.NOTEBOOK}.ipynb").is_file()


@pytest.mark.parametrize("path", sorted((ROOT / "solutions").glob("*.ipynb")), ids=lambda p: p.name)
def test_every_marked_function_is_a_declared_exercise(path):
    marked = solution_cells(_notebook(path))
    declared = {ex.name for ex in LESSONS.get(path.stem, [])}
    undeclared = sorted(set(marked) - declared)
    assert not undeclared, f"{path.name} has solutions for {undeclared} but no Exercise declares them"
    assert declared <= set(marked), f"{path.name} has no marked solution cell for {sorted(declared - set(marked))}"


# --------------------------------------------------------------------------- every exercise, generically

@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_solution_passes(lesson, exercise):
    verdict = exercise.evaluate(solution_namespace(lesson)[exercise.name])
    assert verdict.status == CORRECT, verdict.text()


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_stub_is_not_attempted(lesson, exercise):
    verdict = exercise.evaluate(stub_namespace(lesson)[exercise.name])
    assert verdict.status == NOT_ATTEMPTED, verdict.text()
    assert "NotImplementedError" in verdict.message


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_correct_variants_pass(lesson, exercise):
    variants = _variants(lesson, exercise)
    assert len(variants) >= 2, f"give {lesson}.{exercise.name} at least two CORRECT_VARIANTS written differently"
    for body in variants:
        verdict = exercise.evaluate(answer(lesson, exercise, body))
        assert verdict.status == CORRECT, f"this correct variant failed:\n{body}\n{verdict.text()}"


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_wrong_answers_are_reported_wrong(lesson, exercise):
    wrong = _wrong(lesson, exercise)
    assert len(wrong) >= 3, f"give {lesson}.{exercise.name} its plausible WRONG_ANSWERS (at least three)"
    for change, mentions in wrong:
        with np.errstate(all="ignore"):  # some wrong answers divide by zero on purpose
            verdict = exercise.evaluate(answer(lesson, exercise, change))
        assert verdict.status == WRONG, f"this wrong answer passed:\n{change}\n{verdict.text()}"
        assert mentions in verdict.message, f"{change}\n{verdict.message!r} should mention {mentions!r}"


def _mutate(value) -> bool:
    """Change `value` in place if it can be changed; True if it was."""
    if isinstance(value, list):
        value.append(None)
    elif isinstance(value, dict):
        value["__changed__"] = True
    elif isinstance(value, set):
        value.add("__changed__")
    elif isinstance(value, np.ndarray) and value.size and value.flags.writeable:
        value.flat[0] += 1
    elif hasattr(value, "__dict__") and not callable(value):
        fields = vars(value)
        if not any(_mutate(v) for v in fields.values()):
            name, old = next(iter(fields.items()))
            object.__setattr__(value, name, old + 1)  # even a frozen dataclass such as Weights
    else:
        return False
    return True


# Exercises whose every argument is immutable (numbers, strings) or that take none: nothing to modify.
IMMUTABLE_INPUTS = {"recency", "route", "estimate_bill_tool", "mask_card", "should_compact", "head_tail", "strength",
                    "bm25_idf", "LatestUserMessages"}  # LatestUserMessages(n): an int


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_a_modified_input_is_caught(lesson, exercise):
    solution = solution_namespace(lesson)[exercise.name]
    mutated = []

    @functools.wraps(solution)  # keeps the signature, so the verdict can name the argument
    def mutating(*args, **kwargs):
        result = solution(*args, **kwargs)
        bound = inspect.signature(solution).bind(*args, **kwargs).arguments
        mutated.extend(name for name, value in bound.items() if _mutate(value))
        return result

    verdict = exercise.evaluate(mutating)
    if exercise.name in IMMUTABLE_INPUTS:
        assert not mutated and verdict.ok, f"{exercise.name} received a mutable argument: add a modified-input case"
        return
    assert mutated, f"{exercise.name}: no argument could be modified"
    assert verdict.status == WRONG, verdict.text()
    assert f"your function changed its input (`{mutated[0]}`: " in verdict.message, verdict.text()


def _globals_used(source: str, name: str) -> set[str]:
    """The global names the function `name` defined in `source` reads (nested lambdas and comprehensions too)."""
    def walk(table) -> set[str]:
        found = {s.get_name() for s in table.get_symbols() if s.is_global() and s.is_referenced()}
        return found.union(*(walk(child) for child in table.get_children()))
    top = symtable.symtable(source, "<cell>", "exec")
    return walk(next(t for t in top.get_children() if t.get_name() == name))


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_the_exercise_notebook_provides_every_name_the_solution_uses(lesson, exercise):
    """Imports sit outside the solution markers, so the learner's cell has them (lesson 03 used count_tokens unseen)."""
    cell = exercise.solution_cell()
    (begin, end), *_ = solution_regions(cell)
    hidden = [line.strip() for line in cell.splitlines()[begin:end] if re.match(r"\s*(from\s+\S+\s+)?import\s", line)]
    assert not hidden, f"{exercise.name}: {hidden} sits inside the solution markers, so the exercise loses it"
    available = set(stub_namespace(lesson)) | set(dir(builtins))
    missing = _globals_used(strip_markers(exercise.solution_cell()), exercise.name) - available
    assert not missing, f"exercises/{lesson}.ipynb never defines or imports {sorted(missing)}, which the solution of " \
                        f"{exercise.name} uses: move the import above the solution markers"


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_solution_is_shown_from_the_solutions_notebook(lesson, exercise):
    code = exercise.solution_code()
    assert f"def {exercise.name}(" in code or f"class {exercise.name}" in code
    assert "BEGIN SOLUTION" not in code and "END SOLUTION" not in code
    exec(compile(code, "<solution>", "exec"), {})  # it is runnable code, with its own imports


def test_the_library_passes_the_exercises_that_re_implement_it():
    from course_lib import scoring
    from course_lib.short_term.buffer import prune_by_importance

    assert lesson06.recency.evaluate(scoring.recency).ok
    assert lesson06.score.evaluate(scoring.score).ok
    assert lesson03.prune.evaluate(prune_by_importance).ok


def test_wrong_message_names_input_and_expectation():
    verdict = lesson06.recency.evaluate(lambda hours, decay=0.99: 1 - hours / 100)
    assert verdict.status == WRONG
    assert verdict.message.splitlines()[0] == ("recency(48) returned 0.52, expected 0.61729 (±1e-06). Memory A "
                                                "('user is vegetarian') is 48 hours old: 0.99 ** 48 ≈ 0.62")
    assert verdict.message.splitlines()[-1] == "Stuck? ex.recency.hint()"


# --------------------------------------------------------------------------- the framework itself

def _demo(check, hints=("first", "second")) -> Exercise:
    return Exercise("double", lesson="99_demo", check_fn=check, hints=list(hints))


def _check_double(double):
    expect(double(2), 4)
    expect(double(0.5), 1.0)


DOUBLE = _demo(_check_double)


def test_expect_tolerates_float_noise_but_not_errors():
    assert DOUBLE.evaluate(lambda x: x * 2 + 1e-9).ok
    verdict = DOUBLE.evaluate(lambda x: x * 2 + 1e-3)
    assert verdict.status == WRONG and verdict.message.startswith("double(2) returned 4.001, expected 4")


def test_expect_explains_none_and_non_numbers():
    assert "did you forget `return`?" in DOUBLE.evaluate(lambda x: None).message
    assert "returned '4' (str), expected a number" in DOUBLE.evaluate(lambda x: str(2 * x)).message


def test_expect_compares_sequences_elementwise():
    expect([1.0, (2.0, "a")], [1.0 + 1e-9, [2.0, "a"]])
    with pytest.raises(Wrong):
        expect([1.0, 2.0], [1.0, 2.5])
    with pytest.raises(Wrong):
        expect([1.0], [1.0, 2.0])


@settings(max_examples=60, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9))
def test_expect_property(x):
    expect(x, x)
    with pytest.raises(Wrong):
        expect(x + max(1.0, abs(x)) * 1e-3, x)


def test_learner_exception_is_wrong_with_the_input():
    verdict = DOUBLE.evaluate(lambda x: [][x])
    assert verdict.status == WRONG
    assert verdict.message.startswith("double(2) raised IndexError: list index out of range")


def test_not_implemented_anywhere_is_not_attempted():
    def stub(x):
        raise NotImplementedError("Your code here")
    assert DOUBLE.evaluate(stub).status == NOT_ATTEMPTED


def test_a_bug_surfacing_in_the_check_is_wrong_not_a_crash():
    def check(fn):
        require(fn(1) > 0, "double(1) should be positive")
    verdict = _demo(check).evaluate(lambda x: "two")
    assert verdict.status == WRONG and verdict.message.startswith("while checking double(1): TypeError")


def test_require_message_and_check_count():
    verdict = _demo(lambda fn: require(fn(1) == 3, "double(1) should be 3")).evaluate(lambda x: 2)
    assert verdict.message.startswith("double(1) should be 3")
    assert DOUBLE.evaluate(lambda x: 2 * x).passed == 2


def test_not_callable_is_wrong():
    verdict = DOUBLE.evaluate(42)
    assert verdict.status == WRONG and "`double` is 42 (type int)" in verdict.message


def test_check_finds_the_function_in_the_namespace_it_is_given(capsys):
    namespace = {"ex": DOUBLE, "double": lambda x: x + x}
    exec("verdict = ex.check(namespace=globals())", namespace)
    assert namespace["verdict"].ok
    assert capsys.readouterr().out.startswith("✓ double: correct")


def test_check_says_when_the_function_is_not_defined(capsys):
    namespace = {"ex": DOUBLE}
    exec("verdict = ex.check(namespace=globals())", namespace)
    verdict = namespace["verdict"]
    assert verdict.status == NOT_ATTEMPTED and "`double` is not defined yet" in verdict.message


def test_check_accepts_the_function_explicitly(capsys):
    assert DOUBLE.check(lambda x: 2 * x).ok
    assert DOUBLE.check(namespace={"double": lambda x: 3 * x}).status == WRONG


def test_verdicts_are_recorded_as_json_lines(tmp_path, monkeypatch, capsys):
    log = tmp_path / "verdicts.jsonl"
    monkeypatch.setenv("COURSE_VERDICTS_FILE", str(log))
    DOUBLE.check(lambda x: 2 * x)
    DOUBLE.check(lambda x: x)
    DOUBLE.evaluate(lambda x: x)  # evaluate() is silent: not recorded
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["lesson"], r["exercise"], r["status"]) for r in lines] == [("99_demo", "double", CORRECT),
                                                                        ("99_demo", "double", WRONG)]


def test_hints_come_in_order_then_point_to_the_solution(capsys):
    ex = _demo(_check_double, hints=("first", "second"))
    assert ex.hint().text() == "💡 Hint 1 of 2 for double\n    first"
    assert ex.hint().text() == "💡 Hint 2 of 2 for double\n    second"
    assert "ex.double.solution()" in ex.hint().text()


def test_solution_missing_is_explained(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COURSE_SOLUTIONS_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError, match="solutions/99_demo.ipynb"):
        DOUBLE.solution_code()
    assert "No solution available" in DOUBLE.solution().text()


def test_solution_shows_the_marked_cell(capsys):
    note = lesson06.recency.solution()
    assert note.text().splitlines()[0] == "📖 Solution for recency (from solutions/06_scoring.ipynb)"
    assert "return decay ** hours" in note.text() and "<pre" in note._repr_html_()


def test_rendering_is_deterministic_and_escaped():
    first = DOUBLE.evaluate(lambda x: "<b>")
    second = DOUBLE.evaluate(lambda x: "<b>")
    assert first.text() == second.text() and first._repr_html_() == second._repr_html_()
    assert "&lt;b&gt;" in first._repr_html_() and "<b>" in first.text()
    assert repr(first) == first.text()


def test_bad_declarations_are_refused():
    with pytest.raises(ValueError, match="status"):
        Verdict("x", "maybe", "")
    with pytest.raises(ValueError, match="hint"):
        Exercise("x", lesson="99_demo", check_fn=_check_double, hints=[])
    with pytest.raises(ValueError, match="identifier"):
        Exercise("not a name", lesson="99_demo", check_fn=_check_double, hints=["h"])


def test_in_ipython_the_verdict_is_shown_once():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    try:
        shell.user_ns["ex"] = DOUBLE
        shell.run_cell("def double(x):\n    return 2 * x")
        with capture_output() as captured:
            shell.run_cell("ex.check()")
        assert len(captured.outputs) == 1
        assert captured.outputs[0].data["text/plain"].startswith("✓ double: correct")
        assert "border-left" in captured.outputs[0].data["text/html"]
        assert "double" not in captured.stdout  # not shown a second time as Out[n]
    finally:
        InteractiveShell.clear_instance()


# --------------------------------------------------------------------------- the verdict names the mismatch

def _returns(expected, why="the case's own explanation"):
    """An exercise whose check expects `pick()` to return `expected`."""
    return _demo(lambda pick: expect(pick(), expected, why=why))


@pytest.mark.parametrize("actual,says", [
    ({"b", "a"}, "returned a set ({'a', 'b'}), expected a list: a set has no order and drops repeated items"),
    ((x for x in "ab"), "returned a generator (<generator object <genexpr>>), expected a list: it can be read "
                        "only once and has no length; wrap it in list(...)"),
    ({"a": 1}, "returned a dict ({'a': 1}), expected a list: a dict maps keys to values"),
    ("ab", "returned a str ('ab'), expected a list: a string is text, not a list of items"),
    (None, "returned None, expected a list — did you forget `return`? the case's own explanation"),
    (["b", "a"], "returned ['b', 'a'], expected ['a', 'b']: the right items in another order. the case's"),
    (["A", "B"], "returned ['A', 'B'], expected ['a', 'b']: the same items with their case changed; return them"),
    (["a"], "returned ['a'], expected ['a', 'b']: missing 'b'. the case's"),
    (["a", "b", "c", "c"], "returned ['a', 'b', 'c', 'c'], expected ['a', 'b']: extra 'c', 'c'. the case's"),
    (["a", "x"], "returned ['a', 'x'], expected ['a', 'b']: missing 'b'; extra 'x'"),
])
def test_the_mismatch_is_named_before_the_cases_explanation(actual, says):
    verdict = _returns(["a", "b"]).evaluate(lambda: actual)
    assert verdict.status == WRONG
    assert verdict.message.startswith("double() " + says), verdict.message


def test_any_sequence_is_accepted_where_a_list_is_expected():
    for actual in (["a", "b"], ("a", "b"), np.array(["a", "b"])):
        assert _returns(["a", "b"]).evaluate(lambda: actual).ok, actual
    assert _returns([0.5, 1.0]).evaluate(lambda: np.array([0.5, 1.0])).ok
    assert _returns([[1], [2]]).evaluate(lambda: ((1,), (2,))).ok
    assert not _returns([1, 2]).evaluate(lambda: np.array([[1, 2]])).ok  # a 2-D array is not a list of numbers
    assert as_sequence(np.array([3, 4]), "f()") == [3, 4]
    with pytest.raises(Wrong, match=r"f\(\) returned a set \(\{3\}\), expected a list of ids"):
        as_sequence({3}, "f()", "a list of ids")


def test_numbers_that_differ_only_by_rounding_are_told_not_to_round():
    verdict = _returns(0.61729014).evaluate(lambda: 0.62)
    assert "rounded to 2 decimal places; don't round, return it in full" in verdict.message
    verdict = _returns([1.0, 0.472222]).evaluate(lambda: [1.0, 0.5])
    assert "item 1 is 0.5, expected 0.472222" in verdict.message


def test_case_and_dict_mismatches_are_named():
    assert "only the case differs" in _returns("semantic").evaluate(lambda: "Semantic").message
    assert "a dict that differs: missing the key 'b'" in _returns({"a": 1, "b": 2}).evaluate(lambda: {"a": 1}).message
    assert "'b' is 2, expected 3" in _returns({"a": 1, "b": 3}).evaluate(lambda: {"a": 1, "b": 2}).message
    assert "expected True (a bool" in _returns(True).evaluate(lambda: 1.5).message
    assert "expected True (a bool" in _returns(True).evaluate(lambda: 1).message  # 1 is not True: the bool policy


def test_a_dict_diff_names_the_differing_keys_first():
    """A long record (datetimes) is not cut before the field that differs."""
    from datetime import datetime
    expected = {"text": "The user lives in Paris, near the canal, since the spring of that year.",
                "valid_from": datetime(2026, 3, 2, 9), "valid_to": datetime(2026, 9, 1, 9)}
    message = _returns([expected]).evaluate(lambda: [dict(expected, valid_to=None)]).message
    assert message.startswith("double() returned a different item 0: 'valid_to' is None, expected 2026-09-01T09:00"), message
    message = _returns(expected).evaluate(lambda: dict(expected, extra=1)).message
    assert "extra key 'extra'" in message


@pytest.mark.parametrize("actual,expected,rounded", [
    (0.62, 0.61729014, True), (0, 0.358, False), (1.0, 0.6, False), (0.0, 0.004, False), (12.0, 12.3, True),
])
def test_rounded_only_when_it_is_the_answer_rounded(actual, expected, rounded):
    message = _returns(expected).evaluate(lambda: actual).message
    assert ("rounded to" in message) is rounded, message


def test_did_you_forget_return_only_when_nothing_was_ever_returned():
    def check(fn):
        expect(fn(1), 2)
        expect(fn(0), 0)
    assert "did you forget `return`" in _demo(check).evaluate(lambda x: None).message
    message = _demo(check).evaluate(lambda x: 2 if x else None).message
    assert "did you forget" not in message and "one path through it ends without `return`" in message


def test_returning_the_argument_itself_is_caught():
    message = _demo(lambda fn: expect(fn([1, 2]), [1, 2])).evaluate(lambda values: values).message
    assert "returned `values` itself, not a new one" in message
    assert _demo(lambda fn: expect(fn([1, 2]), [1, 2])).evaluate(lambda values: list(values)).ok


def test_a_float_array_changed_in_place_is_caught():
    def normalise(a, b):
        a /= np.linalg.norm(a)
        return float(a @ b / np.linalg.norm(b))
    check = _demo(lambda fn: expect(fn(np.array([3.0, 4.0]), np.array([3.0, 4.0])), 1.0))
    assert "(`a`: its values were overwritten" in check.evaluate(normalise).message


def test_a_check_that_runs_too_long_stops_with_a_verdict():
    import time

    def forever(x):
        while True:
            time.sleep(0.01)
    verdict = DOUBLE.evaluate(forever, time_limit=0.3)
    assert verdict.status == WRONG and "double(2) took too long: the check stopped after 0.3 s" in verdict.message

    def busy(x):
        while True:
            pass
    import threading
    out = []
    worker = threading.Thread(target=lambda: out.append(DOUBLE.evaluate(busy, time_limit=0.3)))
    worker.start()
    worker.join(5)
    assert out and "took too long" in out[0].message  # outside the main thread: the watchdog


# --------------------------------------------------------------------------- the learner works on copies

def _sums(total):
    def check(fn):
        data = [1, 2, 3]
        expect(fn(data), 6)
        expect(fn(data), 6, why="the same list again: it must be intact")
    return _demo(check)


def test_the_learner_gets_deep_copies_so_the_check_data_survives():
    seen = []

    def remember(values):
        seen.append(values)
        return sum(values)

    assert _sums(6).evaluate(remember).ok
    assert seen[0] == [1, 2, 3] and seen[0] is not seen[1]  # a fresh copy on every call


@pytest.mark.parametrize("fn,says", [
    (lambda values: values.pop() + 3, "double([1, 2, 3]): your function changed its input (`values`: it held "
                                      "3 items before the call and 2 after)"),
    (lambda values: values.sort(reverse=True) or 6, "changed its input (`values`: its contents were modified)"),
])
def test_a_modified_list_is_reported_by_argument_name(fn, says):
    verdict = _sums(6).evaluate(fn)
    assert verdict.status == WRONG and says in verdict.message, verdict.message


def test_modified_arrays_dicts_and_objects_are_caught():
    from course_lib.scoring import Weights

    def in_place(matrix, weights, profile):
        matrix /= 2
        return 1

    check = _demo(lambda fn: expect(fn(np.ones((2, 2)), Weights(), {"a": 1}), 1))
    assert "(`matrix`: its values were overwritten; in-place operations such as `matrix /= norms`" in \
        check.evaluate(in_place).message
    assert "(`profile`: its keys changed)" in check.evaluate(
        lambda matrix, weights, profile: profile.update(b=profile.pop("a")) or 1).message
    assert "(`weights`" in check.evaluate(
        lambda matrix, weights, profile: object.__setattr__(weights, "recency", 2.0) or 1).message
    assert check.evaluate(lambda matrix, weights, profile: float(matrix.sum() / 4)).ok


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=2, max_size=8, unique=True), st.randoms(use_true_random=False))
def test_a_reordered_list_is_always_told_it_is_reordered(items, rng):
    shuffled = rng.sample(items, len(items))
    if shuffled == items:
        shuffled = items[1:] + items[:1]
    with pytest.raises(Wrong, match="the right items in another order"):
        expect(shuffled, items)
    with pytest.raises(Wrong, match="missing"):
        expect(shuffled[1:], items)



# --------------------------------------------------------------------------- hints that show code

def _hint_statements(hint: str) -> list[str]:
    """The `backticked` pieces of a hint that are statements (an import, an assignment, a return...), in order."""
    found = []
    for piece in re.findall(r"`([^`]+)`", hint):
        try:
            tree = ast.parse(piece)
        except SyntaxError:
            continue
        bare = len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr)
        method_call = bare and isinstance(tree.body[0].value, ast.Call) and isinstance(tree.body[0].value.func,
                                                                                       ast.Attribute)
        if not bare or method_call:  # a bare name or expression is prose; `xs.extend(...)` is a statement
            found.append(piece)
    return found


def _with_bodies(cell: str, bodies: list[str]) -> str:
    """The cell with each marked region (in order) replaced by one of `bodies`, indented like its markers."""
    import textwrap
    lines = cell.splitlines()
    for (begin, end), body in reversed(list(zip(solution_regions(cell), bodies))):
        indent = lines[begin][: len(lines[begin]) - len(lines[begin].lstrip())]
        lines[begin:end + 1] = [indent + line for line in textwrap.dedent(body).strip("\n").splitlines()]
    return "\n".join(lines) + "\n"


HINTS_WITH_CODE = [(lesson, ex, i) for lesson, ex in ALL for i, hint in enumerate(ex.hints)
                   if any(re.search(r"\breturn\b", s) for s in _hint_statements(hint))]


def test_most_exercises_have_a_hint_that_shows_code():
    assert len({(lesson, ex.name) for lesson, ex, _ in HINTS_WITH_CODE}) >= 20


@pytest.mark.parametrize("lesson,exercise,number", HINTS_WITH_CODE,
                         ids=[f"{lesson}.{ex.name}.hint{i + 1}" for lesson, ex, i in HINTS_WITH_CODE])
def test_a_hint_that_shows_code_passes_the_checker(lesson, exercise, number):
    """A hint's code, typed in as shown (its statements in order; a class hint: one per method), is correct."""
    statements = _hint_statements(exercise.hints[number])
    cell = exercise.solution_cell()
    regions = solution_regions(cell)
    if len(regions) == 1:
        source = _with_bodies(cell, ["\n".join(statements)])
    else:
        assert len(statements) == len(regions), f"hint {number + 1} of {exercise.name} should show one piece of " \
                                                 f"code per method ({len(regions)}), it shows {len(statements)}"
        source = _with_bodies(cell, statements)
    namespace = dict(solution_namespace(lesson))
    exec(compile(strip_markers(source), f"<{exercise.name} hint {number + 1}>", "exec"), namespace)
    verdict = exercise.evaluate(namespace[exercise.name])
    assert verdict.status == CORRECT, f"hint {number + 1} of {exercise.name}:\n{exercise.hints[number]}\n" \
                                      f"{verdict.text()}"

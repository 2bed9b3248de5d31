"""The exercise framework: every solution passes, every stub is "not attempted", every wrong answer is caught.

The generic tests discover every lesson module (course_lib/exercises/lessonNN.py) and every
solutions notebook, so exercises added later are covered without touching this file.
"""
from __future__ import annotations

import ast
import importlib
import json
import math
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib.course.exercises import (CORRECT, NOT_ATTEMPTED, WRONG, Exercise, Verdict, Wrong, all_lessons, expect,
                                  require, solution_cells, solution_regions)
from course_lib.course.exercises import lesson06

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))
import make_exercises  # noqa: E402
from wrong_answers import WRONG as WRONG_ANSWERS  # noqa: E402

LESSONS = all_lessons()
ALL = [(lesson, ex) for lesson, exercises in LESSONS.items() for ex in exercises]
IDS = [f"{lesson}.{ex.name}" for lesson, ex in ALL]


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _alias(cells: list[str]) -> str | None:
    """The name a notebook binds its lesson module to (`from course_lib.course.exercises import lesson06 as ex`)."""
    for source in cells:
        match = re.search(r"from\s+course_lib\.exercises\s+import\s+lesson\d+(?:\s+as\s+(\w+))?", source)
        if match:
            return match.group(1) or re.search(r"lesson\d+", match.group(0)).group(0)
    return None


def _uses(source: str, name: str | None) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return name is not None and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(tree))


def notebook_namespace(lesson: str, stubs: bool) -> dict:
    """Run a solutions notebook's code cells, up to its last solution, in one namespace as a kernel would.

    Skipped: cells that use the exercises module (check/hint/solution calls) and cells with IPython-only
    syntax (magics). With `stubs`, marked cells are replaced by their stubs, as in exercises/, and a cell
    that stops with NotImplementedError (it calls an unsolved exercise) is passed over.
    """
    cells = [_source(c) for c in _notebook(ROOT / "solutions" / f"{lesson}.ipynb")["cells"] if c["cell_type"] == "code"]
    marked = [i for i, source in enumerate(cells) if solution_regions(source)]
    alias = _alias(cells)
    namespace: dict = {"__name__": "__main__"}
    for number, source in enumerate(cells[: (marked[-1] + 1) if marked else 0], start=1):
        if number - 1 in marked:
            source = make_exercises.stub_source(source) if stubs else source
        elif _uses(source, alias):
            continue
        try:
            code = compile(source, f"<{lesson} code cell {number}>", "exec")
        except SyntaxError:
            continue  # IPython syntax such as %matplotlib; nothing a solution can depend on
        try:
            exec(code, namespace)
        except NotImplementedError:
            if not stubs:
                raise
    return namespace


def solution_namespace(lesson: str) -> dict:
    """The namespace of solutions/<lesson>.ipynb run up to its last solution."""
    return notebook_namespace(lesson, stubs=False)


def stub_namespace(lesson: str) -> dict:
    """The same, with each solution replaced by its stub as in exercises/<lesson>.ipynb."""
    return notebook_namespace(lesson, stubs=True)


# --------------------------------------------------------------------------- the registry

def test_there_are_exercises():
    assert {"recency", "score"} <= {ex.name for ex in LESSONS["06_scoring"]}


MODULES = [importlib.import_module(f"course_lib.course.exercises.{p.stem}")
           for p in sorted((ROOT / "course_lib" / "exercises").glob("lesson*.py"))]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_lesson_module_is_consistent(module):
    names = [ex.name for ex in module.EXERCISES]
    assert len(names) == len(set(names)), f"{module.__name__}: duplicate exercise names {names}"
    for ex in module.EXERCISES:
        assert getattr(module, ex.name) is ex, f"{module.__name__}.{ex.name} must be the Exercise itself"
        assert ex.lesson == module.NOTEBOOK
        assert ex.hints and all(h.strip() for h in ex.hints)
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
    namespace = solution_namespace(lesson)
    verdict = exercise.evaluate(namespace[exercise.name])
    assert verdict.status == CORRECT, verdict.text()


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_stub_is_not_attempted(lesson, exercise):
    namespace = stub_namespace(lesson)
    verdict = exercise.evaluate(namespace[exercise.name])
    assert verdict.status == NOT_ATTEMPTED, verdict.text()
    assert "NotImplementedError" in verdict.message


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_wrong_answers_are_reported_wrong(lesson, exercise):
    wrong = WRONG_ANSWERS.get(lesson, {}).get(exercise.name)
    assert wrong, f"add at least one wrong implementation of {lesson}.{exercise.name} to tests/wrong_answers.py"
    for fn, mentions in wrong:
        verdict = exercise.evaluate(fn)
        assert verdict.status == WRONG, f"{fn.__name__} passed the check of {exercise.name}: {verdict.text()}"
        assert mentions in verdict.message, f"{fn.__name__}: {verdict.message!r} should mention {mentions!r}"


@pytest.mark.parametrize("lesson,exercise", ALL, ids=IDS)
def test_solution_is_shown_from_the_solutions_notebook(lesson, exercise):
    code = exercise.solution_code()
    assert f"def {exercise.name}(" in code or f"class {exercise.name}" in code
    assert "BEGIN SOLUTION" not in code and "END SOLUTION" not in code
    exec(compile(code, "<solution>", "exec"), {})  # it is runnable code


# --------------------------------------------------------------------------- lesson 06 specifics

def test_any_correct_recency_passes():
    variants = [
        lambda hours, decay=0.99: math.exp(hours * math.log(decay)),
        lambda hours, decay=0.99: math.pow(decay, hours),
        lambda hours, decay=0.99: np.float64(decay) ** hours,
    ]
    for fn in variants:
        assert lesson06.recency.evaluate(fn).ok


def test_the_library_passes_its_own_exercises():
    from course_lib import scoring

    assert lesson06.recency.evaluate(scoring.recency).ok
    def adapter(r, i, v, w_rec=1.0, w_imp=1.0, w_rel=1.0):
        return scoring.score(r, i, v, scoring.Weights(w_rec, w_imp, w_rel))
    assert lesson06.score.evaluate(adapter).ok


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


def test_check_finds_the_function_where_it_was_called(capsys):
    namespace = {"ex": DOUBLE, "double": lambda x: x + x}
    exec("verdict = ex.check()", namespace)
    assert namespace["verdict"].ok
    assert capsys.readouterr().out.startswith("✓ double: correct")


def test_check_says_when_the_function_is_not_defined(capsys):
    namespace = {"ex": DOUBLE}
    exec("verdict = ex.check()", namespace)
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

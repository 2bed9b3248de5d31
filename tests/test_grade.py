"""tools/grade.py: real kernels on a folder of submissions — correct, wrong, unattempted, hanging, crashing, broken."""
from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from course_lib.course.exercises import lesson06

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import grade  # noqa: E402

STUB = 'raise NotImplementedError("Your code here — stuck? run ex.recency.hint()")'
HANG_TIMEOUT = 40  # seconds for a whole notebook; the correct notebooks need about 3
CELL_TIMEOUT = 6  # seconds for one cell: the endless loop is stopped and the notebook goes on


def _submission(folder: Path, name: str, recency_body: str | None) -> None:
    """A copy of the generated exercise notebook, with recency's stub replaced by `recency_body`."""
    nb = json.loads((ROOT / "exercises" / "06_scoring.ipynb").read_text(encoding="utf-8"))
    if recency_body is not None:
        cell = next(c for c in nb["cells"] if STUB in "".join(c["source"]))
        cell["source"] = "".join(cell["source"]).replace(STUB, recency_body)
    (folder / name).write_text(json.dumps(nb), encoding="utf-8")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("submissions")
    (folder / "alice").mkdir()
    (folder / "alice" / "06_scoring.ipynb").write_text((ROOT / "solutions" / "06_scoring.ipynb").read_text())
    _submission(folder, "wrong.ipynb", "return 1 - hours / 100")
    _submission(folder, "unattempted.ipynb", None)
    _submission(folder, "hang.ipynb", "while True:\n        pass")
    _submission(folder, "crash.ipynb", "import os; os._exit(1)")
    _submission(folder, "typo.ipynb", "return 0.99 ** (hours")
    (folder / "broken.ipynb").write_text("{ this is not a notebook")
    (folder / ".ipynb_checkpoints").mkdir()
    (folder / ".ipynb_checkpoints" / "wrong-checkpoint.ipynb").write_text("{}")
    out = folder / "grades.csv"
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "grade.py"), str(folder), "--timeout",
                           str(HANG_TIMEOUT), "--cell-timeout", str(CELL_TIMEOUT), "--jobs", "3"],
                          capture_output=True, text=True,
                          timeout=HANG_TIMEOUT * 4 + 120)
    with open(out, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return proc, {(r["file"], r["exercise"]): r for r in rows}


def test_each_notebook_gets_the_right_verdict(graded):
    proc, rows = graded
    assert proc.returncode == 0, proc.stderr
    verdicts = {key: row["verdict"] for key, row in rows.items() if key[1] in ("recency", "score", "")}
    assert verdicts == {
        ("alice/06_scoring.ipynb", "recency"): "correct", ("alice/06_scoring.ipynb", "score"): "correct",
        ("wrong.ipynb", "recency"): "wrong", ("wrong.ipynb", "score"): "not attempted",
        ("unattempted.ipynb", "recency"): "not attempted", ("unattempted.ipynb", "score"): "not attempted",
        ("hang.ipynb", "recency"): "timeout", ("hang.ipynb", "score"): "not attempted",
        ("typo.ipynb", "recency"): "error", ("typo.ipynb", "score"): "not attempted",
        ("crash.ipynb", "recency"): "error", ("crash.ipynb", "score"): "error",
        ("broken.ipynb", ""): "error",
    }


def test_messages_explain_each_verdict(graded):
    _, rows = graded
    assert rows[("wrong.ipynb", "recency")]["message"].startswith("recency(48) returned 0.52, expected 0.61729")
    assert "\n" not in rows[("wrong.ipynb", "recency")]["message"]
    assert f"ran longer than {CELL_TIMEOUT} s and was stopped" in rows[("hang.ipynb", "recency")]["message"]
    assert "does recency loop forever?" in rows[("hang.ipynb", "recency")]["message"]
    assert rows[("typo.ipynb", "recency")]["message"].startswith("syntax error, so the cell never ran")
    assert "kernel died" in rows[("crash.ipynb", "recency")]["message"]
    assert "cannot read the notebook" in rows[("broken.ipynb", "")]["message"]


def test_summary_fits_one_screen(graded):
    proc, _ = graded
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("Graded 7 notebooks in ")
    assert any(line.split()[:3] == ["recency", "1", "1"] for line in lines)
    assert "Needs a look:" in proc.stdout and "hang.ipynb: timeout" in proc.stdout and "typo.ipynb: error" in proc.stdout
    assert "[7/7]" in proc.stderr  # progress while it runs
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 160


def test_a_row_per_learner_and_an_html_report(graded, tmp_path):
    proc, _ = graded
    folder = Path(proc.args[2])
    with open(folder / "grades_by_learner.csv", newline="", encoding="utf-8") as f:
        learners = {r["learner"]: r for r in csv.DictReader(f)}
    assert learners["alice"]["correct"] == str(len(lesson06.EXERCISES)) and learners["alice"]["score"].startswith("4/")
    assert learners["hang"]["timeout"] == "1" and learners["typo"]["error"] == "1"
    page = (folder / "grades.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in page and "Needs a look (" in page and "typo.ipynb" in page


# --------------------------------------------------------------------------- no kernels needed

def _result(**changes) -> dict:
    return {"status": "ok", "message": "", "verdicts": [], "errors": [], "lesson": "06_scoring", **changes}


def test_a_check_that_never_ran_is_missing_and_errors_are_quoted():
    result = _result(verdicts=[{"lesson": "06_scoring", "exercise": "recency", "status": "wrong", "message": "a"},
                               {"lesson": "06_scoring", "exercise": "recency", "status": "correct", "message": "b"}],
                     errors=["cell 7: SyntaxError: invalid syntax"])
    rows = grade.rows_for(Path("x.ipynb"), "x.ipynb", result)
    others = [ex.name for ex in lesson06.EXERCISES if ex.name != "recency"]
    assert [(r["exercise"], r["verdict"]) for r in rows] == [("recency", "correct")] + [(n, "missing") for n in others]
    assert "cell 7: SyntaxError" in rows[1]["message"]


def test_an_unknown_notebook_with_no_checks_is_reported():
    rows = grade.rows_for(Path("notes.ipynb"), "notes.ipynb", _result(lesson=""))
    assert rows == [{"file": "notes.ipynb", "exercise": "", "verdict": "missing",
                     "message": "no exercise check ran in this notebook"}]


def test_the_lesson_is_found_from_the_verdicts_or_the_file_name():
    names = [ex.name for ex in lesson06.EXERCISES]
    assert grade.expected_exercises(Path("bob_06_scoring.ipynb"), "") == ("06_scoring", names)
    assert grade.expected_exercises(Path("x.ipynb"), "", ["06_scoring"])[0] == "06_scoring"


def test_kernel_env_is_offline(monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("COURSE_BACKEND", "openai")
    env = grade.kernel_env(tmp_path / "v.jsonl", tmp_path / "ipy")
    assert env["COURSE_BACKEND"] == "offline" and "OPENAI_API_KEY" not in env
    assert env["COURSE_VERDICTS_FILE"] == str(tmp_path / "v.jsonl")


@pytest.mark.parametrize("argv", [[""], ["/no/such/folder"]])
def test_bad_arguments_exit_2(argv, capsys):
    assert grade.main(argv) == 2
    assert "grade:" in capsys.readouterr().err


def test_a_folder_without_notebooks_exits_2(tmp_path, capsys):
    assert grade.main([str(tmp_path)]) == 2
    assert json.dumps("no .ipynb files")[1:-1] in capsys.readouterr().err

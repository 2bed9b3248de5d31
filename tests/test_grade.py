"""tools/grade.py: real kernels on a folder of submissions — correct, wrong, unattempted, hanging, crashing, broken."""
from __future__ import annotations

import csv
import json
import re
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
    (folder / "alice" / "lessons").mkdir()  # a hub's home folder holds the lessons too: never graded
    (folder / "alice" / "lessons" / "06_scoring.ipynb").write_text((ROOT / "lessons" / "06_scoring.ipynb").read_text())
    (folder / "alice" / "Untitled.ipynb").write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                                                 "nbformat_minor": 5}))
    (folder / ".ipynb_checkpoints").mkdir()
    (folder / ".ipynb_checkpoints" / "wrong-checkpoint.ipynb").write_text("{}")
    out = folder / "grades.csv"
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "grade.py"), str(folder), "--timeout",
                           str(HANG_TIMEOUT), "--cell-timeout", str(CELL_TIMEOUT), "--jobs", "3",
                           "--in-class", "recency"],
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
    assert lines[0].startswith("Graded 7 notebooks in ") and "skipped 2 that are not exercise notebooks" in lines[0]
    assert any(line.split()[:4] == ["06", "recency", "1", "1"] for line in lines)
    assert "Needs a look:" in proc.stdout and "hang.ipynb recency: timeout" in proc.stdout
    assert "typo.ipynb recency: error" in proc.stdout and "unattempted.ipynb: untouched — 0 of 4" in proc.stdout
    assert "[7/7]" in proc.stderr  # progress while it runs, naming what went wrong
    assert re.search(r"\] hang.ipynb: timeout in recency \(cell \d+ stopped\)", proc.stderr)
    assert re.search(r"\] typo.ipynb: syntax error in recency \(SyntaxError in cell \d+\)", proc.stderr)
    assert re.search(r"\] alice/06_scoring.ipynb: ok", proc.stderr) and "lessons/06_scoring" not in proc.stderr
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 160


def test_a_row_per_learner_and_an_html_report(graded, tmp_path):
    proc, _ = graded
    folder = Path(proc.args[2])
    with open(folder / "grades_by_learner.csv", newline="", encoding="utf-8") as f:
        learners = {r["learner"]: r for r in csv.DictReader(f)}
    assert learners["alice"]["correct"] == str(len(lesson06.EXERCISES)) and learners["alice"]["score"] == "1/1"
    assert learners["wrong"]["score"] == "0/1" and learners["unattempted"]["score"] == "0/1"  # only recency counts
    assert learners["hang"]["timeout"] == "1" and learners["typo"]["error"] == "1"
    page = (folder / "grades.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in page and "Needs a look (" in page and "typo.ipynb" in page
    assert '<th colspan="4">06_scoring</th>' in page and "counting the in-class exercises: 06_scoring: recency" in page
    with open(folder / "grades_grid.csv", newline="", encoding="utf-8") as f:
        lesson_row, exercise_row, *learner_rows = list(csv.reader(f))
    assert lesson_row[1:5] == ["06_scoring"] * 4 and exercise_row[1:3] == ["recency", "score (homework)"]
    grid = {row[0]: row for row in learner_rows}
    assert set(grid) == set(learners) and grid["wrong"][1:3] == ["wrong", "not attempted"] and grid["wrong"][-1] == "0/1"


def test_one_feedback_file_per_learner_with_verdicts_messages_and_the_hint_to_try_next(graded):
    proc, _ = graded
    folder = Path(proc.args[2]) / "feedback"
    assert sorted(p.stem for p in folder.glob("*.md")) == sorted(
        ["alice", "wrong", "unattempted", "hang", "crash", "typo", "broken"])
    text = (folder / "wrong.md").read_text(encoding="utf-8")
    assert text.startswith("# Feedback for wrong\n\nIn-class exercises: 0 of 1 correct")
    assert "`recency`: **wrong**. recency(48) returned 0.52, expected 0.61729" in text
    assert f"Try next: {lesson06.recency.hints[0]}" in text and "`score` *homework*: **not attempted**" in text
    assert "Try next" not in (folder / "alice.md").read_text(encoding="utf-8")  # nothing to fix


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
    assert rows == [{"file": "notes.ipynb", "lesson": "", "exercise": "", "verdict": "missing",
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
    assert "no exercise notebooks under" in capsys.readouterr().err


# --------------------------------------------------------------------------- the gradebook, no kernels needed

import gradebook  # noqa: E402

LESSONS = {"05_long_term_stores": ["profile_block", "already_done", "route", "cosine_top_k"],
           "06_scoring": ["recency", "score", "min_max_normalise", "rank_memories"]}


def _row(file, exercise, verdict, message="", lesson="06_scoring"):
    return {"file": file, "lesson": lesson, "exercise": exercise, "verdict": verdict, "message": message}


def test_in_class_lists_come_from_an_agenda_a_file_or_names(tmp_path):
    assert gradebook.in_class(None, LESSONS) is None
    assert gradebook.in_class("3h", LESSONS | {"10_memory_agent": ["before_hook"], "01_goldfish_agent": ["x"]}) == {
        "05_long_term_stores": {"profile_block"}, "06_scoring": {"recency"}, "10_memory_agent": {"before_hook"}}
    listed = tmp_path / "in_class.txt"
    listed.write_text("# the morning\n06_scoring: recency, score\nroute\n\n", encoding="utf-8")
    assert gradebook.in_class(str(listed), LESSONS) == {"06_scoring": {"recency", "score"},
                                                        "05_long_term_stores": {"route"}}
    assert gradebook.in_class("recency, route", LESSONS) == {"06_scoring": {"recency"},
                                                             "05_long_term_stores": {"route"}}
    with pytest.raises(gradebook.InClassError, match=r"no exercise 'recenzy'; the exercises are: already_done"):
        gradebook.in_class("recenzy", LESSONS)
    listed.write_text("05_long_term_stores: recency\n", encoding="utf-8")
    with pytest.raises(gradebook.InClassError, match=r"line 1: no exercise 'recency' in 05_long_term_stores"):
        gradebook.in_class(str(listed), LESSONS)


def test_a_bad_in_class_list_stops_before_any_kernel_runs(tmp_path, capsys):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "06_scoring.ipynb").write_text((ROOT / "exercises" / "06_scoring.ipynb").read_text())
    assert grade.main([str(tmp_path), "--in-class", "recenzy"]) == 2
    assert "grade: in-class list: no exercise 'recenzy'" in capsys.readouterr().err
    assert not (tmp_path / "grades.csv").exists()


def test_the_score_counts_only_in_class_exercises_and_the_grid_groups_by_lesson():
    rows = [_row("ada/06.ipynb", "recency", "correct"), _row("ada/06.ipynb", "score", "wrong"),
            _row("ada/05.ipynb", "route", "correct", lesson="05_long_term_stores"),
            _row("bob/06.ipynb", "recency", "wrong"), _row("bob/06.ipynb", "score", "correct")]
    chosen = {"06_scoring": {"recency", "score"}}
    table = {r["learner"]: r for r in gradebook.grid(rows, LESSONS, chosen)}
    assert gradebook.columns(rows, LESSONS) == [("05_long_term_stores", "route"), ("06_scoring", "recency"),
                                                ("06_scoring", "score")]
    assert table["ada"]["score"] == "1/2" and table["bob"]["score"] == "1/2"  # route is homework
    assert table["bob"]["cells"][("05_long_term_stores", "route")] == "not handed in"
    assert gradebook.grid(rows, LESSONS, None)[0]["score"] == "2/3"


def test_needs_a_look_flags_untouched_notebooks_and_a_wrong_answer_several_learners_share():
    same = "recency(48) returned 0.52, expected 0.61729"
    rows = [_row(f"l{i}/06.ipynb", "recency", "wrong", f"{same} Stuck? ex.recency.hint()") for i in range(3)]
    rows += [_row("l9/06.ipynb", "recency", "wrong", "recency(0) returned 0, expected 1")]
    rows += [_row("empty/06.ipynb", name, "not attempted") for name in LESSONS["06_scoring"][:3]]
    rows += [_row("empty/06.ipynb", "rank_memories", "missing")]
    rows += [_row("half/06.ipynb", "recency", "correct"), _row("half/06.ipynb", "score", "not attempted")]
    found = gradebook.needs_a_look(rows)
    assert ("untouched", "empty/06.ipynb", "0 of 4 exercises attempted: handed in an empty copy, or never ran the "
            "cells?") in found
    assert ("same wrong answer", "recency (3 learners)", same) in found
    assert not any("half" in where or "expected 1" in why for _, where, why in found)
    assert len(found) == 2


@pytest.mark.parametrize("result, line", [
    ({"status": "ok"}, "ok"),
    ({"status": "ok", "syntax": {"recency": "SyntaxError in cell 5: expected ':' (line 1)"}},
     "syntax error in recency (SyntaxError in cell 5)"),
    ({"status": "ok", "stopped": {"score": "cell 9 ran longer than 30 s and was stopped"}}, "timeout in score (cell 9 stopped)"),
    ({"status": "timeout", "message": "did not finish within 120 s (an endless loop?)"},
     "timeout: did not finish within 120 s (an endless loop?)"),
])
def test_the_progress_line_names_timeouts_and_syntax_errors(result, line):
    assert grade.progress(result) == line

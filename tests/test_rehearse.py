"""`make rehearse`: the day's lessons under the room's settings, saying what is unrecorded, what fell back and how long
each notebook took. One real lesson (06, the quickest with model calls) runs under replay with no recording for it."""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import rehearse  # noqa: E402


@pytest.fixture
def room(tmp_path, monkeypatch):
    """A room replaying a folder that holds lesson 00 only, with the offline fallback."""
    folder = tmp_path / "recordings"
    folder.mkdir()
    (folder / "lesson00.jsonl").write_text("", encoding="utf-8")
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "COURSE_RECORD_FILE", "COURSE_CHROMA_HOST"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COURSE_BACKEND", "replay")
    monkeypatch.setenv("COURSE_REPLAY_FILE", str(folder))
    monkeypatch.setenv("COURSE_REPLAY_FALLBACK", "offline")
    monkeypatch.setenv("COURSE_LEARNER", "ada")
    return folder


def test_the_agendas_lessons_are_the_ones_it_teaches():
    assert rehearse.agenda_lessons("3h") == ["01", "05", "06", "10"]
    assert rehearse.agenda_lessons("day") == [f"{n:02d}" for n in range(13)]
    with pytest.raises(ValueError, match="no agenda 'week'"):
        rehearse.agenda_lessons("week")


def test_a_notebook_counts_its_fallback_calls_and_prints_the_notice_once(room, tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import sys\nfrom course_lib import Model\n"
        "for n in range(3):\n    Model().complete([{'role': 'user', 'content': f'My budget is {n} euros.'}])"),
        nbformat.v4.new_code_cell("1 / 0")])
    path = tmp_path / "probe.ipynb"
    nbformat.write(nb, path)
    result = rehearse.run(path, timeout=120)
    assert len(result["fell_back"]) == 3 and "My budget is 2 euros." in result["fell_back"][-1]
    assert result["errors"] == ["cell 2: ZeroDivisionError: division by zero"]
    ran = nbformat.read(path, as_version=4)  # the learner's file is never written
    assert all(not cell.get("outputs") for cell in ran.cells)


def test_rehearsing_an_unrecorded_lesson_says_so_and_what_fell_back(room, capsys):
    assert rehearse.main(["--lessons", "06", "--no-exercises"]) == 0
    out = capsys.readouterr().out
    assert "Settings: backend=replay, replay=" in out and "fallback=offline, chroma=embedded, learner=ada" in out
    assert "not recorded: lessons 01, 02, 03, 04, 05, 06" in out  # the doctor's line
    assert "Recordings: 0 of 1 lessons recorded; NOT recorded: 06" in out
    row = next(line for line in out.splitlines() if line.startswith("lessons/06_scoring.ipynb"))
    took, fell_back = row.split()[2], int(row.split()[-2])
    assert row.split()[1] == "NO" and float(took) > 0 and fell_back > 0 and row.endswith("none")
    assert "first fallback: embeddings:" in out
    assert f"Fell back to the offline model: lessons/06_scoring.ipynb ({fell_back} calls)" in out
    assert "Unrecorded: 06." in out and "Failed: none. Doctor: OK." in out

"""Every lesson also runs through the *live* code path: an OpenAI-compatible HTTP server on loopback.

The server is the offline model served over real HTTP (`course_lib.model.serve`), so this exercises exactly the
path a student takes with COURSE_BACKEND=openai and OPENAI_BASE_URL, without a key or the internet.
Outputs are not compared (a live model's differ); the notebooks must run top to bottom without an error.
"""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient


ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))


@pytest.fixture(scope="module")
def base_url(offline_server_url):
    return offline_server_url


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_against_a_live_server(path, base_url, monkeypatch):
    monkeypatch.setenv("COURSE_BACKEND", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", base_url)
    monkeypatch.setenv("COURSE_CHAT_MODEL", "offline-rules-1")
    monkeypatch.setenv("COURSE_EMBED_MODEL", "minilm-static-256")
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError, naming the cell, if any cell fails
    backend_lines = [o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    if path.stem == "00_setup":
        assert any("backend:          openai" in t for t in backend_lines), "lesson 00 did not see the live backend"


def _text_outputs(nb) -> list[str]:
    texts = ["".join("".join(o.get("text", "")) + str(o.get("data", {}).get("text/plain", "")) for o in c.outputs)
             for c in nb.cells if c.cell_type == "code"]  # per cell: how a stream is chunked varies
    return ["\n".join(line for line in t.splitlines() if not line.startswith("backend:")) for t in texts]


@pytest.mark.parametrize("stem", ["02_react_loop", "04_summary_buffer"])
def test_instructor_records_a_lesson_and_students_replay_it(stem, base_url, monkeypatch, tmp_path):
    """An instructor runs a lesson live with COURSE_RECORD_FILE; a student replays it with no server at all."""
    path = ROOT / "lessons" / f"{stem}.ipynb"
    recording = tmp_path / f"{stem}.jsonl"

    def run(env: dict[str, str]):
        for var in ("COURSE_BACKEND", "OPENAI_BASE_URL", "COURSE_RECORD_FILE", "COURSE_REPLAY_FILE"):
            monkeypatch.delenv(var, raising=False)
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        nb = nbformat.read(path, as_version=4)
        NotebookClient(nb, timeout=180, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        return _text_outputs(nb)

    live = run({"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": base_url, "COURSE_RECORD_FILE": str(recording)})
    assert recording.stat().st_size > 0
    replayed = run({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(recording)})
    assert replayed == live

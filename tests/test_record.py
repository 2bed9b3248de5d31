"""`make record`: record a lesson against a live server, then replay it, and its exercises, with no server at all.

The live server is the offline model served over HTTP on loopback (`course_lib.model.serve`). Real lessons are
slow to run, so one lesson is recorded and replayed; the rest uses a one-cell notebook.
"""
from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import threading
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from course_lib.model.serve import make_server

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("record_tool", ROOT / "tools" / "record.py")
record = importlib.util.module_from_spec(spec)
spec.loader.exec_module(record)

STEM = "05_long_term_stores"  # 26 s to record, the quickest lesson whose exercise notebook calls the model too
LESSON, EXERCISE = ROOT / "lessons" / f"{STEM}.ipynb", ROOT / "exercises" / f"{STEM}.ipynb"
TIMEOUT = 180


class Server:
    """The offline model on a loopback port, stoppable mid-test."""

    def __init__(self) -> None:
        self.httpd = make_server("127.0.0.1", 0)
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def live(monkeypatch):
    """Live settings pointing at a loopback server, as an instructor would have them."""
    server = Server()
    for var in ("COURSE_RECORD_FILE", "COURSE_REPLAY_FILE", "COURSE_REPLAY_FALLBACK", "OPENAI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COURSE_BACKEND", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("COURSE_CHAT_MODEL", "offline-rules-1")
    monkeypatch.setenv("COURSE_EMBED_MODEL", "minilm-static-256")
    yield server
    server.stop()


@pytest.fixture
def tiny(tmp_path):
    """A notebook making one chat call and one embeddings call: the quickest thing to record."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from course_lib import Model\nmodel = Model()\n"
        "print(model.complete([{'role': 'user', 'content': 'Please remember that I am vegetarian.'}]))\n"
        "print(model.embed(['vegetarian']).shape)")])
    path = tmp_path / "notebooks" / "tiny.ipynb"
    path.parent.mkdir()
    nbformat.write(nb, path)
    return path


def requests(path: Path) -> list[dict]:
    return [json.loads(line)["request"] for line in path.read_text().splitlines()]


def calls(path: Path) -> Counter:
    return Counter(json.loads(line)["endpoint"] for line in path.read_text().splitlines())


def test_a_recorded_lesson_and_its_exercises_replay_with_the_server_stopped(live, tmp_path, tiny, capsys):
    target = record.record(STEM, [LESSON, EXERCISE], tmp_path / "rec", append=False, timeout=TIMEOUT)
    assert target == tmp_path / "rec" / "lesson05.jsonl"
    assert calls(target)["chat/completions"] >= 1 and calls(target)["embeddings"] >= 4
    assert [p.name for p in target.parent.iterdir()] == ["lesson05.jsonl"]  # the temporary file is gone
    live.stop()  # from here on nothing answers on the live address
    assert record.verify([LESSON, EXERCISE], target, TIMEOUT) is None
    served = int(capsys.readouterr().out.split("replay OK: ")[1].split()[0])
    assert served == sum(calls(target).values())

    # the check fails, naming the cell, when the recording lacks a call
    embeddings_only = tmp_path / "embeddings-only.jsonl"
    embeddings_only.write_text(json.dumps(next(json.loads(line) for line in target.read_text().splitlines()
                                               if json.loads(line)["endpoint"] == "embeddings")) + "\n")
    problem = record.verify([tiny], embeddings_only, TIMEOUT)
    assert "tiny.ipynb, cell 1 (`from course_lib import Model`)" in problem
    assert "no recorded answer for this call to chat/completions" in problem


def test_recording_again_replaces_the_file_unless_append(live, tmp_path, tiny):
    target = record.record("00_setup", [tiny], tmp_path, append=False, timeout=TIMEOUT)
    once = requests(target)
    assert calls(target) == {"chat/completions": 1, "embeddings": 1}
    record.record("00_setup", [tiny], tmp_path, append=False, timeout=TIMEOUT)
    assert requests(target) == once
    record.record("00_setup", [tiny], tmp_path, append=True, timeout=TIMEOUT)
    assert requests(target) == once + once


def test_a_failed_run_leaves_the_old_recording_alone(live, tmp_path):
    (tmp_path / "lesson00.jsonl").write_text("old\n")
    broken = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("raise RuntimeError('rate limit')")])
    path = tmp_path / "notebooks" / "broken.ipynb"
    path.parent.mkdir()
    nbformat.write(broken, path)
    with pytest.raises(RuntimeError, match="is unchanged(.|\n)*rate limit"):
        record.record("00_setup", [path], tmp_path, append=False, timeout=TIMEOUT)
    assert (tmp_path / "lesson00.jsonl").read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lesson00.jsonl", "notebooks"]


def test_main_records_one_file_per_lesson_verifies_and_reports(live, tmp_path, tiny, monkeypatch, capsys):
    monkeypatch.setattr(record, "notebooks", lambda stem, exercises: [tiny])
    monkeypatch.setattr(record, "lesson_stems", lambda lesson: ["00_setup", "01_goldfish_agent"])  # two of "all"
    assert record.main(["all", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("recorded 1 notebook(s)") == 2 and "2 calls (1 chat/completions, 1 embeddings)" in out
    assert "lesson00.jsonl (" in out and "KiB)" in out and out.count("replay OK: 2 calls served") == 2
    assert "2 of 2 lessons recorded in " in out and "4 calls" in out
    assert sorted(p.name for p in tmp_path.glob("*.jsonl")) == ["lesson00.jsonl", "lesson01.jsonl"]


@pytest.mark.parametrize("env, expected", [
    ({}, "COURSE_BACKEND=offline"),
    ({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": "x.jsonl"}, "COURSE_BACKEND=replay"),
    ({"COURSE_BACKEND": "openai"}, "needs OPENAI_API_KEY"),
])
def test_no_live_backend_exits_2_saying_what_to_set(env, expected, monkeypatch, capsys):
    for var in ("COURSE_BACKEND", "OPENAI_API_KEY", "OPENAI_BASE_URL", "COURSE_REPLAY_FILE"):
        monkeypatch.delenv(var, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert record.main(["07"]) == 2
    err = capsys.readouterr().err
    assert expected in err and "OPENAI_BASE_URL" in err


def test_lessons_are_named_by_number_or_name_and_an_unknown_one_lists_them(capsys, monkeypatch):
    assert record.lesson_stems("7") == record.lesson_stems("07") == record.lesson_stems("07_write_update_forget") \
        == ["07_write_update_forget"]
    assert len(record.lesson_stems("all")) == len(list((ROOT / "lessons").glob("*.ipynb")))
    monkeypatch.setenv("COURSE_BACKEND", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert record.main(["77"]) == 2
    err = capsys.readouterr().err
    assert "matches no lesson" in err and "07_write_update_forget" in err and "12_capstone" in err
    assert record.main([""]) == 2 and "LESSON=all" in capsys.readouterr().err
    folders = [p.parent.name for p in record.notebooks("07_write_update_forget", exercises=True)]
    assert folders == ["lessons", "solutions", "exercises"]
    assert [p.parent.name for p in record.notebooks("07_write_update_forget", exercises=False)] == ["lessons"]


def test_make_record_passes_its_settings_to_the_tool():
    if shutil.which("make") is None:
        pytest.skip("needs make")
    dry = subprocess.run(["make", "-n", "-o", ".venv/.installed", "record", "LESSON=7", "EXERCISES=0", "OUT=x",
                          "APPEND=1"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert 'tools/record.py "7" --no-exercises --out "x" --append' in dry
    dry = subprocess.run(["make", "-n", "-o", ".venv/.installed", "record", "LESSON=all"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert 'tools/record.py "all"' in dry and "--no-exercises" not in dry and "--append" not in dry


def test_a_folder_replays_the_lesson_being_run_when_two_lessons_share_a_call(live, tmp_path, monkeypatch):
    """A live model answers a shared step differently in each lesson; each lesson's conversation must go on."""
    from course_lib import Model
    from course_lib.model.recording import ReplayTransport
    from course_lib.model.settings import load_settings

    ask = [{"role": "user", "content": "Suggest a dinner place in Berlin."}]

    def then(answer):
        return ask + [{"role": "assistant", "content": answer}, {"role": "user", "content": "And on Sunday?"}]

    def record_lesson(path, answer, opening):
        model = Model(settings=load_settings({"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": live.url,
                                              "COURSE_RECORD_FILE": str(path)}))
        model.complete(opening)
        model.complete(ask)
        lines = path.read_text().splitlines()
        shared = json.loads(lines[-1])
        shared["response"]["choices"][0]["message"]["content"] = answer  # as a live model might have said
        path.write_text("\n".join(lines[:-1] + [json.dumps(shared)]) + "\n")
        model.complete(then(answer))

    folder = tmp_path / "recordings"
    opening02, opening10 = [{"role": "user", "content": "Hi."}], [{"role": "user", "content": "I am vegetarian."}]
    record_lesson(folder / "lesson02.jsonl", "Try Tim Raue.", opening02)
    record_lesson(folder / "lesson10.jsonl", "Try Lucky Leek, it is vegetarian.", opening10)
    live.stop()

    def kernel():
        monkeypatch.setattr(ReplayTransport, "following", None)
        return Model(settings=load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(folder)}))

    lesson10 = kernel()
    lesson10.complete(opening10)
    assert lesson10.complete(ask) == "Try Lucky Leek, it is vegetarian."
    assert lesson10.complete(then("Try Lucky Leek, it is vegetarian."))  # recorded in lesson 10 only
    lesson02 = kernel()
    lesson02.complete(opening02)
    assert lesson02.complete(ask) == "Try Tim Raue."
    assert kernel().complete(ask) == "Try Tim Raue."  # nothing to go by: the files in name order

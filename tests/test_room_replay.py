"""Record and replay for a room, and a doctor that is honest under replay and quick on a silent server."""
from __future__ import annotations

import json
import socket
import threading

import pytest

from course_lib import Model, ModelCallError
from course_lib.course import doctor
from course_lib.model import recording
from course_lib.model.settings import SettingsError, load_settings

ASK = [{"role": "user", "content": "Please remember that I am vegetarian."}]
OTHER = [{"role": "user", "content": "My budget is 40 euros."}]


def record(url, path, messages):
    env = {"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": url, "COURSE_RECORD_FILE": str(path)}
    return Model(settings=load_settings(env)).complete(messages)


def replay(setting, **extra):
    return Model(settings=load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(setting), **extra}))


def test_a_folder_of_recordings_serves_several_lessons(offline_server_url, tmp_path):
    folder = tmp_path / "recordings"
    first = record(offline_server_url, folder / "lesson04.jsonl", ASK)
    second = record(offline_server_url, folder / "lesson05.jsonl", OTHER)
    model = replay(folder)
    assert model.complete(ASK) == first and model.complete(OTHER) == second


def test_relative_paths_mean_the_same_file_from_any_folder(offline_server_url, tmp_path, monkeypatch):
    monkeypatch.setattr(recording, "PACKAGE_ROOT", tmp_path)
    (tmp_path / "lessons").mkdir()
    answer = record(offline_server_url, "recordings/lesson04.jsonl", ASK)
    assert (tmp_path / "recordings" / "lesson04.jsonl").exists()
    monkeypatch.chdir(tmp_path / "lessons")  # a notebook runs from its own folder
    assert replay("recordings/lesson04.jsonl").complete(ASK) == answer


def test_recording_again_appends_and_says_so(offline_server_url, tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    record(offline_server_url, path, ASK)
    record(offline_server_url, path, ASK)  # a second client in the same kernel: no notice (it is one recording)
    assert "appending" not in capsys.readouterr().err
    recording.RECORDING.clear()  # a new kernel, recording again into the same file
    record(offline_server_url, path, OTHER)
    assert "already holds 2 calls" in capsys.readouterr().err
    assert len(path.read_text().splitlines()) == 3


def test_an_unrecorded_call_fails_clearly_or_falls_back_to_offline(offline_server_url, tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    record(offline_server_url, path, ASK)
    with pytest.raises(ModelCallError, match="COURSE_REPLAY_FALLBACK=offline"):
        replay(path).complete(OTHER)
    model = replay(path, COURSE_REPLAY_FALLBACK="offline")
    offline = Model().complete(OTHER)
    assert model.complete(OTHER) == offline
    assert "answered by the offline model" in capsys.readouterr().err
    with pytest.raises(SettingsError, match="only fallback is 'offline'"):
        load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(path), "COURSE_REPLAY_FALLBACK": "live"})


def test_an_empty_folder_or_a_missing_file_says_where_it_looked(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError, match="no .jsonl recordings"):
        replay(tmp_path / "empty")
    with pytest.raises(FileNotFoundError, match="looked for"):
        replay(tmp_path / "nope.jsonl")


def test_doctor_under_replay_checks_the_recordings_not_a_call(offline_server_url, tmp_path, monkeypatch):
    record(offline_server_url, tmp_path / "a.jsonl", ASK)
    record(offline_server_url, tmp_path / "b.jsonl", OTHER)
    monkeypatch.setenv("COURSE_BACKEND", "replay")
    monkeypatch.setenv("COURSE_REPLAY_FILE", str(tmp_path))
    check = next(c for c in doctor.run_checks() if c.name == "backend")
    assert check.ok and "replay of 2 recorded calls from 2 file(s)" in check.detail
    (tmp_path / "c.jsonl").write_text("not json\n")
    check = next(c for c in doctor.run_checks() if c.name == "backend")
    assert not check.ok and "c.jsonl, line 1" in check.detail


def test_doctor_gives_up_quickly_on_a_server_that_never_answers(monkeypatch):
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # accepts connections, never answers
    accepted = []
    threading.Thread(target=lambda: accepted.append(silent.accept()), daemon=True).start()
    monkeypatch.setenv("COURSE_BACKEND", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{silent.getsockname()[1]}/v1")
    monkeypatch.setattr(doctor, "DOCTOR_TIMEOUT", 0.5)
    try:
        check = next(c for c in doctor.run_checks() if c.name == "backend")
    finally:
        silent.close()
    assert not check.ok and "within 0.5 s" in check.detail


def test_doctor_outside_the_venv_says_activate(monkeypatch, capsys):
    monkeypatch.setattr(doctor, "in_course_venv", lambda: False)
    monkeypatch.setattr(doctor, "run_checks", lambda: [doctor.Check("numpy", False, "RuntimeError: not installed")] * 3)
    assert doctor.main() == 1
    out = capsys.readouterr().out
    assert out.count("Activate it first") == 1 and "make install" not in out
    monkeypatch.setattr(doctor, "in_course_venv", lambda: True)
    doctor.main()
    assert "make install" in capsys.readouterr().out

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


@pytest.fixture(autouse=True)
def fresh_kernel(monkeypatch):
    """Each test is a new kernel: nothing has fallen back yet."""
    monkeypatch.setattr(recording, "FELL_BACK", [])


def test_the_fallback_notice_is_printed_once_per_kernel_however_many_models(offline_server_url, tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    record(offline_server_url, path, ASK)
    questions = [[{"role": "user", "content": f"My budget is {n} euros."}] for n in (10, 20, 30)]
    for messages in questions:  # a lesson builds a new model object (an agent, a writer) per step
        replay(path, COURSE_REPLAY_FALLBACK="offline").complete(messages)
    err = capsys.readouterr().err
    assert err.count("answered by the offline model") == 1 and "without another notice" in err
    assert len(recording.FELL_BACK) == 3 and "My budget is 30 euros." in recording.FELL_BACK[-1]
    replay(path, COURSE_REPLAY_FALLBACK="offline").complete(ASK)  # a recorded call does not fall back
    assert len(recording.FELL_BACK) == 3


def test_doctor_under_replay_names_the_lessons_without_a_recording(offline_server_url, tmp_path, monkeypatch):
    folder = tmp_path / "recordings"
    record(offline_server_url, folder / "lesson00.jsonl", ASK)
    record(offline_server_url, folder / "lesson05.jsonl", OTHER)
    monkeypatch.setenv("COURSE_BACKEND", "replay")
    monkeypatch.setenv("COURSE_REPLAY_FILE", str(folder))
    detail = next(c for c in doctor.run_checks() if c.name == "backend").detail
    gaps = detail.split("not recorded: lessons ", 1)[1]
    assert gaps.startswith("01, 02, 03, 04, 06, 07, 08, 09, 10, 11, 12 (") and "COURSE_REPLAY_FALLBACK=offline" in gaps
    monkeypatch.setenv("COURSE_REPLAY_FALLBACK", "offline")
    detail = next(c for c in doctor.run_checks() if c.name == "backend").detail
    assert "the offline model answers them" in detail
    for number in range(13):
        (folder / f"lesson{number:02d}.jsonl").touch()  # a lesson recorded with no model calls counts as recorded
    assert "not recorded" not in next(c for c in doctor.run_checks() if c.name == "backend").detail


def test_doctor_with_only_a_base_url_names_the_servers_model_not_gpt_4o_mini(offline_server_url, monkeypatch):
    monkeypatch.setenv("COURSE_BACKEND", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", offline_server_url)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    for name in ("COURSE_CHAT_MODEL", "COURSE_EMBED_MODEL"):
        monkeypatch.delenv(name, raising=False)
    check = next(c for c in doctor.run_checks() if c.name == "backend")
    assert check.ok and "chat=gpt-4o-mini" not in check.detail
    assert "the server answered as offline-rules-1" in check.detail
    assert "set COURSE_CHAT_MODEL and COURSE_EMBED_MODEL to your server's model names" in check.detail
    monkeypatch.setenv("COURSE_CHAT_MODEL", "offline-rules-1")
    monkeypatch.setenv("COURSE_EMBED_MODEL", "minilm-static-256")
    assert "chat=offline-rules-1 (" in next(c for c in doctor.run_checks() if c.name == "backend").detail


def test_the_guide_quotes_the_real_message_of_an_unrecorded_call(offline_server_url, tmp_path):
    from pathlib import Path

    folder = tmp_path / "recordings"
    record(offline_server_url, folder / "lesson04.jsonl", ASK)
    record(offline_server_url, folder / "lesson05.jsonl", OTHER)  # a folder of several lessons, as in a room
    with pytest.raises(ModelCallError) as info:
        replay(folder).complete([{"role": "user", "content": "Summarise: Priya is vegan."}])
    message = f"ModelCallError: {info.value}".replace(f"the replay of {folder}", "the replay of recordings")
    message = message.replace(str(folder), "/home/ada/agent-memory/recordings")
    guide = (Path(__file__).resolve().parents[1] / "docs" / "instructor-guide.md").read_text(encoding="utf-8")
    assert " ".join(message.split()) in " ".join(guide.replace("`", "").split())

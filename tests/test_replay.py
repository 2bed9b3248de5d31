"""Record live calls against a loopback server, then replay them with no server at all."""
import json
import pytest

from course_lib import Model, ModelCallError
from course_lib.model.settings import load_settings


@pytest.fixture
def offline_server(offline_server_url):
    return offline_server_url


CONVERSATION = [{"role": "user", "content": "Please remember that I am vegetarian."}]


def test_record_then_replay_without_server(offline_server, tmp_path):
    recording = tmp_path / "lesson.jsonl"
    live = Model(settings=load_settings({"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": offline_server,
                                         "COURSE_RECORD_FILE": str(recording)}))
    live_text = live.complete(CONVERSATION)
    live_vec = live.embed(["dinner in Berlin"])
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    assert [r["endpoint"] for r in lines] == ["chat/completions", "embeddings"]

    replay = Model(settings=load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(recording),
                                           "COURSE_CHAT_MODEL": "any-name"}))
    assert replay.complete(CONVERSATION) == live_text
    assert (replay.embed(["dinner in Berlin"]) == live_vec).all()


def test_identical_calls_replay_in_recorded_order(tmp_path):
    recording = tmp_path / "r.jsonl"
    req = {"messages": CONVERSATION, "model": "m"}
    with recording.open("w") as f:
        for answer in ("first", "second"):
            resp = {"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": [
                {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer}}]}
            f.write(json.dumps({"endpoint": "chat/completions", "request": req, "response": resp}) + "\n")
    replay = Model(settings=load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(recording)}))
    assert [replay.complete(CONVERSATION) for _ in range(3)] == ["first", "second", "second"]


def test_unrecorded_call_names_file_and_call(offline_server, tmp_path):
    recording = tmp_path / "lesson.jsonl"
    live = Model(settings=load_settings({"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": offline_server,
                                         "COURSE_RECORD_FILE": str(recording)}))
    live.complete(CONVERSATION)
    replay = Model(settings=load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(recording)}))
    with pytest.raises(ModelCallError) as err:
        replay.complete([{"role": "user", "content": "Something never recorded"}])
    assert str(recording) in str(err.value) and "Something never recorded" in str(err.value)


def test_missing_or_corrupt_recording(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        Model(settings=load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(tmp_path / "no")}))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    with pytest.raises(ValueError, match="line 1: not a course recording"):
        Model(settings=load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(bad)}))


def test_recording_works_with_a_compressing_server(tmp_path):
    """Servers gzip their answers; the recorder must hand the SDK a body and headers that agree."""
    from livehelpers import ScriptedServer

    server = ScriptedServer(gzip_bodies=True)
    try:
        recording = tmp_path / "gz.jsonl"
        env = {"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": server.url, "COURSE_MAX_RETRIES": "0"}
        plain = Model(settings=load_settings(env)).complete(CONVERSATION)
        recorded = Model(settings=load_settings({**env, "COURSE_RECORD_FILE": str(recording)})).complete(CONVERSATION)
        assert recorded == plain
        assert len(recording.read_text().splitlines()) == 1
        server.script.append((200, b"not json at all", 0))
        with pytest.raises(ModelCallError):
            Model(settings=load_settings({**env, "COURSE_RECORD_FILE": str(recording)})).complete(CONVERSATION)
        assert len(recording.read_text().splitlines()) == 1  # a broken answer is not recorded
    finally:
        server.close()

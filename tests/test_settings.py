"""Settings: offline by default, live and replay by environment variables, clear errors otherwise."""
import pytest

from course_lib.model.settings import OFFLINE_CHAT_MODEL, SettingsError, load_settings


def test_default_is_offline():
    s = load_settings({})
    assert s.backend == "offline" and s.chat_model == OFFLINE_CHAT_MODEL


def test_openai_defaults_and_overrides():
    s = load_settings({"COURSE_BACKEND": "openai", "OPENAI_API_KEY": "sk-test"})
    assert (s.live_server, s.chat_model, s.embed_model) == ("openai", "gpt-4o-mini", "text-embedding-3-small")
    s = load_settings({"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": "http://localhost:11434/v1"})
    assert s.live_server == "ollama" and s.chat_model == "llama3.2"
    s = load_settings({"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": "http://127.0.0.1:8000/v1",
                       "COURSE_CHAT_MODEL": "qwen", "COURSE_EMBED_MODEL": "bge"})
    assert (s.live_server, s.chat_model, s.embed_model) == ("custom", "qwen", "bge")


@pytest.mark.parametrize("env, words", [
    ({"COURSE_BACKEND": "gpt"}, "not one of"),
    ({"COURSE_BACKEND": "openai"}, "OPENAI_API_KEY"),
    ({"COURSE_BACKEND": "replay"}, "COURSE_REPLAY_FILE"),
    ({"COURSE_TIMEOUT": "soon"}, "must be numbers"),
])
def test_bad_settings_explain_themselves(env, words):
    with pytest.raises(SettingsError, match=words):
        load_settings(env)

"""The live path against a real OpenAI-compatible HTTP server on loopback: bodies, parsing and failures."""
import pytest

from course_lib import Model, ModelCallError
from course_lib.model.settings import load_settings
from livehelpers import ScriptedServer


@pytest.fixture
def server():
    s = ScriptedServer()
    yield s
    s.close()


def live(server, **extra):
    env = {"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test",
           "COURSE_CHAT_MODEL": "test-chat", "COURSE_EMBED_MODEL": "test-embed", "COURSE_MAX_RETRIES": "0"}
    env.update(extra)
    return Model(settings=load_settings(env))


def test_request_bodies_and_parsing(server):
    model = live(server)
    text = model.complete([{"role": "user", "content": "hello"}], temperature=0)
    vectors = model.embed(["dinner in Berlin"])
    (m1, p1, h1, b1), (m2, p2, h2, b2) = server.requests
    assert (m1, p1) == ("POST", "/v1/chat/completions")
    assert b1["model"] == "test-chat" and b1["messages"] == [{"role": "user", "content": "hello"}]
    assert b1["temperature"] == 0
    assert h1.get("authorization") == "Bearer sk-test"
    assert (m2, p2) == ("POST", "/v1/embeddings") and b2["model"] == "test-embed"
    assert b2["input"] == ["dinner in Berlin"]
    assert "offline model" in text and vectors.shape == (1, 256)


def test_tool_calls_round_trip(server):
    server.script.append((200, {
        "id": "x", "object": "chat.completion", "created": 0, "model": "test-chat",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "content": None,
            "tool_calls": [{"id": "c1", "type": "function",
                            "function": {"name": "get_weather", "arguments": "{\"city\": \"Berlin\"}"}}]}}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8}}, 0))
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]
    r = live(server).chat([{"role": "user", "content": "weather?"}], tools=tools)
    assert r.choices[0].message.tool_calls[0].function.name == "get_weather"
    assert server.requests[0][3]["tools"] == tools


def err(status, message):
    return (status, {"error": {"message": message, "type": "x", "code": None, "param": None}}, 0)


def test_401_says_check_the_key(server):
    server.script.append(err(401, "Incorrect API key provided"))
    with pytest.raises(ModelCallError, match="refused the API key.*OPENAI_API_KEY"):
        live(server).complete([{"role": "user", "content": "hi"}])


def test_429_is_retried_then_succeeds(server):
    server.script += [err(429, "slow down"), err(429, "slow down")]
    text = live(server, COURSE_MAX_RETRIES="2").complete([{"role": "user", "content": "hi"}])
    assert len(server.requests) == 3 and text


def test_429_that_persists_says_rate_limited(server):
    server.script += [err(429, "slow down")] * 3
    with pytest.raises(ModelCallError, match="429.*after 2 retries"):
        live(server, COURSE_MAX_RETRIES="2").complete([{"role": "user", "content": "hi"}])
    assert len(server.requests) == 3


def test_500_says_server_error(server):
    server.script.append(err(500, "boom"))
    with pytest.raises(ModelCallError, match=r"server error \(500\)"):
        live(server).complete([{"role": "user", "content": "hi"}])


def test_timeout_says_no_answer(server):
    server.script.append((200, {}, 2.0))
    with pytest.raises(ModelCallError, match=r"no answer from http://127\.0\.0\.1:\d+/v1 within 0\.3 s"):
        live(server, COURSE_TIMEOUT="0.3").complete([{"role": "user", "content": "hi"}])


@pytest.mark.parametrize("body", [b"<html>not json</html>", b'{"unexpected": true}'])
def test_malformed_body_says_not_openai_format(server, body):
    server.script.append((200, body, 0))
    with pytest.raises(ModelCallError, match="not an OpenAI-format response"):
        live(server).complete([{"role": "user", "content": "hi"}])


def test_connection_refused_says_is_it_running():
    model = Model(settings=load_settings({"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
                                          "COURSE_MAX_RETRIES": "0"}))
    with pytest.raises(ModelCallError, match="could not connect.*running"):
        model.complete([{"role": "user", "content": "hi"}])


def test_course_bookkeeping_keys_are_not_sent(server):
    live(server).complete([{"role": "user", "content": "hi", "importance": 0.9, "pinned": True}])
    assert server.requests[0][3]["messages"] == [{"role": "user", "content": "hi"}]

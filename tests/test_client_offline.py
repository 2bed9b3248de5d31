"""The offline client: the real openai SDK, answered in-process, deterministic, with provider-like usage."""
import base64
import socket

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib import Model, get_client
from course_lib.model import prompts
from course_lib.model.offline.caching import MIN_CACHED, STEP, cached_tokens
from course_lib.model.offline.model import NOT_UNDERSTOOD, OfflineModel


def test_chat_and_embeddings_with_sockets_forbidden(monkeypatch):
    def no_socket(*a, **k):
        raise AssertionError("the offline client opened a socket")
    monkeypatch.setattr(socket.socket, "connect", no_socket)
    client = get_client()
    reply = client.chat.completions.create(model="offline-rules-1",
                                           messages=[{"role": "user", "content": "What is the capital of France?"}])
    assert reply.choices[0].message.content == NOT_UNDERSTOOD
    assert "COURSE_BACKEND=openai" in reply.choices[0].message.content
    emb = client.embeddings.create(model="minilm-static-256", input=["dinner in Berlin", "weather"])
    assert len(emb.data) == 2 and len(emb.data[0].embedding) == 256


def test_semantic_neighbours():
    v = Model().embed(["dinner in Berlin", "flight to Berlin on Friday", "user asked about the weather"])
    assert v[0] @ v[1] > v[0] @ v[2]


def test_base64_and_float_encodings_agree():
    m = OfflineModel()
    _, as_float = m.handle("POST", "/v1/embeddings", b'{"input": "hello", "encoding_format": "float"}')
    _, as_b64 = m.handle("POST", "/v1/embeddings", b'{"input": "hello", "encoding_format": "base64"}')
    decoded = np.frombuffer(base64.b64decode(as_b64["data"][0]["embedding"]), dtype="<f4")
    assert np.allclose(decoded, as_float["data"][0]["embedding"])


def test_usage_is_reported_like_a_provider():
    r = Model().chat([{"role": "user", "content": "hello"}])
    u = r.usage
    assert u.prompt_tokens > 0 and u.completion_tokens > 0
    assert u.total_tokens == u.prompt_tokens + u.completion_tokens
    assert u.prompt_tokens_details.cached_tokens == 0


def test_responses_are_deterministic():
    a = get_client().chat.completions.create(model="x", messages=[{"role": "user", "content": "hi"}])
    b = get_client().chat.completions.create(model="x", messages=[{"role": "user", "content": "hi"}])
    assert a.model_dump() == b.model_dump()


def test_prefix_cache_counts_from_1024_in_128_steps():
    assert cached_tokens(list(range(1023)), list(range(2000))) == 0
    assert cached_tokens(list(range(1024)), list(range(2000))) == 1024
    assert cached_tokens(list(range(1300)), list(range(2000))) == 1280
    assert cached_tokens(list(range(5000)), [1] + list(range(5000))) == 0


def test_cached_tokens_through_the_client():
    model = Model()
    long_system = {"role": "system", "content": "Rules of the house. " * 400}
    history = [long_system, {"role": "user", "content": "first"}]
    first = model.chat(history).usage.prompt_tokens_details.cached_tokens
    second = model.chat(history + [{"role": "assistant", "content": "ok"}, {"role": "user", "content": "second"}])
    assert first == 0
    cached = second.usage.prompt_tokens_details.cached_tokens
    assert cached >= MIN_CACHED and cached % STEP == 0 and cached <= second.usage.prompt_tokens
    # editing the top of the prompt invalidates the cache
    edited = [{"role": "system", "content": "NEW " + long_system["content"]}] + history[1:]
    assert model.chat(edited).usage.prompt_tokens_details.cached_tokens == 0


def test_templates_are_recognised():
    msgs = prompts.SUMMARISE.render(summary="", new_lines="user: hi", max_tokens=50)
    assert prompts.match_template(msgs) is prompts.SUMMARISE
    assert prompts.SUMMARISE.parse(msgs)["new_lines"] == "user: hi"
    assert prompts.match_template([{"role": "user", "content": "hi"}]) is None
    with pytest.raises(TypeError, match="missing"):
        prompts.SUMMARISE.render(summary="")


@pytest.mark.parametrize("method, path, body, status", [
    ("POST", "/v1/chat/completions", b"{not json", 400),
    ("POST", "/v1/chat/completions", b'{"messages": []}', 400),
    ("POST", "/v1/chat/completions", b'{"messages": [{"role": "user", "content": "x"}], "stream": true}', 400),
    ("POST", "/v1/embeddings", b'{"input": [1, 2]}', 400),
    ("POST", "/v1/embeddings", b'{"input": "x", "dimensions": 12}', 400),
    ("POST", "/v1/images/generations", b"{}", 404),
])
def test_bad_requests_get_openai_style_errors(method, path, body, status):
    code, payload = OfflineModel().handle(method, path, body)
    assert code == status and payload["error"]["message"]


def test_bad_request_surfaces_as_clear_error():
    from course_lib import ModelCallError
    with pytest.raises(ModelCallError, match="'messages' must be"):
        Model().chat([])


def test_cached_never_exceeds_prompt_tokens():
    model = Model()
    tools = [{"type": "function", "function": {"name": f"tool_{i}", "description": "x " * 200,
                                               "parameters": {"type": "object"}}} for i in range(8)]
    msgs = [{"role": "user", "content": "hello " * 50}]
    for turn in range(4):
        u = model.chat(msgs, tools=tools).usage
        assert u.prompt_tokens_details.cached_tokens <= u.prompt_tokens
        msgs = msgs + [{"role": "assistant", "content": "ok"}, {"role": "user", "content": f"again {turn}"}]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(max_size=300), min_size=1, max_size=6))
def test_offline_embeddings_in_process_equal_the_sdk_path_bit_for_bit(texts):
    """Offline, Model.embed skips the SDK's HTTP machinery; the vectors must be exactly the SDK's."""
    from course_lib.model.client import get_client

    fast = Model()
    through_sdk = Model(client=get_client(fast.settings))
    assert fast._embed_in_process and not through_sdk._embed_in_process
    assert np.array_equal(fast.embed(texts), through_sdk.embed(texts))

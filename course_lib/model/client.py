"""One way to reach a model: an `openai.OpenAI` client wired to the offline model, a live server or a recording."""
from __future__ import annotations

import functools
import json
import os
import threading
from typing import TYPE_CHECKING, Any

import httpx2

from course_lib.model.recording import RecordingTransport, ReplayTransport
from course_lib.model.settings import IN_PROCESS, Settings, load_settings

if TYPE_CHECKING:  # importing openai costs ~1 s, so only where a client is built
    import ssl

    import numpy as np
    import openai

OFFLINE_BASE_URL = "http://offline.course.invalid/v1"  # never resolved: requests stay in-process


class ModelCallError(RuntimeError):
    """A model call failed; the message says why and what to do."""


class OfflineTransport(httpx2.BaseTransport):
    """An httpx transport that hands each request to the in-process offline model (no socket); `variant=True`
    hands it to the second stand-in, which answers the same tasks in other words and formats (model/variant/)."""

    def __init__(self, variant: bool = False) -> None:
        if variant:
            from course_lib.model.variant.model import VariantModel as Stand_in
        else:
            from course_lib.model.offline.model import OfflineModel as Stand_in

        self.model = Stand_in()
        self._lock = threading.Lock()

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        with self._lock:
            status, payload = self.model.handle(request.method, request.url.path, request.read())
        return httpx2.Response(status, json=payload, request=request)


@functools.lru_cache(maxsize=4)
def tls_context(cafile: str | None, capath: str | None) -> "ssl.SSLContext":
    """httpx2's default certificates (it reads SSL_CERT_FILE / SSL_CERT_DIR, this cache's key), loaded once: ~25 ms."""
    return httpx2.create_ssl_context()


def get_client(settings: Settings | None = None) -> "openai.OpenAI":
    """An `openai.OpenAI` client: the offline model by default, a live or replayed one when configured."""
    import openai

    s = settings or load_settings()
    if s.backend in IN_PROCESS:
        http = httpx2.Client(transport=OfflineTransport(variant=s.backend == "variant"), base_url=OFFLINE_BASE_URL)
        return openai.OpenAI(api_key=s.backend, base_url=OFFLINE_BASE_URL, http_client=http, max_retries=0)
    if s.backend == "replay":
        fallback = OfflineTransport() if s.replay_fallback == "offline" else None
        http = httpx2.Client(transport=ReplayTransport(s.replay_file or "", fallback))
        return openai.OpenAI(api_key="replay", base_url=OFFLINE_BASE_URL, http_client=http, max_retries=0)
    transport: httpx2.BaseTransport = httpx2.HTTPTransport(
        verify=tls_context(os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR")))
    if s.record_file:
        transport = RecordingTransport(transport, s.record_file)
    return openai.OpenAI(
        # local servers (Ollama, llama.cpp) ignore the key; `python -m course_lib serve` checks COURSE_SERVE_TOKEN's
        api_key=s.api_key or os.environ.get("COURSE_SERVE_TOKEN") or "not-needed",
        base_url=s.base_url,
        timeout=s.timeout,
        max_retries=s.max_retries,
        http_client=httpx2.Client(transport=transport, timeout=s.timeout),
    )


def explain(exc: Exception, settings: Settings) -> str:
    """A message that says what went wrong with a model call and what to do about it."""
    import openai

    where = settings.base_url or (f"the {settings.backend} model" if settings.backend in IN_PROCESS else "api.openai.com")
    where = f"the replay of {settings.replay_file}" if settings.backend == "replay" else where
    if isinstance(exc, openai.AuthenticationError):
        return (f"{where} refused the API key (401). Check OPENAI_API_KEY, or unset COURSE_BACKEND "
                "to use the offline model.")
    if isinstance(exc, openai.RateLimitError):
        return (f"{where} kept answering 'too many requests' (429) after {settings.max_retries} retries. "
                "Wait a minute, raise COURSE_MAX_RETRIES, or use the offline model.")
    if isinstance(exc, openai.APITimeoutError):
        return (f"no answer from {where} within {settings.timeout:g} s. Is the server running? "
                "Raise COURSE_TIMEOUT for slow local models.")
    if isinstance(exc, openai.APIConnectionError):
        return f"could not connect to {where}: {exc.__cause__ or exc}. Is the server running and the URL right?"
    if isinstance(exc, openai.InternalServerError):
        return f"{where} failed with a server error ({exc.status_code}) after {settings.max_retries} retries: {exc.message}"
    if isinstance(exc, openai.APIStatusError):
        return f"{where} rejected the call ({exc.status_code}): {exc.message}"
    if isinstance(exc, (openai.APIResponseValidationError, json.JSONDecodeError, ValueError, KeyError, TypeError)):
        return (f"{where} answered with something that is not an OpenAI-format response ({type(exc).__name__}: "
                f"{str(exc)[:120]}). Is OPENAI_BASE_URL the server's /v1 address?")
    return f"the call to {where} failed: {type(exc).__name__}: {exc}"


WIRE_KEYS = ("role", "content", "name", "tool_calls", "tool_call_id")


def wire_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Messages with only the keys the chat API accepts (drops the course's own, such as 'importance')."""
    if not isinstance(messages, list):
        raise TypeError(f"messages must be a list of dicts, got {type(messages).__name__}")
    return [{k: v for k, v in m.items() if k in WIRE_KEYS} if isinstance(m, dict) else m for m in messages]


class Model:
    """Chat and embeddings through one client and the course settings, with clear errors."""

    def __init__(self, client: "openai.OpenAI | None" = None, settings: Settings | None = None) -> None:
        self.settings = settings or load_settings()
        self.client = client or get_client(self.settings)
        # Offline, embeddings skip the SDK's HTTP machinery: the same bytes (the SDK asks for base64 float32)
        # for ~0.3 ms instead of ~10 ms per call, which is most of a recall. Chat, replay, recording and any
        # client passed in still go through the SDK.
        self._embed_in_process = client is None and self.settings.backend in IN_PROCESS

    def chat(self, messages: list[dict[str, Any]], **kwargs: Any):
        """One chat completion (the SDK's ChatCompletion object); course bookkeeping keys are not sent."""
        kwargs.setdefault("model", self.settings.chat_model)
        try:
            response = self.client.chat.completions.create(messages=wire_messages(messages), **kwargs)
            if not getattr(response, "choices", None):
                raise ValueError("the response has no choices")
            return response
        except Exception as exc:  # every failure becomes one clear message
            raise ModelCallError(explain(exc, self.settings)) from exc

    def complete(self, messages: list[dict[str, Any]], **kwargs: Any) -> str:
        """The text of one chat completion."""
        return self.chat(messages, **kwargs).choices[0].message.content or ""

    def embed(self, texts: list[str]) -> "np.ndarray":
        """Embeddings of `texts` as a float32 array with unit-length rows."""
        import numpy as np

        if isinstance(texts, str):
            texts = [texts]
        if not texts:
            raise ValueError("embed() needs at least one text")
        if self._embed_in_process and all(isinstance(t, str) for t in texts):
            from course_lib.model import embedder

            vectors = np.asarray(embedder.embed(list(texts)), dtype=np.float32)
            norms = np.linalg.norm(vectors, axis=1, keepdims=True)
            return vectors / np.where(norms == 0, 1, norms)
        try:
            response = self.client.embeddings.create(model=self.settings.embed_model, input=list(texts))
            vectors = np.array([d.embedding for d in response.data], dtype=np.float32)
        except Exception as exc:
            raise ModelCallError(explain(exc, self.settings)) from exc
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1, norms)

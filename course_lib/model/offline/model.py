"""The offline model: routes OpenAI-style requests to rules and to the static embedder."""
from __future__ import annotations

import base64
import json
from typing import Any

from course_lib.model import prompts
from course_lib.model.settings import OFFLINE_CHAT_MODEL, OFFLINE_EMBED_MODEL
from course_lib.model.tokens import count_tokens, count_tools_tokens, encode
from course_lib.model.offline.caching import STEP, PrefixCache
from course_lib.model.offline.reply import Messages, Reply
from course_lib.model.offline.rules import RULES

CREATED = 1772442000  # the course clock's start (2026-03-02 09:00 UTC); keeps responses identical run to run

NOT_UNDERSTOOD = (
    "I am the course's offline model: a small set of readable rules, not a language model. "
    "I only handle the course's own prompts (summaries, fact extraction, importance, conflicts, "
    "the ReAct agent). For open questions switch to a live model: set COURSE_BACKEND=openai and "
    "OPENAI_API_KEY (or OPENAI_BASE_URL for Ollama, vLLM, LM Studio …) and restart the kernel."
)


def error(status: int, message: str, code: str = "invalid_request") -> tuple[int, dict[str, Any]]:
    """An error body in the OpenAI format."""
    return status, {"error": {"message": message, "type": "invalid_request_error", "code": code, "param": None}}


def prompt_token_ids(messages: Messages, tools: list[dict[str, Any]] | None) -> list[int]:
    """The prompt as one token sequence (tools first, then messages), for cache accounting."""
    text = json.dumps(tools or [], sort_keys=True)
    for m in messages:
        text += f"<|{m.get('role')}|>{m.get('content') or ''}{json.dumps(m.get('tool_calls') or '')}"
    return encode(text)


def choose_rule(messages: Messages, body: dict[str, Any]) -> str | None:
    """The name of the rule that answers this request, or None."""
    template = prompts.match_template(messages)
    if template is not None:
        return template.name if template.name in RULES else None
    if body.get("tools") and "react" in RULES:
        return "react"
    return None


class OfflineModel:
    """Answers chat and embeddings requests in-process; one instance keeps one prompt cache."""

    chat_model = OFFLINE_CHAT_MODEL  # the name it answers under (the variant stand-in has its own)

    def __init__(self) -> None:
        self.cache = PrefixCache()
        self.calls = 0

    def handle(self, method: str, path: str, body: bytes) -> tuple[int, dict[str, Any]]:
        """Answer one HTTP request: (status, JSON payload)."""
        route = path.split("?")[0].rstrip("/")
        if route.endswith("/models") and method == "GET":
            return 200, {"object": "list", "data": [
                {"id": m, "object": "model", "created": CREATED, "owned_by": "course"}
                for m in (self.chat_model, OFFLINE_EMBED_MODEL)]}
        if method != "POST" or not (route.endswith("/chat/completions") or route.endswith("/embeddings")):
            return error(404, f"the offline model has no endpoint {method} {route}", "not_found")
        try:
            payload = json.loads(body or b"{}")
        except json.JSONDecodeError as exc:
            return error(400, f"request body is not valid JSON: {exc}")
        if not isinstance(payload, dict):
            return error(400, "request body must be a JSON object")
        if route.endswith("/embeddings"):
            return self.embeddings(payload)
        return self.chat(payload)

    def chat(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """A chat completion."""
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages or not all(isinstance(m, dict) for m in messages):
            return error(400, "'messages' must be a non-empty list of {'role': ..., 'content': ...} objects")
        if body.get("stream"):
            return error(400, "the offline model does not stream; call without stream=True")
        reply = self.answer(messages, body)
        tools = body.get("tools")
        prompt_tokens = count_tokens(messages) + count_tools_tokens(tools)
        # the cache compares raw token sequences; never report more cached tokens than the prompt has
        cached = min(self.cache.observe(prompt_token_ids(messages, tools)), prompt_tokens // STEP * STEP)
        completion = count_tokens(reply.content or "") + sum(
            count_tokens(c["function"]["name"] + c["function"]["arguments"]) for c in reply.tool_calls)
        self.calls += 1
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        if reply.tool_calls:
            message["tool_calls"] = reply.tool_calls
        return 200, {
            "id": f"chatcmpl-{self.chat_model.split('-')[0]}-{self.calls}",
            "object": "chat.completion",
            "created": CREATED,
            "model": self.chat_model,
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": "tool_calls" if reply.tool_calls else "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion,
                      "total_tokens": prompt_tokens + completion,
                      "prompt_tokens_details": {"cached_tokens": cached}},
        }

    def answer(self, messages: Messages, body: dict[str, Any]) -> Reply:
        """The reply of the rule for this request's task, or the note that it is not a course task."""
        name = choose_rule(messages, body)
        return RULES[name](messages, body) if name else Reply(content=NOT_UNDERSTOOD)

    def embeddings(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Embeddings from the static MiniLM distillation shipped with the course."""
        from course_lib.model import embedder  # loads the model files on first use

        inputs = body.get("input")
        if isinstance(inputs, str):
            inputs = [inputs]
        if not isinstance(inputs, list) or not inputs or not all(isinstance(t, str) for t in inputs):
            return error(400, "'input' must be a string or a non-empty list of strings")
        if body.get("dimensions") not in (None, embedder.DIMS):
            return error(400, f"the offline embedder has {embedder.DIMS} dimensions; drop 'dimensions'")
        vectors = embedder.embed(inputs)
        as_b64 = body.get("encoding_format") == "base64"
        data = [{"object": "embedding", "index": i,
                 "embedding": base64.b64encode(v.astype("<f4").tobytes()).decode() if as_b64 else v.tolist()}
                for i, v in enumerate(vectors)]
        used = sum(count_tokens(t) for t in inputs)
        return 200, {"object": "list", "data": data, "model": OFFLINE_EMBED_MODEL,
                     "usage": {"prompt_tokens": used, "total_tokens": used}}

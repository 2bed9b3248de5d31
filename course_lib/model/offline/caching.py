"""Simulated prompt caching: a prefix shared with the previous call counts as cached."""
from __future__ import annotations

MIN_CACHED = 1024  # providers cache only prompts of at least 1,024 tokens …
STEP = 128  # … and in blocks of 128 tokens


def shared_prefix(a: list[int], b: list[int]) -> int:
    """Length of the common prefix of two token lists."""
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def cached_tokens(previous: list[int], current: list[int]) -> int:
    """Tokens of `current` a provider would serve from cache after `previous`."""
    common = shared_prefix(previous, current)
    return 0 if common < MIN_CACHED else (common // STEP) * STEP


class PrefixCache:
    """Remembers the last prompt's tokens and reports how many of the next one are cached."""

    def __init__(self) -> None:
        self._last: list[int] = []

    def observe(self, prompt_tokens: list[int]) -> int:
        """Cached tokens for this prompt; it becomes the prefix the next call is compared with."""
        hit = cached_tokens(self._last, prompt_tokens)
        self._last = list(prompt_tokens)
        return hit

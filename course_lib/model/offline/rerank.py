"""The offline model's rerank rule: which retrieved memories help answer a query (prompts.RERANK).

Two readable rules:

1. A request to the assistant or a question ("Can you look up…", "Find me…", "…?") states nothing: left out.
2. The rest are ordered by closeness in meaning to the query (cosine of the offline embeddings), closest first.

(Leaving out small talk too - no first person, name or number - was tried and dropped: it also removed real
facts that start with a name, "Ana hates surprise parties.", and gained nothing on the course's sets.)

A real model judges relevance far better; these rules show the shape of the answer and what a judge adds:
it can drop what cosine and keywords alone would keep.
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model import embedder, prompts
from course_lib.model.offline.reply import Messages, Reply

REQUEST = re.compile(r"^(?:can|could|would|will) you\b|^(?:please|find|search|look up|book|show|tell|help|give|"
                     r"recommend|suggest|check|get)\b|\?$", re.I)
LINE = re.compile(r"^\s*\[(\d+)\]\s*(.*)$")


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """'[n] text' lines -> (n, text) pairs."""
    return [(int(m.group(1)), m.group(2).strip()) for m in map(LINE.match, text.splitlines()) if m]


def why_left_out(text: str) -> str | None:
    """The rule that leaves this memory out, or None if it may help."""
    return "a request or question" if REQUEST.search(text.strip()) else None


def rerank(query: str, candidates: list[tuple[int, str]]) -> list[int]:
    """The numbers of the memories that may help, closest in meaning to the query first."""
    kept = [(n, t) for n, t in candidates if why_left_out(t) is None]
    if not kept:
        return []
    vectors = embedder.embed([query] + [t for _, t in kept])
    closeness = vectors[1:] @ vectors[0]
    order = sorted(range(len(kept)), key=lambda i: -float(closeness[i]))  # stable: ties keep the listed order
    return [kept[i][0] for i in order]


def rerank_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Answer the RERANK prompt with {"ranking": [...]}."""
    fields = prompts.RERANK.parse(messages)
    ranking = rerank(fields["query"], numbered_lines(fields["candidates"]))
    return Reply(content=json.dumps({"ranking": ranking}))

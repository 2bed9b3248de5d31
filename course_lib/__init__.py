"""course_lib: the small library the Agent Memory course builds, one lesson at a time.

Grouped by layer; each layer imports only from the layers above it in this list (tests/test_layers.py):

    checks, ranking   every argument check (one number policy) and the one rule for ordering by a score
    model/       talking to models: settings, client, tokens, prompts, embedder, clock, redaction rules
    scoring      recency x importance x relevance (lesson 06)
    short_term/  what one conversation keeps: buffer, sliding window, summary buffer (lessons 03-04)
    long_term/   what outlives a conversation: vector, profile, episodic, skills, the write path,
                 forgetting, hybrid retrieval (lessons 05, 07, 09); `long_term/stores/` is where they live
    agent/       the ReAct agent and its context assembly (lessons 02, 08, 10)
    evaluation/  the benchmark, the strategies the capstone compares, test doubles and corpora (lesson 12)
    course/      course machinery: the scenario, exercises, widgets, doctor, reset

What the lessons teach, and what is machinery:

    taught       scoring.py, short_term/, long_term/ (but stores/), agent/: read these with the lessons
    machinery    model/offline/ (the offline stand-in for a live model), long_term/stores/ (files, locks,
                 crash safety, chroma), course/ (exercises, widgets), evaluation/, checks.py, ranking.py

Names are imported lazily, so `import course_lib` stays fast; heavy libraries (openai, chromadb,
matplotlib) load only when the piece that needs them is used.
"""
from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS = {
    "load_settings": "model.settings", "Settings": "model.settings",
    "CourseClock": "model.clock", "COURSE_START": "model.clock",
    "count_tokens": "model.tokens",
    "get_client": "model.client", "Model": "model.client", "ModelCallError": "model.client",
    "ReActAgent": "agent.react_agent",
    "ConversationBuffer": "short_term.buffer", "SlidingWindow": "short_term.buffer",
    "SummaryBufferMemory": "short_term.summary",
    "recency": "scoring", "Weights": "scoring", "score": "scoring", "rank": "scoring", "VARIANTS": "scoring",
    "BERLIN_QUERY": "scoring", "BERLIN_MEMORIES": "scoring",
    "Toolbox": "agent.toolbox", "prune_by_importance": "short_term.buffer",
    "plan_compaction": "agent.compaction", "truncate_tool_output": "agent.truncation", "assemble": "agent.layout",
    "MemoryWriter": "long_term.write_path", "extract_facts": "long_term.write_path", "redact_secrets": "model.redact",
    "HybridRetriever": "long_term.hybrid", "sweep": "long_term.forgetting", "scoring_explorer": "course.widgets",
    "VectorMemory": "long_term.vector",
    "LowConfidence": "long_term.contract",
    "ProfileMemory": "long_term.profile",
    "EpisodicLog": "long_term.episodic",
    "SkillLibrary": "long_term.skills",
    "SharedMemory": "long_term.shared", "LateInteraction": "long_term.rerank", "LLMJudge": "long_term.rerank",
    "hybrid_recall": "long_term.hybrid",
    "forget_everywhere": "long_term.forget",
    "Ledger": "agent.ledger", "idempotency_key": "agent.ledger",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"course_lib has no attribute {name!r}")
    value = getattr(importlib.import_module(f"course_lib.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)

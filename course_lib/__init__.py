"""course_lib: the small library the Agent Memory course builds, one lesson at a time.

Names are imported lazily, so `import course_lib` stays fast; heavy libraries (openai, chromadb,
matplotlib) load only when the piece that needs them is used.
"""
from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS = {
    "load_settings": "settings", "Settings": "settings",
    "CourseClock": "clock", "COURSE_START": "clock",
    "count_tokens": "tokens",
    "get_client": "client", "Model": "client", "ModelCallError": "client",
    "ReActAgent": "agent",
    "ConversationBuffer": "short_term", "SlidingWindow": "short_term",
    "SummaryBufferMemory": "summary",
    "recency": "scoring", "Weights": "scoring", "score": "scoring", "rank": "scoring", "VARIANTS": "scoring",
    "BERLIN_QUERY": "scoring", "BERLIN_MEMORIES": "scoring",
    "Toolbox": "agent", "prune_by_importance": "short_term",
    "plan_compaction": "context", "truncate_tool_output": "context", "assemble": "context",
    "MemoryWriter": "write_path", "extract_facts": "write_path", "redact_secrets": "write_path",
    "HybridRetriever": "hybrid", "sweep": "forgetting", "scoring_explorer": "widgets",
    "VectorMemory": "vector",
    "ProfileMemory": "profile",
    "EpisodicLog": "episodic",
    "SkillLibrary": "skills",
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

"""Loads every rule module so each registers itself (see registry.py)."""
from __future__ import annotations

# Each import registers one or more rules with course_lib.offline.registry.RULES.
from . import react  # noqa: F401,E402  ReAct step for the course's tools
from . import summarise  # noqa: F401,E402  rolling extractive summary
from . import memory_ops  # noqa: F401,E402  extract_facts, rate_importance, resolve_conflict, session_summary, distill_episode

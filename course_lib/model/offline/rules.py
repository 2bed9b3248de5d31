"""Loads every rule module so each registers itself (see registry.py)."""
from __future__ import annotations

# Each import registers one or more rules with course_lib.model.offline.registry.RULES.
from course_lib.model.offline import react  # noqa: F401  ReAct step for the course's tools
from course_lib.model.offline import summarise  # noqa: F401  rolling extractive summary
from course_lib.model.offline import memory_ops  # noqa: F401  extract_facts, rate_importance, resolve_conflict, session_summary, distill_episode

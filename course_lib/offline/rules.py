"""Loads every rule module so each registers itself (see registry.py)."""
from __future__ import annotations

# Each import registers one or more rules with course_lib.offline.registry.RULES.

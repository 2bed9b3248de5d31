"""Deliberately wrong answers to lesson 05's exercises (merged into tests/wrong_answers.py's WRONG)."""
from __future__ import annotations

import json
import re

import numpy as np

from course_lib.course.exercises.lesson05 import ROUTE_CUES
from course_lib.model.tokens import count_tokens


# --- 05_long_term_stores.profile_block ----------------------------------------------------------

def profile_block_no_budget(facts, max_tokens):
    if not facts:
        return ""
    return "\n".join(["User profile:"] + [f"- {k}: {v}" for k, v in facts.items()])  # budget ignored


def profile_block_sorted(facts, max_tokens):
    lines = ["User profile:"]
    for k in sorted(facts):  # alphabetical, not the priority order given
        if count_tokens("\n".join(lines + [f"- {k}: {facts[k]}"])) > max_tokens:
            break
        lines.append(f"- {k}: {facts[k]}")
    return "\n".join(lines) if len(lines) > 1 else ""


def profile_block_strict(facts, max_tokens):
    lines = ["User profile:"]
    for k, v in facts.items():
        if count_tokens("\n".join(lines + [f"- {k}: {v}"])) >= max_tokens:  # < instead of <=
            break
        lines.append(f"- {k}: {v}")
    return "\n".join(lines) if len(lines) > 1 else ""


def profile_block_header_only(facts, max_tokens):
    lines = ["User profile:"]
    for k, v in facts.items():
        if count_tokens("\n".join(lines + [f"- {k}: {v}"])) > max_tokens:
            break
        lines.append(f"- {k}: {v}")
    return "\n".join(lines)  # returns a bare header when nothing fits


def profile_block_skips(facts, max_tokens):
    lines = ["User profile:"]
    for k, v in facts.items():
        if count_tokens("\n".join(lines + [f"- {k}: {v}"])) > max_tokens:
            continue  # a later, less important fact may jump the queue
        lines.append(f"- {k}: {v}")
    return "\n".join(lines) if len(lines) > 1 else ""


# --- 05_long_term_stores.already_done -----------------------------------------------------------

def already_done_text(events, tool, args):
    want = json.dumps(args)  # no sort_keys: key order changes the text
    return any(e.get("type") == "tool_call" and e.get("tool") == tool and json.dumps(e.get("args")) == want
               for e in events)


def already_done_any_tool(events, tool, args):
    return any(e.get("type") == "tool_call" and e.get("args") == args for e in events)  # tool ignored


def already_done_subset(events, tool, args):
    return any(e.get("type") == "tool_call" and e.get("tool") == tool
               and args.items() <= (e.get("args") or {}).items() for e in events)  # partial match counts


def already_done_errors_count(events, tool, args):
    return any(e.get("tool") == tool and e.get("args") == args for e in events)  # failed calls count too


def already_done_crashes(events, tool, args):
    return any(e["tool"] == tool and e["args"] == args for e in events)  # KeyError on a 'task' event


# --- 05_long_term_stores.route ------------------------------------------------------------------

def route_substring(question):
    text = question.lower()
    for kind in ("working", "episodic", "procedural"):
        if any(cue in text for cue in ROUTE_CUES[kind]):  # 'ago' matches 'Chicago'
            return kind
    return "semantic"


def route_wrong_order(question):
    text = " " + re.sub(r"[^a-z0-9]+", " ", question.lower()) + " "
    for kind in ("procedural", "episodic", "working"):  # wrong precedence
        if any(f" {cue} " in text for cue in ROUTE_CUES[kind]):
            return kind
    return "semantic"


def route_case_sensitive(question):
    text = " " + re.sub(r"[^A-Za-z0-9]+", " ", question) + " "  # 'Tuesday' never matches 'tuesday'
    for kind in ("working", "episodic", "procedural"):
        if any(f" {cue} " in text for cue in ROUTE_CUES[kind]):
            return kind
    return "semantic"


def route_none(question):
    text = " " + re.sub(r"[^a-z0-9]+", " ", question.lower()) + " "
    for kind in ("working", "episodic", "procedural"):
        if any(f" {cue} " in text for cue in ROUTE_CUES[kind]):
            return kind
    return None  # forgets the default


# --- 05_long_term_stores.cosine_top_k -----------------------------------------------------------

def top_k_dot(matrix, query, k):
    return [int(i) for i in np.argsort(-(np.asarray(matrix) @ np.asarray(query)), kind="stable")[:k]]


def top_k_ascending(matrix, query, k):
    m = np.asarray(matrix, dtype=float)
    sims = (m @ query) / (np.linalg.norm(m, axis=1) * np.linalg.norm(query) + 1e-12)
    return [int(i) for i in np.argsort(sims, kind="stable")[:k]]  # worst first


def top_k_similarities(matrix, query, k):
    m = np.asarray(matrix, dtype=float)
    sims = (m @ query) / (np.linalg.norm(m, axis=1) * np.linalg.norm(query) + 1e-12)
    return sorted(sims.tolist(), reverse=True)[:k]  # similarities, not indices


def top_k_nan(matrix, query, k):
    m = np.asarray(matrix, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        sims = (m @ query) / (np.linalg.norm(m, axis=1) * np.linalg.norm(query))  # 0/0 = NaN for a zero row
    return [int(i) for i in np.argsort(-sims, kind="stable")[:k]]


WRONG = {
    "05_long_term_stores": {
        "profile_block": [
            (profile_block_no_budget, "over the budget"),
            (profile_block_sorted, "keep facts in the order given"),
            (profile_block_strict, "exactly"),
            (profile_block_header_only, "a header with no facts"),
            (profile_block_skips, "stop at the first one that does not fit"),
        ],
        "already_done": [
            (already_done_text, "another key order"),
            (already_done_any_tool, "cancel_table was never called"),
            (already_done_subset, "Only some of the arguments match"),
            (already_done_errors_count, "tool_error"),
            (already_done_crashes, "raised KeyError"),
        ],
        "route": [
            (route_substring, "Chicago"),
            (route_wrong_order, "in the order working, episodic, procedural"),
            (route_case_sensitive, "returned 'semantic', expected 'episodic'"),
            (route_none, "returned None"),
        ],
        "cosine_top_k": [
            (top_k_dot, "cosine ignores length"),
            (top_k_ascending, "expected [1, 0]"),
            (top_k_similarities, "not similarities"),
            (top_k_nan, "A row of zeros has similarity 0"),
        ],
    },
}

"""A learner's own tool: chosen when the request is close to the tool's description, by embedding similarity.

A tool in the request that the rules do not know (say a `read_log` a learner wrote in lesson 02 or 08) is
described by its name and description. The request and each such description are embedded with the
course's static embedder (course_lib/model/embedder.py, the one lesson 05 uses) and compared by cosine
similarity; the closest tool is chosen if the similarity is at least MATCH_THRESHOLD.

Arguments: a tool with no required parameter is called without arguments; a tool with one required string
parameter gets it from the request (a quoted text, a file name, path or URL when the parameter names a
file, path or URL, otherwise the request itself); any other schema makes the agent ask for the arguments
instead of guessing them.
"""
from __future__ import annotations

import re
from typing import Any

from course_lib.ranking import order, similarities

MATCH_THRESHOLD = 0.40
"""Cosine similarity a request needs with a tool's "name: description" to choose the tool. Measured on the
request set tests/data/agent_requests.json: requests meant for a tool scored 0.42-0.88 with it, unrelated
requests (weather, booking, small talk, nonsense) at most 0.25 with any of the sample tools."""

KNOWN_TOOLS = {"search_restaurants", "get_weather", "book_table", "read_page", "read_more", "save_memory",
               "search_memory", "forget_memory", "forget_everything", "list_skills", "load_skill", "save_skill"}
QUOTED = re.compile(r"[\"“'‘]([^\"”'’]{1,200})[\"”'’]")
FILE_LIKE = re.compile(r"(?:https?://\S+|[\w./~-]*[/\\][\w./-]+|\b[\w-]+\.[a-z]{1,5}\b)", re.I)
SHAPED = re.compile(r"path|file|url|filename|link", re.I)


def described(schema: dict[str, Any]) -> str:
    """The text a tool is matched on: its name in words and its description."""
    fn = schema.get("function", {})
    return f"{str(fn.get('name', '')).replace('_', ' ')}: {fn.get('description', '')}"


def own_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The schemas in a request that are not the course's own tools."""
    return [t for t in tools if t.get("function", {}).get("name") not in KNOWN_TOOLS]


def best_tool(request: str, tools: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, float]:
    """The learner tool closest to the request, and its similarity (None if none reaches MATCH_THRESHOLD)."""
    candidates = own_tools(tools)
    if not candidates:
        return None, 0.0
    from course_lib.model.embedder import embed  # loads the static model on first use

    vectors = embed([request] + [described(t) for t in candidates])
    scores = similarities(vectors[1:], vectors[0])  # float64, ties by position (ranking.py)
    best = order(scores)[0]
    score = float(scores[best])
    return (candidates[best] if score >= MATCH_THRESHOLD else None), score


def arguments(request: str, schema: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """(the arguments for the tool, taken from the request) or (None, what to ask the user for)."""
    params = schema.get("function", {}).get("parameters") or {}
    required = list(params.get("required") or [])
    props = params.get("properties") or {}
    name = schema.get("function", {}).get("name", "the tool")
    if not required:
        return {}, None
    if len(required) > 1 or (props.get(required[0]) or {}).get("type", "string") != "string":
        return None, f"the values for {name} ({', '.join(required)})"
    param = required[0]
    hint = f"{param} {(props.get(param) or {}).get('description', '')}"
    quoted = QUOTED.search(request)
    if quoted:
        return {param: quoted.group(1)}, None
    if SHAPED.search(hint):
        found = FILE_LIKE.search(request)
        return ({param: found.group(0).rstrip(".,;:!?")}, None) if found else (None, f"the {param} for {name}")
    return {param: request.strip()}, None

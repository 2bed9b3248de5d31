"""Solution markers: find the marked regions of a solutions notebook's cells, strip them, look cells up by name."""
from __future__ import annotations

import ast
import os
import re
import textwrap
from pathlib import Path

BEGIN_MARKER = "### BEGIN SOLUTION"
END_MARKER = "### END SOLUTION"
SOLUTIONS_ENV = "COURSE_SOLUTIONS_DIR"

_NEAR_MARKER = re.compile(r"#+\s*(BEGIN|END)\s+SOLUTION\b", re.IGNORECASE)


class MarkerError(ValueError):
    """Solution markers that don't pair up, or that sit where a stub could not replace them."""


def solution_regions(source: str) -> list[tuple[int, int]]:
    """Line index pairs (begin, end) of the solution markers in a cell; raise MarkerError if unbalanced."""
    regions: list[tuple[int, int]] = []
    begin: int | None = None
    for i, line in enumerate(source.splitlines()):
        stripped = line.strip()
        if stripped == BEGIN_MARKER:
            if begin is not None:
                raise MarkerError(f"line {i + 1}: {BEGIN_MARKER!r} inside another solution "
                                  f"(opened on line {begin + 1}); close it with {END_MARKER!r} first")
            begin = i
        elif stripped == END_MARKER:
            if begin is None:
                raise MarkerError(f"line {i + 1}: {END_MARKER!r} without a {BEGIN_MARKER!r} before it")
            regions.append((begin, i))
            begin = None
        elif _NEAR_MARKER.search(stripped):
            raise MarkerError(f"line {i + 1}: {stripped!r} looks like a solution marker but is not exactly "
                              f"{BEGIN_MARKER!r} or {END_MARKER!r}")
    if begin is not None:
        raise MarkerError(f"line {begin + 1}: {BEGIN_MARKER!r} is never closed with {END_MARKER!r}")
    return regions


def strip_markers(source: str) -> str:
    """The cell's code with the marker lines removed: what `solution()` shows."""
    return "\n".join(line for line in source.splitlines() if line.strip() not in (BEGIN_MARKER, END_MARKER))


def replace_solution(source: str, body: str) -> str:
    """The cell with its (single) marked region replaced by `body`, indented like the markers (for tests)."""
    (begin, end), *rest = solution_regions(source)
    if rest:
        raise MarkerError("replace_solution works on cells with exactly one marked region")
    lines = source.splitlines()
    indent = lines[begin][: len(lines[begin]) - len(lines[begin].lstrip())]
    new = [indent + line if line.strip() else "" for line in textwrap.dedent(body).strip("\n").splitlines()]
    return "\n".join(lines[:begin] + new + lines[end + 1:]) + "\n"


def top_level_names(source: str) -> list[str]:
    """Names of the functions and classes a cell defines at top level (empty if it does not parse)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]


def cell_source(cell: dict) -> str:
    """A notebook cell's source as one string."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def solution_cells(notebook: dict) -> dict[str, str]:
    """Map each function/class defined in a marked code cell of a solutions notebook to that cell's source."""
    found: dict[str, str] = {}
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = cell_source(cell)
        if solution_regions(source):
            for name in top_level_names(source):
                found.setdefault(name, source)
    return found


def solutions_dir() -> Path | None:
    """Where the solutions notebooks are: $COURSE_SOLUTIONS_DIR, the repository's solutions/, or ./ or ../solutions."""
    env = os.environ.get(SOLUTIONS_ENV)
    candidates = [Path(env)] if env else []
    candidates += [Path(__file__).resolve().parents[3] / "solutions", Path.cwd() / "solutions",
                   Path.cwd().parent / "solutions"]
    for path in candidates:
        if path.is_dir():
            return path
    return None

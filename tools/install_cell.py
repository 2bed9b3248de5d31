"""The install cell: the first code cell of every lesson and solutions notebook, safe on any learner's machine.

    python tools/install_cell.py           # insert or update the cell in lessons/ and solutions/, list what changed
    python tools/install_cell.py --check   # write nothing; exit 1 while any notebook lacks the current cell
    python tools/install_cell.py PATH...   # only these notebooks

The cell does nothing, and prints nothing, when `course_lib` imports (a checkout's .venv, Binder, a wheelhouse
install), so stored outputs stay empty. Where it is missing:
- on Colab or Binder (recognised by their environment variables) it installs the exact versions of
  requirements.lock (the checkout's copy if there is one, else the repository's), then the course itself with
  --no-deps, from the repository named in pyproject.toml's [project.urls] Repository;
- with COURSE_INSTALL_FROM (a wheel or a folder, e.g. from the instructor's wheelhouse) inside a virtual
  environment, it installs from there;
- anywhere else (a global Jupyter, Anaconda's base, a venv without the course) it installs nothing: it says which
  Python the kernel runs and how to switch to the course's kernel, then stops the notebook;
- offline, where it would need the network, it says so in one sentence and stops.
It is tagged "install" and sits right after the notebook's title; exercises/ gets it from solutions/ through
tools/make_exercises.py.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from binder import BRANCH, repository_url  # noqa: E402
from nbclean import clean, dumps, read  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TAG = "install"
FOLDERS = ("lessons", "solutions")
SOURCE = '''\
# Does nothing when this kernel has the course. On Colab or Binder it installs the course with the exact
# versions of requirements.lock; anywhere else it installs nothing and says how to switch to the course's kernel.
import importlib.util, os, socket, sys
from pathlib import Path

if importlib.util.find_spec("course_lib") is None:
    hosted = ("Colab" if "google.colab" in sys.modules or "COLAB_RELEASE_TAG" in os.environ else
              "Binder" if "BINDER_REQUEST" in os.environ or "BINDER_LAUNCH_HOST" in os.environ else None)
    install_from = os.environ.get("COURSE_INSTALL_FROM")
    here = [p for p in (Path.cwd(), *Path.cwd().parents) if (p / "pyproject.toml").is_file()][:1]
    if not hosted and not (install_from and sys.prefix != sys.base_prefix):
        venv = [p / ".venv" for p in here if (p / ".venv").is_dir()]
        python = venv and venv[0] / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        print(f"This notebook's kernel runs {{sys.executable}}, which does not have the course, and this cell will not "
              "install ~180 packages into it. Switch to the course's own kernel:")
        if venv:
            print(f"  - close this Jupyter and run `make lab` in {{here[0]}}, or\\n"
                  f"  - register the course's environment once, in a terminal:\\n"
                  f'      "{{python}}" -m ipykernel install --user --name agent-memory --display-name "Agent Memory (.venv)"\\n'
                  "    then Kernel > Change Kernel… > Agent Memory (.venv), and run the notebook again.")
        else:
            print("  - set the course up first (`make install` in the course folder, see the setup page for your "
                  "system in docs/), then start JupyterLab with `make lab`.")
        raise RuntimeError("course_lib is not in this kernel's environment: switch kernels as explained above")
    local = install_from and not install_from.startswith(("http:", "https:", "git+"))  # a path: pip names a wrong one
    try:
        local or socket.create_connection(("pypi.org", 443), timeout=5).close()
    except OSError:
        raise RuntimeError(f"This {{hosted or 'kernel'}} has no network connection, so the course cannot be installed "
                           "here: connect it to the internet and run this cell again.") from None
    if hosted:
        lock = here[0] / "requirements.lock" if here and (here[0] / "requirements.lock").is_file() else "{lock_url}"
        get_ipython().run_line_magic("pip", f'install --quiet -r "{{lock}}"')
    get_ipython().run_line_magic("pip", f'install --quiet {{"--no-deps " if hosted else ""}}"{{install_from or "git+{url}"}}"')
    importlib.invalidate_caches()
    if importlib.util.find_spec("course_lib") is None:
        raise RuntimeError(f"could not install the course from {{install_from or '{url}'}}: see pip's message above")
    print("course_lib is installed. If a later cell cannot import something, restart the runtime "
          "(Colab: Runtime > Restart session) and run the notebook again from the top.")'''


def cell_source(root: Path = ROOT) -> str:
    """The install cell's code, with the repository address from pyproject.toml."""
    url = repository_url(root)
    lock_url = f"{url.replace('https://github.com/', 'https://raw.githubusercontent.com/')}/{BRANCH}/requirements.lock"
    return SOURCE.format(url=url, lock_url=lock_url)


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

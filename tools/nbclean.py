"""Strip execution noise from notebooks so they diff cleanly and generate byte-for-byte the same.

    python tools/nbclean.py solutions/06_scoring.ipynb            # clean in place, keep outputs
    python tools/nbclean.py --clear-outputs exercises/*.ipynb     # also drop outputs and counts
    python tools/nbclean.py --check lessons/*.ipynb               # exit 1 if any file would change

Kept: cell sources, outputs (unless cleared), cell tags and a few editor flags, a normalised kernelspec
and language_info (no Python version), and the course's own "course" metadata. Dropped: execution
timings, widget state, scroll/collapse flags and anything else an editor or nbconvert adds.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import nbformat

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                 "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                 "pygments_lexer": "ipython3"}
CELL_METADATA_KEPT = ("tags", "jupyter", "slideshow", "editable", "deletable")
NOTEBOOK_METADATA_KEPT = ("course",)


def _cell_id(index: int, source: str) -> str:
    return hashlib.sha1(f"{index}:{source}".encode()).hexdigest()[:8]


def clean(nb: nbformat.NotebookNode, *, clear_outputs: bool = False) -> nbformat.NotebookNode:
    """Return a cleaned copy of `nb` (nbformat 4.5, deterministic metadata; outputs cleared on request)."""
    nb = nbformat.from_dict(nbformat.from_dict(nb))  # a deep copy as NotebookNode
    nb.nbformat, nb.nbformat_minor = 4, max(5, int(nb.get("nbformat_minor", 5)))
    meta = {k: v for k, v in nb.get("metadata", {}).items() if k in NOTEBOOK_METADATA_KEPT}
    meta["kernelspec"] = dict(KERNELSPEC)
    meta["language_info"] = {k: v for k, v in LANGUAGE_INFO.items()}
    nb.metadata = nbformat.from_dict(meta)
    seen: set[str] = set()
    for index, cell in enumerate(nb.cells):
        if isinstance(cell.get("source"), list):
            cell.source = "".join(cell.source)
        cell_id = cell.get("id")
        if not cell_id or cell_id in seen:
            cell_id = _cell_id(index, cell.source)
        seen.add(cell_id)
        cell.id = cell_id
        cell.metadata = nbformat.from_dict({k: v for k, v in cell.get("metadata", {}).items()
                                            if k in CELL_METADATA_KEPT})
        if cell.cell_type == "code":
            if clear_outputs:
                cell.outputs = []
                cell.execution_count = None
            for output in cell.get("outputs", []):
                if "metadata" in output:
                    output.metadata = nbformat.from_dict({k: v for k, v in output.metadata.items()
                                                          if k not in ("execution", "ExecuteTime")})
        elif "attachments" in cell and not cell.attachments:
            del cell["attachments"]
    return nb


def dumps(nb: nbformat.NotebookNode) -> str:
    """Serialise deterministically: nbformat's sorted, indent-1 JSON with a trailing newline."""
    text = nbformat.writes(nb)
    return text if text.endswith("\n") else text + "\n"


def read(path: Path) -> nbformat.NotebookNode:
    """Read a notebook file as nbformat 4."""
    return nbformat.read(str(path), as_version=4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Clean notebooks in place (execution noise out, outputs kept).")
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--clear-outputs", action="store_true", help="also remove outputs and execution counts")
    parser.add_argument("--check", action="store_true", help="don't write; exit 1 if any file is not clean")
    args = parser.parse_args(argv)
    dirty = []
    for path in args.paths:
        if not path.is_file():
            print(f"nbclean: no such notebook: {path}", file=sys.stderr)
            return 2
        before = path.read_text(encoding="utf-8")
        after = dumps(clean(read(path), clear_outputs=args.clear_outputs))
        if before != after:
            dirty.append(path)
            if not args.check:
                path.write_text(after, encoding="utf-8")
    verb = "not clean" if args.check else "cleaned"
    for path in dirty:
        print(f"{verb}: {path}")
    return 1 if (args.check and dirty) else 0


if __name__ == "__main__":
    sys.exit(main())

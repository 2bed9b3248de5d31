"""Strip execution noise from notebooks so they diff cleanly and generate byte-for-byte the same.

    python tools/nbclean.py solutions/06_scoring.ipynb            # clean in place, keep outputs
    python tools/nbclean.py --clear-outputs exercises/*.ipynb     # also drop outputs and counts
    python tools/nbclean.py --check lessons/*.ipynb               # exit 1 if any file would change

Kept: cell sources, outputs (unless cleared), cell tags and a few editor flags, the kernelspec and
language_info exactly as JupyterLab writes them when the course's kernel starts (so opening a lesson does not
mark it modified), and the course's own "course" metadata. Dropped: execution
timings, widget state and widget view ids, scroll/collapse flags and anything else an editor or nbconvert adds.
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
from pathlib import Path

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
# JupyterLab copies the kernel's language_info into the notebook when the kernel starts and marks the notebook
# modified if it differs from the stored one; ipykernel reports the Python version in it. This is the Python the
# stored outputs are executed with (docs/timings.json): a kernel on it opens every notebook unmodified, one on
# another Python only rewrites this version (checked with JupyterLab 4 in headless Chromium).
KERNEL_PYTHON = "3.11.7"
LANGUAGE_INFO = {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                 "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                 "pygments_lexer": "ipython3", "version": KERNEL_PYTHON}
CELL_METADATA_KEPT = ("tags", "jupyter", "slideshow", "editable", "deletable")
NOTEBOOK_METADATA_KEPT = ("course",)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_SPLIT_MIMES = ("application/javascript", "image/svg+xml")  # split into lines like text/*, as nbformat does


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else (value or "")


def _cell_id(index: int, source: str) -> str:
    return hashlib.sha1(f"{index}:{source}".encode()).hexdigest()[:8]


def _merge_streams(outputs: list[dict]) -> list[dict]:
    """Join consecutive stdout (or stderr) chunks: how a kernel splits a stream depends on timing."""
    merged: list[dict] = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (last is not None and output.get("output_type") == "stream" == last.get("output_type")
                and output.get("name") == last.get("name")):
            last["text"] = _text(last.get("text")) + _text(output.get("text"))
        else:
            merged.append(output)
    return merged


def clean(nb: dict, *, clear_outputs: bool = False) -> dict:
    """Return a cleaned copy of notebook `nb` (a dict; nbformat 4.5, deterministic metadata, joined strings)."""
    if nb.get("nbformat") != 4:
        raise ValueError(f"only nbformat 4 notebooks are supported (got {nb.get('nbformat')!r}); "
                         f"convert with `jupyter nbconvert --to notebook`")
    nb = copy.deepcopy(dict(nb))
    nb["nbformat_minor"] = max(5, int(nb.get("nbformat_minor", 5)))
    meta = {k: v for k, v in nb.get("metadata", {}).items() if k in NOTEBOOK_METADATA_KEPT}
    nb["metadata"] = {**meta, "kernelspec": dict(KERNELSPEC), "language_info": copy.deepcopy(LANGUAGE_INFO)}
    seen: set[str] = set()
    for index, cell in enumerate(nb.get("cells", [])):
        cell["source"] = _text(cell.get("source"))
        cell_id = cell.get("id")
        if not cell_id or cell_id in seen:
            cell_id = _cell_id(index, cell["source"])
        seen.add(cell_id)
        cell["id"] = cell_id
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k in CELL_METADATA_KEPT}
        if cell["cell_type"] == "code":
            if clear_outputs:
                cell["outputs"], cell["execution_count"] = [], None
            cell["outputs"] = _merge_streams(cell.setdefault("outputs", []))
            for output in cell["outputs"]:
                if "text" in output:
                    output["text"] = _text(output["text"])
                # a widget view's model id is random on every run and its state is not kept: keep the text only
                output.get("data", {}).pop(WIDGET_VIEW, None)
                for key, value in output.get("data", {}).items():
                    if isinstance(value, list):
                        output["data"][key] = _text(value)
                if "metadata" in output:
                    output["metadata"] = {k: v for k, v in output["metadata"].items()
                                          if k not in ("execution", "ExecuteTime")}
        elif "attachments" in cell and not cell["attachments"]:
            del cell["attachments"]
    return nb


def _split(text: str) -> list[str]:
    return text.splitlines(True)


def dumps(nb: dict) -> str:
    """Serialise deterministically, exactly as nbformat writes: sorted keys, indent 1, strings split into lines."""
    nb = copy.deepcopy(nb)
    for cell in nb.get("cells", []):
        if isinstance(cell.get("source"), str):
            cell["source"] = _split(cell["source"])
        for output in cell.get("outputs", []):
            if isinstance(output.get("text"), str):
                output["text"] = _split(output["text"])
            for key, value in output.get("data", {}).items():
                if isinstance(value, str) and (key.startswith("text/") or key in _SPLIT_MIMES):
                    output["data"][key] = _split(value)
    return json.dumps(nb, indent=1, sort_keys=True, separators=(",", ": "), ensure_ascii=False) + "\n"


def read(path: Path) -> dict:
    """Read a notebook file as a plain dict."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not a notebook (invalid JSON: {error})") from None


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
        try:
            after = dumps(clean(read(path), clear_outputs=args.clear_outputs))
        except ValueError as error:
            print(f"nbclean: {error}", file=sys.stderr)
            return 2
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

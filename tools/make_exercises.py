"""Generate exercises/NN_slug.ipynb from solutions/NN_slug.ipynb, the single source of every exercise.

    python tools/make_exercises.py           # (re)write exercises/ (`make exercises`)
    python tools/make_exercises.py --check   # write nothing; exit 1 and list the files that differ

In a solutions notebook, the solution code of an exercise sits inside a function, between two
marker lines; the `def` line (and docstring) stay outside so the stub is still a function:

    def recency(hours, decay=0.99):
        \"\"\"How fresh a memory is after `hours` hours.\"\"\"
        ### BEGIN SOLUTION
        return decay ** hours
        ### END SOLUTION

In the exercise notebook the marked lines become one line at the marker's indentation:

        raise NotImplementedError("Your code here — stuck? run ex.recency.hint()")

All outputs and execution counts are cleared and metadata is cleaned (tools/nbclean.py). Cells
without markers are copied unchanged. A code cell tagged `uses-solution` (one that calls a learner's
function, so it fails until the exercise is solved) gets nbval's `raises-exception` tag in the
exercise notebook. Unbalanced or misplaced markers are an error naming the notebook, cell and line.
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nbclean import clean, dumps, read  # noqa: E402

from course_lib.course.exercises.markers import MarkerError, solution_regions  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
STUB = 'raise NotImplementedError("Your code here — stuck? run ex.{name}.hint()")'
USES_SOLUTION_TAG = "uses-solution"
_DEFINITION = re.compile(r"^(?:async\s+def|def|class)\s+([A-Za-z_]\w*)")


def _owner(lines: list[str], index: int) -> str:
    """The top-level function or class a marker line belongs to."""
    for line in reversed(lines[:index]):
        match = _DEFINITION.match(line)
        if match:
            return match.group(1)
    raise MarkerError(f"line {index + 1}: solution markers must sit inside a function (keep the `def` line "
                      f"outside the markers) so the exercise's stub is still a function")


def _stubs_inside_functions(source: str) -> bool:
    """True if every generated `raise NotImplementedError` is inside a function body."""
    tree = ast.parse(source)
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update(id(child) for child in ast.walk(node))
    return all(id(node) in inside for node in ast.walk(tree)
               if isinstance(node, ast.Raise) and "Your code here" in ast.unparse(node))


def stub_source(source: str) -> str:
    """Replace every marked solution in one code cell's source with a NotImplementedError stub."""
    regions = solution_regions(source)
    if not regions:
        return source
    lines = source.splitlines()
    out: list[str] = []
    position = 0
    for begin, end in regions:
        out += lines[position:begin]
        indent = lines[begin][: len(lines[begin]) - len(lines[begin].lstrip())]
        if not indent:
            raise MarkerError(f"line {begin + 1}: {lines[begin].strip()!r} is not indented: put the markers "
                              f"inside the function body, below its `def` line")
        out.append(indent + STUB.format(name=_owner(lines, begin)))
        position = end + 1
    out += lines[position:]
    stubbed = "\n".join(out) + ("\n" if source.endswith("\n") else "")
    try:
        ast.parse(source)
    except SyntaxError:
        return stubbed  # cells with IPython syntax (magics) are not checked further
    try:
        ok = _stubs_inside_functions(stubbed)
    except SyntaxError as error:
        raise MarkerError(f"the stubbed cell does not parse ({error.msg}, line {error.lineno}): move the markers "
                          f"so they enclose whole statements of a function body") from None
    if not ok:
        raise MarkerError("solution markers must sit inside a function body, not at the top of a class or cell")
    return stubbed


def make_exercise(nb: dict, name: str = "notebook") -> dict:
    """The exercise version of a solutions notebook: stubs for solutions, no outputs, clean metadata."""
    nb = clean(nb, clear_outputs=True)
    for number, cell in enumerate(nb["cells"], start=1):
        if cell["cell_type"] != "code":
            continue
        try:
            cell["source"] = stub_source(cell["source"])
        except MarkerError as error:
            raise MarkerError(f"{name}, cell {number}: {error}") from None
        tags = list(cell["metadata"].get("tags", []))
        if USES_SOLUTION_TAG in tags and "raises-exception" not in tags:
            cell["metadata"]["tags"] = tags + ["raises-exception"]
    nb["metadata"]["course"] = {**nb["metadata"].get("course", {}), "generated_from": f"solutions/{Path(name).name}",
                                "lesson": Path(name).stem}
    return nb


def expected_exercises(root: Path) -> dict[Path, str]:
    """Map each exercise notebook path to the text it should have, from root/solutions/*.ipynb."""
    solutions = sorted((root / "solutions").glob("*.ipynb"))
    return {root / "exercises" / path.name: dumps(make_exercise(read(path), path.name)) for path in solutions}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate exercises/ from solutions/ (stubs, no outputs).")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if exercises/ is out of date")
    parser.add_argument("--root", type=Path, default=ROOT, help="course repository root (default: this repo)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    try:
        wanted = expected_exercises(root)
    except (MarkerError, ValueError) as error:
        print(f"make_exercises: {error}", file=sys.stderr)
        return 2
    existing = set((root / "exercises").glob("*.ipynb"))
    stale = sorted(existing - set(wanted))
    differ = [path for path, text in wanted.items()
              if not path.is_file() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in differ:
            state = "differs from" if path.is_file() else "is missing for"
            print(f"exercises/{path.name} {state} solutions/{path.name}")
        for path in stale:
            print(f"exercises/{path.name} has no solutions/{path.name}")
        if differ or stale:
            print("exercises/ is out of sync with solutions/: run `make exercises` "
                  "(and never edit exercises/ by hand)", file=sys.stderr)
            return 1
        print(f"exercises/ in sync with solutions/ ({len(wanted)} notebooks)")
        return 0
    (root / "exercises").mkdir(exist_ok=True)
    for path in differ:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote exercises/{path.name}")
    for path in stale:
        path.unlink()
        print(f"removed exercises/{path.name} (no solutions/{path.name})")
    if not differ and not stale:
        print(f"exercises/ already up to date ({len(wanted)} notebooks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

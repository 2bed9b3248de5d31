"""Running a lesson cell again gives the same output: every code cell is executed twice in a row in one kernel,
and both runs' outputs must equal the outputs stored in the notebook (compared the way nbval compares them, with
the same sanitiser, tools/nbval_sanitize.cfg, and skipping cells marked # NBVAL_IGNORE_OUTPUT). The first run is
the nbval check of the lessons, so `make test` runs nbval on the solutions only.

A student re-runs cells all the time: to look again, after an edit, after an error. A cell that stores a
memory twice, books a table twice or creates a folder that already exists changes the lesson under them.
"""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbval.plugin import coalesce_streams, get_sanitize_patterns

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))
PATTERNS = get_sanitize_patterns((ROOT / "tools" / "nbval_sanitize.cfg").read_text())
IGNORE = "# NBVAL_IGNORE_OUTPUT"
SKIPPED = {"metadata", "traceback", "output_type", "execution_count", "transient", "image/png", "image/jpeg",
           "application/vnd.jupyter.widget-view+json"}  # what nbval skips too (images without --nbdime)


def sanitize(value):
    if not isinstance(value, str):
        return value
    for regex, replace in PATTERNS:
        value = re.sub(regex, replace, value)
    return value


def comparable(outputs) -> dict[str, list]:
    """Outputs flattened the way nbval compares them: one list of values per key or mime type."""
    flat: dict[str, list] = defaultdict(list)
    for output in coalesce_streams([nbformat.from_dict(o) for o in outputs]):
        for key, value in output.items():
            if key == "name":
                continue
            if key == "data":
                for mime, content in value.items():
                    if mime not in SKIPPED:
                        flat[mime].append(sanitize(content))
            elif key not in SKIPPED:
                flat[f"{output.get('name', '')}{key}"].append(sanitize(value))
    return dict(flat)


def noise(on: bool, seed: int) -> nbformat.NotebookNode:
    """A hidden cell that turns float noise (tests/float_noise.py) on or off in the lesson's kernel."""
    code = (f"import sys as _s; _s.path.insert(0, {str(ROOT / 'tests')!r}); import float_noise as _fn; "
            f"_fn_restore = _fn.install({seed}); del _s, _fn" if on else "_fn_restore(); del _fn_restore")
    return nbformat.v4.new_code_cell(code)


def switch(client: NotebookClient, on: bool, i: int) -> None:
    """Turn the float noise on or off in the kernel; a kernel where it cannot be installed fails the test."""
    hidden = noise(on, seed=i)
    client.execute_cell(hidden, i)
    errors = [o for o in hidden.outputs if o.get("output_type") == "error"]
    assert not errors, (f"float noise could not be turned {'on' if on else 'off'} before cell {i}: "
                        f"{errors[0].get('ename')}: {errors[0].get('evalue')}")


def run_every_cell_twice(path: Path, noisy: bool = True) -> list[str]:
    """Execute each code cell twice in a row, the second time with float noise (tests/float_noise.py: every
    product and score a few ulps off, summed in another order, as on another CPU); return one message per cell
    whose output differs from the stored one. A cell that differs only with the noise is run a third time
    without it, so the message says which of the two it is: a ranking that depends on the machine, or a cell
    that changes when run again."""
    nb = nbformat.read(path, as_version=4)
    stored = {i: comparable(cell.outputs) for i, cell in enumerate(nb.cells) if cell.cell_type == "code"}
    client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    problems = []
    with client.setup_kernel():
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if cell.source.lstrip().startswith(IGNORE):  # wall times and the like: nbval skips them too
                client.execute_cell(cell, i)
                client.execute_cell(cell, i)
                continue
            client.execute_cell(cell, i)
            first = comparable(cell.outputs)
            if first != stored[i]:  # the first run is what nbval checks; doing it here saves running lessons twice
                problems.append(f"cell {i} differs from its stored output:\n--- stored\n{stored[i]}\n"
                                f"--- this run\n{first}")
                continue
            if noisy:
                switch(client, True, i)
            client.execute_cell(cell, i)
            if noisy:
                switch(client, False, i)
            again = comparable(cell.outputs)
            if again != stored[i]:
                if noisy:
                    client.execute_cell(cell, i)
                    plain = comparable(cell.outputs) == stored[i]
                else:
                    plain = False
                what = ("depends on the last bits of a float (it differs when every product and score is a few "
                        "ulps off, as on another CPU; see course_lib/ranking.py)" if plain else
                        "gives other output when run again")
                problems.append(f"cell {i} {what}:\n--- stored\n{stored[i]}\n--- second run\n{again}")
    return problems


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_cell_gives_its_stored_output_when_run_twice(path):
    problems = run_every_cell_twice(path)
    assert not problems, f"{path.name}:\n" + "\n\n".join(problems)


def test_the_check_catches_a_cell_that_accumulates(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("seen = []"),
                nbformat.v4.new_code_cell("seen.append(1)\nprint(len(seen))")]
    NotebookClient(nb, kernel_name="python3").execute()  # stored outputs from one clean run: "1"
    path = tmp_path / "accumulates.ipynb"
    nbformat.write(nb, path)
    problems = run_every_cell_twice(path)
    assert len(problems) == 1 and problems[0].startswith("cell 1 ")

"""tools/make_exercises.py and tools/nbclean.py: stubs from markers, clean deterministic notebooks, --check."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from course_lib.course.exercises import MarkerError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import make_exercises  # noqa: E402
import nbclean  # noqa: E402

SOLVED = '''def recency(hours, decay=0.99):
    """How fresh a memory is."""
    ### BEGIN SOLUTION
    value = decay ** hours
    return value
    ### END SOLUTION
'''


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "make_exercises.py"), *args],
                          capture_output=True, text=True, timeout=60)


def _repo_copy(tmp_path: Path) -> Path:
    for folder in ("solutions", "exercises"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


# --------------------------------------------------------------------------- stubs

def test_stub_replaces_the_marked_lines_and_keeps_the_signature():
    stub = make_exercises.stub_source(SOLVED)
    assert stub == ('def recency(hours, decay=0.99):\n    """How fresh a memory is."""\n'
                    '    raise NotImplementedError("Your code here — stuck? run ex.recency.hint()")\n')
    namespace: dict = {}
    exec(stub, namespace)
    with pytest.raises(NotImplementedError, match=r"ex\.recency\.hint\(\)"):
        namespace["recency"](1)


def test_several_regions_and_methods_keep_their_indentation():
    source = ("class Window:\n    def add(self, m):\n        ### BEGIN SOLUTION\n        self.m = m\n"
              "        ### END SOLUTION\n\n    def last(self):\n        ### BEGIN SOLUTION\n        return self.m\n"
              "        ### END SOLUTION")
    stub = make_exercises.stub_source(source)
    assert stub.count('        raise NotImplementedError("Your code here — stuck? run ex.Window.hint()")') == 2
    assert "self.m" not in stub
    exec(stub, {})


def test_cells_without_markers_stay_unchanged():
    for source in ("x = 1\nprint(x)", "%matplotlib inline", "# just a comment\n", ""):
        assert make_exercises.stub_source(source) == source


@pytest.mark.parametrize("source,message", [
    ("def f():\n    ### BEGIN SOLUTION\n    return 1\n", "never closed"),
    ("def f():\n    return 1\n    ### END SOLUTION\n", "without a"),
    ("def f():\n    ### BEGIN SOLUTION\n    ### BEGIN SOLUTION\n    ### END SOLUTION\n    ### END SOLUTION\n",
     "inside another"),
    ("def f():\n    ## BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n", "looks like a solution marker"),
    ("### BEGIN SOLUTION\nx = 1\n### END SOLUTION\n", "not indented"),
    ("class C:\n    ### BEGIN SOLUTION\n    x = 1\n    ### END SOLUTION\n", "inside a function body"),
])
def test_bad_markers_are_refused(source, message):
    with pytest.raises(MarkerError, match=message):
        make_exercises.stub_source(source)


# --------------------------------------------------------------------------- whole notebooks

def _solved_notebook() -> nbformat.NotebookNode:
    nb = new_notebook(cells=[
        new_markdown_cell("# Title"),
        new_code_cell(SOLVED, execution_count=3, outputs=[new_output("stream", name="stdout", text="hi\n")],
                      metadata={"execution": {"iopub.status.busy": "2025-01-01"}, "scrolled": True}),
        new_code_cell("print(recency(2))", metadata={"tags": ["uses-solution"]}),
    ])
    nb.metadata.update({"widgets": {"state": {}}, "language_info": {"name": "python", "version": "3.9.0"}})
    return nb


def test_exercise_notebook_is_stubbed_cleared_and_clean():
    nb = make_exercises.make_exercise(_solved_notebook(), "06_demo.ipynb")
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert "raise NotImplementedError" in code[0]["source"] and "decay ** hours" not in code[0]["source"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    assert code[0]["metadata"] == {}
    assert code[1]["metadata"]["tags"] == ["uses-solution", "raises-exception"]
    assert nb["cells"][0]["source"] == "# Title"
    assert "widgets" not in nb["metadata"] and nb["metadata"]["language_info"] == nbclean.LANGUAGE_INFO  # as a kernel writes it
    assert nb["metadata"]["course"] == {"generated_from": "solutions/06_demo.ipynb", "lesson": "06_demo"}
    nbformat.validate(nbformat.from_dict(nb))


def test_marker_errors_name_the_notebook_and_cell():
    nb = _solved_notebook()
    nb.cells[1].source = SOLVED.replace("    ### END SOLUTION\n", "")
    with pytest.raises(MarkerError, match=r"06_demo.ipynb, cell 2: line 3"):
        make_exercises.make_exercise(nb, "06_demo.ipynb")


def test_generation_is_deterministic_and_the_repo_is_in_sync():
    first = make_exercises.expected_exercises(ROOT)
    second = make_exercises.expected_exercises(ROOT)
    assert first == second and first
    for path, text in first.items():
        assert text.endswith("}\n")
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run `make exercises`"
    assert make_exercises.main(["--check"]) == 0


def test_check_fails_on_a_hand_edited_exercise(tmp_path):
    root = _repo_copy(tmp_path)
    target = root / "exercises" / "06_scoring.ipynb"
    target.write_text(target.read_text(encoding="utf-8").replace("Exercise 1", "Exercise one"), encoding="utf-8")
    result = _run("--check", "--root", str(root))
    assert result.returncode == 1
    assert "exercises/06_scoring.ipynb differs from solutions/06_scoring.ipynb" in result.stdout
    assert make_exercises.main(["--root", str(root)]) == 0  # regenerate ...
    assert make_exercises.main(["--check", "--root", str(root)]) == 0  # ... and it is in sync again


def test_check_reports_missing_and_orphaned_exercises(tmp_path, capsys):
    root = _repo_copy(tmp_path)
    (root / "exercises" / "06_scoring.ipynb").unlink()
    shutil.copy(ROOT / "exercises" / "06_scoring.ipynb", root / "exercises" / "99_gone.ipynb")
    assert make_exercises.main(["--check", "--root", str(root)]) == 1
    out = capsys.readouterr().out
    assert "exercises/06_scoring.ipynb is missing for solutions/06_scoring.ipynb" in out
    assert "exercises/99_gone.ipynb has no solutions/99_gone.ipynb" in out
    assert make_exercises.main(["--root", str(root)]) == 0
    assert not (root / "exercises" / "99_gone.ipynb").exists()
    assert make_exercises.main(["--root", str(root), "--check"]) == 0


def test_unbalanced_markers_stop_generation_with_a_clear_error(tmp_path, capsys):
    root = _repo_copy(tmp_path)
    nb = _solved_notebook()
    nb.cells[1].source = SOLVED.replace("    ### END SOLUTION\n", "")
    nbformat.write(nb, str(root / "solutions" / "07_broken.ipynb"))
    assert make_exercises.main(["--root", str(root)]) == 2
    assert "07_broken.ipynb, cell 2: line 3: '### BEGIN SOLUTION' is never closed" in capsys.readouterr().err
    assert not (root / "exercises" / "07_broken.ipynb").exists()


# --------------------------------------------------------------------------- nbclean

def test_clean_is_idempotent_and_keeps_outputs():
    once = nbclean.clean(_solved_notebook())
    twice = nbclean.clean(once)
    assert nbclean.dumps(once) == nbclean.dumps(twice)
    assert once["cells"][1]["outputs"] and once["cells"][1]["execution_count"] == 3
    assert once["cells"][1]["metadata"] == {} and "widgets" not in once["metadata"]
    nbformat.validate(nbformat.from_dict(once))


def test_dumps_writes_exactly_what_nbformat_writes():
    nb = nbclean.clean(_solved_notebook())
    assert nbclean.dumps(nb) == nbformat.writes(nbformat.from_dict(nb)) + "\n"


def test_unreadable_and_old_notebooks_are_refused(tmp_path):
    bad = tmp_path / "bad.ipynb"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="not a notebook"):
        nbclean.read(bad)
    with pytest.raises(ValueError, match="nbformat 4"):
        nbclean.clean({"nbformat": 3, "worksheets": []})


def test_clean_gives_missing_cell_ids_stable_values():
    nb = _solved_notebook()
    for cell in nb.cells:
        del cell["id"]
    nb.nbformat_minor = 4
    assert nbclean.dumps(nbclean.clean(nb)) == nbclean.dumps(nbclean.clean(nb))


def test_nbclean_script_cleans_in_place_and_checks(tmp_path):
    path = tmp_path / "n.ipynb"
    nbformat.write(_solved_notebook(), str(path))
    assert nbclean.main(["--check", str(path)]) == 1
    assert nbclean.main([str(path)]) == 0
    assert nbclean.main(["--check", str(path)]) == 0
    assert nbclean.main(["--check", "--clear-outputs", str(path)]) == 1


def test_committed_notebooks_are_clean():
    for path in sorted((ROOT / "solutions").glob("*.ipynb")):
        assert nbclean.main(["--check", str(path)]) == 0, f"run: python tools/nbclean.py {path.relative_to(ROOT)}"

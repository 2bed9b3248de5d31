"""Zero install: Binder's requirements follow the lock, the install cell installs the course where it is missing
(tested in a fresh venv with no checkout, offline) and is silent where it is present, and the README's badges
open notebooks that exist."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import badges  # noqa: E402
import binder  # noqa: E402
import install_cell  # noqa: E402
import make_exercises  # noqa: E402
from nbclean import read  # noqa: E402


def course_copy(tmp_path: Path, *notebooks: str) -> Path:
    """A scratch course root: pyproject, lock, binder/, README and the named notebooks."""
    root = tmp_path / "course"
    root.mkdir()
    for name in ("pyproject.toml", "requirements.lock", "README.md"):
        shutil.copy(ROOT / name, root / name)
    shutil.copytree(ROOT / "binder", root / "binder")
    for notebook in notebooks:
        (root / notebook).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / notebook, root / notebook)
    return root


def run_notebook(nb, kernel: str, folder: Path):
    """Execute notebook `nb` in `folder` with kernel `kernel`; returns the executed notebook."""
    NotebookClient(nb, kernel_name=kernel, timeout=600, resources={"metadata": {"path": str(folder)}}).execute()
    return nb


def stdout(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")


# --- (c) Binder follows requirements.lock --------------------------------------------------------------------

def test_binder_requirements_are_in_sync_with_the_lock_and_check_fails_when_the_lock_moves(tmp_path, capsys):
    assert binder.main(["--check"]) == 0
    root = course_copy(tmp_path)
    lock = root / "requirements.lock"
    lock.write_text(lock.read_text(encoding="utf-8").replace("\naiohttp==", "\naiohttp==9", 1), encoding="utf-8")
    assert binder.main(["--check", "--root", str(root)]) == 1
    assert "run python tools/binder.py" in capsys.readouterr().err
    assert binder.main(["--root", str(root)]) == 0 and binder.main(["--check", "--root", str(root)]) == 0
    assert re.search(r"^aiohttp==9", (root / "binder" / "requirements.txt").read_text(), re.M)


def test_markers_are_resolved_for_binders_python_on_linux():
    lock = ("plain==1.0\n    # via x\n"
            "old==1 ; python_full_version < '3.11'\n"
            "new==2 ; python_full_version >= '3.11'\n"
            "win==3 ; sys_platform == 'win32'\n"
            "minor==4 ; python_full_version == '3.11.*'\n"
            "patch==5 ; python_full_version < '3.11.5'\n")
    pins = [line for line in binder.requirements(lock, "3.11").splitlines() if not line.startswith("#")]
    assert pins == ["plain==1.0", "new==2", "minor==4", 'patch==5 ; python_full_version < "3.11.5"']
    assert "old==1" in binder.requirements(lock, "3.10") and "new==2" not in binder.requirements(lock, "3.10")


def test_binder_image_installs_the_course_at_build_time_on_a_python_the_course_supports():
    post_build = ROOT / "binder" / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable or repo2docker skips it"
    assert "pip install --no-deps -e ." in post_build.read_text(encoding="utf-8")
    python = binder.binder_python()
    assert tuple(map(int, python.split("."))) >= (3, 10)
    assert f"for Python {python} on Linux" in (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")


def test_a_bad_runtime_or_repository_is_named_with_its_fix(tmp_path):
    root = course_copy(tmp_path)
    (root / "binder" / "runtime.txt").write_text("3.11\n")
    with pytest.raises(ValueError, match=r"runtime.txt must hold one line like 'python-3.11'"):
        binder.binder_python(root)
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace("https://github.com/agent-memory-course/agent-memory",
                                                       "git@github.com:x/y"))
    with pytest.raises(ValueError, match=r"\[project.urls\] Repository"):
        binder.colab_url("lessons/00_setup.ipynb", root)


# --- (c) every badge opens a notebook that exists ------------------------------------------------------------

def linked_notebooks(text: str) -> list[str]:
    """The notebook path of every Binder and Colab link in a README, checked against the repository address."""
    slug = re.escape(binder.repository_url().removeprefix("https://github.com/"))
    on_binder = re.findall(rf"https://mybinder\.org/v2/gh/{slug}/{binder.BRANCH}\?urlpath=([^)\s]+)", text)
    on_colab = re.findall(rf"https://colab\.research\.google\.com/github/{slug}/blob/{binder.BRANCH}/([^)\s]+)", text)
    assert len(on_binder) == text.count("mybinder.org/v2/"), "a Binder link does not point at this repository"
    assert len(on_colab) == text.count("colab.research.google.com/github/"), "a Colab link points elsewhere"
    return [unquote(p).removeprefix("lab/tree/") for p in on_binder] + on_colab


def test_every_binder_and_colab_link_in_the_readme_opens_an_existing_notebook():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    paths = linked_notebooks(text)
    lessons = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "lessons").glob("*.ipynb"))
    assert sorted(set(paths)) == lessons and len(paths) == 2 * len(lessons)
    assert all((ROOT / p).is_file() for p in paths)
    broken = text.replace("blob/main/lessons/00_setup.ipynb", "blob/main/lessons/00_set-up.ipynb")
    assert "lessons/00_set-up.ipynb" in linked_notebooks(broken) and not (ROOT / "lessons/00_set-up.ipynb").exists()
    moved = text.replace("agent-memory-course/agent-memory/blob", "someone-else/agent-memory/blob", 1)
    with pytest.raises(AssertionError):
        linked_notebooks(moved)


def test_badges_check_fails_until_the_column_is_generated_and_a_missing_notebook_is_named(tmp_path, capsys):
    assert badges.main(["--check"]) == 0
    root = course_copy(tmp_path, *(p.relative_to(ROOT).as_posix() for p in (ROOT / "lessons").glob("*.ipynb")))
    readme = root / "README.md"
    text = readme.read_text(encoding="utf-8")
    readme.write_text(text.replace("/blob/main/lessons/03_short_term_memory", "/blob/main/lessons/03_old"))
    assert badges.main(["--check", "--root", str(root)]) == 1
    assert badges.main(["--root", str(root)]) == 0 and readme.read_text(encoding="utf-8") == text
    assert badges.main(["--root", str(root)]) == 0 and readme.read_text(encoding="utf-8") == text  # idempotent
    (root / "lessons" / "12_capstone.ipynb").unlink()
    assert badges.main(["--check", "--root", str(root)]) == 2
    assert "links lessons/12_capstone.ipynb, which does not exist" in capsys.readouterr().err


# --- the install cell tool -----------------------------------------------------------------------------------

def install_cells(nb: dict) -> list[int]:
    return [i for i, c in enumerate(nb["cells"]) if install_cell.TAG in c["metadata"].get("tags", [])]


def test_install_cell_is_added_once_after_the_title_updated_in_place_and_survives_exercise_generation(
        tmp_path, monkeypatch, capsys):
    root = course_copy(tmp_path, "lessons/00_setup.ipynb", "solutions/03_short_term_memory.ipynb")
    paths = [root / "lessons/00_setup.ipynb", root / "solutions/03_short_term_memory.ipynb"]
    before = {p: read(p) for p in paths}
    if all(install_cells(nb) for nb in before.values()):  # the repository's notebooks already have it: remove it
        for path, nb in before.items():
            nb["cells"] = [c for i, c in enumerate(nb["cells"]) if i not in install_cells(nb)]
            path.write_text(json.dumps(nb), encoding="utf-8")
    assert install_cell.main(["--check", "--root", str(root)]) == 1
    assert "needs the install cell" in capsys.readouterr().out
    assert install_cell.main(["--root", str(root)]) == 0
    assert capsys.readouterr().out.count("updated: ") == 2
    texts = {p: p.read_text(encoding="utf-8") for p in paths}
    for path in paths:
        nb = read(path)
        assert install_cells(nb) == [1] and nb["cells"][0]["cell_type"] == "markdown"
        assert "".join(nb["cells"][1]["source"]) == install_cell.cell_source() and not nb["cells"][1]["outputs"]
        assert [c["source"] for c in nb["cells"][2:]] == [c["source"] for c in before[path]["cells"][1:]]
    assert install_cell.main(["--check", "--root", str(root)]) == 0
    assert install_cell.main(["--root", str(root)]) == 0
    assert all(p.read_text(encoding="utf-8") == text for p, text in texts.items())  # idempotent

    monkeypatch.setattr(install_cell, "SOURCE", install_cell.SOURCE.replace("--quiet", "--quiet --no-input"))
    assert install_cell.main(["--check", "--root", str(root)]) == 1
    assert install_cell.main(["--root", str(root)]) == 0
    nb = read(paths[1])
    assert install_cells(nb) == [1] and "--no-input" in "".join(nb["cells"][1]["source"])

    assert make_exercises.main(["--root", str(root)]) == 0
    exercise = read(root / "exercises" / "03_short_term_memory.ipynb")
    assert install_cells(exercise) == [1] and exercise["cells"][1]["source"] == nb["cells"][1]["source"]


def test_once_rolled_out_every_lesson_and_solution_has_the_current_install_cell():
    paths = sorted(p for folder in install_cell.FOLDERS for p in (ROOT / folder).glob("*.ipynb"))
    if not any(install_cells(read(p)) for p in paths):
        pytest.skip("tools/install_cell.py has not been run on lessons/ and solutions/ yet")
    assert install_cell.main(["--check"]) == 0, "run python tools/install_cell.py, then make exercises"


def test_install_cell_tool_with_no_notebooks_says_where_it_looked(tmp_path, capsys):
    root = course_copy(tmp_path)
    assert install_cell.main(["--root", str(root)]) == 2
    assert "no notebooks in lessons, solutions" in capsys.readouterr().err


# --- (b) silent where the course is installed ----------------------------------------------------------------

def test_install_cell_prints_nothing_where_course_lib_imports(tmp_path, monkeypatch):
    nb = nbformat.v4.new_notebook(cells=[nbformat.from_dict(install_cell.install_cell()),
                                         nbformat.v4.new_code_cell("print('after')")])
    run_notebook(nb, "python3", tmp_path)
    assert nb.cells[0].outputs == [] and stdout(nb.cells[1]) == "after\n"
    monkeypatch.setenv("COURSE_INSTALL_FROM", str(tmp_path / "no-such-course.whl"))
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    missing = nbformat.from_dict({**install_cell.install_cell(),
                                  "source": install_cell.cell_source().replace('"course_lib"', '"course_lib_absent"')})
    with pytest.raises(CellExecutionError, match="could not install the course from .*no-such-course.whl"):
        run_notebook(nbformat.v4.new_notebook(cells=[missing]), "python3", tmp_path)  # where it is missing it acts


# --- (b) where the course is missing: never a global install; Colab and Binder get the lock's pins ---------------

FAKE_PIP = ("_pip_calls = []\n"
            "get_ipython().register_magic_function(lambda line: _pip_calls.append(line), 'line', 'pip')\n")
OFFLINE = "import socket\nsocket.create_connection = lambda *a, **k: (_ for _ in ()).throw(OSError('no route'))\n"
ONLINE = ("import socket\nclass _Connection:\n    def close(self): pass\n"
          "socket.create_connection = lambda *a, **k: _Connection()\n")


def missing_course_cell():
    """The install cell as it behaves where course_lib is not importable."""
    return nbformat.from_dict({**install_cell.install_cell(),
                               "source": install_cell.cell_source().replace('"course_lib"', '"course_lib_absent"')})


def run_missing(folder: Path, prelude: str) -> tuple[str, str, list[str]]:
    """Run `prelude`, the install cell and a report cell: (what the cell printed, its error, the pip calls)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(prelude), missing_course_cell(),
                                         nbformat.v4.new_code_cell("import json; print(json.dumps(_pip_calls))")])
    NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=True,
                   resources={"metadata": {"path": str(folder)}}).execute()
    error = next((f"{o.ename}: {o.evalue}" for o in nb.cells[1].outputs if o.output_type == "error"), "")
    return stdout(nb.cells[1]), error, json.loads(stdout(nb.cells[2]))


@pytest.fixture
def no_hosting(monkeypatch):
    for var in ("COLAB_RELEASE_TAG", "BINDER_REQUEST", "BINDER_LAUNCH_HOST", "COURSE_INSTALL_FROM"):
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


def test_a_global_kernel_next_to_a_checkout_is_told_how_to_switch_kernels_and_nothing_is_installed(
        tmp_path, no_hosting):
    checkout = tmp_path / "course"
    (checkout / ".venv" / "bin").mkdir(parents=True)
    (checkout / "lessons").mkdir()
    (checkout / "pyproject.toml").write_text("[project]\n")
    printed, error, calls = run_missing(checkout / "lessons", FAKE_PIP + ONLINE)
    assert calls == []
    assert error == "RuntimeError: course_lib is not in this kernel's environment: switch kernels as explained above"
    assert f"This notebook's kernel runs {sys.executable}, which does not have the course" in printed
    assert f"run `make lab` in {checkout}" in printed
    assert f'"{checkout / ".venv" / "bin" / "python"}" -m ipykernel install --user --name agent-memory' in printed
    no_hosting.setenv("COURSE_INSTALL_FROM", "git+https://example.org/elsewhere")  # the test's kernel is a venv
    printed, error, calls = run_missing(tmp_path, FAKE_PIP + ONLINE)
    assert calls == ['install --quiet "git+https://example.org/elsewhere"'] and "could not install" in error


def test_with_no_checkout_around_it_says_to_set_the_course_up_first(tmp_path, no_hosting):
    printed, error, calls = run_missing(tmp_path, FAKE_PIP + ONLINE)
    assert calls == [] and "switch kernels" in error
    assert "set the course up first (`make install` in the course folder" in printed and "ipykernel" not in printed


def test_colab_installs_the_locks_exact_versions_then_the_course_without_its_dependencies(tmp_path, no_hosting):
    no_hosting.setenv("COLAB_RELEASE_TAG", "release-colab-20261120")
    _, error, calls = run_missing(tmp_path, FAKE_PIP + ONLINE)
    url = binder.repository_url()
    lock = url.replace("https://github.com/", "https://raw.githubusercontent.com/") + "/main/requirements.lock"
    assert calls == [f'install --quiet -r "{lock}"', f'install --quiet --no-deps "git+{url}"']
    assert error.startswith("RuntimeError: could not install the course from")  # the fake pip installed nothing


def test_binder_uses_the_checkouts_own_lock(tmp_path, no_hosting):
    root = course_copy(tmp_path)
    no_hosting.setenv("BINDER_REQUEST", "v2/gh/agent-memory-course/agent-memory/main")
    (root / "lessons").mkdir()
    _, _, calls = run_missing(root / "lessons", FAKE_PIP + ONLINE)
    assert calls[0] == f'install --quiet -r "{root / "requirements.lock"}"' and "--no-deps" in calls[1]


def test_offline_on_colab_it_says_so_in_one_sentence(tmp_path, no_hosting):
    no_hosting.setenv("COLAB_RELEASE_TAG", "release-colab-20261120")
    printed, error, calls = run_missing(tmp_path, FAKE_PIP + OFFLINE)
    assert calls == [] and printed == ""
    assert error == ("RuntimeError: This Colab has no network connection, so the course cannot be installed here: "
                     "connect it to the internet and run this cell again.")


def normal(text: str) -> str:
    return " ".join(text.replace("`", "").split())


def test_the_guide_quotes_the_install_cells_real_messages(tmp_path, no_hosting):
    guide = normal((ROOT / "docs" / "instructor-guide.md").read_text(encoding="utf-8"))
    checkout = tmp_path / "agent-memory"
    (checkout / ".venv" / "bin").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("[project]\n")
    printed, error, _ = run_missing(checkout, FAKE_PIP + ONLINE)
    example = printed.replace(sys.executable, "/opt/anaconda3/bin/python").replace(str(checkout), "~/agent-memory")
    for line in [*example.splitlines(), error]:
        assert normal(line) in guide, f"the guide does not quote: {line}"
    no_hosting.setenv("COLAB_RELEASE_TAG", "x")
    _, offline, _ = run_missing(tmp_path, FAKE_PIP + OFFLINE)
    assert normal(offline) in guide
    assert "ModuleNotFoundError: No module named 'course_lib'" not in guide  # what the old guide promised


# --- (a) a fresh venv with no checkout installs the course from a wheel, offline ----------------------------

def fresh_venv(tmp_path: Path) -> tuple[Path, Path]:
    """A new venv that sees this venv's third-party packages (through a .pth file) but not the course."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)  # pip comes with the deps
    python = venv / "bin" / "python"
    deps = tmp_path / "deps"
    deps.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.startswith(("__editable__", "agent_memory_course", "course_lib")) and entry.suffix != ".pth":
            (deps / entry.name).symlink_to(entry)
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "course_deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    return python, site


def build_wheel(tmp_path: Path) -> Path:
    """The course's wheel, built offline from a copy of its sources (so the build never writes into the checkout)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "course_lib", src / "course_lib", ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--wheel-dir", str(tmp_path / "wheels"), str(src)], check=True)
    (wheel,) = (tmp_path / "wheels").glob("agent_memory_course-*.whl")
    return wheel


def test_install_cell_installs_the_course_in_a_fresh_venv_without_a_checkout_then_lesson_00_runs(
        tmp_path, monkeypatch):
    python, site = fresh_venv(tmp_path)
    learner = tmp_path / "learner"
    learner.mkdir()
    probe = ("import importlib.util, importlib.metadata as m, numpy, chromadb, ipykernel\n"
             "print(importlib.util.find_spec('course_lib'), 'agent-memory-course' in {d.metadata['Name'] "
             "for d in m.distributions()})")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    before = subprocess.run([python, "-c", probe], cwd=learner, env=env, capture_output=True, text=True, check=True)
    assert before.stdout.split() == ["None", "False"]  # dependencies import, the course does not

    kernels = tmp_path / "jupyter" / "kernels" / "fresh"
    kernels.mkdir(parents=True)
    (kernels / "kernel.json").write_text(json.dumps({"argv": [str(python), "-m", "ipykernel_launcher", "-f",
                                                             "{connection_file}"],
                                                    "display_name": "fresh venv", "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    monkeypatch.setenv("COURSE_INSTALL_FROM", str(build_wheel(tmp_path)))
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # the test has no network: pip may only use the wheel and what is installed
    monkeypatch.setenv("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    for var in ("PYTHONPATH", "VIRTUAL_ENV"):
        monkeypatch.delenv(var, raising=False)

    shutil.copy(ROOT / "lessons" / "00_setup.ipynb", learner / "00_setup.ipynb")
    lesson = nbformat.reads(json.dumps(install_cell.with_install_cell(read(learner / "00_setup.ipynb"))), 4)
    lesson.cells.append(nbformat.v4.new_code_cell("import course_lib, sys\nprint(course_lib.__file__)"))
    run_notebook(lesson, "fresh", learner)

    assert "course_lib is installed" in stdout(lesson.cells[install_cells(lesson)[0]])
    where = Path(stdout(lesson.cells[-1]).strip())
    assert where.is_relative_to(site) and not where.is_relative_to(ROOT)
    doctor = next(c for c in lesson.cells if c.cell_type == "code" and "run_checks()" in c.source)
    assert re.search(r"(\d+) of \1 checks passed", stdout(doctor)), stdout(doctor)
    after = subprocess.run([python, "-c", "import course_lib; print(course_lib.__file__)"], cwd=learner, env=env,
                           capture_output=True, text=True, check=True)
    assert Path(after.stdout.strip()).is_relative_to(site)

"""Grade submitted exercise notebooks: run each in a fresh kernel, collect every exercise's verdict.

    make grade DIR=submissions/                     # or:
    python tools/grade.py submissions/ --timeout 120 --jobs 4 --out grades.csv

Every `*.ipynb` under DIR (recursively) runs top to bottom in its own fresh kernel, from its own
folder, on the offline backend, with a time limit for the whole notebook. Each `ex.<name>.check()`
the notebook calls appends its verdict to a file the grader names (COURSE_VERDICTS_FILE), so the
grader reads what the learner would have seen. Errors in cells don't stop the notebook (later
exercises are still checked); a notebook that hangs is stopped and reported as "timeout", one whose
kernel dies or that cannot be read as "error", and one bad notebook never stops the run.

Output: a CSV (file, exercise, verdict, message) in DIR/grades.csv or --out, and a one-screen summary.
Verdicts: correct, wrong, not attempted (from the checks); missing (the check never ran),
timeout, error (from the grader). Exit status 0 once grading is done, 2 on bad arguments.

Submitted notebooks run arbitrary code as you: grade untrusted work inside a container or VM.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
import re
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

VERDICTS = ("correct", "wrong", "not attempted", "missing", "timeout", "error")
# Errors that are expected in an unsolved notebook (stubs, and cells that call them).
EXPECTED_ERRORS = ("NotImplementedError",)


# --------------------------------------------------------------------------- one notebook, in a child process

def kernel_env(verdicts_file: Path, ipython_dir: Path) -> dict[str, str]:
    """The course's offline environment for a grading kernel: no live backend, no user profile."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COURSE_", "OPENAI_"))}
    env.update({"COURSE_BACKEND": "offline", "COURSE_VERDICTS_FILE": str(verdicts_file),
                "ANONYMIZED_TELEMETRY": "False", "MPLBACKEND": "Agg", "IPYTHONDIR": str(ipython_dir),
                "PYDEVD_DISABLE_FILE_VALIDATION": "1"})
    return env


CHECK_CALL = re.compile(r"\bex\.(\w+)\.check\(\)")
STOPPED = ("KeyboardInterrupt",)  # what a cell shows when the grader interrupted it
SYNTAX = ("SyntaxError", "IndentationError", "TabError")


def run_notebook(path: Path, timeout: float, cell_timeout: float | None = None) -> dict:
    """Execute one notebook in a fresh kernel; return its status, recorded verdicts and cell errors.

    A cell that runs longer than `cell_timeout` is interrupted and the notebook goes on, so one endless loop
    costs only its own exercise; `timeout` caps the whole notebook."""
    cell_timeout = min(timeout, cell_timeout or timeout)
    # jsonschema's optional IRI-format plugin takes ~2 s to import and nbformat's schema never uses it.
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    result: dict = {"status": "ok", "message": "", "verdicts": [], "errors": [], "lesson": "", "stopped": {},
                    "syntax": {}}
    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception as error:  # not JSON, not a notebook, unreadable
        return {**result, "status": "error", "message": f"cannot read the notebook: {type(error).__name__}: {error}"}
    result["lesson"] = str(nb.get("metadata", {}).get("course", {}).get("lesson", ""))
    with tempfile.TemporaryDirectory(prefix="grade-") as tmp:
        verdicts_file = Path(tmp) / "verdicts.jsonl"
        deadline = time.monotonic() + timeout
        client = NotebookClient(
            nb, kernel_name="python3", allow_errors=True, shutdown_kernel="immediate", startup_timeout=60,
            interrupt_on_timeout=True,
            timeout_func=lambda cell: max(1, int(min(cell_timeout, deadline - time.monotonic()))),
            resources={"metadata": {"path": str(path.parent)}})
        try:
            client.execute(env=kernel_env(verdicts_file, Path(tmp) / "ipython"))
        except CellTimeoutError:
            result.update(status="timeout", message=f"did not finish within {timeout:g} s (an endless loop?)")
        except DeadKernelError:
            result.update(status="error", message="the kernel died while running the notebook (a crash, "
                                                  "os._exit or running out of memory)")
        except Exception as error:  # anything nbclient or the kernel throws: report it, never stop the run
            message = str(error).strip().splitlines()[-1] if str(error).strip() else ""
            result.update(status="error", message=f"{type(error).__name__}: {message}"[:300])
        if verdicts_file.exists():
            for line in verdicts_file.read_text(encoding="utf-8").splitlines():
                try:
                    result["verdicts"].append(json.loads(line))
                except json.JSONDecodeError:
                    continue
    for number, cell in enumerate(nb.cells, start=1):
        source = "".join(cell.get("source", ""))
        for output in cell.get("outputs", []):
            name = output.get("ename")
            if output.get("output_type") != "error" or name in EXPECTED_ERRORS:
                continue
            if name in STOPPED:  # the grader stopped this cell: blame the exercise it checks
                for exercise in CHECK_CALL.findall(source) or [""]:
                    result["stopped"][exercise] = f"cell {number} ran longer than {cell_timeout:g} s and was stopped"
                continue
            if name in SYNTAX:  # the learner's cell never ran: blame the exercises it defines
                for exercise in re.findall(r"^def (\w+)\(", source, re.M) or [""]:
                    where = re.sub(r"\s*\([^()]*\.py, (line \d+)\)", r" (\1)", str(output.get("evalue")))
                    result["syntax"][exercise] = f"{name} in cell {number}: {where}"[:200]
            result["errors"].append(f"cell {number}: {name}: {output.get('evalue')}"[:200])
    return result


# --------------------------------------------------------------------------- the run over DIR

def grade_one(path: Path, timeout: float, cell_timeout: float | None = None) -> dict:
    """Grade one notebook in a child process (so nothing it does can stop the run)."""
    with tempfile.TemporaryDirectory(prefix="grade-one-") as tmp:
        out = Path(tmp) / "result.json"
        command = [sys.executable, str(Path(__file__).resolve()), "--one", str(path), "--timeout", str(timeout),
                   "--result", str(out)] + (["--cell-timeout", str(cell_timeout)] if cell_timeout else [])
        try:
            proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout + 90)
        except subprocess.TimeoutExpired:
            return {"status": "timeout", "message": f"did not finish within {timeout:g} s", "verdicts": [],
                    "errors": [], "lesson": ""}
        if out.exists():
            return json.loads(out.read_text(encoding="utf-8"))
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"status": "error", "message": f"the grader could not run it: {tail}"[:300], "verdicts": [],
                "errors": [], "lesson": ""}


def expected_exercises(path: Path, lesson: str, recorded: list[str] = ()) -> tuple[str, list[str]]:
    """The lesson a notebook belongs to (metadata, else its verdicts, else file name) and its exercise names."""
    try:
        from course_lib.course.exercises import all_lessons
        lessons = all_lessons()
    except Exception:  # pragma: no cover - a broken install still grades what the checks recorded
        lessons = {}
    if lesson not in lessons and recorded:
        lesson = Counter(recorded).most_common(1)[0][0]
    if lesson not in lessons:
        lesson = next((name for name in sorted(lessons, key=len, reverse=True) if name in path.stem), lesson)
    return lesson, [ex.name for ex in lessons.get(lesson, [])]


def rows_for(path: Path, relative: str, result: dict) -> list[dict]:
    """CSV rows for one notebook: one per exercise, last verdict wins; missing ones explained."""
    recorded = [v.get("lesson", "") for v in result["verdicts"] if v.get("lesson")]
    lesson, names = expected_exercises(path, result.get("lesson", ""), recorded)
    latest: dict[str, dict] = {}
    for verdict in result["verdicts"]:
        latest[verdict.get("exercise", "")] = verdict
    names += [name for name in latest if name not in names]
    errors = result.get("errors", [])
    note = f" [notebook errors: {'; '.join(errors[:2])}]" if errors else ""
    rows = []
    stopped, syntax = result.get("stopped", {}), result.get("syntax", {})
    names += [name for name in stopped if name and name not in names]  # stopped before it gave a verdict
    for name in names:
        if name in syntax:
            status = "error"
            message = (f"syntax error, so the cell never ran and the check saw the old stub: {syntax[name]}")
        elif name in stopped:
            status, message = "timeout", f"{stopped[name]}: does {name} loop forever?"
        elif name in latest:
            status, message = latest[name].get("status", "error"), latest[name].get("message", "")
            if status != "correct":
                message += note
        elif result["status"] in ("timeout", "error"):
            status, message = result["status"], result["message"]
        else:
            status, message = "missing", "its check() never ran (cell deleted or not reached)" + note
        message = " ".join(line for line in message.splitlines() if not line.startswith("Stuck? "))
        rows.append({"file": relative, "lesson": lesson, "exercise": name, "verdict": status,
                     "message": " ".join(message.split())})
    if not rows:
        status = result["status"] if result["status"] != "ok" else "missing"
        message = result["message"] or "no exercise check ran in this notebook" + note
        rows.append({"file": relative, "lesson": lesson, "exercise": "", "verdict": status,
                     "message": " ".join(message.split())})
    return rows


def progress(result: dict) -> str:
    """What the progress line says about one graded notebook: ok, or its timeouts, syntax errors and errors."""
    if result["status"] != "ok":
        return f"{result['status']}: {result['message']}"[:140]
    problems = [f"syntax error in {name or 'a cell'} ({where.split(': ', 1)[0]})" for name, where in
                result.get("syntax", {}).items()]
    problems += [f"timeout in {name or 'a cell'} ({why.split(' ran longer', 1)[0]} stopped)" for name, why in
                 result.get("stopped", {}).items()]
    return "; ".join(problems) or "ok"


def summary(rows: list[dict], n_files: int, seconds: float, timeout: float, jobs: int, out: Path,
            skipped: int = 0) -> str:
    """A one-screen report: verdict counts per exercise (by lesson), then what needs a look."""
    from gradebook import needs_a_look

    lines = [f"Graded {n_files} notebook{'s' * (n_files != 1)} in {seconds:.1f} s "
             f"(limit {timeout:g} s each, {jobs} at a time)"
             + (f"; skipped {skipped} that are not exercise notebooks (lessons/, solutions/, no check)" if skipped
                else ""), ""]
    counts: dict[str, Counter] = {}
    for row in rows:
        label = f"{row['lesson'][:2]} {row['exercise']}" if row["exercise"] else "(none)"
        counts.setdefault(label, Counter())[row["verdict"]] += 1
    width = max([len("exercise")] + [len(name) for name in counts])
    lines.append(f"{'exercise':<{width}}  " + "  ".join(f"{v:>{max(len(v), 3)}}" for v in VERDICTS))
    for name, counter in sorted(counts.items()):
        lines.append(f"{name:<{width}}  " + "  ".join(f"{counter[v]:>{max(len(v), 3)}}" for v in VERDICTS))
    trouble = needs_a_look(rows)
    if trouble:
        lines += ["", "Needs a look:"]
        for what, where, why in trouble[:8]:
            lines.append(f"  {where}: {what} — {why}"[:160])
        if len(trouble) > 8:
            lines.append(f"  … and {len(trouble) - 8} more (see the HTML report)")
    lines += ["", f"Wrote {out.name} ({len(rows)} rows)"]
    return "\n".join(lines)


def exercise_notebooks(folder: Path) -> tuple[list[Path], int]:
    """The notebooks to grade under `folder`, and how many were left out: lessons/ and solutions/ copies (a hub's
    home folders hold the whole course) and readable notebooks with no exercise check (lessons, scratch work)."""
    found, skipped = [], 0
    for path in sorted(folder.rglob("*.ipynb")):
        parts = path.relative_to(folder).parts
        if ".ipynb_checkpoints" in parts:
            continue
        if {"lessons", "solutions"} & set(parts[:-1]):
            skipped += 1
            continue
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
            sources = ["".join(c.get("source", "")) for c in nb.get("cells", [])]
            exercise = nb.get("metadata", {}).get("course", {}).get("lesson") or any(map(CHECK_CALL.search, sources))
        except (OSError, ValueError, AttributeError, TypeError):
            exercise = True  # unreadable: graded, and reported as an error
        if exercise:
            found.append(path)
        else:
            skipped += 1
    return found, skipped


def grade(folder: Path, timeout: float = 120, jobs: int = 2, out: Path | None = None,
          cell_timeout: float | None = None, in_class_spec: str | None = None) -> list[dict]:
    """Grade every exercise notebook under `folder`; write the CSVs, the HTML and the feedback; return the rows."""
    from gradebook import columns, grid, in_class, write_feedback, write_grid
    from grade_report import write_html, write_learners

    lessons, hints = lesson_exercises()
    chosen = in_class(in_class_spec, lessons)
    started = time.monotonic()
    notebooks, skipped = exercise_notebooks(folder)
    results: list[dict] = [{}] * len(notebooks)
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(grade_one, p, timeout, cell_timeout): i for i, p in enumerate(notebooks)}
        for done, future in enumerate(as_completed(futures), start=1):
            i = futures[future]
            results[i] = future.result()
            print(f"[{done}/{len(notebooks)}] {notebooks[i].relative_to(folder).as_posix()}: "
                  f"{progress(results[i])}", file=sys.stderr, flush=True)
    rows = [row for path, result in zip(notebooks, results)
            for row in rows_for(path, path.relative_to(folder).as_posix(), result)]
    out = out or folder / "grades.csv"
    with open(out, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["file", "lesson", "exercise", "verdict", "message"])
        writer.writeheader()
        writer.writerows(rows)
    table = write_learners(rows, out.with_name(out.stem + "_by_learner.csv"), chosen)
    grid_csv = write_grid(grid(rows, lessons, chosen), columns(rows, lessons), chosen,
                          out.with_name(out.stem + "_grid.csv"))
    html = write_html(rows, table, out.with_suffix(".html"), lessons, chosen)
    feedback = write_feedback(rows, hints, chosen, out.parent / "feedback")
    print(summary(rows, len(notebooks), time.monotonic() - started, timeout, jobs, out, skipped))
    print(f"Also in {out.parent}: {grid_csv.name} (learner × exercise), {out.stem}_by_learner.csv, {html.name}, "
          f"feedback/ ({len(feedback)} files)")
    return rows


def lesson_exercises() -> tuple[dict[str, list[str]], dict[tuple[str, str], str]]:
    """Every lesson's exercise names in order, and each exercise's first hint (the one to try next)."""
    try:
        from course_lib.course.exercises import all_lessons
        lessons = all_lessons()
    except Exception:  # pragma: no cover - a broken install still grades what the checks recorded
        lessons = {}
    return ({lesson: [ex.name for ex in exercises] for lesson, exercises in lessons.items()},
            {(lesson, ex.name): ex.hints[0] for lesson, exercises in lessons.items() for ex in exercises})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run submitted exercise notebooks and collect their verdicts.")
    parser.add_argument("dir", nargs="?", default="", help="folder with the submitted notebooks (searched recursively)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds allowed per notebook (default 120)")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1), help="notebooks graded at once")
    parser.add_argument("--out", type=Path, help="CSV to write (default DIR/grades.csv)")
    parser.add_argument("--cell-timeout", type=float, default=30,
                        help="seconds one cell may run before it is stopped and the notebook goes on (default 30)")
    parser.add_argument("--in-class", default=None, metavar="LIST",
                        help="the exercises that count: an agenda of tools/agenda.py (3h, day), a file with one "
                             "exercise per line, or names separated by commas (default: every exercise counts)")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)  # internal: grade one notebook
    parser.add_argument("--result", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        result = run_notebook(args.one, args.timeout, args.cell_timeout)
        args.result.write_text(json.dumps(result), encoding="utf-8")
        return 0
    if not args.dir.strip() or not Path(args.dir).is_dir():
        print(f"grade: give a folder of notebooks, e.g. `make grade DIR=submissions/` (got {args.dir!r})",
              file=sys.stderr)
        return 2
    args.dir = Path(args.dir)
    if not exercise_notebooks(args.dir)[0]:
        print(f"grade: no exercise notebooks under {args.dir} (lessons/ and solutions/ copies and notebooks without "
              "an ex.NAME.check() are left out)", file=sys.stderr)
        return 2
    if args.timeout <= 0:
        print("grade: --timeout must be a positive number of seconds", file=sys.stderr)
        return 2
    from gradebook import InClassError

    try:
        grade(args.dir, timeout=args.timeout, jobs=args.jobs, out=args.out, cell_timeout=args.cell_timeout,
              in_class_spec=args.in_class)
    except InClassError as error:
        print(f"grade: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`make rehearse`: run the day's lessons under the room's exact settings, the evening before.

    make rehearse AGENDA=3h                      # the lessons of tools/agenda.py's 3-hour workshop
    python tools/rehearse.py --agenda day         # the full day
    python tools/rehearse.py --lessons 05,06      # only these lessons
    python tools/rehearse.py --agenda 3h --no-exercises

It takes the settings from the environment, as the learners' JupyterLab will: COURSE_BACKEND, COURSE_REPLAY_FILE,
COURSE_REPLAY_FALLBACK, COURSE_CHROMA_HOST / COURSE_CHROMA_PORT and COURSE_LEARNER (or JUPYTERHUB_USER). It runs
the doctor, then each lesson notebook and its exercise notebook (as handed out) top to bottom in a fresh kernel,
and prints per notebook: whether the replay folder holds the lesson's recording, how many model calls fell back
to the offline model (COURSE_REPLAY_FALLBACK=offline) and the first of them, the cells that failed and how long
it took next to the time measured in docs/timings.json. Exit 0 when every notebook ran with no unexpected error
and the doctor passed, 1 otherwise, 2 on bad arguments. Stores go where the room's would (an embedded Chroma in
the lessons' temporary folders, or the learner's tenant on the server); nothing else is written.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
import agenda  # noqa: E402

MARK = "course-rehearsal:"
REPORT_CELL = ("import json as _json\nfrom course_lib.model import recording as _rec\n"
               f"print({MARK!r} + _json.dumps(_rec.FELL_BACK))")
EXPECTED = ("NotImplementedError",)  # the exercise notebooks' stubs, as handed out


def agenda_lessons(name: str) -> list[str]:
    """The lesson numbers an agenda of tools/agenda.py teaches, in order."""
    if name not in agenda.WORKSHOPS:
        raise ValueError(f"no agenda {name!r}: tools/agenda.py has {', '.join(agenda.WORKSHOPS)}")
    return [slot.lesson for slot in agenda.WORKSHOPS[name].slots if isinstance(slot, agenda.Teach)]


def notebooks(number: str, exercises: bool) -> list[Path]:
    """The lesson notebook (and its exercise notebook) for lesson `number`."""
    found = sorted((ROOT / "lessons").glob(f"{number}_*.ipynb"))
    if not found:
        raise ValueError(f"there is no lesson {number!r} in lessons/ (give two digits, e.g. 05)")
    return found + ([ROOT / "exercises" / found[0].name] if exercises and (ROOT / "exercises" / found[0].name).exists()
                    else [])


def settings_line() -> str:
    """The room's settings as this process sees them."""
    from course_lib.long_term.stores.chroma_tenancy import learner
    from course_lib.model.settings import load_settings

    s = load_settings()
    parts = [f"backend={s.backend}"]
    if s.backend == "replay":
        parts += [f"replay={s.replay_file}", f"fallback={s.replay_fallback or 'none (unrecorded calls fail)'}"]
    parts.append(f"chroma={s.chroma_host}:{s.chroma_port}" if s.chroma_host else "chroma=embedded")
    parts.append(f"learner={learner(s)}")
    return ", ".join(parts)


def recorded_lessons() -> set[str] | None:
    """Lesson numbers with a lessonNN.jsonl in the replay folder; None when not replaying from a folder."""
    from course_lib.model.recording import recording_files, resolve
    from course_lib.model.settings import load_settings

    s = load_settings()
    if s.backend != "replay" or not resolve(s.replay_file or "").is_dir():
        return None
    return {f.stem.removeprefix("lesson") for f in recording_files(s.replay_file or "") if f.stem.startswith("lesson")}


def run(path: Path, timeout: int) -> dict:
    """Execute one notebook like a learner's Run All; its seconds, failed cells and fallback calls."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(REPORT_CELL))
    started = time.monotonic()
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute(env=dict(os.environ))
        stopped = ""
    except Exception as error:  # a dead kernel or a cell over the time limit: say so, go on with the next notebook
        stopped = f"{type(error).__name__}: {str(error).strip().splitlines()[-1] if str(error).strip() else ''}"
    seconds = time.monotonic() - started
    errors = [f"cell {i}: {o.ename}: {str(o.evalue)[:120]}" for i, cell in enumerate(nb.cells[:-1], 1)
              for o in cell.get("outputs", []) if o.get("output_type") == "error" and o.ename not in EXPECTED
              and "raises-exception" not in cell.get("metadata", {}).get("tags", [])]
    text = "".join(o.get("text", "") for o in nb.cells[-1].get("outputs", []))
    fell_back = json.loads(text.split(MARK, 1)[1]) if MARK in text else []
    return {"seconds": seconds, "errors": errors + ([stopped] if stopped else []), "fell_back": fell_back}


def doctor() -> tuple[bool, list[str]]:
    """The doctor under the same settings: passed?, and its backend and chroma lines."""
    proc = subprocess.run([sys.executable, "-m", "course_lib", "doctor"], capture_output=True, text=True, cwd=ROOT)
    lines = [line for line in proc.stdout.splitlines() if line.split()[1:2] in (["backend"], ["chroma"])
             or line.startswith("FAIL") or " OK, " in line]
    return proc.returncode == 0, lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agenda", default="3h", help=f"an agenda of tools/agenda.py: {', '.join(agenda.WORKSHOPS)}")
    parser.add_argument("--lessons", default="", help="comma-separated lesson numbers instead of an agenda's")
    parser.add_argument("--no-exercises", action="store_true", help="run the lesson notebooks only")
    parser.add_argument("--timeout", type=int, default=300, help="seconds one cell may take (default 300)")
    args = parser.parse_args(argv)
    try:
        numbers = [n.strip().zfill(2) for n in args.lessons.split(",") if n.strip()] or agenda_lessons(args.agenda)
        paths = {number: notebooks(number, not args.no_exercises) for number in numbers}
        where = settings_line()
        recorded = recorded_lessons()
    except Exception as error:  # a bad agenda, lesson or setting: say which, run nothing
        print(f"rehearse: {error}", file=sys.stderr)
        return 2
    try:
        _, measured = agenda.load_timings(agenda.TIMINGS)
    except agenda.AgendaError:
        measured = {}
    title = f"lessons {', '.join(numbers)}" if args.lessons else f"{agenda.WORKSHOPS[args.agenda].title} " \
                                                                    f"(lessons {', '.join(numbers)})"
    print(f"Rehearsal of the {title}\nSettings: {where}", flush=True)
    healthy, lines = doctor()
    print("Doctor: " + ("\n        ".join(lines) if lines else "no output"), flush=True)
    unrecorded = [n for n in numbers if recorded is not None and n not in recorded]
    if recorded is not None:
        print(f"Recordings: {len(numbers) - len(unrecorded)} of {len(numbers)} lessons recorded"
              + (f"; NOT recorded: {', '.join(unrecorded)}" if unrecorded else ""), flush=True)
    print(f"\n{'notebook':<44} {'recorded':>8} {'took':>8} {'measured':>9} {'fell back':>9}  cell errors", flush=True)
    total, failed, fell = 0.0, [], {}
    for number, files in paths.items():
        for path in files:
            result = run(path, args.timeout)
            name = path.relative_to(ROOT).as_posix()
            total += result["seconds"]
            known = measured.get(name)
            mark = "-" if recorded is None else ("yes" if number in recorded else "NO")
            print(f"{name:<44} {mark:>8} {result['seconds']:>6.1f} s "
                  f"{(f'{known:.1f} s' if known else '-'):>9} {len(result['fell_back']):>9}  "
                  f"{len(result['errors']) or 'none'}", flush=True)
            for line in result["errors"][:3]:
                print(f"{'':<6}{line}")
            if result["fell_back"]:
                print(f"{'':<6}first fallback: {result['fell_back'][0][:110]}")
                fell[name] = len(result["fell_back"])
            if result["errors"]:
                failed.append(name)
    print(f"\n{sum(map(len, paths.values()))} notebooks in {total:.0f} s. "
          f"Unrecorded: {', '.join(unrecorded) or 'none'}. "
          f"Fell back to the offline model: {', '.join(f'{k} ({v} calls)' for k, v in fell.items()) or 'nothing'}. "
          f"Failed: {', '.join(failed) or 'none'}. Doctor: {'OK' if healthy else 'FAIL'}.")
    return 0 if healthy and not failed else 1


if __name__ == "__main__":
    sys.exit(main())

"""Record a lesson's live model calls for a room, then prove the recording replays with no model at all.

    make record LESSON=07 [EXERCISES=0] [OUT=recordings] [APPEND=1]
    python tools/record.py 07 [--no-exercises] [--out recordings] [--append] [--timeout 600]

Needs the live settings in the environment (COURSE_BACKEND=openai and OPENAI_API_KEY or OPENAI_BASE_URL).
Each notebook runs top to bottom in a fresh kernel with COURSE_RECORD_FILE pointing at a temporary file next
to OUT/lessonNN.jsonl, which replaces the old recording only once every notebook ran (`--append` starts from
the old calls instead). Then the same notebooks run again with COURSE_BACKEND=replay and no fallback: the
result is "replay OK: N calls served" or the first cell whose call was not recorded.

By default the lesson's exercises are recorded too: solutions/NN (the calls a learner's finished exercises
make) and exercises/NN as handed out (an unfinished tool or stub can change what the agent sends). A room
opens the exercise notebook right after the lesson, and a recording that serves only the lesson answers it
with "no recorded answer". `--no-exercises` (EXERCISES=0) records the lesson alone.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from course_lib.model.settings import SettingsError, load_settings  # noqa: E402

LIVE_VARS = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "COURSE_RECORD_FILE", "COURSE_REPLAY_FALLBACK")
MARK = "course-replay-count:"
ANSI = re.compile(r"\x1b\[[0-9;]*m")  # colours in a kernel's traceback
# Run first and last in the verifying kernel: count what the replay served, and note where it had no answer.
COUNT_CELL = """\
from course_lib.model import recording as _rec
_replay_count = {"served": 0, "missed": [], "cell": 0}
get_ipython().events.register("pre_run_cell", lambda info: _replay_count.update(cell=_replay_count["cell"] + 1))
def _counting(handle):
    def counted(self, request):
        response = handle(self, request)
        if response.status_code == 200:
            _replay_count["served"] += 1
        else:
            _replay_count["missed"].append([_replay_count["cell"], response.json()["error"]["message"]])
        return response
    return counted
_rec.ReplayTransport.handle_request = _counting(_rec.ReplayTransport.handle_request)"""
REPORT_CELL = f"import json as _json; print({MARK!r} + _json.dumps(_replay_count))"


class UsageError(Exception):
    """Bad arguments or settings; exit code 2."""


def show(path: Path) -> str:
    """A notebook's path from the repository root, for messages."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def lesson_stems(lesson: str) -> list[str]:
    """The lesson stems LESSON names: '7', '07', '07_write_update_forget' or 'all'."""
    stems = sorted(p.stem for p in (ROOT / "lessons").glob("*.ipynb"))
    wanted = lesson.strip()
    if wanted == "all":
        return stems
    if wanted.isdigit():
        matches = [s for s in stems if s.split("_", 1)[0] == f"{int(wanted):02d}"]
    else:
        matches = [s for s in stems if s == wanted.removesuffix(".ipynb")]
    if not matches:
        raise UsageError(f"LESSON={lesson!r} matches no lesson. Use a number, a name or 'all'; the lessons are:\n  "
                         + "\n  ".join(stems))
    return matches


def notebooks(stem: str, exercises: bool) -> list[Path]:
    """The notebooks one lesson's recording covers."""
    folders = ("lessons", "solutions", "exercises") if exercises else ("lessons",)
    return [ROOT / f / f"{stem}.ipynb" for f in folders if (ROOT / f / f"{stem}.ipynb").exists()]


def live_settings() -> None:
    """Refuse unless a live model is configured, saying what to set."""
    try:
        settings = load_settings()
    except SettingsError as exc:
        raise UsageError(str(exc)) from None
    if settings.backend != "openai":
        raise UsageError(f"Recording needs a live model, but COURSE_BACKEND={settings.backend}. Set "
                         "COURSE_BACKEND=openai and OPENAI_API_KEY=sk-… (OpenAI) or OPENAI_BASE_URL=http://…/v1 "
                         "(Ollama, vLLM, llama.cpp server, LM Studio …), then run make record again.")


def execute(path: Path, env: dict[str, str], timeout: int, allow_errors: bool = False,
            nb: nbformat.NotebookNode | None = None) -> nbformat.NotebookNode:
    """Run a notebook (or `nb`, as if it were `path`) top to bottom in a fresh kernel with `env`."""
    nb = nbformat.read(path, as_version=4) if nb is None else nb
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=allow_errors,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute(env=env)
    return nb


def endpoints(path: Path, skip: int = 0) -> Counter:
    """Calls per endpoint in a recording, leaving out its first `skip` lines."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return Counter(json.loads(line)["endpoint"] for line in lines[skip:])


def record(stem: str, paths: list[Path], out: Path, append: bool, timeout: int) -> Path:
    """Record `paths` into out/lessonNN.jsonl (replaced only when every notebook ran); prints a summary."""
    target = out / f"lesson{stem.split('_', 1)[0]}.jsonl"
    partial = out / f".{target.name}.recording"
    out.mkdir(parents=True, exist_ok=True)
    if append and target.exists():
        shutil.copyfile(target, partial)
    else:
        partial.write_text("", encoding="utf-8")
    before = sum(endpoints(partial).values())
    env = {**os.environ, "COURSE_RECORD_FILE": str(partial)}
    start = time.monotonic()
    try:
        for path in paths:
            t0 = time.monotonic()
            print(f"  recording {show(path)} …", end=" ", flush=True)
            execute(path, env, timeout)
            print(f"{time.monotonic() - t0:.0f} s", flush=True)
        os.replace(partial, target)
    except Exception as exc:
        kept = f"{target} is unchanged" if target.exists() else f"nothing was written to {target}"
        error = ANSI.sub("", str(exc))[-1500:]
        raise RuntimeError(f"{show(path)} failed while recording ({kept}):\n{error}") from None
    finally:
        partial.unlink(missing_ok=True)  # gone already when it became the recording
    calls = endpoints(target, skip=before)
    per = ", ".join(f"{n} {name}" for name, n in sorted(calls.items())) or "no model calls"
    kept = f", after the {before} kept from before" if before else ""
    print(f"  recorded {len(paths)} notebook(s) in {time.monotonic() - start:.0f} s: {sum(calls.values())} calls "
          f"({per}){kept} -> {target} ({target.stat().st_size / 1024:.1f} KiB)")
    return target


def verify(paths: list[Path], recording: Path, timeout: int) -> str | None:
    """Replay `paths` from `recording` alone; None if every call was served, else where the first one was not."""
    env = {k: v for k, v in os.environ.items() if k not in LIVE_VARS}
    env |= {"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(recording)}
    served = 0
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        nb.cells.insert(0, nbformat.v4.new_code_cell(COUNT_CELL))
        nb.cells.append(nbformat.v4.new_code_cell(REPORT_CELL))
        ran = execute(path, env, timeout, allow_errors=True, nb=nb)
        cells = ran.cells[1:-1]
        text = "".join(o.get("text", "") for o in ran.cells[-1].outputs)
        if MARK not in text:
            return f"{show(path)}: the replay check did not finish ({text.strip()[-300:]})"
        count = json.loads(text.split(MARK, 1)[1])
        served += count["served"]
        if count["missed"]:
            number, message = count["missed"][0]  # the how-many-th code cell
            code = [i for i, c in enumerate(cells) if c.cell_type == "code"]
            index = code[number - 1] if 0 < number <= len(code) else None
            return f"{show(path)}, {describe(cells, index)}: {message}"
        for i, cell in enumerate(cells):
            tags = cell.get("metadata", {}).get("tags", [])
            errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
            if errors and "raises-exception" not in tags:
                return f"{show(path)}, {describe(cells, i)} failed: {errors[0].ename}: {errors[0].evalue}"
    print(f"  replay OK: {served} calls served from {recording} with no model ({len(paths)} notebook(s))")
    return None


def describe(cells: list, index: int | None) -> str:
    """'cell 12 (`agent.run(...)`)' for messages."""
    if index is None:
        return "a cell"
    first = next((line for line in cells[index].source.splitlines() if line.strip()), "")
    return f"cell {index + 1} (`{first[:70]}`)"


def main(argv: list[str] | None = None) -> int:
    """Record the lesson(s), verify each recording; 0 ok, 1 a run or a replay failed, 2 bad usage."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lesson", help="7, 07, 07_write_update_forget or all")
    parser.add_argument("--out", default="recordings", help="folder for lessonNN.jsonl (default: recordings)")
    parser.add_argument("--append", action="store_true", help="keep the calls already in the file")
    parser.add_argument("--no-exercises", action="store_true", help="record the lesson notebook only")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell (default 600)")
    args = parser.parse_args(argv)
    try:
        if not args.lesson.strip():
            raise UsageError("Which lesson? e.g. make record LESSON=07, or LESSON=all for every lesson.")
        stems = lesson_stems(args.lesson)
        live_settings()
    except UsageError as exc:
        print(f"make record: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out).expanduser()
    out = out if out.is_absolute() else ROOT / out
    failed, done, start = [], [], time.monotonic()
    for stem in stems:
        paths = notebooks(stem, not args.no_exercises)
        print(f"{stem}: {', '.join(show(p) for p in paths)}", flush=True)
        try:
            target = record(stem, paths, out, args.append, args.timeout)
        except RuntimeError as exc:
            print(f"  {exc}", file=sys.stderr)
            failed.append(stem)
            continue
        problem = verify(paths, target, args.timeout)
        if problem:
            print(f"  replay FAILED at {problem}", file=sys.stderr)
            failed.append(stem)
        done.append(target)
    if len(stems) > 1:
        calls = sum(sum(endpoints(t).values()) for t in done)
        size = sum(t.stat().st_size for t in done) / 2**20
        print(f"{len(done)} of {len(stems)} lessons recorded in {(time.monotonic() - start) / 60:.1f} min: "
              f"{calls} calls, {size:.1f} MiB in {out}")
    if failed:
        print(f"Not recorded or not replayable: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

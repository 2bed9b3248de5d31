"""Write the workshop agendas into the instructor guide from each lesson's stated time and measured run times.

    python tools/agenda.py                    # rewrite the tables between <!-- agenda:NAME --> … <!-- /agenda:NAME -->
    python tools/agenda.py --check            # exit 1 if docs/instructor-guide.md is out of date
    python tools/agenda.py --timings reports/bench/results.json

Teaching minutes come from each lesson's first cell ("**Time:** about N minutes."), the exercises from
course_lib/course/exercises/lessonNN.py (EXERCISE_MINUTES each), the run times from a timings JSON: the
results.json that `make bench ARGS=--notebooks` writes ({"machine": …, "notebook_seconds": {"lessons/00_setup.ipynb":
12.3, …}}), kept as docs/timings.json. Nothing in the tables is typed by hand.
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GUIDE = ROOT / "docs" / "instructor-guide.md"
TIMINGS = ROOT / "docs" / "timings.json"
# Read the task, write a few lines, run check(), read a "wrong" verdict, take a hint, check again. A planning figure,
# not a measurement: the slack slot and each lesson's cut absorb a room that needs longer.
EXERCISE_MINUTES = 10
MAX_STRETCH = 75  # minutes of teaching before the room gets a break (the Carpentries' guidance: every 60-90 minutes)
# What to drop from each lesson when the room runs late: a section (by number) that later lessons do not build on.
CUTS = {"00": 3, "01": 4, "02": 3, "03": 7, "04": 7, "05": 4, "06": 7, "07": 7, "08": 6, "09": 6, "10": 6, "11": 8,
        "12": 8}
FIX = "run `make bench ARGS=--notebooks` and copy reports/bench/results.json to docs/timings.json"


class AgendaError(ValueError):
    """Bad input to the agenda: a timings file, a lesson header, a plan or the guide's markers."""


@dataclass(frozen=True)
class Lesson:
    """One lesson: its number, notebook, title, stated minutes, exercise names and measured run seconds."""

    number: str
    notebook: str
    title: str
    minutes: int
    exercises: tuple[str, ...]
    seconds: float
    solution_seconds: float
    cut: str = ""


@dataclass(frozen=True)
class Teach:
    """A lesson slot: taught in full (its stated time) or as a walkthrough (half of it), with some exercises."""

    lesson: str
    exercises: int = 0
    walkthrough: bool = False


@dataclass(frozen=True)
class Other:
    """A slot that is not a lesson: a break or lunch ("break"), a welcome or a wrap-up ("talk"), or slack."""

    label: str
    minutes: int
    kind: str = "break"


@dataclass(frozen=True)
class Workshop:
    """A named agenda: start time, length in minutes, its slots, and whether every lesson must appear."""

    title: str
    start: str
    length: int
    slots: tuple[Teach | Other, ...]
    every_lesson: bool = False


WELCOME = "Welcome: hands up if the doctor is not 13 OK (the setup desk takes them); how exercises check themselves"
WORKSHOPS = {
    "3h": Workshop("3-hour workshop", "09:00", 180, (
        Other(WELCOME, 10, "talk"),
        Teach("01", walkthrough=True),
        Teach("05", exercises=1),
        Other("Break", 10),
        Teach("06", exercises=1),
        Other("Break", 10),
        Teach("10", exercises=1, walkthrough=True),
        Other("Slack: questions, a late start, the exercise that took longer", 10, "slack"),
        Other("Wrap-up: what to read at home", 5, "talk"))),
    "day": Workshop("Full day", "09:00", 480, (
        Other(WELCOME, 10, "talk"),
        Teach("00", walkthrough=True),
        Teach("01", exercises=1),
        Teach("02", walkthrough=True),
        Other("Break", 10),
        Teach("03", walkthrough=True),
        Teach("04", walkthrough=True),
        Teach("05", exercises=1),
        Other("Break", 10),
        Teach("06", exercises=1),
        Other("Slack: catch up before lunch", 10, "slack"),
        Other("Lunch", 45),
        Teach("07", exercises=1),
        Teach("08", walkthrough=True),
        Other("Break", 10),
        Teach("09", walkthrough=True),
        Teach("10", exercises=1),
        Other("Break", 10),
        Teach("11", walkthrough=True),
        Teach("12", walkthrough=True),
        Other("Slack: questions, the exercises people want to finish", 10, "slack"),
        Other("Wrap-up: the exercises left for home, where to go next", 5, "talk")), every_lesson=True),
}


def load_timings(path: Path) -> tuple[str, dict[str, float]]:
    """The machine and the seconds per notebook from a bench results.json; a clear error if it is unusable."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AgendaError(f"timings file {path} does not exist; {FIX}") from None
    except json.JSONDecodeError as exc:
        raise AgendaError(f"timings file {path} is not JSON ({exc}); {FIX}") from None
    seconds = data.get("notebook_seconds") if isinstance(data, dict) else None
    if not isinstance(seconds, dict) or not seconds:
        raise AgendaError(f"timings file {path} has no \"notebook_seconds\" (the bench writes them only with "
                          f"--notebooks); {FIX}")
    machine = data.get("machine")
    if not isinstance(machine, str) or not machine.strip():
        raise AgendaError(f"timings file {path} does not say which \"machine\" it was measured on; {FIX}")
    for name, value in seconds.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 86400:
            raise AgendaError(f"timings file {path}: notebook_seconds[{name!r}] must be seconds > 0, got {value!r}")
    note = data.get("note")  # optional: how the run was made (e.g. on a busy machine)
    return machine + (f" ({note})" if isinstance(note, str) and note.strip() else ""), \
        {str(k): float(v) for k, v in seconds.items()}


def stated_minutes(notebook: Path) -> tuple[str, int]:
    """A lesson's title and the time its first cell states ("**Time:** about N minutes.")."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    first = "".join(cells[0]["source"]) if cells else ""
    found = re.search(r"\*\*Time:\*\*\s*about\s+(\d+)\s+minutes", first)
    heading = re.match(r"#\s*\d+\s*·\s*([^:\n]+)", first)
    if not found or not heading:
        raise AgendaError(f"{notebook.relative_to(ROOT)}: its first cell must start with '# NN · Title' and state "
                          "'**Time:** about N minutes.'")
    return heading.group(1).strip(), int(found.group(1))


def cut_section(notebook: Path, number: int) -> str:
    """'§4 Lost in the middle': the heading of section `number` of a lesson, the one CUTS names."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        found = re.search(rf"^## {number}\. (.+)$", "".join(cell["source"]), re.M) if cell["cell_type"] == "markdown" else None
        if found:
            return f"§{number} {found.group(1).strip()}"
    raise AgendaError(f"{notebook.relative_to(ROOT)} has no section '## {number}. …' for CUTS in tools/agenda.py; "
                      "name another section to cut")


def lessons(seconds: dict[str, float], timings: Path = TIMINGS) -> dict[str, Lesson]:
    """Every lesson in lessons/, by number, with its stated time, exercises and measured run times."""
    from course_lib.course.exercises import all_lessons

    exercises = all_lessons()
    found, missing = {}, []
    for path in sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb")):
        keys = (f"lessons/{path.name}", f"solutions/{path.name}")
        missing += [key for key in keys if key not in seconds]
        title, minutes = stated_minutes(path)
        found[path.name[:2]] = Lesson(path.name[:2], path.name, title, minutes,
                                      tuple(ex.name for ex in exercises.get(path.stem, [])),
                                      seconds.get(keys[0], 0.0), seconds.get(keys[1], 0.0),
                                      cut_section(path, CUTS[path.name[:2]]) if path.name[:2] in CUTS else "")
    if missing:
        more = f" and {len(missing) - 4} more" if len(missing) > 4 else ""
        raise AgendaError(f"timings file {timings} has no time for {', '.join(missing[:4])}{more}; {FIX}")
    return found


def slot_minutes(slot: Teach | Other, lesson: Lesson | None) -> tuple[int, int]:
    """(teaching, exercise) minutes of a slot; a walkthrough takes half the stated time, rounded up to 5."""
    if isinstance(slot, Other):
        return slot.minutes, 0
    teach = lesson.minutes if not slot.walkthrough else 5 * math.ceil(lesson.minutes / 10)
    return teach, slot.exercises * EXERCISE_MINUTES


def schedule(workshop: Workshop, by_number: dict[str, Lesson]) -> list[dict]:
    """The slots with their start minute (from the workshop's start) and minutes; raises if the plan is impossible."""
    rows, clock = [], 0
    for slot in workshop.slots:
        lesson = by_number.get(slot.lesson) if isinstance(slot, Teach) else None
        if isinstance(slot, Teach) and lesson is None:
            raise AgendaError(f"{workshop.title}: there is no lesson {slot.lesson!r} in lessons/")
        if lesson is not None and not 0 <= slot.exercises <= len(lesson.exercises):
            raise AgendaError(f"{workshop.title}: lesson {lesson.number} has {len(lesson.exercises)} exercises, "
                              f"the plan asks for {slot.exercises}")
        teach, exercise = slot_minutes(slot, lesson)
        rows.append({"start": clock, "slot": slot, "lesson": lesson, "teach": teach, "exercise": exercise})
        clock += teach + exercise
    if clock > workshop.length:
        raise AgendaError(f"{workshop.title}: the slots take {clock} min, more than its {workshop.length} min")
    stretch, since = longest_stretch(rows)
    if stretch > MAX_STRETCH:
        raise AgendaError(f"{workshop.title}: {stretch} min without a break from {at(workshop.start, since)}; "
                          f"put a break at least every {MAX_STRETCH} min")
    taught = {row["lesson"].number for row in rows if row["lesson"]}
    if workshop.every_lesson and taught != set(by_number):
        raise AgendaError(f"{workshop.title}: lessons {sorted(set(by_number) - taught)} are missing from the plan")
    return rows


def longest_stretch(rows: list[dict]) -> tuple[int, int]:
    """(minutes, start minute) of the longest run of slots with no break or lunch in it."""
    best, run_start = (0, 0), 0
    for row in rows:
        if isinstance(row["slot"], Other) and row["slot"].kind == "break":
            best = max(best, (row["start"] - run_start, run_start))
            run_start = row["start"] + row["teach"]
    end = rows[-1]["start"] + rows[-1]["teach"] + rows[-1]["exercise"] if rows else 0
    return max(best, (end - run_start, run_start))


def at(start: str, minutes: int) -> str:
    """'09:00' plus minutes, as HH:MM."""
    hours, mins = map(int, start.split(":"))
    total = hours * 60 + mins + minutes
    return f"{total // 60:02d}:{total % 60:02d}"


def link(lesson: Lesson) -> str:
    return f"[{lesson.number} · {lesson.title}](../lessons/{lesson.notebook})"


def agenda_table(workshop: Workshop, by_number: dict[str, Lesson]) -> str:
    """The markdown table of one workshop, then a line of totals and what it leaves out."""
    rows = schedule(workshop, by_number)
    lines = ["| start | slot (min) | lesson | teaching (min) | exercises (min) | lesson notebook runs in (s) | "
             "if short on time, cut |", "|---|--:|---|--:|---|--:|---|"]
    for row in rows:
        slot, lesson = row["slot"], row["lesson"]
        length = row["teach"] + row["exercise"]
        if lesson is None:
            label = f"**{slot.label}**" if slot.kind == "break" else f"*{slot.label}*" if slot.kind == "slack" \
                else slot.label
            lines.append(f"| {at(workshop.start, row['start'])} | {length} | {label} | | | | |")
            continue
        how = " (walkthrough)" if slot.walkthrough else ""
        done = lesson.exercises[:slot.exercises]
        exercises = (f"{row['exercise']}: {', '.join(f'`{n}`' for n in done)} ({len(done)} of {len(lesson.exercises)})"
                     if done else f"0 (all {len(lesson.exercises)} at home)")
        lines.append(f"| {at(workshop.start, row['start'])} | {length} | {link(lesson)}{how} | {row['teach']} | "
                     f"{exercises} | {lesson.seconds:.1f} | {lesson.cut} |")
    end = rows[-1]["start"] + rows[-1]["teach"] + rows[-1]["exercise"]
    lines.append(f"| {at(workshop.start, end)} | | end | | | | |")
    teach = sum(r["teach"] for r in rows if r["lesson"])
    exercise = sum(r["exercise"] for r in rows)
    pauses = sum(r["teach"] for r in rows if not r["lesson"] and r["slot"].kind == "break")
    slack = sum(r["teach"] for r in rows if not r["lesson"] and r["slot"].kind == "slack")
    skipped = sorted(set(by_number) - {r["lesson"].number for r in rows if r["lesson"]})
    stretch, since = longest_stretch(rows)
    lines += ["", f"Lessons {teach} min, exercises {exercise} min, welcome and wrap-up "
                  f"{end - teach - exercise - pauses - slack} min, breaks {pauses} min, slack {slack} min "
                  f"(+{workshop.length - end} unplanned): {end} of {workshop.length} min. Longest stretch without a "
                  f"break: {stretch} min, from {at(workshop.start, since)}."
                  + (f" Not taught: {', '.join(skipped)}." if skipped else " Every lesson is in it.")]
    return "\n".join(lines)


def lessons_table(by_number: dict[str, Lesson], machine: str) -> str:
    """Every lesson at full length: stated time, exercises, and measured run times of lesson and solutions."""
    lines = ["| lesson | teaching (min) | exercises | exercise time (min) | lesson runs in (s) | solutions run in (s) |",
             "|---|--:|---|--:|--:|--:|"]
    for lesson in by_number.values():
        lines.append(f"| {link(lesson)} | {lesson.minutes} | {len(lesson.exercises)}: "
                     f"{', '.join(f'`{n}`' for n in lesson.exercises)} | {len(lesson.exercises) * EXERCISE_MINUTES} | "
                     f"{lesson.seconds:.1f} | {lesson.solution_seconds:.1f} |")
    all_ = list(by_number.values())
    n_ex = sum(len(lesson.exercises) for lesson in all_)
    lines.append(f"| **all {len(all_)}** | **{sum(lesson.minutes for lesson in all_)}** | **{n_ex}** | "
                 f"**{n_ex * EXERCISE_MINUTES}** | **{sum(lesson.seconds for lesson in all_):.1f}** | "
                 f"**{sum(lesson.solution_seconds for lesson in all_):.1f}** |")
    lines += ["", f"Run times measured on: {machine}. Exercise time: {EXERCISE_MINUTES} min per exercise."]
    return "\n".join(lines)


def blocks(timings: Path) -> dict[str, str]:
    """The generated text for every marker in the guide."""
    machine, seconds = load_timings(timings)
    by_number = lessons(seconds, timings)
    out = {name: agenda_table(workshop, by_number) for name, workshop in WORKSHOPS.items()}
    out["lessons"] = lessons_table(by_number, machine)
    return out


def render(guide_text: str, generated: dict[str, str], guide: Path = GUIDE) -> str:
    """The guide with each <!-- agenda:NAME --> … <!-- /agenda:NAME --> block replaced by its generated text."""
    for name, text in generated.items():
        pattern = re.compile(rf"(<!-- agenda:{name} -->\n).*?(<!-- /agenda:{name} -->)", re.S)
        if not pattern.search(guide_text):
            raise AgendaError(f"{guide} has no '<!-- agenda:{name} -->' … '<!-- /agenda:{name} -->' markers; "
                              "put them where that table belongs")
        guide_text = pattern.sub(lambda m: m.group(1) + text + "\n" + m.group(2), guide_text)
    return guide_text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timings", type=Path, default=TIMINGS, help="a bench results.json (default docs/timings.json)")
    parser.add_argument("--guide", type=Path, default=GUIDE, help="the guide to update (default docs/instructor-guide.md)")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if the guide is out of date")
    args = parser.parse_args(argv)
    try:
        before = args.guide.read_text(encoding="utf-8")
        after = render(before, blocks(args.timings), args.guide)
    except (AgendaError, OSError) as exc:
        print(f"agenda: {exc}", file=sys.stderr)
        return 2
    if args.check:
        if after != before:
            print(f"agenda: {args.guide} is out of date with {args.timings}; run `python tools/agenda.py`",
                  file=sys.stderr)
            return 1
        print(f"agenda: {args.guide} is up to date")
        return 0
    args.guide.write_text(after, encoding="utf-8")
    print(f"agenda: wrote {len(WORKSHOPS) + 1} tables into {args.guide}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

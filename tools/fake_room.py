"""Made-up hand-ins for trying `make grade`: a hub's home folders for N learners, from the real exercise notebooks.

    python tools/fake_room.py /tmp/room --learners 40 --lessons 05,06,10 --seed 7

Each learner gets home/<name>/agent-memory/exercises/NN_slug.ipynb for each lesson, where every exercise's stub is
replaced, by a seeded draw, with the solution (solved), one of the lesson's WRONG_ANSWERS (wrong), nothing
(untouched), the solution with a syntax error, or an endless loop; a few learners hand in a lesson untouched or
not at all. Each home also holds the lesson notebooks and a scratch notebook, as on a hub, which the grader must
leave out. The draw per learner and exercise is printed to OUT/answers.csv, so a report can be checked against it.
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from course_lib.course.exercises import all_lessons  # noqa: E402
from course_lib.course.exercises.markers import replace_solution, strip_markers  # noqa: E402

OUTCOMES = {"solved": 0.55, "wrong": 0.2, "untouched": 0.12, "syntax error": 0.06, "endless loop": 0.07}
NAMES = ("ada", "grace", "alan", "barbara", "edsger", "frances", "donald", "margaret", "ken", "radia", "tim",
         "katherine", "linus", "hedy", "john", "sophie", "guido", "anita", "dennis", "shafi")


def wrong_source(module, exercise, rng: random.Random) -> str:
    """The solution cell with one of the lesson's WRONG_ANSWERS in place of its body."""
    change, _ = rng.choice(module.WRONG_ANSWERS[exercise.name])
    cell = exercise.solution_cell()
    if isinstance(change, str):
        return strip_markers(replace_solution(cell, change))
    source = strip_markers(cell)
    for old, new in change.items():
        source = source.replace(old, new)
    return source


def answer(outcome: str, module, exercise, rng: random.Random) -> str | None:
    """The learner's cell for one exercise (None: leave the stub)."""
    if outcome == "solved":
        return exercise.solution_code()
    if outcome == "wrong":
        return wrong_source(module, exercise, rng)
    if outcome == "syntax error":
        return re.sub(r"(def \w+\(.*\)[^:\n]*):", r"\1", exercise.solution_code(), count=1)  # the colon forgotten
    if outcome == "endless loop":
        return strip_markers(replace_solution(exercise.solution_cell(), "while True:\n    pass"))
    return None


def notebook(stem: str, draws: dict[str, str], rng: random.Random) -> dict:
    """exercises/<stem>.ipynb with each exercise's stub cell replaced as `draws` says."""
    import importlib

    nb = json.loads((ROOT / "exercises" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    module = importlib.import_module(f"course_lib.course.exercises.cases.lesson{stem[:2]}")  # its WRONG_ANSWERS
    for exercise in all_lessons()[stem]:
        source = answer(draws[exercise.name], module, exercise, rng)
        cell = next(c for c in nb["cells"] if c["cell_type"] == "code" and "NotImplementedError" in "".join(c["source"])
                    and re.search(rf"^(def|class) {exercise.name}\b", "".join(c["source"]), re.M))
        if source is not None:
            cell["source"] = source
    return nb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--lessons", default="05,06,10")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    lessons = all_lessons()
    stems = [next(s for s in lessons if s.startswith(n.strip().zfill(2))) for n in args.lessons.split(",")]
    if args.out.exists():
        shutil.rmtree(args.out)
    drawn = []
    for i in range(args.learners):
        who = NAMES[i % len(NAMES)] + (str(i // len(NAMES) + 1) if i >= len(NAMES) else "")
        home = args.out / "home" / who / "agent-memory"
        (home / "exercises").mkdir(parents=True)
        (home / "lessons").mkdir()
        (home / "Untitled.ipynb").write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                                         "nbformat_minor": 5}), encoding="utf-8")
        for stem in stems:
            shutil.copy(ROOT / "lessons" / f"{stem}.ipynb", home / "lessons" / f"{stem}.ipynb")
            whole = rng.random()
            if whole < 0.03:
                continue  # not handed in
            draws = {ex.name: ("untouched" if whole < 0.08 else rng.choices(list(OUTCOMES), list(OUTCOMES.values()))[0])
                     for ex in lessons[stem]}
            (home / "exercises" / f"{stem}.ipynb").write_text(json.dumps(notebook(stem, draws, rng)), encoding="utf-8")
            drawn += [{"learner": who, "lesson": stem, "exercise": name, "outcome": o} for name, o in draws.items()]
    with open(args.out / "answers.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["learner", "lesson", "exercise", "outcome"])
        writer.writeheader()
        writer.writerows(drawn)
    print(f"{args.learners} learners, lessons {', '.join(stems)}: {len(drawn)} exercises drawn into {args.out / 'home'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The gradebook of `make grade`: which exercises count (in class), the learner × exercise grid, what needs a look,
and one feedback file per learner. Pure functions over grade.py's rows (file, lesson, exercise, verdict, message).

The in-class list (`--in-class`) is an agenda of tools/agenda.py ("3h": the exercises that agenda does in class),
a file (one exercise per line, or "06_scoring: recency, score"; `#` starts a comment) or a comma-separated list
of exercise names. Only those count in a learner's score; the grid still shows the others, as homework.
"""
from __future__ import annotations

import csv
import re
from collections import Counter, defaultdict
from pathlib import Path

SYMBOL = {"correct": "✓", "wrong": "✗", "not attempted": "○", "missing": "–", "timeout": "∞", "error": "!"}
UNTOUCHED = ("not attempted", "missing")
SAME_WRONG = 3  # learners giving the same wrong answer before it is a misconception worth explaining again


class InClassError(ValueError):
    """An in-class list naming an exercise, lesson or agenda the course does not have."""


def learner_of(file: str) -> str:
    """'alice/06_scoring.ipynb' -> 'alice' (one folder per learner, or a hub's home folder); 'bob_06.ipynb' -> 'bob_06'."""
    parts = file.split("/")
    return parts[0] if len(parts) > 1 else Path(file).stem


def in_class(spec: str | None, lessons: dict[str, list[str]]) -> dict[str, set[str]] | None:
    """lesson -> the exercise names that count, from an agenda name, a file or a list; None: every exercise counts."""
    if not spec:
        return None
    owner = {name: lesson for lesson, names in lessons.items() for name in names}
    chosen: dict[str, set[str]] = defaultdict(set)
    import agenda  # tools/agenda.py: the agendas say how many of each lesson's exercises are done in class

    if spec in agenda.WORKSHOPS:
        by_number = {lesson[:2]: lesson for lesson in lessons}
        for slot in agenda.WORKSHOPS[spec].slots:
            if isinstance(slot, agenda.Teach) and slot.exercises:
                lesson = by_number[slot.lesson]
                chosen[lesson] |= set(lessons[lesson][:slot.exercises])
        return dict(chosen)
    path = Path(spec)
    text = path.read_text(encoding="utf-8") if path.is_file() else spec.replace(",", "\n")
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        lesson, _, names = line.rpartition(":") if ":" in line else ("", "", line)
        for name in (n.strip() for n in names.split(",") if n.strip()):
            where = lesson.strip() or owner.get(name, "")
            if where not in lessons or name not in lessons[where]:
                known = ", ".join(sorted(owner)) if not lesson.strip() else ", ".join(lessons.get(where, []))
                raise InClassError(f"in-class list{f' {path}, line {number}' if path.is_file() else ''}: no exercise "
                                   f"{name!r}{f' in {where}' if lesson.strip() else ''}; the exercises are: {known}")
            chosen[where].add(name)
    return dict(chosen)


def columns(rows: list[dict], lessons: dict[str, list[str]]) -> list[tuple[str, str]]:
    """(lesson, exercise) of every exercise the rows mention, grouped by lesson in the lessons' own order."""
    seen = {(r["lesson"], r["exercise"]) for r in rows if r["exercise"]}
    ordered = [(lesson, name) for lesson, names in lessons.items() for name in names if (lesson, name) in seen]
    return ordered + sorted(seen - set(ordered))


def counted(lesson: str, exercise: str, chosen: dict[str, set[str]] | None) -> bool:
    """Does this exercise count in the score?"""
    return chosen is None or exercise in chosen.get(lesson, set())


def grid(rows: list[dict], lessons: dict[str, list[str]], chosen: dict[str, set[str]] | None) -> list[dict]:
    """One row per learner: the verdict of each (lesson, exercise), and the score over the counted exercises."""
    cols = columns(rows, lessons)
    verdicts: dict[str, dict[tuple[str, str], str]] = defaultdict(dict)
    for row in rows:
        verdicts[learner_of(row["file"])][(row["lesson"], row["exercise"])] = row["verdict"]
    scored = [c for c in cols if counted(*c, chosen)]
    out = []
    for who in sorted(verdicts):
        cells = {c: verdicts[who].get(c, "not handed in") for c in cols}
        right = sum(cells[c] == "correct" for c in scored)
        out.append({"learner": who, "cells": cells, "correct": right, "counted": len(scored),
                    "score": f"{right}/{len(scored)}"})
    return out


def write_grid(table: list[dict], cols: list[tuple[str, str]], chosen, path: Path) -> Path:
    """The grid as CSV: a header row of lessons, one of exercises (homework marked), then a row per learner."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["lesson", *[lesson for lesson, _ in cols], "in-class score"])
        writer.writerow(["learner", *[name + ("" if counted(lesson, name, chosen) else " (homework)")
                                      for lesson, name in cols], ""])
        for row in table:
            writer.writerow([row["learner"], *[row["cells"][c] for c in cols], row["score"]])
    return path


def gist(message: str) -> str:
    """A wrong answer's message without the notebook-specific tail, so the same mistake reads the same."""
    return re.split(r" \[notebook errors:| Stuck\? ", message, maxsplit=1)[0].strip()


def needs_a_look(rows: list[dict]) -> list[tuple[str, str, str]]:
    """(what, where, why) for the instructor: untouched notebooks, a wrong answer many share, timeouts, errors."""
    found = []
    by_file: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_file[row["file"]].append(row)
    for file, own in sorted(by_file.items()):
        named = [r for r in own if r["exercise"]]
        if named and all(r["verdict"] in UNTOUCHED for r in named):
            found.append(("untouched", file, f"0 of {len(named)} exercises attempted: handed in an empty copy, "
                                             "or never ran the cells?"))
    same = Counter((r["lesson"], r["exercise"], gist(r["message"])) for r in rows if r["verdict"] == "wrong")
    for (lesson, exercise, message), n in same.most_common():
        if n >= SAME_WRONG:
            found.append(("same wrong answer", f"{exercise} ({n} learners)", message))
    for row in rows:
        if row["verdict"] in ("timeout", "error"):
            found.append((row["verdict"], f"{row['file']} {row['exercise']}".strip(), row["message"]))
    return found


def feedback(who: str, rows: list[dict], hints: dict[tuple[str, str], str], chosen) -> str:
    """One learner's feedback as Markdown: every verdict and message by lesson, and the hint to try next."""
    own = [r for r in rows if learner_of(r["file"]) == who]
    scored = [r for r in own if r["exercise"] and counted(r["lesson"], r["exercise"], chosen)]
    lines = [f"# Feedback for {who}", "",
             f"In-class exercises: {sum(r['verdict'] == 'correct' for r in scored)} of {len(scored)} correct"
             + ("" if chosen is None else " (exercises marked *homework* are not counted)") + ".", ""]
    for lesson in sorted({r["lesson"] for r in own}):
        lines += [f"## {lesson or 'notebooks the grader could not place'}", ""]
        for r in (r for r in own if r["lesson"] == lesson):
            label = f"`{r['exercise']}`" if r["exercise"] else r["file"]
            homework = "" if not r["exercise"] or counted(lesson, r["exercise"], chosen) else " *homework*"
            lines.append(f"- {SYMBOL.get(r['verdict'], '?')} {label}{homework}: **{r['verdict']}**. {r['message']}")
            if r["verdict"] != "correct" and (lesson, r["exercise"]) in hints:
                lines.append(f"  - Try next: {hints[(lesson, r['exercise'])]} (more: `ex.{r['exercise']}.hint()`, "
                             f"the answer: `ex.{r['exercise']}.solution()`)")
        lines.append("")
    return "\n".join(lines)


def write_feedback(rows: list[dict], hints: dict[tuple[str, str], str], chosen, folder: Path) -> list[Path]:
    """feedback/<learner>.md for every learner; returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for who in sorted({learner_of(r["file"]) for r in rows}):
        path = folder / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', who)}.md"
        path.write_text(feedback(who, rows, hints, chosen), encoding="utf-8")
        written.append(path)
    return written

"""tools/agenda.py: the instructor guide's agendas come from docs/timings.json and the lessons, add up, and fit."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import agenda  # noqa: E402

LESSON_NUMBERS = {p.name[:2] for p in (ROOT / "lessons").glob("[0-9][0-9]_*.ipynb")}


@pytest.fixture(scope="module")
def by_number() -> dict[str, agenda.Lesson]:
    _, seconds = agenda.load_timings(agenda.TIMINGS)
    return agenda.lessons(seconds)


def block(text: str, name: str) -> str:
    found = re.search(rf"<!-- agenda:{name} -->\n(.*?)<!-- /agenda:{name} -->", text, re.S)
    assert found, f"no agenda:{name} block in the guide"
    return found.group(1)


def test_guide_is_in_sync_with_the_timings_file():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "agenda.py"), "--check"], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "up to date" in proc.stdout


def test_the_guide_quotes_the_measured_seconds_of_every_lesson(by_number):
    reference = block(agenda.GUIDE.read_text(encoding="utf-8"), "lessons")
    for lesson in by_number.values():
        row = next(line for line in reference.splitlines() if f"lessons/{lesson.notebook}" in line)
        assert row.rstrip(" |").endswith(f"{lesson.seconds:.1f} | {lesson.solution_seconds:.1f}")


def test_stated_times_and_exercises_come_from_the_lessons(by_number):
    assert set(by_number) == LESSON_NUMBERS
    from course_lib.course.exercises import all_lessons

    for lesson in by_number.values():
        first = "".join(json.loads((ROOT / "lessons" / lesson.notebook).read_text())["cells"][0]["source"])
        assert f"about {lesson.minutes} minutes" in first
        assert lesson.exercises == tuple(ex.name for ex in all_lessons()[lesson.notebook[:-6]])


@pytest.mark.parametrize("name", sorted(agenda.WORKSHOPS))
def test_slots_follow_each_other_and_fit_the_workshop(name, by_number):
    workshop = agenda.WORKSHOPS[name]
    rows = agenda.schedule(workshop, by_number)
    clock = 0
    for row in rows:
        assert row["start"] == clock
        clock += row["teach"] + row["exercise"]
    assert 0 < clock <= workshop.length
    # the rendered table says the same: each start time is the previous one plus its slot
    table = block(agenda.GUIDE.read_text(encoding="utf-8"), name)
    starts = re.findall(r"^\| (\d\d):(\d\d) \|\s*(\d*)\s*\|", table, re.M)
    minutes = [int(h) * 60 + int(m) for h, m, _ in starts]
    assert len(minutes) == len(rows) + 1  # the slots and the end
    assert starts[-1][2] == ""  # the last row is the end, with no length
    for (start, (_, _, length)), nxt in zip(zip(minutes, starts), minutes[1:]):
        assert nxt == start + int(length)
    assert minutes[-1] - minutes[0] == clock <= workshop.length


def test_a_plan_longer_than_the_workshop_is_refused(by_number):
    short = replace(agenda.WORKSHOPS["3h"], length=120)
    with pytest.raises(agenda.AgendaError, match="more than its 120 min"):
        agenda.schedule(short, by_number)


def test_every_lesson_is_in_the_full_day(by_number):
    day = agenda.WORKSHOPS["day"]
    assert day.every_lesson
    taught = {row["lesson"].number for row in agenda.schedule(day, by_number) if row["lesson"]}
    assert taught == LESSON_NUMBERS
    without_09 = replace(day, slots=tuple(s for s in day.slots if getattr(s, "lesson", None) != "09"))
    with pytest.raises(agenda.AgendaError, match=r"lessons \['09'\] are missing"):
        agenda.schedule(without_09, by_number)


def test_the_three_hour_path_says_what_it_skips():
    text = block(agenda.GUIDE.read_text(encoding="utf-8"), "3h")
    assert "Not taught: 00, 02, 03, 04, 07, 08, 09, 11, 12." in text
    assert "**Break**" in text


def test_a_plan_asking_for_more_exercises_than_a_lesson_has_is_refused(by_number):
    greedy = replace(agenda.WORKSHOPS["3h"], slots=(agenda.Teach("06", exercises=9),))
    with pytest.raises(agenda.AgendaError, match="lesson 06 has 4 exercises, the plan asks for 9"):
        agenda.schedule(greedy, by_number)


def test_a_walkthrough_takes_half_the_stated_time_rounded_up_to_five(by_number):
    lesson = by_number["00"]  # 15 minutes stated
    assert agenda.slot_minutes(agenda.Teach("00", walkthrough=True), lesson) == (10, 0)
    assert agenda.slot_minutes(agenda.Teach("00", exercises=2), lesson) == (15, 2 * agenda.EXERCISE_MINUTES)


@pytest.mark.parametrize("content, message", [
    (None, "does not exist"),
    ("{not json", "is not JSON"),
    ('{"machine": "x"}', 'has no "notebook_seconds"'),
    ('{"notebook_seconds": {"lessons/00_setup.ipynb": 1}}', 'does not say which "machine"'),
    ('{"machine": "x", "notebook_seconds": {"lessons/00_setup.ipynb": -3}}', "must be seconds > 0, got -3"),
    ('{"machine": "x", "notebook_seconds": {"lessons/00_setup.ipynb": "12 s"}}', "must be seconds > 0"),
    ('{"machine": "x", "notebook_seconds": {"lessons/00_setup.ipynb": 12.0}}', "has no time for solutions/00_setup.ipynb, lessons/01_goldfish_agent.ipynb"),
])
def test_a_broken_timings_file_gives_a_clear_error(tmp_path, content, message):
    path = tmp_path / "timings.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(agenda.AgendaError, match=re.escape(message)) as info:
        _, seconds = agenda.load_timings(path)
        agenda.lessons(seconds, path)
    assert str(path) in str(info.value)
    assert "make bench ARGS=--notebooks" in str(info.value) or "seconds > 0" in str(info.value)
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "agenda.py"), "--check", "--timings", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and message in proc.stderr


def test_check_fails_on_an_edited_guide_and_the_tool_repairs_it(tmp_path):
    guide = tmp_path / "guide.md"
    text = agenda.GUIDE.read_text(encoding="utf-8")
    table = block(text, "lessons")
    edited = text.replace(table, table.replace("| 15 |", "| 5 |", 1))
    assert edited != text
    guide.write_text(edited, encoding="utf-8")
    tool = [sys.executable, str(ROOT / "tools" / "agenda.py"), "--guide", str(guide)]
    proc = subprocess.run(tool + ["--check"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 1 and "out of date" in proc.stderr
    assert subprocess.run(tool, capture_output=True, text=True, cwd=ROOT).returncode == 0
    assert guide.read_text(encoding="utf-8") == text
    assert subprocess.run(tool + ["--check"], capture_output=True, text=True, cwd=ROOT).returncode == 0


def test_prose_outside_the_markers_is_kept_and_a_missing_marker_is_named(tmp_path):
    guide = tmp_path / "guide.md"
    guide.write_text("Intro.\n<!-- agenda:3h -->\nold\n<!-- /agenda:3h -->\nOutro.\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "agenda.py"), "--guide", str(guide)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "<!-- agenda:day -->" in proc.stderr
    assert guide.read_text(encoding="utf-8").startswith("Intro.\n<!-- agenda:3h -->\nold\n")  # nothing written


@pytest.mark.parametrize("name", sorted(agenda.WORKSHOPS))
def test_every_agenda_has_a_break_every_75_minutes_and_slack(name, by_number):
    rows = agenda.schedule(agenda.WORKSHOPS[name], by_number)
    stretch, _ = agenda.longest_stretch(rows)
    assert 0 < stretch <= agenda.MAX_STRETCH
    assert sum(r["teach"] for r in rows if not r["lesson"] and r["slot"].kind == "slack") >= 10
    text = block(agenda.GUIDE.read_text(encoding="utf-8"), name)
    assert f"Longest stretch without a break: {stretch} min" in text and "slack " in text


def test_a_plan_without_breaks_is_refused(by_number):
    day = agenda.WORKSHOPS["day"]
    no_breaks = replace(day, slots=tuple(s for s in day.slots if getattr(s, "kind", "") != "break"), length=600)
    with pytest.raises(agenda.AgendaError, match=r"min without a break from 09:00; put a break at least every 75"):
        agenda.schedule(no_breaks, by_number)


def test_every_lesson_says_what_to_cut_and_the_section_exists(by_number, tmp_path):
    text = agenda.GUIDE.read_text(encoding="utf-8")
    for lesson in by_number.values():
        assert re.fullmatch(rf"§{agenda.CUTS[lesson.number]} \S.*", lesson.cut)
        source = (ROOT / "lessons" / lesson.notebook).read_text(encoding="utf-8")
        assert f"## {agenda.CUTS[lesson.number]}. {lesson.cut.split(' ', 1)[1]}" in source
    assert "| if short on time, cut |" in block(text, "3h")
    with pytest.raises(agenda.AgendaError, match=r"has no section '## 42\. …' for CUTS"):
        agenda.cut_section(ROOT / "lessons" / "06_scoring.ipynb", 42)


def test_instructor_notes_are_generated_from_the_lessons_and_their_wrong_answers(tmp_path):
    import instructor_notes
    from course_lib.course.exercises.cases import lesson03  # WRONG_ANSWERS moved to cases/ (bafcf22)

    assert instructor_notes.main(["--check"]) == 0, "run python tools/instructor_notes.py"
    text = instructor_notes.NOTES.read_text(encoding="utf-8")
    assert text.count("\n## ") == len(LESSON_NUMBERS)
    section = text.split("## 03 · ", 1)[1].split("\n## ", 1)[0]
    for exercise, wrong in lesson03.WRONG_ANSWERS.items():
        assert f"- `{exercise}` (" in section
        assert all(f'"{says}"' in section for _, says in wrong)
    assert "`return messages[-n:]` (n == 0 gives the whole list): \"messages[-0:] is the whole list\"" in section
    assert "**If short on time, cut** §7 The strategies side by side." in section
    assert "keep a whole conversation in a lossless `ConversationBuffer`" in section
    edited = tmp_path / "notes.md"
    edited.write_text(text.replace("5.5 s", "1.0 s"), encoding="utf-8")
    assert instructor_notes.main(["--check", "--out", str(edited)]) == 1

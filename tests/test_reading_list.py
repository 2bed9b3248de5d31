"""Each lesson names the library files a student should read for it, and they read in one sitting.

The first cell of every lesson ends with "**Read for this lesson:** `course_lib/…`, … (N lines in all, one
sitting)". These tests keep that line true: the files exist, they are lesson code (not the offline stand-in,
the stores' machinery or the course's own machinery), the count is today's, and the whole stays readable at once.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))
ONE_SITTING = 1000  # lines: about an hour of reading, the longest lesson's own length
MACHINERY = ("course_lib/model/offline/", "course_lib/model/variant/", "course_lib/long_term/stores/",
             "course_lib/course/", "course_lib/checks.py", "course_lib/ranking.py")
LINE = re.compile(r"\*\*Read for this lesson:\*\* (.+?) \(([\d,]+) lines in all, one sitting\)")


def reading_list(text: str) -> tuple[list[str], int]:
    """(paths, stated line count) from a lesson's first cell; AssertionError when the line is missing."""
    found = LINE.findall(text)
    assert len(found) == 1, "the first cell needs one '**Read for this lesson:** `course_lib/…` (N lines in all, " \
                            "one sitting)' line"
    names, count = found[0]
    return re.findall(r"`(course_lib/[\w/]+\.py)`", names), int(count.replace(",", ""))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_each_lesson_names_its_reading_and_it_is_true(path):
    first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
    files, stated = reading_list(first)
    assert files, "name at least one file"
    missing = [f for f in files if not (ROOT / f).is_file()]
    assert not missing, f"{path.name} names files that do not exist: {missing}"
    machinery = [f for f in files if f.startswith(MACHINERY) and not (path.stem.startswith("12") and "evaluation" in f)]
    assert not machinery, f"{path.name} asks students to read machinery: {machinery}"
    total = sum(len((ROOT / f).read_text(encoding="utf-8").splitlines()) for f in files)
    assert stated == total, f"{path.name} says {stated:,} lines; the files have {total:,} now: write ({total:,} lines …)"
    assert total <= ONE_SITTING, f"{path.name}'s reading is {total:,} lines; more than one sitting ({ONE_SITTING})"


def test_the_rule_fires_on_a_probe():
    files, stated = reading_list("**Read for this lesson:** `course_lib/model/offline/react.py` (12 lines in all, "
                                 "one sitting); the others …")
    assert files == ["course_lib/model/offline/react.py"] and stated == 12
    assert files[0].startswith(MACHINERY)
    with pytest.raises(AssertionError, match="needs one"):
        reading_list("**Library:** uses everything")

"""The instructor kit's pages: a setup page per OS that ends with the doctor, a one-page handout, and links that
resolve. The doctor output they quote has the checks the doctor really runs."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from course_lib.course import doctor

DOCS = Path(__file__).resolve().parents[1] / "docs"
SETUP = ("setup-windows.md", "setup-macos.md", "setup-linux.md")


@pytest.mark.parametrize("page", SETUP)
def test_each_setup_page_installs_into_the_courses_venv_and_ends_with_the_doctor(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    checks = doctor.run_checks()
    assert f"{len(checks)} OK, 0 FAIL" in text and "course_lib doctor" in text
    assert ".venv" in text and "requirements.lock" in text or "make install" in text
    assert "--no-index --find-links" in text  # the offline route from the wheelhouse
    for python in ("3.10", "3.14"):
        assert python in text


def test_the_doctor_output_quoted_on_the_linux_page_has_the_real_checks_in_order():
    text = (DOCS / "setup-linux.md").read_text(encoding="utf-8")
    quoted = re.findall(r"^OK    (\S+)", text, re.M)
    names = [c.name for c in doctor.run_checks()]
    assert quoted[0] == names[0] and quoted[1] == names[1] and quoted[-2:] == names[-2:]
    backend = next(c for c in doctor.run_checks() if c.name == "backend").detail
    assert backend in text


def test_the_handout_fits_one_page_and_says_start_check_hint_and_where_the_solutions_are():
    text = (DOCS / "learner-handout.md").read_text(encoding="utf-8")
    assert len(text.split()) <= 400
    for needed in ("make lab", ".check()", ".hint()", ".solution()", "`solutions/`", "exercises/"):
        assert needed in text


@pytest.mark.parametrize("page", ("instructor-guide.md", "learner-handout.md", "instructor-notes.md", *SETUP))
def test_every_relative_link_in_the_kit_resolves(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
        assert (DOCS / target).exists(), f"{page} links {target}, which does not exist"

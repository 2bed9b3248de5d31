"""SkillLibrary: descriptions in context, full text on demand."""
from __future__ import annotations

import pytest

from course_lib import SkillLibrary
from course_lib.long_term.skills import description_of


def test_package_skills_index_and_load():
    lib = SkillLibrary()
    assert {"book_restaurant", "plan_trip_day"} <= set(lib.names())
    index = lib.index()
    assert "book_restaurant: Book a restaurant table" in index
    assert "episodic log" not in index  # bodies stay out of context
    assert "episodic log" in lib.load("book_restaurant")
    saved = lib.tokens_saved()
    assert saved["saved"] > 0 and saved["index"] < saved["all_skills"]


def test_unknown_skill_lists_the_available_ones():
    with pytest.raises(KeyError, match="available skills: book_restaurant, plan_trip_day"):
        SkillLibrary().load("fly_plane")


def test_own_folder_and_first_line_descriptions(tmp_path):
    (tmp_path / "a.md").write_text("# Write a release note\nSteps…")
    (tmp_path / "b.md").write_text("---\ndescription: Do b.\n---\nbody")
    lib = SkillLibrary(tmp_path)
    assert lib.describe() == {"a": "Write a release note", "b": "Do b."}
    assert description_of("") == ""
    with pytest.raises(FileNotFoundError):
        SkillLibrary(tmp_path / "missing")

"""SkillLibrary: procedural memory as markdown skill files; one-line descriptions in context, bodies on demand.

A skill file is `<name>.md`. Its description is the `description:` line of a front-matter block
(between `---` lines at the top), or else the file's first non-empty line.
"""
from __future__ import annotations

import os
from pathlib import Path

from course_lib.model.tokens import count_tokens

PACKAGE_SKILLS = Path(__file__).parents[1] / "data" / "skills"


def description_of(text: str) -> str:
    """The one-line description of a skill file's text."""
    lines = text.strip().splitlines()
    if lines and lines[0].strip() == "---":
        for line in lines[1:]:
            if line.strip() == "---":
                break
            if line.lower().startswith("description:"):
                return line.split(":", 1)[1].strip()
    for line in lines:
        if line.strip() and line.strip() != "---":
            return line.strip().lstrip("# ").strip()
    return ""


class SkillLibrary:
    """A folder of skill files: `index()` goes in the prompt, `load(name)` fetches one in full."""

    def __init__(self, folder: str | os.PathLike = PACKAGE_SKILLS) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise FileNotFoundError(f"skill folder {self.folder} does not exist")

    def names(self) -> list[str]:
        """The available skills, sorted."""
        return sorted(p.stem for p in self.folder.glob("*.md"))

    def describe(self) -> dict[str, str]:
        """{name: one-line description}."""
        return {n: description_of((self.folder / f"{n}.md").read_text(encoding="utf-8")) for n in self.names()}

    def index(self) -> str:
        """The short list that lives in context: one line per skill."""
        return "Skills (load one by name when the task needs it):\n" + "\n".join(
            f"- {n}: {d}" for n, d in self.describe().items())

    def load(self, name: str) -> str:
        """The full text of one skill (a clear error listing the skills for an unknown name)."""
        if not isinstance(name, str) or name not in self.names():
            raise KeyError(f"no skill {name!r}; available skills: {', '.join(self.names()) or '(none)'}")
        return (self.folder / f"{name}.md").read_text(encoding="utf-8")

    def tokens_saved(self) -> dict[str, int]:
        """Tokens of all skill bodies vs the index alone: what loading on demand saves per call."""
        full = sum(count_tokens(self.load(n)) for n in self.names())
        index = count_tokens(self.index())
        return {"all_skills": full, "index": index, "saved": full - index}

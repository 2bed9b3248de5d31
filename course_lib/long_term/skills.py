"""SkillLibrary: procedural memory as markdown skill files; one-line descriptions in context, bodies on demand.

A skill file is `<name>.md`. Its description is the `description:` line of a front-matter block
(between `---` lines at the top), or else the file's first non-empty line.

Skills have owners: a skill sits in every user's prompt index, so only an operator (a name in `operators`,
default ("operator",)) writes one. `save(name, description, text, author=…)` writes a skill whose author is
an operator; anyone else (a user, or the agent through the `save_skill` tool, see
`course_lib.agent.memory_tools`) can only `propose` one, which waits in `<folder>/.proposals/` (never in the
index) until an operator `accept`s it (the skill then names who proposed it and who accepted it) or `reject`s
it. Every skill file carries its writer in its front matter (`author:`). The name must be a safe file name,
the description one line, an existing skill is only overwritten with `replace=True`, secrets are redacted, and
a skill that overrides the rules, mails memories away, carries role tags or tool-call syntax is refused
(trust.instruction_in with skill=True: steps are instructions by nature, orders to betray the user are not).
The skills shipped with the package are read-only: save into a folder of your own.
"""
from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from course_lib.model.redact import redact_secrets
from course_lib.long_term.trust import refuse_instruction
from course_lib.model.tokens import count_tokens

PACKAGE_SKILLS = Path(__file__).parents[1] / "data" / "skills"
SKILL_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")  # a file name that is safe on every system
MAX_DESCRIPTION = 200  # characters: the description is one line of the index that sits in every prompt
PROPOSALS = ".proposals"  # the sub-folder where proposed skills wait for an operator


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


def front_matter(text: str) -> dict[str, str]:
    """The `key: value` lines between the `---` lines at the top of a skill file ({} without front matter)."""
    lines = text.strip().splitlines()
    out: dict[str, str] = {}
    if lines and lines[0].strip() == "---":
        for line in lines[1:]:
            if line.strip() == "---":
                break
            if ":" in line:
                key, value = line.split(":", 1)
                out[key.strip().lower()] = value.strip()
    return out


def check_skill_name(name: object) -> str:
    """`name` if it is a safe skill name (lowercase letters, digits, '_' and '-', at most 64), else raise."""
    if not isinstance(name, str) or not SKILL_NAME.fullmatch(name):
        raise ValueError(f"name must be lowercase letters, digits, '_' or '-' (at most 64, no dots or slashes), "
                         f"e.g. 'book_restaurant'; got {name!r}")
    return name


def check_description(description: object) -> str:
    """`description` stripped if it is one non-empty line of at most MAX_DESCRIPTION characters, else raise."""
    if not isinstance(description, str) or not description.strip():
        raise ValueError(f"description must be a non-empty string (one line saying when to use the skill), "
                         f"got {description!r}")
    description = description.strip()
    if "\n" in description or "\r" in description:
        raise ValueError("description must be one line (it goes in the skill index); put the steps in text")
    if len(description) > MAX_DESCRIPTION:
        raise ValueError(f"description has {len(description)} characters; keep it to {MAX_DESCRIPTION} "
                         "(the steps belong in text)")
    return description


class SkillLibrary:
    """A folder of skill files: `index()` goes in the prompt, `load(name)` fetches one in full, `save` adds one."""

    def __init__(self, folder: str | os.PathLike = PACKAGE_SKILLS,
                 operators: tuple[str, ...] | list[str] = ("operator",)) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise FileNotFoundError(f"skill folder {self.folder} does not exist")
        if isinstance(operators, str) or not operators or not all(isinstance(o, str) and o.strip() for o in operators):
            raise ValueError(f"operators is a list of the names allowed to write skills, e.g. ('operator',); "
                             f"got {operators!r}")
        self.operators = tuple(operators)

    def check_operator(self, name: object, what: str = "author") -> str:
        """`name` if it is one of the operators, else PermissionError saying who may write skills."""
        if name not in self.operators:
            raise PermissionError(f"{what} {name!r} is not an operator of this skill library (operators: "
                                  f"{', '.join(map(repr, self.operators))}); only an operator writes skills, "
                                  "anyone else can propose(...) one for an operator to accept")
        return str(name)

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

    def save(self, name: str, description: str, text: str, replace: bool = False, *, author: str) -> list[str]:
        """Operator API: write skill `name` (front matter with the description and author, then `text`); return the
        kinds of secret redacted."""
        self.check_operator(author)
        return self._write(self.folder, name, description, text, replace, {"author": author})

    def propose(self, name: str, description: str, text: str, *, author: str) -> list[str]:
        """Anyone's skill, kept aside in .proposals/ (not in the index) until an operator accepts it."""
        if not isinstance(author, str) or not author.strip():
            raise ValueError(f"author must name who proposes the skill, got {author!r}")
        folder = self.folder / PROPOSALS
        self._writable()
        folder.mkdir(exist_ok=True)
        return self._write(folder, name, description, text, True, {"proposed_by": author})

    def proposals(self) -> dict[str, str]:
        """{name: who proposed it} for the skills waiting for an operator."""
        folder = self.folder / PROPOSALS
        return {p.stem: front_matter(p.read_text(encoding="utf-8")).get("proposed_by", "")
                for p in sorted(folder.glob("*.md"))} if folder.is_dir() else {}

    def accept(self, name: str, *, operator: str, replace: bool = False) -> list[str]:
        """An operator makes a proposal a skill: its author is who proposed it, `accepted_by` the operator."""
        self.check_operator(operator, "operator")
        path = self.folder / PROPOSALS / f"{check_skill_name(name)}.md"
        if not path.is_file():
            raise KeyError(f"no proposed skill {name!r}; proposed: {', '.join(self.proposals()) or '(none)'}")
        raw = path.read_text(encoding="utf-8")
        meta, body = front_matter(raw), raw.split("\n---\n", 1)[-1]
        who = meta.get("proposed_by", "")
        found = self._write(self.folder, name, meta.get("description", description_of(raw)), body, replace,
                            {"author": who, "proposed_by": who, "accepted_by": operator})
        path.unlink()
        return found

    def reject(self, name: str, *, operator: str) -> None:
        """An operator drops a proposed skill."""
        self.check_operator(operator, "operator")
        (self.folder / PROPOSALS / f"{check_skill_name(name)}.md").unlink(missing_ok=True)

    def author_of(self, name: str) -> str:
        """Who wrote skill `name` (its front matter's author; '' for a skill written before skills had owners)."""
        return front_matter(self.load(name)).get("author", "")

    def _writable(self) -> None:
        if self.folder.resolve() == PACKAGE_SKILLS.resolve():
            raise PermissionError("the package's own skills are read-only; use SkillLibrary(folder) with a folder "
                                  "of your own to save skills")

    def _write(self, folder: Path, name: str, description: str, text: str, replace: bool,
               meta: dict[str, str]) -> list[str]:
        """Check, redact and write one skill file into `folder`; return the kinds of secret redacted."""
        name, description = check_skill_name(name), check_description(description)
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"text must be a non-empty string (the skill's steps), got {text!r}")
        if not isinstance(replace, bool):
            raise TypeError(f"replace must be True or False, got {replace!r}")
        self._writable()
        refuse_instruction(f"{description}\n{text}", "skill", skill=True)
        description, found_d = redact_secrets(description)
        text, found_t = redact_secrets(text.strip())
        lines = "".join(f"{k}: {' '.join(str(v).split())}\n" for k, v in meta.items())
        body = f"---\ndescription: {description}\n{lines}---\n{text}\n"
        path = folder / f"{name}.md"
        if not replace:
            try:
                with open(path, "x", encoding="utf-8") as f:  # "x": fails if it exists, even if created just now
                    f.write(body)
            except FileExistsError:
                raise FileExistsError(f"a skill called {name!r} exists already; pass replace=True to overwrite it, "
                                      "or choose another name") from None
        else:  # write aside, then swap in: a reader never sees half a skill
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(body)
            os.replace(tmp, path)
        return sorted(set(found_d + found_t))

    def tokens_saved(self) -> dict[str, int]:
        """Tokens of all skill bodies vs the index alone: what loading on demand saves per call."""
        full = sum(count_tokens(self.load(n)) for n in self.names())
        index = count_tokens(self.index())
        return {"all_skills": full, "index": index, "saved": full - index}

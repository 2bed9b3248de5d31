"""What the learner sees: verdict, hint and solution panels (coloured HTML in a notebook, plain text elsewhere)."""
from __future__ import annotations

import html
import json
import os
import sys
from dataclasses import dataclass
from typing import Any

VERDICTS_ENV = "COURSE_VERDICTS_FILE"
NOT_ATTEMPTED, WRONG, CORRECT = "not attempted", "wrong", "correct"
_SYMBOL = {NOT_ATTEMPTED: "○", WRONG: "✗", CORRECT: "✓", "hint": "💡", "solution": "📖"}
_COLOURS = {  # (border, background)
    NOT_ATTEMPTED: ("#757575", "#f5f5f5"), WRONG: ("#c62828", "#fdecea"), CORRECT: ("#2e7d32", "#e8f5e9"),
    "hint": ("#f9a825", "#fffde7"), "solution": ("#1565c0", "#e3f2fd"),
}


def _in_ipython():
    """The running IPython shell, or None in plain Python."""
    if "IPython" not in sys.modules:
        return None
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return None
    return get_ipython()


class Panel:
    """A small coloured box in a notebook (text/html) with the same content as plain text (text/plain)."""

    kind = "hint"
    _shown_in: int | None = None

    def title(self) -> str:
        """The panel's bold first line."""
        raise NotImplementedError

    def body(self) -> str:
        """The panel's text under the title."""
        raise NotImplementedError

    def is_code(self) -> bool:
        """True when the body is code (shown in a <pre> block)."""
        return False

    def text(self) -> str:
        """The plain-text rendering (what nbval compares and what a terminal shows)."""
        body = self.body()
        if not body:
            return f"{_SYMBOL[self.kind]} {self.title()}"
        indented = "\n".join(("    " + line) if line else "" for line in body.splitlines())
        return f"{_SYMBOL[self.kind]} {self.title()}\n{indented}"

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        border, background = _COLOURS[self.kind]
        body = html.escape(self.body())
        if self.is_code():
            style = "margin:6px 0 0 0;background:#fff;color:#1b1b1b;padding:6px;overflow-x:auto"
            body = f'<pre style="{style}">{body}</pre>'
        elif body:
            body = '<div style="margin-top:4px;white-space:pre-wrap">' + body + "</div>"
        return (f'<div style="border-left:6px solid {border};background:{background};color:#1b1b1b;'
                f'padding:8px 12px;margin:4px 0;font-family:sans-serif;font-size:14px">'
                f"<b>{_SYMBOL[self.kind]} {html.escape(self.title())}</b>{body}</div>")

    def _bundle(self) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self._repr_html_()}

    def show(self) -> None:
        """Display now: an HTML box (plus plain text) in a notebook, plain text elsewhere."""
        shell = _in_ipython()
        if shell is None:
            print(self.text())
            return
        from IPython.display import display

        display(self._bundle(), raw=True)
        self._shown_in = shell.execution_count

    def _ipython_display_(self) -> None:
        # Shown already by the call that produced it in this same cell: don't show it twice as Out[n].
        shell = _in_ipython()
        if shell is not None and self._shown_in == shell.execution_count:
            return
        from IPython.display import display

        display(self._bundle(), raw=True)


@dataclass(repr=False)
class Verdict(Panel):
    """The result of a check: status is "not attempted", "wrong" or "correct", with a message for the learner."""

    exercise: str
    status: str
    message: str
    lesson: str = ""
    passed: int = 0

    def __post_init__(self) -> None:
        if self.status not in (NOT_ATTEMPTED, WRONG, CORRECT):
            raise ValueError(f"status must be one of {NOT_ATTEMPTED!r}, {WRONG!r}, {CORRECT!r}, got {self.status!r}")
        self.kind = self.status

    @property
    def ok(self) -> bool:
        """True when the exercise is solved."""
        return self.status == CORRECT

    def title(self) -> str:
        return f"{self.exercise}: {self.status}"

    def body(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, Any]:
        """The machine-readable form written to COURSE_VERDICTS_FILE."""
        return {"lesson": self.lesson, "exercise": self.exercise, "status": self.status, "message": self.message}

    def record(self) -> None:
        """Append this verdict as a JSON line to $COURSE_VERDICTS_FILE, if set (for tools/grade.py)."""
        path = os.environ.get(VERDICTS_ENV)
        if path:
            with open(path, "a", encoding="utf-8") as f:
                f.write(json.dumps(self.as_dict(), ensure_ascii=False, sort_keys=True) + "\n")


@dataclass(repr=False)
class Note(Panel):
    """A hint or a solution panel."""

    heading: str
    content: str
    kind: str = "hint"
    code: bool = False

    def title(self) -> str:
        return self.heading

    def body(self) -> str:
        return self.content

    def is_code(self) -> bool:
        return self.code

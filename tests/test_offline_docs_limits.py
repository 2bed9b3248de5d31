"""docs/offline-model.md's table "What it gets wrong" says what the stand-in stores for each sentence: this keeps
it true. Each row's sentence goes through the write path (extract, then the confidence gate) and what is stored
must be exactly the facts the row names in italics, or nothing when the row says nothing ("not understood" when
it says so, and no "not understood" when it says "not even")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from course_lib.long_term.write_path import extract, gate

DOC = Path(__file__).resolve().parents[1] / "docs" / "offline-model.md"


def rows() -> list[tuple[str, str]]:
    """(sentence, what the doc says is stored) for each row of the table."""
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## What it gets wrong", 1)[1].split("\n## ", 1)[0]
    out = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith('"'):
            continue
        out.append((re.match(r'"(.+?)"(?:\s|$)', cells[0] + " ").group(1), cells[1]))
    return out


ROWS = rows()


def test_the_table_is_found_and_has_rows():
    assert len(ROWS) >= 10, f"expected the table of docs/offline-model.md, found {len(ROWS)} rows"


@pytest.mark.parametrize("sentence,claim", ROWS, ids=[s[:40] for s, _ in ROWS])
def test_each_row_is_what_the_stand_in_does(sentence, claim):
    got = extract([{"role": "user", "content": sentence}])  # the offline model (conftest unsets COURSE_BACKEND)
    stored = sorted(f.text for f in gate(got.facts))
    named = sorted(re.findall(r"\*([^*]+)\*", claim))
    shown = f"the stand-in stores {stored} (not understood: {got.missed}); the doc says: {claim}"
    if claim.startswith("nothing"):
        assert stored == [], shown
        if "not even" in claim:
            assert not got.missed, shown
        elif "not understood" in claim:
            assert got.missed, shown
    else:
        assert named, f"a row names the stored facts in *italics*: {claim}"
        assert stored == named, shown

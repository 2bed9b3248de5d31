"""Numbers quoted in a lesson's prose must match the stored outputs next to them.

Convention for lesson authors: a measured number in markdown is written in bold (**2.34**, **7,912 tokens**).
Each bold number must appear in the text output of the code cells right before or right after that markdown
cell (the contiguous run of code cells on either side), so prose and outputs cannot drift apart.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))
BOLD = re.compile(r"\*\*([^*]+)\*\*")
NUMBER = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?")

# lessons whose key numbers must be quoted in the prose (and therefore checked)
REQUIRED = {
    "04_summary_buffer": 4,
    "06_scoring": ["2.34", "1.29", "2.48", "3.16", "3.18"],
}


def output_text(cell: dict) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append("".join(out["text"]))
        for kind in ("text/plain", "text/markdown", "text/html"):
            if kind in out.get("data", {}):
                parts.append("".join(out["data"][kind]))
    return "\n".join(parts)


def neighbour_outputs(cells: list[dict], i: int) -> str:
    texts = []
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(cells) and cells[j]["cell_type"] == "code":
            texts.append(output_text(cells[j]))
            j += step
    return "\n".join(texts).replace(",", "")


def quoted_numbers(cells: list[dict]):
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        for bold in BOLD.findall("".join(cell["source"])):
            for number in NUMBER.findall(bold):
                yield i, number


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_bold_numbers_match_neighbouring_outputs(path):
    cells = json.loads(path.read_text())["cells"]
    missing = []
    for i, number in quoted_numbers(cells):
        plain = number.replace(",", "")
        if not re.search(rf"(?<![\d.]){re.escape(plain)}(?![\d])", neighbour_outputs(cells, i)):
            missing.append(f"cell {i}: **{number}** is not in the outputs next to it")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("stem, required", REQUIRED.items())
def test_key_numbers_are_quoted(stem, required):
    path = ROOT / "lessons" / f"{stem}.ipynb"
    if not path.exists():
        pytest.fail(f"{path.name} is missing")
    quoted = [n for _, n in quoted_numbers(json.loads(path.read_text())["cells"])]
    if isinstance(required, int):
        assert len(quoted) >= required, f"{stem} quotes only {len(quoted)} measured numbers in bold"
    else:
        assert set(required) <= set(quoted), f"{stem} does not quote {sorted(set(required) - set(quoted))}"


def test_the_check_catches_drift(tmp_path):
    cells = [
        {"cell_type": "code", "source": [], "outputs": [{"output_type": "stream", "text": ["total 2.34\n"]}]},
        {"cell_type": "markdown", "source": ["A scores **2.34** and B **1.30**."]},
    ]
    found = [(n, bool(re.search(re.escape(n), neighbour_outputs(cells, i)))) for i, n in quoted_numbers(cells)]
    assert found == [("2.34", True), ("1.30", False)]


# -- references to other lessons: a lesson that does not exist yet is marked "coming" ----------------------------
LESSON_REF = re.compile(r"\blessons? (\d\d)((?:\s*(?:,|and|–|-|to)\s*\d\d\b)*)", re.IGNORECASE)


def lesson_reference_problems(cells: list[dict], existing: set[str]) -> list[str]:
    """Prose that points to a missing lesson without saying it is coming, or calls an existing one 'coming'.

    "Coming" is written right next to the reference: "coming in lesson 09" or "lesson 09 (coming soon)".
    """
    problems = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        for m in LESSON_REF.finditer(text):
            coming = (text[max(0, m.start() - 10):m.start()].lower().endswith("coming in ")
                      or re.match(r"\s*\(coming", text[m.end():], re.IGNORECASE) is not None)
            for n in [m.group(1), *re.findall(r"\d\d", m.group(2))]:
                if n not in existing and not coming:
                    problems.append(f"cell {i}: {m.group(0)!r} points to lesson {n}, which does not exist yet; "
                                    f"write 'coming in lesson {n}'")
                if n in existing and coming:
                    problems.append(f"cell {i}: lesson {n} exists now; drop 'coming' from {m.group(0)!r}")
    return problems


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_references_to_later_lessons_say_whether_they_exist(path):
    existing = {p.name[:2] for p in LESSONS}
    problems = lesson_reference_problems(json.loads(path.read_text())["cells"], existing)
    assert not problems, "\n".join(problems)


def test_the_reference_check_catches_both_mistakes():
    cells = [{"cell_type": "markdown", "source": ["As lesson 03 showed, lesson 09 fixes it (see lessons 04 and 10); "
                                                  "this is coming in lesson 05, and coming in lesson 07, lesson 08 "
                                                  "(coming soon) too."]}]
    problems = [p.split(": ", 1)[1] for p in lesson_reference_problems(cells, existing={"03", "04", "05"})]
    assert problems == ["'lesson 09' points to lesson 09, which does not exist yet; write 'coming in lesson 09'",
                        "'lessons 04 and 10' points to lesson 10, which does not exist yet; write 'coming in lesson 10'",
                        "lesson 05 exists now; drop 'coming' from 'lesson 05'"]

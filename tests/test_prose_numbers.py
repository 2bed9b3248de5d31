"""Numbers quoted in a lesson's prose must match the stored outputs next to them, and comparisons must agree with them.

Convention for lesson authors: a measured number in markdown is written in bold (**2.34**, **7,912 tokens**).
Each bold number must appear in the text output of the code cells right before or right after that markdown
cell (the contiguous run of code cells on either side), so prose and outputs cannot drift apart. The same holds
in the solutions notebooks.

A comparison that sits next to bold numbers must agree with them: "C (**2.48**) beats A (**2.34**)" is checked,
"**0.48** beats **0.62**" fails. The rules and the words are in the second half of this file.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))
SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))
NOTEBOOKS = LESSONS + SOLUTIONS
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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[f"{p.parent.name}/{p.stem}" for p in NOTEBOOKS])
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


# -- comparisons: the comparative word agrees with the bold numbers it compares -----------------------------------
#
# The checkable form. Prose is cut into sentences, and sentences into clauses at ";", " but ", ", and " and
# ", while " (each starts a new claim: "wins at rank 1 (**0.292** against **0.264**) but loses at rank 10
# (**0.583** against **0.750**)" is two claims). A clause that holds a comparison word (the table below) and bold
# numbers is a claim about those numbers: the FIRST bold number is the side the word speaks of, and the word must hold
# between it and EVERY later bold number in the clause:
#
#     C (**2.48**) beats A (**2.34**)                         2.48 > 2.34
#     vector is best: **0.718** against **0.634** and **0.462**  0.718 > 0.634 and 0.718 > 0.462
#     the prompt is smaller (**948** instead of **1,726**)      948 < 1726
#     R@1 rises from **0.287** to **0.412**                     a change word reads "from first to second"
#
# Numbers written as a count out of a total ("**9** of 20", "**52** of the **72**") are checked on their own (the
# count is at most the total) and are not one side of a comparison. A clause with a comparison word and bold
# numbers that is not in this form (one number only, a word compared with a constant such as "below zero", or a
# word that is not about the numbers, "the window holds messages 3-12") must be listed in COMPARISON_ALLOWLIST
# with its reason, so every comparison next to a measured number is either checked or read and explained.
# Comparison words in a clause without bold numbers are not tied to any output and are not checked here.

# word -> the relation it claims between the first bold number (a) and each later one (b), and why
COMPARATIVES: dict[str, tuple[str, str]] = {
    # comparatives and ranking words: a is the subject of the word
    **{w: (">", "a is more / ranks above b") for w in (
        "more", "higher", "larger", "bigger", "greater", "above", "ahead", "exceeds", "closer",
        "highest", "largest", "biggest")},
    **{w: ("<", "a is less / ranks below b") for w in (
        "fewer", "less", "lower", "smaller", "below", "behind", "fewest", "lowest",
        "smallest", "cheaper", "cheapest")},
    # judgements: the course's measures where these words are used are scores, recalls and similarities, where
    # higher is better; for a cost (tokens, time, price) say cheaper, fewer or less instead
    **{w: (">", "higher is better (a score, a recall)") for w in (
        "beats", "beat", "wins", "win", "outperforms", "better", "best")},
    **{w: ("<", "higher is better, so the loser has less") for w in ("loses", "lose", "worse", "worst")},
    # times: faster is less time
    "faster": ("<", "a time: faster takes less"), "slower": (">", "a time: slower takes more"),
    # change words: the first number is before, the second after
    **{w: ("<", "a change: from a up to b") for w in (
        "rises", "rose", "lifts", "lifted", "improves", "improved", "grows", "climbs", "doubles", "doubled",
        "jumps")},
    **{w: (">", "a change: from a down to b") for w in (
        "drops", "dropped", "falls", "fell", "shrinks", "halves", "halved", "sinks")},
    # equality: exact, or within 10 % for "about"
    **{w: ("=", "the same value") for w in ("ties", "tie", "tied", "equal", "equals", "the same as")},
    **{w: ("~", "within 10 % of each other") for w in (
        "about the same", "almost the same", "roughly the same", "nearly tie", "nearly ties", "nearly tied",
        "almost tie", "almost ties")},
    # words that state an order but cannot be read off two numbers ("the order holds"): always explain them
    **{w: ("?", "not a relation between two numbers; list it") for w in ("holds", "hold", "held")},
}
COMPARISON_WORD = re.compile(
    r"\b(" + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in COMPARATIVES), key=len, reverse=True))
    + r")\b", re.IGNORECASE)
COUNT_OF = re.compile(r"\*\*([^*]*?\d[^*]*?)\*\*\s+of\s+(?:the\s+|all\s+)?(?:\*\*)?(\d[\d,]*)")

# (notebook stem, a piece of the clause) -> why the comparison next to a bold number is not checked
COMPARISON_ALLOWLIST: dict[tuple[str, str], str] = {
    # the word is not a comparison of quantities
    ("lessons/03_short_term_memory", "the window holds messages 3–12"): "'holds' means contains",
    ("lessons/04_summary_buffer", "still holds all **21** facts"): "'holds' means contains",
    ("lessons/10_memory_agent", "the store still holds **3** memories"): "'holds' means contains",
    ("lessons/11_privacy_staleness_mistakes", "of the 5 slots hold one of Priya's facts"): "'hold' means contain",
    ("lessons/07_write_update_forget", "what it dropped without"): "'dropped' means discarded",
    ("lessons/07_write_update_forget", "or dropped from a fact that was kept"): "'dropped' means discarded",
    ("lessons/07_write_update_forget", "the gate drops it"): "'drops' means discards",
    ("lessons/08_context_engineering", "when less has happened"): "'less has happened' is about the run, not a number",
    ("lessons/10_memory_agent", "one more trip through the agent's own prompt"):
        "'one more trip' counts tool calls; the quoted numbers are compared in the sentence before",
    ("lessons/10_memory_agent", "took the best-rated place"):
        "'best-rated' is the place's rating; the number is its price",
    ("lessons/03_short_term_memory", "because a fact fell off the end of a list"):
        "'fell off' a list, not a change between the price and the budget",
    ("lessons/03_short_term_memory", "The buffer climbs to **7,457**"):
        "'climbs' is growth over the session (the table's rows); the two numbers are a size and a sum",
    ("lessons/04_summary_buffer", "the red triangles above the dashed line"):
        "a place in the plot, not an order of numbers",
    # one measured number against a constant or a setting (zero, a third, a threshold), checked by reading
    ("lessons/00_setup", "almost the same text to the embedder"): "0.96 against 1.0, the score of identical texts",
    ("lessons/06_scoring", "more than a third of its recency"): "1 - 0.62 against one third",
    ("lessons/09_memory_vs_rag", "fewer than half the questions"): "each of 0.389 and 0.451 against one half",
    ("lessons/06_scoring", "the best memory, the fresh and important flight, scores only"):
        "the claim is that 1.83 misses the 2.2 threshold; 'best' is the top row of the ranking printed above",
    ("lessons/06_scoring", "retrieves nothing above the threshold"): "1.76 against the 2.2 threshold, a setting",
    ("lessons/07_write_update_forget", "drops below the threshold after **13.5** days"):
        "a strength falling below the sweep's 0.5, a setting",
    ("lessons/07_write_update_forget", "with a relevance below zero"): "-0.10 against zero",
    # one number whose other side is printed elsewhere (another section, a plot) or is a count of seeds
    ("lessons/03_short_term_memory", "less than the 10-message window sent"):
        "the window's 218 tokens are printed in section 7 (cell 34), not next to this cell",
    ("lessons/04_summary_buffer", "the JSON dump scores highest"):
        "the summariser's sentence scores are not printed; the summary shown is mostly the dump",
    ("lessons/06_scoring", "A jumps to **10.44**"): "a change from A's 2.34 of section 2, printed there",
    ("lessons/08_context_engineering", "the prompt grows to **9,144**"):
        "growth over the run, plotted below, not printed",
    ("lessons/08_context_engineering", "its largest prompt is **2,280**"):
        "the largest of the run's prompts, plotted below",
    ("lessons/09_memory_vs_rag", "fixes **11** too, no more"):
        "'no more' than late interaction's 11, quoted in the sentence before from the same output line",
    ("lessons/12_capstone", "beats the summary buffer on **5** of 5 seeds"):
        "counts of seeds on which the order holds, quoted from the count the cell before prints",
    ("lessons/12_capstone", "hybrid beats vector on only **3** of them"):
        "a count of seeds on which the order holds, quoted from the count the cell before prints",
}


def prose_clauses(text: str):
    """The clauses of a markdown cell's prose: code spans blanked, cut at blank lines, list items, table rows,
    sentence ends, and at ';', ' but ', ', and ', ', while '."""
    text = re.sub(r"`[^`\n]*`", "`…`", text)
    for block in re.split(r"\n\s*\n|\n(?=\s*(?:[-*] |\d+\. |\|))", text):
        block = " ".join(block.split())
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z*(\"'`_])", block):
            for clause in re.split(r";|,?\s+but\s+|,\s+(?:while|and)\s+", sentence):
                if clause.strip():
                    yield clause.strip()


def parse_number(text: str) -> float:
    return float(text.replace(",", ""))


def comparison_claims(cells: list[dict]):
    """(cell index, clause, words, the clause's bold numbers outside counts, [(count, total)]) for every clause
    that holds a bold count out of a total, or a comparison word and a bold number."""
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        for clause in prose_clauses("".join(cell["source"])):
            counts = [(NUMBER.findall(m.group(1)), m.group(2)) for m in COUNT_OF.finditer(clause)]
            counts = [(parse_number(n[0]), parse_number(total)) for n, total in counts if n]
            rest = COUNT_OF.sub(" ", clause)
            numbers = [parse_number(n) for bold in BOLD.findall(rest) for n in NUMBER.findall(bold)]
            words = [" ".join(m.group(1).lower().split()) for m in COMPARISON_WORD.finditer(clause)]
            if counts or (words and numbers):
                yield i, clause, words, numbers, counts


def holds(relation: str, a: float, b: float) -> bool:
    return {">": a > b, "<": a < b, "=": a == b, "~": abs(a - b) <= 0.1 * max(abs(a), abs(b))}[relation]


def comparison_problems(stem: str, cells: list[dict], allowlist=None) -> list[str]:
    """What is wrong with the comparisons in one notebook's prose (an empty list when all agree)."""
    allowlist = COMPARISON_ALLOWLIST if allowlist is None else allowlist
    problems = []
    for i, clause, words, numbers, counts in comparison_claims(cells):
        for count, total in counts:
            if count > total:
                problems.append(f"cell {i}: {count:g} of {total:g} counts more than the total: {clause!r}")
        if not words:
            continue
        if any(key_stem == stem and piece in clause for key_stem, piece in allowlist):
            continue
        relations = {COMPARATIVES[w][0] for w in words}
        if len(numbers) < 2 or "?" in relations:
            problems.append(f"cell {i}: {'/'.join(words)!r} next to bold numbers is not in the checkable form "
                            f"(a comparison word and two bold numbers, the first being the word's subject); "
                            f"rewrite it or list it in COMPARISON_ALLOWLIST with its reason: {clause!r}")
            continue
        a, others = numbers[0], numbers[1:]
        for word in dict.fromkeys(words):
            relation, why = COMPARATIVES[word]
            wrong = [b for b in others if not holds(relation, a, b)]
            if wrong:
                problems.append(f"cell {i}: {word!r} ({why}) is false for {a:g} against "
                                f"{', '.join(f'{b:g}' for b in wrong)}: {clause!r}")
    return problems


def stem_of(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[stem_of(p) for p in NOTEBOOKS])
def test_comparisons_agree_with_their_numbers(path):
    problems = comparison_problems(stem_of(path), json.loads(path.read_text())["cells"])
    assert not problems, "\n".join(problems)


def test_every_allowlisted_comparison_is_still_there():
    clauses = {stem_of(p): [c for _, c, words, *_ in comparison_claims(json.loads(p.read_text())["cells"]) if words]
               for p in NOTEBOOKS}
    stale = [f"{stem}: {piece!r}" for stem, piece in COMPARISON_ALLOWLIST
             if sum(piece in c for c in clauses.get(stem, [])) != 1]
    assert not stale, "allowlist entries that match no comparison clause, or more than one:\n" + "\n".join(stale)


def md(*texts):
    return [{"cell_type": "markdown", "source": [t]} for t in texts]


def test_the_comparison_check_catches_a_false_claim():
    """The probe: each false claim below is caught, each true one passes, and an unlisted claim it cannot read
    fails until it is rewritten or listed."""
    wrong = comparison_problems("probe", md(
        "Hybrid (**0.48**) beats vector (**0.62**).",
        "The window sends fewer tokens (**948** instead of **312**).",
        "Recall drops from **0.287** to **0.412**.",
        "Both score the same as each other, **0.389** and **0.326**.",
        "The judge fixes **53** of the 52 misses.",
    ), allowlist={})
    assert len(wrong) == 5, wrong
    assert "'beats'" in wrong[0] and "0.48 against 0.62" in wrong[0]
    assert "counts more than the total" in wrong[4]
    right = comparison_problems("probe", md(
        "C (**2.48**) beats A (**2.34**) and B (**1.29**).",
        "The hybrid wins at rank 1 (**0.292** against **0.264**) but loses at rank 10 (**0.583** against **0.750**).",
        "The token window and the pruned memory send about the same amount, **135** and **146** tokens.",
        "It still lifts R@1 from **0.287** to **0.412**; late interaction fixes **11** of the **52**.",
    ), allowlist={})
    assert right == []
    unread = md("An unused memory drops below the threshold after **13.5** days.")
    assert "not in the checkable form" in comparison_problems("probe", unread, allowlist={})[0]
    assert comparison_problems("probe", unread, allowlist={("probe", "drops below the threshold"): "a constant"}) == []

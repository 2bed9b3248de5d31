"""Issue 21: redaction is linear in the length of the text, shown by the structure of its rules (the times are in
`make bench`, never in a test).

Work per window is bounded when no rule can backtrack over a long stretch: no repeat inside a repeat may be
unbounded (the classic catastrophic shape `(?:\\w+\\s)*`, and its bounded cousin `(?:\\w+\\s){0,5}` that backtracks
through every long word once per level). A keyword flood is replaced whole, and a long digit run is checked at once.
"""
from __future__ import annotations

import random
import re

import pytest

try:
    from re import _constants as sc, _parser as sp  # Python 3.11+
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as sc  # type: ignore[no-redef]
    import sre_parse as sp  # type: ignore[no-redef]

from course_lib.model import redact, redact_scan
from course_lib.model.redact_ids import SPELLED, may_spell
from course_lib.model.redact import MAX_KEYWORDS, RULES, WINDOW, redact_secrets

ONE_CHAR = (sc.IN, sc.LITERAL, sc.NOT_LITERAL, sc.ANY, sc.CATEGORY)


def unbounded_inside_a_repeat(pattern: str) -> list[str]:
    """Each unbounded repeat that sits inside a repeat of more than one step (a '?' is not a loop)."""
    found: list[str] = []

    def walk(items, inside: bool) -> None:
        for op, av in items:
            if op in (sc.MAX_REPEAT, sc.MIN_REPEAT):
                lo, hi, sub = av
                if hi == sc.MAXREPEAT and inside:
                    found.append(str(sub)[:80])
                one_char = len(sub) == 1 and sub[0][0] in ONE_CHAR
                walk(sub, inside or (hi > 1 and not one_char))
            elif op == sc.SUBPATTERN:
                walk(av[-1], inside)
            elif op == sc.BRANCH:
                for branch in av[1]:
                    walk(branch, inside)
            elif op in (sc.ASSERT, sc.ASSERT_NOT):
                walk(av[1], inside)

    walk(sp.parse(pattern), False)
    return found


@pytest.mark.parametrize("bad", [r"(?:a+b)*", r"(?:\w+\s){0,5}x", r"(?=(?:\w+,)+)x", r"(?:x|(?:\d+-)+)y"])
def test_the_check_finds_a_nested_unbounded_repeat(bad):
    assert unbounded_inside_a_repeat(bad)


def test_the_check_passes_bounded_and_single_character_repeats():
    assert not unbounded_inside_a_repeat(r"(?:\w{1,40}\s{1,8}){0,5}x(?:ab)*[a-z]+(?:\s+)?")


@pytest.mark.parametrize("kind, pattern", RULES + [("card_run", redact.CARD_RUN), ("iban", redact.IBAN)],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_no_redaction_rule_nests_an_unbounded_repeat(kind, pattern):
    assert unbounded_inside_a_repeat(pattern.pattern) == []


def test_a_keyword_flood_is_replaced_whole_and_reported():
    page = ("pin code " * 300)[:WINDOW - 10] + "\n"
    out, kinds = redact_secrets(page * 3)
    assert kinds == ["keyword_flood"] * 3 and "pin code" not in out and "KEYWORD_FLOOD" in out
    few = "The PIN code reminder: " + "see the pin code page. " * (MAX_KEYWORDS // 2 - 1) + "My PIN is 4821."
    out, kinds = redact_secrets(few)  # under the limit: the rules run, and only the secret goes
    assert kinds == ["pin"] and out.endswith("My PIN is [REDACTED PIN].") and out.count("pin code") > 3


def test_a_long_digit_run_finds_the_same_cards_as_the_short_path(monkeypatch):
    body = "4111 1111 1111 111"
    card = body + next(d for d in "0123456789" if redact.luhn_ok((body + d).replace(" ", "")))
    run = "1-2-3-4-5-" * 30 + card + "-7-7-7" + " 4000 0000 0000 0002" * 3
    fast, fast_kinds = redact_secrets(run)
    monkeypatch.setattr(redact, "LONG_RUN", 10**9)  # every run through the plain loop
    assert redact_secrets(run) == (fast, fast_kinds) and "[REDACTED CARD_NUMBER]" in fast


class CountingStr(str):
    """A str that counts the searches made on it: the work `near` does, independent of the machine's speed."""

    calls = 0

    def find(self, *args):
        CountingStr.calls += 1
        return str.find(self, *args)

    def rfind(self, *args):
        CountingStr.calls += 1
        return str.rfind(self, *args)


def searches_near(text: str) -> int:
    CountingStr.calls = 0
    redact.near(CountingStr(text), ("=",))
    return CountingStr.calls


def test_near_does_not_step_through_every_occurrence_of_a_stem():
    # a window of "=" (each a place the query-string rule looks near): a few searches per REACH characters, not one
    # per "="; the rfind jump is what keeps a window full of a stem from costing a Python step per character
    dense = "= " * (WINDOW // 2)
    assert searches_near(dense) <= 6 * (len(dense) // redact_scan.REACH + 1)
    assert redact.near(dense, ("=",)) == [(0, len(dense))]


def test_the_near_check_catches_a_search_per_occurrence(monkeypatch):
    monkeypatch.setattr(redact_scan, "REACH", 0)  # no jump: one search (and one widening) per occurrence
    assert searches_near("= " * (WINDOW // 2)) > 6 * (WINDOW // redact_scan.NEAR_BEFORE + 1)


def test_a_spelled_number_is_never_missed_by_the_cheap_test():
    rng = random.Random(21)
    words = ["one", "two", "drei", "ZWEI", "ſix", "Neun", "cinq", "x", "1", "-", " ", ", ", "\n", "code", "tres"]
    spelled = re.compile("(?i)" + SPELLED)
    for _ in range(3000):
        text = "".join(rng.choice(words) + rng.choice(["", " ", "-", ","]) for _ in range(rng.randint(1, 12)))
        if spelled.search(text):
            assert may_spell(text), text


def test_a_long_iban_prefix_is_the_longest_that_passes_mod_97():
    rng = random.Random(7)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    for _ in range(3000):
        text = (rng.choice(alnum[:26]) * 2 + f"{rng.randrange(100):02d}"
                + "".join(rng.choice([rng.choice(alnum), " ", "-", "."]) for _ in range(rng.randint(11, 45))))
        m = redact.IBAN.match(text)
        if m is None:
            continue
        cand = m.group(0)
        ok = [e for e in range(len(cand), 14, -1) if cand[e - 1].isalnum() and redact.iban_ok(cand[:e])]
        assert redact.longest_iban(cand) == (ok[0] if ok else 0), cand


def test_the_card_step_finds_nothing_more_in_its_own_output():
    # redact_window skips the card step on the text that step returned: a card number's groups are replaced whole,
    # so what is left of a run holds no stretch that passed the Luhn check before
    rng = random.Random(11)
    for _ in range(400):
        text = "".join(rng.choice([f"{rng.randrange(10 ** 4):04d}", str(rng.randrange(10)), " ", "-", "  ", "x", "\n"])
                       for _ in range(rng.randint(5, 120)))
        once = redact.redact_cards(text, [])
        assert redact.redact_cards(once, []) == once, text


def test_the_short_card_path_agrees_with_the_long_one_on_random_runs(monkeypatch):
    rng = random.Random(12)
    runs = [" ".join(f"{rng.randrange(10 ** rng.randint(1, 6))}" for _ in range(rng.randint(3, 40)))
            for _ in range(200)]
    fast = [redact.redact_cards(run, []) for run in runs]
    monkeypatch.setattr(redact, "LONG_RUN", 10**9)
    assert [redact.redact_cards(run, []) for run in runs] == fast


def test_a_card_run_starts_where_the_plain_pattern_starts():
    plain = re.compile(r"(?<!\d)\d(?:(?:[^\S\n]|[./-]){0,3}\d){12,}")  # as written before the first digit moved first
    rng = random.Random(13)
    for _ in range(2000):
        text = "".join(rng.choice("0123456789 -./x\n٣") for _ in range(rng.randint(1, 80)))
        assert [m.span() for m in redact.CARD_RUN.finditer(text)] == [m.span() for m in plain.finditer(text)], text


def test_a_turkish_capital_i_does_not_shift_where_the_rules_look():
    # "İ".lower() is two characters: offsets found in the lower-cased window used to land hundreds of characters
    # off after many of them, and the door code below was kept (before the fix: [] for the first text)
    for filler in ("İ ", "I "):
        out, kinds = redact_secrets(filler * 400 + "the door code is 4821")
        assert kinds == ["pin"] and out.endswith("the door code is [REDACTED PIN]"), filler
    assert redact_secrets("PİN: 4821")[1] == ["pin"]

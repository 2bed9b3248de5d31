"""redact_first and redact_words.words: the first-character lookahead and the keyword groups change no match (the
speed is in `make bench`)."""
from __future__ import annotations

import random
import re

import pytest

import course_lib.long_term.personal  # noqa: F401  (its categories are `words` patterns too, in WORD_LISTS)
from course_lib.evaluation.secrets_corpus import load_corpus
from course_lib.model.redact import FLOOD_WORDS, PIECES, RULES
from course_lib.model.redact_ids import BANK_WORDS, ID_WORDS
from course_lib.model.redact_scan import PIN_WORDS
from course_lib.model.redact_words import CODE_WORDS, KEY_WORDS, LETTER, PASSWORD_WORDS, WORD_LISTS
from course_lib.model.redact_first import first_chars, with_first_chars


@pytest.mark.parametrize("pattern, first", [
    (r"(?<![a-z])(?:pass|pin)\b", "p"), (r"(?:api[- ]?)?(?:key|token)", "akt"), (r"(?:^|[,;])x", ",;x"),
    (r"\bsk[-_]", "s"), (r"[?&]a=", "&?"),
])
def test_the_first_characters_are_read_from_the_pattern(pattern, first):
    assert first_chars(pattern) == "".join(re.escape(c) for c in sorted(first))


@pytest.mark.parametrize("pattern", [r"\w+x", r"[^a]b", r"(?:a)?", r"(?i:b)x", r"a*", r".x"])
def test_a_pattern_that_may_start_anywhere_gets_no_lookahead(pattern):
    assert first_chars(pattern) is None and with_first_chars(re.compile(pattern)).pattern == pattern


def texts() -> list[str]:
    rng = random.Random(5)
    corpus = [s.text for s in load_corpus()]
    noise = ["ſ", "K", "İ", "ı", "PASSWORD", "Pin", "=", "?token=", "://", "\n", " ", "ﬆ", "HIV-positive", "Église",
             "TÉLÉPHONE", "lives at", "Krebs", "gay", "vote", "Kirche"]
    return corpus + ["".join(rng.choice(corpus + noise) + " " for _ in range(6)) for _ in range(150)]


@pytest.mark.parametrize("kind, pattern", RULES, ids=lambda x: x if isinstance(x, str) else "")
def test_a_rule_with_its_lookahead_matches_exactly_what_it_matched(kind, pattern):
    quick = with_first_chars(pattern)
    for text in texts():
        assert [m.groupdict() | {"": m.span()} for m in quick.finditer(text)] == \
               [m.groupdict() | {"": m.span()} for m in pattern.finditer(text)], text


def plain(pattern: str) -> str:
    """A `words` pattern as it was written before its words were grouped by first character."""
    latin, cjk = WORD_LISTS[pattern]
    return rf"(?:(?<![{LETTER}])(?:{'|'.join(latin)})(?![{LETTER}])" + "".join(f"|{w}" for w in cjk) + ")"


@pytest.mark.parametrize("pattern", list(WORD_LISTS), ids=lambda p: WORD_LISTS[p][0][0])
def test_words_grouped_by_first_character_match_what_the_plain_alternation_matched(pattern):
    assert "(?=" in pattern and {PASSWORD_WORDS, CODE_WORDS, KEY_WORDS, ID_WORDS, BANK_WORDS, PIN_WORDS} <= set(WORD_LISTS)
    grouped, before = re.compile("(?i)" + pattern), re.compile("(?i)" + plain(pattern))
    for text in texts():
        assert [m.span() for m in grouped.finditer(text)] == [m.span() for m in before.finditer(text)], text


def test_the_keyword_count_is_the_same_as_with_the_six_word_lists_one_after_the_other():
    before = re.compile("(?i)" + "|".join(map(plain, (PASSWORD_WORDS, CODE_WORDS, PIN_WORDS, KEY_WORDS, ID_WORDS,
                                                       BANK_WORDS))))
    for text in texts() + ["pin code " * 40, "Passwort: 密码 pw PIN-Code tür code zip code", "ſsn account ПАРОЛЬ"]:
        assert FLOOD_WORDS.findall(text) == before.findall(text), text


@pytest.mark.parametrize("index", [i for i, (piece, _) in enumerate(PIECES) if piece is not None])
def test_a_rule_never_matches_where_its_required_piece_is_missing(index):
    # redact_scan.PIECES: a rule is skipped on a window without its piece, so wherever it matches the piece is there
    (kind, pattern), (piece, or_digit) = RULES[index], PIECES[index]
    extra = ["pw: hunter2", "dragon99 is the user's pass", "API key: Zx9Qw2aBcD", "my PIN is the same as 1987",
             "aB3dEf9hIjK1mNoP2qRsT4uVwX5yZ6aB", "QUJDRA1==", "token AbCdEfGhIjKlMnOp"]
    hits = 0
    for text in texts() + extra:
        if pattern.search(text):
            hits += 1
            assert piece.search(text) or or_digit and re.search(r"\d", text), (kind, text)
    assert hits, "no text exercises this rule: add one to `extra`"

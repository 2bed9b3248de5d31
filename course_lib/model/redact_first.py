"""A rule that can only start on a few characters says so up front, so the regex engine rejects every other position
at once: the same matches, found several times faster.

Python's `re` tries a pattern at every position of the text. Most redaction rules begin with a lookbehind and an
alternation of keywords in several languages (`(?<![a-z…])(?:passwords?|passw[oö]rt|…)`), so every position costs a
lookbehind and a dozen failed alternatives. `with_first_chars` puts a one-character lookahead in front of such a
pattern, `(?=[pPkKwW…])`, listing every character a match can start with (read from the parsed pattern by
`first_chars`); a position that starts with anything else fails on that single class test. As the lookahead only
restates what the pattern needs anyway, every match (and every non-match) is exactly what it was.
"""
from __future__ import annotations

import re

try:
    from re import _constants as sc, _parser as sp  # Python 3.11+
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as sc  # type: ignore[no-redef]
    import sre_parse as sp  # type: ignore[no-redef]

ZERO_WIDTH = (sc.ASSERT, sc.ASSERT_NOT, sc.AT)  # lookarounds and anchors consume nothing: look past them
MAX_FIRST = 200  # characters: a longer first set (a wide range) gains nothing and makes the class unwieldy


def first_of_items(items) -> tuple[set[int], bool] | None:
    """(code points a match of `items` can start with, whether `items` can match empty), or None when a start is not
    a short list of characters (a negated class, \\w, any character, a wide range)."""
    first: set[int] = set()
    for op, av in items:
        if op in ZERO_WIDTH:
            continue
        if op == sc.LITERAL:
            return first | {av}, False
        if op == sc.IN:
            chars = set()
            for kind, value in av:
                if kind == sc.LITERAL:
                    chars.add(value)
                elif kind == sc.RANGE and value[1] - value[0] < MAX_FIRST:
                    chars.update(range(value[0], value[1] + 1))
                else:  # NEGATE, CATEGORY or a wide range
                    return None
            return first | chars, False
        if op == sc.SUBPATTERN:  # a group that turns a flag on or off ("(?i:bearer)") is not followed
            inner = None if av[1] or av[2] else first_of_items(av[-1])
        elif op == sc.BRANCH:
            parts = [first_of_items(branch) for branch in av[1]]
            if any(p is None for p in parts):
                return None
            inner = set().union(*(p[0] for p in parts)), any(p[1] for p in parts)
        elif op in (sc.MAX_REPEAT, sc.MIN_REPEAT):
            sub = first_of_items(av[2])
            inner = None if sub is None else (sub[0], sub[1] or av[0] == 0)
        else:
            return None
        if inner is None:
            return None
        first |= inner[0]
        if not inner[1]:
            return first, False
    return first, True


def first_chars(pattern: str) -> str | None:
    """The characters a match of `pattern` can start with, as a character class body, or None if that is not a
    short list (the pattern may start anywhere, or may match the empty string)."""
    found = first_of_items(sp.parse(pattern))
    if found is None or found[1] or not found[0] or len(found[0]) > MAX_FIRST:
        return None
    return "".join(re.escape(chr(c)) for c in sorted(found[0]))


def with_first_chars(pattern: "re.Pattern[str]") -> "re.Pattern[str]":
    """`pattern` with a lookahead for its first characters in front (after its global flags), or `pattern` itself
    when its first characters are not a short list. Matches exactly what `pattern` matches, groups included."""
    chars = first_chars(pattern.pattern)
    if chars is None:
        return pattern
    flags = re.match(r"\(\?[aiLmsux]+\)", pattern.pattern)
    head = flags.group(0) if flags else ""
    return re.compile(f"{head}(?=[{chars}]){pattern.pattern[len(head):]}", pattern.flags)


def by_first_char(alternatives: tuple[str, ...]) -> str:
    """The alternation of `alternatives` as groups by first character, `(?=p)(?:pass|pin)|(?=k)(?:key)`: Python's `re`
    tries every alternative at every position, so thirty keywords cost thirty comparisons where one would do. Each
    alternative sits in the group of every character it can start with, in its original order, so at any position
    the alternatives that can match there are tried in the same order as before: the same match. If the first
    characters of one are not a short list, the plain alternation."""
    groups: dict[str, list[str]] = {}
    for alternative in alternatives:
        chars = first_chars(alternative)
        if chars is None:
            return "|".join(alternatives)
        for c in sorted({ch.lower() for ch in re.sub(r"\\(.)", r"\1", chars)}):
            groups.setdefault(c, []).append(alternative)
    return "|".join(f"(?={re.escape(c)})(?:{'|'.join(group)})" for c, group in groups.items())

"""Regular expressions compiled once and kept: `re`'s module functions, with a cache big enough for the offline model.

The offline language layer matches about 1,900 different patterns, many of them built from word tables at call
time. Python's `re` keeps only the last 512 compiled patterns, so reading one message through the whole layer
pushed patterns out of `re`'s cache before they were needed again, and about half the time went into compiling
the same patterns over and over. These functions take the same arguments as their `re` namesakes and return the
same results; they only keep up to CACHE compiled patterns (least recently used dropped first), so a pattern
built from a learner's words cannot make the cache grow without bound in a long-running kernel.

    from course_lib.model import rx
    rx.search(r"\\bvegan\\b", "I'm vegan now", re.I)   # same as re.search, compiled once
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterator

CACHE = 8192  # compiled patterns kept; the layer uses ~1,900 fixed ones, the rest are built from the input

Pattern = str | re.Pattern[str]


@lru_cache(maxsize=CACHE)
def compiled(pattern: Pattern, flags: int = 0) -> re.Pattern[str]:
    """`pattern` compiled with `flags`, from the cache when it was compiled before. As with re.compile, a pattern
    already compiled comes back as it is, and adding flags to one raises ValueError."""
    return re.compile(pattern, flags)


def search(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).search(string)


def match(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).match(string)


def fullmatch(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).fullmatch(string)


def findall(pattern: Pattern, string: str, flags: int = 0) -> list:
    return compiled(pattern, flags).findall(string)


def finditer(pattern: Pattern, string: str, flags: int = 0) -> Iterator[re.Match[str]]:
    return compiled(pattern, flags).finditer(string)


def split(pattern: Pattern, string: str, maxsplit: int = 0, flags: int = 0) -> list:
    return compiled(pattern, flags).split(string, maxsplit)


def sub(pattern: Pattern, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0,
        flags: int = 0) -> str:
    return compiled(pattern, flags).sub(repl, string, count)


def subn(pattern: Pattern, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0,
         flags: int = 0) -> tuple[str, int]:
    return compiled(pattern, flags).subn(repl, string, count)

"""Towns typed without their capitals: 'livin in manchester', 'chauffeur à lille', 'moro em sao paulo' -> Manchester,
Lille, Sao Paulo, so the readers (which take a place by its capital) see a place.

    capitalise_towns("jsuis a marseille")            == "jsuis a Marseille"
    capitalise_towns("moro em são paulo e sou dentista") == "moro em São Paulo e sou dentista"
    capitalise_towns("i work in sales")              == "i work in sales"        # no town: left alone

The towns are GeoNames' towns of 15,000 people or more (course_lib/data/towns.txt.gz, built by tools/build_towns.py,
without the names that are also words: 'casa', 'nice', 'split'). A town is capitalised only right after a
preposition of place or origin ('in', 'à', 'em', 'aus', 'from', 'fae' …) and only where it is typed in lower case;
which slot the place fills (home, trip, workplace) is still the readers' decision.
"""
from __future__ import annotations

import gzip
import re
from functools import lru_cache
from pathlib import Path

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import plain  # lower case, accents folded: 'São Paulo' -> 'sao paulo'

DATA = Path(__file__).resolve().parents[3] / "data" / "towns.txt.gz"
PREPOSITION = (r"in|at|near|outside|from|fae|of|to|nach|aus|us|von|bei|à|a|au|en|de|du|d'|vers|près de|em|no|na|do|da|pra|para|"
               r"perto de|di|dalla|dal|del|ad|desde|cerca de|vicino a")  # where one is, comes from or goes
WORD = r"[a-zà-ÿ][a-zà-ÿ'’-]*"
AFTER = re.compile(rf"(?:(?<=\s)|^)(?:{PREPOSITION})\s+(?=[a-zà-ÿ])|(?<=\bd')(?=[a-zà-ÿ])", re.I)
LONGEST = 4  # words in the longest name looked for ('bassano del grappa', 'rio de janeiro', 'san josé del cabo')


@lru_cache(maxsize=1)
def ranked() -> dict[str, tuple[str, int]]:
    """Every town by its plain form -> (its name, its rank by size, 0 the largest): 'sao paulo' -> ('São Paulo', 5).
    The file's towns, and the six languages' own names of the big towns the request gazetteer and place_names.json
    know ('wien', 'lisboa', 'torino'), ranked as their English name. Loaded once, when first needed (~60 ms)."""
    import json

    from course_lib.model.offline.places import COMMON_WORDS, GAZETTEER

    names = [n for n in gzip.decompress(DATA.read_bytes()).decode("utf-8").split("\n") if n]
    out = {plain(n): (n, rank) for rank, n in reversed(list(enumerate(names)))}  # of two spellings alike, the larger
    table = json.loads((DATA.parent / "place_names.json").read_text(encoding="utf-8"))  # regions and countries too: only towns
    local = {**{e: n for e, n in table.items() if plain(e) in out}, **GAZETTEER}
    for english, names_there in local.items():
        rank = out.get(plain(english), (english, 0))[1]
        out.update({plain(n): (n, rank) for n in names_there if plain(n) not in out and plain(n) not in COMMON_WORDS})
    return out


def known(name: str) -> tuple[str, int] | None:
    """(name, rank) of the town `name` names in any case or accents ('Muenchen' no, 'munchen' yes); else None."""
    return ranked().get(plain(name))


def town_at(text: str, start: int) -> tuple[int, str] | None:
    """The longest known town typed in lower case at `start`: (its end, its name); None when there is none."""
    words = list(rx.finditer(WORD, text[start:start + 80]))
    known_towns = ranked()
    for n in range(min(LONGEST, len(words)), 0, -1):
        if words[0].start() != 0 or any(words[i + 1].start() != words[i].end() + 1 for i in range(n - 1)):
            continue  # the words must follow one another, one space apart, from `start`
        typed = text[start:start + words[n - 1].end()]
        if (hit := known_towns.get(plain(typed))) and typed.islower():
            return start + len(typed), hit[0]
    return None


def as_typed(typed: str, name: str) -> str:
    """The town as the user typed it, with the capitals of its name ('sao paulo', 'São Paulo' -> 'Sao Paulo')."""
    if typed.lower() == name.lower():
        return name
    caps = [w[:1].isupper() for w in name.split()]
    return " ".join(w[:1].upper() + w[1:] if up else w for w, up in zip(typed.split(), caps))


def capitalise_towns(text: str) -> str:
    """`text` with every known town typed in lower case after a preposition of place capitalised (module docstring)."""
    out, last = [], 0
    for m in AFTER.finditer(text):
        if m.end() < last or not (hit := town_at(text, m.end())):
            continue
        end, name = hit
        out += [text[last:m.end()], as_typed(text[m.end():end], name)]
        last = end
    return "".join(out) + text[last:]

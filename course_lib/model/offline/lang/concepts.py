"""The concept lexicon: words in six languages -> one canonical English value per slot family (data, not rules).

    canon("food", "los mariscos")   == "shellfish"      canon("food", "Nussallergie"[:4]) == "nuts"
    canon("food", "arachides")      == "peanuts"        canon("job", "la veterinaria") == "veterinarian"
    canon("medication", "Ramipril") == "ramipril"       canon("food", "penicilin") == "penicillin"  (one typo)

The words live in course_lib/data/concepts.json: per family (food, diet, condition, medication, job, seat, place, quality …) a
canonical value and the surface forms that name it (plural, gender and article variants written out). Adding a
language or a job is adding a line there, not a regex. A word is matched by its *key*: lower case, accents and
a leading article dropped, a plural or gender ending stripped (a small suffix-stripping normaliser of our own; a
lemmatiser such as simplemma would add a dependency for what a few endings do here). A key of six letters or more
also matches a form one edit away ('penicilin', 'levothyroxin'), so a typo still finds its concept.

What it does not know it does not guess: `canon` returns None and the reader decides (keep the word as said, or
say "not understood").
"""
from __future__ import annotations

import json
import re

from course_lib.model import rx
import unicodedata
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "data" / "concepts.json"
ARTICLE = re.compile(r"^(?:the|a|an|some|my|der|die|das|den|dem|ein|eine|einen|le|la|les|l'|un|une|du|de la|de l'|des|de|"
                     r"au|aux|à|el|los|las|al|a|o|os|as|ao|aos|à|às|do|da|il|lo|gli|i|alle|al|ai|agli|allo|alla|dei|delle|degli)\s+",
                     re.I)
ENDINGS = ("es", "s", "en", "n", "e", "i", "a", "o")  # plural and gender endings, longest first per try


def plain(text: str) -> str:
    """Lower case, accents and apostrophe variants folded: 'Meeresfrüchte' -> 'meeresfruchte'."""
    text = unicodedata.normalize("NFKD", text.lower().replace("’", "'").replace("ß", "ss"))
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).split())


def stem(word: str) -> str:
    """One word with one plural or gender ending stripped, never below four letters ('crostacei' -> 'crostace',
    'arachides' -> 'arachid', 'veterinaria' -> 'veterinari')."""
    for end in ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 4:
            return word[: -len(end)]
    return word


def bare(phrase: str) -> str:
    """A phrase plain, with its leading articles and outer punctuation dropped ('los mariscos' -> 'mariscos')."""
    text = rx.sub(r"^(?:l|d|dell|dall|all|nell|sull|un|qu)'", "", plain(phrase).strip(" .,!;:'\""))  # "l'insuline"
    while (m := ARTICLE.match(text)) and m.end() < len(text):
        text = text[m.end():]
    return text


def key(phrase: str) -> str:
    """The matching key of a phrase: bare, every word stemmed."""
    return " ".join(stem(w) for w in bare(phrase).split())


@lru_cache(maxsize=1)
def index() -> dict[str, dict[str, str]]:
    """family -> {key of a surface form: canonical value}, built once from the data file."""
    if not DATA.is_file():
        raise FileNotFoundError(f"{DATA} is missing; it ships with the course (git checkout course_lib/data/concepts.json)")
    out: dict[str, dict[str, str]] = {}
    for family, concepts in json.loads(DATA.read_text(encoding="utf-8")).items():
        table = out.setdefault(family, {})
        for value, forms in concepts.items():
            for form in (value, *forms):
                table.setdefault(bare(form), value)  # as written, and stemmed: stemming is one step, so
                table.setdefault(key(form), value)   # 'levothyroxin' meets 'levothyroxine' through its stem
    return out


@lru_cache(maxsize=None)
def forms(family: str) -> dict[str, str]:
    """family -> {a surface form as written, lower case and accents folded: canonical value}, for a reader that wants
    whole words exactly as listed, with no ending stripped and no typo ('tranquilos' -> 'quiet', family quality)."""
    data = json.loads(DATA.read_text(encoding="utf-8"))[family]
    return {plain(form): value for value, said in data.items() for form in (value, *said)}


def one_edit(a: str, b: str) -> bool:
    """Are a and b one insertion, deletion, substitution or swap of two neighbours apart (and not equal)?"""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), len(a))
    swapped = len(a) == len(b) and a[i:i + 2] == b[i + 1:i - 1 if i else None:-1] and a[i + 2:] == b[i + 2:]  # 'protien'
    return swapped or a[i + (len(a) == len(b)):] == b[i + 1:]


def deletions(word: str) -> set[str]:
    """`word` and every string one deletion away from it: two words are one edit apart only if these sets meet."""
    return {word} | {word[:i] + word[i + 1:] for i in range(len(word))}


@lru_cache(maxsize=None)
def near(family: str) -> tuple[list[tuple[str, str]], dict[str, list[int]]]:
    """The family's forms of five letters or more in file order, and each one-deletion variant -> their positions:
    the typo search looks only at forms that share a variant with the word, not at the whole table."""
    forms = [(form, v) for form, v in index()[family].items() if len(form) >= 5]
    variants: dict[str, list[int]] = {}
    for i, (form, _) in enumerate(forms):
        for variant in deletions(form):
            variants.setdefault(variant, []).append(i)
    return forms, variants


@lru_cache(maxsize=8192)  # a message is read n-gram by n-gram, and every turn re-reads the conversation before it
def canon(family: str, phrase: str) -> str | None:
    """The canonical value `phrase` names in `family` (food, diet, condition, medication, job, seat), or None.

    Exact key first; then, for a key of six letters or more, a form one typo away (the first in file order), but not
    for a capitalised word of fewer than nine letters: 'Batman' is a name, not a typo of 'barman'."""
    table = index().get(family)
    if table is None:
        raise ValueError(f"unknown concept family {family!r}; the families are {sorted(index())}")
    word, k = bare(phrase), key(phrase)
    if not k:
        return None
    if word in table or k in table:
        return table.get(word) or table[k]
    if len(word) >= 6 and not (phrase.strip()[:1].isupper() and len(word) < 9):  # one typo, in a word of six letters or
        # more ('nueses', 'penicilin', 'vegitarier'); a short capitalised word is more likely a name than a typo ('Batman')
        forms, variants = near(family)
        said = [q for q in dict.fromkeys((word, k)) if len(q) >= 6]  # 'perdón' keys as 'perdo': too short to
        seen = sorted({i for q in said for d in deletions(q) for i in variants.get(d, ())})  # guess at ('perro')
        return next((forms[i][1] for i in seen if any(one_edit(q, forms[i][0]) for q in said)), None)
    return None


def exact(family: str, phrase: str) -> str | None:
    """The canonical value `phrase` names in `family` with no typo allowed ('el centro' is no 'coentro')."""
    table = index()[family]
    return table.get(bare(phrase)) or table.get(key(phrase))


def find(family: str, text: str, longest: int = 4, typos: bool = True) -> list[tuple[int, str]]:
    """Every concept of `family` named in `text`: (word position, canonical value), longest phrase first at each
    position, left to right ('alle noci e ai crostacei' -> [(1, 'nuts'), (4, 'shellfish')]); typos=False: only
    the forms as written (for a reader whose verb is common enough that a near word would be a guess)."""
    return [(i, value) for i, _, value in spans(family, text, longest, typos)]


def spans(family: str, text: str, longest: int = 4, typos: bool = True) -> list[tuple[int, int, str]]:
    """As `find`, with how many words each name takes: (word position, words, canonical value)."""
    words = rx.findall(r"[\w'’-]+", text)
    out, i = [], 0
    look = canon if typos else exact
    while i < len(words):
        top = longest + bool(ARTICLE.match(words[i] + " "))  # 'de fromage au lait cru': the article takes no place
        for n in range(min(top, len(words) - i), 0, -1):
            value = look(family, " ".join(words[i:i + n])) if len(words[i]) > 2 or n > 1 else None
            if value:
                out.append((i, n, value))
                i += n - 1
                break
        i += 1
    return out

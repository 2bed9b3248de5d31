"""Is a restaurant's name in what the user typed? Whole names, any case, any accents, with the variants people type.

The search returns names as the data spells them ("Grüner Salon", "Le Bœuf Doré", "Jardin Secret"); learners
type them otherwise: in lower case ("jardin secret"), without accents ("le boeuf dore"), with the leading article
dropped after a preposition ("au Bœuf Doré", "dal Bistrot" is still "Bistrot du Canal" only if every word is
there), with a doubled letter typed once ("chez lentile"), with one slip inside one long word ("falafel frunde",
"jardin secrte": _slip), and in German declined after a preposition ("im
Grünen Salon", "zum Grünen Salon": an adjective's -er becomes -en / -em / -es / -e). One regex per name accepts exactly these variants and nothing shorter than the
whole name ("&" may be typed as "and / und / et / y / e"), so "Canal" alone is not "Bistrot du Canal" and "Salon" alone is not "Grüner Salon".

    said_name("Tisch im Grünen Salon am Freitag", "Grüner Salon")   == True
    said_name("réserve au jardin secret samedi", "Jardin Secret")   == True
    said_name("au Bœuf Doré vendredi", "Le Bœuf Doré")             == True
    said_name("am Kanal", "Fischerhütte am Kanal")                 == False
"""
from __future__ import annotations

import re

from course_lib.model import rx
import unicodedata
from functools import lru_cache

LEADING_ARTICLE = re.compile(r"^(?:the|der|die|das|le|la|les|l|el|los|las|il|lo|gli|o|os|a|as)\s+(?=\S+\s+\S)")
ENDINGS = r"(?:er|en|em|es|e)"  # a German adjective's endings: Grüner, Grünen, Grünem, Grünes, Grüne


def fold(text: str) -> str:
    """A name as compared: lower case, accents and ligatures dropped, punctuation as spaces ('Le Bœuf Doré' -> 'le boeuf dore')."""
    text = text.casefold().replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return " ".join(rx.sub(r"[^\w&]+", " ", text).split())


def _word(word: str) -> str:
    """One word of a name as a pattern: a word ending like a German adjective may take any of the other endings;
    "&" may be typed as a word ("Linse und Lauch", "linse and lauch", "linse e lauch")."""
    if word == "&":
        return r"(?:&|and|und|et|y|e|n)"
    for ending in ("er", "en", "em", "es"):
        if len(word) > 4 and word.endswith(ending):
            return _single(word[: -len(ending)]) + ENDINGS
    return _single(word)


def _single(word: str) -> str:
    """A word as a pattern in which a doubled letter may be typed once ("lentile", "curywurst", "fischerhute"), in
    words of five letters or more; no other letter may be missing ("lentil", "bistro" stay unknown)."""
    if len(word) < 5:
        return re.escape(word)
    return "".join(re.escape(a) + ("?" if a == b and a.isalpha() else "") for a, b in zip(word, word[1:] + " "))


def _slip(word: str) -> str:
    """A word of six letters or more as a pattern with one slip of the keyboard inside it: a letter left out
    ("frunde"), one letter mistyped ("lentikle") or one too many ("jardinn" is the doubled-letter rule's), or two
    neighbours swapped ("secrte"). Its first and last letters stay as typed, so a word cut short is no slip:
    "bistro" is not "bistrot", "lentil" not "lentille"."""
    n, inner = len(word), range(1, len(word) - 1)
    slips = {word[:i] + word[i + 1:] for i in inner} | {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in inner}
    slips.discard(word)
    out = [re.escape(w) for w in sorted(slips)]
    out += [re.escape(word[:i]) + r"[a-z]" + re.escape(word[i + 1:]) for i in inner]
    out += [re.escape(word[:i]) + r"[a-z]" + re.escape(word[i:]) for i in range(1, n)]
    return "(?:" + "|".join(out) + ")"


def _typed(form: str) -> list[str]:
    """The patterns of one form of a name: as written (with the variants of _word), and with one slip in one of
    its long words (the other words as written), so a name is never found with two slips."""
    words = form.split()
    exact = [_word(w) for w in words]
    out = [r"\s+".join(exact)]
    for i, w in enumerate(words):
        if len(w) >= 6 and w.isalpha():
            out.append(r"\s+".join(exact[:i] + [_slip(w)] + exact[i + 1:]))
    return out


@lru_cache(maxsize=64)
def name_pattern(name: str) -> re.Pattern[str]:
    """The pattern that finds `name` (folded) in folded text: the whole name, its declined forms, the name
    without its leading article when two or more words are left, and each with one slip in one long word."""
    folded = fold(name)
    forms = {folded, LEADING_ARTICLE.sub("", folded)}
    alternatives = sorted((p for form in forms for p in _typed(form)), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)")


def said_name(text: str, name: str) -> bool:
    """Does `text` say the whole restaurant name `name` (in any of the variants above)?"""
    return bool(name) and bool(name_pattern(name).search(fold(text)))


def where_said(text: str, name: str) -> int:
    """Where in the folded `text` the name is said first (-1 if it is not): for ordering the places a message names."""
    m = name_pattern(name).search(fold(text))
    return m.start() if m else -1

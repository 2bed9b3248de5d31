"""Answering a question about the user by meaning: the recalled fact (or earlier statement) that best fits it.

A slot list ("name, diet, allergies, city, budget …") cannot know every question a learner asks ("what's my
flight number again?", "wie heißt meine Katze?", "con chi ho un appuntamento venerdì?"). So every candidate
(each recalled fact line, and each statement the user made earlier in the conversation) is scored against the
question with two signals:

- **the static embedder** (lesson 05's model, course_lib/model/embedder.py): cosine similarity, through
  ranking.similarities so the order is the same on every machine;
- **a cue table kept as data** (course_lib/data/offline/question_cues.json): groups of words in six languages
  that speak of the same thing (flight / Flug / vol / vuelo / voo / volo …). The embedder is English-centred
  ("Flugnummer" and "flight" are far apart for it); a shared group says the two texts are about the same thing.

The best candidate is kept only if it shares a cue group with the question, or (with no cue in the question) its
similarity reaches SIMILAR *and* it shares a content word with the question ("favourite colour"). The cosine
alone is not enough: between two sentences in the same non-English language it is high whatever they say
("Wie heiße ich?" and "Ich wohne in Hamburg." score 0.72, sharing only "ich"), which would quote an unrelated
fact. Otherwise the answer is that the agent does not know: it never quotes a fact that
is about something else, and it never guesses.

    best_fact("What's my flight number?", ["The user's sister is called Mia.", "The user's flight is BA 2490."])
        -> Match(text="The user's flight is BA 2490.", ...)
    restate("The user's flight is BA 2490.")  == "Your flight is BA 2490."
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from course_lib.model import rx
from course_lib.model.offline.names import fold  # lower case, no accents, œ -> oe, ß -> ss
from course_lib.ranking import order, similarities

CUES_FILE = Path(__file__).parents[2] / "data" / "offline" / "question_cues.json"
NEWER = 0.1  # candidates this close to the best score, on the same cues, count as the same answer: the latest wins
CUE_WEIGHT = 0.5  # added per cue group the question and the candidate share: a shared group outweighs any cosine gap
DAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today", "tomorrow"})
# cue groups that say when, not what: a day neither makes a fact about another subject nor a booking question one
# about the user
STORED = re.compile(r"the user\b", re.I)  # a stored fact opens so; the user's own statements do not
TITLE_SAFE_BREAKS = (r"(?<!\bDr\.)(?<!\bMr\.)(?<!Mrs\.)(?<!\bMs\.)(?<!Prof\.)(?<!\bSr\.)(?<!Sra\.)(?<!\bHr\.)"
                     r"(?<!\bFr\.)(?<!Dott\.)(?<!\bDra\.)(?<!Mme\.)(?<=[.!?])\s+|\n+")  # "Mein Zahnarzt heißt Dr. Lang."
SIMILAR = 0.5  # with no cue, the cosine a candidate needs besides a shared content word (on the dev set's recall
# questions, unrelated English pairs stay below 0.35; same-language pairs do not, hence the shared word)
FUNCTION_WORDS = set("""what whats which where when does have your about that this with from there again remind tell
know user users nochmal eigentlich noch mein meine meinen meinem meiner habe welche welcher welches wann sind
est-ce quoi quel quelle quels quelles deja avec comment mais pour dans cest mon votre cual cuales donde cuando
como tengo para esta este otra vez qual quais onde quando tenho minha minhas meus esta aquele quale quali dove
quando come ancora sono della dello degli anche""".split())

QUESTION_WORD = re.compile(
    r"^\W*(?:what|what's|whats|which|who|whom|whose|where|when|how|remind me|tell me|do you (?:know|remember)|"
    r"wie|wo|wer|wen|wem|was|welche\w*|wann|wohin|woher|weißt du|sag mir|erinner\w* mich|"
    r"qu\w*|comment|où|combien|c'est quoi|c(?:'est| est|) (?:quand|qui|où|quoi)|avec qui|chez qui|à qui|dis-moi|"
    r"rappelle-moi|tu te souviens|"
    r"cómo|como|cuál\w*|cual\w*|dónde|donde|cuándo|cuando|cuánto\w*|quién\w*|qué|con quién|dime|recuérdame|"
    r"qual|quais|onde|quando|quanto\w*|quem|o que|com quem|diz-me|lembra-me|"
    r"come|quale|quali|dove|chi|cosa|che|con chi|dimmi|ricordami|in (?:welche\w*|quel\w*|qué|que|quale))\b",
    re.I)
FIRST_PERSON = re.compile(r"\b(?:i|i'd|i'm|i've|my|me|mine|we|our|us|ich|mein\w*|mich|mir|wir|unser\w*|je|j|moi|mon|"
                          r"ma|mes|nous|notre|nos|yo|mi|mis|me|nosotros|nuestr\w+|eu|meu|minha|meus|minhas|nós|nosso\w*|"
                          r"nossa\w*|io|mio|mia|miei|mie|ho|noi|nostr\w+)\b", re.I)
A_REQUEST = re.compile(r"\b(?:can|could|should|shall|may) (?:i|we|you)\b|\b(?:kann|soll|darf) ich\b|\bkannst du\b|"
                       r"\bpuis-je\b|\bpeux-tu\b|\bdois-je\b|\bpuedo\b|\bpuedes\b|\bdebo\b|\bposso\b|\bpuoi\b|"
                       r"\bdevo\b|\bpodes\b|\bpode\b", re.I)


@dataclass(frozen=True)
class Match:
    """A candidate and why it was chosen: its cosine with the question and the cue groups both share."""

    text: str
    similarity: float
    shared: tuple[str, ...]

    @property
    def score(self) -> float:
        """Cosine plus CUE_WEIGHT per shared cue group."""
        return self.similarity + CUE_WEIGHT * len(self.shared)


@lru_cache(maxsize=1)
def cue_groups() -> dict[str, tuple[str, ...]]:
    """The cue table (group -> words), read once from the data file."""
    groups = json.loads(CUES_FILE.read_text(encoding="utf-8"))["groups"]
    return {name: tuple(fold(w.rstrip("*")) + ("*" if w.endswith("*") else "") for w in words)
            for name, words in groups.items()}


@lru_cache(maxsize=256)
def typed_cues(group: tuple[str, ...]) -> tuple[str, ...]:
    """A group's words of seven letters or more with one inner vowel left out, as people type in a hurry ("partnr",
    "brthday", "schwster", "meetng"); a consonant left out is not read ("flight" is not "fight")."""
    typed = []
    for cue in group:
        base, star = cue.rstrip("*"), "*" if cue.endswith("*") else ""
        if len(base) >= 7:
            typed += [base[:i] + base[i + 1:] + star for i in range(1, len(base) - 1) if base[i] in "aeiou"]
    return tuple(dict.fromkeys(typed))


class CueIndex:
    """Every cue and typed cue of a table, by whole word and by word start: a word is looked up, not compared with
    each cue in turn. Hashed by identity, so `cues` remembers its answers per table."""

    def __init__(self, groups: dict[str, tuple[str, ...]]) -> None:
        self.whole: dict[str, set[str]] = {}
        self.starts: dict[str, set[str]] = {}
        for name, group in groups.items():
            for cue in (*group, *typed_cues(group)):
                table, key = (self.starts, cue[:-1]) if cue.endswith("*") else (self.whole, cue)
                table.setdefault(key, set()).add(name)


_index: tuple[dict, CueIndex] | None = None  # (the table it was built from, the index)


def cues(text: str) -> frozenset[str]:
    """The cue groups whose words occur in `text` (whole words; "flug*" also matches "Flugnummer"; a long cue word
    with one inner vowel left out: typed_cues)."""
    global _index
    groups = cue_groups()
    if _index is None or _index[0] is not groups:  # first use, or another table (a test's)
        _index = (groups, CueIndex(groups))
    return cues_in(text, _index[1])


@lru_cache(maxsize=8192)
def cues_in(text: str, index: CueIndex) -> frozenset[str]:
    found: set[str] = set()
    for w in rx.findall(r"\w+", fold(text)):
        found.update(index.whole.get(w, ()))
        for end in range(len(w) + 1):
            found.update(index.starts.get(w[:end], ()))
    return frozenset(found)


def asking(text: str) -> bool:
    """Is `text` a question (a question mark, or a question word first, in six languages) and not a request
    ("can I / kann ich / posso")?"""
    q = text.strip()
    return (q.endswith("?") or q.startswith("¿") or bool(QUESTION_WORD.search(q))) and not A_REQUEST.search(q)


def user_question(text: str) -> bool:
    """Is `text` a question about the user: a question in the first person ("my", "I", "mein", "mon", "mi", "meu",
    "mio" …)? (Spanish, Portuguese and Italian often drop the pronoun: "¿Dónde duermo?"; asks_about_user then
    needs a fact that shares a cue with the question.)"""
    return asking(text) and bool(FIRST_PERSON.search(text))


def best_fact(question: str, candidates: list[str]) -> Match | None:
    """The candidate that answers `question`, or None when none is about what is asked (see the module docstring).
    Of candidates on the same cues within NEWER of the best score, the later wins: a later statement or fact
    replaces an earlier one on the same subject."""
    from course_lib.model.embedder import embed  # the model loads on first use only

    pool = [c for c in dict.fromkeys(c.strip() for c in candidates) if c]
    if not pool:
        return None
    vectors = embed([question] + pool)
    sims = similarities(vectors[1:], vectors[0])
    asked = cues(question)
    matches = [Match(text, float(s), tuple(sorted(asked & cues(text)))) for text, s in zip(pool, sims)]
    ranked = order([m.score for m in matches], keys=[-i for i in range(len(matches))])
    best = matches[ranked[0]]
    close = [i for i in ranked if matches[i].shared == best.shared and matches[i].score >= best.score - NEWER]
    # "My flight is LH 2." … "My flight is LH 3.": the later of two close candidates, unless it is also about another
    # subject the question does not ask about ("my dentist's name": not "a dentist appointment on Monday"); only
    # between stored facts, one to a line: what the user says later in the conversation replaces what they said before
    best = matches[max(close, key=lambda i: (-len(cues(pool[i]) - asked - DAYS) if STORED.match(pool[i]) else 0, i))]
    if best.shared or (not asked and best.similarity >= SIMILAR and content_words(question) & content_words(best.text)):
        return best
    return None


def content_words(text: str) -> set[str]:
    """The words of four letters or more that are not question or function words, cut to five letters so that
    "colour" and "colours" meet: what a question and a fact must share when no cue says they are on one subject."""
    return {w[:5] for w in rx.findall(r"\w+", fold(text)) if len(w) >= 4 and w not in FUNCTION_WORDS}


def restate(fact: str) -> str:
    """A fact as the reply says it: "The user's flight is BA 2490." -> "Your flight is BA 2490."; the user's own
    words are quoted ("You told me: "…""), never rewritten."""
    body = fact.strip()
    if rx.match(r"^the user\b", body, re.I):
        from course_lib.model.offline.answers import second_person

        said = second_person(body)
        return said[0].upper() + said[1:] + "."
    return f"You told me: \"{body}\""


def candidates(messages: list[dict], last_user: int, recalled: str = "") -> list[str]:
    """What a question about the user can be answered from, oldest first: the recalled memory lines in the prompt
    (data blocks, without lines said by a tool or another user), what search_memory returned, and the statements
    (not the questions) the user made before the message being answered."""
    from course_lib.model.prompts import without_hearsay
    from course_lib.model.offline.text import sentences

    found: list[str] = []
    for i, m in enumerate(messages):
        content = str(m.get("content") or "")
        if m.get("role") == "system" and i > 0:
            found += [line[2:].strip() for line in without_hearsay(content).splitlines() if line.startswith("- ")]
        elif m.get("role") == "user" and i < last_user:
            found += [s for s in sentences(content, TITLE_SAFE_BREAKS) if not s.endswith("?") and not user_question(s)]
    return found + [line.strip() for line in recalled.splitlines() if line.strip()]


def asks_about_user(kind: str, question: str, pool: list[str]) -> bool:
    """Should a message the intent table read as something else be answered as a question about the user? Yes
    when it is one (user_question) and nothing else understood it; for a question without a first-person word, or
    after a booking or restaurant reading (then only with a question word first and no time or party size), only
    when a fact shares a cue with it ("Which hotel did I book in
    Lisbon?" with "The user is staying at Hotel Avenida"; "In quale albergo dormo?")."""
    if kind in ("unknown", "small_talk") and user_question(question):
        return True
    if kind in ("book", "restaurant") and (not QUESTION_WORD.search(question) or booking_slots(question)):
        return False  # "Book a table for my sister's birthday on Friday at 8pm for 4?" is a booking
    if kind in ("unknown", "small_talk", "book", "restaurant") and asking(question):
        found = best_fact(question, pool)
        if kind in ("book", "restaurant"):  # "Which restaurant is open on Saturday?" is a search, not about the user
            return found is not None and bool(set(found.shared) - DAYS)
        return found is not None and bool(found.shared)
    return False


def booking_slots(text: str) -> bool:
    """Does the message give a time or a party size (then a booking or search reading stands)?"""
    from course_lib.model.amounts import party_sizes
    from course_lib.model.when import clock_time

    return bool(clock_time(text).value or clock_time(text).unclear or party_sizes(text))

"""Slots about who the user is and who is around them: name, nickname, age, birthday, relatives, pets.

Each reader takes one sentence the user said about themselves and returns (slot, value, fact) triples, the
fact a self-contained third-person sentence ("The user's wife is called Ana.").
"""
from __future__ import annotations

import re

from course_lib.model.offline.lang.dates import find_date
from course_lib.model.offline.lang.lexicon import PETS, POSSESSIVE, RELATIVES, SINGULAR_RELATIVES, alternation, canonical

Found = tuple[str, str, str]
NAME = r"(?-i:([A-ZÀ-Ý][\w'’-]+(?: [A-ZÀ-Ý][\w'’-]+)?))"  # case-sensitive inside re.I patterns
ONE_NAME = r"(?-i:[A-ZÀ-Ý][\w'’-]+)"
DAYS_MONTHS = ("Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
               "September October November December Today Tomorrow").split()
NOT_NAMES = {*DAYS_MONTHS, "I'm", "I'd", "I've", "I'll", "Im", "I", "It", "This", "That", "The", "Not", "Just", "So", "Sorry", "Here", "Back", "Fine", "Good", "Ok", "OK",
             "Sure", "Ready", "Done", "Home", "Tired", "Allergic", "Vegan", "Vegetarian", "Pregnant", "Diabetic"}
NAME_SAID = [  # how people give their name, per language
    r"\bmy name(?: is|'s)\s+" + NAME, r"^name'?s\s+" + NAME, r"\b(?:call me|i'?m|i am|this is)\s+" + NAME + r"(?=\s*(?:[.!,;]|$| here\b| by the way| btw))",
    r"^" + NAME + r" here\b", r"\bich hei(?:ß|ss)e\s+" + NAME, r"\bmein name ist\s+" + NAME, r"\bnenn(?:t)? mich\s+" + NAME,
    r"\bje m'appelle\s+" + NAME, r"\bmon (?:pr[ée])?nom (?:est|c'est)\s+" + NAME, r"\bmoi,? c'est\s+" + NAME,
    r"\bme llamo\s+" + NAME, r"\bmi nombre es\s+" + NAME, r"\bll[áa]mame\s+" + NAME, r"\b(?:o )?meu nome [ée]\s+" + NAME,
    r"\bchamo-me\s+" + NAME, r"\bme chamo\s+" + NAME, r"\bmi chiamo\s+" + NAME, r"\bil mio nome [èe]\s+" + NAME,
    r"\bchiamami\s+" + NAME, r"^(?:hi|hello|hey|hallo|salut|hola|ol[áa]|ciao)(?: again| there| all)?[,!]? (?:it'?s|this is|c'est|soy|sou|sono)\s+" + NAME,
    r"\b(?:intro|introduction|quick intro)\s*:\s*" + NAME, r"^(?:hi|hello|hey|hallo|salut|hola|ol[áa]|ciao)[,!]? (?:i'?m|ich bin|je suis|soy|sou|sono)\s+" + NAME,
]
NICK_SAID = [r"\b(?:everyone|everybody|people|friends|they all|most people) calls? me\s+" + NAME, r"\bi go by\s+" + NAME,
             r"\b(?:alle|freunde) nennen mich\s+" + NAME, r"\bon m'appelle\s+" + NAME, r"\btout le monde m'appelle\s+" + NAME,
             r"\btodos me llaman\s+" + NAME, r"\b(?:todos )?me chamam\s+" + NAME, r"\btutti mi chiamano\s+" + NAME]
AGE_SAID = [r"\b(?:i'?m|i am)\s+(\d{1,3})(?: years? old| yo| y/o)?(?=\s*(?:[.!,;]|$|and\b|but\b))", r"\b(\d{1,3}) years? old\b",
            r"\bich bin (\d{1,3})(?: jahre alt)?\b(?!\s*(?:euro|€|uhr))", r"\bj'ai (\d{1,3}) ans\b", r"\btengo (\d{1,3}) años\b",
            r"\btenho (\d{1,3}) anos\b", r"\bho (\d{1,3}) anni\b"]
BIRTHDAY = (r"\b(?:my birthday is|i was born on|born on|my birthday'?s|mein geburtstag ist|ich habe am|ich bin am|"
            r"mon anniversaire (?:est|c'est)|je suis n[ée]e? le|mi cumplea[ñn]os es|nac[ií] el|(?:o )?meu anivers[áa]rio [ée]|"
            r"nasci a|il mio compleanno [èe]|sono nat[oa] il)\b")
REL = alternation(RELATIVES)
PET = alternation(PETS)
CALLED = r"(?:is called|is named|'s name is|name is|called|named|hei(?:ß|ss)t|s'appelle|qui s'appelle|se llama|que se llama|" \
         r"chama-se|chamad[oa]|que se chama|si chiama|che si chiama)"
FAMILY = {"colleague", "boss", "partner", "wife", "husband", "sister", "brother", "mother", "father", "son", "daughter", "child", "cousin"}


def found_name(s: str) -> list[Found]:
    """'My name is Samuel but everyone calls me Sam' -> name Samuel, nickname Sam."""
    out: list[Found] = []
    nick = next((m.group(1) for p in NICK_SAID if (m := re.search(p, s, re.I))), None)
    for p in NAME_SAID:
        m = re.search(p, s, re.I)
        if m and m.group(1).split()[0] not in NOT_NAMES and m.group(1)[0].isupper() and m.group(1) != nick:
            out.append(("name", m.group(1), f"The user's name is {m.group(1)}."))
            break
    if nick:
        out.append(("nickname", nick, f"The user goes by {nick}."))
    return out


def found_age(s: str) -> list[Found]:
    """'I'm 34 years old' -> age 34 (1 to 120 only; '20 euros' is no age)."""
    for p in AGE_SAID:
        m = re.search(p, s, re.I)
        if m and 1 <= int(m.group(1)) <= 120:
            return [("age", m.group(1), f"The user is {m.group(1)} years old.")]
    return []


def found_birthday(s: str, lang: str) -> list[Found]:
    """'My birthday is on 3 July' -> birthday '3 July'."""
    m = re.search(BIRTHDAY, s, re.I)
    date = find_date(s[m.end():], lang) if m else None
    return [("birthday", date, f"The user's birthday is on {date}.")] if date else []


def names_after(text: str) -> list[str]:
    """'Maya and Leo' / 'Maya, Leo und Ben' -> the capitalised names, in order."""
    return [n for n in re.findall(ONE_NAME, text) if n not in NOT_NAMES]


def found_relatives(s: str) -> list[Found]:
    """The names of the user's relatives and pets: 'my wife's name is Ana', 'Thorvald, my brother', 'a dog called Rufus'."""
    out: list[Found] = []
    for m in re.finditer(rf"{POSSESSIVE}\s+(?:(?:\w+ )?)({REL})(?:'s name is| {CALLED})?,?\s+{NAME}|{NAME},\s+{POSSESSIVE}\s+({REL})\b", s, re.I):
        word, name = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        rel = canonical(RELATIVES, word.lower())
        explicit = bool(re.search(CALLED, m.group(0), re.I))
        if rel and name[0].isupper() and name.split()[0] not in NOT_NAMES and (rel in FAMILY or explicit):
            out.append(relative_fact(rel, name))
    kids = re.search(r"\b(?:i|we) have (?:\w+ )?(?:kids|children|sons|daughters)[,:]?\s+(?:called |named )?(.+)", s, re.I) or \
        re.search(r"\b(?:ich habe|wir haben) (?:\w+ )?kinder[,:]?\s+(.+)|\b(?:j'ai|nous avons) (?:\w+ )?enfants[,:]?\s+(.+)", s, re.I)
    if kids:
        out += [relative_fact("child", n) for n in names_after(next(g for g in kids.groups() if g))]
    pet = re.search(rf"\b({PET})\b(?:,? (?:a|an|un|une|una|uma) \w+)?,?\s*(?:{CALLED}|(?:he|she|it|er|sie|il|elle)(?:'s| is| ist)? "
                    rf"(?:called|named|hei(?:ß|ss)t|s'appelle))\s+{NAME}", s, re.I)
    if pet is None and re.search(rf"\brenamed (?:the |our |my )?({PET})\b", s, re.I):
        pet = re.search(rf"\b({PET})\b.*?\b(?:called|named)\s+{NAME}", s, re.I)
    if pet:
        kind = canonical(PETS, pet.group(1).lower()) or "pet"
        out.append((f"pet:{kind}", pet.group(2), f"The user's {kind} is called {pet.group(2)}."))
    elif (named := re.search(rf"(?:^|\b){NAME},? (?:the|my|our) ({PET})\b", s)) and named.group(1).split()[0] not in NOT_NAMES:
        kind = canonical(PETS, named.group(2).lower()) or "pet"
        out.append((f"pet:{kind}", named.group(1), f"The user's {kind} is called {named.group(1)}."))
    elif (has := re.search(rf"\b(?:my|our) ({PET}) (?:just|has|is|keeps|always|was)\b|\b(?:i|we) (?:have|'ve got|got) (?:a|an|one|two|three) ({PET})s?\b|\b(?:ich habe|wir haben) "
                           rf"(?:einen|eine|ein) ({PET})\b|\b(?:j'ai|tengo|tenho|ho) (?:un|une|uno|una|um|uma) ({PET})\b", s, re.I)):
        kind = canonical(PETS, next(g for g in has.groups() if g).lower()) or "pet"
        out.append((f"pet:{kind}", kind, f"The user has a {kind}."))
    return out


def relative_fact(rel: str, name: str) -> Found:
    """(slot, name, fact) for a relative; a child or sibling slot carries the name, so two never replace each other."""
    slot = f"relative:{rel}" if rel in SINGULAR_RELATIVES or rel not in ("child",) else f"relative:{rel}:{name.lower()}"
    return slot, name, f"The user's {rel} is called {name}."


def read_people(s: str, lang: str) -> list[Found]:
    """Every people slot this sentence fills."""
    return found_name(s) + found_age(s) + found_birthday(s, lang) + found_relatives(s)

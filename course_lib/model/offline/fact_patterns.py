"""What the offline model can read as a fact: the user's ways of saying things, and the third-person facts they become.

USER_PATTERNS turn one sentence the user wrote into (subject, value, fact); FACT_PATTERNS read a stored
third-person fact back into (subject, value), so the write path knows what a memory is ABOUT (diet, home city,
budget, a flight, a meeting with someone …) and can supersede it. The first user pattern that matches a
sentence wins, so the specific ones come first. Measured on the labelled conversations in
course_lib/data/labelled (course_lib.evaluation.write_path_eval), held-out part included.
"""
from __future__ import annotations

import re
from typing import Any

from course_lib.model.offline.text import CLAUSE_BREAKS

DIETS = ("vegetarian", "vegan", "pescatarian", "gluten-free", "lactose intolerant", "halal", "kosher")
HEDGES = re.compile(r"\b(maybe|perhaps|i think|i guess|probably|might|not sure|possibly|kind of)\b", re.I)
NAME = r"([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)"
TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.? )?"  # Dr. Okonkwo
PLACE = r"([A-Z](?=[\w'-]*[a-z])[\w'-]+(?:[ -][A-Z][\w'-]+)*)"
VENUE = r"([A-Z][\w'-]+(?:(?: &| and)? [A-Z][\w'-]+)*)"  # Linse & Lauch, Hotel Amsel
TIME = r"(\d{1,2}[:.]\d{2})"
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE = rf"(\d{{1,2}}(?:st|nd|rd|th)? (?:{MONTHS})|(?:{MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?)"
MONEY = r"(\d+(?:[.,]\d+)?)\s*(eur|euros?|€|usd|dollars?|\$|gbp|pounds?)"
RELATIVES = "sister|brother|partner|cousin|wife|husband|mother|father|son|daughter|colleague"
PETS = "dog|cat|parrot|tortoise|rabbit|hamster"
NOT_JOBS = {"bit", "little", "big", "huge", "fan", "lot", "good", "bad", "great", "total", "night", "morning",
            "person", "fool", "mess", "wreck", "vegetarian", "vegan", "pescatarian"}
CURRENCY = {"eur": "EUR", "euro": "EUR", "euros": "EUR", "€": "EUR", "usd": "USD", "dollar": "USD",
            "dollars": "USD", "$": "USD", "gbp": "GBP", "pound": "GBP", "pounds": "GBP"}
DIET_ALT = "|".join(DIETS)
TITLE_DOT = r"(?<!\bdr\.)(?<!\bmr\.)(?<!\bms\.)(?<!\bmrs\.)(?<!\bprof\.)"  # "Dr. Okonkwo" is no sentence end
# Where one sentence holds two statements: the sentence breaks of text.CLAUSE_BREAKS, and ", I …" ("…, I live in Paris")
FACT_BREAKS = CLAUSE_BREAKS.replace(r"(?<=[.!?;])", TITLE_DOT + r"(?<=[.!?;])") + r"|,\s+(?=i (?:live|work|moved|have a flight)\b|i'm (?!allergic)|i've\b|(?:can|could|would) you\b)"


def a_or_an(noun: str) -> str:
    """'an archivist', 'a luthier'."""
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def money(m: re.Match[str]) -> str:
    """'40 EUR' from a MONEY match."""
    return f"{m.group(1).replace(',', '.')} {CURRENCY.get(m.group(2).lower(), m.group(2).upper())}"


def first(m: re.Match[str]) -> str:
    """The first group of a match that took part (patterns with alternatives)."""
    return next(g for g in m.groups() if g is not None)


def job(m: re.Match[str]) -> tuple[str, str, str] | None:
    """A job, unless the word is one of the things people say they are that is no job ('a bit', 'a fan')."""
    word = first(m).lower()
    return None if word in NOT_JOBS else ("job", word, f"The user works as {a_or_an(word)}.")


def meeting(m: re.Match[str]) -> tuple[str, str, str]:
    """A meeting with someone at a time, whichever is said first; the subject is the person's name, not their title."""
    who, at = m.group("who") or m.group("who2"), m.group("at") or m.group("at2")
    name = re.sub(TITLE, "", who, count=1)
    return f"meeting:{name.split()[0].lower()}", at, f"The user has a meeting with {who} at {at}."


def retract(value: str) -> tuple[str, str, str]:
    """A retraction: 'no longer vegan'."""
    return "retract", value.lower(), f"The user is no longer {value.lower()}."


# What a user says -> (subject, value, the fact as a third-person sentence); a maker may answer None (no fact).
# "{who}" in a fact stands for the last person the same message named ("her birthday is …").
USER_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(rf"\b(?:i'?m|i am) (?:no longer|not) (?:an? )?({DIET_ALT})\b", re.I),
     lambda m: retract(m.group(1))),
    (re.compile(r"\b(?:i'?m|i am) no longer (?:an? )?([\w -]+?)\b(?:now|anymore|any more)?[.!]?$", re.I),
     lambda m: retract(m.group(1).strip())),
    (re.compile(r"^(?:please )?forget (?:that )?(?:i'?m|i am) (?:an? )?([\w -]+?)[.!]?$", re.I),
     lambda m: retract(m.group(1).strip())),
    (re.compile(r"\b(?i:my name is|call me|my name's)\s+" + NAME + r"|^(?i:name'?s) " + NAME), lambda m: ("name", first(m), f"The user's name is {first(m)}.")),
    (re.compile(r"^(?i:hi+|hello|hey+|salut|hallo|hola|ciao)(?: (?i:again|hello|there|all))?[,!]? (?i:i'?m|im|i am|this is|it'?s) "
                + NAME + r"(?:[.!,]|$)"), lambda m: ("name", m.group(1), f"The user's name is {m.group(1)}.")),
    (re.compile(r"^(?i:i'?m|i am|it'?s|this is) " + NAME + r"[.!]?$"),
     lambda m: ("name", m.group(1), f"The user's name is {m.group(1)}.")),
    (re.compile(r"^(?!I'|I\b|We\b|It\b)" + NAME + r" here\b|\b(?i:intro|introduction): " + NAME + r"\b"),
     lambda m: ("name", first(m), f"The user's name is {first(m)}.")),
    (re.compile(r"\b(?:i'?m|i am) allergic to ([\w -]+?)[.!,]?$", re.I),
     lambda m: (f"allergy:{m.group(1).lower()}", m.group(1).lower(), f"The user is allergic to {m.group(1).lower()}.")),
    (re.compile(rf"\b(?:i'?m|i am|i eat|i'?ve gone|i went) (?:now |still )?(?:an? |strictly )?({DIET_ALT})\b|^(?:still) ({DIET_ALT})\b|"
                rf"(?:^|, )still ({DIET_ALT})\b", re.I), lambda m: ("diet", first(m).lower(), f"The user is {first(m).lower()}.")),
    (re.compile(r"\b(?:i'?m|i am|i have) (?:a )?(?:coeliac|celiac)\b", re.I), lambda m: ("diet", "gluten-free", "The user is gluten-free.")),
    (re.compile(r"\bi (?:don'?t|do not|never) eat meat\b", re.I), lambda m: ("diet", "vegetarian", "The user is vegetarian.")),
    (re.compile(r"\bi eat (?:pretty much |just about |basically )?(?:everything|anything)\b", re.I),
     lambda m: ("diet", "everything", "The user eats everything.")),
    (re.compile(r"\b(?:my budget is|budget of|i can spend(?: up to)?|no more than)\s*(?:about |around )?" + MONEY, re.I),
     lambda m: ("budget", money(m), f"The user's budget is {money(m)}.")),
    (re.compile(r"\b(?i:i live in|i moved to|i'?ve moved to|i'?m based in|i am based in|i now live in) " + PLACE),
     lambda m: ("home city", m.group(1), f"The user lives in {m.group(1)}.")),
    (re.compile(r"^(?i:still) (?i:living |based )?(?i:in) " + PLACE + r"\b"),
     lambda m: ("home city", m.group(1), f"The user lives in {m.group(1)}.")),
    (re.compile(r"\b(?:my time ?zone is|i'?m in the|i am in the) ([\w/+:-]+)(?: time ?zone)?|\b([A-Z]\w+/[A-Z][\w/]+) is my time ?zone",
                re.I), lambda m: ("timezone", first(m), f"The user's time zone is {first(m)}.")),
    (re.compile(r"\b(?i:i (?:have|'ve got|got) a flight to) " + PLACE),
     lambda m: ("trip", m.group(1), f"The user has a flight to {m.group(1)}.")),
    (re.compile(r"\b(?i:(?:i'?m|i am|we'?re|we are|are) (?:going|heading|travell?ing|off) to|(?:a|our|my) (?:long )?(?:weekend|trip|holiday|week|city break) (?:in|to)) "
                + PLACE), lambda m: ("trip", m.group(1), f"The user has a trip to {m.group(1)}.")),
    (re.compile(rf"\b(?:i follow an?|treat me as|i'?ve gone|i have gone|has to be|have to be)\s+(?:fully |strictly |completely )?"
                rf"({DIET_ALT})\b|(?:^|: )({DIET_ALT}) from (?:now|today|this month)", re.I),
     lambda m: ("diet", first(m).lower(), f"The user is {first(m).lower()}.")),
    (re.compile(r"\b(?<!flight )(?i:home(?: for me)? is|i(?:'ve| have)? relocated to|we(?:'ve)? (?:now )?(?:live in|moved to)|i'?ve lived in|"
                r"(?:i|we)(?: have|'ve)? got a (?:small |little )?(?:flat|house|apartment|place) in) " + PLACE),
     lambda m: ("home city", m.group(1), f"The user lives in {m.group(1)}.")),
    (re.compile(r"^(?=.*\b(?:budget|limit|cap|spend|a head|per person|each|max)\b).*?(?:€\s?(\d+)|(\d+)\s*(?:eur|euros?)\b)",
                re.I), lambda m: ("budget", f"{first(m)} EUR", f"The user's budget is {first(m)} EUR.")),
    (re.compile(r"\b(?:careful with|no) ([\w -]+?), i (?:react badly|have an allergy|'?m allergic)|^([\w -]+?) gives? me hives",
                re.I), lambda m: (f"allergy:{first(m).lower()}", first(m).lower(), f"The user is allergic to {first(m).lower()}.")),
    (re.compile(r"\bi(?: work as|'m| am) an? ([a-z-]+)(?: by (?:trade|profession))?(?:[.!,;]|$| in | at | for )|\bbeing an? ([a-z-]+) (?:is|in)\b|"
                r"\bmy job\?? i'?m an? ([a-z-]+)\b", re.I), job),
    (re.compile(r"\b(?i:my) (" + RELATIVES + r")(?: is called| is named|,)? " + NAME + r"|^" + NAME + r", (?i:my) (" + RELATIVES + r")\b"),
     lambda m: (f"relative:{m.group(1) or m.group(4)}", m.group(2) or m.group(3),
                f"The user's {m.group(1) or m.group(4)} is called {m.group(2) or m.group(3)}.")),
    (re.compile(r"\b(?i:my|our) (" + PETS + r")(?: is called| is named)? " + NAME + r"|" + NAME + r",? (?i:my|our|the) (" + PETS + r")\b"),
     lambda m: (f"pet:{m.group(1) or m.group(4)}", m.group(2) or m.group(3),
                f"The user's {m.group(1) or m.group(4)} is called {m.group(2) or m.group(3)}.")),
    (re.compile(r"\b(?i:my|our) (" + PETS + r") (?:just|has|is|keeps|always)\b"),
     lambda m: (f"pet:{m.group(1)}", m.group(1), f"The user has a {m.group(1)}.")),
    (re.compile(r"\b([A-Z]{2} ?\d{3,4})\b"), lambda m: (f"flight:{m.group(1)}", m.group(1), f"The user's flight is {m.group(1)}.")),
    (re.compile(r"\b(?i:meeting with) (?P<who>" + TITLE + NAME + r")\b.*?\b(?P<at>\d{1,2}[:.]\d{2})|"
                r"\b(?P<at2>\d{1,2}[:.]\d{2})\b.*?\b(?i:meeting with) (?P<who2>" + TITLE + NAME + ")"), meeting),
    (re.compile(r"^" + NAME + r" (?i:just |has )?(?i:moved|changed|pushed|rescheduled|shifted) (?i:our|the|my) (?i:meeting) (?i:to) " + TIME),
     lambda m: (f"meeting:{m.group(1).split()[0].lower()}", m.group(2), f"The user has a meeting with {m.group(1)} at {m.group(2)}.")),
    (re.compile(r"\b(?i:her|his|their) (?i:birthday is) (?:on )?" + DATE + r"|\b" + NAME + r"'s (?i:birthday is) (?:on )?" + DATE),
     lambda m: (f"birthday:{(m.group(2) or '{who}').lower()}", m.group(1) or m.group(3),
                f"{m.group(2) or '{who}'}'s birthday is on {m.group(1) or m.group(3)}.")),
    (re.compile(r"(?:\b(?i:i(?:'ve| have)? booked|let'?s book|we(?:'ve| have)? booked|i'?ll book)|^(?i:booked)) (?i:a (?:table|room) at )?(?i:the )?"
                + VENUE),
     lambda m: (f"booking:{m.group(1).lower()}", m.group(1), f"The user booked {m.group(1)}.")),
    (re.compile(r"\bi (?:prefer|always want|really like|like|love) (?!the idea|it\b|that\b|this\b|to\b)((?:[\w'-]+ ?){1,4})[.!]?$", re.I),
     lambda m: (f"preference:{m.group(1).strip().lower()}", m.group(1).strip().lower(), f"The user prefers {m.group(1).strip().lower()}.")),
]

# A third-person fact -> (subject, value). Used to see what stored facts are about.
FACT_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"^(?:the )?user is no longer (?:an? )?(.+?)\.?$", re.I), lambda m: ("retract", m.group(1).lower())),
    (re.compile(r"^(?:the )?user'?s name is (.+?)\.?$", re.I), lambda m: ("name", m.group(1))),
    (re.compile(r"^(?:the )?user is allergic to (.+?)\.?$", re.I),
     lambda m: (f"allergy:{m.group(1).lower()}", m.group(1).lower())),
    (re.compile(rf"^(?:the )?user is (?:an? )?({DIET_ALT})\b", re.I), lambda m: ("diet", m.group(1).lower())),
    (re.compile(r"^(?:the )?user eats (everything|anything)\b", re.I), lambda m: ("diet", "everything")),
    (re.compile(r"^(?:the )?user'?s budget is (.+?)\.?$", re.I), lambda m: ("budget", m.group(1))),
    (re.compile(r"^(?:the )?user (?:lives|now lives|moved) (?:in|to) (.+?)\.?$", re.I), lambda m: ("home city", m.group(1))),
    (re.compile(r"^(?:the )?user'?s time ?zone is (.+?)\.?$", re.I), lambda m: ("timezone", m.group(1))),
    (re.compile(r"^(?:the )?user has a flight to (.+?)(?: on .*)?\.?$", re.I), lambda m: ("trip", m.group(1))),
    (re.compile(r"^(?:the )?user works as an? (.+?)\.?$", re.I), lambda m: ("job", m.group(1).lower())),
    (re.compile(r"^(?:the )?user'?s (" + RELATIVES + r") is called (.+?)\.?$", re.I), lambda m: (f"relative:{m.group(1).lower()}", m.group(2))),
    (re.compile(r"^(?:the )?user'?s (" + PETS + r") is called (.+?)\.?$", re.I), lambda m: (f"pet:{m.group(1).lower()}", m.group(2))),
    (re.compile(r"^(?:the )?user has an? (" + PETS + r")\.?$", re.I), lambda m: (f"pet:{m.group(1).lower()}", m.group(1).lower())),
    (re.compile(r"^(?:the )?user'?s flight is (.+?)\.?$", re.I), lambda m: (f"flight:{m.group(1)}", m.group(1))),
    (re.compile(r"^(?:the )?user has a meeting with " + TITLE + r"(\S+)[^.]*? at " + TIME, re.I),
     lambda m: (f"meeting:{m.group(1).lower()}", m.group(2))),
    (re.compile(r"^([\w'-]+(?: [\w'-]+)?)'s birthday is (?:on )?(.+?)\.?$", re.I),
     lambda m: (f"birthday:{m.group(1).lower()}", m.group(2))),
    (re.compile(r"^(?:the )?user (?:has )?booked (?:the )?(.+?)\.?$", re.I), lambda m: (f"booking:{m.group(1).lower()}", m.group(1))),
    (re.compile(r"^(?:the )?user prefers (.+?)\.?$", re.I),
     lambda m: (f"preference:{m.group(1).lower()}", m.group(1).lower())),
]


def about(fact: str) -> tuple[str | None, str | None]:
    """(subject, value) of a third-person fact, or (None, None) if no pattern knows it."""
    fact = fact.strip()
    for pattern, read in FACT_PATTERNS:
        m = pattern.search(fact)
        if m:
            subject, value = read(m)
            return subject, value.strip()
    return None, None

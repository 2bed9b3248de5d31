"""What a stored third-person fact is about: `about("The user is allergic to peanuts.") == ("allergy:peanuts", "peanuts")`.

The write path compares facts by slot: an UPDATE replaces only a fact on the same slot. Slots with one value
at a time: name, nickname, age, birthday, diet, budget, home city, job, time zone, a partner's or a pet's name.
Slots that carry their value (allergy:X, intolerance:X, preference:X, hobby:X, relative:child:X) never collide;
condition, medication and mobility hold several values (multi_valued).
"""
from __future__ import annotations

import re
from typing import Any

from course_lib.model import rx
from course_lib.model.offline.lang.events import about_event
from course_lib.model.offline.lang.lexicon import NATIONALITIES, PETS, RELATIVES, SINGULAR_RELATIVES, alternation

MULTI_VALUED = ("condition", "medication", "mobility", "vehicle", "schedule")
DIET_WORDS = r"vegetarian|vegan|pescatarian|gluten-free|halal|kosher|lactose intolerant"
REL = r"partner|wife|husband|sister|brother|mother|father|son|daughter|child|cousin|friend|colleague|boss|neighbour|" \
      r"sister-in-law|brother-in-law|manager|flatmate|other half|" + alternation(RELATIVES)
PET = r"dog|cat|parrot|tortoise|rabbit|hamster|" + alternation(PETS)
TIME = r"(\d{1,2}[:.]\d{2})"
TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.? )?"
U = r"^(?:the )?user"
SUM = r"(?:about |around |roughly |up to |at most |only )?(\d[\d,.]* [A-Z]{3})\b"
MONEY = [  # what the user pays, earns or puts aside (lang/money.py writes the first forms; a live model the others)
    (U + r"'s (?:monthly |net |gross )*(rent|income|salary|take-home pay) is " + SUM,
     lambda m: ("budget:" + ("rent" if m.group(1).lower() == "rent" else "income"), m.group(2))),
    (U + r" pays " + SUM + r"(?: a month| per month)?(?: in)? rent", lambda m: ("budget:rent", m.group(1))),
    (U + r" (?:earns|takes home|makes|gets paid) " + SUM, lambda m: ("budget:income", m.group(1))),
    (U + r"(?: can| wants to| plans to| aims to| will| is going to)? (?:save|saves|put|puts|set|sets|keep|keeps) (?:aside |away )?"
     + SUM + r"(.*)", lambda m: ("budget:monthly savings" if rx.search(r"\b(?:a|per|each|every) month\b", m.group(2))
                                 else "budget:savings", m.group(1))),
    (U + r"'s savings budget is " + SUM, lambda m: ("budget:savings", m.group(1))),
]


def relative_slot(rel: str, name: str) -> str:
    """relative:<rel>, or relative:child:<name> for the relations a person has several of."""
    rel = rel.lower()
    return f"relative:{rel}" if rel != "child" else f"relative:child:{name.lower()}"


PATTERNS: list[tuple[re.Pattern[str], Any]] = [(re.compile(p, re.I), f) for p, f in [
    (U + r" (?:is not|isn't) (?:an? )?(.+?)\.?$", lambda m: ("retract", m.group(1).lower())),  # 'is not allergic to kiwi'
    (U + rf" (?:does not|doesn't) have (?:an? |the )?((?:{PET}|{REL}) .+?)\.?$", lambda m: ("retract", m.group(1).lower())),
    (U + r" is retired\.?$", lambda m: ("job", "retired")),
    (U + r" is an? (retired [^.]+?)\.?$", lambda m: ("job", m.group(1).lower())),
    (U + r" works in ([a-z].+?)\.?$", lambda m: ("job", "in " + m.group(1))),
    (U + r"'?s favou?rite (.+?) is (.+?)\.?$", lambda m: (f"favourite:{m.group(1).lower()}", m.group(2))),
    (U + rf" is ({NATIONALITIES})\.?$", lambda m: ("nationality", m.group(1))),
    (U + r"'?s name is (.+?)\.?$", lambda m: ("name", m.group(1))),
    (U + r" goes by (.+?)\.?$", lambda m: ("nickname", m.group(1))),
    (U + r" is (\d{1,3}) years old\.?$", lambda m: ("age", m.group(1))),
    (U + r"'?s birthday is (?:on )?(.+?)\.?$", lambda m: ("birthday", m.group(1))),
    (U + r" is allergic to (.+?)\.?$", lambda m: (f"allergy:{m.group(1).lower()}", m.group(1).lower())),
    (U + r" is lactose intolerant\.?$", lambda m: ("intolerance:lactose", "lactose")),
    (U + r" (?:cannot|can't) eat (.+?)\.?$", lambda m: (f"intolerance:{m.group(1).lower()}", m.group(1).lower())),
    (U + r" is intolerant to (.+?)\.?$", lambda m: (f"intolerance:{m.group(1).lower()}", m.group(1).lower())),
    (U + r" is pregnant\.?$", lambda m: ("condition", "pregnant")),
    (U + r" has ((?:type \d )?diabetes|coeliac disease|asthma|epilepsy|high blood pressure|migraines)\.?$",
     lambda m: ("condition", m.group(1).lower())),
    (U + r" uses an? (wheelchair|walking stick|mobility scooter)\.?$", lambda m: ("mobility", m.group(1).lower())),
    (U + r" has ((?:type \d )?diabetes|motion sickness|hay fever)\.?$", lambda m: ("condition", m.group(1).lower())),
    (U + r" is ((?:partially |completely |almost )?(?:deaf|blind|hard of hearing|visually impaired|autistic|dyslexic|epileptic|"
         r"an(?:a)?emic|disabled|colou?r-?blind))\.?$", lambda m: ("condition", m.group(1).lower())),
    (U + r" is a keen (.+?)\.?$", lambda m: (f"hobby:{m.group(1).lower()}", m.group(1).lower())),
    (U + r" (?:works (\d.+?)|is off (.+?)|starts work at (.+?))\.?$", lambda m: ("schedule", next(g for g in m.groups() if g))),
    (U + r" takes (.+?)\.?$", lambda m: ("medication", m.group(1).lower())),
    (rf"{U} is (?:an? )?({DIET_WORDS})\b", lambda m: ("diet", m.group(1).lower())),
    (U + r" eats (meat|everything|anything)\b", lambda m: ("diet", "eats meat" if m.group(1) == "meat" else "everything")),
    (U + r" does not (?:eat|drink) (.+?)\.?$", lambda m: (f"preference:{m.group(1).lower()}", f"no {m.group(1).lower()}")),
    (U + r" doesn't (?:eat|drink) (.+?)\.?$", lambda m: (f"preference:{m.group(1).lower()}", f"no {m.group(1).lower()}")),
    (U + r" avoids (.+?)\.?$", lambda m: (f"preference:{m.group(1).lower()}", f"no {m.group(1).lower()}")),
    (U + r"'?s budget is (.+?)\.?$", lambda m: ("budget", m.group(1))),
    *MONEY,
    (U + r"'s (?:[\w-]+ )*?([\w-]+) budget is (.+?)\.?$", lambda m: (f"budget:{m.group(1).lower()}", m.group(2))),  # 'monthly rent'
    (U + r"'s budget for (?:the |a |an |their |his |her )?(?:[\w-]+ )*?([\w-]+) is (.+?)\.?$",
     lambda m: (f"budget:{m.group(1).lower()}", m.group(2))),
    (U + r" has an? (\w+) appointment((?: on \w+)?(?: at [\d:]+)?)\.?$",
     lambda m: (f"appointment:{m.group(1).lower()}", " ".join(m.group(2).replace(" on ", " ").replace(" at ", " ").split()))),
    (U + r" (?:lives|now lives|moved) (?:in|to) (.+?)\.?$", lambda m: ("home city", m.group(1))),
    (U + r"'?s time ?zone is (.+?)\.?$", lambda m: ("timezone", m.group(1))),
    (U + r" has a (?:flight|trip) to (.+?)(?: on .*)?\.?$", lambda m: ("trip", m.group(1))),
    (U + r" works as an? (.+?)\.?$", lambda m: ("job", m.group(1).lower())),
    (U + rf"'?s ({REL}) is (?:called|named) (.+?)\.?$", lambda m: (relative_slot(m.group(1), m.group(2)), m.group(2))),
    (U + rf"'?s ({PET}) is (?:now )?(?:called|named) (.+?)\.?$", lambda m: (f"pet:{m.group(1).lower()}", m.group(2))),
    (U + rf" has an? ({REL}) (?:called|named) (.+?)\.?$", lambda m: (relative_slot(m.group(1), m.group(2)), m.group(2))),
    # 'has a cat named Pickle' and 'has a cat named Moth': two cats, so the name is part of the slot
    (U + rf" has an? ({PET}) (?:called|named) (.+?)\.?$",
     lambda m: (f"pet:{m.group(1).lower()}:{m.group(2).lower()}", m.group(2))),
    (U + rf"'?s ({REL}) ((?-i:[A-ZÀ-Ý])[\w'’ -]*?) is (\d+) years old\.?$",  # the name with its age: 'Pablo, 9'
     lambda m: (relative_slot(m.group(1), m.group(2)), f"{m.group(2)}, {m.group(3)}")),
    (U + rf"'?s ({PET}) ((?-i:[A-ZÀ-Ý])[\w'’ -]*?) is (\d+) years old\.?$", lambda m: (f"pet:{m.group(1).lower()}", f"{m.group(2)}, {m.group(3)}")),
    (U + rf" has an? ({PET})\.?$", lambda m: (f"pet:{m.group(1).lower()}", m.group(1).lower())),
    (U + r"'?s flight is ([^,]+?)(?:,.*)?\.?$", lambda m: (f"flight:{m.group(1)}", m.group(1))),
    (U + r" has (?:an? )?((?:left |right )?(?:(?:Achilles|ankle|elbow|foot|hip|knee|lower back|shoulder|wrist) )?(?:[\w-]*(?:itis|acia)|injury))\.?$",
     lambda m: ("condition", m.group(1))),  # a condition of one joint (slots_conditions.sited): 'left wrist tendinitis'
    (U + r" has ((?:[\w'’-]+ )?(?:[\w'’-]*(?:itis|osis|ism|emia|aemia|pathy|algia)|[A-Z]{2,5}|[\w'’ -]+ (?:disease|disorder|syndrome|condition|problems)|"
         r"anxiety|depression|arthritis|cancer|lupus|psoriasis|eczema|gout|dyslexia|autism|insomnia|sleep apnoea|sleep apnea|"
         r"tinnitus|glaucoma|hearing loss|chronic pain|long covid|a pacemaker|(?:an? )?(?:bad |chronic )?(?:back|knee|hip)))\.?$",
     lambda m: ("condition", rx.sub(r"^an? ", "", m.group(1)))),
    (U + r" has a meeting with " + TITLE + r"(\S+)[^.]*? at " + TIME, lambda m: (f"meeting:{m.group(1).lower()}", m.group(2))),
    (r"^([\w'-]+(?: [\w'-]+)?)'s birthday is (?:on )?(.+?)\.?$", lambda m: (f"birthday:{m.group(1).lower()}", m.group(2))),
    (U + r" (?:has )?booked (?:the )?(.+?)\.?$", lambda m: (f"booking:{m.group(1).lower()}", m.group(1))),
    (U + r" is staying at (?:the )?(.+?)\.?$", lambda m: ("hotel", m.group(1))),  # one hotel at a time (slots_life.found_hotel)
    (U + r" prefers (.+?)\.?$", lambda m: (f"preference:{m.group(1).lower()}", m.group(1).lower())),
    (U + r" (likes|loves|enjoys) (.+?)\.?$", lambda m: (f"preference:{m.group(2).lower()}", f"likes {m.group(2).lower()}")),
    (U + r" (?:dislikes|hates) (.+?)\.?$", lambda m: (f"preference:{m.group(1).lower()}", f"dislikes {m.group(1).lower()}")),
    (U + r" plays (?:the )?(.+?)\.?$", lambda m: (f"hobby:{m.group(1).lower()}", f"plays the {m.group(1).lower()}")),
    (U + r" works (nights|night shifts|early shifts|shifts|weekends|part-time|full-time|from home)\.?$", lambda m: ("schedule", m.group(1).lower())),
    # open slots (slots_open.py): languages, hobbies, vehicles
    (U + r" (?:speaks|is learning) (.+?)\.?$", lambda m: (f"language:{m.group(1).lower()}", m.group(1))),
    (U + r" (?:drives|rides) (?:an? )?(.+?)\.?$", lambda m: ("vehicle", m.group(1))),
    (U + r" has an? (motorbike|motorcycle|scooter|e-bike|bike|bicycle|van|camper(?:van)?|moped|electric car)\.?$", lambda m: ("vehicle", m.group(1))),
    (U + r" cycles everywhere\.?$", lambda m: ("vehicle", "bike")),
    (U + r" (?:goes|does|paints|draws|knits|sews|bakes|brews|gardens|surfs|skis|swims|climbs|hikes|dances|sings|runs|rows|"
         r"boxes|fishes|skates|sails|dives|crochets|fences|writes|cooks|collects|builds) (.+?)\.?$",
     lambda m: (f"hobby:{m.group(1).lower().split()[-1]}", m.group(1).lower())),
]]


TAKEN_BACK = [(re.compile(p, re.I), f) for p, f in [  # a fact that takes another back, in a live model's words too
    (U + r" (?:has )?(?:withdrawn|withdrew|dropped|cancelled|canceled|called off|abandoned|scrapped|given up|gave up) "
         r"(?:the |their |his |her |a |an )?(?:plan (?:of|to|for) )?(?:an? |the )?(.+?)\.?$", lambda m: ("retract", m.group(1).lower())),
    (U + r"'s (\w+(?: \w+)?) (?:has )?(?:died|passed away|is dead|was sold|was stolen|got stolen)\.?$",
     lambda m: ("retract", m.group(1).lower())),  # "The user's rabbit Copito has died."
    (U + r" (?:is )?no longer (.+?)\.?$", lambda m: ("retract", m.group(1).lower())),  # every 'no longer': the rest is
]]  # what it takes back ('lives in lyon', 'takes metformin', 'a vegetarian'), read again by memory_ops.retracted
STOP = {"a", "an", "the", "to", "for", "of", "by", "on", "in", "at", "with", "is", "has", "have", "their", "his", "her", "and",
        "user", "user's", "about", "from", "any", "more", "longer", "no", "not"}
WHEN_WORDS = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august|"
                        r"september|october|november|december|\d+(?:[:.]\d+)?(?:st|nd|rd|th|am|pm)?|am|pm|the|on|at)\b", re.I)


def content(text: str) -> set[str]:
    """The content words of a fact, each cut to its first four letters ('saves' and 'save' alike)."""
    return {w[:4] for w in rx.findall(r"[\w'-]+", text.lower()) if w not in STOP}


def covers(taken: str, fact: str) -> bool:
    """Does a retracted value ('commutes by car', 'plans to buy a house') name the stored fact ('The user commutes to
    work by car.')? All its content words are in the fact, or three or more and three in four of them."""
    want, have = content(taken), content(fact)
    hit = len(want & have)
    return bool(want) and (hit == len(want) or (hit >= 3 and hit / len(want) >= 0.75))


def skeleton(fact: str) -> str:
    """A fact without its days, dates, times and numbers: two facts with the same skeleton say the same thing at
    another time ('… follow-up on Tuesday at 14:30.' and '… on Wednesday at 14:30.')."""
    return " ".join(WHEN_WORDS.sub(" ", fact.lower().rstrip(". ")).replace(" and ", " ").split())


WORKS_AS = re.compile(U + r" works as (?:an? )?(.+?)\.?$", re.I)
IS_A = re.compile(U + r" is (?:now )?an? (.+?)\.?$", re.I)
LEARNER = {"student", "apprentice", "trainee", "intern"}  # 'a PhD student in chemistry', 'an apprentice baker'


def job_said(fact: str) -> str | None:
    """The job of 'The user is a nurse.', 'The user is an apprentice baker.' (a job the concept lexicon knows, or a
    student, apprentice, trainee or intern of something), else None: 'The user is a keen cyclist' is no job."""
    from course_lib.model.offline.lang.concepts import canon

    if not (m := IS_A.search(fact)):
        return None
    said = m.group(1).lower()
    core = rx.split(r" (?:in|at|for|with|from) ", said)[0]
    words = core.split()
    return said if words and (canon("job", core) or LEARNER & {words[0], words[-1]}) else None


def about(fact: str) -> tuple[str | None, str | None]:
    """(slot, value) of a third-person fact, or (None, None) if no pattern knows it."""
    fact = fact.strip()
    for pattern, read in TAKEN_BACK:  # before the event reader: 'dropped the plan of a trip to Japan' is no trip
        if (m := pattern.search(fact)):
            return read(m)
    if (m := WORKS_AS.search(fact)):  # before the event reader: 'works as head chef at a restaurant in Soho' is no trip;
        hours = rx.search(r"\d:\d\d|day\b", fact)  # 'works as a barista Monday to Friday from 07:00': hours, next to the job
        return ("schedule" if hours else "job"), m.group(1).lower()
    if (event := about_event(fact)):  # an event, by the reader that wrote it (lang/events.py)
        return event
    for pattern, read in PATTERNS:
        m = pattern.search(fact)
        if m:
            slot, value = read(m)
            return slot, value.strip()
    return ("job", job) if (job := job_said(fact)) else (None, None)


def single(slot: str | None) -> bool:
    """Does a new value on this slot replace the old one (True), or sit next to it (multi-valued)?"""
    if slot is None or slot in MULTI_VALUED:
        return False
    if slot.startswith("relative:"):
        return slot.split(":")[1] in SINGULAR_RELATIVES  # one wife at a time; a second son is another son
    return True

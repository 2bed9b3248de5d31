"""Clauses: one sentence cut at its contrast and reported-speech boundaries, so a value is credited to the clause
that says it.

    "Ana's vegan btw, I'm not"                      -> "Ana's vegan btw" (Ana) | "I'm not" (the user)
    "non sono più allergico ai crostacei, l'allergologo dice che è passata"
                                                    -> "non sono più allergico ai crostacei" | "l'allergologo dice"
                                                       | "è passata" (reported: the allergist's words)
    "I'm vegetarian, my friends aren't"             -> the user | the friends

The readers still read the whole sentence (a name and its nickname may sit in two clauses); afterwards a value
found only in a clause about someone else, or in words reported from someone else, is not stored as the user's
(`credited`). Boundaries: a comma or semicolon, 'but'/'though' and their equivalents, and the complementiser
after a verb of saying ('that', 'dass', 'que', 'che').
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.lexicon import POSSESSIVE
from course_lib.model.offline.lang.who import DONE_TO_ME, MINE, REL, who

BOUNDARY = re.compile(r"\s*[,;:]\s+|\s+(?=(?:but|though|although|whereas|aber|obwohl|während|mais|alors que|pero|aunque|"
                      r"mientras|mas|embora|enquanto|ma|però|mentre)\b)|(?<!\bme)(?<!\bi)(?<!\bmoi)(?<!\bich)(?<!\byo)(?<!\beu)(?<!\bio)\s+(?=(?:and|und|et|y|e)\s+(?:the|my|our|his|her|their|mein\w*|"
                      r"unser\w*|mon|ma|mes|notre|nos|mi|mis|nuestr\w+|meu|minha|meus|minhas|nosso|nossa|mio|mia|miei|nostr\w)\s)"
                      r"|\s+(?=(?:and|und|et|y|e)\s+(?:i|ich|je|j'|yo|eu|io|moi)\s+(?!(?:are|were|have|'ve|both|will|sind|haben|waren|beide|sommes|avons|allons|somos|"
                      r"tenemos|vamos|estamos|siamo|abbiamo|andiamo|temos|vamos)\b))"  # '…, e io sto a Trento': the user's own clause
                      r"|\s+(?=(?:and|und|et|y|e)\s+(?:is|ist|est|es|é|è)\s)", re.I)  # '… se llama Carmen y es intolerante'
IMPERSONAL = (r"(?:même si|meme si|even if|auch wenn|aunque|mesmo que|anche se)\s+"
              r"(?:c'est|it'?s|it is|es ist|das ist|eso es|isso é|es|è|é|is|ist|est)\s+"
              r"(?!(?-i:[A-ZÀ-Ý])|(?:my|mein\w*|mon|ma|mes|mi|mis|meu|minha|mio|mia|our|unser\w*|notre|nuestr\w+|nosso|nossa|nostr\w)\b)")  # 'même si c'est vegan' 
COPULA_ONLY = re.compile(r"^\W*(?:and|und|et|y|e)\s+(?:is|ist|est|es|é|è)\s", re.I)
RELATIVE_FIRST = re.compile(rf"^\W*{POSSESSIVE}\s+(?:\w+\s+)?(?:{REL})\b", re.I)
ALLERGY_IS = re.compile(  # 'la alergia es al melocotón', 'the allergy is to peach', "l'allergie c'est aux noix": the user's own
    r"^\W*(?:(?:and|und|et|y|e|but|aber|mais|pero|mas|ma)\s+)?(?:the|die|la|l'|el|a|il)\s*(?:allerg\w*|alerg\w*|intoleran\w*|intolleranz\w*)\b", re.I)
BUDGET_IS = re.compile(  # 'and the budget is around $2,500', 'y el presupuesto es de …': a budget said by the user is theirs
    r"^\W*(?:(?:and|und|et|y|e|but|aber|mais|pero|mas|ma)\s+)?(?:the|our|das|unser\w*|le|notre|el|nuestro|o|nosso|il|nostro)\s+"
    r"(?:\w+\s+)?(?:budget|presupuesto|or[çc]amento|limit|limite|l[íi]mite)\b", re.I)
OTHERS = re.compile(  # 'the kids are vegan', 'my friends aren't', 'the waiter is vegan': a subject that is not the user
    r"^\W*(?:(?:and|und|et|y|e|but|aber|mais|pero|mas|ma)\s+)?(?:(?:the|my|his|her|their|die|meine|les|mes|los|las|mis|os|as|meus|"
    r"minhas|(?-i:i)|le|miei|mie)\s+(?:\w+\s+)?(?:are|were|have|sind|haben|sont|ont|son|tienen|são|têm|sono|hanno)"
    r"|(?:the|der|die|le|la|el|il|lo|o|a)\s+(?:\w+\s+)?(?:is|was|has|ist|hat|est|a|es|tiene|é|tem|è|ha))\b"
    r"|^\W*(?:(?:and|und|et|y|e|but|aber|mais|pero|mas|ma)\s+)?" + IMPERSONAL, re.I)

SAYS = re.compile(r"(?<!let's )(?<!let us )\b(?:(?P<belief>thinks|thought|reckons|believes|glaubt|meint|pense|croit|piensa|cree|"
                  r"acha|pensa|crede|meinte|glaubte|pensait|pensaba|achava|pensava)|says|said|told me|tells me|claims|claimed|"
                  r"sagt|sagte|dit|a dit|affirme|dice|dijo|diz|disse|ha detto)\b"
                  r"\s*(?:that|dass|que|qu'|che)?\s*", re.I)
SPEAKER = re.compile(r"^\W*(?:i|we|ich|wir|je|j'|yo|eu|io|moi|nous|noi|nós|nosotros)\b", re.I)  # 'I think …' is the user's
FIRST_PERSON = re.compile(r"^\W*(?:i|i'm|we|ich|wir|je|j'|yo|eu|io|moi|my|mein\w*|mon|ma|mi|meu|minha|mio|mia|soy|estoy|tengo|sou|"
                          r"estou|tenho|sono|ho|suis|bin|habe)\b", re.I)


def clauses(sentence: str) -> list[tuple[str, str]]:
    """(clause, whom it is about: 'self', 'other', 'agent' or 'reported') for each clause of one sentence."""
    out: list[tuple[str, str]] = []
    for part in (p for p in BOUNDARY.split(sentence) if p and p.strip()):
        before = SAYS.search(out[-1][0]) if out and out[-1][1] != "self" else None
        if before and before.end() >= len(out[-1][0].rstrip()):  # 'Der Kellner meinte, die Suppe sei vegan'
            own = FIRST_PERSON.match(part) and not before.group("belief")  # 'The doctor said, I have asthma'
            out.append((part, "self" if own else "reported"))
            continue
        said = SAYS.search(part)
        if said and said.end() < len(part) and not SPEAKER.match(part):  # "l'allergologo dice che è passata"
            content = part[said.end():]  # what was said: the user's own fact when it is about the user and not a belief
            own = FIRST_PERSON.match(content) and not said.group("belief")  # 'the doctor told me I'm allergic to latex'
            out.append((part[:said.end()], who(part[:said.end()])))
            out.append((content, "self" if own else "reported"))
        elif out and COPULA_ONLY.match(part) and RELATIVE_FIRST.match(out[-1][0]):  # 'Mi esposa se llama Carmen
            out.append((part, "other"))  # y es intolerante a la lactosa': the same subject as the clause before
        else:
            whom = who(part)
            out.append((part, "other" if whom == "self" and OTHERS.match(part) and not MINE.search(part) and not BUDGET_IS.match(part)
                        and not ALLERGY_IS.match(part) and not DONE_TO_ME.search(part) else whom))  # 'der Arzt hat mir X verschrieben'
    return out


def credited(sentence: str, value: str) -> bool:
    """May `value` (as the reader found it, before it was put in canonical form) be stored as the user's? False only
    when every clause that contains it is about someone else or reports someone else's words; a value no single
    clause contains (it spans two) is credited."""
    word = value.lower().removeprefix("allergic to ").removeprefix("takes ").strip()
    holding = [whom for text, whom in clauses(sentence) if word and rx.search(rf"(?<!\w){re.escape(word)}(?!\w)", text.lower())]
    return not holding or any(whom in ("self", "agent") for whom in holding)

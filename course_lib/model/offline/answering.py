"""A user message that answers the agent's question, read together with the request it answers.

The offline agent asks instead of guessing ("To book, I need the time and how many people."); the answer ("8:30pm,
two of us") says nothing on its own. `confirmation_answered` finds the request behind an answer to one of this model's
own questions (they open with a fixed phrase), `details_answered` behind an answer to anyone's question about what a
table still needs ("Lovely choice! What time would you like, and how many people?"): the two turns are then read as
one request, the answer winning where both say something.
"""
from __future__ import annotations

import re

from course_lib.model.amounts import party_sizes
from course_lib.model.offline import booking, repeats, skills
from course_lib.model.offline.intents import intent
from course_lib.model.offline.places import known_cities
from course_lib.model.offline.reading import find_cuisine
from course_lib.model.offline.reply import Messages
from course_lib.model.offline.party import other_sizes
from course_lib.model.offline.slots import as_answer, bare_size
from course_lib.model.offline.speak import in_english
from course_lib.model.when import DAY_PATTERN, clock_time

ASK_TO_CONFIRM = "Before I go ahead with"  # opens the question about old high-stakes facts


def confirmation_answered(messages: Messages, last_user: int) -> str | None:
    """The request the user is answering, if the last user message answers this model's question about old facts
    or about what a booking still needs."""
    said: list[str] = []  # the user's earlier turns of this exchange, back to the request first asked about
    while True:
        before = messages[last_user - 1] if last_user >= 2 else {}
        if before.get("role") != "assistant" or not str(before.get("content") or "").startswith(
                (ASK_TO_CONFIRM, *booking.ASK_BOOKING, repeats.ASK_NEAR, skills.ASK_SLOTS)):
            return "\n".join(said) if said else None
        at = user_turn_before(messages, last_user - 1)  # tool turns may lie between
        if at is None:
            return "\n".join(said) if said else None
        if said:  # the answer after this question, read as the question asked ("3" to "how many people?")
            said[0] = as_answer(in_english(str(before.get("content") or "")), said[0])
        said.insert(0, str(messages[at].get("content") or ""))
        last_user = at


ASKS_DETAILS = re.compile(  # an assistant's question about what a booking still needs, in any of the six languages
    r"\b(?:what time|which time|how many|which day|what day|for how many|which (?:place|restaurant)|um wie viel uhr|wie viel uhr|"
    r"wann|wie viele|f[üu]r wie viele|welche[nsr]? (?:tag|uhrzeit|restaurant)|quelle heure|[àa] quelle heure|combien|quel jour|"
    r"quel restaurant|a qu[ée] hora|qu[ée] hora|cu[áa]nt[oa]s|qu[ée] d[íi]a|qu[ée] restaurante|que horas|a que horas|quant[oa]s|"
    r"que dia|qual restaurante|che ora|a che ora|quant[ei]|che giorno|quale ristorante|il posto|l'orario|orario|"
    r"where|which city|wo|wohin|welche stadt|où|quelle ville|d[óo]nde|qu[ée] ciudad|onde|que cidade|dove|quale citt[àa])\b", re.I)
HOW_MANY = re.compile(r"\b(?:how many|wie viele|combien|cu[áa]nt[oa]s|quant[oa]s|quant[ei])\b", re.I)  # a size question
TABLE_TALK = re.compile(r"\b(?:book|reserve|table|dinner|lunch|eat out|restaurant|thinking of|tisch|reservier\w*|essen gehen|"
                        r"abendessen|r[ée]serv\w*|d[îi]ner|d[ée]jeuner|reserv\w*|mesa|cena|comida|almo[çc]o|jantar|prenot\w*|"
                        r"tavolo|pranzo|ristorante)\b", re.I)


def details_answered(messages: Messages, last_user: int) -> str | None:
    """The user's earlier request about a table, if the last user message answers a question about what it still
    needs that someone else asked ('Lovely choice! What time would you like, and how many people?' -> '8.15pm, table
    for three please.'): the two turns are read as one request, the answer winning where both say something. The one
    restaurant that question offered is the one meant when neither user message names one."""
    before = messages[last_user - 1] if last_user >= 2 else {}
    asked, answer = str(before.get("content") or ""), str(messages[last_user].get("content") or "")
    if before.get("role") != "assistant" or "?" not in asked or not (ASKS_DETAILS.search(asked) or len(known_cities(asked)) > 1):
        return None  # a question about what a table needs, or a choice of cities ("Berlin or Paris?")
    if "?" in answer or not (gives_a_detail(answer) or bare_size(answer) and HOW_MANY.search(asked)):
        return None  # an answer gives a time, a day or a party size ("zwölf" to "Für wie viele Personen?"), asks nothing
    at = user_turn_before(messages, last_user - 1)
    earlier = str(messages[at].get("content") or "") if at is not None else ""
    kind = intent(earlier) if earlier else None
    named = kind == "unknown" and PLACE_NAME.search(earlier[1:])  # 'We'd love to try Linse & Lauch on Saturday.'
    party = party_sizes(earlier) or find_cuisine(earlier)  # "we're three people tonight", "a proper steak on Friday"
    if not (earlier and (TABLE_TALK.search(earlier) or kind in ("book", "restaurant") or named or party)):
        return None
    offered = [m.group(0) for m in PLACE_NAME.finditer(asked) if not known_cities(m.group(0))]
    from course_lib.model.offline.booking import named_place  # (booking reads this module's answers)

    if len(offered) == 1 and named_place(earlier) is None and named_place(answer) is None:
        return f"{earlier}\nat {offered[0]}."  # 'Spree Dumpling House would be a good fit. What time?' -> '8pm, just us': that place
    return earlier


def user_turn_before(messages: Messages, i: int) -> int | None:
    """The index of the last user message before message `i`, or None."""
    return next((j for j in range(i - 1, -1, -1) if messages[j].get("role") == "user"), None)


def gives_a_detail(text: str) -> bool:
    """Does a message give a time, a day or a party size (what a booking question asks for)?"""
    return bool(clock_time(text).value or party_sizes(text) or other_sizes(text) or DAY_PATTERN.search(text))


PLACE_NAME = re.compile(r"\b[A-ZÀ-Ý][\w'’-]+(?:\s+(?:&|and|et|y|e|und)?\s*[A-ZÀ-Ý][\w'’-]+)+")  # two capitalised words

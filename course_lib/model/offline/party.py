"""Party sizes for a booking that amounts.py leaves to the agent, in six languages.

    other_sizes("só eu")                 == {1}    # "solo io", "nur ich", "juste moi": a party of one
    other_sizes("vamos em 4")            == {4}    # "siamo in due", ", in due"
    other_sizes("saremo io e loro due")  == {3}    # "me and the other two": the number and the speaker
    other_sizes("arrivo in 10 minuti")   == set()  # "in" + a number of minutes, hours, days is no party
    other_sizes("eu, minha mulher e nossos dois filhos") == {4}  # the speaker and each person named: 1 + 1 + 2
    other_sizes("io e i miei amici")     == set()  # a plural without its number: how many is not said
"""
from __future__ import annotations

import re

from course_lib.model.amounts import GROUP_NOUN, SMALL_NUMBER, number

ONLY_ME = re.compile(r"(?i:\b(?:só eu|somente eu|apenas eu|eu sozinh[oa]|solo yo|yo sol[oa]|solo io|io da sol[oa]|"
                     r"nur ich|ich allein|juste moi|moi seul\w*|rien que moi|alone|by myself|on my own)\b)"
                     r"(?!\s+(?:and|und|et|y|e|com|con|mit|with|avec)\b)")  # "só eu", "solo io": a party of one
WE_IN_N = re.compile(rf"(?i:\b(?:(?:vamos|somos|seremos|estaremos|vimos|iremos)\s+em|(?:siamo|saremo|veniamo|andiamo)\s+in|"
                     rf"(?<!\w )in)\s+({SMALL_NUMBER})(?!\w)(?!\s*(?:ore|minut\w*|giorn\w*|settiman\w*|mes\w*|anni|"
                     rf"hours?|minutes?|days?|weeks?|horas?|dias?|semanas?|\d|:)))")  # "vamos em 4", "in due": a size
ME_AND_N = re.compile(rf"(?i:\b(?:me|i|io|eu|yo|moi|ich)\s+(?:and|e|y|et|und)\s+(?:(?:the|die|les|los|las|os|as|i|le)\s+)?"
                      rf"(?:loro|them|ellos|ellas|eux|elles|sie|eles|elas|other|outros|otros|altri|anderen|autres)?\s*"
                      rf"({SMALL_NUMBER})\b(?!\s*(?:{GROUP_NOUN}|h\b|uhr|:)))")  # "io e loro due", "me and the other two": N + 1


# A party listed person by person, the speaker first: "me and my wife", "para mi y mis 3 amigos", "eu, minha mulher e
# nossos dois filhos". One person per singular noun, N per "N <plural>"; a plural without a number ("my kids")
# leaves the size unsaid, so the list counts nothing and the agent asks.
ONE_PERSON = (r"wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|friend|mum|mom|mother|dad|father|son|daughter|"
              r"brother|sister|colleague|boss|kid|child|baby|moglie|marito|ragazz[ao]|fidanzat[ao]|amic[oa]|mamma|"
              r"madre|pap[àa]|padre|figli[oa]|fratello|sorella|collega|mujer|esposa|esposo|marido|novi[oa]|amig[oa]|"
              r"mam[áa]|pap[áa]|hij[oa]|herman[oa]|compañer[oa]|jefe|mulher|namorad[oa]|m[ãa]e|pai|filh[oa]|irm[ãa]o?|"
              r"colega|femme|mari|copain|copine|ami|amie|m[èe]re|p[èe]re|fils|fille|fr[èe]re|s[œo]e?ur|coll[èe]gue|frau|"
              r"mann|freund|freundin|partnerin|mutter|vater|sohn|tochter|bruder|schwester|kollegin|kollege")
MANY_PEOPLE = (rf"{GROUP_NOUN}|sons|daughters|brothers|sisters|figlie|hijas|hermanos|hermanas|filhas|irmãos|irmãs|"
               r"fils|filles|frères|sœurs|soeurs|söhne|töchter|brüder|schwestern|fratelli|sorelle|people|persone|"
               r"personas|pessoas|personnes|leute")
POSSESSIVE = (r"(?:(?:my|our|mia|mio|mie|miei|nostr[aoie]|mi|mis|nuestr[oa]s?|meu|minha|meus|minhas|noss[oa]s?|mon|ma|"
              r"mes|notre|nos|meine?[nm]?|unser[e]?[nm]?)\s+)")
ARTICLE = r"(?:(?:the|la|il|le|i|los|las|el|o|a|os|as|les|die|der|den)\s+)?"
ITEM = rf"{ARTICLE}{POSSESSIVE}(?:({SMALL_NUMBER})\s+({MANY_PEOPLE})|({ONE_PERSON}))\b"
JOIN = r"(?:\s*,\s*|\s+(?:and|e|y|et|und|with|con|com|mit|avec)\s+)"
LISTED = re.compile(rf"(?i:\b(?:i|me|myself|io|eu|yo|mi|mí|moi|ich)(?:{JOIN}{ITEM})+)")
ITEM_RE = re.compile(rf"(?i:{JOIN}{ITEM})")


# The list must be all of it: "me and my wife and our kids", "my wife's parents", "ma femme et moi et …" say more
MORE_AFTER = re.compile(rf"(?i:^(?:'s|’s)\b|^{JOIN}(?:{POSSESSIVE}|(?:the|les|los|las|os|as|i|le|die|de)\s|"
                        rf"{SMALL_NUMBER}\b|(?:{MANY_PEOPLE}|{ONE_PERSON})\b))")
MORE_BEFORE = re.compile(rf"(?i:\b(?:{MANY_PEOPLE}|{ONE_PERSON}){JOIN}$)")


def listed(part: str) -> set[int]:
    """The size of a party listed person by person after the speaker ("io e mia moglie": 2), or nothing."""
    sizes = set()
    for m in LISTED.finditer(part):
        if MORE_AFTER.search(part[m.end():]) or MORE_BEFORE.search(part[:m.start()]):
            continue
        items = [(number(i.group(1)) if i.group(1) else 1) for i in ITEM_RE.finditer(m.group(0))]
        if items and all(items):
            sizes.add(1 + sum(items))
    return {n for n in sizes if n <= 20}


def other_sizes(part: str) -> set[int]:
    """Party sizes amounts.py leaves to the agent: "só eu" / "solo io" (1), "vamos em 4" / "in due" (the number),
    "io e loro due" / "me and the other two" (the number and the speaker)."""
    sizes = {1} if ONLY_ME.search(part) else set()
    sizes |= {n for n in (number(m.group(1)) for m in WE_IN_N.finditer(part)) if n and n <= 20}
    sizes |= listed(part)
    return sizes | {n + 1 for n in (number(m.group(1)) for m in ME_AND_N.finditer(part)) if n and n < 20}

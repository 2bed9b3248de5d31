"""Pets named where slots_people's first reading stops: a second pet in a list, a pet just adopted, a pet renamed.

    Tengo un perro que se llama Ramón y una gata, Mora     -> the cat Mora too (each 'and a <pet>, <name>')
    adotamos um gatinho, o Tico / we adopted a puppy called Miso / adoptamos un gatito, se llama Mote
    Bello heißt jetzt Balu / agora ela se chama Paçoca / we renamed him Max   -> the pet said before has a new name
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.lexicon import PETS, alternation, canonical
from course_lib.model.offline.lang.names_said import NAME, NOT_NAMES

Found = tuple[str, str, str]
PET = alternation(PETS)
ONE = r"(?:a|an|one|un|une|una|um|uma|ein|eine|einen|another|noch eine?n?|otr[oa]|outr[oa]|un altr[oa]|un'altra)"
SMALL = r"(?:(?:new|little|young|neue[nr]?|kleine[nr]?|nouvelle|nouveau|petite?|nuev[oa]|pequeñ[oa]|nov[oa]|pequen[oa]|nuov[oa]|piccol[oa])\s+)?"
NAMED = (r"(?:,\s*(?:(?:o|a|la|el|il|le)\s+)?|\s+(?:called|named|namens|qui s'appelle|que se llama|que se chama|chamad[oa]|llamad[oa]|"
         r"che si chiama|di nome)\s+|,\s*(?:(?:he|she|it)(?:'s| is) called|(?:er|sie) hei(?:ß|ss)t|(?:il|elle) s'appelle|se llama|se chama|si chiama)\s+)")
LISTED = re.compile(rf"(?:\b(?:and|und|et|y|e|plus)\s+|\b(?:adopted|adoptiert|adopt[ée]|adoptamos|adopt[ée]|adotamos|adotei|adottato|"
                    rf"adottata|adottiamo|rescued)\s+){ONE}?\s*{SMALL}({PET})\b(?:\s+(?:from|aus|vom|de|du|da|do|dal|dalla|del)\s+[\w' ]{{1,25}}?)?{NAMED}{NAME}", re.I)  # 'de la protectora'
THEY = r"(?:he|she|it|er|sie|es|il|elle|ella|él|ela|ele|lei|lui)"
NOW = r"(?:now|jetzt|nun|maintenant|désormais|ahora|agora|ora|adesso)"
RENAMED = (rf"(?:^|\b){{old}}\s+(?:is called|'s called|is named|hei(?:ß|ss)t|s'appelle|se llama|se chama|si chiama)\s+(?:\w+\s+)?{NOW}\s+(?:\w+\s+)?{NAME}|"
           rf"(?:^|\b){{old}}\s+(?:\w+\s+)?{NOW}\s+(?:\w+\s+)?(?:is called|'s called|hei(?:ß|ss)t|s'appelle|se llama|se chama|si chiama)\s+{NAME}|"
           rf"\b{NOW},?\s+{THEY}\s+(?:se |s')?(?:is called|'s called|hei(?:ß|ss)t|appelle|llama|chama|chiama)\s+{NAME}|"
           rf"\b{NOW},?\s+(?:se llama|se chama|si chiama|s'appelle|hei(?:ß|ss)t(?: er| sie| es)?)\s+{NAME}|"  # the pronoun dropped: 'adesso si chiama Brontolo'
           rf"\brenamed (?:him|her|it|{{old}}) (?:to )?{NAME}|\b(?:umbenannt in|renomm[ée]e? en|rebautizad[oa] como|renomead[oa] para) {NAME}")


def more_pets(s: str) -> list[Found]:
    """Each pet named after 'and a <pet>' or 'adopted a <pet>' ('… y una gata, Mora', 'adotamos um gatinho, o Tico')."""
    out = []
    for m in LISTED.finditer(s):
        name = m.group(2)
        if name.split()[0] in NOT_NAMES:
            continue
        kind = canonical(PETS, m.group(1).lower()) or "pet"
        out.append((f"pet:{kind}", name, f"The user's {kind} is called {name}."))
    return out


def renamed_pet(s: str, context: list[Found]) -> list[Found]:
    """The new name of a pet named earlier: 'Bello heißt jetzt Balu', 'agora ela se chama Paçoca' (a pet said before)."""
    pets = [(slot, value.split(",")[0]) for slot, value, _ in context if slot.startswith("pet:") and value[:1].isupper()]
    if not pets and not rx.search(rf"\b(?:{PET})\b", s, re.I):
        return []
    for slot, old in reversed(pets or [("pet:pet", "")]):
        pattern = RENAMED.replace("{old}", re.escape(old) if old else r"(?!)")
        if (m := rx.search(pattern, s, re.I)) and (name := next(g for g in m.groups() if g)) != old and name.split()[0] not in NOT_NAMES:
            kind = slot.split(":")[1] if pets else (canonical(PETS, next(w for w in rx.findall(rf"\b(?:{PET})\b", s, re.I))) or "pet")
            return [(f"pet:{kind}", name, f"The user's {kind} is now called {name}.")]
    return []

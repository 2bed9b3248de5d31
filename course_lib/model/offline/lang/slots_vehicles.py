"""Vehicles named as the user named them: an English word kept ('bike', 'motorbike'), a word of another language put
in plain English ('bici', 'vélo', 'Fahrrad' -> bicycle; 'moto' -> motorcycle; 'E-Bike', 'bici elettrica' -> e-bike),
and the frames slots_open does not read: going somewhere by a vehicle ('vou de bike pro trabalho', 'voy en bici',
'je vais au boulot à vélo', 'vado in bici', 'ich fahre mit dem Rad') and one just bought ("je viens d'acheter un vélo
pliant", 'acabo de comprar una moto', 'I just bought a scooter').

    ich habe ein E-Bike -> e-bike      tengo una moto -> motorcycle      I have a bike -> bike
"""
from __future__ import annotations

import re

from course_lib.model.offline.lang.slots_open import found_owned_vehicle, found_vehicle

Found = tuple[str, str, str]
WORDS = {  # a vehicle word in any of the six languages -> its plain English name ('bike' and 'motorbike' kept when typed)
    "e-bike": r"e-?bikes?|pedelecs?|bici(?:cletta)? elettrica|v[ée]lo [ée]lectrique|bicicleta el[ée]ctrica|bicicleta el[ée]trica|elektrofahrrad|elektrorad",
    "folding bike": r"v[ée]lo pliant|bici(?:cleta)? plegable|bicicleta dobr[áa]vel|bici(?:cletta)? pieghevole|klapprad|folding bike",
    "kick scooter": r"trotinete|trottinette|patinete|monopattino|tretroller|kick scooter",
    "bicycle": r"bicycle|bici(?:cleta|cletta)?|bike|v[ée]lo|fahrrad|rad|velo|bicla|magrela",
    "motorcycle": r"motorcycle|motorbike|moto(?:cicleta|cyclette)?|motorrad|motor",
    "car": r"car|voiture|char|bagnole|coche|carro|auto|macchina|wagen",
}
ENGLISH = {"bike", "motorbike", "e-bike", "scooter"}  # typed in English: kept as typed
ANY = "|".join(f"(?P<{k.replace('-', '_').replace(' ', '_')}>{v})" for k, v in WORDS.items())
GO_BY = (r"\b(?:i (?:go|get|commute|cycle|ride)(?: to \w+)?|(?:eu )?vou|(?:yo )?voy|me muevo|je vais(?: au \w+| [àa] la \w+)?|je me d[ée]place|"
         r"(?:io )?vado|ich fahre|ich pendle)(?:\s+(?:al|alla|a la|al|ao|à|pro|pra|para o|zur|zum|to)\s+\w+)?\s+(?:by|on|de|en|na|no|[àa]|in|mit (?:dem|meinem|der|meiner))\s+(?:(?:my|un|una|uma|um|mi|mon|ma|il|la|el|o|a)\s+)?(?:" + ANY + r")\b")
BOUGHT = (r"\b(?:i (?:just |finally )?(?:bought|got)|je viens d'acheter|j'ai (?:enfin )?achet[ée]|acabo de comprar(?:me)?|(?:me )?compr[ée]|"
          r"comprei|acabei de comprar|ho (?:appena )?comprato|ich habe mir|ich hab mir)\s+(?:an?|un|une|una|uma|um|ein(?:e|en)?)\s+(?:new |nouveau |nouvelle |nuev[oa] |nov[oa] |nuov[oa] |neue[sn]? )?(?:" + ANY + r")\b")


def plain(m: re.Match[str]) -> str:
    """The English name of the vehicle a match names."""
    kind = next(k for k, v in m.groupdict().items() if v).replace("_", " ").replace("e bike", "e-bike")
    said = next(v for v in m.groupdict().values() if v).lower()
    english = re.match(r"\W*i\b", m.group(0), re.I)  # 'vou de bike': a loanword in another language is named in full
    return said if english and said in ENGLISH and kind in ("bicycle", "motorcycle", "e-bike") else kind


def found_vehicles(s: str) -> list[Found]:
    """The user's vehicle: slots_open's reading put in plain English, or going by or having bought one."""
    for pattern, verb in ((BOUGHT, "has"), (GO_BY, "gets around by")):
        if (m := re.search(pattern, s, re.I)) and not re.search(r"\b(?:not|don'?t|never|nicht|pas|no|n[ãa]o|non)\b", s[:m.start()], re.I):
            what = plain(m)
            return [("vehicle", what, f"The user {verb} {'an' if what[0] in 'aeiou' else 'a'} {what}." if verb == "has" else
                     f"The user {verb} {what}.")]
    found = found_vehicle(s) or found_owned_vehicle(s)
    out = []
    for slot, value, fact in found:
        new = {"electric bike": "e-bike", "motorbike": "motorcycle", "bike": "bicycle"}.get(value, value)
        typed = re.search(rf"\b{re.escape(value)}\b", s, re.I)  # 'I ride a motorbike': the user's own English word
        if new != value and not typed and fact.startswith("The user has") and not (value == "electric bike" and re.search(r"\be-?bike", s, re.I) is None):
            fact = fact.replace(value, new)
            value = new
        elif value == "electric bike":
            value, fact = "e-bike", fact.replace("an electric bike", "an e-bike")
        out.append((slot, value, fact))
    return out

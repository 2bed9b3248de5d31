"""Vehicles named as the user named them: an English word kept ('bike', 'motorbike'), a word of another language put
in plain English ('bici', 'vélo', 'Fahrrad' -> bicycle; 'moto' -> motorcycle; 'E-Bike', 'bici elettrica' -> e-bike),
and the frames slots_open does not read: going somewhere by a vehicle ('vou de bike pro trabalho', 'voy en bici',
'je vais au boulot à vélo', 'vado in bici', 'ich fahre mit dem Rad') and one just bought ("je viens d'acheter un vélo
pliant", 'acabo de comprar una moto', 'I just bought a scooter').

    ich habe ein E-Bike -> e-bike      tengo una moto -> motorcycle      I have a bike -> bike
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import forms, plain as fold
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
    english = rx.match(r"\W*i\b", m.group(0), re.I)  # 'vou de bike': a loanword in another language is named in full
    return said if english and said in ENGLISH and kind in ("bicycle", "motorcycle", "e-bike") else kind


def found_vehicles(s: str) -> list[Found]:
    """The user's vehicle: a make and model (found_models), slots_open's reading put in plain English, or going by or
    having bought one."""
    if (model := found_models(s)):
        return model
    for pattern, verb in ((BOUGHT, "has"), (GO_BY, "gets around by")):
        if (m := rx.search(pattern, s, re.I)) and not rx.search(r"\b(?:not|don'?t|never|nicht|pas|no|n[ãa]o|non)\b", s[:m.start()], re.I):
            what = plain(m)
            return [("vehicle", what, f"The user {verb} {'an' if what[0] in 'aeiou' else 'a'} {what}." if verb == "has" else
                     f"The user {verb} {what}.")]
    found = found_vehicle(s) or found_owned_vehicle(s)
    out = []
    for slot, value, fact in found:
        new = {"electric bike": "e-bike", "motorbike": "motorcycle", "bike": "bicycle"}.get(value, value)
        typed = rx.search(rf"\b{re.escape(value)}\b", s, re.I)  # 'I ride a motorbike': the user's own English word
        if new != value and not typed and fact.startswith("The user has") and not (value == "electric bike" and rx.search(r"\be-?bike", s, re.I) is None):
            fact = fact.replace(value, new)
            value = new
        elif value == "electric bike":
            value, fact = "e-bike", fact.replace("an electric bike", "an e-bike")
        out.append((slot, value, fact))
    return out


# A vehicle named by its make and model ('a 2019 Peterbilt 579', 'mein Golf (Baujahr 2012)', 'una Panda 4x4 del 2012', 'mi
# coche, un Seat León', 'comprei um Hyundai Tucson usado, 2016'): the makes and the models known without their make are
# data (course_lib/data/concepts.json, families "make" and "vehicle": 'panda' -> Fiat Panda). It is the user's when a
# possessive, a first-person verb of having, driving or buying, or a vehicle word with an article comes right before it.
OWNS = (r"(?:\b(?:my|mein\w*|mon|ma|mi|meu|minha|mio|mia|our|unser\w*|notre|nuestr[oa]|noss[oa]|nostr[oa])\s+|"
        r"\b(?:i (?:drive|have|own|bought|got|ride|just bought)|i'?ve got|we (?:have|own|bought|got)|ich (?:fahre|fahr|habe|hab)(?: mir)?|"
        r"^\W*(?:fahr|fahre|hab|habe|tengo|tenho|ho|guido|comprei|compr[ée])|je (?:conduis|roule en)|j'ai(?: achet[ée])?|on a|on s'est achet[ée]|"
        r"je viens d'acheter|i just bought|acabo de comprar(?:me)?|acabei de comprar|ho appena comprato|"
        r"(?:yo )?(?:tengo|traigo|manejo|conduzco|compr[ée]|me compr[ée])|tenemos|(?:eu )?(?:tenho|comprei|conduzo|dirijo)|temos|"
        r"(?:io )?(?:ho|guido|ho preso|ho comprato)|abbiamo)\s+(?:(?:übrigens|noch|jetzt|now|still|also|auch|aussi|también|também|anche|"
        r"ancora|just|finally|enfin|endlich|finalmente|gerade|grad|ahora|agora|ora|ahorita|astheure)\s+)*|"
        r"\b(?:car|truck|van|auto|wagen|dienstwagen|firmenwagen|voiture|char|bagnole|coche|carro|carrinha|macchina|moto|motorbike|scooter|"
        r"bike|bici|v[ée]lo|camping-car)\s*(?:,|:|\bis|\bist|\bc'est|\bes|\b[ée]|\b[èe])\s*)"
        r"(?:(?:a|an|un|une|una|uma|um|ein|eine|einen|nen|ne|'na|na|le|la|el|il|lo|o|a)\s+|un'|l')?"
        r"(?:(?:old|new|little|used|vieille|vieux|vieja|viejo|velh[oa]|vecchi[oa]|alte[nrs]?|neue[nrs]?|nouvelle|nouveau|nuev[oa]|nov[oa]|"
        r"nuov[oa]|petite?|pequeñ[oa]|piccol[oa]|kleine[nrs]?)\s+)*(?:(?P<before>(?:19|20)\d\d)\s+)?$")
YEAR_AFTER = re.compile(r"^\s*(?:,\s*|\(\s*)?(?:(?:baujahr|del|de|von|from|of|año|ano|anno|modelo|model)\s+)?(?P<year>(?:19|20)\d\d)\b", re.I)
EXTRAS = re.compile(r"^\s*(?P<x4>4x4\b)?\s*(?P<hybrid>(?:hybrid|hybride|h[íi]brid[oa]|ibrid[oa])\b)?", re.I)
NOT_A_CAR = r"\s*(?:shirts?|clubs?|courses?|lessons?|games?|handicap|match|balls?|bears?|express)\b"  # 'a Polo shirt', 'mein Golf-Handicap'


def model_at(words: list[str], i: int) -> tuple[str, int, bool] | None:
    """The make and model named from word i on (its English name, how many words, named with its make), or None."""
    low = [w.lower() for w in words]
    for n in (2, 1):  # 'alfa romeo', 'model 3', 'rav 4'
        if (model := forms("vehicle").get(fold(" ".join(low[i:i + n])))) and i + n <= len(words):
            return model, n, n > 1 and bool(forms("make").get(fold(low[i])))
        if (make := forms("make").get(fold(" ".join(low[i:i + n])))) and i + n <= len(words):
            rest = words[i + n:i + n + 2]
            if rest and (model := forms("vehicle").get(fold(rest[0]))):
                return model, n + 1, True  # 'vw golf' -> VW Golf
            said = [w for w in rest[:2] if rx.fullmatch(r"[A-Za-z]*\d[\w-]*|[A-Z][\w-]+|[a-z]\d[\w-]*|[a-z]+-[a-z]+", w)]  # 'Peterbilt 579', 'scania r450'
            said = said[:1] if said and not rx.search(r"\d", said[0]) and len(said) > 1 and not rx.search(r"\d", said[1]) else said
            if len(said) == 2 and rest[:2] != said:
                said = said[:1]
            model = " ".join([make] + [w if rx.search(r"[A-Z]", w) else w.upper() if rx.search(r"\d", w) else w.title() for w in said])
            return model, n + len(said), True
    return None


USED = r"^\s*(?:(?:usad[oa]|used|d'occasion|usag[ée]e?|usat[oa]|gebraucht\w*|de segunda mano|seminuev[oa])\b)?"
OLD = r"\b(?:old|vieille|vieux|vieja|viejo|velh[oa]|vecchi[oa]|alte[nrs]?)\s+(?:(?:19|20)\d\d\s+)?$"
DRIVES = r"drive|fahr|conduis|manejo|conduzco|conduzo|guido"


def found_models(s: str) -> list[Found]:
    """'I drive a 2019 Peterbilt 579' -> vehicle '2019 Peterbilt 579'; 'ho una Panda 4x4 del 2012' -> 'Fiat Panda 4x4 2012';
    'I drive an old Volvo' -> 'old Volvo' (said old and no year)."""
    spans = [(m.start(), m.end()) for m in rx.finditer(r"[\w'’-]+", s)]
    words = [s[a:b] for a, b in spans]
    for i in range(len(words)):
        if not (found := model_at(words, i)):
            continue
        model, n, with_make = found
        before, after = s[max(0, spans[i][0] - 60):spans[i][0]], s[spans[i + n - 1][1]:]
        own = rx.search(OWNS, before, re.I)
        if not own or rx.match(NOT_A_CAR, after, re.I) or rx.search(r"\b(?:sold|verkauft|vendu|vend[íi]|vendi|venduto)\b[^,;]*$", before, re.I):
            continue  # not the user's, not a car ('a Polo shirt'), or sold
        extras = EXTRAS.match(after)
        later = YEAR_AFTER.match(rx.sub(USED, "", after[extras.end():], flags=re.I))
        year = own.group("before") or (later.group("year") if later else None)
        if not (with_make or words[i][:1].isupper() or year or rx.search(DRIVES, own.group(0), re.I)):
            continue  # 'golf', 'panda' in lower case: a model only with its make, a year or a verb of driving
        name = model + (" 4x4" if extras.group("x4") else "") + (" hybrid" if extras.group("hybrid") else "")
        value = f"{year} {name}" if own.group("before") else f"{name} {year}" if year else \
            f"old {name}" if rx.search(OLD, before, re.I) else name
        verb = "drives" if rx.search(DRIVES, own.group(0), re.I) else "has"
        return [("vehicle", value, f"The user {verb} {'an' if value[0] in 'AEIOUo8' else 'a'} {value}.")]
    return []

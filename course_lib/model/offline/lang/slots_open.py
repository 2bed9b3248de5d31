"""Open slots: what the user does and has beyond the course's fixed slots (languages, hobbies, vehicles, work hours).

One rule per family, each "first person + a verb of that family + its object", in six languages:

    I speak Spanish and a bit of German   -> language:spanish, language:german   (one fact per item of a list)
    I go climbing / I do yoga / je fais du vélo / juego al tenis -> hobby:<activity>
    I drive an old Volvo / ich fahre einen VW Polo                -> vehicle
    I work nights / part-time / from home / ich arbeite nachts    -> schedule

The object is cut at the first word that starts something else (a time, a place, a reason: "twice a week",
"at the hospital", "because …"), so the fact keeps what was said and nothing after it. A verb this table does
not list gives nothing here (docs/offline-model.md lists the coverage).
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import canon, spans
from course_lib.model.offline.lang.lexicon import NATIONALITIES
from course_lib.model.offline.lang.slots_health import LIST_SPLIT

Found = tuple[str, str, str]
# Where an object ends: a preposition, time word, reason or clause in any of the six languages.
END = (r"(?:[.!?;:,(]|\s(?:at|in|on|with|for|every|each|most|twice|once|since|because|when|and then|but|so|"
       r"to|from|after|before|near|around|almost|nearly|sometimes|usually|a lot|all|there|here|now|"
       r"am|im|jeden|jede|mit|seit|weil|aber|dans|avec|le|les|tous|toutes|depuis|parce|mais|"
       r"con|los|las|todos|todas|cada|desde|porque|pero|com|os|as|todos|desde|mas|"
       r"ogni|tutti|tutte|da|perché|ma)\b|\s+\d|$)")
SELF_I = r"(?:^|\b)(?:i|we|i (?:also|still|really|usually|often|mostly|sometimes|only|just)|we (?:also|still|usually))"
LANGUAGE_WORDS = (  # the language names the rules know (learning/fluent need one of these; "speak X" takes any word)
    r"english|german|french|spanish|portuguese|italian|dutch|polish|russian|ukrainian|greek|turkish|arabic|hebrew|"
    r"hindi|urdu|bengali|punjabi|tamil|chinese|mandarin|cantonese|japanese|korean|vietnamese|thai|indonesian|"
    r"swedish|norwegian|danish|finnish|icelandic|czech|slovak|hungarian|romanian|bulgarian|croatian|serbian|"
    r"catalan|basque|galician|welsh|irish|swahili|farsi|persian|latin|esperanto|sign language|"
    r"englisch|deutsch|französisch|spanisch|portugiesisch|italienisch|niederländisch|polnisch|russisch|türkisch|"
    r"arabisch|chinesisch|japanisch|griechisch|schwedisch|anglais|allemand|français|espagnol|portugais|italien|"
    r"néerlandais|polonais|russe|arabe|chinois|japonais|grec|inglés|alemán|francés|español|castellano|portugués|"
    r"italiano|catalán|ruso|árabe|chino|japonés|inglês|alemão|francês|espanhol|português|russo|chinês|japonês|"
    r"inglese|tedesco|francese|spagnolo|portoghese|russo|cinese|giapponese|arabo")
SPEAK = (rf"{SELF_I} (?:can )?speak|\bich spreche|\bje parle|\b(?:yo )?hablo|\b(?:eu )?falo|\b(?:io )?parlo|"
         rf"\b(?:i'?m|i am) (?:fluent|bilingual|native) in|\bmy (?:native|first|mother) (?:language|tongue) is|"
         rf"\bmeine muttersprache ist|\bma langue maternelle est|\bmi (?:lengua materna|idioma nativo) es|"
         rf"\ba minha l[íi]ngua materna [ée]|\bla mia lingua madre [èe]")
LEARN = (r"\b(?:i'?m|i am) (?:currently |slowly )?learning|\bi(?:'ve| have) been learning|\bich lerne|\bj'apprends|"
         r"\b(?:estoy aprendiendo|aprendo)|\b(?:estou a aprender|estou aprendendo|aprendo)|\b(?:sto imparando|imparo)")
HOBBY = [  # (pattern whose group 1 is the activity, how the fact says it)
    (rf"{SELF_I} (?:go|love going|like going|enjoy going) ((?:\w+ing)(?: and \w+ing)?)\b", "goes {}"),
    (rf"{SELF_I} (?:do|practi[sc]e) ((?!it\b|that\b|this\b|not\b|the\b|some\b|a\b|my\b|what\b|everything\b|nothing\b)[\w-]+(?: [\w-]+)?)", "does {}"),
    (rf"{SELF_I} (?:play|plays) (?:the |some )?((?!it\b|with\b|around\b|games\b)[\w-]+)", "plays {}"),
    (rf"{SELF_I} (?:paint|draw|knit|sew|bake|brew|garden|surf|ski|swim|climb|cycle|hike|dance|sing|run|row|box|fish|"
     rf"skate|sail|dive|crochet|fence|write|cook|collect|build)(?: (?!for\b|to\b|at\b|in\b|on\b|with\b|every\b|a lot\b|"
     rf"my\b|the\b|it\b|everywhere\b|home\b|fast\b|late\b|and\b|but\b|or\b)([\w-]+(?: (?!and\b|but\b|or\b)[\w-]+){{0,3}}))?", "verb"),
    (r"\bich (?:spiele|mache|tanze|male|singe|klettere|segle|wandere|laufe) (?:gern |gerne |oft )?((?!es\b|das\b|nicht\b|kein\w*)[\w-]+)?", "de"),
    (r"\bje (?:joue|fais) (?:du |de la |de l'|des |au |à la |aux )([\w-]+)", "fr"),
    (r"\b(?:juego|practico|hago) (?:al |a la |el |la |)((?!que\b|lo\b|eso\b)[\w-]+)", "es"),
    (r"\b(?:jogo|pratico|fa[çc]o) (?:o |a |ao |à |)((?!que\b|isso\b)[\w-]+)", "pt"),
    (r"\b(?:gioco|pratico) (?:a |al |alla |il |la |lo |)([\w-]+)", "it"),
]
VERB_FACT = {"paint": "paints", "draw": "draws", "knit": "knits", "sew": "sews", "bake": "bakes", "brew": "brews",
             "garden": "gardens", "surf": "surfs", "ski": "skis", "swim": "swims", "climb": "climbs", "cycle": "cycles",
             "hike": "hikes", "dance": "dances", "sing": "sings", "run": "runs", "row": "rows", "box": "boxes",
             "fish": "fishes", "skate": "skates", "sail": "sails", "dive": "dives", "crochet": "crochets",
             "fence": "fences", "write": "writes", "cook": "cooks", "collect": "collects", "build": "builds"}
GERUND = {"run": "running", "swim": "swimming", "knit": "knitting", "cycle": "cycling", "hike": "hiking", "dance": "dancing",
          "bake": "baking", "dive": "diving", "skate": "skating", "write": "writing", "box": "boxing", "fence": "fencing"}
GERUND |= {v: f"{v}ing" for v in VERB_FACT if v not in GERUND}  # what the activity is called: 'paint' -> painting
DRIVE = (rf"{SELF_I} (?:drive|ride|own|have|'ve got|got) (?:an? |my |one )?((?:old |new |electric |little |second-hand |"
         rf"vintage |red |black |white |blue |silver )?(?:[A-Z][\w-]*(?: [A-Z0-9][\w-]*)*|car|motorbike|motorcycle|scooter|"
         rf"e-bike|bike|bicycle|van|camper(?:van)?|moped|electric car))|\bich fahre (?:einen |eine |ein )?([A-Z][\w-]*(?: [A-Z0-9][\w-]*)*)|"
         rf"\bje conduis (?:une |un )?([A-Z][\w-]*(?: [A-Z0-9][\w-]*)*)|\b(?:conduzco|conduzo|manejo) (?:un |una |um |uma )?([A-Z][\w-]*(?: [A-Z0-9][\w-]*)*)|"
         rf"\bguido (?:una |un )?([A-Z][\w-]*(?: [A-Z0-9][\w-]*)*)")
NOT_VEHICLES = {"i", "it", "the", "my", "a", "an", "car"}  # 'I have a car' stays a car; a bare 'I have a' is nothing
VEHICLE_VERBS = r"drive|ride|own|have|'ve got|got"
CYCLE = r"\b(?:i|we) (?:cycle|bike|ride my bike) (?:everywhere|to work|to the office|to school)"
SCHEDULE = {  # the schedule stored: how it is said
    "night shifts": r"\bi (?:do|work) (?:the )?night shifts?",
    "nights": r"\b(?:i|we) work (?:the )?nights?\b|\bich arbeite nachts|\bje travaille de nuit|"
              r"\btrabajo de noche|\btrabalho (?:à|de) noite|\blavoro di notte",
    "early shifts": r"\bi (?:do|work) (?:the )?early shifts?|\bi(?:'m| am) on (?:the )?early shift",
    "weekends": r"\bi work (?:on )?(?:the )?weekends|\bich arbeite am wochenende|\bje travaille le week-end|"
                r"\btrabajo los fines de semana|\btrabalho aos fins de semana|\blavoro (?:nel|il) fine settimana",
    "part-time": r"\bi work part[- ]time|\bi(?:'m| am) (?:working )?part[- ]time|\bich arbeite teilzeit|\bich arbeite in teilzeit|"
                 r"\bje travaille à temps partiel|\btrabajo (?:a|de) (?:tiempo|media jornada) parcial|\btrabajo a media jornada|"
                 r"\btrabalho (?:a|em) (?:tempo parcial|part-time)|\blavoro part[- ]time",
    "full-time": r"\bi work full[- ]time|\bich arbeite vollzeit|\bje travaille à temps plein|\btrabajo a tiempo completo|"
                 r"\btrabalho a tempo inteiro|\blavoro a tempo pieno",
    "from home": r"\bi work (?:from|at) home|\bi work remotely|\bi(?:'m| am) (?:working )?remote(?:ly)?\b|\bich arbeite (?:von zu hause|im homeoffice)|"
                 r"\bje (?:suis en )?t[ée]l[ée]travaille|\bje travaille (?:de|à) la maison|\btrabajo desde casa|\bteletrabajo|"
                 r"\btrabalho (?:a partir de|em) casa|\blavoro da casa|\blavoro in smart working",
}


def cut(text: str, numbers: bool = True) -> str:
    """The object up to where something else starts ('Spanish and a bit of German every day' -> same minus 'every day');
    numbers=False keeps a number that is part of a name ('Tesla Model 3')."""
    end = END if numbers else END.replace(r"|\s+\d", "")
    return rx.split(end, " " + text, maxsplit=1, flags=re.I)[0].strip()


def listed(text: str) -> list[str]:
    """The items of a list object: 'Spanish and a bit of German' -> ['Spanish', 'German']."""
    out = []
    for part in rx.split(LIST_SPLIT, text, flags=re.I):
        part = rx.sub(r"^(?:a (?:bit|little) of|some|basic|fluent|decent|un peu d[e']|quelques mots d[e']|un poco de|algo de|"
                      r"um pouco de|um bocado de|un pochino di|ein wenig|un po' di|"
                      r"ein bisschen|etwas|a little|also|too|as well)(?:\s+|(?<=')(?=\w))", "", part.strip(), flags=re.I)
        part = rx.sub(r"\s+(?:too|as well|also|auch|aussi|también|também|anche|fluently|a bit|a little)$", "", part, flags=re.I)
        if part and len(part.split()) <= 2:
            out.append(part)
    return out


NOT_BEFORE = re.compile(r"(?:\b(?:no|non|não|nao|nunca|never)\s+|\bn'|\bne\s+)$", re.I)  # 'no hablo', 'je ne parle'
NOT_AFTER = re.compile(r"^(?:pas|point|nicht|kein(?:e|en)?|nada|nada de|nessun[ao]?|mica|neanche)\b(?:\s+(?:de|d'|di|du|el|la|il|le|"
                       r"un|una|wort|parola|parola di|mot de|ein wort|palabra de))*\s*", re.I)  # 'je ne parle pas allemand'
NEG_SPEAK = rf"{SELF_I} (?:don'?t|do not|can'?t|cannot|never) speak|\bje ne parle (?:pas|point|jamais)(?: un mot)?(?: d'| de)?"
ONLY = re.compile(r"\b(?:only|just|nur|seulement|que|solo|sólo|solamente|apenas|só|soltanto)\s+(.+)", re.I)


BASIC = (r"(?:a (?:bit|little) of|a little|some|basic|un peu d[e']|quelques mots d[e']|un poco de|algo de|um pouco de|"
         r"um bocado de|un po' di|un pochino di|ein bisschen|ein wenig|etwas)")
GET_BY = (r"\b(?:i (?:can )?get by in|je me d[ée]brouille en|(?:yo )?me defiendo en|me (?:defendo|viro) em|"
          r"me la cavo (?:in|con l'|con il)|(?:io )?mastico un po' di)")  # 'me defiendo en italiano': some of it


def language_names(s: str, text: str, start: int) -> list[tuple[str, str]]:
    """(key, name as written) for each language listed in `text` (found at `start` in `s`): 'italiano, tedesco e
    francese' names three; 'um pouco de umbundu' is 'Umbundu (basic)'."""
    out = []
    text = rx.sub(rf",\s*(?=(?:(?:and|und|et|y|e)\s+)?(?:{BASIC}\s+)?(?:{LANGUAGE_WORDS})\b)", " and ", text, flags=re.I)
    for lang in listed(cut(text)):
        basic = rx.search(rf"{BASIC}\s*{re.escape(lang)}", text, re.I)
        if rx.fullmatch(rf"(?:{LANGUAGE_WORDS})", lang, re.I) or lang[:1].isupper() or (basic and len(lang.split()) == 1):
            name = lang[:1].upper() + lang[1:] if rx.search(r"[A-Z]", s[start:start + len(text)]) or basic else lang
            out.append((lang.lower(), f"{name} (basic)" if basic else name))
    return out


def spoken(k: str, n: str) -> Found:
    """The fact that the user speaks a language, or some of it (the value 'Umbundu (basic)', the fact 'speaks Umbundu')."""
    return (f"language:{k}", n, f"The user speaks {n.removesuffix(' (basic)')}.")


def found_languages(s: str) -> list[Found]:
    """'I speak Spanish and a bit of German', 'Je parle allemand', "I'm learning Japanese" -> language:<name>;
    'no hablo portugués, solo castellano', "I don't speak French" -> does not speak Portuguese, speaks Castilian."""
    out: list[Found] = []
    for m in rx.finditer(rf"(?:{NEG_SPEAK})\s+(.+)", s, re.I):
        out += [(f"language:{k}", f"not {n}", f"The user does not speak {n}.") for k, n in language_names(s, m.group(1), m.start(1))]
    for m in rx.finditer(rf"(?:{SPEAK})\s+(.+)", s, re.I):
        obj, at = m.group(1), m.start(1)
        after = NOT_AFTER.match(obj)
        if NOT_BEFORE.search(s[:m.start()]) or after:
            obj, at = obj[after.end():] if after else obj, at + (after.end() if after else 0)
            head, rest = (rx.split(r"[,;]|\s+(?:but|aber|mais|pero|mas|ma)\s+", obj, maxsplit=1) + [""])[:2]
            out += [(f"language:{k}", f"not {n}", f"The user does not speak {n}.") for k, n in language_names(s, head, at)]
            if (only := ONLY.search(rest)):
                out += [(f"language:{k}", n, f"The user speaks {n}.") for k, n in language_names(s, only.group(1), 0)]
            continue
        out += [spoken(k, n) for k, n in language_names(s, obj, at)]
    for m in rx.finditer(rf"(?:{GET_BY})\s+({LANGUAGE_WORDS})\b", s, re.I):
        out.append(spoken(m.group(1).lower(), f"{m.group(1)[:1].upper()}{m.group(1)[1:]} (basic)"))
    for m in rx.finditer(rf"(?:{LEARN})\s+({LANGUAGE_WORDS})\b", s, re.I):
        out.append((f"language:{m.group(1).lower()}", f"{m.group(1)} (learning)", f"The user is learning {m.group(1)}."))
    return out


def found_hobbies(s: str) -> list[Found]:
    """'I go climbing', 'I do yoga', 'I play tennis', 'I paint watercolours', 'Je fais du vélo' -> hobby:<activity>."""
    for pattern, how in HOBBY:
        m = rx.search(pattern, s, re.I)
        if not m:
            continue
        if how == "verb":
            verb = rx.search(r"\b(" + "|".join(VERB_FACT) + r")\b", m.group(0), re.I).group(1).lower()
            obj = cut(m.group(1)) if m.group(1) else ""
            if not rx.search(r"\b(?:free time|spare time|hobby|weekends?|for fun|every|evenings|marathons?|club|orchestra|choir|"
                             r"a week|a month|on sundays|on saturdays)\b", s, re.I) and not obj:
                continue  # 'I cook' is a hobby only with a sign it is one; 'I run marathons' names it
            if verb == "run" and obj and not rx.search(r"marathon|race|ultra|\dk\b|trail|parkrun|miles?\b|km\b", obj, re.I):
                continue  # 'I run a small bakery' is a business, not a pastime
            thing = obj.lower() or GERUND.get(verb, verb)  # 'I run every morning' -> running
            return [(f"hobby:{thing.split()[-1] if obj else thing}", thing, f"The user {VERB_FACT[verb]}{' ' + obj if obj else ''}.")]
        thing, longer_name = cut(m.group(1) or "").lower(), False
        if m.group(1) and (longer := spans("hobby", s[m.start(1):], typos=False)[:1]) and longer[0][0] == 0 and longer[0][1] > 1:
            thing, longer_name = longer[0][2], True  # 'je fais du ski de fond': the lexicon's longer name, not 'ski' (and its own slot)
        if not thing or thing in ("it", "that", "this", "sport", "sports", "nothing", "much", "well", "home", "work", "shifts") \
                or rx.fullmatch(r"(?:night|early|late|weekend)s?|part-time|full-time|\w+ shifts?", thing):
            continue
        if canon("diet", thing) and not canon("hobby", thing):
            continue  # 'ich mache Keto' is a diet (slots_health), not a pastime
        if rx.search(r"\b(?:fais|hago|fa[çc]o)\b", m.group(0), re.I) and not canon("hobby", thing):
            continue  # 'do' takes any object: 'je fais des quarts', 'faço eng civil', 'hago el Camino': an activity the lexicon knows only
        fact = how.format(thing) if "{}" in how else f"does {thing}"
        if how == "plays {}" or how in ("de", "fr", "es", "pt", "it") and rx.search(r"spiele|joue|juego|jogo|gioco", m.group(0), re.I):
            fact = f"plays {thing}"
        return [(f"hobby:{thing if longer_name else thing.split()[-1]}", thing, f"The user {fact}.")]
    return []


VEHICLE_WORDS = {  # the six languages' everyday words -> the vehicle as a fact names it
    "car": r"car|voiture|bagnole|coche|carro|auto|macchina|wagen",
    "motorbike": r"motorbike|motorcycle|moto|motocicleta|motocyclette|motorrad",
    "bike": r"bike|bicycle|v[ée]lo|bicicleta|bici|bicicletta|fahrrad",
    "scooter": r"scooter|trottinette|patinete|monopattino|roller|e-scooter|vespa",
    "camper van": r"camper(?:van)?|camping-car|autocaravana|autocaravan|wohnmobil|camper",
}
VEHICLE_ANY = "|".join(f"(?P<{k.replace(' ', '_')}>{v})" for k, v in VEHICLE_WORDS.items())
ELECTRIC = r"(?:[ée]lectrique|el[ée]ctric[oa]|el[ée]tric[oa]|elettric[oa]|electric|elektrisch(?:es|en|e)?)"
HAS_VEHICLE = re.compile(rf"\b(?:j'ai|tengo|tenho|ho|ich hab(?:e)?|i have|i've got|i own|we have|on a|temos|tenemos|abbiamo|wir haben)"
                         rf"\s+(?:un|une|una|uma|um|einen|ein|eine|a|an)(?:'|\s+)(?:(?P<pre>{ELECTRIC}|e-|neue[sn]?|nuov[oa]|nouvelle|"
                         rf"nouveau|nuev[oa]|nov[oa]|new|old|vieja|vieux|vecchi[oa]|alte[sn]?)\s*)?(?:{VEHICLE_ANY})\b(?:\s+(?P<post>{ELECTRIC}))?",
                         re.I)


def found_owned_vehicle(s: str) -> list[Found]:
    """"j'ai une trottinette électrique", "ho un'auto elettrica", 'tengo una moto', 'ich habe ein E-Bike' -> vehicle,
    named in English ('electric scooter', 'electric car', 'motorbike')."""
    m = HAS_VEHICLE.search(s)
    if not m:
        return []
    kind = next(k.replace("_", " ") for k, v in m.groupdict().items() if v and k not in ("pre", "post"))
    electric = any(rx.fullmatch(ELECTRIC + "|e-", (m.group(g) or ""), re.I) for g in ("pre", "post"))
    what = f"electric {kind}" if electric else kind
    return [("vehicle", what, f"The user has {'an' if what[0] in 'aeiou' else 'a'} {what}.")]


def found_vehicle(s: str) -> list[Found]:
    """'I drive an old Volvo', 'I ride a motorbike to work', 'Ich fahre einen VW Polo', 'I cycle everywhere' -> vehicle.
    The object must be a vehicle word or a capitalised make ('I drive carefully' and 'I have a cold' give nothing)."""
    for m in rx.finditer(DRIVE, s, re.I):
        what = cut(next(g for g in m.groups() if g), numbers=False)
        head = rx.sub(r"^(?:old|new|electric|little|second-hand|vintage|red|black|white|blue|silver) ", "", what, flags=re.I)
        generic = rx.fullmatch(r"(?:motorbike|motorcycle|scooter|e-bike|bike|bicycle|van|camper(?:van)?|moped|electric car)", head, re.I)
        owning = rx.search(r"\b(?:have|got|own)\b", m.group(0), re.I)
        if not head or head.lower() in NOT_VEHICLES or not (generic or head[:1].isupper()) or (owning and not generic):
            continue
        if rx.search(r"\b(?:don'?t|do not|never|no longer|not)\s+(?:\w+\s+)?(?:" + VEHICLE_VERBS + r")\b", s[:m.end()], re.I):
            continue
        verb = "rides" if rx.search(r"\bride\b|motorbike|motorcycle|scooter|bike|moped", m.group(0), re.I) else "drives"
        if owning:
            verb = "has"
        article = "an " if what[:1].lower() in "aeiou" else "a "
        return [("vehicle", what, f"The user {verb} {article}{what}.")]
    if rx.search(CYCLE, s, re.I):
        return [("vehicle", "bike", "The user cycles everywhere.")]
    return []


HOURS = r"\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h|uhr)?"


def found_schedule(s: str) -> list[Found]:
    """'I work nights', 'I work part-time', 'I work 9 to 5', "I'm off on Mondays", 'ich arbeite nachts' -> schedule."""
    for schedule, said in SCHEDULE.items():
        if rx.search(said, s, re.I):
            return [("schedule", schedule, f"The user works {schedule}.")]
    if (m := rx.search(rf"\bi work (?:from )?({HOURS}\s*(?:to|-|–|till|until)\s*{HOURS})", s, re.I)):
        return [("schedule", m.group(1), f"The user works {m.group(1)}.")]
    if (m := rx.search(r"\b(?:i'?m|i am) (?:always )?off (?:work )?(on \w+days?|at weekends|on weekends|on the weekend)\b", s, re.I)):
        return [("schedule", f"off {m.group(1)}", f"The user is off {m.group(1)}.")]
    if (m := rx.search(rf"\bi (?:start|begin) work(?:ing)? at ({HOURS})", s, re.I)):
        return [("schedule", f"starts work at {m.group(1)}", f"The user starts work at {m.group(1)}.")]
    return []


def found_keen(s: str) -> list[Found]:
    """"I'm a keen gardener", 'an avid reader' -> hobby."""
    m = rx.search(r"\b(?:i'?m|i am) (?:a |an )?(?:keen|avid|passionate|amateur|enthusiastic|big|huge) ([\w-]+(?:er|ist|or|ian))\b", s, re.I)
    return [(f"hobby:{m.group(1).lower()}", m.group(1).lower(), f"The user is a keen {m.group(1).lower()}.")] if m else []


def found_nationality(s: str) -> list[Found]:
    """"I'm Brazilian", 'Je suis française', 'Sou brasileira' -> nationality."""
    m = rx.search(rf"\b(?:i'?m|i am|ich bin|je suis|soy|sou|sono)\s+(?:a |an |half )?({NATIONALITIES})\b(?!\s+(?:food|cuisine|wine|restaurant))", s, re.I)
    return [("nationality", m.group(1), f"The user is {m.group(1)}.")] if m else []


def read_open(s: str) -> list[Found]:
    """Every open slot this sentence fills."""
    return (found_languages(s) + found_hobbies(s) + (found_vehicle(s) or found_owned_vehicle(s)) + found_schedule(s)
            + found_nationality(s) + found_keen(s))

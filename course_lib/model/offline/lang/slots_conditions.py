"""Conditions and mobility aids: 'I have type 1 diabetes', 'Je suis diabétique', "I'm 24 weeks pregnant",
'embarazada de cinco meses', 'they diagnosed me with gestational diabetes', 'I suffer from arthritis', 'I use a
wheelchair', 'ando de canadianas', 'cammino col bastone'; with how bad ('asma leve') and how far a pregnancy is.
A condition said as not had ('sans être cœliaque') is not read. Medication said in the same sentence is read here too.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import find
from course_lib.model.offline.lang.lexicon import alternation, canonical
from course_lib.model.offline.lang.numbers import WORD_VALUES
from course_lib.model.offline.lang.slots_medication import found_medication

Found = tuple[str, str, str]
CONDITIONS = {  # word said -> the condition stored
    "type 1 diabetes": r"type 1 diabetes|type one diabetes|typ[- ]1[- ]diabetes|diab[èe]te de type 1",
    "type 2 diabetes": r"type 2 diabetes|type two diabetes|typ[- ]2[- ]diabetes|diab[èe]te de type 2",
    "gestational diabetes": r"gestational diabetes|schwangerschaftsdiabetes|diab[èe]te gestationnel|diabetes gestacional|diabete gestazionale",
    "diabetes": r"diabetes|diabetic|diabetiker(?:in)?|diab[ée]tique|diab[ée]tic[oa]|diabete|diabetico|diabetica",
    "coeliac disease": r"co?eliac(?: disease)?|celiac(?: disease)?|z[öo]liakie|c(?:œ|oe)liaque|cel[íi]ac[oa]",
    "asthma": r"asthma|asthmatic|asthme|asma|asthmatiker(?:in)?",
    "epilepsy": r"epilepsy|epileptic|epilepsie|epilepsia|epilessia",
    "hypertension": r"hypertension|hipertensi[óo]n|hipertens[ãa]o|ipertensione",  # the user's own word is kept
    "high blood pressure": r"high blood pressure|bluthochdruck|hohe[nmr]? blutdruck|"
                           r"tensi[óo]n alta|presi[óo]n alta|press[ãa]o alta|pressione alta|tension (?:art[ée]rielle )?[ée]lev[ée]e",
    "pregnant": r"pregnant|expecting a baby|schwanger|enceinte|embarazada|gr[áa]vida|incinta",
    "migraine": r"migraines?|migr[äa]ne(?:n)?|migra[ñn]as?|emicrani[ae]|enxaquecas?|jaquecas?",
    "seasickness": r"seasick(?:ness)?|sea-sick(?:ness)?|seekrank(?:heit)?|mal de mer|mareo en (?:el )?barco|enjoo (?:do|no) mar|mal di mare",
    "motion sickness": r"carsick|car-sick|travel sick|motion sickness|reisekrank|mareo|enjoo|mal d'auto|mal dei trasporti",
    "hay fever": r"hay ?fever|heuschnupfen|rhume des foins|fiebre del heno|febre dos fenos|raffreddore da fieno",
}
# "I have X" / "I suffer from X" is a condition when X looks like one: a medical word ending, a known name or an acronym.
HAVE = (r"i (?:have|'ve got|have got|got|suffer from|live with|was diagnosed with|got diagnosed with|struggle with)|i'?ve got|i'?ve|diagnosed me with|"
        r"(?:estou|t[ôo]|to|eu t[ôo]) com|(?:^|und |aber )hab(?:e)?|"  # 'tô com hérnia de disco', 'und hab a künstliches Knie': subject left out
        r"ich (?:habe|hab|leide an|leide unter)|j'ai|je souffre d[e']|tengo|sufro de|tenho|sofro de|ho|c'ho|ci ho|soffro di|"
        r"(?:me|le) (?:diagnosticaron|han diagnosticado|diagnosticaram)|on m'a diagnostiqu[ée]|mi hanno diagnosticato")
SLANG = r"dodgy|gammy|dicky|bum|busted|wonky|crook|bad"  # said of a joint: a bad hip
HAVE_CONDITION = re.compile(
    rf"\b(?:{HAVE})\s+"
    r"(?:an? |une? |eine?n? |una? |um |uma |l'|la |le |el |der |die |das |o |a |il |lo |de l'|de la |du |des )?"
    rf"((?:(?:{SLANG}|weak|chronic|severe|mild|bit of|slight|heart|kidney|liver|thyroid|lung|skin|autoimmune|mental health|sleep) )?"
    r"(?:[a-zà-ÿ'’-]*(?:itis|osis|ism|emia|aemia|pathy|algia|philia)|(?-i:[A-Z]{2,5})|[\w'’-]+(?: [\w'’-]+)? (?:disease|disorder|syndrome|condition)|"
    r"anxiety|depression|arthritis|back|knees?|hips?|shoulder|ankle|wrist|neck|elbow|cancer|lupus|psoriasis|eczema|gout|dyslexia|autism|insomnia|sleep apnoea|"
    r"sleep apnea|tinnitus|glaucoma|hearing loss|chronic pain|long covid|crohn'?s(?: disease)?|an? ?pacemaker|depressionen|"
    r"angstst[öo]rung|rheuma|d[ée]pression|anxi[ée]t[ée]|ansiedad|depresi[óo]n|ansiedade|depress[ãa]o|ansia|depressione))\b", re.I)
IS_CONDITION = re.compile(r"\b(?:i'?m|i am|ich bin|je suis|soy|estoy|sou|estou|sono)\s+(?:\d{1,3},? (?:and|und|et|y|e) )?"  # 'I am 72 and rather deaf'
                          r"(?:(?:rather|quite|a bit|a little|slightly|somewhat|very|pretty|increasingly|etwas|ziemlich|un peu|bastante|un poco|um pouco|un po') )?"
                          r"((?:partially |completely |almost )?"
                          r"(?:deaf|blind|hard of hearing|visually impaired|autistic|dyslexic|epileptic|an(?:a)?emic|disabled|"
                          r"colou?r-?blind|taub|blind|sourde?|aveugle|sord[oa]|ciego|cieg[oa]|cego|cega|surd[oa]|diabetic))\b", re.I)
CONDITION = alternation(CONDITIONS)
MOBILITY = {  # the aid said -> the aid stored
    "wheelchair": r"wheelchair|rollstuhl|fauteuil roulant|silla de ruedas|cadeira de rodas|sedia a rotelle|carrozzina",
    "crutches": r"crutches|kr[üu]cken|gehst[üu]tzen|unterarmgehst[üu]tzen|b[ée]quilles|cannes anglaises|muletas|canadianas|stampelle|grucce|canadesi",
    "walking stick": r"walking stick|walking cane|(?<=a )cane|(?<=my )cane|gehstock|kr[üu]ckstock|spazierstock|(?<=am )stock|"
                     r"(?<=mit einem )stock|(?<=mit dem )stock|(?<=une )canne(?! à)|(?<=ma )canne(?! à)|(?<=la )canne(?! à)|"
                     r"(?<=un )bast[óo]n|(?<=el )bast[óo]n|(?<=con )bast[óo]n|(?<=uso )bast[óo]n|(?<=il )bastone|(?<=un )bastone|(?<=col )bastone|"
                     r"(?<=uma )bengala|(?<=a )bengala|(?<=de )bengala|(?<=com )bengala|(?<=da )bengala",
    "walker": r"zimmer frame|walking frame|rollator|d[ée]ambulateur|deambulatore",
    "mobility scooter": r"mobility scooter|elektromobil|scooter (?:pour|para) (?:personnes|mobilidade)"}
MOBILITY_ANY = {aid: re.compile(rf"\b(?:{said})\b", re.I) for aid, said in MOBILITY.items()}
WITHOUT = r"\b(?:sans (?:être|etre)|without being|sin ser|sem ser|senza essere|ohne)"  # 'intolérante au gluten, sans être cœliaque'


QUALIFIERS = {"chronic": r"chronic|chronisch\w*|chroniques?|cr[óo]nic[oa]s?|croniche|cronici",  # how bad, as said -> as stored
              "mild": r"mild|leicht\w*|l[ée]g[èe]re?s?|leves?|lieve|lievi|ligeir[oa]s?", "severe": r"severe|schwer\w*|s[ée]v[èe]res?|graves?|gravi",
              "exercise-induced": r"exercise[- ]induced|belastungs\w*|d'effort|de l'effort|(?:de|por) esfuerzo|de esfor[çc]o|da sforzo|da esercizio"}


def chronic(near: str, cond: str) -> str:
    """The condition with how bad it is when the words around it say so ('enxaquecas crónicas', 'chronische Migräne',
    'asma leve', 'mild asthma', 'eczéma sévère')."""
    for word, said in QUALIFIERS.items():
        if rx.search(rf"\b(?:{said})\b", near, re.I) and not cond.startswith(tuple(QUALIFIERS)):
            return f"{word} {cond}"
    return cond


SITED = ("tendinitis", "arthritis", "osteoarthritis", "chondromalacia", "injury")  # said of one joint or tendon
AT = r"(?:in|of|on|at|au|à|à la|à l'|en|en la|en el|no|na|nel|nella|nell'|al|alla|all'|am|an der|im|in der|del|della|do|da|de la|del)"
SIDE = {"left": r"left|gauche|izquierd[oa]|esquerd[oa]|sinistr[oa]|linken?|linke[rs]?", "right": r"right|droite?|derech[oa]|direit[oa]|destr[oa]|rechten?|rechte[rs]?"}


def sited(cond: str, after: str) -> str:
    """The condition with where it is, when said right after it: 'tendinite al polso sinistro' -> 'left wrist
    tendinitis', 'lesión en la rodilla derecha' -> 'right knee injury', 'tendinite no aquiles' -> 'Achilles tendinitis'."""
    m = rx.match(rf"\W*(?:{AT})\s+((?:[\w'’-]+[^\w,;.!?]*){{1,4}})", after, re.I)  # 'in my right shoulder': three words before it at most
    if cond not in SITED or not m or not (part := find("body", m.group(1), typos=False)) or part[0][0] > 2:
        return cond
    side = next((k for k, said in SIDE.items() if rx.search(rf"\b(?:{said})\b", after[:m.end() + 12], re.I)), "")
    return f"{side} {part[0][1]} {cond}".strip()


WEEKS = r"weeks?|wochen?|semaines?|semanas?|settimane?"
MONTHS = r"months?|monat(?:e|en)?|mois|mes(?:es)?|mes[ei]"
HOW_FAR = re.compile(rf"\b(\d{{1,2}}|{'|'.join(sorted(WORD_VALUES, key=len, reverse=True))})\.?\s+(?:(?:{WEEKS})|(?P<m>{MONTHS}))\b", re.I)


def condition_fact(cond: str, s: str, at: int) -> Found:
    """The condition as a fact: how far a pregnancy is when said near it ('24 weeks pregnant', 'embarazada de cinco
    meses', 'im 5. Monat schwanger' -> 'The user is 5 months pregnant.'); migraine said as the user has them."""
    if cond == "pregnant" and (far := HOW_FAR.search(s[max(0, at - 30):at + 40])):
        n = int(far.group(1)) if far.group(1).isdigit() else WORD_VALUES[far.group(1).lower()]
        unit = ("month" if far.group("m") else "week") + ("s" if n != 1 else "")
        return ("condition", "pregnant", f"The user is {n} {unit} pregnant.")
    if cond == "pregnant":
        return ("condition", cond, "The user is pregnant.")
    said = rx.sub(r"\bmigraine$", "migraines", cond)
    article = ("an " if cond[0] in "aeiou" else "a ") if cond.startswith("fear") or cond.endswith("injury") else ""
    return ("condition", cond, f"The user has {article}{said}.")


THIRD = re.compile(r"\b(?:is|are|was|'s|es|son|est[áa]|est[áa]n|era|est|sont|[ée]tait|ist|sind|war|[èé]|s[ãa]o|xe|tem|tiene|tienen|t[êe]m|hat|ha)\s+"
                   r"(?:(?:very|really|so|super|muy|muito|molto|sehr|tr[èe]s|also|auch|aussi|tambi[ée]n|tamb[ée]m|anche|tan|t[ãa]o)\s+)?$", re.I)
MINE = re.compile(r"\b(?:my|mein\w*|mon|ma|mes|mi|mis|meu|minha|mio|mia)\s+(?:(?:big|main|only|gro(?:ß|ss)e?s?|grand|gran|grande|unico|[úu]nico)\s+)?"
                  r"(?:diet|dieta|di[äa]t|ern[äa]hrung|r[ée]gime|alimentation|alimenta[çc][ãa]o|alimentazione|problem|problema|probl[èe]me|issue|"
                  r"condition|diagnos[ie]s|diagnose|diagn[óo]stico|diagnostic|diagnosi|thing|truc|cosa|coisa|sache|ding)\s+"
                  r"(?:is|are|es|son|est|sont|ist|sind|[èé]|s[ãa]o|xe|c'est)\s+"
                  r"(?:(?:basically|mostly|just|sobre todo|surtout|vor allem)\s+)?$", re.I)


def someone_elses(before: str) -> bool:
    """Is a condition, allergy or diet said after `before` someone else's, by a third-person verb right before it ('mi compi
    de piso es celíaco', 'beto es alérgico al mole', 'la mia testimone è incinta', 'o meu kota … tem diabetes')? The user
    says 'soy', 'sono', 'tenho', "I'm", 'ich bin', or 'my diet is' / 'mi problema es' (a subject of their own)."""
    return bool(THIRD.search(before)) and not MINE.search(before)


def found_condition(s: str) -> list[Found]:
    """'I have type 1 diabetes', 'Je suis diabétique', 'I'm pregnant', 'I use a wheelchair', 'I take insulin';
    'I have IBS', 'I suffer from arthritis', "I'm hard of hearing" (an open condition, by its form)."""
    out: list[Found] = []
    m = rx.search(rf"\b(?:{CONDITION})(?=(?:e?s)?\b)", s, re.I)  # 'wegen meines Bluthochdrucks'
    if m and someone_elses(s[:m.start()]):
        return found_medication(s)  # someone else's: 'la mia testimone è incinta'
    if m and rx.search(rf"{WITHOUT}\s+(?:\w+\s+)?$", s[:m.start()], re.I):
        return found_condition(s[m.end():]) if rx.search(rf"\b(?:{CONDITION})", s[m.end():], re.I) else []
    known = [] if m else [(h, c) for h in rx.finditer(rf"\b(?:{HAVE})\s+", s, re.I)
                          for at, c in find("condition", " ".join(s[h.end():].split()[:4]))[:1] if at <= 1]
    if m:
        cond = canonical(CONDITIONS, m.group(0).lower()) or m.group(0).lower()
        cond = chronic(" ".join(s[:m.start()].split()[-1:] + s[m.start():].split()[:3]), cond)  # 'asma da sforzo'
        if cond == "diabetes" and (kind := rx.search(r"\b(?:type|typ|tipo)\s*([12])\b", s, re.I)):
            cond = f"type {kind.group(1)} diabetes"  # 'je suis diabétique de type 2'
        out.append(("allergy:pollen", "pollen", "The user is allergic to pollen.") if cond == "hay fever" else  # 'Heuschnupfen'
                   condition_fact(cond, s, m.start()))
    elif known:  # 'tenho pressão alta', 'Ich hab Höhenangst', "j'ai peur de l'avion": a condition the lexicon knows
        cond = chronic(" ".join(s[known[0][0].end():].split()[:4]), known[0][1])
        named = rx.search(r"\b(?:tend|injur|les|bless|verletz|infortun|arthr|artr|osteo|condro|chondro|sehne)\w*", s[known[0][0].end():], re.I)
        cond = sited(cond, s[known[0][0].end() + named.end():]) if named else cond
        out.append(condition_fact(cond, s, known[0][0].end()))
    elif (h := HAVE_CONDITION.search(s)) and h.group(1).lower() not in ("it", "this", "that"):
        cond = h.group(1) if rx.fullmatch(r"[A-Z]{2,5}", h.group(1)) else rx.sub(rf"^(?:{SLANG}) ", "bad ", h.group(1).lower())
        article = "a " if rx.search(r"\b(?:a|an)\s+$", s[:h.start(1)], re.I) else ""
        out.append(("condition", cond, f"The user has {article}{cond}."))
    elif (cop := rx.search(r"\b(?:i'?m|i am|ich bin|je suis|soy|estoy|sou|estou|sono)\s+", s, re.I)) and \
            (known := find("condition", s[cop.end():cop.end() + 30])) and known[0][0] == 0:  # 'Sou asmática'
        cond = known[0][1]
        out.append(condition_fact(cond, s, cop.end()))
    elif (i := IS_CONDITION.search(s)):
        cond = i.group(1).lower()
        if rx.search(r"(?:bit|little|slightly|somewhat|etwas|peu|poco|pouco|po') $", s[:i.start(1)], re.I) and \
                rx.fullmatch(r"deaf|taub|sourde?|sord[oa]|surd[oa]", cond):
            cond = "hard of hearing"  # 'a bit deaf' is not deaf
        out.append(("condition", cond, f"The user is {cond}."))
    if (aids := sorted((m.start(), aid) for aid, said in MOBILITY_ANY.items() if (m := said.search(s)))):
        what = aids[0][1]
        out.append(("mobility", what, f"The user uses {'' if what == 'crutches' else 'a '}{what}."))
    return out + found_medication(s)

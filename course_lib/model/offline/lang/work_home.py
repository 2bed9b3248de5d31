"""Where the user works or studies, said with the job: the town in that clause is their home city.

    I work nights as a nurse at St James's in Leeds / I'm a software tester in Singapore  -> Leeds / Singapore
    ich arbeite als Altenpfleger in einem Heim in Graz / studiere Medizin in Zürich      -> Graz / Zürich
    je suis serveur à Nantes / je travaille dans une garderie à Montréal                 -> Nantes / Montréal
    estudio Ingeniería en Valencia / trabalho numa loja em Braga / faccio il meccanico a Napoli

A clause (to the next comma, 'but' or full stop) with a verb of working, studying or teaching (not the noun: 'colloquio di
lavoro'), then a locative preposition of its language and a capitalised place: the last such place in the clause. A job
said with a copula counts when the town follows the job itself ('je suis prof de maths à Rennes', "I'm a software tester
in Singapore", 'soy enfermera en Valencia'), not when a workplace is named first ("I'm a nurse at St James's in
Leeds", 'sou barista num café em Curitiba': where the workplace is).
Not when the sentence says the user is only there for a while (a trip, a conference, 'this week'), that the place is
their origin ('originally from'), or when the place is a field or an institution ('in IT', 'na Universidade de Coimbra').
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.names_said import NOT_NAMES
from course_lib.model.offline.lang.slots_jobs import found_job_said
from course_lib.model.offline.lang.slots_life import CITY_NICKNAMES, NOT_PLACES, ONLY_FOR_NOW, PLACE, TRIP

Found = tuple[str, str, str]
WORK = {  # language: (a first-person verb of working or studying, the prepositions a town follows)
    "en": (r"\b(?:i|we)(?: \w+){0,2}? (?:work|study|teach)|\bi'?m (?:working|studying|teaching)|\bstudent\b|^\W*(?:working|studying)\b", r"in"),
    "de": (r"\bich(?: \w+){0,2}? (?:arbeite|studiere|unterrichte|jobbe)|(?:^|\b(?:und|aber) )(?:arbeite|studiere|unterrichte)\b|"
           r"\b(?:arbeite|studiere) ich\b|\bstudent(?:in)?\b", r"in"),
    "fr": (r"\bje(?: \w+){0,2}? (?:travaille|bosse|étudie|enseigne)|\bj'(?:étudie|enseigne)|\bétudiante?\b|\b(?:je suis|j'suis|jsuis) en (?:\w+ année|bac ?\d|[lm] ?\d)\b", r"[àa]"),
    "es": (r"\b(?:trabajo|estudio|enseño|curro|doy clases)\b|\bestudiante\b|\bestoy en \w+ (?:año|curso)\b", r"en"),
    "pt": (r"\b(?:trabalho|estudo|ensino|dou aulas)\b|\bestudante\b", r"em"),  # 'na Baixa', 'no Centro': a quarter
    "it": (r"\b(?:lavoro|studio|insegno|faccio (?:il|la|l'|lo|o))\b|\bstudent(?:e|essa)\b", r"a|ad|in"),
}
NOUN_BEFORE = re.compile(r"\b(?:di|de|da|del|do|al|il|lo|el|le|la|o|un|una|uno|um|uma|mio|mi|meu|mon|my|the|a|an|of)\s+$", re.I)  # 'colloquio di lavoro'
NOT_TOWNS = re.compile(  # fields, institutions and German nouns that follow 'in' like a town
    r"(?:IT|HR|PR|QA|UX|Marketing|Sales|Finance|Retail|Tech|Education|Healthcare|Hospitality|Logistics|Rente|Pension|"
    r"Uni|Univers\w*|College|School|Schule|École|Escuela|Escola|Scuola|Hospital|Krankenhaus|Klinik\w*|Hôpital|Ospedale|"
    r"Clinic|Cl[íi]nica|Firma|Bank|Banco|Banca|Banque|\w+(?:zeit|schicht|ung|heit|keit|schaft|tät|ismus))", re.I)
TEMPORARY = re.compile(r"\b(?:interview|colloquio|vorstellungsgespräch|entretien|entrevista|conference|konferenz|tagung|congr[èe]s|congreso|congresso|business trip|dienstreise|d[ée]placement|"
                       r"trasferta|on a trip|de viaje|en viaje|auf reisen|en voyage|em viagem|de viagem|in viaggio|visiting|zu besuch|en visite|de visita|originally|ursprünglich|originaire|originalmente)\b", re.I)

COPULA = re.compile(r"(?:^|\b)(?:i'?m|i am|ich bin|je suis|j'suis|jsuis|soy|sou|sono)\s+", re.I)  # the user's job said with 'to be'
PREPS = {"en": "in", "de": "in", "fr": "[àa]", "es": "en", "pt": "em", "it": "a|ad|in"}
PLACING = r"(?:at|in|im|bei|beim|für|for|with|mit|au|aux|chez|dans|pour|avec|en|em|no|na|nos|nas|num|numa|nel|nella|presso|per|con|com|a|à|ad|al|ao|à|del|della|do|da|of|von|vom)"  # a workplace said before the town
LIVES = re.compile(r"\b(?:live|living|wohne|wohnen|lebe|habite|habitons|vis|vivo|vivimos|moro|moramos|abito|abitiamo)\b", re.I)  # said apart


def clauses_of(s: str) -> list[str]:
    return [c for c in rx.split(r"\s*[,;.!?]\s+|\s*[.!?]$|\s+(?=(?:but|aber|mais|pero|mas|ma)\b)", s) if c]


def town(clause: str, after: int, preps: str) -> str | None:
    """The last capitalised place after a locative preposition in `clause` from `after`."""
    towns = [m.group(1) for m in rx.finditer(rf"\b(?:{preps})\s+{PLACE}", clause[after:], re.I)]  # 'en la Nacional': no town
    towns = [t for t in towns if t.split()[0] not in NOT_NAMES | NOT_PLACES and not NOT_TOWNS.fullmatch(t.split()[0])
             and not canon("language", t) and (not t.isupper() or t in CITY_NICKNAMES)]
    return CITY_NICKNAMES.get(towns[-1], towns[-1]) if towns else None


def work_home(s: str, lang: str) -> list[Found]:
    """The home city said as where the user works or studies (see the module docstring)."""
    if TEMPORARY.search(s) or ONLY_FOR_NOW.search(s) or rx.search(TRIP, s, re.I) or LIVES.search(s):
        return []
    for clause in clauses_of(s):
        for code, (verb, preps) in WORK.items():
            cue = next((c for c in rx.finditer(verb, clause, re.I) if "tud" in c.group(0).lower()[:4] or "stud" in c.group(0).lower()[:5]
                        or not NOUN_BEFORE.search(clause[:c.start()])), None)  # 'a student' is a noun; 'di lavoro' no verb
            preps = preps if code != "it" or lang == "it" else "in"  # 'a' is a town's preposition in Italian only
            if cue and (city := town(clause, cue.end(), preps)):
                return [("home city", city, f"The user lives in {city}.")]
        if (city := job_town(clause, lang)):
            return [("home city", city, f"The user lives in {city}.")]
    return []


def job_town(clause: str, lang: str) -> str | None:
    """The town right after a job said with a copula ('je suis prof de maths à Rennes'): one to four words of the job
    (no workplace among them), then the locative preposition of the sentence's language and the town."""
    if not (cop := COPULA.search(clause)) or not found_job_said(clause[cop.start():]) or lang not in PREPS:
        return None
    m = rx.match(rf"(?:(?:an?|un|une|una|uma?|el|la|il|lo|o|l')\s+|un'|l')?(?:(?!{PLACING}\b)[\w'’-]+\s+){{1,4}}?(?=(?:{PREPS[lang]})\s)", clause[cop.end():], re.I)
    at = cop.end() + m.end() if m else -1
    return town(clause[:at + len(place.group(0))], at, PREPS[lang]) if m and (
        place := rx.match(rf"(?:{PREPS[lang]})\s+{PLACE}", clause[at:], re.I)) else None  # the town itself, not '… in a Kita in Altona'

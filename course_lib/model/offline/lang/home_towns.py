"""The home city said in passing: a real town next to what the user says about themselves.

    I'm Harriet, 41, and I run a small bakery in Bath.                 -> Bath   (a name, an age)
    Trabajo de enfermera en un hospital de Sevilla.                     -> Sevilla (a job)
    wesh c'est momo, 33 piges, chauffeur poids lourd à lille            -> Lille  (an age, a job)
    hola, soy Ximena, vivo en Coyoacán, en la Ciudad de México          -> (the readers' Coyoacán; see below)

People name their town when they introduce themselves or say what they do, without a verb of living. This reader
takes such a town as the home city when all of these hold:
  - the sentence says something about the user themselves: the readers found their name, age, nickname or job in
    it ('I'm in Cardiff now' alone may be a stay);
  - the town's own clause says what the user is or does there: where they are, a verb of working or studying, a job,
    or a short apposition ('33 piges, chauffeur poids lourd à lille'); not 'I'm Tom and I had lunch in Paris';
  - the place is a real town (lang/towns.py: GeoNames' towns of 15,000 people or more and the six languages' names of
    the big ones), after a preposition of place or origin ('in', 'at', 'near', 'from', 'à', 'de', 'em', 'aus' …),
    not of direction ('to', 'nach', 'para');
  - nothing says the user is only there for a while or has left (a trip, a stay, a hotel, 'originally', 'born',
    'grew up', 'moving', 'leaving'), works there from afar ('remote'), or lives somewhere (a verb of living the
    readers of slots_life did not read is not for this reader to guess);
  - no home city is known yet, from this sentence or before.
Of several towns, one where the user is before one they come from ('Pablo, de Valencia, estoy de Erasmus en
Heidelberg' is said with Erasmus, so nothing; without it Heidelberg), then the largest ('Coyoacán, en la Ciudad de
México' -> Ciudad de México). What it cannot tell: a workplace in another
town than the home ('je bosse à Genève' with no home said gives Genève), which the user then corrects.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.slots_intro import ORIGIN_ONLY
from course_lib.model.offline.lang.slots_life import CITY_NICKNAMES, ONLY_FOR_NOW, TRIP
from course_lib.model.offline.lang.towns import known
from course_lib.model.offline.lang.concepts import spans
from course_lib.model.offline.lang.work_home import LIVES, TEMPORARY, WORK, work_home

Found = tuple[str, str, str]
ABOUT_SELF = ("name", "nickname", "age", "job")
WHERE_I_AM = re.compile(  # 'I'm in Leeds', 'soy de Cádiz', 'ich bin aus Graz', 'je suis de Namur', 'sono di Verona'
    r"\b(?:i'?m|i am|we'?re|we are|ich bin|i bin|bin|wir sind|je suis|jsuis|chu|on est|nous sommes|soy|somos|estoy|estamos|sou|somos|"
    r"estou|tô|sono|siamo|sto|stiamo)\s+(?:(?:now|still|jetzt|noch|maintenant|toujours|ahora|todavía|agora|ainda|ora|ancora)\s+)?"
    r"(?:in|at|from|aus|us|à|a|de|d'|en|em|no|na|do|da|di|del|dalla|dal)\s*(?:the |la |el |o |a |le )?(?-i:[A-ZÀ-Ý])", re.I)
ORIGIN = {"from", "fae", "aus", "us", "von", "de", "d'", "da", "di", "del", "della", "dal", "dalla", "desde", "do", "du"}
PREPOSITION = (r"in|at|near|outside|around|from|fae|of|aus|us|von|bei|z|à|a|au|en|de|du|d'|près de|vers|em|no|na|do|da|di|"
               r"del|della|dal|dalla|ad|vicino a|perto de|cerca de|desde|based in")
ARTICLE = r"(?:the |la |el |le |o |a |lo |il |l')?"
CAPITALISED = r"[A-ZÀ-Ý][\w'’-]*(?:[ -](?:(?:de|do|da|dos|das|del|de la|de los|di|im|am|an der|sur|upon|on|en) )?[A-ZÀ-Ý][\w'’-]*)*"
TOWN = re.compile(rf"(?:(?<=\s)|^|(?<=d'))(?:{PREPOSITION})\s+{ARTICLE}(?-i:({CAPITALISED}))", re.I)
LEFT = re.compile(  # the user is leaving or has left the town, or moves soon: not (yet) the home
    r"\b(?:moving|leaving|left|quit+e|quitt[ée]|quittons|verlasse|verlassen|ziehen? (?:\w+ )?weg|me voy de|dejo|dej[ée]|saio de|"
    r"deixo|deixei|lascio|lasciato|lasciamo|erasmus|exchange|austausch|auslandssemester|[ée]change|intercambio|interc[aâ]mbio|scambio|"
    r"commute|pendle|pendel\w*|trajet|viaj\w+|ir[ée] |vou |vais |voy |vado |will |going to|werde|"
    r"remote|remoto|remota|t[ée]l[ée]travail|homeoffice|home office|nights|n[äa]chte|nuits|noches|noites|notti|hotel|h[ôo]tel)\b", re.I)
# a workplace far away ('full remote per un'azienda di Berlino') or a stay ('5 nights at the Hotel Gracery in Tokyo')


def town(name: str) -> tuple[str, int] | None:
    """(name as typed, rank) of a known town, or of a town by its nickname ('Floripa' -> Florianópolis); else None."""
    if name in CITY_NICKNAMES and (full := known(CITY_NICKNAMES[name])):
        return CITY_NICKNAMES[name], full[1]
    return (name, hit[1]) if (hit := known(name)) else None


CLAUSE_END = re.compile(r"[,;.!?()]|\s(?:and|und|et|y|e|but|aber|mais|pero|mas|ma|so|also|donc|così|então|entonces)\s", re.I)
WORKING = "|".join(verb for verb, _ in WORK.values()) + (  # and running a business: 'I run a small bakery in Bath'
    r"|\b(?:i|we) (?:run|own|manage)\b|\bleite\b|\bg[èe]re\b|\bdirijo\b|\bgestisco\b|\bgerencio\b|"
    r"\btengo una? (?:taller|tienda|bar|restaurante|negocio|empresa|granja|finca)\b|"
    r"\btenho uma? (?:loja|oficina|bar|restaurante|empresa|neg[óo]cio|quinta|herdade)\b|"
    r"\bho una? (?:negozio|bar|ristorante|officina|azienda|fattoria)\b|\bj'ai une? (?:boutique|bar|restaurant|garage|entreprise|ferme)\b")


def about_self(clause: str) -> bool:
    """Does the clause of a town say what the user is or does there: where they are ('soy de Cádiz'), a verb of working
    or studying ('lavoro come grafico a Torino'), a job ('veterinaria en una clínica de Zaragoza'), or a short
    apposition ('33 piges, chauffeur poids lourd à lille', 'mechanic in brum')? Not 'I had lunch in Paris'."""
    return bool(WHERE_I_AM.search(clause) or rx.search(WORKING, clause, re.I) or spans("job", clause) or
                len(clause.split()) <= 6 and not rx.search(r"\b(?:i|ich|je|j'|yo|eu|io|we|wir|on|nous|nosotros|n[óo]s|noi)\b", clause, re.I))


def clause_at(sentence: str, at: int) -> str:
    """The clause of `sentence` around position `at` (commas, full stops and conjunctions end a clause)."""
    start = max((m.end() for m in CLAUSE_END.finditer(sentence[:at])), default=0)
    end = next((m.start() + at for m in CLAUSE_END.finditer(sentence[at:])), len(sentence))
    return sentence[start:end].strip()


def towns_named(sentence: str) -> list[tuple[str, int, bool]]:
    """(name, rank, after a preposition of origin) of every known town after a preposition of place or origin, as many
    words as the town has ('Santiago de los Caballeros', 'Freiburg im Breisgau', 'Ciudad de México')."""
    out = []
    for m in TOWN.finditer(sentence):
        words = m.group(1).split()
        hit = next((hit for n in range(len(words), 0, -1) if (hit := town(" ".join(words[:n])))), None)
        if hit and about_self(clause_at(sentence, m.start(1))):
            before = m.group(0)[:m.start(1) - m.start(0)].split()[0].lower()
            out.append((*hit, before in ORIGIN or before.endswith("'")))
    return out


def home_in_passing(sentence: str, found: list[Found]) -> list[Found]:
    """The home city a sentence about the user names in passing (the module docstring); [] when unsure."""
    if any(f[0] == "home city" for f in found) or not any(f[0] in ABOUT_SELF for f in found):
        return []
    if TEMPORARY.search(sentence) or ONLY_FOR_NOW.search(sentence) or rx.search(TRIP, sentence, re.I) or \
            ORIGIN_ONLY.search(sentence) or LEFT.search(sentence) or LIVES.search(sentence):
        return []  # a verb of living the live readers did not read: not for this reader to guess
    towns = towns_named(sentence)
    towns = [t for t in towns if not t[2]] or towns  # 'de Valencia, estoy en Heidelberg': where one is, not whence
    if not towns:
        return []
    city = min(towns, key=lambda t: t[1])[0]
    return [("home city", city, f"The user lives in {city}.")]


def homes_in_passing(sentence: str, own: str, lang: str, found: list[Found]) -> list[Found]:
    """The home city said with the work (lang/work_home.py), else in passing in the user's own clauses `own`."""
    return work_home(sentence, lang) or (home_in_passing(own, found) if own else [])

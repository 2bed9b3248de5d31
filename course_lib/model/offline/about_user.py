"""What a prompt says about the user: name, diet, allergies, home city, job, budget, and "my X is Y" facts.

Each reader takes the fact text (reading.fact_text: recalled facts and what the user said) and looks at the
sentences that speak about the user: first person ("I", "my", "ich", "je", "yo", "eu", "io" …) or
"The user …" lines. Sentences about someone else ("my sister is vegetarian") are skipped. When a fact
was stated twice, the last statement wins; a retraction ("not vegetarian any more", "I eat meat again",
"no longer allergic to shellfish") removes it.

    diet("I don't eat meat.")                       == "vegetarian"
    allergies("Soy alérgico a los mariscos.")       == ["mariscos"]
    home_city("J'habite à Lyon.")                   == "Lyon"
    name("My name is Samuel but everyone calls me Sam.") == ("Samuel", "Sam")
    budget("My budget is thirty euros per person.") == (30.0, True)

Coverage: English, German, French, Spanish, Portuguese and Italian, for the common phrasings of each slot;
anything else is not read (and the agent says it does not know).
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.amounts import NUMBER_WORD, number
from course_lib.model.offline.lang.concepts import find
from course_lib.model.offline.places import LOCAL_NAMES
from course_lib.model.offline.text import sentences

NAME_WORD = r"((?-i:[A-ZÀ-Ý][a-zà-ÿ'-]+(?: [A-ZÀ-Ý][a-zà-ÿ'-]+)?))"  # capitalised, even in a re.I pattern
THIRD_PARTY = re.compile(r"\b(?:my|mein\w*|ma|mon|mes|mi|mis|minha|meu|mia|mio|la mia|il mio)\s+(?:\w+\s+)?"
                         r"(?:sister|brother|wife|husband|partner|friend|mother|father|mum|mom|dad|son|daughter|kids?|"
                         r"children|colleague|boss|girlfriend|boyfriend|schwester|bruder|frau|mann|freund\w*|mutter|"
                         r"vater|sohn|tochter|kinder|sœur|frère|femme|mari|ami\w*|mère|père|fils|fille|hermana|"
                         r"hermano|esposa|esposo|marido|amig\w+|madre|padre|hij\w+|irmã|irmão|mulher|mãe|pai|filh\w+|"
                         r"sorella|fratello|moglie|marito|madre|padre|figli\w*)\b", re.I)
SELF = re.compile(r"\b(?:i|i'm|i've|my|me|ich|mein\w*|mich|mir|je|j'|moi|mon|ma|yo|soy|estoy|mi|me|eu|sou|estou|"
                  r"meu|minha|io|sono|mio|mia|we|we're|our|wir|unser\w*|nous|nosotros|somos|nós|noi|the user)\b|^(?:j'|m')|\b(?:vivo|moro|abito|habite|wohne|"
                  r"trabajo|trabalho|lavoro|travaille|arbeite|llamo|chamo|chiamo|appelle|heiße|como|esse|mange|mangio|faccio|hago|fais|"
                  r"faço)\b", re.I)


def user_sentences(text: str) -> list[str]:
    """The sentences of `text` that speak about the user, not about someone else."""
    return [s for s in sentences(text) if SELF.search(s) and not THIRD_PARTY.search(s)]


def _last(patterns: tuple[re.Pattern[str], ...], text: str, group: int = 1) -> tuple[int, str] | None:
    hits = [(i, m.group(group)) for i, s in enumerate(user_sentences(text)) for p in patterns
            for m in p.finditer(s)]
    return max(hits, key=lambda h: h[0]) if hits else None


NAME = (re.compile(rf"\b(?:my name is|my name's|the user's name is|i am called|i'm called|mein name ist|"
                   rf"ich heiße|ich heisse|je m'appelle|mon nom est|me llamo|mi nombre es|meu nome é|o meu nome é|"
                   rf"me chamo|chamo-me|mi chiamo|il mio nome è)\s+{NAME_WORD}", re.I),
        re.compile(rf"(?:^|[,.!] |\b(?:hi|hello|hey|hallo|salut|bonjour|hola|olá|ciao)[,!]? )(?:i'm|i am|(?<=[,!] )"
                   rf"(?:je suis|soy|sou|sono|eu sou))\s+"  # not German "ich bin": nouns are capitalised
                   rf"{NAME_WORD}(?=[,.!]|\s+and\b|$)", re.I))
NICKNAME = (re.compile(rf"\b(?:call me|calls me|call me just|nenn mich|nennt mich|appelle-moi|appelez-moi|"
                       rf"m'appellent|llámame|me llaman|me chamam|chiamami|mi chiamano|the user goes by|"
                       rf"the user prefers to be called|goes by|pode me chamar de|podes chamar-me)\s+{NAME_WORD}",
                       re.I),)
NOT_NAMES = re.compile(r"^(?:Vegetarian|Vegan|Allergic|Not|Sorry|Here|Back|Fine|Good|Ok|Okay|Sure|Ready|Hungry|"
                       r"Planning|Looking|Going|From|In|At|The|A|An)\b")


BARE_I_AM = re.compile(rf"^[ \t]*(?:user:\s*)?(?:i'm|i am)\s+({NAME_WORD})[ \t.!]*$", re.I | re.M)


def name(text: str) -> tuple[str | None, str | None]:
    """(name, the name the user wants to be called) from the prompt; either may be None.

    A message that is only "I'm Batman." is not read as a name: said alone, with no greeting and nothing after
    it, it is as often a joke or an exclamation as an introduction (unsure_name() keeps it, so the agent can ask).
    """
    def clean(hit: tuple[int, str] | None) -> str | None:
        return hit[1] if hit and not NOT_NAMES.match(hit[1]) else None
    text = BARE_I_AM.sub("", text)
    return clean(_last(NAME, text)), clean(_last(NICKNAME, text))


def unsure_name(text: str) -> str | None:
    """The X of the last message that is only "I'm X." (maybe a name, maybe not: the agent asks), or None."""
    found = [m.group(1) for m in BARE_I_AM.finditer(text) if not NOT_NAMES.match(m.group(1))]
    return found[-1] if found else None


VEGETARIAN = r"(?:vegetarian|vegetarier\w*|vegetarisch\w*|végétarien\w*|vegetarian[oa]s?|vegetarian[oaie])"
VEGAN = r"(?:vegan\w*|veganer\w*|végan\w*|végétalien\w*|vegan[oa])"
NO_MEAT = (r"(?:don't|do not|never|no longer) eat meat|ich esse kein fleisch|esse kein fleisch|je ne mange pas de "
           r"viande|je ne mange plus de viande|no como carne|não como carne|nao como carne|non mangio carne|"
           r"eat no meat|kein fleisch|no meat|sans viande|sin carne|sem carne|senza carne")
DIET_NEGATED = re.compile(r"\b(?:not|no longer|nicht|kein\w*|plus|pas|ya no|no soy|não sou|já não|non sono più|non "
                          r"sono|non)\s+(?:(?:just|really|strictly|mehr|more)\s+)?(?:a |an |un |une |una |um |uma |"
                          r"ein |eine )?$", re.I)
RETRACTED = re.compile(r"\b(?:no longer|any ?more|nicht mehr|ne suis plus|plus (?:végé|vég)|ya no|já não|non sono più|"
                       r"isn't any ?more)\b", re.I)
EATS_MEAT = re.compile(r"\b(?:eats? meat|eat meat again|esse wieder fleisch|esse fleisch|mange de la viande|"
                       r"como carne|mangio carne)\b", re.I)


def diet(text: str) -> str | None:
    """"vegetarian" or "vegan" as last stated and not negated ("I don't eat meat" is vegetarian), or None.
    A request counts too ("Find a vegetarian restaurant"); a sentence about someone else does not."""
    events: list[tuple[int, int, str | None]] = []
    for i, s in enumerate(t for t in sentences(text) if not THIRD_PARTY.search(t)):  # "Find a vegan place" counts
        for kind, pattern in (("vegan", VEGAN), ("vegetarian", VEGETARIAN)):
            for m in rx.finditer(rf"(?<!\w){pattern}(?!\w)", s, re.I):
                if not DIET_NEGATED.search(s[max(0, m.start() - 30): m.start()]):
                    events.append((i, m.start(), kind))
                elif RETRACTED.search(s):  # "no longer vegan" clears it; "not just vegetarian" says nothing
                    events.append((i, m.start(), None))
        for m in rx.finditer(NO_MEAT, s, re.I):
            events.append((i, m.start(), "vegetarian"))
        for m in EATS_MEAT.finditer(s):
            if not rx.search(r"(?:don't|do not|never|no|não|non|nicht|ne)\s+\S*\s*$", s[:m.start()], re.I):
                events.append((i, m.start(), None))
    return max(events, key=lambda e: (e[0], e[1]))[2] if events else None


ALLERGEN = r"([^.;!?]+)"  # to the end of the clause; split into one item per allergen below
ITEM_BREAK = re.compile(r"\s*(?:,|\band also\b|\bas well as\b|\band\b|\bund\b|\bet\b|\by\b|\be\b|\bor\b|\bplus\b|"
                        r"\balso\b|\bauch\b|\baussi\b|\btambién\b|\btambém\b|\banche\b)\s*", re.I)
ARTICLE = re.compile(r"^(?:the|los|las|el|la|les|le|l'|des|du|de la|aux|au|os|as|o|a|ao|à|i|gli|le|il|lo|al|"
                     r"alle|ai|agli|allo)\s+", re.I)
ALLERGY = (re.compile(rf"\ballergic to {ALLERGEN}", re.I),
           re.compile(rf"\b(?:allergisch (?:gegen|auf)) {ALLERGEN}", re.I),
           re.compile(rf"\ballergique (?:à|a|aux|au) {ALLERGEN}", re.I),
           re.compile(rf"\balérgic[oa] (?:a|al|à|ao|aos|às) {ALLERGEN}", re.I),
           re.compile(rf"\ballergic[oa] (?:a|al|alle|ai|agli|allo) {ALLERGEN}", re.I),
           re.compile(rf"\b(?:allergy|allergie|alergia|allergia) (?:to|gegen|auf|à|aux|a|al|ao) {ALLERGEN}", re.I),
           re.compile(r"\b(?:an? |severe )?([\w-]+) allergy\b", re.I),
           re.compile(r"\b(\w+)-allergie\b", re.I))
NO_LONGER = re.compile(r"\b(?:not|no longer|nicht mehr|plus|ya no|já não|non (?:sono )?più|isn't|not really)\b", re.I)
STOP_AT = re.compile(r"\s+(?:and i\b|but\b|aber\b|mais\b|pero\b|mas\b|ma\b|since\b|so\b|which\b|when\b|too\b)|"
                     r"\s+(?:any ?more|anymore|mehr|más|mais|più)\b", re.I)


SKIP_ALLERGENS = {"the", "food", "what", "que", "qué", "cosa", "anything", "nothing", "it", "them", "something"}


def allergies(text: str) -> list[str]:
    """What the user says they are allergic to (current, in their words), in the order first said."""
    found: dict[str, tuple[str, bool]] = {}  # lower case -> (as written, still current)
    for s in user_sentences(text):
        for p in ALLERGY:
            for m in p.finditer(s):
                retracted = bool(NO_LONGER.search(s[:m.start()]) or rx.search(r"any ?more|mehr\b", s, re.I))
                for item in ITEM_BREAK.split(STOP_AT.split(m.group(1))[0]):
                    thing = ARTICLE.sub("", rx.sub(r"^(?:to|gegen|à|aux|a|al)\s+", "", item.strip(" .,!?;")))
                    if len(thing) < 3 or len(thing.split()) > 3 or thing.lower() in SKIP_ALLERGENS:
                        continue
                    found.pop(thing.lower(), None)
                    found[thing.lower()] = (thing, not retracted)
    return [t for t, current in found.values() if current]


CITY_WORD = r"([A-ZÀ-Ý][a-zà-ÿ'-]+(?:[ -](?:am |de |do |da |del |di )?[A-ZÀ-Ý][a-zà-ÿ'-]+)?)"
HOME = re.compile(rf"\b(?:i live in|i'm living in|i am living in|i'm based in|i am based in|we live in|i moved to|"
                  rf"we moved to|relocated (?:from \S+ )?to|my home is in|home is|my home city is|the user lives in|"
                  rf"the user moved to|the user is based in|home city(?: is|:)|ich wohne in|ich lebe in|wohne in|"
                  rf"lebe in|bin nach|j'habite à|j'habite a|j'habite au|j'habite en|j'habite|je vis à|je vis a|"
                  rf"je vis en|vivo en|vivimos en|me mudé a|moro em|moro no|moro na|vivo em|moramos em|"
                  rf"mudei-me para|me mudei para|abito a|abito in|vivo a|vivo in|mi sono trasferit[oa] a)\s+{CITY_WORD}",
                  re.I)


def home_city(text: str, english: bool = True) -> str | None:
    """The city the user says they live in (the last one stated): in English when the gazetteer knows it,
    else (or with english=False) as the user wrote it."""
    hits = [(i, m.group(1)) for i, s in enumerate(user_sentences(text)) for m in HOME.finditer(s)]
    if not hits:
        return None
    city = max(hits, key=lambda h: h[0])[1]
    return LOCAL_NAMES.get(city.lower(), city) if english else city


JOB = re.compile(r"\b(?:i work(?: [\w ]{0,25}?)? as|i'm working as|my job is|i'm employed as|the user works as|"
                 r"the user is employed as|ich arbeite als|arbeite als|mein beruf ist|je travaille comme|"
                 r"je suis employée? comme|mon métier est|trabajo como|trabajo de|mi trabajo es|trabalho como|"
                 r"a minha profissão é|lavoro come|faccio (?:il|la|lo)|faccio l['’](?=\w)|sono un[ao]?(?= \w+(?:iere|iera|ista)\b))\s*(?:an? |un |une |una |um |uma |ein |eine )?"
                 r"([\w' -]{2,40}?)(?=[.,;!?]|\s+(?:and|in|at|for|bei|à|en|em|a|in|since|und|et|y|e)\b|$)", re.I)


def job(text: str) -> str | None:
    """What the user says they work as (the last statement), or None."""
    hits = [(i, m.group(1).strip()) for i, s in enumerate(user_sentences(text)) for m in JOB.finditer(s)]
    if not hits:
        return None
    return rx.sub(r"\s+(?:now|currently|again|too|jetzt|maintenant|ahora|agora|adesso|ora)$", "",
                  max(hits, key=lambda h: h[0])[1], flags=re.I)


MONEY = re.compile(rf"(?:€\s*(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s*(?:EUR|€|euros?)(?!\w)|({NUMBER_WORD})\s*"
                   rf"(?:EUR|€|euros?)(?!\w))", re.I)
BUDGET_CUE = re.compile(r"budget|per person|pro person|par personne|por persona|por pessoa|a persona|a testa|at most|"
                        r"\bmax|\bunder\b|up to|no more than|can spend|höchstens|maximal|bis zu|au maximum|pas plus de|"
                        r"moins de|presupuesto|máximo|como mucho|orçamento|no máximo|até|al massimo|non più di|"
                        r"sotto i|less than|below|cheaper than|\bunter\b|weniger als|menos de|meno di|moins cher|"
                        r"abaixo de|por debajo de|nicht mehr als|jusqu'(?:à|a)|hasta|no más de|não mais de|fino a|"
                        r"massimo|maximum|or less|oder weniger|ou moins|o menos|ou menos|o meno|per head|a head|"
                        r"pro kopf|par tête|por cabeza|por cabeça|no pasen? de|no superen?|sin pasar de|nothing (?:over|above)|"
                        r"not over|\bpp\b|nichts über|rien au-dessus de|nada (?:por encima|acima) de|niente sopra i|ne dépasse pas|"
                        r"sans dépasser|non superi|senza superare|não passem? de|sem passar de|nicht über|"
                        r"\bbis\s+(?=€?\s*\d)", re.I)
BARE_AMOUNT = re.compile(r"\b(?:max(?:imum)?|under|at most|up to|no more than|nothing (?:over|above)|not over|nicht über|höchstens|maximal|bis zu|moins de|"
                         r"menos de|máximo|sotto i|al massimo|até|hasta|fino a|jusqu'à|nicht mehr als|no más de|"
                         r"não mais de|massimo)\s*(\d+(?:[.,]\d+)?)(?![\d:.]|\s*(?:people|persons?|guests|personen|personnes|personas|pessoas|persone|pm|am|h\b|uhr|heures?|"
                         r"horas?|ore\b|years|jahre|ans\b|años|anos|anni|days|tage|jours|días|dias|giorni|km|%))|"
                         r"\b(\d+(?:[.,]\d+)?)\s*(?:per person|pro person|par personne|por persona|por pessoa|a testa|a head|per head|"
                         r"pro kopf|par tête|por cabeza|por cabeça)", re.I)
PER_PERSON = re.compile(r"\bpp\b|per person|pro person|par personne|por persona|por pessoa|a persona|a testa|each|per head|"
                        r"a head|pro kopf|par tête|por cabeza|por cabeça", re.I)


def budget(text: str, asked: str = "") -> tuple[float | None, bool]:
    """(the last EUR amount in a sentence about a budget or a price per person, whether it is per person). When the
    question names what the budget is for ("o meu orçamento para o jantar" -> dinner: the concept lexicon's purpose
    family) and a budget sentence names it too, only those sentences count."""
    value, per_person = None, False
    asked_for = {v for _, v in find("purpose", asked)} if asked else set()
    named = {s: {v for _, v in find("purpose", s)} for s in sentences(text) if BUDGET_CUE.search(s)}
    chosen = []  # only when another budget is for something else ('hotel 90 a night'); else the last one said wins
    if asked_for and any(n and not n & asked_for for n in named.values()):
        chosen = [s for s, n in named.items() if n & asked_for]
    for s in chosen or sentences(text):
        if BUDGET_CUE.search(s):
            amounts = [m for m in MONEY.finditer(s)]
            bare = BARE_AMOUNT.search(s)
            if not amounts and bare:  # "Max 30 per person": an amount without a currency, in a budget sentence
                value, per_person = float(bare.group(1) or bare.group(2)), bool(PER_PERSON.search(s))
            if amounts:
                m = amounts[-1]
                value = float((m.group(1) or m.group(2)).replace(",", ".")) if not m.group(3) \
                    else float(number(m.group(3)) or 0)
                per_person = bool(PER_PERSON.search(s))
    return value, per_person


def stated(text: str, thing: str) -> str | None:
    """The value of "my <thing> is <value>" (or "The user's <thing> is …"), last stated, or None."""
    t = re.escape(thing.strip().lower())
    pattern = re.compile(rf"\b(?:my|the user's)\s+{t}\s+(?:is|are|was)\s+([^.,;!?]+)", re.I)
    hits = [(i, m.group(1).strip()) for i, s in enumerate(user_sentences(text)) for m in pattern.finditer(s)]
    return max(hits, key=lambda h: h[0])[1] if hits else None

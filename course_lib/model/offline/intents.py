"""What a user message asks for, in English, German, French, Spanish, Portuguese and Italian.

    intent("Book Chez Lentille in Paris for 2 on Saturday at 8pm")  == "book"
    intent("Lösche alles, was du über mich weißt.")                  == "forget_all"
    intent("forget my allergy")                                      == "forget"
    intent("Wie heiße ich?")                                         == "recall"      # asked(...) == "name"
    intent("Purple monkeys dishwasher.")                             == "unknown"

The intents, checked in this order: page (a URL), forget_all, forget, recall (a question about the user),
book, weather, restaurant, small_talk (greetings, thanks, goodbyes), unknown (react.py then checks whether
the message states something about the user, or matches a learner's own tool). Each is one table of cue
words; nothing here is learned.
"""
from __future__ import annotations

import re

from course_lib.model import rx

URL = re.compile(r"https?://[^\s)\"'>]+")

FORGET_VERB = (r"forget|delete|erase|remove|wipe|vergiss|vergessen|lösch\w*|losch\w*|entfern\w*|oublie\w*|oublier|"
               r"efface\w*|supprime\w*|olvid\w*|olvíd\w*|borra\w*|elimina\w*|esquece\w*|esqueça|apaga\w*|apague|"
               r"dimentica\w*|cancella\w*|scorda\w*")  # 'olvídate de todo', 'scordati tutto' 
EVERYTHING = (r"everything|all (?:of )?(?:my data|that you know|you know|about me|my memories|you have)|all my|"
              r"alles|alle meine\w*|tout|toutes|tous mes|todo|tod[oa]s (?:mis|los|las|os meus|as minhas)|tudo|tutto|tutti|whatever you know|all data|all memories|all of it")
FORGET_ALL = re.compile(rf"\b(?:{FORGET_VERB})\b.*\b(?:{EVERYTHING})\b|\b(?:{EVERYTHING})\b.*\b(?:{FORGET_VERB})\b|"
                        rf"\bright to be forgotten\b", re.I)
FORGET = re.compile(rf"\b(?:{FORGET_VERB})\b|\bno longer\b", re.I)
# "Dimentica che sono vegetariano, ormai mangio di tutto": the verb takes a clause ("that …"), which names one fact;
# an "everything" further on belongs to that clause, so this is not a request to delete everything
ONE_CLAUSE = re.compile(rf"\b(?:{FORGET_VERB})\b(?:\s+(?:please|bitte|por favor|per favore))?\s*,?\s+"
                        rf"(?:that|dass|que|che|qu['’])(?!\s*(?:,|\b(?:{EVERYTHING})\b))", re.I)

QUESTION_START = re.compile(r"^\s*(?:what|what's|whats|where|who|which|how|do|does|did|am|is|are|can you tell|tell me|"
                            r"remind me|wie|wo|was|wer|welche\w*|wogegen|bin|habe|comment|où|quel\w*|qu'|que|qui|"
                            r"est-ce|à quoi|a quoi|suis-je|cómo|como|dónde|donde|cuál|cual|qué|a qué|a que|quién|"
                            r"qual|onde|o que|quem|a que|come|dove|cosa|chi|a cosa|che|sono|sou|soy)\b", re.I)

ASKED_THEN_CHAT = re.compile(r"\?\s*(?:\S+\s*){0,4}$")  # a question mark, then a few words: 'quantos anos eu tenho? kkk esqueci'
ASKED = (  # (slot, cue words in a question about the user)
    ("name", r"my name|who am i|wer bin ich|qui suis-je|quién soy|quem sou eu|chi sono io|call me\?|what (?:should|do) you call me|wie hei(?:ß|ss)e? ich|wie ist mein "
             r"name|mein name|je m'appelle comment|comment (?:est-ce que )?je m'appelle|mon (?:pré)?nom|cómo me "
             r"llamo|como me llamo|mi nombre|como (?:eu )?me chamo|meu nome|come mi chiamo|il mio nome"),
    ("allergy", r"allerg|alérg|alerg"),
    ("city", r"where do i live|where i live|where am i based|what city am i in|which city am i in|which city do i live|where's my home|where is my home|my home ?city|what city "
             r"do i live|wo wohne? ich|wo lebe? ich|wo ich wohne|mein wohnort|où (?:est-ce que )?j'habite|où je vis|"
             r"j'habite où|où est-ce que je vis|dónde vivo|donde vivo|en qué ciudad vivo|onde (?:eu )?moro|onde "
             r"(?:eu )?vivo|dove abito|dove vivo|in (?:che|quale) citt[àa] (?:vivo|abito)|in welcher stadt (?:wohne|lebe) ich|"
             r"dans quelle ville (?:j'habite|je vis|est-ce que j'habite)|em que cidade (?:eu )?(?:moro|vivo)|"
             r"qual (?:é|e) a minha cidade|what(?:'s| is) my (?:home ?)?city"),
    ("diet", r"my diet|what do i eat|do i eat meat|am i (?:a )?(?:vegetarian|vegan)|meine ernährung|was esse ich|"
             r"esse ich fleisch|bin ich veget|mon régime|qu'est-ce que je mange|suis-je végé|mi dieta|qué como|soy "
             r"vegetarian|minha dieta|o que (?:eu )?como|sou vegetarian|la mia dieta|cosa mangio|sono vegetarian"),
    ("budget", r"budget|presupuesto|orçamento|how much (?:can|do|should) i spend|wie viel (?:kann|will|darf) ich|"
               r"combien (?:je peux|puis-je)|cuánto puedo gastar|quanto posso (?:gastar|spendere)"),
    ("job", r"do for a living|my (?:job|profession|occupation|work)\b|where do i work|what do i work|von beruf|was "
            r"arbeite ich|mein beruf|mon (?:métier|travail|boulot)|je fais quoi|ce que je fais dans la vie|en qué "
            r"trabajo|de trabajo|a qué me dedico|mi (?:trabajo|profesión)|minha profissão|meu trabalho|em que (?:eu )?trabalho|"
            r"che lavoro faccio|il mio lavoro|what do i do for (?:work|a job)|what i do for (?:work|a job)|was mache ich "
            r"beruflich|was ich beruflich mache|als was arbeite ich|(?:ce )?que je fais comme (?:travail|métier|boulot)|"
            r"qu[ée] hago (?:en la vida|para vivir|de trabajo)|lo que hago (?:en la vida|para vivir|de trabajo)|(?:o|do) que "
            r"(?:é que )?(?:eu )?faço (?:da|na) vida|cosa faccio (?:nella vita|di lavoro|per vivere)|quello che faccio "
            r"(?:nella vita|di lavoro|per vivere)"),
)
EVERYTHING_ASKED = re.compile(r"what (?:do|else do) you (?:know|remember) about me|what have you (?:stored|saved) about me|"
                             r"was weißt du (?:alles )?über mich|que sais-tu (?:de|sur) moi|qu'est-ce que tu sais (?:de|sur) "
                             r"moi|qué sabes (?:de|sobre) mí|o que (?:você )?sabes? (?:de|sobre) mim|cosa sai di me", re.I)
MY_THING = re.compile(r"\b(?:what(?:'s| is| are| was)|do you (?:know|remember)|tell me)\s+my\s+([a-z][\w' -]{1,30}?)"
                      r"\s*(?:\?|$|\bis\b)", re.I)

BOOK = re.compile(r"\b(?:book|booking|reserve|reservation|table (?:for|at|in)|a table|buch\w*|reservier\w*|tisch|réserv\w*|"
                  r"une table|reserv[ae]\w*|resérv\w*|mesa|prenot\w*|tavolo)\b", re.I)
FEELS = re.compile(r"\b(?:(?:fera|fait|faire) beau|bel tempo|buen tiempo|bom tempo|sonne|umbrella|regenschirm|schirm|parapluie|paraguas|paragua|guarda-chuva|guarda-chuvas|ombrello|ombrellone|cold|hot|warm|windy|snow\w*|kalt|schnee\w*|froid|chaud|neige\w*|frío|frio|calor|nieve|"
                   r"nieva|neve|freddo|caldo)\b", re.I)  # weather words with other senses: after booking and restaurants
WEATHER = re.compile(r"\b(?:weather|rain|raining|forecast|temperature|sunny|vorhersage|prévisions?|previsión|"
                     r"previsioni|wetter|regen|regnet|météo|quel temps|"
                     r"pluie|pleut|qué tiempo|que tiempo|el tiempo|clima|lluvia|llueve|previsão|o tempo|chuva|chove|"
                     r"che tempo|meteo|pioggia|piove|pioverà|piovere|chover|choverá|chuvoso|llover|lloverá|lluvioso|pleuvoir|"
                     r"pleuvra|regnen|sonnig|soleil|sol)\b", re.I)
RESTAURANT = re.compile(r"\b(?:restaurants?|restos?|restau|bistrots?|trattorias?|dinner|lunch|eat|food|place to eat|where to eat|essen|abendessen|"
                        r"mittagessen|restaurant|dîner|déjeuner|manger|restaurante|cenar|comer|cena|almuerzo|jantar|"
                        r"almoço|ristorante|ristoranti|restaurantes|mangiare|mangia|mangiamo|cenare|cenamos|comemos|pranzo|place|places|somewhere|spot|recommend|suggest|lokal|empfiehl\w*|endroit|"
                        r"recommande\w*|lugar|recomienda\w*|sítio|recomenda\w*|posto|locale|consiglia\w*)\b", re.I)
SMALL_TALK = re.compile(r"^[\s¡¿]*(?:hi|hello|hey|good (?:morning|evening|night)|thanks?|thank you|cheers|bye|goodbye|"
                        r"see you|ok(?:ay)?|great|cool|nice|perfect|sounds good|that's all|hallo|guten (?:tag|morgen|"
                        r"abend)|danke|tschüss|bis bald|salut|bonjour|bonsoir|merci|au revoir|à bientôt|hola|gracias|"
                        r"adiós|hasta luego|buenas|olá|ola|obrigad[oa]|tchau|até logo|ciao|grazie|arrivederci|"
                        r"buongiorno|buonasera)\b[\s!.,?¡¿]*(?:[\w'’]+[\s!.,?¡¿]*){0,6}$", re.I)


def asked(question: str) -> str | None:
    """The fact about the user a question asks for (name, allergy, city, diet, budget, job), or None."""
    q = question.strip()
    is_question = (q.endswith("?") or QUESTION_START.search(q) or rx.search(r"\b(?:tell|remind) me\b", q, re.I)
                   or ASKED_THEN_CHAT.search(q))
    if not is_question:
        return None
    plain = rx.sub(r"\bé que\s+", "", q, flags=re.I)  # Portuguese "Como é que eu me chamo?" = "Como eu me chamo?"
    for slot, cues in ASKED:
        if rx.search(cues, q, re.I) or rx.search(cues, plain, re.I):
            return slot
    return "all" if EVERYTHING_ASKED.search(q) else None


def asked_thing(question: str) -> str | None:
    """The X of "what is my X?" when it is none of the known slots (e.g. "favourite colour"), or None."""
    m = MY_THING.search(question)
    return m.group(1).strip() if m else None


OPEN_ASKED = (  # (slot family, cue words) for a question about an open slot: "What languages do I speak?"
    ("language", r"\blanguages?\b|\bspeak\b|\bsprachen?\b|\bspreche\b|\blangues?\b|\bparle\b|\bidiomas?\b|\bhablo\b|"
                 r"\bl[íi]nguas?\b|\bfalo\b|\blingue\b|\bparlo\b"),
    ("hobby", r"\bhobb(?:y|ies)\b|\bfree time\b|\bspare time\b|\bfor fun\b|\bfreizeit\b|\bloisirs?\b|\bpasatiempos?\b|"
              r"\bpassatempos?\b|\btempo libero\b"),
    ("vehicle", r"\bcars?\b|\bvehicles?\b|\bdrive\b|\bwelches auto\b|\bquelle voiture\b|\bqu[ée] coche\b|\bque carro\b|\bche macchina\b"),
    ("relative", r"\b(?:kids|children|sons?|daughters?|family|wife|husband|partner|kinder|tochter|sohn|enfants|fils|fille|"
                 r"hijos?|hijas?|filhos?|filhas?|figli|figlia|figlio|mari|femme|marido|esposa|esposo|mujer|mulher|moglie|marito|"
                 r"mann|frau|ehemann|ehefrau|s(?:œ|oe)ur|fr[èe]re|hermanas?|hermanos?|irm[ãa]s?|irm[ãa]os|sorella|fratello|"
                 r"schwester|bruder|sister|brother|mother|father|mum|mom|dad|mutter|vater|m[èe]re|p[èe]re|madre|padre|m[ãa]e|pai|"
                 r"mamma|pap[àa]|pareja|novi[oa]|compañer[oa]|companheir[oa]|namorad[oa]|fidanzat[oa]|ragazz[oa]|copain|copine|"
                 r"compagn(?:on|e)|conjointe?|freund(?:in)?|partnerin|lebensgef[äa]hrt(?:e|in)|boyfriend|girlfriend|spouse)\b"),
    ("medication", r"\b(?:medications?|medicines?|meds|pills?|tablets?|medikament\w*|tabletten?|m[ée]dicaments?|"
                   r"medicamentos?|rem[ée]dios?|medicin[ae]l?i?|medicinali|farmac[oi]|pastiglie|compresse)\b"),
    ("pet", r"\b(?:pets?|dogs?|cats?|haustier\w*|hund|katze|chiens?|chats?|perros?|gatos?|c[ãa]es|c[ãa]o|cane|gatto|animals?)\b"),
    ("age", r"\bhow old\b|\bmy age\b|\bwie alt\b|\bquel [âa]ge\b|\bcu[áa]ntos años\b|\bquantos anos\b|\bquanti anni\b"),
    ("birthday", r"\bbirthday\b|\bgeburtstag\b|\banniversaire\b|\bcumplea[ñn]os\b|\banivers[áa]rio\b|\bcompleanno\b"),
    ("schedule", r"\bshifts?\b|\bwork(?:ing)? hours\b|\bschedule\b"),
    ("nationality", r"\bnationality\b|\bwhere am i from\b|\bnationalit[äaé]t?\b|\bnacionalidad[e]?\b|\bnazionalit[àa]\b"),
)
FIRST_PERSON_Q = re.compile(r"\b(?:i|my|me|ich|mein\w*|mir|je|j'|mon|ma|mes|yo|mis?|tengo|eu|meu|minha|tenho|io|mio|mia|ho|"
                            r"tomo|nehme|prends|prendo|uso|llevo|levo|hablo|falo|parlo|juego|jogo|gioco)\b", re.I)  # 'qué medicamento tomo'



def asked_open(question: str) -> str | None:
    """The open slot family a question about the user asks for ("What languages do I speak?" -> language), or None."""
    q = question.strip()
    if not (q.endswith("?") or QUESTION_START.search(q) or ASKED_THEN_CHAT.search(q)) or not FIRST_PERSON_Q.search(q):
        return None
    return next((family for family, cues in OPEN_ASKED if rx.search(cues, q, re.I)), None)


def first_question(text: str) -> str | None:
    """The question a message opens with when chat follows it ("¿Cómo se llama mi hijo? Siempre me lo preguntas
    jaja" -> "¿Cómo se llama mi hijo?"), or None: the question alone is read when the whole message is not."""
    head, mark, rest = text.partition("?")
    return head + mark if mark and rest.strip() else None


def intent(question: str) -> str:
    """What the user wants (see the module docstring for the list and the order)."""
    if URL.search(question):
        return "page"
    if FORGET_ALL.search(question) and not ONE_CLAUSE.search(question):
        return "forget_all"
    if FORGET.search(question) and not asked(question):
        return "forget"
    if WEATHER.search(question) and asked(question) in (None, "city"):
        return "weather"  # "What's the weather where I live?" asks for the weather, not for the city
    if asked(question) or asked_thing(question):
        return "recall"
    if BOOK.search(question):
        return "book"
    if WEATHER.search(question):
        return "weather"
    if RESTAURANT.search(question):
        return "restaurant"
    if FEELS.search(question) and rx.search(r"\?|\b(?:will|is|wird|ist|fera|fait|va|hará|hace|vai|está|farà|fa)\b",
                                             question, re.I):
        return "weather"  # "Is it cold in Berlin on Saturday?" (not "somewhere warm to eat", a restaurant)
    if asked_open(question):
        return "recall"  # checked after booking, weather and restaurants: "a table for my kids" is a booking
    first = first_question(question)
    if first and intent(first) == "recall":
        return "recall"
    if SMALL_TALK.search(question):
        return "small_talk"
    return "unknown"

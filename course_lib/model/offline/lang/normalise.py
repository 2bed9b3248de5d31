"""Normalising what people type before the slot readers see it: chat spellings written out ('nn', 'vc', 'chu'),
English typed without apostrophes ('im', 'dont'), a greeting or filler in front, a subject left out after 'and' or a
German comma, a filler or frequency adverb, German's verb-second order ('Jetzt bin ich Lehrerin'), 'now' before the
verb. One reader then fits every clause.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.lexicon import POSSESSIVE
from course_lib.model.offline.lang.towns import capitalise_towns
from course_lib.model.offline.lang.lowercase_names import KIN, plausible, recapitalise


SHARED = {  # a verb whose subject the user left out after 'and'/'but' (or, in German, a comma), per language
    "en": (("and", "but"), {"am": "I am", "work": "I work", "live": "I live", "have": "I have", "speak": "I speak",
                            "play": "I play"}),
    "de": (("und", "aber", ","), {"bin": "ich bin", "wohne": "ich wohne", "habe": "ich habe", "spreche": "ich spreche",
                                  "arbeite": "ich arbeite", "nehme": "ich nehme", "esse": "ich esse", "trinke": "ich trinke",
                                  "vertrage": "ich vertrage", "hab": "ich hab", "studiere": "ich studiere", "lerne": "ich lerne",
                                  "geh": "ich geh", "gehe": "ich gehe", "fahr": "ich fahr", "fahre": "ich fahre", "schaffe": "ich schaffe", "fang": "ich fange", "fange": "ich fange"}),
    "fr": (("et", "mais"), {"suis": "je suis"}), "es": (("y", "pero"), {"soy": "soy"}),
    "pt": (("e", "mas"), {"sou": "sou"}), "it": (("e", "ma"), {"sono": "sono"}),
}
SHARED_RE = [(re.compile(r"(?:\b(" + "|".join(c for c in conj if c != ",") + r")|(?<=\w)(,))\s+(" + "|".join(verbs) + r")\b"
                         if "," in conj else r"\b(" + "|".join(conj) + r")()\s+(" + "|".join(verbs) + r")\b", re.I), verbs)
             for conj, verbs in SHARED.values()]  # 'Ich heiße Jonas und bin 31', 'Ich bin Tobi, wohne in Hamburg'
ADVERB = re.compile(r"\b(i|we|ich|je)\s+(?:mostly|usually|normally|often|always|sometimes|currently|also|still|only|"
                    r"just|actually|generally|mainly|meistens|normalerweise|auch|souvent|aussi)\s+", re.I)


FILLER = re.compile(r"\b((?:i'?m|i am|ich bin|je suis|soy|estoy|sou|estou|sono|ich arbeite|i work|je travaille|trabajo|trabalho|"
                    r"lavoro)\s+)(?:übrigens|eigentlich|auch|schon|jetzt|by the way|btw|also|actually|now|d'ailleurs|au fait|aussi|"
                    r"maintenant|por cierto|también|ahora|aliás|também|agora|comunque|anche|tra l'altro|adesso|ora)\s+", re.I)
TEXTING = {  # unambiguous chat spellings per language (one token each)
    "it": {"nn": "non", "so'": "sono", "sn": "sono", "cmq": "comunque", "xké": "perché", "xchè": "perché", "xche": "perché", "qlc": "qualche"},
    "pt": {"vc": "você", "vcs": "vocês", "tb": "também", "tbm": "também", "nao": "não", "pq": "porque", "mto": "muito"},
    "es": {"q": "que", "tb": "también", "tmb": "también", "xq": "porque", "pq": "porque", "tqm": "te quiero mucho"},
    "fr": {"jmange": "je mange", "jbois": "je bois", "jprends": "je prends", "jdéteste": "je déteste", "jdeteste": "je déteste",
           "jsuis": "je suis", "j'suis": "je suis", "chu": "je suis", "jhabite": "j'habite", "jbosse": "je bosse", "jtravaille": "je travaille", "jai": "j'ai", "jsp": "je sais pas", "pk": "pourquoi", "jpense": "je pense"},
    "de": {"nich": "nicht", "nix": "nichts", "bissl": "bisschen", "i": "ich", "wohn": "wohne",  # Bavarian 'I bin', 'wohn in'
           "is": "ist", "isch": "ist", "bi": "bin", "ham": "haben", "hamma": "haben wir", "händ": "haben", "hend": "haben",
           "mei": "mein", "min": "mein", "mini": "meine", "üsi": "unsere", "üse": "unser", "unsre": "unsere", "maa": "mann",
           "nen": "einen", "en": "einen", "ner": "einer", "nem": "einem", "jetz": "jetzt", "ned": "nicht", "net": "nicht", "nimmer": "nicht mehr",
           "ka": "kein", "kane": "keine", "chatz": "katze", "studier": "studiere", "lern": "lerne", "heiß": "heiße", "jöhrig": "jährig", "heut": "heute"},
}  # dialect and chat forms of German (Bavarian, Austrian, Swiss, northern): 'ich bi d'Anja', 'min maa isch de Reto', 'mei Sohn'
DE_PHRASES = [(re.compile(p, re.I), r) for p, r in (
    (r"\bmir (?:händ|hend|hei|hän|haben)\b", "wir haben"), (r"\bmir wohned\b", "wir wohnen"), (r"\bmia (?=(?:kumman|san|ham|wohnen)\b)", "wir "),
    (r"\bkumman\b", "kommen"), (r"\bz'(?=[A-ZÄÖÜ])", "in "), (r"\b(?:hackl|hackle|schaff|schaffe)(?=(?: \S+){0,2}? als\b)", "arbeite"),
    (r"\bus (?=[A-ZÄÖÜ])", "aus "), (r"\b((?:mein|meine|unser|unsere)\s+\w+)\s+(?:ist|isch)\s+(?:übrigens\s+)?(?:der|die|de|d')\s*(?=[A-ZÄÖÜ][\w-]*\s*(?:[,.!;]|$))", r"\1 heißt "), (r"\b(?:ich bin|ich bi|i bin) (?:d'|da |de )(?=[A-ZÄÖÜ]|[a-zäöü]+\s*(?:,|$))", "ich bin "))]
KIN_ARTICLE = re.compile(rf"(\b(?i:{KIN})\s*,\s*)(?:der|die|de|d')\s*(?=([A-ZÄÖÜ][\w-]*)\s*(?:[,.(!;]|$))")  # 'Mein Enkerl, der Lukas,'
DROPPED = re.compile(r"^(\W*(?:(?:ah|oh|na|ne|nee|nein|sorry|sry|doch|äh|ähm|also|ok|okay|jo|ja|achso)\W+)*)(bin|hab|habe|wohne|arbeite|studiere|lerne|schaffe|geh|gehe|fahr|fahre|mach|mache|spiel|spiele|komm|komme|"
                     r"heiße|fang|fange|mag|lauf|laufe|koch|koche|ess|esse|trink|trinke|brauch|brauche|such|suche|hasse|liebe|vertrag|"
                     r"vertrage|nehm|nehme|flieg|fliege)\b(?!\s+(?:ich|du|er|sie|es|wir|ihr|man|sein)\b)(?![^?]*\?\s*$)", re.I)  # 'bin 16 und geh …': the 'ich' left out
ANY_LANG = {"so'": "sono", "sn": "sono", "nn": "non", "cmq": "comunque", "xké": "perché", "vc": "você", "tbm": "também", "jsuis": "je suis", "nich": "nicht"}
ANY_LANG_RE = re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, ANY_LANG)) + r")(?![\w'])", re.I)  # no word elsewhere


def texting(sentence: str) -> str:
    """Chat spellings that are no word in any of the six languages written out ('nn mangio carne' -> 'non mangio
    carne'), so the language is detected from real words; the rest of TEXTING is applied once the language is known."""
    return ANY_LANG_RE.sub(lambda m: ANY_LANG[m.group(0).lower()], sentence)
TEXTING_RE = {lang: re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, words)) + r")(?![\w'])", re.I) for lang, words in TEXTING.items()}
TYPED = {"im": "I'm", "ive": "I've", "hes": "he's", "shes": "she's", "dont": "don't", "cant": "can't", "doesnt": "doesn't", "isnt": "isn't", "didnt": "didn't"}
TYPED_RE = re.compile(r"\b(?:i|" + "|".join(TYPED) + r")\b(?=\s+\w)")
GREETING_LEAD = re.compile(r"^\W*(?:hi+|hello+|hey+|hiya|hall+o+|moin|servus|salut|bonjour|coucou|hola+|buenas|ol[áa]+|oi+|ciao+|salve|"
                           r"u[èé]|ehi|qu[ée] onda|e a[íi]|gr[üu]ezi|griaß di|grüß gott|hoi)"
                           r"(?: again| there| all| everyone| zusammen| mitenand| zäme| à tous| a todos| a tutti| gente| pessoal)?\s*[,!.\u2600-\u27bf\U0001f300-\U0001faff]*\s+"
                           r"(?:(?:so|ok|okay|well|also|alors|bon|bueno|pues|ent[ãa]o|allora|dunque)\b[,!.]?\s+)?"  # 'hey! so im Dani'
                           r"(?!(?:it'?s|this is|c'est|ici|aqui|qui|again|there|all|everyone)\b)(?=\w)", re.I)
V2 = re.compile(r"(?:^|(?<=[,;:]\s))((?:(?!ich\b)[\wäöüß.]+\s+){1,4}?)(bin|wohne|lebe|arbeite|habe|hab|spreche|nehme|esse|trinke|"
                r"fahre|fahr|gehe|geh|spiele|heiße|heisse|studiere|mache|mach)\s+ich\b((?:[^,;.!?]|(?<=\d)[.,](?=\d))*)", re.I)  # German puts the verb
# second: 'Mittlerweile wohne ich in Köln' is read as 'ich wohne in Köln, mittlerweile' (a number's '2.350' stays whole)
def second(m: re.Match[str]) -> str:
    """A German verb-second clause with the subject written first: a place phrase stays next to the verb ('In Berlin
    wohne ich seit 2019' -> 'ich wohne In Berlin seit 2019'), anything else goes after a comma at the end."""
    front, verb, rest = m.group(1).strip(), m.group(2), m.group(3)
    if rx.match(r"(?:in|nach|aus|bei)\s+[A-ZÄÖÜ]", front, re.I):
        return f"ich {verb} {front}{rest}"
    if rx.match(r"(?:(?:und|aber|also|doch)\s+)?(?:gegen|auf)\s+\w", front, re.I) and rx.search(r"\ballergisch\s*$", rest, re.I):
        return f"ich {verb}{rest} {front}"  # 'Gegen Katzen bin ich (nicht mehr) allergisch' -> '… allergisch Gegen Katzen'
    if verb.lower() == "bin" and rx.search(r"\b(?:nicht|nimmer|ned|net)(?: mehr)?\s*$", rest, re.I):  # 'vegetarisch bin ich nicht mehr': what is denied
        conj = rx.match(r"(?:und|aber|also|doch)\s+", front, re.I)  # follows the negation -> 'ich bin nicht mehr vegetarisch'
        return f"{conj.group(0) if conj else ''}ich {verb}{rest} {front[conj.end() if conj else 0:]}"
    if verb.lower() == "bin" and rx.fullmatch(r"(?:(?:und|aber|also|doch)\s+)?[a-zäöüß]+", front, re.I) and rx.search(r"\b(?:nicht|nimmer|ned|net)\b", rest, re.I):
        return f"ich {verb}{rest} {front.split()[-1]}"  # 'und vegetarisch bin ich nicht mehr, seit …' -> 'ich bin nicht mehr, seit … vegetarisch'
    return f"ich {verb}{rest}, {front}"


NAME_THEN_KIN = re.compile(rf"\b([A-ZÀ-Ý][\w'’-]+)\s*\(\s*({POSSESSIVE}\s+(?i:{KIN}))\s*(?:,\s*|(?=\)))")  # 'Tyler (my son, he's 7)'
NOW_FIRST = re.compile(r"\b(?:now|agora|ahora|adesso|ora|maintenant|désormais|jetzt)\s+(?=(?:sou|soy|sono|je suis|i'?m|i am)\b)", re.I)
ARTICLE_NAME = re.compile(r"\b((?i:sou|soy|sono|je suis|ich bin))\s+(?:o|(?<=(?i:sou) )a|el|la|il|der|die)\s+(?=[A-ZÀ-Ý])")  # 'sono a Firenze' is a place


def normalise(sentence: str, lang: str = "en") -> str:
    """The sentence with a shared subject written out and a filler or frequency adverb dropped, so one reader fits
    every clause: 'Ich heiße Jonas und bin 31' -> '… und ich bin 31'; 'i mostly work nights' -> 'i work nights';
    'ich bin übrigens 52' -> 'ich bin 52'; 'eu sou o João' -> 'eu sou João'; English typed without apostrophes
    ('im 27', 'i dont eat pork') written with them."""
    if lang == "en":
        sentence = TYPED_RE.sub(lambda m: TYPED.get(m.group(0).lower(), "I"), sentence)
    if lang in TEXTING:  # 'nn mangio pesce crudo', 'vc sabe', 'chu végétarien': chat spellings written out
        sentence = TEXTING_RE[lang].sub(lambda m: m.group(0) if len(m.group(0)) > 1 and m.group(0).isupper() else  # 'au CHU': an acronym
                                        TEXTING[lang][m.group(0).lower()], sentence)
    if lang in ("fr", "en"):  # 'jévite', 'jhabite', 'jécoute': the apostrophe of j' left out before é/è/h (a short line may read as English)
        sentence = rx.sub(r"(?<![\w'])([jJ])(?=[éèh][a-zàâçéèêëîïôûù]{2,})", r"\1'", sentence)
        sentence = rx.sub(r"(?<![\w'])([jJ])'(?=(?:travaille|reste|vis|bosse|suis|mange|bois|prends|fais|viens|pars|taffe|sors)\b)", r"\1e ", sentence)  # "j'travaille"
    sentence = GREETING_LEAD.sub("", sentence)
    sentence = recapitalise(sentence, lang)  # 'meine schwester lena', 'wohne in leipzig' typed without capitals
    sentence = capitalise_towns(sentence)  # 'jsuis a marseille', 'chauffeur à lille': a known town after a preposition
    sentence = NAME_THEN_KIN.sub(lambda m: f"{m.group(2)} {m.group(1)} (", sentence).replace(" ()", "")  # -> 'my son Tyler (he's 7)'
    if lang == "de":  # dialect phrases written out; a sentence that starts with the verb gets its 'ich' back
        for pattern, repl in DE_PHRASES:
            sentence = pattern.sub(repl, sentence)
        sentence = KIN_ARTICLE.sub(lambda m: m.group(1) if plausible(m.group(2).lower()) else m.group(0), sentence)
        sentence = DROPPED.sub(lambda m: f"{m.group(1)}ich {m.group(2)}", sentence)
        sentence = rx.sub(r"\b(ich \w+)\s+(?:übrigens|eigentlich|halt|eh|grad|gerade|echt|wirklich)\s+", r"\1 ", sentence, flags=re.I)  # 'mag übrigens kein …'
    sentence = V2.sub(second, sentence)  # 'Jetzt bin ich Lehrerin', 'In Berlin wohne ich seit 2019'
    sentence = NOW_FIRST.sub("", sentence)  # 'e agora sou instrutor' -> 'e sou instrutor'

    shared = sentence
    for pattern, verbs in SHARED_RE:  # each language's verbs only after its own conjunctions: German 'und am' is no 'I am'
        shared = pattern.sub(lambda m: f"{m.group(1) or m.group(2)} {verbs[m.group(3).lower()]}", shared)
    return ARTICLE_NAME.sub(r"\1 ", FILLER.sub(r"\1", ADVERB.sub(lambda m: m.group(1) + " ", shared)))

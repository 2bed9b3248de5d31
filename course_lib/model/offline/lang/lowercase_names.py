"""A name typed without its capital in an introduction ('hey, ich bin lena, studiere jura', 'hola soy lucas, de Madrid',
'ich heiße jonas'): read only where a name is near certain, never a state, job, diet or nationality."""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.lexicon import DIET_WORDS, FAITHS, NATIONALITIES, PETS, RELATIVES, STOPWORDS

JOBLIKE = r"\w+(?:ero|era|eiro|eira|ista|ico|ica|ore|ora|trice|iere|iera|eur|euse|ien|ienne|iste|ier|ière|ecte|iker|ikerin|istin)"  # job nouns, no names
NAMING = r"(?:my name is|name'?s|ich hei(?:ß|ss)e|mein name ist|je m'appelle|me llamo|mi nombre es|me chamo|chamo-me|m[ei] chiamo)"
COPULA_INTRO = (r"(?:i'?m|ich bin|(?:ich |i )?bi?n|je suis|jsuis|chu|moi c'est|moi c|soy|sou|sono|sn)"
                r"(?:\s+(?:o|a|el|la|der|die|da|de|il|lo)(?=\s)|\s+d')?")  # 'sou o lucas', 'bin der jannik', 'i bin die vroni'
GREETED = (r"^\W*(?:(?:hi+|hey+|hello+|hiya|yo|hall+o+|moin|servus|salut|slt|coucou|hola+|buenas|ol[áa]+|oi+|eae|e a[íi]|eai|che|"
           r"wesh|ciao+|u[èé]|ehi|allo|anyway|so|ok|okay|gr[üu](?:ß|ss) gott|griaß di|gr[üu]ezi(?: mitenand)?|qu[ée] onda|q onda)\W+)+")
NOT_A_NAME = re.compile(rf"(?:{NATIONALITIES}|{FAITHS}|{DIET_WORDS}|{JOBLIKE})", re.I)  # 'Brazilian', 'vegana', 'infermiera'
# A capitalised word: Federica, Salvatore, Olivier, Beatrice end like job nouns and are names; only German job nouns (typed with
# their capital) and a nationality, faith or diet are not.
NOT_A_CAPITAL_NAME = re.compile(rf"(?:{NATIONALITIES}|{FAITHS}|{DIET_WORDS}|\w+(?:iker|ikerin|istin|eur|euse))", re.I)
STATES = {"tired", "good", "fine", "new", "back", "here", "sorry", "done", "ready", "sick", "bored", "hungry", "home", "late", "müde", "neu",
          "krank", "fertig", "zurück", "hier", "da", "wieder", "fatigué", "fatiguée", "désolé", "désolée", "nouveau", "nouvelle", "prêt", "prête",
          "malade", "là", "crevé", "crevée", "cansado", "cansada", "nuevo", "nueva", "listo", "lista", "enfermo", "enferma", "aquí", "novo", "nova",
          "pronto", "pronta", "doente", "aqui", "stanco", "stanca", "nuovo", "nuova", "malato", "malata", "qui", "tornato", "tornata", "just", "not",
          "also", "still", "so", "yo", "io", "eu", "moi", "me", "ich", "toi", "tu", "you", "it", "ele", "ela", "lui", "lei", "er", "sie", "very", "really", "sehr", "très", "muy", "muito", "molto", "nicht", "pas", "no", "não", "non", "new", "in", "at", "on"}


def lowercase_name(s: str) -> str | None:
    """A name typed without its capital in an introduction: 'ich heiße lena', 'hey, ich bin lena, studiere jura',
    'hola soy lucas, de Madrid'. After a verb of naming any word; after a bare copula only at the start (after any greeting)
    with a comma after it (an apposition follows), and never a state, a job, a diet or a nationality ('ich bin müde', 'soy vegana', 'sono infermiera')."""
    m = rx.search(rf"\b{NAMING}\s+([a-zà-ÿ][a-zà-ÿ'-]{{1,14}})\b(?=\s*(?:[,.!;]|$| (?:and|und|et|y|e|but|aber|mais|pero|mas|ma)\b))", s) or \
        rx.search(rf"(?:{GREETED}|^\W*){COPULA_INTRO}\s*([a-zà-ÿ][a-zà-ÿ'-]{{1,14}})(?=\s*,|\s+(?:aus|us|from)\s)", s, re.I)
    if not m:
        return None
    word = m.group(1)
    if word in STATES or word[0].isupper() or NOT_A_NAME.fullmatch(word) or \
            any(canon(family, word) for family in ("job", "diet", "condition", "food", "hobby", "language")) or \
            (NAMING not in m.re.pattern and rx.search(r"(?:ado|ada|ido|ida|ato|ata|ito|ita|é|ée|ante|ente|oso|osa|ile|eux|euse|able|ible|ig|lich|isch|bar|sam|haft|los|ful|ous|ive|ing|ed)$", word)):
        return None
    return word[:1].upper() + word[1:]


# Names and towns in a message typed all in lower case ('meine schwester lena is jetzt vegan', 'wohn in leipzig',
# 'vivo en malaga'): written with their capital where a name or a town is near certain, so the readers see them.
POSSESS = r"(?:my|our|mein(?:e|er|em|en)?|unser(?:e|er|em|en)?|unsre|mon|ma|mes|notre|nos|mi|mis|nuestr[oa]s?|(?:a |o )?(?:meu|minha|noss[oa])|(?:il |la )?(?:mio|mia|nostr[oa]))"
KIN = "|".join(v for v in RELATIVES.values()) + "|" + "|".join(PETS.values())
COMMON = set(("casa centro zentrum stadt nähe naehe wg ville campagne ciudad cidade città citta campo city town flat apartment home house "
              "work arbeit travail boulot trabajo trabalho lavoro job hospital office remote remoto pareja teilzeit vollzeit schicht schichten shifts sales retail tech construction "
              "tempo pieno parte part full banca banco bank büro buero uni school schule escuela escola scuola famiglia familia "
              "family familie ner nem nen na der die das dem den einer einem einen ein eine the a an un une la le les el los las o os "
              "as um uma il lo gli una uno mir dir ihr uns euch also too still already now then tambem também también tb aussi anche "
              "auch schon jetzt noch ya ja já jaja jeje haha lol kkk she he it they er sie es ele ela il elle lui lei él ella retour "
              "passage garde repos nuit service congé vacances turno fretta ritorno passaggio buon corsa moda acuerdo invece però pero "
              "ancora sempre già siempre todavía aún ainda toujours encore aber immer always never nunca jamais mai nie only solo sólo "
              "só seulement nur really muy very molto sehr très muito actually eigentlich training formación formação formazione "
              "formation ausbildung apprenticeship prácticas estágio stage tirocinio residency residencia practice "
              "progress general particular person persona pessoa personne").split())
NEXT_VERB = (r"(?:is|ist|isch|hat|hät|est|es|é|è|has|was|war|wird|und|and|et|y|e|a|ha|tem|tiene|si|se|s'appelle|se llama|se chama|si chiama|"
             r"says|sagt|dit|dice|diz|are|loves|wants|lives|works|will|can|just|cumple|quiere|está|esta|vive|va|hace|quer|vai|mora|faz|"
             r"fez|está|vuole|fa|compie|veut|fait|va|vit|aime|adore|kommt|geht|macht|will|wohnt|arbeitet|spielt|liebt)")  # a verb after the name
HOME_CUES = {  # language: (a verb or noun of living, studying or working, its preposition), (a 'from' cue)
    "de": (r"\b(?:wohne?n?|lebe?n?|student(?:in)?|studiere?n?|arbeite|schaffe|umgezogen|zieh|ziehe|ziehen)", r"in|nach", r"\b(?:bin|bi|komme?n?|sind)(?:\s+\w+)?\s+(?:aus|us)"),
    "en": (r"\b(?:live|living|based|student|study|studying|work|working|moved|moving|relocated)", r"in|to", r"\b(?:i'?m|i am|we'?re|we are|i come|we come)\s+from"),
    "fr": (r"\b(?:j?habite|habitons|vis|vit|étudie|étudiante?|bosse|travaille|déménagée?s?)", r"[àa]", r"\b(?:suis|sommes|viens)\s+de"),
    "es": (r"\b(?:vivo|vivimos|estudio|trabajo|curro|laburo|mudé|mudamos|mudo)", r"en|a", r"\b(?:soy|somos)\s+de"),
    "pt": (r"\b(?:moro|moramos|vivo|estudo|trabalho|mudei|mudei-me|mudamos)", r"em|para|pra", r"\b(?:sou|somos)\s+de"),
    "it": (r"\b(?:abito|abitiamo|vivo|viviamo|studio|lavoro|trasferit[oa]|trasferiti)", r"a", r"\b(?:sono|siamo)\s+di"),
}
MOVED = r"\b(?:moved|moving|relocated|umgezogen|zieh|ziehe|ziehen|mudé|mudamos|mudo|mudei|mudei-me)"
WORD = r"([a-zà-ÿß][a-zà-ÿß'-]{1,14})(?![\w'-])"


def typed_lowercase(s: str) -> bool:
    """No capital after the first word (bar 'I' and acronyms): the user types without capitals."""
    words = rx.findall(r"[^\W\d_][\w'’-]*", s)
    return len(words) >= 3 and not any(w[0].isupper() and not w.isupper() for w in words[1:])


def plausible(word: str, named: bool = False, lang: str = "") -> bool:
    """Could this lower-case word be a name or a town (no function word, no noun or value the lexicon knows)? After a
    relative or a naming verb (`named`) a word that ends like a job noun is a name too ('mi hermano javier')."""
    return not (word in COMMON or word in STATES or any(word in ws for ws in STOPWORDS.values())
                or (lang in ("es", "pt") and rx.search(r"(?:ó|ou|eu|iu)$", word))  # 'mi mamá falleció', 'o pai morreu'
                or (NOT_A_NAME if not named else NOT_A_CAPITAL_NAME).fullmatch(word)
                or rx.fullmatch(KIN, word) or any(canon(f, word) for f in ("job", "diet", "condition", "food", "hobby", "language")))


def recapitalise(s: str, lang: str) -> str:
    """'meine schwester lena is jetzt vegan' -> '… schwester Lena …'; 'studiere jura in münster' -> '… in Münster';
    'soy de malaga' -> 'soy de Malaga'. Only in a message typed all in lower case, only the word after a relative or
    pet of the user ('mein sohn tobi (9)'), a naming verb or article ('bin der kai,', 'heiß ich stefanie', 'nennen mich
    schnecke'), or a place after a verb of living, studying or working ('wohn immer noch in leipzig'); never a word the
    lexicon knows or a function word."""
    if not typed_lowercase(s):
        return s
    GERMAN_VERB = r"|[a-zäöüß]+t\b" if lang == "de" else ""  # 'mein freund jonas freut sich': a German verb follows the name
    up = lambda m: m.group(0)[:m.start(1) - m.start(0)] + m.group(1)[:1].upper() + m.group(1)[1:] if plausible(m.group(1), True, lang) else m.group(0)  # noqa: E731
    s = rx.sub(rf"\b{POSSESS}\s+(?:{KIN})(?:\s*,\s*(?:(?:der|die|de|da|el|la|il|o|a)\s+)?|\s+){WORD}(?=\s*(?:[(,.!;]|$|{NEXT_VERB}\b{GERMAN_VERB}))", up, s)
    s = rx.sub(rf"\b{POSSESS}\s+(?:{KIN})\s+(?:ist|is|isch|est|es|é|è)\s+(?:übrigens\s+)?(?:(?:der|die|de|da)\s+)?{WORD}(?=\s*(?:[,.!;]|$))", up, s)
    s = rx.sub(rf"\b(?:a|an|another|ein|eine|einen|nen|un|une|una|uno|um|uma)\s+(?:[\wäöü]+\s+)?(?:{KIN})\s*,\s*{WORD}(?=\s*(?:[,(.!;]|$))", up, s)
    s = rx.sub(rf"\b(?:bin|bi|i bin)\s+(?:übrigens\s+)?(?:der|die|da|de|d')\s*{WORD}(?=\s*(?:[,.!;]|$|und\b|aus\b|us\b))", up, s)
    s = rx.sub(rf"\b(?:hei(?:ß|ss)e? ich|nenn(?:en|t) mich|call(?:s)? me|m'appell?ent|me (?:llaman|dicen)|me chamam|mi chiamano)\s+{WORD}(?=\s*(?:[,.!;]|$|\w))", up, s)
    s = rx.sub(rf"\b(?:is called|is named|name is|hei(?:ß|ss)t|s'appelle|se llama|nombre es|se chama|chama-se|nome é|si chiama|"
               rf"me caso con|marrying|heirate|je me marie avec|vou casar com|mi sposo con)\s+{WORD}", up, s)  # 'mi gato se llama michi'
    s = rx.sub(rf"\b{WORD}(?=\s*\(\s*{POSSESS}\s+(?:{KIN})\b)", up, s)  # 'tyler (my son, 7)'
    for cue, prep, origin in HOME_CUES.values():  # each language's own verbs: a short lower-case line is often mis-detected
        for m in list(rx.finditer(rf"(?<=\s)(?:{prep})\s+{WORD}", s)):  # 'i live in a flat in leeds': the town, not 'a'
            before = s[:m.start()]
            if m.group(0).split()[0].lower() in ("to", "nach", "para", "pra") and not rx.search(MOVED + r"\b(?:\s+[^\s,;.!?]+){0,5}\s*$", before, re.I):
                continue  # 'i work to live': only a move goes to a town
            if (rx.search(rf"{cue}\b(?:\s+[^\s,;.!?]+){{0,5}}\s*$", before, re.I) or any(canon("job", w) for w in before.split()[-3:])) \
                    and plausible(m.group(1)):  # after a verb of living, moving, working, or a job: 'soy fontanero en zaragoza'
                s = s[:m.start(1)] + m.group(1)[:1].upper() + s[m.start(1) + 1:]
        s = rx.sub(rf"{origin}\s+{WORD}", lambda m: m.group(0) if not plausible(m.group(1)) else up(m), s)
    return s

"""Numbers in words and party sizes, in English, German, French, Spanish, Portuguese and Italian.

    number("thirty-five") == 35      number("fünfundzwanzig") == 25      number("treinta y dos") == 32
    party_size("a table for three people") == 3      party_size("wir sind zu zweit") == 2
    party_size("for 8pm") is None    # a time, not a party size

Coverage: whole numbers from 0 to 99 written as words (with or without hyphens, "y" / "e" / "und" joins,
Italian elisions like "ventuno"); no fractions, no hundreds. A party size is only read after a cue
("for 4", "4 people", "zu viert", "pour deux", "para cuatro", "per due", "somos tres" …), never from a bare
number, so a time or a price is not taken for the number of guests.
"""
from __future__ import annotations

import re

UNITS = {  # 0-19 in the six languages (masculine and feminine forms)
    "zero": 0, "null": 0, "zéro": 0, "cero": 0,
    "one": 1, "eins": 1, "ein": 1, "eine": 1, "un": 1, "une": 1, "uno": 1, "una": 1, "um": 1, "uma": 1,
    "two": 2, "zwei": 2, "deux": 2, "dos": 2, "dois": 2, "duas": 2, "due": 2,
    "three": 3, "drei": 3, "trois": 3, "tres": 3, "três": 3, "tre": 3,
    "four": 4, "vier": 4, "quatre": 4, "cuatro": 4, "quatro": 4, "quattro": 4,
    "five": 5, "fünf": 5, "cinq": 5, "cinco": 5, "cinque": 5,
    "six": 6, "sechs": 6, "seis": 6, "sei": 6,
    "seven": 7, "sieben": 7, "sept": 7, "siete": 7, "sete": 7, "sette": 7,
    "eight": 8, "acht": 8, "huit": 8, "ocho": 8, "oito": 8, "otto": 8,
    "nine": 9, "neun": 9, "neuf": 9, "nueve": 9, "nove": 9,
    "ten": 10, "zehn": 10, "dix": 10, "diez": 10, "dez": 10, "dieci": 10,
    "eleven": 11, "elf": 11, "onze": 11, "once": 11, "undici": 11,
    "twelve": 12, "zwölf": 12, "douze": 12, "doce": 12, "doze": 12, "dodici": 12,
    "thirteen": 13, "dreizehn": 13, "treize": 13, "trece": 13, "treze": 13, "tredici": 13,
    "fourteen": 14, "vierzehn": 14, "quatorze": 14, "catorce": 14, "catorze": 14, "quattordici": 14,
    "fifteen": 15, "fünfzehn": 15, "quinze": 15, "quince": 15, "quindici": 15,
    "sixteen": 16, "sechzehn": 16, "seize": 16, "dieciséis": 16, "dezesseis": 16, "dezasseis": 16, "sedici": 16,
    "seventeen": 17, "siebzehn": 17, "dix-sept": 17, "diecisiete": 17, "dezessete": 17, "dezassete": 17,
    "diciassette": 17,
    "eighteen": 18, "achtzehn": 18, "dix-huit": 18, "dieciocho": 18, "dezoito": 18, "diciotto": 18,
    "nineteen": 19, "neunzehn": 19, "dix-neuf": 19, "diecinueve": 19, "dezenove": 19, "dezanove": 19, "diciannove": 19,
}
TENS = {
    "twenty": 20, "zwanzig": 20, "vingt": 20, "veinte": 20, "vinte": 20, "venti": 20,
    "thirty": 30, "dreißig": 30, "dreissig": 30, "trente": 30, "treinta": 30, "trinta": 30, "trenta": 30,
    "forty": 40, "vierzig": 40, "quarante": 40, "cuarenta": 40, "quarenta": 40, "quaranta": 40,
    "fifty": 50, "fünfzig": 50, "cinquante": 50, "cincuenta": 50, "cinquenta": 50, "cinquanta": 50,
    "sixty": 60, "sechzig": 60, "soixante": 60, "sesenta": 60, "sessenta": 60, "sessanta": 60,
    "seventy": 70, "siebzig": 70, "setenta": 70, "settanta": 70,
    "eighty": 80, "achtzig": 80, "ochenta": 80, "oitenta": 80, "ottanta": 80,
    "ninety": 90, "neunzig": 90, "noventa": 90, "novanta": 90,
}
ITALIAN_ELIDED = {"vent": 20, "trent": 30, "quarant": 40, "cinquant": 50, "sessant": 60, "settant": 70,
                  "ottant": 80, "novant": 90}  # "ventuno", "trentotto": the tens lose their last vowel

_ALT = lambda words: "|".join(sorted(map(re.escape, words), key=len, reverse=True))  # noqa: E731
NUMBER_WORD = (rf"(?:(?:{_ALT(UNITS)})und(?:{_ALT(TENS)})"  # German: fünfundzwanzig
               rf"|(?:{_ALT(TENS)})(?:[- ](?:y |e |et )?(?:{_ALT(UNITS)}))?"  # thirty-five, treinta y dos
               rf"|(?:{_ALT(ITALIAN_ELIDED)}|{_ALT(TENS)})(?:uno|otto)|(?:{_ALT(TENS)})(?:{_ALT(UNITS)})"  # ventuno
               rf"|(?:{_ALT(UNITS)}))")
NUMBER = rf"(?:\d{{1,2}}|{NUMBER_WORD})"
TWENTY = r"(?:twenty|zwanzig|vingt|veinte|vinte|venti)"
SMALL_NUMBER_WORD = (rf"(?:{TWENTY}(?:[- ](?:et[- ]|y |e )?(?:one|une|un|uno|uma|um|two|deux|dos|dois|due|three|trois|tres|três|"
                     rf"tre))?|(?:ein|zwei|drei)undzwanzig|ventuno|ventidue|ventitré|(?:{_ALT(UNITS)}))")
SMALL_NUMBER = rf"(?:\d{{1,2}}|{SMALL_NUMBER_WORD})"  # 0-23 in digits or words: hours and party sizes
_WORD_RE = re.compile(rf"^{NUMBER_WORD}$", re.I)


def number(text: str) -> int | None:
    """The whole number (0-99) written in `text` as digits or words, or None if it is not one."""
    t = text.strip().lower()
    if t.isdigit():
        return int(t)
    if not _WORD_RE.match(t):
        return None
    if t in UNITS:
        return UNITS[t]
    m = re.match(rf"^({_ALT(UNITS)})und({_ALT(TENS)})$", t)
    if m:
        return UNITS[m.group(1)] + TENS[m.group(2)]
    m = re.match(rf"^({_ALT(TENS)})(?:[- ](?:y |e |et )?({_ALT(UNITS)}))?$", t)
    if m:
        return TENS[m.group(1)] + (UNITS[m.group(2)] if m.group(2) else 0)
    for stem, tens in {**ITALIAN_ELIDED, **TENS}.items():
        rest = t[len(stem):]
        if t.startswith(stem) and rest in UNITS and UNITS[rest] < 10:
            return tens + UNITS[rest]
    return None


GERMAN_GROUP = {"zweit": 2, "dritt": 3, "viert": 4, "fünft": 5, "sechst": 6, "siebt": 7, "acht": 8}  # zu zweit
PEOPLE_NOUN = (r"(?:people|persons?|guests?|adults|of us|pax|personen|person|leute|gäste|personnes?|invités|personas?|"
               r"comensales|pessoas?|persone|persona)")
GERMAN_AM = (r"(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|wochenende|abend|morgen|mittag|nachmittag|"
             r"vormittag|\d{1,2}\.)")  # what German "am" goes on to: "am Freitag", "am Abend", "am 14."

NOT_PEOPLE = re.compile(r"^\s*(?::|\.\d|h\b|h\d|am\b(?!\s+" + GERMAN_AM + r")|pm\b|a\.m|p\.m|uhr|heures?|o'?clock|horas?\b|ore\b|€|eur|euros?"
                        r"|minutes?|hours?|days?|nights?|weeks?|months?|years?|km|%"
                        r"|minuten|stunden?|tagen?|nächten?|nacht|wochen?|monaten?|monate|jahren?|jahre"  # de, then fr, es, pt, it
                        r"|jours?|nuits?|semaines?|mois|ans\b|années?|minutos|d[íi]as|noches|semanas?|mes(?:es)?\b|años"
                        r"|noites|meses|anos\b|minuti|giorni|notti|settimane?|mesi|anni|dollars?|francs?|reais|pesos)", re.I)
PARTY_CUES = (
    re.compile(rf"\b(?:for|für|pour|para|pra|per)\s+(?:a party of\s+|just\s+|only\s+)?({SMALL_NUMBER})(?!\w)", re.I),
    re.compile(rf"(?<!\w)({SMALL_NUMBER})\s+{PEOPLE_NOUN}(?!\w)", re.I),
    re.compile(rf"\b(?:party of|group of|table for|we are|we're|there are|there will be|wir sind|nous sommes|"
               rf"on est|on sera|nous serons|we'll be|we will be|somos|seremos|vamos(?: a)? ser|siamo in|saremo in|saremo|siamo)\s+({SMALL_NUMBER})(?!\w)", re.I),
    re.compile(r"\bzu\s+(" + "|".join(GERMAN_GROUP) + r")\b", re.I),
    re.compile(rf"\b(?:for|für|pour|para|pra|per|de)\s+({SMALL_NUMBER})\s*(?:-|–|to|bis|à|a|ou|or|oder|o)\s*({SMALL_NUMBER})"
               r"(?!\w)", re.I),  # a range: "for two to three", "für 4-5", "pour 4 à 6" gives both ends: asked about
)


GROUP_NOUN = (r"(?:family|friends|kids|children|colleagues|parents|team|group|folks|mates|guys|familie|freunde[n]?|"
              r"freundinnen|kinder[n]?|kollegen|kolleginnen|eltern|famille|amis|amies|enfants|coll[èe]gues|parents|"
              r"[ée]quipe|familia|amigos|amigas|hijos|niños|colegas|padres|fam[íi]lia|filhos|crianças|pais|famiglia|"
              r"amici|amiche|figli|bambini|colleghi|genitori|squadra)")  # "me and my family": how many is not said
_AND_ONE = rf"(?!(?:\w+\s+){{0,2}}{GROUP_NOUN}\b)"  # after "and": not a group noun within the next words
COUPLE = re.compile(rf"\b(?:for|just|only) (?:me and {_AND_ONE}(?:my )?\w+|the two of us|us two|both of us)\b|"
                    rf"\b(?:für|nur) (?:mich und {_AND_ONE}(?:meine?n? )?\w+|uns beide)\b|\bnur ich und {_AND_ONE}"
                    rf"(?:meine?n? )?\w+|\b(?:pour|juste|seulement) (?:moi et {_AND_ONE}(?:mon |ma )?\w+|nous deux)\b|"
                    rf"\b(?:para|solo|sólo) (?:mí y {_AND_ONE}(?:mi )?\w+|yo y {_AND_ONE}(?:mi )?\w+|nosotros dos|los dos)\b|"
                    rf"\b(?:para|só|apenas) (?:mim e {_AND_ONE}(?:o meu |a minha |meu |minha )?\w+|eu e {_AND_ONE}"
                    rf"(?:o meu |a minha |meu |minha )?\w+|nós dois)\b|\b(?:per|solo|soltanto) (?:me e {_AND_ONE}"
                    rf"(?:la mia |il mio |mia |mio )?\w+|io e {_AND_ONE}(?:la mia |il mio |mia |mio )?\w+|noi due)\b",
                    re.I)  # "for me and my wife", "just me and my husband", "solo yo y mi novia": two
MY = r"(?:my|meine?n?|mon|ma|mi|a minha|o meu|minha|meu|la mia|il mio|mia|mio)"
COUPLE_AFTER = re.compile(rf"\b(?:for|für|pour|para|per) {MY} (?!{GROUP_NOUN}\b)\w+ (?:and|und|et|y|e) (?:(?:for|für|pour|para|"
                          r"per) )?(?:me|i|mich|moi|yo|mí|eu|mim|io)\b", re.I)  # "for my wife and me", "pour ma femme et
# moi", "per mia moglie e me", "para mi novia y para mí"
COUPLE_SUBJECT = re.compile(rf"(?<!\w)(?:{MY}) (?!{GROUP_NOUN}\b)\w+ (?:and|und|et|y|e) (?:i|ich|moi|yo|eu|io)\b(?!\s*,?\s*"
                            r"(?:and|und|et|y|e|plus|with|mit|avec|con|com)\s)", re.I)  # "my wife and I", "meine Frau und
# ich", "ma femme et moi", "mi novia y yo", "a minha mulher e eu", "mia moglie e io": two, when no number is given
MORE = re.compile(r"(?:'s|’s|\s*,?\s*(?:and|und|et|y|e|plus|with|mit|avec|con|com)\s+(?!(?:a|an|une?|una?|um|uma|ein|eine)\s)"
                  r"\w|\s*\+)", re.I)  # "… my wife and our kids", "my wife's parents"; not "… and a high chair"


def couples(text: str) -> list[re.Match[str]]:
    """Where the text says a party of the user and one other person ("for me and my wife", "for my wife and me")."""
    return [*COUPLE.finditer(text), *COUPLE_AFTER.finditer(text)]


def more_than_two(text: str) -> bool:
    """Does a party of two go on to name more people ("for me and my wife and our kids")? Then it is no number."""
    return any(MORE.match(text, m.end()) for m in couples(text))


ALONE = re.compile(r"\b(?:for myself|just me|only me|just for me|only for me|für mich allein|nur für mich|nur ich|pour moi seul\w*|"
                   r"juste pour moi|seulement pour moi|para mí sol[oa]|s[óo]lo para m[íi]|só para mim|só pra mim|solo per me|solo io)\b"
                   r"(?!\s+(?:and|und|et|y|e)\b)", re.I)  # "just me and my wife" is not one
PAIR = re.compile(r"\b(?:(?:just |only |nur |juste |seulement |s[óo]lo |só |apenas |solo )?(?:nous deux|wir (?:zwei|beide)|uns (?:zwei|beide)|"
                  r"nosotr[oa]s dos|n[óo]s (?:os |as )?(?:dois|duas)|noi due))\b(?!\s+(?:and|und|et|y|e|plus|con|com|mit|avec)\b)",
                  re.I)  # "só nós as duas", "wir zwei", "nous deux", "noi due": two, said as "we two"
ARTICLES = {"un", "une", "una", "uno", "um", "uma", "ein", "eine"}  # "pour un dîner" is not a party of one


ADULTS = r"(?:adults?|grown-ups|erwachsenen?|adultes?|adultos?|adulti|adulto)"
KIDS = r"(?:kids?|children|child|babies|baby|toddlers?|kinder|kind|kleinkinder?|enfants?|bébés?|niñ[oa]s?|hij[oa]s|bebés?|" \
       r"crianças?|filh[oa]s|bambin[oi]|bambin[ae]|figli)"
ADULTS_AND_KIDS = re.compile(rf"(?<!\w)({SMALL_NUMBER})\s+{ADULTS}\s*(?:,|and|und|et|y|e|plus|\+)\s*(?:(\w+)\s+)?{KIDS}\b",
                             re.I)  # "2 adults and 2 kids": 4; "2 adults and a baby": how many seats?


def adults_and_kids(text: str) -> int | None | bool:
    """A party given as adults and children: their sum ("2 adults and 2 kids", "2 Erwachsene und 1 Kind"), False
    when the children are not counted ("2 adults and a baby", "2 adultes et des enfants"), None when not said."""
    m = ADULTS_AND_KIDS.search(text)
    if not m:
        return None
    kids = number(m.group(2)) if m.group(2) else None
    return number(m.group(1)) + kids if kids and number(m.group(1)) else False


def party_sizes(text: str, subject: bool = True) -> set[int]:
    """Every party size a text gives, from cues such as "for 4" or "zu zweit" (two or more: it is ambiguous).
    `subject`: "my wife and I" counts as two when nothing else gives a number (a table's party; the write path's
    party_size leaves it out: "My wife and I are travelling to Lisbon" states no trip's party size)."""
    found: set[int] = set()
    for i, cue in enumerate(PARTY_CUES):
        for m in cue.finditer(text):
            for word in (g.lower() for g in m.groups()):  # a range gives two
                if word in GERMAN_GROUP:
                    found.add(GERMAN_GROUP[word])
                    continue
                if NOT_PEOPLE.match(text[m.end():]) or (i != 1 and word in ARTICLES):
                    continue  # "for 8pm", "for 30 EUR", "for 2 nights", "para un"
                n = number(word)
                if n is not None and n > 0:
                    found.add(n)
    if couples(text) and not more_than_two(text):
        found.add(2)
    if subject and not found and COUPLE_SUBJECT.search(text) and not MORE.match(text, COUPLE_SUBJECT.search(text).end()):
        found.add(2)  # "My wife and I fancy a steak", "… meine Frau und ich": a number given elsewhere wins
    if adults_and_kids(text):  # the adults alone are no party size (uncounted children: slots asks)
        found = {adults_and_kids(text)}
    if ALONE.search(text):
        found.add(1)
    if PAIR.search(text) and not found:
        found.add(2)
    return found


def party_size(text: str) -> int | None:
    """How many people a request is for, or None if it gives no number or more than one."""
    found = party_sizes(text, subject=False)
    return found.pop() if len(found) == 1 else None


# -- amounts in words up to a few thousand: "thirty", "zweihundertfünfzig", "deux mille", "doscientos cincuenta" ----
HUNDREDS = {"hundred": 100, "hundert": 100, "cent": 100, "cents": 100, "cien": 100, "ciento": 100, "cem": 100, "cento": 100,
            "centos": 100, "cientos": 100}  # a multiplier: "two hundred", "zweihundert", "deux cents", "duecento"
THOUSANDS = {"thousand": 1000, "tausend": 1000, "mille": 1000, "mil": 1000, "mila": 1000}
FUSED = {"doscientos": 200, "trescientos": 300, "cuatrocientos": 400, "quinientos": 500, "seiscientos": 600,
         "setecientos": 700, "ochocientos": 800, "novecientos": 900, "duzentos": 200, "duzentas": 200, "trezentos": 300,
         "quatrocentos": 400, "quinhentos": 500, "seiscentos": 600, "setecentos": 700, "oitocentos": 800,
         "novecentos": 900, "veinti": 20, "dós": 2, "trés": 3, "séis": 6, "quatre-vingt": 80, "quatre-vingts": 80, "quatrevingt": 80, "quatrevingts": 80, "tré": 3,
         "soixante": 60, "septante": 70, "huitante": 80, "nonante": 90}  # Spanish/Portuguese hundreds, veinticinco, French eighty
JOINS = ("and", "und", "et", "y", "e")
SPELLED = {**UNITS, **TENS, **ITALIAN_ELIDED, **FUSED}
SPELLED.pop("ein", None)  # "ein" alone is an article, not a number; inside "einhundert" it is one (a token below)
TOKENS = sorted([*SPELLED, *HUNDREDS, *THOUSANDS, "ein", "und"], key=len, reverse=True)  # "und": fünfundzwanzig


def _pieces(word: str) -> list[str] | None:
    """A run of number words written together ('zweihundertfünfzig', 'duemilacinquecento') cut into known words,
    longest first with backtracking; None if it is not made of number words only."""
    if not word:
        return []
    for token in TOKENS:
        if word.startswith(token):
            rest = _pieces(word[len(token):].lstrip("-"))
            if rest is not None:
                return [token, *rest]
    return None


def spelled(text: str) -> int | None:
    """The whole number a phrase of number words says (0-9999 and beyond: 'thirty' 30, 'two hundred and fifty' 250,
    'zweitausendfünfhundert' 2500, 'deux mille' 2000, 'quatre-vingt-dix' 90, 'doscientos cincuenta' 250,
    'duemila' 2000), or None when any word is not a number word (so 'a lot' or 'one of' stay unread)."""
    text = re.sub(r"quatre[- ]vingts?", "quatrevingt", text.strip().lower())  # 4 x 20, not 4 + 20
    words = [w for w in re.split(r"[\s-]+", text) if w and w not in JOINS]
    pieces: list[str] = []
    for w in words:
        cut = _pieces(w) if w not in SPELLED else [w]
        if not cut:
            return None
        pieces += cut
    if not pieces or pieces == ["ein"]:
        return None
    total, current = 0, 0
    for p in pieces:
        if p == "und":
            continue
        if p in HUNDREDS:
            current = max(current, 1) * 100
        elif p in THOUSANDS:
            total, current = total + max(current, 1) * 1000, 0
        else:
            current += 1 if p == "ein" else SPELLED[p]
    return total + current

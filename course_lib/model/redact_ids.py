"""Redaction rules for government ids and bank account numbers, and for casually phrased passwords and codes.

Government ids (SSN, passport, national insurance, Steuer-ID, NIR, DNI/NIE/NIF, CPF, codice fiscale …) and bank
details (account, routing/ABA, sort code, Kontonummer/BLZ, número de cuenta, numero di conto …) are found by what the
sentence says, in English, German, French, Spanish, Portuguese and Italian: a keyword, optionally "number"/"no."/
"nº", then "is"/":"/nothing, then a VALUE. A VALUE is a run of up to 9 groups joined by one space, dot, dash or
slash; the first group holds a digit and each later one holds a digit or is one or two letters ("QQ 12 34 56 C"),
and the whole holds at least 4 digits, so "passport photo from 2019" or "account manager" are left alone. The same
VALUE before "is the user's SSN" (how a paraphrasing model restates it) is redacted too.

Every quantifier here is bounded, so each rule does a bounded amount of work per position (see `redact`).
"""
from __future__ import annotations

import re

from course_lib.model.redact_words import DETERMINERS, GAP, IS, LETTER, QUOTE, SAID_TO_BE, words

NUMBER = r"(?:{g}+(?:numbers?|no\.?|nr\.?|nº|n°|num(?:ber|éro|ero)|#|id))?".format(g=GAP)
ID_WORDS = words(r"ssn", r"social[ -]security(?: number| no\.?)?", r"passports?(?: number| no\.?)?", r"passport-?nr\.?",
                 r"national insurance(?: number)?", r"nino", r"national id(?: number)?", r"id card(?: number)?",
                 r"tax id", r"driver'?s licen[cs]e(?: number)?", r"steuer-?id", r"steuer-?nummer",
                 r"steueridentifikationsnummer", r"(?:personal)?ausweis(?:nummer)?", r"reisepass(?:nummer)?",
                 r"sozialversicherungsnummer", r"num[ée]ro de s[ée]curit[ée] sociale", r"s[ée]curit[ée] sociale",
                 r"num[ée]ro de passeport", r"passeport", r"carte d'identit[ée]", r"nir", r"dni", r"nie", r"nif",
                 r"n[uú]mero de pasaporte", r"pasaporte", r"cpf", r"passaporte", r"cart[aã]o de cidad[aã]o",
                 r"codice fiscale", r"numero di passaporto", r"passaporto", r"carta d'identit[aà]")
BANK_WORDS = words(r"(?:aba )?routing(?: number| no\.?)?", r"sort[ -]?code", r"(?:bank )?account(?: number| no\.?)?",
                   r"acct", r"kontonummer", r"konto", r"blz", r"bankleitzahl", r"num[ée]ro de compte", r"compte",
                   r"n[uú]mero de cuenta", r"cuenta", r"n[uú]mero da conta", r"conta", r"ag[eê]ncia",
                   r"numero di conto", r"conto")
GROUP = r"(?:[a-z]{0,6}\d[a-z\d]{0,24}|[a-z]{1,2}(?=[ .\-/]\d))"  # "123", "X1234567L", "RSSMRA85T10A562S", "QQ 12"
LATER = r"(?:[a-z]{0,6}\d[a-z\d]{0,24}|[a-z]{1,2})(?![a-z\d])"  # later groups may be one or two letters
SEP = r"(?:[ .\-/\u00a0\u2009\u202f])"
ENOUGH_DIGITS = r"(?=(?:[a-z .\-/\u00a0\u2009\u202f]{0,6}\d){4})"
VALUE = rf"{ENOUGH_DIGITS}{GROUP}(?:{SEP}{LATER}){{0,8}}(?![\w-])"
AFTER = rf"{NUMBER}(?:{IS}|{GAP}*[:#]?{GAP}*){QUOTE}"
# after the keyword, these make it a different thing: "passport photo", "account manager", "ID card office"
NOT_AN_ID = r"(?![^\S\n]+(?:photos?|office|control|check|cover|holders?|application|renewal|managers?|settings)\b)"
WHERE = r"(?:\s{1,8}(?:at|with|in|for|bei|chez|en|presso|no|na|da)\s{1,8}[\w&.-]{1,30}){0,2}"  # "0012345678 at Chase is …"

# Words for an ordinary number said one digit at a time: "one-two-three-four", "neun neun eins zwei".
DIGIT_WORDS = ("zero|oh|one|two|three|four|five|six|seven|eight|nine|null|eins|zwei|drei|vier|f[üu]nf|sechs|sieben"
               "|acht|neun|z[ée]ro|un|deux|trois|quatre|cinq|six|sept|huit|neuf|cero|uno|dos|tres|cuatro|cinco"
               "|seis|siete|ocho|nueve|um|dois|tr[êe]s|quatro|sete|oito|nove|due|tre|quattro|cinque|sei|sette|otto")
SPELLED = rf"(?:{DIGIT_WORDS})(?:(?:-|{GAP}{{1,8}}|,{GAP}{{0,8}})(?:{DIGIT_WORDS})){{2,11}}(?![{LETTER}])"


def spelled_forms(alternatives: str) -> frozenset[str]:
    """Every word an alternation of number words matches, lower-case, its classes written out ("f[üu]nf": fünf, funf)."""
    out: set[str] = set()
    for word in alternatives.split("|"):
        m = re.search(r"\[(\w+)\]", word)
        out.update([word] if m is None else (word[:m.start()] + c + word[m.end():] for c in m.group(1)))
    return frozenset(out)


NUMBER_WORDS = spelled_forms(DIGIT_WORDS)
LETTER_RUN = re.compile(r"[^\W\d_]+")
FOLD = str.maketrans({"İ": "i", "ı": "i", "ſ": "s"})  # what (?i) also takes for i and s, and str.lower() does not give


def may_spell(text: str) -> bool:
    """False when SPELLED cannot match anywhere in `text`: its second number word stands between two separators, so
    it is a whole word of the text, and no word of the text is a number word. A set lookup per word, instead of
    trying sixty alternatives at every position."""
    low = text.lower() if text.isascii() else text.translate(FOLD).lower()
    return not NUMBER_WORDS.isdisjoint(LETTER_RUN.findall(low))


IT_IS = rf"(?:(?:it'?s|it is|c'est|es|ist|è|é|einfach|just|simply){GAP}{{1,8}}){{0,2}}"
NOT_WORD_AFTER = r"(?:not|never|in|on|at|the|a|my|forgotten|lost|changed|expired|wrong|secret|private)\b"
NOT_WORD = r"(?!(?:the|a|an|my|your|this|that|it|his|her|our|their|den|die|das|le|la|les|el|los|las|o|os|il)\b)"

ID_RULES: list[tuple[str, "re.Pattern[str]"]] = [
    ("government_id", re.compile(rf"(?i){ID_WORDS}{AFTER}(?P<v>{VALUE})")),  # "my SSN is 123-45-6789"
    ("bank_account", re.compile(rf"(?i){BANK_WORDS}{AFTER}(?P<v>{VALUE})")),  # "sort code 20-00-00"
    ("government_id", re.compile(rf"(?i)(?<![\w.-])(?P<v>{VALUE})(?={WHERE}{SAID_TO_BE}{DETERMINERS}{ID_WORDS}{NOT_AN_ID})")),
    ("bank_account", re.compile(rf"(?i)(?<![\w.-])(?P<v>{VALUE})(?={WHERE}{SAID_TO_BE}{DETERMINERS}{BANK_WORDS}{NOT_AN_ID})")),
]
CASUAL_RULES: list[tuple[str, "re.Pattern[str]"]] = [
    # "my pass is dragon99": 'pass' alone is too common a word, so its value needs a letter and a digit
    ("password", re.compile(rf"(?i)(?<![{LETTER}])pass{IS}{QUOTE}(?P<v>(?=[^\s.,;!?]{{0,40}}\d)"
                            rf"(?=[^\s.,;!?]{{0,40}}[^\W\d_])[^\s.,;!?\[\]]{{4,40}})")),
    # "dragon99 is the user's pass" (how a paraphrasing model restates "my pass is dragon99")
    ("password", re.compile(rf"(?i)(?<![^\s«\"'“(])(?P<v>(?=[^\s.,;!?]{{0,40}}\d)(?=[^\s.,;!?]{{0,40}}[^\W\d_])"
                            rf"[^\s\[\]\"'«:]{{4,40}})(?={SAID_TO_BE}{DETERMINERS}pass(?![{LETTER}]))")),
    # "use hunter2 to get into my email", "nimm kuckuck77 um in mein Mailkonto zu kommen"
    ("password", re.compile(rf"(?i)\b(?:use|try|enter|type|nimm|benutze|verwende|utilise|usa|use)\s+{NOT_WORD}"
                            rf"{QUOTE}(?P<v>[^\s\[\]\"'«»]{{3,64}}?){QUOTE}\s+(?:to\s+(?:get\s+in(?:to)?|log\s*in|sign"
                            rf"\s*in|unlock|open|access)|um\s+(?:in|auf|mich)|pour\s+(?:entrer|acc[ée]der|ouvrir)"
                            r"|para\s+(?:entrar|acceder|acessar|abrir)|per\s+(?:entrare|accedere|aprire))\b")),
    # "log into my laptop with tangerine42": a word with a letter and a digit after 'with'
    ("password", re.compile(rf"(?i)\b(?:log(?:ged)?\s*in(?:to)?|sign(?:ed)?\s*in(?:to)?|get\s+into|unlock)\b"
                            rf"[^.!?\n]{{0,40}}?\bwith\s+{QUOTE}(?P<v>(?=[^\s.,;!?]{{0,40}}\d)(?=[^\s.,;!?]{{0,40}}"
                            rf"[^\W\d_])[^\s.,;!?\[\]]{{4,40}})")),
    # "wifi? it's bluebird7" (a word with a digit), "the wifi password? it's sunflower" (any word)
    ("password", re.compile(rf"(?i)(?<![{LETTER}])(?:wi-?fi|wlan)\?{GAP}*{IT_IS}{QUOTE}"
                            rf"(?P<v>(?=[^\s.,;!?]{{0,40}}\d)[^\s.,;!?\[\]]{{4,40}})")),
    ("password", re.compile(rf"(?i){words('passwords?', 'passw[oö]rt', 'kennwort', 'mdp', 'mot de passe', 'contraseña', 'senha')}"
                            rf"\?{GAP}*{IT_IS}{QUOTE}(?!{NOT_WORD_AFTER})(?P<v>[^\s.,;!?\[\]]{{3,40}})")),
]

"""Personal data a user may want remembered, kept but marked: contact details, health, and the other special
categories of GDPR article 9 (religion, ethnicity, sexuality, politics, trade-union membership).

Such a memory is not a secret (the user told the agent so that it would be used) but it is sensitive, so the stores
keep it *marked*: `categories(text)` names its categories, `VectorMemory` puts them in `metadata["personal_data"]`
and rates the memory at least `IMPORTANCE` (it must not fade away unnoticed, and it is what a user asks to see
first), `ProfileMemory` marks the fact, and both list marked data by category in `export()` (`by_category`).

The rules are word lists in English, German, French, Spanish, Portuguese and Italian, plus the shapes of an email
address and an international phone number. They err towards marking: a false mark costs a label, a missed one
costs an unnoticed health fact.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from course_lib.model.redact_words import words

IMPORTANCE = 0.8  # at least this important: marked data outlives a decay sweep unless deleted on purpose
CONTACT = re.compile(
    r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}"  # an email address
    r"|(?<![\w+])(?:\+|00)\d{1,3}(?:[ ./-]?\(?\d{1,5}\)?){2,5}(?!\d)"  # an international phone number
    r"|(?i:" + words("phone(?: number)?", "mobile", "cell(?: ?phone)?", "tel\\.?", "telephone", "telefon(?:nummer)?",
                     "handy(?:nummer)?", "t[ée]l[ée]phone", "portable", "tel[ée]fono", "m[óo]vil", "celular",
                     "telefone", "telem[óo]vel", "cellulare", "e-?mail(?: address)?", "adresse", "address",
                     "direcci[óo]n", "endere[çc]o", "indirizzo", "wohnt? in der", "lives? at", "habite au",
                     "vivo en la calle", "moro na rua", "abito in via") + r")"
    r"|\b\d{1,4}[a-z]?,? (?:[A-ZÄÖÜ][\w'-]+ ){0,3}(?:Street|St\.|Road|Rd\.|Avenue|Ave\.|Lane|Drive)\b"
    r"|\b(?:[A-ZÄÖÜ][\w'-]*)(?:stra(?:ß|ss)e|str\.|weg|allee|platz|gasse) \d{1,4}[a-z]?\b"
    r"|\b(?:rue|avenue|boulevard|calle|avenida|rua|via|piazza|corso|plaza) (?:[\w'-]+ ){0,4}\d{1,4}\b"
    r"|\b\d{1,4},? (?:rue|avenue|boulevard|calle|rua|via) \w+")
HEALTH = re.compile("(?i)" + words(
    "hiv(?:[- ]positive)?", "aids", "diabet(?:es|ic|iker|ique|ico|e)", "cancer", "krebs", "c[áa]ncer", "cancro",
    "tumou?r", "asthma(?:tic)?", "asthme", "asma", "epilep\\w*", "depress\\w*", "anxiety", "angstst[öo]rung",
    "bipolar", "schizophren\\w*", "adhd", "adhs", "autis\\w*", "pregnan\\w*", "schwanger\\w*", "enceinte",
    "embarazada", "gr[áa]vida", "incinta", "medication", "medicine", "meds", "insulin", "prescri\\w*",
    "medikament\\w*", "m[ée]dicament\\w*", "medicamento\\w*", "medicin\\w*", "farmac\\w*", "allerg\\w*",
    "surgery", "chemo\\w*", "therap\\w*", "disease", "illness", "krankheit", "maladie",
    "enfermedad", "doen[çc]a", "malattia", "blood pressure", "blutdruck", "migraine", "migr[äa]ne", "emicrania",
    "disabilit\\w*", "behinder\\w*", "handicap\\w*", "wheelchair", "rollstuhl", "fauteuil roulant",
    "celiac", "coeliac", "z[öo]liakie", "c[ée]liaqu\\w*", "cel[íi]ac\\w*", "gluten intolerance", "lactose intoleran\\w*",
    "mg", "antidepressant\\w*", "inhaler", "epipen", "hepatitis", "covid", "dementia", "demenz",
    "alzheimer\\w*", "parkinson\\w*", "multiple sclerosis", "arthritis", "ibs", "crohn\\w*", "pacemaker"))
RELIGION = re.compile("(?i)" + words(
    "muslim\\w*", "christian\\w*", "catholic\\w*", "protestant\\w*", "jewish", "jew", "hindu\\w*", "buddhist\\w*",
    "sikh\\w*", "atheist\\w*", "agnostic", "religio\\w*", "church", "mosque", "synagogue", "temple", "ramadan",
    "halal", "kosher", "christlich\\w*", "katholisch\\w*", "evangelisch\\w*", "j[üu]disch\\w*", "kirche", "moschee",
    "musulman\\w*", "chr[ée]tien\\w*", "catholique", "juif", "juive", "[ée]glise", "mosqu[ée]e", "cristian[oa]s?",
    "cat[óo]lic[oa]s?", "jud[íi]o", "jud[íi]a", "judeu", "judia", "iglesia", "igreja", "mu[çc]ulman[oa]",
    "crist[ãa]o", "musulm[áa]n", "cattolic[oa]", "ebre[oa]", "chiesa", "moschea", "musulmano"))
ETHNICITY = re.compile("(?i)" + words(
    "ethnic\\w*", "race", "racial", "ethnisch\\w*", "ethnie", "[ée]tnic[oa]", "etnia", "ethnique", "roma", "sinti",
    "indigenous", "aboriginal", "first nations"))
SEXUALITY = re.compile("(?i)" + words(
    "gay", "lesbian", "bisexual\\w*", "queer", "transgender", "non-binary", "nonbinary", "asexual", "homosexu\\w*",
    "heterosexu\\w*", "sexual orientation", "schwul", "lesbisch", "bisexuell", "lesbienne", "l[ée]sbica",
    "omosessual[ei]", "lesbica"))
POLITICS = re.compile("(?i)" + words(
    "vote[ds]?", "voting", "political", "politics", "democrat\\w*", "republican\\w*", "labour", "tory",
    "conservative party", "green party", "liberal democrats?", "socialist\\w*", "communist\\w*", "party member",
    "afd", "cdu", "csu", "spd", "fdp", "die gr[üu]nen", "die linke", "politisch\\w*", "partei\\w*",
    "w[äa]hle", "gew[äa]hlt", "politique", "parti", "vot[ée]", "pol[íi]tic[oa]", "partido", "vot[ée]i?",
    "partito", "ho votato", "votato", "trade union", "union member", "gewerkschaft\\w*", "syndicat", "sindicato"))
RULES: dict[str, "re.Pattern[str]"] = {"contact": CONTACT, "health": HEALTH, "religion": RELIGION,
                                       "ethnicity": ETHNICITY, "sexuality": SEXUALITY, "politics": POLITICS}
SPECIAL = ("health", "religion", "ethnicity", "sexuality", "politics")  # GDPR art. 9 special categories


def categories(text: Any) -> list[str]:
    """The personal-data categories `text` (or the strings inside a list or dict) falls under, in RULES order."""
    flat = " \n".join(_strings(text))
    return [name for name, pattern in RULES.items() if pattern.search(flat)]


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value[:20_000]  # a mark needs no more; keeps the check cheap on a long value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def by_category(items: Iterable[tuple[str, list[str]]]) -> dict[str, list[str]]:
    """{category: [what is marked with it]} from (what, categories) pairs, categories in RULES order."""
    out: dict[str, list[str]] = {}
    for what, cats in items:
        for cat in cats:
            out.setdefault(cat, []).append(what)
    return {cat: out[cat] for cat in RULES if cat in out}

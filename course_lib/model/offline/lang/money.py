"""Money the user pays, earns or puts aside, said without the word 'budget', and the currency of an amount said
without one.

    rent        a rent word ('Miete', 'loyer', 'aluguel', 'affitto') or a pay verb with a home ('pago 550 por un
                cuarto', 'ich zahle 480 Euro für mein WG-Zimmer', 'la stanza mi costa 350 al mese') -> budget:rent
    income      'I take home 4,200 a month', 'netto hab ich 2.350', 'gano 18 mil al mes', 'guadagno 1600 netti'
                -> budget:income
    savings     'I want to save 300 a month', 'zur Seite legen', 'mettre 150 000 de côté', 'juntar 20 mil',
                'mettere da parte 5000' -> budget:savings

Each category's words are in course_lib/data/events.json ("money"), in six languages, and count only in the
clause (between commas) that holds the amount, so 'Netto hab ich 2.350 im Monat, davon gehen 890 für die Miete
drauf' gives an income and a rent. The amount's currency is the one it is said with; else the currency of the
money said earlier in the conversation (the context's facts); else the language's when it has one currency
('bare_currency': Italian and German, euros). An amount with no currency to give it stays unread. A '$' in French
is the Canadian dollar ('dollar_lands'); 'francs CFA' the West African franc, 'lucas' thousands of Argentine pesos.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from course_lib.model import rx
from course_lib.model.offline.lang.clauses import BOUNDARY
from course_lib.model.offline.lang.event_when import vocabulary, words_re
from course_lib.model.offline.lang.numbers import CURRENCIES, MONEY, SCALED, SCALES, parse_number, said_money, show

Found = tuple[str, str, str]
CATEGORIES = ("rent", "income", "savings")
BARE = re.compile(r"(?<![\w:.,/°-])(\d{1,3}(?:[.,' \u00a0]\d{3})+|\d{2,7})(?![\w:°]|[.,]\d|\s*(?:%|h\b|uhr|heures?|km|kg|kilos?|"
                  r"lbs?|libras|min|minutes?|hours?|stunden|horas|ore\b|years?|anos|años|ans\b|anni|jahre|x\b|times|mal\b|fois|"
                  r"veces|vezes|volte|people|personnes|personas|pessoas|persone|leute|m2|m²|mg))", re.I)
NOT_MONEY = re.compile(r"\b(?:spent|spend on|cost|costs|price|ticket|abonnement|abbonamento|bill|fine|owe|debt|"
                       r"ausgegeben|preis|prix|precio|preço|prezzo|dépensé|gastei|gasté|speso)\b", re.I)


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    """The money vocabulary of events.json, compiled once."""
    v = vocabulary()["money"]
    every = lambda name: [w for words in v[name].values() for w in words]  # noqa: E731
    return {**{name: re.compile(rf"(?<![\w-])(?:{words_re(every(name))})(?![\w-])", re.I)
               for name in (*CATEGORIES, "housing", "pay")},
            "currencies": [(code, re.compile(rf"(?<![\w$])(?:{alts})(?![\w])", re.I)) for code, alts in v["currencies"].items()],
            "dollar_lands": v["dollar_lands"], "bare_currency": v["bare_currency"], "peso_lands": v["peso_lands"],
            "dollar_demonyms": v["dollar_demonyms"]}


def local(said: str, lang: str, clause: str, context: list[Found] = ()) -> str:
    """'1,000 USD' said with '$' in French -> '1,000 CAD' (dollar_lands); with '$' in Spanish or Portuguese, or next to
    'pesos', the peso of the land named with it or of the user's home city (peso_lands), else None; anything else as
    it is."""
    land = tables()["dollar_lands"].get(lang)
    named = next((code for code, words in tables()["dollar_demonyms"].items() if said.endswith(" USD")
                  and rx.search(rf"(?<![\w-])(?:{'|'.join(words)})(?![\w-])", clause, re.I)), None)
    if named:  # '1,200 dollars, Canadian', 'dólares australianos'
        return said[:-3] + named
    if said.endswith(" USD") and (lang in ("es", "pt") and not rx.search(r"\b(?:us|usd|d[óo]lar(?:es)?)\b", clause, re.I)
                                  or rx.search(r"\b(?:pesos?|reais|real)\b", clause, re.I)):
        peso = peso_land(clause, context) if lang == "es" or rx.search(r"\bpesos?\b", clause, re.I) else None
        return said[:-3] + peso if peso else None  # '$15,000 pesos', 'tengo $4.500.000': a peso of the user's land
    if land and said.endswith(" USD") and not rx.search(r"\b(?:us|usd|américains?|americanos?|us-dollar)\b", clause, re.I):
        return said[:-3] + land
    return said


def peso_land(clause: str, context: list[Found]) -> str | None:
    """The peso a '$' names: of the land the clause names ('pesos mexicanos'), else of the user's home city in the
    conversation ('Vivo en Medellín' -> COP), else None."""
    homes = [v for s, v, _ in context if s == "home city"]
    for text in (clause, homes[-1] if homes else ""):
        for code, words in tables()["peso_lands"].items():
            if text and rx.search(rf"(?<![\w-])(?:{'|'.join(words)})(?![\w-])", text, re.I):
                return code
    return None


def context_currency(context: list[Found]) -> str | None:
    """The currency of the latest amount of money in the conversation's facts ('1,150 CAD' -> 'CAD')."""
    codes = {*CURRENCIES, "XOF", "ZAR", "AOA", "MZN", "DOP", "CLP", "PEN"}
    for _, value, _ in reversed(context):
        m = rx.search(r"\d\s([A-Z]{3})\b", value)
        if m and m.group(1) in codes:
            return m.group(1)
    return None


def amount_in(clause: str, lang: str, context: list[Found]) -> str | None:
    """The amount of money a clause says, as '1,600 EUR', with the currency it is said with or the one the
    conversation or the language gives (see the module docstring); None when there is none or no currency."""
    for spec, word in tables()["currencies"]:
        m = rx.search(rf"(?P<n>\d[\d.,' ]*?)\s*(?P<scale>mil|mila|mille|k|millions?|millones|milhões)?\s*(?:de |d')?(?:{word.pattern})", clause, re.I)
        m = m or (rx.search(rf"(?<!\w)R\s?(?P<n>\d[\d.,' ]*\d|\d)(?P<scale>)\b", clause) if spec == "ZAR" else None)
        if m:
            code, _, scale = spec.partition(":")
            n = parse_number(m.group("n")) * SCALES.get((m.group("scale") or "").lower(), 1) * int(scale or 1)
            return f"{show(n)} {code}"
    if m := MONEY.search(clause):
        said = said_money(m)
        return None if said[-1].islower() else local(said, lang, clause, context)  # 'pesos', 'bucks': no one currency
    currency = context_currency(context) or tables()["bare_currency"].get(lang)
    if not currency:
        return None
    if (s := SCALED.search(clause)) and s.group("scale").lower() != "k" or (s and rx.search(r"\d\s?k\b", clause)):
        return f"{show(parse_number(s.group('n')) * SCALES[s.group('scale').lower()])} {currency}"
    m = BARE.search(clause)
    if m and parse_number(m.group(1)) >= 20 and not rx.match(r"\s*(?:de |di |del )?(?:janvier|février|mars|avril|mai|juin|juillet|"
                                                             r"ao[uû]t|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
                                                             r"septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|"
                                                             r"ottobre|dicembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|dezembro)", clause[m.end():], re.I):
        return f"{show(parse_number(m.group(1)))} {currency}"
    return None


def category(clause: str) -> str | None:
    """What the money of a clause is: rent, income or savings (by the events.json words), or None."""
    t = tables()
    if t["rent"].search(clause) or (t["housing"].search(clause) and t["pay"].search(clause)):
        return "rent"
    if t["income"].search(clause):
        return "income"
    if t["savings"].search(clause):
        return "savings"
    return None


SAY = {"rent": "The user's rent is {}.", "income": "The user's income is {}.", "savings": "The user's savings budget is {}."}


def found_money(sentence: str, lang: str, context: list[Found]) -> list[Found]:
    """Rent, income and savings in one sentence, one per clause (see the module docstring)."""
    out: list[Found] = []
    parts = [p for p in BOUNDARY.split(sentence) if p]
    for clause in parts:
        kind = category(clause)
        if not kind or (NOT_MONEY.search(clause) and kind != "rent") or any(f[0] == f"budget:{kind}" for f in out):
            continue
        said = amount_in(clause, lang, context)
        if said:
            out.append((f"budget:{kind}", said, SAY[kind].format(said)))
    amounts = [a for clause in parts if not NOT_MONEY.search(clause) and (a := amount_in(clause, lang, context))]
    if not out and len(amounts) == 1 and (kind := category(sentence)):  # 'mi hanno aumentato l'affitto, pago 1050 al mese'
        out.append((f"budget:{kind}", amounts[0], SAY[kind].format(amounts[0])))
    return out


def in_its_currency(f: Found, sentence: str, lang: str, context: list[Found] = ()) -> Found | None:
    """A budget another reader found, in the currency the sentence names ('60 000 francs CFA' is no Swiss franc,
    '1100 $' in French no US dollar); None when the sentence gives it no one currency ('$15,000 pesos')."""
    if f[0].startswith("budget") and rx.fullmatch(r"[\d,.]+ pesos?", f[1]) and (peso := peso_land(sentence, context)):
        return (f[0], f"{f[1].split()[0]} {peso}", f[2].replace(f[1], f"{f[1].split()[0]} {peso}"))  # '15 mil pesos'
    if not f[0].startswith("budget") or not rx.match(r"[\d,.]+ [A-Z]{3}$", f[1]):
        return f
    named = next((code.partition(":")[0] for code, word in tables()["currencies"] if word.search(sentence)), None)
    value = f"{f[1][:-3]}{named}" if named and named != f[1][-3:] and ":" not in named else local(f[1], lang, sentence, context)
    return (f[0], value, f[2].replace(f[1], value)) if value else None


def with_money(found: list[Found], sentence: str, lang: str, context: list[Found]) -> list[Found]:
    """The facts of a sentence with its rent, income and savings: a plain budget of the same amount gives way to
    the one that says what it is for; any budget in dollars said in French is in the local dollar."""
    money = found_money(sentence, lang, context)
    amounts = {v for _, v, _ in money}
    found = [g for f in found if (g := in_its_currency(f, sentence, lang, context))]
    taken = {f[1] for f in found if f[0].startswith("budget:")}  # 'Pour le loyer je peux mettre 700 euros': said already
    found = [f for f in found if not (f[0] == "budget" and f[1] in amounts)]
    return found + [m for m in money if m[0] not in {f[0] for f in found} and m[1] not in taken]

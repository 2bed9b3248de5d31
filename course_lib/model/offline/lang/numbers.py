"""Numbers and amounts as people write them in any of the six languages, read into one canonical form.

    14,500 / 14.500 / 14 500 / 14'500  -> 14500      (a separator followed by exactly three digits groups thousands)
    12,50 / 12.50                      -> 12.5       (any other single separator is the decimal point)
    1.234,56 / 1,234.56                -> 1234.56    (two kinds of separator: the last one is the decimal point)
    "thirty euros", "dreißig Euro"     -> 30 EUR     (number words before a currency, up to a few thousand:
    "deux mille euros", "trenta euro"  -> 2,000 EUR   amounts.spelled reads them in the six languages)

A bare "1.200" is ambiguous between languages: English would read 1.2, German, Spanish, Portuguese and
Italian 1200. With three digits after the point the thousands reading wins, whatever the language (nobody
writes prices to a tenth of a cent). The canonical text is English-style: "14,500 EUR", "45.50 EUR".
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.amounts import spelled

NUMBER = r"\d{1,3}(?:[.,' \u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
CURRENCIES = {"EUR": r"eur|euros?|€|balles", "USD": r"usd|us\$|dollars?|d[óo]lares|dollari|us-dollar|\$", "GBP": r"gbp|pounds?|quid|£|libras?|sterline",
              "CHF": r"chf|sfr|franken|franke|francs?(?: suisses?)?|francos? suizos|franchi(?: svizzeri)?|stutz", "BRL": r"reais|real|r\$|brl",
              "INR": r"inr|rupees?|rupias?|roupies?|rupien|rs\.?|₹", "MXN": r"mxn|mx\$|pesos mexicanos", "COP": r"cop|pesos colombianos",
              "ARS": r"ars|pesos argentinos", "CAD": r"cad|ca\$|c\$|dollars? canadiens?|canadian dollars?", "AUD": r"aud|au\$|a\$|australian dollars?|aussie dollars?",
              "NZD": r"nzd|nz\$|new zealand dollars?", "NGN": r"ngn|nairas?|₦", "JPY": r"jpy|yens?|円", "CNY": r"cny|rmb|yuans?|renminbi",
              "PLN": r"pln|z[łl]oty|z[łl]otys|z[łl]", "CZK": r"czk|kč|korun|koruna|couronnes tchèques", "HUF": r"huf|forints?|fiorini",
              "PEN": r"soles|nuevos soles", "CLP": r"clp|pesos chilenos", "GHS": r"ghs|cedis?", "MAD": r"dirhams?"}
# A word that names no one currency is kept as said: 'bucks' (US, Canadian, Australian …), 'pesos' (five countries)
AS_SAID = r"bucks|pesos"
CURRENCY = "|".join(f"(?:{v})" for v in [*CURRENCIES.values(), AS_SAID])
SCALES = {"k": 1000, "mil": 1000, "mila": 1000, "mille": 1000, "thousand": 1000, "tausend": 1000, "lakh": 100000, "lakhs": 100000,
          "lac": 100000, "lacs": 100000, "crore": 10 ** 7, "crores": 10 ** 7, "million": 10 ** 6, "millions": 10 ** 6,
          "millones": 10 ** 6, "millón": 10 ** 6, "millon": 10 ** 6, "milhões": 10 ** 6, "milhoes": 10 ** 6, "milhão": 10 ** 6,
          "milioni": 10 ** 6, "milione": 10 ** 6, "millionen": 10 ** 6, "mio": 10 ** 6, "mio.": 10 ** 6, "mn": 10 ** 6}
SCALE = "(?:\\s?(?P<{}>" + "|".join(sorted(map(re.escape, SCALES), key=len, reverse=True)) + r")(?!\w))"
MONEY = re.compile(rf"(?P<pre>€|r\$|ca\$|au\$|a\$|us\$|nz\$|mx\$|c\$|\$|£|₹)\s?(?P<n1>{NUMBER}){SCALE.format('s1')}?|"
                   rf"(?P<n2>{NUMBER}){SCALE.format('s2')}?\s?(?:de |d'|of )?(?P<cur>(?:{CURRENCY})(?![a-z]))", re.I)
SCALED = re.compile(rf"(?<![\w:.,])(?P<n>{NUMBER}){SCALE.format('scale')}", re.I)
WORDS = {  # number words people type for budgets, ages and party sizes
    "en": "one two three four five six seven eight nine ten eleven twelve", "de": "eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
    "fr": "un deux trois quatre cinq six sept huit neuf dix onze douze", "es": "uno dos tres cuatro cinco seis siete ocho nueve diez once doce",
    "pt": "um dois três quatro cinco seis sete oito nove dez onze doze", "it": "uno due tre quattro cinque sei sette otto nove dieci undici dodici",
}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
        "zwanzig": 20, "dreißig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60, "hundert": 100, "vingt": 20, "trente": 30,
        "quarante": 40, "cinquante": 50, "soixante": 60, "cent": 100, "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50,
        "sesenta": 60, "cien": 100, "vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50, "sessenta": 60, "cem": 100,
        "venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60, "cento": 100}
WORD_VALUES = {w: i + 1 for line in WORDS.values() for i, w in enumerate(line.split())} | TENS
WORD_NUMBER = re.compile(r"\b(" + "|".join(sorted(WORD_VALUES, key=len, reverse=True)) + r")(?:[- ](one|two|three|four|five|six|seven|eight|nine))?\b", re.I)


def parse_number(text: str) -> float:
    """The value of one written number ('14,500' -> 14500, '1.200' -> 1200, '12,50' -> 12.5); ValueError if none."""
    s = rx.sub(r"[\s'\u00a0\u202f]", "", text.strip())
    if not rx.fullmatch(r"\d[\d.,]*", s):
        raise ValueError(f"not a number: {text!r}; write digits such as 40, 14,500 or 12.50")
    seps = [c for c in s if c in ".,"]
    if not seps:
        return float(s)
    if len(set(seps)) == 2:  # 1.234,56 or 1,234.56: the last separator is the decimal point
        point = s[max(s.rfind(","), s.rfind("."))]
        return float(s.replace("," if point == "." else ".", "").replace(",", "."))
    parts = s.split(seps[0])
    if len(parts) > 2 or all(len(p) == 3 for p in parts[1:]):  # 14,500 / 1.200.000: groups of three are thousands
        return float("".join(parts))
    return float(s.replace(",", "."))


def show(value: float) -> str:
    """English-style canonical text: 14500 -> '14,500', 45.5 -> '45.50', 40 -> '40'."""
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.2f}"


def currency(word: str) -> str:
    """'euros' -> 'EUR', '$' -> 'USD', 'bucks' -> 'bucks' (AS_SAID: no one currency)."""
    if rx.fullmatch(AS_SAID, word.strip(), re.I):
        return word.strip().lower()
    return next((code for code, words in CURRENCIES.items() if rx.fullmatch(words, word.strip(), re.I)), word.upper())


WORD_MONEY = re.compile(rf"((?:[^\W\d_]+[\s-]+){{0,5}}?[^\W\d_]+)\s+(?P<cur>(?:{CURRENCY})(?![a-z]))", re.I)
LONE_ARTICLES = {"a", "an", "one", "un", "une", "uno", "una", "um", "uma", "ein", "eine", "einen"}  # "a real person"


def spelled_money(text: str) -> tuple[int, str] | None:
    """(where, '30 EUR') for the first amount written in words before a currency ('thirty euros per person'), or None.
    The longest run of number words just before the currency word counts; a lone article is no amount."""
    for m in WORD_MONEY.finditer(text):
        words = m.group(1).split()
        for i in range(len(words)):
            run = " ".join(words[i:])
            n = spelled(run)
            if n and run.lower() not in LONE_ARTICLES:
                return m.start(), f"{show(n)} {currency(m.group('cur'))}"
    return None


def money(text: str) -> str | None:
    """The first amount of money in `text` as '14,500 EUR' (digits or number words), or None."""
    m = MONEY.search(text)
    w = spelled_money(text)
    if w and (not m or w[0] < m.start()):
        return w[1]
    return said_money(m) if m else None


def said_money(m: re.Match[str]) -> str:
    """The amount a MONEY match says, as '14,500 EUR' (a word naming no one currency kept as said: '1,500 bucks')."""
    number = parse_number(m.group("n1") or m.group("n2")) * SCALES.get((m.group("s1") or m.group("s2") or "").lower(), 1)
    return f"{show(number)} {currency(m.group('pre') or m.group('cur'))}"


YEARS = re.compile(r"((?:[^\W\d_]+[\s-]+){0,3}?[^\W\d_]+)(?=\s+(?:years?|jahren?|ans|años|anos|anni)\b)", re.I)


def with_digits(text: str) -> str:
    """An age in words written in digits: 'tengo treinta años' -> 'tengo 30 años', 'ho quarantadue anni' -> 'ho 42
    anni' (only a run of number words right before a word for years, so 'one of' stays as it is)."""
    def digits(m: re.Match[str]) -> str:
        words = m.group(1).split()
        for i in range(len(words)):
            n = spelled(" ".join(words[i:]))
            if n and " ".join(words[i:]).lower() not in LONE_ARTICLES:
                return " ".join([*words[:i], str(n)])
        return m.group(0)
    return YEARS.sub(digits, text)


def bare_number(text: str) -> str | None:
    """The first number in `text` (digits or a number word, with its scale: '60 mil', '18 lakh') as canonical text, or None."""
    if (scaled := SCALED.search(text)) and not rx.search(rf"(?<![\w:]){NUMBER}(?![\w:])", text[:scaled.start()]):
        return show(parse_number(scaled.group("n")) * SCALES[scaled.group("scale").lower()])
    m = rx.search(rf"(?<![\w:]){NUMBER}(?![\w:])", text)
    if m:
        return show(parse_number(m.group(0)))
    w = WORD_NUMBER.search(text)
    if w:
        return show(WORD_VALUES[w.group(1).lower()] + (WORD_VALUES.get((w.group(2) or "").lower(), 0)))
    return None


WAS = re.compile(r"\b(?:was|were|used to be|war|waren|lag|[ée]tait|era|eran|foi|fue|fu)\b", re.I)
NOW_AMOUNT = re.compile(  # 'now (it's) 700', 'jetzt sind es 700', "maintenant c'est 700", 'ahora es de 700', 'ora è 700'
    rf"\b(?:now|jetzt|nun|mittlerweile|maintenant|d[ée]sormais|ahora|agora|ora|adesso)\b,?(?:\s+(?:it'?s|it is|is|that'?s|sind es|"
    rf"ist es|es|liegt (?:es|er) bei|bei|c'est|il est|est de|de|é|è|sono|up to|only|just|nur|noch|plus que|seulement|solo|s[óo]|"
    rf"apenas|soltanto|about|around|etwa|environ|unos|uns|circa))*\s*(?:€|\$|£)?\s*({NUMBER})(?![\w:])", re.I)


def amount_now(text: str, amount: str) -> str:
    """The amount true now when `text` says what it was and then what it is: 'my budget was 500 but now it's 700'
    -> '700 EUR' (in the currency of `amount`, the first said, when the new one is said without); else `amount`."""
    now, first = NOW_AMOUNT.search(text), rx.search(rf"(?<![\w:]){NUMBER}", text)
    was = [w for w in WAS.finditer(text[:first.start()] if first else "") if rx.fullmatch(r"[^\d,;]{0,25}", text[w.end():first.start()])]
    if not now or not was or now.start() < first.end():  # the first amount is the one that was: 'my budget was 500 …'
        return amount
    if (said := money(text[now.start():])) and said.startswith(show(parse_number(now.group(1)))):
        return said
    if rx.match(r"\s*(?:$|[.,;!?)]|but\b|aber\b|mais\b|pero\b|mas\b|ma\b)", text[now.end():], re.I):
        return f"{show(parse_number(now.group(1)))} {amount.split()[-1]}"
    return amount  # 'now I need a hotel for 3 nights': a number that is no amount

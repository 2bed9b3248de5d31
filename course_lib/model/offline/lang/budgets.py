"""Budgets said without the word 'budget': a sum of money the user can spend, has put aside or will not go over.

    a ceiling       'no more than', 'at most', 'tops', 'como mucho', 'au maximum', 'no máximo', 'al massimo', 'max.'
    what one can    'I can pay / spend / afford / put aside', 'ich kann … zahlen', 'je peux mettre / monter à',
                    'puedo pagar', 'posso pagar / gastar', 'consigo guardar', 'posso spendere'
    what one has    'I only have', 'I've got', 'hab nur', 'j'ai', 'tengo (unos)', 'tenho', 'ho' + a sum with its currency,
                    'ahorrados', 'übrig', 'eingeplant' (what is set aside, lang/slots_life.SET_ASIDE, is read there)

Each needs an amount of money with its currency or a scale ('45 mil pesos', '18 lakh rupees', 'uns 4 mil'):
a bare '40' is a budget only next to the word budget (corrections.budget_number). Money spent, paid or owed
('I spent 200 euros', 'it costs 120 €') is no budget. What the budget is for names the slot when the purpose
lexicon knows it ('para el alquiler' -> budget:rent), as slots_life.found_budget does.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.numbers import SCALED, money, show, parse_number, SCALES

Found = tuple[str, str, str]
CEILING = (r"no more than|not more than|at most|at the most|tops|max\.?|up to|under|all up|"
           r"h[öo]chstens|maximal|max\.?|bis zu|nicht mehr als|"
           r"au max(?:imum)?|maximum|pas plus de|jusqu'à|grand max|"
           r"como m[áa]ximo|como mucho|m[áa]ximo|m[áa]x\.?|hasta|no m[áa]s de|"
           r"no m[áa]ximo|at[ée]|n[ãa]o mais (?:do )?que|"
           r"al massimo|massimo|non più di|fino a|"  # and a verb of not going over: 'can't go over', 'não pode passar dos'
           r"(?:can'?t|cannot|must not|mustn'?t|shouldn'?t|should not) (?:go over|exceed|be more than)|darf nicht (?:mehr als|über)|"
           r"(?:don'?t|do not|won'?t) (?:want to )?(?:spend|pay) more than|(?:ich )?(?:will|möchte) nicht mehr als|"
           r"(?:ne )?(?:veux|voulons|veut|peux) pas (?:dépasser|mettre plus de|payer plus de)|no quiero (?:pasar de|gastar más de|pagar más de)|"
           r"n[ãa]o quero (?:gastar|pagar) mais (?:de|do que)|non voglio (?:spendere|pagare) più di|"
           r"ne (?:doit|peut) pas dépasser|no (?:puede|debe) (?:pasar|superar|exceder)(?: de| los)?|"
           r"n[ãa]o (?:pode|deve) (?:passar|ultrapassar|exceder)(?: d[oa]s?| de)?|non (?:deve|può|puo) superare")
CAN = (r"(?:i|we) can (?:only )?(?:pay|spend|afford|put aside|set aside|keep aside|save|go up to)|(?:i|we) could (?:pay|spend)|"
       r"(?:ich|wir) (?:kann|können) (?:\w+ ){0,3}?(?:zahlen|ausgeben|sparen|zurücklegen)|"
       r"(?:je|on) (?:peux|peut|pourrais|pourrait) (?:\w+ ){0,2}?(?:mettre|payer|dépenser|monter|économiser)|on prévoit|je prévois|nous prévoyons|"
       r"(?:puedo|podemos) (?:\w+ )?(?:pagar|gastar|ahorrar|poner)|"
       r"(?:posso|podemos|consigo|conseguimos) (?:\w+ )?(?:pagar|gastar|guardar|juntar|poupar)|"
       r"(?:posso|possiamo) (?:\w+ )?(?:spendere|pagare|mettere|risparmiare)")
HAVE = (r"(?:i|we) (?:only )?(?:have|have got)|(?:i|we)['’]ve (?:only )?got|i got|"
        r"(?:ich )?(?:hab|habe|haben) (?:\w+ ){0,3}?(?:nur|noch|so|etwa|ungefähr)|übrig|"
        r"j'ai|(?:je |on )?n'(?:ai|a) que|on a|nous avons|"
        r"tengo|tenemos|ahorrad[oa]s|"
        r"tenho|temos|guardad[oa]s|juntad[oa]s|"
        r"(?<!\w)ho|abbiamo|messi da parte")
NOT_BUDGET = re.compile(r"\b(?:spent|paid|pay for|costs?|cost me|owe|earn|make|salary|gagne|ganho|gano|guadagno|verdiene|"
                        r"ausgegeben|bezahlt|kostet|dépensé|payé|coûte|gast[ée]|pagu[ée]|cuesta|custa|paguei|gastei|speso|pagato|costa|"
                        r"prix|price|preis|precio|preço|prezzo)\b", re.I)
PURPOSE = re.compile(r"\b(?:for (?:the |a |an |my |our )?|f[üu]r (?:die |den |das |ein |eine |einen |unsere?n? )?|fürs |"
                     r"pour (?:le |la |les |l'|un |une |notre |nos |mon |ma )?|para (?:el |la |los |las |o |a |os |um |uma |un |una |mi |meu |minha )?|"
                     r"pra |pro |per (?:il |la |lo |l'|un |una |i |le )?)([^\W\d_]+)", re.I)
CUE = re.compile(rf"(?<!\w)(?:{CEILING}|{CAN}|{HAVE})(?!\w)", re.I)


def amount(s: str) -> str | None:
    """A sum of money said with its currency, or a number with its scale ('uns 4 mil', '60 mil'), as '4,000'."""
    said = money(s)
    if said:
        return said
    m = SCALED.search(s)
    return show(parse_number(m.group("n")) * SCALES[m.group("scale").lower()]) if m and m.group("scale") != "k" else None


def found_budget_more(s: str) -> list[Found]:
    """A budget said with a ceiling, a 'can pay' or a 'have' and an amount (see the module docstring)."""
    if not CUE.search(s) or NOT_BUDGET.search(s) or rx.search(r"\d\s*%", s):
        return []
    said = amount(s)
    if not said or (" " not in said and not SCALED.search(s)):
        return []
    if rx.search(r"\b(?:km|kg|kilos?|calories|kcal|m2|m²|people|personas|pessoas|persone|leute|personnes)\b",
                 s[s.find(said.split()[0][:1]):], re.I) and " " not in said:
        return []  # '10 mil km', not money
    purpose = next((p for m in PURPOSE.finditer(s) if (p := canon("purpose", m.group(1)))), None)
    if " " not in said:
        return [("budget", said, f"The user's budget is {said}.")] if purpose else []  # a scaled number needs a purpose
    if purpose and purpose != "dinner":
        return [(f"budget:{purpose}", said, f"The user's {purpose} budget is {said}.")]
    return [("budget", said, f"The user's budget is {said}.")]

"""Foods the user avoids, dislikes or does not tolerate, and not drinking alcohol (six languages).

Each rule is "a verb of that class + a food the concept lexicon knows" (data/concepts.json, family food), so a
verb alone never makes a fact ('I can't stand waiting' gives nothing):

    avoid     I don't eat pork / we avoid onions / je mange pas de porc / no como cerdo  -> preference:pork 'no pork'
    dislike   I can't abide mushrooms / je déteste la coriandre / odeio coentro           -> preference:X 'dislikes X'
    object first, as people say it in speech: 'il coriandolo non lo sopporto', 'i peperoni nn li posso mangiare',
              'el cilantro no lo soporto', 'Koriander mag ich nicht', 'Ibuprofen vertrage ich nicht'
    bloating  dairy makes me bloated / i latticini mi gonfiano / la leche me hincha      -> intolerance:X
    alcohol   I'm off the booze / I'm teetotal / no tomo trago / sono astemia            -> preference:alcohol

A pronoun object ('pork, I don't eat it') takes the food named before it in the sentence.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import ARTICLE, find, spans
from course_lib.model.offline.lang.lexicon import DIET_WORDS

Found = tuple[str, str, str]
AVOID = (r"\b(?:i |we )?(?:don'?t|do not|never|won'?t|dont) (?:eat|touch|drink)\b|"
         r"\b(?:ich|wir|i) (?:esse|ess|essen|rühre|trinke|trink) (?:\w+ )?(?:kein\w*|nie|nichts mit)\b|"
         r"\b(?:je|on|nous) (?:ne |n')?(?:mange|mangeons|touche|bois|buvons) (?:pas|jamais|plus|point)\b(?: de| d'| du| des)?|"
         r"\b(?:yo )?no (?:como|comemos|pruebo|tomo|bebo)\b|\bnunca (?:como|tomo|bebo)\b|\b(?:eu )?n[ãa]o (?:como|comemos|bebo|tomo)\b|"
         r"\b(?:io )?non (?:mangio|mangiamo|tocco|bevo)\b")  # eating and drinking: 'I don't drink coffee', 'non bevo latte'
STEER = (  # a food kept away from, for the stomach or by choice: 'I can't handle spicy food', 'j'évite le gras' -> 'avoids X'
    r"\b(?:i|we) (?:(?:try to|have to|need to|always) )?(?:avoid|stay away from|steer clear of|cut out|skip)\b|\b(?:i )?(?:can'?t|cannot|can not) (?:handle|do|take|stomach)\b|"
    r"\b(?:ich|wir) (?:vermeide|meide|vermeiden|meiden|verzichte auf)\b|\bj'[ée]vite\b|\bon [ée]vite\b|\bje (?:ne )?dig[eè]re pas\b|"
    r"\b(?:yo )?evit(?:o|amos)\b|\bno (?:me sienta(?:n)? bien|llevo bien)\b|\b(?:eu )?evit(?:o|amos)\b|\bevit(?:o|iamo)\b")
NOTHING_OF = re.compile(  # a verbless 'none of it' said as its own clause: 'así que nada de pescado crudo ni embutidos',
    # 'Deshalb erstmal kein Sushi, kein Rohmilchkäse und natürlich kein Alkohol', 'my one rule: no pork, never'
    r"(?:^|[,;:]\s*|\b(?:so|then|also|donc|alors|así que|asi que|entonces|por eso|ent[ãa]o|por isso|quindi|perci[òo]|allora|und|and|et|y|e|"
    r"deshalb|daher|darum|deswegen|therefore|du coup|c'est pourquoi|por lo tanto|portanto|per questo)\s+)"
    r"(?:(?:erstmal|erst mal|vorerst|for now|for a while|pour l'instant|por ahora|por enquanto|per ora|bitte|please|pls|por favor|per favore|"
    r"s'il te pla[iî]t)\s+)*(?:nada de|niente|zero|z[ée]ro|no more|nix mit|gar nichts mit|nichts mit|plus de|pas de|kein|keine|keinen|no(?!\s+(?:soy|sou)\b))\s+(?P<obj>[^\W\d].*)", re.I)
NONE_FOR_ME = re.compile(  # 'no raw fish for me', 'kein Schweinefleisch für mich': a verbless 'none of it' that names its eater
    r"(?:^|[,;:]\s*|\b(?:so|then|also|and|but|und|aber|also)\s+)(?:no|kein|keine|keinen|nothing with|nichts mit)\s+(?P<obj>[^,;.!?]+?)\s+(?:for me|für mich)\b", re.I)
TIMED = (r"[^,.;!?]*?\b(?:after|before|past|in the (?:evening|afternoon)|at night|late|nach|abends|nachmittags|sp[äa]t|apr[èe]s|avant|le soir|"
         r"l'apr[èe]s-midi|tard|despu[ée]s|antes|por la (?:tarde|noche)|de noche|depois|antes|[àa] noite|[àa] tarde|dopo|prima|la sera|di sera|tardi)\b")
BECAUSE_OF = r"(?i:all[eé]rg|al[eé]rg|intoll?[eé]r|unvertr[äa]g|co?eliac|celiac|z[öo]liak|c(?:œ|oe)liaque|cel[íi]ac)"  # 'intolerante, então nada de leite': the reason says it
DISLIKE = (r"\b(?:i|we) (?:really |just |absolutely )?(?:hate|dislike|detest|loathe|can'?t stand|cannot stand|can'?t abide|cannot abide|"
           r"can'?t bear|cannot bear)\b|\bich (?:hasse|kann (?:\w+ )?nicht ausstehen)\b|\bje (?:d[ée]teste|hais)\b|\bj'ai horreur\b|"
           r"\bje (?:ne )?(?:supporte|peux) pas\b|\b(?:yo )?odio\b|\bno (?:soporto|aguanto)\b|\bodeio\b|\bn[ãa]o (?:suporto|aguento)\b|"
           r"\bdetesto\b|\bnon (?:sopporto|reggo)\b")
PRONOUN = r"(?:it|them|that|those|lo|la|los|las|le|les|li|o|a|os|as|es|sie|das|ça)"
CLITIC = r"(?:lo|la|li|le|los|las|les|l'|o|a|os|as)"
FIRST = re.compile(  # the food first, then a negated verb with a clitic: 'il coriandolo nn lo sopporto'
    rf"(?P<obj>[^\W\d][\w'’-]*(?: [\w'’-]+){{0,3}})\s*,?\s+(?:(?:eu|io|yo|je|moi)\s+)?(?:non|nn|no|não|nao|ne|n')\s*(?:{CLITIC}\s*)?"
    r"(?:(?:posso|puedo|peux|consigo|riesco a)\s+)?(?P<verb>mangi\w*|mangia|mang\w*|como|comer|sopporto|soporto|suporto|supporte|"
    r"aguanto|reggo|tolero|tollero|digerisco|digiero|dig[eè]re|bevo|bebo|bois|tomo|prendo|tocco|toco|pruebo|provo)\b", re.I)
GERMAN_FIRST = re.compile(  # German puts the object first: 'Koriander mag ich nicht', 'Ibuprofen vertrage ich übrigens nicht'
    r"(?P<obj>[\wäöüß-]+(?: [\wäöüß-]+)?) (?P<verb>mag|esse|ess|trinke|vertrage|vertrag) (?:ich|i) (?:\w+ )?(?:nicht|kein\w*|nie|(?:gar|überhaupt) (?:nicht|ned|net)|ned|net|nimmer)\b", re.I)
TABOO = re.compile(  # the food first, then ruled out for the speaker: 'Rotwein ist für mich tabu', 'pork is a no-go for me', 'le porc
    # c'est interdit pour moi', 'el cerdo para mí es tabú', 'carne de porco é proibida pra mim', 'il maiale per me è off-limits'
    r"(?P<obj>[^\W\d][\w'’-]*(?: [\w'’-]+){0,2}?)\s+(?:(?:is|are|ist|sind|est|c'est|es|son|[ée]|s[ãa]o|[èe]|sono)\s+)?(?:(?:für mich|for me|pour moi|"
    r"para m[ií]|pra mim|para mim|per me)\s+)?(?:(?:is|are|ist|sind|est|c'est|es|son|[ée]|s[ãa]o|[èe]|sono)\s+)?(?:(?:a |an |absolutely |totally |"
    r"still |strictly |streng |absolut |absolument |totalmente |assolutamente )?(?:hard )?(?:tabu|taboo|tab[úu]|no-go|no go|off-limits|off limits|"
    r"interdit|interdite|prohibid[oa]|proibid[oa]|vietat[oa]|verboten))\b(?:\s+(?:für mich|for me|pour moi|para m[ií]|pra mim|para mim|per me)\b)?", re.I)
BLOATS = re.compile(
    r"^(?P<subj>[^.;!?]*?)\s*\b(?:makes? me (?:so |super |really |very |all )?(?:bloated|gassy)|bloats? me|"
    r"gives? me (?:bloating|wind|gas|cramps|(?:a )?(?:stomach|tummy) ?ache)|bl[äa]h(?:t|en) mich(?: auf)?|"
    r"macht mir (?:Bauchweh|Blähungen|Bauchschmerzen)|me ballonne(?:nt)?|me donne(?:nt)? (?:des ballonnements|mal au ventre)|"
    r"me hincha(?:n)?|me da(?:n)? gases|me incha(?:m)?|me d[áa]o? gases|mi gonfia(?:no)?|mi fa(?:nno)? gonfiare|"
    # not agreeing with the stomach: 'dairy doesn't agree with me', 'el picante me cae fatal', 'le lait ne me réussit pas'
    r"(?:doesn'?t|does not|don'?t|do not|dont) agree with me|mess(?:es)? (?:with|up) my (?:stomach|tummy|gut)|upsets? my (?:stomach|tummy)|"
    r"bekomm(?:t|en) mir nicht|schl[äa]g(?:t|en) mir auf den magen|ne me r[ée]ussi(?:t|ssent) pas|me cae(?:n)? (?:mal|fatal|pesad[oa]s?)|"
    r"n[ãa]o me ca(?:i|em) bem|mi (?:resta|restano) sullo stomaco)\b", re.I)
ALCOHOL = re.compile(
    r"\b(?:i'?m|i am) (?:off|off of|staying off|laying off) (?:the )?(?:grog|booze|drink|drinks|alcohol|sauce|bevvies)\b|"
    r"\b(?:i'?m|i am) not drinking\b(?! (?:coffee|tea|milk|water|soda|juice))|\b(?:i'?m|i am) (?:teetotal|tee-total|a teetotaller|on the wagon)\b|"
    r"\bi (?:don'?t|do not|dont|never) drink\b(?! (?:coffee|tea|milk|water|soda|juice|much|enough))|"
    r"\bi (?:quit|stopped|gave up) (?:drinking|alcohol|the booze|booze)\b|"
    r"\bich trinke (?:keinen alkohol|nie alkohol|nicht mehr|keinen tropfen)\b|\bich bin (?:abstinent|abstinenzler\w*)\b|"
    r"\bje (?:ne )?bois (?:pas|plus|jamais) d'alcool\b|\bje (?:ne )?bois (?:pas|plus|jamais)\b(?! (?:de |d'|du |le |la ))|"
    r"\bje suis abstinente?\b|\b(?:yo )?no (?:tomo|bebo) (?:trago|alcohol|nada de alcohol)\b|\bno bebo\b(?! (?:caf|t[ée]|leche|agua))|"
    r"\bsoy abstemi[oa]\b|\b(?:eu )?n[ãa]o bebo\b(?! (?:caf|ch[áa]|leite|[áa]gua))|\bsou abst[êé]mi[oa]\b|\bparei de beber\b|"
    r"\bnon bevo\b(?! (?:caff|t[èe]|latte|acqua))|\bsono astemi[oa]\b|\bho smesso di bere\b|\bdej[ée] de beber\b|\bj'ai arr[êe]t[ée] de boire\b", re.I)
LIST_WORD = r"and|or|nor|und|oder|noch|weder|et|ou|ni|y|o|e|nem|n[ée]|nor|also|auch|aussi|tamb[ié]n|tamb[ée]m|anche|any|de|d'|du|des|di|" \
            r"kein|keine|keinen|no|nada|niente|pas|nat[üu]rlich|obviously|ovviamente|[ée]videmment|claro|obviamente"  # a list of 'no's, word by word
DRINKS = ("alcohol", "coffee", "caffeine", "energy drinks", "fizzy drinks", "milk", "raw milk")


def foods_at(text: str, first: bool = True) -> list[str]:
    """The foods a list names at the start of `text` ('pork, beef or lamb tonight' -> pork, beef, lamb); first=False:
    the foods at its end ('meal plans with pork' -> pork)."""
    found = spans("food", text[:60] if first else text[-60:], typos=False)
    words = len(rx.findall(r"[\w'’-]+", text[:60] if first else text[-60:]))
    if first:
        out, end = [], 0
        words = rx.findall(r"[\w'’-]+", text[:60])
        for at, n, food in found:  # the list goes on while only 'and', 'or', 'nor' … stand between ('onion, garlic and leek')
            at += bool(ARTICLE.match(words[at] + " ")) and n > 1  # 'dicas de cafeína': the food is the third word, not the second
            if at > end + (not out) and not (out and all(rx.fullmatch(LIST_WORD, w, re.I) for w in words[end:at])):
                break
            out.append(food)
            end = at + n
        return out
    return [found[-1][2]] if found and found[-1][0] >= words - 3 else []


def avoided(food: str) -> Found:
    """preference:<food> 'no <food>'."""
    return (f"preference:{food}", f"no {food}", f"The user does not {'drink' if food in DRINKS else 'eat'} {food}.")


def steered(food: str) -> Found:
    """preference:<food> 'no <food>', said as avoiding it."""
    return (f"preference:{food}", f"no {food}", f"The user avoids {food}.")


def disliked(food: str) -> Found:
    return (f"preference:{food}", f"dislikes {food}", f"The user dislikes {food}.")


def intolerant(food: str) -> Found:
    return (f"intolerance:{food}", food, f"The user cannot eat {food}.")


def found_avoid(s: str) -> list[Found]:
    """A food avoided or disliked, said with the verb first, or with the food first (see the module docstring)."""
    out: list[Found] = []
    for verbs, make in ((DISLIKE, disliked), (AVOID, avoided), (STEER, steered)):
        for m in rx.finditer(verbs, s, re.I):
            rest = rx.sub(r"^\s*(?:eating|to eat|having|(?:any|anything with|food with|dishes with|de|d'|du|des|di|de la)\s+)?", "", s[m.end():])
            foods = foods_at(rest) if not rx.match(r"\s*[,;:.!?]", s[m.end():]) else []  # 'la coliflor la odio, pero …': no object after it
            if make is not disliked and rx.match(TIMED, rest, re.I):
                foods = []  # 'I don't drink coffee after lunch': kept away from at a time of day, not at all
            if not foods and rx.match(rf"\s*{PRONOUN}\b", rest, re.I):  # 'meal plans w pork, i dont eat it'
                foods = foods_at(rx.split(r"[,;:—–-]\s*(?=[^,;:—–-]*$)", s[:m.start()].rstrip(" ,"))[0], first=False) or \
                    foods_at(s[:m.start()].rstrip(" ,"), first=False)
            out += [make(f) for f in foods] if "meat" not in foods else []  # 'no meat (, fish is fine)' is a diet (found_diet)
    for m in NOTHING_OF.finditer(s if not rx.search(rf"\b(?:{DIET_WORDS})\b|{BECAUSE_OF}", s, re.I) else ""):  # 'vegana, niente latticini': the diet says it
        if rx.search(r"(?:\bno|kein\w*)\s+$", s[:m.start("obj")], re.I) and spans("food", m.group("obj")[:40], typos=False)[:1] and \
                spans("food", m.group("obj")[:40], typos=False)[0][0] > 0:
            continue  # a bare 'no' / 'kein' names the food next: 'no tolero bien …' is a verb denied, not a food
        out += [steered(f) for f in foods_at(m.group("obj")) if f not in ("meat", "gluten", "lactose") and not rx.match(TIMED, m.group("obj"), re.I)]
    for m in NONE_FOR_ME.finditer(s if not rx.search(BECAUSE_OF, s, re.I) else ""):
        out += [steered(f) for f in foods_at(m.group("obj")) if f not in ("meat", "gluten", "lactose") and not rx.match(TIMED, s[m.start("obj"):], re.I)]
    for m in FIRST.finditer(s):
        verb = m.group("verb").lower()
        foods = foods_at(m.group("obj"), first=False)
        make = intolerant if verb.startswith(("toler", "toller", "diger")) else disliked if verb in (
            "sopporto", "soporto", "suporto", "supporte", "aguanto", "reggo") else avoided
        out += [make(f) for f in foods if f != "meat"]
    for m in TABOO.finditer(s):
        out += [steered(f) for f in foods_at(m.group("obj"), first=False) if f != "meat"]
    for m in GERMAN_FIRST.finditer(s):
        verb, obj = m.group("verb").lower(), m.group("obj")
        if verb.startswith("vertrag"):
            foods, med = foods_at(obj, first=False), find("medication", obj, typos=False)
            out += [intolerant(f) for f in foods] or ([(f"intolerance:{med[-1][1]}", med[-1][1],
                                                         f"The user is intolerant to {med[-1][1]}.")] if med else [])
        else:
            out += [(disliked if verb == "mag" else avoided)(f) for f in foods_at(obj, first=False) if f != "meat"]
    return out


def found_bloating(s: str) -> list[Found]:
    """'dairy makes me bloated', 'i latticini mi gonfiano', 'la leche me hincha' -> intolerance:<food>."""
    m = BLOATS.search(s)
    if not m:
        return []
    subject = rx.split(r"[,:;]|\b(?:but|also|aber|mais|pero|mas|ma)\b", m.group("subj").rstrip(" ,:;"), flags=re.I)[-1]
    return [intolerant(f) for f in foods_at(subject, first=False)]


def found_alcohol(s: str) -> list[Found]:
    """'I'm off the grog', "I'm not drinking", 'sono astemia', 'no tomo trago' -> preference:alcohol 'no alcohol'."""
    return [avoided("alcohol")] if ALCOHOL.search(s) else []


def read_food(s: str) -> list[Found]:
    """Every food preference and food intolerance this sentence states, one per slot."""
    out: list[Found] = []
    for f in found_alcohol(s) + found_avoid(s) + found_bloating(s):
        if f[0] not in [g[0] for g in out]:
            out.append(f)
    return out

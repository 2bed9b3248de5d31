"""Tastes said with the object first: a Romance clitic ('la morcilla no la soporto'), German verb second ('Oliven mag
ich nicht'), a liking denied after the object ('el café no me gusta nada'), a cleft ('c'est l'anis que je déteste')
and 'X is (not) my thing'. The object is read by likes_object.said_as.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import find
from course_lib.model.offline.lang.likes_object import NN, Found, said_as


FIRST = re.compile(  # the object first: 'la morcilla no la soporto', 'il tè non lo reggo', 'Oliven mag ich nicht'
    rf"(?:^|[,;]\s*|\b(?:but|pero|mas|ma|mais|aber|e|y|und|et)\s+)(?P<obj>(?:(?:el|la|los|las|il|lo|i|gli|le|les|o|a|os|as|die|der|das)\s+|l['’]\s*)"
    rf"[^\W\d][\w'’-]*(?: [\w'’-]+){{0,2}}),?\s+(?:(?:proprio|davvero|realmente|mesmo|vraiment|really|echt)\s+)?(?:(?:{NN}|ne|n')\s*(?:lo|la|los|las|li|le|les|l'|o|a|os|as)\s*"
    r"(?P<verb>soporto|aguanto|sopporto|reggo|suporto|aguento|supporte)|(?:je |j['’]|yo |io |eu )?(?:lo|la|los|las|li|le|les|l['’])\s*"
    r"(?P<hate>odio|detesto|d[ée]teste|hais|odeio))\b"  # the object first, its clitic, a verb of hating: 'le olive le odio'
    r"|(?:^|[,;]\s*|\b(?:but|mas|ma)\s+)(?:o|a|os|as)\s+(?P<pt>[^\W\d][\w'’-]*(?: [\w'’-]+){0,2}),?\s+(?:eu )?(?:odeio|detesto)-(?:o|a|os|as)\b"
    r"|(?:^|[,;]\s*|\b(?:aber|und)\s+)(?P<de>[\wäöüß-]+(?: und [\wäöüß-]+)?) (?P<dv>mag|ess|esse|trink|trinke|hör|höre|lese) (?:i|ich) "
    r"(?:\w+ )?(?P<how>gern|gerne|sehr gern|nicht|(?:gar|überhaupt) (?:nicht|ned|net)|ned|net|nie)\b", re.I)
NOT_LIKED = re.compile(  # the object first, then a liking denied: 'il pesce però continua a non piacermi', 'el café no me gusta nada',
    # 'Rosenkohl kann ich nicht ausstehen', 'Koriander hasse ich', 'les olives, je n'aime pas', 'coentro não me agrada'
    rf"(?:^|[,;:]\s*|\b(?:but|pero|mas|ma|mais|aber|und|e|y|et)\s+)(?:(?:nur|only|just|solo|s[óo]|seulement|juste|auch|also|même)\s+)?(?P<obj>(?:(?:el|la|los|las|il|lo|i|gli|le|les|o|a|os|as|die|der|das|den)\s+|l['’]\s*)?"
    r"[^\W\d][\w'’-]*(?: [\w'’-]+){0,2}?),?\s+(?:(?:però|pero|mas|ma|mais|aber|ancora|todav[íi]a|ainda|encore|proprio|really|davvero|"
    r"sempre|siempre|realmente|wirklich|echt|invece|en cambio|en revanche|dagegen|hingegen|instead)\s+)*(?:(?:continua|continuano|sigue|siguen|segue|seguem|continue|continuent) (?:a |à |sin )?|(?:ainda )?)"
    rf"(?:{NN} mi piac(?:e|ciono)|{NN} piacermi|no me gusta(?:n)?|sin gustarme|n[ãa]o me (?:agrada|agradam|apetece)|"
    r"(?:je )?(?:ne )?l(?:es|')?\s*aime pas|kann ich (?:\w+ )?(?:nicht|gar nicht|überhaupt nicht) (?:ausstehen|leiden)|hasse ich)\b", re.I)
MY_THING = re.compile(  # 'X is (not) my thing', 'X c'est pas mon truc', 'X no es lo mío', 'X non fa per me', 'X ist nicht mein Ding'
    r"(?:^|[,;:]\s*|\b(?:but|and|so|du coup|mais|et|pero|y|mas|e|ma|aber|und|also)\s+)(?P<obj>[\w'’ -]{2,40}?),?\s+"
    r"(?:(?:is|are)(?P<n1>n'?t| not)? (?:really |totally |just |so )?(?:my thing|my jam|my cup of tea)|"
    r"c'est(?P<n2> pas| vraiment pas| pas trop| pas vraiment)? (?:trop |vraiment )?(?:mon truc|mon kif)|"
    r"(?P<n3>no )?es (?:lo m[íi]o|mi rollo)|(?P<n4>n[ãa]o )?[ée] (?:a )?minha (?:praia|cena|onda)|"
    r"(?P<n5>non )?(?:fa per me|[èe] il mio genere|[èe] la mia cosa)|(?:ist|sind)(?P<n6> nicht| nich| net| ned| kein)? (?:so )?(?:mein|meins|mein ding))\b",
    re.I)


HATE = (r"hate|dislike|detest|can'?t stand|cannot stand|d[ée]teste|n'aime pas|aime pas|supporte pas|odio|detesto|no soporto|no aguanto|"
        r"odeio|n[ãa]o suporto|n[ãa]o aguento|non sopporto|non reggo|nn sopporto|hasse|nicht mag|nicht ausstehen kann")
LOVE = r"love|adore|like|aime|j'adore|me encanta|me gusta|amo|adoro|gosto|mi piace|liebe|mag"
CLEFT = re.compile(  # the thing put first by a cleft: "its olives i hate", "c'est surtout l'anis que je déteste", 'es el cilantro lo
    # que odio', 'é o coentro que eu odeio', 'è il coriandolo che odio', 'es ist der Koriander, den ich hasse'
    r"\b(?:it'?s|its|it is|it was|c'est|es|son|[ée]|s[ãa]o|[èe]|sono|es ist|das ist)\s+(?:(?:surtout|plut[ôo]t|vraiment|really|mostly|"
    r"especially|just|more|sobre todo|m[áa]s bien|mais|sobretudo|soprattutto|piuttosto|eher|vor allem)\s+)?"
    r"(?P<obj>[^\W\d][\w'’-]*(?: [\w'’-]+){0,2}?),?\s+(?:that\s+|lo que\s+|o que\s+|que\s+|qu'|che\s+|den\s+|die\s+|das\s+)?"
    rf"(?:i|je|j'|yo|eu|io|ich)?\s*(?:really\s+|vraiment\s+|m[áa]s\s+|mais\s+|pi[ùu]\s+)?(?:(?P<hate>{HATE})|(?P<love>{LOVE}))\b", re.I)


VERDICT = re.compile(  # the thing first, then a flat no: 'koriander geht gar nicht', "l'agneau c'est non", 'les endives je peux
    # pas', 'Favas é que não suporto', 'coentros não posso com eles', 'cilantro is a hard no for me', 'el picante ni hablar'
    r"(?:^|[,;:]\s*|\b(?:but|and|also|pero|y|mas|e|ma|mais|et|aber|und|par contre|en cambio|invece|dagegen)\s+)(?!(?:but|and|also|pero|y|mas|e|ma|mais|et|aber|und|par contre)\s)(?P<obj>[^\W\d][\w'’-]*(?: [\w'’-]+){0,2}?),?\s+"
    r"(?:(?:really|just|totally|echt|wirklich|überhaupt|vraiment|juste|proprio|mesmo|en serio|de verdad)\s+)?"
    r"(?:geht (?:gar |überhaupt |echt )?(?:nicht|ned|net|nich)|(?:is|are) (?:a )?(?:hard |big |firm )?no(?: for me| from me)?|"
    r"c'est (?:non|niet|pas possible|mort)|je (?:ne )?peux pas|j'?peux pas|(?:é|s[ãa]o) que n[ãa]o (?:suporto|gosto|aguento|como)|"
    r"n[ãa]o posso com (?:el[ea]s?|isso)|ni hablar|ni de broma|ni loco|ni loca|nem pensar|nem morto|nem morta|neanche morto|neanche morta|"
    r"manco morto|manco morta|no way)(?!\w)", re.I)
AILMENT = r"allerg|alerg|intoler|unvertr[äa]glich|zöliak|celiac|coeliac|c[ée]liaqu|cel[íi]ac|diabet"  # 'milch geht gar nicht': the body's no, not a taste
KNOWN = ("food", "hobby", "taste")  # the families an object said first must be in: 'la verdad no me gusta' is no taste of 'verdad'


def known(obj: str) -> bool:
    """Does the lexicon name a food, an activity or a thing of taste in `obj` ('el cilantro', 'films d'horreur')?"""
    return any(find(family, obj, typos=False) for family in KNOWN)


def found_object_first(s: str) -> list[Found]:
    """The object said before the verb (Romance clitic, German verb second) and 'X is (not) my thing'."""
    out: list[Found] = []
    for m in FIRST.finditer(s):
        if m.group("obj") or m.group("pt"):
            out += said_as("dislikes", m.group("obj") or m.group("pt"))
            continue
        likes = m.group("how").lower().startswith(("gern", "sehr"))
        if likes or m.group("dv").lower() == "mag":  # 'Oliven mag ich nicht'; 'Fisch esse ich nicht' is slots_food's
            out += said_as("likes" if likes else "dislikes", m.group("de"))
    for m in NOT_LIKED.finditer(s):  # a thing the lexicon knows ('la verdad no me gusta' is no taste of 'verdad')
        if known(m.group("obj")):
            out += said_as("dislikes", m.group("obj"))
    for m in CLEFT.finditer(s):
        if known(m.group("obj")):
            out += said_as("dislikes" if m.group("hate") else "likes", m.group("obj"))
    for m in VERDICT.finditer(s) if not rx.search(AILMENT, s, re.I) else ():
        if known(m.group("obj")):
            out += said_as("dislikes", m.group("obj"))
    for m in MY_THING.finditer(s):
        negated = any(m.group(g) for g in ("n1", "n2", "n3", "n4", "n5", "n6"))
        out += said_as("dislikes" if negated else "likes", m.group("obj"))
    return out

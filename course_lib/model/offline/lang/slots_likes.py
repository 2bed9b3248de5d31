"""Likes, loves, dislikes and preferences, read as one class in six languages: a first-person verb of liking or
disliking and its object, whatever the object is.

    verb first     I love jazz bars / j'adore la cuisine italienne / no me gusta nada el café / gosto mt de chuva
    object first   la morcilla no la soporto / Oliven mag ich nicht / Paradeiser ess i gern / l'aglio non lo reggo
    "my thing"     hiking is my thing / les soirées c'est pas mon truc / el fútbol no es lo mío / non fa per me

The value is written the way the labels write it: 'likes X' (a verb of loving says 'loves' in the text only),
'dislikes X', 'prefers X'. The object is cut where a clause, reason, time or place starts; articles, intensifiers
('nada', 'mt', 'sooo sehr', 'pa na') and chat fillers are dropped; a food the concept lexicon knows or a national
cuisine is named in English (values.py). A wish ('I'd love', 'me encantaría'), a past taste ('I used to like'),
someone else's taste ('le gusta', 'my wife loves') and an object that is a clause ('I love that you …') give nothing.
Seats, travel classes and 'a morning person' are read first (slots_seats.py).
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import find
from course_lib.model.offline.lang.likes_object import NN, Found, clean, said_as
from course_lib.model.offline.lang.slots_likes_first import found_object_first
from course_lib.model.offline.lang.slots_seats import SEATS, found_seat

SUBJECTLESS = r"(?:(?:and|but|so|also|still|really|honestly|absolutely|totally|just|seriously|def|definitely) )*"  # chat drops the 'I'
VERBS = [  # (first-person verb, what the fact says); a negated like comes before the like
    ("dislikes", rf"^\W*{SUBJECTLESS}(?:hate|detest|loathe|can'?t stand|cannot stand|cant stand)\b|"  # 'I' left out: 'also hate X', 'still cant stand X' 
                 r"\bich mag weder|^\W*mag (?:\w+ )?kein\w*|\bje n'aime ni|"
                 r"\bi (?:really |just |honestly |absolutely |genuinely )?(?:hate|dislike|detest|loathe|can'?t stand|cannot stand|"
                 r"can'?t bear|cannot bear|can'?t abide|cannot abide)|\bi (?:really |just |honestly )?(?:don'?t|do not|dont) "
                 r"(?:really |particularly )?(?:like|enjoy|care for|love)|\bnot (?:a )?(?:big |huge )?fan of|"
                 r"\bi'?m not (?:really |a |that )?(?:into|keen on|big on|fond of|a fan of)|"
                 r"\bich (?:hasse|verabscheue)|\bich mag kein\w*|\bich kann (?:\w+ )?nicht ausstehen|"
                 r"\b(?:je |j')?(?:d[ée]teste|ha[iï]s)\b|\bj'?d[ée]teste|\bje n'aime pas|\bj'?aime (?:pas|vraiment pas)|\bjaime pas|"
                 r"\bje (?:ne )?(?:supporte|peux pas (?:voir|sentir|blairer)) pas|\bj'ai horreur d[e']|"
                 r"\b(?:yo )?odio|\b(?:yo )?detesto|\bno me gusta(?:n)?(?: nada| para nada| mucho)?|\bno (?:soporto|aguanto)|"
                 r"\bodeio|\b(?:eu )?n[ãa]o gosto(?: nada| muito| mesmo)? de|\bn[ãa]o (?:suporto|aguento|curto)|"
                 rf"\b{NN} mi piac(?:e|ciono)(?: per niente| affatto| proprio)?|\b{NN} (?:sopporto|reggo)|\bnn sopporto"),
    ("prefers", r"\bi(?:'d| would)? (?:much |really |generally |usually )?(?:prefer|rather)|\bwe'?d rather|\bich (?:\w+ )?lieber|"
                r"\bich bevorzuge|\bje pr[ée]f[èe]re|\bj'?pr[ée]f[èe]re|\bprefiero|\bprefiro|\bpreferisco"),
    ("loves", rf"^\W*{SUBJECTLESS}(?:love|adore)\b|\bi (?:really |absolutely |just |totally |do )?(?:love|adore)|\b(?:i'?m|i am) (?:a )?(?:big |huge |massive )?fan of|"
              r"\b(?:i'?m|i am) (?:really |totally |so )?(?:into|obsessed with|crazy about|mad about|passionate about)|"
              r"\bich liebe|\bich bin (?:ein )?(?:gro(?:ß|ss)er )?fan von|\bj'?adore|\bj'?kiffe|\bje kiffe|\bje raffole d[e']|"
              r"\bme (?:encanta|fascina|flipa|chifla)n?|\b(?:yo |eu |io )?(?:amo|adoro)|\bsou (?:louc[oa]|fã) (?:por|de)|\bsono pazz[oa] per"),
    ("likes", r"\bi (?:really |quite |do |also |genuinely )?(?:like|enjoy|dig)|\bich mag(?! kein| weder)|"
              r"\bich (?:esse|ess|trinke|trink|höre|hör|lese|les|schaue|schau|sehe) (?:sehr |total |voll )?gerne?\b|"
              r"\bj'?aime(?: bien| beaucoup| trop)?(?! pas)|\bme gusta(?:n)?(?: mucho| un mont[óo]n)?|\bme mola(?:n)?|"
              r"\b(?:eu )?gosto (?:muito |mt |mto |bastante |demais )?de|\b(?:eu )?curto|"
              r"\bmi piac(?:e|ciono)(?: molto| tanto| un sacco| da morire)?"),
]
ANY_VERB = re.compile("|".join(f"(?:{p})" for _, p in VERBS).replace("^\\W*", r"(?<=\s)"), re.I)  # a second verb of taste




CATEGORY = {  # what a favourite is of, in six languages (and German compounds) -> the English word of the fact
    "food": r"food|meal|essen|comida|nourriture|bouffe|cibo|rango", "dish": r"dish|plat|gericht|plato|prato|piatto",
    "band": r"band|group|groupe|grupo|gruppo", "music": r"music|musik|musique|m[úu]sica", "singer": r"singer|s[äa]nger(?:in)?|"
    r"chanteu(?:r|se)|cantante|cantor[a]?", "song": r"song|lied|chanson|canci[óo]n|can[çc][ãa]o|canzone", "film": r"film|movie|"
    r"pel[íi]cula|filme", "tv series": r"series|show|tv show|serie|s[ée]rie|serie tv|sendung", "book": r"book|buch|livre|libro|livro",
    "author": r"author|writer|autor(?:in)?|auteure?|autore|escritor(?:a)?|scrittore|scrittrice|schriftsteller(?:in)?|[ée]crivaine?",
    "colour": r"colou?r|farbe|couleur|cor|colore", "team": r"team|verein|mannschaft|[ée]quipe|equipo|time|squadra|club",
    "sport": r"sport|sports|deporte|esporte|desporto", "drink": r"drink|getr[äa]nk|boisson|bebida|bevanda",
    "city": r"city|stadt|ville|ciudad|cidade|citt[àa]", "game": r"game|spiel|jeu|juego|jogo|gioco", "artist": r"artist|k[üu]nstler(?:in)?|artiste|artista",
    "restaurant": r"restaurant|restaurante|ristorante|lokal", "fruit": r"fruit|obst|frucht|fruta|frutto", "dessert": r"dessert|nachtisch|postre|sobremesa|dolce",
}
FAV_OF = r"[\w-]+(?: [\w-]+)?"
FAVOURITE = (  # group 'what' the category, group 'value' the favourite (said after it, or before it: 'X is my favourite food')
    rf"\b(?:my |our )?(?:all[- ]time |absolute |very )?(?:favou?rite|fave|fav|fav'?) (?P<what>{FAV_OF}?)(?: in the (?:whole )?world| of all time| ever)?"
    rf"\s*(?:is|are|has to be|would be|'s|:)\s+(?:probably |definitely |easily |still |hands down )?(?P<value>[^,.;!?]+)|"
    rf"\b(?:mein(?:e|en)? |^\W*)lieblings(?P<what2>\w+)\s*(?:ist|sind|war|:)\s+(?:(?:definitiv|eindeutig|immer noch) )?(?P<value2>[^,.;!?]+)|"
    rf"\b(?:mon|ma|mes) (?P<what3>{FAV_OF}?) (?:pr[ée]f[ée]r[ée]e?s?|favorie?s?) (?:est|c'est|sont|ce sont|:)\s+(?P<value3>[^,.;!?]+)|"
    rf"\b(?:mi|mis) (?P<what4>{FAV_OF}?) (?:favorit[oa]s?|preferid[oa]s?) (?:es|son|:)\s+(?P<value4>[^,.;!?]+)|"
    rf"\b(?:o |a )?(?:meu|minha|meus|minhas) (?P<what5>{FAV_OF}?) (?:favorit[oa]s?|preferid[oa]s?) (?:[ée]|s[ãa]o|:)\s+(?P<value5>[^,.;!?]+)|"
    rf"\b(?:il mio|la mia|i miei|le mie) (?P<what6>{FAV_OF}?) (?:preferit[oa]|preferit[ie]) (?:[èée]|xe|sono|:)\s+(?P<value6>[^,.;!?]+)|"
    rf"(?:^|[,;]\s*)(?P<value7>[^,.;!?]{{2,40}}?),? (?:is|are|ist|sind|est|c'est|es|son|[ée]|s[ãa]o|[èe]|xe) (?:definitely |totally |easily )?"
    rf"(?:my (?:all-time )?favou?rite (?P<what7>{FAV_OF}?)|mein(?:e|en)? lieblings(?P<what8>\w+)|(?:mon|ma|mi|a minha|o meu|minha|meu|"
    rf"il mio|la mia|il|la) (?P<what9>{FAV_OF}?) (?:pr[ée]f[ée]r[ée]e?|favorit[oa]|preferit[oa]|preferid[oa]))\b")
FAV_FILLER = (r"(?:\s+(?:no contest|hands down|by far|obviously|of course|for sure|probably|definitely|clairement|évidemment|bien s[ûu]r|"
              r"obvio|claro|sin duda|[óo]bvio|com certeza|ovviamente|sicuramente|safe|sicher|nat[üu]rlich|lol|haha\w*|kk+|rs+|jaja\w*|"
              r"ahah\w*|btw|tbh|xd|[\U0001F300-\U0001FAFF\u2600-\u27BF]+))+$")


def category(said: str) -> str:
    """The English word for what a favourite is of ('plat' -> dish, 'Lieblingsserie' -> tv series); else as said."""
    said = said.lower().strip()
    return next((k for k, v in CATEGORY.items() if rx.fullmatch(rf"(?:{v})s?", said)), said)


def found_favourite(s: str) -> list[Found]:
    """'My favourite colour is green', 'Mein Lieblingsessen sind Kässpätzle', 'lieblingsserie: dark', 'Mon plat préféré
    c'est la fondue', 'meu autor favorito é o Saramago', 'Eu amo pão de queijo, é minha comida favorita' ->
    preference:<what, in English> = the favourite as said, without its article or a filler ('no contest', 'kkkk')."""
    m = rx.search(FAVOURITE, s, re.I)
    if not m or rx.search(r"\b(?:what'?s|what is|was ist|quel(?:le)? est|cu[áa]l es|qual [ée]|qual [èe]|which)\b", s[:m.start() + 1], re.I):
        return []
    what, value = [g for g in m.groups() if g][:2] if not m.group("value7") else (m.group("what7") or m.group("what8") or m.group("what9"), m.group("value7"))
    if m.group("value7") and (verb := rx.search("|".join(p for v, p in VERBS if v in ("loves", "likes")), value, re.I)):
        value = value[verb.end():]  # 'Eu amo pão de queijo, é minha comida favorita'
    value = rx.sub(FAV_FILLER, "", rx.split(r"\s+(?:but|aber|mais|pero|mas|ma|because|weil|parce|porque|perch[ée])\b", value, maxsplit=1, flags=re.I)[0].strip(), flags=re.I)
    value = rx.sub(r"^(?:(?:the|a|an|my|our|der|die|das|le|la|les|l'|el|los|las|o|os|a|as|il|lo|i|gli|un|une|una|um|uma)\s+|l')+", "", value, flags=re.I).strip()
    what = category(what)
    if not value or not what or len(value.split()) > 6 or rx.match(r"(?:it|that|this|das|ça|eso|isso|questo)\b", value, re.I):
        return []
    return [(f"preference:{what}", value, f"The user's favourite {what} is {value}.")]


def found_preference(s: str) -> list[Found]:
    """Every taste the sentence states: seats and classes first, then each first-person verb of liking or
    disliking with its object (a span read by a negated verb is not read again as a like: 'no me gusta')."""
    if (seat := found_seat(s)):
        return seat
    out: list[Found] = found_favourite(s)
    if (de := rx.search(r"\bich mag (?:die |den |das )?([\w-]+(?: [\w-]+)?) (?:gar |überhaupt )?nicht\b", s, re.I)):
        out += said_as("dislikes", de.group(1))
    taken = [de.span()] if de else []
    for verb, pattern in VERBS:
        if any(f[1].startswith(("likes ", "dislikes ")) or f[2].startswith("The user prefers") for f in out):
            break  # one verb of taste per sentence: 'no me gusta X, prefiero Y' says one taste twice
        pos = 0
        while (m := re.compile(rf"(?:{pattern})(?:\s+|(?<=')|(?<=’))(.+)", re.I).search(s, pos)):
            pos = m.start(1)  # the next verb may be in this one's object: 'Detesto X e não gosto nada de Y'
            if any(a < m.end(1) and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.start(1)))
            obj = m.group(1)
            if (nxt := ANY_VERB.search(obj, 1)):
                obj = rx.sub(r"\s+(?:and|e|y|et|und|but|ma|mais|pero|mas|aber)\s*$", "", obj[:nxt.start()], flags=re.I)
            found = said_as(verb, obj)
            if found and (thing := next((k for k, v in SEATS.items() if rx.search(v, m.group(1), re.I)), None)):
                found = [(f"preference:{thing}", f"prefers {thing}" if verb == "prefers" else thing, f"The user {verb} {thing}.")]
            if verb == "dislikes" and found and find("seat", clean(m.group(1)), typos=False):
                found, _ = [], taken.pop()  # 'não curto corredor': a seat not wanted is no taste; the one wanted is read
            out += found
    out += found_object_first(s)
    seen: list[str] = []
    return [f for f in out if not (f[0] in seen or seen.append(f[0]))]

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
from course_lib.model.offline.lang.concepts import canon, find
from course_lib.model.offline.lang.slots_seats import SEATS, found_seat
from course_lib.model.offline.lang.wording import english

Found = tuple[str, str, str]
NN = r"(?:non|nn|no|n[ãa]o|nao)"
VERBS = [  # (first-person verb, what the fact says); a negated like comes before the like
    ("dislikes", r"^\W*(?:really |honestly |absolutely )?(?:hate|detest|loathe|can'?t stand|cannot stand|cant stand)\b|"  # 'I' left out
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
    ("loves", r"^\W*(?:really |absolutely |totally )?(?:love|adore)\b|\bi (?:really |absolutely |just |totally |do )?(?:love|adore)|\b(?:i'?m|i am) (?:a )?(?:big |huge |massive )?fan of|"
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
NOT_OBJECT = (r"(?:it|that|this|those|these|them|you|to|when|how|what|if|because|being|the fact|it'?s|que|qu'|ce|ça|ca|cela|lo|eso|esto|"
              r"isso|isto|ciò|quello|questo|es|das|dass|wenn|wie|was|when|the way|la idea|l'idée|l'idea|a ideia|nada|rien|niente|nothing|not|nicht|pas|pa|na|"
              r"idea|id[ée]e|ideia|gedanke|vorstellung|thought|"  # 'I love the idea of …' is no taste
              r"spend|go|do|be|keep|get|pay|take|wait|ask|have|make|see|try|know|say|think|leave|come|put|give|let|use|help|hear|"
              r"tell|find|start|stop|avoid|skip|book|buy|send|bring|move|pick|eat out|ir|aller|andare|gehen|salir|sair|uscire)\b")  # 'I'd rather spend …': a wish, no taste
END = (r"\s*(?:[,.;:!?()]|\s-\s|—|–|$|\s(?:kk+|rs+|lol|haha\w*|jaja\w*|ahah\w*|mdr|xd)\b|\s(?:but|because|cause|cuz|since|when|if|so|though|tho|although|as|after|before|while|which|"
       r"especially|like|aber|weil|wenn|denn|also|obwohl|besonders|mais|parce|quand|si|puisque|donc|surtout|genre|comme|apr[èe]s|avant|"
       r"pero|porque|cuando|aunque|sobre todo|as[ií] que|despu[ée]s|antes|como|mas|quando|embora|principalmente|depois|"
       r"ent[ãa]o|tipo|ma|perch[ée]|quindi|soprattutto|dopo|prima|anche se|at|on|in|for|during|every|with my|im|am|beim|zum|à|au|"
       r"pendant|tous|toutes|en|durante|todos|todas|nos|nas|no|na|em|ao|aos|nel|nella|nei|ogni|tutti|tutte|da|dal|"
       r"with|mit|to|over|than|rather than|instead of|statt|anstatt|als|plut[ôo]t que|que|m[áa]s que|en vez de|do que|em vez de|invece di|"
       r"piuttosto che|rispetto a)\b)")
LEAD = (r"^(?:(?:is|are|es|son|[ée]|s[ãa]o|[èe]|sono|c'est|ce sont|ist|sind|pa'? na|du coup|so|and|but|pis|bref|donc|ent[ãa]o|entonces|pues|quindi|allora|tipo|also|und|aber|really|so|very|much|quite|all|any|some|of|the|a|an|nada|nada de|para nada|mt|mto|muito|muitas?|bastante|tanto|"
        r"un sacco|molto|tantissimo|beaucoup|vraiment|trop|sehr|total|voll|echt|halt|immer|auch|also|too|aussi|también|também|"
        r"anche|de|d'|du|des|de la|de l'|di|del|della|dei|delle|degli|le|la|les|l'|el|los|las|lo|il|i|gli|o|os|as|a|um|uma|"
        r"un|une|una|uno|un'|die|der|das|den|dem|ein|eine|einen)\s+|l'|d'|un')+")
TAIL = (r"(?:\s+(?:so much|a lot|loads|like crazy|too|as well|also|really|honestly|anyway|though|tho|tbh|btw|fyi|imo|lol|haha\w*|kk+|rs+|xd|"
        r"g[üu]e?y|wey|t[íi][oa]|mec|alter|dude|bro|bolud[oa]|ragazzi|frate|"  # a word of address: 'no aguanto el picante güey'
        r"s+o+ sehr|sehr|total|echt|auch|beaucoup|trop|à mort|aussi|mucho|un mont[óo]n|pa(?:ra)? na(?:da)?|tambi[ée]n|de verdad|"
        r"muito|mt|demais|pra caramba|mesmo|tamb[ée]m|molto|tanto|un sacco|da morire|proprio|anche|davvero|sa+fe?|"
        r"[\U0001F300-\U0001FAFF\u2600-\u27BF]+))+$")
CUISINE = {  # a national cuisine named in any of the six languages -> '<Nationality> food'
    "Italian": r"italian[ao]?|italienn?e|italienisch\w*", "Japanese": r"japanese|japon[ée]s[ae]?|japonaise?|giapponese|japanisch\w*",
    "Korean": r"korean|coreana?|cor[ée]enne|koreanisch\w*", "Thai": r"thai|tailandesa?|tha[iï]landaise?|thail[äa]ndisch\w*|tailandese",
    "Chinese": r"chinese|chin[ea]sa?|chinoise|cinese|chinesisch\w*", "Indian": r"indian|indiana?|indienne|indisch\w*",
    "Mexican": r"mexican|mexicana?|mexicaine|messicana|mexikanisch\w*", "French": r"french|francesa|fran[çc]aise|francese|franz[öo]sisch\w*",
    "Spanish": r"spanish|espa[ñn]ola|espagnole|spagnola|spanisch\w*", "Greek": r"greek|griega|grecque|grega|greca|griechisch\w*",
    "Vietnamese": r"vietnamese|vietnamita|vietnamienne|vietnamesisch\w*", "Lebanese": r"lebanese|libanesa|libanaise|libanese|libanesisch\w*",
    "Turkish": r"turkish|turca|turque|t[üu]rkisch\w*", "Portuguese": r"portuguese|portuguesa|portugaise|portoghese|portugiesisch\w*",
    "Brazilian": r"brazilian|brasile[ñn]a|brasileira|br[ée]silienne|brasiliana|brasilianisch\w*",
    "Peruvian": r"peruvian|peruana|p[ée]ruvienne|peruviana|peruanisch\w*", "Ethiopian": r"ethiopian|et[ií]ope|[ée]thiopienne|etiope",
}
PAIRS = {"fish and chips", "mac and cheese", "salt and pepper", "rock and roll", "drum and bass", "bed and breakfast",
         "sweet and sour", "bread and butter", "peanut butter and jelly", "arroz con pollo", "cheese and wine"}  # one thing, not a list
DISH = r"(?:food|cuisine|cooking|comida|cocina|culin[áa]ria|cozinha|cucina|cibo|k[üu]che|essen|gerichte|plats|piatti|platos|pratos)"


def cuisine(thing: str) -> str | None:
    """'la cuisine italienne', 'comida japonesa', 'italienisches Essen', 'Thai food' -> 'Italian food' …"""
    for name, said in CUISINE.items():
        if rx.fullmatch(rf"(?:{DISH}\s+(?:{said})|(?:{said})\s+{DISH})", thing, re.I):
            return f"{name} food"
    return None


def clean(obj: str) -> str:
    """The object up to where something else starts, without its articles, intensifiers and fillers."""
    obj = rx.split(END, " " + obj, maxsplit=1, flags=re.I)[0].strip()
    for _ in range(3):
        obj = rx.sub(LEAD, "", obj.strip(), flags=re.I)
        obj = rx.sub(TAIL, "", obj.strip(), flags=re.I).strip(" '’\"")
    return obj


OVER = (r"\s+(?:to|over|rather than|instead of|more than|plut[ôo]t que|au lieu d[ue]|aux?|à la|à l'|en vez de|m[áa]s que|antes que|al|a la|"
        r"em vez de|mais do que|do que|ao|à|invece d[ei]|piuttosto che|pi[ùu] che|rispetto a|alla|al|als|statt|anstatt)\s+")


def over(obj: str) -> Found | None:
    """'I prefer e-mail to phone calls', 'ich trinke lieber Tee als Kaffee', 'prefiero el tren al avión': both sides kept,
    value 'X over Y'; None when the object names no second thing ('I prefer to walk')."""
    head = rx.split(r"\s*(?:[,.;:!?()]|\s(?:but|because|since|aber|weil|mais|parce|pero|porque|mas|ma|perch[ée]|so|if)\b)", obj, maxsplit=1)[0]
    m = rx.match(rf"(?P<a>.+?)(?P<to>{OVER})(?P<b>.+)$", head, re.I)
    if not m or rx.fullmatch(r"\s*(?:to|aux?|à(?: la| l')?|al|ao|alla)\s*", m.group("to"), re.I) and rx.match(r"[A-Z0-9]", m.group("b")):
        return None  # 'I'd prefer the early train to Paris', 'je préfère le train à 8h': a place or a time, not a second choice
    a, b = (clean(m.group(g)) for g in "ab")
    if not a or not b or rx.match(NOT_OBJECT, a, re.I) or rx.match(NOT_OBJECT, b, re.I) or len(a.split()) > 3 or len(b.split()) > 3:
        return None
    a, b = (canon("food", x) or x.lower() for x in (a, b))
    return (f"preference:{a}", f"{a} over {b}", f"The user prefers {a} to {b}.")


def said_as(verb: str, obj: str) -> list[Found]:
    """The facts one verb and its object state: one per item of a short list ('Thai food and jazz')."""
    if verb == "prefers" and (both := over(obj)):
        return [both]
    thing = clean(obj)
    if not thing or rx.match(NOT_OBJECT, thing, re.I) or len(thing.split()) > 5:
        return []
    if verb == "prefers":  # 'prefiero X al Y', 'préfère X à Y', 'preferisco X alla Y': the second is what is not preferred
        thing = rx.split(r"\s(?:al|a la|a los|a las|ao|aos|à|às|au|aux|alla|allo|alle|ai|agli)\s", thing, maxsplit=1)[0]
        thing = rx.sub(r"^(?:sit|stay|eat|be) (?=\w)", "", thing)  # "I'd rather sit outdoors" -> outdoors (a seat: values.py)
        thing = rx.sub(r"^(?:somewhere|someplace|some place|anywhere) (\w+)$", r"\1 places", thing)  # 'somewhere quiet'
    thing = cuisine(thing) or english(thing) or thing  # 'comida japonesa' -> Japanese food, 'restaurantes tranquilos' -> quiet restaurants
    items = [p for p in rx.split(r",\s*|\s+(?:and|or|nor|und|oder|noch|et|ou|ni|y|o|e|nem|n[ée])\s+", thing) if p.strip()]  # 'ni le fenouil'
    if verb != "prefers" and len(items) > 1 and all(len(p.split()) <= 3 for p in items) and thing.lower() not in PAIRS and not find("food", thing)[:1] == [(0, thing)]:
        things = [clean(p) for p in items]
    else:
        things = [thing]
    out = []
    for t in things:
        if not t or rx.match(NOT_OBJECT, t, re.I):
            continue
        t = t if rx.search(r"[A-Z].*[A-Z]|^[A-Z][a-z]+ [A-Z]", t) or cuisine(t) else t.lower()  # 'Alabama Shakes', 'Italian food' keep capitals
        value = ("" if verb == "prefers" else "dislikes " if verb == "dislikes" else "likes ") + t  # 'prefers X' is in the text
        out.append((f"preference:{t.lower()}", value, f"The user {verb} {t}."))
    return out


FIRST = re.compile(  # the object first: 'la morcilla no la soporto', 'il tè non lo reggo', 'Oliven mag ich nicht'
    rf"(?:^|[,;]\s*|\b(?:but|pero|mas|ma|mais|aber|e|y|und|et)\s+)(?P<obj>(?:(?:el|la|los|las|il|lo|i|gli|le|les|o|a|os|as|die|der|das)\s+|l['’]\s*)"
    rf"[^\W\d][\w'’-]*(?: [\w'’-]+){{0,2}}),?\s+(?:(?:{NN}|ne|n')\s*(?:lo|la|los|las|li|le|les|l'|o|a|os|as)\s*"
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
        if find("food", m.group("obj"), typos=False) or find("hobby", m.group("obj"), typos=False):
            out += said_as("dislikes", m.group("obj"))
    for m in CLEFT.finditer(s):
        if find("food", m.group("obj"), typos=False) or find("hobby", m.group("obj"), typos=False):  # a thing the lexicon knows
            out += said_as("dislikes" if m.group("hate") else "likes", m.group("obj"))
    for m in MY_THING.finditer(s):
        negated = any(m.group(g) for g in ("n1", "n2", "n3", "n4", "n5", "n6"))
        out += said_as("dislikes" if negated else "likes", m.group("obj"))
    return out


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
            out += found
    out += found_object_first(s)
    seen: list[str] = []
    return [f for f in out if not (f[0] in seen or seen.append(f[0]))]

"""The object of a verb of taste, cut and worded: where it ends, what is dropped before and after it, a national
cuisine or a kind of thing named in English, and the facts one verb and its object state ('likes X', 'dislikes X',
'X over Y'). Used by slots_likes (verb first) and slots_likes_first (object first).

    said_as('dislikes', 'les champignons, sous toutes leurs formes') -> preference:mushrooms 'dislikes mushrooms'
    said_as('likes', 'la comida japonesa sobre todo el ramen')        -> preference:japanese food 'likes Japanese food'
    said_as('prefers', 'la montagna al mare')                          -> preference:mountains 'mountains over the sea'
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import canon, exact, find
from course_lib.model.offline.lang.wording import english

Found = tuple[str, str, str]
NN = r"(?:non|nn|no|n[ãa]o|nao)"
NOT_OBJECT = (r"(?:it|that|this|those|these|them|you|to|when|how|what|if|because|being|the fact|it'?s|que|qu'|ce|ça|ca|cela|lo|eso|esto|"
              r"isso|isto|ciò|quello|questo|es|das|dass|wenn|wie|was|when|the way|la idea|l'idée|l'idea|a ideia|nada|rien|niente|nothing|not|nicht|pas|pa|na|"
              r"idea|id[ée]e|ideia|gedanke|vorstellung|thought|"
              r"taste|texture|smell|go[ûu]t|odeur|sabor|olor|gosto|cheiro|gusto|sapore|odore|geschmack|geruch|textur[ae]?|"  # 'pas le goût': of what was named  # 'I love the idea of …' is no taste
              r"spend|go|do|be|keep|get|pay|take|wait|ask|have|make|see|try|know|say|think|leave|come|put|give|let|use|help|hear|"
              r"tell|find|start|stop|avoid|skip|book|buy|send|bring|move|pick|eat out|ir|aller|andare|gehen|salir|sair|uscire)\b")  # 'I'd rather spend …': a wish, no taste
END = (r"\s*(?:[,.;:!?()]|\s-\s|—|–|$|\s(?:kk+|rs+|lol|haha\w*|jaja\w*|ahah\w*|mdr|xd)\b|\s(?:but|because|cause|cuz|since|when|if|so|though|tho|although|as|after|before|while|which|"
       r"especially|like|aber|weil|wenn|denn|also|obwohl|besonders|mais|parce|quand|si|puisque|donc|surtout|genre|comme|apr[èe]s|avant|"
       r"pero|però|porque|cuando|aunque|sobre todo|as[ií] que|despu[ée]s|antes|como|mas|quando|embora|principalmente|depois|"
       r"ent[ãa]o|tipo|ma|perch[ée]|quindi|soprattutto|dopo|prima|anche se|at|on|in|for|during|every|with my|im|am|beim|zum|à|au|"
       r"pendant|tous|toutes|en|durante|todos|todas|nos|nas|no|na|em|ao|aos|nel|nella|nei|ogni|tutti|tutte|da|dal|"
       r"with|mit|to|over|than|rather than|instead of|statt|anstatt|als|plut[ôo]t que|que|m[áa]s que|en vez de|do que|em vez de|invece di|"
       r"piuttosto che|rispetto a)\b)")
LEAD = (r"^(?:(?:du tout|pas du tout|at all|always|sempre|siempre|toujours|immer|is|are|es|son|[ée]|s[ãa]o|[èe]|sono|c'est|ce sont|ist|sind|pa'? na|du coup|so|and|but|pis|bref|donc|ent[ãa]o|entonces|pues|quindi|allora|tipo|also|und|aber|really|so|very|much|quite|all|any|some|of|the|a|an|nada|nada de|para nada|mt|mto|muito|muitas?|bastante|tanto|"
        r"un sacco|molto|tantissimo|beaucoup|vraiment|trop|sehr|total|voll|echt|halt|immer|auch|also|too|aussi|también|também|"
        r"anche|de|d'|du|des|de la|de l'|di|del|della|dei|delle|degli|le|la|les|l'|el|los|las|lo|il|i|gli|o|os|as|a|um|uma|"
        r"un|une|una|uno|un'|die|der|das|den|dem|ein|eine|einen)\s+|l'|d'|un')+")
TAIL = (r"(?:\s+(?:at all|like at all|du tout|per niente|affatto|so much|a lot|loads|like crazy|too|as well|also|really|honestly|anyway|though|tho|tbh|btw|fyi|imo|lol|haha\w*|kk+|rs+|xd|"
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
    thing = cuisine(thing) or english(thing) or exact("taste", thing) or thing  # 'comida japonesa' -> Japanese food, 'restaurantes tranquilos' -> quiet restaurants
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


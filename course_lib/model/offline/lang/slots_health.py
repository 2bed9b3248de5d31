"""Slots about food and health: diet, allergies, intolerances, foods avoided (conditions, mobility and medication:
slots_conditions.py).

Allergies and intolerances carry what they are to in the slot ("allergy:peanuts"), so two coexist; a list
("nuts and also shellfish") gives one fact per item. A negated statement is a retraction, returned with the
slot "retract" and the value it takes back ("allergic to shellfish").
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import find, spans
from course_lib.model.offline.lang.lexicon import DIETS, EATS_MEAT, FISH_AGAIN, NO_MEAT, alternation, canonical
from course_lib.model.offline.lang.slots_conditions import QUALIFIERS, WITHOUT, found_condition, someone_elses
from course_lib.model.offline.lang.slots_food import read_food

Found = tuple[str, str, str]
DIET = alternation(DIETS)
NEGATED = r"(?:not|no longer|n't|nicht(?: mehr)?|nimmer|ned|kein\w*|ne suis (?:pas|plus)|(?:je |j['’]?)suis pas|chu pas|n'est plus|ya no|no soy|no estoy|n[ãa]o sou|" \
          r"j[áa] n[ãa]o|non sono|non più|nie|stopped being|quit being|gave up being|no more|arrêté d'être|dej[ée] de ser|" \
          r"deixei de ser|smesso di essere|non \w+ più|ne \w+ plus|no \w+ más|n[ãa]o \w+ mais|(?:je|j'|chu|chui|jsuis) (?:suis )?plus|chui pas)"
LIST_SPLIT = r"\s*(?:,|\band(?: also)?(?: to)?\b|\bor\b|\bas well as\b|\bund(?: auch)?(?: gegen)?\b|\bet(?: aussi)?(?: aux?| à)?\b|" \
             r"\by(?: también)?(?: a(?: los| las| la| el)?)?\b|\be(?: também)?(?: a| ao| aos| à| às)?\b|\be anche(?: a| al| alle| ai)?\b)\s*"
ARTICLES = r"^(?:to|the|a|an|some|any|both|either|gegen|auf|uf|les|le|la|l'|des|du|de la|de|aux|au|à|los|las|el|al|a los|a las|a la|" \
           r"o|os|as|ao|aos|à|às|il|lo|gli|le|i|alle|al|ai|agli|allo)\s+"
ADVERB = r"^(?:really |very |so |well |bien |muy bien |bem |muito bem |bene |molto bene |gut |so gut |tr[eè]s bien |mal |male )+"
GONE = (r"(?:is |has |have |are )?(?:gone|went away|disappeared|cleared up|over|outgrown)|(?:ist |sind )?(?:weg|vorbei|verschwunden)|"
        r"(?:c'est |est )?(?:fini|finie|partie|pass[ée]e|disparue?)|(?:se (?:me )?)?(?:fue|quit[óo]|pas[óo]|desapareci[óo])|"
        r"sumiu|desapareceu|passou|acabou|(?:[èe] )?(?:sparit[ao]|passat[ao]|finit[ao])")
NO_MORE = (r"\b(?:no more|no longer any|not any more|plus d[e']|plus aucune?|keine? (?:\w+ )?mehr|ya no tengo|no tengo m[áa]s|"
           r"n[ãa]o tenho mais|j[áa] n[ãa]o tenho|non ho pi[ùu](?: nessun\w*)?|nessun\w* (?:\w+ )?pi[ùu])(?:\s+|(?<=['’]))(?:l'|la |o |a |ningún |nenhum |any |)"
           r"(?:allerg\w*|alerg\w*|symptoms?|sympt[ôo]mes?|s[íi]ntomas?|sintom[oi]|beschwerden|reaction|r[ée]action|reacci[óo]n|rea[çc][ãa]o|reazion[ei])\b")
# A list of allergens stops here; fillers ("lol", "btw") do not stop it: values.py cuts them from each item.
STOP = r"(?:[.!;:(]| any ?more\b| (?:very |so |that |too )?well\b| anymore\b| mehr\b| plus\b|, (?:so|which|but|and i|it|i)\b| so\b| which\b| but\b| since\b| though\b| too\b| as well\b| actually\b|" \
       rf" now\b| since\b| (?:{GONE})\b| after all\b| and (?:i|my)\b| mais\b| aber\b| pero\b| mas\b| ma\b| seit\b| depuis\b| desde\b| da\b|" \
       r" en plus\b| (?:comunque|cmq|purtroppo|anyway|anyways|así|assim|quand m[êe]me|trotzdem|übrigens)\b|" \
       r"(?: (?:and|e|y|et|und))?(?: (?:also|encima|adem[áa]s|auch|aussi|pure|anche|inoltre|tamb[ée]m|tambi[ée]n))? (?:intol[ée]ran\w*|intoll?erant\w*|al[ée]rgic\w*|allergi\w*)\b| (?:pour|por|para|x|per) (?:si|les|le|la|el|los|las|il|i|mes|mis|meus|miei|when|quand|cuando|quando)\b|" \
       r",\s*\w+(?:ment|mente|ly)\b| (?:because|cuz|cause|weil|parce|porque|pq|perch[ée]|quindi|donc)\b| (?:if|que|qui|che)\b|" \
       r"[\U0001F300-\U0001FAFF\u2600-\u27BF]|$)"
ALLERGIC = r"(?:allergic|alergic|allergisch|allergique|al[ée]rgic[oa]|allergic[oa]|alérgic[oa])"
LACTOSE = r"lactose|laktose|lactosa|lattosio"
OBJ = r"([^,.;!?]+)"
SUBJ = r"^([^.;!?]*?)\s*\b"
REACTS_TO = re.compile(  # the user reacts to what follows the verb, per language
    rf"\b(?:react(?:ed)?|reagiere|r[ée]agis|reacciono|reajo|reagisco)\s+(?:very |really |quite |sehr |tr[eè]s |muy |muito |molto )?"
    rf"(?:badly|poorly|strongly|allergically|schlecht|stark|empfindlich|mal|male|fortement|forte)\s+(?:(?:to|on|auf|aux|au|alle|alla|ai|al|a la|aos|ao|à|a)\b)?\s*{OBJ}"
    rf"|\bi (?:get|break out in) (?:hives|a rash|spots|eczema) (?:from|after eating|when i eat)\s+{OBJ}"
    rf"|\bvon {OBJ} (?:bekomme|kriege) ich (?:Ausschlag|Nesselsucht|Quaddeln|Pickel)", re.I)
REACTS_FROM = re.compile(  # what comes before the verb makes the user ill, per language
    rf"{SUBJ}(?:(?:makes?|made) me (?:really |very |so )?(?:ill|sick|swell(?: up)?|itch(?:y)?|break out|throw up|vomit)"
    rf"|(?:gives?|gave) me (?:hives|a rash|spots|eczema|an? (?:allergic )?reaction)|mach(?:t|en) mich krank"
    rf"|me rend(?:ent)? malade|me donne(?:nt)? (?:de l'urticaire|des boutons|de l'ecz[ée]ma)"
    rf"|me (?:sienta(?:n)? mal|pone(?:n)? enferm[oa]|hace(?:n)? daño|da(?:n)? (?:urticaria|alergia))"
    rf"|me faz(?:em)? mal|faz(?:em)?-me mal|me deixa(?:m)? doente|me d[áa]o? (?:urtic[áa]ria|alergia)"
    rf"|mi (?:fa(?:nno)? (?:stare )?male|rende(?:no)? malat[oa]|d[àa](?:nno)? (?:l'orticaria|allergia)))\b", re.I)
PLEASE = r"\s*\b(?:please|bitte|s'il (?:te|vous) pla[iî]t|por favor|per favore)\b"
PRONOUN = r"darauf|drauf|davon|dagegen|it|that|this|they|them|those|these|ils|elles|ellos|ellas|eles|elas|loro|es|das|ihn|sie|ça|ca|cela|le|la|les|en|y|lo|los|las|eso|esto|isso|isto|o|a|os|as|ciò|questo|quello|li"
ANTECEDENT = re.compile(r"(?:\b(?:careful with|watch out (?:for|with)|avoid|no|keep|vorsicht mit|vorsicht bei|kein\w*|attention (?:au|aux|à la|à|avec)|"
                        r"pas de|cuidado con(?: el| la| los| las)?|nada de|cuidado com(?: o| a| os| as)?|attenzione (?:a|al|alla|ai|alle|con))\s+|^\W*)"
                        r"([\w' -]+?)\s*(?:[,:?!-]|\baway\b)", re.I)
NOT_FOOD = r"stress|traffic|work|heat|the heat|the sun|sun|boats?|cars?|buses|planes?|travel|people|noise|crowds|it all|everything"


def items(text: str) -> list[str]:
    """'nuts and also to shellfish' -> ['nuts', 'shellfish']: a list split into its items, articles dropped."""
    text = rx.split(STOP, " " + text, maxsplit=1, flags=re.I)[0].strip()  # 'allergique depuis toujours': nothing
    out = []
    pieces = rx.split(f"({LIST_SPLIT})", text, flags=re.I)
    for sep, part in zip([""] + pieces[1::2], pieces[::2]):
        if rx.match(r"\s*(?:not?|nicht|kein\w*|pas|non|n[ãa]o|nn)\b", part, re.I):
            break  # 'al melocotón, no al kiwi': what follows is denied
        if sep.strip() == "," and part.strip() and not find("food", part) and not find("medication", part):
            break  # after a comma only a thing the lexicon knows goes on the list ('sulfitos, irónico no' ends at the comma)
        part = rx.sub(ADVERB, "", rx.sub(ARTICLES, "", part.strip().lower()).strip(" '’"))
        part = rx.sub(ARTICLES, "", part).strip()
        if len(part.split()) > 3:  # a clause, not an item: the list ended before it ('… lattosio e il coriandolo nn lo
            known = spans("food", part, typos=False) or spans("medication", part, typos=False)  # sopporto, sa di …'), unless
            if known and known[0][0] == 0:  # it starts with a thing the lexicon knows: 'al polen que me está matando',
                out.append(" ".join(rx.findall(r"[\w'’-]+", part)[:known[0][1]]))  # 'penicillin if that matters'
            break
        if part and not rx.fullmatch(r"(?:it|that|this|them|everything|anything)", part):
            out.append(part)
    return out


DISHES = (r"(?:restaurants?|recipes?|options?|food|meals?|dishes?|menus?|places?|caf[ée]s?|proteins?|powders?|cheeses?|burgers?|"
          r"alternatives?|versions?|products?|cookbooks?|ideas?|snacks?|brands?|spots?|baker(?:y|ies)|shops?|rezept\w*|restaurant\w*|gericht\w*|optionen|produkte|"
          r"recettes?|plats?|id[ée]es|recetas?|platos?|opciones|comida|receitas?|pratos?|op[çc][õo]es|ricette?|piatti?|opzioni|"
          r"ristoranti?|cibo|prodotti|productos|produtos|produits|bread|pan|pain|p[ãa]o|pane|brot|beers?|cervezas?|bi[èe]res?|birra|bier|cervejas?)\b")  # 'good vegan protein powders', 'ricette vegane': no diet
DOING = r"i'?m (?:doing|on|following|trying)|i(?:'ve| have)? started|j'ai (?:commencé|attaqué)|empec[ée]|comec?cei|ho (?:iniziato|cominciato)|ich (?:habe|hab) mit|(?:estou|tô|to) (?:fazendo|a fazer)|fa[çc]o|estoy (?:haciendo|a)|hago|sto facendo|faccio|je fais|ich mache"
FISH_OK = (r"\b(?:fish (?:is )?(?:fine|ok|okay)|(?:i )?(?:do )?eat fish|fisch (?:geht|ja|schon|esse ich)|je mange (?:du )?poisson|"
           r"le poisson (?:ça va|oui)|como pescado|el pescado s[ií]|como peixe|peixe sim|mangio (?:il )?pesce|il pesce s[ìi])"
           # or fish after a 'but', 'only', 'rather' with no one else and no negation between: 'mas peixe eu como', 'ich eher Fisch'
           r"|\b(?:but|except|only|just|rather|though|aber|au[sß]er|nur|eher|mais|sauf|juste|plut[ôo]t|pero|excepto|salvo|s[óo]lo|"
           r"mas|exceto|s[óo]|ma|tranne|eccetto|solo|piuttosto)\b(?:\W+(?!(?:my|his|her|our|their|he|she|they|mein\w*|sein\w*|ihr\w*|er|sie|"
           r"mon|ma|mes|son|sa|ses|elle|ils|mi|su|sus|[ée]l|ella|meu|minha|seu|sua|ele|ela|mio|suo|lui|lei|no|not|nor|kein\w*|nicht|"
           r"pas|ni|nem|n[ée]|non|nn|never|jamais|nunca|mai)\b)\w+){0,2}?\W+(?:fish|fisch|poisson|pescado|peixe|pesce|seafood|"
           r"fruits de mer|mariscos|frutos do mar|frutti di mare)\b")


FRONTED = re.compile(r"^[\w-]+\W+(?:[\w']+\s+){0,3}?(?:bin|i'?m|am|suis|soy|sou|sono)\b([^,;:.!?]{0,25})", re.I)
NOT_AFTER = re.compile(r"\b(?:not|nicht|ne|pas|plus|no|n[ãa]o|nao|non|pi[ùu])\b", re.I)


def fronted_negated(tail: str) -> bool:
    """A diet said first and denied by the copula after it: 'vegetarisch bin ich auch nicht mehr', 'vegana ya no soy',
    'vegetariano non lo sono più', 'végétarien, je ne le suis plus', "vegan I'm not any more"."""
    m = FRONTED.search(tail)
    return bool(m and NOT_AFTER.search(tail[:m.end()][len(tail.split()[0]):]))


STILL = (r"^(?:(?:still|now|also|basically|toujours|encore|maintenant|aussi|plut[ôo]t|immer noch|noch|jetzt|weiterhin|auch|eher|"
         r"todav[íi]a|a[úu]n|ahora|tambi[ée]n|ainda|agora|tamb[ée]m|ancora|ora|sempre|anche)\s+)+")  # 'je suis toujours végé'


def found_diet(s: str) -> list[Found]:
    """'I'm vegetarian', 'Ich bin Veganerin', 'no como carne'; 'not vegan any more, just vegetarian' -> vegetarian only."""
    said = [(m.start(), canonical(DIETS, m.group(0)) or "") for m in rx.finditer(rf"\b(?:{DIET})\b", s, re.I)
            if not someone_elses(s[:m.start()]) and not rx.match(rf"[ -]+(?:[\w-]+ )?{DISHES}", s[m.end():], re.I) and not rx.search(rf"{DISHES} +$", s[:m.start()], re.I)]
    negated = {d for at, d in said if rx.search(rf"{NEGATED}[\s'’]+(?:\w+\s+)?$|,\s*(?:not|no|nicht|kein\w*|pas|non|n[ãa]o|nao)\s+$", s[:at], re.I)
               or rx.search(rf"^\W*(?:\w+\W+)?(?:any ?more|anymore|mehr)\b", s[at + len(d):], re.I) or fronted_negated(s[at:])
               or rx.search(rf"^\w*\W+(?:bin|war) (?:ich|i) (?:\w+ ){{0,2}}?(?:nicht|ned|net) mehr\b|"
                            r"^\w*\W+(?:bin|war) (?:ich|i) (?:\w+ ){0,2}?nimmer\b", s[at + len(d):], re.I)}  # 'vegetarisch bin ich auch nicht mehr'
    kept = [d for _, d in said if d and d not in negated]
    if not kept and not negated and (cop := rx.search(rf"\b(?:{DOING}|i'?m|i am|ich bin|ich esse|je suis|je mange|soy|como|sou|como|sono|mangio)\s+"
                                                      rf"(?:an? |on an? |une? |una? |uma? |eine? )?", s, re.I)) \
            and (said_diet := find("diet", rx.sub(STILL, "", s[cop.end():cop.end() + 40], flags=re.I)[:25])) and said_diet[0][0] == 0:
        kept = [said_diet[0][1]]  # the lexicon, one typo tolerated: 'ich bin vegitarier', 'sono vegetarina', 'ich esse vegetarisch''
    if (no_meat := rx.search(NO_MEAT, s, re.I)) and not kept and \
            [v for _, v in find("food", s[no_meat.start():no_meat.end()] + rx.split(  # not 'carne roja', not 'ma il pesce'
                r"[,;]|\b(?:but|aber|mais|pero|mas|ma|only|nur|solo|s[óo])\b", s[no_meat.end():no_meat.end() + 20])[0])][-1:] == ["meat"]:  # not 'carne roja''
        kept = ["pescatarian" if rx.search(FISH_OK, f"{s[:no_meat.start()]} . {s[no_meat.end():]}", re.I) else "vegetarian"]
    elif kept[-1:] == ["vegetarian"] and rx.search(FISH_OK, s[max((at for at, d in said if d == "vegetarian"), default=0):], re.I):
        kept = ["pescatarian"]  # 'sou meio vegetariano, mas peixe eu como': vegetarian but fish is pescatarian
    meat = rx.search(EATS_MEAT, s, re.I)
    if meat and not rx.search(rf"(?:{NEGATED}|\bno|\bn[ãa]o|\bnon|\bne|\bnie)\b\W*(?:\w+\W+)?$", s[:meat.start()], re.I):  # not 'Novidade'
        return [("diet", "eats meat", "The user eats meat.")]
    if (fish := rx.search(FISH_AGAIN, s, re.I)) and not kept and not rx.search(r"\b(?:meat|fleisch|viande|carne)\b", s, re.I) and \
            not rx.search(rf"(?:{NEGATED}|\bno|\bn[ãa]o|\bnon|\bnie)\b\W*$", s[:fish.start()], re.I):  # 'ich esse wieder Fisch'
        return [("diet", "pescatarian", "The user is pescatarian.")]
    if kept and kept[-1] in ("low carb", "keto"):
        return [("diet", kept[-1], f"The user follows a {kept[-1]} diet.")]
    if kept:
        return [("diet", kept[-1], f"The user is {kept[-1]}.")]
    if rx.search(r"\b(?:i eat (?:pretty much |just about |basically )?(?:everything|anything)|ich esse alles|je mange de tout|"
                 r"como de todo|como de tudo|mangio (?:di )?tutto)\b", s, re.I):
        return [("diet", "everything", "The user eats everything.")]
    if any(not rx.search(rf"{WITHOUT}\s+$", s[:c.start()], re.I) and not someone_elses(s[:c.start()]) for c in rx.finditer(
            r"\b(?:co?eliac|celiac|z[öo]liakie|c(?:œ|oe)liaque|cel[íi]ac[oa])\b", s, re.I)) and not negated and \
            rx.search(r"\bgl[úu]t(?:en|ine)\b(?![- ]?free)", s, re.I):  # coeliac and says gluten is out: 'so gluten is a real problem for me'
        return [("diet", "gluten-free", "The user is gluten-free.")]
    return [("retract", d, f"The user is no longer {d}.") for d in sorted(negated)]


STILL_SO = (r"\b(?:but|still|aber|weiterhin|immer noch|noch immer|mais|toujours|encore|pero|sigue|todav[íi]a|a[úu]n|mas|ainda|"
            r"continua|però|ma|ancora)\b")  # the part of a sentence that keeps an allergy while another one is gone


NOT_THAT = re.compile(r",\s*(?:and )?(?:not?|nicht|pas|non|n[ãa]o)\s+(?:(?:to|gegen|auf|à|au|aux|a|al|ao|aos|alla|al|ai|alle)\s+)?"
                      r"(?:(?:the|el|la|los|las|le|les|l'|il|o|os|as|a)\s+)?([\w'’-]+)\W*$", re.I)  # 'sorry, allergic to peach, not kiwi'
MISTAKE = re.compile(r"\b(?:sorry|actually|mistake|wrong|my bad|i meant|mixed up|vertan|falsch|fehler|eigentlich|en fait|erreur|tromp[ée]e?|"
                     r"error|equivoqu[ée]|confund[íi]|perd[óo]n|afinal|engano|enganei|erro|errore|sbagliat[oa]|scusa|anzi|in realt[àa])\b", re.I)


IT = r"it|them|that|those|this|ça|ca|cela|eso|esto|ello|isso|isto|ciò|quello|questo|questa|quella|es|das|dagegen|darauf|drauf"  # an object said as a pronoun
BARE = re.compile(rf"\b(?:i'?m|i am|ich bin|bin ich|je suis|j'?suis|soy|estoy|sou|sono)\s+(?:(?:very|so|really|muy|muito|molto|sehr|très|tr[eè]s)\s+)?"
                  rf"{ALLERGIC}\s*(?=[.!,;:)]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF]|\s+(?:lol|haha\w*|btw|tbh|jaja\w*|kk+|rs+)\b)", re.I)  # '…, I'm allergic'
IT_BEFORE = re.compile(rf"\b(?:j'y suis|y suis|ci sono|dagegen bin ich|darauf bin ich|drauf bin ich|le soy|les soy|lhe sou|lhes sou)\s+"
                       rf"(?:(?:très|muy|muito|molto|sehr|so|un peu|un poco|um pouco|un po')\s+)?{ALLERGIC}\b|"
                       rf"\b(?:ich bin|bin ich) (?:(?:sehr|so|stark)\s+)?allergisch,? (?:dagegen|darauf|drauf)\b", re.I)  # as normalise.py words it


def antecedent(s: str, at: int, copula: bool = True) -> list[str]:
    """'penicillin is the only thing, I'm allergic to it', 'le sésame, j'y suis allergique', 'la penicilina, soy
    alérgico a eso': a pronoun object takes the last food or medication the lexicon knows before it in the sentence."""
    words = len(rx.findall(r"[\w'’-]+", s[:at])) - copula  # the word just before the verb is its copula ('soy alérgico'), no food
    known = [(i, v) for family in ("food", "medication") for i, v in find(family, s[:at], typos=False) if i < words]
    return [max(known)[1]] if known else []


def found_allergies(s: str) -> list[Found]:
    """'allergic to nuts and also to shellfish' -> two facts; 'I'm not allergic to X (any more)' -> a retraction."""
    out: list[Found] = []
    for m in rx.finditer(rf"\b{ALLERGIC}\s+(?:(?:to|gegen|auf|uf|aux|au|à|alle|alla|agli|al|ai|aos|ao|a)\b)?\s*(.+)"
                         rf"|\b(?:allergy|allergie|alergia|allergia) (?:(?:is|es|é|è|ist|est|c'est) )?(?:to|gegen|à|au|aux|a|al|ao|alle)\s+(.+)"
                         rf"|\b(?!(?:my|our|the|an?|your|his|her|their|that|this)\b)([\w-]+) allergy\b|(?:^|\bno )([\w -]+?),? i have an allergy"
                         rf"|\b(?:gegen|auf) ([\w-]+(?: [\w-]+)?) (?:bin|war) ich\b[\w ,-]{{0,60}}?\ballergisch|\b(?:gegen|auf) ([\w ,-]+?) (?:bin ich |sehr |stark )*allergisch|\b(\w{{3,}}?)-?allergie\b", s, re.I):
        if someone_elses(s[:m.start()]):
            continue  # 'beto es alérgico al mole': someone else's
        said = next(g for g in m.groups() if g)
        what = antecedent(s, m.start()) if rx.match(rf"\s*(?:{IT})\b", said, re.I) else items(said)
        negated = rx.search(rf"{NEGATED}[\s'’]+(?:\w+\s+)?$", s[:m.start()], re.I) or \
            rx.search(rf"\b(?:any ?more|after all|nicht mehr|(?<!en )plus(?! de| que)|{GONE})\b", s[m.start():], re.I)
        for item in what:
            if negated:
                out.append(("retract", f"allergic to {item}", f"The user is no longer allergic to {item}."))
            else:
                out.append((f"allergy:{item}", item, f"The user is allergic to {item}."))
        if what and not negated and MISTAKE.search(s) and (no := NOT_THAT.search(s, m.start())) and \
                (food := find("food", no.group(1), typos=False)):
            out.append(("retract", f"allergic to {food[0][1]}", f"The user is no longer allergic to {food[0][1]}."))  # '…, not kiwi'
    for m in BARE.finditer(s if not out else ""):  # 'no shrimp please, I'm allergic', 'nemmeno i crostacei, sono allergica'
        if not rx.search(rf"(?:{NEGATED}|\b(?:no|n[ãa]o|nao|non|nn|nicht|ne|n'|pas|never|nie|nunca|mai))[\s'’]+(?:\w+\s+)?$", s[:m.start()], re.I) \
                and not rx.search(r"\b(?:nicht|pas|not|no more|any ?more|plus|mehr|más|mais|più)\b", m.group(0), re.I) and not someone_elses(s[:m.start()]):
            after = rx.match(r"\W*(?:(?:so|then|donc|alors|así que|entonces|ent[ãa]o|quindi|also|deshalb|por eso|por isso)\W+)?(?:please\s+)?"
                             r"(?:no|nada de|pas de|kein\w*|niente|nothing with|sem|sin|senza|ohne|without|zero|z[ée]ro)\s+(.{2,40})", s[m.end():], re.I)
            named = antecedent(s, m.start(), copula=False) or [v for _, v in find("food", after.group(1), typos=False)[:1]] if after else \
                antecedent(s, m.start(), copula=False)  # 'sou alérgica, então nada de camarão': the food named after it
            out += [(f"allergy:{item}", item, f"The user is allergic to {item}.") for item in named]
    for m in IT_BEFORE.finditer(s):
        negated = rx.search(rf"{NEGATED}[\s'’]+(?:\w+\s+)?$", s[:m.start()], re.I) or rx.search(r"\b(?:ne|n'|no|n[ãa]o|non|nicht)\b", m.group(0), re.I)
        out += [(f"allergy:{item}", item, f"The user is allergic to {item}.") for item in antecedent(s, m.start(), copula=False) if not negated]
    if not out and (rx.search(rf"\b(?:allerg\w*|alerg\w*)\b[^.;!?]{{0,40}}?\b(?:{GONE})\b", s, re.I) or rx.search(NO_MORE, s, re.I)):
        kept = [part for part in rx.split(r"[,;]", s.split("(")[0]) if not rx.search(STILL_SO, part, re.I)]  # not '(Haselnüsse aber …)'
        out += [("retract", f"allergic to {v}", f"The user is no longer allergic to {v}.") for _, v in find("food", ",".join(kept), typos=False)]
    return out  # 'aquela alergia a gato sumiu', "le pollen c'est fini, plus d'allergie", 'il polline: non ho più nessun sintomo'


def found_reactions(s: str) -> list[Found]:
    """'I react badly to X', 'X makes me sick', 'X gives me hives' (and in de/fr/es/pt/it) -> an allergy to X (the
    stand-in does not tell an allergy from an intolerance here; for safety both are stored as an allergy).
    'Careful with mustard, I react badly to it': a pronoun takes the food named before it; none named, nothing."""
    spans = [next((m.start(g), m.group(g)) for g in (1, 2, 3) if m.group(g) is not None) for m in REACTS_TO.finditer(s)]
    for m in REACTS_FROM.finditer(s):  # the subject: its last words, after any comma or "and"
        if find("body", " ".join(s[m.end():].split()[:3]), typos=False):
            continue  # 'ogni tanto mi fa male il ginocchio': a joint that hurts, said after the verb, not a food
        last = rx.split(r"[,:;]|\b(?:but|also|aber|mais|pero|mas|ma)\b", m.group(1), flags=re.I)[-1]
        spans.append((m.end(1) - len(last), last))
    out: list[Found] = []
    for at, said in spans:
        what = items(said)
        if not what or rx.fullmatch(PRONOUN, what[0], re.I):  # "… I react badly to it": the food named before
            before = ANTECEDENT.search(s[:at])
            what = items(rx.sub(PLEASE, "", before.group(1))) if before else []
        out += [(f"allergy:{item}", item, f"The user is allergic to {item}.") for item in what
                if not rx.fullmatch(rf"{PRONOUN}|\w+ing|{NOT_FOOD}", item, re.I)]
    return out


def found_intolerance(s: str) -> list[Found]:
    """'lactose intolerant', 'intolérant au lactose', "I can't eat gluten"."""
    out: list[Found] = []
    if (lac := rx.search(rf"\b(?:{LACTOSE})[- ]?(?:intolerant|intoleranz|intolerance|intolérance|unverträglichkeit)|"
                         rf"\bintol(?:[ée]|l?e)r[aâ]n(?:t|te|ce|cia|za|ça|ç)s?\s+(?:to|au|à|a|a la|al|alla|ao|de|del|della|di)?\s*(?:la |o |a )?(?:{LACTOSE})", s, re.I)):
        how = next((w for w, said in QUALIFIERS.items() if w != "chronic" and rx.search(rf"\b(?:{said})\b", s[max(0, lac.start() - 15):], re.I)), "")
        out.append(("retract", "lactose intolerant", "The user is no longer lactose intolerant.") if rx.search(
            rf"{NEGATED}[\s'’]+(?:\w+\s+)?$", s[:lac.start()], re.I) else ("intolerance:lactose", "lactose",
            f"The user has a {how} lactose intolerance." if how else "The user is lactose intolerant."))
    for m in rx.finditer(r"\b(?:i'?m|i am) ([\w-]+) intolerant\b|\b(?:i'?m|i am) intolerant (?:to|of) (.+)|\bintol[ée]rante? (?:(?:au|à la|aux|à)\s+|à l')(.+)|"
                         r"\bintolerante (?:(?:a la|al|a los|a las|a|ao|à|aos|às)\s+)(.+)|\bintollerante (?:(?:al|alla|ai|alle|agli)\s+|all')(.+)|"
                         r"\b(?:i )?(?:can'?t|cannot|can not|am unable to) (?:eat|have|digest|tolerate) (.+)|\bich (?:\w+ )?vertrag(?:e)? (?:\w+ )?(?:kein\w*|nicht) (.+?)\b|\bich kann (?:kein\w*|nicht) (.+?) (?:essen|vertragen)\b"
                         r"|\bi (?:don'?t|do not|can'?t|cannot) tolerate (.+)"
                         r"|\bje (?:ne (?:peux|supporte|tol[èe]re)|tol[èe]re) pas (?:manger )?(?:de |du |le |la |les )?(.+)|\bno (?:puedo comer|tolero) (.+)"
                         r"|\bn[ãa]o (?:posso comer|tolero) (.+)|\bnon (?:posso mangiare|tollero) (.+)", s, re.I):
        for item in items(next(g for g in m.groups() if g)):
            if rx.fullmatch(r"gluten|glutine|glúten|gluten-free", item) and rx.search(r"\b(?:can|kann|peux|puedo|posso)", m.group(0), re.I):
                out.append(("diet", "gluten-free", "The user is gluten-free."))  # cannot eat gluten: a gluten-free diet
            elif rx.fullmatch(LACTOSE, item) and not out:  # 'no tolero bien la lactosa'
                out.append(("intolerance:lactose", "lactose", "The user is lactose intolerant."))
            elif not rx.fullmatch(LACTOSE, item) and not rx.fullmatch(r"meat|fleisch|viande|carne|lactose intolerant", item):
                out.append((f"intolerance:{item}", item, f"The user cannot eat {item}."))
    for m in rx.finditer(r"\b(?:i have|i've got|ich habe|j'ai|tengo|tenho|ho)\s+(?:an? |une? |eine? |una? |uma? |)(?:(?:mild|slight|severe|"
                         r"leichte|starke|légère|forte|leve|lieve|grave)\s+)?([\w-]+)[- ]?(?:intolerance|intoleranz|unverträglichkeit)\b"
                         r"|\b(?:intolérance|intolerancia|intolerância|intolleranza) (?:au |à la |aux |à l'|a la |al |ao |à |al |alla |ai )?([\w-]+)"
                         r"|\b(\w{4,}?)-?(?:intoleranz|unverträglichkeit)\b", s, re.I):  # 'eine Fruktoseintoleranz'
        item = next(g for g in m.groups() if g).lower()
        if not rx.fullmatch(LACTOSE, item) and f"intolerance:{item}" not in [f[0] for f in out]:
            out.append((f"intolerance:{item}", item, f"The user is {item} intolerant."))
    return out


# Having stopped eating a food is not eating it now: 'I stopped eating meat', 'j'ai arrêté de manger du porc', 'dejé de
# comer carne', 'parei de comer carne', 'ho smesso di mangiare carne', 'ich habe aufgehört, Fleisch zu essen' are read
# as the present negation each language has ('I don't eat', 'je ne mange plus', 'ya no como' …), so diet and food rules apply.
QUIT_EATING = ((r"\b(?:i(?:'ve| have)? )?(?:stopped|quit|given up|gave up) eating\b|\bi(?:'ve| have)? (?:given|gave) up(?= (?:red |white )?meat\b| fish\b| pork\b| sugar\b| dairy\b)", "I don't eat"),
               (r"\bj['’]ai (?:arr[êe]t[ée]|cess[ée]) de manger(?: de la| de l['’]| du| des| d['’]| de)?\s*", "je ne mange plus de "),
               (r"\b(?:yo )?(?:dej[ée]|he dejado) de comer\b", "ya no como"),
               (r"\b(?:eu )?(?:parei|deixei) de comer\b", "não como mais"),
               (r"\b(?:io )?ho smesso di mangiare\b", "non mangio più"),
               (r"\bich (?:habe|hab) (?:\w+ )?aufgeh[öo]rt,? (?:(?:mit )?(?P<obj>(?:\w+ ){0,2}?\w+) zu essen)\b", r"ich esse kein \g<obj> mehr"))


def as_not_eating(s: str) -> str:
    """The sentence with a quit-eating frame said as its language's 'I don't eat any more' (QUIT_EATING)."""
    for said, now in QUIT_EATING:
        s = rx.sub(said, now, s, flags=re.I)
    return s


def read_health(s: str) -> list[Found]:
    """Every food and health slot this sentence fills."""
    s = as_not_eating(s)
    return found_diet(s) + found_allergies(s) + found_reactions(s) + found_intolerance(s) + found_condition(s) + read_food(s)

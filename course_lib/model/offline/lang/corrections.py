"""Corrections that need the conversation: "actually make that 45", "sorry, I meant Tuesday", "oops, 50 not 60".

A correction names no slot; it replaces the value the user gave last, whatever the slot. `correct` gets the
sentence and the facts read so far in this conversation (latest last) and returns the corrected fact, or nothing
when it cannot tell which value is meant (then the reader says it did not understand, rather than guess):

    a number or an amount   replaces the number in the latest fact that has one (a budget, an age, a time)
    a weekday               replaces the weekday in the latest fact that has one (an appointment, a trip)
    a concept of its kind   replaces the latest allergy, job, medication or diet ('no, sorry, tree nuts')
    a place (capitalised)   replaces the place in the latest home city or trip
    "X not Y"               the same, but only when Y is the value being replaced

Reconfirmations ("still Glasgow obviously", "sigo en Madrid") restate the latest home city: `restated`.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.towns import known
from course_lib.model.offline.lang.concepts import find
from course_lib.model.offline.lang.slots_life import MOVE_VERBS
from course_lib.model.offline.lang.numbers import NUMBER, amount_now, bare_number, currency, money, parse_number, show
from course_lib.model.when import DAY_PATTERN, DAY_WORDS, WEEKDAYS

Found = tuple[str, str, str]
TAKEN_BACK = {"allergy": "allergic to {}", "medication": "takes {}"}  # how a retraction of such a value reads
FAMILIES = {"allergy": "food", "intolerance": "food", "job": "job", "medication": "medication", "diet": "diet"}
CUE = re.compile(r"\b(?:actually|make (?:that|it)|no wait|wait|hang on|hold on|no espera|espera|n[ãa]o pera|pera|aspetta|asp[èe]|attends|warte|scratch (?:that|the)|i meant|i mean|rather|instead|correction|sorry|"
                 r"oops|whoops|typo|my bad|eigentlich|nein|nee|lieber|doch|ich meinte|sorry|en fait|plut[ôo]t|disons|non|pardon|"
                 r"je voulais dire|oups|mejor|en realidad|digamos|mejor dicho|perd[óo]n|quise decir|me equivoqu[ée]|ups|"
                 r"na verdade|afinal|queria dizer|enganei-me|me enganei|desculp[ae]|anzi|facciamo|cio[èe]|diciamo|scusa|"
                 r"volevo dire|mi sono sbagliat[oa]|ho sbagliato|correggo|correzione|"
                 r"korrektur|korrigier\w*|vertippt|verschrieben|(?:hab(?:e)? )?mich vertan|je me suis tromp[ée]e?|je corrige|rectifi\w*|"
                 r"corrijo|correcci[óo]n|corrigiendo|rectifico|corrigindo|corrijo|corre[çc][ãa]o|retific\w*|minto|"
                 r"i was wrong|got it wrong|i misspoke|i mistyped|ali[áa]s|(?:change|correct|fix) (?:it|that|this) to|"
                 r"(?:ändere?|änder|korrigiere?) (?:das|es|den wert)? ?(?:auf|zu)|corrige[zs]? (?:à|en|pour)|modifie[zs]? (?:à|en|pour)|"
                 r"c[áa]mbia(?:lo|la)? (?:a|por)|corr[íi]ge(?:lo|la)? (?:a|por|para)|"
                 r"corrig[ea] (?:para|pra)|mud[ae] (?:para|pra)|alter[ae] (?:para|pra)|"
                 r"cambia(?:lo|la)? (?:a|in|con)|correggi(?:lo|la)? (?:a|in|con))\b|\b\d+(?:[.,]\d+)?\s*(?:€|eur\w*)?,? not \d+\b", re.I)
IT_IS = re.compile(r"\b(?:it'?s|it is|c'est|es|[ée]|è|es ist|sind es)\s+(?:actually\s+)?([a-zà-ÿ][\w -]*?)\s*[.!]?$", re.I)
PLACE = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-ZÀ-Ý][a-zà-ÿ]+(?:[ -][A-ZÀ-Ý][a-zà-ÿ]+)*)")
NOUN_BEFORE = re.compile(r"\b(?:der|die|das|dem|den|des|im|am|beim|zum|zur|vom|ins|the|les|los|las|gli|my|mein\w*|meine\w*)\s+$", re.I)
STILL = re.compile(r"^\W*(?:(?:and|yes|yeah|ja|oui|s[íi]|sim|s[ìi])\W+)?(?:still(?: in| living in| based in)?|immer noch(?: in)?|noch immer(?: in)?|"
                   r"toujours [àa]|sigo (?:en|viviendo en)|contin[úu]o (?:en|em|a)|ainda (?:em|moro em|no|na)|sempre a|ancora a|"
                   r"sono ancora a)\s+([A-ZÀ-Ý][\w'-]+(?:[ -][A-ZÀ-Ý][\w'-]+)*)", re.I)


def looks_like_correction(sentence: str) -> bool:
    """A correction cue and a value it could put in place (a number, a weekday, a place, a food, job, medication or
    diet): 'nein, Graz', 'no, sorry, tree nuts', 'oops, Wednesday not Tuesday'. Read alone it says nothing; read
    after what the user said before (the conversation, or the memories MemoryWriter.reread restates) it does."""
    if not CUE.search(sentence):
        return False
    return bool(rx.search(r"\d", sentence) or DAY_PATTERN.search(sentence) or PLACE.search(sentence)
                or any(find(family, sentence) for family in set(FAMILIES.values())))


TAKEN_BACK_NUMBER = re.compile(  # a number said as the wrong one: 'scratch the 3500', 'not 5', 'ned 34', 'statt 40', 'en vez de 30'
    r"\b(?:scratch(?: the| that)?|not|nicht|ned|net|pas|não|nao|non|no|statt|anstatt|instead of|rather than|au lieu de|en vez de|"
    r"en lugar de|em vez de|invece di|anzich[ée])\s+(?:(?:the|das|die|den|le|la|les|el|los|o|a|il|lo|i|de|di|da|del|dei|des|alle|às|a las)\s+)?"
    r"(?:€|\$|£)?\s*(?:" + NUMBER + r")(?:\s*(?:€|eur\w*|euros?|dollars?|bucks|quid|reais|years?|ans|años|anos|anni|jahre?n?))?(?![\w:])", re.I)


AGE_WORD = r"\s+(?:years?|ans|años|anos|anni|jahre?)\b"


def relative_age(sentence: str, number: str, context: list[Found]) -> list[Found]:
    """'Sorry, Emma is 6, not 5' / 'oups Hugo a 9 ans' after 'my daughter Emma is 5': the named relative's age."""
    for slot, value, text in reversed(context):
        name, _, age = value.partition(", ")
        if slot.startswith("relative:") and age.isdigit() and name and rx.search(rf"\b{re.escape(name)}\b", sentence) \
                and number.isdigit() and int(number) < 120 and number != age:
            return [(slot, f"{name}, {number}", rx.sub(rf"\b{age}\b", number, text, count=1))]
    return []


def replaced(f: Found, old: str, new: str) -> Found:
    """`f` with `old` replaced by `new` in its value and its fact text."""
    return f[0], f[1].replace(old, new), f[2].replace(old, new)


def correct(sentence: str, context: list[Found]) -> list[Found]:
    """The fact a correction states, read against the facts said before it in the conversation."""
    if context and context[-1][0] == "retract" and context[-1][1].startswith("allergic to ") and (m := IT_IS.search(sentence)) \
            and (food := find("food", m.group(1))) and food[0][1] != context[-1][1][12:]:
        return [(f"allergy:{food[0][1]}", food[0][1], f"The user is allergic to {food[0][1]}.")]  # '… not allergic to cats. It's dust mites.'
    if not CUE.search(sentence) or not context:
        return []
    said = TAKEN_BACK_NUMBER.sub(" ", sentence)  # 'scratch the 3500, we bumped it to 4200', '36 ned 34': the number taken back is no new one
    amount, number = money(said), bare_number(said)
    first = rx.search(rf"(?<![\w:]){NUMBER}(?![\w:])", said)
    if not amount and first and rx.match(r"\s+(?!(?:not|nicht|ned|pas|no|não|non|instead|rather|lieber|plut[ôo]t|then|dann|please|pls|bitte|danke|thanks|merci|stp|"
                                    r"porfa|por favor|gracias|obrigad[oa]|grazie|per favore|mil|mila|mille|thousand|tausend|lakhs?|years?|ans|años|anos|anni|jahre?|"
                                    r"after|because|since|when|once|now|for|weil|seit|nach|nachdem|après|parce|depuis|pour|porque|desde|después|"
                                    r"que|para|perché|dopo|per|poiché|"  # and a filler or a time said after the number: 'im 31 actually', 'fiz 36 mes passado'
                                    r"actually|really|lol|haha|tho|though|already|jaja|jeje|kkk+|mdr|ahah|eigentlich|schon|en fait|déjà|"
                                    r"ya|já|gi[àa]|mes|m[eê]s|months?|last|ago|monat|letzte[nm]?|mois|dernier|pasado|passado|scorso|fa)\b)[a-zà-ÿ]{3,}", said[first.end():], re.I):
        number = None  # 'sorry for the 3 messages': a number that counts something else replaces nothing
    if number and not amount and (aged := relative_age(said, number, context)):
        return aged
    if first and rx.match(AGE_WORD, said[first.end():], re.I) and not any(f[0] == "age" for f in context):
        number = None  # '9 ans' is an age: it corrects an age or a relative's, nothing else
    if amount or number:
        for f in reversed(context):
            slot, value, _ = f
            if slot.startswith("budget"):
                cur = value.split()[-1] if " " in value else "EUR"
                new = amount or f"{number} {currency(cur)}"
                return [(slot, new, f"The user's {slot.partition(':')[2] + ' ' if ':' in slot else ''}budget is {new}.")]
            if slot == "age" and number and not amount:  # not 'è dal 12 al 26', nor 'keep 150 a month'
                ages = rx.findall(r"(?<![\w:.,])\d+(?![\w:])", said)
                return [("age", number, f"The user is {number} years old.")] if len(ages) <= 1 and float(number.replace(",", "")) < 110 else []
            old = rx.match(rf"{NUMBER}(?![\w:])", value)  # a quantity ('34', '3 nights'), not 'LH 2047' or '9:00'
            if old and number and not amount:
                return [replaced(f, old.group(0), show(parse_number(number.replace(",", ""))))]
    if (day := DAY_PATTERN.search(sentence)):
        new = WEEKDAYS[DAY_WORDS[day.group(1).lower()]]
        for f in reversed(context):
            if (old := rx.search(r"\b(?:" + "|".join(WEEKDAYS) + r")\b", f[1])):
                return [replaced(f, old.group(0), new)]
    for f in reversed(context[-1:]):  # a concept of the latest fact's kind: 'no, sorry, tree nuts' after an allergy
        head = f[0].partition(":")[0]
        family = FAMILIES.get(head)
        held = {v.lower() for s, v, _ in context if s.partition(":")[0] in FAMILIES} | \
            {s.partition(":")[2].lower() for s, _, _ in context}
        said = [s for s in find(family, sentence) if s[1].lower() not in held] if family else []
        if said:  # a value the user already holds is no new one ('the kiwi one isn't true any more')
            new = said[0][1]
            fixed = (f"{head}:{new}" if ":" in f[0] else f[0], new, f[2].replace(f[1], new))
            if head in TAKEN_BACK:  # a slot that holds several values: the wrong one is taken back, not kept beside
                said_before = TAKEN_BACK[head].format(f[1])
                return [("retract", said_before, f"The user is no longer {said_before}." if head == "allergy"
                         else f"The user no longer {said_before}."), fixed]
            return [fixed]
    from course_lib.model.offline.lang.retractions import NO_MORE  # 'nao moro mais em Recife': a home taken back, no place put in

    for f in reversed(context):
        place = None if NO_MORE.search(sentence) else PLACE.search(sentence)
        if f[0] in ("home city", "trip") and place and place.group(1) != f[1] and \
                not DAY_PATTERN.fullmatch(place.group(1)) and not NOUN_BEFORE.search(sentence[:place.start()]) and \
                (f[0] == "trip" or known(place.group(1))):  # a home is a real town: 'das war Quatsch' corrects none
            # 'wait, Saturday' is no place, nor 'sorry, sitz grad in der Vorlesung' (a German noun after its article)
            return [replaced(f, f[1], place.group(1))]
    return []


BUDGET_TO = re.compile(r"\b(?:budget|presupuesto|or[çc]amento|spend|limit|max(?:imum)?|a head|per (?:person|head)|pro (?:person|kopf)|"
                       r"par personne|por persona|por pessoa|a persona|a testa)\b", re.I)


def budget_number(sentence: str, context: list[Found]) -> list[Found]:
    """'bump my dinner budget to 60 a head': a budget word and a bare number, in the currency of the budget said
    before in the conversation, else in EUR (the course's restaurants and hotels all price in EUR, and the booking
    tools read a budget without currency the same way)."""
    number = bare_number(sentence)
    known = next((f for f in reversed(context) if f[0] == "budget"), None)
    if not (number and BUDGET_TO.search(sentence)) or money(sentence) or rx.search(r"\d\s*%", sentence):
        return []
    new = amount_now(sentence, f"{number} {known[1].split()[-1] if known else 'EUR'}")  # 'was 500 but now it's 700'
    return [("budget", new, f"The user's budget is {new}.")]


NOW_WORD = r"(?:now|jetzt|nun|maintenant|d[ée]sormais|ahora|agora|ora|adesso)"
NOW_IN = re.compile(rf"\b(?:{NOW_WORD},? )?(?:i'?m|i am|we'?re|we are|ich bin|wir sind|je suis|on est|nous sommes|estoy|estamos|"
                    rf"estou|t[ôo]|sono|siamo|sto|stiamo) (?:{NOW_WORD} )?(?:in|[àa]|en|em|no|na|ad?) "
                    rf"((?-i:[A-ZÀ-Ý])[\w'-]+(?:[ -](?-i:[A-ZÀ-Ý])[\w'-]+)*)(,? {NOW_WORD}\b)?", re.I)
STAY = re.compile(r"\b(?:for (?:an?|the|my|work|business|\w+ing)|on (?:an? |business|holiday|vacation)|visiting|f[üu]r (?:eine?n?|die|das)|"
                  r"pour (?:une?|le|la|les|mon|ma)|por (?:trabajo|una?|el|la)|para (?:una?|o|a|el|la)|per (?:una?|il|la|lavoro))\b", re.I)
MOVE = re.compile(rf"\b(?:{MOVE_VERBS})\b", re.I)  # the verbs of moving home slots_life reads a move by


def moved_in(sentence: str, context: list[Found]) -> list[Found]:
    """"I'm in Cardiff now" after a home was said, or with a move ('I moved out of Hackney, I'm in Walthamstow now'):
    the new home. 'ich bin jetzt in Leipzig', 'agora estou em Braga', 'adesso sto a Bologna'. A stay ('for the
    weekend', 'until Friday') and a 'now' never said are no move."""
    from course_lib.model.offline.lang.slots_life import ONLY_FOR_NOW

    m = NOW_IN.search(sentence)
    if not m or not (rx.match(NOW_WORD, m.group(0), re.I) or rx.search(rf"\s{NOW_WORD}\s", m.group(0) + " ", re.I) or m.group(2)) \
            or ONLY_FOR_NOW.search(sentence) or STAY.search(sentence, m.end()) or m.group(1).split()[0] in ("I", "The", "My", "Our"):
        return []
    if not (any(f[0] == "home city" for f in context) or MOVE.search(sentence)):
        return []  # 'I'm in Paris now' said first: a stay as likely as a home
    return [("home city", m.group(1), f"The user lives in {m.group(1)}.")]


def restated(sentence: str, context: list[Found]) -> list[Found]:
    """'still Glasgow obviously', 'sigo en Madrid, claro' -> the user lives in that city (said again)."""
    m = STILL.search(sentence)
    if not m:
        return moved_in(sentence, context)
    city = m.group(1)
    known = next((f for f in reversed(context) if f[0] == "home city"), None)
    if known is None and not rx.search(r"\b(?:in|en|em|a|à)\s+" + re.escape(city), sentence):
        return []  # 'still Glasgow' with no city said before: not enough to tell it is a home
    return [("home city", city, f"The user lives in {city}.")]


ONLY = re.compile(r"\b(?:just|only|nur(?: noch)?|blo(?:ß|ss)|seulement|plus que|juste|solo|s[óo]lo|solamente|s[óo]|apenas|"
                  r"soltanto|solamente)\b", re.I)
NOW_IS = re.compile(r"\b(?:now (?:it'?s |we'?re in |i'?m in |in )?|it'?s |jetzt (?:in |ist es )?|maintenant (?:c'est |à )?|c'est |"
                    r"ahora (?:es |en |vivimos en |vivo en )?|agora (?:é |em |moramos em |moro em )?|[ée] |"
                    r"ora (?:è |a |stiamo a |sto a )?|adesso (?:è |a |stiamo a |sto a )?|è |"
                    r"(?i:i'?m|we'?re|ich bin|wir sind|je suis|on est|estoy|estamos|t[ôo]|estou|sono|sto|stiamo) (?:in|[àa]|en|em|ad?) )"
                    r"([A-ZÀ-Ý][\w'-]+(?:[ -][A-ZÀ-Ý][\w'-]+)*)")


def instead(sentence: str, found: list[Found]) -> list[Found]:
    """The value that replaces one taken back in the same sentence: "I'm not allergic to shellfish, it's peanuts";
    'not guitar any more, just the ukulele' / 'nur noch Ukulele' / 'solo el ukelele' (a hobby after 'only');
    'we don't live in Porto any more, now it's Braga' / 'agora é Curitiba' (a place after 'now' or 'it is')."""
    from course_lib.model.offline.lang.retractions import QUIT, hobby_in, hobby_verb

    taken_back = [v for s, v, _ in found if s == "retract"]
    out: list[Found] = []
    if any(v.startswith("allergic to ") for v in taken_back) and (m := IT_IS.search(sentence)) and \
            (food := find("food", m.group(1))):  # "…, ça c'est mon fils" names no allergen
        what = food[0][1]
        out.append((f"allergy:{what}", what, f"The user is allergic to {what}."))
    stop = max((m.end() for m in QUIT.finditer(sentence)), default=0)
    only = ONLY.search(sentence, stop) or re.compile(rf"\b{NOW_WORD}\b", re.I).search(sentence, stop)  # 'ahora estoy con el ukelele'
    if only and any(v.startswith(("plays ", "does ")) for v in taken_back) and (h := hobby_in(sentence[only.end():])) \
            and not any(v.endswith(" " + h) for v in taken_back):
        verb = hobby_verb(h)
        out.append((f"hobby:{h}", verb, f"The user {verb}."))
    moved = [v[9:] for v in taken_back if v.startswith("lives in ")]
    if moved and (m := NOW_IS.search(sentence, stop)) and m.group(1) not in moved:
        out.append(("home city", m.group(1), f"The user lives in {m.group(1)}."))
    return out


PT_DAYS = {"segunda": 0, "quarta": 2, "quinta": 3, "sexta": 4}  # Portuguese weekdays said short ('esquece segunda')
ANY_DAY = rf"({'|'.join(sorted(map(re.escape, [*DAY_WORDS, *PT_DAYS]), key=len, reverse=True))})\b"
DROP_DAY = re.compile(r"\b(?:forget|scratch|drop|cancel|skip|cross off|vergiss|streich(?:e|t)?|oublie[zs]?|laisse[zs]? tomber|annule[zs]?|"
                      r"olv[íi]da(?:te)?(?: de)?|quita|cancela|esquece|tira|desmarca|dimentica|togli|lascia perdere|cancella|salta)\s+"
                      r"(?:(?:the|el|la|le|lo|il|o|a|den|der|die|das|on)\s+)?" + ANY_DAY, re.I)
NEW_DAY = re.compile(r"\b(?:to|on|auf|nach|am|à|au|a|al|para|pra|pro|na|no|de|per|al|il|alla)\s+(?:(?:la|el|o|a|le|il)\s+)?" + ANY_DAY, re.I)


def weekday(word: str) -> str:
    """The English weekday a day word names ('terça' -> Tuesday, 'segunda' -> Monday)."""
    w = word.lower()
    return WEEKDAYS[PT_DAYS[w] if w in PT_DAYS else DAY_WORDS[w]]


def dropped_day(sentence: str, context: list[Found]) -> list[Found]:
    """'forget Monday' / 'esquece segunda' / 'vergiss Montag': a planned day dropped, not a memory to forget. With a
    new day ('esquece segunda, passou para terça') the day is moved; else it leaves the fact's other days
    ('gym Monday and Wednesday' -> 'gym Wednesday'); a fact with no other day is left to the agent."""
    if not (m := DROP_DAY.search(sentence)):
        return []
    old = weekday(m.group(1))
    fact = next((f for f in reversed(context) if rx.search(rf"\b{old}s?\b", f[1])), None)
    if fact is None:
        return []
    if (new := DAY_PATTERN.search(sentence, m.end()) or NEW_DAY.search(sentence, m.end())) and \
            weekday(new.group(new.lastindex)) != old:
        return [replaced(fact, old, weekday(new.group(new.lastindex)))]
    days = "|".join(WEEKDAYS)
    if len(rx.findall(rf"\b(?:{days})s?\b", fact[1])) < 2:
        return []
    cut = re.compile(rf"\b{old}s?(?:,| and| und| et| y| e)\s+|(?:,| and| und| et| y| e)\s+{old}s?\b")
    value, text = cut.sub("", fact[1], count=1), cut.sub("", fact[2], count=1)
    return [(fact[0], value, text)]


BUT_INSTEAD = re.compile(  # 'not X (any more), but Y': the negated part dropped, the verb kept -> what is true now
    r"^(?P<head>.*?)\b(?P<neg>nicht mehr|nicht|no longer|don'?t|do not|doesn'?t|not|ne|n'|ya no|no|j[áa] n[ãa]o|n[ãa]o|non)\s+"
    r"(?P<verb>[\w'’]+)?(?P<dropped>.*)[,;]?\s+\b(?P<but>sondern|sino(?: que)?|mais plut[ôo]t|mais|mas sim|mas|ma|but rather|but)\s+(?P<tail>.+)$", re.I)
VERB_FIRST = {"ne", "n'", "ya no", "no", "já não", "ja não", "ja nao", "não", "nao", "non", "don't", "dont", "do not", "doesn't", "no longer"}


def but_instead(sentence: str) -> str | None:
    """'Ich arbeite nicht mehr bei der Bank, sondern als Lehrerin' -> 'Ich arbeite als Lehrerin'; 'ya no trabajo en el
    banco, sino de profesora' -> 'trabajo de profesora'; 'je ne travaille plus à la banque, mais comme infirmière' ->
    'je travaille comme infirmière'. None when the sentence has no such shape."""
    if not (m := BUT_INSTEAD.search(sentence)) or \
            rx.match(r"(?:i|i'm|ich|je|j'|yo|eu|io|we|wir|nous|on|it'?s|es|c'est|[èe])\b", m.group("tail"), re.I):
        return None  # 'but I eat fish': a clause of its own, read as it is
    if m.group("but").lower().startswith("mais") and m.group("neg").lower() not in ("ne", "n'"):
        return None  # 'não moramos mais em BH': Portuguese 'mais' is 'any more', not the French 'but'
    if m.group("neg").lower() in VERB_FIRST:  # the verb follows the negation (Romance, English do-support)
        verb = m.group("verb") or ""
        return f"{m.group('head')}{verb} {m.group('tail')}".strip()
    return f"{m.group('head').rstrip()} {m.group('tail')}".strip()  # verb-second German: the verb came before 'nicht'

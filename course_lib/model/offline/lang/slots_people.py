"""Slots about who the user is and who is around them: name, nickname, age, birthday, relatives, pets.

Each reader takes one sentence the user said about themselves and returns (slot, value, fact) triples, the
fact a self-contained third-person sentence ("The user's wife is called Ana.").
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.dates import find_date
from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.ages import found_age
from course_lib.model.offline.lang.numbers import with_digits
from course_lib.model.offline.lang.names_said import CALL_ME, NAME, NICK_SAID, NOT_NAMES, NAME_SAID, ONE_NAME, SHORT_FOR, TITLES
from course_lib.model.offline.lang.pets_named import more_pets
from course_lib.model.offline.lang.relative_ages import with_ages
from course_lib.model.offline.lang.lowercase_names import NOT_A_CAPITAL_NAME, lowercase_name
from course_lib.model.offline.lang.lexicon import PETS, PLURAL_RELATIVES, POSSESSIVE, RELATIVES, SINGULAR_RELATIVES, alternation, canonical

Found = tuple[str, str, str]
TITLE_WORDS = "|".join(re.escape(t) for t in TITLES)
BIRTHDAY = (r"\b(?:my birthday is|i was born on|born on|my birthday'?s|mein geburtstag ist|ich habe am|ich bin am|"
            r"mon anniversaire (?:est|c'est)|je suis n[ée]e? le|mi cumplea[ñn]os es|nac[ií] el|(?:o )?meu anivers[áa]rio [ée]|"
            r"nasci a|il mio compleanno [èe]|sono nat[oa] il)\b")
REL = alternation(RELATIVES)
PET = alternation(PETS)
CALLED = r"(?:is called|is named|'s name is|name is|called|named|hei(?:ß|ss)t|s'appelle|qui s'appelle|se llama|que se llama|" \
         r"chama-se|se chama|chamad[oa]|que se chama|si chiama|che si chiama|namens|llamad[oa]|nomm[ée]e?|chiamat[oa]|di nome|de nombre|" \
         r"de nome|mit namen|du nom de)"
HAVE = (r"\b(?:i|we)(?: have|'ve got| have got| got|'ve)|\b(?:ich habe|wir haben|j'ai|nous avons|on a|tengo|tenemos|tenho|temos|"
        r"ho|abbiamo)\b")
ONE = ("a", "an", "one", "un", "une", "ein", "eine", "einen", "uno", "una", "um", "uma", "1")
COUNT = r"a|an|one|two|three|four|five|\d|un|une|deux|trois|ein|eine|einen|zwei|drei|vier|uno|una|dos|tres|um|uma|dois|duas|três|due|tre|quattro"
PLURALS = {"kids": "child", "children": "child", "twins": "child", "zwillinge": "child", "jumeaux": "child", "jumelles": "child",
           "gemelos": "child", "mellizos": "child", "gêmeos": "child", "gemelli": "child", "kinder": "child", "enfants": "child", "hijos": "child", "filhos": "child",
           "figli": "child", "kindern": "child", "miúdos": "child", "miudos": "child", "bimbi": "child", "bambini": "child", "gosses": "child",
           "gamins": "child", "chicos": "child", "críos": "child", "söhne": "son", "töchter": "daughter", "brüder": "brother", "schwestern": "sister",
           "fils": "son", "filles": "daughter", "hijas": "daughter", "filhas": "daughter", "figlie": "daughter",
           "hermanos": "brother", "hermanas": "sister", "irmãos": "brother", "irmãs": "sister", "fratelli": "brother", "sorelle": "sister",
           "gemelas": "daughter", "mellizas": "daughter", "gémeas": "daughter", "gêmeas": "daughter", "gemelle": "daughter",
           "grandchildren": "grandchild", "grandkids": "grandchild", "grandsons": "grandson", "granddaughters": "granddaughter",
           "enkel": "grandchild", "enkelkinder": "grandchild", "enkelinnen": "granddaughter", "petits-enfants": "grandchild",
           "petites-filles": "granddaughter", "nietos": "grandchild", "nietas": "granddaughter", "netos": "grandchild",
           "netas": "granddaughter", "nipoti": "grandchild", "nipotine": "granddaughter"}
ARE_CALLED = r"(?:are|are called|sind|hei(?:ß|ss)en|sont|s'appellent|son|se llaman|s[ãa]o|se chamam|chamam-se|sono|si chiamano)\b"  # plural: 'my kids are …'
REL_ANY = "|".join([*PLURALS, *(f"(?:{v})(?:s|es)?" for k, v in RELATIVES.items() if k in (
    "son", "daughter", "child", "sister", "brother", "cousin", "partner", "wife", "husband"))])
PARENT = r"mum|mom|mother|dad|father|parent|mama|mutter|papa|vater|maman|m[èe]re|p[èe]re|mam[áa]|madre|pap[áa]|padre|m[ãa]e|pai|mamma|pap[àa]"  # 'mum of two'
FAMILY = {"colleague", "boss", "partner", "wife", "husband", "sister", "brother", "mother", "father", "son", "daughter", "child", "cousin",
          "grandson", "granddaughter", "grandmother", "grandfather"}


WEDDING = (r"\b(?:i'?m (?:getting married to|marrying)|i'?ll marry|je me marie avec|je vais (?:me marier avec|épouser)|ich heirate|"
           r"me caso con|me voy a casar con|vou casar com|vou-me casar com|mi sposo con|mi sposerò con)\s+")  # a name follows


def found_name(s: str) -> list[Found]:
    """'My name is Samuel but everyone calls me Sam' -> name Samuel, nickname Sam."""
    out: list[Found] = []
    nick = next((m.group(1) for p in NICK_SAID if (m := rx.search(p, s, re.I))), None)
    if (short := rx.search(SHORT_FOR, s, re.I)) and short.group(1) not in NOT_NAMES:  # "I'm Dani, short for Daniela"
        return [("name", short.group(2), f"The user's name is {short.group(2)}."),
                ("nickname", short.group(1), f"The user goes by {short.group(1)}.")]
    for p in NAME_SAID:
        m = rx.search(p, s, re.I)
        if m and m.group(1).split()[0] not in NOT_NAMES and m.group(1)[0].isupper() and m.group(1) != nick and \
                not NOT_A_CAPITAL_NAME.fullmatch(m.group(1).split()[0]) and \
                not any(canon(family, m.group(1)) for family in ("job", "diet", "condition")):  # "I'm Brazilian", "Ich bin Krankenschwester"
            out.append(("name", m.group(1), f"The user's name is {m.group(1)}."))
            break
    if not out and (low := lowercase_name(s)):
        out.append(("name", low, f"The user's name is {low}."))
    if not nick and out and (call := rx.search(CALL_ME, s, re.I)) and call.group(1) != out[0][1] and call.group(1) not in NOT_NAMES:
        nick = call.group(1)  # 'moi c'est Inès mais appelle-moi Nini'
    if nick:
        out.append(("nickname", nick, f"The user goes by {nick}."))
    if (wed := rx.search(r"\b(?:i'?m|i am|we'?re|we are) (?:happily )?married to\s+" + NAME + r"|\bich bin mit\s+" + NAME + r" verheiratet|"
                         r"\bje suis mari[ée]e? (?:avec|à)\s+" + NAME + r"|\bestoy casad[oa] con\s+" + NAME + r"|\bsou casad[oa] com\s+" + NAME +
                         r"|\bsono sposat[oa] con\s+" + NAME, s, re.I)):
        who = next(g for g in wed.groups() if g)
        if who.split()[0] not in NOT_NAMES:
            out.append(("relative:partner", who, f"The user's partner is called {who}."))
    elif (wed := rx.search(WEDDING + NAME, s, re.I)) and wed.group(1).split()[0] not in NOT_NAMES:  # 'Je me marie avec Hugo le 21 juin'
        out.append(("relative:fiance", wed.group(1), f"The user is engaged to {wed.group(1)}."))
    return out


BIRTHDAY_WORD = r"\b(?:birthday|b-?day|geburtstag|anniversaire|cumplea[ñn]os|cumple|anivers[áa]rio|compleanno|fa[çz]o anos|faz anos|cumplo a[ñn]os|cumple a[ñn]os|compio gli anni|fa gli anni)\b"
OWN = r"\b(?:my|i|mein|ich|mon|j'ai|je|mi|yo|meu|minha|eu|mio|io|ho|faço|cumplo|compio)\b"


MY = r"(?:my|our|mein(?:e[rsn]?)?|unser(?:e[rsn]?)?|mon|ma|notre|mi|nuestr[oa]|(?:da |do )?(?:minha|meu|nossa|nosso)|(?:la |il )?(?:mia|mio|nostr[oa]))"
OWNER = [  # whose birthday, when it is not the speaker's: a relative ('my mum's', 'di mia mamma') or a named person
    rf"\b{MY}\s+({REL})(?:'s|s)?\s+(?:\w+\s+)?{BIRTHDAY_WORD}",
    rf"\b{MY}\s+({REL})\b(?:\s+{ONE_NAME})?\s+(?:hat|has|a|tiene|tem|ha)\b[^,;!?]{{0,25}}?{BIRTHDAY_WORD}",  # 'Mein Mann Tobias hat am 2. Juni Geburtstag' 
    rf"{BIRTHDAY_WORD}\s+(?:of|von|de|da|do|di|del|della|dello)\s+(?:{MY}\s+)?({REL})\b",
    rf"{BIRTHDAY_WORD}\s+(?:meiner|meines|unserer|unseres)\s+({REL})\b",
    rf"{BIRTHDAY_WORD}\s+(?:of|von|de|da|do|di)\s+(?:la |le |el |o |a |il )?{NAME}",
    rf"(?:^|\b){NAME}(?:'s|’s|s)\s+{BIRTHDAY_WORD}",
]


THEIR = r"\b(?:her|his|their|ihr(?:e[mnrs]?)?|sein(?:e[mnrs]?)?|son|sa|ses|leur|su|sus|seu|sua|dele|dela|suo)\s+(?:\w+\s+)?"


def birthday_owner(s: str) -> tuple[str, str] | None:
    """(slot key, how the fact names the owner) when a sentence is about someone else's birthday, else None;
    'my sister … her birthday' is the sister's, 'her birthday' with nobody named is someone's ('?', not the user's)."""
    if rx.search(THEIR + BIRTHDAY_WORD, s, re.I):
        rel = next((relative_word(m.group(1)) for m in rx.finditer(rf"\b{MY}\s+({REL})\b", s, re.I)), None)
        return (rel, f"The user's {rel}'s") if rel else ("?", "")
    for pattern in OWNER:
        if not (m := rx.search(pattern, s, re.I)):
            continue
        said = m.group(1)
        if (rel := relative_word(said)) and rx.fullmatch(rf"(?:{REL})s?", said, re.I):
            return rel, f"The user's {rel}'s"
        name = rx.sub(r"(?:'s|’s)$", "", said).rstrip("'’")
        name = name[:-1] if pattern.startswith("(?:^") and name.endswith("s") and not said.endswith(("'s", "’s")) else name
        if name[:1].isupper() and name.split()[0] not in NOT_NAMES and not rx.fullmatch(r"(?:my|mein\w*|mi|mon|ma|meu|minha|mio|mia)", name, re.I):
            return name.lower(), f"{name}'s"
    return None


MINE = re.compile(r"^\W*(?:(?:and|und|et|y|e|oh|ah)\W+)?(?:mine|meiner|meins|le mien|la mienne|el m[íi]o|la m[íi]a|"
                  r"o meu|a minha|il mio|la mia)\b", re.I)


def own_birthday_after(s: str, lang: str, context: list[Found]) -> list[Found]:
    """'Meiner ist übrigens am 30. Januar', 'il mio è il 19 maggio', 'and mine is on 5 May' right after a birthday was
    said: the speaker's own birthday."""
    if not (context and context[-1][0].startswith("birthday") and MINE.match(s)):
        return []
    date = find_date(s, lang)
    return [("birthday", date, f"The user's birthday is on {date}.")] if date else []


NUM = r"\d{1,3}"  # an age (in words too: numbers.with_digits writes 'septante-trois' as 73)
TURN_MINE = (rf"\bi(?:'m| am)? (?:turn|turning|will turn|'ll turn) {NUM}\b|(?:^\W*|, )turning {NUM}\b|\bich werde\b|\bje (?:fêterai|vais fêter|fête) mes {NUM}\b|"
             rf"\bj'aurai {NUM} ans\b|\b(?:cumplo|voy a cumplir) {NUM}\b|\b(?:faço|vou fazer) {NUM} anos\b|\b(?:compio|compirò) {NUM} anni\b")
TURN_THEIRS = (rf"\b(?:turns|is turning|will turn|wird|fête ses {NUM} ans|aura {NUM} ans|cumple|va a cumplir|faz {NUM} anos|vai fazer {NUM} anos|"
               rf"compie|compirà)\b")


def turning(s: str, lang: str) -> list[Found]:
    """A birthday said by the age one turns on a date: 'I'm turning 30 on 14 March', 'cumplo 24 el 8 de marzo', 'je
    fêterai mes 73 ans le 4 novembre' (the user's); 'my daughter Kaylee turns 9 on March 3rd', 'meine Mama wird am 9. Mai
    70', 'mi hijo cumple 5 el 3 de mayo' (the relative's). Nothing when whose it is is not said ('she turns 9 …')."""
    if rx.search(r"\b(?:if|wenn|si|se)\b", s, re.I) or not (date := find_date(s, lang)):
        return []
    s = with_digits(s)
    if (theirs := rx.search(TURN_THEIRS, s, re.I)) and (rel := rx.search(rf"\b{MY}\s+({REL})\b", s[:theirs.start()], re.I)) \
            and (word := relative_word(rel.group(1))):
        return [(f"birthday:{word}", date, f"The user's {word}'s birthday is on {date}.")]
    if rx.search(TURN_MINE, s, re.I) and not rx.search(rf"\b{MY}\s+(?:{REL}|{PET})\b", s, re.I) and \
            (lang != "de" or rx.search(r"\bich werde (?:am |im )?[^,.;]*\d", s, re.I)):
        return [("birthday", date, f"The user's birthday is on {date}.")]
    return []


def found_birthday(s: str, lang: str) -> list[Found]:
    """'My birthday is on 3 July', 'Ich hab am 14. Februar Geburtstag', 'mi cumple es el 9 de octubre' -> birthday:
    a birthday word, the speaker as its owner and a date anywhere in the sentence; 'my mum's birthday is on 2 May',
    'il compleanno di mia mamma', 'Lenas Geburtstag' -> birthday:mother, birthday:lena."""
    if (owner := birthday_owner(s)) and owner[0] != "?" and (date := find_date(s, lang)):
        return [(f"birthday:{owner[0]}", date, f"{owner[1]} birthday is on {date}.")]
    if owner or rx.search(rf"{BIRTHDAY_WORD}\s+(?:of|von|de|da|do|di|del|della)\s+{MY}\s+\w", s, re.I):
        return []  # 'el cumple de mi viejo': someone's, whoever it is
    m = rx.search(BIRTHDAY, s, re.I)
    date = find_date(s[m.end():], lang) if m else None
    if date is None and (word := rx.search(BIRTHDAY_WORD, s, re.I)) and rx.search(OWN, s, re.I) and \
            not rx.search(rf"(?:{REL})(?:'s|s)?\s+(?:\w+\s+)?$", s[:word.start()], re.I):
        date = find_date(s, lang)
    return [("birthday", date, f"The user's birthday is on {date}.")] if date else turning(s, lang)


def names_after(text: str) -> list[str]:
    """'Maya and Leo' / 'Maya, Leo und Ben' -> the capitalised names, in order."""
    return [n for n in rx.findall(ONE_NAME, text) if n not in NOT_NAMES]


ONLY_CHILD = (r"\b(?:i'?m|i am|i was) an only child\b|\bich bin (?:ein )?einzelkind\b|\bje suis (?:fils|fille) unique\b|"
              r"\b(?:soy|fui) (?:hij[oa]) [úu]nic[oa]\b|\b(?:sou|fui) (?:filh[oa]) [úu]nic[oa]\b|\b(?:sono|ero) (?:figli[oa]) unic[oa]\b|"
              r"\bi (?:have|'ve got) no (?:brothers or sisters|siblings)\b|\bich habe keine geschwister\b|\bje n'ai (?:ni frère ni sœur|pas de frères? (?:et|ni) sœurs?)\b|"
              r"\bno tengo hermanos\b|\bn[ãa]o tenho irm[ãa]os\b|\bnon ho (?:fratelli|né fratelli né sorelle)\b")


def found_relatives(s: str) -> list[Found]:
    """The names of the user's relatives and pets: 'my wife's name is Ana', 'Thorvald, my brother', 'a dog called Rufus';
    'ich bin Einzelkind', 'soy hija única' -> no siblings."""
    out: list[Found] = [("relative:siblings", "none", "The user is an only child.")] if rx.search(ONLY_CHILD, s, re.I) else []
    for m in rx.finditer(rf"(?:{POSSESSIVE}\s+(?:(?!(?:{PLURAL_RELATIVES})\b)\w+ )?|^\W*)({REL})(?:'s name is|'s (?:called|named)|,? {CALLED})?(?:,?\s+|,\s*(?:a|o|la|el|il|der|die|le)\s+){NAME}|{NAME},\s+{POSSESSIVE}\s+({REL})\b|"
                         rf"^\W*(?:{POSSESSIVE}\s+|(?:{HAVE})\s+(?:a|an|one|eine?n?|une?|una?|uma?)\s+)?({REL})(?:'s)?\b[^.]*?,\s*(?:(?:her|his|their) name(?:'s| is)|"
                         rf"(?:sie|er) hei(?:ß|ss)t|(?:elle|il) s'appelle|(?:ella|él) se llama|se llama|(?:ela|ele) se chama|se chama|chama-se|si chiama)\s+{NAME}", s, re.I):
        word, name = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3)) if m.group(4) else (m.group(5), m.group(6))
        if m.group(0)[:1].isalpha() and m.group(1) and not rx.search(CALLED, m.group(0), re.I) and not rx.match(POSSESSIVE, m.group(0), re.I):
            continue  # a bare 'Sister Ana' at the start is no statement; "Sister's name is Ana" is
        if rx.match(rf"{POSSESSIVE}\s+(?:{PET})\s", m.group(0), re.I):
            continue  # 'Meine Katze Frau Müller': the cat's name, with a title in it, not a wife
        rel = canonical(RELATIVES, word.lower())
        explicit = bool(rx.search(CALLED, m.group(0), re.I))
        if rel and name[0].isupper() and name.split()[0] not in NOT_NAMES and (rel in FAMILY or explicit):
            out.append(relative_fact(rel, name))
    for m in rx.finditer(rf"(?:(?:{HAVE})\s+(?:({COUNT})\s+)?({REL_ANY})\b[,:]?\s*(?:{CALLED}|namens|names)?[,:]?|"
                         rf"\b({COUNT})\s+({REL_ANY})\s*:|{POSSESSIVE}\s+({REL_ANY})\s+{ARE_CALLED})\s*(.+)", s, re.I):  # 'drei Kinder: Paul ist 12, Emma 9 und Ben 5', 'my kids are Ava, 8, and Leo, 5'
        count, word, rest = m.group(1) or m.group(3), m.group(2) or m.group(4) or m.group(5), m.group(6)
        rel = relative_word(word)
        names = [n for n in names_listed(rest) if not NOT_A_CAPITAL_NAME.fullmatch(n) and not canon("language", n)]
        several = len(names) > 1 or (count or "").lower() not in ("", *ONE)
        if rel:
            out += [relative_fact(rel, n, several) for n in names]
    for m in rx.finditer(rf"(?:{POSSESSIVE}\s+({REL_ANY})\s*\(|\b(?:{PARENT})\s+(?:of|von|de|di)\s+(?:({COUNT})\s+)?({REL_ANY})\b\s*[,:(]?)\s*(.+)", s, re.I):
        word, rest = m.group(1) or m.group(3), rx.sub(r"(?<=\w)['’]s\b", "", m.group(4))  # 'my kids (Ava's 7, Leo's 4)', 'Mama von zwei Kindern, Mia (4) und Jonas (7)'
        names = [n for n in names_listed(rest) if not NOT_A_CAPITAL_NAME.fullmatch(n) and not canon("language", n)]
        if (rel := relative_word(word)) and len(names) > 1:
            out += [relative_fact(rel, n, True) for n in names if relative_fact(rel, n, True) not in out]
    pet = rx.search(rf"\b({PET})s?\b(?: (?!(?:{CALLED})\b)[a-zà-ÿ]+)?(?:,? (?:a|an|un|une|una|uma) \w+)?,?\s*(?:{CALLED}|(?:he|she|it|er|sie|il|elle)(?:'s| is| ist)? "
                    rf"(?:called|named|hei(?:ß|ss)t|s'appelle))\s+{NAME}", s, re.I)
    if pet is None:  # 'with our dog Saffi', 'mit unserem Hund Bruno': a possessive, the animal and its name
        pet = rx.search(rf"{POSSESSIVE}\w*\s+(?:(?:new|little|old|neue[nrm]?|kleine[nrm]?)\s+)?({PET}),?\s+(?:(?:o|a|la|il|el) )?{NAME}", s, re.I)
        pet = pet if pet and untitled(pet.group(2)).split()[0] not in NOT_NAMES else None
    if pet is None:  # 'we've got a new puppy, Miso': the name in apposition
        pet = rx.search(rf"(?:{HAVE})\s+(?:(?:now|also|jetzt|auch|noch|maintenant|aussi|ahora|también|agora|também|ora|adesso|anche) )?(?:a |an |one |ein\w* |une? |uma? |una? |(?:{COUNT}) )?(?:new |little |young |second |another |neue[nr]? |zweite[nr]? |weitere[nr]? |nouvelle |nouveau |deuxième |"
                        rf"nuev[oa] |nov[oa] |nuov[oa] |segund[oa] |otr[oa] |outr[oa] |second[oa] |altr[oa] )?({PET})s?(?: (?-i:[a-zà-ÿ]+))?(?: (?:too|also|tb|também|también|anche|aussi|auch))?,\s*(?:(?:o|a|la|il|el) )?{NAME}"
                        rf"\b(?!\s+(?:has|is|was|hat|ist|a|est|tiene|es|tem|é|ha|è)\b)", s, re.I)  # not 'I have a cat, Tom has a dog' 
    if pet is None:  # 'un beagle de 2 ans, il s'appelle Biscotte', 'um gatinho e vai chamar-se Farrusco': named later in the clause
        pet = rx.search(rf"\b({PET})s?\b[^.;!?]{{0,40}}?(?:,|\band|\bund|\bet|\by|\be)\s+(?:(?:he|she|it|er|sie|il|elle|él|ella|ele|ela|lui|lei)\s*)?"
                        rf"(?:'s called|is called|is named|will be called|'ll be called|s'appelle|va s'appeler|hei(?:ß|ss)t|se llama|se va a llamar|"
                        rf"se chama|chama-se|vai chamar-se|vai se chamar|si chiama|si chiamerà)\s+{NAME}", s, re.I)
    if pet is None and rx.search(rf"\brenamed (?:the |our |my )?({PET})\b", s, re.I):
        pet = rx.search(rf"\b({PET})\b.*?\b(?:called|named)\s+{NAME}", s, re.I)
    if pet:
        kind = canonical(PETS, rx.sub(r"(?<=[a-z])s$", "", pet.group(1).lower())) or canonical(PETS, pet.group(1).lower()) or "pet"
        names = names_listed(s[pet.start(2):]) or [pet.group(2)]  # 'two cats named Salt and Pepper': one fact each
        for n in names:
            slot = f"pet:{kind}" if len(names) == 1 else f"pet:{kind}:{n.lower()}"
            out.append((slot, n, f"The user's {kind} is called {n}."))
    elif (named := rx.search(rf"(?:^|\b){NAME},? (?:the|my|our) ({PET})\b", s)) and named.group(1).split()[0] not in NOT_NAMES:
        kind = canonical(PETS, named.group(2).lower()) or "pet"
        out.append((f"pet:{kind}", named.group(1), f"The user's {kind} is called {named.group(1)}."))
    elif (has := rx.search(rf"\b(?:my|our) ({PET}) (?:just|has|is|keeps|always|was)\b|\b(?:i|we)(?: have|'ve got| got| have got) (?:a|an|one|two|three) ({PET})s?\b|\b(?:ich habe|wir haben) "
                           rf"(?:einen|eine|ein|zwei|drei) ({PET})(?:e|en|n)?\b|\b(?:j'ai|tengo|tenho|ho) (?:un|une|uno|una|um|uma|deux|dos|dois|duas|due) ({PET})s?\b", s, re.I)
                or (rx.search(HAVE, s, re.I) and rx.search(rf"(?:,|\band|\bund|\bet|\by|\be|\bplus)\s+(?:also )?(?:a|an|one|two|three|ein(?:en|e)?|un|une|uno|una|um|uma) ({PET})s?\b", s, re.I))):
        kind = canonical(PETS, next(g for g in has.groups() if g).lower()) or "pet"
        out.append((f"pet:{kind}", kind, f"The user has a {kind}."))
    return out


def untitled(name: str) -> str:
    """The name without a title before it ('Frau Müller' -> 'Müller'), to check it is a name."""
    first, _, rest = name.partition(" ")
    return rest if first.rstrip(".") in TITLES and rest else name


def relative_fact(rel: str, name: str, several: bool = False) -> Found:
    """(slot, name, fact) for a relative; a child's slot, or one of several, carries the name, so two never replace
    each other ("two sons, Omar and Yusuf")."""
    slot = f"relative:{rel}:{name.lower()}" if rel == "child" or (several and rel not in SINGULAR_RELATIVES) else f"relative:{rel}"
    return slot, name, f"The user's {rel} is called {name}."


def relative_word(word: str) -> str | None:
    """The canonical relative for a word, singular or plural ('sons', 'Töchter', 'enfants' -> son, daughter, child)."""
    w = word.lower()
    return PLURALS.get(w) or canonical(RELATIVES, w) or canonical(RELATIVES, rx.sub(r"(?:es|s|n|en|e)$", "", w))


AGE_VERBS = ("de", "di", "da", "aged", "of", "is", "ist", "est", "qui", "que", "che", "who", "en", "a", "tiene", "tem", "ha", "hat", "has")
AGE_WORDS = ("ans", "años", "anos", "anni", "years", "year", "jahre", "yo", "old", "mois", "meses", "mesi", "months", "monate")


def names_listed(text: str) -> list[str]:
    """The names at the start of `text`, as a list: 'Maya and Leo, and a dog' -> ['Maya', 'Leo']; stops at any other word."""
    out = []
    tokens = rx.findall(r"[\w'’-]+|[,&]", text)
    for i, token in enumerate(tokens):
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token in TITLES and rx.fullmatch(ONE_NAME, after) and after not in NOT_NAMES:
            continue  # 'Frau Müller': the title is part of the name that follows
        if rx.fullmatch(ONE_NAME, token) and token not in NOT_NAMES:
            out.append(f"{tokens[i - 1]} {token}" if i and tokens[i - 1] in TITLES else token)
        elif token.lower() in (",", "&", "and", "und", "et", "y", "e", "i", "plus", "pis", "o", "a", "la", "il", "el", "le") and out or \
                token.lower() in ("called", "named", "o", "a", "la", "il", "el", "le"):  # 'a Mimi e a Fusa'
            continue
        elif not out and (token.isdigit() or token.lower() in ("de", "di", "da", "aged", "of") and after.isdigit() or
                          token.lower() in AGE_WORDS and i and tokens[i - 1].isdigit() or token == "," and i and tokens[i - 1].lower() in AGE_WORDS):
            continue  # 'gémeas de 4 anos, a Ana e a Joana': one age before the names
        elif out and (token.isdigit() or token.lower() in AGE_VERBS and any(t.isdigit() for t in tokens[i + 1:i + 4]) or
                      token.lower() in AGE_WORDS and tokens[i - 1].isdigit()):
            continue  # 'Pablo de 7 y Lucía de 4', 'Léa 9 ans pis Mathis 6 ans', 'Maya (6) and Leo (3)': each child's age
        else:
            break
    return out


def read_people(s: str, lang: str) -> list[Found]:
    """Every people slot this sentence fills."""
    return found_name(s) + found_age(s) + found_birthday(s, lang) + with_ages(s, found_relatives(s) + more_pets(s))

"""What a slot reader found, checked and put in canonical form before anything is stored.

Two jobs, both general (no sentence is special-cased):

    canonical   a value the concept lexicon knows is stored as its canonical English value, whatever the language
                it was said in: 'allergic to mariscos' -> allergy:shellfish, 'faccio la veterinaria' -> job
                veterinarian, 'ich nehm Ramipril' -> medication ramipril, 'penicilin' -> penicillin (one typo).
                A value it does not know is kept as said (an allergy to 'kiwi' is still an allergy).
    guard       a value made only of function words, pronouns, determiners, negations, fillers ('fyi', 'btw',
                'lol') or a bare verb is refused: 'allergic to the', 'allergic to my', 'allergic to not food',
                'allergic to passata'. Trailing fillers are cut first ('penicilin fyi' -> 'penicilin'). A refused
                value is not stored; the reading says why, and the model says it did not understand.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import bare, canon, exact

Found = tuple[str, str, str]
FUNCTION = set("""
i me my mine myself you your yours he him his she her hers it its we us our ours they them their theirs this that these
those the a an some any no not none nothing never n't don't doesn't isn't am is are was were be been being do does did
have has had will would can could should may might must to of in on at for with from by about as and or but so if then
than too also very just really still only even yet again more less much many lot lots bit thing things stuff all both
either neither each every other another such one ones what which who whom whose where when why how there here along around away
everything nothing anything something everyone alles nichts etwas tout rien todo algo tudo tutto niente qualcosa
apparently probably maybe perhaps honestly basically seriously definitely obviously actually certainly supposedly
fyi btw lol tbh imo haha hahaha xd ok okay yeah yes yep nope please pls thx thanks sorry well oh ah um uh hmm like though
ich mich mir mein meine meinen meiner du dich dir dein er sie es wir uns unser ihr der die das den dem des ein eine einen
einem einer kein keine keinen nicht nichts auch noch schon nur sehr und oder aber doch ja nein mal halt eben so
je moi mon ma mes tu toi ton ta tes il elle on nous vous ils elles le la les l' un une des du de au aux ce cet cette ces
ne pas plus rien jamais aussi encore très et ou mais donc oui non bon bah ben
yo mi mis tú tu te él ella nosotros vosotros ellos ellas el lo los las uno una unos unas del al no nada nunca también
muy y o pero sí pues bueno eso esto esa ese
eu meu minha meus minhas você ele ela nós eles elas o os as um uma uns umas do da dos das no na nos nas não nada nunca
também muito e ou mas sim pois isso isto essa esse
io mio mia miei mie tu lui lei noi voi loro il lo gli i una uno dei delle degli della dello nel nella non niente mai anche
molto ma sì no però ecco cosa questo questa quello quella che
""".split())
VERBS = set("""
years days weeks months jahre tage ans jours años días anos dias anni giorni
is was be been being go going gone went come coming came get got getting make made take took say said says think thought
know knew feel felt seem seems passed past over done finished stopped
ist war sein gewesen geht ging gegangen vorbei weg gemacht gesagt
est était été passé passée fini finie parti partie fait dit
es era sido pasado pasada pasó terminado terminada hecho dicho
é era foi passou passado passada acabou acabado feito dito
è era stato stata passato passata passati passate finito finita fatto detto
""".split())
FILLER_TAIL = re.compile(r"(?:\s+(?:fyi|btw|lol|tbh|imo|haha\w*|xd|pls|please|though|too|also|as well|anyway|really|"
                         r"obviously|ofc|of course|übrigens|auch|quand même|aussi|también|claro|também|anche|eh|hein))+$", re.I)
NOT_NAMES = set("is was has had are were be the a an it its this that my your his her our their and but or not no just also very "
                "too really still haha lol ok okay yes yeah".split()) | VERBS  # a capitalised slip, never a name ('my dog Is sick')
NOT_NAMES |= set("allergic allergique allergisch alérgico alérgica alergico alergica allergico allergica intolerant intolérant "
                 "intolérante intolerante intollerante pregnant enceinte schwanger embarazada grávida gravida incinta diabetic "
                 "diabétique diabetiker diabético diabética diabetico diabetica vegan vegetarian".split())  # "I'm allergic, so …"
CANONICAL = {"allergy": "food", "intolerance": "food", "job": "job", "medication": "medication", "condition": "condition"}


def refused(value: str) -> str | None:
    """Why `value` is no slot value (every word a function word, filler or verb), or None when it may be one."""
    words = rx.findall(r"[\w'’]+", value.lower().replace("’", "'"))
    if not words:
        return "empty"
    if all(w in FUNCTION or w in VERBS for w in words):
        kind = "a verb" if any(w in VERBS for w in words) else "function words"
        return f"'{value}' is {kind}, not a value (values.py)"
    if words[0] in ("not", "no", "nicht", "kein", "keine", "pas", "non", "não", "nao", "ne"):
        return f"'{value}' is negated, not a value (values.py)"
    if words[0] in CLAUSE_START:  # 'prefiro que não guardes isso': a clause, not a thing
        return f"'{value}' is a clause, not a value (values.py)"
    if len(words) >= 2 and any(w in POINTING for w in words) and canon_any(value) is None:
        return f"'{value}' points at something said, it names nothing (values.py)"  # 'ojo con eso' after 'a la mostaza,'
    return None


POINTING = {"this", "that", "it", "those", "these", "eso", "esto", "ello", "isso", "isto", "aquilo", "ça", "cela", "ceci",
            "das", "dies", "dieses", "quello", "questo", "ciò"}  # words that point back instead of naming


CLAUSE_START = {"that", "que", "dass", "daß", "che", "whether", "ob", "si", "se", "if", "because", "weil", "parce", "porque",
                "perché", "since", "quando", "when", "wenn"}


def canon_any(value: str) -> str | None:
    """The value's concept in any family, or None."""
    return next((c for family in ("food", "diet", "condition", "medication", "job", "hobby") if (c := canon(family, value))), None)


def trimmed(value: str) -> str:
    """`value` without leading function words ('anche ai crostacei' -> 'crostacei', 'also the eggs' -> 'eggs')."""
    words = value.split()
    while len(words) > 1 and words[0].lower().strip("'’") in FUNCTION:
        words = words[1:]
    return " ".join(words)


def rewrite(f: Found, slot: str, value: str) -> Found:
    """`f` with its value replaced in the slot, the value and the fact text ('a veterinaria' -> 'a veterinarian')."""
    old = f[1]
    text = f[2].replace(old, value) if old in f[2] else f[2]
    text = rx.sub(r"\ban? (?=" + re.escape(value) + r"\b)", "an " if value[:1].lower() in "aeiou" else "a ", text)
    return slot, value, text


def settle(f: Found) -> tuple[Found | None, str]:
    """(the fact in canonical form, "") or (None, why it is refused)."""
    slot, value, _ = f
    head, _, what = slot.partition(":")
    if head == "retract" and value.startswith(("allergic to ", "takes ")):
        verb, _, thing = value.partition(" to " if value.startswith("allergic") else " ")
        cut = trimmed(FILLER_TAIL.sub("", thing).strip())
        if (why := refused(cut)):
            return None, why
        family = "food" if value.startswith("allergic") else "medication"
        new = canon(family, cut) or cut
        return rewrite(f, slot, value.replace(thing, new)), ""
    if head == "retract" and (job := canon("job", value)) and job != value:  # 'no longer a camarero' -> waiter
        return rewrite(f, slot, job), ""
    if head in ("job", "hobby", "home city", "name", "vehicle") and rx.fullmatch(r"[\d\s:.,h-]+", value):
        return None, f"'{value}' is a number or a time, not a {head} (values.py)"  # 'trabajo de 8 a 5': no job '8'
    if head in ("name", "nickname", "relative", "pet") and value.lower() in NOT_NAMES:
        return None, f"'{value}' is a function word or verb, not a name (values.py)"  # 'my dog Is sick'
    if head == "language" and value.startswith("not "):  # 'no hablo portugués': a language the user does not speak
        name = canon("language", value[4:]) or value[4:]
        return (f"language:{name.lower()}", f"not {name}", f"The user does not speak {name}."), ""
    if head not in CANONICAL and head not in ("preference", "hobby", "language"):
        return f, ""
    cut = FILLER_TAIL.sub("", value).strip() or value
    if head not in ("preference", "hobby") and (why := refused(cut)) and "negated" in why:
        return None, why  # 'not food': a negation is never trimmed into a value
    cut = cut if head in ("preference", "hobby") or (head == "job" and canon("job", cut) == cut) else trimmed(cut)  # 'no pork', 'likes X', 'IT technician' keep their first word
    said = rx.sub(r"^(?:likes|dislikes|no|not an?|plays the|plays) ", "", cut)  # 'not a morning person': a taste denied if head in ("preference", "hobby") else cut
    if (why := refused(said)):
        return None, why
    family = CANONICAL.get(head)
    new = canon(family, cut) if family else None
    if new is None and head == "allergy":
        new = canon("medication", cut)  # an allergy to a medicine: 'amoxicilin' -> amoxicillin
    if head == "preference" and (seat := canon("seat", said)):
        article = ("an " if seat[0] in "aeiou" else "a ") if seat.endswith("seat") else ""
        return ("preference:seat", seat, f"The user prefers {article}{seat}."), ""
    if head == "language" and (level := rx.fullmatch(r"(.+?) (\((?:basic|learning)\))", said)) and (known := canon(head, level.group(1))):
        return (f"language:{known.lower()}", f"{known} {level.group(2)}", f[2].replace(level.group(1), known)), ""  # 'Russisch (basic)'
    if head in ("hobby", "language") and (known := canon(head, said)) and known != said:  # 'gitarre' -> guitar
        text = rx.sub(rf"(?<!\w){re.escape(said)}(?!\w)", known, f[2])  # whole words: 'The user sings.' stays, not 'singings'
        return (f"{head}:{known.lower()}", value.replace(said, known) if said in value else known, text), ""
    if head == "preference" and new is None and (thing := canon("hobby", said)) and not exact("food", said):  # 'likes vélo' -> likes cycling
        return (f"preference:{thing}", f"{cut[: len(cut) - len(said)]}{thing}", f[2].replace(said, thing)), ""
    if head == "preference" and new is None and (food := canon("food", said)):  # 'dislikes coriandre' -> cilantro
        prefix = cut[: len(cut) - len(said)]
        return (f"preference:{food}", f"{prefix}{food}", f[2].replace(said, food)), ""
    if new is None:
        new = cut
    if head in ("allergy", "intolerance"):
        slot = f"{head}:{new}"
    return rewrite(f, slot, new), ""


def settle_all(found: list[Found]) -> tuple[list[Found], list[str]]:
    """Every fact settled; (kept in canonical form, the reasons for the refused ones). Two items that turn out to be
    the same concept ('nuts and noci') are kept once."""
    kept: list[Found] = []
    why: list[str] = []
    for f in found:
        g, reason = settle(f)
        if g is None:
            why.append(reason)
        elif g not in kept:
            kept.append(g)
    return kept, why

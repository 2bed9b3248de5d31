"""An activity the user has given up, in six languages: 'I quit tennis', 'scratch the swimming, I packed that in',
'Tennis spiel ich nicht mehr', "j'ai arrêté le yoga", 'dejé el pádel', 'deixei o padel', 'non gioco più a calcio'.

    a verb of giving up or a 'no longer' (QUIT)  +  a hobby the concept lexicon knows (concepts.json "hobby")
    -> ('retract', 'plays tennis', 'The user no longer plays tennis.')  ('plays' for a game, 'does' for the rest)

The write path deletes the stored hobby with it (memory_ops.resolve reads 'no longer plays X' as hobby:X). Someone
else's giving up ('my son quit football') is left to the who layer; a hobby named with no giving-up verb is not read.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import find, spans

Found = tuple[str, str, str]
QUIT = re.compile(
    r"\b(?:quit|quitting|gave up|given up|give up|stopped (?:doing|going|playing|\w+ing)|packed (?:\w+ )?in|scratch|no longer|not \w+ (?:\w+ )?any ?more|"
    r"don'?t (?:\w+ )?any ?more|"
    r"nicht mehr|nimmer|kein \w+ mehr|aufgehört|aufgegeben|"
    r"arrêté|arrête|laissé tomber|lâché|ne \w+ plus|n'\w+ plus|j'\w+ plus|"
    r"dejé|dejado|abandoné|ya no|"
    r"deixei|parei|larguei|já não|não \w+ mais|"
    r"smesso|mollato|mollare|lasciato|quitt[ée]e?|abandonn[ée]e?|sac[áa] lo de|scrap(?:ped)?|non \w+ più|nn \w+ più|"
    r"c'est fini|is over for me|se acab[óo]|acabou|ist vorbei|(?:è|e') finit[ao])\b", re.I)
GAMES = {"tennis", "padel", "football", "squash", "golf", "basketball", "volleyball", "badminton", "rugby", "hockey", "chess",
         "table tennis", "handball", "baseball", "cricket", "bridge", "poker", "futsal", "guitar", "piano", "violin", "cello",
         "drums", "ukulele", "bass", "saxophone", "flute", "trumpet"}
INSTRUMENTS = {"guitar", "piano", "violin", "cello", "drums", "ukulele", "bass", "saxophone", "flute", "trumpet"}


def hobby_in(s: str) -> str | None:
    """The first hobby the concept lexicon knows in `s` (the longest name at each place: 'table tennis')."""
    return next((value for _, value in find("hobby", s)), None)


def found_given_up(s: str) -> list[Found]:
    """The hobby the user says they gave up, as a retraction (see the module docstring), or nothing."""
    near = [s[max(0, m.start() - 30):m.start()].split(",")[-1] + " " + m.group(0) + " " + " ".join(s[m.end():].split()[:4])
            for m in QUIT.finditer(s)]  # the hobby given up is next to the verb ('Larguei o jornalismo e … surf' is not)
    h = next((h for text in near if (h := hobby_in(text))), None)
    if h is None:
        return stopped(s) or [("retract", f"learning {lang}", f"The user is no longer learning {lang}.")
                              for lang in next(([v for _, v in find("language", text)][:1] for text in near if find("language", text)), [])]
    verb = hobby_verb(h)
    return [("retract", verb, f"The user no longer {verb}.")]


STOP_TAKING = re.compile(
    r"\b(?:stop(?:ped)? taking|(?:came|come|coming) off|no longer take|don'?t take [\w ]{0,12}any ?more|(?:setze|setzte|hab\w* [\w ]{0,20})abgesetzt|"
    r"nehme? (?:kein\w*|\w+ nicht) (?:[\w ]{0,15})?mehr|arr[êe]t(?:er|[ée]e?|e) (?:de prendre )?|ne prends plus|"
    r"dej[ée] (?:de tomar )?|(?:ya no|no) tomo [\w ]{0,10}|deixei de tomar|parei (?:de tomar|com)|j[áa] n[ãa]o tomo|"
    r"(?:ho )?smesso (?:di prendere )?|(?:ho )?sospeso|non prendo più|"
    # the drug said first, then a pronoun: 'l'antistaminico non lo prendo più', 'ya no lo tomo', "I don't take it any more"
    r"(?:non|nn) (?:lo|la|li|le) prendo pi[ùu]|(?:ya )?no (?:lo|la|los|las) tomo(?: m[áa]s)?|(?:j[áa] )?n[ãa]o (?:o|a|os|as) tomo(?: mais)?|"
    r"je ne (?:le|la|les) prends plus|nehme (?:ich )?(?:es|sie|ihn|die|das) nicht mehr|don'?t take (?:it|them) any ?more|"
    # a doctor stopped it: 'the doctor took me off metformin', 'me ha quitado el ibuprofeno', "m'a retiré le", 'mi ha tolto'
    r"(?:took|taken|has taken|have taken) me off|me (?:ha |han )?(?:quitado|quit[óo]|quitaron|retirado|retir[óo])|"
    r"m'a (?:retir[ée]|arr[êe]t[ée]|supprim[ée])|me (?:tirou|suspendeu)|mi ha (?:tolto|sospeso))", re.I)


def stopped(s: str) -> list[Found]:
    """A medication the user stopped: 'I stopped taking ibuprofen', "le médecin m'a dit d'arrêter l'ibuprofène",
    'Ramipril hab ich abgesetzt', 'dejé el omeprazol', 'ho smesso la cardioaspirina' -> 'The user no longer takes X.'"""
    for m in STOP_TAKING.finditer(s):
        near = s[max(0, m.start() - 30):m.start()].split(",")[-1] + " " + s[m.start():m.end() + 30].split(",")[0]
        if drug := next((v for _, v in find("medication", near)), None):
            return [("retract", f"takes {drug}", f"The user no longer takes {drug}.")]
    return []


def hobby_verb(h: str) -> str:
    """How a hobby is done: 'plays the piano', 'plays tennis', 'swims' (swimming), 'does yoga'."""
    from course_lib.model.offline.lang.slots_open import VERB_FACT

    if h in INSTRUMENTS:
        return f"plays the {h}"
    if h in GAMES:
        return f"plays {h}"
    stem = h[:-3] if h.endswith("ing") and " " not in h else ""
    for base in (stem, stem[:-1] if stem[-2:-1] == stem[-1:] else "", stem + "e"):
        if base and base in VERB_FACT:
            return VERB_FACT[base]  # 'swimming' -> 'swims', 'dancing' -> 'dances'
    return f"does {h}"


# 'the kiwi one isn't true any more', "les œufs c'est fini", 'agli acari non più', 'no wait, not the eggs': a value
# the user holds, named next to a no-longer (or a 'not' after a correction cue), is taken back, whatever the slot.
NO_MORE = re.compile(
    r"\b(?:(?:is|isn'?t|not|no longer) (?:true|the case|right|correct)|isn'?t true|no longer|any ?more|is over|"
    r"(?:stimmt|gilt) nicht mehr|nicht mehr|kein(?:e|en)? (?:Problem|Thema) mehr|nimmer|vorbei|erledigt|"
    r"c'est fini|fini|termin[ée]|n'est plus|ne \w+ plus|plus (?:de|d'|d’)|"
    r"ya no|se acab[óo]|no (?:es|era) (?:verdad|cierto|as[íi])|"
    r"j[áa] n[ãa]o|n[ãa]o \w+ mais|acabou|j[áa] era|"
    r"non (?:\w+ )?pi[ùu]|(?:è|e') finit[ao]|"
    r"(?:take|cross|strike) (?:it |that )?off|streich\w*|enl[èe]ve[sz]?|quita(?:lo|la)?|t[ií]ra(?:lo|la)?|togli(?:lo|la)?)\b", re.I)
NOT_THIS = re.compile(r"\b(?:not|nicht|pas|no|n[ãa]o|non)\s+(?:(?:the|die|der|das|den|les?|la|l'|los|las|el|os|as|o|a|gli|i|il|lo)\s+)?$", re.I)
WRONG = re.compile(r"\b(?:no wait|wait|sorry|actually|hang on|nein|nee|warte|moment|non|attends|pardon|en fait|"
                   r"no|espera|perd[óo]n|n[ãa]o|desculp[ae]|calma|aspetta|scusa|anzi)\b", re.I)
# 'lo del maní era un invento, no soy alérgica', 'aquilo da penicilina foi engano, não sou alérgica': the allergy denied
# with no allergen after it takes back the held one the sentence names (the allergen after it is read by slots_health).
NOT_ALLERGIC = re.compile(
    r"\b(?:(?:i'?m|i am) not (?:really |actually )?allergic|i'?m not allergic after all|(?:ich )?bin (?:doch |gar )?nicht allergisch|"
    r"(?:die )?allergie ist (?:[\w-]+ ){0,3}weg|(?:je ne suis|j'suis|je suis) pas (?:vraiment )?allergique|no soy (?:realmente )?al[ée]rgic[oa]|"
    r"n[ãa]o sou (?:realmente )?al[ée]rgic[oa]|non sono (?:davvero )?allergic[oa]|(?:i'?m|i am) no longer allergic|(?:ich )?bin nicht mehr allergisch|"
    r"(?:je ne suis|j'suis|je suis) plus allergique|ya no soy al[ée]rgic[oa]|j[áa] n[ãa]o sou al[ée]rgic[oa]|n[ãa]o sou mais al[ée]rgic[oa]|"
    r"(?:non|nn) sono (?:più|piu|\+) allergic[oa])\b(?=\s*(?:$|[,.;!)(]|\b(?:after all|doch|"
    r"en fait|finalement|en realidad|al final|afinal|na verdade|in realt[àa]|alla fine)\b))", re.I)
HELD = {"allergy": ("food", "allergic to {}"), "intolerance": ("food", "intolerant to {}"), "hobby": ("hobby", None),
        "medication": ("medication", "takes {}"), "diet": ("diet", "{}")}


def said_no_more(sentence: str, context: list[Found]) -> list[Found]:
    """The held facts (context, latest last) the sentence takes back: their value named (by the concept lexicon,
    in any of its languages) within a few words of a no-longer cue, or right after a 'not' in a correction."""
    held = {}
    for slot, value, _ in context:
        head = slot.partition(":")[0]
        if head in HELD:
            word = slot.partition(":")[2] or value
            held[(HELD[head][0], word.lower())] = (head, word)
    out: list[Found] = []
    for family in {f for f, _ in held}:
        places = [m.span() for m in rx.finditer(r"[\w'’-]+", sentence)]  # the words spans() counts
        for i, n, value in spans(family, sentence):
            start, end = places[i][0], places[i + n - 1][1]
            if (family, value.lower()) not in held or any(value in v for _, v, _ in out):
                continue
            near = clause_of(sentence, start, end)
            before = sentence[:start]
            denied = family == "food" and head_of(held, family, value) == "allergy" and \
                any(d.start() > end for d in NOT_ALLERGIC.finditer(sentence))  # the allergen said first, then denied
            if not (NO_MORE.search(near) or QUIT.search(near) or (NOT_THIS.search(before) and WRONG.search(sentence)) or denied):
                continue
            head, word = held[(family, value.lower())]
            if head == "hobby":
                verb = hobby_verb(word)
                out.append(("retract", verb, f"The user no longer {verb}."))
            else:
                said = HELD[head][1].format(word)
                out.append(("retract", said, f"The user is no longer {said}." if head != "medication" else f"The user no longer {said}."))
    out += [f for f in gone(sentence, context) if f not in out] + ([] if out else owned_mistake(sentence))
    return out + tastes_fixed(sentence, context)


FINE = (r"(?:(?:is|are) (?:fine|ok|okay|alright)|ça va|ça passe|c'est bon|geht (?:schon|klar)|(?:ist|sind) (?:ok|okay|in ordnung|kein problem)|"
        r"est[áa]n? bien|no me molesta|(?:t[áa]|est[áa]|s[ãa]o) de boa|como de boa|(?:va|vanno) bene|non mi d[àa] fastidio)")
CLEFT = re.compile(
    r"\b(?:it'?s|its|c'est(?: surtout| plut[ôo]t)?|es ist|es sind|es|é|è)\s+(?:the |l'|le |la |les |el |los |las |o |a |os |as |il |lo |gli |i |der |die |das )?"
    r"([\w' -]{2,25}?),?\s+(?:(?:den|die|das) ich (?:hasse|nicht mag|nicht ausstehen kann)|"
    r"(?:that |which )?i (?:hate|can'?t stand|dislike|don'?t like)|que je (?:d[ée]teste|supporte pas|n'aime pas|ne supporte pas)|"
    r"lo que (?:odio|no soporto|no me gusta)|que (?:eu )?(?:odeio|detesto|n[ãa]o suporto)|che (?:odio|detesto|non sopporto))\b", re.I)


def tastes_fixed(sentence: str, context: list[Found]) -> list[Found]:
    """A dislike corrected: 'mushrooms are fine' / 'le fenouil ça va' takes back the held dislike it names; 'it's
    olives I hate' / "c'est l'anis que je déteste" is the dislike said instead."""
    out: list[Found] = []
    places = [m.span() for m in rx.finditer(r"[\w'’-]+", sentence)]  # the words spans() counts
    named = {v.lower(): places[i + n - 1][1] for i, n, v in spans("food", sentence)}  # 'fenouil' names fennel
    for slot, value, _ in context:
        what = value[9:] if value.startswith("dislikes ") else ""
        w = rx.search(rf"\b{re.escape(what)}\b", sentence, re.I) if what else None
        end = w.end() if w else named.get(what.lower())
        if slot.startswith("preference:") and end is not None and rx.match(rf"\W*(?:\w+\W+)?{FINE}", sentence[end:], re.I):
            out.append(("retract", value, f"The user no longer {value}."))
    if out or any(v.startswith("dislikes ") for _, v, _ in context):
        for m in CLEFT.finditer(sentence):
            food = find("food", m.group(1))
            what = food[0][1] if food else m.group(1).strip().lower()
            if what and not any(v == f"dislikes {what}" for _, v, _ in out):
                out.append((f"preference:{what}", f"dislikes {what}", f"The user dislikes {what}."))
    return out

NO_LONGER_ALLERGIC = re.compile(r"\b(?:no longer|nicht mehr|plus|ya no|j[áa] n[ãa]o|mais|pi[ùu]|\+)\W+(?:\w+\W+)?allergi|"
                                r"\b(?:no longer|ya no|j[áa] n[ãa]o)\s+(?:\w+\s+)?al[ée]rgi", re.I)  # 'al nichel non sono più allergica'
MISTAKE = re.compile(r"\b(?:mistake|wrong|error|false alarm|fausse alerte|falsa alarma|alarme falso|falso allarme|fehlalarm|"
                     r"invent\w*|made (?:it|that) up|engano|equivoca\w*|erreur|tromp\w*|irrtum|falsch|"
                     r"sbagli\w*|errore|mentira|afinal|after all|turns? out|resulta|stellt sich raus|en fait|na verdade|in realt[àa])\b", re.I)


def owned_mistake(sentence: str) -> list[Found]:
    """An allergy denied as a mistake or as over, nothing held to name it: the one allergen said before the denial
    ('aquilo da penicilina afinal foi engano do médico, não sou alérgica', 'lo de las nueces era un invento, no soy
    alérgica', 'al nichel non sono più allergica', 'sulla penicillina: non sono allergico, era un falso allarme')."""
    d = next(NOT_ALLERGIC.finditer(sentence), None)
    if d is None or not (MISTAKE.search(sentence) or NO_LONGER_ALLERGIC.search(d.group(0))):
        return []
    named = {v for family in ("food", "medication") for _, v in find(family, sentence[:d.start()])}
    if len(named) != 1:
        return []
    said = f"allergic to {named.pop()}"
    return [("retract", said, f"The user is no longer {said}.")]


def head_of(held: dict, family: str, value: str) -> str:
    """The slot head a held value of `family` is under ('allergy' for peanuts held as an allergy)."""
    return held.get((family, value.lower()), ("", ""))[0]


SOLD = re.compile(r"\b(?:sold|got rid of|scrapped|written off|totall?ed|verkauft|verchauft|verschrottet|abgegeben|vertickt|verkloppt|verscherbelt|vendu|revendu|"
                  r"vend[íi]|vend(?:ido|ida)|vendi(?:do|da)?|venduto|venduta|rottamat[oa]|regal(?:é|ato|ata)|donn[ée]e?)\b", re.I)
PET_GONE = re.compile(r"\b(?:died|passed away|put down|rehomed|left us|(?:is|'s) (?:not|n'?t) (?:mine|my (?:cat|dog|pet|rabbit|parrot|bird|hamster|horse|tortoise|turtle))\b|(?:her|his|their) (?:cat|dog) not mine|"
                      r"(?:hat )?uns verlassen|ist nicht (?:mein|meine)|nous a quitt[ée]e?s?|(?:c'|ce )n'(?:est|[ée]tait) pas (?:le |la )?mien(?:ne)?|"
                      r"(?:c'|ce )n'(?:est|[ée]tait) pas mon (?:chat|chien|lapin|perroquet|oiseau)|nos dej[óo]|no es m[íi]o|no era m[íi]o|nos deixou|n[ãa]o [ée] meu|n[ãa]o era meu|"
                      r"ci ha lasciat[oi]|non [èe] mio|non era mio|gave (?:him|her|it) away|(?:is|isn'?t) with (?:me|us) any ?more|lives with [\w ]+ now|"
                      r"gestorben|eingeschläfert|nicht mehr (?:bei (?:mir|uns)|da)|"
                      r"(?:est )?mort[e]?|d[ée]c[ée]d[ée]e?|n'est plus (?:là|avec (?:moi|nous))|"
                      r"muri[óo]|falleci[óo]|ya no est[áa]|"
                      r"morreu|faleceu|n[ãa]o (?:est[áa]|t[áa]) mais|j[áa] n[ãa]o est[áa]|dei (?:ela|ele)|"
                      r"(?:è )?mort[oa]|(?:non|nn) c'[èe] pi[ùu]|non (?:è|sta) pi[ùu] con (?:me|noi))\b", re.I)
SOLD_KINDS = {"scooter": r"scooters?|vespas?|motorin[oi]|roller|lambretta", "motorcycle": r"motas?|motoca"}  # sold, beside slots_vehicles.WORDS
SOLD_KINDS_NEW = {k: w for k, w in SOLD_KINDS.items() if k != "motorcycle"}  # after slots_vehicles' kinds ('kick scooter' first)
RESIGNED = re.compile(r"\b(?:quit my job|left my job|handed in my notice|resigned|(?:ich )?(?:habe |hab )?gekündigt|meinen job (?:aufgegeben|gekündigt)|"
                      r"j'ai d[ée]missionn[ée]|j'ai quitt[ée] mon (?:boulot|travail|poste|job)|renunci[ée]|dej[ée] (?:el|mi) (?:trabajo|curro|laburo)|"
                      r"pedi (?:a )?demiss[ãa]o|me demiti|sa[íi] do (?:emprego|trabalho)|mi sono (?:licenziat[oa]|dimess[oa])|"
                      r"ho lasciato (?:il|il mio) lavoro)\b", re.I)


BROKE_UP = re.compile(r"\b(?:broke up|split up|separated|divorced|(?:am|are|'m|'re) (?:not|no longer) (?:with|together)|aren'?t together|"
                      r"getrennt|geschieden|nicht mehr (?:mit|zusammen)|s[ée]par[ée](?:e|s|es)?|divorc[ée](?:e|s|es)?|"
                      r"(?:ne suis|sommes|suis) plus (?:avec|ensemble)|ya no (?:estoy|estamos) (?:con|juntos)|(?:nos )?separamos|"
                      r"(?:nos )?divorciamos|terminamos|cortamos|j[áa] n[ãa]o (?:estou|estamos|t[ôo]) (?:com|juntos)|"
                      r"n[ãa]o (?:estou|estamos|t[ôo]) mais (?:com|juntos)|terminei com|separ(?:ei|amos)|ci siamo lasciati|"
                      r"mi sono lasciat[oa]|separat[io]|non sto più con|non stiamo più insieme|divorziat[oi])\b", re.I)


def gone(sentence: str, context: list[Found]) -> list[Found]:
    """A held vehicle sold ('de Golf isch verchauft', 'vendí la moto'), a held pet gone ('Ciuffo nn c'è più'), the
    held job left ('I handed in my notice', 'pedi demissão'), a held home left ('non abitiamo più a Torino')."""
    from course_lib.model.offline.lang.slots_vehicles import WORDS

    def kind(text: str) -> str | None:
        return next((k for k, words in {**{k: w + (f"|{SOLD_KINDS[k]}" if k in SOLD_KINDS else "") for k, w in WORDS.items()}, **SOLD_KINDS_NEW}.items() if rx.search(rf"\b(?:{words})\b", text, re.I)), None)

    out: list[Found] = []
    for slot, value, _ in context:
        if slot == "vehicle" and SOLD.search(sentence) and (
                any(len(w) > 2 and rx.search(rf"\b{re.escape(w)}\b", sentence, re.I) for w in value.split())
                or (kind(value) and kind(value) == kind(sentence))):
            had = f"{'an' if value[:1].lower() in 'aeiou' else 'a'} {value}"
            out.append(("retract", f"has {had}", f"The user no longer has {had}."))
        elif slot.startswith("pet:") and rx.search(rf"\b{re.escape(value.split(',')[0])}\b", sentence) and PET_GONE.search(sentence):
            value = value.split(",")[0]  # 'Filou, 15'
            out.append(("retract", f"has a {slot[4:]} called {value}", f"The user no longer has a {slot[4:]} called {value}."))
        elif slot == "relative:partner" and BROKE_UP.search(sentence) and rx.search(rf"\b{re.escape(value)}\b", sentence):
            out.append(("retract", f"partner {value}", f"The user is no longer with their partner {value}."))  # 'Mia and I split up'
        elif slot == "job" and RESIGNED.search(sentence):
            out = [f for f in out if not f[1].startswith("works as ")]  # the latest job only
            job = f"{'an' if value[:1].lower() in 'aeiou' else 'a'} {value}"
            out.append(("retract", f"works as {job}", f"The user no longer works as {job}."))
    if not out and not any(s in ("vehicle", "relative:partner") for s, _, _ in context):
        out += unheld(sentence, kind)
    for city in {v for s, v, _ in context if s == "home city"}:  # 'non abitiamo più a Torino'
        m = rx.search(rf"\b{re.escape(city)}\b", sentence)
        if m and (NO_MORE.search(clause_of(sentence, m.start(), m.end())) or NOT_THIS.search(sentence[:m.start()]) and WRONG.search(sentence)):
            said = [p for p in rx.findall(r"(?<!^)(?<![.!?] )\b([A-ZÀ-Ý][a-zà-ÿ]+(?:[ -][A-ZÀ-Ý][a-zà-ÿ]+)*)", sentence[:m.start()]) if p != city]
            if NOT_THIS.search(sentence[:m.start()]) and len(said) == 1:  # 'volevo dire Vicenza, non Verona': the place said instead
                out.append(("home city", said[0], f"The user lives in {said[0]}."))
                continue
            out.append(("retract", f"lives in {city}", f"The user no longer lives in {city}."))
    return out


PARTNER_NAMED = re.compile(  # the partner named beside the user: 'Marc et moi', 'ich und Lena', 'broke up with Sam', 'ya no estoy con Pablo'
    r"(?-i:\b([A-ZÀ-Ý][a-zà-ÿ]+)) (?:and i|and me|et moi|y yo|e eu|e io|und ich)\b|\b(?:me and|moi et|ich und|yo y|eu e|io e) (?-i:([A-ZÀ-Ý][a-zà-ÿ]+))\b|"
    r"\b(?:broke up with|split (?:up )?with|separated from|divorced|(?:not|no longer) with|getrennt von|mit (?-i:(?=[A-ZÀ-Ý]))|s[ée]par[ée]e? de|"
    r"plus avec|(?:ya no estoy|terminé|corté) con|separ[ée] de|(?:n[ãa]o estou mais|j[áa] n[ãa]o estou|terminei) com|(?:non sto più|mi sono lasciat[oa]) con) "
    r"(?-i:([A-ZÀ-Ý][a-zà-ÿ]+))\b", re.I)
MINE_SOLD = re.compile(r"\b(?:i|ich|je|j'ai|yo|eu|io)\b|\b(?:my|mein\w*|ma|mon|mi|meu|minha|mia|mio)\s|\b(?:vend[íi]|vendi|ho vendut[oa]|hab\w* \w+ verkauft)\b", re.I)


def unheld(sentence: str, kind) -> list[Found]:
    """What is given up with nothing held in the conversation to name it: a vehicle of a kind the sentence says, sold
    by the user ('vendi a moto', 'I sold my car'); a partner named beside the user, left ('Marc et moi on s'est séparés')."""
    if SOLD.search(sentence) and (k := kind(sentence)) and MINE_SOLD.search(sentence):
        return [("retract", f"has a {k}", f"The user no longer has a {k}.")]
    if BROKE_UP.search(sentence) and (m := PARTNER_NAMED.search(sentence)):
        name = next(g for g in m.groups() if g)
        return [("retract", f"partner {name}", f"The user is no longer with their partner {name}.")]
    return []


def clause_of(sentence: str, start: int, end: int) -> str:
    """The clause of `sentence` that holds the span start:end (cut at punctuation)."""
    cut = [m.end() for m in rx.finditer(r"[,;:.!(]|\b(?:but|aber|pero|però)\b", sentence[:start], re.I)]  # an aside, a 'but'
    parts = rx.split(r"[,(]", sentence[cut[-1] if cut else 0:])
    return ",".join(parts[:2]) if len(parts[0].split()) <= 3 else parts[0]  # 'Le lait, c'est fini': a topic said first

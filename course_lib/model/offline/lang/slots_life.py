"""Slots about where and how the user lives: home city, job, budget, trips, likes and dislikes, hobbies.

A move "from Lisbon to Porto" gives the city moved to; "I'm from Accra originally but I live in London" gives
London (where someone is from is not where they live).
"""
from __future__ import annotations

import re

from course_lib.model.offline.lang.concepts import canon, find
from course_lib.model.offline.lang.lexicon import DIETS, FAITHS, NATIONALITIES, alternation
from course_lib.model.offline.lang.numbers import money
from course_lib.model.offline.lang.slots_likes import found_preference  # likes and dislikes: their own module
from course_lib.model.offline.lang.slots_pastimes import found_study

Found = tuple[str, str, str]
DIET_WORDS = alternation(DIETS)
PLACE = r"(?-i:((?:[A-Z]{2,5}\b|[A-ZÀ-Ý](?=[\w'’-]*[a-zà-ÿ])[\w'’-]+)(?:[ -](?:de |do |da |del |am |an der |sur )?[A-ZÀ-Ý][\w'’-]+)*))"
ANY_PLACE = r"([A-Za-zÀ-ÿ][\w'’-]+(?:[ -](?-i:[A-ZÀ-Ý])[\w'’-]+)*)"  # 'i live in manchester': typed without a capital
LIVE = (r"\b(?:i|we) (?:don'?t |do not |no longer |never )?(?:now |still |currently )?(?:live|reside|am living|are living)(?: now)? in|\bje n'habite plus (?:[àa]|en)|\b(?:i'?m|i am|we'?re) (?:now )?(?:based|living) in|"
        r"^(?:live|based|living|still) in|^still (?:living|based) in|(?:^|[,;]\s*|\band\s+)(?:just |recently |finally )?(?:moved|relocated) to|\b(?:i|we)(?:'ve| have) lived in|\bbased in|(?<!flight )\bhome(?: for me)? is|\b(?:i|we)(?:'ve| have)? (?:just )?(?:moved|relocated) to|"
        r"(?:\b(?:ich|wir|und) |^|, )(?:wohne|wohnen|lebe|leben)(?: jetzt| alle| seit [\w ]+?| nicht mehr)?(?: (?:im|in der|bei) [\w.]+(?: [\w.]+)?)? in|\bon (?:habite|vit) (?:[àa]|en)|"
        r"\b(?:t[ôo]|estou|estamos) morando (?:em|no|na)|\b(?:me vine|me fui|nos vinimos|nos fuimos) a vivir a|\bsto a(?=\s(?-i:[A-ZÀ-Ý]))|\bje (?:vis|suis install[ée]e?)(?: maintenant| désormais| actuellement)? [àa]|\bj'habite(?: maintenant| désormais| actuellement)? (?:[àa]|en)|"
        r"\b(?:me mud[ée]|nos mudamos|me he mudado|nos hemos mudado) a|\b(?:mudei-me|me mudei|mudámo-nos|mudamo-nos|nos mudamos) para|"
        r"\b(?:mi sono|ci siamo) trasferit[oiae] ad?|\b(?:j'ai|nous avons|on a) d[ée]m[ée]nag[ée]s? [àa]|\bje me suis install[ée]e? [àa]|"
        r"\bnous habitons [àa]|\bvivo en|\bvivimos en|\b(?:eu )?(?:moro|vivo) (?:em|no|na)|\bmoramos (?:em|no|na)|\babito ad?|\bvivo ad?|\babitiamo ad?")
MOVED = (r"\b(?:moved|relocated|gezogen|umgezogen|d[ée]m[ée]nag[ée]s?|mud[áa]mos|nos mudamos|mud[áa]mo-nos|mudei-me|trasferit[oia]|me cambi[ée]|nos cambiamos)\b"
         r".*?\b(?:from|von|de|du|desde|do|da)\s+\S+(?: \S+)?\s+(?:to|nach|[àa]|a|para|pra|in)\s+(?:o |a |the |le |la |el )?" + PLACE)
NOT_PLACES = {"I", "The", "A", "My", "Our", "Town", "City", "Home"}
JOB_AS = (r"\b(?:i'?m|i am) an? ([\w-]+) by (?:trade|profession)|\b(?:i|i'?m|i am) (?:working |employed )?as an? ([\w -]+?)|(?:^\W*|, )(?:working|employed) as (?:an? )?([\w -]+?)|\bi work (?:[\w ]+? )?as an? ([\w -]+?)|(?:\bich |^\W*|, )arbeite? als ([\w -]+?)|"
          r"\bje (?:travaille|bosse|taff?e?) comme ([\w -]+?)|\ben tant que ([\w -]+?)|\b(?:trabajo|curro|laburo|chambeo)(?: en [\w ]{3,30}?)? (?:de|como) ([\w -]+?)|"
          r"\btrabalho (?:[\w ]{3,30}? )?como ([\w -]+?)|\blavoro (?:[\w ]{3,30}? )?come ([\w -]+?)|\bich bin ([\w-]+?) von beruf")
JOB_END = r"(?=\s*(?:[.!,;(]|$| now\b| au\b| aux\b| al\b| ao\b| so\b| donc\b| because\b| weil\b| porque\b| perché\b| quindi\b| então\b| entonces\b| out\b| dans\b| num\b| numa\b| no\b| na\b| nella\b| nel\b| presso\b| in una?\b| desde\b| dal\b| da\b| and\b| im\b| am\b| in der\b| beim\b| und\b| et\b| y\b| e\b| but\b| mais\b| pero\b| ma\b| at\b| in\b| for\b| by trade| since\b| from home| bei\b| chez\b| à\b| en\b| em\b| a\b| da\b| de\b| seit\b| los\b| las\b| les\b| the\b| on\b| every\b| cada\b| todos\b| tous\b| jeden\b| ogni\b| nos\b| nas\b| nei\b| nel\b))"
JOB_WORDS = (r"(?:[\w-]+ )?(?:nurse|teacher|engineer|developer|programmer|doctor|lawyer|architect|designer|chef|cook|baker|"
             r"student|translator|accountant|pharmacist|dentist|journalist|writer|artist|musician|farmer|electrician|plumber|"
             r"carpenter|pilot|scientist|researcher|librarian|archivist|consultant|manager|analyst|physiotherapist|"
             r"\w+ist|\w+ian|informatiker(?:in)?|lehrer(?:in)?|[äa]rzt(?:in)?|krankenpfleger(?:in)?|ingenieur(?:in)?|entwickler(?:in)?|"
             r"professeure?|infirmi[èe]re?|m[ée]decin|d[ée]veloppeur(?:se)?|ing[ée]nieure?|avocate?|"
             r"profesora?|enfermer[oa]|m[ée]dic[oa]|ingenier[oa]|abogad[oa]|professora?|engenheir[oa]|advogad[oa]|"
             r"insegnante|infermier[ea]|ingegnere|avvocat[oa]|programmat(?:ore|rice)|"
             # by the ending that makes a job noun in each language: Lehrer, architecte, enfermeira, cameriere …
             r"\w{3,}(?:eur|euse|ienne|iste|ier|ière|ecte|erin|istin|ero|era|ista|eiro|eira|iere|iera|tore|trice|ólog[oa]|ologue|"
             r"olog[oa]|ologe|ologin|ographer|ógraf[oa]|ographe|ograf[oa]|iker|ikerin|eute|eutin))(?: de \w+| di \w+)?")
NOT_JOBS = {"bit", "little", "fan", "lot", "vegetarian", "vegan", "pescatarian", "person", "mess", "diabetic", "coeliac",
            "soltero", "soltera", "solteiro", "solteira", "extranjero", "extranjera", "estrangeiro", "estrangeira", "primero",
            "primera", "primeiro", "primeira", "sincero", "sincera", "carnívoro", "entier", "premier", "première", "dernier",
            "dernière", "étrangère", "étranger", "fier", "fière", "heureuse", "amoureuse", "chanteuse", "optimiste", "pessimiste",
            "realista", "optimista", "pessimista", "interessante", "importante", "elegante", "diabetiker", "vegetarier",
            "veganer", "veganerin", "vegetarierin", "pescetarier", "allergiker", "allergikerin", "asthmatiker", "fahrer",
            "anfänger", "anfängerin", "principiante", "debutante", "stagiaire", "nouvelle", "intolerante", "alérgic",
            "noche", "noches", "día", "dia", "tarde", "mañana", "madrugada", "manhã", "nuit", "notte", "giorno", "turno",
            "turnos", "casa", "home"}  # 'trabajo de noche', 'trabajo desde casa': when or where, not what
BUDGET = (r"\b(?:budget|spend|limit|cap|max(?:imum)?|a head|per (?:person|head)|each|pp|presupuesto|or[çc]amento|"
          r"pro (?:person|kopf)|par personne|por persona|por pessoa|a persona|a testa|ausgeben|d[ée]penser|gastar|spendere|"
          r"massimo|m[áa]ximo|h[öo]chstens|maximal|pas plus de|no m[áa]s de|at[ée]|fino a)\b")
TRIP = (r"\b(?:i'?m|i am|we'?re|we are)? ?(?:flying|going|heading|travell?ing|off) to|\b(?:i|we) (?:fly|travel) to|\bvisiting [\w ]*? in|"
        r"\b(?:trip|holiday|weekend|vacation) (?:to|in)|\bfliege (?:ich )?nach|\bfahre (?:ich )?nach|\breise (?:ich )?nach|"
        r"\bje pars (?:à|a|en)|\bje vais (?:à|a|en)|\bviajo a|\bvoy a|\bvou (?:a|para)|\bvado a|\bparto per|"
        r"\b(?:on part (?:à|a|en|pour)|nous partons (?:à|a|en|pour)|on va (?:à|a|en)|wir fahren nach|wir fliegen nach|"
        r"partimos (?:a|para)|vamos a|vamos para|andiamo a|partiamo per)|\b(?:voyage|reise|viaje|viagem|viaggio|urlaub|vacances|vacaciones|f[ée]rias|vacanze) (?:à|a|en|nach|in|para|em)")


def place(m: re.Match[str]) -> str | None:
    """The place a match names, capitalised; None for a word that is no place."""
    name = next((g for g in m.groups() if g), "").strip()
    name = " ".join(w[:1].upper() + w[1:] for w in name.split())
    return None if not name or name.split()[0] in NOT_PLACES else name


def found_home(s: str) -> list[Found]:
    """'I live in Lisbon', 'j'habite à Lyon', 'we relocated from Lisbon to Porto', 'ich bin nach Bonn gezogen'."""
    m = re.search(MOVED, s, re.I) or re.search(rf"\b(?:ich bin|wir sind) (?:\w+ )*?nach {PLACE} (?:\w+ )?(?:um)?gezogen\b", s, re.I)
    if m is None:
        hits = [m for m in re.finditer(rf"(?:{LIVE})\s+(?:the |o |la |el )?{PLACE}", s, re.I)]  # 'mudei-me para o Porto'
        hits = hits or [m for m in re.finditer(rf"(?:{LIVE})\s+(?:the |o |la |el )?{ANY_PLACE}", s, re.I)]
        hits += [m for m in re.finditer(rf"\b(?:sondern|mais|sino|mas|ma) (?:in|à|en|em|a|no|na)\s+{PLACE}", s, re.I)]
        said = [m for m in hits if not negated_home(s, m)]
        if not said and hits:  # 'Já não moro em Lisboa': the city is taken back, no new one given
            city = place(hits[-1])
            return [("retract", f"lives in {city}", f"The user no longer lives in {city}.")] if city else []
        m = said[-1] if said else None
    city = place(m) if m else None
    return [("home city", city, f"The user lives in {city}.")] if city else []


def negated_home(s: str, m: re.Match[str]) -> bool:
    """Is this 'I live in X' said as no longer true ('I don't live in Leeds any more', 'ya no vivo en Madrid')?"""
    span = s[max(0, m.start() - 12):m.end()].lower()
    after = s[m.end():m.end() + 40].lower()
    return bool(re.search(r"\b(?:don'?t|do not|no longer|never|nicht mehr|n'|ya no|no (?=vivo|vivimos)|j[áa] n[ãa]o|n[ãa]o|non)\b", span)
                or re.search(r"^[^,.;]*?\b(?:any ?more|anymore|nicht mehr|plus)\b", after))


def a_or_an(noun: str) -> str:
    """'an archivist', 'a luthier'."""
    return ("an " if noun[:1].lower() in "aeiouéí" else "a ") + noun


NO_LONGER_JOB = (r"\b(?:i'?m|i am) (?:no longer|not) (?:an? )?({JOB})(?: any ?more)?\b|\bi (?:no longer|don'?t) work as an? ({JOB})|"
                 r"\bich bin (?:kein(?:e|er)? |nicht mehr )({JOB})(?: mehr)?\b|\bje ne suis plus (?:un |une )?({JOB})|"
                 r"\bya no (?:soy|trabajo (?:de|como)) ({JOB})|\bj[áa] n[ãa]o (?:sou|trabalho como) ({JOB})|"
                 r"\bnon (?:sono|lavoro come) più (?:un |una )?({JOB})|\bnon faccio più (?:il |la |l')({JOB})")


COPULA = (r"\b(?:i'?m|i am|i work as|ich bin|ich arbeite als|je suis|je travaille comme|soy|trabajo de|trabajo como|curro de|laburo de|sou|"
          r"trabalho como|sono|lavoro come|faccio)\s+(?:an? |un |une |uma? |una |un'|el |la |il |lo |o |a |l')?")


COPULA_AND = (r"\b(?:i'?m|i am|ich bin|je suis|soy|sou|sono)\s[^,.;]*?\b(?:and|und|et|y|e)\s+"
              r"(?:an? |un |une |uma? |una |un'|el |la |il |lo |o |a |l')?")


def found_job(s: str) -> list[Found]:
    """'I work as an archivist', 'I'm a software engineer at …', 'Je suis développeur', 'Soy profesor de historia';
    "I'm no longer a teacher" takes the job back."""
    if (gone := re.search(NO_LONGER_JOB.replace("{JOB}", JOB_WORDS), s, re.I)) and \
            (s[gone.end():].strip(" .!").split()[:1] in ([], ["any"], ["anymore"], ["mehr"]) or "no longer" in gone.group(0).lower()
             or "plus" in gone.group(0).lower() or "ya no" in gone.group(0).lower() or "não" in gone.group(0).lower()
             or "più" in gone.group(0).lower() or "nicht mehr" in gone.group(0).lower()):
        job = next(g for g in gone.groups() if g).lower()
        if not re.fullmatch(DIET_WORDS, job, re.I) and job not in NOT_JOBS:  # 'no longer pescatarian' is a diet (slots_health)
            now = [f for f in found_job(s[gone.end():]) if f[0] == "job"]  # '…, ahora soy conductor de autobús'
            return [("retract", job, f"The user is no longer {a_or_an(job)}."), *now]
    if study := found_study(s):  # 'studio medicina', "I'm a second-year chem student": '<field> student'
        return study
    m = re.search(rf"(?:{JOB_AS}){JOB_END}", s, re.I)
    job = next((g for g in m.groups() if g), None) if m else None
    if job is None:
        m = re.search(rf"\b(?:i'?m|i am|ich bin|je suis|soy|sou|sono|faccio (?:il|la|l'|lo|er))\s*(?:an? |un |une |uma? |un'?)?({JOB_WORDS}){JOB_END}", s, re.I)
        job = m.group(1) if m else None
    for cop in ([] if job else [*re.finditer(COPULA, s, re.I), *re.finditer(COPULA_AND, s, re.I)]):  # '… and retired'   # 'ahora soy conductor de autobús': a job the lexicon knows
        known = find("job", s[cop.end():cop.end() + 40])
        if known and known[0][0] == 0:
            job = known[0][1]
            break
    if job is None and (t := re.search(r"\b(?i:ich bin)\s+([A-ZÄÖÜ][a-zäöüß]+(?:er|erin|eur|eurin|ist|istin|ant|antin|ent|entin|"
                                       r"schwester|pfleger|pflegerin|arzt|ärztin|koch|köchin|frau|mann|kraft))\b", s)) \
            and t.group(1).lower() not in NOT_JOBS and not re.fullmatch(rf"(?:{NATIONALITIES})", t.group(1), re.I):
        job = t.group(1)  # German: 'Ich bin Krankenschwester' (a capitalised noun with no article is a profession)
    if job is None and (t := re.search(r"\bi teach (\w+)", s, re.I)):
        job = f"{t.group(1).lower()} teacher"
    if job is None and (t := re.search(r"\bje suis (prof(?:esseure?)?(?: de \w+)?)\b", s, re.I)):
        job = t.group(1)
    if job is None and re.search(r"\b(?:i'?m|i am) (?:now |happily )?retired\b|\bich bin (?:in )?rente\b|\bich bin pensioniert|"
                                 r"\bje suis (?:à la )?retrait[ée]e?|\bestoy jubilad[oa]|\bsoy jubilad[oa]|\bestou reformad[oa]|"
                                 r"\bsou aposentad[oa]|\bsono in pensione", s, re.I):
        return [("job", "retired", "The user is retired.")]
    if job is None and (t := re.search(r"\bi work in (?!the\b)(?-i:([a-z][\w-]+(?: [a-z][\w-]+)?))(?=\s*(?:[.!,;]|$| and\b| at\b| for\b))", s, re.I)):
        return [("job", f"in {t.group(1)}", f"The user works in {t.group(1)}.")]
    if job is None:
        return []
    at = s.lower().find(job.lower(), m.start()) if m else -1
    if canon("job", job) and at >= 0 and (known := find("job", s[at:at + 60])) and known[0][0] == 0:
        job = known[0][1]  # 'chauffeur de bus', 'ingeniera de software': the longest job the lexicon knows from there
    job = re.sub(r"^(?:an?|un|une|uma?|el|la|o|a|il|lo) ", "", job.strip(), flags=re.I)
    if not job or job.split()[-1].lower() in NOT_JOBS or re.fullmatch(DIET_WORDS, job.split()[-1], re.I) or \
            (canon("diet", job) and not canon("job", job)) or (canon("condition", job) and not canon("job", job)) or \
            re.fullmatch(rf"(?:{NATIONALITIES}|{FAITHS})", job.split()[-1], re.I):
        return []
    job = job if job.isupper() or re.search(r"[A-Z]{2}", job) else job.lower()
    if job in ("retired", "unemployed"):  # a state, not a job title
        return [("job", job, f"The user is {job}.")]
    return [("job", job, f"The user works as {a_or_an(job)}.")]


SET_ASIDE = (r"\b(?:set aside|put aside|saved|budgeted|planned|allowed|eingeplant|zurückgelegt|gespart|vorgesehen|pr[ée]vu|"
             r"mis de c[ôo]t[ée]|[ée]conomis[ée]|tenemos|ahorrado|reservado|temos|poupado|guardado|abbiamo|messo da parte|previsto|"
             r"risparmiato|en total|no total|in totale|insgesamt|in total)\b")
PURPOSE = r"\b(?:for (?:the|our|my)|f[üu]r (?:die|den|das|unsere?n?)|pour (?:le|la|les|notre|nos)|para (?:el|la|los|nuestro|nuestra|o|a|os|nosso|nossa)|per (?:il|la|lo|le|i|nostro|nostra))\s+(\w+)"


def found_budget(s: str) -> list[Found]:
    """An amount said with a budget word ('Dinner budget is 60 euros per person', 'max 35 quid a head') or with
    a verb of setting money aside ('Für die Hochzeit haben wir 14.500 € eingeplant'). What it is for, when the
    concept lexicon knows it (wedding, honeymoon, trip …; dinner is the default), names the slot: budget:wedding."""
    amount = money(s)
    if not amount or not (re.search(BUDGET, s, re.I) or re.search(SET_ASIDE, s, re.I)):
        return []
    purpose = next((canon("purpose", m.group(1)) for m in re.finditer(PURPOSE, s, re.I) if canon("purpose", m.group(1))), None)
    if purpose is None and (before := re.search(r"(\w+)[ -]?(?:budget|presupuesto|or[çc]amento)\b", s, re.I)):
        purpose = canon("purpose", before.group(1))  # 'our wedding budget'; 'Hochzeitsbudget' stays unread
    if purpose and purpose != "dinner":
        return [(f"budget:{purpose}", amount, f"The user's {purpose} budget is {amount}.")]
    return [("budget", amount, f"The user's budget is {amount}.")]


def found_trip(s: str) -> list[Found]:
    """'I'm flying to Oslo next Thursday', 'Nächste Woche fliege ich nach Wien'."""
    m = re.search(rf"(?:{TRIP})\s+(?:the |my parents in |my \w+ in )?{PLACE}", s, re.I)
    city = place(m) if m else None
    return [("trip", city, f"The user has a trip to {city}.")] if city else []


def found_hobby(s: str) -> list[Found]:
    """'I play the cello' -> hobby:cello."""
    m = re.search(r"\bi (?:play|practise|practice)\s+(?:the )?([\w-]+)", s, re.I)
    if m and m.group(1).lower() not in ("it", "games", "with", "around"):
        thing = m.group(1).lower()
        return [(f"hobby:{thing}", f"plays the {thing}", f"The user plays the {thing}.")]
    return []


HOTEL_WORD = r"(?:hotel|h[ôo]tel|hostel|hostal|pension|pousada|albergo|auberge|r[ée]sidence|b&b|inn|resort|parador|posada|gasthof|gasthaus|pensi[óo]n)"
LINK = r"(?:de|des|du|do|da|dos|das|del|di|della|of|the|la|le|les|am|an|zum|zur|&)"
HOTEL_NAME = rf"(?-i:((?:(?i:{HOTEL_WORD})|[A-ZÀ-Ý][\w'’-]+)(?:[ -](?:(?i:{LINK}) )*[A-ZÀ-Ý0-9][\w'’-]*)*))"
STAY = (r"\b(?:(?:i'?m|i am|we'?re|we are|i'?ll be|we'?ll be|we shall be|i will be|we will be|i'?ve been|we'?ve been) )?staying at (?:the )?|"
        r"\b(?:ich )?(?:übernachte|übernachten|bin untergebracht|sind untergebracht|schlafe|schlafen) (?:im|in der|in dem|in|bei) |"
        r"\bwir (?:übernachten|schlafen|sind) (?:im|in der|in dem) |"
        r"\b(?:je (?:loge|séjourne|dors)|on (?:loge|dort)|nous (?:logeons|séjournons|dormons)) (?:[àa] l'|au |[àa] la |dans l'|dans un |chez )?|"
        r"\b(?:me alojo|nos alojamos|me hospedo|nos hospedamos|me quedo|nos quedamos) en (?:el |la )?|"
        r"\b(?:fico|ficamos|vou ficar|vamos ficar|estou hospedad[oa]|estamos hospedad[oa]s|me hospedo|nos hospedamos) (?:no |na |num |numa |em )|"
        r"\b(?:alloggio|alloggiamo|dormo|dormiamo|soggiorno|soggiorniamo|sto|stiamo) (?:all'|al |alla |presso (?:l'|il |la )?|in )")


def found_hotel(s: str) -> list[Found]:
    """'we shall be staying at the Hotel Almirante', 'Me alojo en el Hotel Miradouro', "Alloggio all'Hôtel des Grands
    Boulevards", 'Wir übernachten im Hotel Adler' -> hotel. A bare name counts after 'staying at' or an unambiguous
    verb ('staying at the Hilton'); after a verb that also says where one lives or is ('sto a', 'fico em') only a
    name that starts with a hotel word ('Hotel', 'Pousada', 'B&B')."""
    for m in re.finditer(rf"(?:{STAY}){HOTEL_NAME}", s, re.I):
        name = m.group(1).strip()
        words = s[m.start():m.start(1)].lower()
        hotel_first = re.match(HOTEL_WORD, name, re.I) is not None
        bare_ok = re.search(r"staying at|alojo|alojamos|hospedo|hospedamos|alloggio|alloggiamo|übernachte|loge|séjourne", words)
        if name.endswith(("'s", "’s")) or not (hotel_first or bare_ok) or name.split()[0] in NOT_PLACES:
            continue
        return [("hotel", name, f"The user is staying at the {name}.")]
    return []


def read_life(s: str) -> list[Found]:
    """Every home, work, money, travel and taste slot this sentence fills."""
    return found_home(s) + found_job(s) + found_budget(s) + found_trip(s) + found_preference(s) + found_hobby(s) + found_hotel(s)

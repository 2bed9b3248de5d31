"""Slots about where and how the user lives: home city, job, budget, trips, likes and dislikes, hobbies.

A move "from Lisbon to Porto" gives the city moved to; "I'm from Accra originally but I live in London" gives
London (where someone is from is not where they live).
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.clauses import BOUNDARY
from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.numbers import amount_now, money
from course_lib.model.offline.lang.slots_likes import found_preference  # likes and dislikes: their own module
from course_lib.model.offline.lang.slots_vehicles import found_vehicles
from course_lib.model.offline.lang.slots_jobs import found_job
from course_lib.model.offline.lang.values import FUNCTION

Found = tuple[str, str, str]
PLACE = r"(?-i:((?:[A-Z]{2,5}\b|[A-ZÀ-Ý](?=[\w'’-]*[a-zà-ÿ])[\w'’-]+)(?:[ -](?:de |do |da |del |am |an der |sur )?[A-ZÀ-Ý][\w'’-]+)*))"
ANY_PLACE = r"([A-Za-zÀ-ÿ][\w'’-]+(?:[ -](?-i:[A-ZÀ-Ý])[\w'’-]+)*)"  # 'i live in manchester': typed without a capital
LIVE = (r"\b(?:i|we) (?:don'?t |do not |no longer |never )?(?:now |still |currently )?(?:live|reside|am living|are living)(?: now)? in|\bje n'habite plus (?:[àa]|en)|\b(?:i'?m|i am|we'?re) (?:now )?(?:based|living) in|"
        r"^(?:live|based|living|still) in|^still (?:living|based) in|(?:^|[,;]\s*|\band\s+)(?:just |recently |finally )?(?:moved|relocated) to|\b(?:i|we)(?:'ve| have) lived in|\bbased in|(?<!flight )\bhome(?: for me)? is|\b(?:i|we)(?:'ve| have)? (?:(?:just|finally|recently|eventually|actually|now|officially|already|also|since) )*(?:moved|relocated) to|"
        r"(?:\b(?:ich|wir|und) |^|, )(?:wohne|wohnen|lebe|leben)(?: jetzt| alle| seit [\w ]+?| nicht mehr)?(?: (?:im|in der|bei) [\w.]+(?: [\w.]+)?)? in|\bon (?:habite|vit) (?:[àa]|en)|"
        r"\b(?:t[ôo]|estou|estamos) morando (?:em|no|na)|\b(?:me vine|me fui|nos vinimos|nos fuimos) a vivir a|\bsto a(?=\s(?-i:[A-ZÀ-Ý]))|\bje (?:vis|suis install[ée]e?)(?: maintenant| désormais| actuellement)? [àa]|\bj'habite(?: maintenant| désormais| actuellement)? (?:[àa]|en)|"
        r"\b(?:me mud[ée]|nos mudamos|me he mudado|nos hemos mudado) a|\b(?:mudei-me|me mudei|mudámo-nos|mudamo-nos|nos mudamos) para|"
        r"\b(?:mi sono|ci siamo) trasferit[oiae] ad?|\b(?:j'ai|nous avons|on a) d[ée]m[ée]nag[ée]s? [àa]|\bje me suis install[ée]e? [àa]|"
        r"\bnous habitons [àa]|\bvivo en|\bvivimos en|\b(?:eu )?(?:moro|vivo) (?:em|no|na)|\bmoramos (?:em|no|na)|\babito ad?|\bvivo ad?|\babitiamo ad?")
LIVE_MORE = (  # verb-second German, 'been living in', a place one 'stays' in (Québec 'je reste à'), 'yo estoy en X' said of oneself
    r"\b(?:wohne|lebe) ich (?:[\w.]+ ){0,5}?in|\b(?:wohnen|leben) wir (?:[\w.]+ ){0,5}?in|\bich (?:\w+ )?(?:wohne|lebe) (?:[\w.]+ ){0,5}?in|\bwir (?:\w+ )?(?:wohnen|leben) (?:[\w.]+ ){0,5}?in|"
    r"\b(?:i'?ve |we'?ve |i have |we have |(?:^|, )\W*)been (?:living |based )?in(?= [A-ZÀ-Ý][\w'’ -]+ (?:for|since)\b)|\b(?:moved|relocated) (?:up|down|over|back|out) to|"
    r"\b(?:je |j'|on |nous )(?:reste|restons) (?:[àa]|en)|\b(?:me acabo de mudar|acabo de mudarme|me mudé|me he mudado|me mudei|mudei|nos mudamos) (?:a|para|pra)|"
    r"(?:^|[,;!]\s*|\b(?:yo|io|eu|moi,?|moi je)\s+)(?:je suis|estoy|tô|to|estou|sto) (?:[àa]|en|em|no|na|a)(?= (?:la |el |o |a )?[A-ZÀ-Ý])|"
    # settling in a town: 'on vient de s'installer à', 'nos instalamos en', 'ci siamo stabiliti a', "we've settled in"
    r"\b(?:je viens de m'|on vient de s'|nous venons de nous |on s'est |nous nous sommes )install(?:er|[ée]e?s?) (?:[àa]|en)|"
    r"\b(?:me instal[ée]|nos instalamos|nos hemos instalado|me he instalado) en|\b(?:instalei-me|instalámo-nos|instalamo-nos|me instalei|nos instalamos) (?:em|no|na)|"
    r"\b(?:mi sono|ci siamo) stabilit[oiae] ad?|"
    # 'here in': 'acá en Bogotá', 'aqui de Luanda', 'qui a Padova'; in a town 'now': "I'm in Cardiff now", 'bin seit letzter Woche in Leipzig'
    r"\b(?:(?:over )?here in|hier in|ici (?:à|a|en)|aqu[íi] en|ac[áa] en|aqui (?:em|no|na)|aqu[íi] de|ac[áa] de|qui (?:a|in))(?= (?-i:[A-ZÀ-Ý]))|"
    r"\b(?:moved|relocated)\b[^.!?]*?\b(?:i'?m|i am|we'?re|we are) (?:now in|in(?= (?-i:[A-ZÀ-Ý])[\w'’ -]*? now\b))|"
    r"\b(?:i'?m|i am|we'?re|we are) (?:now in|in(?= (?-i:[A-ZÀ-Ý])[\w'’ -]*? now\b))(?=.*\b(?:moved|relocated)\b)|"
    r"(?:\bich |\bwir |^\W*|[,;:]\s*)(?:bin|sind) (?:jetzt |nun |seit (?:letzter woche|letztem monat|kurzem|\w+) )in(?= (?-i:[A-ZÀ-Ý]))|\b(?:i|we)(?:'ve| have)? (?:just |finally )?settled (?:down )?in(?= (?-i:[A-ZÀ-Ý]))")
ONLY_FOR_NOW = re.compile(r"\b(?:this|next) (?:week|weekend)|for (?:the|a) (?:week|weekend|summer|winter|season|month|few days|couple of days)|until|till|on holiday|on business|"
                          r"diese woche|am wochenende|im urlaub|bis (?:zum|morgen)|cette semaine|ce week-end|pour le week-end|quelques jours|en vacances|jusqu|"
                          r"esta semana|este fin|unos d[íi]as|de vacaciones|por trabajo|hasta|uns dias|de f[ée]rias|a trabalho|at[ée] |questa settimana|"
                          r"qualche giorno|in vacanza|per lavoro|fino a|\b(?:for|für|pour|por|para|per) (?:a|one|two|three|a few|a couple of|\d+|ein(?:e|ige)?|zwei|drei|ein paar|une?|deux|trois|quelques|una?|dos|tres|unos|unas|uma?|dois|duas|três|uns|umas|due|tre|qualche) "
                          r"(?:days?|weeks?|tage?n?|wochen?|jours?|semaines?|d[íi]as?|semanas?|giorni|settimane?)\b", re.I)  # 'je suis à Paris pour le week-end' is a stay, not a home
MOVE_VERBS = (r"moved|relocated|gezogen|umgezogen|d[ée]m[ée]nag[ée]s?|mud[áa]mos|nos mudamos|mud[áa]mo-nos|mudei-me|me mudei|mudei|mudou|"
              r"me mud[ée]|mud[ée]|me he mudado|trasferit[oiae]|traslad[ée]|me cambi[ée]|nos cambiamos")  # a move, in six languages (corrections.MOVE too)
MOVED = (rf"\b(?:{MOVE_VERBS})\b"
         r".*?\b(?:from|von|de|du|desde|do|da)\s+\S+(?: \S+)?\s+(?:to|nach|[àa]|a|para|pra|in)\s+(?:o |a |the |le |la |el )?" + PLACE)
MOVED_LOWER = (  # a move typed in lower case: both towns named, 'from X to Y' right after the verb of moving
    r"\b(?:moved|relocated|umgezogen|gezogen|d[ée]m[ée]nag[ée]s?|me mud[ée]|nos mudamos|me he mudado|mudei-me|me mudei|mudámo-nos|mudamo-nos|"
    r"mi sono trasferit[oa]|ci siamo trasferiti)\b\W{0,4}(?:\w+\W{1,3}){0,2}?(?:from\s+|von\s+|de\s+|desde\s+|d[oa]\s+|da\s+)?"
    r"([a-zà-ÿ][\w'-]{2,})\s+(?:to|nach|[àa]|a|para|pra|in)\s+(?:o\s+|a\s+)?([a-zà-ÿ][\w'-]{2,})\b")
NOT_TOWNS = {"home", "work", "school", "office", "house", "flat", "apartment", "city", "town", "country", "centre", "center", "here", "there",
             "abroad", "downtown", "uptown", "casa", "trabajo", "trabalho", "lavoro", "maison", "travail", "haus", "arbeit", "campo", "ciudad",
             "cidade", "citt", "ville", "stadt", "job", "new", "old", "one", "another", "otro", "outro", "altro", "autre", "live", "vivir", "viver"}
NOT_PLACES = {"I", "The", "A", "My", "Our", "Town", "City", "Home",  # and diplomas said like a place ('je suis en CAP boulangerie')
              "CAP", "BEP", "BTS", "DUT", "IUT", "BUT", "MBA", "PhD", "ESO", "FP", "TFG", "TFM", "ADS", "EAD", "ENEM", "DAE"}
BUDGET = (r"\b(?:budget|spend|limit|limite|l[íi]mite|cap|max(?:imum)?|a head|per (?:person|head)|each|pp|presupuesto|or[çc]amento|"
          r"pro (?:person|kopf)|par personne|por persona|por pessoa|a persona|a testa|ausgeben|d[ée]penser|gastar|spendere|"
          r"massimo|m[áa]ximo|h[öo]chstens|maximal|pas plus de|no m[áa]s de|at[ée]|fino a)\b")
TRIP = (r"\b(?:i'?m|i am|we'?re|we are)? ?(?:flying|going|heading|travell?ing|off) to|\b(?:i|we) (?:fly|travel) to|\bvisiting [\w ]*? in|"
        r"\b(?:trip|holiday|weekend|vacation) (?:to|in)|\bfliege (?:ich )?nach|\bfahre (?:ich )?nach|\breise (?:ich )?nach|"
        r"\bje pars (?:à|a|en)|\bje vais (?:à|a|en)|\bviajo a|\bvoy a|\bvou (?:a|para)|\bvado a|\bparto per|"
        r"\b(?:on part (?:à|a|en|pour)|nous partons (?:à|a|en|pour)|on va (?:à|a|en)|wir fahren nach|wir fliegen nach|"
        r"partimos (?:a|para)|vamos a|vamos para|andiamo a|partiamo per)|\b(?:voyage|reise|viaje|viagem|viaggio|urlaub|vacances|vacaciones|f[ée]rias|vacanze) (?:à|a|en|nach|in|para|em)")


CITY_NICKNAMES = {"Floripa": "Florianópolis", "BH": "Belo Horizonte", "Sampa": "São Paulo", "POA": "Porto Alegre",
                  "NYC": "New York", "Philly": "Philadelphia", "Vegas": "Las Vegas", "Baires": "Buenos Aires",
                  "Viña": "Viña del Mar", "Frisco": "San Francisco", "Brum": "Birmingham"}  # how chat names a city


def place(m: re.Match[str]) -> str | None:
    """The place a match names, capitalised, by its full name ('Floripa' -> Florianópolis); None for a word that is
    no place."""
    name = next((g for g in m.groups() if g), "").strip()
    name = " ".join(w[:1].upper() + w[1:] for w in name.split())
    return None if not name or name.split()[0] in NOT_PLACES else CITY_NICKNAMES.get(name, name)


def found_home(s: str) -> list[Found]:
    """'I live in Lisbon', 'j'habite à Lyon', 'we relocated from Lisbon to Porto', 'ich bin nach Bonn gezogen'."""
    m = rx.search(MOVED, s, re.I) or rx.search(rf"(?:\b(?:ich|wir) |^\W*|[,;:]\s*)(?:bin|sind) (?:\w+ )*?nach {PLACE} (?:\w+ )?(?:um)?gezogen\b", s, re.I)
    if m is None and (low := rx.search(MOVED_LOWER, s, re.I)) and not {low.group(1).lower(), low.group(2).lower()} & (FUNCTION | NOT_TOWNS):
        city = low.group(2)[:1].upper() + low.group(2)[1:]  # 'we finally moved!! leeds to bristol', 'me mudé de monterrey a guadalajara'
        return [("home city", city, f"The user lives in {city}.")]
    if m is None:
        hits = [m for m in rx.finditer(rf"(?:{LIVE})\s+(?:the |o |la |el )?{PLACE}", s, re.I)]  # 'mudei-me para o Porto'
        hits = hits or [m for m in rx.finditer(rf"(?:{LIVE_MORE})\s+(?:the |o |la |el )?{PLACE}", s, re.I) if not ONLY_FOR_NOW.search(s[m.end():])]
        hits = hits or [m for m in rx.finditer(rf"(?:{LIVE})\s+(?:an? |ein\w* |ner |une? |una? |uma? )(?-i:[a-zà-ÿ]+ ){{1,2}}(?:in|en|em|à|a|no|na)\s+{PLACE}", s, re.I)]
        hits = hits or [m for m in rx.finditer(rf"(?:{LIVE})\s+(?:the |o |la |el )?{ANY_PLACE}", s, re.I)
                        if m.group(1).lower() not in FUNCTION | {"ner", "nem", "nen", "ne"}]  # 'wohn in ner WG', 'vivo en una residencia': no town
        hits += [m for m in rx.finditer(rf"\b(?:sondern|mais|sino|mas|ma) (?:in|à|en|em|a|no|na)\s+{PLACE}", s, re.I)]
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
    return bool(rx.search(r"\b(?:don'?t|do not|no longer|never|nicht mehr|n'|ya no|no (?=vivo|vivimos)|j[áa] n[ãa]o|n[ãa]o|non)\b", span)
                or rx.search(r"^[^,.;]*?\b(?:any ?more|anymore|nicht mehr|plus)\b", after))


SET_ASIDE = (r"\b(?:set aside|put aside|saved|budgeted|planned|allowed|eingeplant|zurückgelegt|gespart|vorgesehen|pr[ée]vu|"
             r"mis de c[ôo]t[ée]|[ée]conomis[ée]|tenemos|ahorrado|reservado|temos|poupado|guardado|abbiamo|messo da parte|previsto|"
             r"risparmiato|en total|no total|in totale|insgesamt|in total|zur verf[üu]gung|[àa] (?:notre|ma|nous) disposition|disponibles?|"
             r"a (?:nostra|mia) disposizione|dispon[íi]veis|dispon[íi]vel|(?:have|got) [^.,;]{0,20}available)\b")
PURPOSE = r"\b(?:for (?:the|our|my)|f[üu]r (?:die|den|das|unsere?n?)|pour (?:le|la|les|notre|nos)|para (?:el|la|los|nuestro|nuestra|o|a|os|nosso|nossa)|per (?:il|la|lo|le|i|nostro|nostra))\s+(\w+)"


def found_budget(s: str) -> list[Found]:
    """An amount said with a budget word ('Dinner budget is 60 euros per person', 'max 35 quid a head') or with
    a verb of setting money aside ('Für die Hochzeit haben wir 14.500 € eingeplant'). What it is for, when the
    concept lexicon knows it (wedding, honeymoon, trip …; dinner is the default), names the slot: budget:wedding."""
    amount = money(s)
    if not amount or not (rx.search(BUDGET, s, re.I) or rx.search(SET_ASIDE, s, re.I)):
        return []
    amount = amount_now(s, amount)  # 'my budget was 500 but now it's 700
    if PRICE.search(s) and (amount := budget_not_price(s, amount)) is None:
        return []
    purpose = next((canon("purpose", m.group(1)) for m in rx.finditer(PURPOSE, s, re.I) if canon("purpose", m.group(1))), None)
    if purpose is None and (before := rx.search(r"(\w+)[ -]?(?:budget|presupuesto|or[çc]amento)\b", s, re.I)):
        purpose = canon("purpose", before.group(1))  # 'our wedding budget'; 'Hochzeitsbudget' stays unread
    if purpose and purpose != "dinner":
        return [(f"budget:{purpose}", amount, f"The user's {purpose} budget is {amount}.")]
    return [("budget", amount, f"The user's budget is {amount}.")]


PRICE = re.compile(r"\b(?:costs?|is priced|kostet|kosten|coûtent|coûte|co[uû]te|cuesta|cuestan|custa|custam|costa|costano|"
                   r"price|preis|prix|precio|preço|prezzo)\b", re.I)  # money said of a thing: its price, no budget of the user's
BARE_NUMBER = re.compile(r"(?<![\w.,:])(\d{1,3}(?:[.,]\d{3})+|\d+)(?![\w:%]|[.,]\d)")


def budget_not_price(s: str, amount: str) -> str | None:
    """'The gym costs 45 euros a month but my budget is 30' -> '30 EUR': a price is said of a thing, the budget in
    the clause with the budget word (its currency, when unsaid, the price's); None when that clause has no amount."""
    parts = [p for p in BOUNDARY.split(s) if p and p.strip()]
    own = next((p for p in parts if rx.search(BUDGET, p, re.I) and not PRICE.search(p)), None)
    if own is None:
        return None
    if said := money(own):
        return said
    m = BARE_NUMBER.search(own)
    return f"{m.group(1)} {amount.split()[-1]}" if m else None


def found_trip(s: str) -> list[Found]:
    """'I'm flying to Oslo next Thursday', 'Nächste Woche fliege ich nach Wien'."""
    m = rx.search(rf"(?:{TRIP})\s+(?:the |my parents in |my \w+ in )?{PLACE}", s, re.I)
    city = place(m) if m else None
    return [("trip", city, f"The user has a trip to {city}.")] if city else []


def found_hobby(s: str) -> list[Found]:
    """'I play the cello' -> hobby:cello."""
    m = rx.search(r"\bi (?:play|practise|practice)\s+(?:the )?([\w-]+)", s, re.I)
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
    for m in rx.finditer(rf"(?:{STAY}){HOTEL_NAME}", s, re.I):
        name = m.group(1).strip()
        words = s[m.start():m.start(1)].lower()
        hotel_first = rx.match(HOTEL_WORD, name, re.I) is not None
        bare_ok = rx.search(r"staying at|alojo|alojamos|hospedo|hospedamos|alloggio|alloggiamo|übernachte|loge|séjourne", words)
        if name.endswith(("'s", "’s")) or not (hotel_first or bare_ok) or name.split()[0] in NOT_PLACES:
            continue
        return [("hotel", name, f"The user is staying at the {name}.")]
    return []


def read_life(s: str) -> list[Found]:
    """Every home, work, money, travel and taste slot this sentence fills."""
    return found_home(s) + found_job(s) + found_vehicles(s) + found_budget(s) + found_trip(s) + found_preference(s) + found_hobby(s) + found_hotel(s)

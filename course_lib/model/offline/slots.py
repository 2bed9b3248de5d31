"""A booking request's slots — day, time, party size and the restaurant's name — each read by one reader.

    slots("Book Chez Lentille for Friday at 7pm for 4, oh wait, make that 5", today)
        == ({"day": "Friday", "time": "19:00", "people": 5}, [])       # the correction replaces the last value
    slots("reserve a table for three people", today)
        == ({"day": None, "time": None, "people": 3}, ["the day", "the time"])

Why one reader per slot and not one rule per phrasing: the day, time and size readers (course_lib/model/when.py,
amounts.py) each know their six languages once, and this module only decides *which part of what the user said*
each reading comes from:

* **the later part wins.** A request is cut into parts at line breaks (the user's answer to the agent's question
  comes after the request it answers) and at correction cues ("oh wait", "make that", "actually", "eigentlich",
  "en fait", "mejor dicho", "na verdade", "anzi" …). Each slot takes its reading from the last part that gives
  one, so "for 4, no wait, for 5" is 5 and "Friday" + the answer "Saturday" is Saturday.
* **a bare number in a correction** ("make that 5") replaces the value the user gave last before it, if that was
  the party size or the time and both were given (an hour keeps the earlier part of the day: "7pm … make that 8"
  is 20:00); with one of them still missing the number might fill it instead, so it is asked about, as is a
  correction that none of the readers understands: never guessed.
* **two readings in one part are ambiguous** ("for 2 or 3", "Saturday or Sunday", "at 8"): the slot is asked about.
* **names**: capitalised words that are not a city, a day, a number or a request word ("Book", "Tisch",
  "Personen") may name a restaurant; the search decides (booking.lookup). "it", "there", "that one" name the
  restaurant said last in the conversation.

Not covered: a day or time given in an earlier request without the agent asking in between (only the party size
is taken from an earlier user message: size_said_before); "an hour later"; dates.
"""
from __future__ import annotations

import re
from typing import Any

from course_lib.model import rx
from course_lib.model.amounts import GROUP_NOUN, SMALL_NUMBER, adults_and_kids, more_than_two, number, party_sizes
from course_lib.model.offline.lang.lexicon import DIETS
from course_lib.model.offline.hours import OR_HOURS, RANGE_HOURS, open_hour
from course_lib.model.offline.party import other_sizes
from course_lib.model.offline.places import LOCAL_NAMES
from course_lib.model.when import EVENING, MORNING, Reading, clock_time, day_of

CORRECTION = re.compile(
    r"(?i:\b(?:oh,?\s+)?(?:no,?\s+wait|wait|actually|make (?:that|it)|scratch that|i mean|i meant|sorry|correction|"
    r"nein,?\s+(?:doch|lieber)|eigentlich|ich meine|korrektur|en fait|plutôt|je veux dire|pardon|non,?\s+attends|"
    r"en realidad|mejor dicho|quiero decir|perdón|no,?\s+espera|na verdade|aliás|quer dizer|desculpa|"
    r"anzi|cioè|in realtà|scusa|aspetta)\b)")
DIET_WORD = re.compile(r"^(?:" + "|".join(DIETS.values()) + r")\w*$", re.I)  # a diet is no restaurant's name
REQUEST_WORDS = {  # capitalised words that are part of a request, not a name (German capitalises every noun)
    "book", "reserve", "table", "please", "can", "could", "would", "hi", "hello", "hey", "ok", "okay", "great", "and",
    "a", "an", "the", "for", "at", "on", "in", "i", "we", "my", "our", "just", "me", "us", "dinner", "lunch",
    "restaurant", "tonight", "tomorrow", "today", "people", "persons", "guests", "pm", "am", "it", "that", "there",
    "ich", "wir", "bitte", "tisch", "personen", "person", "leute", "uhr", "abend", "abendessen", "mittagessen",
    "mittag", "reservierung", "buch", "buche", "reserviere", "reservieren", "kannst", "könntest", "du", "einen",
    "je", "nous", "une", "réserve", "réservez", "réserver", "peux", "pouvez", "bonjour", "salut", "merci", "table",
    "reserva", "resérvame", "reservame", "quiero", "puedes", "mesa", "una", "uma", "para", "hola", "buenas", "olá",
    "ola", "podes", "pode", "quero", "prenota", "prenotami", "vorrei", "puoi", "un", "uno", "tavolo", "ciao",
    "buongiorno", "grazie", "por", "favor", "per", "favore", "s'il", "plaît", "table", "tables", "danke", "thanks",
    "cheers", "yes", "no", "sure", "ja", "oui", "sí", "sim", "perfect", "super", "awesome", "nice", "cool", "alright",
    "right", "also", "then", "so", "well", "wait", "sorry", "actually", "oh", "hmm", "genau", "gut", "prima", "parfait",
    "bien", "vale", "bueno", "perfecto", "perfeito", "bom", "va", "bene", "perfetto", "allora", "dann", "bon", "alors",
    "good", "fine", "excellent", "lovely", "brilliant", "thank", "thx", "ty", "noted", "understood", "exactly"}
NAME_GOES_ON = re.compile(r"\s*(?:[,;:!?]|$|\s+(?:in|at|on|for|im|am|um|für|à|au|en|em|no|na|a|per|para|pour|el|le|la|"
                          r"il|this|next|tomorrow|tonight)\b)", re.I)  # "Nobu in Berlin, …": a name opening a sentence
CURRENCIES = {"eur", "euro", "euros", "usd", "gbp", "chf", "dollars", "pounds", "franken"}
ANAPHOR = re.compile(r"(?i:\b(?:book|reserve)\s+(?:it|that|there|that one|this one|the first one|the same)\b|"
                     r"\b(?:buch\w*|reservier\w*)\s+(?:es|das|ihn|sie|dort)\b|\b(?:dort|da)\s+(?:einen tisch|reservier|buch)|"
                     r"\b(?:le|la|l')\s*(?:réserver|réserve)\b|\b(?:réserve|réservez)[- ](?:le|la|là)\b|"
                     r"\bresérv(?:a|alo|ala|amelo)\b|\breserv(?:alo|ala)\b|\breserva-?(?:o|a|lo)\b|\bprenot(?:alo|ala|a lì)\b|"
                     r"\b(?:reserva|marca|resérvame|reservame)\s+(?:esse|essa|este|esta|ese|esa|ali|lá|allí|ahí)\b|"
                     r"\bprenota\s+(?:quello|quella|lì|là)\b)")  # 'reserva esse', 'reserva ese', 'prenota quello' 
NAME_SPAN = re.compile(r"[A-ZÀ-ÝŒÆ][\w'’-]*(?:\s+(?:(?:&|and|du|de|la|le|des|am|im|del|di|da|do|et|y|e|zum|zur)\s+)?"
                       r"[A-ZÀ-ÝŒÆ][\w'’-]*)*")


def parts(text: str) -> list[str]:
    """The parts of what the user said, in order: lines, then the pieces between correction cues."""
    out: list[str] = []
    for line in text.splitlines():
        cuts = [m.start() for m in CORRECTION.finditer(line)]
        bounds = [0, *cuts, len(line)]
        pieces = [line[a:b] for a, b in zip(bounds, bounds[1:]) if line[a:b].strip()]
        while pieces:  # "oh wait, make that 5": cues in a row open one part
            piece = pieces.pop(0)
            if pieces and not CORRECTION.sub("", piece).strip(" ,.!?;:-—"):
                pieces[0] = piece + pieces[0]
            else:
                out.append(piece)
    return out or [text]


def _last(readings: list[Reading]) -> Reading:
    """The last reading that says something (a value, or why it is unclear)."""
    return next((r for r in reversed(readings) if r.value or r.unclear), Reading())


MAYBE = r"(?:maybe|perhaps|possibly|vielleicht|eventuell|peut-être|quizá|quizás|tal vez|talvez|forse|magari)"
OR_NUMBERS = re.compile(rf"(?<!\w)({SMALL_NUMBER})\s*,?\s+(?:(?:or|oder|ou|o|u|oppure)(?:\s+{MAYBE})?|{MAYBE})\s+(?:zu\s+|in\s+)?"
                        rf"({SMALL_NUMBER})(?!\w)", re.I)  # "2 or 3", "3, maybe 4", "tres, o quizá cuatro"
MAYBE_MORE = re.compile(rf"\b(?:{MAYBE}|if|falls|wenn|si|se|caso)\b[^.?!]{{0,40}}\b(?:join\w*|com(?:e|es|ing)|kommt|kommen|dazu|vient|viendra|viene|"
                        r"vendrá|vem|virá|verrà)\b", re.I)  # "we are 3, maybe my sister joins": how many?


WE_N = re.compile(rf"\b(?:us|uns|nous|nosotros|nosotras|nós|noi)\s+({SMALL_NUMBER})(?!\w)|(?<!\w)({SMALL_NUMBER})\s*"
                  r"(?:ppl|pax|pers\.?|pessoas?|pers)(?!\w)", re.I)  # "für uns vier", "2 ppl" (amounts.py reads the rest)


VAGUE = re.compile(r"(?i:\b(?:some|a few|several|a couple of|a bunch of|einige|ein paar|mehrere|quelques|plusieurs|"
                   r"algun[oa]s|un[oa]s|vari[oa]s|alguns|algumas|vários|qualche|alcun[ie]|parecchi)\s+(?:\w+\s+)?"
                   r"(?:people|friends|colleagues|guests|persons|leute|freunde|kollegen|gäste|personnes|amis|collègues|"
                   r"invités|personas|amigos|colegas|invitados|pessoas|convidados|persone|amici|colleghi|ospiti)\b)")


WITH_GROUP = re.compile(rf"(?i:\b(?:me|mich|ich|moi|m[íi]|mim|yo|eu|io)\s+(?:and|und|et|y|e)\s+(?:\w+\s+){{0,2}}"
                        rf"{GROUP_NOUN}\b|\b{GROUP_NOUN}\s+(?:and|und|et|y|e)\s+(?:me|i|mich|moi|yo|mí|eu|mim|io)\b)")
# "for me and my family", "pour moi et ma famille", "para mis amigos y yo": how many?


def _size(part: str) -> Reading:
    if VAGUE.search(part):  # "for me and some friends": a number would be a guess
        return Reading(unclear="exactly")
    sizes = party_sizes(part) | {n for n in (number(m.group(1) or m.group(2)) for m in WE_N.finditer(part)) if n}
    sizes = sizes or other_sizes(part)
    if (WITH_GROUP.search(part) or more_than_two(part)) and not sizes:  # "... and my family, 5 of us" is 5
        return Reading(unclear="exactly")
    if sizes and MAYBE_MORE.search(part) or adults_and_kids(part) is False:  # "2 adults and a baby"
        return Reading(unclear="exactly")
    alternatives = {number(x) for m in OR_NUMBERS.finditer(part) for x in m.groups()}  # "für 2 oder 3 Personen"
    if sizes & alternatives:
        sizes |= {n for n in alternatives if n}
    if len(sizes) > 1:
        return Reading(unclear=" or ".join(map(str, sorted(sizes))))
    return Reading(str(next(iter(sizes)))) if sizes else Reading()


def _time(part: str, whole: str) -> Reading:
    """The time a part gives; an hour without am/pm takes the part of the day said anywhere in the request; two
    hours joined by "or" that read as two times are a question ("at 7 or 8pm", "à 19h ou 20h")."""
    for m in [*OR_HOURS.finditer(part), *RANGE_HOURS.finditer(part)]:
        one = clock_time(part[:m.end(1)] + part[m.end():])  # the part with the first hour only, then the second
        other = clock_time(part[:m.start()] + part[m.start(3):])
        said = [bool(r.value or r.unclear) for r in (one, other)]
        if (all(said) or m.re is RANGE_HOURS and any(said)) and one != other:  # "between 7" alone reads no time
            return Reading(unclear=f"{m.group(1)} or {m.group(3)}")
    bound = open_hour(part)
    if bound:  # a booking needs one time: "after 8pm" is asked about, never booked at 8pm
        return Reading(unclear=f"which time {bound}")
    reading = clock_time(part)
    if reading.unclear and "morning or in the evening" in reading.unclear:
        said = [m.group(0) for m in EVENING.finditer(whole)] + [m.group(0) for m in MORNING.finditer(whole)]
        return clock_time(f"{part} {' '.join(said)}") if said else reading
    return reading


def _given_last(part: str, today: Any) -> str | None:
    """Which of time and party size a part gives last (by where its words end), or None."""
    ends = {}
    for slot, read in (("time", lambda t: clock_time(t).value), ("people", lambda t: party_sizes(t) or None)):
        full = read(part)
        if full:
            ends[slot] = next((i for i in range(1, len(part) + 1) if read(part[:i]) == full), len(part))
    return max(ends, key=ends.get) if ends else None


def _bare_number(part: str) -> int | None:
    """The one number a correction says without saying what it counts ("make that 5"), or None."""
    found = [n for n in (number(w) for w in rx.findall(r"[\w-]+", CORRECTION.sub(" ", part))) if n is not None]
    return found[0] if len(found) == 1 else None


def slots(text: str, today: Any) -> tuple[dict[str, Any], list[str]]:
    """(day, time and people as read, what is missing or unclear in words): see the module docstring."""
    pieces = parts(text)
    day = _last([day_of(p, today) for p in pieces])
    clock = _last([_time(p, text) for p in pieces])
    size = _last([_size(p) for p in pieces])
    gaps: list[str] = []
    for i, piece in enumerate(pieces[1:], 1):  # a correction's bare number replaces the value given last before it
        if CORRECTION.match(piece) and not (day_of(piece, today).value or clock_time(piece).value or party_sizes(piece)):
            n, slot = _bare_number(piece), _given_last(" ".join(pieces[:i]), today)
            if not (size.value and clock.value):
                slot = None  # a number-slot is still missing: "5" may fill it rather than correct the other one
            if n is not None and slot == "people" and 0 < n <= 20:
                size = Reading(str(n))
            elif n is not None and slot == "time" and clock.value and 0 < n <= 12:
                clock = Reading(f"{n + 12 if int(clock.value[:2]) >= 12 and n < 12 else n:02d}:00")
            else:
                gaps.append(f"what \"{piece.strip(' ,.!')}\" changes")
    if not day.value:
        gaps.append(f"which day ({day.unclear}?)" if day.unclear else "the day")
    if not clock.value:
        gaps.append(f"the time ({clock.unclear}?)" if clock.unclear else "the time")
    if not size.value:
        gaps.append(f"how many people ({size.unclear}?)" if size.unclear else "how many people")
    return {"day": day.value, "time": clock.value, "people": int(size.value) if size.value else None}, gaps


def size_said_before(messages: list[dict[str, Any]], last_user: int) -> int | None:
    """The party size the user gave in an earlier message of this conversation ("Wir sind zu dritt.", "On sera
    quatre personnes."), the latest that gives exactly one, or None. Only the user's own words count: a size the
    agent mentioned is not something the user asked for; two sizes in one message ("2 or 3") are no answer."""
    for m in reversed(messages[:last_user]):
        if m.get("role") == "user":
            size = _size(str(m.get("content") or ""))
            if size.value or size.unclear:
                return int(size.value) if size.value else None
    return None


def _not_a_name(word: str, today: Any) -> bool:
    w = word.lower().strip("'’")
    return (len(w) > 5 and w.endswith("ly")  # an adverb: "Quickly, please"
            or bool(DIET_WORD.match(w))  # German capitalises its nouns: "was Vegetarisches", "etwas Veganes"
            or w in REQUEST_WORDS or w.split("'")[0].split("’")[0] in REQUEST_WORDS or w in CURRENCIES or w in LOCAL_NAMES or number(w) is not None or bool(day_of(word, today).value)
            or bool(clock_time(word).value))


def candidate_names(text: str, today: Any) -> list[str]:
    """Capitalised spans that may name a restaurant, request words, cities, days and numbers trimmed off."""
    found = []
    for m in NAME_SPAN.finditer(text):
        words = m.group(0).split()
        if len(words) == 1 and rx.search(r"(?:^|[.!?¡¿:;\n])[ \t\"'“«]*$", text[:m.start()]) \
                and not NAME_GOES_ON.match(text[m.end():]):
            continue  # a sentence's first word is capitalised whatever it is ("Reservier einen", "Não como")
        while words and _not_a_name(words[0], today) or words and words[0] in ("&", "and"):
            words.pop(0)
        while words and (_not_a_name(words[-1], today) or words[-1].lower() in ("&", "and", "de", "du", "la", "le")):
            words.pop()
        if words and not all(_not_a_name(w, today) for w in words):
            found.append(" ".join(words))
    return found


def bare_size(answer: str) -> int | None:
    """The number a one-word answer says ("zwölf", "3", "four please"), if it can be a party size (1-20), else None."""
    n = _bare_number(answer) if rx.fullmatch(r"\W*[\w-]+\W*(?:please|bitte|s'il te plaît|por favor|per favore)?\W*",
                                              answer, re.I) else None
    return n if n is not None and 0 < n <= 20 else None


def as_answer(asked: str, answer: str) -> str:
    """The user's answer to the agent's question, as the request would have said it: a bare number answering only
    "how many people" is a party size ("3" -> "for 3 people"); anything else is read as it is."""
    n = _bare_number(answer) if rx.fullmatch(r"\W*[\w-]+\W*(?:please|bitte|s'il te plaît|por favor|per favore)?\W*",
                                              answer, re.I) else None
    if n is not None and "how many people" in asked and "the time" not in asked and 0 < n <= 20:
        return f"for {n} people"
    return answer


def booking_without_a_verb(text: str) -> bool:
    """Does a message that asks for nothing else give a time and a party size ("Spree Dumpling House, Sunday at
    noon, 3 of us")? Then it is a booking request: the booking rules still ask for whatever else is missing."""
    if NOT_A_TABLE.search(text):  # 'On Saturday at 10:00 I have a meeting with Tomasz Nowak': a time and company,
        return False  # but no table
    return bool(clock_time(text).value and (party_sizes(text) or other_sizes(text)))


def names_a_place_and_when(text: str, today: Any) -> bool:
    """Does a request about eating out name a place and give a day and a time ("quero jantar no Kiez Currywurst
    quinta às 18h", "marca pra mim um jantar no Falafel Freunde sábado às 20h", "wir wollen Samstag um 8 ins Linse &
    Lauch")? Then it asks for a table there: the booking rules ask for whatever else is missing."""
    return bool(candidate_names(text, today) and day_of(text, today).value and clock_time(text).value)


NOT_A_TABLE = re.compile(r"\b(?:meeting|appointment|flight|train|call|interview|class|lesson|doctor|dentist|termin|besprechung|"
                         r"flug|zug|arzt|zahnarzt|r[ée]union|rendez-vous|vol|m[ée]decin|dentiste|cours|reuni[óo]n|reuni[ãa]o|cita|"
                         r"vuelo|voo|consulta|m[ée]dico|dentista|clase|aula|riunione|appuntamento|volo|treno|lezione)\b", re.I)


ORDINALS = {"first": 0, "second": 1, "third": 2, "last": -1, "erste": 0, "ersten": 0, "zweite": 1, "zweiten": 1,
            "dritte": 2, "letzte": -1, "premier": 0, "première": 0, "deuxième": 1, "seconde": 1, "troisième": 2,
            "dernier": -1, "dernière": -1, "primero": 0, "primera": 0, "segundo": 1, "segunda": 1, "tercero": 2,
            "último": -1, "última": -1, "primeiro": 0, "primeira": 0, "terceiro": 2, "primo": 0, "prima": 0,
            "secondo": 1, "seconda": 1, "terzo": 2, "ultimo": -1, "ultima": -1}
ORDINAL = re.compile(r"(?i:\b(?:the|der|die|das|den|le|la|el|o|a|il)\s+(" + "|".join(ORDINALS) + r")\b)")


def ordinal(text: str) -> int | None:
    """The position "the second one" / "la première" / "el segundo" points at (0 first, -1 last), or None."""
    m = ORDINAL.search(text)
    return ORDINALS[m.group(1).lower()] if m else None


def refers_back(text: str) -> bool:
    """Does the request point at a restaurant said before ("book it", "reserve there", "resérvalo", "the second
    one")?"""
    return bool(ANAPHOR.search(text)) or ordinal(text) is not None


def said_before(messages: list[dict[str, Any]], last_user: int) -> str | None:
    """The last earlier message (the agent's or the user's) that names something capitalised: what "it" refers to."""
    for m in reversed(messages[:last_user]):
        if m.get("role") in ("assistant", "user") and m.get("content") and NAME_SPAN.search(str(m["content"])[1:]):
            return str(m["content"])
    return None

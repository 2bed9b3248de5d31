"""Self-introductions said in passing: what follows the name as an apposition, and where the user says they are from.

    I'm Jordan, ER nurse out in Phoenix            -> job ER nurse, home city Phoenix
    Hi, I am Rohan, working as software tester in Pune  -> job software tester, home city Pune
    myself Priya from Pune / Callum here from Glasgow -> home city Pune / Glasgow
    soy Pau, de Valencia / ich bin Lukas, 27, …     -> home city Valencia / age 27
    36 anni, Bergamo, operaio metalmeccanico       -> (age,) home city Bergamo, job metalworker
    sono di Mestre / los dos somos de Guadalajara  -> home city (where one is from, when nothing says otherwise)

The name itself is read by slots_people; this reader looks at the comma-separated pieces right after it (an age, a
job, 'from <place>', '<job> in <place>') and stops at the first piece that is none of these. Where someone is from is
their home only when the sentence names no other place they are in ('Pablo, de Sevilla, y estoy de Erasmus en
Bolonia') and does not say it was only their origin ('originally', 'born', 'nasci em').
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.jobs_state import FREELANCE, known_job
from course_lib.model.offline.lang.concepts import find, spans
from course_lib.model.offline.lang.slots_jobs import JOB_WORDS, NOT_JOBS, a_or_an
from course_lib.model.offline.lang.slots_life import PLACE, place
from course_lib.model.offline.lang.lexicon import POSSESSIVE
from course_lib.model.offline.lang.lowercase_names import KIN, lowercase_name
from course_lib.model.offline.lang.names_said import NAME, NOT_NAMES
from course_lib.model.offline.lang.slots_people import found_name

Found = tuple[str, str, str]
INTRO = re.compile(  # the name, said as an introduction; the apposition starts where the match ends
    r"(?:\b(?:i['’]m|(?-i:Im)|i am|ich bin|je suis|moi,? c'?(?:est)?|soy|sou|sono|my name is|me llamo|m[ei] chiamo|"
    r"je m'appelle|ich hei(?:ß|ss)e|chamo-me|me chamo|meu nome [ée])\s+|(?:^|[,;!]\s*)myself\s+)" + NAME +
    r"|(?:^|[,;!]\s*)" + NAME + r" (?:here|hier|ici|aquí|aqui|qui(?=\s*(?:[,.!;]|$|da\b|dal\b|di\b)))\b|"
    r"^\W*(?:(?:hi|hello|hey|hallo|moin|servus|salut|coucou|hola|buenas|ol[áa]|oi|ciao)\W+)?" + NAME + r"(?=\s*,\s*\d{1,2}\b)", re.I)
FROM = r"(?:from|out of|aus|de|d'|da|di|do|dalla|del)"
IN = r"(?:(?:out |based |living |working )?(?:in|à|a|en|em|in))"
AGE = r"(\d{1,2})(?:\s*(?:years?(?: old)?|yo|y/o|ans|años|anos|anni|jahre(?: alt)?))?"
WORKING_AS = r"(?:working as|arbeite(?:nd)? als|travaillant comme|trabajando (?:de|como)|trabalhando como|lavorando come|faccio (?:il|la|lo|o))\s+(?:an? |un |une |una |uma )?"
ORIGIN_ONLY = re.compile(r"\b(?:originally|born|grew up|raised|ursprünglich|geboren|aufgewachsen|à l'origine|originaire|né|née|"
                         r"originalmente|nac[íi]|nacid[oa]|cresc[íi]|nasci|nascid[oa]|originariamente|nato|nata|cresciut[oa])\b", re.I)
ELSEWHERE = r"\b(?:in|en|em|à|a|nach|to|no|na)\s+(?:la |el |o |a |the )?" + PLACE  # another place the user is in
FROM_SAID = re.compile(  # 'I'm from X', 'soy de X', 'sono di X', 'ich komme aus X', 'los dos somos de X'
    r"\b(?:i['’]?m|i am|we['’]?re|we are|(?:i|we) come|soy|somos|sono|siamo|je suis|on est|nous sommes|sou|ich bin|wir sind|"
    r"ich komme|wir kommen)\s+(?:both |all |beide |todos |tous |tutti |entrambi )?" + FROM + r"\s+" + PLACE, re.I)


def a_job(text: str) -> str | None:
    """The job a short piece names, as said: a job the concept lexicon knows, or a job noun by its ending."""
    words = text.split()
    if not words or len(words) > 4:
        return None
    if rx.search(FREELANCE, text, re.I) and (job := known_job(rx.sub(FREELANCE, " ", text, flags=re.I).strip())):
        return f"freelance {job}"  # 'desarrollador web freelance' (lang/jobs_state.py)
    known = spans("job", text)
    if known and known[0][0] == 0:  # 'insegnante e 41 anni' -> teacher; 'profesora de historia' as said
        rest = words[known[0][1]:]
        return text.strip() if not rest or len(rest) == 2 and rest[0].lower() in ("de", "di", "of", "da", "do") else known[0][2]
    m = rx.fullmatch(rf"(?:an? |un |une |uma? |una )?({JOB_WORDS})", text.strip(), re.I)
    return m.group(1) if m and m.group(1).split()[-1].lower() not in NOT_JOBS else None


def apposition(s: str, start: int) -> list[Found]:
    """The age, job and home city said in the pieces after an introduced name (from `start`)."""
    out: list[Found] = []
    rest = s[start:]
    here = rx.match(rf"\s+{FROM}\s+{PLACE}", rest)  # 'Callum here from Glasgow'
    if here:
        out.append(home(place(here)))
        rest = rest[here.end():]
    for piece in rx.split(r"\s*[,;(]\s*", rest)[1:4] if rest.lstrip().startswith((",", ";")) else []:
        piece = piece.strip(" .!)")
        if (age := rx.fullmatch(AGE, piece, re.I)) and 1 <= int(age.group(1)) <= 99:
            out.append(("age", age.group(1), f"The user is {age.group(1)} years old."))
        elif (origin := rx.fullmatch(rf"{FROM}\s+{PLACE}", piece, re.I)) and place(origin):
            out.append(home(place(origin)))
        elif (job := rx.fullmatch(rf"(?:{WORKING_AS})?([\w' -]+?)(?:\s+{IN}\s+{PLACE})?", piece, re.I)) and a_job(job.group(1)):
            out.append(("job", a_job(job.group(1)), f"The user works as {a_or_an(a_job(job.group(1)))}."))
            if job.group(2) and place_of(job, 2):
                out.append(home(place_of(job, 2)))
        else:
            break
    return out


def place_of(m: re.Match[str], group: int) -> str | None:
    """The place in one group of a match, capitalised (slots_life.place reads the first group only)."""
    name = m.group(group)
    return None if not name or name.split()[0] in NOT_NAMES else name


def home(city: str | None) -> Found:
    return ("home city", city or "", f"The user lives in {city}.")


def telegram(s: str) -> list[Found]:
    """'36 anni, Bergamo, operaio metalmeccanico': an age first, then a bare place and a job, each a piece."""
    if not rx.match(rf"^\W*\d{{1,2}}\s+(?:years?|ans|años|anos|anni|jahre)\b[^,]*,", s, re.I):
        return []
    out: list[Found] = []
    for piece in rx.split(r"\s*,\s*", s)[1:3]:
        piece = piece.strip(" .!")
        if rx.fullmatch(PLACE, piece) and len(piece.split()) <= 2 and not find("job", piece):
            out.append(home(piece))
        elif a_job(piece):
            out.append(("job", a_job(piece), f"The user works as {a_or_an(a_job(piece))}."))
    return out


JOB_HERE = re.compile(r"(?:^\W*|[,;!]\s*)((?:[\w-]+ ){0,3}?[\w-]+) (?:here|hier|ici|aquí|aqui)\b(?!\s+(?:is|are|ist|sind|est|es|é|è)\b)", re.I)


def job_here(s: str) -> list[Found]:
    """'long haul trucker here, mostly nights', 'Krankenschwester hier': a job the lexicon knows, introduced like a name."""
    m = JOB_HERE.search(s)
    known = spans("job", m.group(1)) if m else []
    if known and known[0][:2] == (0, len(m.group(1).split())):
        return [("job", known[0][2], f"The user works as {a_or_an(known[0][2])}.")]
    return []


INTRO_CUE = re.compile(  # the message introduces the user: a name said, or an age as a bare piece ('jan, 41, lehrer …')
    r"(?<!\w)(?:i'?m|im|i am|name'?s|my name is|ich bin|bin|i bin|je suis|jsuis|chu|moi c'?est|c'est|soy|sou|sono|so'|son|me llamo|"
    r"mi chiamo|chamo-me|me chamo|je m'appelle|ich hei(?:ß|ss)e)(?!\w)|(?:^|[,;(]\s*)\d{1,2}\s*(?:y/?o|years?(?: old)?|ans|años|anos|anni|"
    r"jahre(?: alt)?|ani|piges|tacos)?\s*(?:[,;)]|$)", re.I)
PLACE_OR_TIME = {"in", "im", "at", "near", "à", "a", "au", "en", "em", "na", "no", "num", "numa", "nel", "nella", "al", "all'",
                 "bei", "beim", "da", "de", "du", "del", "since", "seit", "depuis", "desde", "dal", "by", "per", "für", "for", "pour",
                 "para", "out", "up", "down", "from", "aus", "chez", "dans", "presso"}  # what may follow the job in its piece
PIECES = re.compile(r"\s*[,;()]\s*|\s+(?:and|und|et|y|e|pis|but|aber|mais|pero|mas|ma)\s+", re.I)


def job_pieces(s: str) -> list[Found]:
    """'jan, 41, lehrer in hh-altona', 'soy xosé, marinero en vigo', 'holi soy valentina, de medellín, enfermera y …':
    in a message that introduces the user, a piece that starts with a job the lexicon knows (after an article)."""
    if not INTRO_CUE.search(s):
        return []
    before = ""
    for piece in PIECES.split(s):
        piece = rx.sub(r"^(?:an?|un|une|una|uma?|el|la|il|lo|o|a|der|die|l')\s+", "", piece.strip(" .!?'\"-"), flags=re.I)
        known = spans("job", piece) if piece else []
        words = piece.split()
        rest = words[known[0][1] - (words[known[0][1] - 1].lower() in PLACE_OR_TIME):] if known else []  # 'lehrer in' ≈ 'lehrerin'
        if known and known[0][0] == 0 and (not rest or rest[0].lower() in PLACE_OR_TIME) and \
                not rx.match(r"(?:ex|former|ehemalig\w*|ancien\w*|antig\w*)\b", piece, re.I) and \
                not rx.search(rf"\b{POSSESSIVE}\s+(?:{KIN})\b", before, re.I):  # 'meine Frau, Lehrerin in Köln': hers
            return [("job", known[0][2], f"The user works as {a_or_an(known[0][2])}.")]
        before = piece
    return []


def read_intro(s: str) -> list[Found]:
    """The facts an introduction gives beyond the name: age, job and home city in apposition, and where the user
    is from. Nothing when the sentence says the place was only their origin or names another place they are in."""
    out: list[Found] = []
    m = INTRO.search(s)
    if m and next(g for g in m.groups() if g) in [v for k, v, _ in found_name(s) if k == "name"]:  # a name, not 'I'm Brazilian'
        out = apposition(s, m.end())
    elif (low := lowercase_name(s)) and (typed := rx.search(rf"\b{re.escape(low.lower())}\b", s)):  # 'hola soy lucas, de Madrid'
        out = apposition(s, typed.end())
    out += telegram(s) + job_here(s)
    out += [] if any(f[0] == "job" for f in out) else job_pieces(s)
    if (said := FROM_SAID.search(s)) and (city := place(said)):
        out.append(home(city))
    homes = [f for f in out if f[0] == "home city"]
    if homes and (ORIGIN_ONLY.search(s) or any(place_of(e, 1) not in (None, *[f[1] for f in homes])
                                               for e in rx.finditer(ELSEWHERE, s, re.I))):
        out = [f for f in out if f[0] != "home city"]
    return [f for f in out if f[1]]

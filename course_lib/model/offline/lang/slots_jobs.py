"""The user's job: 'I work as an archivist', 'Je suis développeur', 'trabalho de analista de sistemas', 'soy profe de
historia' (-> history teacher), 'Ich arbeite Vollzeit als UX-Designerin', "I'm no longer a teacher" (taken back).

A verb of working may be followed by a few words before its 'as' ('I work part-time as', 'ich arbeite jetzt bei Siemens
als', 'je bosse à Berne comme', "lavoro in un'azienda di packaging come"); the job is named as the concept lexicon
names it when it knows it (course_lib/data/concepts.json), else as said.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import canon, find, spans
from course_lib.model.offline.lang.jobs_state import with_state
from course_lib.model.offline.lang.lexicon import DIET_WORDS, FAITHS, NATIONALITIES
from course_lib.model.offline.lang.slots_pastimes import found_study

Found = tuple[str, str, str]
FILLER = r"(?:(?!(?:who|which|that|que|qui|quien|quem|che|cui|dass|wo|where|où|donde|onde|dove)\b)[\w'’%-]+ ){0,5}?"  # 'part-time', 'Vollzeit', 'jetzt bei Siemens', 'à Berne', "in un'azienda di packaging"
NOT_WHAT = r"(?! (?:casa|noche|noite|d[ií]a|ma[ñn]ana|manh[ãa]|tarde|madrugada|turnos?|fin de semana|fim de semana)\b)"  # 'trabalho de casa': where or when
JOB_AS = (r"\b(?:i'?m|i am) an? ([\w-]+) by (?:trade|profession)|\b(?:i|i'?m|i am) (?:working |employed )?as an? ([\w -]+?)|(?:^\W*|, |\b(?:been|years?|months?|now|currently|while|and) )(?:working|employed) as (?:an? )?([\w -]+?)|\bi work " + FILLER + r"as an? ([\w -]+?)|(?:\bich |^\W*|, |\bund )(?:arbeite?|schaffe?) (?:(?!als\b)" + FILLER + r")?als ([\w -]+?)|"
          r"\bje (?:travaille|bosse|taff?e?) (?:(?!comme\b)" + FILLER + r")?comme ([\w -]+?)|\ben tant que ([\w -]+?)|\b(?:trabajo|curro|laburo|chambeo) (?:de" + NOT_WHAT + r"|(?:(?!como\b)" + FILLER + r")?como) ([\w -]+?)|"
          r"\btrabalho (?:de" + NOT_WHAT + r"|(?:(?!como\b)" + FILLER + r")?como) ([\w -]+?)|\blavoro (?:(?!come\b)" + FILLER + r")?come ([\w -]+?)|\bich bin ([\w-]+?) von beruf|"
          r"\b(?:a|new|my|the) (?:role|job|position|post) as an? ([\w -]+?)")
JOB_END = r"(?=\s*(?:[.!,;(]|$| now\b| bin\b| bi\b| au\b| aux\b| al\b| ao\b| so\b| donc\b| because\b| weil\b| porque\b| perché\b| quindi\b| então\b| entonces\b| out\b| dans\b| num\b| numa\b| no\b| na\b| nella\b| nel\b| presso\b| in una?\b| desde\b| dal\b| da\b| and\b| im\b| am\b| in der\b| beim\b| und\b| et\b| y\b| e\b| but\b| mais\b| pero\b| ma\b| at\b| in\b| for\b| by trade| since\b| from home| bei\b| chez\b| à\b| en\b| em\b| a\b| da\b| de\b| seit\b| los\b| las\b| les\b| the\b| on\b| with\b| por\b| per\b| pour\b| via\b| every\b| cada\b| todos\b| tous\b| jeden\b| ogni\b| nos\b| nas\b| nei\b| nel\b))"
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
            "libera", "libero", "libre", "sincere", "noche", "noches", "día", "dia", "tarde", "mañana", "madrugada", "manhã", "nuit", "notte", "giorno", "turno",
            "turnos", "casa", "home"}  # 'trabajo de noche', 'trabajo desde casa': when or where, not what


def a_or_an(noun: str) -> str:
    """'an archivist', 'a luthier'."""
    return ("an " if noun[:1].lower() in "aeiouéí" else "a ") + noun


NO_LONGER_JOB = (r"\b(?:i'?m|i am) (?:no longer|not) (?:an? )?({JOB})(?: any ?more)?\b|\bi (?:no longer|don'?t) work as an? ({JOB})|"
                 r"\bich bin (?:kein(?:e|er)? |nicht mehr )({JOB})(?: mehr)?\b|\bje ne suis plus (?:un |une )?({JOB})|"
                 r"\bya no (?:soy|trabajo (?:de|como)) ({JOB})|\bj[áa] n[ãa]o (?:sou|trabalho como) ({JOB})|"
                 r"\bnon (?:sono|lavoro come) più (?:un |una )?({JOB})|\bnon faccio più (?:il |la |l')({JOB})")


BECAME = (  # a job taken up: 'I've become a …', 'je suis devenue …', 'sono diventato head chef', "I'm starting as a sommelier", 'neue Stelle als …'
    r"i(?:'ve| have)? (?:just )?become|i became|je suis devenue?|me he convertido en|me hice|virei|tornei-me|me tornei|sono diventat[oa]|"
    r"i'?m starting (?:work )?as|i start(?:ed)? (?:work )?as|ich fange (?:\w+ ){0,3}?als|je commence comme|empiezo (?:a trabajar )?como|"
    r"começo (?:a trabalhar )?como|comincio (?:a lavorare )?come|(?:a|my) new (?:job|role|position) as|(?:eine )?neue stelle als|"
    r"(?:un )?nouveau (?:poste|job|boulot) (?:de|comme)|(?:un )?nuevo (?:puesto|trabajo|curro) (?:de|como)|(?:um )?novo (?:emprego|cargo|trabalho) (?:de|como)|"
    r"(?:un )?nuovo (?:lavoro|posto) (?:da|come)|"
    # hired or promoted: 'they hired me as', 'me contrataron como', 'mi hanno preso come', 'me han ascendido a', 'passei para'
    r"(?:they )?hired me as|(?:i )?got (?:hired as|promoted to)|i(?:'ve| have)? been (?:hired as|promoted to)|"
    r"me (?:contrataron|han contratado|contrataram) (?:como|de)|fui contratad[oa] como|me (?:ascendieron|han ascendido) a|fui promovid[oa] a|"
    r"passei (?:a|para)|mi hanno (?:preso|assunto) come|mi hanno promoss[oa] a|sono stat[oa] (?:assunt[oa]|promoss[oa]) (?:come|a)|"
    r"on m'a (?:embauch[ée]e?|pris(?:e)?) comme|j'ai [ée]t[ée] (?:embauch[ée]e?|engag[ée]e?) comme|j'ai [ée]t[ée] promue? |ich wurde als")


COPULA = (r"(?:(?:^\W*|[,;]\s*)bin(?: übrigens| jetzt| auch| seit \w+)*|"  # German without 'ich': 'Bin übrigens Polizist', '…, bin jetzt Servicetechniker'
          r"\b(?:" + BECAME + r"|i'?m|i am|i work as|ich bin|ich arbeite als|je suis|je travaille comme|soy|trabajo de|trabajo como|curro de|"
          r"laburo de|sou|trabalho como|sono|lavoro come|faccio))\s+(?:an? |un |une |uma? |una |un'|el |la |il |lo |o |a |l')?")


NEGATED_COPULA = r"\b(?:not|no longer|ya no|no|j[áa] n[ãa]o|n[ãa]o|nao|non|nn|nicht|ne|n'|kein\w*)\s*$"  # 'ya no soy', 'já não sou'
COPULA_AND = (r"\b(?:i'?m|i am|ich bin|je suis|soy|sou|sono)\s[^,.;]*?\b(?:and|und|et|y|e)\s+"
              r"(?:an? |un |une |uma? |una |un'|el |la |il |lo |o |a |l')?")


def denied(s: str, cop: re.Match[str]) -> bool:
    """Is the copula at `cop` negated before it ('ya no soy', 'já não sou', 'non sono')? An English one never is so:
    'no I'm a nurse' is a correction, its negation comes after ("I'm not")."""
    return not rx.match(r"\W*(?:i'?m|i am|i work)\b", cop.group(0), re.I) and bool(rx.search(NEGATED_COPULA, s[:cop.start()], re.I))


def found_job(s: str) -> list[Found]:
    """The job read from `s` (see found_job_said) with the state said with it: 'retired bus driver', 'freelance
    translator' (lang/jobs_state.py)."""
    return with_state(found_job_said(s), s)


def found_job_said(s: str) -> list[Found]:
    """'I work as an archivist', 'I'm a software engineer at …', 'Je suis développeur', 'Soy profesor de historia';
    "I'm no longer a teacher" takes the job back."""
    if (gone := rx.search(NO_LONGER_JOB.replace("{JOB}", JOB_WORDS), s, re.I)) and \
            (s[gone.end():].strip(" .!").split()[:1] in ([], ["any"], ["anymore"], ["mehr"]) or "no longer" in gone.group(0).lower()
             or "plus" in gone.group(0).lower() or "ya no" in gone.group(0).lower() or "não" in gone.group(0).lower()
             or "più" in gone.group(0).lower() or "nicht mehr" in gone.group(0).lower()):
        job = next(g for g in gone.groups() if g).lower()
        if not rx.fullmatch(DIET_WORDS, job, re.I) and job not in NOT_JOBS:  # 'no longer pescatarian' is a diet (slots_health)
            now = [f for f in found_job(s[gone.end():]) if f[0] == "job"]  # '…, ahora soy conductor de autobús'
            return [("retract", job, f"The user is no longer {a_or_an(job)}."), *now]
    if study := found_study(s):  # 'studio medicina', "I'm a second-year chem student": '<field> student'
        return study
    m = rx.search(rf"(?:{JOB_AS}){JOB_END}", s, re.I)
    job = next((g for g in m.groups() if g), None) if m else None
    if job is None:
        m = rx.search(rf"\b(?:i'?m|i am|ich bin|je suis|soy|sou|sono|faccio (?:il|la|l'|lo|er))\s*(?:an? |un |une |uma? |un'?)?({JOB_WORDS}){JOB_END}", s, re.I)
        job = m.group(1) if m and not denied(s, m) and m.group(1).split()[-1].lower() not in NOT_JOBS and \
            not (m.group(1)[:1].isupper() and not canon("job", m.group(1))) else None
        # not 'no soy médico', nor 'sono Salvatore' (a capitalised word that only ends like a job noun is a name)
    for cop in ([] if job else [*rx.finditer(COPULA, s, re.I), *rx.finditer(COPULA_AND, s, re.I)]):  # '… and retired'   # 'ahora soy conductor de autobús': a job the lexicon knows
        known = find("job", s[cop.end():cop.end() + 40])
        if known and known[0][0] == 0 and denied(s, cop):
            continue  # 'já não sou arquiteta, passei para urbanista': the job denied is not held (the one after may be)
        if known and known[0][0] == 0:
            job = known[0][1]
            break
    if job is None and (t := rx.search(r"(?:\b(?i:ich bin)|(?:^\W*|[,;]\s*)(?i:bin)(?: übrigens| jetzt| auch)*)\s+([A-ZÄÖÜ][a-zäöüß]+(?:er|erin|eur|eurin|ist|istin|ant|antin|ent|entin|"
                                       r"schwester|pfleger|pflegerin|arzt|ärztin|koch|köchin|frau|mann|kraft))\b", s)) \
            and t.group(1).lower() not in NOT_JOBS and not rx.fullmatch(rf"(?:{NATIONALITIES})", t.group(1), re.I):
        job = t.group(1)  # German: 'Ich bin Krankenschwester' (a capitalised noun with no article is a profession)
    if job is None and (t := rx.search(r"\bi teach((?: [\w-]+){1,4})", s, re.I)):  # 'I teach history', 'I teach high school chemistry'
        job = taught(t.group(1))
    if job is None and (t := rx.search(TEACH, s, re.I)):  # 'insegno latino', 'enseño inglés': a school subject or a language
        job = teacher_of(t.group(1))
    if job is None and (t := rx.search(r"\bje suis (prof(?:esseure?)?(?: de \w+)?)\b", s, re.I)):
        job = t.group(1)
    if job is None and rx.search(r"\b(?:i'?m|i am) (?:now |happily )?retired\b|\bich bin (?:in )?rente\b|\bich bin pensioniert|"
                                 r"\bje suis (?:à la )?retrait[ée]e?|\bestoy jubilad[oa]|\bsoy jubilad[oa]|\bestou reformad[oa]|"
                                 r"\bsou aposentad[oa]|\bsono in pensione", s, re.I):
        return [("job", "retired", "The user is retired.")]
    if job is None and (t := rx.search(r"\bi work in (?!the\b)(?-i:([a-z][\w-]+(?: [a-z][\w-]+)?))(?=\s*(?:[.!,;]|$| and\b| at\b| for\b))", s, re.I)):
        return [("job", f"in {t.group(1)}", f"The user works in {t.group(1)}.")]
    if job is None:
        return []
    at = s.lower().find(job.lower(), m.start()) if m else -1
    if canon("job", job) and at >= 0 and (known := find("job", s[at:at + 60])) and known[0][0] == 0:
        job = known[0][1]  # 'chauffeur de bus', 'ingeniera de software': the longest job the lexicon knows from there
    job = rx.sub(r"^(?:an?|un|une|uma?|el|la|o|a|il|lo) ", "", job.strip(), flags=re.I)
    if len(job.split()) > 3 and not canon("job", job):  # 'uber entao sem carro eu fico sem renda': a clause, no job title
        known = spans("job", job)
        job = known[0][2] if known and known[0][0] == 0 else ""
    if not job or job.split()[-1].lower() in NOT_JOBS or rx.fullmatch(DIET_WORDS, job.split()[-1], re.I) or \
            (canon("diet", job) and not canon("job", job)) or (canon("condition", job) and not canon("job", job)) or \
            rx.fullmatch(rf"(?:{NATIONALITIES}|{FAITHS})", job.split()[-1], re.I):
        return []
    job = job if job.isupper() or rx.search(r"[A-Z]{2}", job) else job.lower()
    if not rx.search(r"[^\W\d_]", job):  # 'trabajo en un banco de 8 a 6': an hour is no job
        return []
    job = subject_teacher(job, s)
    if job in ("retired", "unemployed"):  # a state, not a job title
        return [("job", job, f"The user is {job}.")]
    return [("job", job, f"The user works as {a_or_an(job)}.")]


SUBJECTS = {  # a school subject in six languages -> its English name ('profe de historia' -> 'history teacher')
    "history": r"history|historia|histoire|storia|geschichte|hist[óo]ria", "maths": r"maths?|mathematics|matem[áa]ticas?|mates|math[ée]matiques|matematica|mathe",
    "physics": r"physics|f[íi]sica|physique|physik", "chemistry": r"chemistry|qu[íi]mica|chimie|chimica|chemie",
    "biology": r"biology|biolog[íi]a|biologie", "geography": r"geography|geograf[íi]a|g[ée]ographie|geographie",
    "philosophy": r"philosophy|filosof[íi]a|philosophie", "literature": r"literature|literatura|litt[ée]rature|letteratura|lettere|literatur",
    "art": r"art|arte|arts plastiques|kunst", "science": r"science|ciencias|ci[êe]ncias|sciences|scienze|naturwissenschaften",
    "Latin": r"latin|lat[íi]n|latim|latino|latein", "computer science": r"informatics|inform[áa]tica|informatique|informatik",
}


TEACH = (r"\b(?:ich unterrichte|j'enseigne|je donne des cours d[e']|(?:yo )?enseño|doy clases de|(?:eu )?ensino|dou aulas de|(?:io )?insegno)\s+"
         r"(?:la |le |el |il |l'|o |a |lo )?([\w-]+)")  # the subject taught, in five languages ('I teach X' above)
TEACHER = r"teacher|prof|profe|profesora?|professora?|professeure?|insegnante|professore|professoressa|docente|maestr[oa]|lehrer(?:in)?"


PRIMARY = (r"(?:at|in) an? (?:primary|elementary) school|an (?:einer|der) grundschule|(?:dans|à) (?:une|l') ?école (?:primaire|élémentaire)|"
           r"en (?:una|la) escuela (?:primaria|de primaria)|n(?:uma|a) escola (?:primária|básica)|(?:in una|alla) scuola (?:primaria|elementare)")


def teacher_of(word: str) -> str | None:
    """'<subject> teacher' for one word that names a school subject or a language ('latino' -> Latin teacher), or None."""
    subject = next((subject for subject, said in SUBJECTS.items() if rx.fullmatch(said, word, re.I)), None)
    subject = subject or canon("language", word)
    return f"{subject} teacher" if subject else None


def taught(words: str) -> str:
    """The teacher 'I teach <words>' makes: of the school subject or language among the words ('high school chemistry'
    -> chemistry teacher), of a primary school ('year 5', 'kids') or a plain teacher."""
    for word in words.split():
        if job := teacher_of(word):
            return job
    return "primary school teacher" if rx.search(r"\b(?:year \d|primary|reception|kids|children|infants)\b", words, re.I) else "teacher"


def subject_teacher(job: str, s: str) -> str:
    """A teacher the lexicon named bare, said with 'de/di/of <a school subject>' -> '<subject> teacher' ('soy profe de
    historia en un liceo', 'I teach history'); a job already read with its subject keeps its words."""
    if canon("job", job) not in ("teacher", "professor") or " " in job:  # as read ('profesor de historia' stays as said)
        return job
    if rx.search(rf"\b(?:{TEACHER})\s+{PRIMARY}", s, re.I):
        return "primary school teacher"  # 'Lehrerin an einer Grundschule', 'maestra en una escuela primaria'
    for subject, said in SUBJECTS.items():
        if rx.search(rf"\b(?:{TEACHER})\s+(?:of|de|di|d'|em|en|in|für)\s*(?:la |el |l'|le )?(?:{said})\b", s, re.I):
            return f"{subject} teacher"
    if (t := rx.search(rf"\b(?:{TEACHER})\s+(?:of|de|di|d'|für)\s*(?:la |el |l'|le )?([\w-]+)", s, re.I)) and (lang := canon("language", t.group(1))):
        return f"{lang} teacher"  # 'professora de inglês', "prof d'allemand" -> English / German teacher
    return job

"""Languages and hobbies read through the concept lexicon: a first-person verb of that family, then (within a few
words) a language or an activity the lexicon knows, in six languages. The word is found however it is typed
('ingles', 'alemao', 'Schweizerdeutsch', 'violoncello'), and named in English.

    parlo anche tedesco e un pochino di giapponese   -> language German, language Japanese
    on parle français à la maison / reden wir …     -> language French
    to aprendendo alemao / I'm trying to improve my English -> language German / English (learning)
    faccio yoga / suono il violoncello / Juego a pelota … / I'm big into hillwalking -> hobby
    ich spiel Schlagzeug / Schach spiel ich / jeden Montag spiel ich Schach (German: the verb second, 'ich' after it, the object first) -> hobby

slots_open reads the fixed phrasings first ('I speak Spanish', 'I play tennis'); this reader adds what they miss and
never a value after a negation ('je ne parle pas', 'no hablo', "I don't speak"). A third person ('Ma blonde parle
espagnol') is no cue: each verb here is first person only ('je parle', 'on parle', 'hablo', 'falo', 'parlo', 'spreche').
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import bare, index, key
from course_lib.model.offline.lang.slots_hobbies import read_hobbies

Found = tuple[str, str, str]
NOT = r"\b(?:not|don'?t|do not|never|nicht|kein\w*|ne|n'|pas|no|nunca|n[ãa]o|nunca|non|mai)\b"
SPEAK = (r"\b(?:i (?:can )?speak|we speak|ich spreche|wir sprechen|sprechen wir|wir reden|reden wir|je parle|on parle|nous parlons|"
         r"(?:yo )?hablo|hablamos|(?:eu )?falo|falamos|a gente fala|(?:io )?parlo|parliamo|ich unterrichte (?:\w+ )?auf|"
         r"j'enseigne en|enseño en|ensino em|insegno in|i teach in|je comprends|i understand|ich verstehe|entiendo|entendo|capisco)\b")
LEARN = (r"(?:^\W*|\bich )lern(?:e)?\b|\b(?:estoy|estou|t[ôo]|to) (?:practicando|estudiando|estudando|praticando)|\bando a (?:aprender|estudar)|"
         r"\bsto (?:imparando|studiando)|\b(?:i'?m (?:\w+ )?learning|i'?m trying to (?:learn|improve|brush up)|i (?:am )?(?:trying to )?(?:learn|improve|study|brush up)(?:ing)?(?: on)?|ich lerne|ich verbessere|"
         r"j'apprends|je (?:suis en train d'|veux )?(?:apprendre|améliorer)|estoy aprendiendo|aprendo|estudio|quiero mejorar|"
         r"(?:estou|t[ôo]) aprendendo|aprendo|estudo|quero melhorar|sto imparando|imparo|studio|voglio migliorare)\b")
DOING = (r"\b(?:i (?:also |really |still )?(?:do|practi[cs]e|play|started|took up)|i'?m (?:big |really |very )?into|(?:i'?ve )?been (?:really |very |super |so )?into|"
         r"ich (?:mache?|spiele?|singe?|treibe?)|(?:mache?|spiele?|singe?|treibe?) (?:ich|i)|i (?:spü|spiel)|ich fang(?:e)? (?:jetzt )?mit|je (?:fais|pratique|joue)|"
         r"(?:yo )?(?:hago|practico|juego|toco)|me he apuntado (?:a|al)|(?:eu )?(?:fa[çc]o|pratico|jogo|toco)|"
         r"(?:io )?(?:faccio|pratico|gioco|suono|canto))\b")
WINDOW = 10  # words after the verb in which the language or activity must be named


def named(family: str, text: str) -> list[str]:
    """The concepts of `family` named in the first WINDOW words of `text`, in order; spelled as the lexicon has
    them (accents aside), not one typo away: 'backend' is no 'backen'."""
    words, table, out = rx.findall(r"[\w'’-]+", text)[:WINDOW], index()[family], []
    for i in range(len(words)):
        for n in (3, 2, 1):
            phrase = " ".join(words[i:i + n])
            if len(words[i:i + n]) == n and (value := table.get(bare(phrase)) or table.get(key(phrase))):
                out.append(value)
                break
    return list(dict.fromkeys(out))


def cued(pattern: str, s: str) -> list[tuple[re.Match[str], str]]:
    """Each cue in `s` with the words after it (to the next comma or 'but'), skipping a negated cue."""
    out = []
    for m in rx.finditer(pattern, s, re.I):
        if rx.search(NOT, s[max(0, m.start() - 12):m.end()], re.I):
            continue
        out.append((m, rx.split(r"[,;.!?]|\b(?:but|aber|mais|pero|mas|ma)\b", s[m.end():], maxsplit=1)[0]))
    return out


LEARNT_FIRST = re.compile(  # the language first, then the verb with a pronoun: 'il tedesco lo sto imparando', 'el alemán lo estoy
    # aprendiendo', 'o alemão to aprendendo', "l'allemand, je l'apprends", 'Spanisch lerne ich gerade'
    r"(?:^|[,;]\s*|\b(?:e|y|et|und|and|ma|pero|mas|mais|aber)\s+)(?P<obj>(?:[\w'’]+\s+){0,2}?[\w'’]+),?\s+(?:(?:lo|la|l'|le|o|a)\s*)?"
    r"(?:(?:sto|estoy|estou|t[ôo]|to|je|j')\s*)?(?:imparando|studiando|facendo|aprendiendo|estudiando|practicando|aprendendo|estudando|"
    r"apprends|l'apprends|[ée]tudie|l'[ée]tudie|lerne ich|lern ich)\b", re.I)


def read_pastimes(s: str) -> list[Found]:
    """The languages the user speaks or learns and the activities they do, as the lexicon names them."""
    out: list[Found] = []
    for how, pattern in (("is learning", LEARN), ("speaks", SPEAK)):  # 'falo X e to aprendendo Y': Y is being learnt
        for _, rest in cued(pattern, s):
            for lang in named("language", rest):
                if not any(f[0] == f"language:{lang.lower()}" for f in out):
                    out.append((f"language:{lang.lower()}", lang, f"The user {how} {lang}."))
    for m in LEARNT_FIRST.finditer(s):
        if not rx.search(NOT, s[m.end("obj"):m.end()], re.I):
            for lang in named("language", m.group("obj"))[-1:]:
                if not any(f[0] == f"language:{lang.lower()}" for f in out):
                    out.append((f"language:{lang.lower()}", lang, f"The user is learning {lang}."))
    first = rx.match(r"\W*((?:\w+ ){0,2}?\w+) (?:spiele?|mache?|treibe?|singe?) (?:ich|i)\b", s, re.I)  # 'Schach spiel ich'
    for _, rest in cued(DOING, s) + ([(first, first.group(1))] if first else []):
        for thing in named("hobby", rest)[:1]:
            out.append((f"hobby:{thing}", thing, f"The user does {thing}."))
            break
        if any(f[0].startswith("hobby:") for f in out):
            break
    return out + ([] if any(f[0].startswith("hobby:") for f in out) else read_hobbies(s))  # going, taking up, its own verb


STUDY = (r"\b(?:i (?:study|am studying)|i'?m studying|ich studiere|studier(?:e)?|j'étudie|je fais des études d[e']|"
         r"je suis (?:étudiante?|en (?:\w+ année|[lm]\d)) (?:en|de|d')|(?:^|, )en (?:\w+ année|[lm]\d) (?:en|de|d')|(?:yo )?estudio|soy estudiante de|(?:eu )?estudo|"
         r"sou estudante de|(?:eu )?fa[çc]o(?! (?:o|a) )|(?:io )?studio|sono studente(?:ssa)? di|faccio(?! (?:il|la|lo|l'))|"  # 'faccio la veterinaria': a job
         # in apposition ('Jonas, 20, studying engineering', 'Inès, étudiante en pharmacie'), or by the year ('Estou no 2.º ano de Medicina')
         r"(?:^|, )\W*(?:studying|étudiante? (?:en|de|d')|estudiante de|estudante de|studente(?:ssa)? di)|"
         r"\b(?:i'?m|i am|estoy|estou|sono|je suis|ich bin)\s+(?:in (?:my |the )?|en |no |na |al |im )[\w.º°ª]+\s+(?:year|año|ano|anno|année|semester|curso)(?:\s+(?:of|de|di))?)"
         r"\s+(?:la |le |el |il |l'|de |di )?")


def found_study(s: str) -> list[Found]:
    """'studio medicina', 'estudio ingeniería de sistemas', 'studier soziale arbeit', "je suis en première année de
    médecine", "I'm a second-year chem student" -> job '<field> student', when the lexicon knows the field."""
    said = [s[m.end():] for m in rx.finditer(STUDY, s, re.I)]
    said += [m.group(1) for m in rx.finditer(r"\b(?:i'?m|i am) an? (?:[\w-]+ )?(?:year )?([\w ]{2,30}?) student\b", s, re.I)]
    before = [rx.findall(r"[\w'’-]+", m.group(1)) for m in rx.finditer(r"((?:[\w'’-]+ ){1,3})student\b", s, re.I)]  # 'second year engineering student'
    for words in [rx.findall(r"[\w'’-]+", rest) for rest in said] + [w[-n:] for w in before for n in (3, 2, 1) if len(w) >= n]:
        for n in (3, 2, 1):
            if len(words) >= n and (job := index()["job"].get(key(f"student of {' '.join(words[:n])}"))):
                return [("job", job, f"The user is {'an' if job[0] in 'aeiou' else 'a'} {job}.")]
    return []

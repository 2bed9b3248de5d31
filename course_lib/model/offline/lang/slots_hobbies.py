"""Hobbies said with a verb of going or taking up, or with the activity's own verb and a sign of habit (six languages).

    going       Am Wochenende geh ich meistens bouldern / je vais à la pêche / vado in palestra / vou ao ginásio  -> hobby
    taking up   je me suis mise à l'aquarelle / comecei o ginásio / mi sono messo a fare ceramica / empecé crossfit -> hobby
    own verb    surfo quase todo dia / corro tres veces por semana / jcours 3 fois par semaine / nuoto ogni mattina  -> hobby

The activity must be one the concept lexicon knows (data/concepts.json, family hobby), named within a few words of
the verb; a way to work or school ('vado al lavoro in bici') is a commute, not a hobby, and gives nothing. An
activity's own verb ('corro', 'je cours') counts only with a sign that it is a habit ('every', 'todos los días',
'3x por semana'): 'corro a casa' is no hobby. A negated verb ('no voy al gimnasio') gives nothing.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import bare, index, key
from course_lib.model.offline.lang.schedules import read_schedule

Found = tuple[str, str, str]
GOING = (r"\b(?:i (?:usually |often |also |still )?go|(?:i (?:like|love) to go)|(?:me gusta|me encanta|gosto de|adoro|j'aime|j'adore|mi piace|amo) (?:ir|aller|andare|sair|salir|uscire)(?: a| à| in)?|ich gehe? gerne?|i(?:'ve| have)? (?:just )?(?:started|taken up|took up)|"
         r"(?:ich )?geh(?:e)? (?:ich |i )?|geh(?:e)? (?:ich|i)\b|ich bin (?:\w+ )?(?:beim|im)|(?:ich|i) fang(?:e)? (?:\w+ )?(?:mit|an)|"
         r"je vais(?: faire)?|j'?vais|aller (?:faire )?|je me suis mise? (?:à|a)|j'ai (?:commencé|repris)|"
         r"(?:yo )?voy (?:a )?(?:clases? de )?|salgo a|empec[ée]|me apunt[ée]|me (?:met[íi]|he metido) (?:a|al|en)|"
         r"(?:eu )?vou (?:fazer )?|ando de|comecei(?: a fazer)?|voltei (?:a fazer |pr[ao] |ao |à )|"
         r"vado (?:a fare )?|mi sono (?:messo|messa) a(?: fare)?|ho (?:iniziato|cominciato|ripreso)(?: a fare)?|inizio)\b")
OWN_VERB = {  # an activity's own first-person verb, in the six languages -> the hobby (with a sign of habit only)
    "running": r"j[e']? ?cours|(?:yo |eu |io )?corro|ich (?:laufe|jogge)|i jogge?|i run|"
               r"lauf(?:e)?(?= (?:aber|trotzdem|auch|noch|immer|fast|meistens|oft|t[äa]glich|jeden|jede|morgens|abends|\d))",
    "swimming": r"je nage|(?:yo |eu )?nado|(?:io )?nuoto|ich schwimme|i swim",
    "surfing": r"je surfe|(?:yo )?surfeo|(?:eu )?surfo|ich surfe|i surf",
    "climbing": r"j'escalade|je grimpe|(?:yo |eu )?escalo|(?:io )?arrampico|ich klett(?:e)?re|i climb|i boulder",
    "walking": r"i (?:go for a )?walk|je marche|(?:yo )?camino|(?:eu )?caminho|(?:io )?cammino|ich gehe spazieren",
    "weight training": r"i lift|je soul[èe]ve de la fonte|ich stemme",
    "cycling": r"je roule|(?:yo )?pedaleo|(?:eu )?pedalo|(?:io )?pedalo",
    "gym": r"(?:eu )?malho",
    "hiking": r"je randonne|ich wandere|(?:eu )?fa[çc]o trilhas?",
    "singing": r"je chante|(?:yo )?canto|(?:eu )?canto|(?:io )?canto|ich singe",
    "dancing": r"je danse|(?:yo )?bailo|(?:eu )?dan[çc]o|(?:io )?ballo|ich tanze",
}
HABIT = (r"\b(?:every|each|most (?:days|mornings|evenings|weekends)|twice|once a|a week|per week|\d+ ?(?:x|times)|"
         r"jeden|jede|jedes|t[äa]glich|\w+s (?:die|pro) woche|mal (?:die|pro|in der) woche|am wochenende|morgens|abends|sonntags|samstags|"
         r"tous les|toutes les|chaque|fois par semaine|le (?:matin|soir|week-end|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)|"
         r"tod[oa]s? (?:los |las |os |as )?(?:d[ií]as?|ma[ñn]anas?|semanas?|tardes?)|quase todo dia|cada|veces (?:por|a la) semana|vezes por semana|"
         r"x (?:por )?semana|por semana|los (?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bados|domingos|fines de semana)|"
         r"aos (?:s[áa]bados|domingos|fins de semana)|de manh[ãa]|ogni|tutti i giorni|volte (?:a|alla|la) settimana|"
         r"(?:la|il) (?:domenica|sabato|mattina|sera)|nel (?:weekend|fine settimana))\b")
NOT_HOBBY = (r"\b(?:to work|to the office|to school|to uni|zur arbeit|ins b[üu]ro|zur uni|au (?:travail|boulot|taf|bureau)|[àa] la fac|"
             r"al (?:trabajo|curro|laburo|lavoro)|a la (?:oficina|uni)|ao trabalho|pro trabalho|para o trabalho|[àa] faculdade|"
             r"in ufficio|all'universit[àa]|a scuola|al colegio|a la (?:pega|chamba|facu)|(?:pro|ao) trampo|everywhere|all over town|"
             r"para todo (?:o )?lado|por todos lados|a todas partes|partout|[üu]berall|ovunque|dappertutto)\b")  # a way to get about
ONCE = (r"\b(?:tomorrow|tonight|today|next week|this (?:weekend|evening|afternoon)|(?<!jeden )(?<!am )(?<!guten )morgen|heute|heute abend|n[äa]chste woche|"
        r"demain|ce soir|aujourd'hui|la semaine prochaine|ce week-end|ma[ñn]ana|esta (?:noche|tarde)|hoy|la semana que viene|"
        r"amanh[ãa]|hoje|logo [àa] noite|esta noite|domani|stasera|oggi|la settimana prossima)\b")  # one outing: a plan, not a hobby
TAKEN_UP = (r"started|taken up|took up|fang|je me suis mise?|commenc|repris|empec|apunt|met[íi]|metido|comecei|voltei|messo|messa|"
            r"iniziato|cominciato|ripreso|inizio")  # the verbs of GOING that say an activity was taken up
NOT = r"\b(?:not|don'?t|never|nicht|kein\w*|ne|n'|pas|plus|no|nunca|n[ãa]o|nao|non|nn|mai|more)\b"
WINDOW = 5  # words after a verb of going in which the activity must be named


def activity(text: str, window: int = WINDOW) -> str | None:
    """The first hobby the lexicon names in the first `window` words of `text` (as spelled there, accents aside)."""
    words, table = rx.findall(r"[\w'’-]+", text)[:window], index()["hobby"]
    for i in range(len(words)):
        for n in (3, 2, 1):
            if len(words[i:i + n]) == n and (value := table.get(bare(" ".join(words[i:i + n]))) or table.get(key(" ".join(words[i:i + n])))):
                return value
    return None


def hobby(thing: str, going: bool = False) -> Found:
    """hobby:<thing> with a plain sentence ('The user goes to the gym.', 'The user goes fishing.', 'The user does pottery.')."""
    the = "the " if thing in ("gym", "cinema", "theatre") else ""
    said = f"goes to {the}{thing}" if going and not thing.endswith("ing") or thing == "gym" else f"goes {thing}" if going else f"does {thing}"
    return (f"hobby:{thing}", thing, f"The user {said}.")


def read_hobbies(s: str) -> list[Found]:
    """A hobby said with a verb of going or taking up, or its own verb and a sign of habit (see the module docstring).
    A schedule said with it ('I go to the gym three times a week') is the schedule reader's fact, and going to the
    cinema or the theatre is an outing (a plan), not a hobby."""
    if rx.search(NOT_HOBBY, s, re.I) or rx.search(ONCE, s, re.I):
        return []
    scheduled = read_schedule(s)
    for m in rx.finditer(GOING, s, re.I):
        if scheduled and not rx.search(TAKEN_UP, m.group(0), re.I):
            break  # a schedule said with going is the schedule reader's; taking an activity up is a hobby all the same
        if rx.search(NOT, s[max(0, m.start() - 12):m.start()], re.I) or rx.match(rf"\s*{NOT}", s[m.end():], re.I):
            continue
        rest = rx.split(r"[,;.!?]|\b(?:but|aber|mais|pero|mas|ma)\b", s[m.end():], maxsplit=1)[0]
        if (thing := activity(rest)) and thing not in ("cinema", "theatre"):
            return [hobby(thing, going=bool(rx.search(r"\b(?:go|geh\w*|vais|vou|voy|vado|aller|ir|andare|sair|salir|salgo|uscire)\b", m.group(0), re.I)))]
    if rx.search(HABIT, s, re.I) and not scheduled:
        for thing, verb in OWN_VERB.items():
            if (m := rx.search(rf"(?:^|[\s,;:]|\b(?:e|y|et|und|and)\s)(?:{verb})\b", s, re.I)) and \
                    not rx.search(NOT, s[max(0, m.start() - 12):m.start() + 1], re.I) and \
                    not rx.match(r"\s+(?:a|an|the|my|our|their|his|her|this|that)\b", s[m.end():], re.I):  # 'I run a bakery'
                return [hobby(thing)]
    return []

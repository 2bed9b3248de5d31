"""A job the user has quit, in six languages: the quit job is taken back, never stored as held.

    I quit my job as a nurse                     -> ('retract', 'works as a nurse', 'The user no longer works as a nurse.')
    Ich habe meinen Job als Koch gekündigt / j'ai quitté mon poste d'infirmière / dejé mi trabajo de enfermera /
    deixei o emprego de professora / ho lasciato il lavoro da cameriere          -> the same
    I resigned from the bank / pedi demissão do banco / hab im Krankenhaus gekündigt -> 'The user no longer works at a bank.'
    I quit my job as a nurse, I'm a paramedic now / dejé el banco, ahora soy conductor -> only the new job (the write
                                                                                      path UPDATEs the old one)

A job said with a quit frame but no job the lexicon knows keeps its first word only when it is no function word
('I quit my job as a barista'); a workplace is one of a few kinds (bank, hospital, school, hotel, café, restaurant,
shop, supermarket, factory, office). Someone else's quitting ('my wife quit her job') is not read (the frame says 'my').
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.jobs_state import known_job

Found = tuple[str, str, str]
QUIT_AS = re.compile(
    r"\b(?:i(?:'ve| have)? )?(?:quit|left|gave up|given up|resigned from|lost|i'?m leaving|i'?m quitting) my (?:job|position|post|role|work)"
    r" as (?:an? )?|"
    r"\bmeine[nm]? (?:job|beruf|posten|stelle|arbeit) als (?=.*\b(?:gekündigt|aufgegeben|verloren|hingeschmissen|an den nagel gehängt)\b)|"
    r"\b(?:j'ai|je viens de) (?:quitt[ée]|l[âa]ch[ée]|perdu|d[ée]missionn[ée] de) (?:mon|le) (?:poste|travail|boulot|emploi|job|taf) (?:de |d'|d’|comme )(?:une? )?|"
    r"\b(?:dej[ée]|he dejado|perd[íi]|renunci[ée] a|largu[ée]) (?:mi|el) (?:trabajo|puesto|empleo|curro|laburo|chamba) (?:de|como) (?:una? )?|"
    r"\b(?:deixei|larguei|perdi|sa[íi] d)o? ?(?:o |meu )?(?:emprego|trabalho|cargo|posto) (?:de|como) (?:uma? )?|"
    r"\bho (?:lasciato|perso|mollato) (?:il mio |il )(?:lavoro|posto) (?:da |di |come )(?:una? |un'|il |la |lo |l')?", re.I)
PLACES = {"bank": r"bank|banco|banque|banca", "hospital": r"hospital|krankenhaus|klinik|h[ôo]pital|ospedale",
          "school": r"school|schule|[ée]cole|escuela|colegio|escola|scuola", "hotel": r"hotel|h[ôo]tel|albergo",
          "café": r"cafe|café|caf[ée]t[ée]ria|caff[èe]|coffee shop", "restaurant": r"restaurant|restaurante|ristorante",
          "shop": r"shop|store|laden|boutique|magasin|tienda|loja|negozio", "supermarket": r"supermarket|supermarkt|supermarch[ée]|supermercado|supermercato",
          "factory": r"factory|fabrik|usine|f[áa]brica|fabbrica", "office": r"office|b[üu]ro|bureau|oficina|escrit[óo]rio|ufficio"}
PLACE = "|".join(PLACES.values())
QUIT_AT = re.compile(  # a verb that only means leaving a job ('left the bank' may be leaving the building; 'dejé la escuela' is school)
    rf"\b(?:i(?:'ve| have)? )?(?:quit|resigned from|handed in my notice at) (?:my job at )?(?:the|my) ({PLACE})\b|"
    rf"\b(?:i(?:'ve| have)? )?left my job at (?:the|my) ({PLACE})\b|"
    rf"\b(?:hab(?:e)?|ich habe) (?:im|in der|beim|bei der|in dem) ({PLACE}) (?:\w+ )?gekündigt|"
    rf"\bj'ai d[ée]missionn[ée] (?:de )?(?:la |le |l'|l’|mon |ma )?({PLACE})\b|"
    rf"\b(?:dej[ée]|renunci[ée] a|largu[ée]) (?:el |mi )?(?:laburo|trabajo|curro|puesto|chamba) (?:en|de) (?:el |la )?({PLACE})\b|"
    rf"\b(?:pedi (?:a )?demiss[ãa]o|larguei)(?: d[oa]| o| a)? ({PLACE})\b|"
    rf"\b(?:mi sono licenziat[oa]|mi sono dimess[oa]) da(?:l|lla|ll'|ll’)? ?({PLACE})\b", re.I)
NEXT = re.compile(r"[,;.!]|\b(?:and|und|et|y|e|but|aber|mais|pero|mas|ma|now|jetzt|maintenant|ahora|agora|ora|adesso)\b", re.I)
FUNCTION = {"a", "an", "the", "my", "job", "it", "that", "this", "well"}


def a_job(job: str) -> str:
    """'a nurse', 'an engineer'."""
    return f"{'an' if job[:1].lower() in 'aeiou' else 'a'} {job}"


def quit_job(s: str) -> list[Found] | None:
    """What a sentence that quits a job states: the new job when one follows, else the quit job (or workplace)
    taken back; None when the sentence quits no job."""
    from course_lib.model.offline.lang.slots_jobs import found_job_said  # noqa: PLC0415 (slots_jobs imports jobs_state)

    m = QUIT_AS.search(s)
    at = None if m else QUIT_AT.search(s)
    if not (m or at):
        return None
    tail = s[(m or at).end():]
    cut = NEXT.search(tail)
    new = [f for f in found_job_said(tail[cut.start():]) if f[0] == "job"] if cut else []
    if new:  # 'I quit my job as a nurse, I'm a paramedic now'
        return new[:1]
    if at:
        place = next(k for k, words in PLACES.items() if rx.fullmatch(words, next(g for g in at.groups() if g), re.I))
        return [("retract", f"works at {a_job(place)}", f"The user no longer works at {a_job(place)}.")]
    job = known_job(tail)
    if job is None:
        word = rx.match(r"[\w-]+", tail)
        if not word or word.group(0).lower() in FUNCTION:
            return None
        job = word.group(0).lower()
    return [("retract", f"works as {a_job(job)}", f"The user no longer works as {a_job(job)}.")]

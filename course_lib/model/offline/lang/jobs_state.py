"""A job said with the state or grade that goes with it: a retired person's former job ('retired bus driver') and a
freelance one ('freelance translator'), in six languages.

    I'm a retired postman / I used to be a bus driver, retired since May / retired now, I used to teach history
    je suis infirmière à la retraite / je suis retraité, avant j'étais cheminot
    soy cartero jubilado / estoy jubilada, fui costurera / sou aposentado, fui carteiro / sou enfermeira reformada
    sono in pensione, facevo l'infermiera / sono un pensionato, ex ferroviere
    ich bin pensionierte Briefträgerin / ich bin Rentner, war früher Busfahrer

The former job is one the concept lexicon knows (course_lib/data/concepts.json), said right after a frame of having
been ('used to be', 'avant j'étais', 'fui', 'facevo il', 'ex', 'war früher') or right before or after the word for
retired: a job anywhere else in the sentence may be someone else's ('I'm retired and my wife is a nurse').
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import find

Found = tuple[str, str, str]
RETIRED = (r"retired|pensioner|(?:à la |en )?retraite|retrait[ée]e?s?|jubilad[oa]s?|pensionad[oa]|aposentad[oa]|"
           r"reformad[oa]|(?:in )?pensione|pensionat[oa]|pensionista|pensionierte?[rn]?|im ruhestand|rentner(?:in)?|in rente")
WAS = (r"\bretired (?:an? )?|\bused to (?:be|work as) (?:an? )?|\b(?:former|ex-?) |\bj'[ée]tais (?:un |une )?|\bancien(?:ne)? |\b(?:fui|era|ero) (?:un |una |uma? )?|"
       r"\bfacevo (?:il |la |lo |l'|l’)?|\bex |\bwar (?:früher |mal )?(?:als )?|\bfrüher |\behemalige[rn]? |\bpensionierte?[rn]? ")
TAUGHT = r"\b(?:used to teach|taught|enseignais|enseñaba|ensinava|insegnavo|unterrichtete)\s+(?:(?:el|la|le|il|o|a)\s+)?(\w+)"
OTHERS = r"\b(?:my|his|her|our|mon|ma|mes|son|sa|mi|mis|su|sus|mio|mia|miei|suo|sua|meu|minha|seu|sua|mein|meine|sein|seine|ihr|ihre)\s+\w+"  # a relative may be the one retired
FREELANCE = r"\bfreelance(?:r|ra)?\b|\bfreela\b|\bfreiberuflich(?:e[rn]?)?\b|\bfree-lance\b"


def known_job(text: str) -> str | None:
    """The job the lexicon names at the very start of `text` ('cartero jubilado' -> 'postman')."""
    hit = find("job", text[:50], typos=False)
    return hit[0][1] if hit and hit[0][0] == 0 else None


def former_job(s: str) -> str | None:
    """The job a retired user had: after a frame of having been, or next to the word for retired."""
    from course_lib.model.offline.lang.slots_jobs import SUBJECTS  # noqa: PLC0415 (slots_jobs imports this module)
    for m in rx.finditer(WAS, s, re.I):
        if job := known_job(s[m.end():]):
            return job
    if t := rx.search(TAUGHT, s, re.I):
        return next((f"{subject} teacher" for subject, said in SUBJECTS.items() if rx.fullmatch(said, t.group(1), re.I)), None)
    for m in rx.finditer(rf"\b(?:{RETIRED})\b", s, re.I):
        before = rx.findall(r"[\w'’-]+", s[:m.start()])
        for n in (3, 2, 1):  # 'soy cartero jubilado', 'je suis infirmière à la retraite'
            if len(before) >= n and (job := known_job(" ".join(before[-n:]))) and \
                    len(find("job", " ".join(before[-n:]), typos=False)) == 1:
                return job
    return None


def with_state(found: list[Found], s: str) -> list[Found]:
    """found_job's facts with the state said with the job: 'retired <job>', 'freelance <job>'; a job quit is taken back
    (lang/jobs_quit.py: 'I quit my job as a nurse' stores no nurse)."""
    from course_lib.model.offline.lang.jobs_quit import quit_job  # noqa: PLC0415 (jobs_quit reads jobs with slots_jobs)

    if (left := quit_job(s)) is not None:
        return [f for f in found if f[0] not in ("job", "retract")] + left
    jobs = [f for f in found if f[0] == "job"]
    if not found and rx.search(rf"\b(?:{RETIRED})\b", s, re.I) and not rx.search(OTHERS, s, re.I) and (former := former_job(s)):
        return [("job", f"retired {former}", f"The user is a retired {former}.")]  # 'I used to be a bus driver, retired since May'
    if not found and rx.search(rf"\b(?:i'?m|i am|ich bin|je suis|estoy|soy|sou|estou|sono)\b[^,.;]{{0,25}}\b(?:{RETIRED})\b", s, re.I):
        return [("job", "retired", "The user is retired.")]  # 'ich bin seit März in Rente'
    if not found and (m := rx.search(FREELANCE, s, re.I)) and (job := known_job(s[m.end():].lstrip())) and not rx.search(OTHERS, s[:m.start()], re.I):
        return [("job", f"freelance {job}", f"The user works as a freelance {job}.")]  # 'ich bin freiberuflicher Grafikdesigner'
    if len(jobs) != 1:
        return found
    job = jobs[0][1]
    if rx.search(rf"\b(?:{RETIRED})\b", s, re.I) and not rx.search(r"\b(?:not|no longer|nicht|pas|no|não|non) (?:yet )?(?:\w+ )?(?:retired|retrait|jubilad|aposentad|reformad|pension)", s, re.I):
        if job != "retired" and known_job(job) in (None, "retired") and job.lower() in s.lower():
            former = former_job(s)  # a job read as said, the lexicon knowing it not: the former job if there is one
        else:
            former = former_job(s) if job == "retired" else job
        if former and not former.startswith("retired"):
            return [f if f[0] != "job" else ("job", f"retired {former}", f"The user is a retired {former}.") for f in found]
        if job != "retired" and not former:
            return found
    elif rx.search(FREELANCE, s, re.I) and job not in ("freelancer", "freelance") and not job.startswith("freelance"):
        job = rx.sub(FREELANCE, " ", job, flags=re.I).strip()  # 'freiberufliche übersetzerin' -> translator
        job = known_job(job) or job
        return [f if f[0] != "job" else ("job", f"freelance {job}", f"The user works as a freelance {job}.") for f in found]
    return found

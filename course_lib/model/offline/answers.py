"""Answers the offline agent gives without a tool: questions about the user, statements, and what it cannot do.

Every answer comes from the fact text of the prompt (reading.fact_text), read by about_user.py; when the
prompt does not hold what was asked, the answer says so for that one thing. The answers are in the language of the
question (speak.py: en, de, fr, es, pt, it; English when unsure). A value the concept lexicon knows is said in that
language too (course_lib/data/concept_names.json: 'celery' -> 'Sellerie'); any other value as the facts say it.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline import about_user, recollect
from course_lib.model.offline.intents import asked, asked_open, asked_thing, first_question
from course_lib.model.offline.lang.read import read_message
from course_lib.model.offline.lang.read_facts import about
from course_lib.model.offline.speak import concept_word, joined, language, say, unknown, word
from course_lib.model.offline.text import sentences

CAN_DO = say("can_do", "en")  # what the agent can do (said in the request's language by not_understood)
UNKNOWN_WHY = say("unknown_why", "en")


def _list(items: list[str], lang: str = "en") -> str:
    return joined(items, lang)


def answer_name(text: str, lang: str = "en") -> str:
    """Your name (and what you want to be called), or that it is not known."""
    full, called = about_user.name(text)
    if full and called and called != full:
        return say("name_full_called", lang, full=full, called=called)
    if full or called:
        return say("name_full", lang, full=full) if full else say("name_called", lang, called=called)
    maybe = about_user.unsure_name(text)
    if maybe:
        return say("name_unsure", lang, maybe=maybe)
    return say("name_unknown", lang, why=say("unknown_why", lang))


def answer_allergy(text: str, lang: str = "en") -> str:
    """What you are allergic to, or that it is not known."""
    found = [concept_word("food", f, lang) for f in about_user.allergies(text)]  # 'celery' -> 'Sellerie'
    return (say("allergy", lang, list=_list(found, lang)) if found
            else say("allergy_unknown", lang, why=say("unknown_why", lang)))


def answer_city(text: str, lang: str = "en") -> str:
    """Where you live, or that it is not known."""
    city = about_user.home_city(text, english=False)
    return say("city", lang, city=city) if city else say("city_unknown", lang, why=say("unknown_why", lang))


def answer_diet(text: str, lang: str = "en") -> str:
    """Your diet, or that it is not known."""
    diet = about_user.diet(text)
    return (say("diet_is", lang, diet=word("diet", diet, lang)) if diet
            else say("diet_unknown", lang, why=say("unknown_why", lang)))


def answer_budget(text: str, question: str = "", lang: str = "en") -> str:
    """Your budget (the one for what the question names, if it names one), or that it is not known."""
    value, per_person = about_user.budget(text, question)
    if value is None:
        return say("budget_unknown", lang, why=say("unknown_why", lang))
    return say("budget_pp" if per_person else "budget", lang, value=f"{value:g}")


def answer_job(text: str, lang: str = "en") -> str:
    """What you work as, or that it is not known."""
    job = about_user.job(text)
    return say("job", lang, job=concept_word("job", job, lang)) if job else say("job_unknown", lang, why=say("unknown_why", lang))


def answer_all(text: str, lang: str = "en") -> str:
    """Everything the prompt says about the user, slot by slot (what is not known is left out), or that it is nothing."""
    known = [answer(text, lang=lang) for slot, answer in ANSWERS.items() if slot != "all"]
    known = [k for k in known if not unknown(k)]
    return (say("all_known", lang, known=" ".join(known)) if known
            else say("all_unknown", lang, why=say("unknown_why", lang)))


ANSWERS = {"all": answer_all, "name": answer_name, "allergy": answer_allergy, "city": answer_city, "diet": answer_diet,
           "budget": answer_budget, "job": answer_job}


def second_person(fact: str) -> str:
    """'The user speaks Spanish.' -> 'you speak Spanish'; "The user's son is called Omar." -> 'your son is called Omar'."""
    body = fact.strip().rstrip(".")
    if body.lower().startswith("the user's "):
        return "your " + body[len("the user's "):]
    body = rx.sub(r"^the user\s+", "", body, flags=re.I)
    verb, _, rest = body.partition(" ")
    verb = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}.get(verb) or rx.sub(
        r"(?<=[^aeiou])ies$", "y", rx.sub(r"(?:(?<=[sxz])|(?<=ch)|(?<=sh))es$|(?<!ie)(?<!s)s$", "", verb))
    return f"you {verb} {rest}".strip()


def answer_open(family: str, text: str, question: str = "", lang: str = "en") -> str:
    """The facts of one open slot family (languages, hobbies, family, pets …) the prompt holds, or that none is known."""
    facts: list[str] = []
    context: list[tuple[str, str, str]] = []
    for sentence in sentences(text):
        said = [sentence] if rx.match(r"^\W*the user\b", sentence, re.I) else [f[2] for r in read_message(sentence, context)
                                                                                 for f in r.kept]
        facts += [f for f in said if (about(f)[0] or "").split(":")[0] == family and f not in facts]
    if family == "relative" and (who := relative_asked(question)):  # 'Come si chiama mia figlia?': the daughter only
        kin = {"child": {"child", "son", "daughter"}, "partner": {"partner", "wife", "husband", "boyfriend", "girlfriend", "fiancé",
                                                                   "fiancée", "fiance", "fiancee", "spouse"}}.get(who, {who})
        facts = [f for f in facts if set((about(f)[0] or "").split(":")[1:2]) & kin]
    elif question:  # 'Como se chama o meu gato?': the cat, not the dog too (a relative is narrowed above)
        asked_cues = recollect.cues(question) - {family}
        facts = [f for f in facts if recollect.cues(f) & asked_cues] or facts
    if not facts:
        return say("that_unknown", lang, why=say("unknown_why", lang))
    names = [m.group(1) for f in facts if (m := rx.search(r"\bis called ([^.]+)\.?$", f))]
    if family == "relative" and lang != "en" and len(names) == len(facts) and (noun := relative_said(question)):
        return say("open_known", lang, facts=called(noun, joined(names, lang), lang))  # 'tu pareja se llama Iker'
    return say("open_known", lang, facts="; ".join(second_person(f) for f in facts))


FEMININE = re.compile(r"(?:in|frau|mutter|schwester|tochter|oma|mama|sœur|soeur|mère|mere|femme|fille|copine|compagne|conjointe|"
                      r"a|ã|mãe|mae|mulher|moglie|madre|nonna)$", re.I)  # the relative nouns a feminine possessive goes with
CALLED = {"de": ("dein {n} heißt {v}", "deine {n} heißt {v}"), "fr": ("ton {n} s'appelle {v}", "ta {n} s'appelle {v}"),
          "es": ("tu {n} se llama {v}", "tu {n} se llama {v}"), "pt": ("o teu {n} chama-se {v}", "a tua {n} chama-se {v}"),
          "it": ("tuo {n} si chiama {v}", "tua {n} si chiama {v}")}


def relative_said(question: str) -> str | None:
    """The word the question names a relative by, as typed ('mi pareja' -> 'pareja', 'meine Freundin' -> 'Freundin',
    a plural too: 'my kids'), or None."""
    from course_lib.model.offline.lang.slots_people import REL, REL_ANY

    m = rx.search(rf"\b({REL_ANY}|(?:{REL})s?)\b", question, re.I)
    return m.group(1) if m else None


def called(noun: str, names: str, lang: str) -> str:
    """'Your <noun> is called <names>' in the question's language, with the user's own word for the relative."""
    noun = noun[:1].upper() + noun[1:] if lang == "de" else noun.lower()
    fem = bool(FEMININE.search(noun)) and not (lang == "fr" and noun[:1] in "aeiouéh")  # 'ton amie'
    return CALLED[lang][fem].format(n=noun, v=names)


def relative_asked(question: str) -> str | None:
    """The family member a question names ('mia figlia' -> daughter, 'my kids' -> child), or None."""
    from course_lib.model.offline.lang.slots_people import relative_word

    return relative_word(said) if (said := relative_said(question)) else None


def by_meaning(question: str, candidates: list[str], lang: str = "en") -> str | None:
    """The answer from the recalled fact or earlier statement that fits the question by meaning (recollect.py),
    restated ("Your flight is BA 2490."), or None when none is about what was asked. In another language the
    user's own words are quoted ("Du hast mir gesagt: "…""), a stored fact is given as it is stored."""
    found = recollect.best_fact(question, candidates) if candidates else None
    if not found:
        return None
    said = recollect.restate(found.text)
    if lang == "en":
        return said
    if said.startswith('You told me: "'):
        return say("you_told_me", lang, said=found.text.strip())
    return say("from_notes", lang, fact=found.text.strip())


def answer_question(question: str, text: str, candidates: list[str] | None = None) -> str:
    """The answer to a question about the user, from the fact text `text`: a known slot (name, diet, allergies,
    city, budget, job, an open slot family) is read by its reader; anything else, or a slot its reader finds
    empty, is answered from the candidate facts and statements by meaning; with nothing that fits, "I don't know"."""
    if (first := first_question(question)) and not unknown(answer := answer_question(first, text, candidates)):
        return answer
    slot, lang = asked(question), language(question)
    if slot:
        answer = answer_budget(text, question, lang) if slot == "budget" else ANSWERS[slot](text, lang=lang)
        if slot == "all" or not unknown(answer):
            return answer
        return by_meaning(question, candidates or [], lang) or answer
    family = asked_open(question)
    if family:  # a family answer about something else ("your cat …" to "where's my dog?") is no answer
        answer = answer_open(family, text, question, lang)
        asked_cues = recollect.cues(question) - {family}  # 'What pets do I have?': the family's own cue is no subject
        named = family == "relative" and relative_asked(question) is not None  # answer_open kept only that member
        if not unknown(answer) and (named or not asked_cues or asked_cues & recollect.cues(answer)):
            return answer
    general = by_meaning(question, candidates or [], lang)
    if general:
        return general
    thing = asked_thing(question)
    thing = rx.sub(r"(?:'s)?\s+(?:called|named|name)$", "", thing) if thing else thing  # "my brother called"
    value = about_user.stated(text, thing) if thing else None
    if value:
        return say("thing", lang, thing=thing, value=value)
    return say("thing_unknown" if thing else "that_unknown", lang, thing=thing, why=say("unknown_why", lang))


def acknowledge(message: str) -> str | None:
    """What the agent understood of a statement about the user ("I'm vegetarian"), or None if nothing."""
    heard = []
    full, called = about_user.name(message)
    if full or called:
        heard.append(f"your name is {called or full}")
    for label, value in (("you are", about_user.diet(message)), ("you live in", about_user.home_city(message)),
                         ("you work as", about_user.job(message))):
        if value:
            heard.append(f"{label} {value}")
    allergies = about_user.allergies(message)
    if allergies:
        heard.append(f"you are allergic to {_list(allergies)}")
    value, per_person = about_user.budget(message)
    if value is not None:
        heard.append(f"your budget is {value:g} EUR" + (" per person" if per_person else ""))
    maybe = about_user.unsure_name(message) if not (full or called) else None
    if not heard:
        return (f"You said you are {maybe}: is that your name? I have not taken it as one; if it is, tell me "
                f"\"my name is {maybe}\"." if maybe else None)
    return f"I understood: {'; '.join(heard)}. Tell me what to look up or book."


def not_understood(message: str) -> str:
    """Fail out loud, in the message's language: what was not understood, and what the agent can do."""
    shown = message.strip().replace("\n", " ")
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    lang = language(message)
    return say("not_understood", lang, shown=shown, can_do=say("can_do", lang))


def cannot_forget(question: str = "") -> str:
    """The reply to a deletion request when no memory tool is offered (in the request's language)."""
    return say("cannot_forget", language(question))

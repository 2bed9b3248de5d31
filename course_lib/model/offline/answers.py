"""Answers the offline agent gives without a tool: questions about the user, statements, and what it cannot do.

Every answer comes from the fact text of the prompt (reading.fact_text), read by about_user.py; when the
prompt does not hold what was asked, the answer says so for that one thing. The answers are in English
whatever the language of the question (the stand-in reads six languages but writes one).
"""
from __future__ import annotations

import re

from course_lib.model.offline import about_user, recollect
from course_lib.model.offline.intents import asked, asked_open, asked_thing
from course_lib.model.offline.lang.read import read_message
from course_lib.model.offline.lang.read_facts import about
from course_lib.model.offline.text import sentences

CAN_DO = ("I can search restaurants, book a table (I need the restaurant or city, the day, the time and the number "
          "of people), check the weather in a city, read a web page, and answer questions about what you told me")
UNKNOWN_WHY = "nothing in this conversation or in the facts I was given says so"


def _list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def answer_name(text: str) -> str:
    """Your name (and what you want to be called), or that it is not known."""
    full, called = about_user.name(text)
    if full and called and called != full:
        return f"Your name is {full}, and you like to be called {called}."
    if full or called:
        return f"Your name is {full}." if full else f"You asked me to call you {called}."
    maybe = about_user.unsure_name(text)
    if maybe:
        return (f"I don't know your name: you said \"I'm {maybe}\", but I did not take that as your name. If it is, "
                f"tell me \"my name is {maybe}\".")
    return f"I don't know your name: {UNKNOWN_WHY}."


def answer_allergy(text: str) -> str:
    """What you are allergic to, or that it is not known."""
    found = about_user.allergies(text)
    return (f"You are allergic to {_list(found)}." if found
            else f"I don't know of any allergy: {UNKNOWN_WHY}.")


def answer_city(text: str) -> str:
    """Where you live, or that it is not known."""
    city = about_user.home_city(text, english=False)
    return f"You live in {city}." if city else f"I don't know where you live: {UNKNOWN_WHY}."


def answer_diet(text: str) -> str:
    """Your diet, or that it is not known."""
    diet = about_user.diet(text)
    return f"You are {diet}." if diet else f"I don't know your diet: {UNKNOWN_WHY}."


def answer_budget(text: str, question: str = "") -> str:
    """Your budget (the one for what the question names, if it names one), or that it is not known."""
    value, per_person = about_user.budget(text, question)
    if value is None:
        return f"I don't know your budget: {UNKNOWN_WHY}."
    return f"Your budget is {value:g} EUR" + (" per person." if per_person else ".")


def answer_job(text: str) -> str:
    """What you work as, or that it is not known."""
    job = about_user.job(text)
    return f"You work as {job}." if job else f"I don't know what you do for a living: {UNKNOWN_WHY}."


def answer_all(text: str) -> str:
    """Everything the prompt says about the user, slot by slot (what is not known is left out), or that it is nothing."""
    known = [answer(text) for slot, answer in ANSWERS.items() if slot != "all"]
    known = [k for k in known if not k.startswith("I don't know")]
    return ("What I know about you: " + " ".join(known)) if known else f"I know nothing about you: {UNKNOWN_WHY}."


ANSWERS = {"all": answer_all, "name": answer_name, "allergy": answer_allergy, "city": answer_city, "diet": answer_diet,
           "budget": answer_budget, "job": answer_job}


def second_person(fact: str) -> str:
    """'The user speaks Spanish.' -> 'you speak Spanish'; "The user's son is called Omar." -> 'your son is called Omar'."""
    body = fact.strip().rstrip(".")
    if body.lower().startswith("the user's "):
        return "your " + body[len("the user's "):]
    body = re.sub(r"^the user\s+", "", body, flags=re.I)
    verb, _, rest = body.partition(" ")
    verb = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}.get(verb) or re.sub(
        r"(?<=[^aeiou])ies$", "y", re.sub(r"(?:(?<=[sxz])|(?<=ch)|(?<=sh))es$|(?<!ie)(?<!s)s$", "", verb))
    return f"you {verb} {rest}".strip()


def answer_open(family: str, text: str, question: str = "") -> str:
    """The facts of one open slot family (languages, hobbies, family, pets …) the prompt holds, or that none is known."""
    facts: list[str] = []
    context: list[tuple[str, str, str]] = []
    for sentence in sentences(text):
        said = [sentence] if re.match(r"^\W*the user\b", sentence, re.I) else [f[2] for r in read_message(sentence, context)
                                                                                 for f in r.kept]
        facts += [f for f in said if (about(f)[0] or "").split(":")[0] == family and f not in facts]
    if family == "relative" and (who := relative_asked(question)):  # 'Come si chiama mia figlia?': the daughter only
        kin = {"child": {"child", "son", "daughter"}, "partner": {"partner", "wife", "husband"}}.get(who, {who})
        facts = [f for f in facts if set((about(f)[0] or "").split(":")[1:2]) & kin]
    elif question:  # 'Como se chama o meu gato?': the cat, not the dog too (a relative is narrowed above)
        asked_cues = recollect.cues(question) - {family}
        facts = [f for f in facts if recollect.cues(f) & asked_cues] or facts
    if not facts:
        return f"I don't know that: {UNKNOWN_WHY}."
    return "From what I know: " + "; ".join(second_person(f) for f in facts) + "."


def relative_asked(question: str) -> str | None:
    """The family member a question names ('mia figlia' -> daughter, 'my kids' -> child), or None."""
    from course_lib.model.offline.lang.slots_people import REL, REL_ANY, relative_word

    m = re.search(rf"\b({REL_ANY}|(?:{REL})s?)\b", question, re.I)  # a plural too: 'my kids', 'meine Kinder'
    return relative_word(m.group(1)) if m else None


def by_meaning(question: str, candidates: list[str]) -> str | None:
    """The answer from the recalled fact or earlier statement that fits the question by meaning (recollect.py),
    restated ("Your flight is BA 2490."), or None when none is about what was asked."""
    found = recollect.best_fact(question, candidates) if candidates else None
    return recollect.restate(found.text) if found else None


def answer_question(question: str, text: str, candidates: list[str] | None = None) -> str:
    """The answer to a question about the user, from the fact text `text`: a known slot (name, diet, allergies,
    city, budget, job, an open slot family) is read by its reader; anything else, or a slot its reader finds
    empty, is answered from the candidate facts and statements by meaning; with nothing that fits, "I don't know"."""
    slot = asked(question)
    if slot:
        answer = answer_budget(text, question) if slot == "budget" else ANSWERS[slot](text)
        if slot == "all" or not answer.startswith("I don't know"):
            return answer
        return by_meaning(question, candidates or []) or answer
    family = asked_open(question)
    if family:  # a family answer about something else ("your cat …" to "where's my dog?") is no answer
        answer = answer_open(family, text, question)
        asked_cues = recollect.cues(question) - {family}  # 'What pets do I have?': the family's own cue is no subject
        named = family == "relative" and relative_asked(question) is not None  # answer_open kept only that member
        if not answer.startswith("I don't know") and (named or not asked_cues or asked_cues & recollect.cues(answer)):
            return answer
    general = by_meaning(question, candidates or [])
    if general:
        return general
    thing = asked_thing(question)
    thing = re.sub(r"(?:'s)?\s+(?:called|named|name)$", "", thing) if thing else thing  # "my brother called"
    value = about_user.stated(text, thing) if thing else None
    return f"Your {thing} is {value}." if value else f"I don't know {'your ' + thing if thing else 'that'}: {UNKNOWN_WHY}."


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
    """Fail out loud: what was not understood, and what the agent can do."""
    shown = message.strip().replace("\n", " ")
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    return f"I did not understand \"{shown}\": I am the course's offline stand-in, not a language model. {CAN_DO}."


def cannot_forget() -> str:
    """The reply to a deletion request when no memory tool is offered."""
    return ("I cannot delete anything myself: I have no memory tool in this conversation, and I keep nothing "
            "between conversations. What would do it: the application's memory (for example "
            "VectorMemory.forget_user, ProfileMemory.forget_user and EpisodicLog.forget_user), or giving me the "
            "forget_everything / forget_memory tools.")

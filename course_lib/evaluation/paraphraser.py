"""A paraphrasing stand-in for a live model on the write path, to test redaction the way a live model tests it.

A live model does not copy a secret it was told: it restates it. `ParaphrasingModel` answers the
extract_facts task by restating every user sentence in the third person, translated into English where
it knows the words, and in one of several forms that defeat a rule written for the input:

    plain     "The user's password is hunter2."
    colon     "Priya's password: hunter2"
    moved     "hunter2 is the user's password."
    regrouped "The user's card is 4111/1111/1111/1111."   (slashes, non-breaking or thin spaces, none)
    recased   "The user's IBAN is de89370400440532013000."
    quoted    'The user\'s password is "hunter2".'
    verbatim  "The user said: «Mein Passwort ist hunter2»"

Every other task (importance, conflicts, summaries) goes to the offline model. Use it like a model:
`MemoryWriter(memory, ParaphrasingModel())`, or call `restate(sentence, form)` directly.
"""
from __future__ import annotations

import json
import re
import zlib
from typing import Any

from course_lib.model import prompts

FORMS = ("plain", "colon", "moved", "regrouped", "recased", "quoted", "verbatim")
# Words a model would translate, applied in order (longer phrases first), then first person to third.
ENGLISH = [
    (r"\b(?:Passwort|Kennwort|mot de passe|mdp|contraseña|clave|senha|wachtwoord|hasło|пароль)\b", "password"),
    (r"\s*(?:密码|パスワード)", " password "),
    (r"\b(?:Türcode|digicode|código de la puerta)\b", "door code"),
    (r"\b(?:ПИН-код|code PIN)\b", "PIN"),
    (r"\bAPI-Schlüssel\b", "API key"),
    (r"\b(?:Karte|carte)\b", "card"),
    (r"\s(?:ist|lautet|est|es|è|é|—)\s|是|は", " is "),
    (r"：", ": "),
    (r"です|。$", ""),
    (r"^(?:my|meine|mein|mon|ma|mi|mijn|moje|мой|我的|la mia|minha)\s*", "the user's "),
    (r"\bmy\b", "the user's"),
    (r"\b(?:I'm|I am)\b", "the user is"),
    (r"\bI\b", "the user"),
    (r"\bme\b", "the user"),
]
DIGIT_GROUPS = re.compile(r"\d+(?:[ .\-/\u00a0\u2009]\d+)+")
SEPARATORS = ("/", "\u00a0", "\u2009", "")


def third_person(sentence: str) -> str:
    """The sentence about 'the user', in English where the word list knows the words."""
    text = sentence.strip()
    for pattern, english in ENGLISH:
        text = re.sub(pattern, english, text, flags=re.I)
    text = re.sub(r" {2,}", " ", text).strip()
    return text[:1].upper() + text[1:] if text else text


def restate(sentence: str, form: str) -> str:
    """One user sentence restated as a fact in the given form (see FORMS)."""
    if form not in FORMS:
        raise ValueError(f"form must be one of {FORMS}, got {form!r}")
    if form == "verbatim":
        return f"The user said: «{sentence.strip()}»"
    fact = third_person(sentence).rstrip(".")
    subject, sep, value = fact.partition(" is ")
    if form == "colon" and sep:
        return f"{subject.replace('The user', 'Priya')}: {value}"
    if form == "moved" and sep:
        value, comma, rest = value.partition(", ")  # "hunter2, and …": only the value moves
        return f"{value} is {subject[:1].lower() + subject[1:]}{comma}{rest}."
    if form == "quoted" and sep:
        return f'{subject} is "{value}".'
    if form == "regrouped":
        sep_char = SEPARATORS[zlib.crc32(fact.encode()) % len(SEPARATORS)]
        fact = DIGIT_GROUPS.sub(lambda m: sep_char.join(re.findall(r"\d+", m.group(0))), fact)
    if form == "recased":
        fact = re.sub(r"\b(?=\w*\d)(?=\w*[^\W\d])\w+", lambda m: m.group(0).swapcase(), fact)
    return fact + "."


def user_sentences(conversation: str) -> list[str]:
    """The user's sentences (each line on its own) in a 'role: text' conversation; indented lines continue a turn."""
    role, lines = "user", []
    for line in conversation.splitlines():
        head, sep, text = line.partition(":")
        if sep and head in ("user", "human", "assistant", "ai", "system", "developer", "tool", "function"):
            role = head
        else:
            text = line
        if role in ("user", "human"):
            lines.append(text.strip())
    return [s for line in lines for s in re.split(r"(?<=[.!?])\s+|(?<=。)", line) if s.strip()]


class ParaphrasingModel:
    """A model whose extraction restates each user sentence (form by sentence, or fixed); other tasks go offline."""

    def __init__(self, form: str | None = None, inner: Any = None) -> None:
        if form is not None and form not in FORMS:
            raise ValueError(f"form must be None (a form per sentence) or one of {FORMS}, got {form!r}")
        self.form, self._inner = form, inner

    def facts(self, conversation: str) -> list[str]:
        """The facts this model extracts from a conversation."""
        return [restate(s, self.form or FORMS[zlib.crc32(s.encode()) % len(FORMS)]) for s in user_sentences(conversation)]

    def complete(self, messages: list[dict[str, Any]], **kwargs: Any) -> str:
        """Answer like `Model.complete`: paraphrased facts for extract_facts, the offline model for the rest."""
        template = prompts.match_template(messages)
        if template is not None and template.name == "extract_facts":
            conversation = prompts.EXTRACT_FACTS.parse(messages)["conversation"]
            return json.dumps({"facts": [{"text": f, "confidence": 0.95} for f in self.facts(conversation)]})
        if self._inner is None:
            from course_lib.model.client import Model
            self._inner = Model()
        return self._inner.complete(messages, **kwargs)

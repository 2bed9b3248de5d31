"""Round 9 of the offline agent: what a forget request covers, facts stored as 'named', a question followed by chat,
and a party listed person by person. Each rule has cases where it must not fire."""
from __future__ import annotations

import pytest

from course_lib.model.offline.answers import answer_question
from course_lib.model.offline.intents import intent
from course_lib.model.offline.lang.read_facts import about
from course_lib.model.offline.party import other_sizes


@pytest.mark.parametrize("message, kind", [
    ("Dimentica che sono vegetariano, ormai mangio di tutto.", "forget"),  # 'tutto' belongs to the clause
    ("Vergiss, dass ich Vegetarier bin, ich esse inzwischen alles.", "forget"),
    ("olvida que soy vegano, ahora como de todo", "forget"),
    ("Forget that I live in Rome.", "forget"),
    ("Please delete everything you know about me.", "forget_all"),
    ("Oublie tout ce que tu sais sur moi.", "forget_all"),
    ("Lösche alles, was du über mich weißt.", "forget_all"),
    ("forget that, just forget everything", "forget_all"),
])
def test_a_forget_verb_with_a_clause_names_one_fact(message, kind):
    assert intent(message) == kind


@pytest.mark.parametrize("fact, slot, value", [
    ("The user's daughter is named Giulia.", "relative:daughter", "Giulia"),
    ("The user has a son named Leo.", "relative:son", "Leo"),
    ("The user has a dog named Thor.", "pet:dog:thor", "Thor"),
    ("The user's dog is called Rex.", "pet:dog", "Rex"),
])
def test_named_facts_are_read(fact, slot, value):
    assert about(fact) == (slot, value)


def test_two_cats_by_name_are_two_slots():
    assert about("The user has a cat named Pickle.")[0] != about("The user has a cat named Moth.")[0]


def test_a_question_followed_by_chat_is_still_answered():
    facts = ["The user's son is called Mateo.", "The user is vegetarian."]
    assert intent("¿Cómo se llama mi hijo? Siempre me lo preguntas jaja") == "recall"
    assert "Mateo" in answer_question("¿Cómo se llama mi hijo? Siempre me lo preguntas jaja", "\n".join(facts), facts)
    assert intent("Hi? I am vegetarian.") != "recall"  # the part before '?' asks nothing about the user


@pytest.mark.parametrize("text, sizes", [
    ("Somos eu, minha mulher e nossos dois filhos.", {4}),
    ("reserva para mi y mis 3 amigos", {4}),
    ("venerdì alle otto e mezza di sera, io e mia moglie", {2}),
    ("ich und meine Frau und unsere zwei Kinder", {4}),
    ("moi et mes deux collègues", {3}),
    ("me, my mum and my sister at 8", {3}),
    # a plural without its number, a list that goes on, someone before the speaker: the size is not said
    ("io e i miei amici", set()),
    ("for me and my wife and our kids", set()),
    ("for me and my wife's parents", set()),
    ("pour ma femme et moi et nos deux enfants", set()),
    ("I have a meeting with my boss", set()),
])
def test_a_party_listed_person_by_person(text, sizes):
    assert other_sizes(text) == sizes


def test_brazilian_chat_is_portuguese_and_pra_gives_the_party():
    from course_lib.model.amounts import party_sizes
    from course_lib.model.offline.speak import language

    request = "dá pra reservar o Kiez Currywurst domingo meio-dia e meia pra 2?"
    assert language(request) == "pt" and party_sizes(request) == {2}
    assert party_sizes("chego pra 8h") == set()  # a time, not a party
    assert language("Book Le Bœuf Doré, 2 ppl") == "en"

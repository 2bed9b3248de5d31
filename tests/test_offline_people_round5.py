"""The people family, fifth round, by class (sentences written for these tests, not taken from any labelled set):
an age said after a relative's or pet's name past 'and' ('se llama Toby y tiene 4 años'); the Brazilian 'se chama';
the home city said right after a job named with a copula ('je suis prof de maths à Rennes'), not the town of a workplace
named first; a bare "I'm X" with nothing around it is no introduction ("I'm Batman.")."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.read import read_message


def kept(said: str) -> list[tuple[str, str]]:
    return [(s, v) for r in read_message(said, []) for s, v, _ in r.kept]


@pytest.mark.parametrize("said, slot, value", [
    ("Mi perro se llama Toby y tiene 4 años.", "pet:dog", "Toby, 4"),
    ("Meine Katze heißt Luna und ist 3 Jahre alt.", "pet:cat", "Luna, 3"),
    ("Il mio gatto si chiama Leo e ha 2 anni.", "pet:cat", "Leo, 2"),
    ("A minha filha chama-se Rita e tem 6 anos.", "relative:daughter", "Rita, 6"),
    ("Meu filho se chama Pedro e já tem 12 anos.", "relative:son", "Pedro, 12"),
    ("Mi hermana se llama Clara y tiene 30 años.", "relative:sister", "Clara, 30"),
])
def test_an_age_after_the_name_and_and(said, slot, value):
    assert any(s.startswith(slot) and v == value for s, v in kept(said))


@pytest.mark.parametrize("said, slot, value", [
    ("My sister Ana and 2 friends are coming over.", "relative:sister", "Ana"),
    ("My brother Tom and I are 30 now.", "relative:brother", "Tom"),
])
def test_no_age_from_a_number_that_is_not_the_names(said, slot, value):
    assert any(s.startswith(slot) and v == value for s, v in kept(said))


@pytest.mark.parametrize("said, city", [
    ("Je suis prof de maths à Rennes.", "Rennes"),
    ("Sono infermiera a Bologna.", "Bologna"),
    ("I'm a teacher in Leeds.", "Leeds"),
    ("Soy enfermera en Valencia.", "Valencia"),
    ("Sou barista em Curitiba.", "Curitiba"),
    ("Ich bin Lehrerin in Köln.", "Köln"),
    ("Je suis chauffeur de taxi à Lyon, surtout la nuit.", "Lyon"),
])
def test_the_town_right_after_a_job_said_with_a_copula(said, city):
    assert ("home city", city) in kept(said)


@pytest.mark.parametrize("said", [
    "I'm a nurse at St Mary's in Leeds.",           # the town of the workplace named first
    "I'm a nurse in London for the summer.",         # only for a while
    "Je suis à Paris cette semaine.",                # no job
    "Mon mari est prof à Rennes.",                   # someone else's job
    "I'm a teacher in training.",                    # no town
])
def test_no_home_city_from_a_copula_without_the_users_job_town(said):
    assert not [v for s, v in kept(said) if s == "home city"]


def names(said: str) -> list[str]:
    return [v for s, v in kept(said) if s == "name"]


@pytest.mark.parametrize("said", ["I'm Batman.", "I'm Spiderman!", "Soy Napoleón.", "Je suis Astérix !", "Sono Garibaldi.",
                                  "Ich bin Superman.", "I'm Tom."])
def test_a_message_that_is_only_a_bare_im_x_is_no_introduction(said):
    assert names(said) == []


@pytest.mark.parametrize("said, name", [
    ("Hi, I'm Tom.", "Tom"), ("Hello! I'm Grace.", "Grace"), ("I'm Anna, 34.", "Anna"),
    ("I'm Tom. I work as a nurse in Leeds.", "Tom"), ("Salut ! Je suis Chloé.", "Chloé"), ("Hola, soy Marta.", "Marta"),
    ("Ciao! Sono Federica!", "Federica"), ("Hallo! Ich bin Lukas. Ich wohne in Kiel.", "Lukas"),
])
def test_a_bare_im_x_framed_as_an_introduction_is_a_name(said, name):
    assert names(said) == [name]

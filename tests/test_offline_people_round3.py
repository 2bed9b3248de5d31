"""The people family, third round, by class of phrasing (sentences written for these tests, not taken from any
labelled set): names in short introductions, nicknames others use, relatives and pets with their ages, pets in a list,
adopted or renamed, lists of languages and 'getting by' in one, and the home city said as where one works or studies."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.read import read_message

from offline_facts import facts


def values(*turns: str) -> list[tuple[str, str]]:
    context: list = []
    out = []
    for t in turns:
        out += [(s, v) for r in read_message(t, context) for s, v, _ in r.kept]
    return out


@pytest.mark.parametrize("said, name", [
    ("Buongiorno, sono Veronica!", "Veronica"), ("Hola, soy Mónica.", "Mónica"), ("Mi chiamo Ettore e vivo a Parma.", "Ettore"),
    ("Je suis Olivier, j'ai 33 ans.", "Olivier"), ("Ich heiße eigentlich Johanna und bin 38.", "Johanna"),
    ("Hallo! Kerstin, 52, aus Kiel.", "Kerstin"), ("Olá! Beatriz, 27 anos, sou dentista.", "Beatriz"),
])
def test_a_name_in_a_short_introduction(said, name):
    assert ("name", name) in values(said), values(said)
    assert not [v for s, v in values(said) if s == "job" and v.lower() == name.lower()]


def test_a_greeting_is_no_relative_name():
    assert not [v for s, v in values("Guten Abend, meine Schwester ist krank.") if s.startswith("relative")]


@pytest.mark.parametrize("said, name, nick", [
    ("Ich bin Friederike, aber meine Freunde sagen Fritzi zu mir.", "Friederike", "Fritzi"),
    ("Moi c'est Baptiste, mais appelez-moi Bat.", "Baptiste", "Bat"),
    ("Me llamo Guadalupe, pero en casa me dicen Lupita.", "Guadalupe", "Lupita"),
    ("Sou o Francisco, mas os amigos me chamam Chico.", "Francisco", "Chico"),
    ("Sono Beatrice, ma tutti mi chiamano Bea.", "Beatrice", "Bea"),
    ("My name is Alexandra, just call me Sasha.", "Alexandra", "Sasha"),
])
def test_a_nickname_others_use(said, name, nick):
    got = values(said)
    assert ("name", name) in got and ("nickname", nick) in got, got


@pytest.mark.parametrize("said, slot, value", [
    ("My nephew's fine, but my son Oscar is 11 now.", "relative:son", "Oscar, 11"),
    ("Unser Sohn Jonas ist 7 und geht in die zweite Klasse.", "relative:son", "Jonas, 7"),
    ("Ma fille Chloé a 16 ans.", "relative:daughter", "Chloé, 16"),
    ("Mia figlia Giulia, 14 anni, fa danza.", "relative:daughter", "Giulia, 14"),
    ("Minha avó Lurdes tem 88 anos.", "relative:grandmother", "Lurdes, 88"),
    ("my sister Kate is coming over tonight, she's 29", "relative:sister", "Kate, 29"),
    ("Tenemos un gato, Simba, que tiene 3 años.", "pet:cat", "Simba, 3"),
])
def test_a_relative_or_pet_with_an_age(said, slot, value):
    assert (slot, value) in values(said), values(said)


@pytest.mark.parametrize("said, expected", [
    ("Wir haben zwei Töchter: Lina ist 8 und Marie 5.", {"Lina, 8", "Marie, 5"}),
    ("J'ai trois petits-enfants, Lou qui a 4 ans, Noé qui en a 6 et Jade 9 ans.", {"Lou, 4", "Noé, 6", "Jade, 9"}),
    ("Tengo dos nietos, Mateo de 5 años y Lucas de 2.", {"Mateo, 5", "Lucas, 2"}),
    ("Ho due gemelle di 3 anni, Anna e Marta.", {"Anna, 3", "Marta, 3"}),
])
def test_children_listed_with_their_ages(said, expected):
    assert expected <= {v for s, v in values(said) if s.startswith("relative:")}, values(said)


@pytest.mark.parametrize("said", ["My son Tom started school 2 years ago.", "Mein Bruder Felix ist 3 Jahre älter als ich.",
                                  "My sister Ana has 2 kids."])
def test_a_number_that_is_no_age_of_the_relative(said):
    assert not [v for s, v in values(said) if s.startswith("relative:") and "," in v], values(said)


@pytest.mark.parametrize("turns, slot, name", [
    (["I have a dog called Pip and a cat, Luna."], "pet:cat", "Luna"),
    (["Ich habe einen Hund namens Rocky und eine Katze, Mimi."], "pet:cat", "Mimi"),
    (["We just adopted a puppy called Biscuit."], "pet:dog", "Biscuit"),
    (["Abbiamo adottato un gattino, il Pallino."], "pet:cat", "Pallino"),
    (["Notre chienne s'appelle Praline.", "Praline s'appelle maintenant Nougat."], "pet:dog", "Nougat"),
    (["Mi perro se llama Toby.", "Le cambiamos el nombre, ahora él se llama Thor."], "pet:dog", "Thor"),
])
def test_a_pet_listed_adopted_or_renamed(turns, slot, name):
    assert (slot, name) in values(*turns), values(*turns)


@pytest.mark.parametrize("said, expected", [
    ("Ich spreche Deutsch, Englisch und Spanisch.", {"German", "English", "Spanish"}),
    ("Je parle français, italien et un peu de portugais.", {"French", "Italian", "Portuguese (basic)"}),
    ("I speak English, Hindi and a bit of Tamil.", {"English", "Hindi", "Tamil (basic)"}),
    ("Me defiendo en francés.", {"French (basic)"}),
    ("I'm learning Greek.", {"Greek (learning)"}),
])
def test_every_language_of_a_list(said, expected):
    assert expected <= {v for s, v in values(said) if s.startswith("language")}, values(said)


@pytest.mark.parametrize("said, city", [
    ("I'm a student in Leeds.", "Leeds"), ("I work as a paramedic in Bristol.", "Bristol"), ("I work as a barista at a small café in Cork.", "Cork"),
    ("Ich studiere Informatik in Aachen.", "Aachen"), ("Je travaille comme vendeuse à Dijon.", "Dijon"),
    ("Trabajo de fontanero en Almería.", "Almería"), ("Estudo Arquitetura em Braga.", "Braga"),
    ("Faccio la commessa a Verona.", "Verona"),
])
def test_the_town_where_one_works_or_studies(said, city):
    assert ("home city", city) in values(said), values(said)


@pytest.mark.parametrize("turns", [
    ["I work in IT."], ["Ich arbeite in Teilzeit."], ["I'm in Lyon for a conference, I work as a designer in Munich."],
    ["Trabalho na Universidade de Évora."], ["I live in Bath.", "I work as a teacher in Bristol."],
    ["Je travaille à Paris mais j'habite à Meaux."], ["Domani ho un colloquio di lavoro a Torino."],
])
def test_where_one_works_is_not_always_home(turns):
    homes = [v for s, v in values(*turns) if s == "home city"]
    assert not [h for h in homes if h in ("IT", "Teilzeit", "Munich", "Universidade de Évora", "Bristol", "Paris", "Torino")], homes

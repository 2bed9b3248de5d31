"""Round 8 of the offline language layer, tastes: the classes behind old-heldout's misses of kind "preference" (a verb
of taste typed without 'I', an intensifier between verb and object, a thing of taste named in English through the
concept family "taste", a seat wanted or one not wanted, a flat no said after the thing). Both ways: the sentences
that must now give the fact and near ones that must give nothing or another fact. The sentences are written here."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.read import read_message


def kept(text: str) -> list[tuple[str, str]]:
    """(slot, value) of every fact kept from one message, read without context."""
    return [(s, v) for r in read_message(text, []) for s, v, _ in r.kept]


@pytest.mark.parametrize("text, value", [  # chat drops the 'I' before the verb
    ("also hate olives", "dislikes olives"),
    ("still cant stand beetroot tbh", "dislikes beetroot"),
    ("honestly love jazz bars", "likes jazz bars"),
])
def test_subjectless_verb_of_taste(text, value):
    assert value in [v for _, v in kept(text)]


@pytest.mark.parametrize("text, value", [  # an intensifier or 'always' between the verb and its object, or after it
    ("Je n'aime pas du tout les olives.", "dislikes olives"),
    ("no me gusta el pepino, like at all", "dislikes cucumber"),
    ("odio le cipolle però, crude o cotte", "dislikes onions"),
])
def test_intensifier_is_no_part_of_the_object(text, value):
    assert value in [v for _, v in kept(text)]


@pytest.mark.parametrize("text, value", [  # a thing of taste named in English (concepts.json, family taste)
    ("Odio el frío, prefiero el verano.", "dislikes cold"),
    ("Ich hasse Horrorfilme.", "dislikes horror films"),
    ("Adoro documentários, vejo um por noite.", "likes documentaries"),
    ("j'adore la montagne", "likes mountains"),
    ("Mi piacciono i gialli.", "likes mystery novels"),
])
def test_thing_of_taste_in_english(text, value):
    assert value in [v for _, v in kept(text)]


@pytest.mark.parametrize("text, seat", [  # a seat wanted, in several languages; the one not wanted is no taste
    ("Im Flieger hätte ich gern einen Platz am Gang.", "aisle seat"),
    ("Pour le vol je veux une place côté hublot.", "window seat"),
    ("En el tren quiero ventanilla, el pasillo no me gusta.", "window seat"),
    ("preferisco sempre il finestrino", "window seat"),
    ("I hate aisle seats, I prefer the window on flights", "window seat"),
])
def test_seat_wanted(text, seat):
    found = kept(text)
    assert any(s.startswith("preference") and v.endswith(seat) or v.endswith(seat + "s") for s, v in found), found
    other = "aisle seat" if seat == "window seat" else "window seat"
    assert not any(other in v for _, v in found)


@pytest.mark.parametrize("text", [  # a seat not wanted, and nothing else: no preference stored
    "no quiero ventanilla en el vuelo",
    "Je ne veux pas le couloir dans le train.",
])
def test_seat_negated_gives_nothing(text):
    assert not [f for f in kept(text) if f[0].startswith("preference")]


@pytest.mark.parametrize("text, value", [  # the thing first, then a flat no
    ("Sellerie geht gar nicht, egal wie.", "dislikes celery"),
    ("et le fenouil c'est non, désolée", "dislikes fennel"),
    ("cilantro is a hard no for me", "dislikes cilantro"),
    ("the cold is a no for me", "dislikes cold"),
    ("el picante ni hablar, me mata", "dislikes spicy food"),
])
def test_flat_no_after_the_thing(text, value):
    assert value in [v for _, v in kept(text)]


@pytest.mark.parametrize("text", [  # a flat no about a day, a plan or a word the lexicon does not know: no taste
    "Montag geht gar nicht, da arbeite ich.",
    "mardi c'est non, j'ai une réunion",
    "that idea is a no for me",
    "j'aime vraiment pas le goût",
])
def test_flat_no_about_no_thing_of_taste(text):
    assert not [f for f in kept(text) if f[0].startswith("preference")]


def test_someone_elses_taste_stays_theirs():
    assert not [f for f in kept("Mi hermano odia el frío.") if f[0].startswith("preference")]


@pytest.mark.parametrize("text, value", [  # 'a morning person' and its negation
    ("I'm not a morning person, so nothing before ten please", "not a morning person"),
    ("i'm really not a night person", "not a night person"),
])
def test_not_a_kind_of_person(text, value):
    assert value in [v for _, v in kept(text)]


def test_someone_else_not_a_morning_person():
    assert not [f for f in kept("my wife is not a morning person") if f[0].startswith("preference")]

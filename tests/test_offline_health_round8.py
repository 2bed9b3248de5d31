"""Health, eighth round, by class (sentences written for these tests, not taken from any labelled set): a list of
allergens or intolerances ends at a sentence adverb ('cmq', 'purtroppo', 'así que') and at the next health word
('… e intolerante ao glúten'); hypertension keeps the user's own word; a medicine taken when it gets bad is taken as
needed; a German hyphenated compound names its drug first ('Salbutamol-Spray'). Near misses must not read."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.importance import importance
from course_lib.model.offline.lang.read import read_message


def kept(said: str) -> list[tuple[str, str, str]]:
    return [f for r in read_message(said, []) for f in r.kept]


def values(said: str, slot: str) -> list[str]:
    return [v for s, v, _ in kept(said) if s == slot or s.startswith(slot + ":")]


@pytest.mark.parametrize("said, slot, value", [
    ("sono allergica alle noci e ai gamberi cmq", "allergy", "shrimp"),
    ("sono intollerante al lattosio purtroppo", "intolerance", "lactose"),
    ("soy alérgico al maní así que ojo con las salsas", "allergy", "peanuts"),
    ("I'm allergic to sesame anyway, just so you know", "allergy", "sesame"),
    ("sou alérgica a nozes e intolerante à lactose", "allergy", "nuts"),
    ("sou alérgica a nozes e intolerante à lactose", "intolerance", "lactose"),
    ("je suis allergique au kiwi et intolérante au gluten", "allergy", "kiwi"),
])
def test_a_list_ends_at_an_adverb_or_the_next_health_word(said, slot, value):
    assert value in values(said, slot)


@pytest.mark.parametrize("said", [
    "sono allergica alle noci e ai gamberi cmq",
    "sou alérgica a nozes e intolerante à lactose",
    "je suis allergique au kiwi et intolérante au gluten",
    "soy alérgico al maní así que ojo con las salsas",
])
def test_no_item_carries_the_adverb_or_the_next_clause(said):
    assert all(len(v.split()) <= 2 for v in values(said, "allergy") + values(said, "intolerance"))


@pytest.mark.parametrize("said, value", [
    ("Tengo hipertensión desde hace años.", "hypertension"),
    ("Eu tenho hipertensao.", "hypertension"),
    ("Ho l'ipertensione.", "hypertension"),
    ("I was diagnosed with hypertension.", "hypertension"),
    ("I have high blood pressure.", "high blood pressure"),
    ("Ich habe Bluthochdruck.", "high blood pressure"),
])
def test_hypertension_keeps_the_users_word(said, value):
    assert value in values(said, "condition")


@pytest.mark.parametrize("said", ["Mi padre tiene hipertensión.", "¿Qué es la hipertensión?"])
def test_someone_elses_hypertension_or_a_question_is_not_the_users(said):
    assert "hypertension" not in values(said, "condition")


def test_hypertension_is_a_health_fact():
    assert importance("The user has hypertension.")[0] >= 0.9


@pytest.mark.parametrize("said, text", [
    ("I take ibuprofen when it gets bad.", "The user takes ibuprofen as needed."),
    ("Tomo paracetamol cuando me agarra la migraña.", "The user takes paracetamol as needed."),
    ("tomo dipirona quando aperta a dor", "The user takes"),
    ("Ich nehme Ibuprofen, wenn's schlimm wird.", "The user takes ibuprofen as needed."),
])
def test_taken_when_it_gets_bad_is_as_needed(said, text):
    assert any(t.startswith(text) for s, _, t in kept(said) if s.startswith("medication"))


def test_taken_every_day_is_not_as_needed():
    assert not any("as needed" in t for _, _, t in kept("I take ibuprofen every day."))


@pytest.mark.parametrize("said", ["Ich benutze ein Salbutamol-Spray.", "Dafür nehme ich ein Salbutamol-Spray."])
def test_a_hyphenated_compound_names_its_drug(said):
    assert "salbutamol" in values(said, "medication")


def test_a_hyphenated_word_without_a_drug_names_none():
    assert values("Ich benutze ein Nasen-Pflaster.", "medication") == []


def test_an_adverb_before_the_next_health_word_is_no_allergen():
    said = "alergia a los cacahuetes y encima intolerancia a la lactosa"
    assert values(said, "allergy") == ["peanuts"] and "lactose" in values(said, "intolerance")

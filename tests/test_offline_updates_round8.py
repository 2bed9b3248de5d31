"""Updates, eighth round, by class (sentences written for these tests, not taken from any labelled set): a diet given
up in chat frames ('desisti de ser vegana', 'nn sono + vegetariano', 'plus vraiment végé', 'vegan bin ich nicht
mehr'); an allergy said over with the allergen named first; a scooter sold; a medication stopped with the drug said
first or taken off by a doctor; a move with an adverb ('I've actually moved to'); a job taken by hiring or promotion;
a job after a negated copula is not stored. Both ways: the near sentences must give nothing or the other fact."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.read import read_message


def pairs(*turns: str) -> list[tuple[str, str]]:
    """(slot, value) of what the last turn keeps, the turns before it read as the conversation."""
    context: list = []
    for said in turns[:-1]:
        read_message(said, context)
    return [(s, v) for r in read_message(turns[-1], context) for s, v, _ in r.kept]


@pytest.mark.parametrize("said, diet", [
    ("olha, desisti de ser vegetariana, voltei ao frango", "vegetarian"),
    ("ok so I gave up being vegan last month", "vegan"),
    ("raga nn sono + vegana, il formaggio ha vinto", "vegan"),
    ("bref, je suis plus végé, j'ai craqué pour un steak", "vegetarian"),
    ("bon, donc plus vraiment végétarienne depuis l'été", "vegetarian"),
    ("lo de ser vegano se acabó, volví a la carne", "vegan"),
    ("the veggie thing is over, I eat chicken now", "vegetarian"),
    ("kurz gesagt: vegetarisch bin ich nicht mehr", "vegetarian"),
])
def test_a_diet_given_up_is_taken_back(said, diet):
    facts = pairs(said)
    assert ("retract", diet) in facts
    assert ("diet", diet) not in facts


@pytest.mark.parametrize("said, diet", [
    ("je suis végétarienne depuis dix ans", "vegetarian"),
    ("sono vegana da tre anni", "vegan"),
    ("I'm vegetarian, done with meat for good", "vegetarian"),
])
def test_a_diet_held_stays_held(said, diet):
    facts = pairs(said)
    assert ("diet", diet) in facts and ("retract", diet) not in facts


@pytest.mark.parametrize("said", ["un burger végé stp", "plus vegan options on the menu would be nice"])
def test_a_short_diet_word_outside_a_frame_gives_nothing(said):
    assert not [f for f in pairs(said) if f[0] in ("diet", "retract")]


@pytest.mark.parametrize("said, allergen", [
    ("alla penicillina non sono più allergica, me l'ha detto l'allergologo", "penicillin"),
    ("about the penicillin: did the test and I'm not allergic, false alarm", "penicillin"),
    ("le lait, je suis plus allergique", "milk"),
])
def test_an_allergy_said_over_takes_back_the_allergen_named_first(said, allergen):
    assert ("retract", f"allergic to {allergen}") in pairs(said)


def test_an_allergy_denied_without_mistake_or_no_longer_takes_nothing_back():
    assert not [f for f in pairs("mia sorella e la penicillina, non sono allergica io") if f[0] == "retract"]


@pytest.mark.parametrize("said, thing", [
    ("la vespa l'ho venduta a un amico", "scooter"),
    ("j'ai revendu mon scooter le mois dernier", "scooter"),
    ("vendi a mota, agora ando de autocarro", "motorcycle"),
])
def test_a_scooter_or_motorbike_sold_is_taken_back(said, thing):
    assert ("retract", f"has a {thing}") in pairs(said)


def test_something_else_sold_takes_no_vehicle_back():
    assert not [f for f in pairs("I sold my old books to a friend") if f[0] == "retract"]


@pytest.mark.parametrize("said, drug", [
    ("l'ibuprofene non lo prendo più", "ibuprofen"),
    ("el omeprazol ya no lo tomo", "omeprazole"),
    ("my GP took me off metformin in spring", "metformin"),
    ("la doctora me ha quitado el ibuprofeno", "ibuprofen"),
])
def test_a_medication_stopped_with_the_drug_said_first(said, drug):
    assert ("retract", f"takes {drug}") in pairs(said)


def test_a_doctor_taking_away_something_else_takes_no_drug_back():
    assert not [f for f in pairs("el médico me ha quitado el miedo") if f[0] == "retract"]


@pytest.mark.parametrize("said, city", [
    ("so I've actually moved to Bristol now", "Bristol"),
    ("we've officially moved to Porto!", "Porto"),
    ("kleines Update: bin jetzt nach Dresden gezogen", "Dresden"),
])
def test_a_move_with_an_adverb_or_no_pronoun_is_the_home(said, city):
    assert ("home city", city) in pairs(said)


def test_someone_elses_move_is_not_the_home():
    assert not [f for f in pairs("Meine Schwester ist nach Dresden gezogen") if f[0] == "home city"]


@pytest.mark.parametrize("said, job", [
    ("ya no soy profe, me contrataron como analista de datos", "data analyst"),
    ("non faccio più la barista, mi hanno preso come commessa", "shop assistant"),
    ("afinal já não sou arquiteto, passei para urbanista", "urban planner"),
])
def test_a_job_taken_by_hiring_replaces_the_one_denied(said, job):
    facts = pairs(said)
    assert ("job", job) in facts
    assert len([f for f in facts if f[0] == "job"]) == 1


@pytest.mark.parametrize("said", ["no soy médico pero me interesa la medicina", "não sou enfermeira, só ajudo a minha mãe"])
def test_a_job_after_a_negated_copula_is_not_stored(said):
    assert not [f for f in pairs(said) if f[0] == "job"]


@pytest.mark.parametrize("said", ["passei para o outro lado da rua", "mi hanno preso come esempio"])
def test_a_hiring_frame_without_a_job_gives_no_job(said):
    assert not [f for f in pairs(said) if f[0] == "job"]


def test_an_english_no_before_the_copula_is_a_correction_not_a_denial():
    assert ("job", "teacher") in pairs("no i'm a teacher actually")

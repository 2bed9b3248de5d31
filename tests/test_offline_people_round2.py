"""The people family, second round, by class of phrasing (sentences written for these tests, not taken from any
labelled set): a job after a verb of working and a few words, a teacher of a subject, homes said in verb-second German
or 'been living in', city nicknames, the user's clause after someone else's, and who else a sentence is about."""
from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize("said, fact", [
    ("I work full-time as a radiographer", "The user works as a radiographer."),
    ("Ich arbeite seit März bei der Sparkasse als Buchhalterin", "The user works as an accountant."),
    ("je bosse à Lille comme infirmier de nuit", "The user works as a nurse."),
    ("trabajo desde 2019 en Zaragoza como fisioterapeuta", "The user works as a physiotherapist."),
    ("trabalho de enfermeira num hospital", "The user works as a nurse."),
    ("lavoro da tre anni in un'agenzia come traduttrice", "The user works as a translator."),
    ("just landed a new job as a pharmacist", "The user works as a pharmacist."),
])
def test_a_job_after_a_verb_of_working_and_a_few_words(said, fact):
    assert fact in facts(said), facts(said)


@pytest.mark.parametrize("said", ["trabalho de casa às sextas", "trabajo de noche los findes", "Yo trabajo en una tienda de 9 a 5"])
def test_when_or_where_one_works_is_no_job(said):
    assert not [f for f in facts(said) if f.startswith("The user works as")], facts(said)


@pytest.mark.parametrize("said, fact", [
    ("soy profe de química en un instituto", "The user works as a chemistry teacher."),
    ("je suis prof de physique au lycée", "The user works as a physics teacher."),
    ("I teach geography", "The user works as a geography teacher."),
])
def test_a_teacher_of_a_subject(said, fact):
    assert fact in facts(said), facts(said)


@pytest.mark.parametrize("said, city", [
    ("Momentan wohne ich mit meinem Freund in Jena.", "Jena"), ("Seit dem Studium leben wir in Regensburg", "Regensburg"),
    ("been living in Cork for ten years now", "Cork"), ("we've been in Perth since 2015", "Perth"),
    ("we moved back to Leeds in May", "Leeds"), ("Me acabo de mudar a Oviedo", "Oviedo"), ("mudei de Braga pra Coimbra", "Coimbra"),
    ("On reste à Trois-Rivières depuis dix ans", "Trois-Rivières"), ("Bonsoir, je suis à Dakar et je cherche un appart", "Dakar"),
    ("tô em Sampa agora", "São Paulo"), ("moro em BH faz tempo", "Belo Horizonte"),
])
def test_where_the_user_lives_in_more_frames(said, city):
    assert f"The user lives in {city}." in facts(said), facts(said)


@pytest.mark.parametrize("said", ["Je suis à Lyon pour le week-end", "estoy en Sevilla esta semana por trabajo",
                                  "tô em Recife até domingo", "I've been in Oslo for three days"])
def test_a_stay_is_no_home(said):
    assert not [f for f in facts(said) if "lives in" in f], facts(said)


@pytest.mark.parametrize("said, city", [
    ("mia sorella vive a Roma e io sto a Pisa", "Pisa"), ("My brother lives in Hull and I live in York", "York"),
    ("mi madre vive en Cádiz y yo vivo en Jaén", "Jaén"), ("ma mère habite à Metz et moi j'habite à Nancy", "Nancy"),
])
def test_the_users_own_clause_after_someone_elses(said, city):
    got = facts(said)
    assert f"The user lives in {city}." in got and len([f for f in got if "lives in" in f]) == 1, got


@pytest.mark.parametrize("said", ["La mia coinquilina è celiaca", "Meine Mitbewohnerin ist Vegetarierin", "Mi compañero de piso es vegano",
                                  "My housemate is vegan", "Ma coloc est végétarienne"])
def test_a_flatmates_facts_are_not_the_users(said):
    assert not [f for f in facts(said) if f.startswith("The user is")], facts(said)


@pytest.mark.parametrize("said, fact", [("Mis turnos son de noche y soy enfermera", "The user works as a nurse."),
                                        ("Mis hijos son mayores, yo vivo en Toledo", "The user lives in Toledo.")])
def test_the_spanish_son_is_a_verb(said, fact):
    assert fact in facts(said), facts(said)


@pytest.mark.parametrize("said, names", [
    ("tengo dos hijos, Mateo de 9 y Sofía de 6", ["Mateo", "Sofía"]), ("j'ai deux gosses, Hugo 8 ans et Jade 5 ans", ["Hugo", "Jade"]),
    ("tenho dois miúdos, o Duarte de 10 e a Inês de 3", ["Duarte", "Inês"]), ("I've got two kids, Noah (7) and Ella (4)", ["Noah", "Ella"]),
    ("ho due bimbi, Pietro di 6 e Anna di 2", ["Pietro", "Anna"]),
])
def test_children_listed_with_their_ages(said, names):
    got = facts(said)
    assert all(any(f.startswith(f"The user's child {n} is ") and f.endswith(" years old.") for f in got) for n in names), got  # with the age (round 3)


@pytest.mark.parametrize("said", ["Ich bin Einzelkind, deshalb kümmere ich mich allein", "je suis fils unique", "soy hijo único",
                                  "sou filha única", "sono figlia unica", "I'm an only child"])
def test_an_only_child(said):
    assert "The user is an only child." in facts(said), facts(said)


@pytest.mark.parametrize("said, name", [
    ("hey, ich bin jonas, 31, aus Kiel", "Jonas"), ("hola soy martina, de Rosario", "Martina"), ("ciao sn giorgio, studio a Pisa", "Giorgio"),
    ("je m'appelle chloé", "Chloé"), ("oi, sou rafael, de Recife", "Rafael"), ("hi im josh, from Leeds", "Josh"),
])
def test_a_name_typed_in_lower_case(said, name):
    assert f"The user's name is {name}." in facts(said), facts(said)


@pytest.mark.parametrize("said", ["hey, ich bin müde, langer Tag", "hola soy nueva, cómo va?", "ciao, sono stanca", "hi, im back, ok",
                                  "salut, je suis crevée", "hola, soy yo otra vez", "oi, sou vegana"])
def test_a_state_in_lower_case_is_no_name(said):
    assert not [f for f in facts(said) if "name is" in f], facts(said)


@pytest.mark.parametrize("said, fact", [
    ("ho una bicicletta", "The user has a bicycle."), ("j'ai une moto", "The user has a motorcycle."),
    ("Ich habe ein E-Bike", "The user has an e-bike."), ("I have a motorbike", "The user has a motorbike."),
    ("acabo de comprar una bici plegable", "The user has a folding bike."), ("vado al lavoro in bici", "The user gets around by bicycle."),
    ("je vais au boulot à vélo", "The user gets around by bicycle."), ("ich pendle mit dem Fahrrad", "The user gets around by bicycle."),
])
def test_vehicles_named_in_plain_english(said, fact):
    assert fact in facts(said), facts(said)


@pytest.mark.parametrize("said", ["I don't go by car", "no voy en coche nunca", "vado a Roma in macchina con mia madre? no"])
def test_no_vehicle_without_the_user_going_by_it(said):
    assert not [f for f in facts(said) if "by car" in f or "has a car" in f], facts(said)

"""The people family, fourth round, by class (sentences written for these tests, not taken from any labelled set):
a job said with its state or grade kept with it ('retired', 'freelance', 'head', 'sous'): a retired person's former job
('retired bus driver'), in six languages, whether the former job is said before or after the retirement; a head chef, a
sous chef and a head nurse keep their grade (a cook stays 'chef', as the development set labels it)."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.read import read_message


def jobs(said: str) -> list[str]:
    return [v for r in read_message(said, []) for s, v, _ in r.kept if s == "job"]


@pytest.mark.parametrize("said, job", [
    ("I'm a retired postman, 68 this year.", "retired postman"),
    ("I used to be a bus driver, retired since May.", "retired bus driver"),
    ("Retired now, I used to teach history at a grammar school.", "retired history teacher"),
    ("Je suis infirmière à la retraite depuis deux ans.", "retired nurse"),
    ("Je suis retraité, avant j'étais cheminot.", "retired railway worker"),
    ("Soy cartero jubilado y vivo solo.", "retired postman"),
    ("Estoy jubilada, fui costurera cuarenta años.", "retired seamstress"),
    ("Sou aposentado, fui carteiro a vida toda.", "retired postman"),
    ("Sou enfermeira reformada.", "retired nurse"),
    ("Sono in pensione, facevo l'infermiera.", "retired nurse"),
    ("Sono un pensionato, ex ferroviere.", "retired railway worker"),
    ("Ich bin pensionierte Briefträgerin.", "retired postman"),
    ("Ich bin Rentner, war früher Busfahrer.", "retired bus driver"),
])
def test_a_retired_persons_former_job(said, job):
    assert jobs(said) == [job]


@pytest.mark.parametrize("said", ["I'm retired and my wife is a nurse.", "Je suis à la retraite, mon fils est médecin.",
                                  "Estoy jubilado.", "Ich bin seit März in Rente."])
def test_retired_with_no_former_job_of_the_user(said):
    assert jobs(said) == ["retired"]


@pytest.mark.parametrize("said, job", [
    ("I'm a freelance translator.", "freelance translator"),
    ("Ich bin freiberuflicher Grafikdesigner.", "freelance graphic designer"),
    ("Je suis traductrice freelance.", "freelance translator"),
    ("Soy diseñadora gráfica freelance.", "freelance graphic designer"),
    ("Sono traduttrice freelance da anni.", "freelance translator"),
    ("Sou tradutora freelancer.", "freelance translator"),
])
def test_a_freelance_job(said, job):
    assert jobs(said) == [job]


@pytest.mark.parametrize("said, job", [
    ("Faccio la cuoca in una mensa.", "cook"), ("Ich bin Koch.", "cook"),
    ("Je suis chef de cuisine dans un bistrot.", "head chef"), ("I work as a sous-chef.", "sous chef"),
    ("Soy enfermero jefe en una clínica.", "head nurse"),
])
def test_cooks_chefs_and_heads(said, job):
    assert jobs(said) == [job]


@pytest.mark.parametrize("said, job", [
    ("Hi, I'm Tom, freelance photographer, based in Leeds.", "freelance photographer"),
    ("Hola, soy Marta, traductora freelance, vivo en Cádiz.", "freelance translator"),
])
def test_a_freelance_job_in_an_introduction(said, job):
    assert job in jobs(said)


def hobbies(said: str) -> list[str]:
    return [s for r in read_message(said, []) for s, _, _ in r.kept if s.startswith("hobby")]


@pytest.mark.parametrize("said, hobby", [
    ("Schach spiel ich jeden Montag im Verein.", "hobby:chess"), ("Jeden Freitag spiel ich Handball.", "hobby:handball"),
    ("ich spiel Schlagzeug seit der Schule", "hobby:drums"),
    ("Suono la fisarmonica alle feste.", "hobby:accordion"), ("Je joue de l'accordéon.", "hobby:accordion"),
    ("I play bass in a covers band.", "hobby:bass guitar"),
])
def test_a_hobby_said_verb_second_or_an_instrument(said, hobby):
    assert hobby in hobbies(said)


@pytest.mark.parametrize("said", ["Tennis spielt mein Bruder.", "Ich gehe morgen zum Arzt.", "Fußball schau ich nur im Fernsehen."])
def test_no_hobby_of_the_user(said):
    assert hobbies(said) == []

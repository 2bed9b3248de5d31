"""Updates read against what the user said before: a held value taken back by naming it, the value that replaces one
taken back ('only Y', 'now it's Y'), a held vehicle sold, pet gone or job left, a planned day dropped ('forget
Monday'). Sentences written for these tests, not taken from the labelled sets."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.read import read_message


def kept(*turns: str) -> list[tuple[str, str]]:
    """(slot, value) of what the last turn keeps, read after the turns before it."""
    context: list = []
    for turn in turns[:-1]:
        read_message(turn, context)
    return [(s, v) for r in read_message(turns[-1], context) for s, v, _ in r.kept]


@pytest.mark.parametrize("before, said, expected", [
    ("I'm allergic to peanuts and kiwi.", "the peanut thing is not true any more, my tests came back clear", ("retract", "allergic to peanuts")),
    ("Je suis allergique au lait et aux noix.", "Le lait, c'est fini depuis des années.", ("retract", "allergic to milk")),
    ("Soy alérgico a los frutos secos y al marisco.", "Lo del marisco ya no es verdad.", ("retract", "allergic to shellfish")),
    ("Sono allergica alle noci e al pollini.", "Aspetta, alle noci non più.", ("retract", "allergic to nuts")),
    ("Sou alérgica a ovos e a amendoim.", "Desculpa, não, os ovos já não.", ("retract", "allergic to eggs")),
    ("Ich bin allergisch gegen Erdnüsse und Katzen.", "Nein warte, nicht die Katzen, das ist meine Schwester.", ("retract", "allergic to cats")),
])
def test_a_held_value_named_with_no_longer_is_taken_back_not_swapped(before, said, expected):
    got = kept(before, said)
    assert expected in got
    assert not [s for s, _ in got if s.startswith("allergy:")]  # no allergy added in its place


@pytest.mark.parametrize("before, said, retracted, new", [
    ("I play the piano.", "I don't play piano any more, only the guitar.", "plays the piano", ("hobby:guitar", "plays the guitar")),
    ("Ich spiele Tennis.", "Tennis spiele ich nicht mehr, nur noch Golf.", "plays tennis", ("hobby:golf", "plays golf")),
    ("Juego al pádel.", "Ya no juego al pádel, solo al tenis.", "plays padel", ("hobby:tennis", "plays tennis")),
    ("Suono il violino.", "Non suono più il violino, solo il pianoforte.", "plays the violin", ("hobby:piano", "plays the piano")),
])
def test_not_x_any_more_only_y_gives_the_new_hobby(before, said, retracted, new):
    got = kept(before, said)
    assert ("retract", retracted) in got and new in got


@pytest.mark.parametrize("before, said, city", [
    ("We live in Leeds.", "We don't live in Leeds any more, now it's York.", "York"),
    ("Abitiamo a Torino.", "Non abitiamo più a Torino, adesso a Milano.", "Milano"),
    ("Wir wohnen in Graz.", "In Graz wohnen wir nicht mehr, jetzt in Linz.", "Linz"),
    ("Moro em Braga.", "Já não moro em Braga, agora é Porto.", "Porto"),
])
def test_a_home_left_and_the_new_one_said(before, said, city):
    assert kept(before, said) == [("home city", city)]


@pytest.mark.parametrize("before, said, expected", [
    ("I drive a Fiat Panda.", "Finally sold the Panda, I take the bus now.", ("retract", "has a Fiat Panda")),
    ("Tengo una moto.", "La moto la vendí el mes pasado.", ("retract", "has a motorcycle")),
    ("Ich habe einen Hund namens Rex.", "Rex ist leider letzte Woche gestorben.", ("retract", "has a dog called Rex")),
    ("J'ai un chat qui s'appelle Filou.", "Filou n'est plus avec nous, il vit chez ma mère.", ("retract", "has a cat called Filou")),
    ("I work as an accountant.", "I quit my job last Friday.", ("retract", "works as an accountant")),
    ("Trabalho como enfermeira.", "Pedi demissão no mês passado.", ("retract", "works as a nurse")),
])
def test_a_held_vehicle_sold_pet_gone_or_job_left_is_taken_back(before, said, expected):
    assert expected in kept(before, said)


def test_a_pet_named_with_a_no_longer_about_something_else_is_not_taken_back():
    assert not [f for f in kept("I have a dog called Rex.", "Rex doesn't chew shoes any more.") if f[0] == "retract"]


@pytest.mark.parametrize("before, said, expected", [
    ("I go swimming on Tuesday and Thursday.", "Forget Tuesday, I have choir then.", ("schedule", "swims every Thursday")),
    ("Tenho fisioterapia na quarta às 9h.", "Esquece quarta, mudou para sexta.", "Friday"),
    ("J'ai le dentiste lundi à 10h.", "Oublie lundi, c'est déplacé à mardi.", "Tuesday"),
    ("Ich habe am Montag um 10 Uhr einen Zahnarzttermin.", "Vergiss Montag, der Termin ist jetzt am Mittwoch.", "Wednesday"),
])
def test_forget_a_weekday_drops_or_moves_the_planned_day_not_a_memory(before, said, expected):
    got = kept(before, said)
    assert got, "read as a request to forget"
    assert expected in got if isinstance(expected, tuple) else any(expected in v for _, v in got)

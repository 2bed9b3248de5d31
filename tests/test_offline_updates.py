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
    ("Moramos em Coimbra.", "Não moramos mais em Coimbra, agora é Aveiro.", "Aveiro"),
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


@pytest.mark.parametrize("before, said, expected", [
    ("Il budget per la cucina è 8000 euro.", "Correggo: 9000 euro.", "9,000 EUR"),
    ("O orçamento para o carro é de 12.000 euros.", "Corrigindo: são 15.000 euros.", "15,000 EUR"),
    ("Mein Budget für das Fahrrad ist 900 Euro.", "Korrektur: 1200 Euro.", "1,200 EUR"),
    ("Mi presupuesto para la boda es de 9.000 euros.", "Corrijo, 11.000 euros.", "11,000 EUR"),
])
def test_a_correction_word_of_each_language_replaces_the_number(before, said, expected):
    assert [v for s, v in kept(before, said) if s.startswith("budget")] == [expected]


@pytest.mark.parametrize("before, said", [
    ("Ich wohne in Kiel.", "sorry, sitze gerade in der Mensa und esse"),
    ("Ich wohne in Kiel.", "Pardon, bin noch im Büro"),
    ("I live in York.", "sorry, stuck at the Library all day"),
])
def test_a_noun_after_its_article_is_no_place_a_correction_puts_in(before, said):
    assert not [s for s, _ in kept(before, said) if s == "home city"]


@pytest.mark.parametrize("said", [
    "Remind me what time the dentist is on Friday.",
    "Rappelle-moi quand part le bus samedi.",
    "Recuérdame a qué hora sale el tren el lunes.",
    "Ricordami quando ho il dentista martedì.",
    "Lembra-me a que horas é o voo na sexta.",
    "Erinnere mich, wann der Zug am Montag fährt.",
])
def test_asking_to_be_reminded_of_a_value_is_a_question(said):
    assert kept(said) == []


@pytest.mark.parametrize("before, said, name", [
    ("Ho un gatto che si chiama Micio.", "Gli abbiamo cambiato nome, adesso si chiama Romeo.", "Romeo"),
    ("Tengo una perra que se llama Nala.", "Le cambiamos el nombre, ahora se llama Kira.", "Kira"),
    ("Wir haben einen Kater namens Felix.", "Der hat einen neuen Namen, jetzt heißt er Oskar.", "Oskar"),
])
def test_a_pet_renamed_with_the_pronoun_dropped(before, said, name):
    assert [v for s, v in kept(before, said) if s.startswith("pet:")] == [name]


@pytest.mark.parametrize("said, job", [
    ("Ich arbeite nicht mehr als Kellner, sondern als Koch.", "cook"),
    ("Ya no trabajo de camarera, sino de enfermera.", "nurse"),
    ("Não trabalho mais como garçom, mas sim como enfermeiro.", "nurse"),
    ("I don't work as a waiter any more but as a nurse.", "nurse"),
])
def test_not_x_but_y_reads_y_in_the_same_slot(said, job):
    assert [v for s, v in kept(said) if s == "job"] == [job]


@pytest.mark.parametrize("before, said", [
    ("Mi presupuesto para la boda es de 9.000 euros.", "Corrijo, 11.000 euros."),
    ("Il budget è 300 euro.", "Scusa, 350 euro."),
])
def test_a_correction_word_first_is_no_name(before, said):
    assert not [s for s, _ in kept(before, said) if s in ("name", "nickname")]


"""Events, round 2, by class (sentences written for these tests, none from the labelled sets): a place by its English
name (countries, regions, cities in six languages), compact day ranges ('4-9 May', '12.–15. März'), an aside in
brackets between a travel verb and its destination, an event known by its own name ('the Boston marathon', 'examen
de Historia'), and no article read as whom an appointment is with ('nen Termin', 'un rdv')."""
from __future__ import annotations

import pytest

from course_lib.long_term.write_path import extract_facts
from course_lib.model.offline.lang.event_turns import read_events
from course_lib.model.offline.places import english_place


def said(*turns: str) -> list[str]:
    messages = [m for t in turns for m in ({"role": "user", "content": t}, {"role": "assistant", "content": "ok"})]
    return [f.text for f in extract_facts(messages)]


@pytest.mark.parametrize("local, english", [
    ("Lissabon", "Lisbon"), ("Islande", "Iceland"), ("Giappone", "Japan"), ("Cerdeña", "Sardinia"), ("Tessin", "Ticino"),
    ("Grécia", "Greece"), ("Kreta", "Crete"), ("Oaxaca", "Oaxaca"), ("Torino", "Turin")])
def test_a_place_has_its_english_name(local, english):
    assert english_place(local) == english


@pytest.mark.parametrize("message, lang, fact", [
    ("Nächsten Sommer fliegen wir nach Griechenland, vom 2. bis 16. August.", "de",
     "The user has a trip to Greece from 2 to 16 August."),
    ("En julio nos vamos a Cerdeña, del 5 al 12.", "es", "The user has a trip to Sardinia from 5 to 12 July."),
    ("Em outubro vou à Islândia, de 3 a 9 de outubro.", "pt", "The user has a trip to Iceland from 3 to 9 October."),
    ("Je pars en Écosse du 1er au 8 juin.", "fr", "The user has a trip to Scotland from 1 to 8 June."),
])
def test_an_event_names_its_place_in_english(message, lang, fact):
    assert [f for _, _, f in read_events(message, lang)] == [fact]


@pytest.mark.parametrize("message, lang, fact", [
    ("Heading to Denver 4-9 May for a wedding", "en", "The user has a trip to Denver from 4 to 9 May."),
    ("Wir sind 12.–15. März in Prag", "de", None),  # no travel verb: no trip, whatever the range
    ("Vamos a Oporto del 3-7 de mayo", "es", "The user has a trip to Porto from 3 to 7 May."),
    ("On part à Annecy 20-23 juillet", "fr", "The user has a trip to Annecy from 20 to 23 July."),
])
def test_a_compact_range_of_days_is_one_range(message, lang, fact):
    assert [f for _, _, f in read_events(message, lang)] == ([fact] if fact else [])


@pytest.mark.parametrize("message, lang, fact", [
    ("Im Juni fahre ich mit meiner Tochter Lea (9) nach Dänemark.", "de", "The user has a trip to Denmark in June with Lea."),
    ("In July I'm flying with my niece (she's 14) to Toronto.", "en", "The user has a trip to Toronto in July."),
])
def test_an_aside_in_brackets_does_not_hide_the_destination(message, lang, fact):
    assert [f for _, _, f in read_events(message, lang)] == [fact]


@pytest.mark.parametrize("message, lang, fact", [
    ("I'm running the Boston marathon on 21 April", "en", "The user has a Boston race on 21 April."),
    ("Tengo el examen de Historia el lunes a las 10", "es", "The user has a Historia exam on Monday at 10:00."),
    ("Domenica corro la maratona di Firenze", "it", "The user has a Florence race on Sunday."),
    ("Le 12 mai on va au concert de Stromae", "fr", "The user has a Stromae concert on 12 May."),
    # no name: the sentence's first word, a possessive, or nothing capitalised
    ("Big exam on Friday at 9", "en", "The user has an exam on Friday at 9:00."),
    ("Tengo el examen de mi hermana el lunes", "es", None),
])
def test_an_event_known_by_its_name_keeps_the_name(message, lang, fact):
    assert [f for _, _, f in read_events(message, lang)] == ([fact] if fact else [])


def test_the_name_of_an_event_survives_its_correction():
    assert said("I'm running the Boston marathon on 21 April", "sorry, I meant 22 April")[-1] == \
        "The user has a Boston race on 22 April."


@pytest.mark.parametrize("message, fact", [
    ("Morgen um 11 hab ich nen Termin, endlich", "The user has an appointment tomorrow at 11:00."),
    ("J'ai un rdv mardi à 15h", "The user has an appointment on Tuesday at 15:00."),
])
def test_an_article_before_the_appointment_word_names_nobody(message, fact):
    assert fact in said(message) and not any(" nen " in f or " un " in f for f in said(message))


@pytest.mark.parametrize("message, fact", [
    ("I'm a paramedic in Bristol, mostly on nights these days", "The user works night shifts."),
    ("Seit Januar hab ich nur noch Nachtschichten", "The user works night shifts."),
    ("Je suis aide-soignante, je travaille de nuit, 4 nuits par semaine", "The user works night shifts 4 nights a week."),
    ("Estoy en el turno de mañana, entro a las 6:00", "The user works morning shifts, starting at 6:00."),
    ("Sono operaio, questa settimana faccio il turno di notte dalle 22 alle 6", "The user works night shifts from 22:00 to 6:00."),
    ("Diese Woche hab ich Spätschicht, Montag bis Freitag", "The user works late shifts from Monday to Friday."),
])
def test_a_shift_names_the_part_of_the_day_it_covers(message, fact):
    assert fact in said(message)


@pytest.mark.parametrize("message", [
    "We booked the cottage for three nights",  # nights at a hotel are no shifts
    "Abbiamo preso una camera per 2 notti",
    "I used to work nights, thank god that's over",  # a shift worked once, or no more
    "Je ne fais plus de nuits depuis mars",
    "Mi marido trabaja en turno de noche",  # someone else's
])
def test_no_shift_where_none_is_worked_by_the_user(message):
    assert not any("shift" in f for f in said(message))


@pytest.mark.parametrize("message, fact", [
    ("Budget for the trip is NZ$4,000", "The user's trip budget is 4,000 NZD."),
    ("Mon budget c'est C$900 pour le vélo", "The user's budget is 900 CAD."),
    ("Mi presupuesto es de MX$9,500", "The user's budget is 9,500 MXN."),
    ("Budget sind so 800 Franke", "The user's budget is 800 CHF."),
    ("Das Budget liegt bei 2.000 SFr.", "The user's budget is 2,000 CHF."),
])
def test_a_regional_currency_sign_or_word_names_its_currency(message, fact):
    assert fact in said(message)


def test_a_correction_of_a_budget_keeps_its_regional_currency():
    assert said("Budget for the new van is NZ$30,000", "scratch that, make it 35,000")[-1] == "The user's budget is 35,000 NZD."

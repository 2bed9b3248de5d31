"""Plans and events, round 8: a relative's wedding or party the user has ('c'ho il matrimonio di mio cugino') is the
user's plan; a Termin named by the job lexicon ('beim Orthopäden') keeps the day the event reader found; a flight's
day of the month takes its trip's month; a stated event followed by 'remind me closer to it?' or 'tu pourras me le
rappeler ?' is no question. Each rule is tested both ways: sentences it must read, in several languages, and near
sentences it must leave alone."""
from __future__ import annotations

import pytest

from offline_facts import gated_facts as facts


# --- a relative's celebration the user has -------------------------------------------------------------------------
@pytest.mark.parametrize("said, fact", [
    ("sabato 9 ho il matrimonio di mia sorella a Bari", "The user has a wedding on Saturday the 9th in Bari."),
    ("samedi j'ai le mariage de mon frère à Lyon", "The user has a wedding on Saturday in Lyon."),
    ("el viernes tengo la boda de mi prima en Sevilla", "The user has a wedding on Friday in Seville."),
])
def test_a_relatives_wedding_the_user_has_is_a_plan(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", [
    "Tengo la consulta de mi hija el martes a las 5",  # her appointment, not the user's
    "Il matrimonio di mio cugino è stato bellissimo",  # no day: nothing planned
    "The party of my neighbour is on Friday",
])
def test_someone_elses_event_stays_theirs(said):
    assert not any(f.startswith("The user has") for f in facts(said))


# --- a Termin named by the job lexicon ---------------------------------------------------------------------------
@pytest.mark.parametrize("said, fact", [
    ("Am 9. Juni hab ich nen Termin beim Orthopäden, 11:45",
     "The user has an orthopaedist appointment on 9 June at 11:45."),
])
def test_a_named_termin_keeps_its_date(said, fact):
    assert fact in facts(said)


def test_a_known_appointment_word_is_unchanged():
    assert "The user has a dentist appointment on Monday at 9:00." in facts("I have a dentist appointment on Monday at 9")


# --- a flight's day of the month takes its trip's month ----------------------------------------------------------
@pytest.mark.parametrize("trip, flight, fact", [
    ("I'm flying to Lisbon from 12 to 20 March.", "My flight is TP1351 on the 12th at 7:10",
     "The user's flight is TP1351, to Lisbon on 12 March at 7:10."),
    ("je pars au Japon du 3 au 17 octobre", "mon vol c'est le AF274, le 3 à 11h40",
     "The user's flight is AF274, to Japan on 3 October at 11:40."),
])
def test_a_flights_day_takes_the_trips_month(trip, flight, fact):
    assert fact in facts(trip, flight)


def test_a_flight_with_its_own_month_keeps_it():
    said = facts("I'm flying to Lisbon from 12 to 20 March.", "My flight is TP1351 on 14 April at 7:10")
    assert "The user's flight is TP1351, to Lisbon on 14 April at 7:10." in said


# --- an event followed by a reminder request ---------------------------------------------------------------------
@pytest.mark.parametrize("said, fact", [
    ("I've got a dentist appointment on the 4th of June at 2:30pm, remind me closer to it?",
     "The user has a dentist appointment on 4 June at 14:30."),
    ("dentiste jeudi 9h, tu pourras me le rappeler mercredi soir ?", "The user has a dentist appointment on Thursday at 9:00."),
])
def test_an_event_with_a_reminder_request_is_stated(said, fact):
    assert fact in facts(said)


def test_asking_when_the_event_is_stays_a_question():
    assert facts("remind me what time my dentist appointment is?") == []

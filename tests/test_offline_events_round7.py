"""Plans and events, round 7 (chat register): a known place typed in lower case after a travel or moving verb; a
flight said after its trip takes the trip's day and place; a correction after a flight corrects the flight; a vet
appointment names the one pet of the conversation; exams by their other names (finals, partiels, Staatsexamen,
maturità); a dose, a weight or 'an hour of' is no clock time; 'since Monday' is no plan; German 'um 9' is no English
'um'. Each rule is tested both ways: sentences it must read, in several languages, and near-misses it must leave alone."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.event_lowercase import lowercase_place
from course_lib.model.offline.lang.event_when import read_when

from offline_facts import gated_facts as facts


# --- a known place typed in lower case ---------------------------------------------------------------------------
@pytest.mark.parametrize("said, fact", [
    ("nächsten freitag fahr ich nach leipzig", "The user has a trip to Leipzig next Friday."),
    ("je pars à bordeaux le 14 mars", "The user has a trip to Bordeaux on 14 March."),
    ("me voy a cancún del 2 al 9 de agosto", "The user has a trip to Cancún from 2 to 9 August."),
    ("vou pra floripa dia 20 de janeiro", "The user has a trip to Florianópolis on 20 January."),
    ("a settembre vado a palermo", "The user has a trip to Palermo in September."),
    ("flying to edinburgh on friday", "The user has a trip to Edinburgh on Friday."),
    ("ci trasferiamo a bologna a maggio", "The user is moving to Bologna in May."),
])
def test_a_known_place_in_lower_case_is_a_destination(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", [
    "me voy a comer con mi hermano el sábado",  # 'a comer': a verb, no place
    "vou para o natal com a família em dezembro",  # 'natal' is Christmas too: read only as 'Natal'
    "am samstag fahr ich nach hause",
    "je vais à la plage samedi",
])
def test_a_lower_case_word_that_is_no_known_place_is_no_destination(said):
    assert not [f for f in facts(said) if " to " in f and "trip" in f]


def test_lowercase_place_reads_only_known_names():
    assert lowercase_place("montréal le 5 mai") == "Montréal"
    assert lowercase_place("foz do iguaçu em maio") == "Foz do Iguaçu"
    assert lowercase_place("brissie next week") == "Brisbane"  # a chat nickname, by its name
    assert lowercase_place("palmas") is None and lowercase_place("Comer") is None and lowercase_place("essen gehen") is None


# --- a flight said after its trip; a correction after a flight ----------------------------------------------------
@pytest.mark.parametrize("turns, fact", [
    (("ich fliege am 2. mai nach wien! flug OS 118 um 7:20 ab hamburg",), "The user's flight is OS 118, from Hamburg to Vienna on 2 May at 7:20."),
    (("on part à porto le 9 juin. vol TP 441 à 10h05",), "The user's flight is TP 441, to Porto on 9 June at 10:05."),
    (("flight LX 318 to Zurich on 3 May at 9:40", "sorry, it's 10:40, not 9:40"), "The user's flight is LX 318, to Zurich on 3 May at 10:40."),
    (("vuelo IB 3100 a Roma el 5 de abril a las 6:30", "perdona, el vuelo es el 6 de abril"), "The user's flight is IB 3100, to Rome on 6 April at 6:30."),
    (("volo AZ 204 per Londra il 3 marzo alle 8:15", "scusa, il volo è alle 9:15"), "The user's flight is AZ 204, to London on 3 March at 9:15."),
])
def test_a_flight_takes_its_trip_and_its_corrections(turns, fact):
    assert fact in facts(*turns)


def test_a_flight_keeps_its_own_destination_and_makes_no_trip_of_a_time():
    said = facts("ich fliege am 2. mai nach wien! flug OS 118 um 7:20 ab hamburg")
    assert not any(f.startswith("The user has a trip") and "7:20" in f for f in said)  # 'um 7:20' corrects nothing
    assert "The user's flight is KL 1002, to Amsterdam on 4 June." in facts("I'm going to Rome on 2 June. Flight KL 1002 to Amsterdam on 4 June.")


def test_a_flight_to_a_place_needs_no_second_trip_fact():
    said = facts("I'm flying to Oslo on SK 4402 on 8 May, it leaves at 6:50.")
    assert "The user's flight is SK 4402, to Oslo on 8 May at 6:50." in said
    assert "The user has a trip to Oslo." not in said


def test_a_short_flight_number_needs_a_flight_word():
    assert any("UA 57" in f for f in facts("I'm flying out on UA 57 on 3 October"))
    assert not any("flight" in f for f in facts("My room is AB 12 on the second floor"))


# --- the pet of the conversation; exams by their other names -------------------------------------------------------
@pytest.mark.parametrize("turns, fact", [
    (("Our dog is called Nala.", "vet on Thursday at 4pm"), "The user has a vet appointment for Nala on Thursday at 16:00."),
    (("Mein Kater heißt Felix.", "Tierarzt ist am 3. Mai um 10 Uhr"), "The user has a vet appointment for Felix on 3 May at 10:00."),
])
def test_a_vet_appointment_names_the_one_pet_of_the_conversation(turns, fact):
    assert fact in facts(*turns)


@pytest.mark.parametrize("said, when", [
    ("my finals are on 12 June", "on 12 June"), ("meine Klausuren sind im Juli", "in July"),
    ("mes partiels commencent le 5 janvier", "on 5 January"), ("tengo exámenes el 20 de junio", "on 20 June"),
    ("as provas são dia 2 de dezembro", "on 2 December"), ("maturità a luglio", "in July"),
])
def test_exams_by_their_other_names(said, when):
    assert f"The user has an exam {when}." in facts(said)


# --- what is no clock time, and no plan -----------------------------------------------------------------------------
@pytest.mark.parametrize("said", ["à 10 mg le matin", "take 5 mg at night", "45 km", "une heure de train", "an hour of driving"])
def test_a_dose_a_distance_or_an_hour_of_is_no_clock_time(said):
    assert read_when(said)[0].hour is None


def test_still_clock_times():
    assert read_when("à une heure")[0].hour == 1 and read_when("at 10 tomorrow")[0].hour == 10


@pytest.mark.parametrize("said", [
    "Mon médecin a changé mon traitement depuis lundi.",
    "Since Monday my doctor has me on a new dose.",
    "J'habite à Genève, ça fait une heure de train jusqu'au bureau.",
])
def test_no_plan_from_a_change_since_a_day_or_a_commute(said):
    assert not [f for f in facts(said) if "appointment" in f or "trip" in f or "train" in f]


# --- something of the user's that runs out on a date ----------------------------------------------------------------
@pytest.mark.parametrize("turns, fact", [
    (("My tenancy runs out on 31 May.",), "The user's lease expires on 31 May."),
    (("mein Visum läuft am 15. April ab",), "The user's visa expires on 15 April."),
    (("mon passeport expire en juillet",), "The user's passport expires in July."),
    (("se me vence el seguro el 2 de marzo",), None),  # the verb before the thing: not read (said where it stops)
    (("a minha carta de condução expira a 4 de maio",), "The user's driving licence expires on 4 May."),
    (("il mio abbonamento scade il 10 gennaio",), "The user's subscription expires on 10 January."),
    (("Mi contrato de alquiler vence el 30 de junio", "perdón, vence el 31 de julio"), "The user's lease expires on 31 July."),
])
def test_a_thing_of_the_users_runs_out_on_a_date(turns, fact):
    said = facts(*turns)
    assert fact in said if fact else not [f for f in said if "expires" in f]


@pytest.mark.parametrize("said", [
    "my sister's passport expires in May",  # someone else's
    "the offer ends on Friday",  # no thing of the list, and no date
    "my contract ends soon",  # no date
    "¿cuándo vence mi pasaporte? creo que el 3 de mayo",  # a question
])
def test_no_deadline_without_a_thing_of_the_users_and_a_date(said):
    assert not [f for f in facts(said) if "expires" in f]


# --- a weight the user aims for ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("said, fact", [
    ("I want to lose 6 kg by September", "The user plans to lose 6 kg by September."),
    ("bis Ostern will ich 4 Kilo abnehmen", "The user plans to lose 4 kg."),  # Easter is no month: the time is left out
    ("je voudrais perdre 7 kilos avant l'été", "The user plans to lose 7 kg by summer."),
    ("quiero bajar a 70 kilos para marzo", "The user plans to get down to 70 kg by March."),
    ("quero ganhar 3 quilos de massa até dezembro", "The user plans to gain 3 kg by December."),
    ("voglio perdere 5 chili entro luglio", "The user plans to lose 5 kg by July."),
    ("trying to get down to 150 pounds by Christmas", "The user plans to get down to 150 lbs by Christmas."),
])
def test_a_weight_the_user_aims_for(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", [
    "I lost 8 kg last year",  # done
    "my suitcase weighs 20 kg",  # no verb of losing or gaining
    "ho perso 3 chili in vacanza",
    "can I lose 5 kg by June?",  # a question
])
def test_no_weight_goal_from_a_weight_lost_or_a_question(said):
    assert not [f for f in facts(said) if "plans to" in f]


def test_a_weight_in_pounds_is_no_budget():
    said = facts("quiero bajar a 160 libras para junio")
    assert "The user plans to get down to 160 lbs by June." in said and not [f for f in said if "budget" in f]


# --- chat 'q vem'; the end of a range corrected by a return word; looking for a home ------------------------------------
def test_chat_q_vem_is_next():
    assert "The user has an exam next Friday at 9:00." in facts("tenho prova sexta q vem as 9h")


@pytest.mark.parametrize("turns, fact", [
    (("Wir fahren vom 3. bis 10. August nach Sylt.", "sorry, zurück sind wir am 9."), "The user has a trip to Sylt from 3 to 9 August."),
    (("on part à Nice du 4 au 11 juillet", "pardon, on rentre le 12"), "The user has a trip to Nice from 4 to 12 July."),
])
def test_a_return_word_corrects_the_end_of_a_range(turns, fact):
    assert fact in facts(*turns)


def test_a_bare_day_still_corrects_the_start_of_a_range():
    assert "The user has a trip to Nice from 5 to 11 July." in facts("on part à Nice du 4 au 11 juillet", "pardon, le 5")


@pytest.mark.parametrize("said, place", [
    ("we're looking for a flat in Bristol", "Bristol"), ("ich suche ein WG-Zimmer in Leipzig", "Leipzig"),
    ("je cherche un appart à lyon", "Lyon"), ("busco piso en Valencia, máximo 900", "Valencia"),
    ("tô procurando um apê em Niterói", "Niterói"), ("cerchiamo un bilocale a Torino", "Torino"),
])
def test_looking_for_a_home_in_a_place(said, place):
    assert f"The user is looking for a home in {place}." in facts(said)


@pytest.mark.parametrize("said", [
    "I'm looking for a restaurant in Leeds", "je cherche mes clés à la maison", "¿me buscas un piso en Valencia?",
    "my brother is looking for a flat in Bristol",
])
def test_no_home_search_without_a_home_a_place_or_the_user(said):
    assert not [f for f in facts(said) if "looking for a home" in f]


# --- a venue named after a place; a street ----------------------------------------------------------------------------------
@pytest.mark.parametrize("said, where", [
    ("vidange samedi au garage de Plateau", "at Garage de Plateau"),
    ("consulta no dentista sexta às 10h na clínica do Rosário", "at Clínica do Rosário"),
    ("concerto sabato alle 21 al teatro di Rifredi", "at Teatro di Rifredi"),
    ("rdv chez le dentiste mardi à 9h, rue des Acacias", "at Rue des Acacias"),
])
def test_a_venue_named_after_a_place(said, where):
    assert any(where in f for f in facts(said))


@pytest.mark.parametrize("said", ["dinner on Friday at the end of May", "meeting on Monday in the centre of town"])
def test_no_venue_without_a_named_place(said):
    assert not any(" at The " in f or "Centre" in f or "End" in f for f in facts(said))


# --- a German event noun opening its sentence; an airport's two names ------------------------------------------------
@pytest.mark.parametrize("said, fact", [
    ("Zahnarzt ist am Montag um 8:30", "The user has a dentist appointment on Monday at 8:30."),
    ("Flug ist LH 400 ab Köln/Bonn, Abflug 7:10 Uhr", "The user's flight is LH 400, from Köln/Bonn at 7:10."),
])
def test_a_german_event_noun_first_is_nobody_s_name(said, fact):
    assert fact in facts(said)


def test_a_name_before_ist_is_still_someone_else():
    assert not [f for f in facts("Anna ist am Montag beim Zahnarzt um 9") if "appointment" in f]


# --- a scan, a midwife or a specialist keeps its own English name --------------------------------------------------------
@pytest.mark.parametrize("said, fact", [
    ("Ultraschall ist am Freitag um 10", "The user has an ultrasound on Friday at 10:00."),
    ("tengo la ecografía el martes a las 9:30", "The user has an ultrasound on Tuesday at 9:30."),
    ("rdv chez la sage-femme lundi à 14h", "The user has a midwife appointment on Monday at 14:00."),
    ("ho la risonanza giovedì alle 8", "The user has an MRI scan on Thursday at 8:00."),
    ("consulta no pediatra dia 3 de maio às 14h30", "The user has a paediatrician appointment on 3 May at 14:30."),
])
def test_a_specific_appointment_keeps_its_name(said, fact):
    assert fact in facts(said)


def test_a_specific_name_is_still_a_medical_appointment():
    from course_lib.model.offline.lang.events import about_event, event_importance
    assert about_event("The user has an ultrasound on Friday at 10:00.")[0] == "appointment:scan"
    assert event_importance("The user has a midwife appointment on Monday at 14:00.") == 0.9


def test_a_venue_survives_a_correction():
    said = facts("rdv chez le kiné jeudi à 17h30, rue des Lilas", "ah non pardon c'est 18h15")
    assert "The user has a physiotherapist appointment on Thursday at 18:15 at Rue des Lilas." in said

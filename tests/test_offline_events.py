"""The offline model's plans and events (lang/events.py, event_when.py, event_turns.py): a new event in each of the six
languages, its correction in a later turn (an UPDATE of the same subject), and what is not the user's plan."""
from __future__ import annotations

import json
import re

import pytest

from course_lib.long_term.write_path import extract_facts
from course_lib.model.amounts import party_sizes
from course_lib.model.offline.lang.event_turns import read_events
from course_lib.model.offline.lang.event_when import VOCABULARY, read_when, settle_hour
from course_lib.model.offline.lang.events import about_event, event_importance
from course_lib.model.offline.lang.read_facts import about
from course_lib.model.offline.memory_ops import resolve


def said(*turns: str) -> list[str]:
    """The fact texts the write path extracts from a conversation of user turns (each answered 'ok')."""
    messages = [m for t in turns for m in ({"role": "user", "content": t}, {"role": "assistant", "content": "ok"})]
    return [f.text for f in extract_facts(messages)]


@pytest.mark.parametrize("message, fact", [
    ("Heads up, my physio appointment is on Wednesday at 4:15pm.",
     "The user has a physiotherapist appointment on Wednesday at 16:15."),
    ("Am Donnerstag um 15 Uhr hab ich einen Termin beim Hautarzt.",
     "The user has a dermatologist appointment on Thursday at 15:00."),
    ("Je vois mon kiné mardi 17 à 10h30.", "The user has a physiotherapist appointment on Tuesday the 17th at 10:30."),
    ("El 3 de octubre me voy a Valencia con Lucía.", "The user has a trip to Valencia on 3 October with Lucía."),
    ("Tenho reunião com o Tiago amanhã às 10h.", "The user has a meeting with Tiago tomorrow at 10:00."),
    ("Domenica 22 c'è il pranzo di famiglia, all'una, siamo in dieci.",
     "The user has a family lunch on Sunday the 22nd at 13:00 for 10 people."),
    ("We're relocating to Edinburgh in August.", "The user is moving to Edinburgh in August."),
    ("Nous allons à Biarritz du 3 au 10 août.", "The user has a trip to Biarritz from 3 to 10 August."),
    # German puts the time between the verb and the destination; 'Mai' is May there, not Italian 'never'
    ("Wir fliegen vom 3. bis 7. Mai nach Rom.", "The user has a trip to Rome from 3 to 7 May."),
    ("Im August fahren wir mit den Kindern für zwei Wochen nach Kroatien.", "The user has a trip to Croatia in August."),
    ("Ad agosto andiamo per tre settimane a Lecce.", "The user has a trip to Lecce in August."),
])
def test_an_event_in_each_language_is_one_fact_with_every_part_in_english(message, fact):
    assert said(message) == [fact]


@pytest.mark.parametrize("first, correction, fact", [
    ("I've got a job interview next Tuesday at 11.", "It got pushed to 2:30pm.",
     "The user has a job interview next Tuesday at 14:30."),
    ("Ich hab am Donnerstag um 15 Uhr einen Arzttermin.", "Moment, um halb fünf, nicht um vier.",
     "The user has a doctor's appointment on Thursday at 16:30."),
    ("J'ai un entretien d'embauche lundi prochain à 9h.", "oups, c'est mardi prochain",
     "The user has a job interview next Tuesday at 9:00."),
    ("Tengo una reunión con Javier el martes a las 9 de la mañana.", "no, espera, a las diez",
     "The user has a meeting with Javier on Tuesday at 10:00."),
    ("O jantar de aniversário é sábado às nove da noite, seremos oito.", "ops, seremos dez",
     "The user has a birthday dinner on Saturday at 21:00 for 10 people."),
    ("Il 3 giugno parto per Lisbona.", "scusa, il 4 giugno", "The user has a trip to Lisbon on 4 June."),
])
def test_a_correction_in_the_next_turn_rewrites_the_event(first, correction, fact):
    facts = said(first, correction)
    assert facts[-1] == fact and len(facts) == 2


@pytest.mark.parametrize("first, correction, fact", [
    ("We have a team dinner on Thursday at 7pm.", "change of plans: the dinner is on Saturday now",
     "The user has a team dinner on Saturday at 19:00."),
    ("Ich habe am Montag um 10 einen Termin beim Arzt.", "Der Termin ist jetzt am Freitag.",
     "The user has a doctor's appointment on Friday at 10:00."),
    ("Tengo cita con la dermatóloga el lunes a las 11.", "la cita se cambió al miércoles",
     "The user has a dermatologist appointment on Wednesday at 11:00."),
    ("I'm flying to Rome on 3 May.", "actually it's Milan, not Rome", "The user has a trip to Milan on 3 May."),
])
def test_a_general_word_or_a_bare_place_corrects_the_event_said_before(first, correction, fact):
    assert said(first, correction)[-1] == fact


def test_a_bare_number_corrects_the_party_size_only_when_no_budget_could_be_meant():
    assert said("The team dinner is on Thursday the 19th at 19:30, we're 9.", "sorry, make that 11")[-1] == \
        "The user has a team dinner on Thursday the 19th at 19:30 for 11 people."
    assert said("Dinner on Friday at 8, we're 4.", "My budget is 40 EUR per person.", "actually make that 45")[-1] == \
        "The user's budget is 45 EUR."
    assert said("ah non pardon c'est 14h45") == []  # a correction with nothing said before corrects nothing


def test_a_correction_names_the_event_it_corrects_when_there_are_two():
    facts = said("Got a call with Priya Monday 8am.", "And the dentist is on Wednesday at 3pm.",
                 "correction: the call with Priya is at 8:30, not 8")
    assert facts[-1] == "The user has a call with Priya on Monday at 8:30."


def test_a_corrected_event_is_an_update_of_the_stored_one_not_a_second_fact():
    stored = [("m1", "The user has a dentist appointment on Monday at 9:00."),
              ("m2", "The user has a meeting with Fernanda on Thursday at 15:00.")]
    assert resolve("The user has a dentist appointment on Tuesday at 9:00.", stored)["id"] == "m1"
    assert resolve("The user has a meeting with Fernanda on Thursday at 16:00.", stored)["op"] == "UPDATE"
    assert resolve("The user has a team dinner on Thursday the 19th at 19:30.", stored)["op"] == "ADD"
    assert about("The user has a dentist appointment on Tuesday at 9:30.")[0] == "appointment:dentist"


@pytest.mark.parametrize("message", [
    "what time is my dentist appointment?",
    "what time is my dentist appointment",  # a question without its mark
    "Book me a table for Friday at 8pm",
    "Can you schedule a call with Ana for Tuesday at 3?",
    "Reserva una mesa para el sábado",
    "If I go to Rome in May I'll need a hotel.",
    "Si llueve, no voy a Toledo.",
    "Falls ich die Stelle bekomme, ziehe ich nach Bremen.",
    "My sister's wedding is in May.",
    "Meine Mutter hat nächste Woche einen Termin im Krankenhaus.",
    "A consulta da minha filha é na quinta.",
    "I had a doctor's appointment last Thursday, all fine.",
    "The kids have a swimming lesson every Tuesday at 5.",
    "I don't have a meeting on Monday.",
    "Tomorrow's meeting with Kofi is cancelled.",
    "Je suis dentiste à Lyon depuis 2019.",
])
def test_questions_requests_conditions_others_past_and_habits_are_not_the_users_plans(message):
    assert not [f for f in said(message) if (about(f)[0] or "").split(":")[0] in ("appointment", "meeting", "plan", "trip")]


def test_no_day_or_time_is_written_that_the_user_did_not_say():
    assert said("I'm having dinner with Sam on Friday.") == ["The user has a dinner with Sam on Friday."]
    assert not any(re.search(r"\bat \d", f) for f in said("Budget is about 2,500 EUR for the trip in May."))
    when, _ = read_when("I drive a 2 door car to Lyon on Friday")
    assert when.hour is None


@pytest.mark.parametrize("text, evening, old_hour, hour", [
    ("at 3", False, None, 15),  # nobody's dentist is at 3 a.m.
    ("at 9", False, None, 9),
    ("at 8", True, None, 20),  # a dinner at 8
    ("at four", False, 15, 16),  # 'no wait, at four' after 15:00
    ("at 11", False, 9, 11),
    ("at 7:30pm", False, None, 19),  # said: never changed
])
def test_an_hour_without_am_or_pm_is_settled_by_the_event_and_the_time_it_corrects(text, evening, old_hour, hour):
    old = read_when(f"at {old_hour}:00")[0] if old_hour is not None else None
    assert settle_hour(read_when(text)[0], evening, old).hour == hour


def test_monday_is_a_day_like_any_other():  # weekday 0 once counted as no day at all
    assert said("I'm seeing the GP on Monday morning.") == ["The user has a doctor's appointment on Monday."]
    assert said("Lunch with Ana on Friday at 1.", "sorry, Monday")[-1] == "The user has a lunch with Ana on Monday at 13:00."


def test_what_is_denied_is_not_read():
    assert read_when("Moment, um halb zehn, nicht halb neun")[0].hour == 9
    assert read_when("no es el lunes, es el martes")[0].weekday == 1
    assert read_when("vamos no sábado às 3")[0].weekday == 5  # Portuguese 'no' is 'on the'


def test_a_medical_appointment_is_important_and_a_stored_event_reads_back():
    assert event_importance("The user has a dentist appointment on Tuesday at 9:30.") == 0.9
    assert event_importance("The user has a job interview on Monday at 10:00.") == 0.7
    assert event_importance("The user is allergic to peanuts.") is None
    for message in ("Tenho reunião com a Fernanda na quinta às três da tarde", "on part à Marseille samedi prochain",
                    "Zahnarzt am Dienstag um halb neun", "La cena è sabato 14 alle otto e mezza, saremo in dodici"):
        [(slot, value, fact)] = read_events(message)
        assert about_event(fact) == (slot, value)  # what the write path compares by is what was read


def test_the_vocabulary_has_every_event_in_the_six_languages():
    data = json.loads(VOCABULARY.read_text(encoding="utf-8"))
    for entry in data["events"]:
        assert set(entry["words"]) == {"en", "de", "fr", "es", "pt", "it"}, entry["key"]
        assert all(entry["words"].values()), entry["key"]
        assert entry["kind"] in ("appointment", "meeting", "plan", "trip"), entry["key"]


@pytest.mark.parametrize("text", ["für zwei Wochen", "pour deux semaines", "para dos semanas", "por tres noches",
                                  "per due settimane", "para 2 anos", "for two months"])
def test_a_length_of_time_is_no_party_size(text):
    assert party_sizes(text) == set()


def test_italian_never_still_negates_a_trip():
    assert said("Non vado mai a Roma.") == []


@pytest.mark.parametrize("message, fact", [
    # a scale after the number, and currencies beyond EUR/USD/GBP; a word naming no one currency is kept as said
    ("Our budget for the house is 35 lakh rupees.", "The user's budget is 3,500,000 INR."),
    ("Para la reforma tenemos un presupuesto de 120 mil pesos.", "The user's budget is 120,000 pesos."),
    ("Para o carro consigo pagar até 30 mil reais.", "The user's budget is 30,000 BRL."),
    ("Mon budget pour les vacances, c'est 900 francs.", "The user's holiday budget is 900 CHF."),
    ("I can spend 300 bucks on the bike, tops.", "The user's budget is 300 bucks."),
    ("Il mio budget è di 2 milioni di euro per la casa.", "The user's budget is 2,000,000 EUR."),
    # a budget without the word: a ceiling, what one can pay, what one has (and not what one spent)
    ("Für die Küche kann ich höchstens 4.000 € ausgeben.", "The user's budget is 4,000 EUR."),
    ("Pour le loyer je peux mettre 700 euros au maximum.", "The user's rent budget is 700 EUR."),
    ("Para el alquiler puedo gastar 650 euros como mucho.", "The user's rent budget is 650 EUR."),
    ("Per l'affitto posso spendere al massimo 800 euro.", "The user's rent budget is 800 EUR."),
])
def test_a_budget_in_other_currencies_scales_and_words(message, fact):
    assert said(message) == [fact]


@pytest.mark.parametrize("message", ["I spent 200 euros on the tyres.", "Das Hotel kostet 120 Euro pro Nacht.",
                                     "Ho pagato 90 euro per la cena.", "a revisão dos 20 mil km é sexta"])
def test_money_spent_or_a_distance_is_no_budget(message):
    assert not [f for f in said(message) if "budget" in f]


@pytest.mark.parametrize("message, fact", [
    # weekdays said as recurring (a plural, an adverb, 'every', 'los', 'às', a list or a range) and an activity word
    ("I work nights, sun thru wed, 8pm to 6am.", "The user works from Sunday to Wednesday, from 20:00 to 6:00."),
    ("Ich hab dienstags und donnerstags um 18 Uhr Yoga-Kurs.", "The user has class every Tuesday and Thursday at 18:00."),
    ("Je suis en télétravail les mardis.", "The user works from home every Tuesday."),
    ("Tengo clase de inglés los martes y jueves de 18:00 a 19:30.",
     "The user has English class every Tuesday and Thursday from 18:00 to 19:30."),
    ("Vou à academia às segundas e quartas às 7h.", "The user goes to the gym every Monday and Wednesday at 7:00."),
    ("Faccio i turni dal lunedì al giovedì, dalle 14 alle 22.", "The user works shifts from Monday to Thursday, from 14:00 to 22:00."),
])
def test_a_recurring_schedule_in_six_languages(message, fact):
    assert said(message) == [fact]


@pytest.mark.parametrize("message", ["I have a dentist appointment on Monday at 9.", "On Saturday I sat with Ana.",
                                     "Mon frère travaille le lundi et le mardi."])
def test_a_day_said_once_or_someone_elses_days_are_no_schedule_of_the_users(message):
    assert not [f for f in said(message) if "every" in f or "from Monday" in f]


@pytest.mark.parametrize("turns, fact", [
    # a range of days with its month said elsewhere in the sentence; a correction that gives only the days keeps it
    (("En septiembre me voy a Roma, del 4 al 11.",), "The user has a trip to Rome from 4 to 11 September."),
    (("Im Juli fahren wir nach Sylt, vom 3. bis 10.",), "The user has a trip to Sylt from 3 to 10 July."),
    (("In August we're going to Crete from the 3rd to the 17th.", "sorry, from the 4th to the 18th"),
     "The user has a trip to Crete from 4 to 18 August."),
    (("Em maio vou a Sevilha, de 2 a 9.", "ah não, enganei-me, é de 3 a 10"), "The user has a trip to Seville from 3 to 10 May."),
])
def test_a_range_of_days_takes_the_month_said_with_it_or_before(turns, fact):
    assert said(*turns)[-1] == fact


@pytest.mark.parametrize("message, fact", [
    # British 'half ten'; specialists, car services and deliveries as appointments; 'tengo el / ho il <doctor>'
    ("My physio is on Friday at half nine.", "The user has a physiotherapist appointment on Friday at 9:30."),
    ("Tengo el endocrinólogo el 5 de mayo a las 9:00.", "The user has a doctor's appointment on 5 May at 9:00."),
    ("Ho il neurologo il 12 aprile alle 11:15.", "The user has a doctor's appointment on 12 April at 11:15."),
    ("Die Inspektion ist am 3. Juni um 8:00.", "The user has a car service appointment on 3 June at 8:00."),
    ("La livraison du frigo est le 20 mai à 10h.", "The user has a delivery on 20 May at 10:00."),
])
def test_more_appointment_words_and_british_half_hours(message, fact):
    assert said(message)[-1] == fact


def test_half_is_no_time_before_a_length():
    from course_lib.model.when import clock_time
    assert clock_time("for half an hour").value is None and clock_time("at half ten tonight").value == "22:30"


@pytest.mark.parametrize("new, stored", [
    # a retraction worded 'is not', 'no longer <verb>s', 'does not have <pet>' deletes the fact it takes back
    ("The user is not allergic to peanuts.", "The user is allergic to peanuts."),
    ("The user no longer plays squash.", "The user plays squash."),
    ("The user does not have a dog called Rex.", "The user has a dog called Rex."),
    ("The user is no longer with Julien.", "The user's partner is called Julien."),
    ("The user no longer has the rabbit Nuvola.", "The user's rabbit is called Nuvola."),
])
def test_a_retraction_deletes_the_fact_it_takes_back(new, stored):
    assert resolve(new, [("m0", "The user lives in Porto."), ("m1", stored)]) == \
        {**resolve(new, [("m1", stored)]), "op": "DELETE", "id": "m1"}


def test_not_having_a_thing_is_news_and_a_budget_for_a_purpose_is_updated():
    assert resolve("The user does not have a car.", [("m0", "The user lives in Porto.")])["op"] == "ADD"
    assert resolve("The user's monthly rent budget is 900 EUR.", [("m0", "The user's rent budget is 800 EUR.")])["op"] == "UPDATE"
    assert resolve("The user's budget for the Crete holiday is 2000 EUR.",
                   [("m0", "The user's budget for the Crete holiday is 1500 EUR.")]) == \
        {"op": "UPDATE", "id": "m0", "reason": "new value for budget:holiday: 1500 EUR -> 2000 EUR"}


@pytest.mark.parametrize("message, fact", [
    # a hobby given up, next to a verb of giving up or a 'no longer', in six languages
    ("I gave up golf after my back surgery.", "The user no longer plays golf."),
    ("Klettern mach ich nicht mehr, zu gefährlich.", "The user no longer climbs."),
    ("J'ai laissé tomber le tennis cet hiver.", "The user no longer plays tennis."),
    ("Dejé el yoga hace un mes.", "The user no longer does yoga."),
    ("Parei com a natação, não tenho tempo.", "The user no longer swims."),
    ("Ho smesso di giocare a pallavolo, troppi infortuni.", "The user no longer plays volleyball."),
])
def test_a_hobby_given_up_is_taken_back(message, fact):
    assert said(message) == [fact]


@pytest.mark.parametrize("message", ["I stopped at the swimming pool on the way home.", "My son quit football.",
                                     "Larguei o emprego e agora dou aulas de surf."])
def test_a_hobby_near_no_giving_up_of_the_users_is_not_taken_back(message):
    assert not [f for f in said(message) if "no longer" in f]


@pytest.mark.parametrize("message, fact", [
    ("Le kiné c'est jeudi 12 juin à 17h, tu peux me le rappeler?", "The user has a physiotherapist appointment on Thursday, 12 June at 17:00."),
    ("Tengo cita con la dentista el 3 de mayo a las 10:00, ¿me lo recuerdas?", "The user has a dentist appointment on 3 May at 10:00."),
])
def test_an_event_followed_by_a_request_to_be_reminded_is_stated(message, fact):
    assert said(message) == [fact]


@pytest.mark.parametrize("turns, fact", [  # money paid, earned or put aside (lang/money.py)
    (("Ich zahle 620 Euro Miete für meine Wohnung in Kassel",), "The user's rent is 620 EUR."),
    (("Je paie 540 euros de loyer pour un studio à Lille",), "The user's rent is 540 EUR."),
    (("pago 450 euro al mese per una stanza a Torino",), "The user's rent is 450 EUR."),
    (("Pago 1.200 reais de aluguel num apartamento pequeno",), "The user's rent is 1,200 BRL."),
    (("Ich verdiene 3.100 Euro netto im Monat",), "The user's income is 3,100 EUR."),
    (("Je gagne 2 400 euros nets par mois",), "The user's income is 2,400 EUR."),
    (("guadagno 1450 al mese",), "The user's income is 1,450 EUR."),  # Italian: a bare amount is in euros
    (("I want to save 200 pounds a month",), "The user's savings budget is 200 GBP."),
    (("quero poupar 500 reais por mês",), "The user's savings budget is 500 BRL."),
    (("Je veux épargner 500 000 francs CFA cette année",), "The user's savings budget is 500,000 XOF."),
    (("Mon loyer est de 1 300 $ par mois à Montréal",), "The user's rent is 1,300 CAD."),  # a '$' in French
    (("Je veux épargner 2 millions de francs CFA pour une maison", "Je peux mettre 100 000 de côté chaque mois"),
     "The user's savings budget is 100,000 XOF."),  # the conversation's currency
])
def test_money_paid_earned_or_put_aside_with_its_currency(turns, fact):
    assert said(*turns)[-1] == fact


@pytest.mark.parametrize("message", [
    "I spent 300 euros on a new phone", "Die Jahreskarte kostet 365 Euro", "Je travaille de 9 à 17 au bureau",
    "gano muchísimo tiempo con el coche",  # no amount
    "pago 500 al mes de alquiler",  # Spanish: no one currency, and none said before
])
def test_money_spent_or_said_without_a_currency_is_no_budget(message):
    assert not [f for f in said(message) if "budget" in f or "rent" in f or "income" in f]


@pytest.mark.parametrize("fact, slot", [
    ("The user pays 1200 EUR rent per month.", ("budget:rent", "1200 EUR")),
    ("The user's rent is 950 CHF per month including heating.", ("budget:rent", "950 CHF")),
    ("The user earns about 2400 GBP a month.", ("budget:income", "2400 GBP")),
    ("The user can put aside 300 EUR a month.", ("budget:monthly savings", "300 EUR")),
    ("The user wants to save 9000 BRL for a car by June.", ("budget:savings", "9000 BRL")),
])
def test_money_facts_are_read_back_by_slot(fact, slot):
    assert about(fact) == slot


@pytest.mark.parametrize("new, stored, op", [  # the resolver: a retraction by its words, an event at another time
    ("The user no longer cycles to work.", ["The user lives in Graz.", "The user cycles to work every day."], "DELETE m1"),
    ("The user is no longer learning the violin.", ["The user is learning the violin at the music school."], "DELETE m0"),
    ("The user cancelled the trip to Iceland.", ["The user saves 100 EUR a month for a trip to Iceland.",
                                                 "The user plans a trip to Iceland in May."], "DELETE m1"),
    ("The user's hamster Pip has died.", ["The user has a hamster called Pip."], "DELETE m0"),
    ("The user has a dentist check-up on Friday at 9:30.", ["The user has a dentist check-up on Monday at 9:30."], "UPDATE m0"),
    ("The user's tenancy ends on 30 June.", ["The user's tenancy ends on 31 May."], "UPDATE m0"),
    ("The user has a dentist check-up on Friday at 9:30.", ["The user has a yoga class on Friday at 9:30."], "ADD"),
    ("The user no longer plays chess.", ["The user plays the piano."], "NOOP"),
])
def test_the_resolver_finds_what_a_retraction_or_a_moved_event_replaces(new, stored, op):
    from course_lib.model.offline.memory_ops import resolve
    got = resolve(new, [(f"m{i}", t) for i, t in enumerate(stored)])
    assert f"{got['op']} {got['id'] or ''}".strip() == op


@pytest.mark.parametrize("message, fact", [  # a schedule without weekdays: how often, every day at a time, from when to when
    ("I go to the gym three times a week", "The user goes to the gym 3 times a week."),
    ("ich gehe 3x die Woche schwimmen", "The user swims 3 times a week."),
    ("vou à piscina duas vezes por semana", "The user swims 2 times a week."),
    ("Je travaille de 8h à 16h30", "The user works from 8:00 to 16:30."),
    ("ich arbeite von 9 bis 17 Uhr", "The user works from 9:00 to 17:00."),
    ("trabajo de 8 a 5 en una oficina", "The user works from 8:00 to 17:00."),  # the end in the afternoon
    ("I work every day from 7am to 3pm", "The user works every day from 7:00 to 15:00."),
])
def test_a_schedule_said_by_frequency_or_hours(message, fact):
    assert said(message) == [fact]


@pytest.mark.parametrize("message", [
    "I was at the library from 2 to 4 yesterday", "the shop is open from 9 to 5",
    "cammino ogni mattina sul lungomare di Corso Italia", "je vais au boulot tous les matins",
])
def test_no_schedule_from_a_past_day_someone_elses_hours_or_a_bare_daily_habit(message):
    assert not [f for f in said(message) if "times a week" in f or " from " in f or "every day" in f]


@pytest.mark.parametrize("message, fact", [  # a ride taken at a time: the train, bus or ferry of HH:MM
    ("I usually catch the 7:45 bus to Oxford", "The user takes the 7:45 bus to Oxford."),
    ("Ich nehme meistens die S-Bahn um 6:58 nach Potsdam", "The user takes the 6:58 S-Bahn to Potsdam."),
    ("tomo el tren de las 8:10 a Alcalá", "The user takes the 8:10 train to Alcalá."),
    ("pego o ônibus às 6h40 para o Centro", "The user takes the 6:40 bus to Centro."),
])
def test_a_ride_taken_at_a_time_is_a_schedule(message, fact):
    assert said(message)[-1] == fact


@pytest.mark.parametrize("message, fact", [
    ("for the summer trip to Montreal I've got about 1,200 dollars", "The user has a trip to Montreal."),
    ("We fly to Rome I'm told on Friday", "The user has a trip to Rome on Friday."),
])
def test_a_pronoun_after_a_place_is_not_part_of_it(message, fact):
    assert fact in said(message)


@pytest.mark.parametrize("first, then, fact", [
    ("Ich hab am Montag um 14:30 einen Termin beim Zahnarzt.", "vergiss Montag, der ist am Dienstag um 9",
     "The user has a dentist appointment on Tuesday at 9:00."),
    ("J'ai rendez-vous chez le dentiste mardi à 16 h.", "Laisse tomber mardi, c'est mercredi 10 h.",
     "The user has a dentist appointment on Wednesday at 10:00."),
    ("Tengo cita con el dentista el lunes a las 18:00.", "olvida el lunes, es el martes a las 9",
     "The user has a dentist appointment on Tuesday at 9:00."),
    ("Ho il dentista giovedì alle 17:30.", "lascia perdere giovedì, è venerdì alle 9",
     "The user has a dentist appointment on Friday at 9:00."),
    ("My dentist appointment is on Monday at 17:00.", "scratch Monday, it's Wednesday at 10",
     "The user has a dentist appointment on Wednesday at 10:00."),
])
def test_a_day_dropped_for_another_moves_the_event_and_its_hour_is_the_new_days(first, then, fact):
    """'forget Monday, Tuesday at 9': the dropped day is no value, and a new day's unclear hour follows the event's
    daytime rule, not the nearest to the old time (9 after 17:00 is 9:00 on the new day, not 21:00). (Portuguese
    'esquece segunda' is read as a request to forget: not here.)"""
    assert said(first, then)[-1] == fact

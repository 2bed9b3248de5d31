"""Round 7 of the offline agent: its fixed replies in the language of the request (speak.py, replies.json), English
replies unchanged, and the classes behind agent_oldheldout2/5's failures (a party of "my wife and I", an answer to
"where?" or "Berlin or Paris?", "porto" the verb, "what I do for a living", a search for restaurants in a city).
Both ways: what it must do and the near-misses it must leave alone. The sentences are written for this file."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from course_lib.model.amounts import party_sizes
from course_lib.model.offline.intents import asked, intent
from course_lib.model.offline.places import city_named
from course_lib.model.offline.speak import language, tables
from tests.test_offline_agent_requests import evaluation


def _run(request_: str, facts=(), context=(), tools="scenario"):
    case = {"id": "t", "lang": "xx", "kind": "x", "tools": tools, "facts": list(facts), "context": list(context),
            "request": request_, "expect": {}}
    with tempfile.TemporaryDirectory() as tmp:
        agent, stores = evaluation.agent_for(case, Path(tmp))
        result = agent.run(request_)
        steps = [(s.action, s.args) for s in result.trace.steps]
        return steps, result.answer or ""


def _booked(steps):
    return [a for action, a in steps if action == "book_table"]


def opening(key: str, lang: str) -> str:
    """How reply `key` opens in `lang` (its words before the first placeholder)."""
    return tables()[key][lang].split("{")[0]


# -- the language: lexicon.detect on the request without its names; English when unsure -----------------------------

@pytest.mark.parametrize("text, lang", [
    ("Reservier uns bitte einen Tisch für drei am Sonntag", "de"), ("Je voudrais une table pour quatre samedi", "fr"),
    ("Quiero una mesa para dos el sábado", "es"), ("Quero uma mesa para dois no sábado", "pt"),
    ("Vorrei un tavolo per due al ristorante sabato", "it"),
    ("Book Le Bœuf Doré, 3 people, Sun 19:00", "en"),  # "Le" is in a name, not French
    ("same as last time please", "en"),  # Portuguese "as" alone decides nothing
    ("a table at Bistrot du Canal on Friday", "en"), ("Berlin, Saturday, 8pm, 2 people", "en"),
])
def test_the_reply_language_is_the_requests_and_english_when_unsure(text, lang):
    assert language(text) == lang


def test_every_reply_has_all_six_languages():
    for key, table in tables().items():
        if isinstance(table, dict) and key not in ("diet", "weekday"):
            assert set(table) == {"en", "de", "fr", "es", "pt", "it"}, key


# -- each reply kind in each language -------------------------------------------------------------------------------

ASK = {"en": "Book Chez Lentille on Friday please", "de": "Reservier mir bitte einen Tisch im Jardin Secret am Freitag",
       "fr": "Je voudrais réserver une table chez Jardin Secret vendredi",
       "es": "Quiero reservar una mesa en el Jardin Secret el viernes",
       "pt": "Quero reservar uma mesa no Jardin Secret na sexta", "it": "Vorrei prenotare un tavolo al Jardin Secret venerdì"}


@pytest.mark.parametrize("lang", sorted(ASK))
def test_the_question_about_what_is_missing_is_in_the_requests_language(lang):
    steps, answer = _run(ASK[lang])
    assert not _booked(steps) and answer.startswith(opening("ask_booking", lang)) and "?" in answer
    assert tables()["gap_people"][lang] in answer


BOOK = {"en": "Book Chez Lentille for 2 on Friday at 8pm",
        "de": "Reservier mir einen Tisch im Chez Lentille für 2 am Freitag um 20 Uhr",
        "fr": "Je veux réserver une table chez Chez Lentille pour 2 vendredi à 20h",
        "es": "Quiero reservar una mesa en el Chez Lentille para 2 el viernes a las 20:00",
        "pt": "Quero reservar uma mesa no Chez Lentille para 2 na sexta às 20h",
        "it": "Vorrei prenotare un tavolo al Chez Lentille per 2 venerdì alle 20"}


@pytest.mark.parametrize("lang", sorted(BOOK))
def test_the_booking_confirmation_is_in_the_requests_language_with_its_values_as_they_are(lang):
    steps, answer = _run(BOOK[lang])
    assert _booked(steps) == [{"restaurant": "Chez Lentille", "time": "Friday 20:00", "people": 2}]
    said = {"en": "Friday", "de": "Freitag", "fr": "vendredi", "es": "viernes", "pt": "sexta-feira", "it": "venerdì"}[lang]
    assert answer.startswith(opening("booked", lang)) and "Chez Lentille" in answer and f"{said} 20:00" in answer
    assert tables()["reason_named"][lang] in answer  # why this place, in the same language


NOT_FOUND = {"en": "Book Trattoria Pinocchio for 2 on Friday at 8pm",
             "de": "Reservier mir einen Tisch in der Trattoria Pinocchio für 2 am Freitag um 20 Uhr",
             "fr": "Je veux réserver une table à la Trattoria Pinocchio pour 2 vendredi à 20h",
             "es": "Quiero reservar una mesa en la Trattoria Pinocchio para 2 el viernes a las 20:00",
             "pt": "Quero reservar uma mesa na Trattoria Pinocchio para 2 na sexta às 20h",
             "it": "Vorrei prenotare un tavolo alla Trattoria Pinocchio per 2 venerdì alle 20"}
NOTHING_BOOKED = {"en": "I have booked nothing", "de": "Ich habe nichts reserviert", "fr": "Je n'ai rien réservé",
                  "es": "No he reservado nada", "pt": "Não reservei nada", "it": "Non ho prenotato niente"}


@pytest.mark.parametrize("lang", sorted(NOT_FOUND))
def test_a_name_found_nowhere_is_asked_about_and_nothing_booked_in_the_requests_language(lang):
    steps, answer = _run(NOT_FOUND[lang])
    assert not _booked(steps) and "Trattoria Pinocchio" in answer and NOTHING_BOOKED[lang] in answer


NAME = {"en": "What's my name?", "de": "Wie heiße ich eigentlich?", "fr": "Comment je m'appelle déjà ?",
        "es": "¿Cómo me llamo yo?", "pt": "Como é que eu me chamo?", "it": "Qual è il mio nome?"}


@pytest.mark.parametrize("lang", sorted(NAME))
def test_answers_about_the_user_are_in_the_questions_language(lang):
    _, answer = _run(NAME[lang], facts=["The user's name is Malika."])
    assert answer == tables()["name_full"][lang].format(full="Malika")
    _, answer = _run(NAME[lang])  # nothing known: "I don't know …" in the same language
    assert answer.startswith(tables()["dont_know"][lang]) and tables()["unknown_why"][lang] in answer


FORGET_ALL = {"en": "Please delete everything you know about me", "de": "Lösch bitte alles, was du über mich weißt",
              "fr": "Efface tout ce que tu sais de moi", "es": "Olvida todo lo que sabes sobre mí y mis datos",
              "pt": "Apaga tudo o que sabes sobre mim, não quero nada guardado",
              "it": "Cancella tutto quello che sai di me"}


@pytest.mark.parametrize("lang", sorted(FORGET_ALL))
def test_what_was_deleted_is_said_in_the_requests_language(lang):
    steps, answer = _run(FORGET_ALL[lang], facts=["The user is vegetarian."], tools="memory")
    assert "forget_everything" in [a for a, _ in steps] and answer.startswith(opening("deleted_all", lang))


WEATHER = {"en": "What's the weather in Lisbon on Saturday?", "de": "Wie wird das Wetter in Lissabon am Samstag?",
           "fr": "Quel temps fera-t-il à Lisbonne samedi ?", "es": "¿Qué tiempo hará en Lisboa el sábado?",
           "pt": "Vai chover em Lisboa no sábado? Não quero apanhar chuva",
           "it": "Che tempo farà a Lisbona sabato? Mi serve per il viaggio"}


@pytest.mark.parametrize("lang", sorted(WEATHER))
def test_no_forecast_is_reported_in_the_requests_language_with_the_tools_words(lang):
    steps, answer = _run(WEATHER[lang])
    assert [a for a, _ in steps] == ["get_weather"] and answer.startswith(opening("no_forecast", lang))
    assert "Lisbon" in answer and "no forecast" in answer  # the tool's own words, as it said them
    _, answer = _run(WEATHER[lang].replace("Lissabon", "Berlin").replace("Lisbonne", "Berlin").replace(
        "Lisboa", "Berlin").replace("Lisbona", "Berlin").replace("Lisbon", "Berlin"))
    assert answer.startswith(opening("weather_days", lang)) or answer.startswith(opening("weather_all", lang))


NOT_UNDERSTOOD = {"en": "Write me a song about the sea", "de": "Kannst du mir ein Lied über das Meer schreiben?",
                  "fr": "Écris-moi une chanson sur la mer", "es": "Cuéntame un chiste sobre los perros",
                  "pt": "Conta-me uma anedota sobre gatos", "it": "Raccontami una barzelletta sul mio gatto"}


@pytest.mark.parametrize("lang", sorted(NOT_UNDERSTOOD))
def test_not_understood_is_said_in_the_requests_language(lang):
    steps, answer = _run(NOT_UNDERSTOOD[lang])
    assert not steps and answer.startswith(opening("not_understood", lang))
    assert tables()["can_do"][lang] in answer


def test_an_english_request_gets_the_english_replies_as_before():
    """Byte for byte what the agent said before the replies had six languages (lessons' stored outputs hold them)."""
    assert _run("Book Chez Lentille on Friday please")[1] == (
        "To book, I need the time and how many people. Could you tell me? I have booked nothing yet.")
    assert _run("What's my name?", facts=["The user's name is Malika."])[1] == "Your name is Malika."
    assert _run("Where do I live?")[1] == (
        "I don't know where you live: nothing in this conversation or in the facts I was given says so.")
    steps, answer = _run("Book a table in Paris on Thursday at 8pm for two")  # a city only: the best-rated place
    assert answer.startswith("I booked Le Bœuf Doré (French steakhouse, 110 EUR per person, rated 4.8) for 2 on "
                             "Thursday 20:00. Confirmation: ") and answer.endswith(
        "I chose it because it is the best-rated restaurant in Paris (I know nothing about your diet or budget).")


# -- the failure classes: must read, and near-misses left alone -----------------------------------------------------

@pytest.mark.parametrize("text", ["my husband and I", "Mein Mann und ich", "mon copain et moi", "mi marido y yo",
                                  "o meu marido e eu", "mio marito e io", "para mi hermana y para mí"])
def test_a_couple_said_as_subject_is_two(text):
    assert party_sizes(f"{text}, Saturday 8pm") == {2}


@pytest.mark.parametrize("text", ["my husband and I and the kids", "Mein Mann und ich mit den Kindern",
                                  "my friends and I", "mis amigos y yo", "my husband and I, 5 people"])
def test_a_couple_that_goes_on_or_a_group_is_not_two(text):
    assert 2 not in party_sizes(text)


def test_an_answer_to_where_continues_the_table_it_answers():
    steps, answer = _run("Da Spree Dumpling House, alle sette e mezza di sera.", context=[
        {"role": "user", "content": "Sabato esco a cena con mia madre, siamo in due."},
        {"role": "assistant", "content": "Che bello! Dove?"}])
    assert _booked(steps) == [{"restaurant": "Spree Dumpling House", "time": "Saturday 19:30", "people": 2}]
    steps, _ = _run("Paris. Chez Lentille at eight in the evening.", context=[
        {"role": "user", "content": "My husband and I want a fish dinner on Sunday."},
        {"role": "assistant", "content": "Berlin or Paris?"}])
    assert _booked(steps) == [{"restaurant": "Chez Lentille", "time": "Sunday 20:00", "people": 2}]


def test_an_answer_to_where_about_no_table_books_nothing():
    steps, _ = _run("At Glut & Rind at 8pm.", context=[
        {"role": "user", "content": "I ran into my old teacher on Friday."},
        {"role": "assistant", "content": "How nice! Where did you meet?"}])
    assert not _booked(steps)


@pytest.mark.parametrize("text, city", [("Sabato porto mia madre a cena", None), ("Porto il cane dal veterinario", None),
                                        ("Wir fliegen nach Porto", "Porto"), ("weather in porto?", "Porto")])
def test_porto_the_verb_is_no_city(text, city):
    assert city_named(text) == city


@pytest.mark.parametrize("text", ["Sabes o que eu faço da vida?", "¿Te acuerdas de a qué me dedico?",
                                  "Was mache ich beruflich nochmal?", "Tu te souviens de ce que je fais comme métier ?",
                                  "Ricordi cosa faccio nella vita?", "What do I do for work again?"])
def test_what_i_do_for_a_living_is_a_question_about_the_job(text):
    assert asked(text) == "job"


@pytest.mark.parametrize("text", ["What should I do for work tomorrow?", "Was mache ich heute Abend?"])
def test_plans_are_not_the_job(text):
    assert asked(text) != "job"


@pytest.mark.parametrize("text", ["Welche veganen Restaurants gibt es in Berlin?", "Quels restaurants végans y a-t-il à Paris ?",
                                  "Which vegan restaurants are there in Berlin?"])
def test_a_search_for_restaurants_is_no_question_about_the_user(text):
    steps, _ = _run(text, facts=["The user is vegan."])
    assert [a for a, _ in steps][:1] == ["search_restaurants"]


def test_which_restaurant_i_booked_stays_a_question_about_the_user():
    steps, answer = _run("Which restaurant did I book last week?", facts=["The user booked Grüner Salon last week."])
    assert not steps and "Grüner Salon" in answer and intent("Which restaurant did I book last week?") != "weather"


def test_the_replies_file_is_valid_json():
    json.loads((Path(__file__).parents[1] / "course_lib" / "data" / "offline" / "replies.json").read_text("utf-8"))


@pytest.mark.parametrize("text, size, time", [("Tisch für 4 am Samstag um 19 Uhr", {4}, "19:00"),
                                              ("für 2 am Freitag um 20 Uhr", {2}, "20:00"),
                                              ("book for 2 at 8am on Friday", {2}, "08:00")])
def test_german_am_before_a_day_is_no_morning(text, size, time):
    from course_lib.model.when import clock_time
    assert party_sizes(text) == size and clock_time(text).value == time


def test_an_hour_before_german_am_is_asked_not_taken_as_morning():
    from course_lib.model.when import clock_time
    assert clock_time("um 8 am Sonntag").value is None and clock_time("Sunday at 8 am").value == "08:00"


@pytest.mark.parametrize("text, slot", [("Onde é que eu vivo?", "city"), ("Como é que me chamo?", "name"),
                                        ("Quem é que te disse isso?", None)])
def test_portuguese_e_que_questions_are_read_like_the_plain_ones(text, slot):
    assert asked(text) == slot

"""Round 4 of the offline agent (probe dev17 in tests/data/agent_requests.json), its memory side: forgetting a
subject deletes only memories on it (nothing when none is), "olvídate de todo" / "scordati tutto" forget everything,
"il fera beau" asks for the weather, and a pet named in a question narrows the answer. Both ways: what it must do
and the near-misses it must leave alone. The booking readers are in test_offline_agent_round4.py."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from course_lib.model.offline.answers import answer_question
from course_lib.model.offline.intents import intent
from tests.test_offline_agent_requests import evaluation


# -- forgetting one thing: only what the user named, in six languages; nothing when nothing stored is about it ------

def _forget(request_: str, facts=()):
    case = {"id": "t", "lang": "xx", "kind": "delete", "tools": "memory", "facts": list(facts), "request": request_,
            "expect": {}}
    with tempfile.TemporaryDirectory() as tmp:
        agent, stores = evaluation.agent_for(case, Path(tmp))
        result = agent.run(request_)
        left = " ".join(r.text for r in stores.memory.memories(evaluation.USER)).lower()
        return [s.action for s in result.trace.steps], left, result.answer or ""


@pytest.mark.parametrize("request_, gone", [
    ("Oublie où j'habite", "berlin"), ("Olvida dónde vivo", "berlin"),
    ("Dimentica dove vivo", "berlin"), ("Efface l'information sur mon allergie", "peanut"),
    ("Cancella la mia allergia", "peanut"), ("Apaga a minha alergia", "peanut"),
])
def test_forgetting_a_subject_deletes_the_memory_on_it_only(request_, gone):
    actions, left, _ = _forget(request_)
    assert "forget_memory" in actions and gone not in left
    assert "vegetarian" in left  # the seeded diet memory stays: it was the search's best hit before


@pytest.mark.parametrize("request_", [
    "forget my dog's name", "Vergiss, wo ich arbeite",
    "Oublie le nom de mon chat", "Olvida dónde trabajo",
    "Esquece o nome da minha irmã", "Dimentica il mio lavoro",
])
def test_forgetting_a_subject_nothing_stored_is_about_deletes_nothing(request_):
    actions, left, answer = _forget(request_)
    assert "forget_memory" not in actions and "forget_everything" not in actions
    assert all(w in left for w in ("vegetarian", "peanut", "berlin"))
    assert any(w in answer for w in ("deleted nothing", "nichts gelöscht", "rien effacé", "no he borrado nada",
                                      "não apaguei nada", "non ho cancellato niente"))  # in the request's language


@pytest.mark.parametrize("text, want", [
    ("Olvídate de todo lo que sabes de mí", "forget_all"), ("Scordati tutto di me", "forget_all"),
    ("Il fera beau à Lyon demain ?", "weather"), ("Est-ce qu'il va faire beau à Nice samedi ?", "weather"),
    ("Farà bel tempo a Roma sabato?", "weather"), ("¿Hará buen tiempo en Madrid?", "weather"),
])
def test_intents_forget_everything_reflexive_and_fine_weather(text, want):
    assert intent(text) == want


@pytest.mark.parametrize("text", ["Le Bœuf Doré est beau ?", "un beau restaurant à Paris ?", "¿Olvidaste mi nombre?"])
def test_beau_and_olvidar_near_misses(text):
    assert intent(text) not in ("weather", "forget_all")


PETS = "The user's cat is called Tareco. The user's dog is called Bobi. The user lives in Porto."


@pytest.mark.parametrize("question, has, lacks", [
    ("Como se chama o meu gato?", "Tareco", "Bobi"), ("Wie heißt mein Hund?", "Bobi", "Tareco"),
    ("Comment s'appelle mon chat ?", "Tareco", "Bobi"), ("What pets do I have?", "Bobi", "Porto"),
])
def test_a_pet_question_is_answered_with_that_pet(question, has, lacks):
    reply = answer_question(question, PETS, PETS.split(". "))
    assert has in reply and lacks not in reply


def test_a_pet_nothing_is_known_about_is_not_answered_with_another():
    fact = "The user's cat is called Tareco."
    assert "Tareco" not in answer_question("Wie heißt mein Hund?", fact, [fact])


@pytest.mark.parametrize("text", ["Brauch ich am Sonntag in Hamburg einen Schirm?", "Do I need an umbrella in Paris on Saturday?",
                                  "¿Necesito paraguas en Berlín el domingo?", "Preciso de guarda-chuva em Paris no sábado?",
                                  "Serve l'ombrello a Berlino venerdì?", "Faut-il un parapluie à Paris dimanche ?"])
def test_asking_about_an_umbrella_is_a_weather_question(text):
    from course_lib.model.offline.intents import intent
    assert intent(text) == "weather"


def test_an_umbrella_in_a_booking_is_still_a_booking():
    from course_lib.model.offline.intents import intent
    assert intent("Book a table at Linse & Lauch, and remind me of my umbrella") == "book"

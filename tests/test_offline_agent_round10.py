"""Round 10 of the offline agent: the one restaurant an assistant's question offered is the one a bare answer books,
and 'we two' / 'just for me' in six languages are party sizes. Each rule has cases where it must not fire."""
from __future__ import annotations

import pytest

from course_lib.model.amounts import party_sizes
from tests.test_offline_agent_round8 import _run


@pytest.mark.parametrize("text, sizes", [
    ("Às 12h30, só nós as duas.", {2}), ("wir zwei, um acht", {2}), ("nous deux, vers 20h", {2}),
    ("alle 20, noi due", {2}), ("nosotras dos a las nueve", {2}),
    ("Um 13 Uhr, nur für mich.", {1}), ("juste pour moi à midi", {1}), ("sólo para mí, a las dos", {1}),
    ("wir zwei und die Kinder", set()), ("nous deux et nos amis", set()),  # the list goes on: how many is not said
    ("wir sind zu viert, wir zwei und zwei Freunde", {4}),                 # a number said wins
])
def test_we_two_and_just_for_me(text, sizes):
    assert party_sizes(text) == sizes


def test_the_restaurant_the_question_offered_is_booked_on_a_bare_answer():
    context = [{"role": "user", "content": "Ich hätte am Freitag Lust auf Currywurst."},
               {"role": "assistant", "content": "Da würde ich Kiez Currywurst empfehlen. Um wie viel Uhr und für wie viele?"}]
    booked, _ = _run("Um 13 Uhr, nur für mich.", context=context)
    assert booked == [{"restaurant": "Kiez Currywurst", "time": "Friday 13:00", "people": 1}]


def test_a_person_in_the_answer_is_no_restaurant_when_the_question_offered_one():
    context = [{"role": "user", "content": "I fancy dumplings in Berlin on Friday."},
               {"role": "assistant", "content": "Spree Dumpling House would be a good fit. What time, and how many of you?"}]
    booked, _ = _run("8pm, just me and Noor.", context=context, facts=["The user's partner is called Noor."])
    assert booked == [{"restaurant": "Spree Dumpling House", "time": "Friday 20:00", "people": 2}]


@pytest.mark.parametrize("offer", [
    "Linse & Lauch or Grüner Salon would both fit. What time, and how many of you?",  # two offered: which is not said
    "What time, and how many of you?",                                               # none offered
])
def test_no_restaurant_taken_from_a_question_that_offers_none_or_two(offer):
    from course_lib.model.offline.answering import details_answered

    messages = [{"role": "user", "content": "I fancy vegetarian food in Berlin on Friday."},
                {"role": "assistant", "content": offer}, {"role": "user", "content": "8pm, two of us."}]
    assert details_answered(messages, 2) == "I fancy vegetarian food in Berlin on Friday."  # the request, no place added


@pytest.mark.parametrize("question, facts, said", [
    ("¿Cómo se llama mi pareja?", ["The user's partner is called Iker.", "The user's brother is called Unai."],
     "tu pareja se llama Iker"),                                                 # the user's own word, in Spanish
    ("Wie heißt mein Bruder?", ["The user's brother is called Jonas."], "dein Bruder heißt Jonas"),
    ("Comment s'appelle ma sœur ?", ["The user's sister is called Clara."], "ta sœur s'appelle Clara"),
    ("What is my sister called?", ["The user's sister is called Clara."], "your sister is called Clara"),
])
def test_a_relatives_name_is_answered_in_the_questions_language(question, facts, said):
    from course_lib.model.offline.answers import answer_question

    answer = answer_question(question, "\n".join(facts), facts)
    assert said in answer and ("Unai" not in answer)


@pytest.mark.parametrize("question, kind", [
    ("¿Qué medicamento tomo por las mañanas?", "recall"), ("Which medication do I take?", "recall"),
    ("Welche Tabletten nehme ich?", "recall"), ("¿Cómo se llama mi pareja?", "recall"),
    ("Tomo el tren a las 8, ¿vale?", "unknown"),              # a first-person verb, no question about the user
    ("Book a table for me and my girlfriend on Friday at 8pm at Linse & Lauch", "book"),
])
def test_questions_about_a_partner_or_medication(question, kind):
    from course_lib.model.offline.intents import intent

    assert intent(question) == kind


@pytest.mark.parametrize("question, facts, said, not_said", [
    ("Wogegen bin ich nochmal allergisch?", ["The user is allergic to celery."], "Sellerie", "celery"),
    ("Em que é que eu trabalho?", ["The user works as a dentist."], "dentista", "dentist."),
    ("What am I allergic to?", ["The user is allergic to peanuts."], "peanuts", "Erdnüsse"),  # English stays English
    ("À quoi suis-je allergique ?", ["The user is allergic to Thai basil."], "Thai basil", "\\"),  # unknown: as stored
])
def test_an_answers_value_is_in_the_questions_language_when_the_lexicon_knows_it(question, facts, said, not_said):
    from course_lib.model.offline.answers import answer_question

    answer = answer_question(question, "\n".join(facts), facts)
    assert said in answer and not_said not in answer


def test_every_concept_has_its_word_in_five_languages():
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "course_lib" / "data"
    concepts, names = (json.loads((root / f).read_text(encoding="utf-8")) for f in ("concepts.json", "concept_names.json"))
    for family, table in names.items():
        if family.startswith("_"):
            continue
        assert set(table) == set(concepts[family]), family  # every canonical value, and no other
        assert all(set(words) == {"de", "fr", "es", "pt", "it"} and all(words.values()) for words in table.values()), family


def test_the_reason_says_the_user_took_up_the_offer_not_that_they_named_it():
    context = [{"role": "user", "content": "I fancy dumplings in Berlin on Friday."},
               {"role": "assistant", "content": "Spree Dumpling House would be a good fit. What time, and how many of you?"}]
    _, offered = _run("8pm, two of us.", context=context)
    _, named = _run("Book Spree Dumpling House for 2 on Friday at 8pm.")
    assert "took up my suggestion" in offered and "by name" not in offered
    assert "by name" in named

"""The offline agent's general readers: questions about the user answered by meaning (recollect.py), restaurant
names in the variants people type (names.py), lower-case names, a party size said earlier, word times."""
from __future__ import annotations

from datetime import date

import pytest

from course_lib.agent.react_agent import ReActAgent
from course_lib.agent.tools import TOOLS
from course_lib.model.amounts import party_sizes
from course_lib.model.offline import about_user, answers, recollect
from course_lib.model.offline.booking import lowercase_name
from course_lib.model.offline.names import said_name
from course_lib.model.offline.slots import size_said_before
from course_lib.model.when import Reading, clock_time

MONDAY = date(2026, 3, 2)
FACTS = ["The user's sister is called Mia.", "The user's flight is BA 2490.", "The user is staying at Hotel Adlon in Berlin.",
         "The user's cat is called Mochi.", "The user has a meeting with Dr Okafor on Tuesday."]


@pytest.mark.parametrize("question,group", [
    ("What's my flight number again?", "flight"), ("Welche Flugnummer habe ich?", "flight"),
    ("C'est quoi mon vol ?", "flight"), ("¿Cuál es mi vuelo?", "flight"), ("Qual é o meu voo?", "flight"),
    ("Qual è il mio volo?", "flight"), ("Wie heißt meine Schwester?", "sister"), ("Comment s'appelle ma sœur ?", "sister"),
    ("¿Cómo se llama mi gata?", "cat"), ("In quale albergo dormo?", "hotel"), ("Wo übernachte ich?", "hotel"),
    ("Com quem é a minha reunião?", "meeting"), ("Con chi ho un appuntamento?", "meeting")])
def test_cues_cover_six_languages(question, group):
    assert group in recollect.cues(question)


def test_question_words_are_not_cues():
    """'como' is 'how' in Spanish and Portuguese, 'son' is 'are' in Spanish: neither may pull in a fact."""
    assert recollect.cues("¿Cómo se llama? ¿Cuáles son?") == set()


def test_the_cue_table_is_data(monkeypatch):
    """A group added to the table is used with no code change."""
    assert recollect.best_fact("Where is my kayak?", ["The user's canoe is in the garage."]) is None
    monkeypatch.setattr(recollect, "cue_groups", lambda: {"boat": ("kayak", "canoe", "kanu", "canoa")})
    assert recollect.best_fact("Where is my kayak?", ["The user's canoe is in the garage."]) is not None


@pytest.mark.parametrize("text,expected", [
    ("what's my flight number again?", True), ("Wie heißt meine Katze?", True), ("Avec qui j'ai rendez-vous mercredi ?", True),
    ("¿Cómo se llama mi hermana?", True), ("Qual é o meu voo?", True), ("Come si chiama mia sorella?", True),
    ("Can I book a table for my sister?", False), ("Where can I eat in Berlin?", False), ("I live in Berlin.", False),
    ("Book Chez Lentille for 2 on Friday at 8pm", False)])
def test_user_question(text, expected):
    assert recollect.user_question(text) is expected


@pytest.mark.parametrize("question,fact", [
    ("what's my flight number again?", "The user's flight is BA 2490."),
    ("which hotel am I staying at in Berlin?", "The user is staying at Hotel Adlon in Berlin."),
    ("who am I meeting on Tuesday?", "The user has a meeting with Dr Okafor on Tuesday."),
    ("what's my sister called?", "The user's sister is called Mia."), ("what's my cat's name?", "The user's cat is called Mochi."),
    ("Wie heißt meine Schwester?", "The user's sister is called Mia."), ("Qual è il mio volo?", "The user's flight is BA 2490."),
    ("¿En qué hotel me alojo?", "The user is staying at Hotel Adlon in Berlin."),
    ("Com quem é a minha reunião na terça?", "The user has a meeting with Dr Okafor on Tuesday.")])
def test_best_fact_by_meaning(question, fact):
    found = recollect.best_fact(question, FACTS)
    assert found is not None and found.text == fact


@pytest.mark.parametrize("question,pool", [
    ("Who is my doctor?", FACTS[:4]), ("Wie heißt mein Hund?", FACTS), ("What's my passport number?", FACTS),
    ("Wie heiße ich?", ["Ich wohne in Hamburg."]),  # cosine 0.72 between them: only "ich" in common
    ("Con chi ho un appuntamento venerdì?", FACTS[:4])])
def test_nothing_about_what_was_asked_is_no_answer(question, pool):
    assert recollect.best_fact(question, pool) is None


def test_a_later_statement_wins_a_tie():
    found = recollect.best_fact("What's my flight?", ["The user's flight is BA 1.", "The user's flight is BA 1."])
    assert found is not None and found.text == "The user's flight is BA 1."
    later = recollect.best_fact("What's my flight?", ["My flight is LH 2.", "My flight is LH 3."])
    assert later is not None and later.text == "My flight is LH 3."


def test_restate():
    assert recollect.restate("The user's flight is BA 2490.") == "Your flight is BA 2490."
    assert recollect.restate("The user has a meeting with Dr Okafor.") == "You have a meeting with Dr Okafor."
    assert recollect.restate("Mi hermana se llama Lucía.") == 'You told me: "Mi hermana se llama Lucía."'


def test_answers_say_plainly_what_is_not_known():
    reply = answers.answer_question("Who is my doctor?", "\n".join(FACTS), FACTS)
    assert reply.startswith("I don't know") and not any(name in reply for name in ("Mia", "BA 2490", "Mochi", "Adlon"))
    assert answers.answer_question("What's my flight number?", "", FACTS) == "Your flight is BA 2490."


def test_slot_answers_still_come_first():
    text = "Hi, call me Sam.\nI'm vegetarian.\nI live in Lisbon."
    assert answers.answer_question("What is my name?", text, text.splitlines()) == "You asked me to call you Sam."
    assert "Lisbon" in answers.answer_question("Where do I live?", text, text.splitlines())


def test_the_agent_answers_from_recalled_facts_and_the_conversation():
    agent = ReActAgent(tools=TOOLS, before_run=lambda a, m: FACTS)
    result = agent.run("Which hotel did I book in Berlin?")  # 'book' in it, but a question about the user
    assert "Hotel Adlon" in result.answer and not result.trace.steps[:-1]
    chat = ReActAgent(tools=TOOLS)
    chat.run("Mi hermana se llama Lucía y vive en Sevilla.")
    assert "Lucía" in chat.run("¿Cómo se llama mi hermana?").answer
    assert "No lo sé" in chat.run("¿Cómo se llama mi gato?").answer  # in the request's language (speak.py)


@pytest.mark.parametrize("text,name,expected", [
    ("Tisch im Grünen Salon am Freitag", "Grüner Salon", True), ("zum grünem salon", "Grüner Salon", True),
    ("réserve au jardin secret samedi", "Jardin Secret", True), ("au Boeuf Doré", "Le Bœuf Doré", True),
    ("LINSE & LAUCH", "Linse & Lauch", True), ("reserva linse y lauch", "Linse & Lauch", True),
    ("Glut und Rind", "Glut & Rind", True), ("linse lauch", "Linse & Lauch", False), ("am Kanal", "Fischerhütte am Kanal", False),
    ("Canal", "Bistrot du Canal", False), ("im Salon", "Grüner Salon", False), ("Grünkohl Salon", "Grüner Salon", False)])
def test_restaurant_name_variants(text, name, expected):
    assert said_name(text, name) is expected


@pytest.mark.parametrize("text,expected", [
    ("Resérvame en falafel freunde el domingo", True), ("prenota un tavolo da linse & lauch sabato", True),
    ("reserve le boeuf dore for six", True), ("réserve au jardin secret samedi", True),
    ("book the jardin secret on friday", True), ("book a table for 2 on friday", False), ("prenota un tavolo per sabato", False), ("book something nice", False),
    ("reservier uns einen Tisch für zwei", False), ("buch bitte im grünen salon am sonntag", True),
    ("Book a table in Berlin on Saturday 8pm for 2", False), ("book a table in paris for two", False)])
def test_lowercase_names(text, expected):
    assert lowercase_name(text, MONDAY) is expected


def test_party_size_said_earlier_by_the_user_only():
    said = [{"role": "user", "content": "Wir sind zu dritt."}, {"role": "assistant", "content": "Gut."},
            {"role": "user", "content": "Tisch im Grünen Salon am Samstag um 20 Uhr"}]
    assert size_said_before(said, 2) == 3
    agent_said = [{"role": "user", "content": "Hallo"}, {"role": "assistant", "content": "A table for 4?"},
                  {"role": "user", "content": "Tisch am Samstag"}]
    assert size_said_before(agent_said, 2) is None
    unclear = [{"role": "user", "content": "We are 2 or 3."}, {"role": "user", "content": "book it"}]
    assert size_said_before(unclear, 1) is None


@pytest.mark.parametrize("text,value", [("às oito e um quarto da noite", "20:15"), ("às sete da noite", "19:00"),
                                        ("a las nueve de la noche", "21:00"), ("alle sette e mezza di sera", "19:30"),
                                        ("à huit heures du soir", "20:00"), ("um acht Uhr abends", "20:00"),
                                        ("alle venti e trenta", "20:30"), ("à vingt heures trente", "20:30"),
                                        ("um zwanzig Uhr dreißig", "20:30"), ("a las ocho y quince de la noche", "20:15"),
                                        ("às oito menos quinze da noite", "19:45"), ("às dezanove e trinta", "19:30"),
                                        ("às vinte e uma horas", "21:00"), ("à vingt et une heures", "21:00"),
                                        ("um 20 Uhr 4 Personen", "20:00"), ("a las 21 para cuatro", "21:00")])
def test_word_times(text, value):
    assert clock_time(text) == Reading(value)


@pytest.mark.parametrize("text,size", [("Nous serons cinq.", 5), ("Saremo in cinque.", 5), ("Vamos ser três.", 3),
                                       ("We will be 3 people.", 3)])
def test_party_said_as_a_statement(text, size):
    assert party_sizes(text) == {size}


@pytest.mark.parametrize("text,value", [
    ("nicht mehr als 30 Euro", 30.0), ("unter 25 Euro pro Kopf", 25.0), ("jusqu'à 40 euros", 40.0),
    ("pas plus de 35 €", 35.0), ("hasta 30 euros", 30.0), ("no más de 20 euros", 20.0), ("não mais de 45 euros", 45.0),
    ("até 20 euros", 20.0), ("fino a 30 euro", 30.0), ("massimo 50 euro", 50.0), ("30 euros or less", 30.0),
    ("que no pase de 50 euros", 50.0), ("bis 20 Euro", 20.0), ("che non superi i 40 euro", 40.0)])
def test_price_caps_in_six_languages(text, value):
    assert about_user.budget(text)[0] == value


@pytest.mark.parametrize("text", ["fino a 4 persone", "hasta 8 personas", "massimo 12 ore", "bis zu 6 Personen",
                                  "Wir bleiben bis 20 Uhr"])
def test_a_count_after_a_cap_word_is_no_price(text):
    assert about_user.budget(text)[0] is None


def test_restate_turns_any_verb_to_the_second_person():
    assert recollect.restate("The user flies to Rome on Monday.") == "You fly to Rome on Monday."
    assert recollect.restate("The user takes insulin every morning.") == "You take insulin every morning."
    assert recollect.restate("The user was born in Porto.") == "You were born in Porto."


@pytest.mark.parametrize("question,fact", [
    ("What time is my reservation at Chez Lentille?", "The user has a reservation at Chez Lentille on Friday at 20:00."),
    ("Welche Medikamente nehme ich?", "The user takes insulin every morning."),
    ("¿Qué asiento prefiero?", "The user prefers aisle seats."),
    ("Dov'è la mia bici?", "The user's bike is at the station.")])
def test_more_subjects_from_the_cue_table(question, fact):
    pool = [fact, "The user's sister is called Mia.", "The user's flight is BA 2490."]
    found = recollect.best_fact(question, pool)
    assert found is not None and found.text == fact


def test_a_family_answer_about_another_animal_is_no_answer():
    """The open 'pet' family holds the cat; asked about the dog, the agent says it does not know."""
    reply = answers.answer_question("Where's my dog?", FACTS[3], [FACTS[3]])
    assert reply.startswith("I don't know") and "Mochi" not in reply
    assert "Mochi" in answers.answer_question("What's my cat called?", FACTS[3], [FACTS[3]])


@pytest.mark.parametrize("question", ["¿Con quién me reúno el martes?", "Quem vou encontrar na terça?",
                                      "Wen treffe ich am Dienstag?", "Chi incontro martedì?"])
def test_meeting_verbs_without_a_pronoun(question):
    reply = ReActAgent(tools=TOOLS, before_run=lambda a, m: FACTS).run(question).answer
    assert "Dr Okafor" in reply


def test_a_booking_with_an_earlier_party_size_says_so():
    from course_lib.short_term.buffer import ConversationBuffer

    buffer = ConversationBuffer()
    buffer.add({"role": "user", "content": "Wir sind zu dritt."})
    buffer.add({"role": "assistant", "content": "Gut."})
    result = ReActAgent(tools=TOOLS, memory=buffer).run("Tisch im Grünen Salon am Samstag um 20 Uhr")
    booked = [s.args for s in result.trace.steps if s.action == "book_table"]
    assert booked == [{"restaurant": "Grüner Salon", "time": "Saturday 20:00", "people": 3}]
    assert "you gave earlier" in result.answer


def test_a_booking_that_ends_in_a_question_mark_is_still_a_booking():
    facts = ["The user's sister is called Mia.", "The user has a reservation at Chez Lentille on Friday at 20:00."]
    agent = ReActAgent(tools=TOOLS, before_run=lambda a, m: facts)
    booked = agent.run("Book a table in Berlin for my sister's birthday on Friday at 8pm for 4?")
    assert "book_table" in [s.action for s in booked.trace.steps]
    asked = ReActAgent(tools=TOOLS, before_run=lambda a, m: facts).run("What time did I book Chez Lentille for?")
    assert "20:00" in asked.answer and "book_table" not in [s.action for s in asked.trace.steps]

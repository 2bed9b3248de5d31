"""The people family as learners type it: introductions with appositions, where one is from, jobs said in passing,
relatives and pets named with an article or a comma, and what must not be read as the user's."""
from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize("said, expected", [
    ("Hi all, I'm Tamsin, paramedic out in Leeds.", ["The user's name is Tamsin.", "The user lives in Leeds."]),
    ("hello, I am Arjun, working as data analyst in Chennai", ["The user's name is Arjun.", "The user works as a data analyst.",
                                                              "The user lives in Chennai."]),
    ("Good morning, myself Kavya from Mysore.", ["The user's name is Kavya.", "The user lives in Mysore."]),
    ("Evening all, Mick here from Cork.", ["The user's name is Mick.", "The user lives in Cork."]),
    ("buenas, soy Rocío, de Cádiz, y me encanta el flamenco", ["The user's name is Rocío.", "The user lives in Cádiz."]),
    ("Servus, ich bin die Vroni, 42, Hebamme in Passau.", ["The user's name is Vroni.", "The user is 42 years old."]),
    ("ciao, sono Tommaso, 23 anni", ["The user's name is Tommaso.", "The user is 23 years old."]),
    ("28 ans, Nantes, boulangère", ["The user is 28 years old.", "The user lives in Nantes."]),
])
def test_an_introduction_with_appositions(said, expected):
    got = facts(said)
    assert all(e in got for e in expected), got


@pytest.mark.parametrize("said, city", [
    ("sono di Trieste e faccio la commessa", "Trieste"), ("Je suis de Brest, j'adore la mer.", "Brest"),
    ("somos de Valladolid los dos", "Valladolid"), ("Ich komme aus Kiel.", "Kiel"),
])
def test_where_the_user_is_from_is_home_when_nothing_says_otherwise(said, city):
    assert f"The user lives in {city}." in facts(said)


@pytest.mark.parametrize("said", [
    "Soy Inés, de Burgos, y estoy de intercambio en Lyon este año", "I'm Tom, originally from Hull but I live in Oslo now",
    "sono di Lecce ma studio a Torino", "Ich bin aus Ulm, wohne aber in Wien",
])
def test_an_origin_with_another_place_is_not_the_home(said):
    got = facts(said)
    assert not any(c in " ".join(got) for c in ("lives in Burgos", "lives in Hull", "lives in Lecce", "lives in Ulm")), got


@pytest.mark.parametrize("said, fact", [
    ("me fui a vivir a Granada el año pasado", "The user lives in Granada."),
    ("mi sono trasferita ad Ancona per lavoro", "The user lives in Ancona."),
    ("tô morando em Niterói agora", "The user lives in Niterói."),
    ("Wir sind umgezogen, wohnen jetzt in Kassel.", "The user lives in Kassel."),
    ("on habite à Dijon depuis peu", "The user lives in Dijon."),
    ("Mudámo-nos para o Funchal em março.", "The user lives in Funchal."),
    ("ciao, sto a Torino da due anni", "The user lives in Torino."),
])
def test_living_somewhere_said_in_chat(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, fact", [
    ("trabalho como cozinheira num restaurante do centro", "The user works as a cook."),
    ("je bosse comme graphiste dans une agence", "The user works as a graphic designer."),
    ("curro de repartidor los fines de semana", "The user works as a delivery driver."),
    ("arbeite als Uhrmacher in einer kleinen Werkstatt", "The user works as a watchmaker."),
    ("faccio il tassista a Milano", "The user works as a taxi driver."),
])
def test_a_job_said_in_passing_is_cut_before_the_workplace(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["faccio il giro del lago domenica", "faccio la torta per la festa",
                                  "mia madre dice che sono testardo", "As a mother, I worry a lot."])
def test_what_is_no_job(said):
    assert not [f for f in facts(said) if "works as" in f]


@pytest.mark.parametrize("said, fact", [
    ("Brother's name is Karan, he lives abroad.", "The user's brother is called Karan."),
    ("Grandma lives with us now, her name is Joan.", "The user's grandmother is called Joan."),
    ("Mi abuela vive con nosotros, se llama Carmen.", "The user's grandmother is called Carmen."),
    ("Ma conjointe s'appelle Aurélie.", "The user's partner is called Aurélie."),
    ("Mi prometida se llama Irene.", "The user's partner is called Irene."),
    ("la mia ragazza, si chiama Chiara, è di Pisa", "The user's partner is called Chiara."),
    ("My granddaughter Poppy loves the park.", "The user's granddaughter is called Poppy."),
    ("tenho um cachorro também, o Thor", "The user's dog is called Thor."),
    ("Tengo dos gatas, la Nube y la Pelusa", "The user's cat is called Nube."),
    ("ho un labrador, si chiama Otto", "The user's dog is called Otto."),
    ("O meu pai faz anos a 3 de março", "The user's father's birthday is on 3 March."),
])
def test_relatives_pets_and_their_birthdays(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["el cumple de mi suegra es el 2 de mayo, quiero regalarle algo",
                                  "il matrimonio di mio cugino a Parma è il 12", "abbiamo un figlio, 4 anni",
                                  "Seven years and then I stopped.", "We live im 3. Stock, ich bin 40"])
def test_what_is_not_the_users_own(said):
    got = facts(said)
    assert not [f for f in got if f.startswith("The user's birthday") or "cousin is called Parma" in f
                or f in ("The user is 4 years old.", "The user is 7 years old.", "The user is 3 years old.")], got


@pytest.mark.parametrize("said, expected", [
    ("parlo un po' di francese e anche un pochino di russo", ["The user speaks French.", "The user speaks Russian."]),
    ("falo espanhol e to aprendendo japones", ["The user speaks Spanish.", "The user is learning Japanese."]),
    ("En casa hablamos catalán", ["The user speaks Catalan."]),
    ("on parle arabe avec mes grands-parents", ["The user speaks Arabic."]),
    ("I'm trying to brush up on my Italian before the trip", ["The user is learning Italian."]),
    ("Zuhause reden wir Italienisch", ["The user speaks Italian."]),
])
def test_languages_typed_as_people_type_them(said, expected):
    got = facts(said)
    assert all(e in got for e in expected), got


@pytest.mark.parametrize("said", ["Mon frère parle portugais couramment.", "mi hermana habla ruso", "no hablo alemán, solo inglés"])
def test_someone_elses_or_a_negated_language_is_not_the_users(said):
    got = facts(said)
    assert not any(x in " ".join(got) for x in ("speaks Portuguese", "speaks Russian", "speaks German")), got


@pytest.mark.parametrize("said, hobby", [
    ("il giovedì faccio pilates con un'amica", "pilates"), ("los sábados juego al pádel con mi cuñado", "padel"),
    ("suono la chitarra da quando avevo 12 anni", "guitar"), ("ich mache seit einem Jahr Judo", "judo"),
    ("I'm really into bouldering these days", "bouldering"), ("je fais de la poterie le mardi soir", "pottery"),
])
def test_a_hobby_the_lexicon_knows_after_a_verb_of_doing(said, hobby):
    assert any(hobby in f for f in facts(said)), facts(said)


def test_a_typo_away_is_no_hobby():
    assert not [f for f in facts("faccio il backend developer da remoto") if "baking" in f]


@pytest.mark.parametrize("said, fact", [
    ("studio giurisprudenza a Pisa", "The user is a law student."), ("estudio medicina en Granada", "The user is a medical student."),
    ("ich studiere Informatik in Aachen", "The user is a computer science student."),
    ("je suis en deuxième année de droit", "The user is a law student."), ("I'm a third-year maths student", "The user is a mathematics student."),
    ("faço engenharia civil na USP", "The user is a civil engineering student."),
])
def test_what_the_user_studies_is_their_job(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["faccio la spesa il sabato", "estudio la posibilidad de mudarme", "I study the menu first"])
def test_studying_something_that_is_no_field_is_no_job(said):
    assert not [f for f in facts(said) if "student" in f]


@pytest.mark.parametrize("said, nick", [
    ("me chamo Maria Eduarda mas todo mundo me chama de Duda", "Duda"), ("pode me chamar de Gabi", "Gabi"),
    ("puedes llamarme Pepa", "Pepa"), ("tu peux m'appeler Max", "Max"), ("puoi chiamarmi Fede", "Fede"),
    ("Du kannst mich Steffi nennen.", "Steffi"), ("you can just call me Liz", "Liz"),
])
def test_a_nickname_offered_in_six_languages(said, nick):
    assert f"The user goes by {nick}." in facts(said)

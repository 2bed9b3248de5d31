"""Towns the offline model knows by name (lang/towns.py, course_lib/data/towns.txt.gz) and the home city said in passing
(lang/home_towns.py). Sentences written for these tests, not taken from any labelled set; each rule with cases where it
must not fire."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.read import read_message
from course_lib.model.offline.lang.towns import capitalise_towns, known, ranked


def kept(*said: str) -> list[tuple[str, str]]:
    """The (slot, value) pairs the last message gives, read after the ones before it."""
    context: list = []
    out: list[tuple[str, str]] = []
    for text in said:
        readings = read_message(text, context)
        out = [(s, v) for r in readings for s, v, _ in r.kept]
        context += [f for r in readings for f in r.kept]
    return out


def test_the_list_is_real_towns_largest_first_and_no_common_words():
    towns = ranked()
    assert len(towns) > 20_000
    assert known("São Paulo")[1] < known("Campinas")[1] < known("Valinhos")[1]  # ranked by size
    assert known("sao paulo")[0] == "São Paulo" and known("GOIANIA")[0] == "Goiânia"  # any case, any accents
    assert known("Wien") and known("Lisboa") and known("Torino")  # the six languages' names of big towns
    for word in ("casa", "metro", "tomar", "loja", "centro", "coin", "sucre", "porto", "bath", "cork", "ner"):
        assert known(word) is None, f"{word!r} is a word before it is a town"


@pytest.mark.parametrize("typed, expected", [
    ("jsuis a marseille depuis 2 ans", "jsuis a Marseille depuis 2 ans"),
    ("moro em sao paulo e sou dentista", "moro em Sao Paulo e sou dentista"),
    ("bin der kai aus bochum", "bin der kai aus Bochum"),
    ("studio a bologna", "studio a Bologna"),
])
def test_a_town_typed_in_lower_case_after_a_preposition_gets_its_capitals(typed, expected):
    assert capitalise_towns(typed) == expected


@pytest.mark.parametrize("typed", [
    "i work in sales", "vou a casa da minha mãe", "estou a tomar café", "moro perto do metro",
    "mein eisenwert war im keller", "wohn in ner wg", "meet me in Leeds",  # already capitalised: left as typed
    "manchester is lovely",  # no preposition before it
])
def test_no_capital_for_a_word_or_without_a_preposition(typed):
    assert capitalise_towns(typed) == typed


@pytest.mark.parametrize("said, city", [
    ("hey, ich bin tarek, 34, krankenpfleger aus wuppertal", "Wuppertal"),
    ("Buongiorno, sono Carla, pediatra all'ospedale di Treviso.", "Treviso"),
    ("Hola, soy Inés, fisioterapeuta en una clínica de Pamplona.", "Pamplona"),
    ("salut moi c'est yanis, 24 ans, boulanger à rouen", "Rouen"),
    ("Olá, chamo-me Rui, tenho 40 anos e sou professor em Setúbal.", "Setúbal"),
    ("I'm Maggie, 52, and I teach piano in Aberdeen.", "Aberdeen"),
    ("Sou enfermeira num hospital de Campinas, em São Paulo.", "São Paulo"),  # of two towns, the larger
])
def test_a_town_said_with_the_users_name_age_or_job_is_their_home(said, city):
    assert ("home city", city) in kept(said)


@pytest.mark.parametrize("said", [
    "I'm Tom, 30, and I had lunch in Aberdeen.",              # no job or being there in the town's clause
    "Soy Inés, fisioterapeuta, y el mes que viene voy a Pamplona.",  # a trip
    "Ich bin Tarek, Krankenpfleger, ursprünglich aus Wuppertal.",     # only the origin
    "Sono Carla, lavoro full remote per un'azienda di Treviso.",     # a workplace far away
    "Je suis Yanis, boulanger, je quitte Rouen en juin.",             # leaving
    "I'm a nurse in London for the summer.",                         # a stay
    "Mon mari est boulanger à Rouen.",                                # someone else's
    "I'm in Aberdeen now.",                                           # nothing about the user but being there
])
def test_no_home_from_a_town_said_of_a_trip_an_origin_a_stay_or_someone_else(said):
    assert not [v for s, v in kept(said) if s == "home city"]


def test_a_known_home_is_not_replaced_by_a_town_in_passing():
    assert not [v for s, v in kept("Vivo a Padova.", "Sono Carla, pediatra all'ospedale di Treviso.") if s == "home city"]


def test_a_correction_of_a_home_needs_a_real_town():
    assert ("home city", "Quatsch") not in kept("Ich wohne in Kiel.", "Sorry, das war Quatsch.")
    assert ("home city", "Lübeck") in kept("Ich wohne in Kiel.", "Sorry, Lübeck.")


# Jobs said in passing (slots_intro.job_pieces) and the job readers' fixes of this round (slots_jobs, slots_pastimes).
def jobs(said: str) -> list[str]:
    return [v for s, v in kept(said) if s == "job"]


@pytest.mark.parametrize("said, job", [
    ("hola, soy marta, 29, enfermera en un centro de salud", "nurse"),
    ("moin, ich bin kai, 35, lehrer in bremen", "teacher"),
    ("ciao, sono ugo, 61 anni, falegname", "carpenter"),
    ("faccio la veterinaria da dieci anni", "veterinarian"),           # 'faccio la …' is a job, 'faccio veterinaria' a study
    ("I teach high school physics.", "physics teacher"),               # the subject among the words after 'I teach'
    ("i teach year 3 at a small school", "primary school teacher"),
    ("ich schaffe als Schreiner bi de Firma Huber", "carpenter"),      # Swiss 'bi' ends the job
])
def test_a_job_said_in_passing_or_by_what_is_taught(said, job):
    assert jobs(said) == [job]


@pytest.mark.parametrize("said", [
    "I'm tired, nurse shifts are hard",                  # the job word starts a piece that says something else
    "sono Salvatore, piacere",                           # a name that ends like a job noun
    "quest'estate so' libera",                           # an adjective that ends like one
    "sono un ex falegname, ora in pensione",             # a job that was
])
def test_no_job_from_a_piece_that_is_not_the_users_job(said):
    assert "carpenter" not in jobs(said) and "nurse" not in jobs(said) and not [j for j in jobs(said) if j in ("salvatore", "libera")]


def test_a_job_piece_after_a_relative_is_theirs():
    from course_lib.model.offline.lang.slots_intro import job_pieces

    assert job_pieces("hola, soy Pia, 40 años, carpintera") and not job_pieces("hola, soy Pia, 40 años, mi marido, carpintero")

"""The offline language layer on food and health: foods avoided, disliked or not tolerated, not drinking, diets said
as people say them, conditions the lexicon knows after 'I have', and allergen lists cut where they end. Every
sentence here is written for the test (none is from the training conversations)."""
from __future__ import annotations

import pytest

from course_lib.long_term.write_path import extract_facts
from course_lib.model.offline.lang.concepts import canon, one_edit


def facts(*turns: str) -> list[str]:
    return [f.text for f in extract_facts([{"role": "user", "content": t} for t in turns])]


@pytest.mark.parametrize("said, fact", [
    ("I avoid shellfish when we eat out.", "The user does not eat shellfish."),
    ("Honestly I can't stand olives.", "The user dislikes olives."),
    ("Ich vermeide Schweinefleisch.", "The user does not eat pork."),
    ("je mange pas de champignons", "The user does not eat mushrooms."),
    ("Je déteste le fenouil.", "The user dislikes fennel."),
    ("evito el cerdo desde hace años", "The user does not eat pork."),
    ("odeio pepino", "The user dislikes cucumber."),
    ("non sopporto i funghi", "The user dislikes mushrooms."),
    ("Please no recipes with tuna, I don't eat it.", "The user does not eat tuna."),
])
def test_a_food_avoided_or_disliked_in_six_languages(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, fact", [
    ("i funghi non li mangio proprio", "The user does not eat mushrooms."),
    ("el pepino no lo soporto", "The user dislikes cucumber."),
    ("Oliven mag ich nicht.", "The user dislikes olives."),
    ("Paracetamol vertrage ich nicht gut.", "The user is intolerant to paracetamol."),
])
def test_the_food_said_first_with_a_clitic_or_german_verb_second(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, food", [("milk makes me so bloated", "milk"), ("i ceci mi gonfiano sempre", "chickpeas"),
                                        ("las lentejas me hinchan", "lentils"), ("Zwiebeln blähen mich auf", "onions")])
def test_bloating_is_an_intolerance(said, food):
    assert f"The user cannot eat {food}." in facts(said)


@pytest.mark.parametrize("said", ["I'm off the booze until summer.", "I'm teetotal, so no wine pairing.", "sono astemio",
                                  "soy abstemia", "Ich trinke keinen Alkohol.", "je bois pas d'alcool"])
def test_not_drinking_alcohol(said):
    assert "The user does not drink alcohol." in facts(said)


@pytest.mark.parametrize("said", ["I don't drink coffee after lunch.", "Evito el centro los sábados.", "I avoid the motorway."])
def test_a_verb_without_a_food_is_no_food_preference(said):
    assert not [f for f in facts(said) if "does not" in f or "dislikes" in f]


@pytest.mark.parametrize("said, fact", [
    ("We're pure veg at home.", "The user is vegetarian."),
    ("estou fazendo keto há um mês", "The user follows a keto diet."),
    ("I'm doing low carb these days", "The user follows a low carb diet."),
    ("Je ne mange pas de viande, mais je mange du poisson.", "The user is pescatarian."),
    ("No como carne, el pescado sí.", "The user is pescatarian."),
])
def test_diets_as_people_say_them(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["Any good vegan cheese brands?", "Send me some vegetarian recipes.", "Conosci ristoranti vegani a Torino?",
                                  "I need vegan options for the office party."])
def test_a_diet_word_on_a_dish_is_no_diet(said):
    assert not [f for f in facts(said) if f.startswith("The user is ve")]


@pytest.mark.parametrize("said, fact", [
    ("Ich habe Flugangst.", "The user has a fear of flying."),
    ("tengo miedo a volar", "The user has a fear of flying."),
    ("ho paura delle altezze", "The user has a fear of heights."),
    ("tenho rinite alérgica desde criança", "The user has allergic rhinitis."),
    ("j'ai une tendinite", "The user has tendinitis."),
    ("I've got a gammy knee.", "The user has a bad knee."),
    ("Ich nehme Amlodipin wegen meines Bluthochdrucks.", "The user has high blood pressure."),
    ("Soffro di gastrite cronica.", "The user has chronic gastritis."),
])
def test_conditions_the_lexicon_knows_after_have(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, kept, not_kept", [
    ("I'm allergic to latex 😩", "The user is allergic to latex.", "😩"),
    ("je suis allergique au céleri, pour info", "The user is allergic to celery.", "info"),
    ("soy alérgica a las fresas, increíble", "The user is allergic to strawberries.", "increíble"),
    ("j'suis allergique aux noix en plus", "The user is allergic to nuts.", "no longer"),
    ("Mi alergia es al kiwi, no a la piña.", "The user is allergic to kiwi.", "pineapple"),
])
def test_an_allergen_list_ends_where_it_ends(said, kept, not_kept):
    out = facts(said)
    assert kept in out and not any(not_kept in f for f in out)


@pytest.mark.parametrize("said, fact", [
    ("non sono più allergica ai gatti", "The user is no longer allergic to cats."),
    ("Ich bin gar nicht laktoseintolerant.", "The user is no longer lactose intolerant."),
    ("Ich habe eine Histaminintoleranz.", "The user is histamine intolerant."),
    ("no tolero muy bien la lactosa", "The user is lactose intolerant."),
])
def test_intolerances_and_negations(said, fact):
    assert fact in facts(said)


def test_a_swap_of_two_letters_is_one_typo():
    assert one_edit("protien", "protein") and one_edit("alergy", "allergy") and not one_edit("abcd", "badc")
    assert canon("food", "sesmae") == "sesame" and canon("medication", "la cardioaspirina") == "low-dose aspirin"
    assert canon("food", "latticini") == "dairy" and canon("food", "latte") == "milk"


@pytest.mark.parametrize("said, fact", [
    ("My GP put me on atorvastatin.", "The user takes atorvastatin."),
    ("La doctora me recetó omeprazol.", "The user takes omeprazole."),
    ("uso un inalatore di budesonide la sera", "The user takes budesonide."),
    ("Ich habe Heuschnupfen, leider.", "The user is allergic to pollen."),
    ("j'ai le rhume des foins chaque printemps", "The user is allergic to pollen."),
    ("ando con muletas desde la operación", "The user uses crutches."),
    ("je me déplace avec un déambulateur", "The user uses a walker."),
])
def test_medication_prescribed_or_used_hay_fever_and_mobility_aids(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["Is that jacket in stock?", "I bake with cane sugar.", "I use Duolingo every morning.",
                                  "uso la bici para ir al trabajo"])
def test_no_mobility_aid_or_medication_from_look_alike_words(said):
    assert not [f for f in facts(said) if "uses" in f or "takes" in f]


@pytest.mark.parametrize("said, fact", [("ah, quasi dimenticavo: sono diabetico", "The user has diabetes."),
                                        ("j'allais oublié de dire, je suis asthmatique", "The user has asthma.")])
def test_i_forgot_to_say_is_no_request_to_forget(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, fact", [("Soy alérgico al apio, curioso no?", "The user is allergic to celery."),
                                        ("je suis allergique au sésame, bizarre non?", "The user is allergic to sesame."),
                                        ("sono allergica alle arachidi, strano no?", "The user is allergic to peanuts.")])
def test_a_tag_after_a_statement_about_the_user_is_no_question(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["Are you vegan, no?", "¿Eres vegano, no?", "Tu es allergique au sésame, non?"])
def test_a_tag_after_a_question_or_about_someone_else_stores_nothing(said):
    assert facts(said) == []

"""The offline language layer on food and health: foods avoided, disliked or not tolerated, not drinking, diets said
as people say them, conditions the lexicon knows after 'I have', and allergen lists cut where they end. Every
sentence here is written for the test (none is from the training conversations)."""
from __future__ import annotations

import pytest

from course_lib.long_term.write_path import extract_facts
from course_lib.model.offline.lang.concepts import canon, one_edit

from offline_facts import facts


@pytest.mark.parametrize("said, fact", [
    ("I avoid shellfish when we eat out.", "The user avoids shellfish."),
    ("Honestly I can't stand olives.", "The user dislikes olives."),
    ("Ich vermeide Schweinefleisch.", "The user avoids pork."),
    ("je mange pas de champignons", "The user does not eat mushrooms."),
    ("Je déteste le fenouil.", "The user dislikes fennel."),
    ("evito el cerdo desde hace años", "The user avoids pork."),
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
    assert not [f for f in facts(said) if "does not" in f or "dislikes" in f or "avoids" in f]


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
    ("uso un inalatore di budesonide la sera", "The user takes budesonide every evening."),
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


def prefs(*turns: str) -> set[tuple[str, str]]:
    """(slot, value) of every preference stored from the turns."""
    return {(f.subject, f.value) for f in extract_facts([{"role": "user", "content": t} for t in turns])
            if (f.subject or "").startswith("preference")}


@pytest.mark.parametrize("said, value", [  # a first-person verb of liking or disliking and any object, cleaned
    ("Honestly I really enjoy board games with friends.", "likes board games"),
    ("I'm a huge fan of Scandinavian crime dramas!", "likes scandinavian crime dramas"),
    ("ich liebe Hörbücher, vor allem Krimis", "likes hörbücher"),
    ("j'adore les vieux films noirs en noir et blanc", "likes vieux films noirs"),
    ("me encantan los mercados de pulgas cuando viajo", "likes mercados de pulgas"),
    ("adoro acampar no inverno", "likes camping"),
    ("mi piace un sacco la musica barocca", "likes musica barocca"),
    ("gosto muito de teatro de rua", "likes teatro de rua"),
    ("I can't stand reality shows, honestly", "dislikes reality shows"),
    ("no me gusta nada el reguetón", "dislikes reguetón"),
    ("je déteste les réveils à l'aube", "dislikes réveils"),
    ("nn mi piace per niente il traffico di Roma", "dislikes traffico di roma"),
    ("não suporto filas de banco", "dislikes filas de banco"),
    ("Ich hasse Staus sooo sehr 😤", "dislikes staus"),
])
def test_likes_and_dislikes_take_any_object(said, value):
    assert value in {v for _, v in prefs(said)}


@pytest.mark.parametrize("said, value", [  # foods and cuisines in English; intensifiers before the object dropped
    ("No me gusta nada el café.", "dislikes coffee"),
    ("j'aime beaucoup la cuisine vietnamienne", "likes Vietnamese food"),
    ("Ich mag italienisches Essen sehr", "likes Italian food"),
    ("adoro la comida peruana", "likes Peruvian food"),
    ("Odeio mel, é doce demais", "dislikes honey"),
])
def test_foods_and_cuisines_are_named_in_english(said, value):
    assert value in {v for _, v in prefs(said)}


@pytest.mark.parametrize("said, value", [  # the object before the verb, and 'X is (not) my thing'
    ("el brócoli no lo aguanto", "dislikes broccoli"),
    ("la trap non la reggo proprio", "dislikes trap"),
    ("Jazz mag ich sehr gern", "likes jazz"),
    ("Musicals mag ich überhaupt nicht", "dislikes musicals"),
    ("camping is totally my thing", "likes camping"),
    ("les boîtes de nuit c'est pas mon truc", "dislikes boîtes de nuit"),
    ("el golf no es lo mío", "dislikes golf"),
])
def test_the_object_said_first_and_my_thing(said, value):
    assert value in {v for _, v in prefs(said)}


@pytest.mark.parametrize("said, slot, value", [
    ("My all-time favourite film is Amélie.", "preference:film", "Amélie"),
    ("fave drink: iced matcha lol", "preference:drink", "iced matcha"),
    ("Meine Lieblingsfarbe ist Dunkelgrün.", "preference:colour", "Dunkelgrün"),
    ("mon livre préféré c'est Le Petit Prince", "preference:book", "Petit Prince"),
    ("mi bebida favorita es la horchata, sin duda", "preference:drink", "horchata"),
    ("a minha cantora favorita é a Marisa Monte", "preference:singer", "Marisa Monte"),
    ("il mio colore preferito è il verde", "preference:colour", "verde"),
    ("el ramen es mi plato favorito", "preference:dish", "ramen"),
    ("purple is my favourite colour", "preference:colour", "purple"),
])
def test_favourites_name_their_category_in_english(said, slot, value):
    assert (slot, value) in prefs(said)


@pytest.mark.parametrize("said, value", [("I prefer trains to planes.", "trains over planes"), ("prefiero la cerveza al vino", "cerveza over vino"),
                                         ("je préfère la montagne plutôt que la mer", "montagne over mer")])
def test_a_preference_between_two_keeps_both_sides(said, value):  # health round 3: the value keeps what it is preferred to
    assert value in {v for _, v in prefs(said)}


@pytest.mark.parametrize("said", [
    "Do you like horror films?", "¿Te gusta el jazz?", "My husband loves horror films.", "A mi hermana le encanta el sushi.",
    "If I liked olives I'd order the tapenade.", "I'd love a quiet table, if possible.", "me encantaría un hotel con piscina",
    "I used to love horror films.", "I love that you remembered.", "I love the idea of a lazy Sunday.",
    "What's your favourite film?", "Marta's favourite colour is red.", "I'd rather spend less this time.",
    "Tengo dos gatos, Luna y Sol, son mi vida",
])
def test_no_taste_from_questions_others_wishes_or_clauses(said):
    assert prefs(said) == set()


@pytest.mark.parametrize("said, fact", [  # a dose said with the medication goes in the text, with how often
    ("I've been started on sertraline, 50mg once a day", "The user takes sertraline, 50 mg every day."),
    ("Ich nehme Metoprolol 47,5 mg morgens", "The user takes metoprolol, 47,5 mg every morning."),
    ("je prends du paracétamol 1000 toutes les 6 heures si besoin", "The user takes paracetamol, 1000 mg every 6 hours as needed."),
    ("tomo omeprazol 20 mg por la mañana", "The user takes omeprazole, 20 mg every morning."),
    ("prendo il ramipril 5 mg due volte al giorno", "The user takes ramipril, 5 mg twice a day."),
    ("I take atorvastatin since 2021.", "The user takes atorvastatin."),
])
def test_a_dose_goes_in_the_medication_fact(said, fact):
    assert fact in facts(said)


# Round 3 (plain register): each class in several languages, sentences written for the test.
@pytest.mark.parametrize("said, fact", [
    ("Spinat kann ich echt nicht ausstehen.", "The user dislikes spinach."),  # the object first, a verb of disliking after
    ("Koriander hasse ich.", "The user dislikes cilantro."),
    ("Le olive invece continuano a non piacermi.", "The user dislikes olives."),
    ("El pepino no me gusta nada.", "The user dislikes cucumber."),
    ("O coentro não me agrada.", "The user dislikes cilantro."),
    ("I can't handle dairy anymore, it kills my stomach.", "The user avoids dairy."),  # a food kept away from
    ("Je digère pas les oignons.", "The user avoids onions."),
    ("Entonces nada de queso ni de jamón este mes.", "The user avoids cheese."),  # a verbless 'none of it'
    ("quindi niente tonno né salmone per ora", "The user avoids salmon."),
    ("Ich trinke Kaffee und esse kein Rindfleisch.", "The user does not eat beef."),  # the subject said once, for two verbs
])
def test_dislikes_and_foods_avoided_in_more_frames(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["La verdad, no me gusta.", "Das Wetter kann ich nicht ausstehen.",
                                  "No hay nada de pescado en la nevera.", "sono vegano, niente latte niente uova"])
def test_a_frame_without_a_food_or_with_a_diet_gives_no_food_preference(said):
    assert not [f for f in facts(said) if "dislikes" in f or "avoids" in f]


@pytest.mark.parametrize("said, food", [
    ("Gegen Hausstaub bin ich seit der Therapie nicht mehr allergisch.", "dust mites"),  # German allergen first
    ("My allergy to cats went away after the shots.", "cats"),  # the allergy is gone
    ("La alergia al polen se me quitó con la vacuna.", "pollen"),
    ("A minha alergia a amendoim desapareceu.", "peanuts"),
    ("Les chats, c'est fini, plus d'allergie depuis la désensibilisation.", "cats"),
    ("Col vaccino non ho più sintomi con il polline.", "pollen"),  # no more symptoms
])
def test_an_allergy_taken_back_in_more_frames(said, food):
    assert f"The user is no longer allergic to {food}." in facts(said)


def test_an_allergy_said_first_in_german_is_read():
    assert "The user is allergic to peanuts." in facts("Auf Erdnüsse bin ich leider stark allergisch.")


@pytest.mark.parametrize("said, fact", [
    ("I'm 30 weeks pregnant.", "The user is 30 weeks pregnant."),  # how far a pregnancy is
    ("Je suis enceinte de quatre mois.", "The user is 4 months pregnant."),
    ("Estou grávida de 20 semanas.", "The user is 20 weeks pregnant."),
    ("Ich bin im 6. Monat schwanger.", "The user is 6 months pregnant."),
    ("I'm pregnant with twins!", "The user is pregnant."),
    ("Mi hanno diagnosticato il diabete gestazionale.", "The user has gestational diabetes."),
    ("the doctor diagnosed me with gestational diabetes", "The user has gestational diabetes."),
    ("They put me on insulin last week.", "The user takes insulin."),  # done to the user: the user's fact
    ("Tengo jaquecas muy a menudo.", "The user has migraines."),  # migraine, with a frequency word
])
def test_conditions_with_their_detail(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, fact", [
    ("Ich habe immer mein Asthmaspray dabei.", "The user takes an inhaler."),
    ("I always carry a salbutamol inhaler.", "The user takes salbutamol."),  # the device named with its drug
    ("Llevo siempre el Ventolin en el bolso.", "The user takes Ventolin."),
    ("Ogni mattina prendo il Lipitor.", "The user takes atorvastatin every morning."),  # a brand name -> the generic
    ("Je prends du Coumadin le soir.", "The user takes warfarin every evening."),
    ("Quando mi viene il mal di testa prendo la tachipirina.", "The user takes Tachipirina."),  # a clause of time first
    ("und nehme abends ein Kortisonspray", "The user takes cortisone inhaler every evening."),
])
def test_medication_named_by_device_or_brand(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, aid", [
    ("Uso muletas desde la caída.", "crutches"), ("Ando de canadianas há duas semanas.", "crutches"),
    ("Ich laufe gerade mit Gehstützen.", "crutches"), ("Je marche avec une canne depuis l'an dernier.", "walking stick"),
    ("Mia nonna no, io cammino col bastone.", "walking stick"), ("I walk with a cane now.", "walking stick"),
    ("Ich gehe am Stock.", "walking stick"),
])
def test_mobility_aids_in_six_languages(said, aid):
    assert f"The user uses {'' if aid == 'crutches' else 'a '}{aid}." in facts(said)


@pytest.mark.parametrize("said", ["Wir wohnen im dritten Stock.", "J'ai acheté une canne à pêche.", "Porto sempre il cane al parco."])
def test_a_word_for_a_stick_elsewhere_is_no_mobility_aid(said):
    assert not [f for f in facts(said) if "uses" in f]


@pytest.mark.parametrize("said, fact", [
    ("Tengo intolerancia a la lactosa, pero leve.", "The user has a mild lactose intolerance."),
    ("Ho un'intolleranza al lattosio.", "The user is lactose intolerant."),
    ("Tenho intolerância à lactose.", "The user is lactose intolerant."),
])
def test_a_lactose_intolerance_in_every_language_with_how_bad(said, fact):
    assert fact in facts(said)


def test_tree_nuts_are_their_own_allergen_in_a_list():
    said = facts("Sono allergica alla frutta a guscio, alla senape e alle uova.")
    assert {"The user is allergic to tree nuts.", "The user is allergic to mustard.", "The user is allergic to eggs."} <= set(said)


@pytest.mark.parametrize("said", ["Soy intolerante al gluten, sin ser celíaca.", "Je réagis au gluten sans être cœliaque.",
                                  "I'm gluten intolerant without being coeliac."])
def test_a_condition_said_as_not_had_is_not_stored(said):
    assert not [f for f in facts(said) if "coeliac" in f or "gluten-free" in f]


@pytest.mark.parametrize("said, fact", [("I absolutely love Thai food.", "The user loves Thai food."),
                                        ("Adoro il pesce crudo.", "The user loves raw fish.")])
def test_a_verb_of_loving_says_loves(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, fact", [
    ("Je suis végétarienne, pas végane.", "The user is vegetarian."),  # 'X, not Y': the diet said, not the one denied
    ("Sono vegana, non vegetariana.", "The user is vegan."),
    ("La mia allergia è alle noci, non alle arachidi.", "The user is allergic to nuts."),  # 'the allergy is to X' is the user's
    ("Erdbeeren vertrag i ned.", "The user cannot eat strawberries."),  # Austrian/Bavarian 'i … ned'
    ("jmange pas de champignons", "The user does not eat mushrooms."),  # French chat spelling
])
def test_said_against_another_value_and_in_dialect_or_chat(said, fact):
    assert fact in facts(said)
    assert not [f for f in facts(said) if f != fact and ("vegan" in f or "vegetarian" in f or "peanuts" in f)]


# Round 4 (chat register), by class; every sentence written for the test.
@pytest.mark.parametrize("said, fact", [  # the user's own forgetting is no request to forget
    ("Tengo asma, que siempre se me olvida decirlo.", "The user has asthma."),
    ("Sou alérgica a camarão, sempre me esqueço de avisar.", "The user is allergic to shrimp."),
    ("Sono celiaca, mi dimentico sempre di dirlo.", "The user has coeliac disease."),
    ("Ich bin allergisch gegen Bienenstiche, das vergesse ich immer zu sagen.", "The user is allergic to bee stings."),
    ("Je prends de la sertraline, il faut pas que j'oublie le matin.", "The user takes sertraline every morning."),
])
def test_forgetting_said_of_oneself_keeps_the_fact(said, fact):
    assert fact in facts(said) and not [f for f in facts(said) if "no longer" in f]


@pytest.mark.parametrize("said", ["Olvida que soy vegana.", "Dimentica che sono vegano.", "Please forget that I am vegan."])
def test_a_request_to_forget_still_takes_the_fact_back(said):
    assert facts(said) == ["The user is no longer vegan."]


@pytest.mark.parametrize("said, fact", [  # no meat, but fish (before or after, any order) is pescatarian
    ("Não como carne, mas peixe como sim.", "The user is pescatarian."),
    ("Non mangio carne ma il pesce lo mangio.", "The user is pescatarian."),
    ("Je mange pas de viande mais le poisson ça va.", "The user is pescatarian."),
    ("Ich bin Vegetarierin, aber Fisch esse ich ab und zu.", "The user is pescatarian."),
    ("Fleisch ess ich keins, Fisch schon.", "The user is pescatarian."),
    ("Ich esse jetzt pescetarisch.", "The user is pescatarian."),
    ("I don't eat meat and my husband only eats fish.", "The user is vegetarian."),  # someone else's fish
    ("I'm vegetarian, but no fish either.", "The user is vegetarian."),
    ("Fleisch esse ich nicht mehr.", "The user is vegetarian."),
])
def test_pescatarian_said_by_what_is_eaten(said, fact):
    assert [f for f in facts(said) if f.startswith("The user is")] == [fact]


@pytest.mark.parametrize("said, fact", [  # eating meat again; a 'No…' word is no negation
    ("Novidade: comecei a comer carne outra vez. Voltei a comer carne.", "The user eats meat."),
    ("Volví a comer carne.", "The user eats meat."), ("Ho ricominciato a mangiare carne.", "The user eats meat."),
])
def test_eating_meat_again(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["jsuis pas végétarienne", "je suis pas vegan"])
def test_french_negation_without_ne_is_no_diet(said):
    assert not [f for f in facts(said) if f.startswith("The user is v")]


@pytest.mark.parametrize("said, fact", [  # verbs of injecting, being put on or prescribed; how often in the clause
    ("Ich spritze mir abends Insulin.", "The user takes insulin every evening."),
    ("Der Hausarzt hat mir Atorvastatin verschrieben.", "The user takes atorvastatin."),
    ("La doctora me ha puesto omeprazol por las mañanas.", "The user takes omeprazole every morning."),
    ("Mi faccio l'insulina prima dei pasti.", "The user takes insulin before meals."),
    ("Eu aplico insulina de manhã e de noite.", "The user takes insulin morning and evening."),
    ("Tomo paracetamol cuando me duele.", "The user takes paracetamol as needed."),
    ("Morgens nehme ich Ramipril.", "The user takes ramipril every morning."),
    ("I take metformin and I go running in the morning.", "The user takes metformin."),
    ("prendo i triptani quando serve", "The user takes triptans as needed."),
    ("My EpiPen is always with me, just in case.", "The user carries EpiPen."),
    ("Mi inhalador siempre conmigo, por si acaso.", "The user carries an inhaler."),
])
def test_medication_verbs_and_how_often(said, fact):
    assert fact in facts(said)


def test_a_pets_medication_is_not_the_users():
    assert not [f for f in facts("Mi perro está enfermo y el veterinario le recetó meloxicam.") if "takes" in f]


@pytest.mark.parametrize("said, fact", [  # condition words and how it comes
    ("Tengo asma por esfuerzo.", "The user has exercise-induced asthma."),
    ("J'ai de l'asthme d'effort.", "The user has exercise-induced asthma."),
    ("Tenho asma ligeira.", "The user has mild asthma."),
    ("Soffro di mal di mare.", "The user has seasickness."), ("Je souffre du mal de mer.", "The user has seasickness."),
    ("tô com hérnia de disco", "The user has herniated disc."),
    ("Ich habe ein künstliches Knie.", "The user has knee replacement."),
    ("Tengo una prótesis de rodilla.", "The user has knee replacement."),
    ("Nehme Enalapril, weil ich hohen Blutdruck habe.", "The user has high blood pressure."),
    ("Tomo algo para la presión alta.", "The user has high blood pressure."),
])
def test_conditions_in_more_words(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, fact", [  # allergens as named in each language; Swiss 'uf'; not tolerating
    ("Soy alérgica a los ácaros del polvo y al polen de gramíneas.", "The user is allergic to grass pollen."),
    ("Sono allergica agli acari della polvere.", "The user is allergic to dust mites."),
    ("Ich bin allergisch uf Chatze und uf Haselnüss.", "The user is allergic to hazelnuts."),
    ("Ich selber vertrag keine Laktose.", "The user is lactose intolerant."),
    ("Je ne tolère pas le lactose.", "The user is lactose intolerant."),
    ("I don't tolerate gluten well.", "The user cannot eat gluten."),
    ("jévite le gluten depuis l'été", "The user avoids gluten."),
])
def test_allergens_and_intolerances_in_more_words(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["Ich kann leider nicht kommen.", "Ich kann nicht schwimmen.", "je joue au foot"])
def test_no_intolerance_from_a_verb(said):
    assert not [f for f in facts(said) if "cannot eat" in f or "avoids" in f]


@pytest.mark.parametrize("said, fact", [  # a statement before a Spanish '¿' question is kept
    ("Soy vegana, ¿hay opciones sin huevo?", "The user is vegan."),
    ("Tengo diabetes tipo 2, ¿me recomiendas algo?", "The user has type 2 diabetes."),
])
def test_a_statement_before_a_spanish_question(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", [  # 'the X of someone' as the subject: someone else's diet or condition
    "La hermana de mi novio es vegana.", "The mother of my friend is vegan.", "La madre di un mio amico è celiaca.",
    "A irmã do meu namorado é vegetariana.", "Die Schwester von meinem Freund ist Veganerin."])
def test_the_relative_of_someone_is_someone_else(said):
    assert facts(said) == []


@pytest.mark.parametrize("said, fact", [("La mayor parte del tiempo soy vegetariana.", "The user is vegetarian."),
                                        ("El médico de cabecera me ha puesto enalapril.", "The user takes enalapril.")])
def test_an_of_phrase_before_the_users_own_verb_is_still_the_user(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, fact", [  # having stopped eating a food is not eating it now (six languages)
    ("I stopped eating meat after that documentary.", "The user is vegetarian."),
    ("I've given up pork for good.", "The user does not eat pork."),
    ("Depuis l'été, j'ai arrêté de manger de l'agneau.", "The user does not eat lamb."),
    ("Hace un año dejé de comer carne.", "The user is vegetarian."),
    ("Deixei de comer carne vermelha no ano passado.", "The user does not eat red meat."),
    ("Da gennaio ho smesso di mangiare carne, ma il pesce sì.", "The user is pescatarian."),
    ("Ich habe aufgehört, Schweinefleisch zu essen.", "The user does not eat pork."),
    ("Fleisch esse ich keins mehr.", "The user is vegetarian."),
])
def test_a_food_the_user_stopped_eating(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["My brother stopped eating meat.", "Mi padre dejó de comer carne.",
                                  "I stopped eating at that café.", "J'ai arrêté de manger à la cantine."])
def test_someone_else_stopping_or_no_food_named_gives_no_diet(said):
    assert not [f for f in facts(said) if "vegetarian" in f or "does not eat" in f]


@pytest.mark.parametrize("said, fact", [  # the object first, its clitic, then a verb of hating or of drinking
    ("Las alcachofas las odio.", "The user dislikes artichokes."),
    ("Il sedano lo detesto proprio.", "The user dislikes celery."),
    ("Le céleri, je le déteste.", "The user dislikes celery."),
    ("Os pepinos, odeio-os.", "The user dislikes cucumber."),
    ("El café no lo tomo nunca.", "The user does not drink coffee."),
    ("Il maiale non lo tocco.", "The user does not eat pork."),
])
def test_the_object_first_with_a_clitic_and_a_verb_of_hating_or_drinking(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, wrong", [("Odio el brócoli, no lo soporto.", "odio"),  # 'O' of 'Odio' is no article
                                         ("La coliflor la odio, pero el brócoli me encanta.", "dislikes broccoli")])
def test_a_verb_is_not_read_as_an_article_nor_past_its_clause(said, wrong):
    assert not [f for f in facts(said) if wrong in f]


@pytest.mark.parametrize("said, fact", [  # a verbless 'no X for me'; a seat 'for me' or 'if possible'
    ("No shellfish for me this week.", "The user avoids shellfish."),
    ("Kein Koriander für mich, bitte.", "The user avoids cilantro."),
    ("window seat for me if you can", "The user prefers a window seat."),
    ("Am Gang für mich, wenn möglich.", "The user prefers an aisle seat."),
    ("Pasillo si es posible, gracias.", "The user prefers an aisle seat."),
])
def test_none_of_a_food_for_me_and_a_seat_for_me(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["Sono intollerante al lattosio, quindi niente latte per me.",
                                  "I'm allergic to nuts so no almonds for me."])
def test_no_food_preference_when_an_intolerance_or_allergy_gives_the_reason(said):
    assert not [f for f in facts(said) if "avoids" in f]


@pytest.mark.parametrize("said, fact", [("Je déteste le chou-fleur.", "The user dislikes cauliflower."),
                                        ("Non mangio il fegato.", "The user does not eat liver."),
                                        ("I hate radishes.", "The user dislikes radishes.")])
def test_more_foods_in_the_lexicon(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said, fact", [("I don't drink coffee.", "The user does not drink coffee."),
                                        ("Je ne bois pas de lait.", "The user does not drink milk."),
                                        ("No tomo café, me pone nervioso.", "The user does not drink coffee."),
                                        ("Non bevo latte.", "The user does not drink milk.")])
def test_a_drink_not_drunk(said, fact):
    assert fact in facts(said)


@pytest.mark.parametrize("said", ["Je ne bois pas de café le soir.", "No coffee for me after 5pm.", "Non bevo caffè dopo cena."])
def test_a_drink_kept_away_from_at_a_time_of_day_is_no_blanket_avoidance(said):
    assert not [f for f in facts(said) if "coffee" in f]

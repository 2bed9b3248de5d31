"""The offline extractor on the ways people actually state things, and on what it must leave alone."""
from __future__ import annotations

import pytest

from course_lib.long_term.write_path import extract_facts
from course_lib.model.offline.memory_ops import about


def facts(text: str) -> list[str]:
    return [f.text for f in extract_facts([{"role": "user", "content": text}])]


@pytest.mark.parametrize("said, fact", [
    ("Hi, I'm Mateo.", "The user's name is Mateo."),
    ("Ingrid here, I've got a question about a trip.", "The user's name is Ingrid."),
    ("Just so you know, I follow a vegan diet.", "The user is vegan."),
    ("Small update: I've gone fully pescatarian since we last talked.", "The user is pescatarian."),
    ("New year, new habits: vegetarian from this month on.", "The user is vegetarian."),
    ("Whatever you pick for dinner has to be halal.", "The user is halal."),
    ("Home for me is Bologna.", "The user lives in Bologna."),
    ("New address: I relocated to Tampere last month.", "The user lives in Tampere."),
    ("Big news, we now live in Bilbao.", "The user lives in Bilbao."),
    ("Let's keep meals under €60 a head.", "The user's budget is 60 EUR."),
    ("Cap restaurants at 40 euros each, please.", "The user's budget is 40 EUR."),
    ("Things are tighter, let's say 55 EUR per person max.", "The user's budget is 55 EUR."),
    ("Careful with mustard, I react badly to it.", "The user is allergic to mustard."),
    ("Kiwi gives me hives, so avoid it completely.", "The user is allergic to kiwi."),
    ("One thing: no sesame, I have an allergy.", "The user is allergic to sesame."),
    ("I work as an archivist.", "The user works as an archivist."),
    ("Thorvald, my brother, will join us for the weekend.", "The user's brother is called Thorvald."),
    ("I need to find a sitter for Mochi, my tortoise.", "The user's tortoise is called Mochi."),
    ("Booked it: flight LH4837 to Lyon.", "The user's flight is LH4837, to Lyon."),
])
def test_paraphrases_become_atomic_facts(said, fact):
    assert fact in facts(said)
    subject, _ = about(fact)
    assert subject is not None  # and the write path knows what the fact is about, so it can supersede it


@pytest.mark.parametrize("said", [
    "My flatmate Aiko is gluten-free, which makes cooking together tricky.",  # someone else's diet
    "My friend Dmitri lives in Utrecht.",  # someone else's city
    "Noor just got a job in Ghent.",
    "Did you know octopuses have three hearts?",
    "Can you look up some restaurants for Friday?",
    "The weather here is grim today.",
])
def test_other_peoples_facts_and_small_talk_are_not_the_users(said):
    assert facts(said) == []

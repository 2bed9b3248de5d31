"""How important a stored fact is: health and safety first, then identity and constraints, small talk last.

    allergy, intolerance, condition, medication, mobility, pregnancy   0.95   (getting it wrong can hurt someone)
    diet, name, budget                                                  0.9    (every booking depends on it)
    home city, job, family, pets, age, birthday, nickname, plans,        0.7
    languages spoken, nationality
    likes and dislikes, hobbies, vehicles, favourites                    0.5
    weather, greetings                                                   0.1

The slot comes from what the fact says (read_facts.about); a fact no slot reader knows is rated by words.
"""
from __future__ import annotations

import re

from course_lib.model.offline.lang.events import event_importance
from course_lib.model.offline.lang.read_facts import about

BY_SLOT = [(0.95, ("allergy", "intolerance", "condition", "medication", "mobility")),
           (0.9, ("diet", "name", "budget")),
           (0.7, ("home city", "job", "relative", "pet", "age", "birthday", "nickname", "trip", "flight", "meeting",
                  "booking", "timezone", "plan", "schedule", "language", "nationality", "hotel")),
           (0.5, ("preference", "hobby", "retract", "vehicle", "favourite"))]
HEALTH_WORDS = re.compile(r"allerg|intoleran|diabet|pregnan|wheelchair|asthma|epilep|coeliac|celiac|medication|insulin|"
                          r"blood pressure|hypertens|disabilit|mobility|epipen|anaphyla", re.I)
TRIVIA = re.compile(r"\b(weather|hello|thanks|thank you|small talk|how are you)\b", re.I)


def importance(memory: str) -> tuple[float, str]:
    """(importance 0..1, why) for one memory text."""
    if HEALTH_WORDS.search(memory):
        return 0.95, f"health or safety ('{HEALTH_WORDS.search(memory).group(0)}')"
    if (event := event_importance(memory)) is not None:  # a medical appointment 0.9, any other event 0.7 (events.py)
        return event, "a medical appointment" if event > 0.7 else "an event"
    slot = (about(memory)[0] or "").split(":")[0]
    for value, slots in BY_SLOT:
        if slot in slots:
            return value, f"slot {slot}"
    if TRIVIA.search(memory):
        return 0.1, f"small talk ('{TRIVIA.search(memory).group(0)}')"
    return 0.4, "no slot or keyword class matched"

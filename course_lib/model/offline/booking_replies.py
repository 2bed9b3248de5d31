"""What the offline agent's restaurant rules say, in the language of the request (speak.py, replies.json).

booking.py decides (ask, search, choose, book); this module words it. Restaurant names, prices and confirmation
numbers stay as they are; the booked weekday ("samedi 20:00"), the course's cuisines and cities are said in the
request's language (replies.json weekday, cuisine_word, city_word; English as the tools give them).

    ask_for(["the day", "the time"], "de")
        == "Für die Reservierung brauche ich den Tag und die Uhrzeit. Kannst du mir das sagen? Ich habe noch nichts reserviert."
    why({"diet": "vegan", "budget": None, "cuisine": None}, "Paris", "en")
        == "it is the best-rated place in Paris that is vegan"
"""
from __future__ import annotations

from typing import Any

from course_lib.model.offline.reply import Reply
from course_lib.model.offline.speak import gap, joined, openings, say, word

ASK_BOOKING = openings("ask_booking")  # how the question about what is missing opens (answering.py recognises it)


def ask_for(gaps: list[str], lang: str = "en") -> Reply:
    """One short question naming everything that is missing; no tool is called."""
    return Reply(content=say("ask_booking", lang, listed=joined([gap(g, lang) for g in gaps], lang)))


def not_found(name: str | None, where: list[str], lang: str) -> Reply:
    """A name the user gave that no city's search holds: asked about, nothing booked."""
    called = say("called", lang, name=name) if name else say("called_nothing", lang)
    return Reply(content=say("not_found", lang, called=called, where=say("or", lang).join(where)))


def two_places(hits: list[dict[str, Any]], lang: str) -> Reply:
    """The same name in two cities: asked about, nothing booked."""
    listed = say("or", lang).join(say("place_in", lang, name=r["name"], city=r.get("city", "?")) for r in hits)
    return Reply(content=say("two_places", lang, listed=listed))


def other_city(place: dict[str, Any], asked_city: str, lang: str) -> Reply:
    """The place named is in another city than the one the user named: asked about, nothing booked."""
    return Reply(content=say("other_city", lang, name=place["name"], city=place.get("city"), asked=asked_city))


def known(c: dict[str, Any], lang: str) -> str:
    """The constraints in words ("vegan and at most 30 EUR per person"; reading.describe is the thoughts' English)."""
    parts = [say("known_cuisine", lang, cuisine=c["cuisine"])] if c["cuisine"] else []
    if c["diet"]:
        parts.append(word("diet", c["diet"], lang))
    if c["budget"] is not None:
        parts.append(say("known_budget", lang, budget=f"{c['budget']:g}"))
    return say("and", lang).join(parts)


def why(c: dict[str, Any], city: str, lang: str = "en") -> str:
    """Why the choice was made, in one clause: the best-rated place that fits what is known, or the best-rated of
    all when nothing is known (a city-only booking says so: the user can ask for another)."""
    k = known(c, lang)
    if c.get("cheapest"):
        return say("reason_cheapest", lang, city=city_said(city, lang), known=k or say("available", lang))
    where = city_said(city, lang)
    return say("reason_best", lang, city=where, known=k) if k else say("reason_top", lang, city=where)


def named_reason(c: dict[str, Any], chosen: dict[str, Any], lang: str, offered: bool = False) -> str:
    """Why a place the user named was taken: they named it, or took up the one the question before offered (with a
    note when it lists no option for their diet)."""
    said = say("reason_offered" if offered else "reason_named", lang)
    if c["diet"] and c["diet"] not in chosen.get("diet", []):
        said += say("reason_no_diet", lang, diet=word("diet", c["diet"], lang))
    return said


def summary(r: dict[str, Any], lang: str = "en") -> str:
    """A restaurant in one phrase: name, cuisine, price, rating."""
    return say("summary", lang, name=r["name"], cuisine=word("cuisine_word", r.get("cuisine", "restaurant"), lang),
               price=r.get("price_per_person", "?"), rating=r.get("rating", "?"))


def when_said(when: str, lang: str) -> str:
    """A booked "Saturday 20:00" with its weekday in `lang` ("samedi 20:00"); English and anything else as it is."""
    day, _, clock = str(when).partition(" ")
    return f"{word('weekday', day, lang)} {clock}".strip() if clock else str(when)


def city_said(city: str, lang: str) -> str:
    """A course city as `lang` writes it ('Berlin' -> 'Berlino' in Italian); English and other cities as they are."""
    return word("city_word", city, lang)


def booked(chosen: dict[str, Any], done: dict[str, Any], again: bool, why_said: str, earlier: bool, lang: str) -> str:
    """The report of a booking made: what, for how many, when, its confirmation, and why this place."""
    text = say("booked", lang, summary=summary(chosen, lang), people=done["people"], time=when_said(done["time"], lang),
               again=say("booked_again", lang) if again else "", confirmation=done["confirmation"], reason=why_said)
    return text + (say("size_from_earlier", lang) if earlier else "")


def no_fit(c: dict[str, Any], city: str, lang: str) -> Reply:
    """No place in the search meets the constraints."""
    return Reply(content=say("no_fit", lang, city=city_said(city, lang), known=known(c, lang) or say("available", lang)))


def suggest(chosen: dict[str, Any], city: str, why_said: str, others: list[str], named_city: bool, lang: str) -> Reply:
    """A search's answer: the place suggested, why, and the others that fit (names only: the reply stays short)."""
    also = say("also_fitting", lang, names=", ".join(others)) if others else ""
    return Reply(content=say("suggest", lang, summary=summary(chosen, lang), city=city_said(city, lang), reason=why_said, also=also,
                             suffix="" if named_city else say("no_city", lang)))

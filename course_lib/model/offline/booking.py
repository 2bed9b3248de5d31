"""The offline agent's restaurant rules: search, choose, and book only what the user asked for.

A booking needs four things from the user: the place (a restaurant they name, or a city to choose in), the
day, the time and the number of people (when.py and amounts.py read them in six languages). If one is
missing or ambiguous ("at 8", "this weekend", "for 2 or 3"), the agent asks ONE short question that names
what is missing and calls no tool: it never books a time, place or party size the user did not give.
The user's answer to that question is read together with the original request (react.py).

A restaurant the user names is booked as named when the search in the city finds it (even if a better-rated
place exists); a name the search does not find is reported, and nothing is booked. Otherwise the choice is
the best-rated place that meets the diet and budget read from the prompt.
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model.offline.amounts import party_sizes
from course_lib.model.offline.places import LOCAL_NAMES
from course_lib.model.offline.reading import describe, prompt_text
from course_lib.model.offline.reply import Reply
from course_lib.model.offline.when import WEEKDAYS, clock_time, day_of

ASK_BOOKING = "To book, I need"  # opens the question about what is missing (react.py reads the answer with it)
DEFAULT_CITY = "Berlin"  # the course's home city, searched only when the user names a restaurant but no city
NAMED = re.compile(r"(?i:\b(?:at|book|reserve|chez|bei|im|in the|da|no|o|em|en|al|au|zum|zur|dans le|reservar|"
                   r"réserver|prenotare|buchen|reservieren)\s+)((?:[A-ZÀ-Ý][\w'’-]*)(?:\s+(?:&|and|du|de|la|le|des|"
                   r"am|im|del|di|da|do|et|y|e)?\s*[A-ZÀ-Ý][\w'’-]*){0,4})")
NOT_NAMES = {d.lower() for d in WEEKDAYS} | {"me", "us", "a", "i", "dinner", "lunch", "table", "tonight", "tomorrow"}


def named_place(question: str) -> str | None:
    """A restaurant-like name the user gives ("Chez Lentille", "Pizza Roma"), or None."""
    for m in NAMED.finditer(question):
        name = m.group(1).strip()
        first = name.split()[0].lower()
        if name.lower() not in LOCAL_NAMES and first not in NOT_NAMES and first not in LOCAL_NAMES:
            return name
    return None


def fold(text: str) -> str:
    """Lower case with spaces collapsed, for comparing names."""
    return " ".join(text.casefold().split())


def missing(question: str, today: Any, city: str | None) -> tuple[dict[str, Any], list[str]]:
    """(the booking's day, time and people as read, what is missing or unclear in words)."""
    day, clock, sizes = day_of(question, today), clock_time(question), party_sizes(question)
    gaps = []
    if city is None and named_place(question) is None:
        gaps.append("the restaurant or the city")
    gaps += [f"which day ({day.unclear}?)" if day.unclear else "the day"] if not day.value else []
    gaps += [f"the time ({clock.unclear}?)" if clock.unclear else "the time"] if not clock.value else []
    if len(sizes) != 1:
        gaps.append(f"how many people ({' or '.join(map(str, sorted(sizes)))}?)" if sizes else "how many people")
    return {"day": day.value, "time": clock.value, "people": next(iter(sizes)) if len(sizes) == 1 else None}, gaps


def ask_for(gaps: list[str]) -> Reply:
    """One short question naming everything that is missing; no tool is called."""
    listed = gaps[0] if len(gaps) == 1 else ", ".join(gaps[:-1]) + " and " + gaps[-1]
    return Reply(content=f"{ASK_BOOKING} {listed}. Could you tell me? I have booked nothing yet.")


def results(observation: str) -> list[dict[str, Any]]:
    """The restaurants in a search observation (empty for an error)."""
    try:
        found = json.loads(observation)
    except json.JSONDecodeError:
        return []
    return [r for r in found if isinstance(r, dict)] if isinstance(found, list) else []


def choose(observation: str, c: dict[str, Any]) -> dict[str, Any] | None:
    """The best-rated restaurant in a search result that satisfies the constraints (None if none does)."""
    ok = [r for r in results(observation)
          if (not c["diet"] or c["diet"] in r.get("diet", []))
          and (c["budget"] is None or r.get("price_per_person", 0) <= c["budget"])]
    return min(ok, key=lambda r: (-r.get("rating", 0), r.get("name", ""))) if ok else None


def why(c: dict[str, Any], city: str) -> str:
    """Why the choice was made, in one clause."""
    known = describe(c)
    return (f"it is the best-rated place in {city} that is {known}" if known
            else f"it is the best-rated restaurant in {city} (I know nothing about your diet or budget)")


def summary(r: dict[str, Any]) -> str:
    """A restaurant in one phrase: name, cuisine, price, rating."""
    return (f"{r['name']} ({r.get('cuisine', 'restaurant')}, {r.get('price_per_person', '?')} EUR per person, "
            f"rated {r.get('rating', '?')})")


FAILED_BEFORE = re.compile(r'Avoid: (\w+) failed with (\{[^{}]*\}): the tool said "([^"]*)"')  # long_term/lessons.py


def failed_before(messages: Any, tool: str, args: dict[str, Any]) -> str | None:
    """What the tool said when this exact call failed before, if the prompt holds that lesson ("Avoid: …")."""
    for m in FAILED_BEFORE.finditer(prompt_text(messages)):
        try:
            if m.group(1) == tool and json.loads(m.group(2)) == args:
                return m.group(3)
        except json.JSONDecodeError:
            continue
    return None


def restaurant(s: Any, book: bool, today: Any, done_before: Any) -> Reply:
    """Search with the known constraints, choose (or take the named place), and book it only if all is known."""
    c, question = s.c, s.question
    args, gaps = missing(question, today, c["city"]) if book else ({}, [])
    if gaps:
        return ask_for(gaps)
    name = named_place(question) if book else None
    city = c["city"] or DEFAULT_CITY
    if "search_restaurants" not in s.names:
        where = city if c["city"] else f"{city} (you named no city, so I look in the course's city)"
        if name:
            return s.call("search_restaurants", f"The user names {name}; I look it up in {where}.", city=city)
        known = describe(c)
        thought = (f"The user wants {'a table' if book else 'a restaurant'} in {where}. "
                   + (f"From my prompt I know: {known}. I search with those filters."
                      if known else "I know no diet or budget for this user, so I search all restaurants."))
        return s.call("search_restaurants", thought, city=city, diet=c["diet"], max_price=c["budget"])
    found = s.results("search_restaurants")[-1]
    if name:
        chosen = next((r for r in results(found) if fold(r.get("name", "")) in fold(question)), None)
        if chosen is None:
            places = ", ".join(r["name"] for r in results(found)[:4]) or "none"
            return Reply(content=f"I found no restaurant called {name} in {city} (the places there: {places}). "
                                 f"Which one do you mean, or in which city is it? I have booked nothing.")
        reason = "you asked for it by name"
        if c["diet"] and c["diet"] not in chosen.get("diet", []):
            reason += f" (note: it lists no {c['diet']} option)"
    else:
        chosen = choose(found, c)
        if chosen is None:
            return Reply(content=f"I found no restaurant in {city} that is {describe(c) or 'available'}.")
        reason = why(c, city)
    if not book:
        suffix = "" if c["city"] else " You named no city, so I looked in Berlin."
        return Reply(content=f"I suggest {summary(chosen)} in {city}: {reason}.{suffix}")
    when, people = f"{args['day']} {args['time']}", args["people"]
    if "book_table" not in s.names:
        booking = {"restaurant": chosen["name"], "time": when, "people": people}
        if done_before(s.messages, "book_table", booking):
            return Reply(content=f"You already have this booking: {chosen['name']} for {people} on {when} was booked "
                                 f"in an earlier session, so I do not book it again.")
        said = failed_before(s.messages, "book_table", booking)
        if said is not None:  # a recalled lesson: this exact call failed before, so sending it again would fail too
            return Reply(content=f"I did not send this booking: the same call failed in an earlier session, and the "
                                 f"tool said \"{said}\". Tell me what to change and I will book that instead.")
        return s.call("book_table", f"I choose {chosen['name']}: {reason}. Now I book it for {people} at {when}.",
                      **booking)
    result = s.results("book_table")[-1]
    try:
        booked = json.loads(result)
    except json.JSONDecodeError:
        return Reply(content=f"The booking at {chosen['name']} failed: {result}")
    if isinstance(booked, dict) and booked.get("already_done"):
        return Reply(content=f"This table was already booked in an earlier session (confirmation "
                             f"{booked.get('confirmation', '?')}), so I did not book it again.")
    return Reply(content=f"I booked {summary(chosen)} for {booked['people']} on {booked['time']}. "
                         f"Confirmation: {booked['confirmation']}. I chose it because {reason}.")

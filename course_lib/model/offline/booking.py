"""The offline agent's restaurant rules: search, choose, and book only what the user asked for.

A booking needs four things from the user: the place (a restaurant they name, or a city to choose in), the
day, the time and the number of people (when.py and amounts.py read them in six languages). If one is
missing or ambiguous ("at 8", "this weekend", "for 2 or 3"), the agent asks ONE short question that names
what is missing and calls no tool: it never books a time, place or party size the user did not give.
The user's answer to that question is read together with the original request (react.py).

A restaurant the user names is looked up across the course's cities (the city the request names first, then
the others), by its whole name, ignoring case and accents ("le boeuf dore" is Le Bœuf Doré, "Canal" is not
Bistrot du Canal). One match is booked as named (even if a better-rated place exists); none, or the same
name in two cities, or a place in another city than the one the user named, is reported with one question,
and nothing is booked. Otherwise the choice is the best-rated place that meets the diet and budget read from
the prompt.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from course_lib.model import rx
from course_lib.model.offline import booking_replies as say_
from course_lib.model.offline import repeats
from course_lib.model.offline.lang.lexicon import DIETS
from course_lib.model.offline.names import fold, said_name, where_said
from course_lib.model.offline.places import LOCAL_NAMES, city_named
from course_lib.model.offline.booking_replies import ASK_BOOKING, ask_for, summary, why
from course_lib.model.offline.reading import describe, prompt_text
from course_lib.model.offline.reply import Reply
from course_lib.model.offline.speak import language
from course_lib.model.offline.slots import (candidate_names, ordinal, refers_back, said_before, size_said_before,
                                            slots)
from course_lib.model.amounts import number
from course_lib.model.when import WEEKDAYS, clock_time, day_of

DEFAULT_CITY = "Berlin"  # the course's home city, searched first when the user names a restaurant but no city
COURSE_CITIES = ("Berlin", "Paris")  # the cities the course's restaurant data covers: a named place is looked up in each
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


def named_in(question: str, found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The restaurants of a search whose whole name the question says (any case, any accents, declined, without
    its article: names.py; never a part of a name)."""
    return [r for r in found if r.get("name") and said_name(question, r["name"])]


def lookup(s: Any, name: str | None, asked_city: str | None, text: str | None = None) -> Reply | dict[str, Any]:
    """Find the restaurant the user named: search the cities one by one (the one they named first) until its whole
    name is found; return the restaurant, or a Reply (the next search, or one question when none or two match).
    `text` is where the name is said: the request, or the earlier message "book it" points back to (there the
    place named first is meant, unless that message offers a choice: "A or B?")."""
    said = text or s.question
    searched = [d[1].get("city") for d in s.done if d[0] == "search_restaurants"]
    hits: list[dict[str, Any]] = []
    for obs in s.results("search_restaurants"):
        hits += [r for r in named_in(said, results(obs)) if r not in hits]
    if text is not None and len(hits) > 1:
        hits.sort(key=lambda r: where_said(said, r["name"]))  # in the order that message names them
        nth = ordinal(s.question)
        if nth is not None and -len(hits) <= nth < len(hits):  # "the second one"
            hits = [hits[nth]]
        elif not rx.search(r"\b(?:or|oder|ou|o|either)\b", said, re.I):
            hits = hits[:1]
    order = [c for c in ([asked_city] if asked_city else []) + [s.c["city"] or DEFAULT_CITY, *COURSE_CITIES] if c]
    left = [c for c in dict.fromkeys(order) if fold(c) not in [fold(x or "") for x in searched]]
    if not hits and left:
        what = f"{name}" if name else "the restaurant you name"
        return s.call("search_restaurants", f"The user names {what}; I look for it in {left[0]}"
                      + (" (the city they named)." if left[0] == asked_city else " (the course's restaurants are in "
                         + " and ".join(COURSE_CITIES) + ")."), city=left[0])
    lang = language(s.question)
    if not hits:
        return say_.not_found(name, [x for x in searched if x], lang)
    if len(hits) > 1:
        return say_.two_places(hits, lang)
    if asked_city and fold(hits[0].get("city", "")) != fold(asked_city):
        return say_.other_city(hits[0], asked_city, lang)
    return hits[0]


def results(observation: str) -> list[dict[str, Any]]:
    """The restaurants in a search observation (empty for an error)."""
    try:
        found = json.loads(observation)
    except json.JSONDecodeError:
        return []
    return [r for r in found if isinstance(r, dict)] if isinstance(found, list) else []


def fitting(observation: str, c: dict[str, Any]) -> list[dict[str, Any]]:
    """The restaurants in a search result that satisfy the constraints, best-rated first (ties: alphabetical); the
    cheapest first when the user asked for the cheapest ("le resto végé le moins cher")."""
    ok = [r for r in results(observation)
          if (not c["diet"] or c["diet"] in r.get("diet", []))
          and (c["budget"] is None or r.get("price_per_person", 0) <= c["budget"])
          and (not c["cuisine"] or c["cuisine"] in str(r.get("cuisine", "")).lower())]
    if c.get("cheapest"):
        return sorted(ok, key=lambda r: (r.get("price_per_person", 0), -r.get("rating", 0), r.get("name", "")))
    return sorted(ok, key=lambda r: (-r.get("rating", 0), r.get("name", "")))


def choose(observation: str, c: dict[str, Any]) -> dict[str, Any] | None:
    """The best-rated restaurant in a search result that satisfies the constraints (None if none does)."""
    ok = fitting(observation, c)
    return ok[0] if ok else None


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
    answer = repeats.answered_near(s.messages, s.last_user) if book else None  # the user answers the ledger's question
    if answer is False:
        return Reply(content="Then I leave it as it is: I have booked nothing new, and your earlier booking stands.")
    again = answer is True or repeats.on_purpose(question)  # a repeat the user asked for: a booking of its own
    args, gaps = slots(question, today) if book else ({}, [])
    earlier = "how many people" in gaps  # "Wir sind zu dritt." said earlier in this conversation
    if earlier:
        args["people"] = size_said_before(s.messages, s.last_user)
        gaps = [g for g in gaps if g != "how many people" or args["people"] is None]
    loose = candidate_names(question, today) if book else []
    name = named_place(question) if book else None
    name = next((n for n in loose if name and name in n), name)  # "Chez Lentille", not only "Lentille" after "chez"
    back = said_before(s.messages, s.last_user) if book and name is None and refers_back(question) else None
    # the user names the place (or points back at one): never choose another
    by_name = book and (name is not None or bool(loose) or back is not None or lowercase_name(question, today))
    if book and c["city"] is None and not by_name:
        gaps = ["the restaurant or the city", *gaps]
    lang = language(question)
    if gaps:
        return ask_for(gaps, lang)
    city = c["city"] or DEFAULT_CITY
    if by_name:
        name = name or (loose[0] if loose and back is None else None)
        asked_city = city_named(question, exclude=(name,) if name else ())
        found_place = lookup(s, name, asked_city, back)  # a name found nowhere is asked about, never replaced
        if isinstance(found_place, Reply):
            return found_place
        offered = not said_name(" ".join(str(m.get("content") or "") for m in s.messages if m.get("role") == "user"),
                                found_place["name"])  # the user took up the place a question offered (answering.py)
        return book_it(s, found_place, lambda lang: say_.named_reason(c, found_place, lang, offered), args, done_before, c,
                       again, earlier)
    searched = [obs for tool, a, obs in s.done  # this city's search (one sent without a city counts too)
                if tool == "search_restaurants" and fold(a.get("city") or city) == fold(city)]
    if not searched:
        where = city if c["city"] else f"{city} (you named no city, so I look in the course's city)"
        known = describe(c)
        thought = (f"The user wants {'a table' if book else 'a restaurant'} in {where}. "
                   + (f"From my prompt I know: {known}. I search with those filters."
                      if known else "I know no diet or budget for this user, so I search all restaurants."))
        return s.call("search_restaurants", thought, city=city, diet=c["diet"], max_price=c["budget"])
    found = searched[-1]
    chosen = choose(found, c)
    if chosen is None:
        return say_.no_fit(c, city, lang)
    if not book:  # the search's own answer is reported: every place that fits, not only the one suggested
        others = [r["name"] for r in fitting(found, c) if r.get("name") != chosen.get("name")][:4]
        return say_.suggest(chosen, city, why(c, city, lang), others, bool(c["city"]), lang)
    return book_it(s, chosen, lambda lang: why(c, city, lang), args, done_before, c, again, earlier)


NOT_PLACE_WORDS = {  # words of a request for *some* place, not the name of one ('book somewhere nice', 'reserve a table')
    "a", "an", "the", "table", "tables", "dinner", "lunch", "breakfast", "brunch", "something", "somewhere", "anywhere", "place",
    "restaurant", "me", "us", "it", "one", "seats", "seat", "spot", "nice", "good", "cheap", "best", "vegetarian", "vegan",
    "quiet", "cosy", "cozy", "romantic", "local", "nearby", "again", "same", "usual", "that", "this", "there", "please",
    "einen", "tisch", "une", "una", "mesa", "uma", "un", "tavolo", "etwas", "quelque", "algo", "qualcosa", "para", "pour",
    "uns", "nous", "nos", "ci", "mi", "moi", "mir", "noi", "nós",
    "restaurante", "ristorante", "resto", "lokal", "restaurants", "sitio", "lugar", "posto", "endroit", "was", "ein",
    "eine", "irgendwo", "algum", "alguno", "algún", "qualche", "cheap", "günstig", "günstiges", "barato", "pas", "economico"}
DIET_WORD = re.compile(r"^(?:" + "|".join(DIETS.values()) + r")\w*$", re.I)  # 'un vegetariano', 'was Vegetarisches'


NAME_ANCHOR = re.compile(r"\b(?:(?i:book|reserv\w*|réserv\w*|resérv\w*|buch\w*|prenot\w*)\s+(?i:(?:a|une|una|uma|un|einen|ein)\s+"
                         r"(?:table|tisch|mesa|tavolo)\s+)?|(?i:(?:kannst|könntest|würdest)\s+du\s+(?:mir\s+|uns\s+)?(?:bitte\s+)?)"
                         r"(?=[^?.!\n]*\b(?i:buchen|reservieren)\b)|(?i:table|tisch|mesa|tavolo)\s+(?=(?i:at|bei|chez|en|no|na|da)\s))(?i:(?:at the|in the|dans le|para o|para a|at|in|im|bei|chez|"
                         r"en|no|na|al|da|dal|dalla|au|à|a)\s+)?([a-zà-ÿ][\w'’&-]*(?:\s+[\w'’&-]+){0,5})")
SLOT_WORDS = {"for", "on", "at", "für", "am", "um", "pour", "para", "el", "per", "il", "alle", "às", "as", "a", "à",
              "le", "la", "tomorrow", "tonight", "next", "this", "ce", "este", "esta", "questo", "diesen", "kommenden",
              "with", "mit", "avec", "con", "com", "in", "im", "en", "em", "no", "na", "please", "bitte", "stp", "svp"}


LEAD_WORDS = {"bitte", "please", "uns", "mir", "us", "me", "nous", "moi", "nos", "ci", "mi", "a", "an", "the", "der", "die",
              "das", "den", "dem", "table", "einen", "tisch", "une", "una", "mesa", "uma", "un", "tavolo", "at", "in",
              "im", "bei", "beim", "zum", "zur", "au", "chez", "en", "no", "na", "al", "da", "dal", "à"}  # skipped before a name: fillers, "a table", prepositions
NAME_ARTICLES = {"le", "la", "les", "el", "il", "lo", "o"}  # may open a name: 'reserve le boeuf dore for six'


def lowercase_name(question: str, today: Any = None) -> bool:
    """Does a booking request put lower-case words where a restaurant's name goes ('reserve jardin secret for 4',
    'resérvame en falafel freunde el domingo', 'prenota un tavolo da linse & lauch sabato', 'tisch bei spree
    dumpling house, sonntag …')? The words after the verb (and an article + "table"), or after "table" and a
    preposition, up to the first word of another slot (a day, a number, a time, a city, "for / para / alle" …) are
    the name; the search decides whether they name a place, nothing is booked on
    these words alone. Words of a request for *some* place ('book somewhere nice') are not a name. German puts the verb
    last: 'kannst du kiez currywurst für sonntag buchen?' names its place after "kannst du"."""
    m = NAME_ANCHOR.search(question)
    if not m:
        return False
    words: list[str] = []
    for word in m.group(1).split():
        w = word.lower().strip(",.!?;:")
        if not words and w in LEAD_WORDS:
            continue  # 'buch bitte im grünen salon', 'reserve us a table at jardin secret'
        if w in SLOT_WORDS and not (not words and w in NAME_ARTICLES) or w in LOCAL_NAMES or number(w) is not None or day_of(w, today).value or clock_time(w).value:
            break
        words.append(w)
        if word[-1] in ",.!?;:":
            break
    return bool(words) and not set(words) & NOT_PLACE_WORDS and not any(DIET_WORD.match(w) for w in words)


def book_it(s: Any, chosen: dict[str, Any], reason_in: Callable[[str], str], args: dict[str, Any], done_before: Any,
            c: dict[str, Any], again: bool, earlier: bool = False) -> Reply:
    """Book the chosen restaurant at the day, time and party size the user gave (once, unless `again`: the user
    asked for another on purpose), then report it (saying so when the party size came from an earlier message, so
    the user can correct it). `reason_in(lang)` says why this place: in English for the thought, in the user's
    language for the report."""
    lang, reason = language(s.question), reason_in("en")
    when, people = f"{args['day']} {args['time']}", args["people"]
    if "book_table" not in s.names:
        booking = {"restaurant": chosen["name"], "time": when, "people": people}
        if not again and done_before(s.messages, "book_table", booking):
            return Reply(content=f"You already have this booking: {chosen['name']} for {people} on {when} was booked "
                                 f"in an earlier session, so I do not book it again. If you want a second one on "
                                 "purpose, say so.")
        said = failed_before(s.messages, "book_table", booking)
        if said is not None:  # a recalled lesson: this exact call failed before, so sending it again would fail too
            return Reply(content=f"I did not send this booking: the same call failed in an earlier session, and the "
                                 f"tool said \"{said}\". Tell me what to change and I will book that instead.")
        if again and repeats.takes_request_id(s.tools, "book_table"):
            booking["request_id"] = repeats.request_id(s.question)  # a repeat on purpose: a request of its own
        return s.call("book_table", f"I choose {chosen['name']}: {reason}. Now I book it for {people} at {when}"
                      + (", as a booking of its own because you asked for it again." if again else "."), **booking)
    result = s.results("book_table")[-1]
    try:
        booked = json.loads(result)
    except json.JSONDecodeError:
        return Reply(content=f"The booking at {chosen['name']} failed: {result}")
    if isinstance(booked, dict) and booked.get("needs_confirmation"):
        return Reply(content=repeats.ask_near(booked, chosen["name"], people, when))
    if isinstance(booked, dict) and booked.get("already_done"):
        return Reply(content=f"This table was already booked in an earlier session (confirmation "
                             f"{booked.get('confirmation', '?')}), so I did not book it again.")
    return Reply(content=say_.booked(chosen, booked, again, reason_in(lang), earlier, lang))

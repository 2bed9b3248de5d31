"""The course scenario's tools: restaurant search, weather, table booking and a long page on an offline web.

Every tool answers from fixed data, so the same call always returns the same result; bad arguments raise
a ValueError whose message the agent's Toolbox hands back to the model as an observation.

    from course_lib.agent.tools import TOOLS    # also course_lib.course.scenario.TOOLS
    ReActAgent(tools=TOOLS).run("Book me a dinner in Berlin on Friday at 19:00 for 2")
"""
from __future__ import annotations

import hashlib
from typing import Any

from course_lib.checks import check_number, check_whole
from course_lib.agent.toolbox import Toolbox

RESTAURANTS: list[dict[str, Any]] = [
    {"name": "Glut & Rind", "city": "Berlin", "cuisine": "steakhouse", "diet": [], "price_per_person": 95,
     "rating": 4.8},
    {"name": "Grüner Salon", "city": "Berlin", "cuisine": "vegetarian fine dining", "diet": ["vegetarian", "vegan"],
     "price_per_person": 72, "rating": 4.7},
    {"name": "Linse & Lauch", "city": "Berlin", "cuisine": "modern vegetarian", "diet": ["vegetarian", "vegan"],
     "price_per_person": 28, "rating": 4.5},
    {"name": "Fischerhütte am Kanal", "city": "Berlin", "cuisine": "fish", "diet": [], "price_per_person": 55,
     "rating": 4.4},
    {"name": "Falafel Freunde", "city": "Berlin", "cuisine": "Middle Eastern", "diet": ["vegetarian", "vegan"],
     "price_per_person": 14, "rating": 4.3},
    {"name": "Spree Dumpling House", "city": "Berlin", "cuisine": "dumplings", "diet": ["vegetarian"],
     "price_per_person": 22, "rating": 4.2},
    {"name": "Kiez Currywurst", "city": "Berlin", "cuisine": "street food", "diet": [], "price_per_person": 12,
     "rating": 4.0},
    {"name": "Le Bœuf Doré", "city": "Paris", "cuisine": "French steakhouse", "diet": [], "price_per_person": 110,
     "rating": 4.8},
    {"name": "Jardin Secret", "city": "Paris", "cuisine": "vegetarian bistro", "diet": ["vegetarian", "vegan"],
     "price_per_person": 65, "rating": 4.6},
    {"name": "Bistrot du Canal", "city": "Paris", "cuisine": "French bistro", "diet": [], "price_per_person": 45,
     "rating": 4.4},
    {"name": "Chez Lentille", "city": "Paris", "cuisine": "vegetarian", "diet": ["vegetarian"],
     "price_per_person": 32, "rating": 4.3},
]

DIETS = ("vegetarian", "vegan")
WEATHER = {
    "berlin": {"city": "Berlin", "friday": "9 °C, cloudy, light rain after 18:00",
               "saturday": "12 °C, sunny spells", "sunday": "10 °C, windy"},
    "paris": {"city": "Paris", "friday": "13 °C, sunny", "saturday": "14 °C, cloudy", "sunday": "11 °C, rain"},
}


def _city(city: Any) -> str:
    if not isinstance(city, str) or not city.strip():
        raise ValueError("city must be a city name such as 'Berlin'")
    return city.strip().lower()


def search_restaurants(city: str, diet: str | None = None, max_price: float | None = None) -> list[dict[str, Any]]:
    """Restaurants in `city`, best rated first, optionally only those with a diet option and within a price."""
    key = _city(city)
    if diet is not None and str(diet).strip().lower() not in ("", "any", "none") + DIETS:
        raise ValueError(f"diet must be one of {', '.join(DIETS)} (or left out), got {diet!r}")
    diet = (str(diet).strip().lower() if diet else "") or None
    diet = None if diet in ("any", "none") else diet
    if max_price is not None:
        max_price = check_number(max_price, "max_price", 0, hint=" of EUR per person")
    found = [dict(r) for r in RESTAURANTS
             if r["city"].lower() == key
             and (diet is None or diet in r["diet"])
             and (max_price is None or r["price_per_person"] <= max_price)]
    return sorted(found, key=lambda r: (-r["rating"], r["name"]))


def get_weather(city: str, day: str | None = None) -> dict[str, str]:
    """The (fixed) forecast for Friday to Sunday in `city`; with `day` (a weekday name), that day's only."""
    key = _city(city)
    if key not in WEATHER:
        raise ValueError(f"no forecast for {city!r}; the course knows {', '.join(w['city'] for w in WEATHER.values())}")
    if day is None or not str(day).strip():
        return dict(WEATHER[key])
    wanted = str(day).strip().lower()
    if wanted not in WEATHER[key]:
        raise ValueError(f"no forecast for {day!r} in {WEATHER[key]['city']}; the forecast covers Friday to Sunday")
    return {"city": WEATHER[key]["city"], wanted: WEATHER[key][wanted]}


def confirmation_id(restaurant: str, time: str, people: int) -> str:
    """The booking confirmation id: a hash of the booking's arguments, so it is the same every run."""
    digest = hashlib.sha256(f"{restaurant}|{time}|{people}".encode()).hexdigest()
    return "BK-" + digest[:6].upper()


def book_table(restaurant: str, time: str, people: int) -> dict[str, Any]:
    """Book a table; returns a confirmation with an id that depends only on the arguments."""
    match = [r for r in RESTAURANTS if r["name"].lower() == str(restaurant).strip().lower()]
    if not match:
        raise ValueError(f"no restaurant called {restaurant!r}; call search_restaurants to find one")
    people = check_whole(people, "people", 1, 20)
    if not isinstance(time, str) or not time.strip():
        raise ValueError("time must be a text such as 'Friday 19:00'")
    r = match[0]
    return {"confirmation": confirmation_id(r["name"], time.strip(), people), "restaurant": r["name"],
            "city": r["city"], "time": time.strip(), "people": people, "price_per_person": r["price_per_person"]}


# A long web page (about 20,000 tokens) in which exactly two sentences matter: the truncation lesson.
GUIDE_URL = "https://berlin-food-guide.example/friday"
KEY_SENTENCES = (
    "Linse & Lauch takes Friday bookings only until 17:00 on the same day, and its kitchen closes at 21:30.",
    "On Friday evenings the airport express from BER runs every 15 minutes and reaches the main station in 30 minutes.",
)
_AREAS = ["Kreuzberg", "Neukölln", "Mitte", "Prenzlauer Berg", "Friedrichshain", "Schöneberg", "Wedding",
          "Charlottenburg", "Moabit", "Treptow", "Pankow", "Tempelhof"]
_TOPICS = ["old courtyards", "weekly markets", "canal-side walks", "corner bakeries", "small galleries",
           "second-hand bookshops", "neighbourhood parks", "late-night kiosks", "community gardens",
           "tram routes", "street murals", "quiet cafés", "flea markets"]
_MOODS = ["relaxed", "busy", "friendly", "surprising", "colourful", "calm", "lively"]
_TIMES = ["early in the morning", "around lunchtime", "on a grey afternoon", "at dusk", "on a Sunday",
          "after a long day"]


def _paragraph(i: int) -> str:
    area, topic = _AREAS[i % len(_AREAS)], _TOPICS[(i * 5) % len(_TOPICS)]
    mood, when = _MOODS[(i * 3) % len(_MOODS)], _TIMES[(i * 7) % len(_TIMES)]
    other = _TOPICS[(i * 11 + 4) % len(_TOPICS)]
    return (f"Section {i + 1}. Visitors who wander through {area} {when} often notice its {topic} first. "
            f"Locals describe the atmosphere as {mood}, and many say the {other} are what keep them coming back. "
            f"Guides disagree about the best route, but most suggest starting near a station and simply following "
            f"the side streets, stopping wherever something looks interesting. The area changes a little every "
            f"year, so any description is only a snapshot, and the only way to know it is to walk it yourself.")


def _make_page(paragraphs: int = 230) -> str:
    parts = [_paragraph(i) for i in range(paragraphs)]
    parts.insert(int(paragraphs * 0.41), KEY_SENTENCES[0])
    parts.insert(int(paragraphs * 0.73), KEY_SENTENCES[1])
    return "Berlin on a Friday: a very long neighbourhood guide\n\n" + "\n\n".join(parts)


PAGES: dict[str, str] = {GUIDE_URL: _make_page()}


def read_page(url: str) -> str:
    """The full text of a page on the course's small offline web."""
    page = PAGES.get(str(url).strip())
    if page is None:
        raise ValueError(f"no page at {url!r}; the offline web has {', '.join(PAGES)}")
    return page


def _schema(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required}}}


TOOL_SCHEMAS: list[dict[str, Any]] = [
    _schema("search_restaurants", "Find restaurants in a city, best rated first. Filter by diet and by the "
            "maximum price per person in EUR.",
            {"city": {"type": "string", "description": "City name, e.g. Berlin"},
             "diet": {"type": "string", "enum": list(DIETS), "description": "Only places with this diet option"},
             "max_price": {"type": "number", "description": "Maximum price per person in EUR"}},
            ["city"]),
    _schema("get_weather", "The weather forecast for Friday to Sunday in a city.",
            {"city": {"type": "string", "description": "City name"},
             "day": {"type": "string", "description": "Only this day, e.g. Saturday"}}, ["city"]),
    _schema("book_table", "Book a table at a restaurant. Returns a confirmation id.",
            {"restaurant": {"type": "string", "description": "Exact restaurant name from search_restaurants"},
             "time": {"type": "string", "description": "Day and time, e.g. 'Friday 19:00'"},
             "people": {"type": "integer", "description": "Number of people"}},
            ["restaurant", "time", "people"]),
    _schema("read_page", "Read the full text of a web page.",
            {"url": {"type": "string", "description": "The page address"}}, ["url"]),
]

TOOL_FUNCTIONS = {"search_restaurants": search_restaurants, "get_weather": get_weather,
                  "book_table": book_table, "read_page": read_page}

TOOLS = Toolbox(TOOL_SCHEMAS, TOOL_FUNCTIONS)

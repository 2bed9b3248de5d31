"""The offline agent's weather rule: the city and the day the user asked for, and the tool's own answer.

The city is the one the question names, else where the user lives (for "where I live"), else the last city
mentioned; with none it asks. The day ("Saturday", "tomorrow", "samedi") is read by course_lib/model/when.py
and passed to the tool when its schema takes a ``day`` (a tool only gets arguments it declares); "this
weekend" is two days, so the whole forecast is fetched and both are reported. Whatever the tool answers is
reported as it is: "no forecast for 'Lisbon'" is said, never replaced by a default city's forecast.
"""
from __future__ import annotations

import json
from typing import Any

from course_lib.model.clock import COURSE_START
from course_lib.model.offline.reading import fact_text, weather_city
from course_lib.model.offline.reply import Reply
from course_lib.model.offline.slots import parts
from course_lib.model.offline.speak import language, say, word
from course_lib.model.when import day_of, today_in


def weather(s: Any) -> Reply:
    """Check the forecast for the city asked about (or where the user lives) and the day asked (if the tool takes
    one), then report what the tool said: its error as it gave it, never another city's forecast instead."""
    city, lang = weather_city(s.question, fact_text(s.messages)), language(s.question)
    if city is None:
        return Reply(content=say("which_city", lang))
    asked = asked_days(s.question, today_in(fact_text(s.messages), COURSE_START.date()))
    day = asked[0].title() if len(asked) == 1 and takes(s.tools, "get_weather", "day") else None
    if "get_weather" not in s.names:
        return s.call("get_weather", f"The user asks about the weather; I check {city}"
                      + (f" on {day}." if day else "."), city=city, day=day)
    observation = s.results("get_weather")[-1]
    try:
        w = json.loads(observation)
        days = [d for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday") if d in w]
    except (json.JSONDecodeError, TypeError):
        w, days = None, []
    if not isinstance(w, dict) or not days:  # the tool's own answer, as it gave it (its first clause: no list of defaults)
        said = observation[len("error: "):] if observation.startswith("error: ") else observation
        on_day = say("on_day", lang, day=word("weekday", day, lang)) if day else ""
        return Reply(content=say("no_forecast", lang, city=city, on_day=on_day, said=said.split(';')[0].strip()))
    where = w.get("city", city)

    def named(d: str) -> str:  # a weekday as the reply says it: 'Saturday', 'Samstag', 'samedi'
        return word("weekday", d, lang) if lang != "en" else d.title()

    if not asked:
        return Reply(content=say("weather_all", lang, where=where, listed="; ".join(f"{named(d)} {w[d]}" for d in days)))
    have = [d for d in asked if d in w]
    if not have:
        return Reply(content=say("weather_covers", lang, where=where, first=named(days[0]), last=named(days[-1]),
                                 asked=say("or", lang).join(named(d) for d in asked)))
    return Reply(content=say("weather_days", lang, where=where, listed="; ".join(f"{named(d)}: {w[d]}" for d in have)))


def takes(tools: list[dict[str, Any]] | None, name: str, arg: str) -> bool:
    """Does the offered schema of tool `name` have the parameter `arg`? (A tool only gets arguments it declares.)"""
    for t in tools or []:
        f = t.get("function", {})
        if f.get("name") == name:
            return arg in (f.get("parameters", {}).get("properties") or {})
    return False


def asked_days(question: str, today: Any) -> list[str]:
    """The days a weather question asks about ('tomorrow', 'am Samstag', 'this weekend'), lower case; [] for any.
    Of a question and its follow-up ("… on Friday?" / "and Saturday?") the later part that names a day counts."""
    readings = [day_of(p, today) for p in parts(question)]
    day = next((r for r in reversed(readings) if r.value or r.unclear), day_of(question, today))
    if day.value:
        return [day.value.lower()]
    if day.unclear:
        return [d.strip().lower() for d in day.unclear.split(" or ")]
    return []

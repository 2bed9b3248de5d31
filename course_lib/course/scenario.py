"""The course scenario: two users, their conversations and the tools the agent can call.

Priya is vegetarian, keeps dinner to 40 EUR per person, lives on Berlin time and flies to Berlin on
Friday. Marco (for isolation lessons) eats meat, spends up to 80 EUR and lives in Paris.

The conversations are data: one JSONL file per session in `course_lib/data/scenario/`, one record per
turn ({"session", "index", "role", "text"}, plus "mark" for a turn a lesson points at and "keeps" for
the facts a turn states), checked line by line when this module is imported. The users and their facts
are in `people.json` there. The tools live with the agent (`course_lib.agent.tools`) and are re-exported here.

    from course_lib.course import scenario
    scenario.PRIYA_FACTS                    # what a memory should know about Priya
    scenario.SESSIONS["budget_window"]      # budget in message index 1, dinner question at index 12
    scenario.LONG_TRIP                      # 40 messages, about 8,000 tokens
    scenario.TOOLS                          # Toolbox: OpenAI schemas + functions
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from course_lib.agent.tools import (  # noqa: F401  (re-exported: scenario.TOOLS, scenario.RESTAURANTS, …)
    DIETS, GUIDE_URL, KEY_SENTENCES, PAGES, RESTAURANTS, TOOL_FUNCTIONS, TOOL_SCHEMAS, TOOLS, WEATHER, book_table,
    confirmation_id, get_weather, read_page, search_restaurants)

DATA = Path(__file__).resolve().parent.parent / "data" / "scenario"
SESSION_NAMES = ("intro", "budget_window", "weather", "updates", "marco", "long_trip")  # one <name>.jsonl each
ROLES = ("user", "assistant")
REQUIRED = {"session": str, "index": int, "role": str, "text": str}
OPTIONAL = {"mark": str, "keeps": list}
KINDS = {str: "text", int: "whole number", list: "list", dict: "JSON object"}

Message = dict[str, str]


class ScenarioDataError(ValueError):
    """A scenario data file holds something the loader cannot use; the message names the file and line."""


@dataclass(frozen=True)
class Turn:
    """One record of a session file: its position, who speaks, the text and what the turn carries."""

    session: str
    index: int
    role: str
    text: str
    mark: str | None = None  # a name lessons use to find this turn, e.g. "budget"
    keeps: tuple[str, ...] = ()  # facts stated in this turn that a summary must keep

    @property
    def message(self) -> Message:
        """The turn as a chat message."""
        return {"role": self.role, "content": self.text}


def check_turn(record: Any, session: str, index: int) -> Turn:
    """A Turn from one decoded record that must be turn `index` of `session`; ValueError says what is wrong."""
    if not isinstance(record, dict):
        raise ValueError(f"a turn is a JSON object, got {type(record).__name__}")
    unknown = sorted(set(record) - set(REQUIRED) - set(OPTIONAL))
    missing = [k for k in REQUIRED if k not in record]
    if unknown or missing:
        raise ValueError(f"a turn has the fields {', '.join(REQUIRED)} (optional: {', '.join(OPTIONAL)}); "
                         f"missing {missing}, unknown {unknown}")
    for key, kind in {**REQUIRED, **OPTIONAL}.items():
        value = record.get(key, kind())
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"{key} must be a {KINDS[kind]}, got {value!r}")
    if record["session"] != session:
        raise ValueError(f"session is {record['session']!r} but the file is {session}.jsonl")
    if record["index"] != index:
        raise ValueError(f"index is {record['index']} but this is turn {index} of the file (number turns 0, 1, 2 …)")
    if record["role"] not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, got {record['role']!r}")
    if not record["text"].strip():
        raise ValueError("text is empty")
    if "mark" in record and not record["mark"].strip():
        raise ValueError("mark is empty; leave it out or name the turn")
    keeps = tuple(record.get("keeps", ()))
    for fact in keeps:
        if not isinstance(fact, str) or not fact or fact not in record["text"]:
            raise ValueError(f"keeps lists {fact!r}, which the text does not contain")
    return Turn(session, index, record["role"], record["text"], record.get("mark"), keeps)


def load_session(path: Path) -> list[Turn]:
    """Every turn of one session file, validated; ScenarioDataError names the file and line of a bad record."""
    path = Path(path)
    turns: list[Turn] = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            turns.append(check_turn(json.loads(line), path.stem, len(turns)))
        except json.JSONDecodeError as exc:
            raise ScenarioDataError(f"{path}, line {lineno}: not valid JSON ({exc.msg}); "
                                    "write one JSON object per line") from None
        except ValueError as exc:
            raise ScenarioDataError(f"{path}, line {lineno}: {exc}") from None
    if not turns:
        raise ScenarioDataError(f"{path}: no turns; a session file holds one JSON object per line")
    return turns


def load_people(path: Path, long_trip: list[Turn]) -> dict[str, Any]:
    """The users, their facts and the long trip's must-keep facts from people.json, checked against the turns."""
    path = Path(path)
    people = json.loads(path.read_text(encoding="utf-8"))
    shapes = {"users": dict, "facts": dict, "goldfish_question": str, "long_trip_facts": list}
    for key, kind in shapes.items():
        if not isinstance(people.get(key), kind):
            raise ScenarioDataError(f"{path}: {key!r} must be a {KINDS[kind]}, got {people.get(key)!r:.60}")
    kept = [fact for turn in long_trip for fact in turn.keeps]
    if sorted(people["long_trip_facts"]) != sorted(kept):
        raise ScenarioDataError(f"{path}: long_trip_facts must list exactly the facts the 'keeps' fields of "
                                f"long_trip.jsonl name; only in people.json: "
                                f"{sorted(set(people['long_trip_facts']) - set(kept))}, only in the turns: "
                                f"{sorted(set(kept) - set(people['long_trip_facts']))}")
    return people


def marked(turns: list[Turn], mark: str) -> int:
    """The index of the one turn carrying `mark`."""
    found = [t.index for t in turns if t.mark == mark]
    if len(found) != 1:
        raise ScenarioDataError(f"{len(found)} turns of {turns[0].session}.jsonl are marked {mark!r}; exactly one must be")
    return found[0]


TURNS: dict[str, list[Turn]] = {name: load_session(DATA / f"{name}.jsonl") for name in SESSION_NAMES}
SESSIONS: dict[str, list[Message]] = {name: [t.message for t in turns] for name, turns in TURNS.items()}
SESSION_INTRO = SESSIONS["intro"]
SESSION_BUDGET_WINDOW = SESSIONS["budget_window"]
SESSION_WEATHER = SESSIONS["weather"]
SESSION_UPDATES = SESSIONS["updates"]
SESSION_MARCO = SESSIONS["marco"]
LONG_TRIP = SESSIONS["long_trip"]  # 40 messages (20 from Priya, 20 replies), about 8,000 tokens

BUDGET_INDEX = marked(TURNS["budget_window"], "budget")  # the message that states the budget (Priya's 2nd)
DINNER_QUESTION_INDEX = marked(TURNS["budget_window"], "dinner_question")  # a 10-message window loses the budget

_PEOPLE = load_people(DATA / "people.json", TURNS["long_trip"])
USERS: dict[str, dict[str, Any]] = _PEOPLE["users"]
PRIYA_FACTS: list[str] = _PEOPLE["facts"]["priya"]
MARCO_FACTS: list[str] = _PEOPLE["facts"]["marco"]
GOLDFISH_QUESTION: str = _PEOPLE["goldfish_question"]
LONG_TRIP_FACTS: list[str] = _PEOPLE["long_trip_facts"]  # names and numbers a good summary keeps (lesson 04)

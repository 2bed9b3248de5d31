"""The offline model's ReAct policy: readable rules that choose a tool, read its result, and answer.

The rules, in the order they are applied:

1. **What is asked** comes from the last user message:
   a URL → ``read_page``; "book / reserve / table" → ``search_restaurants`` then ``book_table``;
   "restaurant / dinner / lunch / eat / food" → ``search_restaurants``; "weather / rain / forecast" →
   ``get_weather``; "what is my name / diet / budget" → answered from the prompt; anything else → a short
   friendly reply. Only tools the request offers are ever called.
2. **Constraints** are read from *every* system and user message in the prompt, so recalled facts,
   a summary note or an earlier user message all count (assistant and tool text does not):
   diet = the last "vegetarian" / "vegan" not negated ("not just vegetarian" is skipped; "eats meat" or
   "no longer vegetarian" clears it); budget = the last amount in EUR in a sentence that mentions a budget,
   "per person", "at most", "max", "under" or "up to"; city = a city named in the question, else the last
   one mentioned. Time ("19:00"), day ("Friday") and party size ("for 2") come from the question.
3. **Choosing**: the search is called with the constraints it knows; from the results it keeps those that
   really satisfy them and takes the best rated (ties: alphabetical). With no constraints in the prompt
   that is simply the top-rated place, whatever it costs.
4. **After each observation** it either calls the next tool (search → book; a truncated page with a
   ``read_more(pointer=…, offset=…)`` hint → read more until a sentence shares at least half the
   question's words) or answers with
   a final text that names what it chose and why.

Every step is deterministic: the same prompt always gives the same reply.
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model.offline.registry import Messages, Reply, rule, tool_call

CITIES = ("Berlin", "Paris", "Munich", "Hamburg", "London", "Rome", "Vienna", "Madrid", "Amsterdam")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
STOPWORDS = set("""a an and are about at be can do does for from give how i in is it me my of on or page
please say says see tell the this that to what when where which who why will with you your there their
would could should""".split())

URL = re.compile(r"https?://[^\s)\"'>]+")
MONEY = re.compile(r"(?:€\s*(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s*(?:EUR|€|euros?)\b)", re.I)
BUDGET_CUE = re.compile(r"budget|per person|at most|\bmax|\bunder\b|up to|no more than", re.I)
DIET_WORD = re.compile(r"\b(vegetarian|vegan)\b", re.I)
NEGATED = re.compile(r"\b(?:not|isn't|aren't|no)\s+(?:just\s+|really\s+|strictly\s+)?$", re.I)
DIET_RESET = re.compile(r"\b(?:eats? meat|no longer (?:vegetarian|vegan)|not (?:vegetarian|vegan) any ?more)\b",
                        re.I)
TIME = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b")
PEOPLE = re.compile(r"\bfor (\d+|" + "|".join(NUMBER_WORDS) + r")\b(?!:)", re.I)
POINTER = re.compile(r"read_more\(pointer=['\"]([\w.-]+)['\"], offset=(\d+)\)")
NAME = re.compile(r"(?:\bmy name is|\bI'm|\bI am|\bname is|\bit's)\s+([A-Z][a-z]+)")


# ------------------------------------------------------------------------------ reading the prompt
def prompt_text(messages: Messages) -> str:
    """Everything the user said or the system prompt holds, in order (where constraints come from)."""
    return "\n".join(str(m.get("content") or "") for m in messages if m.get("role") in ("system", "user"))


def sentences(text: str) -> list[str]:
    """Text split into sentences (and lines)."""
    parts = re.split(r"(?<=[.!?])\s+|\n+", text)
    return [p.strip(" -•*") for p in parts if p.strip(" -•*")]


def find_diet(text: str) -> str | None:
    """The last diet stated and not negated, or None."""
    events: list[tuple[int, str | None]] = []
    for m in DIET_WORD.finditer(text):
        if not NEGATED.search(text[max(0, m.start() - 25): m.start()]):
            events.append((m.start(), m.group(1).lower()))
    events += [(m.start(), None) for m in DIET_RESET.finditer(text)]
    return max(events, key=lambda e: e[0])[1] if events else None


def find_budget(text: str) -> float | None:
    """The last EUR amount in a sentence about a budget or a price per person, or None."""
    budget = None
    for s in sentences(text):
        if BUDGET_CUE.search(s):
            amounts = [m.group(1) or m.group(2) for m in MONEY.finditer(s)]
            if amounts:
                budget = float(amounts[-1].replace(",", "."))
    return budget


def find_city(question: str, text: str) -> str | None:
    """A city named in the question, else the last city mentioned in the prompt."""
    for source in (question, text):
        hits = [(m.start(), c) for c in CITIES for m in re.finditer(rf"\b{c}\b", source)]
        if hits:
            return max(hits)[1]
    return None


def find_when(question: str) -> str:
    """'Friday 19:00' from the question (defaults: no day, 19:00)."""
    day = next((d for d in DAYS if re.search(rf"\b{d}\b", question, re.I)), "")
    t = TIME.search(question)
    clock = f"{int(t.group(1)):02d}:{t.group(2)}" if t else "19:00"
    return f"{day} {clock}".strip()


def find_people(question: str) -> int:
    """Party size from 'for 2' / 'for two' (default 2)."""
    m = PEOPLE.search(question)
    if not m:
        return 2
    word = m.group(1).lower()
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def constraints(question: str, text: str) -> dict[str, Any]:
    """Diet, budget and city found in the prompt."""
    return {"diet": find_diet(text), "budget": find_budget(text), "city": find_city(question, text)}


def describe(c: dict[str, Any]) -> str:
    """The constraints in words, for thoughts and answers."""
    parts = []
    if c["diet"]:
        parts.append(c["diet"])
    if c["budget"] is not None:
        parts.append(f"at most {c['budget']:g} EUR per person")
    return " and ".join(parts)


def intent(question: str) -> str:
    """What the user wants: page, book, restaurant, weather, recall or chat."""
    q = question.lower()
    if URL.search(question):
        return "page"
    if re.search(r"\bwhat(?:'s| is| are)? my\b|\bdo you (?:know|remember)\b", q):
        return "recall"
    if re.search(r"\b(book|reserve|reservation|table for)\b", q):
        return "book"
    if re.search(r"\b(restaurant|dinner|lunch|eat|food|place to eat|where to eat)\b", q):
        return "restaurant"
    if re.search(r"\b(weather|rain|forecast|temperature|sunny)\b", q):
        return "weather"
    return "chat"


def tool_history(messages: Messages, start: int) -> list[tuple[str, dict[str, Any], str]]:
    """(tool name, arguments, observation) for each tool call after position `start`."""
    results = {m.get("tool_call_id"): str(m.get("content") or "") for m in messages[start:] if m.get("role") == "tool"}
    done = []
    for m in messages[start:]:
        for c in m.get("tool_calls") or []:
            fn = c.get("function", {})
            try:
                args = json.loads(fn.get("arguments") or "{}")
            except json.JSONDecodeError:
                args = {}
            done.append((fn.get("name", ""), args, results.get(c.get("id"), "")))
    return done


def next_call_id(messages: Messages) -> str:
    """A call id unique within this conversation: call_1, call_2, …"""
    n = sum(len(m.get("tool_calls") or []) for m in messages)
    return f"call_{n + 1}"


def call(messages: Messages, thought: str, name: str, **args: Any) -> Reply:
    """A reply that calls one tool, with the thought as its content."""
    args = {k: v for k, v in args.items() if v is not None}
    return Reply(content=thought, tool_calls=[tool_call(next_call_id(messages), name, json.dumps(args))])


# ------------------------------------------------------------------------------------- choosing
def choose(observation: str, c: dict[str, Any]) -> dict[str, Any] | None:
    """The best-rated restaurant in a search result that satisfies the constraints (None if none does)."""
    try:
        found = json.loads(observation)
    except json.JSONDecodeError:
        return None
    if not isinstance(found, list):
        return None
    ok = [r for r in found if isinstance(r, dict)
          and (not c["diet"] or c["diet"] in r.get("diet", []))
          and (c["budget"] is None or r.get("price_per_person", 0) <= c["budget"])]
    return min(ok, key=lambda r: (-r.get("rating", 0), r.get("name", ""))) if ok else None


def why(c: dict[str, Any], city: str) -> str:
    """Why the choice was made, in one clause."""
    known = describe(c)
    return (f"it is the best-rated place in {city} that is {known}" if known
            else f"it is the best-rated restaurant in {city} (I know nothing about your diet or budget)")


def keywords(text: str) -> set[str]:
    """Content words of a question (lower case, no stop words)."""
    return {w for w in re.findall(r"[a-zà-ü0-9&]+", text.lower()) if len(w) > 2 and w not in STOPWORDS}


def best_sentences(question: str, pages: list[str], k: int = 2) -> list[str]:
    """Up to k sentences of the pages that share at least half the question's words (and at least two)."""
    words = keywords(URL.sub(" ", question))
    need = max(2, (len(words) + 1) // 2)
    scored = []
    for p, page in enumerate(pages):
        for i, s in enumerate(sentences(page)):
            if POINTER.search(s):
                continue
            overlap = len(words & keywords(s))
            if overlap >= need:
                scored.append((-overlap, p, i, s))
    return [s for *_, s in sorted(scored)[:k]]


# ---------------------------------------------------------------------------------------- the rule
@rule("react")
def react(messages: Messages, body: dict[str, Any]) -> Reply:
    """One ReAct step: the next tool call, or the final answer."""
    offered = {t.get("function", {}).get("name") for t in body.get("tools") or []}
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=None)
    if last_user is None:
        return Reply(content="Hello! What can I help you with?")
    question = str(messages[last_user].get("content") or "")
    c = constraints(question, prompt_text(messages))
    city = c["city"] or "Berlin"
    done = tool_history(messages, last_user + 1)
    names = [d[0] for d in done]
    goal = intent(question)

    def need(tool: str) -> Reply | None:
        if tool not in offered:
            return Reply(content=f"I would need the {tool} tool for that, and it is not available to me.")
        return None

    if goal == "page":
        url = URL.search(question).group(0).rstrip(".,;:!?")
        if "read_page" not in names:
            return need("read_page") or call(messages, f"The user points me to {url}; I read the page first.",
                                             "read_page", url=url)
        observations = [d[2] for d in done if d[0] in ("read_page", "read_more")]
        found = best_sentences(question, observations)
        pointer = POINTER.search(observations[-1])
        if not found and pointer and "read_more" in offered:
            return call(messages, "What I have read so far does not answer the question; the output was cut, "
                        "so I read the next part.", "read_more", pointer=pointer.group(1),
                        offset=int(pointer.group(2)), max_tokens=4000)
        if not found:
            return Reply(content=f"I read {url} but found nothing about that in the part I saw.")
        return Reply(content=f"From {url}: " + " ".join(found))

    if goal == "recall":
        q = question.lower()
        if "name" in q:
            m = None
            for m in NAME.finditer(prompt_text(messages[:last_user])):
                pass
            return Reply(content=f"Your name is {m.group(1)}." if m else
                         "I don't know your name: nobody has told me in this conversation.")
        if "diet" in q or "eat" in q:
            return Reply(content=f"You are {c['diet']}." if c["diet"] else "I don't know your diet.")
        if "budget" in q:
            return Reply(content=f"Your dinner budget is {c['budget']:g} EUR per person." if c["budget"] is not None
                         else "I don't know your budget.")
        return Reply(content="I only know what is in this conversation and the facts I was given.")

    if goal in ("book", "restaurant"):
        if "search_restaurants" not in names:
            known = describe(c)
            thought = (f"The user wants {'a table' if goal == 'book' else 'a restaurant'} in {city}. "
                       + (f"From my prompt I know: {known}. I search with those filters."
                          if known else "I know no diet or budget for this user, so I search all restaurants."))
            return need("search_restaurants") or call(
                messages, thought, "search_restaurants", city=city, diet=c["diet"], max_price=c["budget"])
        chosen = choose([d[2] for d in done if d[0] == "search_restaurants"][-1], c)
        if chosen is None:
            return Reply(content=f"I found no restaurant in {city} that is {describe(c) or 'available'}.")
        summary = (f"{chosen['name']} ({chosen.get('cuisine', 'restaurant')}, "
                   f"{chosen.get('price_per_person', '?')} EUR per person, rated {chosen.get('rating', '?')})")
        if goal == "restaurant":
            return Reply(content=f"I suggest {summary} in {city}: {why(c, city)}.")
        if "book_table" not in names:
            when, people = find_when(question), find_people(question)
            return need("book_table") or call(
                messages, f"I choose {chosen['name']}: {why(c, city)}. Now I book it for {people} at {when}.",
                "book_table", restaurant=chosen["name"], time=when, people=people)
        result = [d for d in done if d[0] == "book_table"][-1]
        try:
            booking = json.loads(result[2])
        except json.JSONDecodeError:
            return Reply(content=f"The booking at {chosen['name']} failed: {result[2]}")
        return Reply(content=f"I booked {summary} for {booking['people']} on {booking['time']}. "
                             f"Confirmation: {booking['confirmation']}. I chose it because {why(c, city)}.")

    if goal == "weather":
        if "get_weather" not in names:
            return need("get_weather") or call(messages, f"The user asks about the weather; I check {city}.",
                                               "get_weather", city=city)
        try:
            w = json.loads([d[2] for d in done if d[0] == "get_weather"][-1])
            return Reply(content=f"Weather in {w['city']}: Friday {w['friday']}; Saturday {w['saturday']}; "
                                 f"Sunday {w['sunday']}.")
        except (json.JSONDecodeError, KeyError, TypeError):
            return Reply(content=f"I could not get the weather: {done[-1][2]}")

    return Reply(content="Thanks for telling me! Let me know whenever you want me to look something up or book it.")

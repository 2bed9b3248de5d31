"""The offline model's ReAct policy: readable rules that choose a tool, read its result, and answer.

The rules, in the order they are applied:

1. **What is asked** comes from the last user message:
   a URL → ``read_page``; "book / reserve / table" → ``search_restaurants`` then ``book_table``;
   "restaurant / dinner / lunch / eat / food" → ``search_restaurants``; "weather / rain / forecast" →
   ``get_weather``; "what is my name / diet / budget" → answered from the prompt; anything else → a short
   friendly reply. Only tools the request offers are ever called. When the request offers the memory tools
   (save_memory, search_memory, forget_memory), the rules of self_memory.py run first.
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
   a final text that names what it chose and why. A booking the prompt says is "book_table already done
   with {...}" (a lesson recalled from an earlier session), or that the tool reports as ``already_done``,
   is not booked again.
5. **Old high-stakes facts**: before searching or booking, if the prompt flags recalled facts with
   "confirm before relying on it", it asks whether they still hold instead of acting; the user's next
   message is the answer, and the original request goes ahead with it ("no, I moved to Munich" counts).

Every step is deterministic: the same prompt always gives the same reply. Reading the prompt (rules 1
and 2) is in reading.py; this module chooses and answers, one small function per intent (INTENTS).
"""
from __future__ import annotations

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable

from course_lib.model.offline.reading import (  # noqa: F401  (constraints & co. are read as react.constraints)
    NAME, POINTER, URL, best_sentences, constraints, describe, find_budget, find_city, find_diet, find_people,
    find_when, intent, prompt_text, tool_history)
from course_lib.model.offline.reply import Messages, Reply, tool_call
from course_lib.model.prompts import STALE_FLAG
from course_lib.model.offline.self_memory import memory_step, recalled_text


ASK_TO_CONFIRM = "Before I go ahead with"  # opens the question about old high-stakes facts


@dataclass
class Step:
    """What one ReAct step knows: the request, the user's constraints and the tool calls made for it so far."""

    messages: Messages
    offered: set[str]  # names of the tools the request offers
    last_user: int  # position of the user message being answered
    question: str
    c: dict[str, Any]  # diet, budget, city
    city: str
    done: list[tuple[str, dict[str, Any], str]]  # (tool, arguments, observation) since the question
    confirmed: bool = False  # the user has just answered the question about old facts

    @property
    def names(self) -> list[str]:
        """The tools called so far, in order."""
        return [d[0] for d in self.done]

    def results(self, *tools: str) -> list[str]:
        """The observations of the named tools, in order."""
        return [d[2] for d in self.done if d[0] in tools]

    def call(self, tool: str, thought: str, **args: Any) -> Reply:
        """Call `tool` (arguments that are None are left out), or say it is missing if the request lacks it."""
        if tool not in self.offered:
            return Reply(content=f"I would need the {tool} tool for that, and it is not available to me.")
        args = {k: v for k, v in args.items() if v is not None}
        return Reply(content=thought, tool_calls=[tool_call(next_call_id(self.messages), tool, json.dumps(args))])


DONE_BEFORE = re.compile(r"\b(\w+) already done with (\{[^{}]*\})")


def done_before(messages: Messages, tool: str, args: dict[str, Any]) -> bool:
    """Does the prompt (e.g. a recalled lesson "book_table already done with {...}") say this exact call was made?"""
    for m in DONE_BEFORE.finditer(prompt_text(messages)):
        try:
            if m.group(1) == tool and json.loads(m.group(2)) == args:
                return True
        except json.JSONDecodeError:
            continue
    return False


def next_call_id(messages: Messages) -> str:
    """A call id unique within this conversation: call_1, call_2, …"""
    n = sum(len(m.get("tool_calls") or []) for m in messages)
    return f"call_{n + 1}"


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


# ---------------------------------------------------------------------------------- one per intent
def page(s: Step) -> Reply:
    """Read the page the question links to (and more of it, while the answer is not in what was read)."""
    url = URL.search(s.question).group(0).rstrip(".,;:!?")
    if "read_page" not in s.names:
        return s.call("read_page", f"The user points me to {url}; I read the page first.", url=url)
    observations = s.results("read_page", "read_more")
    found = best_sentences(s.question, observations)
    pointer = POINTER.search(observations[-1])
    if not found and pointer and "read_more" in s.offered:
        return s.call("read_more", "What I have read so far does not answer the question; the output was cut, "
                      "so I read the next part.", pointer=pointer.group(1), offset=int(pointer.group(2)),
                      max_tokens=4000)
    if not found:
        return Reply(content=f"I read {url} but found nothing about that in the part I saw.")
    return Reply(content=f"From {url}: " + " ".join(found))


def recall(s: Step) -> Reply:
    """Answer "what is my name / diet / budget" from the prompt alone."""
    q = s.question.lower()
    if "name" in q:
        names = list(NAME.finditer(prompt_text(s.messages[: s.last_user])))
        return Reply(content=f"Your name is {names[-1].group(1)}." if names else
                     "I don't know your name: nobody has told me in this conversation.")
    if "diet" in q or "eat" in q:
        return Reply(content=f"You are {s.c['diet']}." if s.c["diet"] else "I don't know your diet.")
    if "budget" in q:
        return Reply(content=f"Your dinner budget is {s.c['budget']:g} EUR per person." if s.c["budget"] is not None
                     else "I don't know your budget.")
    return Reply(content="I only know what is in this conversation and the facts I was given.")


def stale_facts(messages: Messages) -> list[str]:
    """The recalled facts the system prompt flags as old and high-stakes (recall_block marks them)."""
    text = "\n".join(str(m.get("content") or "") for m in messages if m.get("role") == "system")
    return [line[2:].strip() for line in text.splitlines() if line.startswith("- ") and STALE_FLAG in line]


def confirmation_answered(messages: Messages, last_user: int) -> str | None:
    """The request the user is confirming, if the last user message answers this model's confirmation question."""
    before = messages[last_user - 1] if last_user >= 2 else {}
    if before.get("role") != "assistant" or not str(before.get("content") or "").startswith(ASK_TO_CONFIRM):
        return None
    return str(messages[last_user - 2].get("content") or "") if messages[last_user - 2].get("role") == "user" else None


def ask_to_confirm(s: Step, book: bool) -> Reply | None:
    """Before acting on old high-stakes facts, ask whether they still hold (once: the answer is the go-ahead)."""
    flagged = stale_facts(s.messages)
    if not flagged or s.done or s.confirmed:
        return None
    listed = "\n".join(f"- {f}" for f in flagged[:3])
    return Reply(content=f"{ASK_TO_CONFIRM} {'booking' if book else 'suggesting a place'}: some of what I know "
                         f"about you is old and matters if it is wrong:\n{listed}\nDoes this still hold? "
                         "Tell me what changed, or say yes.")


def restaurant(s: Step, book: bool = False) -> Reply:
    """Search with the known constraints, choose the best place that meets them, and book it if asked."""
    asking = ask_to_confirm(s, book)
    if asking is not None:
        return asking
    c, city = s.c, s.city
    if "search_restaurants" not in s.names:
        known = describe(c)
        thought = (f"The user wants {'a table' if book else 'a restaurant'} in {city}. "
                   + (f"From my prompt I know: {known}. I search with those filters."
                      if known else "I know no diet or budget for this user, so I search all restaurants."))
        return s.call("search_restaurants", thought, city=city, diet=c["diet"], max_price=c["budget"])
    chosen = choose(s.results("search_restaurants")[-1], c)
    if chosen is None:
        return Reply(content=f"I found no restaurant in {city} that is {describe(c) or 'available'}.")
    summary = (f"{chosen['name']} ({chosen.get('cuisine', 'restaurant')}, "
               f"{chosen.get('price_per_person', '?')} EUR per person, rated {chosen.get('rating', '?')})")
    if not book:
        return Reply(content=f"I suggest {summary} in {city}: {why(c, city)}.")
    if "book_table" not in s.names:
        when, people = find_when(s.question), find_people(s.question)
        if done_before(s.messages, "book_table", {"restaurant": chosen["name"], "time": when, "people": people}):
            return Reply(content=f"You already have this booking: {chosen['name']} for {people} on {when} was booked "
                                 f"in an earlier session, so I do not book it again.")
        return s.call("book_table", f"I choose {chosen['name']}: {why(c, city)}. Now I book it for {people} at {when}.",
                      restaurant=chosen["name"], time=when, people=people)
    result = s.results("book_table")[-1]
    try:
        booking = json.loads(result)
    except json.JSONDecodeError:
        return Reply(content=f"The booking at {chosen['name']} failed: {result}")
    if isinstance(booking, dict) and booking.get("already_done"):
        return Reply(content=f"This table was already booked in an earlier session (confirmation "
                             f"{booking.get('confirmation', '?')}), so I did not book it again.")
    return Reply(content=f"I booked {summary} for {booking['people']} on {booking['time']}. "
                         f"Confirmation: {booking['confirmation']}. I chose it because {why(c, city)}.")


def weather(s: Step) -> Reply:
    """Check the forecast for the city, then report it."""
    if "get_weather" not in s.names:
        return s.call("get_weather", f"The user asks about the weather; I check {s.city}.", city=s.city)
    try:
        w = json.loads(s.results("get_weather")[-1])
        return Reply(content=f"Weather in {w['city']}: Friday {w['friday']}; Saturday {w['saturday']}; "
                             f"Sunday {w['sunday']}.")
    except (json.JSONDecodeError, KeyError, TypeError):
        return Reply(content=f"I could not get the weather: {s.done[-1][2]}")


def chat(s: Step) -> Reply:
    """Anything else: a short friendly reply, no tools."""
    return Reply(content="Thanks for telling me! Let me know whenever you want me to look something up or book it.")


INTENTS: dict[str, Callable[[Step], Reply]] = {
    "page": page, "recall": recall, "book": lambda s: restaurant(s, book=True), "restaurant": restaurant,
    "weather": weather, "chat": chat}


# ---------------------------------------------------------------------------------------- the rule
def react(messages: Messages, body: dict[str, Any]) -> Reply:
    """One ReAct step: the next tool call, or the final answer, from the handler of the question's intent."""
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=None)
    if last_user is None:
        return Reply(content="Hello! What can I help you with?")
    question = str(messages[last_user].get("content") or "")
    confirming = confirmation_answered(messages, last_user)
    if confirming is not None:  # "yes" / "no, I moved to Munich": the request asked about, with this answer
        question = f"{confirming}\n{question}"
    done = tool_history(messages, last_user + 1)
    c = constraints(question, "\n".join([prompt_text(messages), recalled_text(done)]))  # + search_memory's hits
    step = Step(messages=messages, offered={t.get("function", {}).get("name") for t in body.get("tools") or []},
                last_user=last_user, question=question, c=c, city=c["city"] or "Berlin", done=done,
                confirmed=confirming is not None)
    return memory_step(step) or INTENTS[intent(question)](step)  # memory tools (self_memory.py) come first

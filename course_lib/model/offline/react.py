"""The offline model's ReAct policy: readable rules that choose a tool, read its result, and answer.

The rules, in the order they are applied:

1. **What is asked** comes from the last user message (intents.py, six languages): a URL → ``read_page``;
   "delete everything you know about me" → ``forget_everything``; "forget my allergy" → ``search_memory`` then
   ``forget_memory`` (without memory tools: it says it cannot delete anything itself); a question about the
   user ("Wie heiße ich?", "Where do I live?", "what's my flight number?") → answered from the prompt's facts
   (answers.py; by meaning for anything a slot reader does not know: recollect.py); "book /
   reserve / Tisch / réserver / mesa / tavolo" → ``search_restaurants`` then ``book_table`` (booking.py);
   "restaurant / dinner / eat" → ``search_restaurants``; "weather / Wetter / météo" → ``get_weather``; a request
   close to the description of a tool the rules do not know (a learner's own tool) → that tool (own_tools.py);
   small talk → a short reply; a statement about the user → what was understood of it; anything else → "I did
   not understand …". Only offered tools are called; with the memory tools, self_memory.py's rules run first.
2. **Constraints** are read from the prompt's fact text (reading.fact_text: every system and user message,
   so recalled facts, a summary note or an earlier user message all count): diet (the last stated, "I don't
   eat meat" = vegetarian, "eats meat again" clears it), budget (an EUR amount, in digits or words, in a
   sentence about a budget or a price per person), city (named in the question, else the last one mentioned).
   Day, time and party size come from the question (course_lib/model/when.py, amounts.py).
3. **Asking instead of guessing**: a booking needs a place, a day, a time and a party size from the user;
   if one is missing or ambiguous ("at 8", "this weekend") it asks one question and calls no tool. The
   user's next message is read together with the request it answers.
4. **Choosing**: a restaurant the user names is booked as named if the search finds it; otherwise the
   search is called with the constraints it knows, and the best-rated result that meets them is taken
   (ties: alphabetical). With no constraints that is simply the top-rated place, whatever it costs.
5. **After each observation** it either calls the next tool (search → book; a truncated page with a
   ``read_more(pointer=…, offset=…)`` hint → read more until a sentence shares at least half the question's
   words) or answers with a final text that names what it chose and why; a tool's error is reported as the
   tool gave it ("no forecast for 'Lisbon'"). A booking the prompt says is "book_table already done with
   {...}" (a lesson recalled from an earlier session), or that the tool reports as ``already_done``, is not
   booked again.
6. **Old high-stakes facts**: before searching or booking, if the prompt flags recalled facts with
   "confirm before relying on it", it asks whether they still hold instead of acting; the user's next
   message is the answer, and the original request goes ahead with it ("no, I moved to Munich" counts).
7. **Skills** (skills.py): when the system prompt carries a skill index and the request offers ``load_skill``,
   the skill whose description is closest to the request (embedding similarity, with a threshold) is loaded
   first; its "if the diet or budget is unknown, ask" step is followed, and the answer names the skill.
8. **Repeats** (repeats.py): "again", "a second table" send the booking with a ``request_id`` when a ledger
   guards the tool; a call the ledger holds as near an earlier one becomes one question, only "yes" books.

Deterministic (the same prompt, the same reply); one small function per intent (INTENTS), reading in reading.py.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Callable

from course_lib.model.clock import COURSE_START
from course_lib.model.offline import answers, booking, own_tools, recollect, skills
from course_lib.model.offline.forecast import weather
from course_lib.model.offline.intents import URL, intent
from course_lib.model.offline.places import city_named
from course_lib.model.offline.reading import (POINTER, best_sentences, constraints,
                                              fact_text, prompt_text, tool_history, weather_city)
from course_lib.model.offline.reply import Messages, Reply, tool_call
from course_lib.model.offline.self_memory import memory_step, recalled_text
from course_lib.model.offline.answering import ASK_TO_CONFIRM, confirmation_answered, details_answered
from course_lib.model.offline.slots import as_answer, booking_without_a_verb, names_a_place_and_when
from course_lib.model.offline.speak import in_english
from course_lib.model.when import WEEKDAYS, day_of, today_in
from course_lib.model.prompts import STALE_FLAG




@dataclass
class Situation:
    """What the offline model knows at one ReAct step: the request, the user's constraints and the tool calls made for it so far."""

    messages: Messages
    offered: set[str]  # names of the tools the request offers
    last_user: int  # position of the user message being answered
    question: str
    c: dict[str, Any]  # diet, budget, city
    city: str | None  # the city the request is about, if the prompt names one
    done: list[tuple[str, dict[str, Any], str]]  # (tool, arguments, observation) since the question
    confirmed: bool = False  # the user has just answered the question about old facts
    tools: list[dict[str, Any]] | None = None  # the schemas the request offers

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


DONE_BEFORE = re.compile(r"\b(\w+) already done with (\{[^{}]*\})(?: on (\d{4}-\d{2}-\d{2}))?")


def done_before(messages: Messages, tool: str, args: dict[str, Any]) -> bool:
    """Does the prompt (e.g. a recalled lesson "book_table already done with {...} on 2026-03-06") say this exact
    call was made? A lesson with a date counts only if the call's day falls on that date (next week's Friday is
    another booking)."""
    for m in DONE_BEFORE.finditer(prompt_text(messages)):
        try:
            if m.group(1) == tool and json.loads(m.group(2)) == args and (
                    m.group(3) is None or m.group(3) == day_date(messages, str(args.get("time", "")))):
                return True
        except json.JSONDecodeError:
            continue
    return False


def day_date(messages: Messages, text: str) -> str | None:
    """The ISO date of the weekday in `text`, counted from today as the prompt states it (today included)."""
    today = today_in(fact_text(messages), COURSE_START.date())
    day = day_of(text, today).value
    return (today + timedelta(days=(WEEKDAYS.index(day) - today.weekday()) % 7)).isoformat() if day else None


def next_call_id(messages: Messages) -> str:
    """A call id unique within this conversation: call_1, call_2, …"""
    n = sum(len(m.get("tool_calls") or []) for m in messages)
    return f"call_{n + 1}"


# ---------------------------------------------------------------------------------- one per intent
def page(s: Situation) -> Reply:
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


def recall(s: Situation) -> Reply:
    """Answer a question about the user ("what is my name / diet / budget", "Wo wohne ich?") from the prompt."""
    recalled = recalled_text(s.done)
    return Reply(content=answers.answer_question(s.question, "\n".join([fact_text(s.messages), recalled]),
                                                 recollect.candidates(s.messages, s.last_user, recalled)))


def stale_facts(messages: Messages) -> list[str]:
    """The recalled facts the system prompt flags as old and high-stakes (recall_block marks them)."""
    text = "\n".join(str(m.get("content") or "") for m in messages if m.get("role") == "system")
    return [line[2:].strip() for line in text.splitlines() if line.startswith("- ") and STALE_FLAG in line]


def ask_to_confirm(s: Situation, book: bool) -> Reply | None:
    """Before acting on old high-stakes facts, ask whether they still hold (once: the answer is the go-ahead)."""
    flagged = stale_facts(s.messages)
    if not flagged or s.done or s.confirmed:
        return None
    listed = "\n".join(f"- {f}" for f in flagged[:3])
    return Reply(content=f"{ASK_TO_CONFIRM} {'booking' if book else 'suggesting a place'}: some of what I know "
                         f"about you is old and matters if it is wrong:\n{listed}\nDoes this still hold? "
                         "Tell me what changed, or say yes.")


def restaurant(s: Situation, book: bool = False) -> Reply:
    """Search, choose and (if asked, and only with everything the user must give) book: see booking.py."""
    asking = ask_to_confirm(s, book)
    if asking is not None:
        return asking
    need = skills.unknown_slots(s)  # a loaded skill's "if … is unknown, ask" step
    if need:
        listed = " and ".join(skills.SLOTS[slot] for slot in need)
        return Reply(content=f"{skills.ASK_SLOTS} {listed}: the {skills.loaded(s)[0]} skill says to ask before "
                             "searching. Could you tell me? I have booked nothing yet.")
    today = today_in(fact_text(s.messages), COURSE_START.date())
    return booking.restaurant(s, book, today, done_before)


PLACES_ASKED = re.compile(r"\b(?:restaurants|restaurantes|ristoranti|lokale|places to eat|bistrots)\b", re.I)


def asks_for_places(kind: str, question: str) -> bool:
    """Is a restaurant question a search, whatever facts it shares a cue with? Yes when it says no "I / my / ich /
    eu …" and asks for restaurants in the plural or in a city ("Que restaurantes veganos há em Berlim?", "Which
    vegan places are there in Paris?"); "Which restaurant did I book?" stays a question about the user."""
    return kind == "restaurant" and not recollect.FIRST_PERSON.search(question) and bool(
        PLACES_ASKED.search(question) or city_named(question))


FOLLOW_UP = re.compile(r"^\W*(?:and|what about|how about|und|et|y|e|ou|o|oder|or|also|auch)\b", re.I)


def follows_up(messages: Messages, last_user: int, question: str) -> str | None:
    """The user's previous request, if this message only continues it ("and in Berlin?", "what about Saturday?",
    "und am Sonntag?") and that request asked for the weather or a restaurant (never a booking: a second table is
    booked only when asked for in so many words)."""
    if not FOLLOW_UP.search(question) or len(question.split()) > 6:
        return None
    before = next((str(m.get("content") or "") for m in reversed(messages[:last_user]) if m.get("role") == "user"), None)
    return before if before is not None and intent(before) in ("weather", "restaurant") else None


def forget(s: Situation) -> Reply:
    """A deletion request that reached the ReAct rules: no memory tool does it here, so say so plainly."""
    return Reply(content=answers.cannot_forget(s.question))


def own_tool(s: Situation, schema: dict[str, Any]) -> Reply:
    """Call a learner's tool with arguments from the request (or ask for them), then report what it returned."""
    name = schema["function"]["name"]
    if name in s.names:
        out = s.results(name)[-1]
        return Reply(content=f"{name} returned: {out if len(out) <= 1500 else out[:1500] + ' …'}")
    args, need = own_tools.arguments(s.question, schema)
    if args is None:
        return Reply(content=f"I would use {name} for this, but I need {need}. What should I pass?")
    return s.call(name, f"The request matches the {name} tool ({schema['function'].get('description', '')}).",
                  **args)


def small_talk(s: Situation) -> Reply:
    """Greetings, thanks and goodbyes: a short reply, no tools."""
    q = s.question.lower()
    if any(w in q for w in ("thank", "danke", "merci", "gracias", "obrigad", "grazie", "cheers")):
        return Reply(content="You're welcome! Tell me whenever you want me to look something up or book it.")
    if any(w in q for w in ("bye", "tschüss", "revoir", "adiós", "tchau", "arrivederci", "see you", "bis bald")):
        return Reply(content="Goodbye!")
    heard = answers.acknowledge(s.question)  # "Hi, call me Sam." is a greeting and a fact
    return Reply(content=f"Hello! {heard}" if heard else "Hello! What can I help you with?")


def unknown(s: Situation) -> Reply:
    """A statement about the user gets what was understood of it; anything else fails out loud."""
    return Reply(content=answers.acknowledge(s.question) or answers.not_understood(s.question))


INTENTS: dict[str, Callable[[Situation], Reply]] = {
    "page": page, "forget_all": forget, "forget": forget, "recall": recall,
    "book": lambda s: restaurant(s, book=True), "restaurant": restaurant, "weather": weather,
    "small_talk": small_talk, "unknown": unknown}
NEEDS = {"page": "read_page", "book": "search_restaurants", "restaurant": "search_restaurants", "weather": "get_weather"}


# ---------------------------------------------------------------------------------------- the rule
def react(messages: Messages, body: dict[str, Any]) -> Reply:
    """One ReAct step: the next tool call, or the final answer, from the handler of the question's intent."""
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=None)
    if last_user is None:
        return Reply(content="Hello! What can I help you with?")
    question = str(messages[last_user].get("content") or "")
    confirming, earlier_request = confirmation_answered(messages, last_user), None
    if confirming is not None:  # "yes" / "no, I moved to Munich": the request asked about, with this answer
        question = f"{confirming}\n{as_answer(in_english(str(messages[last_user - 1].get('content') or '')), question)}"
    elif (earlier_request := details_answered(messages, last_user)) is not None:
        question = f"{earlier_request}\n{as_answer(in_english(str(messages[last_user - 1].get('content') or '')), question)}"
    done = tool_history(messages, last_user + 1)
    c = constraints(question, "\n".join([fact_text(messages), recalled_text(done)]))  # + search_memory's hits
    tools = list(body.get("tools") or [])
    step = Situation(messages=messages, offered={t.get("function", {}).get("name") for t in tools},
                last_user=last_user, question=question, c=c, city=c["city"], done=done,
                confirmed=confirming is not None, tools=tools)
    remembered = memory_step(step)  # memory tools (self_memory.py) come first
    if remembered is not None:
        return remembered
    loading = skills.to_load(step)  # a skill whose description matches the task is loaded first
    if loading is not None:
        return step.call("load_skill", f"The task matches the skill {loading[0]} (similarity {loading[1]:.2f}); "
                         "I load its steps first.", name=loading[0])
    kind = intent(question)
    if (kind == "unknown" or earlier_request is not None and kind == "restaurant") and booking_without_a_verb(question):
        kind = "book"  # a time and a party size, given alone or as the answer to what a table still needs
    if kind == "restaurant" and names_a_place_and_when(question, COURSE_START.date()):
        kind = "book"  # "quero jantar no Kiez Currywurst quinta às 18h": a table there, then
    earlier = follows_up(messages, last_user, question) if kind == "unknown" else None
    if earlier is not None:  # "and in Berlin?" after a weather question: that question, with this part winning
        step.question, kind = f"{earlier}\n{question}", intent(earlier)
    if kind in ("small_talk", "unknown") or (kind in NEEDS and NEEDS[kind] not in step.offered):
        schema, _ = own_tools.best_tool(question, tools)  # a learner's own tool, by embedding similarity
        if schema is not None:
            return own_tool(step, schema)
    if not asks_for_places(kind, question) and recollect.asks_about_user(
            kind, question, recollect.candidates(messages, last_user, recalled_text(done))):
        kind = "recall"  # "Who is my doctor?", "Welche Flugnummer habe ich?", "Which hotel did I book?"
    reply = INTENTS[kind](step)
    skill = skills.loaded(step)
    if skill is not None and not reply.tool_calls and not str(reply.content).startswith(skills.ASK_SLOTS):
        reply = Reply(content=f"{reply.content} (I followed the {skill[0]} skill.)")
    return reply

"""Recalled memories as prompt lines that say when each was learned, and flag old high-stakes facts.

A recalled fact is what was true when it was written, not necessarily what is true now. Each line
therefore carries its date and age on the course clock, e.g.

    The user lives in Paris. (learned 2026-03-02, 400 days ago; home city: confirm before relying on it)

In the agent's prompt (`recall_hook`) each line also opens with who said the memory (trust.said_by: user,
agent, tool, operator, other user), "[user] The user lives in Paris. (…)", which prompts.facts_block keeps
as the line's tag. A stored memory that reads as an order to the agent (stored before
the write contract refused such text, or by a store that skips it) is withheld: its line says so instead.

A fact is flagged when it falls in a high-stakes category (the STAKES table: getting it wrong harms the
user or costs money) and is older than that category's limit. The agent adds CONFIRM_INSTRUCTION to its
system prompt whenever a flagged fact is present, so the model asks before acting on it.
A confirmation is stored by telling the memory the fact again: `remember` with the same words dates it as
confirmed (the line then reads "learned 2026-03-02, confirmed 2027-04-06, today"); `update` replaces it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, Iterable

from course_lib.long_term.trust import instruction_in, said_by
from course_lib.model.prompts import STALE_FLAG

CONFIRM_INSTRUCTION = (f"Some facts above are marked \"{STALE_FLAG}\": they are old and matter a lot if wrong. "
                       "Before you act on one, ask the user whether it still holds.")


@dataclass(frozen=True)
class Stakes:
    """A high-stakes category: the words that mark it and the age in days after which a fact needs confirming."""

    category: str
    pattern: re.Pattern[str]
    max_age_days: int


def _words(*words: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(words) + r")(?!\w)", re.I)


# First match wins. Health and money change rarely but hurt most when wrong, so they are asked about sooner.
STAKES: tuple[Stakes, ...] = (
    Stakes("health", _words(r"allerg\w*", r"intoleran\w*", r"anaphyla\w*", r"medication", r"medicines?",
                            r"diabet\w*", r"asthma", r"coeliac", r"celiac", r"pregnan\w*", r"wheelchair", r"epiPen"), 180),
    Stakes("diet", _words(r"vegetarian", r"vegan", r"pescatarian", r"halal", r"kosher", r"gluten[- ]free",
                          r"lactose", r"diet", r"eats? meat", r"eats? fish"), 180),
    Stakes("payment", _words(r"card", r"payments?", r"pays?", r"iban", r"bank", r"billing", r"paypal", r"invoices?"), 90),
    Stakes("home city", _words(r"lives", r"live", r"living", r"moved", r"address", r"home", r"based in", r"postcode",
                               r"zip code"), 365),
    Stakes("contact", _words(r"phone", r"e-?mail", r"mobile", r"emergency contact"), 365),
    Stakes("budget", _words(r"budget", r"per person", r"can spend"), 180),
)


def stakes_of(text: str) -> Stakes | None:
    """The high-stakes category of a fact's text, or None for an everyday fact."""
    return next((s for s in STAKES if s.pattern.search(text)), None)


def days_old(learned: datetime, now: datetime) -> int:
    """Whole days from `learned` to `now` (0 if `learned` is later)."""
    return max(0, (now - learned).days)


def age_words(days: int) -> str:
    """'today', '1 day ago', '400 days ago'."""
    return "today" if days == 0 else f"{days} day{'s' if days != 1 else ''} ago"


def render(record: Any, now: datetime, origin: str | None = None) -> str:
    """One memory as a prompt line: its text, origin (if given), learned date and age, and a flag if stale."""
    learned = record.recorded_at
    confirmed = record.metadata.get("confirmed_at")  # set when the same fact was told again (contract)
    last = max(learned, datetime.fromisoformat(confirmed)) if confirmed else learned
    days = days_old(last, now)
    notes = []
    if origin == "shared":
        proposed = record.metadata.get("proposed_by")
        notes.append(f"shared fact, source: {record.source}" + (", proposed by a user" if proposed else ""))
    elif origin is not None:
        notes.append("about this user")
    again = f", confirmed {last:%Y-%m-%d}" if last.date() != learned.date() else ""
    notes.append(f"learned {learned:%Y-%m-%d}{again}, {age_words(days)}")
    stakes = stakes_of(record.text)
    if stakes is not None and days > stakes.max_age_days:
        notes.append(f"{stakes.category}: {STALE_FLAG}")
    text = record.text
    order = instruction_in(text)
    if order is not None:
        text = f"(withheld: this memory reads as an instruction to the agent: {order})"
    return f"{text} ({'; '.join(notes)})"


def render_all(found: Iterable[Any], now: datetime, tagged: bool = False) -> list[str]:
    """Prompt lines for recalled rows: `Recalled`, merged `Found` (origin shown) or plain records; with `tagged`,
    each opens with '[who said it] '."""
    lines = []
    for item in found:
        origin = getattr(item, "origin", None)
        record = getattr(item, "record", item)
        lines.append((f"[{said_by(record)}] " if tagged else "") + render(record, now, origin))
    return lines


def confirm_note(facts: Iterable[str]) -> str:
    """CONFIRM_INSTRUCTION (after a blank line) if any fact is flagged, else ''."""
    return "\n\n" + CONFIRM_INSTRUCTION if any(STALE_FLAG in f for f in facts) else ""


def recall_hook(memory: Any, user_id: str, k: int = 3, shared: Any = None) -> Callable[[Any, str], list[str]]:
    """A `before_run` hook: recall this user's k best memories (and shared facts, if given) as dated lines."""
    from course_lib.long_term.shared import check_personal_user, recall_merged
    check_personal_user(user_id)

    def before_run(agent: Any, user_message: str) -> list[str]:
        found = recall_merged(memory, user_id, user_message, shared, k)
        return render_all(found if shared is not None else [f.recalled for f in found], memory.clock.now(), tagged=True)

    return before_run

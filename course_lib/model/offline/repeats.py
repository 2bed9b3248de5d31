"""Booking again on purpose: the user's "again" words, the ledger's confirmation question and the user's answer.

A ledger (course_lib/agent/ledger.py) refuses a call it has done before and holds one that is near an earlier
call (same place and day, another party size or time) with a ``needs_confirmation`` observation. The offline
agent then never decides for the user:

* a booking request that says it is a repeat on purpose ("again", "a second table", "noch einmal", "encore une
  table", "otra vez", "de novo", "di nuovo" …) is sent with a ``request_id`` (when the tool takes one), so the
  ledger treats it as a request of its own;
* a held call becomes ONE question to the user (it starts with ASK_NEAR) and nothing is booked; "yes" (ja, oui,
  sí, sim, certo …) to that question sends the call again with a request id, anything else books nothing.

The request id is derived from the user's words, so the same message sent twice (a retry) is the same request.
"""
from __future__ import annotations

import hashlib
import re
from typing import Any

ASK_NEAR = "Before I book another table"  # opens the question about a call near an earlier one (react.py reads it)
AGAIN = re.compile(r"\b(?:again|once more|one more table|another table|a second table|second booking|on purpose|"
                   r"noch ?(?:ein)?mal|erneut|noch einen tisch|einen zweiten tisch|encore une|une autre table|"
                   r"une deuxième table|de nouveau|à nouveau|otra vez|otra mesa|de nuevo|una segunda mesa|"
                   r"outra vez|outra mesa|de novo|uma segunda mesa|di nuovo|ancora una|un altro tavolo|"
                   r"un secondo tavolo)\b", re.I)
YES = re.compile(r"^\W*(?:yes|yeah|yep|sure|ok|okay|please do|go ahead|do it|ja|jawohl|gerne|oui|d'accord|"
                 r"sí|si|claro|vale|sim|certo|va bene)\b", re.I)


def on_purpose(question: str) -> bool:
    """Does the request say the user wants this again, deliberately?"""
    return AGAIN.search(question) is not None


def request_id(question: str) -> str:
    """A request id from the user's words: the same message is the same request."""
    return "req-" + hashlib.sha256(" ".join(question.casefold().split()).encode()).hexdigest()[:8]


def answered_near(messages: list[dict[str, Any]], last_user: int) -> bool | None:
    """True / False if the last user message answers the near-call question with yes / anything else; None if
    it answers no such question."""
    before = messages[last_user - 1] if last_user >= 1 else {}
    if before.get("role") != "assistant" or not str(before.get("content") or "").startswith(ASK_NEAR):
        return None
    return YES.search(str(messages[last_user].get("content") or "")) is not None


def takes_request_id(tools: list[dict[str, Any]] | None, tool: str) -> bool:
    """Does the offered schema of `tool` have a request_id parameter (a ledger guards it)?"""
    for t in tools or []:
        fn = t.get("function", {})
        if fn.get("name") == tool:
            return "request_id" in ((fn.get("parameters") or {}).get("properties") or {})
    return False


def ask_near(held: dict[str, Any], place: str, people: int, when: str) -> str:
    """The one question put to the user when the ledger holds a near call; nothing was booked."""
    earlier = held.get("earlier") if isinstance(held.get("earlier"), dict) else {}
    had = (f"{earlier.get('restaurant', place)} for {earlier.get('people', '?')} on {earlier.get('time', '?')}"
           f" (confirmation {earlier.get('confirmation', '?')})")
    return (f"{ASK_NEAR}: you already have {had}. This request is {place} for {people} on {when}, which differs "
            f"in {' and '.join(held.get('differs') or ['something'])}. Do you want a second booking as well? "
            "Say yes to book it; I have booked nothing yet.")

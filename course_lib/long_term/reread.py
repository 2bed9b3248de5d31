"""Reading a correction after what memory holds: "actually make that 45 EUR" names no slot; it changes the value
said last. Within one conversation the model sees that value; across two calls to the writer (lesson 07 writes one
message at a time) it is what memory holds. The offline model marks such a sentence (Extraction.needs_context) and
`reread` reads it again after the user's latest memories restated in the first person, as if just said.
"""
from __future__ import annotations

import re
from typing import Any

CONTEXT_MEMORIES = 5  # memories a sentence the model could not read alone is read again after (MemoryWriter.reread)
THIRD_PERSON = [  # a fact as the write path words it -> as the user would have said it
    (re.compile(r"^The user's "), "My "), (re.compile(r"^The user is "), "I am "), (re.compile(r"^The user has "), "I have "),
    (re.compile(r"^The user does "), "I do "), (re.compile(r"^The user goes "), "I go "),
    (re.compile(r"^The user (\w+(?:ss|x|z|ch|sh))es "), r"I \1 "), (re.compile(r"^The user (\w+)s "), r"I \1 "),
]


def first_person(fact: str) -> str | None:
    """'The user's budget is 40 EUR.' -> 'My budget is 40 EUR.', 'The user works as a nurse.' -> 'I work as a nurse.';
    None for a text not worded as a fact about the user (or holding a redaction)."""
    if "[REDACTED" in fact:
        return None
    for pattern, said in THIRD_PERSON:
        if pattern.match(fact):
            return pattern.sub(said, fact, count=1).replace(" the user's ", " my ").replace(" the user ", " me ")
    return None


def reread(memory: Any, model: Any, user_id: str, missed: list[str]) -> tuple[list[Any], list[str]]:
    """(facts, still missed): each sentence of `missed` extracted again (write_path.extract) after the user's latest
    CONTEXT_MEMORIES memories restated in the first person. Only facts the restated memories do not give on their
    own are kept; a sentence that still gives none stays "not understood"."""
    from course_lib.long_term.write_path import extract  # the writer calls this module: imported when used

    latest = [first_person(r.text) for r in memory.memories(user_id)[-CONTEXT_MEMORIES:]] \
        if user_id in memory.users() else []
    context = [{"role": "user", "content": t} for t in latest if t]
    if not context:
        return [], missed
    known = {f.text for f in extract(context, model)[0]}
    found: list[Any] = []
    still: list[str] = []
    for said in missed:
        more = [f for f in extract(context + [{"role": "user", "content": said}], model)[0] if f.text not in known]
        found += more
        if not more:
            still.append(said)
    return found, still

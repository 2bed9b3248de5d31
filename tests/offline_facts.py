"""What the offline write path stores for a few user turns: the helpers the offline-model tests share."""
from __future__ import annotations

from course_lib.long_term.write_path import extract_facts, gate


def facts(*turns: str) -> list[str]:
    """The facts extracted from user turns said one after another (no assistant turns, no gate)."""
    return [f.text for f in extract_facts([{"role": "user", "content": t} for t in turns])]


def gated_facts(*turns: str) -> list[str]:
    """The gated facts of a conversation of user turns (the assistant says 'ok' in between)."""
    history: list[dict[str, str]] = []
    for t in turns:
        history += [{"role": "user", "content": t}, {"role": "assistant", "content": "ok"}]
    return [f.text for f in gate(extract_facts(history[:-1]), 0.8)]

"""A conversation's user turns read in order, each with what the turns before it said, and every run of turns kept.

The write path asks about a conversation again each time it grows: the evaluation scores it after every user turn,
the agent extracts after each message, and one answer needs both the facts and what was not understood. Reading
every turn again each time costs the square of the conversation's length. Here the reading of each run of user
turns (the first n of them) is kept, up to PREFIXES runs, so a conversation one turn longer costs one new turn.

    read_turns(("I'm vegan.", "Actually just vegetarian."))   # the second turn is read knowing the first's fact

The readings are shared between calls: callers look at them and never change them.
"""
from __future__ import annotations

from functools import lru_cache

from course_lib.model.offline.lang.read import Found, Reading, read_message

PREFIXES = 4096  # runs of user turns whose reading is kept (least recently used dropped first)


def read_turns(said: tuple[str, ...]) -> list[Reading]:
    """Every sentence of every turn in `said`, read in order; corrections see the facts of the turns before."""
    done: tuple[Reading, ...] = ()
    for n in range(1, len(said) + 1):  # shorter runs first, so each step finds the one before it already kept
        done, _ = read_prefix(said[:n])
    return list(done)


@lru_cache(maxsize=PREFIXES)
def read_prefix(said: tuple[str, ...]) -> tuple[tuple[Reading, ...], tuple[Found, ...]]:
    """(readings, facts read so far) of the turns `said`: those of all but the last turn, then the last one read
    with the facts before it as its context."""
    done, context = read_prefix(said[:-1]) if len(said) > 1 else ((), ())
    grown = list(context)
    return done + tuple(read_message(said[-1], grown)), tuple(grown)

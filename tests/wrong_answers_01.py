"""Deliberately wrong answers for lesson 01's exercises (merged into tests/wrong_answers.py by the lead)."""
from __future__ import annotations

import itertools


# --- 01_goldfish_agent.cumulative_tokens ----------------------------------------------------

def cumulative_prompt_sizes(per_turn_tokens, fixed=0):
    return list(itertools.accumulate(per_turn_tokens))  # the size of each prompt, not the running bill


def cumulative_ignores_fixed(per_turn_tokens, fixed=0):
    return list(itertools.accumulate(itertools.accumulate(per_turn_tokens)))  # forgets system prompt and tools


def cumulative_new_tokens_only(per_turn_tokens, fixed=0):
    return list(itertools.accumulate(n + fixed for n in per_turn_tokens))  # as if history were not resent


def cumulative_off_by_one(per_turn_tokens, fixed=0):
    history, total, out = 0, 0, []
    for n in per_turn_tokens:
        total += fixed + history  # adds the turn only after the call: the prompt misses the new message
        history += n
        out.append(total)
    return out


# --- 01_goldfish_agent.turns_until_full -----------------------------------------------------

def turns_returns_overflow_turn(per_turn_tokens, window, fixed=0):
    size = fixed
    for i, n in enumerate(per_turn_tokens):
        size += n
        if size > window:
            return i + 1  # the number of the turn that overflows, not how many fit
    return len(per_turn_tokens)


def turns_exactly_full_overflows(per_turn_tokens, window, fixed=0):
    size = fixed
    for i, n in enumerate(per_turn_tokens):
        size += n
        if size >= window:  # a prompt exactly the size of the window still fits
            return i
    return len(per_turn_tokens)


def turns_ignores_fixed(per_turn_tokens, window, fixed=0):
    size = 0
    for i, n in enumerate(per_turn_tokens):
        size += n
        if size > window:
            return i
    return len(per_turn_tokens)


def turns_average(per_turn_tokens, window, fixed=0):
    if not per_turn_tokens:
        return 0
    return int((window - fixed) // (sum(per_turn_tokens) / len(per_turn_tokens)))  # turns are not all the same size


WRONG = {
    "01_goldfish_agent": {
        "cumulative_tokens": [
            (cumulative_prompt_sizes, "cumulative_tokens([100, 100, 100]) returned [100, 200, 300], expected "
                                      "[100, 300, 600]"),
            (cumulative_ignores_fixed, "fixed=50"),
            (cumulative_new_tokens_only, "expected [100, 300, 600]"),
            (cumulative_off_by_one, "cumulative_tokens([100]) returned [0], expected [100]"),
        ],
        "turns_until_full": [
            (turns_returns_overflow_turn, "turns_until_full([100, 100, 100], 250) returned 3, expected 2"),
            (turns_exactly_full_overflows, "Exactly full still fits"),
            (turns_ignores_fixed, "fixed=100"),
            (turns_average, "returned"),
        ],
    },
}

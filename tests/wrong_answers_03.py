"""Deliberately wrong answers to lesson 03's exercises (merged into tests/wrong_answers.py's WRONG).

Each one is a mistake people really make when bounding short-term memory.
"""
from __future__ import annotations

from course_lib.model.tokens import REPLY_PRIMING, count_message_tokens, count_tokens


# --- 03_short_term_memory.sliding_window -----------------------------------------------------

def window_negative_slice(messages, n):
    return messages[-n:]  # n == 0 gives the whole list, because -0 == 0


def window_keeps_oldest(messages, n):
    return messages[:n]  # the first n messages, not the last


def window_newest_first(messages, n):
    return list(reversed(messages))[:n]  # the right messages in the wrong order


def window_off_by_one(messages, n):
    return messages[-n - 1:] if n else []  # one message too many


def window_pops_input(messages, n):
    while len(messages) > n:  # trims the caller's list in place
        messages.pop(0)
    return messages


# --- 03_short_term_memory.window_by_tokens ---------------------------------------------------

def tokens_texts_only(messages, max_tokens):
    kept, used = [], 0
    for m in reversed(messages):  # counts the texts, forgets framing and reply priming
        cost = count_tokens(m["content"])
        if used + cost > max_tokens:
            break
        kept.insert(0, m)
        used += cost
    return kept


def tokens_skips_big_messages(messages, max_tokens):
    kept = []
    for m in reversed(messages):
        if count_tokens([m, *kept]) <= max_tokens:  # skips a big message and keeps going: leaves a gap
            kept.insert(0, m)
    return kept


def tokens_from_the_start(messages, max_tokens):
    kept = []
    for m in messages:  # fills the budget with the OLDEST messages
        if count_tokens([*kept, m]) > max_tokens:
            break
        kept.append(m)
    return kept


def tokens_always_keeps_newest(messages, max_tokens):
    if not messages:
        return []
    kept = [messages[-1]]  # the newest is kept even when it alone is over the budget
    for m in reversed(messages[:-1]):
        if count_tokens([m, *kept]) > max_tokens:
            break
        kept.insert(0, m)
    return kept


# --- 03_short_term_memory.prune --------------------------------------------------------------

def prune_with_index(messages, importance, max_tokens, pinned):
    """The classic version: positions looked up with messages.index(m), which duplicates break."""
    budget = max_tokens - REPLY_PRIMING - sum(count_message_tokens(messages[i]) for i in pinned)
    pinned_msgs = [messages[i] for i in sorted(pinned)]
    others = [m for i, m in enumerate(messages) if i not in pinned]
    score = {id(m): importance[i] for i, m in enumerate(messages)}
    others.sort(key=lambda m: (-score[id(m)], -messages.index(m)))
    kept = []
    for m in others:
        cost = count_message_tokens(m)
        if cost <= budget:
            kept.append(m)
            budget -= cost
    return sorted(pinned_msgs + kept, key=messages.index)


def prune_pinned_first(messages, importance, max_tokens, pinned):
    budget = max_tokens - REPLY_PRIMING - sum(count_message_tokens(messages[i]) for i in pinned)
    keep = []
    for i in sorted((i for i in range(len(messages)) if i not in pinned), key=lambda i: (-importance[i], -i)):
        if count_message_tokens(messages[i]) <= budget:
            keep.append(i)
            budget -= count_message_tokens(messages[i])
    return [messages[i] for i in sorted(pinned)] + [messages[i] for i in sorted(keep)]  # pinned moved to the front


def prune_recency_only(messages, importance, max_tokens, pinned):
    budget = max_tokens - REPLY_PRIMING - sum(count_message_tokens(messages[i]) for i in pinned)
    keep = set(pinned)
    for i in reversed(range(len(messages))):  # importance ignored: newest first only
        if i not in pinned and count_message_tokens(messages[i]) <= budget:
            keep.add(i)
            budget -= count_message_tokens(messages[i])
    return [messages[i] for i in sorted(keep)]


def prune_forgets_pinned_cost(messages, importance, max_tokens, pinned):
    budget = max_tokens - REPLY_PRIMING  # the pinned messages are never paid for
    keep = set(pinned)
    for i in sorted((i for i in range(len(messages)) if i not in pinned), key=lambda i: (-importance[i], -i)):
        if count_message_tokens(messages[i]) <= budget:
            keep.add(i)
            budget -= count_message_tokens(messages[i])
    return [messages[i] for i in sorted(keep)]


def prune_drops_pinned(messages, importance, max_tokens, pinned):
    budget = max_tokens - REPLY_PRIMING
    keep = set()
    for i in sorted(range(len(messages)), key=lambda i: (-importance[i], -i)):  # pins treated like the rest
        if count_message_tokens(messages[i]) <= budget:
            keep.add(i)
            budget -= count_message_tokens(messages[i])
    return [messages[i] for i in sorted(keep)]


WRONG = {
    "03_short_term_memory": {
        "sliding_window": [
            (window_negative_slice, "messages[-0:] is the whole list"),
            (window_keeps_oldest, "still holds 'message 2'"),
            (window_newest_first, "oldest first"),
            (window_off_by_one, "returned 11 messages"),
            (window_pops_input, "changed the list it was given"),
        ],
        "window_by_tokens": [
            (tokens_texts_only, "framing"),
            (tokens_skips_big_messages, "leave a gap"),
            (tokens_from_the_start, "window_by_tokens"),
            (tokens_always_keeps_newest, "never exceed max_tokens"),
        ],
        "prune": [
            (prune_with_index, "SECOND 'yes please'"),
            (prune_pinned_first, "does not move to the front"),
            (prune_recency_only, "importance first, recency second"),
            (prune_forgets_pinned_cost, "over max_tokens"),
            (prune_drops_pinned, "pinned"),
        ],
    },
}

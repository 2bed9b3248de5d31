"""Deliberately wrong answers to lesson 04's exercises (merged into tests/wrong_answers.py)."""
from __future__ import annotations

import re

from course_lib import count_tokens


# --- 04_summary_buffer.needs_summary --------------------------------------------------------

def needs_summary_counts_messages(messages, limit):
    return len(messages) > limit  # messages are not a unit of cost


def needs_summary_content_only(messages, limit):
    return sum(count_tokens(m["content"]) for m in messages) > limit  # forgets the per-message framing


def needs_summary_at_limit(messages, limit):
    return count_tokens(messages) >= limit  # fires when the memory exactly fits


def needs_summary_characters(messages, limit):
    return sum(len(m["content"]) for m in messages) / 4 > limit  # "four characters per token"


# --- 04_summary_buffer.split_for_fold -------------------------------------------------------

def split_drops_newest(messages, limit):
    k = len(messages)
    while k > 0 and count_tokens(messages[:k]) > limit:
        k -= 1
    return list(messages[k:]), list(messages[:k])  # keeps the oldest, folds the newest


def split_pops_one_too_many(messages, limit):
    k = 0
    while k < len(messages) and count_tokens(messages[k:]) >= limit:
        k += 1
    return list(messages[:k]), list(messages[k:])


def split_content_only(messages, limit):
    k = 0
    while k < len(messages) and sum(count_tokens(m["content"]) for m in messages[k:]) > limit:
        k += 1
    return list(messages[:k]), list(messages[k:])


def split_mutates(messages, limit):
    old = []
    while messages and count_tokens(messages) > limit:
        old.append(messages.pop(0))  # empties the caller's list
    return old, messages


# --- 04_summary_buffer.facts_kept -----------------------------------------------------------

def facts_kept_plain_in(summary, facts):
    return [f for f in facts if f in summary]  # case-sensitive


def facts_kept_lowercase_in(summary, facts):
    return [f for f in facts if f.lower() in summary.lower()]  # spacing and word boundaries ignored


def facts_kept_no_boundaries(summary, facts):
    return [f for f in facts
            if re.search(r"\s+".join(map(re.escape, f.split())), summary, re.IGNORECASE)]  # finds 12 EUR in 112 EUR


def facts_kept_missing(summary, facts):
    return [f for f in facts if f.lower() not in summary.lower()]  # the lost facts, not the kept ones


def facts_kept_words(summary, facts):
    words = summary.lower().replace(".", " ").split()
    return [f for f in facts if f.lower() in words]  # multi-word facts never match


WRONG = {
    "04_summary_buffer": {
        "needs_summary": [
            (needs_summary_counts_messages, "count tokens, not messages"),
            (needs_summary_content_only, "framing tokens"),
            (needs_summary_at_limit, "not over a limit of 0"),
            (needs_summary_characters, "needs_summary("),
        ],
        "split_for_fold": [
            (split_drops_newest, "the oldest messages go to `old`"),
            (split_pops_one_too_many, "would do"),
            (split_content_only, "over the limit of"),
            (split_mutates, "changed the list it was given"),
        ],
        "facts_kept": [
            (facts_kept_plain_in, "Matching ignores case"),
            (facts_kept_lowercase_in, "whitespace"),
            (facts_kept_no_boundaries, "glued to a letter or digit"),
            (facts_kept_missing, "returned ['Hotel Amsel']"),
            (facts_kept_words, "returned ['Priya', '14:35']"),
        ],
    },
}

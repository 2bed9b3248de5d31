"""Wrong answers for lesson 00's exercises (merged into tests/wrong_answers.py)."""
from course_lib import count_tokens


def tokens_text_only(messages):
    return sum(count_tokens(m["content"]) for m in messages)  # forgets the framing and the reply


def tokens_no_priming(messages):
    return sum(3 + count_tokens(m["role"]) + count_tokens(m["content"]) for m in messages)  # no reply priming


def tokens_words(messages):
    return sum(len(m["content"].split()) for m in messages)  # words are not tokens


def fits_strict(messages, window, reply_tokens):
    return count_tokens(messages) + reply_tokens < window  # an exact fit is a fit


def fits_no_reply(messages, window, reply_tokens):
    return count_tokens(messages) <= window  # forgets the reply needs room


def cosine_dot(a, b):
    return sum(x * y for x, y in zip(a, b))  # a dot product is not normalised


def cosine_one_norm(a, b):
    import numpy as np
    return float(np.dot(a, b) / np.linalg.norm(a))  # divides by one length only


WRONG = {
    "00_setup": {
        "conversation_tokens": [
            (tokens_text_only, "returned 7, expected 14"),
            (tokens_no_priming, "returned 11, expected 14"),
            (tokens_words, "expected 14"),
        ],
        "fits_in_window": [
            (fits_strict, "expected True"),
            (fits_no_reply, "expected False"),
        ],
        "cosine": [
            (cosine_dot, "expected 1"),
            (cosine_one_norm, "expected"),
        ],
    },
}

"""Lesson 00 exercises: count what a conversation costs, check it fits, compare two embeddings.

    from course_lib.course.exercises import lesson00 as ex
    ex.conversation_tokens.check(); ex.conversation_tokens.hint(); ex.conversation_tokens.solution()
"""
from __future__ import annotations

import random

import numpy as np

from course_lib.course.exercises import Exercise, expect, require
from course_lib.course.exercises.checking import LearnerError, fail, spy_on
from course_lib.model.tokens import count_tokens

NOTEBOOK = "00_setup"
_WORDS = "Priya Berlin dinner vegetarian budget 40 EUR flight Friday weather window seat please thanks".split()


def _conversations(seed: str, n: int = 12) -> list[list[dict[str, str]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        size = rng.randint(1, 6)
        out.append([{"role": rng.choice(["system", "user", "assistant"]),
                     "content": " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 15)))}
                    for _ in range(size)])
    return out


def _check_conversation_tokens(conversation_tokens):
    one = [{"role": "user", "content": "Suggest a dinner place in Berlin"}]
    expect(conversation_tokens(one), 14,
           why="7 tokens of text + 1 for the role 'user' + 3 framing tokens for the message + 3 to prime the reply")
    expect(conversation_tokens([]), 0, why="An empty conversation costs nothing")
    for conv in _conversations(f"{NOTEBOOK}.conversation_tokens"):
        expect(conversation_tokens(conv), count_tokens(conv),
               why="Each message costs 3 + tokens(role) + tokens(content); the reply adds 3 once")
    same = [{"role": "user", "content": "thanks"}] * 3
    expect(conversation_tokens(same), count_tokens(same), why="Three identical messages cost three times: count "
                                                                 "every message, repeated ones too")
    with spy_on(conversation_tokens, "count_tokens") as calls:
        conversation_tokens(one)
    require(all(isinstance(args[0], str) for args in calls if args),
            "conversation_tokens passes the list of messages to count_tokens, which the exercise asks you not to "
            "do: count each message's role and content yourself (3 + tokens(role) + tokens(content)), then add 3")


def _check_fits_in_window(fits_in_window):
    conv = [{"role": "user", "content": "Suggest a dinner place in Berlin"}]  # 14 tokens
    expect(fits_in_window(conv, window=100, reply_tokens=86), True, why="14 + 86 = 100 fills the window exactly")
    expect(fits_in_window(conv, window=100, reply_tokens=87), False, why="14 + 87 = 101 is one token too many")
    expect(fits_in_window(conv, window=14, reply_tokens=0), True, why="no room for a reply is still a fit")
    same = [{"role": "user", "content": "thanks"}] * 3
    expect(fits_in_window(same, window=count_tokens(same) - 1, reply_tokens=0), False,
           why=f"Three identical messages cost {count_tokens(same)} tokens, all three count")
    for conv in _conversations(f"{NOTEBOOK}.fits", 8):
        need = count_tokens(conv)
        for window, reply in ((need + 10, 10), (need + 10, 11), (need, 1), (need * 2, 0)):
            expect(fits_in_window(conv, window=window, reply_tokens=reply), need + reply <= window,
                   why=f"the conversation needs {need} tokens and the reply {reply}; the window holds {window}")


def _check_cosine(cosine):
    expect(cosine([1, 0], [0, 1]), 0.0, why="perpendicular vectors have cosine 0")
    expect(cosine([1, 2, 3], [2, 4, 6]), 1.0, why="the same direction has cosine 1, whatever the length")
    expect(cosine([1, 2], [-1, -2]), -1.0, why="opposite directions have cosine -1")
    rng = np.random.default_rng(0)
    for _ in range(10):
        a, b = rng.normal(size=8), rng.normal(size=8)
        ref = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
        expect(cosine(list(a), list(b)), ref, why="cosine = a·b / (|a| |b|)", tol=1e-6)
        expect(cosine(list(3 * a), list(b)), ref, why="scaling a vector must not change its cosine", tol=1e-6)
        got = cosine(list(a), list(b))
        require(-1 - 1e-9 <= got <= 1 + 1e-9, f"cosine must lie between -1 and 1, got {got}")
        expect(cosine(a, b), ref, why="numpy arrays work too", tol=1e-6)
    expect(cosine([0.0, 0.0, 0.0], [1.0, 2.0, 3.0]), 0.0,
           why="A zero vector has no direction: return 0.0 (as the library's search does), not nan or an error")
    expect(cosine(np.array([1.0, 2.0]), np.zeros(2)), 0.0, why="A zero vector has no direction: return 0.0")
    expect(cosine([1, 1], [1, 1]), 1.0, why="whole numbers work too (1 + 1 = 2 before any division)")
    try:
        result = cosine([1.0, 2.0, 3.0], [1.0, 2.0])
    except LearnerError as error:
        if not isinstance(error.error, ValueError):
            raise
    else:
        fail(f"cosine([1.0, 2.0, 3.0], [1.0, 2.0]) returned {result!r}: vectors of different lengths have no cosine; "
             f"don't cut the longer one short (zip does), let numpy raise its ValueError or raise one yourself")


conversation_tokens = Exercise(
    "conversation_tokens", lesson=NOTEBOOK, check_fn=_check_conversation_tokens,
    hints=[
        "Count each message separately, then add the reply priming once at the end (only if there are messages).",
        "One message costs 3 framing tokens + count_tokens(role) + count_tokens(content).",
        "`if not messages: return 0`, then "
        "`return sum(3 + count_tokens(m['role']) + count_tokens(m['content']) for m in messages) + 3`.",
    ],
)

fits_in_window = Exercise(
    "fits_in_window", lesson=NOTEBOOK, check_fn=_check_fits_in_window,
    hints=[
        "The window must hold the whole prompt and the reply the model will write.",
        "Prompt tokens: count_tokens(messages). Add reply_tokens. Compare with the window.",
        "`return count_tokens(messages) + reply_tokens <= window` (a conversation that fills the window exactly fits).",
    ],
)

cosine = Exercise(
    "cosine", lesson=NOTEBOOK, check_fn=_check_cosine,
    hints=[
        "Cosine similarity is the dot product of the two vectors divided by the product of their lengths.",
        "With numpy: a = np.asarray(a, dtype=float); the length is np.linalg.norm(a).",
        "`a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)`; "
        "`norms = np.linalg.norm(a) * np.linalg.norm(b)`, then `return float(a @ b / norms) if norms else 0.0` "
        "(a zero vector has no direction: 0.0).",
    ],
)

EXERCISES = [conversation_tokens, fits_in_window, cosine]

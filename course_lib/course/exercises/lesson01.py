"""Lesson 01 exercises: `cumulative_tokens` and `turns_until_full`, the two costs of resending everything.

    from course_lib.course.exercises import lesson01 as ex
    ex.cumulative_tokens.check(); ex.cumulative_tokens.hint(); ex.cumulative_tokens.solution()

The checks call your functions on seeded inputs you have not seen and compare with the definitions;
any correct implementation passes, however it is written.
"""
from __future__ import annotations

import random

from course_lib.course.exercises import Exercise, as_sequence, expect, require

NOTEBOOK = "01_goldfish_agent"


def _reference_cumulative(per_turn, fixed=0):
    out, history, total = [], 0, 0
    for n in per_turn:
        history += n
        total += fixed + history
        out.append(total)
    return out


def _reference_turns(per_turn, window, fixed=0):
    size = fixed
    for i, n in enumerate(per_turn):
        size += n
        if size > window:
            return i
    return len(per_turn)


def _check_cumulative_tokens(cumulative_tokens):
    expect(cumulative_tokens([]), [], why="No turns, nothing processed: an empty list")
    expect(cumulative_tokens([100]), [100], why="One turn of 100 tokens: the model reads 100 tokens")
    expect(cumulative_tokens([100, 100, 100]), [100, 300, 600],
           why="Call 2 rereads turn 1 and reads turn 2 (200), call 3 reads all three turns (300): 100, 300, 600")
    expect(cumulative_tokens([0, 0, 30]), [0, 0, 30],
           why="Empty turns cost nothing but are still turns: one running total per turn, repeated values too")
    expect(cumulative_tokens([100, 100], fixed=50), [150, 400],
           why="Every call also sends the `fixed` tokens (system prompt, tools): 150, then 150 + 250 = 400")
    for n in (10, 20, 40):
        call = f"cumulative_tokens([50] * {n})"
        expect(as_sequence(cumulative_tokens([50] * n), call)[-1], 50 * n * (n + 1) // 2, input=f"{call}[-1]",
               why=f"Resending everything costs 50·(1 + 2 + … + {n}) = 50·{n}·{n + 1}/2")
    short = as_sequence(cumulative_tokens([200] * 50), "cumulative_tokens([200] * 50)")[-1]
    long = as_sequence(cumulative_tokens([200] * 100), "cumulative_tokens([200] * 100)")[-1]
    require(3.8 < long / short < 4.2, f"doubling the conversation from 50 to 100 turns should roughly quadruple the "
                                      f"total, but it went from {short} to {long} tokens")
    rng = random.Random(f"{NOTEBOOK}.cumulative_tokens")
    for _ in range(25):
        per_turn = [rng.randint(0, 3000) for _ in range(rng.randint(1, 30))]
        fixed = rng.choice([0, rng.randint(1, 800)])
        expect(cumulative_tokens(per_turn, fixed=fixed), _reference_cumulative(per_turn, fixed),
               why="Entry i is the total of all prompts up to call i; each prompt is fixed + every turn so far")


def _check_turns_until_full(turns_until_full):
    expect(turns_until_full([100, 100, 100], 250), 2, why="100 and 200 fit in 250 tokens, 300 does not: 2 turns fit")
    expect(turns_until_full([100, 100, 100], 300), 3, why="Exactly full still fits: 300 <= 300, so all 3 turns fit")
    expect(turns_until_full([100, 100, 100], 1000), 3, why="Everything fits: return the number of turns, 3")
    expect(turns_until_full([], 1000), 0, why="No turns: 0")
    expect(turns_until_full([5000], 1000), 0, why="The first turn alone is too big: 0 turns fit")
    expect(turns_until_full([100, 100, 100], 250, fixed=100), 1,
           why="The fixed 100 tokens (system prompt, tools) are in every prompt: 200 fits, 300 does not")
    expect(turns_until_full([10, 10], 5, fixed=50), 0, why="If the fixed part alone exceeds the window, nothing fits")
    lesson = [306, 23207, 128, 23200, 446, 23208, 303, 23207, 128, 23200, 446, 23208]
    expect(turns_until_full(lesson, 128_000, fixed=456), 11,
           why="The lesson's session (tokens added per turn, 456 fixed for system prompt and tools) fits 11 turns in 128k")
    rng = random.Random(f"{NOTEBOOK}.turns_until_full")
    for _ in range(30):
        per_turn = [rng.choice([rng.randint(0, 500), rng.randint(5000, 30000)]) for _ in range(rng.randint(1, 25))]
        window = rng.choice([8_000, 32_000, 128_000, 200_000])
        fixed = rng.randint(0, 2000)
        expect(turns_until_full(per_turn, window, fixed=fixed), _reference_turns(per_turn, window, fixed),
               why=f"Count the turns before fixed + history first goes over {window:,} tokens")


cumulative_tokens = Exercise(
    "cumulative_tokens", lesson=NOTEBOOK, check_fn=_check_cumulative_tokens,
    hints=[
        "Keep two running numbers: the history so far (it grows by per_turn_tokens[i] every turn) and the total "
        "processed so far (it grows by the size of each prompt).",
        "The prompt of call i is fixed + the history including turn i. Add it to the total and append the total.",
        "history = total = 0; for n in per_turn_tokens: history += n; total += fixed + history; out.append(total)",
    ],
)

turns_until_full = Exercise(
    "turns_until_full", lesson=NOTEBOOK, check_fn=_check_turns_until_full,
    hints=[
        "Start with size = fixed and add one turn at a time. The first turn that pushes size over the window is "
        "the one that does not fit.",
        "If turn number i (counting from 0) overflows, then i turns fit. If none overflows, all of them fit. "
        "'Exactly full' is still fine: use >, not >=.",
        "size = fixed; for i, n in enumerate(per_turn_tokens): size += n; if size > window: return i — and after "
        "the loop return len(per_turn_tokens).",
    ],
)

EXERCISES = [cumulative_tokens, turns_until_full]

"""Lesson 03 exercises: `sliding_window`, `window_by_tokens` and `prune`, three ways to bound short-term memory.

The checks call your functions on conversations you have not seen (seeded, so every run is the same,
and full of duplicate messages such as "ok" or "yes please") and test what must hold for any correct
answer: the budget is respected, the newest messages survive, the order is kept, pinned messages stay.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from course_lib.course.exercises import Exercise, as_sequence, expect, require
from course_lib.model.tokens import REPLY_PRIMING, count_message_tokens, count_tokens
from course_lib.short_term.buffer import prune_by_importance

NOTEBOOK = "03_short_term_memory"

# Short messages that really do repeat in conversations: duplicates are the point.
POOL = (
    ("user", "ok"), ("user", "yes please"), ("user", "thanks!"), ("assistant", "Sure."), ("assistant", "Anything else?"),
    ("user", "My dinner budget is 40 EUR per person."), ("user", "I'm vegetarian, so no steakhouses please."),
    ("assistant", "Noted. I will only suggest vegetarian places within your budget from now on."),
    ("user", "Is the East Side Gallery worth a visit? I have heard mixed things about it from friends."),
    ("assistant", "Yes: it is the longest surviving stretch of the Wall, covered in murals, and free to visit."),
    ("user", "Haha, my cat just walked across the keyboard."),
    ("assistant", "About 30 to 40 minutes by the airport express train, which leaves every 15 minutes."),
)


def _msg(role: str, text: str) -> dict[str, str]:
    return {"role": role, "content": text}


def _numbered(n: int) -> list[dict[str, str]]:
    return [_msg("user" if i % 2 == 0 else "assistant", f"message {i + 1}") for i in range(n)]


def _conversation(rng: random.Random, n: int) -> list[dict[str, str]]:
    """n messages drawn from POOL: short and long, with plenty of exact duplicates."""
    return [_msg(*rng.choice(POOL)) for _ in range(n)]


def _texts(value: Any) -> str:
    """A compact rendering of messages for verdicts: their contents, shortened."""
    if isinstance(value, dict):
        text = str(value.get("content", ""))
        return repr(text if len(text) <= 24 else text[:21] + "...")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_texts(m) for m in value) + "]"
    return repr(value)


def _input_messages(result: Any, messages: list[dict[str, Any]], call: str) -> list[dict[str, Any]]:
    kept = as_sequence(result, call, "a list of messages")
    for m in kept:
        require(m in messages, f"{call} returned {m!r:.80}, which is not one of the input messages "
                               f"(return the message dicts themselves, unchanged)")
    return kept


def _is_subsequence(result: list[Any], messages: list[Any]) -> bool:
    it = iter(messages)
    return all(any(r == m for m in it) for r in result)


def _same(kept: Any, expected: list[dict[str, Any]], call: str, why: str) -> None:
    expect(kept, expected, input=call, why=why, show=_texts)


def _check_sliding_window(sliding_window: Callable) -> None:
    conv = _numbered(13)
    call = "sliding_window(<13 messages: 'message 1' … 'message 13'>, 10)"
    kept = as_sequence(sliding_window(conv, 10), call, "a list of messages")
    require(len(kept) <= 10, f"{call} returned {len(kept)} messages; a window of 10 never holds more than 10")
    require(conv[1] not in kept, f"{call} still holds 'message 2': at message 13 it has left a 10-message window")
    _same(kept, conv[3:], call, "The last 10 of 13 messages are messages 4..13, oldest first")
    _same(sliding_window(conv[:5], 10), conv[:5], "sliding_window(<5 messages>, 10)",
          "With fewer messages than n, the window keeps them all")
    _same(sliding_window(conv, 0), [], "sliding_window(<13 messages>, 0)",
          "A window of 0 messages keeps nothing (careful: messages[-0:] is the whole list)")
    _same(sliding_window([], 3), [], "sliding_window([], 3)", "An empty conversation gives an empty window")
    rng = random.Random(f"{NOTEBOOK}.sliding_window")
    for _ in range(30):
        conv = _conversation(rng, rng.randint(0, 25))
        n = rng.randint(0, 30)
        call = f"sliding_window(<{len(conv)} messages>, {n})"
        kept = as_sequence(sliding_window(conv, n), call, "a list of messages")
        require(len(kept) <= n, f"{call} returned {len(kept)} messages; a window of {n} never holds more than {n}")
        _same(kept, conv[len(conv) - min(n, len(conv)):], call,
              f"Expected the last {min(n, len(conv))} messages, oldest first")


sliding_window = Exercise(
    "sliding_window", lesson=NOTEBOOK, check_fn=_check_sliding_window,
    hints=[
        "Keep the end of the list: the newest n messages, in the order they were said (oldest of them first).",
        "A slice does it, but watch the edge cases: n larger than the list, and n == 0 "
        "(messages[-0:] is the WHOLE list, because -0 == 0).",
        "`return messages[len(messages) - n:] if n < len(messages) else list(messages)` — or "
        "`messages[-n:] if n > 0 else []`.",
    ],
)


def _check_window_by_tokens(window_by_tokens: Callable) -> None:
    conv = _numbered(6)  # each of these costs 7 tokens; a list adds 3 for the reply priming
    three = count_tokens(conv[-3:])
    _same(window_by_tokens(conv, three), conv[-3:], f"window_by_tokens(<6 short messages>, {three})",
          f"The last three messages cost exactly {three} tokens (count_tokens(messages): framing and reply "
          f"priming included), so they fit")
    _same(window_by_tokens(conv, three - 1), conv[-2:], f"window_by_tokens(<6 short messages>, {three - 1})",
          "One token less and only the last two fit")
    _same(window_by_tokens(conv, 10_000), conv, "window_by_tokens(<6 short messages>, 10000)",
          "A big budget keeps everything")
    big = _msg("assistant", "A very long answer about the opening hours of every museum in Berlin. " * 3)
    conv = _numbered(3) + [big] + _numbered(2)
    room = count_tokens(conv[-2:]) + count_message_tokens(conv[0])
    _same(window_by_tokens(conv, room), conv[-2:],
          f"window_by_tokens(<3 short, 1 long, 2 short messages>, {room})",
          "The long message before the last two does not fit, so the window stops there; skipping it to keep "
          "older messages would leave a gap in the conversation")
    conv = _numbered(4) + [big]
    small = count_tokens([big]) - 1
    _same(window_by_tokens(conv, small), [], f"window_by_tokens(<4 short messages + 1 long one>, {small})",
          "The newest message alone is over the budget, so nothing fits: never exceed max_tokens")
    rng = random.Random(f"{NOTEBOOK}.window_by_tokens")
    for _ in range(30):
        conv = _conversation(rng, rng.randint(0, 20))
        total = count_tokens(conv)
        max_tokens = rng.randint(1, max(total, 1) + 20)
        call = f"window_by_tokens(<{len(conv)} messages, {total} tokens>, {max_tokens})"
        kept = as_sequence(window_by_tokens(conv, max_tokens), call, "a list of messages")
        require(count_tokens(kept) <= max_tokens,
                f"{call} returned messages worth count_tokens(...) = {count_tokens(kept)}, over the budget of "
                f"{max_tokens}. Count with count_tokens(list_of_messages): it includes per-message framing and "
                f"the reply priming")
        fit = max((k for k in range(len(conv) + 1) if count_tokens(conv[len(conv) - k:]) <= max_tokens), default=0)
        _same(kept, conv[len(conv) - fit:], call,
              "Keep the unbroken run of the newest messages that fits, oldest first: add older messages until "
              "the next one would go over the budget")


window_by_tokens = Exercise(
    "window_by_tokens", lesson=NOTEBOOK, check_fn=_check_window_by_tokens,
    hints=[
        "Walk backwards from the newest message, adding messages while the window still fits in max_tokens; "
        "stop at the first one that does not fit.",
        "Measure the window the way the model is billed: count_tokens(list_of_messages), which adds a few "
        "framing tokens per message and 3 for the reply priming. Counting only the message texts undercounts.",
        "`kept = []`, then `for m in reversed(messages): if count_tokens([m] + kept) > max_tokens: break`, "
        "otherwise `kept.insert(0, m)`; return kept.",
    ],
)


YES_PLEASE = [_msg("user", "My dinner budget is 40 EUR per person."), _msg("assistant", "Shall I look for "
              "something vegetarian?"), _msg("user", "yes please"), _msg("assistant", "I found Linse & Lauch, "
              "28 EUR per person. Shall I book it?"), _msg("user", "yes please")]


def _check_prune_case(prune: Callable, messages: list[dict[str, Any]], max_tokens: int, importance: list[float],
                      pinned: set[int], why: str = "") -> None:
    call = f"prune(<{len(messages)} messages>, {max_tokens}, importance, pinned={sorted(pinned)})"
    kept = _input_messages(prune(messages, max_tokens, importance, set(pinned)), messages, call)
    require(count_tokens(kept) <= max_tokens,
            f"{call} kept {len(kept)} messages worth count_tokens(...) = {count_tokens(kept)}, over max_tokens = "
            f"{max_tokens}. Subtract the pinned messages first and count with count_tokens "
            f"(framing and reply priming included)")
    require(_is_subsequence(kept, messages),
            f"{call} returned {_texts(kept)}: not in the conversation's order. Return the kept messages in "
            f"their original order (pinned ones included: a pinned message does not move to the front)")
    for i in sorted(pinned):
        require(messages[i] in kept, f"{call} dropped pinned message {i} ({messages[i]['content']!r:.60}); "
                                     f"pinned messages are always kept")
    expected = prune_by_importance(messages, max_tokens, importance, pinned)  # the library's own
    expect(kept, expected, input=call, show=_texts,
           why=(why or "Keep the pinned messages, then the others from most to least important, newest first "
                      "among equal importance, skipping any that no longer fit. Work with positions, not "
                      "with messages.index(m): duplicates (two 'ok's) share a first index"))


def _check_prune(prune: Callable) -> None:
    fits_two = (count_tokens(YES_PLEASE[:1]) + count_message_tokens(YES_PLEASE[3])
                + count_message_tokens(YES_PLEASE[4]))
    _check_prune_case(
        prune, YES_PLEASE, fits_two, [1.0, 0.5, 0.5, 0.5, 0.5], {0},
        why="The budget fits the pinned budget message plus the two newest messages: the booking question and "
            "the SECOND 'yes please', in that order. messages.index(m) finds the FIRST 'yes please' (position 2), "
            "so a version built on it treats the newest answer as old, or puts it before the question")
    conv = _numbered(8)
    _check_prune_case(prune, conv, count_tokens([conv[0], conv[7]]) + 5, [0.2] * 7 + [1.0], {7},
                      why="Message 8 is pinned and must stay LAST, where it was: never move pinned messages to "
                          "the front")
    _check_prune_case(prune, conv, count_tokens(conv[:3]), [0.1, 0.9, 0.1, 0.1, 0.9, 0.1, 0.1, 0.1], set(),
                      why="With room for 3 messages, keep the two rated 0.9 and then the newest of the rest: "
                          "importance first, recency second")
    _check_prune_case(prune, [], 50, [], set(), why="An empty conversation prunes to an empty list")
    rng = random.Random(f"{NOTEBOOK}.prune")
    for _ in range(40):
        conv = _conversation(rng, rng.randint(1, 16))
        importance = [rng.choice([0.1, 0.3, 0.5, 0.8]) for _ in conv]
        pinned = set(rng.sample(range(len(conv)), k=rng.randint(0, min(2, len(conv)))))
        floor = REPLY_PRIMING + sum(count_message_tokens(conv[i]) for i in pinned)
        max_tokens = rng.randint(max(floor, 1), count_tokens(conv) + 10)
        _check_prune_case(prune, conv, max_tokens, importance, pinned)


prune = Exercise(
    "prune", lesson=NOTEBOOK, check_fn=_check_prune,
    hints=[
        "Work with positions (indices), never with messages.index(m): two identical 'yes please' messages share "
        "one first index. Decide which INDICES to keep, then return [messages[i] for i in sorted(keep)].",
        "Start with every pinned index and subtract their cost from the budget. The budget is max_tokens minus "
        "3 (the reply priming count_tokens adds once), and a message costs count_message_tokens(m).",
        "Visit the other indices sorted by (-importance[i], -i): most important first, newest first among ties. "
        "Keep each one whose cost still fits, subtract it, and carry on (a smaller one may still fit later).",
    ],
)

EXERCISES = [sliding_window, window_by_tokens, prune]

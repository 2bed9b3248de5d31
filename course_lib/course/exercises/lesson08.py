"""Lesson 08 exercises: `should_compact`, `head_tail` and `cache_friendly_order`, the context engineering of lesson 08.

`should_compact` is the rule the agent's Compactor applies (compact only past window × trigger);
`head_tail` is truncate_tool_output without the passages, with a pointer the caller gives;
`cache_friendly_order` lays prompt sections out the way layout.assemble("stable") does.
"""
from __future__ import annotations

import random
import re

from course_lib.agent.compaction import plan_compaction
from course_lib.course.exercises import Exercise, expect, require
from course_lib.model.tokens import count_tokens, decode, encode

NOTEBOOK = "08_context_engineering"
KINDS = ("fixed", "append", "volatile")  # how a prompt section changes from one turn to the next


def _check_should_compact(should_compact):
    expect(should_compact(60_000, 128_000, 0.8), False, why="60,000 tokens in a 128,000 window: far from the trigger")
    expect(should_compact(102_401, 128_000, 0.8), True, why="The trigger is 128,000 × 0.8 = 102,400; one more compacts")
    expect(should_compact(102_400, 128_000, 0.8), False,
           why="Exactly at the trigger (102,400) the prompt is still allowed: compact only when it is over")
    expect(should_compact(110_000, 128_000, 0.9), False,
           why="With trigger=0.9 the line is at 115,200 tokens; use the trigger argument, not a fixed 0.8")
    expect(should_compact(70_000, 128_000, 0.5), True, why="With trigger=0.5 the line is at 64,000 tokens")
    expect(should_compact(1_603, 2_003, 0.8), True,
           why="2,003 × 0.8 = 1,602.4 and 1,603 is over it: don't round the line up (math.ceil)")
    expect(should_compact(1_602, 2_002, 0.8), True,
           why="2,002 × 0.8 = 1,601.6 and 1,602 is over it: compare with window × trigger itself, not rounded "
               "(round() makes the line 1,602)")
    expect(should_compact(1_000, 1_001, 0.999), True,
           why="1,001 × 0.999 = 999.999 and 1,000 is over it: compare with window × trigger itself, not rounded "
               "(to 2 decimals it is 1,000.00)")
    expect(should_compact(4_500, 5_000, 0.8), True,
           why="The lesson's run: a 5,000-token window compacts past 4,000, before the prompt reaches the window")
    expect(should_compact(3_999, 5_000), False, why="The default trigger is 0.8 (4,000 of 5,000)")
    expect(should_compact(4_001, 5_000), True, why="The default trigger is 0.8 (4,000 of 5,000)")
    rng = random.Random(f"{NOTEBOOK}.should_compact")
    for _ in range(30):
        window = rng.randrange(1_000, 200_000, 1_000)
        trigger = rng.choice([0.5, 0.6, 0.75, 0.8, 0.9, 1.0])
        line = plan_compaction(window, trigger).trigger_tokens
        tokens = rng.choice([line, line + 1, line - 1, rng.randint(0, 2 * window)])
        expect(should_compact(tokens, window, trigger), tokens > line,
               why=f"The library compacts when tokens > {window:,} × {trigger} = {window * trigger:,}")


MARKER = re.compile(r"\n?\[[^\]\n]*\]\n?")


def marker_line(omitted, pointer):
    """The marker line the exercise asks for: how many tokens were left out, and where the full output is."""
    return f"\n[… {omitted:,} tokens omitted; full output: {pointer}]\n"


def _reference_head_tail(text, max_tokens, pointer):
    """(result, room, first head, head, tail) as truncate_tool_output computes them, with this marker line."""
    ids = encode(text)
    room = max_tokens - count_tokens(marker_line(len(ids), pointer)) - 2
    first = h = round(room * 0.7)
    t = room - h
    while True:
        head, tail = decode(ids[:h]), decode(ids[len(ids) - t:])
        out = head + marker_line(len(ids) - h - t, pointer) + tail
        if text.startswith(head) and text.endswith(tail) and count_tokens(out) <= max_tokens:
            return out, room, first, h, t
        h, t = (h - 1, t) if not text.startswith(head) else (h, t - 1)


def _split_verdict(call, text, budget, pointer, head, tail):
    """Why a head or tail of the wrong length is wrong, with the numbers of this call; None if both are right."""
    _, room, first, h, t = _reference_head_tail(text, budget, pointer)
    got_h, got_t = len(encode(head)), len(encode(tail))
    if (got_h, got_t) == (h, t):
        return None
    n = len(encode(text))
    steps = (f"room = {budget} - {count_tokens(marker_line(n, pointer))} (the marker line, counted with all {n:,} "
             f"tokens as omitted) - 2 = {room}; the head gets round({room} × 0.7) = {first} tokens and the tail "
             f"the other {room - first}")
    if (h, t) != (first, room - first):
        steps += (f"; a cut through a character (an emoji, CJK) takes one token at a time off the part that broke "
                  f"(the head first), which leaves head {h} and tail {t}")
    if got_h + got_t == room and (h, t) == (first, room - first):
        mistake = "the head gets 70 % of the room, rounded with round(), and the tail the rest"
    elif got_h + got_t != h + t and (h, t) == (first, room - first):
        mistake = ("the room for head and tail is max_tokens less the marker line's tokens and a margin of 2 (tokens "
                   "can merge differently where the parts join)")
    else:
        mistake = "shrink the part that broke one token at a time, and only that part"
    return (f"{call}: {mistake}. Here {steps}; yours kept a head of {got_h} and a tail of {got_t} tokens")


def _check_head_tail(head_tail):
    text = " ".join(f"Line {i}: the guide describes a street in Berlin and its cafes." for i in range(300))
    total = count_tokens(text)
    short = "Linse & Lauch takes Friday bookings only until 17:00."
    expect(head_tail(short, 100, "out-1"), short, why="A text that already fits comes back unchanged, no marker")
    exact = " ".join(["word"] * 40)
    expect(head_tail(exact, count_tokens(exact), "out-1"), exact,
           why="A text exactly max_tokens long fits too: cut only when it is longer")
    padded = "  Linse & Lauch: Friday only.\n"
    expect(head_tail(padded, 100, "out-1"), padded, why="A text that fits comes back exactly as it is, spaces and "
                                                         "line breaks at its ends included")
    rng = random.Random(f"{NOTEBOOK}.head_tail")
    cases = [(text, 200, "out-7f3a"), (text, 60, "out-b2"), (text, 1000, "page-1"), (f"  {text}\n", 120, "OUT-9Z"),
             (text, 106, "out-7f3a")]  # room 85: 85 × 0.7 = 59.49999999999999, which round() takes to 59
    cases += [(" ".join(f"item{rng.randint(0, 999)} costs {rng.randint(1, 90)} EUR;" for _ in range(rng.randint(80, 200))),
               rng.randint(50, 300), f"out-{rng.randint(0, 99999):05d}") for _ in range(6)]
    mixed = "🙂 Grüße aus Köln! 日本語のテキストです。👩‍👩‍👧‍👦 Ñandú, 中文测试 " * 60  # tokens that hold part of a character
    cases += [(mixed, budget, "out-u8") for budget in (34, 44, 54, 77, 107)]  # head, tail, both cut through one
    for text, budget, pointer in cases:
        call = f"head_tail(<{count_tokens(text):,}-token text>, {budget}, {pointer!r})"
        out = head_tail(text, budget, pointer)
        require(isinstance(out, str), f"{call} returned a {type(out).__name__}; return the truncated text as a string")
        kept = count_tokens(out)
        require(kept <= budget, f"{call} returned {kept} tokens, more than max_tokens={budget}. The marker line "
                                f"counts too: take its tokens out of the budget before splitting head and tail")
        require(pointer in out, f"{call} does not mention the pointer {pointer!r}: without it the agent cannot "
                                f"fetch the part that was cut")
        markers = [m for m in MARKER.finditer(out) if pointer in m.group(0)]
        require(len(markers) == 1, f"{call}: put one marker line in [brackets], naming the pointer, between the "
                                   f"head and the tail")
        m = markers[0]
        require(m.group(0).startswith("\n") and m.group(0).endswith("\n"),
                f"{call}: put the marker on a line of its own (a line break before and after it), so the head, the "
                f"marker and the tail read as three parts")
        head, tail = out[:m.start()], out[m.end():]
        broken = ("; a token can hold part of a character (an emoji, CJK), and a cut through it decodes to "
                  "'\\ufffd': cut one token earlier") if "\ufffd" in head + tail and "\ufffd" not in text else ""
        require(head and text.startswith(head), f"{call}: the text before the marker should be the start of the "
                                                f"text, unchanged (the head){broken}")
        require(tail and text.endswith(tail), f"{call}: the text after the marker should be the end of the text, "
                                              f"unchanged (the tail); keep both ends{broken}")
        require(kept >= budget // 2, f"{call} kept only {kept} tokens of a {budget}-token budget: fill the budget "
                                     f"with head and tail")
        omitted = len(encode(text)) - len(encode(head)) - len(encode(tail))
        numbers = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", m.group(0).replace(pointer, ""))]
        require(omitted in numbers,
                f"{call}: the marker should say exactly how many tokens were left out ({omitted:,}: all tokens minus head "
                f"and tail, in tokens, not characters); it says {m.group(0).strip()!r}")
        want = marker_line(omitted, pointer)
        require(m.group(0) == want, f"{call}: write the marker line exactly as the task gives it, {want!r}; yours "
                                    f"is {m.group(0)!r}")
        verdict = _split_verdict(call, text, budget, pointer, head, tail)
        require(verdict is None, verdict)


def _reference_order(sections):
    return [s for kind in KINDS for s in sections if s[1] == kind]


def _check_cache_friendly_order(cache_friendly_order):
    lesson = [("memory", "volatile"), ("system", "fixed"), ("history", "append"), ("tools", "fixed"),
              ("question", "append")]
    expect(cache_friendly_order(lesson), [("system", "fixed"), ("tools", "fixed"), ("history", "append"),
                                          ("question", "append"), ("memory", "volatile")],
           why="Fixed sections first, then what is only appended to, and what changes every turn last")
    expect(cache_friendly_order([("b", "append"), ("a", "append")]), [("b", "append"), ("a", "append")],
           why="Keep the order within a kind: the history is appended to in this order; sorting it breaks it")
    expect(cache_friendly_order([("rank", "volatile"), ("clock", "volatile"), ("rules", "fixed")]),
           [("rules", "fixed"), ("rank", "volatile"), ("clock", "volatile")],
           why="Volatile sections keep their order too, after everything stable")
    expect(cache_friendly_order([]), [], why="No sections, nothing to order")
    twice = [("memory", "volatile"), ("tool result", "append"), ("system", "fixed"), ("tool result", "append"),
             ("memory", "volatile")]
    expect(cache_friendly_order(twice), [("system", "fixed"), ("tool result", "append"), ("tool result", "append"),
                                         ("memory", "volatile"), ("memory", "volatile")],
           why="Two tool results (and two memory blocks) with the same name are two sections: keep both, in order "
               "(a dict keyed by name keeps only one)")
    rng = random.Random(f"{NOTEBOOK}.cache_friendly_order")
    for _ in range(20):
        fresh = [(f"s{i}", rng.choice(KINDS)) for i in range(rng.randint(1, 9))]
        out = list(cache_friendly_order(fresh))
        expect(out, _reference_order(fresh), why="Expected the fixed sections, then the appended, then the volatile, "
                                                 "each kind in its original order")


should_compact = Exercise(
    "should_compact", lesson=NOTEBOOK, check_fn=_check_should_compact,
    hints=[
        "The trigger line is a number of tokens: the window times the trigger fraction (128,000 × 0.8 = 102,400).",
        "Compact only when the prompt is over that line; a prompt exactly on it is still sent as it is. Don't round "
        "the line: 2,002 × 0.8 = 1,601.6, and 1,602 tokens are over it.",
        "`return tokens > window * trigger`",
    ],
)

head_tail = Exercise(
    "head_tail", lesson=NOTEBOOK, check_fn=_check_head_tail,
    hints=[
        "If count_tokens(text) <= max_tokens, return text. Otherwise work in tokens: `ids = encode(text)`, and "
        "`decode(ids[:n])` is the first n tokens as text.",
        "Write the marker line as a function of the number omitted, "
        "f\"\\n[… {omitted:,} tokens omitted; full output: {pointer}]\\n\", and count its tokens with all "
        "len(ids) tokens as omitted: room = max_tokens - those tokens - 2. The head gets h = round(room * 0.7) tokens, "
        "the tail t = room - h.",
        "`head + marker + tail`, where head = decode(ids[:h]), tail = decode(ids[len(ids) - t:]) and the marker says "
        "len(ids) - h - t tokens were omitted. A token can hold part of a character (an emoji, CJK): if the head is "
        "not text's start (`text.startswith(head)`), take one token off the head; else, if the tail is not its end "
        "or the whole is over max_tokens, take one off the tail; and try again.",
    ],
)

cache_friendly_order = Exercise(
    "cache_friendly_order", lesson=NOTEBOOK, check_fn=_check_cache_friendly_order,
    hints=[
        "A prefix cache serves the prompt up to the first token that differs from last time. Whatever never "
        "changes goes first, then what only grows at its end, and what is rewritten every turn goes last.",
        "Go through the kinds in the order fixed, append, volatile, and for each kind take the sections of that "
        "kind in the order they came.",
        "`return [s for kind in (\"fixed\", \"append\", \"volatile\") for s in sections if s[1] == kind]` — or "
        "sort with a key giving each kind its rank (Python's sort keeps equal keys in order).",
    ],
)

EXERCISES = [should_compact, head_tail, cache_friendly_order]

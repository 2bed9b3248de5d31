"""Lesson 08's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "should_compact": [
        "return tokens / window > trigger",
        "from course_lib.agent.compaction import plan_compaction\n"
        "return tokens > plan_compaction(window, trigger).trigger_tokens  # the library's line",
        "import math\nreturn tokens > math.floor(window * trigger)  # the line rounded down: the same for whole tokens",
    ],
    "head_tail": [
        """
        n = len(encode(text))
        if n <= max_tokens:
            return text
        ids = encode(text)
        line = lambda omitted: "\\n[… " + format(omitted, ",") + " tokens omitted; full output: " + pointer + "]\\n"
        room = max_tokens - len(encode(line(n))) - 2
        h = round(0.7 * room)
        t = room - h
        while True:
            head, tail = decode(ids[:h]), decode(ids[n - t:])
            if not text.startswith(head):
                h -= 1
            elif not text.endswith(tail) or count_tokens(head + line(n - h - t) + tail) > max_tokens:
                t -= 1
            else:
                return head + line(n - h - t) + tail""",
        """
        ids = encode(text)
        if len(ids) <= max_tokens:
            return text
        def marker(omitted):
            return f"\\n[… {omitted:,} tokens omitted; full output: {pointer}]\\n"
        room = max_tokens - count_tokens(marker(len(ids))) - 2
        h = round(room * 0.7)
        t = room - h
        while not text.startswith(decode(ids[:h])):  # the head first, then the tail
            h -= 1
        def result(t):
            return decode(ids[:h]) + marker(len(ids) - h - t) + decode(ids[len(ids) - t:])
        while not text.endswith(decode(ids[len(ids) - t:])) or count_tokens(result(t)) > max_tokens:
            t -= 1
        return result(t)""",
    ],
    "cache_friendly_order": [
        "rank = {'fixed': 0, 'append': 1, 'volatile': 2}\nreturn sorted(sections, key=lambda s: rank[s[1]])",
        """
        groups = {"fixed": [], "append": [], "volatile": []}
        for section in sections:
            groups[section[1]].append(section)
        return groups["fixed"] + groups["append"] + groups["volatile"]""",
    ],
}

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "should_compact": [
        ("return tokens >= window * trigger", "Exactly at the trigger (102,400)"),
        ("return tokens > window  # waits until the window is full", "one more compacts"),
        ("return tokens > window * 0.8", "use the trigger argument"),
        ("return tokens > trigger  # compares tokens with a fraction", "60,000 tokens in a 128,000 window"),
        ("return window - tokens < window * trigger", "60,000 tokens in a 128,000 window"),
        ("return not tokens <= round(window * trigger)  # the line rounded", "not rounded (round() makes the line 1,602)"),
        ("return tokens > round(window * trigger, 2)", "not rounded (to 2 decimals it is 1,000.00)"),
    ],
    "head_tail": [
        ({"    if len(ids) <= max_tokens:\n        return text\n": ""}, "comes back unchanged"),
        ({"<= max_tokens:": "< max_tokens:"}, "exactly max_tokens long fits too"),
        ("""
        ids = encode(text)
        if len(ids) <= max_tokens:
            return text
        h = round(max_tokens * 0.7)  # 70/30 of the whole budget: no room left for the marker
        t = max_tokens - h
        return decode(ids[:h]) + f"\\n[… {len(ids) - h - t:,} tokens omitted; full output: {pointer}]\\n" + decode(ids[-t:])""",
         "The marker line counts too"),
        ({"; full output: {pointer}": ""}, "does not mention the pointer"),
        ({"t = room - h": "t = 0"}, "keep both ends"),
        ({"out = head + marker(len(ids) - h - t)": "out = head + marker(len(text) - len(head) - len(tail))"},
         "in tokens, not characters"),
        ({"marker(len(ids) - h - t)": "marker(len(ids) - h - t + 1)"}, "say exactly how many tokens were left out"),
        ({"text.startswith(head) and text.endswith(tail) and count_tokens": "count_tokens"},
         "a token can hold part of a character"),
        ("if count_tokens(text) <= max_tokens: return text\n"
         "return text[:max_tokens * 2] + f'\\n[… cut; full output: {pointer}]\\n' + text[-max_tokens * 2:]  # chars",
         "more than max_tokens"),
        ("""
        ids = encode(text)
        if len(ids) <= max_tokens:
            return text
        def whole(h, t):  # both ends are the text's own, no character cut in two
            return text.startswith(decode(ids[:h])) and text.endswith(decode(ids[len(ids) - t:]))
        h = t = 0
        while True:  # grow head and tail in turn, each to the next whole character, while the whole still fits
            grow_head = h <= t
            h2, t2 = (h + 1, t) if grow_head else (h, t + 1)
            while not whole(h2, t2):
                h2, t2 = (h2 + 1, t2) if grow_head else (h2, t2 + 1)
            out = decode(ids[:h2]) + f"\\n[{len(ids) - h2 - t2} tokens cut; see {pointer}]\\n" + decode(ids[len(ids) - t2:])
            if count_tokens(out) > max_tokens:
                break
            h, t = h2, t2
        return decode(ids[:h]) + f"\\n[{len(ids) - h - t} tokens cut; see {pointer}]\\n" + decode(ids[len(ids) - t:])""",
         "write the marker line exactly as the task gives it"),
        ({"h = round(room * 0.7)": "h = room // 2"}, "the head gets 70 % of the room, rounded with round()"),
        ({"h = round(room * 0.7)": "h = int(room * 0.7)"}, "round(101 × 0.7) = 71"),
        ({" - 2\n": "\n"}, "a margin of 2"),
        ({"(h - 1, t)": "(h + 1, t)"}, "shrink the part that broke one token at a time"),
    ],
    "cache_friendly_order": [
        ("return sorted(sections, key=lambda s: s[1])  # alphabetical: append, fixed, volatile",
         "Fixed sections first"),
        ("return sorted(sections, key=lambda s: (s[1] == 'volatile', s[1] != 'fixed', s[0]))",
         "Keep the order within a kind"),
        ("return [s for s in sections if s[1] != 'volatile']  # drops the memory", "Fixed sections first"),
        ("sections.sort(key=lambda s: ('fixed', 'append', 'volatile').index(s[1])); return sections", "changed its input"),
        ("return [s for kind in ('volatile', 'append', 'fixed') for s in sections if s[1] == kind]",
         "Fixed sections first"),
        ("""
        kinds = dict(sections)  # name -> kind: a repeated name keeps one entry
        rank = {"fixed": 0, "append": 1, "volatile": 2}
        return sorted(kinds.items(), key=lambda s: rank[s[1]])""", "keep both, in order"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'should_compact': {
        'round: window * trigger -> _mut_int(window * trigger)':
            'for whole token counts t > x and t > int(x) agree (x >= 0): the line rounded down is the same line, as '
            'plan_compaction.trigger_tokens draws it',
    },
    'head_tail': {
        'guard: text.startswith(head) and text.endswith(tail) and (count_tokens(out) <= max_tokens) -> text.startswith(head) and text.endswith(tail)':
            'with the margin of 2 no text was found whose whole ends go over budget (the check\'s texts and 7,000 random '
            'mixed-script ones tried when it was written): the count test is defensive',
        'boundary: count_tokens(out) <= max_tokens -> count_tokens(out) < max_tokens':
            'the result is never exactly max_tokens long: the margin of 2 keeps it at least 2 under unless tokens merge '
            'at a join, which only makes it shorter (no text found otherwise, as for the count test above)',
        'lower: head_tail: pointer = _mut_strip(pointer) at the start':
            'pointers are ids (out-7f3a, page-1) without spaces at their ends',
    },
}

"""Lesson 03's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "sliding_window": [
        "return messages[len(messages) - n:] if n < len(messages) else list(messages)",
        "return tuple(messages[max(0, len(messages) - n):])  # any sequence is accepted",
    ],
    "window_by_tokens": [
        """
        start = len(messages)
        while start > 0 and count_tokens(messages[start - 1:]) <= max_tokens:
            start -= 1
        return messages[start:]""",
        "return next(messages[s:] for s in range(len(messages) + 1) if count_tokens(messages[s:]) <= max_tokens "
        "or s == len(messages))",
    ],
    "prune": [
        """
        import heapq
        keep = set(pinned)
        budget = max_tokens - REPLY_PRIMING - sum(count_message_tokens(messages[i]) for i in keep)
        heap = [(-importance[i], -i) for i in range(len(messages)) if i not in keep]
        heapq.heapify(heap)
        while heap:
            i = -heapq.heappop(heap)[1]
            if count_message_tokens(messages[i]) <= budget:
                keep.add(i)
                budget -= count_message_tokens(messages[i])
        return [m for i, m in enumerate(messages) if i in keep]""",
        """
        order = sorted(range(len(messages)), key=lambda i: (i not in pinned, -importance[i], -i))
        keep = []
        for i in order:
            if i in pinned or count_tokens([messages[j] for j in sorted(keep + [i])]) <= max_tokens:
                keep.append(i)
        return [messages[i] for i in sorted(keep)]""",
    ],
}

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "sliding_window": [
        ("return messages[-n:]  # n == 0 gives the whole list", "messages[-0:] is the whole list"),
        ("return messages[:n]  # the oldest n", "still holds 'message 2'"),
        ("return list(reversed(messages))[:n]  # newest first", "another order"),
        ({"messages[-n:]": "messages[-n - 1:]"}, "returned 11 messages"),
        ("""
        while len(messages) > n:  # trims the caller's list
            messages.pop(0)
        return messages""", "changed its input (`messages`"),
        ("return {i: m for i, m in enumerate(messages[-n:])} if n else {}", "expected a list of messages"),
    ],
    "window_by_tokens": [
        ({"count_tokens([m] + kept)": "sum(count_tokens(x['content']) for x in [m] + kept)"}, "framing"),
        ({"break": "continue"}, "leave a gap"),
        ({"reversed(messages)": "messages", "kept.insert(0, m)": "kept.append(m)"}, "window_by_tokens"),
        ({"if count_tokens": "if kept and count_tokens"}, "never exceed max_tokens"),
    ],
    "prune": [
        ("""
        budget = max_tokens - REPLY_PRIMING - sum(count_message_tokens(messages[i]) for i in pinned)
        others = [m for i, m in enumerate(messages) if i not in pinned]
        score = {id(m): importance[i] for i, m in enumerate(messages)}
        others.sort(key=lambda m: (-score[id(m)], -messages.index(m)))  # index() finds the FIRST duplicate
        kept = [messages[i] for i in sorted(pinned)]
        for m in others:
            if count_message_tokens(m) <= budget:
                kept.append(m)
                budget -= count_message_tokens(m)
        return sorted(kept, key=messages.index)""", "SECOND 'yes please'"),
        ({"return [messages[i] for i in sorted(keep)]":
          "return [messages[i] for i in sorted(pinned)] + [messages[i] for i in sorted(keep - set(pinned))]"},
         "does not move to the front"),
        ({"(-importance[i], -i)": "-i"}, "importance first, recency second"),
        ({" - sum(count_message_tokens(messages[i]) for i in keep)": ""}, "over max_tokens"),
        ({"keep = set(pinned)": "keep = set()"}, "pinned"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'sliding_window': {
        'alias: list(messages[-n:]) -> messages[-n:]':
            'a slice of a list is already a new list',
    },
}

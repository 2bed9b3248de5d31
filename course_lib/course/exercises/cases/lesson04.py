"""Lesson 04's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "needs_summary": [
        "return not count_tokens(messages) <= limit",
        """
        from course_lib.model.tokens import REPLY_PRIMING, count_message_tokens
        total = sum(count_message_tokens(m) for m in messages) + (REPLY_PRIMING if messages else 0)
        return total > limit""",
    ],
    "split_for_fold": [
        """
        recent = list(messages)
        old = []
        while recent and count_tokens(recent) > limit:
            old.append(recent.pop(0))  # pops from a copy, not from `messages`
        return old, recent""",
        """
        k = next((k for k in range(len(messages) + 1) if count_tokens(messages[k:]) <= limit), len(messages))
        return [messages[:k], messages[k:]]  # a list pair is a sequence too""",
    ],
    "facts_kept": [
        """
        text = " ".join(summary.split()).lower()  # whitespace runs become one space, case folded once
        return [f for f in facts if re.search(r"(?<!\\w)" + re.escape(" ".join(f.split()).lower()) + r"(?!\\w)", text)]""",
        """
        text, kept = " ".join(summary.split()).lower(), []
        for fact in facts:  # no regular expressions: find each occurrence, look at its neighbours
            needle = " ".join(fact.split()).lower()
            start = text.find(needle)
            while start != -1:
                end = start + len(needle)
                if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
                    kept.append(fact)
                    break
                start = text.find(needle, start + 1)
        return tuple(kept)""",
    ],
}

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "needs_summary": [
        ({"count_tokens(messages)": "len(messages)"}, "count tokens, not messages"),
        ({"count_tokens(messages)": "sum(count_tokens(m['content']) for m in messages)"}, "framing tokens"),
        ({"> limit": ">= limit"}, "not over a limit of 0"),
        ("return sum(len(m['content']) for m in messages) / 4 > limit  # 4 characters per token", "needs_summary("),
        ("""
        over = count_tokens(messages) > limit
        messages.clear()  # makes room in the caller's list
        return over""", "changed its input (`messages`"),
    ],
    "split_for_fold": [
        ("""
        k = len(messages)
        while k > 0 and count_tokens(messages[:k]) > limit:
            k -= 1
        return list(messages[k:]), list(messages[:k])  # keeps the oldest, folds the newest""",
         "the oldest messages go to `old`"),
        ({"> limit": ">= limit"}, "would do"),
        ({"count_tokens(messages[k:])": "sum(count_tokens(m['content']) for m in messages[k:])"}, "over the limit of"),
        ("""
        old = []
        while messages and count_tokens(messages) > limit:
            old.append(messages.pop(0))  # empties the caller's list
        return old, messages""", "changed its input (`messages`"),
        ({"return list(messages[:k]), list(messages[k:])": "return list(messages[k:]), list(messages[:k])"},
         "the pair is the wrong way round"),
        ("""
        recent, old = list(messages), []
        while count_tokens(recent) > limit:  # pops from an empty list when the limit is below 0
            old.append(recent.pop(0))
        return old, recent""", "Stop once `recent` is empty"),
    ],
    "facts_kept": [
        ("return [f for f in facts if f in summary]  # case-sensitive", "Matching ignores case"),
        ("return [f for f in facts if f.lower() in summary.lower()]", "whitespace"),
        ({'r"(?<!\\w)" + ': "", ' + r"(?!\\w)"': ""}, "glued to a letter or digit"),
        ({'r"(?<!\\w)"': 'r"\\b"', 'r"(?!\\w)"': 'r"\\b"'}, "€12"),
        ({"re.escape(word)": "word"}, "re.escape"),
        ({"kept = []": "kept = set()", "kept.append(fact)": "kept.add(fact)"}, "a set ("),
        ({"kept.append(fact)": "yield fact", "return kept": "return"}, "a generator"),
        ({"return kept": "return sorted(kept)"}, "the right items in another order"),
        ({"kept.append(fact)": "kept.append(fact.lower())"}, "case changed"),
        ("return [f for f in facts if f.lower() not in summary.lower()]  # the lost ones", "returned ['Hotel Amsel']"),
        ({"    kept = []\n": "    kept = []\n    summary = summary.lower()  # the fact keeps its case: 'İ' no longer matches\n"},
         "fold case the same way on both sides"),
        ("""
        words = summary.lower().replace(".", " ").split()
        return [f for f in facts if f.lower() in words]  # multi-word facts never match""",
         "returned ['Priya', '14:35']"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'split_for_fold': {
        'boundary: k < len(messages) -> k <= len(messages)':
            'one step past the end (k = len(messages) + 1) slices the same pair as k = len(messages), and the loop stops there',
        'alias: list(messages[:k]) -> messages[:k]':
            'a slice of a list is already a new list',
        'alias: list(messages[k:]) -> messages[k:]':
            'a slice of a list is already a new list',
    },
    'facts_kept': {
        'lower: facts_kept: summary = _mut_strip(summary) at the start':
            "spaces at the ends of the summary are never part of a fact with a word in it, and (?<!\\w)/(?!\\w) accept the text's edge (a fact of only spaces, which matches wherever two non-word characters meet, is no fact)",
    },
}

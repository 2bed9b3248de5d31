"""Lesson 00's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "conversation_tokens": [
        """
        total = 0
        for m in messages:
            total += 3 + count_tokens(m["role"]) + count_tokens(m["content"])
        return total + 3 if total else 0""",
        "return sum(count_tokens(m['role']) + count_tokens(m['content']) for m in messages) + 3 * len(messages) "
        "+ 3 * bool(messages)",
    ],
    "fits_in_window": [
        "return window - count_tokens(messages) >= reply_tokens",
        "return not count_tokens(messages) + reply_tokens > window",
    ],
    "cosine": [
        """
        import math
        if len(a) != len(b):
            raise ValueError(f"vectors of lengths {len(a)} and {len(b)}")
        dot = sum(x * y for x, y in zip(a, b))
        norms = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
        return dot / norms if norms else 0.0""",
        "return float(np.dot(a, b) / np.linalg.norm(a) / np.linalg.norm(b)) if np.any(a) and np.any(b) else 0.0",
    ],
}

WRONG_ANSWERS = {  # (body, text the verdict must contain)
    "conversation_tokens": [
        ("return sum(count_tokens(m['content']) for m in messages)  # no framing, no reply", "returned 7, expected 14"),
        ("return sum(3 + count_tokens(m['role']) + count_tokens(m['content']) for m in messages)  # no priming",
         "returned 11, expected 14"),
        ("return sum(len(m['content'].split()) for m in messages)  # words are not tokens", "expected 14"),
        ("""
        total = 3 if messages else 0
        while messages:  # consumes the caller's list
            m = messages.pop()
            total += 3 + count_tokens(m["role"]) + count_tokens(m["content"])
        return total""", "changed its input (`messages`"),
        ("return count_tokens(messages)  # the right number, but the exercise is to count it yourself",
         "passes the list of messages to count_tokens"),
    ],
    "fits_in_window": [
        ("return count_tokens(messages) + reply_tokens < window  # an exact fit is a fit", "expected True"),
        ("return count_tokens(messages) <= window  # forgets the reply", "expected False"),
        ("return window - count_tokens(messages) - reply_tokens  # a number, not a yes/no", "expected True (a bool: True or False)"),
    ],
    "cosine": [
        ("return sum(x * y for x, y in zip(a, b))  # not normalised", "expected 1"),
        ("return float(np.dot(a, b) / np.linalg.norm(a))  # one length only", "expected"),
        ("return round(float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))), 2)", "don't round"),
        ("""
        a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        a /= np.linalg.norm(a)  # normalises the caller's array in place
        b /= np.linalg.norm(b)
        return float(a @ b) if np.isfinite(a).all() and np.isfinite(b).all() else 0.0""", "changed its input (`a`"),
        ("""
        dot = sum(x * y for x, y in zip(a, b))  # zip stops at the shorter vector
        na, nb = sum(x * x for x in a) ** 0.5, sum(y * y for y in b) ** 0.5
        return dot / (na * nb) if na and nb else 0.0""", "vectors of different lengths have no cosine"),
        ("return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))  # nan for a zero vector",
         "A zero vector has no direction"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'cosine': {
        'unwrap: np.asarray(a, dtype=float) -> np.asarray(a)':
            'b is float64, so a @ b is float64, and norm() turns a list or an int or bool array into float64; a float32 a is normed in float32 (1e-7 off, inside the tolerance), as a correct variant computing in the input type does',
        'unwrap: np.asarray(b, dtype=float) -> np.asarray(b)':
            'a is float64, so a @ b is float64, and norm() turns a list or an int or bool array into float64; a float32 b is normed in float32 (1e-7 off, inside the tolerance), as a correct variant computing in the input type does',
        'unwrap: float(a @ b / norms) -> a @ b / norms':
            'a numpy float64 is a float subclass, and the value policy (comparing.py) counts numpy.float64(x) as the number x',
    },
}

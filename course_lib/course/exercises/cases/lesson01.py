"""Lesson 01's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "cumulative_tokens": [
        """
        import itertools
        prompts = itertools.accumulate(per_turn_tokens)
        return list(itertools.accumulate(fixed + p for p in prompts))""",
        """
        out = []
        for i in range(len(per_turn_tokens)):
            out.append(sum(fixed + sum(per_turn_tokens[:j + 1]) for j in range(i + 1)))
        return tuple(out)  # any sequence is accepted""",
    ],
    "turns_until_full": [
        """
        import itertools
        sizes = [fixed + s for s in itertools.accumulate(per_turn_tokens)]
        return next((i for i, s in enumerate(sizes) if s > window), len(sizes))""",
        """
        count, size = 0, fixed
        for n in per_turn_tokens:
            if size + n > window:
                break
            size, count = size + n, count + 1
        return count""",
    ],
}

WRONG_ANSWERS = {  # (body, text the verdict must contain)
    "cumulative_tokens": [
        ("import itertools; return list(itertools.accumulate(per_turn_tokens))  # prompt sizes, not the bill",
         "cumulative_tokens([100, 100, 100]) returned [100, 200, 300], expected [100, 300, 600]"),
        ("import itertools; return list(itertools.accumulate(itertools.accumulate(per_turn_tokens)))  # no fixed",
         "fixed=50"),
        ("import itertools; return list(itertools.accumulate(n + fixed for n in per_turn_tokens))  # no resending",
         "expected [100, 300, 600]"),
        ("""
        history, total = 0, 0
        for n in per_turn_tokens:
            history += n
            total += fixed + history
            yield total  # a generator, not a list""", "a generator"),
        ("""
        history, total, out = 0, 0, []
        for n in per_turn_tokens:
            total += fixed + history  # the prompt misses the new turn
            history += n
            out.append(total)
        return out""", "cumulative_tokens([100]) returned [0], expected [100]"),
    ],
    "turns_until_full": [
        ("""
        size = fixed
        for i, n in enumerate(per_turn_tokens):
            size += n
            if size > window:
                return i + 1  # the overflowing turn's number, not how many fit
        return len(per_turn_tokens)""", "turns_until_full([100, 100, 100], 250) returned 3, expected 2"),
        ("""
        size = fixed
        for i, n in enumerate(per_turn_tokens):
            size += n
            if size >= window:  # exactly full still fits
                return i
        return len(per_turn_tokens)""", "Exactly full still fits"),
        ("""
        size = 0  # forgets the fixed part
        for i, n in enumerate(per_turn_tokens):
            size += n
            if size > window:
                return i
        return len(per_turn_tokens)""", "fixed=100"),
        ("return int((window - fixed) // (sum(per_turn_tokens) / len(per_turn_tokens))) if per_turn_tokens else 0",
         "returned"),
    ],
}


# Mutants the checker accepts because they are correct answers (tools/mutate_exercises.py): none here.
EQUIVALENT_MUTANTS: dict[str, dict[str, str]] = {}

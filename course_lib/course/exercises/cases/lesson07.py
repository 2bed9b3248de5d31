"""Lesson 07's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "is_valid_at": [
        """
        if when < record["valid_from"]:
            return False
        ends = [t for t in (record["valid_to"], record["expires_at"]) if t is not None]
        return all(when < t for t in ends)""",
        """
        from course_lib.long_term.stores import MemoryRecord  # the library's own test, on a record built from the dict
        r = MemoryRecord(id="x", user_id="u", text=record["text"], embedding=None, recorded_at=record["valid_from"],
                         last_accessed_at=record["valid_from"], valid_from=record["valid_from"],
                         valid_to=record["valid_to"], expires_at=record["expires_at"])
        return r.is_current(when)""",
    ],
    "strength": [
        """
        if min(access_count, edge_count, days_unused) < 0:
            raise ValueError("access_count, edge_count and days_unused must be >= 0")
        import math
        return (1 + 0.3 * access_count + 0.7 * edge_count) * math.exp(days_unused * math.log(decay))""",
        "from course_lib.long_term.forgetting import strength as s; return s(access_count, edge_count, days_unused, "
        "decay)  # the library's",
    ],
    "supersede": [
        """
        out, ended = [], False
        for m in memories:
            if m["subject"] == new_fact["subject"] and m["valid_to"] is None:
                if m["text"] == new_fact["text"]:
                    return [dict(x) for x in memories]
                m, ended = {**m, "valid_to": when}, True
            out.append(dict(m))
        out.append({"text": new_fact["text"], "subject": new_fact["subject"], "valid_from": when, "valid_to": None})
        return out""",
        """
        import copy
        out = copy.deepcopy(memories)
        live = [m for m in out if m["subject"] == new_fact["subject"] and not m["valid_to"]]
        if any(m["text"] == new_fact["text"] for m in live):
            return out
        for m in live:
            m["valid_to"] = when
        return out + [dict(text=new_fact["text"], subject=new_fact["subject"], valid_from=when, valid_to=None)]""",
    ],
}

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "is_valid_at": [
        ({"when < record[\"valid_to\"]": "when <= record[\"valid_to\"]"}, "never true together"),
        ({"record[\"valid_from\"] <= when": "record[\"valid_from\"] < when"}, "very moment it starts"),
        ("return record[\"valid_to\"] is None  # ignores the date", "In June Priya lived in Paris"),
        ({"return started and not_ended and not_expired": "return started and not_ended"}, "expires_at"),
        ({"return started and not_ended and not_expired": "return not_ended and not_expired"}, "Berlin was not true yet"),
        ("""
        d = when.date()  # compares calendar dates only
        return (record["valid_from"].date() <= d and (record["valid_to"] is None or d < record["valid_to"].date())
                and (record["expires_at"] is None or d < record["expires_at"].date()))""", "compare the full datetimes"),
    ],
    "strength": [
        ({"(1 + 0.3": "(0.3"}, "starts at strength 1"),
        ({"0.3 * access_count + 0.7 * edge_count": "0.7 * access_count + 0.3 * edge_count"}, "Each access adds 0.3"),
        ({"decay ** days_unused": "0.95 ** days_unused"}, "Use the decay argument"),
        ({"decay ** days_unused": "(1 - 0.05 * days_unused)"}, "strength(0, 0, 20) returned 0"),
        ("return (1 + 0.3 * access_count + 0.7 * edge_count) * decay ** days_unused  # no check of the input",
         "raise a ValueError"),
        ({"raise ValueError(\"access_count, edge_count and days_unused must be >= 0\")": "raise ValueError()"},
         "the message should say which argument is wrong ('access_count')"),
    ],
    "supersede": [
        ("""
        out = [dict(m) for m in memories if not (m["subject"] == new_fact["subject"] and m["valid_to"] is None)]
        return out + [{"text": new_fact["text"], "subject": new_fact["subject"], "valid_from": when, "valid_to": None}]
        # deletes the old fact instead of ending it""", "stays as history"),
        ({"dict(m, valid_to=when) if": "dict(m) if"}, "two records on"),
        ({"m[\"subject\"] == new_fact[\"subject\"] and m[\"valid_to\"] is None": "m[\"valid_to\"] is None"},
         "Paris is another subject"),
        ({" and m[\"valid_to\"] is None": ""}, "keep its valid_to as it was"),
        ({"    if any(m[\"text\"] == new_fact[\"text\"] for m in current):\n        return [dict(m) for m in memories]\n": ""},
         "NOOP"),
        ({"return [dict(m) for m in memories]": "return memories"}, "returned `memories` itself, not a new one"),
        ({"out.append({\"text\": new_fact[\"text\"], \"subject\": new_fact[\"subject\"], \"valid_from\": when, \"valid_to\": None})":
          "out.append({**new_fact, \"valid_from\": when, \"valid_to\": None})"}, "other keys of new_fact"),
        ({"dict(m, valid_to=when) if m in current else dict(m)": "dict(m, valid_to=when) if m in current else m"},
         "the caller's own dicts"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'is_valid_at': {
        "none: record['valid_to'] is None -> not record['valid_to']":
            'valid_to and expires_at are a datetime or None, and a datetime is always true',
        "none: record['expires_at'] is None -> not record['expires_at']":
            'valid_to and expires_at are a datetime or None, and a datetime is always true',
        'lower: is_valid_at: record = _mut_lower(record) at the start':
            "only the three datetimes are read; the record's text is never used",
        'lower: is_valid_at: record = _mut_strip(record) at the start':
            "only the three datetimes are read; the record's text is never used",
    },
    'supersede': {
        "dedupe: for m in memories if m['subject'] == new_fact['subject'] and m['valid_to'] is None -> for m in _mut_dedupe(memories) if m['subject'] == new_fact['subject'] and m['valid_to']...":
            '`current` is read only by any() and by `m in current`, which compares by ==: a repeated dict is in it either way',
        "none: m['valid_to'] is None -> not m['valid_to']":
            'valid_to is a datetime or None, and a datetime is always true',
    },
}

"""Lesson 12's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "LatestUserMessages": [
        {"lines[-self.n:] if self.n else []": "lines[max(0, len(lines) - self.n):]"},
        {'self.said.setdefault(session.user, []).extend(m["content"] for m in session.messages if m["role"] == "user")':
         'for m in session.messages:\n            if m["role"] == "user":\n'
         '                self.said.setdefault(session.user, []).append(m["content"])',
         "lines = self.said.get(user, [])": "lines = list(self.said[user]) if user in self.said else []"},
    ],
    "reached": [
        """
        import re
        for p in patterns:
            if re.compile(p).search(prompt) is None:
                return False
        return True""",
        "from course_lib.evaluation.harness import matches; return all(matches(p, prompt) for p in patterns)",
    ],
    "precision": [
        """
        import re
        if len(items) == 0:
            return None
        hits = [i for i in items if any(re.search(p, i) for p in patterns)]
        return len(hits) / len(items)""",
        """
        from course_lib.evaluation.harness import matches
        return sum(1 for i in items if any(matches(p, i) for p in patterns)) / len(items) if items else None""",
    ],
}

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "LatestUserMessages": [
        ({"lines[-self.n:] if self.n else []": "lines[-self.n:]"}, "said[-0:] is the WHOLE list"),
        ({"if m[\"role\"] == \"user\"": "if m[\"content\"]"}, "not the assistant's replies"),
        ({"memories=lines[-self.n:] if self.n else [], history=[]": "memories=list(reversed(lines[-self.n:])) "
          "if self.n else [], history=[]"}, "oldest first"),
        ({"self.said.setdefault(session.user, [])": "self.said.setdefault(\"all\", [])",
          "self.said.get(user, [])": "self.said.get(\"all\", [])"}, "no one else's"),
        ({"memories=lines[-self.n:] if self.n else [], history=[]": "memories=[], history=[{\"role\": \"user\", "
          "\"content\": x} for x in lines[-self.n:]]"}, "The last 3 messages"),
        ({"self.said.setdefault(session.user, []).extend(": "self.said[session.user] = list("},
         "each session must not replace the earlier ones"),  # keeps only the last session
        ({"memories=lines[-self.n:] if self.n else []": "memories=lines if len(lines) <= self.n else "
          "lines[-self.n:] if self.n else []"}, "not your internal one"),
        ({"self.n, self.said, self.name = n, {}, f\"latest {n} user messages\"": "self.n, self.name = n, "
          "f\"latest {n} user messages\"", "class LatestUserMessages:": "class LatestUserMessages:\n    said = "
          "__import__('collections').defaultdict(list)"}, "class attribute"),
        ({"lines[-self.n:] if self.n else []": "lines[len(lines) - self.n:] if self.n else []"},
         "n larger than the number of messages"),  # hint 3 before issue 22
        ({", self.name = n, {}, f\"latest {n} user messages\"": " = n, {}"}, "Give your strategy a `name`"),
    ],
    "reached": [
        ({"all(": "any("}, "Tampere is missing"),
        ("""
        import re
        if patterns:  # nothing returned for an empty list of patterns
            return all(re.search(p, prompt) for p in patterns)""", "one path through it ends without `return`"),
        ("return all(p in prompt for p in patterns)  # the pattern text, not a regex", "'vegan' is in the prompt"),
        ("import re; return bool(patterns) and all(re.search(p, prompt) for p in patterns)", "all([]) is True"),
        ("import re; return all(re.match(p, prompt) for p in patterns)  # match anchors at the start",
         "'vegan' is in the prompt"),
    ],
    "precision": [
        ({"if not items: return None": "if not items: return 0.0"}, "return None"),
        ("import re; return sum(re.search(p, i) is not None for i in items for p in patterns) / len(items) "
         "if items else None", "Count items, not matches"),
        ("import re; return sum(all(re.search(p, i) for p in patterns) for i in items) / len(items) "
         "if items else None", "ANY needed value"),
        ("import re; items = list(dict.fromkeys(items)); return sum(any(re.search(p, i) for p in patterns) "
         "for i in items) / len(items) if items else None  # drops repeated items", "repeated ones too: 2 of 3"),
        ("return sum(any(p.strip('(?i)') in i for p in patterns) for i in items) / len(items) if items else None",
         "One of the two injected items"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'LatestUserMessages': {
        "in-for-eq: m['role'] == 'user' -> m['role'] in 'user'":
            "roles are the fixed lower-case names system, user, assistant, tool: none contains 'user' but 'user' itself, none has capitals or spaces",
        "in-for-eq: m['role'] == 'user' -> 'user' in m['role']":
            "roles are the fixed lower-case names system, user, assistant, tool: none contains 'user' but 'user' itself, none has capitals or spaces",
        "lower: m['role'] == 'user' -> _mut_lower(m['role']) == _mut_lower('user')":
            "roles are the fixed lower-case names system, user, assistant, tool: none contains 'user' but 'user' itself, none has capitals or spaces",
        "lower: m['role'] == 'user' -> _mut_strip(m['role']) == _mut_strip('user')":
            "roles are the fixed lower-case names system, user, assistant, tool: none contains 'user' but 'user' itself, none has capitals or spaces",
        'unwrap: Context(memories=lines[-self.n:] if self.n else [], history=[]) -> Context(memories=lines[-self.n:] if self.n else [])':
            "Context's history defaults to an empty list",
    },
}

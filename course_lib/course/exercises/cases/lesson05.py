"""Lesson 05's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "profile_block": [
        """
        block = ""
        for key, value in facts.items():
            if count_tokens(candidate := (block or "User profile:") + f"\\n- {key}: {value}") > max_tokens:
                break
            block = candidate
        return block""",
        """
        import itertools
        blocks = ["\\n".join(["User profile:"] + [f"- {k}: {v}" for k, v in list(facts.items())[:n]])
                  for n in range(1, len(facts) + 1)]
        return ([""] + [b for b in itertools.takewhile(lambda b: count_tokens(b) <= max_tokens, blocks)])[-1]""",
    ],
    "already_done": [
        "return any(e.get('type') == 'tool_call' and e.get('tool') == tool and e.get('args') == args for e in events)",
        """
        for e in (e for e in events if e.get("type") == "tool_call" and e.get("tool") == tool):
            if json.dumps(e.get("args"), sort_keys=True) == json.dumps(args, sort_keys=True):
                return True
        return False""",
    ],
    "route": [
        """
        words = " %s " % " ".join(re.findall(r"[a-z0-9]+", question.lower()))
        hits = [k for k in ("working", "episodic", "procedural") if any(f" {c} " in words for c in ROUTE_CUES[k])]
        return (hits + ["semantic"])[0]""",
        """
        words = re.findall(r"[a-z0-9]+", question.lower())
        def has(cue):
            return any(words[i:i + len(cue.split())] == cue.split() for i in range(len(words)))
        return next((k for k in ("working", "episodic", "procedural") if any(map(has, ROUTE_CUES[k]))), "semantic")""",
    ],
    "cosine_top_k": [
        """
        q = sum(x * x for x in query) ** 0.5
        sims = [sum(a * b for a, b in zip(row, query)) / ((sum(x * x for x in row) ** 0.5 * q) or 1) for row in matrix]
        return sorted(range(len(sims)), key=lambda i: (-sims[i], i))[:k]""",
        """
        q = np.asarray(query, dtype=float)
        m = np.asarray(matrix, dtype=float).reshape(len(matrix), len(q))  # [] becomes a (0, d) matrix
        lengths = np.linalg.norm(m, axis=1) * np.linalg.norm(q)
        sims = np.where(lengths > 0, m @ q / np.where(lengths > 0, lengths, 1), 0.0)
        return np.lexsort((np.arange(len(sims)), -sims))[:k]  # an array of indices is a sequence too""",
    ],
}

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "profile_block": [
        ({"> max_tokens": "> float('inf')"}, "over the budget"),
        ({"facts.items()": "sorted(facts.items())"}, "keep facts in the order given"),
        ({"> max_tokens": ">= max_tokens"}, "exactly"),
        ({'if len(lines) > 1 else ""': ""}, "a header with no facts"),
        ({"break": "continue"}, "stop at the first one that does not fit"),
        ({"for key, value in facts.items():": "while facts:\n        key = next(iter(facts)); value = facts.pop(key)"},
         "changed its input (`facts`"),
    ],
    "already_done": [
        ({"sort_keys=True": "sort_keys=False"}, "another key order"),
        ({' and e.get("tool") == tool': ""}, "cancel_table was never called"),
        ("return any(e.get('type') == 'tool_call' and e.get('tool') == tool and args.items() <= "
         "(e.get('args') or {}).items() for e in events)  # a subset counts", "Only some of the arguments match"),
        ({'e.get("type") == "tool_call" and ': ""}, "tool_error"),
        ({'e.get("type") == "tool_call"': 'e.get("type") != "tool_error"'}, "tool_cancelled"),
        ({'e.get("tool") == tool': 'str(e.get("tool")).lower() == tool.lower()'}, "Book_Table"),
        ({'e.get("type") == "tool_call" and e.get("tool") == tool': 'e["tool"] == tool and e["type"] == "tool_call"'},
         "raised KeyError"),
    ],
    "route": [
        ({'f" {cue} " in text': "cue in text"}, "Chicago"),
        ({'("working", "episodic", "procedural")': '("procedural", "episodic", "working")'},
         "in the order working, episodic, procedural"),
        ({"question.lower()": "question", "[^a-z0-9]": "[^A-Za-z0-9]"}, "returned 'semantic', expected 'episodic'"),
        ({'return "semantic"': "return None"}, "returned None"),
        ({"return kind": "return kind.title()"}, "only the case differs"),
    ],
    "cosine_top_k": [
        ("return [int(i) for i in np.argsort(-(np.asarray(matrix) @ query), kind='stable')[:k]]  # dot product",
         "cosine ignores length"),
        ({"argsort(-sims": "argsort(sims"}, "expected [1, 0]"),
        ({'[int(i) for i in np.argsort(-sims, kind="stable")[:k]]': "sorted(sims.tolist(), reverse=True)[:k]"},
         "not similarities"),
        ({"np.divide(matrix @ query, norms, out=np.zeros(len(matrix)), where=norms > 0)": "matrix @ query / norms"},
         "A row of zeros has similarity 0"),
        ({', kind="stable"': ""}, "Beyond 16 rows"),
        ({"matrix = np.asarray(matrix, dtype=np.float64)":
          "matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)  # in place: the caller's matrix"},
         "changed its input (`matrix`"),
        ({"[int(i) for i in": "{int(i) for i in", "[:k]]": "[:k]}"}, "a set ("),
        ({"    if len(matrix) == 0:  # no memories stored yet: nothing to rank (np.asarray([]) has no rows to take "
          "norms of)\n        return []\n": ""}, "check for no rows first"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'already_done': {
        'dedupe: for e in events -> for e in _mut_dedupe(events)':
            'any() over the events: a repeated event changes no answer',
        'dedupe: already_done: events = _mut_dedupe(events) at the start':
            'any() over the events: a repeated event changes no answer',
    },
    'route': {
        "lower: f' {cue} ' in text -> _mut_lower(f' {cue} ') in _mut_lower(text)":
            'the question is lower-cased already and every cue is lower-case',
        'dedupe: for cue in ROUTE_CUES[kind] -> for cue in _mut_dedupe(ROUTE_CUES[kind])':
            'any() over the cues: a repeated cue changes no answer',
        'lower: route: question = _mut_strip(question) at the start':
            'the solution turns every non-letter run, spaces at the ends too, into one space and pads the text',
    },
    'cosine_top_k': {
        'drop: matrix = np.asarray(matrix, dtype=np.float64) -> (nothing)':
            'the query is float64, so norm() and @ convert a list or int matrix to float64 themselves; a float32 matrix is normed in float32 (1e-7 off), which can only reorder a near-tie inside that rounding, as a correct variant computing in the input type does',
        'unwrap: np.asarray(matrix, dtype=np.float64) -> np.asarray(matrix)':
            'int rows give the same similarities (norm() and @ with the float64 query produce float64); a float32 matrix is normed in float32, 1e-7 off, as a correct variant computing in the input type does',
        'drop: query = np.asarray(query, dtype=np.float64) -> (nothing)':
            'the matrix is float64, so norm() and @ convert a list or int query to float64 themselves; a float32 query scales every similarity by the same factor, so no order changes',
        'unwrap: np.asarray(query, dtype=np.float64) -> np.asarray(query)':
            'an int query gives the same similarities (norm() and @ with the float64 matrix produce float64); a float32 query scales every similarity by the same factor, so no order changes',
        'arith: np.linalg.norm(matrix, axis=1) * np.linalg.norm(query) -> np.linalg.norm(matrix, axis=1) / np.linalg.norm(query)':
            'every similarity is multiplied by the same |q|^2 > 0: the order, all that is returned, is unchanged (short of a query norm beyond 1e150 or under 1e-150, where the product over- or underflows)',
        "dedupe: return [int(i) for i in np.argsort(-sims, kind='stable')[:k]] -> return _mut_dedupe([int(i) for i in np.argsort(-sims, kind='stable')[:k]])":
            'argsort indices are distinct',
        'unwrap: int(i) -> i':
            'numpy integers are ints under the value policy and index lists alike',
    },
}

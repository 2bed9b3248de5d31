"""Lesson 10's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "before_hook": [
        """
        mine = [r for r in rows if r["user_id"] == user_id]
        mine.sort(key=lambda r: r["text"])
        mine.sort(key=lambda r: r["score"], reverse=True)  # a stable sort keeps the text order for ties
        return tuple(r["text"] + " (learned " + r["learned"] + ")" for r in mine[:k])""",
        """
        import heapq
        mine = [(-r["score"], r["text"], r["learned"]) for r in rows if r["user_id"] == user_id]
        return [f"{text} (learned {learned})" for _, text, learned in heapq.nsmallest(k, mine)]""",
    ],
    "done_before": [
        """
        for e in events:
            if (e["user_id"], e["type"], e["tool"]) == (user_id, "tool_call", tool) and e["args"] == args:
                return e["result"]
        return None""",
        """
        import json
        want = json.dumps(args, sort_keys=True)
        hits = [e["result"] for e in events if e["user_id"] == user_id and e["type"] == "tool_call"
                and e["tool"] == tool and json.dumps(e["args"], sort_keys=True) == want]
        return hits[0] if hits else None""",
    ],
    "idempotency_key": [
        """
        import hashlib, json
        body = json.dumps({"tool": tool, "args": args}, sort_keys=True)
        return hashlib.sha256(body.encode()).hexdigest()""",
        "from course_lib.agent.ledger import idempotency_key as key; return key(tool, args)  # the library's",
    ],
}

WRONG_ANSWERS = {  # (body; text the verdict must contain)
    "done_before": [
        ("return next((e['result'] for e in events if e['type'] == 'tool_call' and e['tool'] == tool and "
         "e['args'] == args), None)  # any user's booking", "Match the user_id too"),
        ("return next((e['result'] for e in events if e['user_id'] == user_id and e['tool'] == tool and "
         "e['args'] == args), None)  # failed calls count", "only 'tool_call' events count"),
        ("return next((e['result'] for e in events if e['user_id'] == user_id and e['type'] == 'tool_call' and "
         "e['tool'] == tool and str(e['args']) == str(args)), None)", "another key order"),
        ("hits = [e['result'] for e in events if e['user_id'] == user_id and e['type'] == 'tool_call' and "
         "e['tool'] == tool and e['args'] == args]\nreturn hits[-1] if hits else None  # the latest", "earliest"),
        ("return any(e['user_id'] == user_id and e['type'] == 'tool_call' and e['tool'] == tool and "
         "e['args'] == args for e in events)  # True/False, not the result", "return its result"),
    ],
    "before_hook": [
        ({'r["user_id"] == user_id': 'user_id in r["user_id"]'}, "a substring test leaks Anna's allergy"),
        ({'r["user_id"] == user_id': 'r["user_id"].lower() == user_id.lower()'}, "'Ann' and 'ann ' are other ids"),
        ({'-r["score"]': '-round(r["score"], 2)'}, "rounding first makes them tie"),
        ("return [f\"{r['text']} (learned {r['learned']})\" for r in sorted(rows, key=lambda r: -r['score'])[:k]]"
         "  # no user filter", "Omar's rows never"),
        ("mine = sorted((r for r in rows if r['user_id'] == user_id), key=lambda r: (-r['score'], r['text']))\n"
         "return [f\"{r['text']} (learned {r['learned']})\" for r in mine[:3]]  # k ignored", "Use k"),
        ("mine = [r for r in rows if r['user_id'] == user_id]  # kept in the order given\n"
         "return [f\"{r['text']} (learned {r['learned']})\" for r in mine[:k]]", "Sort by score yourself"),
        ("mine = sorted((r for r in rows if r['user_id'] == user_id), key=lambda r: (-r['score'], r['text']))\n"
         "return [r['text'] for r in mine[:k]]  # no date", "(learned date)"),
        ("mine = sorted((r for r in rows if r['user_id'] == user_id), key=lambda r: r['score'], reverse=True)\n"
         "return [f\"{r['text']} (learned {r['learned']})\" for r in mine[:k]]  # ties keep the input order",
         "ordered by text"),
    ],
    "idempotency_key": [
        ('return (tool + ":" + json.dumps(args, sort_keys=True)).lower()', "don't lower-case the key"),
        ('return tool + ":" + json.dumps({k: v.strip() if isinstance(v, str) else v for k, v in args.items()}, '
         'sort_keys=True)', "don't strip values"),
        ("return tool + str(args)  # the order of the arguments changes the key", "another order"),
        ("import json; return json.dumps(args, sort_keys=True)  # no tool in the key", "another tool"),
        ("return tool + ':' + ','.join(f'{k}={v}' for k, v in sorted(args.items()))  # 2 and '2' look alike",
         "the text '2'"),
        ("return tool + str(sorted(args.items()))  # sorts the top level only", "Nested arguments"),
        ("""
        import json
        def norm(v):
            if isinstance(v, dict):
                return {k: norm(x) for k, x in v.items()}
            return sorted(v) if isinstance(v, list) else v  # sorts lists too
        return tool + json.dumps({k: norm(v) for k, v in args.items()}, sort_keys=True)""", "order inside a list"),
        ("return hash((tool, frozenset(args.items())))  # a number, and dicts inside are unhashable", "return a str"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
}

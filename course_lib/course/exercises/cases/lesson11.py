"""Lesson 11's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "mask_card": [
        """
        import re
        def luhn(digits):
            total = sum(int(d) for d in digits[-1::-2])
            total += sum(sum(divmod(2 * int(d), 10)) for d in digits[-2::-2])
            return total % 10 == 0
        def mask(run):
            groups = re.findall(r"\\d+", run.group())
            seps = re.findall(r"[^0-9]", run.group())
            out, i = "", 0
            while i < len(groups):
                end = next((j for j in range(len(groups), i, -1)
                            if 13 <= len("".join(groups[i:j])) <= 19 and luhn("".join(groups[i:j]))), None)
                out += "[CARD]" if end else groups[i]
                i = end or i + 1
                out += seps[i - 1] if i < len(groups) else ""
            return out
        return re.sub(r"(?<!\\d)\\d+(?:[ \\-./\\u00a0]\\d+)*(?!\\d)", mask, text)""",
        """
        import re
        from course_lib.model.redact import luhn_ok
        pieces = re.split(r"((?<!\\d)\\d+(?:[-. /\\u00a0]\\d+)*(?!\\d))", text)
        for k in range(1, len(pieces), 2):  # the digit runs
            parts = re.split(r"([-. /\\u00a0])", pieces[k])
            start = 0
            while start < len(parts):
                for stop in range(len(parts), start, -2):
                    digits = "".join(parts[start:stop:2])
                    if 13 <= len(digits) <= 19 and luhn_ok(digits):
                        parts[start:stop] = ["[CARD]"]
                        break
                start += 2
            pieces[k] = "".join(parts)
        return "".join(pieces)""",
    ],
    "is_stale": [
        "return (now - fact['learned_at']).total_seconds() > max_age_days * 86400",
        "return fact['learned_at'] + timedelta(days=max_age_days) < now",
        "return (now - fact['learned_at']) / timedelta(days=1) > max_age_days",
    ],
    "user_filter": [
        """
        if not isinstance(user, str) or user.strip() == "":
            raise ValueError(f"user must be a user id, got {user!r}")
        return tuple(filter(lambda r: "user_id" in r and r["user_id"] == user, records))""",
        """
        if not (isinstance(user, str) and user.strip()):
            raise ValueError("user: pass the id of the user whose records you want")
        kept = []
        for record in records:
            if record.get("user_id", None) == user:
                kept.append(record)
        return kept""",
    ],
}

OLD = """return re.sub(r"(?<!\\d)\\d(?:[ \\-./\\u00a0]?\\d){12,18}(?!\\d)", lambda m: '[CARD]' if luhn_ok(re.sub(r'\\D', '', m.group())) else m.group(), text)"""

WRONG_ANSWERS = {  # (body, or {old: new} edits of the solution's body; text the verdict must contain)
    "mask_card": [
        (OLD.replace("(?:[ \\-./\\u00a0]?\\d){12,18}", "\\d{15}"), "Groups of four, spaces"),
        ({"[ \\-./\\u00a0]": "[ \\-]"}, "whatever the separator"),
        ({"[ \\-./\\u00a0]": "[ \\-./]"}, "Non-breaking spaces"),
        ({"luhn_ok(digits)": "True"}, "order number"),
        ({"13 <= len(digits)": "9 <= len(digits)"}, "returned 'Order 1234 [CARD]"),
        ({", mask, text)": ", mask, text, count=1)"}, "not only the first"),
        ({'out.append("[CARD]")': 'out.append("")'}, "returned 'My card is , thanks.'"),
        (OLD + "  # the official solution before issue 22", "The expiry date stands next to the card"),
        ({"[ \\-./\\u00a0]": "[\\s\\-./]"}, "not by a newline or a tab"),
        (OLD.replace("[ \\-./\\u00a0]?", "\\D?"), "and \\D? match those too"),
        ({"[ \\-./\\u00a0]": "[ \\-./\\u00a0]+"}, "One separator between groups"),
        (OLD.replace("(?<!\\d)", "").replace("(?!\\d)", ""), "never mask part of a digit group"),
    ],
    "is_stale": [
        ("return (now - fact['learned_at']).days > max_age_days", "(now - learned).days drops the 12 hours"),
        ("return (now.date() - fact['learned_at'].date()).days > max_age_days", "stale"),
        ({">": ">="}, "not *more* than the limit"),
        ({"timedelta(days=max_age_days)": "timedelta(days=365)"}, "within a 500-day limit"),
        ("return (now - fact['learned_at']).seconds / 86400 > max_age_days", "returned False, expected True"),
        ("return (fact['learned_at'] - now).days > max_age_days", "returned False, expected True"),
        ("return abs(now - fact['learned_at']) > timedelta(days=max_age_days)", "clock set back"),
    ],
    "user_filter": [
        ({"r.get('user_id') == user": "str(r.get('user_id')).strip() == user.strip()"}, "don't strip ids"),
        ({"[r for r in records if r.get('user_id') == user]":
          "[r for i, r in enumerate(records) if r.get('user_id') == user and r not in records[:i]]"},
         "Two identical records are two records"),
        ({"r.get('user_id') == user": "user in r.get('user_id', '')"}, "not `in`"),
        ({"r.get('user_id') == user": "r.get('user_id', '').lower() == user.lower()"}, "never merge by case"),
        ({"r.get('user_id') == user": "r['user_id'] == user"}, "raised KeyError"),
        ({"r.get('user_id') == user": "user in r['text']"}, "still marco's record"),
        ({"r.get('user_id') == user": "r.get('user_id') != user"}, "Only priya's records"),
        ({"    if not isinstance(user, str) or not user.strip():\n"
          "        raise ValueError(f\"user must be a non-empty user id, got {user!r}\")\n": ""},
         "must raise a ValueError"),
        ({"raise ValueError(f\"user must be a non-empty user id, got {user!r}\")": "return list(records)"},
         "must raise a ValueError"),
        ({"raise ValueError(f\"user must be a non-empty user id, got {user!r}\")": "raise ValueError(\"bad id\")"},
         "name the argument that is wrong (`user`)"),
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'mask_card': {
        'boundary: i < len(groups) -> i <= len(groups)':
            'i is always even and len(groups) odd, so i steps past len(groups) and never equals it',
        'slice: i:j:2 -> i:j + 1:2':
            'j is odd, so the even indices below j + 1 are those below j',
        'drop: j = i + 1 -> (nothing)':
            'after a loop without break, j is already i + 1 (range(len, i, -2) ends there)',
        "lower: return ''.join(out) -> return _mut_strip(''.join(out))":
            'a run starts and ends with a digit group or [CARD], never with a space',
    },
    'is_stale': {
        'lower: is_stale: fact = _mut_lower(fact) at the start':
            "only learned_at is read; the fact's text is never used",
        'lower: is_stale: fact = _mut_strip(fact) at the start':
            "only learned_at is read; the fact's text is never used",
    },
}

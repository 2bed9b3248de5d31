"""Lesson 02's exercise cases: correct answers written differently, plausible wrong ones, equivalent mutants."""
from __future__ import annotations

# Bodies run in place of the solution by tests/test_exercises.py (in the solution notebook's namespace).
CORRECT_VARIANTS = {
    "section_share": [
        """
        totals = dict.fromkeys(SECTIONS, 0)
        for call in usage.calls:
            for s in SECTIONS:
                totals[s] += call.sections.get(s, 0)
        grand = sum(totals.values())
        return {s: n / grand for s, n in totals.items()}""",
        """
        import numpy as np
        table = np.array([[c.sections.get(s, 0) for s in SECTIONS] for c in usage.calls], dtype=float).sum(axis=0)
        return dict(zip(SECTIONS, (table / table.sum()).tolist()))""",
    ],
    "estimate_bill_tool": [
        """
        from course_lib.course import scenario
        prices = {r["name"].casefold(): r for r in scenario.RESTAURANTS}
        def estimate_bill(restaurant: str, people: int) -> dict:
            r = prices.get(restaurant.strip().casefold()) if isinstance(restaurant, str) else None
            if r is None or not isinstance(people, int) or people < 1:
                raise ValueError(f"unknown restaurant {restaurant!r} or fewer than 1 person ({people})")
            return {"restaurant": r["name"], "people": people, "total_eur": r["price_per_person"] * people}
        params = {"type": "object", "additionalProperties": False, "required": ["people", "restaurant"],
                  "properties": {"people": {"type": "integer", "minimum": 1}, "restaurant": {"type": "string"}}}
        return ({"type": "function", "function": {"name": "estimate_bill", "parameters": params,
                 "description": "Expected total bill in EUR for a group at one restaurant."}}, estimate_bill)""",
        """
        from course_lib.course import scenario
        def bill(restaurant, people):
            for r in scenario.RESTAURANTS:
                if r["name"].lower() == str(restaurant).strip().lower() and isinstance(people, int) and people >= 1:
                    return dict(restaurant=r["name"], people=people, total_eur=people * r["price_per_person"])
            raise ValueError("no such restaurant, or people < 1: " + repr(restaurant))
        schema = dict(type="function", function=dict(name="estimate_bill", description="Estimate a dinner bill.",
                      parameters=dict(type="object", required=["restaurant", "people"], properties=dict(
                          restaurant=dict(type="string"), people=dict(type="integer")))))
        return schema, bill""",
    ],
}

_BILL = """
        from course_lib.course import scenario
        def fn(restaurant, people):
            found = [r for r in scenario.RESTAURANTS if r["name"].lower() == str(restaurant).strip().lower()]
            if not found or people < 1 or isinstance(people, float) and ISFLOAT:
                raise ValueError(f"unknown restaurant {restaurant!r} or party size")
            return {"restaurant": found[0]["name"], "people": people, "total_eur": TOTAL}
        schema = {"type": "function", "function": {"name": NAME, "description": "Estimate the bill.",
                  "parameters": {"type": "object", "required": REQUIRED, "properties": {
                      "restaurant": {"type": "string"}, "people": {"type": "integer"}}}}}
        return schema, fn"""


def _bill(total='found[0]["price_per_person"] * people', name='"estimate_bill"', required='["restaurant", "people"]',
          match='r["name"].lower() == str(restaurant).strip().lower()', unknown='raise ValueError(f"unknown restaurant {restaurant!r} or party size")',
          floats="True"):
    """A wrong estimate_bill_tool body: the solution with one piece replaced."""
    body = _BILL.replace("TOTAL", total).replace("NAME", name).replace("REQUIRED", required)
    body = body.replace('r["name"].lower() == str(restaurant).strip().lower()', match).replace("ISFLOAT", floats)
    return body.replace('raise ValueError(f"unknown restaurant {restaurant!r} or party size")', unknown)


WRONG_ANSWERS = {  # (body, text the verdict must contain)
    "section_share": [
        ("""
        totals = {s: sum(c.sections[s] for c in usage.calls) for s in SECTIONS}
        return {s: 100 * totals[s] / sum(totals.values()) for s in SECTIONS}  # percentages""",
         "they must add up to 1"),
        ("""
        per_call = [{s: c.sections[s] / sum(c.sections.values()) for s in SECTIONS} for c in usage.calls]
        return {s: sum(p[s] for p in per_call) / len(per_call) for s in SECTIONS}  # mean of ratios""",
         "summed over ALL calls"),
        ("""
        c = usage.calls[-1]  # only the last call
        return {s: c.sections[s] / sum(c.sections.values()) for s in SECTIONS}""", "summed over ALL calls"),
        ("""
        totals = {s: sum(c.sections[s] for c in usage.calls) for s in SECTIONS}
        return {s: n / sum(totals.values()) for s, n in totals.items() if n}  # empty sections vanish""",
         "return all five sections"),
    ],
    "estimate_bill_tool": [
        (_bill(total='found[0]["price_per_person"]'), "total = price x people"),
        (_bill(required='["restaurant"]'), "list it in \"required\""),
        (_bill(name='"bill"'), "not a valid OpenAI tool named 'estimate_bill'"),
        (_bill(match='r["name"] == restaurant'), "case-insensitively"),
        (_bill(unknown="return None"), "raise a ValueError"),  # Nowhere Special: None
        (_bill(unknown='raise KeyError(restaurant.lower())'), "raise a ValueError instead"),
        (_bill(match='restaurant.lower() in r["name"].lower()'), "match the whole name"),
        (_bill().replace('return {"restaurant"', 'return json.dumps({"restaurant"').replace(
            '* people}', '* people})').replace("from course_lib", "import json\n        from course_lib"),
         "return a dict"),
        (_bill(match='r["name"].lower() == str(restaurant).lower()'), "the spaces at its ends"),
        (_bill(match='r["name"].lower() == restaurant.strip().lower()'), "refused with a ValueError too"),
        (_bill(floats="False"), "people must be a whole number"),  # people < 1 is checked, 2.5 is not
        (_bill().replace('return {"restaurant"', 'found[0]["price_per_person"] *= people\n            return {"restaurant"'
                         ).replace("TOTAL", 'found[0]["price_per_person"]'), "changed scenario.RESTAURANTS"),
        (_bill(unknown='raise ValueError("no such restaurant, or people < 1")'),
         "quote the restaurant exactly as it was asked for"),  # the model cannot see which name failed
        (_bill(unknown='raise ValueError(f"unknown restaurant {str(restaurant).strip().lower()!r}")'),
         "capitals and spaces included"),  # quotes what was compared, not what the model sent
    ],
}

# Mutants of the solution (tools/mutate_exercises.py) that the checker accepts because they are correct
# answers: {exercise: {mutant id: why}}. `make mutate` fails on a survivor not listed here, and on an entry
# here that is killed or no longer generated.
EQUIVALENT_MUTANTS = {
    'estimate_bill_tool': {
        "dedupe: for r in scenario.RESTAURANTS if r['name'].lower() == str(restaurant).strip().lower() -> for r in _mut_dedupe(scenario.RESTAURANTS) if r['name'].lower() == str(restaurant).stri...":
            'found[0] is the first match either way, and a repeat dropped would equal the one kept (scenario.RESTAURANTS lists each restaurant once anyway)',
        "lower: r['name'].lower() == str(restaurant).strip().lower() -> _mut_strip(r['name'].lower()) == _mut_strip(str(restaurant).strip().lower())":
            'the input is stripped already and no restaurant name has spaces at its ends',
        'const: 0 -> -1':
            'restaurant names are unique, so found holds one item and found[0] is found[-1]',
        "lower: return {'restaurant': r['name'], 'people': people, 'total_eur': r['price_per_person'] *... -> return _mut_strip({'restaurant': r['name'], 'people': people, 'total_eur': r['price_per...":
            "the result's only text is a restaurant name from the data, none has spaces at its ends",
    },
}

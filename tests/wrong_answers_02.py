"""Deliberately wrong answers for lesson 02's exercises (merged into tests/wrong_answers.py by the lead)."""
from __future__ import annotations

SECTIONS = ("system", "tools", "memory", "history", "tool_results")


# --- 02_react_loop.section_share ------------------------------------------------------------

def share_percent(usage):
    totals = {s: sum(c.sections[s] for c in usage.calls) for s in SECTIONS}
    grand = sum(totals.values())
    return {s: 100 * totals[s] / grand for s in SECTIONS}  # percentages, not fractions


def share_mean_of_ratios(usage):
    per_call = [{s: c.sections[s] / sum(c.sections.values()) for s in SECTIONS} for c in usage.calls]
    return {s: sum(p[s] for p in per_call) / len(per_call) for s in SECTIONS}  # small calls weigh as much as big ones


def share_last_call(usage):
    c = usage.calls[-1]
    return {s: c.sections[s] / sum(c.sections.values()) for s in SECTIONS}  # only the last call


def share_drops_empty(usage):
    totals = {s: sum(c.sections[s] for c in usage.calls) for s in SECTIONS}
    grand = sum(totals.values())
    return {s: n / grand for s, n in totals.items() if n}  # sections with no tokens disappear


# --- 02_react_loop.estimate_bill_tool -------------------------------------------------------

def _schema(required=("restaurant", "people"), people_type="integer", name="estimate_bill"):
    return {"type": "function", "function": {
        "name": name, "description": "Estimate the bill.",
        "parameters": {"type": "object", "properties": {
            "restaurant": {"type": "string"}, "people": {"type": people_type}}, "required": list(required)}}}


def _find(restaurant):
    from course_lib.course import scenario

    found = [r for r in scenario.RESTAURANTS if r["name"].lower() == str(restaurant).strip().lower()]
    if not found:
        raise ValueError(f"no restaurant called {restaurant!r}")
    return found[0]


def bill_per_person(restaurant, people):
    r = _find(restaurant)
    if people < 1:
        raise ValueError("people must be at least 1")
    return {"restaurant": r["name"], "people": people, "total_eur": r["price_per_person"]}  # forgot x people


def bill_tool_per_person():
    return _schema(), bill_per_person


def bill_tool_not_required():
    def fn(restaurant, people=2):
        r = _find(restaurant)
        return {"restaurant": r["name"], "people": people, "total_eur": r["price_per_person"] * people}
    return _schema(required=("restaurant",)), fn  # people is optional in the schema


def bill_tool_wrong_name():
    def fn(restaurant, people):
        r = _find(restaurant)
        return {"restaurant": r["name"], "people": people, "total_eur": r["price_per_person"] * people}
    return _schema(name="bill"), fn  # the schema's name does not match the tool the agent is told to call


def bill_tool_case_sensitive():
    from course_lib.course import scenario

    def fn(restaurant, people):
        found = [r for r in scenario.RESTAURANTS if r["name"] == restaurant]  # "LINSE & LAUCH" is not found
        if not found or people < 1:
            raise ValueError("unknown restaurant or bad party size")
        return {"restaurant": found[0]["name"], "people": people, "total_eur": found[0]["price_per_person"] * people}
    return _schema(), fn


def bill_tool_returns_none_for_unknown():
    from course_lib.course import scenario

    def fn(restaurant, people):
        for r in scenario.RESTAURANTS:
            if r["name"].lower() == restaurant.lower():
                return {"restaurant": r["name"], "people": people, "total_eur": r["price_per_person"] * people}
        return None  # silently returns nothing instead of an error the model can read
    return _schema(), fn


WRONG = {
    "02_react_loop": {
        "section_share": [
            (share_percent, "they must add up to 1"),
            (share_mean_of_ratios, "summed over ALL calls"),
            (share_last_call, "summed over ALL calls"),
            (share_drops_empty, "return all five sections"),
        ],
        "estimate_bill_tool": [
            (bill_tool_per_person, "total = price x people"),
            (bill_tool_not_required, "list it in \"required\""),
            (bill_tool_wrong_name, "not a valid OpenAI tool named 'estimate_bill'"),
            (bill_tool_case_sensitive, "case-insensitively"),
            (bill_tool_returns_none_for_unknown, "raise a ValueError"),
        ],
    },
}

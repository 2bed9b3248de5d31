"""Lesson 02 exercises: `section_share` (read the token meter) and `estimate_bill_tool` (give the agent a tool).

    from course_lib.course.exercises import lesson02 as ex
    ex.section_share.check(); ex.section_share.hint(); ex.section_share.solution()

The checks run your code on seeded inputs you have not seen and on real agent runs; any correct
implementation passes, however it is written.
"""
from __future__ import annotations

import json
import random

from course_lib.course.exercises import Exercise, expect, fail, require
from course_lib.course.exercises.checking import passed

NOTEBOOK = "02_react_loop"
SECTIONS = ("system", "tools", "memory", "history", "tool_results")


def _usage(rows):
    from course_lib.agent.usage import CallUsage, Usage

    calls = [CallUsage(sections=dict(zip(SECTIONS, row)), prompt_tokens=sum(row), completion_tokens=10)
             for row in rows]
    return Usage(calls=calls)


def _reference_share(usage):
    totals = {s: sum(c.sections.get(s, 0) for c in usage.calls) for s in SECTIONS}
    grand = sum(totals.values())
    return {s: totals[s] / grand for s in SECTIONS}


def _check_share(section_share, usage, label):
    got = section_share(usage)
    require(isinstance(got, dict), f"section_share({label}) returned {type(got).__name__}; return a dict "
                                   f"{{section: share}}")
    require(set(got) == set(SECTIONS), f"section_share({label}) returned the keys {sorted(got)}; return all five "
                                       f"sections {list(SECTIONS)}, with 0.0 for a section that has no tokens")
    total = sum(got.values())
    require(abs(total - 1) < 1e-6, f"section_share({label}): the shares add up to {total:.4g}; they must add up to "
                                   f"1 (fractions, not percentages)")
    expected = _reference_share(usage)
    for s in SECTIONS:
        expect(got[s], expected[s], input=f"section_share({label})[{s!r}]",
               why="A section's share is its tokens summed over ALL calls, divided by all tokens of all calls")


def _check_section_share(section_share):
    _check_share(section_share, _usage([(60, 400, 0, 40, 0)]), "one call: system 60, tools 400, history 40")
    _check_share(section_share, _usage([(100, 100, 0, 0, 0), (100, 100, 0, 0, 9800)]),
                 "two calls, the second with a 9,800-token tool result")
    _check_share(section_share, _usage([(60, 400, 0, 40, 0), (60, 400, 0, 40, 0), (10, 0, 0, 500, 0)]),
                 "three calls, the first two alike: every call counts, repeated ones too")
    from course_lib.agent.usage import CallUsage, Usage
    sparse = Usage(calls=[CallUsage(sections={"system": 50, "history": 150}, prompt_tokens=200, completion_tokens=5),
                          CallUsage(sections={"system": 50, "tools": 200}, prompt_tokens=250, completion_tokens=5)])
    _check_share(section_share, sparse, "calls whose sections dicts leave out the empty sections (a missing one is 0)")
    rng = random.Random(f"{NOTEBOOK}.section_share")
    for _ in range(20):
        rows = [(rng.randint(20, 100), rng.randint(0, 900), rng.choice([0, rng.randint(1, 200)]),
                 rng.randint(0, 30000), rng.choice([0, rng.randint(1, 25000)])) for _ in range(rng.randint(1, 8))]
        _check_share(section_share, _usage(rows), f"{len(rows)} random calls")
    from course_lib import ReActAgent
    from course_lib.course import scenario

    run = ReActAgent(tools=scenario.TOOLS).run(scenario.GOLDFISH_QUESTION)
    _check_share(section_share, run.usage, "the booking run's usage")


BILL_NAME = "estimate_bill"


def _refuses(fn, args: tuple, why: str, must_name: str | None = None, must_quote: str | None = None) -> None:
    """fn(*args) must raise a ValueError (naming `must_name` if given, in any case; quoting `must_quote` exactly as it
    is, capitals and spaces included): the toolbox shows the model its message."""
    call = f"estimate_bill{args!r}"
    try:
        result = fn(*args)
    except ValueError as error:
        if not str(error).strip():
            fail(f"{call} raised a ValueError with no message; the model sees only the message, so say what was "
                 f"wrong ({why})")
        if must_name and must_name.lower() not in str(error).lower():
            fail(f"{call} raised ValueError({str(error)!r}); say what was wrong and name it ({must_name!r}) so the "
                 f"model can correct its call")
        if must_quote and must_quote not in str(error):
            fail(f"{call} raised ValueError({str(error)!r}); quote the restaurant exactly as it was asked for "
                 f"({must_quote!r}, capitals and spaces included), so the model sees what it sent")
        passed()
        return
    except Exception as error:
        name = type(error).__name__
        seen = ("shows only its bare text (error: 'nowhere special')" if isinstance(error, KeyError)
                else f"reads as a bug in the tool (error: {name}: {error})")
        fail(f"{call} raised {name}: {error}; raise a ValueError instead: the toolbox shows the model a "
             f"ValueError's message, but a{'n' * (name[0] in 'AEIOU')} {name} {seen} ({why})")
    fail(f"{call} returned {result!r}; {why}: raise a ValueError with a message the model can act on")


def _price(scenario, name: str) -> int:
    return next(r["price_per_person"] for r in scenario.RESTAURANTS if r["name"] == name)


def _check_bill_directly(fn, scenario) -> None:
    """The Python function itself: a dict result, ValueErrors that name the mistake, the data left as it is."""
    import copy
    before = copy.deepcopy(scenario.RESTAURANTS)
    try:
        got = fn("Linse & Lauch", 2)
        require(isinstance(got, dict), f"estimate_bill('Linse & Lauch', 2) returned {type(got).__name__} "
                                       f"({str(got)[:60]!r}); return a dict: the toolbox turns it into JSON itself")
        _refuses(fn, ("Nowhere Special", 2), "there is no such restaurant")
        _refuses(fn, ("a", 2), "'a' is not a restaurant's name: match the whole name (ignoring case), not a part "
                               "of it ('a' is in 'Grüner Salon')")
        _refuses(fn, ("Linse", 2), "'Linse' is only part of 'Linse & Lauch': match the whole name")
        _refuses(fn, ("Glut & Rind or Linse & Lauch", 2), "that is two names in one string: match the whole name")
        try:
            padded = fn(" Linse & Lauch\t", 2)
        except Exception as error:
            padded = error
        require(isinstance(padded, dict) and padded.get("total_eur") == 2 * _price(scenario, "Linse & Lauch"),
                f"estimate_bill(' Linse & Lauch\\t', 2) gave {padded!r}; a model often sends a name with spaces (or "
                f"a tab) around it: match the name ignoring case and the spaces at its ends (.strip())")
        for odd in (None, 42):
            _refuses(fn, (odd, 2), f"restaurant={odd!r} is not a name; the model can send any JSON value, so a "
                                   f"restaurant that is not a string must be refused with a ValueError too")
        one = fn("Linse & Lauch", 1)
        require(isinstance(one, dict) and one.get("total_eur") == _price(scenario, "Linse & Lauch"),
                f"estimate_bill('Linse & Lauch', 1) returned {one!r}; one person is a valid party (people >= 1)")
        _refuses(fn, ("Linse & Lauch", 2.5), "people must be a whole number (2.5 people can't dine)")
        _refuses(fn, ("Linse & Lauch", 0), "people must be at least 1")
        _refuses(fn, ("Linse & Lauch", -3), "people must be at least 1")
        _refuses(fn, ("Nowhere Special ", 2), "there is no such restaurant", must_quote="Nowhere Special ")
    finally:
        changed = scenario.RESTAURANTS != before
        scenario.RESTAURANTS[:] = before  # put the course data back, whatever the tool did to it
    require(not changed, "estimate_bill changed scenario.RESTAURANTS (the course's data): read it, never write "
                         "into it; build the result as a new dict")


def _check_estimate_bill_tool(estimate_bill_tool):
    """The whole check, with the course data snapshotted first and put back after, whatever the tool did to it."""
    import copy
    from course_lib.course import scenario
    before = copy.deepcopy(scenario.RESTAURANTS)
    try:
        _check_bill_tool(estimate_bill_tool, scenario)
    finally:
        changed = scenario.RESTAURANTS != before
        scenario.RESTAURANTS[:] = before
    require(not changed, "estimate_bill changed scenario.RESTAURANTS (the course's data): read it, never write "
                         "into it; build the result as a new dict")


def _check_bill_tool(estimate_bill_tool, scenario):
    from course_lib.agent.toolbox import Toolbox

    made = estimate_bill_tool()
    require(isinstance(made, tuple) and len(made) == 2,
            f"estimate_bill_tool() returned {type(made).__name__}; return a pair (schema, function)")
    schema, fn = made
    require(callable(fn), "the second item of the pair must be the Python function the tool runs")
    try:
        toolbox = scenario.TOOLS.with_tool(schema, fn)
        Toolbox([schema], {BILL_NAME: fn})
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        fail(f"the schema is not a valid OpenAI tool named {BILL_NAME!r}: {error}")
    params = schema["function"].get("parameters") or {}
    props = params.get("properties") or {}
    require(params.get("type") == "object", "the schema's parameters must be a JSON schema with \"type\": \"object\"")
    for arg, kind in (("restaurant", "string"), ("people", "integer")):
        require(arg in props, f"the schema has no parameter {arg!r}: the model would not know it exists")
        require(props[arg].get("type") == kind, f"parameter {arg!r} should have \"type\": \"{kind}\", "
                                                f"got {props[arg].get('type')!r}")
        require(arg in (params.get("required") or []), f"{arg!r} is needed for every call: list it in \"required\"")
    require(str(schema["function"].get("description") or "").strip(),
            "give the tool a description: it is all the model knows about when to call it")
    rng = random.Random(f"{NOTEBOOK}.estimate_bill")
    for _ in range(15):
        r = rng.choice(scenario.RESTAURANTS)
        people = rng.randint(1, 12)
        name = r["name"] if rng.random() < 0.7 else r["name"].upper()
        args = json.dumps({"restaurant": name, "people": people}, ensure_ascii=False)
        observation = toolbox.call(BILL_NAME, args)
        if observation.startswith("error:") and name != r["name"]:
            fail(f"calling the tool with {args} gave {observation[:100]!r}; match restaurant names "
                 f"case-insensitively ({name!r} is {r['name']!r})")
        try:
            data = json.loads(observation)
        except json.JSONDecodeError:
            fail(f"calling the tool with {args} gave {observation[:120]!r}; return a dict (the toolbox turns it into "
                 f"JSON)")
        require(isinstance(data, dict) and "total_eur" in data,
                f"calling the tool with {args} gave {observation[:120]!r}; the result needs a 'total_eur' key")
        expect(data["total_eur"], r["price_per_person"] * people, input=f"the tool called with {args}",
               why=f"{r['name']} costs {r['price_per_person']} EUR per person; total = price x people")
        require(data.get("restaurant") == r["name"], f"the tool called with {args} should name the restaurant as in "
                                                     f"the data, {r['name']!r}; got {data.get('restaurant')!r}")
    _check_bill_directly(fn, scenario)
    for bad in ({"restaurant": "Nowhere Special", "people": 2}, {"restaurant": "Linse & Lauch", "people": 0}):
        observation = toolbox.call(BILL_NAME, json.dumps(bad, ensure_ascii=False))
        require(observation.startswith("error:"),
                f"the tool called with {json.dumps(bad, ensure_ascii=False)} returned {observation[:100]!r}; raise a ValueError with a "
                f"clear message so the model sees an error it can correct")


section_share = Exercise(
    "section_share", lesson=NOTEBOOK, check_fn=_check_section_share,
    hints=[
        "usage.calls is a list; each call has .sections, a dict like {'system': 63, 'tools': 393, ...}. "
        "Sum every section over all calls first.",
        "Then divide each section's total by the total of all sections. Compute the ratio of the sums, not the "
        "average of each call's ratios: a 25,000-token call must weigh more than a 500-token one.",
        "totals = {s: sum(c.sections.get(s, 0) for c in usage.calls) for s in SECTIONS}; "
        "grand = sum(totals.values()); return {s: totals[s] / grand for s in SECTIONS}",
    ],
)

estimate_bill_tool = Exercise(
    "estimate_bill_tool", lesson=NOTEBOOK, check_fn=_check_estimate_bill_tool,
    hints=[
        "Copy the shape of scenario.TOOL_SCHEMAS[2] (book_table): {'type': 'function', 'function': {'name': "
        "'estimate_bill', 'description': ..., 'parameters': {'type': 'object', 'properties': {...}, "
        "'required': [...]}}}.",
        "The function finds the restaurant in scenario.RESTAURANTS by name (compare in lower case, without the "
        "spaces at its ends: str(restaurant).strip().lower(), so a non-string is no name either), raises "
        "ValueError if there is none (its message quoting restaurant as it was given: {restaurant!r}), if people is "
        "not an int or if people < 1, and returns a dict with 'restaurant', 'people' and 'total_eur'.",
        "total_eur = price_per_person * people; return (schema, estimate_bill) at the end.",
    ],
)

EXERCISES = [section_share, estimate_bill_tool]

"""Mutation testing of the exercise checkers (tools/mutate_exercises.py): a sample of mutants per exercise.

The full run is `make mutate`; here every exercise's mutants are capped (spread evenly, the same every run)
so the test stays within CI's budget. A surviving mutant that is not listed in its lesson's
EQUIVALENT_MUTANTS fails the test, naming it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import mutate_exercises  # noqa: E402

CAP = 30  # mutants per exercise in the test (spread evenly over its list); `make mutate` runs them all
# Seconds a mutant may run (at least 10 times its solution's check, see run_exercise): a mutant that never ends is
# killed at the limit, and at the learners' 10 s, nine such mutants were nine tenths of this test's time.
LIMIT = 2.0


def test_the_mutator_makes_the_operators_the_issue_asks_for():
    cell = ("def f(xs, k):\n    ### BEGIN SOLUTION\n    out = [x for x in xs if x == k]\n"
            "    if not out:\n        return []\n    return sorted(out, key=lambda x: (x, -x))[:k]\n    ### END SOLUTION\n")
    ops = {m.operator for m in mutate_exercises.mutants(cell)}
    assert {"flip", "in-for-eq", "lower", "guard", "drop", "dedupe", "slice", "sortkey", "alias"} <= ops, ops


def test_mutants_that_are_provably_the_solution_are_not_generated():
    cell = ("def f(xs, s):\n    ### BEGIN SOLUTION\n    if not xs:\n        return []\n"
            "    if s.lower() == 'ABC'.lower():\n        return 'semantic'\n    return s.lower()\n    ### END SOLUTION\n")
    ids = [m.id for m in mutate_exercises.mutants(cell)]
    folded = ("_mut_dedupe([])", "_mut_lower('semantic')", "_mut_strip('semantic')", "_mut_lower(s.lower())")
    assert not [i for i in ids if any(f in i for f in folded)], ids
    assert "lower: return s.lower() -> return _mut_strip(s.lower())" in ids  # strip after lower can change it
    assert "lower: s.lower() == 'ABC'.lower() -> _mut_strip(s.lower()) == _mut_strip('ABC'.lower())" in ids


def test_dead_mutations_are_not_generated_and_live_ones_are():
    cell = ("def f(xs, unused, k):\n    ### BEGIN SOLUTION\n    for x in xs:\n        if x == k:\n"
            "            return x\n        return None\n    return None\n    ### END SOLUTION\n")
    ids = [m.id for m in mutate_exercises.mutants(cell)]
    assert "drop: return None -> (nothing)" in ids  # the one inside the loop: dropping it lets the loop go on
    assert "drop: return None -> (nothing) #2" not in ids  # the last statement: the function returns None anyway
    assert not [i for i in ids if "unused = " in i], ids  # never read: normalising it changes nothing
    assert "lower: f: k = _mut_lower(k) at the start" in ids and "dedupe: f: xs = _mut_dedupe(xs) at the start" in ids
    peeks = "def g(a, b):\n    ### BEGIN SOLUTION\n    return locals()['b']\n    ### END SOLUTION\n"
    assert "lower: g: b = _mut_lower(b) at the start" in [m.id for m in mutate_exercises.mutants(peeks)]


def test_sampled_mutants_of_every_exercise_are_killed_or_argued_equivalent():
    results = mutate_exercises.run_all(cap=CAP, time_limit=LIMIT)
    assert len(results) == 39 and all(r.generated for r in results)
    survivors = [f"{r.lesson}.{r.exercise}: {m}" for r in results for m in r.survived]
    assert not survivors, ("mutants the checker accepts: add a check case that rejects each, or list it with the "
                           "reason it is a correct answer in EQUIVALENT_MUTANTS (cases/lessonNN.py):\n"
                           + "\n".join(survivors))
    stale = [f"{r.lesson}.{r.exercise}: {m}" for r in results for m in r.stale_equivalents]
    assert not stale, "listed as equivalent but killed, or no longer generated:\n" + "\n".join(stale)


# --------------------------------------------------------------------------- the pruning rules, each where it
# fires and where it must not (tools/mutate_exercises.py, "Not generated ... (pruned_by)")

def _pruned(cell: str) -> dict[str, str]:
    """{mutant id: rule} of the mutants of `cell` that a pruning rule leaves out."""
    out: list[tuple[str, str]] = []
    mutate_exercises.mutants(cell, None, out)
    return {mutant_id: rule for rule, mutant_id in out}


def _cell(head: str, body: str) -> str:
    lines = "".join(f"    {line}\n" for line in body.strip("\n").splitlines())
    return f"{head}\n    ### BEGIN SOLUTION\n{lines}    ### END SOLUTION\n"


def test_repeats_in_any_or_all_of_a_pure_test_are_pruned():
    pruned = _pruned(_cell("import re\n\ndef f(xs, s):", "return any(re.search(p, s) for p in xs)"))
    assert pruned["dedupe: for p in xs -> for p in _mut_dedupe(xs)"] == "any/all"
    assert pruned["dedupe: f: xs = _mut_dedupe(xs) at the start"] == "parameter read as a set"
    for body in ("return any(str(x) == s for x in xs)",  # str(1) != str(True) although 1 == True
                 "return any(f' {x} ' in s for x in xs)",  # an f-string writes them differently too
                 "return sum(x == s for x in xs)",  # a count, not any(): repeats count
                 "return any(x is s for x in xs)"):  # `is` tells equal items apart
        pruned = _pruned(_cell("def f(xs, s):", body))
        assert not [i for i in pruned if "xs" in i], (body, pruned)  # (s, read only by `in`, may be pruned)


def test_a_parameter_read_only_as_a_set_or_by_in_is_pruned():
    assert _pruned(_cell("def f(xs, ys):", "xs = set(xs)\nreturn len(xs & set(ys)) / len(xs)")) == {
        "dedupe: f: xs = _mut_dedupe(xs) at the start": "parameter read as a set",
        "dedupe: f: ys = _mut_dedupe(ys) at the start": "parameter read as a set"}
    assert _pruned(_cell("def f(xs, y):", "return y in xs")) == {
        "dedupe: f: xs = _mut_dedupe(xs) at the start": "parameter read as a set"}
    assert not _pruned(_cell("def f(xs):", "return len(xs)"))  # a repeat counts
    assert not _pruned(_cell("def f(xs):", "n = len(xs)\nxs = set(xs)\nreturn n"))  # read before it becomes a set


def test_a_first_match_loop_is_pruned_and_a_collecting_one_is_not():
    first = "for e in events:\n    if e['k'] == k:\n        return e['v']\nreturn None"
    assert _pruned(_cell("def f(events, k):", first)) == {
        "dedupe: f: events = _mut_dedupe(events) at the start": "first match"}
    collect = "out = []\nfor e in events:\n    if e['k'] == k:\n        out.append(e['v'])\nreturn out"
    assert not _pruned(_cell("def f(events, k):", collect))
    assert not _pruned(_cell("def f(events, k):", first.replace("e['k'] == k", "str(e) == k")))


def test_a_tuple_constant_of_distinct_items_is_pruned_a_list_or_repeats_are_not():
    body = "return [d[k] for k in KINDS]"
    assert set(_pruned(_cell('KINDS = ("a", "b")\n\ndef f(d):', body)).values()) == {"constant tuple"}
    assert not _pruned(_cell('KINDS = ["a", "b"]\n\ndef f(d):', body))  # a list can be written into
    assert not _pruned(_cell('KINDS = ("a", "a")\n\ndef f(d):', body))  # a repeat is dropped
    assert not _pruned(_cell('KINDS = ("a", "b")\n\ndef f(d):', "KINDS = d\n" + body))  # rebound


def test_a_sorted_set_is_pruned_a_sorted_list_is_not():
    assert _pruned(_cell("def f(xs):", "seen = set(xs)\nreturn [x for x in sorted(seen)]")) == {
        "dedupe: for x in sorted(seen) -> for x in _mut_dedupe(sorted(seen))": "sorted set",
        "dedupe: f: xs = _mut_dedupe(xs) at the start": "parameter read as a set"}
    assert "sorted set" not in _pruned(_cell("def f(xs):", "seen = list(xs)\nreturn [x for x in sorted(seen)]")).values()
    assert "sorted set" not in _pruned(_cell("def f(xs):", "seen = set(xs)\nseen = list(xs)\n"
                                                           "return [x for x in sorted(seen)]")).values()


def test_a_method_the_function_applies_itself_is_pruned_another_is_not():
    pruned = _pruned(_cell("def f(q):", "return q.lower() == 'a'"))
    assert pruned["lower: f: q = _mut_lower(q) at the start"] == "idempotent method"
    assert "lower: f: q = _mut_strip(q) at the start" not in pruned  # strip is not lower
    assert "lower: f: q = _mut_lower(q) at the start" not in _pruned(_cell("def f(q):", "return q.lower() == q"))


def test_values_that_are_normalised_already_are_pruned():
    loop = "for kind in ('a', 'b'):\n    if kind in s:\n        return kind\nreturn None"
    pruned = _pruned(_cell("def f(s):", loop))
    assert pruned["lower: return kind -> return _mut_lower(kind)"] == "already normalised"
    assert pruned["lower: return kind -> return _mut_strip(kind)"] == "already normalised"
    capital = _pruned(_cell("def f(s):", loop.replace("'b'", "'B'")))
    assert "lower: return kind -> return _mut_lower(kind)" not in capital  # 'B' lower-cased is another answer
    assert _pruned(_cell("import json\n\ndef f(x):", "return json.dumps(x)")) == {
        "lower: return json.dumps(x) -> return _mut_strip(json.dumps(x))": "already normalised"}
    assert not _pruned(_cell("def f(x):", "return str(x)"))
    assert not _pruned(_cell("import json\n\ndef f(x, enc):", "return json.dumps(x, cls=enc)"))  # anyone's text


def test_sorting_a_fresh_list_in_place_is_pruned_when_nothing_reads_it_again():
    alias = "alias: sorted(others) -> others.sort() or others"
    assert _pruned(_cell("def f(xs):", "others = [x for x in xs if x]\nreturn [y for y in sorted(others)]")) == {
        alias: "fresh list"}
    assert alias not in _pruned(_cell("def f(xs):", "others = [x for x in xs if x]\nreturn sorted(others) + others"))
    assert alias not in _pruned(_cell("def f(others):", "return sorted(others)"))  # the caller's list


def test_rank_constants_that_keep_their_order_are_pruned():
    pruned = _pruned(_cell("def f(xs):", "rank = {'a': 0, 'b': 1, 'c': 2}\nreturn sorted(xs, key=lambda x: rank[x])"))
    assert pruned == {"const: 0 -> -1": "rank order kept", "const: 2 -> 3": "rank order kept"}  # not 0 -> 1: a tie
    assert not _pruned(_cell("def f(xs):", "rank = {'a': 0, 'b': 1, 'c': 2}\nreturn sorted(xs, key=lambda x: rank[x]), rank"))
    assert not _pruned(_cell("def f(xs):", "rank = {'a': 0, 'b': 1, 'c': 2}\nreturn sum(rank[x] for x in xs)"))
    assert not _pruned(_cell("def f(xs):", "rank = {'a': 0, 'b': 1, 'c': 2}\nxs.sort(key=lambda x: rank[x])\nreturn xs"))


def test_rounding_twice_the_same_way_is_pruned():
    pruned = _pruned(_cell("def f(x):", "return round(x * 0.7)"))
    assert pruned == {"round: x * 0.7 -> _mut_round(x * 0.7)": "rounding twice"}  # int() or ceil() inside: not
    assert _pruned(_cell("import math\n\ndef f(x):", "return math.ceil(x * 0.7)")) == {
        "round: x * 0.7 -> _mut_ceil(x * 0.7)": "rounding twice"}
    assert not _pruned(_cell("def f(x):", "return abs(x * 0.7)"))

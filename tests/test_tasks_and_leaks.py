"""Task completion, token precision, the cross-user leak count, the fresh wording and the spread over seeds."""
from __future__ import annotations

import dataclasses
import json
import re

import pytest

from course_lib.evaluation.generate import MODES, Task, generate, pattern, phrases
from course_lib.evaluation.harness import measure, run
from course_lib.evaluation.report import table
from course_lib.evaluation.seeds import orderings, over_seeds, spread, spread_table, wins
from course_lib.evaluation.strategies import Context, FullBuffer, Vector
from course_lib.evaluation.tasks import ModelAnswerer, Reply, done, flat


@pytest.fixture(scope="module")
def bench():
    return generate("tiny", seed=3)


def test_a_reply_task_needs_every_value_and_no_superseded_one():
    task = Task("reply", (pattern("Tampere"),), (pattern("Graz"),))
    assert done(task, Reply("You live in Tampere."))
    assert not done(task, Reply("You live in Tampere, or was it Graz?"))
    assert not done(task, Reply("I don't know where you live."))
    assert done(Task("reply", (pattern("60"),)), Reply("", (("search_restaurants", '{"max_price": 60.0}'),)))
    assert not done(Task("reply", (pattern("60"),)), Reply("It costs 160 euros."))


def test_a_call_task_needs_that_tool_called_with_the_right_arguments():
    task = Task("call", (pattern("Tampere"), pattern("vegan")), (pattern("Graz"),), "search_restaurants")
    good = ("search_restaurants", json.dumps({"city": "Tampere", "diet": "vegan"}))
    assert done(task, Reply("", (good,)))
    assert not done(task, Reply("Search in Tampere for vegan food."))  # saying it is not doing it
    assert not done(task, Reply("", (("get_weather", '{"city": "Tampere", "diet": "vegan"}'),)))
    assert not done(task, Reply("", (("search_restaurants", '{"city": "Graz", "diet": "vegan"}'),)))
    assert flat('{"city": "Tampere", "max_price": 55.0}') == "city=Tampere, max_price=55" and flat("{oops") == "{oops"
    with pytest.raises(ValueError, match="'reply' or 'call'"):
        done(Task("guess"), Reply("x"))


def test_every_answerable_question_has_a_task_built_from_its_values(bench):
    for q in bench.questions:
        if q.kind == "irrelevant":
            assert q.task is None
            continue
        assert q.task is not None and set(q.task.must) <= set(q.needs) and set(q.stale) <= set(q.task.must_not)
    calls = [q for m in MODES for q in generate("classroom", 7, m).questions if q.task and q.task.kind == "call"]
    assert calls and all(q.task.tool == "search_restaurants" for q in calls)


def test_an_answerer_that_repeats_the_prompt_completes_exactly_the_reply_tasks_with_clean_evidence(bench):
    def parrot(prompt):
        return Reply("\n".join(str(m["content"]) for m in prompt))

    (res,) = run(bench, [Vector()], progress=False, answer=parrot)
    for r in res.results:
        if r.question.task is None:
            assert r.done is None
        elif r.question.task.kind == "reply":
            assert r.done == (r.found_all and not any(re.search(p, r.reply) for p in r.question.task.must_not))
        else:
            assert r.done is False  # a parrot calls no tool
    assert "task done" in table([res]) and "task done" not in table(run(bench, [Vector()], progress=False))


def test_the_offline_model_answers_and_task_done_can_differ_from_evidence_in_the_prompt(bench):
    (res,) = run(bench, [FullBuffer()], progress=False, answer=ModelAnswerer())
    s = res.summary()
    assert s["evidence_recall"] == 1.0 and 0.0 <= s["task_completion"] < 1.0
    assert all(r.reply for r in res.results if r.question.task)


def test_token_precision_sees_through_one_line_that_holds_everything(bench):
    class OneLine:
        name = "one line"

        def __init__(self):
            self.said = {}

        def observe(self, session):
            self.said.setdefault(session.user, []).extend(m["content"] for m in session.messages
                                                           if m["role"] == "user" and m["content"])

        def context(self, user, question, now):
            return Context(memories=[" ".join(self.said.get(user, []))])

    (res,) = run(bench, [OneLine()], progress=False)
    s = res.summary()
    assert s["evidence_recall"] == 1.0 and s["precision"] == 1.0  # one item, and it carries the value
    assert s["token_precision"] < 0.2
    q = next(q for q in bench.questions if q.needs)
    value = next(t for s in bench.sessions if s.user == q.user for m in s.messages if m["role"] == "user"
                 for t in [m["content"]] if re.search(q.needs[0], t))
    exact = measure(q, [value], [], 0.0)
    assert exact.evidence_tokens == exact.injected_tokens > 0


class Unfiltered(Vector):
    """Vector search over everyone's messages: the user filter forgotten."""

    name = "vector, no user filter"

    def observe(self, session):
        self.write(dataclasses.replace(session, user="everyone"))

    def context(self, user, question, now):
        return super().context("everyone", question, now)


def test_a_strategy_without_a_user_filter_fails_the_leak_column_and_filtered_ones_pass(bench):
    vector, unfiltered, full = run(bench, [Vector(), Unfiltered(), FullBuffer()], progress=False)
    assert vector.summary()["leaked_items"] == 0 and full.summary()["leaked_items"] == 0
    assert unfiltered.summary()["leaked_items"] > 0
    row = next(line for line in table([vector, unfiltered], latency=False).splitlines() if line.startswith("vector,"))
    assert row.rstrip().endswith("FAIL")


def test_another_users_flight_in_an_extracted_fact_counts_as_a_leak(bench):
    q = bench.questions[0]
    other = next(u for u in bench.users() if u != q.user)
    from course_lib.evaluation.harness import Owners

    owners = Owners(bench)
    line = f"The user's flight is {bench.facts[other]['flights'][0]}."
    assert measure(q, [line], [], 0.0, owners).leaked == 1
    assert measure(q, [f"The user's flight is {bench.facts[q.user]['flights'][0]}."], [], 0.0, owners).leaked == 0


def test_the_fresh_wording_shares_no_template_or_value_with_the_course_wording():
    course, fresh = phrases("course"), phrases("fresh")
    for kind, spec in fresh["kinds"].items():
        for key, items in spec.items():
            if isinstance(items, list) and key not in ("female", "female_relations"):
                assert not set(items) & set(course["kinds"][kind].get(key, [])), (kind, key)
    assert not set(fresh["first_names"]) & set(course["first_names"])
    for key in ("irrelevant", "small_talk", "replies", "tool_requests"):
        assert not set(fresh[key]) & set(course[key]), key
    b = generate("tiny", seed=3, mode="fresh")
    assert b.mode == "fresh" and b.questions and all(q.needs or q.kind == "irrelevant" for q in b.questions)
    with pytest.raises(ValueError, match="mode must be one of course, fresh"):
        generate("tiny", mode="novel")


@pytest.mark.parametrize("mode", list(MODES))
def test_a_gendered_relation_fits_the_name(mode):
    spec = phrases(mode)["kinds"]["relative"]
    female = set(spec["female"])
    for seed in range(8):
        for facts in generate("classroom", seed, mode).facts.values():
            relation, name = facts["relative"]
            if relation in spec["swap"]:
                assert (relation in spec["female_relations"]) == (name in female), (relation, name)


def test_spread_over_seeds_orderings_and_wins():
    runs = over_seeds("tiny", (3, 4), lambda: [FullBuffer(), Vector()])
    assert set(runs) == {"full buffer", "vector"} and all(len(v) == 2 for v in runs.values())
    assert wins(runs, "full buffer", "vector") == 2 and wins(runs, "vector", "full buffer") == 0
    assert orderings(runs, "evidence_recall") == 1
    assert spread([0.5, 1.0]) == (0.75, pytest.approx(0.35355, abs=1e-4), 0.5, 1.0)
    assert spread([0.4])[1] == 0.0
    text = spread_table(runs)
    assert text.startswith("mean ± sd (min–max) over 2 seeds") and "100% ± 0 (100–100)" in text
    with pytest.raises(ValueError, match="at least one seed"):
        over_seeds("tiny", (), lambda: [])

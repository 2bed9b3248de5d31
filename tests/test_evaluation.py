"""The memory benchmark: a generator whose answers are known, and a harness that measures prompts honestly."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest

from course_lib.evaluation.generate import KINDS, SIZES, generate, pattern
from course_lib.evaluation.harness import measure, run
from course_lib.evaluation.report import table, write_report
from course_lib.evaluation.strategies import Context, FullBuffer, HybridProfile, Vector, Window


@pytest.fixture(scope="module")
def bench():
    return generate("tiny", seed=3)


def user_texts(bench, uid):
    return [m["content"] for s in bench.sessions if s.user == uid for m in s.messages if m["role"] == "user"]


def test_same_seed_same_benchmark_and_another_seed_differs():
    a, b, c = generate("tiny", seed=11), generate("tiny", seed=11), generate("tiny", seed=12)
    assert a.sessions == b.sessions and a.questions == b.questions
    assert a.sessions != c.sessions


def test_every_kind_of_question_is_asked_of_every_user(bench):
    for uid in bench.users():
        kinds = {q.kind for q in bench.questions if q.user == uid}
        assert kinds == set(KINDS)


def test_every_needed_value_was_said_by_that_user_and_superseded_values_came_first(bench):
    for q in bench.questions:
        said = user_texts(bench, q.user)
        for p in q.needs:
            assert any(re.search(p, t) for t in said), (q.text, p)
        for old, new in zip(q.stale, q.needs):
            first_old = min(i for i, t in enumerate(said) if re.search(old, t))
            last_new = max(i for i, t in enumerate(said) if re.search(new, t))
            assert first_old < last_new, (q.text, old, new)


def test_irrelevant_questions_need_nothing_and_tool_output_carries_no_user_fact(bench):
    assert all(not q.needs and not q.stale for q in bench.questions if q.kind == "irrelevant")
    tool_text = "\n".join(m["content"] for s in bench.sessions for m in s.messages if m["role"] == "tool")
    assert len(tool_text) > 2000  # long outputs are there ...
    patterns = {p for q in bench.questions for p in q.needs + q.stale}
    assert [p for p in patterns if re.search(p, tool_text)] == []  # ... but never carry an answer


def test_the_temporal_answer_was_said_last_week_and_another_flight_earlier(bench):
    for q in (q for q in bench.questions if q.kind == "temporal"):
        sessions = [s for s in bench.sessions if s.user == q.user]
        hits = [s for s in sessions for m in s.messages if m["role"] == "user" and re.search(q.needs[0], m["content"])]
        assert len(hits) == 1
        assert timedelta(days=4) <= bench.asked_at - hits[0].when <= timedelta(days=10)
        flights = [m["content"] for s in sessions for m in s.messages
                   if m["role"] == "user" and re.search(r"\b[A-Z]{2}\d{4}\b", m["content"])]
        assert len(flights) == 2  # a distractor: the older flight


def test_sizes_scale_and_bad_sizes_are_refused():
    big = generate((5, 4))
    assert len(big.users()) == 5 and len(big.sessions) == 20
    with pytest.raises(ValueError, match="size must be one of"):
        generate("huge")
    with pytest.raises(ValueError, match="3 sessions each"):
        generate((2, 2))
    assert set(SIZES) >= {"classroom", "standard", "large"}


def test_pattern_finds_whole_values_only():
    assert re.search(pattern("45"), "about 45 euros") and re.search(pattern("45"), "€45 a head")
    assert not re.search(pattern("45"), "average main 12.45") and not re.search(pattern("45"), "145 reviewers")
    assert re.search(pattern("vegan"), "I'm Vegan now") and not re.search(pattern("vegan"), "vegans")
    assert not re.search(pattern("gluten-free"), "gluten-freeish")


def test_measure_counts_evidence_stale_precision_and_empty(bench):
    q = next(q for q in bench.questions if q.kind == "changed")
    new, old = q.needs[0], q.stale[0]
    new_text = next(t for t in user_texts(bench, q.user) if re.search(new, t))
    old_text = next(t for t in user_texts(bench, q.user) if re.search(old, t))
    r = measure(q, [new_text, "The user likes jazz."], [], 0.0)
    assert r.found_all and not r.stale and (r.injected, r.needed) == (2, 1)
    r = measure(q, [old_text], [], 0.0)
    assert not r.found_all and r.stale
    r = measure(q, [], [{"role": "user", "content": old_text}, {"role": "user", "content": new_text}], 0.0)
    assert r.found_all and r.stale and r.injected == 2
    irrelevant = next(q for q in bench.questions if q.kind == "irrelevant")
    assert measure(irrelevant, [], [], 0.0).injected == 0
    assert measure(irrelevant, [], [], 0.0).prompt_tokens < measure(irrelevant, ["x " * 50], [], 0.0).prompt_tokens


def test_full_buffer_sees_everything_and_therefore_every_stale_value(bench):
    (res,) = run(bench, [FullBuffer()], progress=False)
    s = res.summary()
    assert s["evidence_recall"] == 1.0 and s["stale_rate"] == 1.0 and s["empty_when_irrelevant"] == 0.0


def test_a_window_forgets_early_facts(bench):
    (res,) = run(bench, [Window(6)], progress=False)
    assert res.summary()["evidence_recall"] < 0.5
    assert res.summary()["tokens_per_call"] < run(bench, [FullBuffer()], progress=False)[0].summary()["tokens_per_call"]


def test_profile_supersedes_old_values_and_beats_vector_alone(bench):
    vector, both = run(bench, [Vector(), HybridProfile()], progress=False)
    v, b = vector.summary(), both.summary()
    assert b["stale_rate"] == 0.0
    assert b["recall_changed"] == 1.0 and b["evidence_recall"] > v["evidence_recall"]
    assert b["tokens_per_call"] < 300


def test_a_learners_own_strategy_plugs_in(bench):
    class Newest:
        name = "newest three user messages"

        def __init__(self):
            self.seen = {}

        def observe(self, session):
            self.seen.setdefault(session.user, []).extend(m for m in session.messages if m["role"] == "user")

        def context(self, user, question, now):
            return Context(history=self.seen.get(user, [])[-3:])

    (res,) = run(bench, [Newest()], progress=False)
    assert len(res.results) == len(bench.questions)
    assert 0 < res.summary()["tokens_per_call"] < 200


def test_report_table_and_files(bench, tmp_path):
    results = run(bench, [FullBuffer(), Window(6)], progress=False)
    text = table(results, latency=False)
    assert "full buffer" in text and "latency" not in text and "100%" in text
    paths = write_report(results, tmp_path / "r", "title", "detail")
    assert [p.name for p in paths] == ["table.txt", "results.csv", "strategies.png"]
    assert all(p.stat().st_size > 100 for p in paths)
    assert paths[1].read_text().splitlines()[0].startswith("strategy,tokens_per_call,total_tokens,evidence_recall")


def test_time_words_narrow_the_search_window():
    from course_lib.evaluation.strategies import time_window

    assert time_window("What did I tell you last week about my flight?") == (4, 11)
    assert time_window("Which flight did I mention yesterday?") == (0.5, 2)
    assert time_window("Which flight did I mention?") is None


def test_a_last_week_question_finds_last_weeks_flight_not_the_older_one(bench):
    (res,) = run(bench, [HybridProfile()], progress=False)
    temporal = res.of_kind("temporal")
    assert temporal and all(r.found_all for r in temporal)

"""Reading LongMemEval and LoCoMo files a user downloads, and recall@k on them at session and turn level.

The two sample files in tests/data/ are written for these tests in each format's layout (no real benchmark
data is shipped: LoCoMo's licence is non-commercial)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from course_lib.evaluation.public import load, parse
from course_lib.evaluation.public_recall import evaluate, recall_at, render, sessions_ranked
from course_lib.evaluation.retrieval import Method

DATA = Path(__file__).parent / "data"
LME, LOCOMO = DATA / "longmemeval_sample.json", DATA / "locomo_sample.json"


def test_longmemeval_sample_reads_evidence_sessions_and_turns_and_keeps_abstention_without_evidence():
    data = load(LME)
    assert data.format == "LongMemEval" and len(data.questions) == 3 and len(data.haystacks) == 3
    q1, q2, q3 = data.questions
    assert q1.sessions == {"s_b"} and q1.turns == {"s_b:0"} and q1.answer == "a border collie"
    assert q2.sessions == {"r1", "r4"} and q2.turns == {"r1:0", "r4:0"}
    assert q3.id.endswith("_abs") and not q3.sessions and not q3.turns and "abstention" in q3.kind
    assert [t.session for t in data.haystacks[q2.haystack]][:3] == ["r1", "r1", "r2"]  # turns keep session order


def test_locomo_sample_maps_dialog_ids_to_sessions_and_counts_unknown_evidence():
    data = load(LOCOMO)
    assert data.format == "LoCoMo" and list(data.haystacks) == ["cap-conv-1"]
    by_text = {q.text: q for q in data.questions}
    pottery = by_text["What did Marta make in her pottery class?"]
    assert pottery.turns == {"D1:1", "D2:4"} and pottery.sessions == {"session_1", "session_2"}
    visit = by_text["When will Marta visit her sister?"]
    assert visit.turns == {"D3:1", "D3:3"} and data.dropped == 1  # D9:9 names no turn
    assert by_text["What did Joel make in his pottery class?"].answer == "A bowl"  # adversarial_answer
    assert "dropped" in data.describe()


def write(tmp_path, content) -> Path:
    path = tmp_path / "bench.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def lme_item(**changes):
    item = json.loads(LME.read_text(encoding="utf-8"))[0]
    item.update(changes)
    return item


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON (line 1"),
    ([], "got an empty list"),
    ({"question": "x"}, "expected a non-empty JSON list"),
    ([{"foo": 1}], "neither a LongMemEval question"),
    ([lme_item(haystack_session_ids=["s_a"])], "1 haystack_session_ids for 3 haystack_sessions"),
    ([lme_item(answer_session_ids=["nope"])], "answer_session_ids names sessions not in the haystack: nope"),
    ([{k: v for k, v in lme_item().items() if k != "question"}], "missing key 'question'"),
    ([lme_item(haystack_sessions=[[{"role": "user"}], [], []])], "session s_a, turn 0: missing key 'content'"),
    ([lme_item(), lme_item()], "question_id appears twice"),
    ([{"conversation": {"speaker_a": "A"}, "qa": []}], "has no session_1"),
    ([{"conversation": {"session_1": [{"speaker": "A", "text": "hi"}]}, "qa": []}], "session_1, turn 0: missing key 'dia_id'"),
    ([{"conversation": {"session_1": [{"speaker": "A", "dia_id": "D1:1", "text": "hi"}]}, "qa": [{"question": "q"}]}],
     "qa 0: missing key 'evidence'"),
])
def test_malformed_files_get_an_error_naming_the_item_and_what_is_wrong(tmp_path, content, message):
    with pytest.raises(ValueError) as info:
        load(write(tmp_path, content))
    assert message in str(info.value) and "bench.json" in str(info.value)


def test_a_missing_file_says_where_to_get_one(tmp_path):
    with pytest.raises(FileNotFoundError, match="docs/benchmarks.md"):
        load(tmp_path / "longmemeval_s.json")


def test_recall_at_k_and_sessions_ranked_by_their_best_turn():
    assert recall_at(["a", "b", "c"], frozenset({"b", "z"}), 1) == 0.0
    assert recall_at(["a", "b", "c"], frozenset({"b", "z"}), 2) == 0.5
    assert sessions_ranked(["s2:0", "s1:3", "s2:1", "s3:0"], {"s2:0": "s2", "s1:3": "s1", "s2:1": "s2", "s3:0": "s3"}) \
        == ["s2", "s1", "s3"]
    with pytest.raises(ValueError, match="skip questions without evidence"):
        recall_at(["a"], frozenset(), 1)


def test_recall_on_the_longmemeval_sample_by_hand():
    # BM25: "puppy"/"adopted" put the evidence turn first; both running turns share "kilometres" and "week", so
    # the knowledge-update question has one of its two evidence turns (and sessions) at rank 1 and both by rank 5
    (bm25,) = evaluate(load(LME), [Method("BM25", 0.0)]).values()
    assert bm25["turn R@1"] == pytest.approx(0.75) and bm25["session R@1"] == pytest.approx(0.75)
    assert bm25["turn R@5"] == 1.0 and bm25["session R@5"] == 1.0
    assert bm25["questions (session)"] == 2  # the abstention question is skipped


def test_a_retriever_that_misses_scores_below_one_that_finds():
    data = parse(json.loads(LOCOMO.read_text(encoding="utf-8")), "locomo")
    table = evaluate(data, [Method("BM25", 0.0), Method("vector", 1.0)])
    assert all(0.0 <= v <= 1.0 for s in table.values() for k, v in s.items() if "R@" in k)
    assert table["BM25"]["turn R@10"] < 1.0  # words alone miss "When will Marta visit" -> "in October"
    text = render(table, "title")
    assert text.splitlines()[0] == "title" and "turn R@5" in text and "averaged over 4 questions" in text


def load_eval_tool():
    spec = importlib.util.spec_from_file_location("eval_tool", Path(__file__).parents[1] / "tools" / "eval.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_eval_data_prints_recall_and_a_bad_file_exits_2_with_one_clear_line(tmp_path, capsys):
    tool = load_eval_tool()
    assert tool.main(["--data", str(LME)]) == 0
    out = capsys.readouterr().out
    assert "LongMemEval file longmemeval_sample.json: 3 haystacks" in out and "session R@5" in out
    assert tool.main(["--data", str(write(tmp_path, [{"foo": 1}]))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("make eval DATA=") and "neither a LongMemEval question" in err

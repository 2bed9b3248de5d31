"""Rerankers: token-level max-sim offline, and an LLM judge through the model API (offline rules or a fake)."""
from __future__ import annotations

import pytest

from course_lib.long_term.hybrid import Hit, HybridRetriever
from course_lib.long_term.rerank import LateInteraction, LLMJudge, max_sim, numbered
from course_lib.long_term.answers import ModelOutputError
from course_lib.model.offline.rerank import numbered_lines, rerank, why_left_out


def hits(*texts):
    return [Hit(i, t, 0.0, 0.0, 0.0, f"m{i}") for i, t in enumerate(texts)]


class Fake:
    """A chat model that always answers `reply` and keeps the prompts it was sent."""

    def __init__(self, reply):
        self.reply, self.sent = reply, []

    def complete(self, messages, **kwargs):
        self.sent.append(messages)
        return self.reply


def test_max_sim_rewards_the_word_that_matches():
    query = "Who is my sister again?"
    wrong, right = "My flatmate Aiko is gluten-free.", "My sister Radomir is visiting in May."
    assert max_sim(query, right) > max_sim(query, wrong)
    assert max_sim(query, "") == 0.0 and max_sim("", right) == 0.0
    assert max_sim(query, query) == pytest.approx(1.0)


def test_the_precision_ceiling_of_cosine_and_what_max_sim_does_about_it():
    from course_lib.model import embedder

    query, wrong, right = "Which profession did I mention?", "Thanks, that was helpful!", "I'm a hydrologist by trade."
    q, w, r = embedder.embed([query, wrong, right])
    assert q @ w > q @ r  # cosine of the mean vectors prefers the wrong memory
    assert [h.text for h in LateInteraction()(query, hits(wrong, right))] == [right, wrong]


def test_late_interaction_reorders_and_leaves_the_input_alone():
    cands = hits("My flatmate Aiko is gluten-free.", "Did you know octopuses have three hearts?",
                 "My sister Radomir is visiting in May.")
    before = list(cands)
    out = LateInteraction()("Who is my sister again?", cands)
    assert out[0].text == "My sister Radomir is visiting in May."
    assert sorted(h.id for h in out) == ["m0", "m1", "m2"] and cands == before and out is not cands


def test_late_interaction_keeps_the_incoming_order_on_ties():
    cands = hits("same words", "same words", "same words")
    assert [h.id for h in LateInteraction()("same", cands)] == ["m0", "m1", "m2"]


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="weight_power"):
        LateInteraction(weight_power=-1)
    with pytest.raises(TypeError, match="candidates"):
        LateInteraction()("q", "not a list")
    with pytest.raises(TypeError, match=".text"):
        LLMJudge(Fake("{}"))("q", [1, 2])
    with pytest.raises(TypeError, match="reranker must be a function"):
        HybridRetriever(["a", "b"]).search("a", reranker="late")


def test_judge_puts_the_models_picks_first_in_its_order():
    cands = hits("a", "b", "c", "d")
    model = Fake('Sure: {"ranking": [3, 1, 3, 9]}')  # a repeat and an unknown number are ignored
    before = list(cands)
    out = LLMJudge(model)("which?", cands)
    assert [h.text for h in out] == ["c", "a", "b", "d"] and cands == before
    prompt = model.sent[0][1]["content"]
    assert "<query>\nwhich?\n</query>" in prompt and "[4] d" in prompt
    assert LLMJudge(model)("q", hits("only")) == hits("only") and len(model.sent) == 1  # one candidate: no call


def test_judge_refuses_an_answer_without_a_ranking():
    with pytest.raises(ModelOutputError, match="ranking"):
        LLMJudge(Fake('{"order": [1]}'))("q", hits("a", "b"))
    with pytest.raises(ModelOutputError, match="ranking"):
        LLMJudge(Fake('{"ranking": ["first"]}'))("q", hits("a", "b"))


def test_judge_reads_numbers_written_as_text():
    """A model may quote the numbers ("2"); they mean the same candidates (the variant stand-in does this)."""
    out = LLMJudge(Fake('```json\n{"ranking": ["2", " 1 "], "explanation": "b first"}\n```'))("q", hits("a", "b", "c"))
    assert [h.text for h in out] == ["b", "a", "c"]


def test_offline_rule_leaves_out_requests_and_orders_by_meaning():
    assert why_left_out("Can you look up some restaurants for Friday?") == "a request or question"
    assert why_left_out("Find me somewhere nice for a team dinner.") == "a request or question"
    assert why_left_out("My job? I'm a podiatrist, long story.") is None
    assert why_left_out("I'm allergic to kiwi.") is None
    assert numbered_lines("[1] a\nnoise\n[12] b c") == [(1, "a"), (12, "b c")]
    ranking = rerank("Is there anything I'm allergic to?", [(1, "Look up restaurants with a terrace, please."),
                                                           (2, "The weather here is grim today."),
                                                           (3, "I'm allergic to kiwi.")])
    assert ranking == [3, 2]


def test_offline_rule_puts_the_shape_of_the_answer_before_closeness():
    from course_lib.model import embedder
    from course_lib.model.offline.rerank import asked_for

    query = "How much can I spend on dinner?"
    chatty, budget = "I would love a nice dinner out tonight.", "Budget's gone up, 95 euros a head is fine now."
    q, a, b = embedder.embed([query, chatty, budget])
    assert q @ a > q @ b  # cosine prefers the chatty line ...
    assert asked_for(query) == ["money"]
    assert rerank(query, [(1, chatty), (2, budget)]) == [2, 1]  # ... the rule puts the amount first
    assert rerank("Tell me a joke", [(1, chatty), (2, budget)]) == [1, 2]  # nothing asked for: by meaning


def test_offline_judge_through_the_model_api():
    cands = hits("Can you look up some restaurants for Friday?", "I really need a holiday.", "I'm allergic to kiwi.")
    out = LLMJudge()("Is there anything I'm allergic to?", cands)
    assert [h.text for h in out] == ["I'm allergic to kiwi.", "I really need a holiday.",
                                     "Can you look up some restaurants for Friday?"]
    assert numbered(cands).splitlines()[2] == "[3] I'm allergic to kiwi."


def test_rerankers_plug_into_hybrid_search():
    docs = ["Find me somewhere nice for a team dinner.", "My flatmate Aiko is gluten-free.",
            "My sister Radomir is visiting in May.", "Did you know octopuses have three hearts?"]
    r = HybridRetriever(docs)
    for reranker in (LateInteraction(), LLMJudge()):
        found = r.search("Who is my sister again?", k=2, reranker=reranker)
        assert len(found) == 2 and found[0].text == "My sister Radomir is visiting in May."
    query = "Which profession did I mention?"
    docs = ["Thanks, that was helpful!", "I'm a hydrologist by trade."]
    assert HybridRetriever(docs, alpha=1.0).search(query, k=1)[0].text == docs[0]  # what cosine puts first
    with_reranker = HybridRetriever(docs, alpha=1.0, reranker=LateInteraction())
    assert with_reranker.search(query, k=1)[0].text == "I'm a hydrologist by trade."


def test_rerankers_plug_into_hybrid_recall():
    from course_lib import VectorMemory
    from course_lib.long_term.hybrid import hybrid_recall

    mem = VectorMemory()
    for text in ("Can you look up some restaurants for Friday?", "Thanks, that was helpful!",
                 "I'm a hydrologist by trade."):
        mem.remember("priya", text)
    mem.remember("bob", "I'm a glassblower by trade.")
    query = "Which profession did I mention?"
    assert hybrid_recall(mem, "priya", query, k=3, alpha=1.0)[0].text != "I'm a hydrologist by trade."  # cosine
    for reranker in (LateInteraction(), LLMJudge()):
        found = hybrid_recall(mem, "priya", query, k=3, alpha=1.0, reranker=reranker)
        assert found[0].text == "I'm a hydrologist by trade." and len(found) == 3
        assert all("glassblower" not in h.text for h in found)

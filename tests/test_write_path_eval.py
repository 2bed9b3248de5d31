"""The write-path measurement: its arithmetic on a hand-checked case, the labelled set, LONG_TRIP, and the dev thresholds."""
from __future__ import annotations

import json

import pytest

from course_lib.course import scenario
from course_lib.evaluation import labels
from course_lib.evaluation.matching import fact_matches
from course_lib.evaluation.write_path_eval import evaluate, render
from course_lib.long_term.write_path import Fact, extract_facts, session_summary
from course_lib.model import prompts


def turn(text, facts=(), noise=None, optional=()):
    m = {"role": "user", "content": text, "facts": list(facts)}
    if noise:
        m["noise"] = noise
    if optional:
        m["optional"] = list(optional)
    return m


VEGAN = {"text": "The user is vegan.", "subject": "diet", "value": "vegan", "op": "UPDATE",
         "target": "The user is vegetarian."}
TINY = labels.check({
    "id": "tiny", "split": "dev", "source": "hand", "before": ["The user is vegetarian."],
    "messages": [turn("I'm vegan now.", [VEGAN]), {"role": "assistant", "content": "Noted."},
                 turn("Nice weather today.", noise="small talk"),
                 turn("Lisbon, maybe.", optional=[{"text": "The user lives in Lisbon.", "subject": "home city",
                                                   "value": "Lisbon"}])],
    "summary": {"decisions": [], "preferences": ["vegan"], "facts_learned": [], "open_questions": ["dinner"],
                "not": ["weather"]}}, "tiny")


class Scripted:
    """A model with fixed answers per task, so every number of the measurement can be worked out by hand."""

    def __init__(self, op="UPDATE", op_id="m0"):
        self.op, self.op_id, self.calls = op, op_id, []

    def complete(self, messages, temperature=0):
        task = prompts.match_template(messages)
        fields = task.parse(messages)
        self.calls.append(task.name)
        if task.name == "extract_facts":  # the conversation so far; the facts of every user line in it
            said = [line.partition(": ")[2] for line in fields["conversation"].splitlines() if line.startswith("user: ")]
            per_line = {"I'm vegan now.": [("The user is vegan.", 0.9), ("The user likes tea.", 0.9), ("The user is tall.", 0.3)],
                        "Nice weather today.": [("The user enjoys sunshine.", 0.9)],
                        "Lisbon, maybe.": [("The user lives in Lisbon.", 0.9)]}
            facts = [f for line in said for f in per_line[line]]
            return json.dumps({"facts": [{"text": t, "confidence": c} for t, c in facts]})
        if task.name == "resolve_conflict":
            return json.dumps({"op": self.op, "id": self.op_id, "reason": "scripted"})
        return json.dumps({"decisions": [], "preferences": ["The user is vegan."], "facts_learned": ["Nice weather."],
                           "open_questions": ["Where shall we have dinner?"]})


def test_the_arithmetic_on_a_hand_checked_case():
    model = Scripted()
    scores = evaluate([TINY], model)["dev"]
    rates = scores.rates()
    assert (scores.stated, scores.found) == (1, 1) and rates["recall"] == 1.0
    # stored: vegan (right), likes tea (not stated), sunshine (noise); tall is gated (0.3); Lisbon is optional
    assert (scores.extracted, scores.extracted_right) == (3, 1) and rates["precision"] == pytest.approx(1 / 3)
    assert (scores.noise_turns, scores.noise_stored) == (1, 1) and rates["noise_stored"] == 1.0
    assert rates["op_accuracy"] == 1.0
    # decisions, preferences and open_questions right; facts_learned holds an extra entry that is also ruled out
    assert rates["summary_facts_learned"] == 0.0 and rates["summary"] == 0.75
    assert any("likes tea" in x for x in scores.false_facts) and any("facts_learned" in x for x in scores.wrong_fields)
    assert set(model.calls) == {"extract_facts", "resolve_conflict", "session_summary"}  # all three go through the model


@pytest.mark.parametrize("op, op_id", [("ADD", None), ("NOOP", None), ("DELETE", "m0")])
def test_an_operation_is_right_only_with_the_right_op_and_target(op, op_id):
    scores = evaluate([TINY], Scripted(op, op_id))["dev"]
    assert scores.rates()["op_accuracy"] == 0.0 and "expected UPDATE m0" in scores.wrong_ops[0]


def test_a_missed_fact_is_listed_and_lowers_recall():
    class Deaf(Scripted):
        def complete(self, messages, temperature=0):
            if prompts.match_template(messages).name == "extract_facts":
                return '{"facts": []}'
            return super().complete(messages, temperature)
    scores = evaluate([TINY], Deaf())["dev"]
    assert scores.rates()["recall"] == 0.0 and scores.rates()["noise_stored"] == 0.0
    assert "'The user is vegan.' not found" in scores.misses[0] and "missed facts (1)" in render({"dev": scores})


def test_a_fact_on_the_right_slot_with_another_value_counts_for_slot_recall_only():
    class Misheard(Scripted):
        def complete(self, messages, temperature=0):
            if prompts.match_template(messages).name == "extract_facts":
                return '{"facts": [{"text": "The user is vegetarian.", "confidence": 0.9}]}'
            return super().complete(messages, temperature)
    rates = evaluate([TINY], Misheard())["dev"].rates()
    assert rates["recall"] == 0.0 and rates["slot_recall"] == 1.0  # the diet was heard, its value was not
    deaf = evaluate([TINY], type("Deaf", (Scripted,), {"complete": lambda self, m, temperature=0: '{"facts": []}'
                                                      if prompts.match_template(m).name == "extract_facts"
                                                      else Scripted.complete(self, m, temperature)})())["dev"]
    assert deaf.rates()["slot_recall"] == 0.0


@pytest.mark.parametrize("text, subject, value, expected", [
    ("The user's budget is 40 EUR.", "budget", "40 EUR", True),
    ("The user's budget is 45 EUR.", "budget", "40 EUR", False),
    ("Priya keeps dinner to 40 euros per person; that is her budget.", "budget", "40 EUR", True),  # a live model's wording
    ("The user's flatmate is vegan.", "diet", "vegan", False),  # someone else's diet
    ("The user is vegan.", "diet", "vegetarian", False),
    ("The user's flight is AF 1535.", "flight:AF 1734", "AF 1734", False),
    ("The user lives in Torino.", "home city", "Turin", True),  # a place by its local or its English name
    ("The user lives in Turin.", "home city", "Torino", True),
    ("The user lives in Trento.", "home city", "Turin", False),
])
def test_fact_matches_by_subject_and_value(text, subject, value, expected):
    assert fact_matches(text, subject, value) is expected


@pytest.mark.parametrize("fact, subject, value, expected", [
    (Fact("The user dislikes cilantro.", subject="preference:cilantro", value="dislikes cilantro"), "preference:coriander", "dislikes coriander", True),
    (Fact("The user has coeliac disease.", subject="condition", value="coeliac disease"), "condition:celiac disease", "celiac disease", True),
    (Fact("The user has migraines.", subject="condition", value="migraines"), "condition:migraine", "migraine", True),
    (Fact("The user does not eat pork.", subject="preference:pork", value="no pork"), "diet", "no pork", True),
    (Fact("The user does not eat pork.", subject="preference:pork", value="no pork"), "diet", "no beef", False),
    (Fact("The user is allergic to shrimp.", subject="allergy:shrimp", value="shrimp"), "allergy:prawns", "prawns", True),
    (Fact("The user is allergic to shrimp.", subject="allergy:shrimp", value="shrimp"), "intolerance:prawns", "prawns", False),  # another kind of slot
    (Fact("The user dislikes coriander.", subject="preference:coriander", value="dislikes coriander"), "preference:cumin", "dislikes cumin", False),
    (Fact("The user plays the glass harmonica.", subject="hobby", value="glass harmonica"), "hobby", "glas harmonica", False),
])
def test_a_concept_by_either_of_its_names_and_a_plural_as_its_singular(fact, subject, value, expected):
    """British and American names (CONCEPT_NAMES), number, and the diet / preference pair of slots; no other looseness."""
    assert fact_matches(fact, subject, value) is expected


@pytest.mark.parametrize("text, slot, value, expected", [
    ("The user has a team dinner on Thursday the 19th at 19:30 for 9 people.", "plan",
     "team dinner Thursday 19th 19:30, 9 people", True),
    ("The user has a team dinner on Thursday at 19:30.", "plan", "team dinner Thursday 19th 19:30, 9 people", False),
    ("The user has a dentist appointment on Tuesday at 8:30.", "appointment:dentist", "dentist Tuesday 08:30", True),
    ("The user has a dentist appointment on Tuesday at 9:30.", "appointment:dentist", "dentist Tuesday 08:30", False),
    ("The user's budget is 30 EUR.", "budget", "company dinner for 30 people", False),  # not an event fact
    ("The user has a trip to Lisboa from 2 to 9 June.", "trip", "Lisbon, 2-9 June", True),
    ("The user works shifts from Monday to Saturday from 16:00.", "schedule", "Monday-Saturday 16:00", True),
    ("The user works shifts from Monday to Friday from 16:00.", "schedule", "Monday-Saturday 16:00", False),
])
def test_an_event_is_found_by_its_anchors(text, slot, value, expected):
    """Numbers, times and capitalised words of the labelled value, in an event fact of any wording."""
    assert fact_matches(Fact(text, subject=slot, value=None), "plan", value) is expected
def test_the_labelled_set_is_checked():
    good = json.loads(json.dumps({"id": "x", "split": "dev", "source": "hand", "before": [],
                                  "messages": [turn("I'm vegan.", [dict(VEGAN, op="ADD", target=None)])],
                                  "summary": {k: [] for k in labels.FIELDS}}))
    labels.check(good, "x")
    with pytest.raises(ValueError, match="must name as target a fact stated before it"):
        labels.check({**good, "messages": [turn("I'm vegan.", [VEGAN])]}, "x")
    with pytest.raises(ValueError, match="no facts and no 'noise' reason"):
        labels.check({**good, "messages": [turn("Hello.")]}, "x")
    with pytest.raises(ValueError, match="split must be one of"):
        labels.check({**good, "split": "test"}, "x")


def test_one_file_kept_outside_the_package_loads_alone(tmp_path):
    record = {"id": "x", "split": "heldout", "source": "hand", "before": [], "summary": None,
              "messages": [turn("I'm vegan.", [dict(VEGAN, op="ADD", target=None)])]}
    path = tmp_path / "fresh.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    (tmp_path / "other.jsonl").write_text(json.dumps({**record, "id": "y"}) + "\n", encoding="utf-8")
    assert [c.id for c in labels.load(folder=path)] == ["x"]
    assert [c.id for c in labels.load(folder=tmp_path)] == ["x", "y"]  # fresh.jsonl, then other.jsonl
    path.write_text('{"id": "z"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="fresh.jsonl, line 1: missing 'split'"):
        labels.load(folder=path)


def test_the_labelled_set_matches_its_sources():
    by_id = {c.id: c for c in labels.load()}
    for name, messages in scenario.SESSIONS.items():  # the scenario's text, not a drifted copy
        assert [m["content"] for m in by_id[f"scenario/{name}"].messages] == [m["content"] for m in messages]
    stored = [json.loads(line) for line in (labels.LABELLED / "benchmark_dev.jsonl").read_text().splitlines()]
    assert stored == json.loads(json.dumps(labels.benchmark_conversations()))  # the generator still says the same


@pytest.mark.skipif(not (labels.LABELLED / labels.HELDOUT_FILE).is_file(),
                    reason=f"{labels.HELDOUT_FILE} is not there yet: the held-out learner set is written by someone else "
                           "and added after the language layer is frozen (issue 20)")
def test_the_held_out_set_is_large_written_by_hand_and_unseen():
    """Enough held-out learner conversations to measure by language and kind, people's sentences (never the
    generator's), and almost none of their messages in the training or development sets; a held-out turn that is
    there is read as context but never scored."""
    held = labels.load("heldout")
    assert len(held) >= 40 and sum(len(c.facts()) for c in held) >= 150, f"{len(held)} held-out conversations"
    assert all(c.source in ("hand", "learner") for c in held)  # people's sentences, not the generator's
    assert {m.get("lang") for c in held for m in c.user_turns()} >= set(labels.LANGS)
    seen = {m["content"].strip().lower() for c in labels.load("train") + labels.load("dev") for m in c.user_turns()}
    leaked = [m["content"] for c in held for m in c.user_turns() if m["content"].strip().lower() in seen]
    unleaked = sum(len(c.user_turns()) for c in held) - len(leaked)
    assert unleaked * 10 >= 9 * sum(len(c.user_turns()) for c in held), f"too many held-out messages seen: {leaked}"
    if leaked:
        scores = evaluate([c for c in held if any(m["content"] in leaked for m in c.user_turns())][:3])["heldout"]
        assert scores.unscored >= 1


def test_long_trip_facts_and_summary():
    facts = [f.text for f in extract_facts(scenario.LONG_TRIP)]
    for fact in ["The user's name is Priya.", "The user's budget is 40 EUR.", "The user is vegetarian.",
                 "The user booked Hotel Amsel.", "The user's flight is AF 1734, from Paris on Friday at 14:35.",
                 "The user's flight is AF 1535, on Sunday at 18:20.",  # a flight with its day and time (lang/flights.py)
                 "The user has a meeting with Tomasz Nowak on Saturday at 11:30 in Mitte.",  # moved, day and place kept
                 "Anjali's birthday is on 14 March."]:
        assert fact in facts
    assert not any("headphones" in f or "idea of" in f or "lazy" in f for f in facts)
    summary = session_summary(scenario.LONG_TRIP)
    joined = {k: " | ".join(v) for k, v in summary.items()}
    for key in ("Hotel Amsel", "Linse & Lauch", "Neues Museum"):
        assert key in joined["decisions"]
    assert "Rye" not in joined["decisions"] and "order" not in joined["decisions"]  # the assistant decides nothing
    assert summary["preferences"] == ["The user's budget is 40 EUR.", "The user is vegetarian."]
    assert "11:30" in joined["facts_learned"] and "10:00" not in joined["facts_learned"]  # the moved meeting
    assert "headphones" not in joined["facts_learned"]
    assert len(summary["open_questions"]) == 2
    assert "check in online" in joined["open_questions"] and "birthday present" in joined["open_questions"]


def test_audit_noise_is_not_stored():
    assert [f.text for f in extract_facts([{"role": "user", "content": "My flight home is LH 2047."}])] == [
        "The user's flight is LH 2047."]
    for said in ["The worst part is that I sing along on trains when I forget that I'm wearing headphones.",
                 "I love the idea of a lazy Sunday in a new city, with nothing to rush for until the evening.",
                 "My flatmate Aiko is gluten-free, and my friend Dmitri lives in Utrecht.",
                 "I'm here for a conference at the Estrel hotel, it's my first time in Berlin.",  # no name "I'm"
                 "Honestly, the best meetings are the ones that move to a later time, don't you think?"]:
        assert extract_facts([{"role": "user", "content": said}]) == []


# Dev labels the rules miss today, each for a reason the report gives (a typo, a fact said without its words);
# the 'seen/' chats were the first held-out batch, read before the rules were last widened.
KNOWN_MISSES = ["seen/typos: 'The user eats everything.'", "seen/retract_hedge: 'The user is allergic to peanuts.'"]
KNOWN_WRONG_FIELDS = ["seen/typos preferences", "seen/other_people preferences", "seen/retract_hedge preferences",
                      "seen/multilingual facts_learned"]


@pytest.fixture(scope="module")
def dev():
    return evaluate(labels.load("dev"))["dev"]


def test_development_set_thresholds(dev):
    """The aim (recall >= 0.95, noise stored <= 5 %) and more: no other dev fact, op or field may be lost unnoticed."""
    rates = dev.rates()
    assert rates["recall"] >= 0.95 and rates["noise_stored"] <= 0.05
    assert rates["precision"] >= 0.95 and rates["op_accuracy"] >= 0.95 and rates["summary"] >= 0.9
    assert [m for m in dev.misses if not m.startswith(tuple(KNOWN_MISSES))] == []
    assert [f for f in dev.wrong_fields if not f.startswith(tuple(KNOWN_WRONG_FIELDS))] == []
    assert dev.false_facts == [] and dev.wrong_ops == []


def test_the_same_measurement_runs_recorded_then_replayed(offline_server_url, tmp_path):
    """Through the live path (an OpenAI-compatible server, recorded), then from the recording with no server."""
    from course_lib import Model
    from course_lib.model.settings import load_settings

    recording = tmp_path / "write_path.jsonl"
    convs = [c for c in labels.load("dev") if c.id == "scenario/updates"]
    live = Model(settings=load_settings({"COURSE_BACKEND": "openai", "OPENAI_BASE_URL": offline_server_url,
                                         "COURSE_RECORD_FILE": str(recording)}))
    recorded = evaluate(convs, live)["dev"]
    assert len(recording.read_text().splitlines()) == 2 + 2 + 1  # two turns, two resolutions, one summary
    replay = Model(settings=load_settings({"COURSE_BACKEND": "replay", "COURSE_REPLAY_FILE": str(recording)}))
    assert evaluate(convs, replay)["dev"] == recorded and recorded.rates()["recall"] == 1.0  # every count, every miss


def test_the_corpus_kinds_are_the_classifiers_kinds():
    from course_lib.model.offline.lang.kinds import KINDS

    assert labels.KINDS == KINDS  # the labelled corpus and the offline classifier speak of the same kinds


def test_extracted_facts_carry_what_they_are_about():
    from course_lib.long_term.write_path import extract_facts

    [fact] = extract_facts("user: I'm vegetarian.")
    assert (fact.subject, fact.value) == ("diet", "vegetarian")


def test_the_held_out_sets_already_read_are_development_data():
    old = labels.load("old-heldout")
    assert any(c.id.startswith("learner/") for c in old) and all(c.split == "old-heldout" for c in old)
    assert not (labels.LABELLED / "learner_oldheldout.jsonl").read_text().count('"split": "heldout"')
    assert labels.HELDOUT_FILE == "learner_heldout.jsonl"  # the fresh set, written by someone else, goes there

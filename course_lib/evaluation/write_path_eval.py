"""How good is the write path? Extraction, the confidence gate, ADD/UPDATE/DELETE/NOOP and session summaries,
measured on the labelled conversations (labels.py), each split (train, dev, heldout, old-heldout) reported apart.

    extraction   every user turn is read in its conversation (the write path runs after each reply): the extractor
                 gets the conversation up to and including the turn, and the turn's facts are the ones not already
                 extracted from the conversation before it (so "actually, make that 45" can correct the 40 of the
                 turn before). The facts that pass the gate are compared with the turn's labelled facts: a stated
                 fact is found when an extracted fact has its slot and value (a place by either of its names,
                 an event by its anchors: see PLACE_NAMES and EVENT_SLOTS). recall = found / stated; precision =
                 extracted facts matching a stated fact / extracted facts (a fact labelled optional counts for
                 neither); slot accuracy = found facts whose slot is exactly the labelled subject / found facts;
                 slot recall = stated facts found, or missed while a fact on the same kind of slot was stored
                 from the turn ('teacher' for 'history teacher', 'metformin' for '500 mg twice a day') / stated
                 (a diagnostic: how much of what recall misses is a value worded otherwise, not a slot missed);
                 noise stored = share of the turns labelled noise from which anything was stored.
    operations   each labelled fact is resolved against the facts before it (the conversation's `before`,
                 then the labelled facts in order, with the expected operation applied after each): right when
                 the op is the expected one and an UPDATE/DELETE names the fact it replaces.
    summary      session_summary of the whole conversation (when its summary is labelled); an expected key phrase
                 is found when an entry of its field contains it. A field is right when every key is found, no
                 entry is extra (an entry stating a fact labelled optional in the conversation is not extra) and
                 no field holds a phrase the labels rule out ("not").

Learner messages carry "lang" and "kind"; `Scores.by` holds the same counts per language ("lang:de") and per kind
("kind:correction"). tools/kinds_corpus.py compares the offline sentence classifier with the labelled kinds.

Held-out history. A first held-out batch, written after the rules were frozen at commit cf7e09d, got 7 of its 24
facts found (recall 0.29). The second (hand_heldout.jsonl, now split "old-heldout"), written after the widened
rules were frozen at 4df9575, gave recall 0.50: rules fitted to phrasings find about half of what new phrasings
state. The language layer (course_lib/model/offline/lang) replaced them; its held-out set, learner_heldout.jsonl
was written by someone else while the layer was built and added after it was frozen (at f657afe; re-frozen at
e5039d5 after fixes made only for the failing development tests and summary decisions). Two sessions and the
coordinator then read its misses, so it became development data too: learner_oldheldout.jsonl, split
"old-heldout" (the layer went from recall 0.667 to 0.962 on it while rules were written against its misses). The
third, written on 3 Dec 2026 by someone who never saw the code, corpora or rules and scored once after the concept
lexicon, clauses, corrections and event readers were frozen (c438e95, 107ff56: recall 0.296 -> 0.459, precision
0.630 -> 0.732), had its misses read that day and joined learner_oldheldout.jsonl on 6 Dec. On 7 Dec
learner_heldout.jsonl (split "heldout", 208 conversations, 1,060 facts, six languages and mixed conversations)
held three sets written by people who never saw the code, none of them read: heldout4 (50 conversations, 219
facts) scored at 4fddc38, recall 0.342, precision 0.636 (0b898bd the same); heldout5 (50, 246 facts) scored once
after 6 Dec's readers were frozen (88b1286): recall 0.407 -> 0.447, precision 0.699 -> 0.733 (0b898bd -> 88b1286);
and heldout6 (108, 595 facts), written on 7 Dec after the layer was frozen at d2fcf9d and scored once: recall
0.296 -> 0.375, precision 0.638 -> 0.646 (5d17060 -> d2fcf9d; 0.358 after the first of that day's two rounds of
readers, bf6a8f9), slot recall 0.541. All three at d2fcf9d: recall 0.429, precision 0.677, operations 0.980, noise
2.7 % (5d17060: 0.349, 0.667, 0.950, 2.9 %). Readers written from a set raised it far more than the sets nobody
had read: the two training sets of 7 Dec went 0.296 -> 0.557 and 0.283 -> 0.426 while their misses were read. Later
on 7 Dec two rounds of readers were written from plain-register sets (the short sentences a student types) and a
chat set: heldout7 (108 conversations, 706 facts) and plain2 (48, 296), scored once at 1c0ef55 (0.306 -> 0.336 and
0.547 -> 0.672 from 3e69cff) and then read (split "old-heldout"); plain3 (48, 290) and heldout8 (54, 333), written
after the freeze at a5417df, scored once and unread, joined learner_heldout.jsonl: plain3 0.621 -> 0.755, precision
0.766 -> 0.849; heldout8 0.315 -> 0.345, 0.665 -> 0.701 (3e69cff -> a5417df). All five unread sets at a5417df
(310 conversations, 1,683 facts): recall 0.487, precision 0.736. On short plain sentences the stand-in finds three
quarters of the facts; on long chatty ones, a third. Two more, plain5 (60, 192 facts) and chat10 (48, 237), written
while the afternoon round of 7 Dec was built and scored once after its freeze (8700e4a -> 2d231c1): recall 0.745 ->
0.760 and 0.511 -> 0.515, precision 0.799 -> 0.816 and 0.691 -> 0.709; all seven unread sets (418 conversations,
2,112 facts) at 2d231c1: recall 0.548, precision 0.755, operations 0.979, noise 2.5 %. Round 7 (evening of 7 Dec) was
built from 90 new chat-register training conversations (learner_train7.jsonl, read) and the read sets; two more sets,
plain6 (60 conversations, 203 scored facts) and chat11 (48, 219), were written meanwhile by someone who never saw the
code and scored once after the freeze (8b489e5 -> 5365b66): recall 0.749 -> 0.764 and 0.347 -> 0.466, precision 0.809
-> 0.812 and 0.704 -> 0.781; the seven earlier unread sets 0.548 -> 0.567 (precision 0.755 -> 0.758). Both joined
learner_heldout.jsonl unread (526 conversations). On 7 Dec (night) all 526, scored and reported at 5365b66 (recall
0.574, precision 0.765), became development data (split old-heldout, learner_oldheldout.jsonl, 777 conversations) for
round 8. Round 8 was built from them by six builders on one loaded 2-core machine; two fresh sets written meanwhile by
someone who never saw the code, plain8 (60 conversations, 325 facts) and chat12 (48, 324), were scored once before
(10111fa) and after (e3bdc40) it: recall 0.566 -> 0.563 and 0.256 -> 0.287, precision 0.780 -> 0.779 and 0.800 ->
0.803. On 8 Dec they were read for round 9 (development data, learner_oldheldout.jsonl, 885 conversations); a
third writer's plain9 (60, 259 facts) and chat13 (48, 164), written meanwhile, scored 0.614 / 0.798 and 0.482 / 0.755
before and after round 9 (6c83b07 -> 0ddd293, agent rules only). They are learner_heldout.jsonl now, unread. Round 10
(8 Dec, 55341c0 -> 2e182c6: GeoNames towns, a home and a job said in passing, budgets, 226 more jobs) was built from
the old-heldout split (0.609 -> 0.629 there); sets written meanwhile by two writers who never saw the code, scored
before and after and never read: plain10 (60, 269 facts) 0.524 / 0.675 -> 0.528 / 0.680, chat14 (48, 189) 0.402 /
0.661 -> 0.413 / 0.655, plain11 (60, 263) 0.483 / 0.686 -> 0.487 / 0.684, chat15 (48, 193) 0.446 / 0.707 -> 0.456 /
0.712; plain9 0.614 -> 0.625, chat13 0.482 -> 0.488. All six are learner_heldout.jsonl now (324 conversations, 1,337
facts), unread: recall 0.507, precision 0.715.

The same call measures a live model: pass `model=Model()` with COURSE_BACKEND=replay (a recording) or openai.

    from course_lib.evaluation import labels, write_path_eval as wpe
    print(wpe.render(wpe.evaluate(labels.load("dev"))))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from course_lib.evaluation.labels import FIELDS, Conversation
from course_lib.evaluation.matching import CUES, fact_matches, head
from course_lib.long_term.write_path import Fact, extract_facts, gate, resolve, session_summary
from course_lib.model.lazy import get_model


@dataclass
class Scores:
    """The measurement of one part (a split, or a language or kind within it): counts, rates, every miss spelled out."""

    conversations: int = 0
    stated: int = 0
    found: int = 0
    slot_right: int = 0
    slot_only: int = 0  # stated facts not found, but a fact on the same kind of slot was stored from the turn
    extracted: int = 0
    extracted_right: int = 0
    noise_turns: int = 0
    noise_stored: int = 0
    ops: int = 0
    ops_right: int = 0
    unscored: int = 0  # held-out turns left out because the same words are in the training or dev corpus
    fields: dict[str, list[int]] = field(default_factory=lambda: {k: [0, 0] for k in FIELDS})  # right, total
    misses: list[str] = field(default_factory=list)  # stated facts not found
    false_facts: list[str] = field(default_factory=list)  # stored facts nobody stated
    wrong_ops: list[str] = field(default_factory=list)
    wrong_fields: list[str] = field(default_factory=list)
    by: dict[str, "Scores"] = field(default_factory=dict)  # 'lang:de', 'kind:correction' -> the same counts

    def parts(self, turn: dict[str, Any]) -> list["Scores"]:
        """This part and its per-language and per-kind parts for one labelled user turn."""
        keys = [f"{k}:{turn[k]}" for k in ("lang", "kind") if k in turn]
        return [self] + [self.by.setdefault(k, Scores()) for k in keys]

    def rates(self) -> dict[str, float]:
        """recall, precision, slot accuracy, noise_stored, op_accuracy, and summary accuracy per field and overall."""
        ratio = lambda a, b: a / b if b else float("nan")  # noqa: E731
        out = {"recall": ratio(self.found, self.stated), "slot_recall": ratio(self.found + self.slot_only, self.stated),
               "precision": ratio(self.extracted_right, self.extracted),
               "slot_accuracy": ratio(self.slot_right, self.found),
               "noise_stored": ratio(self.noise_stored, self.noise_turns), "op_accuracy": ratio(self.ops_right, self.ops)}
        for k, (right, total) in self.fields.items():
            out[f"summary_{k}"] = ratio(right, total)
        out["summary"] = ratio(sum(r for r, _ in self.fields.values()), sum(t for _, t in self.fields.values()))
        return out


def same_slot(fact: Fact, subject: str) -> bool:
    """Is the stored `fact` on the same kind of slot as the labelled `subject`? By the subject its extraction gave,
    else (a live model's free wording) by the slot's cue words in its text ('works as' for a job)."""
    if fact.subject:
        return head(fact.subject) == head(subject)
    return any(cue in fact.text.lower() for cue in CUES.get(head(subject), ()))


def turn_facts(conv: Conversation, model: Any, min_confidence: float) -> list[list[Fact]]:
    """For each user turn: the facts passing the gate that the turn added to what the conversation before it gave."""
    out, before, history = [], set(), []
    for m in conv.messages:
        history.append({"role": m["role"], "content": m["content"]})
        if m["role"] != "user":
            continue
        now = gate(extract_facts(history, model), min_confidence)
        out.append([f for f in now if f.text not in before])
        before |= {f.text for f in now}
    return out


def score_extraction(conv: Conversation, scores: Scores, model: Any, min_confidence: float,
                     seen: frozenset[str] = frozenset()) -> None:
    """Extract each user turn in its conversation, gate, and compare with the turn's labels (turns in `seen` are read
    as context but not scored)."""
    for turn, stored in zip(conv.user_turns(), turn_facts(conv, model, min_confidence)):
        if turn["content"].strip().lower() in seen:
            scores.unscored += 1
            continue
        stated, optional = turn.get("facts", []), turn.get("optional", [])
        hits = [next((t for t in stored if fact_matches(t, f["subject"], f["value"])), None) for f in stated]
        for part in scores.parts(turn):
            part.stated += len(stated)
            part.found += sum(h is not None for h in hits)
            part.slot_right += sum(h is not None and (h.subject or "").lower() == f["subject"].lower()
                                   for f, h in zip(stated, hits))
            part.slot_only += sum(h is None and any(same_slot(t, f["subject"]) for t in stored)
                                  for f, h in zip(stated, hits))
            part.misses += [f"{conv.id}: {f['text']!r} not found in {turn['content'][:70]!r}"
                            for f, h in zip(stated, hits) if h is None]
            for t in stored:
                if any(fact_matches(t, f["subject"], f["value"]) for f in optional):
                    continue
                part.extracted += 1
                if any(fact_matches(t, f["subject"], f["value"]) for f in stated):
                    part.extracted_right += 1
                else:
                    part.false_facts.append(f"{conv.id}: stored {t.text!r} from {turn['content'][:70]!r}")
            if not stated and not optional:
                part.noise_turns += 1
                part.noise_stored += bool(stored)


def score_operations(conv: Conversation, scores: Scores, model: Any, seen: frozenset[str] = frozenset()) -> None:
    """Resolve each labelled fact against the facts before it; then apply the expected op, right or wrong."""
    memory = {f"m{i}": text for i, text in enumerate(conv.before)}
    n = 0
    for turn in conv.user_turns():
        for fact in turn.get("facts", []):
            n += 1
            decision = resolve(fact["text"], list(memory.items()), model)
            target = next((i for i, t in memory.items() if t == fact.get("target")), None)
            right = decision.op == fact["op"] and (fact["op"] not in ("UPDATE", "DELETE") or decision.id == target)
            for part in ([] if turn["content"].strip().lower() in seen else scores.parts(turn)):
                part.ops += 1
                part.ops_right += right
                if not right:
                    part.wrong_ops.append(f"{conv.id}: {fact['text']!r} expected {fact['op']} {target or ''}, "
                                          f"got {decision.op} {decision.id or ''} ({decision.reason})")
            if fact["op"] in ("UPDATE", "DELETE"):
                memory.pop(target, None)
            if fact["op"] in ("ADD", "UPDATE"):
                memory[f"n{n}"] = fact["text"]


def score_summary(conv: Conversation, scores: Scores, model: Any) -> None:
    """Each field right when every key phrase is found, nothing is extra and nothing ruled out appears."""
    if conv.summary is None:
        return
    got = session_summary([{"role": m["role"], "content": m["content"]} for m in conv.messages], model)
    banned = [b.lower() for b in conv.summary.get("not", [])]
    optional = [f for t in conv.user_turns() for f in t.get("optional", [])]
    for k in FIELDS:
        keys = [x.lower() for x in conv.summary[k]]
        entries = [e.lower() for e in got[k]]
        missing = [x for x in keys if not any(x in e for e in entries)]
        extra = [e for e, raw in zip(entries, got[k]) if not any(x in e for x in keys)
                 and not any(fact_matches(raw, f["subject"], f["value"]) for f in optional)]
        ruled_out = [e for e in entries if any(b in e for b in banned)]
        scores.fields[k][1] += 1
        if missing or extra or ruled_out:
            scores.wrong_fields.append(f"{conv.id} {k}: missing {missing}, extra {extra}, ruled out {ruled_out}")
        else:
            scores.fields[k][0] += 1


def evaluate(conversations: Iterable[Conversation], model: Any = None, min_confidence: float = 0.8) -> dict[str, Scores]:
    """Scores per split over the labelled conversations, with `model` (default: the course Model)."""
    model = get_model(model)
    out: dict[str, Scores] = {}
    conversations = list(conversations)
    seen = seen_in_training() if any(c.split == "heldout" for c in conversations) else frozenset()
    for conv in conversations:
        scores = out.setdefault(conv.split, Scores())
        scores.conversations += 1
        held = seen if conv.split == "heldout" else frozenset()
        score_extraction(conv, scores, model, min_confidence, held)
        score_operations(conv, scores, model, held)
        score_summary(conv, scores, model)
    if not out:
        raise ValueError("no conversations to evaluate; pass labels.load() or labels.load('dev')")
    return out


def seen_in_training() -> frozenset[str]:
    """The user messages of the train and dev corpus, lower case: a held-out turn with the same words measures
    nothing new (some held-out lines repeat the sentences the course's issue quoted), so it is not scored."""
    from course_lib.evaluation import labels

    return frozenset(m["content"].strip().lower() for c in labels.load("train") + labels.load("dev")
                     for m in c.user_turns())


def render(results: dict[str, Scores], misses: bool = True, parts: bool = False) -> str:
    """A table of the rates per split; with `parts` one per language and kind; with `misses` every miss listed."""
    names = [n for n in next(iter(results.values())).rates() if not n.startswith("summary_")]
    lines = [f"{'':<22}" + "".join(f"{split:>12}" for split in results)]
    for name in names:
        lines.append(f"{name:<22}" + "".join(f"{s.rates()[name]:>12.3f}" for s in results.values()))
    lines.append(f"{'conversations':<22}" + "".join(f"{s.conversations:>12}" for s in results.values()))
    lines.append(f"{'facts stated/found':<22}" + "".join(f"{f'{s.stated}/{s.found}':>12}" for s in results.values()))
    if any(s.unscored for s in results.values()):
        lines.append(f"{'turns not scored':<22}" + "".join(f"{s.unscored:>12}" for s in results.values())
                     + "   (the same words are in the train or dev corpus)")
    if parts:
        for split, s in results.items():
            if not s.by:
                continue
            lines.append(f"\n[{split}] per language and kind: recall precision slots noise ops (facts, noise turns)")
            for key in sorted(s.by, key=lambda k: (k.split(':')[0] != 'lang', k)):
                r, p = s.by[key].rates(), s.by[key]
                lines.append(f"  {key:<20}" + "".join(f"{r[n]:>8.2f}" for n in ("recall", "precision", "slot_accuracy",
                                                                                   "noise_stored", "op_accuracy"))
                             + f"   ({p.stated}, {p.noise_turns})")
    if misses:
        for split, s in results.items():
            for title, items in (("missed facts", s.misses), ("stored but not stated", s.false_facts),
                                 ("wrong operations", s.wrong_ops), ("wrong summary fields", s.wrong_fields)):
                if items:
                    lines += [f"\n[{split}] {title} ({len(items)}):"] + [f"  - {x}" for x in items]
    return "\n".join(lines)

"""The offline model's memory rules: extract facts, rate importance, resolve conflicts, summarise, distill.

The reading is done by the language layer (course_lib/model/offline/lang: sentences, who, a trained sentence
classifier, slot readers); this module turns its readings into the JSON answers of the course's prompts. Facts
come only from USER turns and are written as atomic third-person sentences ("The user is vegetarian."). Conflicts
are resolved by what a fact is ABOUT (its slot: diet, allergy:peanuts, home city …, lang/read_facts.py).
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model import prompts, rx
from course_lib.model.offline.lang.corrections import looks_like_correction
from course_lib.model.offline.lang.importance import importance
from course_lib.model.offline.lang.lexicon import HEDGE
from course_lib.model.offline.lang.read_turns import read_turns
from course_lib.model.offline.lang.read_facts import WHEN_WORDS, about, content, covers, single, skeleton
from course_lib.model.offline.reply import Messages, Reply
from course_lib.model.offline.text import sentences
from course_lib.model.valid_time import said_when

__all__ = ["about", "facts_from", "importance", "resolve", "turns", "user_turns"]

ROLES = ("user", "human", "assistant", "ai", "system", "developer", "tool", "function")


def turns(conversation: str) -> list[tuple[str, str]]:
    """(role, line) for every line of a 'role: text' conversation.

    A line starting with a role ('assistant: …') opens a turn; any other line continues the turn above it,
    so a multi-line assistant or tool message never counts as the user's. Text before any role is the user's.
    """
    out, role = [], "user"
    for line in conversation.splitlines():
        head, sep, text = line.partition(":")
        if sep and head.lower() in ROLES:  # no leading space: an indented 'user:' is inside another message
            role = "user" if head.lower() in ("user", "human") else head.lower()
        else:
            text = line
        if text.strip():
            out.append((role, text.strip()))
    return out


def user_turns(conversation: str) -> list[str]:
    """The lines the user wrote in a 'role: text' conversation."""
    return [text for role, text in turns(conversation) if role == "user"]


def readings(conversation: str) -> list[Any]:
    """The language layer's reading of every sentence the user wrote, in order (corrections see what came before)."""
    return read_turns(tuple(user_turns(conversation)))  # each run of turns read once (lang/read_turns.py)


def facts_from(conversation: str) -> list[dict[str, Any]]:
    """Every fact the user stated, with a confidence: hedged statements get 0.5, plain ones 0.9.

    Each sentence is read by the language layer (lang/read.py): questions, small talk, instructions, secrets,
    deletion requests and other people's facts state nothing about the user; one sentence may state several facts.
    """
    facts: list[dict[str, Any]] = []
    for r in readings(conversation):
        for slot, value, text in r.kept:
            if text not in [f["text"] for f in facts]:  # + what it is about, and when it was true if the user said
                about = {} if slot == "retract" else {"subject": slot, "value": value}  # what the slot reader saw
                facts.append({"text": text, "confidence": r.confidence, **about, **said_when(r.sentence)})
    return facts


def not_understood(conversation: str) -> list[str]:
    """The user's statement-like sentences from which nothing could be read (the model says so)."""
    return [r.sentence for r in readings(conversation) if r.not_understood]


def retracted(value: str) -> tuple[str | None, str]:
    """For a retraction ('no longer vegetarian'): the (subject, value) of the fact it takes back."""
    for fact in (f"The user {value}.", f"The user is {value}.", f"The user prefers {value}.", f"The user has {value}."):
        subject, v = about(fact)
        if subject is not None:
            return subject, (v or "").lower()
    return None, value


NOT_AFTER_ALL = re.compile(r"\s+(?:after all|at all|any ?more)(?=\W*$)", re.I)
DOES_NOT = re.compile(r"^The user (?:does not|doesn'?t|is not|isn'?t) (?:(\w+) )?", re.I)
EATS_AGAIN = re.compile(r"^The user (?:now )?eats ([\w' -]+?)(?: again)?\W*$", re.I)


def taken_back(new_fact: str, existing: list[tuple[str, str]]) -> dict[str, Any] | None:
    """A DELETE for a fact worded as the opposite of a stored one: 'The user is not allergic to penicillin after all.',
    'The user does not dislike fennel.' (read as 'no longer …'), 'The user now eats pork.' after 'The user eats no
    pork.'; None when no stored fact is taken back (the fact is then resolved as it is: 'is not a morning person' ADDs)."""
    said = NOT_AFTER_ALL.sub("", new_fact.strip().rstrip("."))
    if (m := DOES_NOT.match(said)) and not rx.match(r"(?:no|a|an|the)\b", said[m.end():], re.I):
        verb = m.group(1) or ""
        head = "is" if rx.match(r"is", m.group(0)[9:], re.I) else ""
        said = f"The user {head or ''} no longer {verb + ('s' if verb and not head else '')} {said[m.end():]}".replace("  ", " ")
    if said != new_fact.strip().rstrip(".") and about(said + ".")[0] == "retract":
        decision = resolve(said + ".", existing)
        return decision if decision["op"] == "DELETE" else None
    if m := EATS_AGAIN.match(said):
        food = m.group(1).lower()
        for mid, text in existing:
            if rx.match(rf"^The user (?:eats no|does not eat|doesn'?t eat|avoids|never eats) {re.escape(food)}\W*$", text.strip(), re.I):
                return {"op": "DELETE", "id": mid, "reason": f"the user eats {food} again: {text}"}
    return None


def resolve(new_fact: str, existing: list[tuple[str, str]]) -> dict[str, Any]:
    """ADD / UPDATE / DELETE / NOOP for a new fact against (id, text) pairs, by subject and value."""
    if (back := taken_back(new_fact, existing)) is not None:
        return back
    subject, value = about(new_fact)
    norm = new_fact.strip().rstrip(".").lower()
    if subject == "retract":  # only the very value retracted: 'no longer vegan' leaves 'vegetarian' alone
        target = retracted(value or "")
        for mid, text in existing:
            s, v = about(text)
            if s is not None and ((s, (v or "").lower()) == target or (v or "").lower() == value
                                  or (s == target[0] and ":" in s)):  # a slot that names its value: hobby:tennis
                return {"op": "DELETE", "id": mid, "reason": f"the user retracted their {s}: {v}"}
        named = [(len(content(text) - content(value or "")), mid, text) for mid, text in existing if covers(value or "", text)]
        if named:  # 'no longer commutes by car' takes back 'commutes to work by car' (the closest such fact)
            _, mid, text = min(named)
            return {"op": "DELETE", "id": mid, "reason": f"the user took back what they said: {text}"}
        names = rx.findall(r"(?<!^)\b[A-ZÀ-Ý][\w'-]+", new_fact.strip())  # 'no longer has a dog called Filou'
        for mid, text in existing:
            if names and all(rx.search(rf"\b{re.escape(n)}\b", text) for n in names):
                return {"op": "DELETE", "id": mid, "reason": f"the user took back what they said of {' '.join(names)}"}
        return {"op": "NOOP", "id": None, "reason": f"nothing stored says the user is {value}"}
    for mid, text in existing:
        if text.strip().rstrip(".").lower() == norm:
            return {"op": "NOOP", "id": mid, "reason": "already known"}
        s, v = about(text)
        if subject is not None and s == subject:
            if (v or "").lower() == (value or "").lower():
                return {"op": "NOOP", "id": mid, "reason": f"same {subject}, same value"}
            if single(subject):
                return {"op": "UPDATE", "id": mid, "reason": f"new value for {subject}: {v} -> {value}"}
    for mid, text in existing:  # the same thing at another time: '… on Wednesday at 14:30' after '… on Tuesday at 14:30'
        if subject is None and skeleton(text) == skeleton(new_fact) and WHEN_WORDS.search(new_fact):
            return {"op": "UPDATE", "id": mid, "reason": f"the same, at another time: {text}"}
    if subject is not None and not single(subject):
        return {"op": "ADD", "id": None, "reason": f"{subject} holds several values: added next to the others"}
    return {"op": "ADD", "id": None, "reason": "new information" if subject else "no stored fact about this"}


def parse_existing(text: str) -> list[tuple[str, str]]:
    """'id: text' lines (or '- [id] text') -> (id, text) pairs."""
    out = []
    for line in text.splitlines():
        m = rx.match(r"^\s*-?\s*\[?([\w.-]+)\]?\s*[:)]\s*(.+)$", line)
        if m:
            out.append((m.group(1), m.group(2).strip()))
    return out


def answer(obj: dict[str, Any]) -> Reply:
    """A JSON reply."""
    return Reply(content=json.dumps(obj, ensure_ascii=False))


def extract_facts_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Atomic third-person facts from the user's turns."""
    conversation = prompts.EXTRACT_FACTS.parse(messages)["conversation"]
    out: dict[str, Any] = {"facts": facts_from(conversation)}
    missed = not_understood(conversation)
    if missed:
        out["not_understood"] = missed  # statements the stand-in could not read: said, not guessed
        placed = [s for s in missed if looks_like_correction(s)]
        if placed:
            out["needs_context"] = placed  # a value with no slot ('no wait, 45'): it corrects what was said before
    return answer(out)


def rate_importance_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Importance by keyword class."""
    value, reason = importance(prompts.RATE_IMPORTANCE.parse(messages)["memory"])
    return answer({"importance": value, "reason": reason})


def resolve_conflict_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """ADD / UPDATE / DELETE / NOOP by matching subjects."""
    fields = prompts.RESOLVE_CONFLICT.parse(messages)
    return answer(resolve(fields["new_fact"], parse_existing(fields["existing"])))


DECISION_WORDS = re.compile(  # the user settles something, per language (questions never count)
    r"\b(?:let'?s (?:book|go with|go for|take|do|pick|choose|get|stick with|reserve)|let us (?:book|go with|take)|"
    r"(?<![?] )\b(?-i:[A-Z][\w'’-]*(?: (?:do|da|de|du|la|le|y|e|&|[A-Z][\w'’-]*))*) it is\b|final answer|"
    r"(?:i|we)(?:'ll| will) go (?:with|for)|(?:i|we)(?:'re| are) booking|(?:i|we)(?:'ve| have)? opted for|"
    r"(?:i|we)(?:'re| are) going for|on part sur|on opte pour|nous optons pour|optamos por|optiamo per|"
    r"wir nehmen|wir gehen mit|"
    r"moved the (?:booking|table|reservation)|(?:i|we)(?:'ve| have)? (?:booked|reserved|chosen|picked|settled on)|^(?:booked|reserved)\b|"
    r"(?:i|we)(?:'ve| have)? (?:decided|agreed) (?:on|to)|(?:i|we)(?:'ve| have)? (?:decided|agreed)\b|(?:i|we) (?:chose|picked|went with|settled on)|"
    r"i'?d like to (?:go|visit|book|see)|(?:i|we)'?ll (?:take|go with|book|reserve|have|do)|(?:i|we)(?:'re| are) going with|"
    r"(?:it'?s|that'?s) (?:decided|settled)|book it\b|(?:that one|the first one|the second one) (?:it is|please)|"
    r"wir (?:nehmen|buchen|reservieren|haben (?:uns )?(?:für|gebucht|entschieden|reserviert))|ich (?:nehme|buche|habe (?:gebucht|reserviert))|"
    r"(?:wir )?(?:entscheiden uns|haben uns entschieden) für|lass(?:t)? uns .+ (?:nehmen|buchen)|"
    r"on (?:prend|réserve|a (?:choisi|réservé|décidé|pris))|nous (?:prenons|réservons|avons (?:choisi|réservé|décidé|pris))|je (?:prends|réserve|choisis)|"
    r"j'ai (?:choisi|réservé|décidé|pris)|va pour|allons-y pour|"
    r"nos quedamos con|nos (?:vamos|decidimos) por|(?:hemos|he) (?:decidido|reservado|elegido)|reservamos|vamos con|me quedo con|decidimos|"
    r"ficamos com|vamos ficar com|(?:decidimos|escolhemos|reservamos)|vou ficar com|fico com|"
    r"prendiamo|prenoto|prenotiamo|abbiamo (?:deciso|scelto|prenotato)|ho (?:deciso|scelto|prenotato)|andiamo con)", re.I)
UNDECIDED = re.compile(r"\b(?:haven'?t|have not|hasn'?t|not yet|yet to|noch nicht|pas encore|todav[íi]a no|a[úu]n no|ainda n[ãa]o|non ancora)\b", re.I)
OPEN_WORDS = re.compile(r"\b(?:remind me to|i (?:still |also )?(?:need|have) to|i still have to|not sure (?:yet )?(?:whether|if|which|what)|"
                        r"(?:haven'?t|have not) (?:decided|figured out)|need to figure out)\b", re.I)
PREFERENCE_SUBJECTS = ("diet", "preference", "allergy", "intolerance", "condition", "mobility", "budget")  # and constraints


POSSESSIVE_NAME = re.compile(r"\b(called|named|is) ([A-ZÀ-Ý][\w-]*)['’]s\.$")  # "my sister Clara's birthday"
BARE_I_AM = re.compile(r"^(?:i'm|i am)\s+([A-ZÀ-Ý][\w-]*)[\s.!]*$", re.I)


def session_facts(transcript: str) -> list[str]:
    """The facts a session leaves standing: sure ones only, each later statement replacing one on its subject.

    Two readings are not trusted here: a name the user only said as "I'm Batman." (a message with nothing else:
    as often a joke as an introduction), and a possessive taken as a name ("Clara's birthday" names Clara)."""
    unsure = {m.group(1) for role, line in turns(transcript) if role == "user" for m in [BARE_I_AM.match(line.strip())]
              if m}
    kept: list[str] = []
    for fact in (POSSESSIVE_NAME.sub(r"\1 \2.", f["text"]) for f in facts_from(transcript) if f["confidence"] >= 0.8):
        if any(fact == f"The user's name is {u}." for u in unsure):
            continue
        decision = resolve(fact, list(enumerate(kept)))
        if decision["op"] in ("UPDATE", "DELETE"):
            kept.pop(decision["id"])
        if decision["op"] in ("ADD", "UPDATE") or about(fact)[0] == "retract":
            kept.append(fact)  # a retraction of nothing said this session is still news
    return kept


def session_summary_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Decisions (bookings, 'let's …'), preferences and facts (extracted, latest value), open questions.

    Only the user's lines count: the assistant's advice is neither a decision nor a fact. An open question is
    a task the user leaves ('remind me to …', 'I still need to …') or a question nobody answered yet.
    """
    transcript = prompts.SESSION_SUMMARY.parse(messages)["transcript"]
    facts = session_facts(transcript)
    kind = {f: (about(f)[0] or "").split(":")[0] for f in facts}
    retracted_diet = {f for f in facts if kind[f] == "retract" and (retracted(about(f)[1] or "")[0] or "") in PREFERENCE_SUBJECTS}
    lines = turns(transcript)
    said = [s for role, line in lines if role == "user" for s in sentences(line)]
    decisions = [s for s in said if DECISION_WORDS.search(s) and not s.endswith("?") and not HEDGE.search(s)
                 and not UNDECIDED.search(s)]
    last_user = [line for role, line in lines[-1:] if role == "user"]  # nobody has answered it yet
    questions = [s for s in said if OPEN_WORDS.search(s)]
    questions += [s for line in last_user for s in sentences(line) if s.endswith("?") and s not in questions]
    return answer({"decisions": decisions[:5],
                   "preferences": [f for f in facts if kind[f] in PREFERENCE_SUBJECTS or f in retracted_diet],
                   "facts_learned": [f for f in facts if kind[f] not in (*PREFERENCE_SUBJECTS, "booking", "plan")
                                     and f not in retracted_diet],
                   "open_questions": questions[-5:]})


def distill_episode_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Lessons from a log: failed tool calls, side effects already done, and the outcome."""
    lessons = []
    for line in prompts.DISTILL_EPISODE.parse(messages)["events"].splitlines():
        m = rx.match(r"^\[(\w+)\]\s*(\{.*\})\s*$", line.strip())
        if not m:
            continue
        kind, data = m.group(1), json.loads(m.group(2))
        if kind == "task":
            continue
        if kind == "tool_call":
            result = json.dumps(data.get("result", ""), ensure_ascii=False)
            args = json.dumps(data.get("args", {}), sort_keys=True, ensure_ascii=False)
            if "error" in result.lower():
                lessons.append(f"{data.get('tool')} failed with {args}: {result[:80]}. Check the arguments first.")
            elif str(data.get("tool", "")).startswith(("book", "send", "pay", "create")):
                lessons.append(f"{data.get('tool')} already done with {args}; do not repeat it.")
        elif kind == "outcome":
            said = next((data[k] for k in ("outcome", "result", "text", "summary") if data.get(k)), None)
            if said is None:  # no known key: list the fields rather than a dict's repr
                said = "; ".join(f"{k}={v}" for k, v in sorted(data.items()) if k not in ("ts", "session", "type"))
            lessons.append(f"Outcome: {str(said).rstrip('.')}.")
    return answer({"lessons": lessons[:5]})

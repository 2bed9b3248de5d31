"""The offline model's memory rules: extract facts, rate importance, resolve conflicts, summarise, distill.

Readable on purpose: each task is a handful of patterns. Facts come only from USER turns and are
written as atomic third-person sentences ("The user is vegetarian."). Conflicts are resolved by what
a fact is ABOUT: its subject key (diet, home city, budget, name …) and its value.
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model import prompts
from course_lib.model.offline.reply import Messages, Reply
from course_lib.model.offline.text import CLAUSE_BREAKS, sentences

DIETS = ("vegetarian", "vegan", "pescatarian", "gluten-free", "lactose intolerant", "halal", "kosher")
HEDGES = re.compile(r"\b(maybe|perhaps|i think|i guess|probably|might|not sure|possibly|kind of)\b", re.I)
NAME = r"([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)"
PLACE = r"([A-Z][\w'-]+(?:[ -][A-Z][\w'-]+)*)"
MONEY = r"(\d+(?:[.,]\d+)?)\s*(eur|euros?|€|usd|dollars?|\$|gbp|pounds?)"
RELATIVES = "sister|brother|partner|cousin|wife|husband|mother|father|son|daughter"
PETS = "dog|cat|parrot|tortoise|rabbit|hamster"
CURRENCY = {"eur": "EUR", "euro": "EUR", "euros": "EUR", "€": "EUR", "usd": "USD", "dollar": "USD",
            "dollars": "USD", "$": "USD", "gbp": "GBP", "pound": "GBP", "pounds": "GBP"}

# What a user says -> (subject, value, the fact as a third-person sentence). First match per sentence wins.
USER_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"\b(?:i'?m|i am) no longer (?:an? )?([\w -]+?)\b(?:now|anymore|any more)?[.!]?$", re.I),
     lambda m: ("retract", m.group(1).strip(), f"The user is no longer {m.group(1).strip()}.")),
    (re.compile(r"\bforget (?:that )?(?:i'?m|i am) (?:an? )?([\w -]+?)[.!]?$", re.I),
     lambda m: ("retract", m.group(1).strip(), f"The user is no longer {m.group(1).strip()}.")),
    (re.compile(r"\b(?i:my name is) " + NAME), lambda m: ("name", m.group(1), f"The user's name is {m.group(1)}.")),
    (re.compile(r"\b(?i:call me) " + NAME), lambda m: ("name", m.group(1), f"The user's name is {m.group(1)}.")),
    (re.compile(r"\b(?:i'?m|i am) allergic to ([\w -]+?)[.!,]?$", re.I),
     lambda m: (f"allergy:{m.group(1).lower()}", m.group(1).lower(), f"The user is allergic to {m.group(1).lower()}.")),
    (re.compile(r"\b(?:i'?m|i am|i eat|i'?ve gone|i went) (?:now )?(?:an? |strictly )?(" + "|".join(DIETS) + r")\b",
                re.I), lambda m: ("diet", m.group(1).lower(), f"The user is {m.group(1).lower()}.")),
    (re.compile(r"\bi (?:don'?t|do not|never) eat meat\b", re.I),
     lambda m: ("diet", "vegetarian", "The user is vegetarian.")),
    (re.compile(r"\b(?:my budget is|budget of|i can spend(?: up to)?|no more than)\s*(?:about |around )?" + MONEY,
                re.I), lambda m: ("budget", money(m), f"The user's budget is {money(m)}.")),
    (re.compile(r"\b(?i:i live in|i moved to|i'?ve moved to|i'?m based in|i am based in|i now live in) " + PLACE),
     lambda m: ("home city", m.group(1), f"The user lives in {m.group(1)}.")),
    (re.compile(r"\b(?:my time ?zone is|i'?m in the|i am in the) ([\w/+:-]+)(?: time ?zone)?", re.I),
     lambda m: ("timezone", m.group(1), f"The user's time zone is {m.group(1)}.")),
    # More ways people say the same things (names, moves, budgets, allergies, jobs, relatives, pets, flights)
    (re.compile(r"^(?i:hi|hello|hey)[,!]? (?i:i'?m|i am|this is) " + NAME + r"[.!,]"),
     lambda m: ("name", m.group(1), f"The user's name is {m.group(1)}.")),
    (re.compile(r"^" + NAME + r" here\b|\b(?i:intro|introduction): " + NAME + r"\b"),
     lambda m: ("name", m.group(1) or m.group(2), f"The user's name is {m.group(1) or m.group(2)}.")),
    (re.compile(r"\b(?:i follow an?|treat me as|i'?ve gone|i have gone|has to be|have to be)\s+(?:fully |strictly |completely )?("
                + "|".join(DIETS) + r")\b|(?:^|: )(" + "|".join(DIETS) + r") from (?:now|today|this month)", re.I),
     lambda m: ("diet", (m.group(1) or m.group(2)).lower(), f"The user is {(m.group(1) or m.group(2)).lower()}.")),
    (re.compile(r"\b(?i:home(?: for me)? is|i relocated to|we(?:'ve)? (?:now )?(?:live in|moved to)|i'?ve lived in|"
                r"(?:i|we)(?: have|'ve)? got a (?:small |little )?(?:flat|house|apartment|place) in) " + PLACE),
     lambda m: ("home city", m.group(1), f"The user lives in {m.group(1)}.")),
    (re.compile(r"^(?=.*\b(?:budget|limit|cap|spend|a head|per person|each|max)\b).*?(?:€\s?(\d+)|(\d+)\s*(?:eur|euros?)\b)",
                re.I), lambda m: ("budget", f"{m.group(1) or m.group(2)} EUR", f"The user's budget is {m.group(1) or m.group(2)} EUR.")),
    (re.compile(r"\b(?:careful with|no) ([\w -]+?), i (?:react badly|have an allergy|'?m allergic)|^([\w -]+?) gives? me hives",
                re.I), lambda m: (f"allergy:{(m.group(1) or m.group(2)).lower()}", (m.group(1) or m.group(2)).lower(),
                                  f"The user is allergic to {(m.group(1) or m.group(2)).lower()}.")),
    (re.compile(r"\bi (?:work as|'?m|am) an? ([a-z-]+)(?: by (?:trade|profession))?[.!,]$|\bbeing an? ([a-z-]+) (?:is|in)\b|"
                r"\bmy job\?? i'?m an? ([a-z-]+)\b", re.I),
     lambda m: ("job", (m.group(1) or m.group(2) or m.group(3)).lower(),
                f"The user works as {a_or_an((m.group(1) or m.group(2) or m.group(3)).lower())}.")),
    (re.compile(r"\b(?i:my) (" + RELATIVES + r")(?: is called| is named|,)? " + NAME + r"|^" + NAME + r", (?i:my) (" + RELATIVES + r")\b"),
     lambda m: (f"relative:{m.group(1) or m.group(4)}", m.group(2) or m.group(3),
                f"The user's {m.group(1) or m.group(4)} is called {m.group(2) or m.group(3)}.")),
    (re.compile(r"\b(?i:my|our) (" + PETS + r")(?: is called| is named)? " + NAME + r"|" + NAME + r",? (?i:my|our|the) (" + PETS + r")\b"),
     lambda m: (f"pet:{m.group(1) or m.group(4)}", m.group(2) or m.group(3),
                f"The user's {m.group(1) or m.group(4)} is called {m.group(2) or m.group(3)}.")),
    (re.compile(r"\b([A-Z]{2} ?\d{3,4})\b"), lambda m: (f"flight:{m.group(1)}", m.group(1), f"The user's flight is {m.group(1)}.")),
    (re.compile(r"\bi (?:prefer|always want|really like|like|love) ([\w ,'-]+?)[.!]?$", re.I),
     lambda m: (f"preference:{m.group(1).lower()}", m.group(1).lower(), f"The user prefers {m.group(1).lower()}.")),
]

# A third-person fact -> (subject, value). Used to see what stored facts are about.
FACT_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"^(?:the )?user is no longer (?:an? )?(.+?)\.?$", re.I), lambda m: ("retract", m.group(1).lower())),
    (re.compile(r"^(?:the )?user'?s name is (.+?)\.?$", re.I), lambda m: ("name", m.group(1))),
    (re.compile(r"^(?:the )?user is allergic to (.+?)\.?$", re.I),
     lambda m: (f"allergy:{m.group(1).lower()}", m.group(1).lower())),
    (re.compile(r"^(?:the )?user is (?:an? )?(" + "|".join(DIETS) + r")\b", re.I), lambda m: ("diet", m.group(1).lower())),
    (re.compile(r"^(?:the )?user'?s budget is (.+?)\.?$", re.I), lambda m: ("budget", m.group(1))),
    (re.compile(r"^(?:the )?user (?:lives|now lives|moved) (?:in|to) (.+?)\.?$", re.I), lambda m: ("home city", m.group(1))),
    (re.compile(r"^(?:the )?user'?s time ?zone is (.+?)\.?$", re.I), lambda m: ("timezone", m.group(1))),
    (re.compile(r"^(?:the )?user works as an? (.+?)\.?$", re.I), lambda m: ("job", m.group(1).lower())),
    (re.compile(r"^(?:the )?user'?s (" + RELATIVES + r") is called (.+?)\.?$", re.I), lambda m: (f"relative:{m.group(1).lower()}", m.group(2))),
    (re.compile(r"^(?:the )?user'?s (" + PETS + r") is called (.+?)\.?$", re.I), lambda m: (f"pet:{m.group(1).lower()}", m.group(2))),
    (re.compile(r"^(?:the )?user'?s flight is (.+?)\.?$", re.I), lambda m: (f"flight:{m.group(1)}", m.group(1))),
    (re.compile(r"^(?:the )?user prefers (.+?)\.?$", re.I),
     lambda m: (f"preference:{m.group(1).lower()}", m.group(1).lower())),
]

IMPORTANCE_CLASSES: list[tuple[float, tuple[str, ...]]] = [
    (0.95, ("allerg",)),
    (0.9, ("vegetarian", "vegan", "pescatarian", "gluten", "halal", "kosher", "name is", "budget")),
    (0.7, ("lives in", "moved to", "time zone", "timezone", "prefers", "flight", "booked", "booking")),
    (0.1, ("weather", "hello", "thanks", "thank you", "small talk", "how are you")),
]


def a_or_an(noun: str) -> str:
    """'an archivist', 'a luthier'."""
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def money(m: re.Match[str]) -> str:
    """'40 EUR' from a MONEY match."""
    return f"{m.group(1).replace(',', '.')} {CURRENCY.get(m.group(2).lower(), m.group(2).upper())}"


ROLES = ("user", "human", "assistant", "ai", "system", "developer", "tool", "function")


def user_turns(conversation: str) -> list[str]:
    """The lines the user wrote in a 'role: text' conversation.

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
        if role == "user" and text.strip():
            out.append(text.strip())
    return out


def facts_from(conversation: str) -> list[dict[str, Any]]:
    """Every fact the user stated, with a confidence: hedged statements get 0.5, plain ones 0.9."""
    facts: list[dict[str, Any]] = []
    for turn in user_turns(conversation):
        for sentence in sentences(turn, CLAUSE_BREAKS):
            if sentence.endswith("?"):
                continue  # a question is not a statement
            for pattern, make in USER_PATTERNS:
                m = pattern.search(sentence)
                if m:
                    subject, value, text = make(m)
                    confidence = 0.5 if HEDGES.search(sentence) else 0.9
                    if text not in [f["text"] for f in facts]:
                        facts.append({"text": text, "confidence": confidence})
                    break
    return facts


def about(fact: str) -> tuple[str | None, str | None]:
    """(subject, value) of a third-person fact, or (None, None) if no pattern knows it."""
    fact = fact.strip()
    for pattern, read in FACT_PATTERNS:
        m = pattern.search(fact)
        if m:
            subject, value = read(m)
            return subject, value.strip()
    return None, None


def retracted(value: str) -> tuple[str | None, str]:
    """For a retraction ('no longer vegetarian'): the (subject, value) of the fact it takes back."""
    for fact in (f"The user is {value}.", f"The user prefers {value}."):
        subject, v = about(fact)
        if subject is not None:
            return subject, (v or "").lower()
    return None, value


def resolve(new_fact: str, existing: list[tuple[str, str]]) -> dict[str, Any]:
    """ADD / UPDATE / DELETE / NOOP for a new fact against (id, text) pairs, by subject and value."""
    subject, value = about(new_fact)
    norm = new_fact.strip().rstrip(".").lower()
    if subject == "retract":  # only the very value retracted: 'no longer vegan' leaves 'vegetarian' alone
        target = retracted(value or "")
        for mid, text in existing:
            s, v = about(text)
            if s is not None and ((s, (v or "").lower()) == target or (v or "").lower() == value):
                return {"op": "DELETE", "id": mid, "reason": f"the user retracted their {s}: {v}"}
        return {"op": "NOOP", "id": None, "reason": f"nothing stored says the user is {value}"}
    for mid, text in existing:
        if text.strip().rstrip(".").lower() == norm:
            return {"op": "NOOP", "id": mid, "reason": "already known"}
        s, v = about(text)
        if subject is not None and s == subject:
            if (v or "").lower() == (value or "").lower():
                return {"op": "NOOP", "id": mid, "reason": f"same {subject}, same value"}
            return {"op": "UPDATE", "id": mid, "reason": f"new value for {subject}: {v} -> {value}"}
    return {"op": "ADD", "id": None, "reason": "new information" if subject else "no stored fact about this"}


def importance(memory: str) -> tuple[float, str]:
    """Importance from keyword classes: constraints and identity high, small talk low."""
    low = memory.lower()
    for value, words in IMPORTANCE_CLASSES:
        hit = next((w for w in words if w in low), None)
        if hit:
            return value, f"mentions '{hit}'"
    return 0.4, "no keyword class matched"


def parse_existing(text: str) -> list[tuple[str, str]]:
    """'id: text' lines (or '- [id] text') -> (id, text) pairs."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^\s*-?\s*\[?([\w.-]+)\]?\s*[:)]\s*(.+)$", line)
        if m:
            out.append((m.group(1), m.group(2).strip()))
    return out


def answer(obj: dict[str, Any]) -> Reply:
    """A JSON reply."""
    return Reply(content=json.dumps(obj, ensure_ascii=False))


def extract_facts_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Atomic third-person facts from the user's turns."""
    conversation = prompts.EXTRACT_FACTS.parse(messages)["conversation"]
    return answer({"facts": facts_from(conversation)})


def rate_importance_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Importance by keyword class."""
    value, reason = importance(prompts.RATE_IMPORTANCE.parse(messages)["memory"])
    return answer({"importance": value, "reason": reason})


def resolve_conflict_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """ADD / UPDATE / DELETE / NOOP by matching subjects."""
    fields = prompts.RESOLVE_CONFLICT.parse(messages)
    return answer(resolve(fields["new_fact"], parse_existing(fields["existing"])))


DECISION_WORDS = re.compile(r"\b(let'?s|we'?ll|i'?ll take|decided|go with|book(?:ed)?|confirm(?:ed)?)\b", re.I)


def session_summary_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Four lists: decisions (decision words), preferences and facts (extracted), open questions (unanswered '?')."""
    transcript = prompts.SESSION_SUMMARY.parse(messages)["transcript"]
    facts = [f["text"] for f in facts_from(transcript) if f["confidence"] >= 0.8]
    preferences = [f for f in facts if about(f)[0] and about(f)[0].split(":")[0] in ("diet", "preference", "allergy",
                                                                                        "budget")]
    lines = [line.partition(":")[2].strip() or line.strip() for line in transcript.splitlines() if line.strip()]
    decisions = [s for line in lines for s in sentences(line, CLAUSE_BREAKS) if DECISION_WORDS.search(s) and not s.endswith("?")]
    questions = [s for s in sentences(" ".join(user_turns(transcript)), CLAUSE_BREAKS) if s.endswith("?")]
    return answer({"decisions": decisions[:5], "preferences": preferences,
                   "facts_learned": [f for f in facts if f not in preferences], "open_questions": questions[-3:]})


def distill_episode_rule(messages: Messages, body: dict[str, Any]) -> Reply:
    """Lessons from a log: failed tool calls, side effects already done, and the outcome."""
    lessons = []
    for line in prompts.DISTILL_EPISODE.parse(messages)["events"].splitlines():
        m = re.match(r"^\[(\w+)\]\s*(\{.*\})\s*$", line.strip())
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

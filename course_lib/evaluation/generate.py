"""A seeded generator of multi-user, multi-session conversations with questions whose answers are known.

Each user states facts over several sessions, in wording drawn at random from several phrasings per fact
(course_lib/data/benchmark/phrases.json), among small talk, tool calls with long outputs and facts about other
people. Some facts change later (a new diet, a move, a new budget). After the last session come questions:

    single      one stated fact                       "Is there anything I'm allergic to?"
    changed     a fact that was corrected             "Which city do I live in?"  (the old city must stay out)
    two_facts   two facts from different sessions     "Book a dinner for me and my sister: ..."
    temporal    what was said in last week's session  "Which flight did I mention last week?"
    irrelevant  nothing stored helps                  "How long should I boil an egg?"

Every value a question needs comes with a pattern that finds it in a prompt (did the evidence, or a superseded
value, reach it?), and every answerable question with a `Task`: what a correct reply contains, or the tool call
it leads to. Two wordings (`mode`): "course" (phrases.json, which the offline extractor was developed against)
and "fresh" (phrases_fresh.json: values, statements and questions written for the capstone without looking at
the extractor), to measure on text nobody tuned for. Same seed and mode, same benchmark.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any

from course_lib.agent.tools import DIETS
from course_lib.model.clock import COURSE_START

DATA = Path(__file__).resolve().parents[1] / "data" / "benchmark"
MODES = {"course": DATA / "phrases.json", "fresh": DATA / "phrases_fresh.json"}
SIZES = {"tiny": (2, 4), "classroom": (6, 5), "standard": (12, 6), "large": (100, 10)}  # users, sessions each
KINDS = ("single", "changed", "two_facts", "temporal", "irrelevant")
Message = dict[str, Any]


@dataclass(frozen=True)
class Session:
    """One conversation of one user, at one time."""

    user: str
    index: int
    when: datetime
    messages: tuple[Message, ...]


@dataclass(frozen=True)
class Task:
    """What a finished task looks like, checked offline by tasks.done: a "reply" (its text and call arguments) or a
    "call" of `tool` (its arguments) that matches every pattern in `must` and none in `must_not`."""

    kind: str  # "reply" or "call"
    must: tuple[str, ...] = ()
    must_not: tuple[str, ...] = ()
    tool: str = ""


@dataclass(frozen=True)
class Question:
    """A question with the values its answer needs (regex patterns) and the superseded ones that must not appear."""

    user: str
    kind: str
    text: str
    needs: tuple[str, ...]  # patterns, each must match the assembled prompt
    stale: tuple[str, ...] = ()  # patterns of superseded values
    about: tuple[str, ...] = ()  # fact kinds involved, for reports
    task: Task | None = None  # what "done" means for this question (see Task)


@dataclass
class Benchmark:
    """Sessions in time order (all users interleaved) and the questions asked after them."""

    seed: int
    size: str
    sessions: list[Session]
    questions: list[Question]
    asked_at: datetime
    facts: dict[str, dict[str, Any]] = field(default_factory=dict)  # user -> kind -> value (current)
    mode: str = "course"

    def users(self) -> list[str]:
        return sorted({s.user for s in self.sessions})

    def describe(self) -> str:
        n_msg = sum(len(s.messages) for s in self.sessions)
        kinds = {k: sum(q.kind == k for q in self.questions) for k in KINDS}
        return (f"{len(self.users())} users, {len(self.sessions)} sessions, {n_msg} messages, "
                f"{len(self.questions)} questions ({', '.join(f'{v} {k}' for k, v in kinds.items())})")


@lru_cache(maxsize=len(MODES))
def phrases(mode: str = "course") -> dict[str, Any]:
    """The wording file of `mode` ('course' or 'fresh'), loaded once."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    return json.loads(MODES[mode].read_text(encoding="utf-8"))


def pattern(value: str) -> str:
    """A regex that finds `value` as a whole word or number (a budget of 45 is not 45.50 or 145)."""
    if value.isdigit():
        return rf"(?<![\d.,]){value}(?![\d.,])"
    return rf"(?i)(?<![\w-]){re.escape(value)}(?![\w-])"


def user(text: str) -> Message:
    return {"role": "user", "content": text}


def assistant(text: str) -> Message:
    return {"role": "assistant", "content": text}


def tool_exchange(rng: random.Random, call_id: str, paragraphs: int, mode: str = "course") -> list[Message]:
    """A search the assistant runs, with a long listing that names no user fact (no diets, cities or budgets)."""
    w = phrases(mode)["tool_words"]
    lines = []
    for i in range(paragraphs):
        price = f"{rng.randint(11, 39)}.{rng.choice(['00', '50', '80', '20'])}"
        lines.append(f"{i + 1}. {rng.choice(w['names'])} ({rng.choice(w['areas'])}): known for "
                     "{} and {}".format(*rng.sample(w["dishes"], 2)) + f"; average main {price}; "
                     f"{rng.choice(w['notes'])}; rated {rng.randint(36, 49) / 10:.1f} by "
                     f"{rng.randint(120, 2400)} reviewers; open until {rng.choice(['22:00', '23:00', '23:30'])}.")
    call = {"id": call_id, "type": "function",
            "function": {"name": "search_restaurants", "arguments": json.dumps({"query": "dinner"})}}
    return [{"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": call_id, "content": "\n".join(lines)},
            assistant("I found a few options; here are the ones with free tables.")]


def _fill(template: str, **values: str) -> str:
    return upper_first(template.format(**values))


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


class _User:
    """Draws one user's facts and the statements that carry them, then places them into sessions."""

    def __init__(self, rng: random.Random, uid: str, name: str, others: list[str], mode: str = "course") -> None:
        p = phrases(mode)["kinds"]
        self.rng, self.uid, self.name, self.mode = rng, uid, name, mode
        pick = rng.sample
        diets = pick(p["diet"]["values"], 3)
        cities = pick(p["city"]["values"], 5)
        budgets = pick(p["budget"]["values"], 2)
        self.values: dict[str, Any] = {
            "name": name, "diet": diets[:2], "city": cities[:2], "budget": budgets,
            "allergy": rng.choice(p["allergy"]["values"]),
            "relative": matched(p["relative"], rng.choice(p["relative"]["relations"]),
                                rng.choice(p["relative"]["values"])),
            "pet": (rng.choice(p["pet"]["relations"]), rng.choice(p["pet"]["values"])),
            "job": rng.choice(p["job"]["values"]),
            "flights": [f"{rng.choice(['TP', 'LH', 'KL', 'SK', 'OS', 'IB'])}{rng.randint(1000, 9899)}" for _ in range(2)],
            "trip_cities": cities[3:5],
        }
        self.other = {"diet": (rng.choice(others), diets[2]), "city": (rng.choice(others), cities[2])}

    def say(self, kind: str, key: str = "state", v: str | None = None, **extra: str) -> str:
        return _fill(self.rng.choice(phrases(self.mode)["kinds"][kind][key]), v=v or "", **extra)

    def statements(self) -> dict[str, list[tuple[str, str]]]:
        """Statement texts by slot: 'early' ones (first stated), 'late' ones (corrections), 'last_week', 'old_trip'."""
        v, say = self.values, self.say
        early = [("name", say("name", v=v["name"])),
                 ("diet", say("diet", v=v["diet"][0])),
                 ("city", say("city", v=v["city"][0])),
                 ("budget", say("budget", v=v["budget"][0])),
                 ("allergy", upper_first(say("allergy", v=v["allergy"]))),
                 ("relative", say("relative", v=v["relative"][1], rel=v["relative"][0])),
                 ("pet", say("pet", v=v["pet"][1], rel=v["pet"][0])),
                 ("job", say("job", v=v["job"])),
                 ("other", say("diet", "other", v=self.other["diet"][1], n=self.other["diet"][0])),
                 ("other", say("city", "other", v=self.other["city"][1], n=self.other["city"][0]))]
        late = [(k, say(k, "correct", v=v[k][1])) for k in ("diet", "city", "budget")]
        return {"early": early, "late": late,
                "old_trip": [("flight", say("flight", v=v["flights"][0], city=v["trip_cities"][0]))],
                "last_week": [("flight", say("flight", v=v["flights"][1], city=v["trip_cities"][1]))]}


def matched(relative: dict[str, Any], relation: str, name: str) -> tuple[str, str]:
    """(relation, name) with a gendered relation turned to fit the name ("sister" Radomir becomes "brother")."""
    swap, female = relative.get("swap", {}), set(relative.get("female", ()))
    if relation in swap and (relation in relative.get("female_relations", ())) != (name in female):
        relation = swap[relation]
    return relation, name


def _session_days(n: int) -> list[float]:
    """Session times in days before the questions: spread over five weeks, the last ones in the final week."""
    if n < 3:
        raise ValueError(f"each user needs at least 3 sessions, got {n}")
    return [35 - 28 * i / (n - 2) for i in range(n - 1)] + [5.0]  # ... 7 days, then one 5 days before


def _sessions_for(rng: random.Random, u: _User, n: int, asked_at: datetime, call_seq: list[int]) -> list[Session]:
    p = phrases(u.mode)
    st = u.statements()
    early, late = list(st["early"]), list(st["late"])
    rng.shuffle(early)
    slots: list[list[tuple[str, str]]] = [[] for _ in range(n)]
    slots[0].append(early.pop(next(i for i, (k, _) in enumerate(early) if k == "name")))
    for i, item in enumerate(early):  # first statements go into the first half ...
        slots[i % max(1, (n - 1) // 2)].append(item)
    for item in late:  # ... corrections into the second half (never the last-week session)
        slots[rng.randint(max(1, (n - 1) // 2), n - 2)].append(item)
    slots[0 if n < 4 else 1].extend(st["old_trip"])
    slots[n - 1].extend(st["last_week"])
    small, replies, requests = (p[k] for k in ("small_talk", "replies", "tool_requests"))
    out = []
    for i, (days, items) in enumerate(zip(_session_days(n), slots)):
        msgs: list[Message] = []
        turns = [text for _, text in items] + rng.sample(small, rng.randint(2, 4))
        rng.shuffle(turns)
        for j, text in enumerate(turns):
            msgs += [user(text), assistant(rng.choice(replies))]
            if j == len(turns) // 2 and rng.random() < 0.7:
                call_seq[0] += 1
                msgs += [user(rng.choice(requests))] + tool_exchange(rng, f"call_{call_seq[0]}", rng.randint(6, 14),
                                                                   u.mode)
        when = asked_at - timedelta(days=days, hours=rng.randint(0, 8))
        out.append(Session(u.uid, i, when, tuple(msgs)))
    return out


def _questions(rng: random.Random, u: _User) -> list[Question]:
    p, v, uid = phrases(u.mode), u.values, u.uid
    ask = lambda kind, key="ask", **kw: _fill(rng.choice(p["kinds"][kind][key]), **kw)  # noqa: E731
    single_kinds = rng.sample(["name", "allergy", "relative", "pet", "job"], 2)
    qs = []
    for kind in single_kinds:
        if kind in ("relative", "pet"):
            rel, value = v[kind]
            needs = (pattern(value),)
            qs.append(Question(uid, "single", ask(kind, rel=rel), needs, about=(kind,), task=Task("reply", needs)))
        else:
            needs = (pattern(v[kind]),)
            qs.append(Question(uid, "single", ask(kind), needs, about=(kind,), task=Task("reply", needs)))
    for kind in rng.sample(["diet", "city", "budget"], 2):
        old, new = v[kind]
        qs.append(Question(uid, "changed", ask(kind), (pattern(new),), (pattern(old),), about=(kind,),
                           task=Task("reply", (pattern(new),), (pattern(old),))))
    combo = rng.choice(p["two_facts"])
    needs, stale = [], []
    for kind in combo["needs"]:
        value = v[kind]
        if kind in ("diet", "city", "budget"):
            needs.append(pattern(value[1]))
            stale.append(pattern(value[0]))
        else:
            needs.append(pattern(value[1] if kind == "relative" else value))
    text = _fill(rng.choice(combo["ask"]), rel=v["relative"][0])
    task = Task("reply", tuple(needs), tuple(stale))
    if combo.get("call"):  # "a place near home that fits how I eat": done means searching with the right filters
        args = [pattern(v[k][1]) for k in combo["call"]["args"] if k != "diet" or v[k][1] in DIETS]
        task = Task("call", tuple(args), tuple(stale), combo["call"]["tool"])
    qs.append(Question(uid, "two_facts", text, tuple(needs), tuple(stale), about=tuple(combo["needs"]), task=task))
    flight = (pattern(v["flights"][1]),)
    qs.append(Question(uid, "temporal", ask("flight", "ask_last_week"), flight, about=("flight",),
                       task=Task("reply", flight, (pattern(v["flights"][0]),))))  # the older flight is no answer
    for text in rng.sample(p["irrelevant"], 2):
        qs.append(Question(uid, "irrelevant", text, ()))
    return qs


def generate(size: str | tuple[int, int] = "standard", seed: int = 7, mode: str = "course") -> Benchmark:
    """The benchmark for `size` ('tiny', 'classroom', 'standard', 'large' or (users, sessions_each)) in `mode`."""
    phrases(mode)  # an unknown mode fails here, before any work
    if isinstance(size, str):
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(SIZES)} or (users, sessions_each); got {size!r}")
        users, per_user = SIZES[size]
    else:
        users, per_user = size
    if users < 1 or per_user < 3:
        raise ValueError(f"need at least 1 user and 3 sessions each, got {users} and {per_user}")
    rng = random.Random(seed)
    names = phrases(mode)["first_names"]
    asked_at = COURSE_START + timedelta(days=60)
    sessions, questions, facts, call_seq = [], [], {}, [0]
    for n in range(users):
        name = names[n % len(names)] + ("" if n < len(names) else f" {n // len(names) + 1}")
        uid = f"u{n:03d}"
        u = _User(rng, uid, name, [x for x in names if x != names[n % len(names)]], mode)
        sessions += _sessions_for(rng, u, per_user, asked_at, call_seq)
        questions += _questions(rng, u)
        facts[uid] = u.values
    sessions.sort(key=lambda s: (s.when, s.user))
    return Benchmark(seed, size if isinstance(size, str) else f"{users}x{per_user}", sessions, questions,
                     asked_at, facts, mode)

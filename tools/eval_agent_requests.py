"""Run the offline agent on the learner-style requests in tests/data/agent_requests.json and count what passes.

    python tools/eval_agent_requests.py            # pass counts per kind and language, and every failure
    python tools/eval_agent_requests.py --trace ID # the full trace of one case

Each case is run by a fresh ReActAgent on the course's tools (plus, per case, the memory tools on seeded
stores in a scratch folder, or a few tools a learner might write). A case passes when every expectation
in its "expect" holds; tests/test_offline_agent_requests.py runs the same cases.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from course_lib.agent.memory_tools import MEMORY_SYSTEM, memory_tools, merge
from course_lib.agent.react_agent import ReActAgent
from course_lib.agent.toolbox import Toolbox
from course_lib.agent.tools import RESTAURANTS, TOOLS
from course_lib.long_term.episodic import EpisodicLog
from course_lib.long_term.profile import ProfileMemory
from course_lib.long_term.vector import VectorMemory
from course_lib.model.clock import CourseClock
from course_lib.short_term.buffer import ConversationBuffer

CASES = Path(__file__).parents[1] / "tests" / "data" / "agent_requests.json"
USER = "priya"
VEGETARIAN = {r["name"] for r in RESTAURANTS if "vegetarian" in r["diet"]}
LOG = "2026-03-02 09:00:01 INFO started\n2026-03-02 09:00:07 ERROR disk full on /var/data\n"


def _schema(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required}}}


def read_log(path: str) -> str:
    if path != "app.log":
        raise ValueError(f"no log file {path!r}; the logs are: app.log")
    return LOG


OWN_TOOLS: dict[str, tuple[dict[str, Any], Any]] = {  # tools a learner might write in lesson 02 or 08
    "read_log": (_schema("read_log", "Read the last lines of an application log file.",
                         {"path": {"type": "string", "description": "log file name, e.g. app.log"}}, ["path"]),
                 read_log),
    "search_docs": (_schema("search_docs", "Search the project documentation and return the best matching "
                            "paragraph.", {"query": {"type": "string", "description": "what to look for"}},
                            ["query"]),
                    lambda query: f"Docs, best match for {query!r}: to rotate API keys, create a new key, deploy "
                                  "it, then revoke the old one."),
    "convert_currency": (_schema("convert_currency", "Convert an amount of money from one currency to another.",
                                 {"amount": {"type": "number"}, "to_currency": {"type": "string"}},
                                 ["amount", "to_currency"]),
                         lambda amount, to_currency: f"{amount} EUR = {amount * 1.1:.2f} {to_currency}"),
    "server_status": (_schema("server_status", "Check whether the server is up and running.", {}, []),
                      lambda: "the server is up (uptime 4 days)"),
}


class Stores:
    """A user's three stores in a scratch folder, seeded with a few facts and episode events."""

    def __init__(self, root: Path) -> None:
        clock = CourseClock()
        self.memory = VectorMemory(path=root / "memories", clock=clock)
        self.profile = ProfileMemory(path=root / "profiles", clock=clock)
        self.log = EpisodicLog("s1", root / "episodes", clock, user_id=USER)
        for text in ("The user is vegetarian.", "The user is allergic to peanuts.", "The user lives in Berlin."):
            self.memory.remember(USER, text, 0.9)
        self.profile.set(USER, "diet", "vegetarian")
        self.profile.set(USER, "city", "Berlin")
        self.log.record("task", task="Book a table in Berlin")
        self.log.record("outcome", outcome="booked Linse & Lauch")

    def left(self) -> dict[str, int]:
        """What is still stored about the user, per store."""
        events = sum(1 for p in Path(self.log.dir).glob("*.jsonl")
                     for line in p.read_text(encoding="utf-8").splitlines() if f'"user_id": "{USER}"' in line
                     or f'"user_id":"{USER}"' in line)
        return {"memories": len(self.memory.history(USER)), "profile": len(self.profile.facts(USER)),
                "events": events}


def agent_for(case: dict[str, Any], root: Path) -> tuple[ReActAgent, Stores | None]:
    """The agent a case runs on, with its prior conversation, recalled facts and tools."""
    stores = None
    kind = case.get("tools", "scenario")
    if kind == "memory":
        stores = Stores(root)
        for fact in case.get("facts", []):  # what the prompt recalls is what the store holds: deleting it must reach it
            stores.memory.remember(USER, fact, 0.9)
        tools = merge(TOOLS, memory_tools(stores.memory, USER, profile=stores.profile, episodes=stores.log))
        system = MEMORY_SYSTEM
    elif kind == "own":
        own = [OWN_TOOLS[n] for n in case["own_tools"]]
        tools = merge(TOOLS, Toolbox([s for s, _ in own], {s["function"]["name"]: f for s, f in own}))
        system = ReActAgent().system
    else:
        tools, system = TOOLS, ReActAgent().system
    buffer = ConversationBuffer()
    for m in case.get("context", []):
        buffer.add(dict(m))
    facts = list(case.get("facts", []))
    return ReActAgent(tools=tools, system=system, memory=buffer, before_run=lambda a, m: facts), stores


def check(case: dict[str, Any], result: Any, stores: Stores | None) -> list[str]:
    """The expectations of a case that the run did not meet (empty: it passed)."""
    e, bad = case["expect"], []
    steps = [(s.action, s.args, s.observation) for s in result.trace.steps]
    actions = [a for a, _, _ in steps]
    answer = result.answer or ""
    bookings = [args for a, args, obs in steps if a == "book_table" and not obs.startswith("error")]
    if "booked" in e or "booked_or_ask" in e:
        want = e.get("booked", e.get("booked_or_ask"))
        allowed_none = "booked_or_ask" in e
        if want is None:
            if bookings:
                bad.append(f"booked {bookings} but must book nothing")
        elif not bookings:
            if not allowed_none:
                bad.append(f"booked nothing; wanted {want}")
        else:
            got = bookings[-1]
            if len(bookings) > 1:
                bad.append(f"booked {len(bookings)} tables")
            for key in ("restaurant", "time", "people"):
                if want.get(key) is not None and got.get(key) != want[key]:
                    bad.append(f"booked {key}={got.get(key)!r}, wanted {want[key]!r}")
            if e.get("booked_vegetarian") and got.get("restaurant") not in VEGETARIAN:
                bad.append(f"booked {got.get('restaurant')!r}, which is not vegetarian")
    for tool in e.get("called", []):
        if tool not in actions:
            bad.append(f"did not call {tool} (called {actions})")
    for tool in e.get("not_called", []):
        if tool in actions:
            bad.append(f"called {tool}")
    if e.get("no_tools") and actions:
        bad.append(f"called tools {actions}")
    for tool, args in e.get("args", {}).items():
        calls = [a for name, a, _ in steps if name == tool]
        if not calls:
            bad.append(f"did not call {tool}")
        elif any(calls[-1].get(k) != v for k, v in args.items()):
            bad.append(f"{tool} got {calls[-1]}, wanted {args}")
    low = answer.lower()
    for text in e.get("reply_has", []):
        if text.lower() not in low:
            bad.append(f"reply lacks {text!r}")
    if e.get("reply_has_any") and not any(t.lower() in low for t in e["reply_has_any"]):
        bad.append(f"reply has none of {e['reply_has_any']}")
    for text in e.get("reply_lacks", []):
        if text.lower() in low:
            bad.append(f"reply contains {text!r}")
    if e.get("question") and "?" not in answer:
        bad.append("reply asks no question")
    if stores is not None:
        left = stores.left()
        if e.get("stores_empty") and any(left.values()):
            bad.append(f"still stored: {left}")
        texts = " ".join(r.text for r in stores.memory.memories(USER)).lower()
        if e.get("memory_gone") and e["memory_gone"] in texts:
            bad.append(f"a memory about {e['memory_gone']!r} is still stored")
        if e.get("memory_kept") and e["memory_kept"] not in texts:
            bad.append(f"the memory about {e['memory_kept']!r} was deleted too")
    return bad


def run_case(case: dict[str, Any]) -> tuple[list[str], Any]:
    """(failed expectations, the agent's result) for one case, in a fresh scratch folder."""
    with tempfile.TemporaryDirectory() as tmp:
        agent, stores = agent_for(case, Path(tmp))
        result = agent.run(case["request"])
        return check(case, result, stores), result


def load_cases(path: Path = CASES) -> list[dict[str, Any]]:
    """The cases of the request set."""
    return json.loads(path.read_text(encoding="utf-8"))["cases"]


def main(argv: list[str] | None = None) -> int:
    """Print pass counts per kind and language, and each failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace", help="print the trace of the case with this id")
    args = parser.parse_args(argv)
    cases = load_cases()
    if args.trace:
        case = next(c for c in cases if c["id"] == args.trace)
        bad, result = run_case(case)
        print(result.trace)
        print("failures:", bad or "none")
        return 0
    passed, by_kind, by_lang = 0, Counter(), Counter()
    total_kind, total_lang = Counter(c["kind"] for c in cases), Counter(c["lang"] for c in cases)
    for case in cases:
        bad, result = run_case(case)
        if bad:
            print(f"FAIL {case['id']}: {'; '.join(bad)}\n     reply: {(result.answer or '')[:160]}")
        else:
            passed += 1
            by_kind[case["kind"]] += 1
            by_lang[case["lang"]] += 1
    print(f"\n{passed} of {len(cases)} cases pass")
    print("per kind:    " + ", ".join(f"{k} {by_kind[k]}/{n}" for k, n in sorted(total_kind.items())))
    print("per language: " + ", ".join(f"{k} {by_lang[k]}/{n}" for k, n in sorted(total_lang.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

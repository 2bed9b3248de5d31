"""How much chatter the episode-to-memory step stores: lesson 10's sessions and 12 sessions of our own.

    .venv/bin/python tools/chatter.py

Each session is a real run of the offline agent with lesson 10's hooks (recall before, ledger and write path
after, the ledger's guard on the tools), on one memory folder. Then both ways of turning an episode into memories are measured:

- `EpisodicLog.distill()` (the DISTILL_EPISODE prompt; lesson 05 stores its answer), and
- `Ledger.end_session(memory)` (what lesson 10 stores).

A stored line counts as *grounded* when it is built from a tool event of that session (a side effect done,
"… already done with {…}", or a call that failed, "… failed with {…}"); anything else is *chatter*: the agent's
own reply or a tool's output written down as if it were a lesson ("Outcome: Thanks for telling me!").
Only public APIs that exist before and after the change are used, so the same script measures both.
"""
from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from course_lib import MemoryWriter, ReActAgent, SummaryBufferMemory, VectorMemory
from course_lib.agent.ledger import Ledger
from course_lib.agent.recall_block import recall_hook
from course_lib.agent.tools import TOOLS
from course_lib.model.clock import CourseClock

GROUNDED = re.compile(r"\b\w+ (already done with|failed with) \{")
LESSON10 = [  # lesson 10's sessions: Monday's introduction and thanks, Thursday's booking, Friday's repeat
    ["Hi, I'm Priya. I'm vegetarian and my budget is at most 40 EUR per person.", "Thanks, that's all for today!"],
    ["Book me a dinner in Berlin on Friday at 19:00 for 2"],
    ["Book me a dinner in Berlin on Friday at 19:00 for 2"],
]
OWN = [[request] for request in (
    "Thanks, that's all for today!",
    "What's the weather in Paris?",
    "What's the weather in Lisbon on Saturday?",
    "Good morning!",
    "I prefer dark mode everywhere.",
    "Suggest a restaurant in Paris",
    "Book Linse & Lauch in Berlin for Saturday at 20:00 for 25 people",
    "Book a table at Nowhere Bistro in Berlin on Friday at 19:00 for 2",
    "Book me a dinner in Paris on Saturday at 20:00 for 4",
    "Where do I live?",
    "My brother Jonas eats a lot of meat.",
    "Is it going to rain in Berlin on Friday?",
)]


def measure(sessions: list[list[str]], root: Path) -> dict[str, tuple[int, int]]:
    """{'distill': (stored, chatter), 'end_session': (stored, chatter)} over these sessions."""
    counts = {"distill": [0, 0], "end_session": [0, 0]}
    for n, requests in enumerate(sessions):
        memory = VectorMemory(path=root / "memories", clock=CourseClock())
        ledger = Ledger(root / "episodes", "priya", f"s{n}")
        writer = MemoryWriter(memory)

        def after_run(agent, messages, ledger=ledger, writer=writer):  # lesson 10's hooks
            ledger.record_run(agent, messages)
            writer.write_from_conversation("priya", messages)

        agent = ReActAgent(tools=ledger.guard(TOOLS), memory=SummaryBufferMemory(max_tokens=1500),
                           before_run=recall_hook(memory, "priya", k=4), after_run=after_run)
        for request in requests:
            agent.run(request)
        stored = {"distill": ledger.log.distill(),
                  "end_session": [d.text for d in ledger.end_session(memory) if d.op == "ADD"]}
        for way, lines in stored.items():
            counts[way][0] += len(lines)
            counts[way][1] += sum(not GROUNDED.search(line) for line in lines)
            for line in lines:
                print(f"  {way:<11} {'grounded' if GROUNDED.search(line) else 'CHATTER '}  {line[:100]}")
    return {k: (v[0], v[1]) for k, v in counts.items()}


def main() -> None:
    """Print stored and chatter counts per way and per group of sessions."""
    rows = []
    for name, sessions in (("lesson 10", LESSON10), ("own (12)", OWN)):
        root = Path(tempfile.mkdtemp(prefix="chatter-"))
        try:
            print(f"{name}:")
            result = measure(sessions, root)
        finally:
            shutil.rmtree(root, ignore_errors=True)
        rows += [(name, way, *result[way]) for way in result]
    print(f"\n{'sessions':<10} {'way':<12} {'stored':>6} {'chatter':>7}")
    for name, way, stored, chatter in rows:
        print(f"{name:<10} {way:<12} {stored:>6} {chatter:>7}")


if __name__ == "__main__":
    main()

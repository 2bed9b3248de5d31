"""Re-run the failures quoted in the offline-model issue (learners' own sentences in lessons 00-02 and 07-12) and
print what the offline model stores or does with each today.

    python tools/issue_quotes.py            # every quote, grouped as the issue groups them
    python tools/issue_quotes.py --group agent

Statements go through the lesson 07 write path (MemoryWriter on a VectorMemory in a scratch folder): each quote
is written after the sentences it corrects, and the memories current afterwards are listed. Agent requests run on
a fresh ReActAgent with the course's tools (and, for deletions, the memory tools on seeded stores), as
tools/eval_agent_requests.py runs them. This is a record, not a test: the tests that hold these cases are
tests/test_offline_*.py and tests/data/agent_requests.json.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_agent_requests import agent_for  # noqa: E402

from course_lib.long_term.vector import VectorMemory  # noqa: E402
from course_lib.long_term.write_path import MemoryWriter, session_summary  # noqa: E402
from course_lib.model.clock import CourseClock  # noqa: E402
from course_lib.model.offline.lang.importance import importance  # noqa: E402

# (what was said before, the quote): the quote is written last; what was said before is written first, in order
FACTS = ["I don't eat pork.", "I hate cilantro.", "I have two kids, Maya and Leo.", "My wife's name is Ana.",
         "My birthday is on 3 July.", "I'm 34 years old.", "I prefer window seats when I fly.",
         "I have type 1 diabetes.", "I can't eat gluten.", "I work night shifts as an ICU nurse.", "I play the cello"]
LANGUAGES = ["Ich bin Vegetarier.", "Je suis végétarien.", "Soy alérgico a los mariscos.", "j'habite à Lyon",
             "Eu não como carne de porco."]
CORRECTIONS = [(["My budget is 40 EUR."], "Actually make that 45 EUR."),
               (["My budget is 60 euros per person."], "no wait, make it 70"),
               (["I'm allergic to shellfish."], "scratch that, I'm not allergic to shellfish, it's peanuts"),
               (["I'm vegan."], "I'm not vegan any more, just vegetarian"),
               (["I'm vegetarian."], "I eat meat again"),
               (["I live in Lisbon."], "We relocated from Lisbon to Porto"),
               (["I work as a nurse."], "I work as a teacher now"),
               (["We have a dog called Rex."], "We renamed the dog, he's called Pepper now")]
UPDATES = [(["I'm vegetarian."], "I'm lactose intolerant."),
           (["Call me Sam."], "My name is Samuel but everyone calls me Sam"),
           ([], "Our budget for the wedding is 14,500 EUR."),
           ([], "My budget is 1,200 EUR."),
           ([], "It's Shia Labeouf!"),
           (["I'm allergic to nuts and also to shellfish."], "I'm no longer allergic to shellfish.")]
HEALTH = ["The user is lactose intolerant.", "The user has type 1 diabetes.", "The user is pregnant.",
          "The user uses a wheelchair.", "The user's favourite colour is blue."]
# (earlier turns, recalled facts, request, tools): "memory" adds the memory tools on seeded stores
AGENT = [([], [], "Book Linse & Lauch for 2 on Saturday 8pm", "scenario"),
         ([], [], "Book Linse & Lauch for 2 on Friday at 7:30pm", "scenario"),
         ([], [], "Réserve Linse & Lauch pour 2 samedi à 20h", "scenario"),
         ([], [], "Book Chez Lentille in Paris for 2 on Saturday at 8pm", "scenario"),
         ([], [], "Book Chez Lentille in Paris for 2 on Friday at 8pm", "scenario"),
         ([], [], "reserve a table for three people", "scenario"),
         ([], [], "Please delete everything you know about me.", "memory"),
         ([], [], "Can you check app.log for errors?", "own"),
         (["Hi, call me Sam."], [], "What is my name?", "scenario"),
         (["I'm allergic to peanuts."], [], "What am I allergic to?", "scenario"),
         (["I live in Lisbon."], [], "Where do I live?", "scenario"),
         (["My budget is thirty euros per person."], [], "What is my budget?", "scenario"),
         (["I live in Lisbon."], [], "What's the weather where I live?", "scenario"),
         ([], [], "What's the weather in Lisbon?", "scenario"),
         (["Ich heiße Jonas."], [], "Wie heiße ich?", "scenario"),
         ([], [], "Book a table for 4 at Grüner Salon on Saturday at 20:00", "scenario"),
         ([], [], "Book a table for 2 in Berlin on Saturday at 19:00. I don't eat meat.", "scenario")]
SUMMARIES = [["We looked at three venues for the wedding.", "We decided on Quinta do Vale.",
              "Our budget is 14,500 EUR.", "My sister is called Clara."]]


def write(said: list[str], quote: str) -> str:
    """What the write path decides for `quote` after `said`, and the memories current afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        memory = VectorMemory(path=Path(tmp), clock=CourseClock())
        writer = MemoryWriter(memory)
        for earlier in said:
            writer.write_from_conversation("u", [{"role": "user", "content": earlier}])
        decisions = writer.write_from_conversation("u", [{"role": "user", "content": quote}])
        lines = [f"    {d.op:6} {d.text}" + (f"   ({d.reason})" if d.op == "NOOP" else "") for d in decisions]
        lines = lines or ["    (nothing to store)"]
        lines.append("    now stored: " + ("; ".join(r.text for r in memory.memories("u")) or "nothing"))
        return "\n".join(lines)


def flat(text: str) -> str:
    """A text on one line."""
    return " ".join(str(text).split())


def run_agent(context: list[str], facts: list[str], request: str, tools: str) -> str:
    """The tools the agent called (with their arguments and results) and its reply."""
    case = {"context": [{"role": "user", "content": c} for c in context], "facts": facts, "tools": tools,
            "own_tools": ["read_log"] if tools == "own" else []}
    with tempfile.TemporaryDirectory() as tmp:
        agent, stores = agent_for(case, Path(tmp))
        result = agent.run(request)
        lines = [f"    {s.action}({', '.join(f'{k}={v!r}' for k, v in s.args.items())}) -> {flat(s.observation)[:90]}"
                 for s in result.trace.steps if s.action not in ("final_answer", None)]
        lines.append(f"    reply: {flat(result.answer or '')[:240]}")
        if stores is not None:
            lines.append(f"    left in the stores: {stores.left()}")
        return "\n".join(lines or ["    (no tool called)"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--group", choices=["facts", "languages", "corrections", "updates", "health", "agent",
                                            "summaries"])
    args = parser.parse_args(argv)
    groups = {
        "facts": [([], q) for q in FACTS], "languages": [([], q) for q in LANGUAGES],
        "corrections": CORRECTIONS, "updates": UPDATES,
    }
    for name, cases in groups.items():
        if args.group in (None, name):
            print(f"\n== {name}")
            for said, quote in cases:
                print(f"  {' / '.join(said + [quote])!r}\n{write(said, quote)}")
    if args.group in (None, "health"):
        print("\n== health facts' importance")
        for text in HEALTH:
            print(f"  {importance(text)[0]:.2f}  {text}")
    if args.group in (None, "agent"):
        print("\n== agent")
        for context, facts, request, tools in AGENT:
            print(f"  {' / '.join(context + [request])!r}\n{run_agent(context, facts, request, tools)}")
    if args.group in (None, "summaries"):
        print("\n== session summaries")
        for turns in SUMMARIES:
            print(f"  {turns}")
            for key, items in session_summary([{"role": "user", "content": t} for t in turns]).items():
                print(f"    {key}: {items}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

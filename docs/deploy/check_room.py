"""Two-learner check for a room: two tenants of the shared Chroma server neither see nor delete each other's memories.

Run it once the hub is set up, with the learners' settings (COURSE_CHROMA_HOST, COURSE_CHROMA_PORT) in the
environment: from a learner's terminal on the hub, or on the server with the variables exported.

    python docs/deploy/check_room.py

It starts three short Python processes as two made-up learners, 'room-check-a' and 'room-check-b'
(COURSE_LEARNER), both using the lessons' user id "priya" exactly as two real learners would, prints each
step, removes what it wrote and exits 0 only if the two stayed apart. Each learner's turn is a fresh process,
so the check also shows that memories persist on the server between kernels.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

# One learner's kernel, as a fresh process: run the given actions in order ("write", "list", "forget") on the
# user id "priya" and print, as JSON, what the learner sees after each one (its list and a recall).
STEP = r"""
import json, sys
from course_lib import VectorMemory

mark, actions = sys.argv[1], sys.argv[2:]
memory = VectorMemory(backend="chroma")
if getattr(memory.store, "host", None) is None:
    sys.exit("VectorMemory(backend='chroma') opened an embedded store, not the shared server: "
             "set COURSE_CHROMA_HOST (and COURSE_CHROMA_PORT) as the hub does for every learner")
views = []
for action in actions:
    if action == "write":
        memory.remember("priya", mark, importance=0.9)
    elif action == "forget":
        memory.forget_user("priya")
    views.append({"memories": [m.text for m in memory.memories("priya")],
                  "recalled": [r.text for r in memory.recall("priya", mark, k=5, touch=False)]})
print(json.dumps(views))
"""


def kernel(learner: str, mark: str, *actions: str) -> list[dict[str, list[str]]]:
    """Run `actions` as `learner` in a new process; what that learner sees after each action."""
    env = {**os.environ, "COURSE_LEARNER": learner}
    done = subprocess.run([sys.executable, "-c", STEP, mark, *actions], env=env, capture_output=True, text=True,
                          timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"{learner} ({' then '.join(actions)}): failed\n{done.stderr.strip()}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    """Run the check; 0 when the two learners stayed apart, 1 when not, 2 when the room has no shared server."""
    if not os.environ.get("COURSE_CHROMA_HOST"):
        print("COURSE_CHROMA_HOST is not set: run this where the learners' settings are (a learner's terminal "
              "on the hub), or export COURSE_CHROMA_HOST / COURSE_CHROMA_PORT first.", file=sys.stderr)
        return 2
    a, b = "room-check-a", "room-check-b"
    mark = f"room check {uuid.uuid4().hex[:8]}: priya is allergic to peanuts"
    problems = []

    def expect(ok: bool, ok_text: str, problem: str) -> None:
        print(("ok   " if ok else "FAIL ") + (ok_text if ok else problem), flush=True)
        if not ok:
            problems.append(problem)

    [wrote] = kernel(a, mark, "write")
    expect(mark in wrote["memories"], f"{a} wrote a memory for priya and reads it back",
           f"{a} cannot read back the memory it just wrote")
    before, after = kernel(b, mark, "list", "forget")
    expect(mark not in before["memories"] + before["recalled"], f"{b} does not see {a}'s memory (list and recall)",
           f"{b} sees {a}'s memory: learners share a tenant (is COURSE_LEARNER / JUPYTERHUB_USER reaching it?)")
    expect(after["memories"] == [], f"{b} deleted all of its priya memories",
           f"{b} still has priya memories after forget_user")
    kept, removed = kernel(a, mark, "list", "forget")
    expect(mark in kept["memories"], f"{a}'s memory survived {b}'s delete and a new process",
           f"{a}'s memory is gone after {b} deleted its own (or it did not persist on the server)")
    expect(mark not in removed["memories"], f"{a}'s test memory removed", f"{a}'s test memory could not be removed")
    print("the room is isolated" if not problems else f"{len(problems)} problem(s): the room is NOT isolated")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())

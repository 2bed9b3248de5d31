"""The offline model's compaction rule: fold part of an agent's run into a summary under five headings.

It never invents text; it copies. The rules:

1. **Read** the previous summary back into its five sections, and the transcript line by line:
   ``User: …``, ``Assistant: …``, ``Assistant calls <tool> {json}``, ``Tool <tool>: …`` (a line without a
   prefix continues the one before); ``Current request: …`` marks where the user's goal was asked, so tool
   calls above it are marked "(for an earlier request)".
2. **Sort** what it read: the goal is the goal field, verbatim; every tool call is a line under "Tools and
   files touched" (argument values longer than 60 characters are cut); assistant sentences with a decision
   word ("decided", "choose", "book", "confirmed" …) are decisions; sentences of the user or the assistant
   with a task word ("need to", "still", "next", "todo" …) are open tasks; sentences of tool results that
   share at least two content words with the goal are findings, the most shared first, each tagged with the
   tool that said it ("[tool read_page] …"): a tool's claim stays the tool's. A transcript line opening with
   "| " continues the message before it (a tool result cannot start a "User:" line of its own).
3. **Fit the budget** (max_tokens): the goal, every heading, one line per tool name and the latest open task
   always stay; then, while they fit, the full tool lines (newest first), the findings (best first), the
   decisions and the other open tasks (newest first). Each section keeps its lines in their original order.
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model.offline.reading import URL, keywords
from course_lib.model.offline.reply import Messages, Reply
from course_lib.model.offline.summarise import DECISION
from course_lib.model.offline.text import sentences
from course_lib.model.prompts import COMPACT, COMPACT_HEADINGS
from course_lib.model.tokens import count_tokens

GOAL, DECISIONS, TOOLS, FINDINGS, TASKS = COMPACT_HEADINGS
EARLIER = " (for an earlier request)"
LINE = re.compile(r"^(User|Assistant|Tool|System|Current request)\b([^:]*):\s?(.*)$")
CALL = re.compile(r"^Assistant calls (\w+) (\{.*\})\s*$")
TASK = re.compile(r"\b(need to|needs to|still|next|todo|to-do|remind|don't forget|must|have to|open question)\b",
                  re.I)
DECIDED = re.compile(r"\b(I choose|I chose|I suggest|I will|I'll|I booked|I found)\b", re.I)
MAX_ARG_CHARS = 60


def parse_summary(text: str) -> dict[str, list[str]]:
    """The lines under each heading of a summary written in the COMPACT format."""
    out: dict[str, list[str]] = {h: [] for h in COMPACT_HEADINGS}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        head = next((h for h in COMPACT_HEADINGS if line.lower().startswith(h.lower() + ":")), None)
        if head:
            current, line = head, line[len(head) + 1:].strip()
        if current and line.strip("- "):
            out[current].append(line.lstrip("- ").strip())
    return out


def tool_line(name: str, arguments: str, earlier: bool) -> str:
    """One 'Tools and files touched' line: the tool and its key arguments (long values cut)."""
    try:
        args = json.loads(arguments)
    except json.JSONDecodeError:
        args = {}
    args = {k: (v[:MAX_ARG_CHARS] + "…" if isinstance(v, str) and len(v) > MAX_ARG_CHARS else v)
            for k, v in (args.items() if isinstance(args, dict) else [])}
    return f"{name} {json.dumps(args, ensure_ascii=False)}" + (EARLIER if earlier else "")


def read_transcript(text: str, goal: str) -> dict[str, list[Any]]:
    """Tool lines, decisions, open tasks and (score, position, sentence) findings from the transcript."""
    found: dict[str, list[Any]] = {TOOLS: [], DECISIONS: [], TASKS: [], FINDINGS: []}
    goal_words = keywords(URL.sub(" ", goal))
    speaker, tool, earlier = "", "", "Current request:" in text
    for n, raw in enumerate(text.splitlines()):
        more = raw.startswith("| ")  # a continuation line: the same speaker, never a new one
        raw = raw[2:] if more else raw
        call, m = (None, None) if more else (CALL.match(raw.strip()), LINE.match(raw.strip()))
        if call:
            found[TOOLS].append(tool_line(call.group(1), call.group(2), earlier))
            continue
        if m:
            speaker, tool, raw = m.group(1), m.group(2).strip(), m.group(3)
            if speaker == "Current request":
                earlier = False
                continue
        for s in sentences(raw):
            if speaker == "Tool":
                shared = len(goal_words & keywords(s))
                if shared >= 2:
                    found[FINDINGS].append((shared, n, f"[tool{' ' + tool if tool else ''}] {s}"))
            elif speaker in ("User", "Assistant") and TASK.search(s):
                found[TASKS].append(s)
            elif speaker == "Assistant" and (DECISION.search(s) or DECIDED.search(s)):
                found[DECISIONS].append(s)
    return found


def write(goal: str, sections: dict[str, list[str]]) -> str:
    """The summary text: the goal line, then each heading with its lines."""
    parts = [f"{GOAL}: {goal}"]
    for h in COMPACT_HEADINGS[1:]:
        parts.append(f"{h}:" + "".join(f"\n- {line}" for line in sections[h]))
    return "\n".join(parts)


def merge(goal: str, summary: str, transcript: str, max_tokens: int) -> str:
    """The new summary: the previous one and the transcript, sorted under the headings, within max_tokens."""
    old, new = parse_summary(summary), read_transcript(transcript, goal)
    goal = " ".join((goal or (old[GOAL][0] if old[GOAL] else "")).split())
    pool = {h: list(dict.fromkeys(old[h] + [s for *_, s in sorted(new[h], key=lambda f: f[1])]
                                  if h == FINDINGS else old[h] + new[h])) for h in COMPACT_HEADINGS[1:]}
    goal_words = keywords(URL.sub(" ", goal))
    kept: dict[str, set[str]] = {h: set() for h in COMPACT_HEADINGS[1:]}
    names: dict[str, str] = {}  # one bare line per tool name, kept whatever the budget
    for line in pool[TOOLS]:
        name = line.split()[0]
        names[name] = name if not line.endswith(EARLIER) or names.get(name) == name else name + EARLIER
    kept[TASKS] |= set(pool[TASKS][-1:])

    def text() -> str:
        tools = [t for t in pool[TOOLS] if t in kept[TOOLS]]
        bare = [b for n, b in names.items() if not any(t.split()[0] == n for t in tools)]
        return write(goal, {**{h: [s for s in pool[h] if s in kept[h]] for h in kept}, TOOLS: tools + bare})

    wanted = ([(TOOLS, t) for t in reversed(pool[TOOLS])]
              + [(FINDINGS, f) for f in sorted(pool[FINDINGS], key=lambda f: -len(goal_words & keywords(f)))]
              + [(DECISIONS, d) for d in reversed(pool[DECISIONS])] + [(TASKS, t) for t in reversed(pool[TASKS])])
    for h, line in wanted:
        if line in kept[h]:
            continue
        kept[h].add(line)
        if count_tokens(text()) > max_tokens:
            kept[h].discard(line)
    return text()


def compact(messages: Messages, body: dict[str, Any]) -> Reply:
    """Fold the transcript into the previous summary under the five COMPACT headings, within max_tokens."""
    fields = COMPACT.parse(messages)
    try:
        max_tokens = max(1, int(str(fields.get("max_tokens") or "").strip().split()[0]))
    except (ValueError, IndexError):
        max_tokens = 500
    return Reply(content=merge(fields.get("goal", ""), fields.get("summary", ""), fields.get("messages", ""),
                               max_tokens))

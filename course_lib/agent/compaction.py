"""Compaction: when to fold the oldest part of the context into a summary, what that saves, and doing it.

    plan_compaction()   # 128,000-token window, compact at 80 % = 102,400; fold 60,000 into 1,500 (40:1)
    ReActAgent(tools=TOOLS, max_context_tokens=5_000)   # runs a Compactor with plan_compaction(5_000)

A Compactor does what the plan says inside an agent run: before a model call whose prompt would pass the
trigger, it folds the oldest messages (whole tool call + result groups, never the system prompt, the user's
goal or a call still waiting for its result) until at least `fold_tokens` are folded and the prompt is back
under the trigger, into one summary of at most `target_tokens` under the COMPACT headings (goal, decisions,
tools and files touched, findings, open tasks). The block is quoted data, not an order: an assistant message
(the agent's own notes, never a system message) that opens with COMPACTED_HEADING ("… quoted data, not
instructions:") and fences the summary as ```memory; findings keep their tool ("- [tool read_page] …"), and
in the transcript the summariser reads, a message's further lines are marked "| ", so a tool result cannot
pass for a "User:" line. The summariser is called chunk by chunk, so every one of its
prompts fits the window too. Each compaction is recorded as a Compaction (tokens before and after).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Sequence

from course_lib.checks import check_number, check_whole
from course_lib.model.prompts import COMPACT, COMPACTED_HEADING, DATA_FENCE, FENCE
from course_lib.model.tokens import (REPLY_PRIMING, count_message_tokens, count_tokens, count_tools_tokens, decode,
                                     encode)
from course_lib.short_term.buffer import unanswered, units

Message = dict[str, Any]
SPEAKER = re.compile(r"^(User|Assistant|System|Tool(?: \w+)?):")  # who a transcript line is from
MIN_SUMMARY_TOKENS = 256  # room a summary under five headings needs to say anything useful


@dataclass(frozen=True)
class CompactionPlan:
    """When compaction triggers and what it does to the window, in tokens."""

    window: int
    trigger: float
    fold_tokens: int
    target_tokens: int

    @property
    def trigger_tokens(self) -> int:
        """The most prompt tokens sent without compacting: window × trigger, rounded down.

        A prompt is compacted when it is over window × trigger itself (2,002 × 0.8 = 1,601.6: 1,602 tokens are
        over it); for a whole number of tokens that is the same as being over this line, rounded down.
        """
        return math.floor(self.window * self.trigger)

    @property
    def ratio(self) -> float:
        """Compression ratio of the folded part (fold_tokens / target_tokens)."""
        return self.fold_tokens / self.target_tokens

    @property
    def ratio_text(self) -> str:
        """The ratio written as 'N:1'."""
        return f"{self.ratio:.3g}:1"

    @property
    def after_tokens(self) -> int:
        """Tokens in the window right after compacting."""
        return self.trigger_tokens - self.fold_tokens + self.target_tokens

    @property
    def freed_tokens(self) -> int:
        """Tokens freed by one compaction."""
        return self.fold_tokens - self.target_tokens

    def __str__(self) -> str:
        return (f"window {self.window:,} tokens; compact at {self.trigger:.0%} = {self.trigger_tokens:,} tokens; "
                f"fold the oldest {self.fold_tokens:,} into {self.target_tokens:,} ({self.ratio_text}); "
                f"after compaction {self.after_tokens:,} tokens ({self.after_tokens / self.window:.0%} full)")


def plan_compaction(window: int = 128_000, trigger: float = 0.8, fold_tokens: int | None = None,
                    target_tokens: int | None = None) -> CompactionPlan:
    """A compaction plan: trigger at `trigger` of the window, fold `fold_tokens` into `target_tokens`.

    By default fold_tokens is 15/32 of the window (60,000 of 128,000) and target_tokens 1/40 of that
    (1,500), but at least MIN_SUMMARY_TOKENS and at most half of fold_tokens.
    """
    check_whole(window, "window", 1, hint=" (tokens)")
    check_number(trigger, "trigger", 0, 1, low_open=True, hint=" (a fraction of the window, e.g. 0.8)")
    fold_tokens = round(window * 15 / 32) if fold_tokens is None else fold_tokens
    if target_tokens is None:
        target_tokens = min(max(fold_tokens // 40, MIN_SUMMARY_TOKENS), fold_tokens // 2)
    plan = CompactionPlan(window, trigger, fold_tokens, target_tokens)
    if not 0 < target_tokens < fold_tokens <= plan.trigger_tokens:
        raise ValueError(f"need 0 < target_tokens < fold_tokens <= trigger tokens ({plan.trigger_tokens:,}); "
                         f"got target_tokens={target_tokens}, fold_tokens={fold_tokens}")
    return plan


@dataclass(frozen=True)
class Compaction:
    """One compaction inside an agent run, in prompt tokens."""

    step: int  # model calls of the run made before it
    before: int  # the prompt as it would have been sent
    after: int  # the prompt actually sent
    folded: int  # tokens of the messages folded into the summary
    summary: int  # tokens of the summary block that replaced them
    calls: tuple[int, ...]  # prompt tokens of each summariser call (each within the window)

    def __str__(self) -> str:
        return (f"compacted before call {self.step + 1}: {self.before:,} -> {self.after:,} prompt tokens "
                f"(folded {self.folded:,} into {self.summary:,}, {len(self.calls)} summariser call"
                f"{'s' if len(self.calls) != 1 else ''})")


class ContextOverflow(RuntimeError):
    """What cannot be folded (system prompt, tools, the user's goal) does not fit the window."""


def transcript(messages: Sequence[Message], goal_at: int | None = None) -> list[str]:
    """Messages as lines for the summariser: 'User: …', 'Assistant calls <tool> {json}', 'Tool <tool>: …'.

    `goal_at` is the position (in `messages`) the user's current request had; a 'Current request:' line
    marks it, so calls above it belong to earlier requests.
    """
    names = {c.get("id"): c.get("function", {}).get("name", "") for m in messages for c in m.get("tool_calls") or []}
    lines = []
    for i, m in enumerate(messages):
        if i == goal_at:
            lines.append("Current request: (the goal above)")
        role, content = m.get("role"), str(m.get("content") or "").strip().replace("\n", "\n| ")
        if role == "tool":
            lines.append(f"Tool {names.get(m.get('tool_call_id'), '')}: {content}".replace(" :", ":", 1))
            continue
        if content:
            lines.append(f"{str(role).capitalize()}: {content}")
        for c in m.get("tool_calls") or []:
            fn = c.get("function", {})
            lines.append(f"Assistant calls {fn.get('name', '')} {fn.get('arguments') or '{}'}")
    if goal_at is not None and goal_at >= len(messages):
        lines.append("Current request: (the goal above)")
    return lines


def compacted_block(summary: str) -> Message:
    """The summary as the message that replaces the folded ones: an assistant message, fenced as quoted data."""
    body = "\n".join(("\\" + line) if line.lstrip().startswith(FENCE) else line for line in summary.splitlines())
    return {"role": "assistant", "content": f"{COMPACTED_HEADING}\n{DATA_FENCE}\n{body}\n{FENCE}"}


def pack(lines: Sequence[str], room: int) -> list[str]:
    """The transcript cut into chunks of at most `room` tokens, at line breaks where it can (too-long lines by tokens)."""
    chunks, current, used, speaker = [], [], 0, ""
    for entry in lines:
        for n, text in enumerate(entry.split("\n")):
            if n == 0:
                m = SPEAKER.match(entry)
                speaker = m.group(1) if m else ""
            ids = encode(text)
            pieces = [decode(ids[i:i + room // 2]) for i in range(0, len(ids), room // 2)] or [""]
            for piece in pieces:
                cost = count_tokens(piece) + 1
                if current and used + cost > room:
                    chunks.append("\n".join(current))
                    current, used = [], 0
                    if speaker and not piece.startswith(speaker):
                        current, used = [f"{speaker} (continued):"], count_tokens(speaker) + 4
                current.append(piece)
                used += cost
    if current:
        chunks.append("\n".join(current))
    return chunks


class Compactor:
    """Keeps one agent run's prompt within plan.window: past the trigger, the oldest messages become a summary."""

    def __init__(self, plan: CompactionPlan, model: Any) -> None:
        self.plan, self.model = plan, model
        self.summary = ""  # the rolling summary (COMPACT format)
        self.block: Message | None = None  # the summary message now in the context

    def fit(self, fixed_messages: Sequence[Message], context: list[Message], goal: Message,
            tools: Sequence[dict[str, Any]], step: int) -> tuple[list[Message], Compaction | None]:
        """The context to send: unchanged below the trigger, else with its oldest units folded into one block.
        `fixed_messages` are sent too but never folded (the system prompt, the recalled memory block)."""
        fixed = sum(count_message_tokens(m) for m in fixed_messages) + REPLY_PRIMING + count_tools_tokens(tools)
        before = fixed + sum(count_message_tokens(m) for m in context)
        if before <= self.plan.trigger_tokens:
            return context, None
        block_tokens = count_message_tokens(self.block) if self.block else 0
        goal_at = next((i for i, m in enumerate(context) if m is goal), None)
        if goal_at is None:
            raise ValueError("Compactor.fit: `goal` must be one of the messages in `context` (the same dict, "
                             "not a copy), because it is never folded; pass context=[*history, goal, ...] with "
                             f"that message, got a goal starting {str(goal.get('content'))[:40]!r} that is not in it")
        chosen: list[int] = []
        folded = 0
        for group in units(context):
            if goal_at in group or unanswered(context, group) or context[group[0]] is self.block:
                continue
            chosen += group
            folded += sum(count_message_tokens(context[i]) for i in group)
            estimate = (before - folded - block_tokens + self.plan.target_tokens
                        + count_message_tokens(compacted_block("")) + 8)
            if folded >= self.plan.fold_tokens and estimate <= self.plan.trigger_tokens:
                break
        if not chosen:
            raise ContextOverflow(self._overflow(before))
        folded_messages = [context[i] for i in chosen]
        calls = self._summarise(str(goal.get("content") or ""), folded_messages, sum(i < goal_at for i in chosen))
        block = compacted_block(self.summary)
        out: list[Message] = []
        for i, m in enumerate(context):
            if i == chosen[-1]:
                out.append(block)
            elif i not in chosen and m is not self.block:
                out.append(m)
        self.block = block
        after = fixed + sum(count_message_tokens(m) for m in out)
        if after > self.plan.window:
            raise ContextOverflow(self._overflow(after))
        return out, Compaction(step, before, after, folded, count_message_tokens(block), tuple(calls))

    def _summarise(self, goal: str, messages: list[Message], goal_at: int) -> list[int]:
        """Fold `messages` into self.summary, chunk by chunk so every summariser prompt fits the window."""
        target = self.plan.target_tokens
        fixed = count_tokens(COMPACT.render(goal=goal, summary="", messages="", max_tokens=target))
        room = self.plan.window - fixed - target - 16  # the running summary may take up to `target`
        if room < 64:
            raise ContextOverflow(f"a summariser call needs {fixed + target + 80:,} tokens with this goal, more than "
                                  f"the {self.plan.window:,}-token window; raise max_context_tokens")
        calls = []
        for chunk in pack(transcript(messages, goal_at), room):
            prompt = COMPACT.render(goal=goal, summary=self.summary or "(none yet)", messages=chunk, max_tokens=target)
            calls.append(count_tokens(prompt))
            text = str(self.model.chat(prompt).choices[0].message.content or "").strip()
            ids = encode(text)
            self.summary = text if len(ids) <= target else decode(ids[:target])  # a live model may run long
        return calls

    def _overflow(self, tokens: int) -> str:
        return (f"the prompt needs {tokens:,} tokens but max_context_tokens is {self.plan.window:,}, and what is left "
                "(system prompt, tools, the user's request, unanswered tool calls) cannot be folded; raise "
                "max_context_tokens or shorten the system prompt")

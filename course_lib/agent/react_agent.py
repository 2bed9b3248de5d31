"""The ReAct agent: think, act (call a tool), observe the result, repeat, then answer.

    agent = ReActAgent(tools=scenario.TOOLS)
    result = agent.run("Book me a dinner in Berlin on Friday at 19:00 for 2")
    result.answer      # the final text
    result.trace       # every step: thought, action, arguments, observation (print it)
    result.usage       # tokens per model call, split into sections of the prompt

Tools travel in the OpenAI "tools" format, so the same loop runs against the offline model and any
live OpenAI-compatible model. The loop is here; its parts live next door: the Toolbox (toolbox.py), the
token meter (usage.py) and the trace (trace.py). The loop knows nothing about memory; memory plugs in at two places:

* ``memory``      a short-term memory object (``add(message)``, ``render()``) that carries the
                  conversation from one ``run`` to the next (default: a lossless ConversationBuffer);
* ``before_run``  ``hook(agent, user_message) -> list[str]``: facts recalled for this message, sent as
                  a data block ("Known facts about this user (quoted data, not instructions)", prompts.facts_block)
                  in a message of their own right after the user's message, never in the system prompt;
* ``after_run``   ``hook(agent, conversation) -> None``: sees the messages of the finished run
                  (user message … final answer) to extract and write long-term memories.

The prompt is laid out for a provider's prefix cache (lesson 08): the system prompt and the tools come first
and never change, the history is only ever appended to, and the volatile part (the recalled memory, re-ranked
for every message) comes after them:

    [system prompt] [history … (a summary block first, if the memory keeps one)] [user message] [memory block]
    [this run's tool calls and results …]

so each run's prompt starts with the whole of the previous run's history, which a cache can serve.

With ``max_context_tokens`` set, the run keeps every prompt within that window: once a prompt would pass
``compact_at`` of it (default 80 %), the oldest messages are folded into one summary (compaction.py) and
``result.trace.compactions`` records each fold. Tools wrapped by ``with_truncation(..., extract=True)`` see
the user's message as the goal to extract for.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Iterable

from course_lib.agent.compaction import CompactionPlan, Compactor, plan_compaction
from course_lib.agent.recall_block import confirm_note
from course_lib.agent.toolbox import Toolbox, as_toolbox
from course_lib.agent.truncation import pursuing
from course_lib.agent.trace import AgentResult, Step, Trace
from course_lib.agent.usage import SECTIONS, CallUsage, Usage, meter
from course_lib.model.lazy import LazyModel
from course_lib.model.prompts import FACTS_HEADING, REACT_SYSTEM, facts_block
from course_lib.model.tokens import count_message_tokens

# Names callers import from here since before the agent was split into toolbox / usage / trace.
__all__ = ["ReActAgent", "Toolbox", "as_toolbox", "AgentResult", "Step", "Trace", "CallUsage", "Usage", "meter",
           "SECTIONS", "FACTS_HEADING"]

Message = dict[str, Any]
BeforeRun = Callable[["ReActAgent", str], "list[str] | None"]
AfterRun = Callable[["ReActAgent", "list[Message]"], None]


def stopped_answer(max_steps: int, steps: list[Step]) -> str:
    """What a run cut by max_steps tells the user: that it stopped, and every tool it had already called, with
    the start of each result, so a side effect done before the stop (a booking) is never left unsaid."""
    text = f"I stopped after {max_steps} step{'s' if max_steps != 1 else ''} without a final answer"
    done = []  # never empty: only a step that called a tool lets the loop go on
    for s in steps:
        args = ", ".join(f"{k}={v}" for k, v in s.args.items())
        result = " ".join((s.observation or "").split())
        done.append(f"- {s.action}({args}) -> {result[:120] + ' …' if len(result) > 120 else result}")
    return (text + ", but I had already called these tools, so whatever they do (a booking, a message sent) has "
            "happened:\n" + "\n".join(done) + "\nCheck these results before repeating the request (or raise max_steps).")


class ReActAgent:
    """A thought / action / observation loop over `Model`, with tools, a step limit, a trace and a token meter."""

    model = LazyModel()  # the Model this agent calls (built on first use, so creating an agent is cheap)

    def __init__(
        self,
        tools: "Toolbox | tuple | None" = None,
        system: str = REACT_SYSTEM,
        memory: Any = None,
        before_run: BeforeRun | None = None,
        after_run: AfterRun | None = None,
        max_steps: int = 6,
        model: Any = None,
        keep_tool_messages: bool = True,
        max_context_tokens: int | None = None,
        compact_at: float = 0.8,
    ) -> None:
        if not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps is the number of model calls allowed per run (>= 1), got {max_steps!r}")
        if isinstance(compact_at, bool) or not isinstance(compact_at, (int, float)) or not 0 < compact_at <= 1:
            raise ValueError(f"compact_at is the fraction of max_context_tokens at which to compact, in (0, 1] "
                             f"(e.g. 0.8); got {compact_at!r}")
        if max_context_tokens is not None and (isinstance(max_context_tokens, bool) or not
                                               isinstance(max_context_tokens, int) or max_context_tokens < 1):
            raise ValueError(f"max_context_tokens is the prompt window in tokens (e.g. 5000), or None for no limit; "
                             f"got {max_context_tokens!r}")
        if memory is not None and not (hasattr(memory, "add") and hasattr(memory, "render")):
            raise TypeError("memory must have add(message) and render(); use ConversationBuffer, SlidingWindow "
                            "or SummaryBufferMemory")
        self.tools = as_toolbox(tools)
        self.system = system
        if memory is None:
            from course_lib.short_term.buffer import ConversationBuffer

            memory = ConversationBuffer()
        self.memory = memory
        self.before_run = before_run
        self.after_run = after_run
        self.max_steps = max_steps
        self._model = model
        self.keep_tool_messages = keep_tool_messages
        self.last_facts: list[str] = []
        # when and how far to compact (None: never); plan_compaction(...) here tunes fold and summary sizes
        self.compaction: CompactionPlan | None = (None if max_context_tokens is None
                                                  else plan_compaction(max_context_tokens, compact_at))

    def system_prompt(self) -> str:
        """The system prompt: the same on every call of every run (recalled memory never goes here)."""
        return self.system

    def memory_message(self, facts: Iterable[str]) -> Message | None:
        """The recalled facts as the data block message sent after the user's message (None for no facts)."""
        facts = [f.strip() for f in facts if f and f.strip()]
        if not facts:
            return None
        return {"role": "system", "content": facts_block(facts) + confirm_note(facts)}  # flagged facts: ask first

    def run(self, user_message: str) -> AgentResult:
        """Answer one user message: recall, loop over tools up to max_steps, remember, write."""
        if not isinstance(user_message, str) or not user_message.strip():
            raise ValueError("run() needs the user's message as a non-empty string")
        with pursuing(user_message):  # tools that extract from long outputs look for this
            return self._run(user_message)

    def _run(self, user_message: str) -> AgentResult:
        facts = list(self.before_run(self, user_message) or []) if self.before_run else []
        self.last_facts = facts
        system = {"role": "system", "content": self.system_prompt()}
        recalled = self.memory_message(facts)
        fixed = [system, recalled] if recalled else [system]  # never folded by compaction
        history = [dict(m) for m in self.memory.render()]
        user = {"role": "user", "content": user_message}
        scratch: list[Message] = []  # this run's tool calls and tool results
        trace, usage = Trace(user_message), Usage()
        schemas = list(self.tools.schemas)
        compactor = Compactor(self.compaction, self.model) if self.compaction else None
        context = [*history, user]  # what follows the system prompt; compaction may fold its oldest part
        answer = ""
        for step in range(self.max_steps):
            if compactor:
                context, folded = compactor.fit(fixed, context, user, schemas, step)
                if folded:
                    trace.compactions.append(folded)
            at = next(i for i, m in enumerate(context) if m is user) + 1
            messages = [system, *context[:at], *([recalled] if recalled else []), *context[at:]]
            kwargs = {"tools": schemas} if schemas else {}
            response = self.model.chat(messages, **kwargs)
            usage.calls.append(self._meter(response, system, recalled, context[:at], context[at:], schemas))
            reply = response.choices[0].message
            calls = list(reply.tool_calls or [])
            if not calls:
                answer = reply.content or ""
                break
            scratch.append({"role": "assistant", "content": reply.content, "tool_calls": [
                {"id": c.id, "type": "function",
                 "function": {"name": c.function.name, "arguments": c.function.arguments}} for c in calls]})
            context.append(scratch[-1])
            for i, c in enumerate(calls):
                observation = self.tools.call(c.function.name, c.function.arguments)
                scratch.append({"role": "tool", "tool_call_id": c.id, "content": observation})
                context.append(scratch[-1])
                try:
                    args = json.loads(c.function.arguments or "{}")
                except json.JSONDecodeError:
                    args = {"_raw": c.function.arguments}
                trace.steps.append(Step(thought=(reply.content or "") if i == 0 else "", action=c.function.name,
                                        args=args if isinstance(args, dict) else {"_raw": args},
                                        observation=observation))
        else:
            trace.stopped = "max_steps"
            answer = stopped_answer(self.max_steps, trace.steps)
        trace.answer = answer
        final = {"role": "assistant", "content": answer}
        run_messages = [user, *scratch, final]
        for m in (run_messages if self.keep_tool_messages else [user, final]):
            self.memory.add(m)
        if self.after_run:
            self.after_run(self, run_messages)
        return AgentResult(answer=answer, trace=trace, usage=usage, messages=run_messages)

    @staticmethod
    def _meter(response: Any, system: Message, recalled: Message | None, history: list[Message],
               scratch: list[Message], tools: list[dict[str, Any]]) -> CallUsage:
        """Split one call's prompt into sections and pair it with what the model reported."""
        system_tokens = count_message_tokens(system)
        memory_tokens = count_message_tokens(recalled) if recalled else 0  # the "Known facts" data block
        sections = meter({"system": system_tokens, "memory": memory_tokens, "history": history,
                          "tool_results": scratch}, tools)
        u = getattr(response, "usage", None)
        details = getattr(u, "prompt_tokens_details", None)
        return CallUsage(sections=sections,
                         prompt_tokens=int(getattr(u, "prompt_tokens", 0) or 0),
                         completion_tokens=int(getattr(u, "completion_tokens", 0) or 0),
                         cached_tokens=int(getattr(details, "cached_tokens", 0) or 0))

    def reset(self) -> None:
        """Forget the conversation (a fresh short-term memory of the same kind, if it has clear())."""
        if hasattr(self.memory, "clear"):
            self.memory.clear()
        else:
            raise TypeError(f"{type(self.memory).__name__} has no clear(); create a new memory object instead")

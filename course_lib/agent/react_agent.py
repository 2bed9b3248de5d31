"""The ReAct agent: think, act (call a tool), observe the result, repeat, then answer.

    agent = ReActAgent(tools=scenario.TOOLS)
    result = agent.run("Book me a dinner in Berlin on Friday at 19:00 for 2")
    result.answer      # the final text
    result.trace       # every step: thought, action, arguments, observation (print it)
    result.usage       # tokens per model call, split into sections of the prompt

Tools travel in the OpenAI "tools" format, so the same loop runs against the offline model and any
live OpenAI-compatible model. The loop is here; its parts live next door: the Toolbox (toolbox.py), the
token meter (usage.py) and the trace (trace.py). The loop knows nothing about memory; memory plugs in at three places:

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

from course_lib.checks import check_number, check_whole
from course_lib.agent.compaction import CompactionPlan, Compactor, plan_compaction
from course_lib.agent.recall_block import confirm_note
from course_lib.agent.toolbox import Toolbox, as_toolbox
from course_lib.agent.truncation import pursuing
from course_lib.agent.trace import AgentResult, Step, Trace
from course_lib.agent.usage import CallUsage, Usage, meter
from course_lib.model.lazy import LazyModel
from course_lib.model.prompts import REACT_SYSTEM, facts_block
from course_lib.model.tokens import count_message_tokens

__all__ = ["ReActAgent"]

Message = dict[str, Any]
BeforeRun = Callable[["ReActAgent", str], "list[str] | None"]
AfterRun = Callable[["ReActAgent", "list[Message]"], None]


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
        check_whole(max_steps, "max_steps", 1, hint=" (the number of model calls allowed per run)")
        check_number(compact_at, "compact_at", 0, 1, low_open=True,
                     hint=" (the fraction of max_context_tokens at which to compact, e.g. 0.8)")
        if max_context_tokens is not None:
            check_whole(max_context_tokens, "max_context_tokens", 1,
                        hint=" (the prompt window in tokens, e.g. 5000), or None for no limit;")
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
        """Recall, then up to max_steps model calls with the tools they ask for, then remember the run."""
        self.last_facts = list(self.before_run(self, user_message) or []) if self.before_run else []
        system, user = {"role": "system", "content": self.system_prompt()}, {"role": "user", "content": user_message}
        recalled = self.memory_message(self.last_facts)
        context = [*(dict(m) for m in self.memory.render()), user]  # after the system prompt; compaction folds it
        trace, usage, scratch = Trace(user_message), Usage(), []
        compactor = Compactor(self.compaction, self.model) if self.compaction else None
        for step in range(self.max_steps):
            if compactor:
                context, folded = compactor.fit([system, *([recalled] if recalled else [])], context, user,
                                                self.tools.schemas, step)
                trace.compactions += [folded] if folded else []
            reply = self._call(system, recalled, context, user, usage)
            if not reply.tool_calls:
                answer = reply.content or ""
                break
            acted = self._act(reply, trace)
            scratch += acted
            context += acted
        else:
            answer = self._stopped(trace)
        return self._finish(user, scratch, answer, trace, usage)

    def _call(self, system: Message, recalled: Message | None, context: list[Message], user: Message,
              usage: Usage) -> Any:
        """One model call on the cache-friendly layout (system, history, user, memory block, this run's calls);
        its tokens go to `usage`, section by section. The user message is found by identity: an earlier message
        in the history may have the same words."""
        at = next(i for i, m in enumerate(context) if m is user) + 1
        messages = [system, *context[:at], *([recalled] if recalled else []), *context[at:]]
        schemas = list(self.tools.schemas)
        response = self.model.chat(messages, **({"tools": schemas} if schemas else {}))
        usage.calls.append(self._meter(response, system, recalled, context[:at], context[at:], schemas))
        return response.choices[0].message

    def _act(self, reply: Any, trace: Trace) -> list[Message]:
        """Run the tools a reply asks for: the assistant's call message and one result message per call, each
        call recorded in the trace (with its arguments as the model wrote them, parsed when they are JSON)."""
        calls = list(reply.tool_calls)
        out: list[Message] = [{"role": "assistant", "content": reply.content, "tool_calls": [
            {"id": c.id, "type": "function", "function": {"name": c.function.name, "arguments": c.function.arguments}}
            for c in calls]}]
        for i, c in enumerate(calls):
            observation = self.tools.call(c.function.name, c.function.arguments)
            out.append({"role": "tool", "tool_call_id": c.id, "content": observation})
            trace.steps.append(Step(thought=(reply.content or "") if i == 0 else "", action=c.function.name,
                                    args=parsed_arguments(c.function.arguments), observation=observation))
        return out

    def _stopped(self, trace: Trace) -> str:
        """The answer of a run that used every step without a final answer."""
        trace.stopped = "max_steps"
        return (f"I stopped after {self.max_steps} step{'s' if self.max_steps != 1 else ''} without a final answer "
                f"(raise max_steps or simplify the request).")

    def _finish(self, user: Message, scratch: list[Message], answer: str, trace: Trace, usage: Usage) -> AgentResult:
        """Add the run to the short-term memory, hand it to after_run, and return the result."""
        trace.answer = answer
        run_messages = [user, *scratch, {"role": "assistant", "content": answer}]
        for m in (run_messages if self.keep_tool_messages else [user, run_messages[-1]]):
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


def parsed_arguments(arguments: str | None) -> dict[str, Any]:
    """A tool call's arguments as a dict for the trace; text that is not a JSON object is kept as {"_raw": text}."""
    try:
        args = json.loads(arguments or "{}")
    except json.JSONDecodeError:
        return {"_raw": arguments}
    return args if isinstance(args, dict) else {"_raw": args}

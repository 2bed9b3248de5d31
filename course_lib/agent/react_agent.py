"""The ReAct agent: think, act (call a tool), observe the result, repeat, then answer.

    agent = ReActAgent(tools=scenario.TOOLS)
    result = agent.run("Book me a dinner in Berlin on Friday at 19:00 for 2")
    result.answer      # the final text
    result.trace       # every step: thought, action, arguments, observation (print it)
    result.usage       # tokens per model call, split into sections of the prompt

Tools travel in the OpenAI "tools" format, so the same loop runs against the offline model and any
live OpenAI-compatible model. The loop knows nothing about memory; memory plugs in at two places:

* ``memory``      a short-term memory object (``add(message)``, ``render()``) that carries the
                  conversation from one ``run`` to the next (default: a lossless ConversationBuffer);
* ``before_run``  ``hook(agent, user_message) -> list[str]``: facts recalled for this message, injected
                  into the system prompt under "Known facts about this user";
* ``after_run``   ``hook(agent, conversation) -> None``: sees the messages of the finished run
                  (user message … final answer) to extract and write long-term memories.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from course_lib.model.prompts import REACT_SYSTEM
from course_lib.model.tokens import REPLY_PRIMING, count_message_tokens, count_tools_tokens

FACTS_HEADING = "Known facts about this user:"
SECTIONS = ("system", "tools", "memory", "history", "tool_results")

Message = dict[str, Any]
BeforeRun = Callable[["ReActAgent", str], "list[str] | None"]
AfterRun = Callable[["ReActAgent", "list[Message]"], None]


# ----------------------------------------------------------------------------------------- tools
@dataclass(frozen=True)
class Toolbox:
    """The tools an agent may call: OpenAI-format schemas plus the Python function behind each name."""

    schemas: tuple[dict[str, Any], ...]
    functions: Mapping[str, Callable[..., Any]]

    def __post_init__(self) -> None:
        object.__setattr__(self, "schemas", tuple(self.schemas))
        names = []
        for s in self.schemas:
            fn = s.get("function") if isinstance(s, Mapping) else None
            if s.get("type") != "function" or not isinstance(fn, Mapping) or not fn.get("name"):
                raise ValueError(f"a tool schema looks like {{'type': 'function', 'function': {{'name': …, "
                                 f"'parameters': …}}}}; got {s!r:.120}")
            names.append(fn["name"])
        missing = [n for n in names if n not in self.functions]
        extra = [n for n in self.functions if n not in names]
        if missing or extra:
            raise ValueError(f"every tool needs a schema and a function: no function for {missing}, "
                             f"no schema for {extra}")

    @property
    def names(self) -> list[str]:
        """Tool names in schema order."""
        return [s["function"]["name"] for s in self.schemas]

    def only(self, *names: str) -> "Toolbox":
        """A toolbox with just the named tools."""
        unknown = [n for n in names if n not in self.functions]
        if unknown:
            raise KeyError(f"no tools called {unknown}; this toolbox has {self.names}")
        return Toolbox([s for s in self.schemas if s["function"]["name"] in names],
                       {n: self.functions[n] for n in names})

    def with_tool(self, schema: dict[str, Any], fn: Callable[..., Any]) -> "Toolbox":
        """A toolbox with one more tool (or a tool replaced by a new one of the same name)."""
        name = schema["function"]["name"]
        schemas = [s for s in self.schemas if s["function"]["name"] != name] + [schema]
        return Toolbox(schemas, {**self.functions, name: fn})

    def wrap(self, wrapper: Callable[[str, Callable[..., Any]], Callable[..., Any]]) -> "Toolbox":
        """A toolbox whose functions are `wrapper(name, fn)` (e.g. to truncate every result)."""
        return Toolbox(self.schemas, {n: wrapper(n, f) for n, f in self.functions.items()})

    def call(self, name: str, arguments: str) -> str:
        """Run one tool call (arguments as a JSON string) and return the observation as text.

        Mistakes the model makes (unknown tool, bad JSON, wrong arguments) and any Exception the tool
        raises come back as an error observation the model can read and correct, instead of crashing the
        loop: a tool's own ValueError/KeyError as "error: <message>", anything else (a bug in the tool,
        say) as "error: <ExceptionType>: <message>". KeyboardInterrupt and SystemExit still stop the run.
        """
        fn = self.functions.get(name)
        if fn is None:
            return f"error: there is no tool called {name!r}; available tools: {', '.join(self.names)}"
        try:
            args = json.loads(arguments or "{}")
        except json.JSONDecodeError as exc:
            return f"error: the arguments are not valid JSON ({exc}); send a JSON object"
        if not isinstance(args, dict):
            return "error: the arguments must be a JSON object such as {\"city\": \"Berlin\"}"
        try:
            result = fn(**args)
        except TypeError as exc:
            return f"error: {name} was called with the wrong arguments ({exc})"
        except (ValueError, KeyError) as exc:  # the tool's own explanation of what was wrong
            return f"error: {exc}"
        except Exception as exc:  # anything else, e.g. a bug in the tool: still an observation, not a crash
            return f"error: {type(exc).__name__}: {exc}"
        return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, default=str)


def as_toolbox(tools: "Toolbox | tuple | None") -> Toolbox:
    """A Toolbox from a Toolbox, a (schemas, functions) pair, or None (no tools)."""
    if tools is None:
        return Toolbox((), {})
    if isinstance(tools, Toolbox):
        return tools
    if isinstance(tools, tuple) and len(tools) == 2:
        return Toolbox(tools[0], tools[1])
    raise TypeError("tools must be a Toolbox or a (schemas, functions) pair, e.g. scenario.TOOLS")


# ----------------------------------------------------------------------------------- token meter
@dataclass
class CallUsage:
    """Tokens of one model call: the prompt split into sections, and what the model reported."""

    sections: dict[str, int]
    prompt_tokens: int  # as reported by the model
    completion_tokens: int
    cached_tokens: int = 0

    @property
    def counted(self) -> int:
        """Sum of the sections (our own count of the prompt)."""
        return sum(self.sections.values())


@dataclass
class Usage:
    """The token meter of one run: one CallUsage per model call."""

    calls: list[CallUsage] = field(default_factory=list)

    @property
    def prompt_tokens(self) -> int:
        """Prompt tokens over all calls, as the model reported them."""
        return sum(c.prompt_tokens for c in self.calls)

    @property
    def completion_tokens(self) -> int:
        """Completion tokens over all calls."""
        return sum(c.completion_tokens for c in self.calls)

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens over all calls."""
        return self.prompt_tokens + self.completion_tokens

    @property
    def cached_tokens(self) -> int:
        """Prompt tokens served from the provider's cache, over all calls."""
        return sum(c.cached_tokens for c in self.calls)

    def by_section(self) -> dict[str, int]:
        """Prompt tokens per section, summed over all calls."""
        return {s: sum(c.sections.get(s, 0) for c in self.calls) for s in SECTIONS}

    def table(self) -> str:
        """A plain-text table: one row per call, one column per section."""
        head = f"{'call':>4} " + " ".join(f"{s:>12}" for s in SECTIONS) + f" {'prompt':>8} {'cached':>7} {'output':>7}"
        rows = [head]
        for i, c in enumerate(self.calls, 1):
            rows.append(f"{i:>4} " + " ".join(f"{c.sections.get(s, 0):>12}" for s in SECTIONS)
                        + f" {c.prompt_tokens:>8} {c.cached_tokens:>7} {c.completion_tokens:>7}")
        return "\n".join(rows)


def meter(sections: Mapping[str, list[Message] | str | int], tools: Sequence[dict[str, Any]]) -> dict[str, int]:
    """Tokens per prompt section, counted the way count_tokens counts a message list.

    `sections` maps a section name to its messages; the reply priming every prompt pays is booked
    to "system", and tool definitions to "tools", so the sections add up to count_tokens(prompt)
    plus count_tools_tokens(tools). An int value is taken as already counted.
    """
    out = {s: 0 for s in SECTIONS}
    for name, value in sections.items():
        out[name] = value if isinstance(value, int) else sum(count_message_tokens(m) for m in value)
    out["system"] += REPLY_PRIMING
    out["tools"] += count_tools_tokens(tools)
    return out


# ---------------------------------------------------------------------------------------- trace
@dataclass
class Step:
    """One action of the agent: the thought before it, the tool called, its arguments and what came back."""

    thought: str
    action: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    observation: str | None = None


@dataclass
class Trace:
    """What the agent did in one run, step by step; print it or display it in a notebook."""

    user_message: str
    steps: list[Step] = field(default_factory=list)
    answer: str = ""
    stopped: str = "answer"  # "answer", or "max_steps" when the step limit cut the loop
    max_chars: int = 300  # observations longer than this are shortened when shown

    def _short(self, text: str | None) -> str:
        text = (text or "").replace("\n", " ")
        return text if len(text) <= self.max_chars else text[: self.max_chars] + f" … ({len(text):,} chars)"

    def __str__(self) -> str:
        lines = [f"User: {self.user_message}"]
        for i, s in enumerate(self.steps, 1):
            if s.thought:
                lines.append(f"  [{i}] Thought: {s.thought}")
            if s.action:
                lines.append(f"  [{i}] Action: {s.action}({json.dumps(s.args, ensure_ascii=False)})")
                lines.append(f"  [{i}] Observation: {self._short(s.observation)}")
        lines.append(f"Answer: {self.answer}" + ("" if self.stopped == "answer" else f"  (stopped: {self.stopped})"))
        return "\n".join(lines)

    def show(self) -> None:
        """Print the trace."""
        print(self)

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = [f"<tr><td><b>user</b></td><td colspan=2>{esc(self.user_message)}</td></tr>"]
        for i, s in enumerate(self.steps, 1):
            if s.thought:
                rows.append(f"<tr><td>{i}</td><td><i>thought</i></td><td>{esc(s.thought)}</td></tr>")
            if s.action:
                call = f"{s.action}({json.dumps(s.args, ensure_ascii=False)})"
                rows.append(f"<tr><td>{i}</td><td><i>action</i></td><td><code>{esc(call)}</code></td></tr>")
                rows.append(f"<tr><td>{i}</td><td><i>observation</i></td><td><small>{esc(self._short(s.observation))}"
                            "</small></td></tr>")
        rows.append(f"<tr><td><b>answer</b></td><td colspan=2>{esc(self.answer)}</td></tr>")
        return "<table style='text-align:left'>" + "".join(rows) + "</table>"


@dataclass
class AgentResult:
    """The outcome of `ReActAgent.run`: the final answer, the trace and the token meter."""

    answer: str
    trace: Trace
    usage: Usage
    messages: list[Message]  # the messages of this run: user message … final answer

    def __str__(self) -> str:
        return self.answer


# ---------------------------------------------------------------------------------------- agent
class ReActAgent:
    """A thought / action / observation loop over `Model`, with tools, a step limit, a trace and a token meter."""

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
    ) -> None:
        if not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps is the number of model calls allowed per run (>= 1), got {max_steps!r}")
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

    @property
    def model(self) -> Any:
        """The Model this agent calls (created on first use, so building an agent is cheap)."""
        if self._model is None:
            from course_lib.model.client import Model

            self._model = Model()
        return self._model

    def system_prompt(self, facts: Iterable[str] = ()) -> str:
        """The system prompt, with recalled facts under the "Known facts about this user" heading."""
        facts = [f.strip() for f in facts if f and f.strip()]
        if not facts:
            return self.system
        return self.system + "\n\n" + FACTS_HEADING + "\n" + "\n".join(f"- {f}" for f in facts)

    def run(self, user_message: str) -> AgentResult:
        """Answer one user message: recall, loop over tools up to max_steps, remember, write."""
        if not isinstance(user_message, str) or not user_message.strip():
            raise ValueError("run() needs the user's message as a non-empty string")
        facts = list(self.before_run(self, user_message) or []) if self.before_run else []
        self.last_facts = facts
        base = {"role": "system", "content": self.system}
        system = {"role": "system", "content": self.system_prompt(facts)}
        history = [dict(m) for m in self.memory.render()]
        user = {"role": "user", "content": user_message}
        scratch: list[Message] = []  # this run's tool calls and tool results
        trace, usage = Trace(user_message), Usage()
        schemas = list(self.tools.schemas)
        answer = ""
        for _ in range(self.max_steps):
            messages = [system, *history, user, *scratch]
            kwargs = {"tools": schemas} if schemas else {}
            response = self.model.chat(messages, **kwargs)
            usage.calls.append(self._meter(response, base, system, history + [user], scratch, schemas))
            reply = response.choices[0].message
            calls = list(reply.tool_calls or [])
            if not calls:
                answer = reply.content or ""
                break
            scratch.append({"role": "assistant", "content": reply.content, "tool_calls": [
                {"id": c.id, "type": "function",
                 "function": {"name": c.function.name, "arguments": c.function.arguments}} for c in calls]})
            for i, c in enumerate(calls):
                observation = self.tools.call(c.function.name, c.function.arguments)
                scratch.append({"role": "tool", "tool_call_id": c.id, "content": observation})
                try:
                    args = json.loads(c.function.arguments or "{}")
                except json.JSONDecodeError:
                    args = {"_raw": c.function.arguments}
                trace.steps.append(Step(thought=(reply.content or "") if i == 0 else "", action=c.function.name,
                                        args=args if isinstance(args, dict) else {"_raw": args},
                                        observation=observation))
        else:
            trace.stopped = "max_steps"
            answer = (f"I stopped after {self.max_steps} step{'s' if self.max_steps != 1 else ''} without a final answer "
                      f"(raise max_steps or simplify the request).")
        trace.answer = answer
        final = {"role": "assistant", "content": answer}
        run_messages = [user, *scratch, final]
        for m in (run_messages if self.keep_tool_messages else [user, final]):
            self.memory.add(m)
        if self.after_run:
            self.after_run(self, run_messages)
        return AgentResult(answer=answer, trace=trace, usage=usage, messages=run_messages)

    @staticmethod
    def _meter(response: Any, base: Message, system: Message, history: list[Message],
               scratch: list[Message], tools: list[dict[str, Any]]) -> CallUsage:
        """Split one call's prompt into sections and pair it with what the model reported."""
        system_tokens = count_message_tokens(base)
        memory_tokens = count_message_tokens(system) - system_tokens  # the "Known facts" block
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

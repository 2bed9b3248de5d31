"""A Toolbox: the tools an agent may call, as OpenAI-format schemas plus the Python function behind each name.

`Toolbox.call` runs one tool call and turns every mistake (unknown tool, bad JSON, wrong arguments, an
exception inside the tool) into an observation the model can read, so a bad call never crashes the loop.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping


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

    def call(self, name: str, arguments: "str | Mapping[str, Any] | None") -> str:
        """Run one tool call (arguments as a JSON string, as a model sends them, or a dict) and return the
        observation as text.

        Mistakes the model makes (unknown tool, bad JSON, wrong arguments) and any Exception the tool
        raises come back as an error observation the model can read and correct, instead of crashing the
        loop: a tool's own ValueError/KeyError as "error: <message>", anything else (a bug in the tool,
        say) as "error: <ExceptionType>: <message>". KeyboardInterrupt and SystemExit still stop the run.
        """
        fn = self.functions.get(name)
        if fn is None:
            return f"error: there is no tool called {name!r}; available tools: {', '.join(self.names)}"
        if isinstance(arguments, Mapping):  # called from Python: the arguments as they are
            args: Any = dict(arguments)
        elif arguments is None or isinstance(arguments, str):
            try:
                args = json.loads(arguments or "{}")
            except json.JSONDecodeError as exc:
                return f"error: the arguments are not valid JSON ({exc}); send a JSON object"
        else:
            raise TypeError(f"arguments must be a JSON text such as '{{\"city\": \"Berlin\"}}' or a dict such as "
                            f"{{'city': 'Berlin'}}, got {type(arguments).__name__}")
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

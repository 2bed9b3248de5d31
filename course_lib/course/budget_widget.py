"""The context-budget widget of lesson 08: tokens by section against the window, with the compaction trigger.

    from course_lib.course.budget_widget import budget_explorer, context_budget, budget_text
    budget_explorer()                                        # in a notebook: sliders and a stacked bar
    print(budget_text(context_budget(window=8_000, turns=12)))   # the same numbers as plain text

`context_budget` is the pure part: after `turns` turns of Priya's long trip conversation (scenario.LONG_TRIP),
with one tool result of `tool_tokens` per turn, it counts the prompt's five sections (the agent's SECTIONS)
with the course tokenizer, and, if the prompt passes the trigger, what one compaction (plan_compaction) leaves.
The widget only wires sliders to it and draws, like the scoring explorer in widgets.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from course_lib.agent.compaction import plan_compaction
from course_lib.agent.usage import SECTIONS
from course_lib.course import scenario
from course_lib.course.widgets import figure_png, show
from course_lib.model.prompts import REACT_SYSTEM, facts_block
from course_lib.model.tokens import REPLY_PRIMING, count_message_tokens, count_tokens, count_tools_tokens

COLOURS = dict(zip(SECTIONS, ("#4c72b0", "#8172b3", "#55a868", "#dd8452", "#c44e52")))
# slider -> (min, max, step)
WINDOW_RANGE = (2_000, 32_000, 1_000)
TRIGGER_RANGE = (0.5, 1.0, 0.05)
TURNS_RANGE = (1, len(scenario.LONG_TRIP) // 2, 1)
TOOL_RANGE = (0, 2_000, 100)


@dataclass(frozen=True)
class Budget:
    """Tokens per prompt section now, and after one compaction (None when the prompt is under the trigger)."""

    window: int
    trigger_tokens: int
    sections: dict[str, int]
    after: dict[str, int] | None  # the summary of the folded part is booked to "history"

    @property
    def total(self) -> int:
        """Prompt tokens now."""
        return sum(self.sections.values())

    @property
    def compacts(self) -> bool:
        """True if this prompt passes the trigger, so the agent compacts before sending it."""
        return self.after is not None


def _check(name: str, value: Any, bounds: tuple, kind: type) -> None:
    lo, hi, _ = bounds
    if isinstance(value, bool) or not isinstance(value, (int, float) if kind is float else int) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a {'number' if kind is float else 'whole number'} from {lo} to {hi}, "
                         f"got {value!r}")


def context_budget(window: int = 8_000, trigger: float = 0.8, turns: int = 8, tool_tokens: int = 300) -> Budget:
    """The prompt after `turns` turns of the long trip with one `tool_tokens` tool result per turn, by section."""
    _check("window", window, WINDOW_RANGE, int)
    _check("trigger", trigger, TRIGGER_RANGE, float)
    _check("turns", turns, TURNS_RANGE, int)
    _check("tool_tokens", tool_tokens, TOOL_RANGE, int)
    history = list(scenario.LONG_TRIP[: 2 * turns])
    sections = {"system": count_tokens(REACT_SYSTEM) + REPLY_PRIMING,
                "tools": count_tools_tokens(scenario.TOOL_SCHEMAS),
                "memory": count_tokens(facts_block(scenario.PRIYA_FACTS)),
                "history": sum(count_message_tokens(m) for m in history),
                "tool_results": turns * tool_tokens}
    plan = plan_compaction(window, trigger)
    total = sum(sections.values())
    after = None
    if total > plan.trigger_tokens:
        foldable = sections["history"] + sections["tool_results"]
        # like the Compactor: fold at least fold_tokens, and enough to get back under the trigger
        fold = min(foldable, max(plan.fold_tokens, total - plan.trigger_tokens + plan.target_tokens))
        summary = min(plan.target_tokens, fold)
        from_tools = round(fold * sections["tool_results"] / foldable) if foldable else 0
        after = {**sections, "history": sections["history"] - (fold - from_tools) + summary,
                 "tool_results": sections["tool_results"] - from_tools}
    return Budget(window, plan.trigger_tokens, sections, after)


def budget_text(budget: Budget) -> str:
    """The budget as a fixed-width table and one line saying whether (and how far) it compacts."""
    rows = [f"{'section':<13}{'now':>8}" + (f"{'after':>8}" if budget.after else "")]
    for s in SECTIONS:
        rows.append(f"{s:<13}{budget.sections[s]:>8,}" + (f"{budget.after[s]:>8,}" if budget.after else ""))
    rows.append(f"{'total':<13}{budget.total:>8,}" + (f"{sum(budget.after.values()):>8,}" if budget.after else ""))
    state = (f"over the trigger: compact, {budget.total:,} -> {sum(budget.after.values()):,} tokens"
             if budget.after else f"under the trigger, no compaction ({budget.total / budget.window:.0%} of the window)")
    if budget.total > budget.window:
        state += f"; without compaction the prompt would not fit the {budget.window:,}-token window"
    rows.append(f"window {budget.window:,}, trigger {budget.trigger_tokens:,}: {state}")
    return "\n".join(rows)


def plot_budget(budget: Budget, ax: Any = None) -> Any:
    """Stacked horizontal bars of the sections (now, and after compaction), the trigger and the window marked."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(8, 3.2))
    bars = [("now", budget.sections)] + ([("after compaction", budget.after)] if budget.after else [])
    for y, (_, parts) in enumerate(reversed(bars)):
        left = 0
        for s in SECTIONS:
            ax.barh(y, parts[s], left=left, color=COLOURS[s], edgecolor="white", label=s if y == 0 else None)
            left += parts[s]
    ax.axvline(budget.trigger_tokens, color="black", ls="--", lw=1.3, label=f"trigger {budget.trigger_tokens:,}")
    ax.axvline(budget.window, color="black", lw=2, label=f"window {budget.window:,}")
    ax.set_yticks(range(len(bars)))
    ax.set_yticklabels([name for name, _ in reversed(bars)])
    ax.set_xlim(0, max(budget.window, budget.total) * 1.05)
    ax.set_xlabel("prompt tokens")
    ax.set_title("The context budget by section")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.4), ncol=4, fontsize=8, frameon=False)
    return ax


def _png(budget: Budget) -> bytes:
    """The budget chart as PNG bytes."""
    return figure_png(lambda ax: plot_budget(budget, ax=ax), (8, 3.2))


class BudgetExplorer(w.VBox):
    """Sliders for window, trigger, turns and tool-result size; a stacked bar and a table that follow them."""

    def __init__(self, window: int, trigger: float, turns: int, tool_tokens: int) -> None:
        def slider(kind: Any, value: Any, bounds: tuple, name: str, **extra: Any) -> Any:
            lo, hi, step = bounds
            return kind(value=value, min=lo, max=hi, step=step, description=name, continuous_update=False,
                        style={"description_width": "110px"}, **extra)

        self.sliders = {
            "window": slider(w.IntSlider, window, WINDOW_RANGE, "window"),
            "trigger": slider(w.FloatSlider, trigger, TRIGGER_RANGE, "trigger", readout_format=".2f"),
            "turns": slider(w.IntSlider, turns, TURNS_RANGE, "turns"),
            "tool_tokens": slider(w.IntSlider, tool_tokens, TOOL_RANGE, "tool result / turn"),
        }
        self.chart, self.table = w.Output(), w.HTML()
        super().__init__([*self.sliders.values(), self.chart, self.table])
        for slider in self.sliders.values():
            slider.observe(self._update, names="value")
        self._update()

    def values(self) -> dict[str, Any]:
        """The slider values, as keyword arguments for context_budget."""
        return {k: s.value for k, s in self.sliders.items()}

    def _update(self, change: Any = None) -> None:
        self.budget = context_budget(**self.values())
        show(self.chart, self.table, _png(self.budget), budget_text(self.budget), label="budget chart")

    def __repr__(self) -> str:
        return f"BudgetExplorer({budget_text(self.budget).splitlines()[-1]})"


def budget_explorer(window: int = 8_000, trigger: float = 0.8, turns: int = 8, tool_tokens: int = 300) -> Any:
    """An ipywidgets box: sliders for window, trigger, turns and tool-result size, a live stacked bar and table."""
    context_budget(window, trigger, turns, tool_tokens)  # a bad starting value fails here, with its name
    return BudgetExplorer(window, trigger, turns, tool_tokens)

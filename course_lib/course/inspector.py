"""The memory inspector of lesson 07: one user's memories scored for a query, and what the threshold cuts.

    from course_lib.course.inspector import inspect_memories, inspector_table, memory_inspector
    rows = inspect_memories(memory, "priya", "a vegetarian dinner in Berlin", threshold=1.5)
    print(inspector_table(rows))                                  # plain text, for stored outputs
    memory_inspector(memory, "priya", "a vegetarian dinner in Berlin", threshold=1.5)   # live controls

`inspect_memories` is the pure part: it scores every current memory of the user with the store's own
recall (touch=False, so looking never counts as a use and never slows forgetting) and marks each row kept
or cut by the threshold. The widget only wires a query box and sliders to it and draws with the scoring
explorer's chart (widgets.plot_ranking), like lesson 06's explorer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from course_lib.checks import check_number
from course_lib.course.widgets import THRESHOLD_RANGE, WEIGHT_RANGE, Row, figure_png, plot_ranking, show
from course_lib.scoring import Weights


@dataclass(frozen=True)
class Inspected:
    """One memory as the inspector shows it: its weighted score parts, total, and whether the threshold keeps it."""

    rank: int
    id: str
    text: str
    parts: tuple[float, float, float]  # w_rec*recency, w_imp*importance, w_rel*relevance
    score: float
    kept: bool
    access_count: int

    def as_row(self) -> Row:
        """The same memory as a row of the scoring explorer's chart."""
        return Row(self.rank, str(self.rank), self.text, self.parts, self.score, self.kept)


def inspect_memories(memory: Any, user_id: str, query: str, threshold: float | None = None,
                     weights: Weights | None = None) -> list[Inspected]:
    """Every current memory of `user_id` scored for `query`, best first; rows under `threshold` have kept=False."""
    if threshold is not None:
        check_number(threshold, "threshold", hint=" (the minimum score to be recalled) or None")
    w = weights or memory.weights
    current = memory.memories(user_id)
    if not current:
        return []
    found = memory.recall(user_id, query, k=len(current), weights=w, touch=False)  # looking is not using
    return [Inspected(i, r.id, r.text, (w.recency * r.recency, w.importance * r.importance, w.relevance * r.relevance),
                      r.score, threshold is None or r.score >= threshold, r.record.access_count)
            for i, r in enumerate(found, start=1)]


def inspector_table(rows: list[Inspected]) -> str:
    """The inspected memories as a fixed-width text table (numbers rounded to 2 decimals)."""
    if not rows:
        return "(no current memories)"
    width = max(len(r.text) for r in rows)
    lines = [f"{'#':>2}  {'memory':<{width}}  {'w·rec':>5}  {'w·imp':>5}  {'w·rel':>5}  {'score':>5}  {'used':>4}"]
    for r in rows:
        rec, imp, rel = r.parts
        mark = "" if r.kept else "  cut"
        lines.append(f"{r.rank:>2}  {r.text:<{width}}  {rec:5.2f}  {imp:5.2f}  {rel:5.2f}  {r.score:5.2f}  "
                     f"{r.access_count:>4}{mark}")
    return "\n".join(lines)


def verdict(rows: list[Inspected], threshold: float | None) -> str:
    """One line: how many memories the threshold keeps, and the best one it cuts."""
    kept = sum(r.kept for r in rows)
    cut = [r for r in rows if not r.kept]
    limit = "no threshold" if threshold is None else f"threshold {threshold:.2f}"
    best_cut = f"; best cut: {cut[0].text!r} ({cut[0].score:.2f})" if cut else ""
    return f"{limit} keeps {kept} of {len(rows)}{best_cut}"


def _png(rows: list[Inspected], threshold: float, title: str) -> bytes:
    """The chart as PNG bytes, drawn without pyplot's global state."""
    return figure_png(lambda ax: plot_ranking([r.as_row() for r in rows], threshold, ax=ax, title=title),
                      (10, 1.8 + 0.4 * max(len(rows), 1)))


class MemoryInspector(w.VBox):
    """A query box, weight and threshold sliders, a chart and a table of one user's memories."""

    def __init__(self, memory: Any, user_id: str, query: str, threshold: float, weights: Weights) -> None:
        self.memory, self.user_id = memory, user_id
        style = {"description_width": "90px"}

        def slider(name: str, value: float, bounds: tuple[float, float, float]) -> Any:
            lo, hi, step = bounds
            return w.FloatSlider(value=value, min=lo, max=hi, step=step, description=name,
                                 readout_format=".2f", continuous_update=False, style=style)

        self.query = w.Text(value=query, description="query", continuous_update=False, style=style,
                            layout=w.Layout(width="520px"))
        self.sliders = {"w_rec": slider("w recency", weights.recency, WEIGHT_RANGE),
                        "w_imp": slider("w importance", weights.importance, WEIGHT_RANGE),
                        "w_rel": slider("w relevance", weights.relevance, WEIGHT_RANGE),
                        "threshold": slider("threshold", threshold, THRESHOLD_RANGE)}
        self.chart, self.table = w.Output(), w.HTML()
        self.rows: list[Inspected] = []
        super().__init__([self.query, *self.sliders.values(), self.chart, self.table])
        for control in [self.query, *self.sliders.values()]:
            control.observe(self._update, names="value")
        self._update()

    def _update(self, change: Any = None) -> None:
        s = {k: v.value for k, v in self.sliders.items()}
        try:
            weights = Weights(s["w_rec"], s["w_imp"], s["w_rel"])
            self.rows = inspect_memories(self.memory, self.user_id, self.query.value, s["threshold"], weights)
        except ValueError as error:  # an empty query, every weight at 0 …: say why
            self.rows = []
            show(self.chart, self.table, None, str(error))
            return
        show(self.chart, self.table, _png(self.rows, s["threshold"], f"{self.user_id}: {self.query.value}"),
             inspector_table(self.rows), self.summary(), label="inspector chart")

    def summary(self) -> str:
        """What the threshold keeps right now, in one line."""
        return verdict(self.rows, self.sliders["threshold"].value)

    def __repr__(self) -> str:
        return f"MemoryInspector({self.user_id!r}: {self.summary()})"


def memory_inspector(memory: Any, user_id: str, query: str, threshold: float = 1.5,
                     weights: Weights | None = None) -> Any:
    """An ipywidgets box: one user's memories scored for a query you type, with live weights and threshold."""
    weights = weights or memory.weights
    inspect_memories(memory, user_id, query, threshold, weights)  # bad arguments fail here, not in a callback
    lo, hi, _ = THRESHOLD_RANGE
    if not lo <= threshold <= hi:
        raise ValueError(f"threshold {threshold} is outside the slider's range {lo}..{hi}")
    return MemoryInspector(memory, user_id, query, threshold, weights)

"""The scoring explorer of lesson 06: sliders for the weights, the decay and the threshold, re-ranking live.

    from course_lib.course.widgets import scoring_explorer, explore_ranking, ranking_table
    scoring_explorer()                                    # in a notebook: sliders, bar chart, table
    print(ranking_table(explore_ranking(w_rel=2.0)))      # the same ranking as plain text

The logic is one pure function, `explore_ranking`, which turns slider values into ranked rows; the widget
only wires sliders to it and draws. The chart is rendered to a PNG and placed in an Output widget's
`outputs` directly, so nothing leaks into the cell's own output and the stored notebook stays deterministic.
"""
from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from typing import Any, Iterable

import ipywidgets as w

from course_lib.checks import check_number
from course_lib.ranking import rank_key
from course_lib.scoring import BERLIN_MEMORIES, Weights, rank

PART_NAMES = ("recency", "importance", "relevance")
PART_COLOURS = ("#4c72b0", "#dd8452", "#55a868")
GREYS = ("#a9a9a9", "#c4c4c4", "#dedede")  # the same three parts, greyed out

# (min, max, step) of each slider
WEIGHT_RANGE = (0.0, 3.0, 0.05)
DECAY_RANGE = (0.90, 1.0, 0.001)
THRESHOLD_RANGE = (0.0, 6.0, 0.05)


@dataclass(frozen=True)
class Row:
    """One memory in the explorer: its rank, weighted parts of the score, total, and whether it is retrieved."""

    rank: int
    label: str
    text: str
    parts: tuple[float, float, float]  # w_rec*recency, w_imp*importance, w_rel*relevance
    score: float
    retrieved: bool


def explore_ranking(memories: Iterable[Any] = BERLIN_MEMORIES, w_rec: float = 1.0, w_imp: float = 1.0,
                    w_rel: float = 1.0, decay: float = 0.99, threshold: float = 0.0,
                    normalise: bool = False) -> list[Row]:
    """Rank every memory for these slider values, best first; rows below the threshold have retrieved=False. The
    threshold is compared as the ranking compares (ranking.rank_key: equal to 6 decimals ties), so the retrieved
    rows are always the top of the list, even for two scores that tie on either side of the threshold."""
    weights = Weights(recency=w_rec, importance=w_imp, relevance=w_rel)
    check_number(threshold, "threshold", hint=" (the minimum score to be retrieved)")
    rows = []
    for i, s in enumerate(rank(memories, weights, decay, normalise=normalise), start=1):
        parts = (w_rec * s.recency, w_imp * s.importance, w_rel * s.relevance)
        rows.append(Row(i, s.candidate.key, s.text, parts, s.score, rank_key(s.score) >= rank_key(threshold)))
    return rows


def ranking_table(rows: list[Row]) -> str:
    """The ranking as a small fixed-width text table (numbers rounded to 2 decimals)."""
    width = max([len(r.text) for r in rows] + [6])
    lines = [f"{'#':>2}  {'memory':<{width + 4}}  {'w·rec':>5}  {'w·imp':>5}  {'w·rel':>5}  {'score':>5}"]
    for r in rows:
        rec, imp, rel = r.parts
        mark = "" if r.retrieved else "  (below threshold)"
        lines.append(f"{r.rank:>2}  {r.label:<2}  {r.text:<{width}}  {rec:5.2f}  {imp:5.2f}  {rel:5.2f}  "
                     f"{r.score:5.2f}{mark}")
    return "\n".join(lines)


def summary(rows: list[Row], threshold: float) -> str:
    """One deterministic line: the ranking and what the threshold keeps."""
    order = " > ".join(f"{r.label} {r.score:.2f}" for r in rows)
    kept = sum(r.retrieved for r in rows)
    return f"{order}; threshold {threshold:.2f} keeps {kept} of {len(rows)}"


def plot_ranking(rows: list[Row], threshold: float | None = None, ax: Any = None, title: str | None = None) -> Any:
    """Stacked horizontal bars of the three weighted parts per memory (best on top), threshold as a line.

    Positive parts stack rightwards from 0; a negative part (a relevance below zero) is drawn hatched and
    unfilled, going back leftwards from the end of the positive stack, so the bar ends at the score. The scores
    sit in a column right of every bar and of the threshold line, so the line never crosses them."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7.5, 1.3 + 0.6 * max(len(rows), 1)))
    labels = [f"{r.label}: {r.text}" if r.label != r.text else r.text for r in rows]
    ys = list(range(len(rows)))[::-1]  # rank 1 at the top
    tops = [sum(max(p, 0.0) for p in r.parts) for r in rows]  # where the positive stack ends
    negative_drawn = False
    for part, (name, colour, grey) in enumerate(zip(PART_NAMES, PART_COLOURS, GREYS)):
        lefts = [sum(max(p, 0.0) for p in r.parts[:part]) for r in rows]
        widths = [max(r.parts[part], 0.0) for r in rows]
        colours = [colour if r.retrieved else grey for r in rows]
        ax.barh(ys, widths, left=lefts, color=colours, edgecolor="white", label=f"w·{name}")
        for y, r, top in zip(ys, rows, tops):
            if r.parts[part] < 0:  # subtracts: from the end of the positive stack back towards the score
                taken = -sum(min(p, 0.0) for p in r.parts[:part])
                ax.barh([y], [r.parts[part]], left=[top - taken], color="white", hatch="////",
                        edgecolor=colour if r.retrieved else grey, linewidth=0.8,
                        label=None if negative_drawn else "part < 0 (subtracted)")
                negative_drawn = True
    right = max(tops + [threshold or 0.0, 1.0])
    for y, r in zip(ys, rows):
        ax.text(right * 1.14, y, f"{r.score:.2f}", va="center", ha="right", fontsize=9,
                color="black" if r.retrieved else "grey")
    if threshold is not None:
        ax.axvline(threshold, color="#c44e52", linestyle="--", linewidth=1.5, label=f"threshold {threshold:.2f}",
                   zorder=1)
    ax.set_yticks(ys)
    ax.set_yticklabels(labels)
    ax.set_xlim(min([0.0] + [r.score for r in rows]), right * 1.16)
    ax.set_xlabel("score = w·recency + w·importance + w·relevance")
    ax.set_title(title or "Memories ranked by score (grey: below the threshold, not retrieved)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0), borderaxespad=4.2, ncol=3, fontsize=8, frameon=False)  # below the x label
    return ax


def figure_png(draw: Any, figsize: tuple[float, float]) -> bytes:
    """PNG bytes of a figure that `draw(ax)` fills, without touching pyplot's global state (for widgets)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize, dpi=90)
    FigureCanvasAgg(fig)
    draw(fig.add_subplot())
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def _png(rows: list[Row], threshold: float) -> bytes:
    """The ranking chart as PNG bytes."""
    return figure_png(lambda ax: plot_ranking(rows, threshold, ax=ax), (7.5, 1.3 + 0.6 * max(len(rows), 1)))


class ScoringExplorer(w.VBox):
    """A VBox of sliders, a chart (Output widget) and a table (HTML) that re-rank on every change."""

    def __init__(self, memories: list[Any], weights: Weights, decay: float, threshold: float,
                 normalise: bool) -> None:
        self.memories = memories
        layout = {"description_width": "90px"}

        def slider(name: str, value: float, bounds: tuple[float, float, float], fmt: str) -> Any:
            lo, hi, step = bounds
            return w.FloatSlider(value=value, min=lo, max=hi, step=step, description=name,
                                 readout_format=fmt, continuous_update=False, style=layout)

        self.sliders = {
            "w_rec": slider("w recency", weights.recency, WEIGHT_RANGE, ".2f"),
            "w_imp": slider("w importance", weights.importance, WEIGHT_RANGE, ".2f"),
            "w_rel": slider("w relevance", weights.relevance, WEIGHT_RANGE, ".2f"),
            "decay": slider("decay / hour", decay, DECAY_RANGE, ".3f"),
            "threshold": slider("threshold", threshold, THRESHOLD_RANGE, ".2f"),
        }
        self.normalise = w.Checkbox(value=normalise, description="min-max normalise each term",
                                    layout=w.Layout(width="auto"))
        self.chart = w.Output()
        self.table = w.HTML()
        self.rows: list[Row] = []
        super().__init__([*self.sliders.values(), self.normalise, self.chart, self.table])
        for control in [*self.sliders.values(), self.normalise]:
            control.observe(self._update, names="value")
        self._update()

    def values(self) -> dict[str, Any]:
        """The current slider values, as keyword arguments for explore_ranking."""
        return {**{k: s.value for k, s in self.sliders.items()}, "normalise": self.normalise.value}

    def _update(self, change: Any = None) -> None:
        values = self.values()
        try:
            self.rows = explore_ranking(self.memories, **values)
        except ValueError as error:  # e.g. every weight slider at 0: say why instead of a silent chart
            self.rows = []
            show(self.chart, self.table, None, str(error))
            return
        show(self.chart, self.table, _png(self.rows, values["threshold"]), ranking_table(self.rows),
             self.summary(), label="scoring chart")

    def summary(self) -> str:
        """The current ranking in one line."""
        return summary(self.rows, self.sliders["threshold"].value)

    def __repr__(self) -> str:
        return f"ScoringExplorer({self.summary()})"


def _escape(text: str) -> str:
    import html

    return html.escape(text)


def show(chart: Any, table: Any, png: bytes | None, *lines: str, label: str = "chart") -> None:
    """Put a PNG in a widget's Output and text lines in its HTML table (no PNG: an empty chart, e.g. on an error)."""
    chart.outputs = () if png is None else (
        {"output_type": "display_data", "metadata": {},
         "data": {"image/png": base64.b64encode(png).decode("ascii"), "text/plain": f"<{label}>"}},)
    table.value = "<pre>" + "\n".join(_escape(line) for line in lines) + "</pre>"


def scoring_explorer(memories: Iterable[Any] = BERLIN_MEMORIES, weights: Weights = Weights(), decay: float = 0.99,
                     threshold: float = 0.0, normalise: bool = False) -> Any:
    """An ipywidgets box: sliders for the three weights, the decay and the threshold, a live chart and table."""
    rows = list(memories)
    if not rows:
        raise ValueError("scoring_explorer needs at least one memory to rank")
    explore_ranking(rows, weights.recency, weights.importance, weights.relevance, decay, threshold, normalise)
    for name, value, (lo, hi, _) in (("decay", decay, DECAY_RANGE), ("threshold", threshold, THRESHOLD_RANGE),
                                     *((f"weight {n}", getattr(weights, n), WEIGHT_RANGE) for n in PART_NAMES)):
        if not lo <= value <= hi:
            raise ValueError(f"{name} {value} is outside the slider's range {lo}..{hi}")
    return ScoringExplorer(rows, weights, decay, threshold, normalise)

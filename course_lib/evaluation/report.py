"""The benchmark's report: a table (text and CSV) and two plots."""
from __future__ import annotations

import csv
import math
from pathlib import Path
from typing import Any, Sequence

from course_lib.evaluation.harness import StrategyResult

COLUMNS = [  # (summary key, heading, format)
    ("tokens_per_call", "tokens/call", "{:,.0f}"),
    ("total_tokens", "total tokens", "{:,.0f}"),
    ("evidence_recall", "evidence recall", "{:.0%}"),
    ("task_completion", "task done", "{:.0%}"),
    ("stale_rate", "stale", "{:.0%}"),
    ("precision", "precision items", "{:.0%}"),
    ("token_precision", "precision tokens", "{:.0%}"),
    ("empty_when_irrelevant", "empty if irrelevant", "{:.0%}"),
    ("leaked_items", "other users' lines", "{:.0f}"),
    ("latency_ms", "latency ms", "{:.1f}"),
]
KIND_COLUMNS = [("recall_single", "single"), ("recall_changed", "changed"), ("recall_two_facts", "two facts"),
                ("recall_temporal", "temporal")]


def _cell(value: float, fmt: str, key: str = "") -> str:
    if isinstance(value, float) and math.isnan(value):
        return "-"
    return fmt.format(value) + (" FAIL" if key == "leaked_items" and value > 0 else "")  # memory crossed users


def table(results: Sequence[StrategyResult], latency: bool = True, by_kind: bool = False) -> str:
    """A plain-text table, one row per strategy (latency is wall time: leave it out where output must not vary).

    The task column appears only when the run answered the questions (run(..., answer=...))."""
    answered = any(r.done is not None for res in results for r in res.results)
    cols = [c for c in COLUMNS if (latency or c[0] != "latency_ms") and (answered or c[0] != "task_completion")]
    cols += [(key, f"recall {head}", "{:.0%}") for key, head in KIND_COLUMNS] if by_kind else []
    rows = [[r.name] + [_cell(r.summary()[key], fmt, key) for key, _, fmt in cols] for r in results]
    head = ["strategy"] + [h for _, h, _ in cols]
    widths = [max(len(x[i]) for x in [head] + rows) for i in range(len(head))]
    line = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    return "\n".join([line(head), line(["-" * w for w in widths])] + [line(r) for r in rows])


def write_csv(results: Sequence[StrategyResult], path: Path) -> None:
    """Every summary number of every strategy, unrounded."""
    keys = list(results[0].summary())
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["strategy"] + keys)
        for r in results:
            s = r.summary()
            writer.writerow([r.name] + [repr(round(float(s[k]), 6)) for k in keys])


def plot(results: Sequence[StrategyResult], title: str = "") -> Any:
    """Left: evidence recall, task completion (if answered) and stale rate. Right: recall against tokens (log)."""
    import matplotlib.pyplot as plt

    names = [r.name for r in results]
    s = [r.summary() for r in results]
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.6))
    y = range(len(names))
    bars = [("evidence_recall", "evidence recall", "#2b8cbe"), ("task_completion", "task done", "#31a354"),
            ("stale_rate", "stale (old value in prompt)", "#e34a33")]
    bars = [b for b in bars if not all(math.isnan(x[b[0]]) for x in s)]  # no task bar for an unanswered run
    h = 0.8 / len(bars)
    for j, (key, label, color) in enumerate(bars):  # top to bottom within each strategy, as in the legend
        left.barh([i + (j - (len(bars) - 1) / 2) * h for i in y], [x[key] for x in s], height=h, label=label,
                  color=color)
    left.set_yticks(list(y), names)
    left.invert_yaxis()
    left.set_xlim(0, 1)
    left.set_xlabel("share of questions")
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=3, fontsize=8, frameon=False)
    left.set_title("Did the answer reach the prompt" + (", and the task get done?" if len(bars) == 3 else "?"))
    markers = "osD^vP*Xh"
    for i, (x, name) in enumerate(zip(s, names)):  # a legend, not labels: close points would overprint
        right.scatter(x["tokens_per_call"], x["evidence_recall"], s=70, marker=markers[i % len(markers)],
                      color=f"C{i}", label=name, alpha=0.85, edgecolors="black", linewidths=0.5)
    right.legend(loc="center left", bbox_to_anchor=(1.02, 0.5), fontsize=8, frameon=False)
    right.set_xscale("log")
    right.set_ylim(-0.05, 1.1)
    right.set_xlabel("prompt tokens per call (log scale)")
    right.set_ylabel("evidence recall")
    right.set_title("What each strategy pays for it")
    right.grid(alpha=0.3)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


def write_report(results: Sequence[StrategyResult], folder: Path, title: str, detail: str = "") -> list[Path]:
    """table.txt, results.csv and strategies.png under `folder`; returns the paths written."""
    import matplotlib

    matplotlib.use("Agg")
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / "table.txt", folder / "results.csv", folder / "strategies.png"]
    paths[0].write_text(title + "\n" + detail + "\n\n" + table(results, by_kind=True) + "\n", encoding="utf-8")
    write_csv(results, paths[1])
    fig = plot(results, title)
    fig.savefig(paths[2], dpi=110)
    return paths

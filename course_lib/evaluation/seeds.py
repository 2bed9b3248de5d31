"""The same comparison over several seeds: mean ± spread per strategy, and how often the ranking changes.

One seed is one sample of conversations; on a benchmark of 48 questions a single question moves evidence
recall by about 3 points. Running several seeds shows which differences survive the noise:

    mean ± sd          the mean over seeds and the sample standard deviation (0 for one seed)
    range              the lowest and highest value over seeds
    orderings          how many different rankings of the strategies the seeds produce (ties share a rank)
    wins(a, b)         on how many seeds strategy a scored strictly higher than b

    runs = over_seeds("classroom", (7, 8, 9, 10, 11), standard_strategies)
    print(spread_table(runs))
"""
from __future__ import annotations

import math
import statistics
from typing import Any, Callable, Iterable, Sequence

from course_lib.evaluation.generate import generate
from course_lib.evaluation.harness import StrategyResult, run

Runs = dict[str, list[dict[str, float]]]  # strategy name -> one summary per seed, in seed order
SPREAD_COLUMNS = [("evidence_recall", "evidence recall"), ("stale_rate", "stale"), ("precision", "precision items"),
                  ("token_precision", "precision tokens"), ("empty_when_irrelevant", "empty if irrelevant"),
                  ("leaked_items", "other users' lines")]


def over_seeds(size: str | tuple[int, int], seeds: Iterable[int], make: Callable[[], list[Any]], mode: str = "course",
               known: dict[int, Sequence[StrategyResult]] | None = None) -> Runs:
    """Every strategy's summary on each seed; `make()` builds fresh strategies per seed, `known` reuses runs."""
    seeds = list(seeds)
    if not seeds:
        raise ValueError("over_seeds needs at least one seed, e.g. seeds=(7, 8, 9)")
    out: Runs = {}
    for seed in seeds:
        results = (known or {}).get(seed) or run(generate(size, seed, mode), make(), progress=False)
        for r in results:
            out.setdefault(r.name, []).append(r.summary())
    return out


def values(runs: Runs, name: str, key: str) -> list[float]:
    """One strategy's `key` on every seed (seeds where it is undefined, such as no stale question, left out)."""
    return [s[key] for s in runs[name] if not math.isnan(s[key])]


def spread(xs: Sequence[float]) -> tuple[float, float, float, float]:
    """(mean, sample standard deviation, min, max) of the values; nan for none."""
    if not xs:
        return (math.nan,) * 4
    return statistics.mean(xs), statistics.stdev(xs) if len(xs) > 1 else 0.0, min(xs), max(xs)


def cell(xs: Sequence[float], percent: bool = True) -> str:
    """'97% ± 2 (93–100)' for shares, '3.2 ± 1.1 (2–5)' for counts."""
    mean, sd, lo, hi = spread(xs)
    if math.isnan(mean):
        return "-"
    if percent:
        return f"{mean:.0%} ± {100 * sd:.0f} ({100 * lo:.0f}–{100 * hi:.0f})"
    return f"{mean:.1f} ± {sd:.1f} ({lo:.0f}–{hi:.0f})"


def spread_table(runs: Runs, columns: Sequence[tuple[str, str]] = SPREAD_COLUMNS) -> str:
    """A plain-text table: per strategy, 'mean ± sd (min–max)' over the seeds for each column."""
    head = ["strategy"] + [h for _, h in columns]
    rows = [[name] + [cell(values(runs, name, key), key != "leaked_items") for key, _ in columns] for name in runs]
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    line = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    seeds = len(next(iter(runs.values())))
    return "\n".join([f"mean ± sd (min–max) over {seeds} seeds", line(head), line(["-" * w for w in widths])]
                     + [line(r) for r in rows])


def ranking(runs: Runs, key: str, seed: int) -> tuple[tuple[str, ...], ...]:
    """The strategies from best to worst on one seed (by position in the runs), tied ones grouped together."""
    scored = sorted(((s[seed][key], name) for name, s in runs.items()), key=lambda x: -x[0])
    groups: list[list[str]] = []
    for i, (value, name) in enumerate(scored):
        if i and value == scored[i - 1][0]:
            groups[-1].append(name)
        else:
            groups.append([name])
    return tuple(tuple(sorted(g)) for g in groups)


def orderings(runs: Runs, key: str = "evidence_recall") -> int:
    """How many different rankings by `key` the seeds produce (1: the order holds on every seed)."""
    seeds = len(next(iter(runs.values())))
    return len({ranking(runs, key, i) for i in range(seeds)})


def wins(runs: Runs, a: str, b: str, key: str = "evidence_recall") -> int:
    """On how many seeds strategy `a` scored strictly higher than `b` on `key`."""
    return sum(x[key] > y[key] for x, y in zip(runs[a], runs[b]))

"""The room's view of `make grade`: a row per learner (CSV) and one HTML page: the grid, a chart, what needs a look."""
from __future__ import annotations

import base64
import csv
import html
import io
from collections import Counter, defaultdict
from pathlib import Path

from gradebook import SYMBOL, columns, counted, grid, learner_of, needs_a_look

VERDICTS = ("correct", "wrong", "not attempted", "missing", "timeout", "error")
COLOURS = {"correct": "#1a9850", "wrong": "#d73027", "not attempted": "#bdbdbd", "missing": "#969696",
           "timeout": "#fdae61", "error": "#7b3294"}


def learners(rows: list[dict], chosen: dict[str, set[str]] | None = None) -> list[dict]:
    """One summary per learner: notebooks, a count per verdict, and 'correct of counted' (the in-class exercises)."""
    files: dict[str, set[str]] = defaultdict(set)
    counts: dict[str, Counter] = defaultdict(Counter)
    scored: dict[str, Counter] = defaultdict(Counter)
    every = {(r["lesson"], r["exercise"]) for r in rows if r["exercise"] and counted(r["lesson"], r["exercise"], chosen)}
    for row in rows:
        who = learner_of(row["file"])
        files[who].add(row["file"])
        counts[who][row["verdict"]] += 1
        if (row["lesson"], row["exercise"]) in every:
            scored[who][row["verdict"]] += 1
    return [{"learner": who, "notebooks": len(files[who]), **{v: counts[who][v] for v in VERDICTS},
             "score": f"{scored[who]['correct']}/{len(every)}"} for who in sorted(counts)]


def write_learners(rows: list[dict], path: Path, chosen: dict[str, set[str]] | None = None) -> list[dict]:
    """Write the per-learner CSV; returns its rows."""
    table = learners(rows, chosen)
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["learner", "notebooks", *VERDICTS, "score"])
        writer.writeheader()
        writer.writerows(table)
    return table


def chart(rows: list[dict]) -> str:
    """A stacked horizontal bar per exercise, verdicts as colours; PNG as base64."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    per: dict[str, Counter] = defaultdict(Counter)
    for row in rows:
        per[f"{row['lesson'][:2]} · {row['exercise']}" if row["exercise"] else "(no check ran)"][row["verdict"]] += 1
    names = list(per)
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(names) + 1.4))
    left = [0] * len(names)
    for verdict in VERDICTS:
        values = [per[n][verdict] for n in names]
        ax.barh(names, values, left=left, color=COLOURS[verdict], label=verdict)
        left = [a + b for a, b in zip(left, values)]
    ax.invert_yaxis()
    ax.set_xlabel("learners")
    ax.legend(ncol=3, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.25 if len(names) < 4 else -0.08),
              frameon=False)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode()


def _table(headings: list[str], body: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headings)
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in body)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def grid_html(table: list[dict], cols: list[tuple[str, str]], chosen) -> str:
    """The learner × exercise grid: lessons as grouped headers, a coloured symbol per verdict, homework greyed."""
    groups: list[list] = []
    for lesson, _ in cols:
        if groups and groups[-1][0] == lesson:
            groups[-1][1] += 1
        else:
            groups.append([lesson, 1])
    head = "<tr><th></th>" + "".join(f'<th colspan="{n}">{html.escape(lesson)}</th>' for lesson, n in groups) + \
        "<th></th></tr><tr><th>learner</th>" + "".join(
            f'<th class="{"" if counted(lesson, name, chosen) else "hw"}">{html.escape(name)}'
            f'{"" if counted(lesson, name, chosen) else "<br><small>homework</small>"}</th>' for lesson, name in cols) + \
        "<th>in class</th></tr>"
    body = "".join(
        f"<tr><td>{html.escape(row['learner'])}</td>" + "".join(
            f'<td class="v" style="background:{COLOURS.get(row["cells"][c], "#ffffff")}{"" if counted(*c, chosen) else ";opacity:.55"}"'
            f' title="{html.escape(row["cells"][c])}">{SYMBOL.get(row["cells"][c], "")}</td>' for c in cols) +
        f"<td><b>{row['score']}</b></td></tr>" for row in table)
    legend = " ".join(f'<span class="v" style="background:{COLOURS[v]}">{SYMBOL[v]}</span> {v}' for v in VERDICTS)
    return f'<p>{legend} · blank: not handed in</p><table class="grid"><thead>{head}</thead><tbody>{body}</tbody></table>'


def write_html(rows: list[dict], table: list[dict], path: Path, lessons: dict[str, list[str]] | None = None,
               chosen: dict[str, set[str]] | None = None) -> Path:
    """One page: the grid, the chart, what needs a look, the table per learner and every verdict."""
    lessons = lessons or {}
    cols = columns(rows, lessons)
    trouble = needs_a_look(rows)
    counting = ("every exercise counts (no in-class list given)" if chosen is None else
                "counting the in-class exercises: " + ", ".join(f"{lesson}: {', '.join(sorted(names))}"
                                                                for lesson, names in sorted(chosen.items())))
    page = f"""<!doctype html><meta charset="utf-8"><title>Grades</title>
<style>body{{font-family:sans-serif;max-width:1400px;margin:2em auto}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:3px 8px;font-size:14px;text-align:left}}
.grid td.v{{text-align:center;color:#fff;font-weight:bold;min-width:1.6em}}span.v{{color:#fff;padding:0 .4em}}
.grid th{{font-size:12px}}.grid th.hw{{color:#777}}</style>
<h1>Grades: {len(table)} learners, {len({r['file'] for r in rows})} notebooks</h1>
<p>Score: {html.escape(counting)}.</p>
<h2>Learner × exercise</h2>{grid_html(grid(rows, lessons, chosen), cols, chosen)}
<h2>Needs a look ({len(trouble)})</h2>{_table(["what", "where", "why"], [list(t) for t in trouble])}
<h2>Per exercise</h2><img alt="verdicts per exercise" src="data:image/png;base64,{chart(rows)}">
<h2>Per learner</h2>{_table(["learner", "notebooks", *VERDICTS, "score"],
                             [[t[k] for k in ["learner", "notebooks", *VERDICTS, "score"]] for t in table])}
<details><summary><b>Every verdict ({len(rows)})</b></summary>{_table(["file", "lesson", "exercise", "verdict", "message"],
    [[r["file"], r["lesson"], r["exercise"], r["verdict"], r["message"]] for r in rows])}</details>
"""
    path.write_text(page, encoding="utf-8")
    return path

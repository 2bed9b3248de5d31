"""The room's view of `make grade`: a row per learner (CSV) and an HTML page with a chart per exercise."""
from __future__ import annotations

import base64
import csv
import html
import io
from collections import Counter, defaultdict
from pathlib import Path

VERDICTS = ("correct", "wrong", "not attempted", "missing", "timeout", "error")
COLOURS = {"correct": "#1a9850", "wrong": "#d73027", "not attempted": "#bdbdbd", "missing": "#969696",
           "timeout": "#fdae61", "error": "#7b3294"}


def learner_of(file: str) -> str:
    """'alice/06_scoring.ipynb' -> 'alice' (one folder per learner); 'bob_06.ipynb' -> 'bob_06'."""
    parts = file.split("/")
    return parts[0] if len(parts) > 1 else Path(file).stem


def learners(rows: list[dict]) -> list[dict]:
    """One summary per learner: notebooks, a count per verdict, and 'correct of total'."""
    files: dict[str, set[str]] = defaultdict(set)
    counts: dict[str, Counter] = defaultdict(Counter)
    for row in rows:
        who = learner_of(row["file"])
        files[who].add(row["file"])
        counts[who][row["verdict"]] += 1
    out = []
    for who in sorted(counts):
        c = counts[who]
        total = sum(c.values())
        out.append({"learner": who, "notebooks": len(files[who]), **{v: c[v] for v in VERDICTS},
                    "score": f"{c['correct']}/{total}"})
    return out


def write_learners(rows: list[dict], path: Path) -> list[dict]:
    """Write the per-learner CSV; returns its rows."""
    table = learners(rows)
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
        per[row["exercise"] or "(no check ran)"][row["verdict"]] += 1
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


def write_html(rows: list[dict], table: list[dict], path: Path) -> Path:
    """One page: the chart, a table per learner, and every row that needs a look."""
    trouble = [r for r in rows if r["verdict"] in ("timeout", "error")]
    page = f"""<!doctype html><meta charset="utf-8"><title>Grades</title>
<style>body{{font-family:sans-serif;max-width:980px;margin:2em auto}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:3px 8px;font-size:14px;text-align:left}}</style>
<h1>Grades: {len(table)} learners, {len({r['file'] for r in rows})} notebooks</h1>
<h2>Per exercise</h2><img alt="verdicts per exercise" src="data:image/png;base64,{chart(rows)}">
<h2>Per learner</h2>{_table(["learner", "notebooks", *VERDICTS, "score"],
                             [[t[k] for k in ["learner", "notebooks", *VERDICTS, "score"]] for t in table])}
<h2>Needs a look ({len(trouble)})</h2>{_table(["file", "exercise", "verdict", "message"],
                                               [[r["file"], r["exercise"], r["verdict"], r["message"]] for r in trouble])}
<h2>Every verdict</h2>{_table(["file", "exercise", "verdict", "message"],
                               [[r["file"], r["exercise"], r["verdict"], r["message"]] for r in rows])}
"""
    path.write_text(page, encoding="utf-8")
    return path

"""`make bench`: how fast memory is on this machine, side by side with the alternatives, and where it stops scaling.

    python tools/bench.py                 # everything but the notebooks (a few minutes)
    python tools/bench.py --notebooks     # also the wall time of every lesson and solution notebook
    python tools/bench.py --quick         # smaller stores and fewer repeats, to try the script

Every number is a median and a p95 over repeated calls (after a warm-up), with its ratio to the baseline measured
in the same run. The table goes to stdout and to reports/bench/table.txt (+ results.json and plots). Performance
is reported here, never asserted in tests.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "reports" / "bench"
QUERY = "a vegetarian dinner place in Berlin for Friday"


def timings(fn: Callable[[], object], repeat: int, warmup: int = 1,
            clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """Times of `repeat` calls in milliseconds (after `warmup` calls): wall time, or CPU time with time.process_time."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(repeat):
        t = clock()
        fn()
        out.append((clock() - t) * 1000)
    return out


def stats(ms: list[float]) -> dict[str, float]:
    return {"median": statistics.median(ms), "p95": float(np.percentile(ms, 95)), "n": len(ms)}


def texts_for(n: int, seed: int) -> list[str]:
    """n distinct chat-like memories (from the course benchmark's wording, numbered so none repeat)."""
    from course_lib.evaluation.generate import generate

    bench = generate((6, 5), seed=seed)
    lines = [m["content"] for s in bench.sessions for m in s.messages if m["role"] == "user"]
    return [f"{lines[i % len(lines)]} (note {i})" for i in range(n)]


def filled_memory(backend: str, n: int, path: str | None) -> object:
    """A VectorMemory with n memories for 'target' and n/9 for each of 9 other users (embedded once, reused)."""
    from course_lib import VectorMemory

    memory = VectorMemory(backend=backend, path=path)
    vectors = cached_vectors(n)
    for i, (user, count) in enumerate([("target", n)] + [(f"other{i}", max(1, n // 9)) for i in range(9)]):
        texts = texts_for(count, seed=i)
        for start in range(0, count, 5000):
            chunk = texts[start:start + 5000]
            memory.model = FixedEmbedder(vectors)  # reuse vectors: the benchmark measures search, not embedding
            memory.remember_many(user, chunk)
    memory.model = None  # queries are embedded by the real offline model
    return memory


_VECTORS: dict[int, np.ndarray] = {}


def cached_vectors(n: int) -> np.ndarray:
    """Unit vectors for n texts from the real offline embedder (computed once per size)."""
    from course_lib.model.embedder import embed

    if n not in _VECTORS:
        _VECTORS[n] = np.asarray(embed(texts_for(n, seed=1)), dtype=np.float32)
    return _VECTORS[n]


class FixedEmbedder:
    """Hands out precomputed vectors in order (so filling a 100k store does not time the embedder)."""

    def __init__(self, vectors: np.ndarray) -> None:
        self.vectors = vectors

    def embed(self, texts: list[str]) -> np.ndarray:
        rng = np.random.default_rng(len(texts))
        return self.vectors[rng.integers(0, len(self.vectors), len(texts))]


def loop_recall(records: list, query: np.ndarray, k: int, now) -> list:
    """What a learner writes first: score every memory in a Python loop, then sort."""
    from course_lib.model.clock import hours_between
    from course_lib.scoring import recency

    scored = []
    for r in records:
        relevance = float(np.dot(r.embedding, query))
        scored.append((recency(max(0.0, hours_between(r.last_accessed_at, now))) + r.importance + relevance, r.id))
    scored.sort(reverse=True)
    return scored[:k]


def bench_recall(sizes: list[int], repeat: int, chroma_max: int) -> dict[str, dict]:
    """Recall latency per backend and size, with the loop and the matrix-vector floor beside them."""
    from course_lib.long_term.hybrid import hybrid_recall
    from course_lib.model.embedder import embed

    q = np.asarray(embed([QUERY])[0], dtype=np.float32)
    results: dict[str, dict] = {}
    for n in sizes:
        print(f"  recall at {n:,} memories …", flush=True)
        memory = filled_memory("numpy", n, None)
        matrix = np.stack([r.embedding for r in memory.memories("target")]).astype(np.float32)
        results[f"floor: matrix-vector product, {n:,}"] = stats(timings(lambda: np.argpartition(-(matrix @ q), 5)[:5],
                                                                         repeat))
        results[f"numpy recall, {n:,}"] = stats(timings(lambda: memory.recall("target", QUERY, k=5, touch=False), repeat))
        results[f"numpy recall of one memory type, {n:,}"] = stats(timings(  # the type filter's cost (all semantic)
            lambda: memory.recall("target", QUERY, k=5, touch=False, memory_type="semantic"), repeat))
        records, now = memory.memories("target"), memory.clock.now()
        results[f"Python loop, {n:,}"] = stats(timings(lambda: loop_recall(records, q, 5, now), max(3, repeat // 10)))
        results[f"hybrid recall, {n:,}"] = stats(timings(lambda: hybrid_recall(memory, "target", QUERY, k=5), repeat))
        results[f"hybrid recall after a write, {n:,}"] = stats(after_a_write(memory, n, max(3, repeat // 10)))
        if n <= chroma_max:
            with tempfile.TemporaryDirectory() as tmp:
                chroma = filled_memory("chroma", n, tmp)
                results[f"chroma embedded recall, {n:,}"] = stats(
                    timings(lambda: chroma.recall("target", QUERY, k=5, touch=False), repeat))
                import chromadb
                from chromadb.config import Settings
                from course_lib.long_term.stores.chroma_store import collection_name

                # chroma's own part: the nearest-neighbour query on the user's collection, through chromadb itself
                client = chromadb.PersistentClient(path=tmp, settings=Settings(anonymized_telemetry=False))
                col = client.get_collection(collection_name("target"), embedding_function=None)
                results[f"chroma query alone, {n:,}"] = stats(timings(lambda: col.query(
                    query_embeddings=[q], n_results=32, include=["metadatas", "embeddings"]), repeat))
                del chroma
    return results


def after_a_write(memory, n: int, repeat: int) -> list[float]:
    """Hybrid recall right after a remember: the first recall after a write rebuilds that user's BM25 index."""
    from course_lib.long_term.hybrid import hybrid_recall

    out = []
    for i in range(repeat):
        memory.model = FixedEmbedder(cached_vectors(n))
        memory.remember("target", f"one more memory written between two recalls ({i})")
        memory.model = None
        t = time.perf_counter()
        hybrid_recall(memory, "target", QUERY, k=5)
        out.append((time.perf_counter() - t) * 1000)
    return out


def bench_writes(repeat: int) -> dict[str, dict]:
    """remember() throughput per backend on disk (one memory per call), and the embedder alone."""
    from course_lib import VectorMemory
    from course_lib.model.embedder import embed

    out = {}
    texts = texts_for(400, seed=5)
    for backend in ("numpy", "chroma"):
        with tempfile.TemporaryDirectory() as tmp:
            memory = VectorMemory(backend=backend, path=tmp)
            calls = iter(texts)
            out[f"remember one memory, {backend} on disk"] = stats(
                timings(lambda: memory.remember("writer", next(calls)), min(repeat, 100), warmup=2))
    batch = texts_for(1000, seed=6)
    out["embed 1,000 texts (offline embedder)"] = stats(timings(lambda: embed(batch), max(3, repeat // 10)))
    out["embed one query (offline embedder)"] = stats(timings(lambda: embed([QUERY]), repeat))
    return out


PAGE = ("Linse & Lauch, Kastanienallee 12, 10435 Berlin. Tasting menu 45 EUR, wine pairing 28 EUR, open 18:00-23:00 "
        "(closed Mondays). Call +49 30 1234567 or book online; flight LH 1234 guests get 10% off until 2026-03-06. "
        "Reviews: 4.6 of 5 from 1,283 guests. The lentil stew is vegan, the code for the terrace gate is on the menu.\n")
WORST = "a-b1 " * 10 + "1 2 3 4 5 6 7 8 9 0 " * 4 + "password: x1 " * 3 + "\n"  # long runs, digit groups, keywords
PROSE = ("Marco is planning a dinner with his sister in Berlin next Friday. She does not eat meat, and he would like "
         "to keep the bill under forty euros a person. Last time they went to a small place near the canal, which "
         "was lovely but too loud for a long talk. He asked the assistant to remember that he prefers quiet tables "
         "and early bookings, around seven in the evening, and that his sister is allergic to walnuts.\n")
CRAFTED = {  # shapes that made redaction slow before (issue 21): each is repeated to the size measured
    "prose": PROSE,
    "prose, one long line": PROSE.replace("\n", " "),
    "crafted": WORST,
    "crafted, many short lines": "pin 12\n",
    "crafted, keyword flood 'pin code'": "pin code ",
    "crafted, keyword flood with secrets": "my password is hunter2. PIN 4821. ",
    "crafted, digit groups": "1234 ",
    "crafted, digits and separators": "1-",
    "crafted, near-miss cards": "4111 1111 1111 1112 ",
    "crafted, IBAN-like": "DE89 3704 ",
    "crafted, 'pin code' x12 and a long word": "pin code " * 12 + "x" * 1890 + "\n",
    "crafted, symbols, no newline": "a=1&http://a:b@Ab1!QUJDRA== ",
    "crafted, one character repeated": "=",  # each "=" is a place the query-string and base64 rules look near
    "crafted, random printable symbols": "random:ascii",
    "crafted, random unicode": "random:unicode",
    "crafted, random card-like groups": "random:cards",
    "crafted, random IBAN-like groups": "random:ibans",
}
PRINTABLE = [chr(c) for c in range(33, 127)] + [" "] * 8 + ["\n"]  # symbols, letters, digits; a line now and then
UNICODE = [chr(c) for lo, hi in ((0x21, 0x7e), (0xa0, 0x24f), (0x400, 0x4ff), (0x3040, 0x30ff), (0x4e00, 0x4fff),
                                 (0x1f300, 0x1f3ff)) for c in range(lo, hi + 1)] + [" ", "\n"]  # Latin, Cyrillic, CJK, emoji


def random_unit(kind: str, size: int = 1_000_000, seed: int = 21) -> str:
    """A seeded random text of `size` characters for a CRAFTED shape named "random:<kind>": nothing repeats, so no
    cache or early exit can make it look faster than it is."""
    import random

    rng = random.Random(seed)
    if kind == "ascii":
        return "".join(rng.choices(PRINTABLE, k=size))
    if kind == "unicode":
        return "".join(rng.choices(UNICODE, k=size))
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    groups = (f"{rng.randrange(10_000):04d} " if kind == "cards" else
              f"{rng.choice(letters)}{rng.choice(letters)}{rng.randrange(100):02d} {rng.randrange(10_000):04d} "
              for _ in range(size // 5))
    return "".join(groups)[:size]


def bench_redaction(repeat: int) -> dict[str, dict]:
    """redact_secrets on a restaurant page and on crafted worst cases, 1 KB, 100 KB and 1 MB (linear: see
    redact_scan), in CPU time: on a shared machine wall time mostly measures the other processes."""
    from course_lib.model.redact import redact_secrets

    out = {}
    for name, unit in (("page", PAGE), *CRAFTED.items()):
        unit = random_unit(unit.split(":", 1)[1]) if unit.startswith("random:") else unit
        for size, label in ((1_000, "1 KB"), (100_000, "100 KB"), (1_000_000, "1 MB")):
            text = (unit * (size // len(unit) + 1))[:size]
            n = repeat if size <= 1_000 else max(3, repeat // 10) if size <= 100_000 else 3
            out[f"redact_secrets, {name}, {label} (CPU)"] = stats(
                timings(lambda: redact_secrets(text), n, warmup=0 if size > 1_000 else 1, clock=time.process_time))
    return out


def service_log(min_tokens: int) -> str:
    """A service log of at least `min_tokens` tokens: one line per processed batch, all alike (English words)."""
    from course_lib.model.tokens import count_tokens

    lines, i = [], 0
    while i % 200 or count_tokens("\n".join(lines)) < min_tokens:
        lines.append(f"2026-03-0{1 + i % 9} 12:{i % 60:02d}:{i * 7 % 60:02d} INFO worker-{i % 7} processed batch {i} "
                     f"in {i * 37 % 900} ms; queue depth {i * 13 % 50}.")
        i += 1
    return "\n".join(lines)


TRUNCATION_QUERIES = {  # a query that matches nothing makes every line about equally "relevant": the slow case
    "German query": "Warum ist der Dienst gestern Abend abgestürzt?",
    "English query": "why did worker-3 fail on batch 1200?",
}


def bench_truncation(repeat: int) -> dict[str, dict]:
    """truncate_tool_output with a query on a 42,000-token log down to 1,000 tokens, in CPU time (see
    bench_redaction). Before passages were priced incrementally, the German query took 190 s (issue 24)."""
    from course_lib.agent.truncation import OutputStore, truncate_tool_output

    log = service_log(42_000)
    truncate_tool_output(log[:5_000], 500, store=OutputStore(), query="warm up")  # load the embedder once
    return {f"truncate a 42,000-token log, {name} (CPU)": stats(timings(
        lambda: truncate_tool_output(log, 1_000, store=OutputStore(), query=query), max(3, repeat // 10),
        warmup=0, clock=time.process_time)) for name, query in TRUNCATION_QUERIES.items()}


def bench_import() -> dict[str, dict]:
    """`import course_lib` in a fresh interpreter."""
    code = "import time; t = time.perf_counter(); import course_lib; print((time.perf_counter() - t) * 1000)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(7)]
    return {"import course_lib": stats(runs)}


def bench_tokens(turns: int = 200) -> dict[str, list[int]]:
    """Prompt tokens per turn over `turns` turns for the buffer, the sliding window and the summary buffer."""
    from course_lib import ConversationBuffer, SlidingWindow, SummaryBufferMemory, count_tokens
    from course_lib.course import scenario

    memories = {"buffer": ConversationBuffer(), "sliding window (20)": SlidingWindow(max_messages=20),
                "summary buffer (2,000)": SummaryBufferMemory(2000)}
    talk = list(scenario.LONG_TRIP)
    out: dict[str, list[int]] = {name: [] for name in memories}
    for t in range(turns):
        user, reply = talk[(2 * t) % len(talk)], talk[(2 * t + 1) % len(talk)]
        for name, memory in memories.items():
            memory.add(dict(user))
            out[name].append(count_tokens(memory.render()))
            memory.add(dict(reply))
    return out


BASELINES = {  # two tiny notebooks timed like the lessons
    "baseline: an empty notebook (kernel start)": "pass",
    "baseline: imports + one offline call": (
        "import matplotlib.pyplot as plt\nfrom course_lib import Model, VectorMemory\n"
        "Model().complete([{'role': 'user', 'content': 'hello'}])\n"
        "VectorMemory().remember('u', 'The user is vegetarian.')"),
}


def bench_notebooks() -> dict[str, float]:
    """Seconds to execute each lesson and solution notebook in a fresh kernel."""
    import nbformat
    from nbclient import NotebookClient

    out = {}
    for name, code in BASELINES.items():  # what every notebook pays before its own work: the floor of the total
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
        t = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
        out[name] = time.perf_counter() - t
        print(f"  {name}: {out[name]:.1f} s", flush=True)
    for path in sorted((ROOT / "lessons").glob("*.ipynb")) + sorted((ROOT / "solutions").glob("*.ipynb")):
        nb = nbformat.read(str(path), as_version=4)
        t = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
        out[path.relative_to(ROOT).as_posix()] = time.perf_counter() - t
        print(f"  {path.relative_to(ROOT)}: {out[path.relative_to(ROOT).as_posix()]:.1f} s", flush=True)
    return out


def split_baselines(notebooks: dict[str, float]) -> dict[str, dict[str, float]]:
    """results.json keys: the course's notebooks (tools/agenda.py reads them) and the two baselines."""
    return {"notebook_seconds": {k: v for k, v in notebooks.items() if not k.startswith("baseline")},
            "notebook_baselines": {k: v for k, v in notebooks.items() if k.startswith("baseline")}}


def notebook_text(notebooks: dict[str, float]) -> str:
    """Wall time per notebook, the totals, and the 120 s target."""
    real = {k: v for k, v in notebooks.items() if not k.startswith("baseline")}
    lessons = sum(v for k, v in real.items() if k.startswith("lessons/"))
    floor = notebooks.get("baseline: an empty notebook (kernel start)", 0.0) * len(real)
    lines = ["notebook wall time (s):"] + [f"  {k:<48}{v:7.1f}" for k, v in notebooks.items()]
    lines += [f"  {'all lessons':<48}{lessons:7.1f}",
              f"  {'all lessons and solutions':<48}{sum(real.values()):7.1f}"
              f"   (target <= 120 s: {'met' if sum(real.values()) <= 120 else 'missed'})",
              f"  {'floor: kernel starts alone, x ' + str(len(real)) + ' notebooks':<48}{floor:7.1f}"]
    return "\n".join(lines)


TARGETS = [  # (what, measurement, limit in ms or a ratio, how it is compared)
    ("numpy recall at 10k <= 2 ms (median)", "numpy recall, 10,000", 2.0, "ms"),
    ("numpy recall at 10k >= 50x faster than the loop", ("Python loop, 10,000", "numpy recall, 10,000"), 50.0, "ratio"),
    ("numpy recall at 100k <= 20 ms", "numpy recall, 100,000", 20.0, "ms"),
    ("hybrid recall at 10k <= 10 ms", "hybrid recall, 10,000", 10.0, "ms"),
    ("import course_lib <= 1 s", "import course_lib", 1000.0, "ms"),
]


def target_rows(timed: dict[str, dict]) -> list[tuple[str, str, bool]]:
    """(target, measured value, met?) for every target whose measurement is in `timed`."""
    rows = []
    for what, key, limit, kind in TARGETS:
        if kind == "ratio" and key[0] in timed and key[1] in timed:
            value = timed[key[0]]["median"] / timed[key[1]]["median"]
            rows.append((what, f"{value:.1f}x", value >= limit))
        elif kind == "ms" and key in timed:
            rows.append((what, f"{timed[key]['median']:.2f} ms", timed[key]["median"] <= limit))
    return rows


def targets(timed: dict[str, dict]) -> str:
    """One line per target of the issue: the measured median and whether it is met."""
    return "\n".join(["targets:"] + [f"  {what:<52}{value:>10}   {'met' if met else 'missed'}"
                                     for what, value, met in target_rows(timed)])


def table(timed: dict[str, dict]) -> str:
    """Rows: name, median, p95 and the ratio to the floor (recall rows) of the same size."""
    lines = [f"{'measurement':<46}{'median ms':>11}{'p95 ms':>10}{'x floor':>10}"]
    for name, s in timed.items():
        size = name.rsplit(", ", 1)[-1]
        floor = timed.get(f"floor: matrix-vector product, {size}")
        ratio = f"{s['median'] / floor['median']:.1f}" if floor and not name.startswith("floor") else ""
        lines.append(f"{name:<46}{s['median']:>11.2f}{s['p95']:>10.2f}{ratio:>10}")
    return "\n".join(lines)


def plots(timed: dict[str, dict], tokens: dict[str, list[int]], sizes: list[int]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for label in ("floor: matrix-vector product", "numpy recall", "hybrid recall", "hybrid recall after a write",
                  "chroma embedded recall", "chroma query alone", "Python loop"):
        xs = [n for n in sizes if f"{label}, {n:,}" in timed]
        if xs:
            ax.plot(xs, [timed[f"{label}, {n:,}"]["median"] for n in xs], marker="o", label=label)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("memories of the user (log)")
    ax.set_ylabel("median ms per recall (log)")
    ax.set_title("Recall latency as the store grows")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(OUT / "recall.png", dpi=110)
    fig, ax = plt.subplots(figsize=(7.5, 4))
    for name, values in tokens.items():
        ax.plot(range(1, len(values) + 1), values, label=name)
    ax.set_xlabel("turn")
    ax.set_ylabel("prompt tokens")
    ax.set_title("Prompt tokens per turn over 200 turns")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(OUT / "tokens.png", dpi=110)
    return [OUT / "recall.png", OUT / "tokens.png"]


README = ROOT / "docs" / "performance.md"  # the page the README links for performance (kept out of the learner's page)
TIMINGS = ROOT / "docs" / "timings.json"  # the committed copy of a quiet run's results.json
MARKERS = ("<!-- bench:start -->", "<!-- bench:end -->")


def readme_section(results: dict) -> str:
    """The performance page's generated section (markdown) from a results.json."""
    timed, tokens = results["timed_ms"], results["tokens_per_turn"]
    sizes = [n for n in ("1,000", "10,000", "100,000") if f"numpy recall, {n}" in timed]
    kinds = ["floor: matrix-vector product", "numpy recall", "Python loop", "hybrid recall",
             "hybrid recall after a write", "chroma embedded recall", "chroma query alone"]
    lines = [f"Measured by `make bench ARGS=--notebooks` on {results['machine']} (a quiet machine); "
             "median / p95 in ms over repeated calls, one user's memories among 10 users.", "",
             "| recall, k = 5 | " + " | ".join(f"{n} memories" for n in sizes) + " |",
             "|---|" + "--:|" * len(sizes)]
    for kind in kinds:
        cells = []
        for n in sizes:
            s = timed.get(f"{kind}, {n}")
            floor = timed[f"floor: matrix-vector product, {n}"]["median"]
            x = None if s is None else s["median"] / floor
            ratio = "" if x is None or kind.startswith("floor") else f" ({x:.0f}x floor)" if x >= 10 else f" ({x:.1f}x floor)"
            cells.append("–" if s is None else f"{s['median']:.2f} / {s['p95']:.2f}{ratio}")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    lines += ["", "| other | median / p95 ms |", "|---|--:|"]
    lines += [f"| {name} | {s['median']:.2f} / {s['p95']:.2f} |" for name, s in timed.items()
              if not name.rsplit(", ", 1)[-1][:1].isdigit()]
    lines += ["", "| target | measured | |", "|---|--:|---|"]
    lines += [f"| {what} | {value} | {'met' if met else '**missed**'} |" for what, value, met in target_rows(timed)]
    lines += ["", "Prompt tokens at turn 50 / 100 / 200: " + "; ".join(
        f"{name} {v[49]:,} / {v[99]:,} / {v[199]:,}" for name, v in tokens.items()) + "."]
    if results.get("notebook_seconds"):
        nbs = results["notebook_seconds"]
        lessons = sum(v for k, v in nbs.items() if k.startswith("lessons/"))
        base = results.get("notebook_baselines", {})
        empty = base.get("baseline: an empty notebook (kernel start)", 0.0)
        lines += ["", f"Notebooks (fresh kernel each, top to bottom): the 13 lessons {lessons:.0f} s, lessons and "
                  f"solutions {sum(nbs.values()):.0f} s (target 120 s: "
                  f"{'met' if sum(nbs.values()) <= 120 else 'missed'}). An empty notebook takes {empty:.1f} s, so "
                  f"{len(nbs)} notebooks cannot take less than {empty * len(nbs):.0f} s; one that imports matplotlib "
                  f"and the course and makes one offline call takes "
                  f"{base.get('baseline: imports + one offline call', 0.0):.1f} s. "
                  "Per notebook: `docs/timings.json`, `docs/instructor-guide.md`."]
    return "\n".join(lines)


def write_readme(timings: Path = TIMINGS, check: bool = False) -> int:
    """Rewrite (or --check) the section of docs/performance.md between the bench markers from `timings`."""
    text = README.read_text(encoding="utf-8")
    start, end = text.find(MARKERS[0]), text.find(MARKERS[1])
    if start < 0 or end < start:
        print(f"{README.relative_to(ROOT)} has no {MARKERS[0]} … {MARKERS[1]} block", file=sys.stderr)
        return 2
    new = text[:start + len(MARKERS[0])] + "\n" + readme_section(json.loads(timings.read_text())) + "\n" + text[end:]
    if new == text:
        return 0
    if check:
        print(f"{README.relative_to(ROOT)} is out of date: run python tools/bench.py --readme", file=sys.stderr)
        return 1
    README.write_text(new, encoding="utf-8")
    print(f"{README.relative_to(ROOT)}: performance section rewritten from", timings.relative_to(ROOT))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="1k and 10k memories, fewer repeats")
    parser.add_argument("--notebooks", action="store_true", help="also time every lesson and solution notebook")
    parser.add_argument("--only-notebooks", action="store_true", help="time the notebooks and nothing else")
    parser.add_argument("--readme", action="store_true", help="rewrite docs/performance.md's tables from "
                        "docs/timings.json (a copy of a quiet run's reports/bench/results.json) and stop")
    parser.add_argument("--redaction", action="store_true", help="only time redact_secrets (1 KB, 100 KB, 1 MB)")
    parser.add_argument("--truncation", action="store_true", help="only time truncate_tool_output on a long log")
    parser.add_argument("--check", action="store_true", help="with --readme: fail if the section is out of date")
    args = parser.parse_args(argv)
    if args.readme:
        return write_readme(check=args.check)
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = [1_000, 10_000] if args.quick else [1_000, 10_000, 100_000]
    repeat = 15 if args.quick else 50
    machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    print(f"Agent Memory benchmarks on {machine}")
    if args.only_notebooks:
        notebooks = bench_notebooks()
        previous = json.loads((OUT / "results.json").read_text()) if (OUT / "results.json").exists() else {}
        previous.update({"machine": machine, **split_baselines(notebooks)})
        (OUT / "results.json").write_text(json.dumps(previous, indent=1), encoding="utf-8")
        print(notebook_text(notebooks))
        return 0
    if args.redaction:
        print(table(bench_redaction(repeat)))
        return 0
    if args.truncation:
        print(table(bench_truncation(repeat)))
        return 0
    print("  import …", flush=True)
    timed = bench_import()
    print("  redaction …", flush=True)
    timed.update(bench_redaction(repeat))
    print("  truncation …", flush=True)
    timed.update(bench_truncation(repeat))
    print("  writes and the embedder …", flush=True)
    timed.update(bench_writes(repeat))
    timed.update(bench_recall(sizes, repeat, chroma_max=10_000 if args.quick else 100_000))
    tokens = bench_tokens()
    text = table(timed)
    text += "\n\nprompt tokens at turn 50 / 100 / 200: " + "; ".join(
        f"{name} {v[49]:,} / {v[99]:,} / {v[199]:,}" for name, v in tokens.items())
    text += "\n\n" + targets(timed)
    results = {"machine": machine, "timed_ms": timed, "tokens_per_turn": tokens}
    if args.notebooks:
        notebooks = bench_notebooks()
        results.update(split_baselines(notebooks))
        text += "\n\n" + notebook_text(notebooks)
    print("\n" + text)
    (OUT / "table.txt").write_text(f"{machine}\n\n{text}\n", encoding="utf-8")
    (OUT / "results.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    paths = plots(timed, tokens, sizes)
    print(f"\nwrote {OUT.relative_to(ROOT)}/table.txt, results.json, " + ", ".join(p.name for p in paths))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

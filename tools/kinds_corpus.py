"""The offline sentence classifier against the labelled corpus: its training sentences and its confusion matrix.

Tools only: the classifier is part of the offline model (course_lib.model.offline.lang.kinds) and the corpus
is evaluation data (course_lib.evaluation.labels); no module of the library joins the two, so that nothing
outside the offline model depends on its internals.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from course_lib.evaluation.labels import LABELLED, Conversation, load  # noqa: E402


def kind_sentences(split: str, folder: Path = LABELLED) -> list[tuple[str, str]]:
    """(text, kind) of every labelled user message of `split` that is one sentence (the classifier's examples)."""
    from course_lib.model.offline.lang.split import split as sentences

    return [(m["content"], m["kind"]) for c in load(split, folder) for m in c.user_turns()
            if "kind" in m and len(sentences(m["content"])) == 1]


def confusion(conversations: Iterable[Conversation]) -> tuple[list[str], list[list[int]]]:
    """(kinds, matrix[labelled][predicted]) of the offline sentence classifier on one-sentence labelled messages."""
    from course_lib.model.offline.lang.kinds import KINDS, probabilities
    from course_lib.model.offline.lang.split import split

    rows = [(m["content"], m["kind"]) for c in conversations for m in c.user_turns()
            if "kind" in m and len(split(m["content"])) == 1]
    matrix = [[0] * len(KINDS) for _ in KINDS]
    if rows:
        for (_, kind), p in zip(rows, probabilities([t for t, _ in rows])):
            matrix[KINDS.index(kind)][int(p.argmax())] += 1
    return list(KINDS), matrix


def render_confusion(kinds: list[str], matrix: list[list[int]]) -> str:
    """The confusion matrix as a table (rows: labelled kind, columns: predicted), with the accuracy."""
    short = [k[:6] for k in kinds]
    corner = "labelled / predicted"
    lines = [f"{corner:<22}" + "".join(f"{s:>7}" for s in short)]
    lines += [f"{k:<22}" + "".join(f"{n:>7}" for n in row) for k, row in zip(kinds, matrix)]
    total = sum(map(sum, matrix))
    right = sum(matrix[i][i] for i in range(len(kinds)))
    lines.append(f"accuracy {right}/{total} = {right / total:.3f}" if total else "no one-sentence messages with a kind")
    return "\n".join(lines)

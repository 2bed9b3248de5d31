"""What kind of sentence is this? A logistic regression over the embeddings of lesson 05, plus a few word cues.

    p(kind | sentence) = softmax(W · [embed(sentence), cues(sentence), grams(sentence)] + b)

`embed` is the course's static embedder (course_lib.model.embedder, 256 numbers per sentence); `cues` are
twelve 0/1 signals from lexicon.CUES (ends with "?", names a relative, says "from now on" …) plus "has a
number"; `grams` are the sentence's words and four-letter pieces hashed into GRAMS buckets (the hashing trick), so
'allergique', 'allergisch' and 'alérgico' share pieces and a typo keeps most of them. W and b (a few kilobytes) are trained by tools/train_kinds.py on the learner corpus's train split
and shipped in course_lib/data/offline_kinds.npz; nothing is trained at run time. The eleven kinds:
"""
from __future__ import annotations

import re
import zlib
from functools import lru_cache
from pathlib import Path

import numpy as np

from course_lib.model import rx
from course_lib.ranking import dot, order

from course_lib.model.offline.lang.lexicon import CUE_RES, SELF

KINDS = ("fact", "preference", "plan", "correction", "retraction", "deletion", "instruction", "question", "smalltalk",
         "third_party", "secret")
"""fact (a durable fact about the speaker), preference, plan (an event or trip), correction (a new value for one
just given), retraction (no longer true), deletion (a request to forget), instruction (to the agent), question,
smalltalk, third_party (about someone else), secret (a password, PIN, card …)."""
STATEMENTS = ("fact", "preference", "plan", "correction", "retraction")
WEIGHTS = Path(__file__).resolve().parents[3] / "data" / "offline_kinds.npz"
CUE_NAMES = (*CUE_RES, "self", "number", "short")
ASKS_BACK = re.compile(  # 'remind me what time my train is', "rappelle-moi l'heure du train": asks, states nothing
    r"^\W*(?:(?:can|could) you |please )?(?:remind me|tell me) (?:again )?(?:what|when|which|where|the time|what time|at what time)\b|"
    r"^\W*(?:erinnere|erinner) mich,? (?:nochmal )?(?:daran,? )?(?:wann|wie ?viel uhr|um wie ?viel|an die uhrzeit)\b|"
    r"^\W*rappelle[sz]?[- ]moi (?:l'heure|quand|à quelle heure|quel|quelle|o[ùu])\b|"
    r"^\W*(?:recu[ée]rdame|dime) (?:la hora|cu[áa]ndo|a qu[ée] hora|qu[ée]|d[óo]nde)\b|"
    r"^\W*(?:lembra-me|me lembra|lembre-me|diz-me|me diz) (?:a hora|quando|a que horas|que|onde)\b|"
    r"^\W*(?:ricordami|dimmi) (?:l'ora|quando|a che ora|che|dove)\b", re.I)
GRAMS = 1024  # hash buckets; more buckets scored no better on dev (1024: 0.757, 2048: 0.737, 4096: 0.737 on 7 Dec)


def cues(sentence: str) -> np.ndarray:
    """The lexical cue vector of one sentence (float32, one 0/1 per CUE_NAMES entry)."""
    values = [bool(r.search(sentence)) for r in CUE_RES.values()]
    values += [bool(SELF.search(sentence)), bool(rx.search(r"\d", sentence)), len(sentence.split()) <= 3]
    return np.array(values, dtype=np.float32)


def grams(sentence: str) -> np.ndarray:
    """The sentence's lower-case words and four-character pieces, each hashed (crc32: the same on every machine) into
    one of GRAMS buckets; the row has length 1."""
    text = " " + " ".join(rx.findall(r"\w+|[?!]", sentence.lower())) + " "
    pieces = set(text.split()) | {text[i:i + 4] for i in range(len(text) - 3)}
    row = np.zeros(GRAMS, np.float32)
    for piece in pieces:
        row[zlib.crc32(piece.encode()) % GRAMS] = 1.0
    return row / np.sqrt(max(len(pieces), 1))


def features(sentences: list[str]) -> np.ndarray:
    """[embedding | cues | grams] rows for `sentences` (the embedder loads on first use)."""
    from course_lib.model import embedder

    vectors = embedder.embed(list(sentences)) if sentences else np.zeros((0, embedder.DIMS), np.float32)
    n = len(sentences)
    return np.hstack([vectors, np.array([cues(s) for s in sentences], dtype=np.float32).reshape(n, -1),
                      np.array([grams(s) for s in sentences], dtype=np.float32).reshape(n, GRAMS)])


def softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax."""
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


@lru_cache(maxsize=1)
def weights() -> tuple[np.ndarray, np.ndarray]:
    """(W, b) from the shipped file; FileNotFoundError says how to make it."""
    if not WEIGHTS.is_file():
        raise FileNotFoundError(f"{WEIGHTS} is missing; run `python tools/train_kinds.py` to train the sentence classifier")
    data = np.load(WEIGHTS)
    if tuple(data["kinds"]) != KINDS or data["W"].shape[0] != features(["x"]).shape[1]:
        raise ValueError(f"{WEIGHTS} was trained for other kinds or features; re-run `python tools/train_kinds.py`")
    return data["W"].astype(np.float32), data["b"].astype(np.float32)


def probabilities(sentences: list[str]) -> np.ndarray:
    """p(kind | sentence) for each sentence: (len(sentences), len(KINDS))."""
    W, b = weights()
    return softmax(dot(features(sentences), W) + b)  # float64: the same label on every machine (ranking.py)


def classify(sentence: str) -> tuple[str, float, list[tuple[str, float]]]:
    """(kind, its probability, the three likeliest kinds with theirs) for one sentence."""
    p = probabilities([sentence])[0]
    best = order(p)  # likeliest first, ties by position
    return KINDS[best[0]], float(p[best[0]]), [(KINDS[i], round(float(p[i]), 3)) for i in best[:3]]


def train(X: np.ndarray, y: np.ndarray, l2: float = 1e-4, steps: int = 3000, lr: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression by full-batch gradient descent (numpy only), L2 on W; classes weighted so
    that rare kinds count as much as common ones."""
    n, d = X.shape
    k = len(KINDS)
    Y = np.eye(k, dtype=np.float32)[y]
    counts = np.bincount(y, minlength=k).astype(np.float32)
    weight = (n / (k * np.maximum(counts, 1)))[y][:, None]
    W, b = np.zeros((d, k), np.float32), np.zeros(k, np.float32)
    for _ in range(steps):
        grad = (softmax(dot(X, W) + b) - Y) * weight / n
        W -= lr * (dot(X.T, grad) + l2 * W)
        b -= lr * grad.sum(axis=0)
    return W, b

"""BM25 that updates in place: adding or removing one memory never re-indexes the others.

The scores are bm25s's default ("lucene") variant, and tests/test_keyword.py checks them against bm25s itself:

    idf(t)      = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
    score(t, d) = idf(t) * tf / (tf + k1 * (1 - b + b * len(d) / average len))      k1 = 1.5, b = 0.75

Why not bm25s here? bm25s computes every (word, document) score when it indexes, so queries are quick and one
new document means indexing all of them again (about 0.3 s at 10,000 memories). A user's memory changes every
turn. So this index keeps only counts (which document holds which word how often, and each length), and works
out the scores of the query's words at query time, with numpy, over the documents that contain them.
`HybridRetriever` over a fixed list of documents still uses bm25s.
"""
from __future__ import annotations

import math
import re
from typing import Iterable

import numpy as np

TOKEN = re.compile(r"[a-z0-9]+")
K1, B = 1.5, 0.75


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens (the same for documents and queries)."""
    return TOKEN.findall(text.lower())


class LiveBM25:
    """BM25 over numbered documents (rows 0, 1, 2 …) that can be added and removed one at a time."""

    def __init__(self) -> None:
        self.postings: dict[str, dict[int, int]] = {}  # word -> {row: how often the word is in that row}
        self.lengths: dict[int, int] = {}  # row -> number of words (an empty text counts as one word)
        self.total = 0  # sum of the lengths
        self.words: dict[int, list[str]] = {}  # row -> its distinct words (so removing a row is quick)
        self.version = 0  # bumped by every add and remove
        self._arrays: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # word -> (rows, counts), rebuilt on change
        self._lengths: tuple[int, np.ndarray] = (-1, np.zeros(0))  # (version, lengths by row)

    def __len__(self) -> int:
        return len(self.lengths)

    def add(self, row: int, text: str) -> None:
        """Index `text` as document `row` (a row already indexed is replaced)."""
        if row in self.lengths:
            self.remove(row)
        words = tokenize(text) or ["<empty>"]  # as bm25s is fed by HybridRetriever: an empty text is one word
        counts: dict[str, int] = {}
        for w in words:
            counts[w] = counts.get(w, 0) + 1
        for w, c in counts.items():
            self.postings.setdefault(w, {})[row] = c
            self._arrays.pop(w, None)
        self.words[row] = list(counts)
        self.lengths[row] = len(words)
        self.total += len(words)
        self.version += 1

    def remove(self, row: int) -> None:
        """Forget document `row` (KeyError if it is not indexed)."""
        length = self.lengths.pop(row)
        self.total -= length
        self.version += 1
        for w in self.words.pop(row):
            del self.postings[w][row]
            self._arrays.pop(w, None)
            if not self.postings[w]:
                del self.postings[w]

    def scores(self, query: str, rows: int) -> np.ndarray:
        """BM25 of every row 0 … rows-1 for `query` (0 for rows without a query word or not indexed)."""
        out = np.zeros(rows, dtype=np.float64)
        n = len(self.lengths)
        if n == 0:
            return out
        average = self.total / n
        for word in tokenize(query):
            if word not in self.postings:
                continue
            hits, tf = self._posting_arrays(word)
            idf = math.log(1 + (n - len(hits) + 0.5) / (len(hits) + 0.5))
            lengths = self._length_array()[hits]
            out[hits] += idf * tf / (tf + K1 * (1 - B + B * lengths / average))
        return out

    def _posting_arrays(self, word: str) -> tuple[np.ndarray, np.ndarray]:
        if word not in self._arrays:
            rows = self.postings[word]
            self._arrays[word] = (np.fromiter(rows.keys(), dtype=np.int64, count=len(rows)),
                                  np.fromiter(rows.values(), dtype=np.float64, count=len(rows)))
        return self._arrays[word]

    def _length_array(self) -> np.ndarray:
        """Lengths by row as an array (rebuilt only after a change)."""
        if self._lengths[0] != self.version:
            arr = np.zeros(max(self.lengths) + 1, dtype=np.float64)
            arr[np.fromiter(self.lengths.keys(), dtype=np.int64)] = np.fromiter(self.lengths.values(), dtype=np.float64)
            self._lengths = (self.version, arr)
        return self._lengths[1]


def live_index(texts: Iterable[str]) -> LiveBM25:
    """A LiveBM25 with `texts` as rows 0, 1, 2 …"""
    index = LiveBM25()
    for row, text in enumerate(texts):
        index.add(row, text)
    return index

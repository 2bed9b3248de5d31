"""Which digit groups of a run belong to a card number: every candidate checked at once, with numpy.

A run of digit groups ("4111 1111 1111 1111", or a crafted "1-2-3-4-…" of 100,000 groups) holds a card number where
some stretch of whole groups has 13 to 19 digits and passes the Luhn check. A stretch starting at group i has at
most 19 groups, so there are at most 19 candidates per group: `card_groups` checks them all as one 19-row array over
the whole run (prefix sums give the Luhn sum of any stretch in O(1)), instead of a Python loop per candidate.
Used by `redact.redact_cards` for long ASCII runs; short runs take the plain loop there.

    Luhn sum of digits[a:b] = sum of the digits at the positions of the last one's parity (as they are)
                            + sum of the doubles (2d, minus 9 above 9) at the other positions
    (Luhn, US patent 2,950,048, 1960; ISO/IEC 7812-1 annex B)
"""
from __future__ import annotations

MIN_DIGITS, MAX_DIGITS = 13, 19  # card numbers have 13 to 19 digits (ISO/IEC 7812-1)


def card_groups(run: str) -> list[tuple[int, int]]:
    """(start, end) offsets in `run` (ASCII digits and separators) of the digit groups inside some Luhn-valid
    stretch of 13–19 digits; neighbouring such groups are merged into one span."""
    import numpy as np

    b = np.frombuffer(run.encode("ascii"), dtype=np.uint8)
    is_digit = (b >= 48) & (b <= 57)
    edge = np.diff(np.concatenate(([0], is_digit.astype(np.int8), [0])))
    g_start, g_end = np.flatnonzero(edge == 1), np.flatnonzero(edge == -1)  # each digit group's offsets in run
    n_groups = len(g_start)
    digits = (b[is_digit] - 48).astype(np.int64)
    at = np.concatenate(([0], np.cumsum(g_end - g_start)))  # where each group starts among the digits
    k = np.arange(len(digits))
    doubled = np.where(digits > 4, digits * 2 - 9, digits * 2)
    plain = [np.concatenate(([0], np.cumsum(np.where(k % 2 == p, digits, 0)))) for p in (0, 1)]
    double = [np.concatenate(([0], np.cumsum(np.where(k % 2 == p, doubled, 0)))) for p in (0, 1)]
    plain, double = np.stack(plain), np.stack(double)
    size = np.arange(1, MAX_DIGITS + 1)[:, None]  # a stretch of `size` groups (row) from group i (column): all at once
    i = np.arange(n_groups)[None, :]
    length = at[np.minimum(i + size, n_groups)] - at[i]
    rows, i = np.nonzero((i + size <= n_groups) & (length >= MIN_DIGITS) & (length <= MAX_DIGITS))
    end = i + rows + 1  # the group after the stretch
    a, e = at[i], at[end]
    q = (e - 1) % 2  # the last digit's parity: those digits count as they are, the others doubled
    hit = (plain[q, e] - plain[q, a] + double[1 - q, e] - double[1 - q, a]) % 10 == 0
    cover = (np.bincount(i[hit], minlength=n_groups + 1)  # +1 at a hit stretch's first group, -1 after its last
             - np.bincount(end[hit], minlength=n_groups + 1))
    inside = np.cumsum(cover)[:n_groups] > 0
    first = np.flatnonzero(inside & ~np.concatenate(([False], inside[:-1])))
    last = np.flatnonzero(inside & ~np.concatenate((inside[1:], [False])))
    return [(int(g_start[f]), int(g_end[lst])) for f, lst in zip(first, last)]

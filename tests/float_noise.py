"""Float noise for the tests: make this process compute every score the way another machine might.

Another CPU gives numpy's BLAS another kernel, which sums in another order, so a product comes out a few units
in the last place (ulps) away. `install(seed)` does that on purpose, inside one Python process (a lesson's
kernel): every function of course_lib.ranking, the one module where the course multiplies vectors, is replaced
by one that

- nudges its float inputs by up to ULPS ulps of their own precision (embeddings and scores alike),
- accumulates in another order (the float64 products are summed by np.einsum without BLAS, reversed),
- screens candidates in float64 instead of float32 (the cheap pass must only choose, never decide), and
- nudges its results by up to ULPS ulps again,

all drawn from a seeded generator, so a failure can be replayed. A ranking that holds under this holds on any
machine: tests/test_rerun.py runs every lesson cell a second time with the noise on and compares with the
stored output. `install` replaces the functions wherever a course_lib module imported them by name.
"""
from __future__ import annotations

ULPS = 4  # how far each value moves, in units in the last place of its own dtype


def install(seed: int = 0, ulps: int = ULPS):
    """Put the noisy versions of course_lib.ranking's functions in place; return a function that undoes it.

    The returned function's `replaced` attribute counts the names replaced (in ranking and the modules using it).
    """
    import sys

    import numpy as np

    from course_lib import ranking

    rng = np.random.default_rng(seed)

    def nudge(x):
        a = np.asarray(x)
        if a.dtype.kind != "f" or a.size == 0:
            return a
        steps = rng.integers(-ulps, ulps + 1, size=a.shape)
        return (a + steps * np.spacing(a.astype(a.dtype))).astype(a.dtype)

    def reversed_sum(m, q):  # m (r, d) @ q (d,) summed back to front, without BLAS
        return np.einsum("ij,j->i", m[:, ::-1], q[::-1], optimize=False)

    original = {name: getattr(ranking, name) for name in ("similarities", "dot", "screen", "rank_key")}

    def similarities(matrix, query):
        m = nudge(np.asarray(matrix, dtype=np.float64))
        q = nudge(np.asarray(query, dtype=np.float64).ravel())
        if m.size == 0:
            return np.zeros(len(m), dtype=np.float64)
        return nudge(reversed_sum(m, q))

    def dot(a, b):
        a64, b64 = nudge(np.asarray(a, dtype=np.float64)), nudge(np.asarray(b, dtype=np.float64))
        if a64.ndim == 1 and b64.ndim == 1:
            return nudge(np.einsum("i,i->", a64[::-1], b64[::-1], optimize=False))
        spec = {(1, 2): "j,jk->k", (2, 1): "ij,j->i", (2, 2): "ij,jk->ik"}[(a64.ndim, b64.ndim)]
        return nudge(np.einsum(spec, a64, b64, optimize=False))

    def screen(matrix, query):
        m = np.asarray(matrix)
        if m.size == 0:
            return np.zeros(len(m), dtype=np.float32)
        return nudge(reversed_sum(m.astype(np.float64), np.asarray(query, dtype=np.float64).ravel()))

    def rank_key(score):
        return original["rank_key"](float(nudge(np.float64(score))))

    noisy = {"similarities": similarities, "dot": dot, "screen": screen, "rank_key": rank_key}
    swapped = []
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("course_lib"):
            for name, fn in noisy.items():
                if getattr(module, name, None) is original[name]:
                    setattr(module, name, fn)
                    swapped.append((module, name))

    def restore() -> None:
        for module, name in swapped:
            setattr(module, name, original[name])

    restore.replaced = len(swapped)
    return restore

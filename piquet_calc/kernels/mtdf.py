"""MTD(f)'s step, shared by the play solvers' drivers (kernels/play/, play_four/, play_normand/ and seen.py).

Each driver finds an exact value by zero-window searches: it asks its own search whether the value is at
least ``beta`` and narrows the interval known to hold the value by the answer (``_narrowed``), at most
``MAX_PASSES`` times. The loop stays in each room (ten lines), since the searches take different positions.
``_narrowed`` is inlined into each driver (a few lines): compiled apart it was one more function for each
solver's family to compile alone (about 0.3 to 0.5 s).
"""

from __future__ import annotations

from . import cache

cache.configure()

import numba  # noqa: E402

from .jit import INLINED  # noqa: E402
from .transposition import INF  # noqa: E402

MAX_PASSES = 64  # zero-window passes of one MTD(f) search: a sound search needs about 2 log2(INF)


@numba.njit(**INLINED)
def _narrowed(g, beta, lower, upper, step):
    """One step of MTD(f) with bisection: the zero-window test at ``beta`` answered ``g`` (fail-soft), so the
    value is below ``g`` (g < beta) or at least ``g``. Returns the narrowed (lower, upper), the next test's
    beta and step: steps that double while the tests fail the same way, then halving the interval left
    (plain MTD(f)'s steps of one point took five passes on average). Once the interval is closed, each
    step at least halves it, so MAX_PASSES is never reached by a sound search; the drivers' loops are
    bounded by it all the same: a nogil loop that Ctrl-C could not stop if a table were ever corrupt."""
    if g < beta:
        upper = g
    else:
        lower = g
    if upper == INF:
        beta = lower + step
        step *= 2
    elif lower == -INF:
        beta = upper - step + 1
        step *= 2
    else:
        beta = (lower + upper + 1) // 2
    return lower, upper, max(lower + 1, min(upper, beta)), step

"""The play solvers' transposition table: the packed ``tt`` array, its rows' slot, shared by the three rooms.

kernels/play/ (two hands), kernels/play_four/ (four) and kernels/play_normand/ (three) keep their positions'
bounds in one layout; only the keys differ, each room's own. ``tt`` has 2**bits rows and one more, the
stamp row (``tt[size, 0]`` the solve's stamp, ``tt[size, 1]`` the nodes searched, for the benchmarks). A row
is ``(key1, key2, data)``: ``data`` the lower and the upper bound (16 bits each, offset by ``OFFSET``) and
the best move as the room's relative card plus one (0: none). The row of a key is splitmix64's finaliser
over both words (``_slot``); a search reads a row (``_probe``: the bounds cut or narrow its window) and
keeps its answer there when the node is done (``_store``); a new solve bumps the stamp (``_next_stamp``,
each room's ``begin`` with its own limit) instead of clearing the table. One table per thread, never shared
by two solves at once.
"""

from __future__ import annotations

from . import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from .jit import INLINED  # noqa: E402
from .layout import TRANSPOSITION_BITS, TRANSPOSITION_COLUMNS  # noqa: E402

INF = 30000  # beyond any value; bounds are kept in 16 bits with this offset
OFFSET = 32768


def new_transposition(bits: int = TRANSPOSITION_BITS) -> np.ndarray:
    """A transposition table of 2**bits rows (24 bytes each) and the stamp row: one per thread."""
    return np.zeros(((1 << bits) + 1, TRANSPOSITION_COLUMNS), dtype=np.int64)


@numba.njit(**INLINED)
def _slot(key1, key2, size):
    """The row of a key: splitmix64's finaliser over both words, so that every bit of either moves the
    low bits kept. (A product's low bits see only the factors' low bits: the hash this replaced left a
    whole suit out of the row below 2**19 rows and put 863 positions of one solve in 669 rows of 2**17.)"""
    z = np.uint64(key1) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(key2)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return np.int64(z & np.uint64(size - 1))


@numba.njit(**INLINED)
def _probe(tt, slot, key1, key2, alpha, beta):
    """The row at ``slot`` read for the position keyed ``(key1, key2)``, searched within (alpha, beta):
    ``(done, value, lo, hi, first, alpha, beta)``. ``done`` when the bounds kept answer the search (``value``
    the bound that does), else the window narrowed by them; ``lo``, ``hi`` the bounds kept (-INF, INF when
    the row holds another position) and ``first`` the best move kept, as the room's relative card (-1: none)."""
    if tt[slot, 0] != key1 or tt[slot, 1] != key2:
        return False, 0, -INF, INF, -1, alpha, beta
    data = tt[slot, 2]
    lo = (data & 0xFFFF) - OFFSET
    hi = ((data >> 16) & 0xFFFF) - OFFSET
    first = (data >> 32) - 1
    if lo >= beta or lo == hi:
        return True, lo, lo, hi, first, alpha, beta
    if hi <= alpha:
        return True, hi, lo, hi, first, alpha, beta
    return False, 0, lo, hi, first, max(alpha, lo), min(beta, hi)


@numba.njit(**INLINED)
def _store(tt, slot, key1, key2, value, alpha, beta, lo, hi, best):
    """A position searched within (alpha, beta) (after ``_probe`` narrowed the window) returned ``value``
    (fail-soft): keep it in its row with the bounds ``lo``, ``hi`` it had: an upper bound when it failed low,
    a lower one when it failed high, else exact; ``best`` the best move as the room's relative card (-1: none)."""
    if value <= alpha:
        hi = min(hi, value)
    elif value >= beta:
        lo = max(lo, value)
    else:
        lo = value
        hi = value
    tt[slot, 0] = key1
    tt[slot, 1] = key2
    tt[slot, 2] = (lo + OFFSET) | ((hi + OFFSET) << 16) | ((best + 1) << 32)


@numba.njit(**INLINED)
def _next_stamp(tt, limit):
    """A new solve on ``tt``: the stamp row's stamp bumped, so rows of earlier solves no longer match a key
    (the whole table wiped when the stamp reaches ``limit``, the room's key's room for it)."""
    size = tt.shape[0] - 1
    stamp = tt[size, 0] + 1
    if stamp >= limit:
        tt[:, :] = 0
        stamp = 1
    tt[size, 0] = stamp

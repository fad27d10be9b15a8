"""The two-hand solver's keys on the transposition table: positions keyed by relative ranks, and its stamp.

The transposition table itself, its rows, their slot and ``new_transposition``, is the play solvers' shared
one (kernels/transposition.py).
A row is ``(key1, key2, data)``: ``key1`` packs, per suit, elder's cards at their places among the live cards
(on each side of the scoring rank, so that positions whose cards lie alike share a row), ``key2`` the leader,
the tricks, the pique need, the difference so far where a deal bonus reads it, and the solve's stamp;
``data`` the bounds (16 bits each, offset by OFFSET) and the best lead as a relative card (``_relative``).
A new solve bumps the stamp in the table's last row (``begin``) instead of clearing 1.5 MB. One table per
thread, never shared by two solves.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, JIT  # noqa: E402
from ..layout import PLAY_RULE_DEAL_BONUS, PLAY_RULE_SCORING_RANK  # noqa: E402
from ..transposition import _next_stamp  # noqa: E402
from .bits import _PACK8, _popcount  # noqa: E402

STAMP_LIMIT = 1 << 20  # the solve's stamp takes key2's top bits from bit 32
DIFF_OFFSET = 1024  # the deal's difference so far, in the key when a deal bonus reads it (11 bits)
# The difference so far that keeps the key's 11 bits whatever the rest of the play adds (at most 200 with every
# bonus, pique included: 800 + 200 < 1024); engine.play and solve_deal refuse more
MAX_DIFF = 800


@numba.njit(**INLINED)
def _relative(card, live, sr):
    """A card as the table sees it: its suit and its place among the live cards of its suit on its side
    of the scoring rank (below it from 0 up, at or above it from ``sr`` up)."""
    base = card & ~7
    r = card & 7
    ls = (live >> base) & 255
    below = ls & ((1 << r) - 1)
    if r < sr:
        return base + _popcount(below)
    return base + sr + _popcount(below & ~((1 << sr) - 1))


@numba.njit(**INLINED)
def _keys(em, dm, leader, et, dt, need, diff, prm, stamp):
    """The table's key of a position by relative ranks: positions whose live cards lie alike in every suit
    (same owners in the same order on each side of the scoring rank) have the same value. Per suit,
    16 bits: elder's cards at their relative places, and how many live cards lie below and at or above
    the scoring rank (the dealer holds the others)."""
    sr = prm[PLAY_RULE_SCORING_RANK]
    live = em | dm
    key1 = np.int64(0)
    below = (1 << sr) - 1
    for s in range(4):
        ls = (live >> (8 * s)) & 255
        es = (em >> (8 * s)) & 255
        low = ls & below  # the live cards below the scoring rank, and those at or above it (shifted down)
        high = ls >> sr
        rel = np.int64(_PACK8[(low << 8) | (es & below)]) | (np.int64(_PACK8[(high << 8) | (es >> sr)]) << sr)
        key1 |= np.int64(rel | (_popcount(low) << 8) | (_popcount(high) << 12)) << (16 * s)
    dpart = diff + DIFF_OFFSET if prm[PLAY_RULE_DEAL_BONUS] else 0
    key2 = leader | (et << 1) | (need << 5) | (dpart << 13) | (dt << 24) | (stamp << 32)
    return key1, key2


@numba.njit(**JIT)
def begin(tt):
    """A new solve on ``tt``: entries of earlier solves are no longer read (the table is wiped when the
    stamp wraps). Call before searching positions of other rules on a table already used."""
    _next_stamp(tt, STAMP_LIMIT)

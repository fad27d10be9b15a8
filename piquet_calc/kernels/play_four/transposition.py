"""The four-player solver's keys on the shared transposition table (kernels/transposition.py).

The table itself is the play solvers' shared one (kernels/transposition.py's ``new_transposition``, ``_slot``:
splitmix64 over both words of the key) with the two-handed solver's stamp per solve (kernels/play/transposition.py's
``begin``): only the key differs. Every card scores in the play of four, so a
position is keyed by relative ranks: per suit, the live cards' owners in rank order (``key1``: two bits
per live card, bit 0 the owner's side, bit 1 whether he is the second of his side, packed down to the
cards' places among the live cards with the two-handed table's byte compaction), and ``key2``: each
suit's number of live cards, the leader, elder's side's tricks (the other side's follow from the cards
left), the pique need and the solve's stamp. ``data`` keeps the bounds (16 bits each, offset by OFFSET)
and the best lead as a relative card (its suit and its place among the live cards of the suit).
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED  # noqa: E402
from ..play.bits import _PACK8, _popcount  # noqa: E402

__all__ = ["_keys", "_relative", "_from_relative"]


@numba.njit(**INLINED)
def _keys(h0, h1, h2, h3, leader, ta, need, stamp):
    """The table's key of a position between tricks (the module docstring)."""
    key1 = np.int64(0)
    counts = np.int64(0)
    odd = h1 | h3
    second = h2 | h3
    for s in range(4):
        sh = 8 * s
        ls = ((h0 | h1 | h2 | h3) >> sh) & 255
        b0 = np.int64(_PACK8[(ls << 8) | ((odd >> sh) & 255)])
        b1 = np.int64(_PACK8[(ls << 8) | ((second >> sh) & 255)])
        key1 |= (b0 | (b1 << 8)) << (16 * s)
        counts |= np.int64(_popcount(ls)) << (4 * s)
    key2 = counts | (np.int64(leader) << 16) | (np.int64(ta) << 18) | (np.int64(need) << 22) | (np.int64(stamp) << 32)
    return key1, key2


@numba.njit(**INLINED)
def _relative(card, live):
    """A card as the table keeps it: its suit's base and its place among the live cards of its suit."""
    base = card & ~7
    return base + _popcount(((live >> base) & 255) & ((1 << (card & 7)) - 1))


@numba.njit(**INLINED)
def _from_relative(rel, live):
    """The live card at a relative place (``_relative``'s inverse), -1 if there is none."""
    base = rel & ~7
    k = rel & 7
    ls = (live >> base) & 255
    for r in range(8):
        if (ls >> r) & 1:
            if k == 0:
                return base + r
            k -= 1
    return -1

"""Move generation and ordering: which cards the leader and the follower try, and in which order.

Equivalent cards are played once (``_reps``: of a player's cards of one suit with no live card of the
opponent, or the card led, between them and on the same side of the scoring rank, one stands for all).
The leader tries the table's best lead first, then sure winners (scoring ones, and those of suits long in
his hand and short in the opponent's, first), then losing leads (scoring ones, and those of suits the
opponent holds few of, first); the follower his lowest winning card, then his lowest card. Each ply's
moves go in a row of the search's work array as ``priority << 8 | card``, sorted by insertion.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, called  # noqa: E402
from .bits import _TOP8, _bit_index, _popcount  # noqa: E402
from .transposition import _relative  # noqa: E402

MAX_CARDS = 16  # moves at one ply (at most 12)


@numba.njit(**INLINED)
def _reps(own, opp, sr):
    """One card of each run of equivalent cards in ``own``: no card of ``opp`` (the opponent's live cards
    and the card led) between them in their suit, and all on one side of the scoring rank."""
    live = own | opp
    out = np.int64(0)
    x = own
    while x:
        b = x & -x
        x ^= b
        i = _bit_index(b)
        base = i & ~7
        above = live & (np.int64(255) << base) & ~((b << 1) - 1)
        nxt = above & -above
        if nxt == 0 or (nxt & opp) != 0 or ((i & 7) < sr and nxt >= (np.int64(1) << (base + sr))):
            out |= b
    return out


@numba.njit(**INLINED)
def _sort_moves(buf, row, count):
    """Insertion sort of buf[row, :count], highest first (priority << 8 | card)."""
    for i in range(1, count):
        v = buf[row, i]
        j = i - 1
        while j >= 0 and buf[row, j] < v:
            buf[row, j + 1] = buf[row, j]
            j -= 1
        buf[row, j + 1] = v


@numba.njit(**INLINED)
def _leads(h, o, sr, first, buf, row):
    """The leader's cards to try, ordered, in buf[row]; returns how many. ``first``: the table's best
    lead, relative (see _relative), tried first."""
    reps = _reps(h, o, sr)
    live = h | o
    count = 0
    x = reps
    while x:
        b = x & -x
        x ^= b
        c = _bit_index(b)
        os_ = (o >> (c & ~7)) & 255
        r = c & 7
        if first >= 0 and _relative(c, live, sr) == first:
            prio = 1000
        elif os_ == 0:
            prio = 300 - r + (20 if r >= sr else 0)
        elif r > _TOP8[os_]:
            # winners: scoring ones first, of suits long in the leader's hand and short in the opponent's
            prio = 200 + r + 8 * _popcount((h >> (c & ~7)) & 255) + (20 if r >= sr else 0) - 8 * _popcount(os_)
        else:
            # a losing lead that scores costs less; a suit the opponent holds few of first (measured:
            # 30% fewer nodes than lowest first alone)
            prio = 100 - r + (20 if r >= sr else 0) - 8 * _popcount(os_)
        buf[row, count] = prio << 8 | c
        count += 1
    _sort_moves(buf, row, count)
    return count


@numba.njit(**INLINED)
def _replies(f, h_left, lead, sr, buf, row):
    """The follower's cards to try against ``lead`` (``h_left``: the leader's other cards), ordered."""
    suit = np.int64(255) << (lead & ~7)
    fs = f & suit
    count = 0
    if fs:
        x = _reps(fs, (h_left | (np.int64(1) << lead)) & suit, sr)
        while x:
            b = x & -x
            x ^= b
            c = _bit_index(b)
            # the lowest winner (one that scores first), then the lowest card
            prio = 200 - c + (20 if (c & 7) >= sr else 0) if c > lead else 100 - c
            buf[row, count] = prio << 8 | c
            count += 1
    else:
        x = _reps(f, h_left, sr)
        while x:
            b = x & -x
            x ^= b
            c = _bit_index(b)
            r = c & 7
            os_ = (h_left >> (c & ~7)) & 255
            winner = os_ == 0 or r > _TOP8[os_]
            prio = 100 - r - (50 if winner else 0)  # throw low cards, keep winners
            buf[row, count] = prio << 8 | c
            count += 1
    _sort_moves(buf, row, count)
    return count


# called, not inlined, where they run a few times a solve (_guess, solve_line, _trick_keeps)
_leads_once = called(_leads)
_replies_once = called(_replies)

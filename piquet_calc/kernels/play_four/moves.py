"""Move generation and ordering for the play of four: which cards the seat to move tries, in which order.

The same order as game/solve_four.py's ``order_moves`` (the plain solver): of a run of the seat's cards of
one suit with no other live card (nor a card of the trick) between them, one is tried; the table's best
lead first; a lead of a sure winner (the highest live card of its suit) next, then a low lead to the
partner's winner, then low leads; a follower low under his partner's winning card, else his lowest card
that takes the trick, else his lowest; a discard of his lowest card that is no winner. The moves go in a
row of the work array as ``priority << 8 | card``, sorted by insertion, then the cards alone.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import JIT  # noqa: E402
from ..play.bits import _TOP8, _bit_index  # noqa: E402
from .score import POS_C0, POS_H0, POS_K, POS_LEADER  # noqa: E402


@numba.njit(**JIT)
def _moves(work, f, row, best):
    """The cards to try at the position in row ``f``, in order, into ``work[row]``; their number."""
    leader = work[f, POS_LEADER]
    k = work[f, POS_K]
    mover = (leader + k) & 3
    own = work[f, POS_H0 + mover]
    played = np.int64(0)
    for i in range(k):
        played |= np.int64(1) << work[f, POS_C0 + i]
    others = played
    for seat in range(4):
        if seat != mover:
            others |= work[f, POS_H0 + seat]
    legal = own
    win_card = -1
    partner_wins = False
    if k > 0:
        lead = work[f, POS_C0]
        follow = own & (np.int64(255) << (lead & ~7))
        if follow != 0:
            legal = follow
        win_card = lead
        place = 0
        for i in range(1, k):
            ci = work[f, POS_C0 + i]
            if (ci >> 3) == (lead >> 3) and ci > win_card:
                win_card = ci
                place = i
        partner_wins = ((leader + place) & 3) == (mover ^ 2)
    count = 0
    x = legal
    while x:
        b = x & -x
        x ^= b
        c = _bit_index(b)
        base = c & ~7
        above = (own | others) & (np.int64(255) << base) & ~((b << 1) - 1)
        nxt = above & -above
        if nxt != 0 and (nxt & others) == 0:
            continue  # not the top of its run
        r = c & 7
        other_suit = ((others & ~played) >> base) & 255
        if c == best:
            prio = 1000
        elif k == 0:
            partner_suit = (work[f, POS_H0 + (mover ^ 2)] >> base) & 255
            opp_suit = ((work[f, POS_H0 + (mover ^ 1)] | work[f, POS_H0 + (mover ^ 3)]) >> base) & 255
            if other_suit == 0 or r > _TOP8[other_suit]:
                prio = 300 + r
            elif partner_suit != 0 and _TOP8[partner_suit] > _TOP8[opp_suit]:
                prio = 200 - r
            else:
                prio = 100 - r
        elif (c >> 3) == (win_card >> 3):
            if partner_wins or c < win_card:
                prio = 100 - r
            else:
                prio = 200 - r
        else:
            prio = 100 - r - (20 if r > _TOP8[other_suit] else 0)
        key = (np.int64(prio) << 8) | c
        j = count
        while j > 0 and work[row, j - 1] < key:
            work[row, j] = work[row, j - 1]
            j -= 1
        work[row, j] = key
        count += 1
    for j in range(count):
        work[row, j] = work[row, j] & 255
    return count

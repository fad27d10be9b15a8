"""One card of the Normand play on masks, the transposition keys by relative ranks, and the move order.

A position is ``(h0, h1, h2, leader, c0, c1, k, tricks, need)``: the three hands (32-bit masks, bit
``suit * 8 + rank``), who led the trick on the table, its cards so far (``k`` of them: ``c0``, ``c1``; -1 when
absent), the tricks won packed 4 bits a seat (``t0 | t1 << 4 | t2 << 8``) and the points elder still needs
for pique (0: not live). ``_step`` plays one card as game.play_normand.play_card scores it (tested equal):
the lead point when a card is led, the winner's points with the third card; the value it adds is for seat
``me``: 2 * his points - the others' (his net doubled). The end of the play is read from the params'
table of the cards and capot by the tricks won (built from game.play_normand.score_cards).

``_keys_normand``: positions between tricks whose live cards lie alike in every suit (the same owners in the same
order, on each side of the scoring rank) share a row of the transposition table (kernels/play/transposition.py's
idea for three hands): per suit, elder's and middle's cards at their relative places and the live cards' counts
(the dealer holds the others). ``_moves_normand``: one card of each run of equivalent cards
(kernels/play/moves.py's ``_reps``, the others' cards and the trick's as separators), ordered: the transposition
table's best card first; a leader's sure winners (the highest live card of their suit), then his low cards; a
follower whose side holds the trick plays low, else wins as cheaply as he can (the third hand) or high (the
second), else low.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, JIT  # noqa: E402
from ..layout import (  # noqa: E402
    NPLAY_ENDS,
    NPLAY_RULE_LAST_LEAD,
    NPLAY_RULE_LAST_TRICK,
    NPLAY_RULE_LEAD,
    NPLAY_RULE_PIQUE_BONUS,
    NPLAY_RULE_SCORING_RANK,
    NPLAY_RULE_WIN_OPP,
    NPLAY_RULE_WIN_OWN,
)
from ..play.bits import _PACK8, _TOP8, _bit_index, _popcount  # noqa: E402
from ..play.moves import _reps, _sort_moves  # noqa: E402
from ..play.transposition import _relative  # noqa: E402
from ..transposition import _next_stamp  # noqa: E402

STAMP_LIMIT = 1 << 9  # the solve's stamp takes key2's top 9 bits
MAX_NEED = 63  # the pique need takes 6 bits of key2


@numba.njit(**INLINED)
def _scores(seat, points, need, prm):
    """``seat`` scores ``points``: (what he scores, pique included, and elder's pique need after)."""
    if points <= 0:
        return points, need
    if seat != 0:
        return points, 0
    if need > 0:
        if points >= need:
            return points + prm[NPLAY_RULE_PIQUE_BONUS], 0
        return points, need - points
    return points, need


@numba.njit(**INLINED)
def _place(c0, c1, c2):
    """The place (0 the leader) of the card winning so far: the highest of the suit led (-1: no card)."""
    best = 0
    top = c0
    if c1 >= 0 and (c1 >> 3) == (top >> 3) and c1 > top:
        best = 1
        top = c1
    if c2 >= 0 and (c2 >> 3) == (top >> 3) and c2 > top:
        best = 2
    return best


@numba.njit(**INLINED)
def _step(h0, h1, h2, leader, c0, c1, k, tricks, need, card, me, prm):
    """The player to move plays ``card``: (what it adds to ``me``'s net doubled, the position after)."""
    seat = leader + k
    if seat >= 3:
        seat -= 3
    bit = np.int64(1) << card
    if seat == 0:
        h0 &= ~bit
    elif seat == 1:
        h1 &= ~bit
    else:
        h2 &= ~bit
    sr = prm[NPLAY_RULE_SCORING_RANK]
    imm = 0
    if k == 0:
        if (card & 7) >= sr:
            left = h0 if seat == 0 else (h1 if seat == 1 else h2)
            p = prm[NPLAY_RULE_LAST_LEAD] if left == 0 else prm[NPLAY_RULE_LEAD]
            pts, need = _scores(seat, p, need, prm)
            imm = (3 * pts if seat == me else 0) - pts
        return imm, h0, h1, h2, leader, card, -1, 1, tricks, need
    if k == 1:
        return 0, h0, h1, h2, leader, c0, card, 2, tricks, need
    place = _place(c0, c1, card)
    winner = leader + place
    if winner >= 3:
        winner -= 3
    top = c0 if place == 0 else (c1 if place == 1 else card)
    wp = 0
    if (top & 7) >= sr:
        wp += prm[NPLAY_RULE_WIN_OWN] if place == 0 else prm[NPLAY_RULE_WIN_OPP]
    if (h0 | h1 | h2) == 0:
        wp += prm[NPLAY_RULE_LAST_TRICK]
    pts, need = _scores(winner, wp, need, prm)
    imm = (3 * pts if winner == me else 0) - pts
    return imm, h0, h1, h2, winner, -1, -1, 0, tricks + (np.int64(1) << (4 * winner)), need


@numba.njit(**INLINED)
def _end_normand(tricks, me, prm):
    """The cards and capot after the last trick, for ``me``'s net doubled."""
    base = NPLAY_ENDS + 3 * tricks
    return 3 * prm[base + me] - prm[base] - prm[base + 1] - prm[base + 2]


@numba.njit(**INLINED)
def _keys_normand(h0, h1, h2, leader, tricks, need, me, sr, stamp):
    """The transposition key of a position between tricks, by relative ranks (module docstring)."""
    live = h0 | h1 | h2
    key1 = np.int64(0)
    counts = np.int64(0)
    below = (1 << sr) - 1
    for s in range(4):
        ls = (live >> (8 * s)) & 255
        es = (h0 >> (8 * s)) & 255
        ms = (h1 >> (8 * s)) & 255
        low = ls & below
        high = ls >> sr
        re = np.int64(_PACK8[(low << 8) | (es & below)]) | (np.int64(_PACK8[(high << 8) | (es >> sr)]) << sr)
        rm = np.int64(_PACK8[(low << 8) | (ms & below)]) | (np.int64(_PACK8[(high << 8) | (ms >> sr)]) << sr)
        key1 |= (re | (rm << 8)) << (16 * s)
        counts |= np.int64(_popcount(low) | (_popcount(high) << 4)) << (8 * s)
    key2 = counts | (leader << 32) | (tricks << 34) | (need << 46) | (me << 52) | (stamp << 54)
    return key1, key2


@numba.njit(**INLINED)
def _moves_normand(h0, h1, h2, leader, c0, c1, k, me, sr, first, buf, row):
    """The cards the player to move tries, ordered, in buf[row]; returns how many. ``first``: the transposition
    table's best card, relative (kernels/play/transposition.py's ``_relative``), tried first."""
    seat = leader + k
    if seat >= 3:
        seat -= 3
    own = h0 if seat == 0 else (h1 if seat == 1 else h2)
    live = h0 | h1 | h2
    trick_cards = np.int64(0)
    if k >= 1:
        trick_cards |= np.int64(1) << c0
    if k >= 2:
        trick_cards |= np.int64(1) << c1
    others = (live & ~own) | trick_cards
    count = 0
    if k == 0:
        x = _reps(own, others, sr)
        while x:
            b = x & -x
            x ^= b
            c = _bit_index(b)
            r = c & 7
            rest = (others >> (c & ~7)) & 255
            if first >= 0 and _relative(c, live, sr) == first:
                prio = 1000
            elif rest == 0 or r > _TOP8[rest]:
                prio = 300 + r
            else:
                prio = 100 - r
            buf[row, count] = prio << 8 | c
            count += 1
        _sort_moves(buf, row, count)
        return count
    suit = np.int64(255) << (c0 & ~7)
    fs = own & suit
    place = _place(c0, c1 if k == 2 else -1, -1)
    top = c0 if place == 0 else c1
    holder = leader + place
    if holder >= 3:
        holder -= 3
    ours = (holder == me) == (seat == me)
    x = _reps(fs if fs else own, others, sr)
    while x:
        b = x & -x
        x ^= b
        c = _bit_index(b)
        r = c & 7
        if not fs or ours or c < top:
            prio = 100 - r
        elif k == 2:
            prio = 200 - r
        else:
            prio = 200 + r
        buf[row, count] = prio << 8 | c
        count += 1
    _sort_moves(buf, row, count)
    return count


@numba.njit(**JIT)
def begin_normand(tt):
    """A new solve on ``tt``: entries of earlier solves are no longer read (wiped when the stamp wraps)."""
    _next_stamp(tt, STAMP_LIMIT)

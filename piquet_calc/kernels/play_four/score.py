"""A card played and scored, and the end of the play, as game/play_four.py scores them (tested equal to it).

A position is a row of the search's work array: the first ``POSITION_FIELDS`` columns are the four hands
(32-bit masks, bit ``suit * 8 + rank``), the seat that led the trick under way (0 elder, 1 second, 2 third,
3 the dealer), how many cards it holds so far and which (from the leader), the tricks each side has won
(elder and third: side 0) and the points elder's side still needs for pique (0: pique is not live).
``_play`` writes the position after a card into another row and returns what it scored (elder's side's
points minus the other's, the end of the play included after the last trick) and whether the play is over;
``_forced`` plays out the last trick (one card each) at once.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, JIT  # noqa: E402
from ..layout import (  # noqa: E402
    FOUR_RULE_CAPOT,
    FOUR_RULE_CAPOT_LAST,
    FOUR_RULE_CARDS,
    FOUR_RULE_CARDS_TRICKS,
    FOUR_RULE_LAST_TRICK,
    FOUR_RULE_LEAD,
    FOUR_RULE_PIQUE_BONUS,
    FOUR_RULE_WIN_OPP,
    FOUR_RULE_WIN_OWN,
)
from ..play.bits import _bit_index  # noqa: E402

# The columns of a position (engine.play_four.position_row packs them)
POS_H0, POS_LEADER, POS_K, POS_C0, POS_TA, POS_TB, POS_NEED = 0, 4, 5, 6, 9, 10, 11
POSITION_FIELDS = 12


@numba.njit(**INLINED)
def _side_scores(side, points, need, prm):
    """``side`` scores ``points``: (elder's side's points minus the other's, pique included; the need after)."""
    if points == 0:
        return 0, need
    if side == 0:
        if need > 0:
            if points >= need:
                return points + prm[FOUR_RULE_PIQUE_BONUS], 0
            return points, need - points
        return points, 0
    return -points, 0


@numba.njit(**INLINED)
def _end(ta, tb, prm):
    """After the last trick: the cards or capot, elder's side's minus the other's (game.play_four.finish_four)."""
    out = 0
    for side in range(2):
        won = ta if side == 0 else tb
        lost = tb if side == 0 else ta
        sign = 1 if side == 0 else -1
        if won > 0 and lost == 0 and prm[FOUR_RULE_CAPOT] > 0:
            out += sign * (prm[FOUR_RULE_CAPOT] - (prm[FOUR_RULE_LAST_TRICK] if prm[FOUR_RULE_CAPOT_LAST] else 0))
        elif won >= prm[FOUR_RULE_CARDS_TRICKS]:
            out += sign * prm[FOUR_RULE_CARDS]
    return out


@numba.njit(**INLINED)
def _play(work, f, c, card, prm):
    """The seat to move at row ``f`` plays ``card``; the position after it goes to row ``c``. Returns (elder's
    side's points minus the other's, the play is over)."""
    for j in range(POSITION_FIELDS):
        work[c, j] = work[f, j]
    leader = work[f, POS_LEADER]
    k = work[f, POS_K]
    mover = (leader + k) & 3
    work[c, POS_H0 + mover] = work[f, POS_H0 + mover] & ~(np.int64(1) << card)
    need = work[f, POS_NEED]
    if k == 0:
        work[c, POS_C0] = card
        work[c, POS_K] = 1
        imm, need = _side_scores(mover & 1, prm[FOUR_RULE_LEAD], need, prm)
        work[c, POS_NEED] = need
        return imm, False
    if k < 3:
        work[c, POS_C0 + k] = card
        work[c, POS_K] = k + 1
        return 0, False
    lead = work[f, POS_C0]
    win = lead
    place = 0
    for i in range(1, 4):
        ci = card if i == 3 else work[f, POS_C0 + i]
        if (ci >> 3) == (lead >> 3) and ci > win:
            win = ci
            place = i
    winner = (leader + place) & 3
    side = winner & 1
    points = prm[FOUR_RULE_WIN_OWN] if side == (leader & 1) else prm[FOUR_RULE_WIN_OPP]
    last = (work[c, 0] | work[c, 1] | work[c, 2] | work[c, 3]) == 0
    if last:
        points += prm[FOUR_RULE_LAST_TRICK]
    imm, need = _side_scores(side, points, need, prm)
    ta = work[f, POS_TA] + (side == 0)
    tb = work[f, POS_TB] + (side == 1)
    if last:
        imm += _end(ta, tb, prm)
    work[c, POS_LEADER] = winner
    work[c, POS_K] = 0
    work[c, POS_TA] = ta
    work[c, POS_TB] = tb
    work[c, POS_NEED] = need
    return imm, last


@numba.njit(**JIT)
def _forced(work, c, scratch, prm):
    """The value of the last trick, one card each, from row ``c`` (rows ``scratch`` and ``scratch + 1`` are
    used): every card is forced."""
    total = 0
    src = c
    dst = scratch
    for _ in range(4):
        mover = (work[src, POS_LEADER] + work[src, POS_K]) & 3
        card = _bit_index(work[src, POS_H0 + mover])
        imm, _over = _play(work, src, dst, card, prm)
        total += imm
        src = dst
        dst = scratch + 1 if dst == scratch else scratch
    return total

"""One deal of piquet for four scored, as game.seating.score_seating scores partnerships (tested equal to it).

``hand_four`` gives a hand's point, sequence and set keys from the suit and rank tables; ``run_four`` the run a
side makes leading out (elder cashing, his partner taking a trick from him: ``cash_tab``, ``over_tab``);
``_settle`` compares the two sides' declarations and ``_classes`` adds one deal's outcome to the counts
(kernels.layout's V_*); ``score_deal_four`` scores a whole deal, pique included.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from .. import layout  # noqa: E402
from ..jit import JIT  # noqa: E402


@numba.njit(**JIT)
def _point(byte, suit_tab, params):
    """A suit's point code, 0 under the minimum pips (four: 30)."""
    p = suit_tab[byte, layout.SUIT_POINT_KEY]
    return p if (p & 127) >= params[layout.SEATING_RULE_MIN_PIPS] else 0


@numba.njit(**JIT)
def hand_four(mask, suit_tab, rank_tab, set_tab, params):
    """(point code, sequence code, sequence score, set code, set score, court cards) of one hand."""
    pt = 0
    sq = 0
    sq_score = 0
    rv = 0
    for s in range(4):
        byte = (mask >> (8 * s)) & 255
        pt = max(pt, _point(byte, suit_tab, params))
        sq = max(sq, suit_tab[byte, layout.SUIT_SEQUENCE_KEY])
        sq_score += suit_tab[byte, layout.SUIT_SEQUENCE_POINTS]
        rv += rank_tab[byte, 0]
    st = set_tab[rv]
    court = rank_tab[(mask) & 255, 1] + rank_tab[(mask >> 8) & 255, 1] + rank_tab[(mask >> 16) & 255, 1] \
        + rank_tab[(mask >> 24) & 255, 1]
    return pt, sq, sq_score, st & 255, st >> 8, court


@numba.njit(**JIT)
def _run_core(elder, partner, tops, counts, suit_tab, cash_tab, over_tab, params):
    """The leading side's run (game.seating.seating_pique_run) from the opponents' highest card and longest
    holding of each suit: elder's cashable cards; in a suit where his partner must take one of them,
    only the cards before it, then one such trick to end the run."""
    w = 0
    cut = 0
    for s in range(4):
        e = (elder >> (8 * s)) & 255
        cashed = cash_tab[e * 81 + ((tops[s] + 9) % 9) * 9 + counts[s]]
        j = over_tab[cashed * 256 + ((partner >> (8 * s)) & 255)]
        if j == 0:
            w += suit_tab[cashed, layout.SUIT_CARD_COUNT]
        else:
            w += j - 1
            cut = 1
    w += cut
    pts = w * params[layout.SEATING_RULE_LEAD] + (w - cut) * params[layout.SEATING_RULE_WIN_OWN]
    return pts + (params[layout.SEATING_RULE_LEAD] if w < params[layout.SEATING_RULE_HAND_SIZE]
                  else params[layout.SEATING_RULE_LAST_TRICK])


@numba.njit(**JIT)
def run_four(elder, partner, opp_a, opp_b, suit_tab, cash_tab, over_tab, params):
    """``_run_core`` against two opponents' hands."""
    tops = np.empty(4, dtype=np.int64)
    counts = np.empty(4, dtype=np.int64)
    for s in range(4):
        a = (opp_a >> (8 * s)) & 255
        b = (opp_b >> (8 * s)) & 255
        tops[s] = max(suit_tab[a, layout.SUIT_TOP_RANK], suit_tab[b, layout.SUIT_TOP_RANK])
        counts[s] = max(suit_tab[a, layout.SUIT_CARD_COUNT], suit_tab[b, layout.SUIT_CARD_COUNT])
    return _run_core(elder, partner, tops, counts, suit_tab, cash_tab, over_tab, params)


@numba.njit(**JIT)
def _settle(out, side_cb, opp_cb, double, params):
    """Repique after each class (a side at the threshold, the other at nothing; ``double``: both partners'
    carte blanche is one) from ``out[side, FEATURE_*]``; returns each side's declarations total."""
    at = params[layout.SEATING_RULE_REPIQUE_AT]
    out[0, 0] = side_cb * params[layout.SEATING_RULE_BLANCHE]
    out[1, 0] = opp_cb * params[layout.SEATING_RULE_BLANCHE]
    rep0 = 1 if double and side_cb == 2 else 0
    rep1 = 1 if double and opp_cb == 2 else 0
    c0 = 0
    c1 = 0
    for col in range(4):
        c0 += out[0, col]
        c1 += out[1, col]
        if c0 >= at and c1 == 0:
            rep0 = 1
        if c1 >= at and c0 == 0:
            rep1 = 1
    out[0, 4] = rep0
    out[1, 4] = rep1
    return c0, c1


@numba.njit(**JIT)
def _classes(out, status, s_pt, s_sq, s_sqsum, s_st, s_stsum, o_pt, o_sq, o_sqsum, o_st, o_stsum):
    """The three classes between the sides: the side with the better best scores (the point: that one
    point's length; sequences and sets: every one of both partners); equal, nobody. ``status[c]``: 0 win,
    1 tie, 2 lose for side 0."""
    out[:, :] = 0
    for c in range(3):
        if c == 0:
            a, b, sa, sb = s_pt, o_pt, s_pt // 128, o_pt // 128
        elif c == 1:
            a, b, sa, sb = s_sq, o_sq, s_sqsum, o_sqsum
        else:
            a, b, sa, sb = s_st, o_st, s_stsum, o_stsum
        if a > b:
            out[0, 1 + c] = sa
            status[c] = 0
        elif b > a:
            out[1, 1 + c] = sb
            status[c] = 2
        else:
            status[c] = 1


@numba.njit(**JIT)
def score_deal_four(m0, m1, m2, m3, b0, b1, b2, b3, double, suit_tab, rank_tab, set_tab, cash_tab, over_tab, params,
                out, status):
    """One deal of four: ``out[side, 0..5]`` carte blanche, point, sequence, sets points, repique and pique
    flags (sides 0: elder and third, 1: second and dealer); ``b*``: each seat's carte blanche."""
    f0 = hand_four(m0, suit_tab, rank_tab, set_tab, params)
    f1 = hand_four(m1, suit_tab, rank_tab, set_tab, params)
    f2 = hand_four(m2, suit_tab, rank_tab, set_tab, params)
    f3 = hand_four(m3, suit_tab, rank_tab, set_tab, params)
    _classes(out, status, max(f0[0], f2[0]), max(f0[1], f2[1]), f0[2] + f2[2], max(f0[3], f2[3]), f0[4] + f2[4],
             max(f1[0], f3[0]), max(f1[1], f3[1]), f1[2] + f3[2], max(f1[3], f3[3]), f1[4] + f3[4])
    c0, c1 = _settle(out, b0 + b2, b1 + b3, double, params)
    if out[0, 4] == 0 and c1 == 0:
        if c0 + run_four(m0, m2, m1, m3, suit_tab, cash_tab, over_tab, params) >= params[layout.SEATING_RULE_PIQUE_AT]:
            out[0, 5] = 1

"""One deal's declarations, both hands known: what kernels/deal.py and the counts score per pair of hands.

``deal_outcome`` mirrors game.declarations.score_deal (and is tested equal to it deal by deal): point,
sequence and sets compared, carte blanche and carte rouge, repique and pique before the play; it returns
the comparisons and each side's points. ``_accumulate`` adds one pair's outcome to a row of counts
(kernels.layout's C_*); ``score_one`` scores a pair from the packed rule tables.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import JIT  # noqa: E402
from ..layout import (  # noqa: E402
    C_DEALS,
    C_ME_CB,
    C_ME_CR,
    C_ME_PIQUE,
    C_ME_PT,
    C_ME_REPIQUE,
    C_ME_SQ,
    C_ME_ST,
    C_OPP_CB,
    C_OPP_CR,
    C_OPP_PIQUE,
    C_OPP_PT,
    C_OPP_REPIQUE,
    C_OPP_SQ,
    C_OPP_ST,
    C_PT_WIN,
    C_SQ_WIN,
    C_ST_WIN,
    F_POINT,
    F_POINT_SCORE,
    F_ROUGE,
    F_SEQ,
    F_SEQ_SCORE,
    F_SET,
    F_SET_SCORE,
    P_PIQUE_AT,
    P_REPIQUE_AT,
    P_ROUGE,
)
from .hand import hand_features, set_rules  # noqa: E402
from .pique import max_run_points, pique_live, repique_reached, run_points  # noqa: E402


@numba.njit(**JIT)
def deal_outcome(me, fm, opp, fo, cb_me, cb_opp, me_is_elder, suit_tab, run_tab, params):
    """Score one deal from me's side: mirrors game.declarations.score_deal.

    ``fm``/``fo`` are hand_features of ``me``/``opp``; ``cb_*`` are carte blanche points.
    Returns (point cmp, sequence cmp, sets cmp, me point, opp point, me sequence, opp sequence,
    me sets, opp sets, me repique, opp repique, me pique, opp pique, me carte rouge, opp carte rouge);
    cmp is +1 when me wins.
    """
    pc = (fm[F_POINT] > fo[F_POINT]) - (fm[F_POINT] < fo[F_POINT])
    qc = (fm[F_SEQ] > fo[F_SEQ]) - (fm[F_SEQ] < fo[F_SEQ])
    tc = (fm[F_SET] > fo[F_SET]) - (fm[F_SET] < fo[F_SET])
    me_pt = fm[F_POINT_SCORE] if pc > 0 else 0
    opp_pt = fo[F_POINT_SCORE] if pc < 0 else 0
    me_sq = fm[F_SEQ_SCORE] if qc > 0 else 0
    opp_sq = fo[F_SEQ_SCORE] if qc < 0 else 0
    me_st = fm[F_SET_SCORE] if tc > 0 else 0
    opp_st = fo[F_SET_SCORE] if tc < 0 else 0
    me_cr = params[P_ROUGE] * ((fm[F_ROUGE] >> (np.int64(pc > 0) + 2 * np.int64(qc > 0) + 4 * np.int64(tc > 0))) & 1)
    opp_cr = params[P_ROUGE] * ((fo[F_ROUGE] >> (np.int64(pc < 0) + 2 * np.int64(qc < 0) + 4 * np.int64(tc < 0))) & 1)
    # repique: the threshold reached, counting class by class, while the opponent has nothing
    t = params[P_REPIQUE_AT]
    tp = params[P_PIQUE_AT]
    m1 = cb_me
    o1 = cb_opp
    m2 = m1 + me_pt
    o2 = o1 + opp_pt
    m3 = m2 + me_sq
    o3 = o2 + opp_sq
    m4 = m3 + me_st
    o4 = o3 + opp_st
    m5 = m4 + me_cr
    o5 = o4 + opp_cr
    rep_me = repique_reached(m1, m2, m3, m4, m5, o1, o2, o3, o4, o5, t)
    rep_opp = repique_reached(o1, o2, o3, o4, o5, m1, m2, m3, m4, m5, t)
    # pique: elder only, the dealer at nothing, elder short of repique but not of the run
    pique_me = False
    pique_opp = False
    if me_is_elder:
        if pique_live(m5, o5, t, tp, max_run_points(params)):
            pique_me = pique_live(m5, o5, t, tp, run_points(me, opp, suit_tab, run_tab, params))
    else:
        if pique_live(o5, m5, t, tp, max_run_points(params)):
            pique_opp = pique_live(o5, m5, t, tp, run_points(opp, me, suit_tab, run_tab, params))
    return (pc, qc, tc, me_pt, opp_pt, me_sq, opp_sq, me_st, opp_st, rep_me, rep_opp, pique_me, pique_opp,
            me_cr, opp_cr)


@numba.njit(**JIT)
def _accumulate(acc, row, out, cb_me, cb_opp):
    pc, qc, tc, me_pt, opp_pt, me_sq, opp_sq, me_st, opp_st, rep_me, rep_opp, pique_me, pique_opp, me_cr, opp_cr = out
    acc[row, C_DEALS] += 1
    acc[row, C_PT_WIN + 1 - pc] += 1
    acc[row, C_SQ_WIN + 1 - qc] += 1
    acc[row, C_ST_WIN + 1 - tc] += 1
    acc[row, C_ME_PT] += me_pt
    acc[row, C_OPP_PT] += opp_pt
    acc[row, C_ME_SQ] += me_sq
    acc[row, C_OPP_SQ] += opp_sq
    acc[row, C_ME_ST] += me_st
    acc[row, C_OPP_ST] += opp_st
    acc[row, C_ME_CB] += cb_me
    acc[row, C_OPP_CB] += cb_opp
    acc[row, C_ME_REPIQUE] += rep_me
    acc[row, C_OPP_REPIQUE] += rep_opp
    acc[row, C_ME_PIQUE] += pique_me
    acc[row, C_OPP_PIQUE] += pique_opp
    acc[row, C_ME_CR] += me_cr
    acc[row, C_OPP_CR] += opp_cr


@numba.njit(**JIT)
def score_one(me, opp, cb_me, cb_opp, me_is_elder, rt):
    """deal_outcome of two masks (``rt``: the rule tables, engine.tables.RuleTables.packed): the per-deal
    scorer the tests compare with game.declarations.score_deal."""
    suit_tab, run_tab, params = rt
    sr = set_rules(params)
    fm = hand_features(me, suit_tab, sr)
    fo = hand_features(opp, suit_tab, sr)
    return deal_outcome(me, fm, opp, fo, cb_me, cb_opp, me_is_elder, suit_tab, run_tab, params)

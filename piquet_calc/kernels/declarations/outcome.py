"""One deal's declarations, both hands known: what kernels/deal.py and the counts score per pair of hands.

``deal_outcome`` mirrors game.declarations.score_deal (and is tested equal to it deal by deal): point,
sequence and sets compared, carte blanche and carte rouge, repique and pique before the play; it returns
the comparisons and each side's points. ``_accumulate`` adds one pair's outcome to a row of counts
(kernels.layout's COUNT_*); ``score_one`` scores a pair from the packed rule tables.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from .. import layout  # noqa: E402
from ..jit import JIT  # noqa: E402
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
    pc = (fm[layout.FEATURE_POINT] > fo[layout.FEATURE_POINT]) - (fm[layout.FEATURE_POINT] < fo[layout.FEATURE_POINT])
    qc = ((fm[layout.FEATURE_SEQUENCE] > fo[layout.FEATURE_SEQUENCE])
          - (fm[layout.FEATURE_SEQUENCE] < fo[layout.FEATURE_SEQUENCE]))
    tc = (fm[layout.FEATURE_SETS] > fo[layout.FEATURE_SETS]) - (fm[layout.FEATURE_SETS] < fo[layout.FEATURE_SETS])
    me_pt = fm[layout.FEATURE_POINT_SCORE] if pc > 0 else 0
    opp_pt = fo[layout.FEATURE_POINT_SCORE] if pc < 0 else 0
    me_sq = fm[layout.FEATURE_SEQUENCE_SCORE] if qc > 0 else 0
    opp_sq = fo[layout.FEATURE_SEQUENCE_SCORE] if qc < 0 else 0
    me_st = fm[layout.FEATURE_SETS_SCORE] if tc > 0 else 0
    opp_st = fo[layout.FEATURE_SETS_SCORE] if tc < 0 else 0
    me_cr = params[layout.RULE_CARTE_ROUGE] * ((fm[layout.FEATURE_CARTE_ROUGE]
                                        >> (np.int64(pc > 0) + 2 * np.int64(qc > 0) + 4 * np.int64(tc > 0))) & 1)
    opp_cr = params[layout.RULE_CARTE_ROUGE] * ((fo[layout.FEATURE_CARTE_ROUGE]
                                         >> (np.int64(pc < 0) + 2 * np.int64(qc < 0) + 4 * np.int64(tc < 0))) & 1)
    # repique: the threshold reached, counting class by class, while the opponent has nothing
    t = params[layout.RULE_REPIQUE_AT]
    tp = params[layout.RULE_PIQUE_AT]
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
    acc[row, layout.COUNT_DEALS] += 1
    acc[row, layout.COUNT_POINT_WIN + 1 - pc] += 1
    acc[row, layout.COUNT_SEQUENCE_WIN + 1 - qc] += 1
    acc[row, layout.COUNT_SETS_WIN + 1 - tc] += 1
    acc[row, layout.COUNT_POINT_ME] += me_pt
    acc[row, layout.COUNT_POINT_OPP] += opp_pt
    acc[row, layout.COUNT_SEQUENCE_ME] += me_sq
    acc[row, layout.COUNT_SEQUENCE_OPP] += opp_sq
    acc[row, layout.COUNT_SETS_ME] += me_st
    acc[row, layout.COUNT_SETS_OPP] += opp_st
    acc[row, layout.COUNT_CARTE_BLANCHE_ME] += cb_me
    acc[row, layout.COUNT_CARTE_BLANCHE_OPP] += cb_opp
    acc[row, layout.COUNT_REPIQUE_ME] += rep_me
    acc[row, layout.COUNT_REPIQUE_OPP] += rep_opp
    acc[row, layout.COUNT_PIQUE_ME] += pique_me
    acc[row, layout.COUNT_PIQUE_OPP] += pique_opp
    acc[row, layout.COUNT_CARTE_ROUGE_ME] += me_cr
    acc[row, layout.COUNT_CARTE_ROUGE_OPP] += opp_cr


@numba.njit(**JIT)
def score_one(me, opp, cb_me, cb_opp, me_is_elder, rt):
    """deal_outcome of two masks (``rt``: the rule tables, engine.rule_arrays.RuleArrays.packed): the per-deal
    scorer the tests compare with game.declarations.score_deal."""
    suit_tab, run_tab, params = rt
    sr = set_rules(params)
    fm = hand_features(me, suit_tab, sr)
    fo = hand_features(opp, suit_tab, sr)
    return deal_outcome(me, fm, opp, fo, cb_me, cb_opp, me_is_elder, suit_tab, run_tab, params)

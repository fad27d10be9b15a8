"""The whole-deal model's kernel: one sampled deal's declarations (and its play), on masks only.

Each row of ``elder``/``dealer`` is one sampled deal after both exchanges (final hands as masks) with the
two carte blanche points of the dealt hands. The declarations are kernels.declarations.deal_outcome,
which mirrors game.declarations.score_deal; the play is kernels/play/'s solver from that pre-play
state (its ``solve_line``, as its ``solve_deal`` calls it); the columns are kernels.layout.D_*.
"""

from __future__ import annotations

from . import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from . import play as kp  # noqa: E402
from .declarations.hand import hand_features, set_rules  # noqa: E402
from .declarations.outcome import deal_outcome  # noqa: E402
from .jit import JIT  # noqa: E402
from .layout import (  # noqa: E402
    D_CARDS,
    D_D_CAPOT,
    D_D_DECL,
    D_D_PLAY,
    D_D_REPIQUE,
    D_E_CAPOT,
    D_E_DECL,
    D_E_PIQUE,
    D_E_PLAY,
    D_E_REPIQUE,
    D_E_RUN_PIQUE,
    P_REPIQUE,
    PL_PIQUE_BONUS,
)
from .play.score import pique_at_start  # noqa: E402


@numba.njit(**JIT)
def declare_deals(lo, hi, elder, dealer, cb_e, cb_d, rt, out):
    """Rows ``lo`` to ``hi`` - 1: each side's declarations before the play (carte blanche, point,
    sequence, sets, carte rouge, the repique bonus), the repiques, and pique by elder's pique run.
    ``rt``: the rule tables (engine.tables.SuitTables.packed)."""
    suit_tab, run_tab, params = rt
    sr = set_rules(params)
    for i in range(lo, hi):
        e = np.int64(elder[i])
        d = np.int64(dealer[i])
        fe = hand_features(e, suit_tab, sr)
        fd = hand_features(d, suit_tab, sr)
        (_, _, _, e_pt, d_pt, e_sq, d_sq, e_st, d_st, rep_e, rep_d, pique_e, _, e_cr, d_cr) = deal_outcome(
            e, fe, d, fd, cb_e[i], cb_d[i], True, suit_tab, run_tab, params)
        out[i, D_E_DECL] = cb_e[i] + e_pt + e_sq + e_st + e_cr + params[P_REPIQUE] * rep_e
        out[i, D_D_DECL] = cb_d[i] + d_pt + d_sq + d_st + d_cr + params[P_REPIQUE] * rep_d
        out[i, D_E_REPIQUE] = rep_e
        out[i, D_D_REPIQUE] = rep_d
        out[i, D_E_RUN_PIQUE] = pique_e


@numba.njit(**JIT)
def play_deals(lo, hi, elder, dealer, play_params, tt, buf, line, out):
    """Rows ``lo`` to ``hi`` - 1, their declarations already in ``out`` (declare_deals): the play solved
    double dummy from that state, as kernels.play.solve_deal solves it (pique at the start as
    game.play.pique_at_start states it, live when neither side repiqued and the dealer has nothing), and
    along the solver's optimal line: each side's play points, pique (at the start or in the play: the
    trick solve_line says it came in), the cards (+1 elder won 7 or more tricks, 0 six each, -1) and
    capot.

    One transposition table serves the rows' solves one after another: its entries are keyed by the
    whole position (cards left, leader, tricks, the pique need and, where a deal bonus reads it, the
    difference so far), so what one deal's solve learnt stays true in the next; rows of one sampled
    deal share most of their endings. (Tested equal to fresh solves in tests/test_deal.py.)"""
    kp.begin(tt)
    for i in range(lo, hi):
        e_before = out[i, D_E_DECL]
        d_before = out[i, D_D_DECL]
        no_repique = out[i, D_E_REPIQUE] == 0 and out[i, D_D_REPIQUE] == 0
        piqued, need = pique_at_start(e_before, d_before, no_repique, play_params)
        e0 = play_params[PL_PIQUE_BONUS] if piqued else 0
        em = np.int64(elder[i])
        dm = np.int64(dealer[i])
        _, e_pts, d_pts, et, pique_trick = kp.solve_line(em, dm, 0, 0, 0, e_before + e0 - d_before, need,
                                                         play_params, tt, buf, line)
        if line[kp.LINE_TRICKS] != 12:
            raise RuntimeError("play_deals: the solver's line broke off (a corrupt table)")
        dt = 12 - et
        out[i, D_E_PLAY] = e0 + e_pts
        out[i, D_D_PLAY] = d_pts
        out[i, D_E_PIQUE] = piqued or pique_trick >= 0
        out[i, D_CARDS] = (et > 6) - (et < 6)
        out[i, D_E_CAPOT] = et == 12
        out[i, D_D_CAPOT] = dt == 12

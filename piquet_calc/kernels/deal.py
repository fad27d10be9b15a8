"""The whole-deal model's kernel: one sampled deal's declarations (and its play), on masks only.

Each row of ``elder``/``dealer`` is one sampled deal after both exchanges (final hands as masks) with the
two carte blanche points of the dealt hands. The declarations are kernels.declarations.deal_outcome,
which mirrors game.declarations.score_deal; the play is kernels/play/'s solver from that pre-play
state (its ``solve_line``, as its ``solve_deal`` calls it); the columns are kernels.layout.DEAL_*.
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
    DEAL_CARDS,
    DEAL_DEALER_CAPOT,
    DEAL_DEALER_DECLARATIONS,
    DEAL_DEALER_PLAY,
    DEAL_DEALER_REPIQUE,
    DEAL_ELDER_CAPOT,
    DEAL_ELDER_DECLARATIONS,
    DEAL_ELDER_PIQUE,
    DEAL_ELDER_PLAY,
    DEAL_ELDER_REPIQUE,
    DEAL_ELDER_RUN_PIQUE,
    DEAL_LINE_TRICKS_1_TO_6,
    DEAL_LINE_TRICKS_7_TO_12,
    LINE_CARD_BITS,
    PLAY_RULE_PIQUE_BONUS,
    RULE_REPIQUE,
)
from .play.score import pique_at_start  # noqa: E402


@numba.njit(**JIT)
def declare_deals(lo, hi, elder, dealer, cb_e, cb_d, rt, out):
    """Rows ``lo`` to ``hi`` - 1: each side's declarations before the play (carte blanche, point,
    sequence, sets, carte rouge, the repique bonus), the repiques, and pique by elder's pique run.
    ``rt``: the rule tables (engine.rule_arrays.SuitArrays.packed)."""
    suit_tab, run_tab, params = rt
    sr = set_rules(params)
    for i in range(lo, hi):
        e = np.int64(elder[i])
        d = np.int64(dealer[i])
        fe = hand_features(e, suit_tab, sr)
        fd = hand_features(d, suit_tab, sr)
        (_, _, _, e_pt, d_pt, e_sq, d_sq, e_st, d_st, rep_e, rep_d, pique_e, _, e_cr, d_cr) = deal_outcome(
            e, fe, d, fd, cb_e[i], cb_d[i], True, suit_tab, run_tab, params)
        out[i, DEAL_ELDER_DECLARATIONS] = cb_e[i] + e_pt + e_sq + e_st + e_cr + params[RULE_REPIQUE] * rep_e
        out[i, DEAL_DEALER_DECLARATIONS] = cb_d[i] + d_pt + d_sq + d_st + d_cr + params[RULE_REPIQUE] * rep_d
        out[i, DEAL_ELDER_REPIQUE] = rep_e
        out[i, DEAL_DEALER_REPIQUE] = rep_d
        out[i, DEAL_ELDER_RUN_PIQUE] = pique_e


@numba.njit(**JIT)
def play_deals(lo, hi, elder, dealer, play_params, tt, buf, line, out):
    """Rows ``lo`` to ``hi`` - 1, their declarations already in ``out`` (declare_deals): the play solved
    double dummy from that state, as kernels.play.solve_deal solves it (pique at the start as
    game.play.pique_at_start states it, live when neither side repiqued and the dealer has nothing), and
    along the solver's optimal line: each side's play points, pique (at the start or in the play: the
    trick solve_line says it came in), the cards (+1 elder won 7 or more tricks, 0 six each, -1), capot,
    and the line itself, packed (DEAL_LINE_TRICKS_1_TO_6, DEAL_LINE_TRICKS_7_TO_12).

    One transposition table serves the rows' solves one after another: its entries are keyed by the
    whole position (cards left, leader, tricks, the pique need and, where a deal bonus reads it, the
    difference so far), so what one deal's solve learnt stays true in the next; rows of one sampled
    deal share most of their endings. (Tested equal to fresh solves in tests/test_deal.py.)"""
    kp.begin(tt)
    for i in range(lo, hi):
        e_before = out[i, DEAL_ELDER_DECLARATIONS]
        d_before = out[i, DEAL_DEALER_DECLARATIONS]
        no_repique = out[i, DEAL_ELDER_REPIQUE] == 0 and out[i, DEAL_DEALER_REPIQUE] == 0
        piqued, need = pique_at_start(e_before, d_before, no_repique, play_params)
        e0 = play_params[PLAY_RULE_PIQUE_BONUS] if piqued else 0
        em = np.int64(elder[i])
        dm = np.int64(dealer[i])
        _, e_pts, d_pts, et, pique_trick = kp.solve_line(em, dm, 0, 0, 0, e_before + e0 - d_before, need,
                                                         play_params, tt, buf, line)
        if line[kp.LINE_TRICKS] != 12:
            raise RuntimeError("play_deals: the solver's line broke off (a corrupt table)")
        dt = 12 - et
        out[i, DEAL_ELDER_PLAY] = e0 + e_pts
        out[i, DEAL_DEALER_PLAY] = d_pts
        out[i, DEAL_ELDER_PIQUE] = piqued or pique_trick >= 0
        out[i, DEAL_CARDS] = (et > 6) - (et < 6)
        out[i, DEAL_ELDER_CAPOT] = et == 12
        out[i, DEAL_DEALER_CAPOT] = dt == 12
        first = np.int64(0)
        last = np.int64(0)
        for k in range(12):  # the line packed (kernels/layout.py): the deal's counting order is read from it
            first |= line[k] << (LINE_CARD_BITS * k)
            last |= line[12 + k] << (LINE_CARD_BITS * k)
        out[i, DEAL_LINE_TRICKS_1_TO_6] = first
        out[i, DEAL_LINE_TRICKS_7_TO_12] = last


@numba.njit(**JIT)
def play_values(lo, hi, elder, dealer, play_params, tt, buf, out):
    """Rows ``lo`` to ``hi`` - 1, their declarations already in ``out`` (declare_deals): the play's exact
    double-dummy value alone, as play_deals solves it but without walking its line (what the race and the
    order need: a deal's net, not how it was made). DEAL_ELDER_PLAY gets elder's play points less the
    dealer's (pique at the start included), DEAL_DEALER_PLAY 0, and no other play column is written: such
    rows give the net (engine.deal.user_net) and nothing else of the play. (Tested equal to play_deals'
    net in tests/test_deal.py.)

    The table is not begun here: what earlier calls stored on it stays (keyed by the whole position, it stays
    true for the same rules), so the caller begins it (kernels.play.begin) once for one rule set and may
    carry it through every chunk of rows of one analysis (engine/deal.py: one table a worker thread)."""
    for i in range(lo, hi):
        e_before = out[i, DEAL_ELDER_DECLARATIONS]
        d_before = out[i, DEAL_DEALER_DECLARATIONS]
        no_repique = out[i, DEAL_ELDER_REPIQUE] == 0 and out[i, DEAL_DEALER_REPIQUE] == 0
        piqued, need = pique_at_start(e_before, d_before, no_repique, play_params)
        e0 = play_params[PLAY_RULE_PIQUE_BONUS] if piqued else 0
        value = kp.position_value(np.int64(elder[i]), np.int64(dealer[i]), 0, 0, 0, e_before + e0 - d_before, need,
                                  play_params, tt, buf)
        out[i, DEAL_ELDER_PLAY] = e0 + value
        out[i, DEAL_DEALER_PLAY] = 0

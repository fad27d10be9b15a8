"""The plain partner count: every split of the 16 cards left between the opponents, one deal at a time.

``count_partner`` counts one seat's declarations over every deal of the 24 cards it cannot see for one
partner's hand, splitting the other 16 between the opponents (``_spread16`` gives the masks of each
8-card pattern); ``count_chunk`` runs it over a range of the partner's hands (``_partner_hand``). The
reference the fast path (fast.py) is tested equal to.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..declarations.hand import next_subset  # noqa: E402
from ..jit import JIT  # noqa: E402
from ..layout import (  # noqa: E402
    COUNT_SIDES_FROM_FOUR,
    SEATING_RULE_PIQUE_AT,
    SUIT_CARD_COUNT,
    SUIT_SEQUENCE_KEY,
    SUIT_SEQUENCE_POINTS,
    SUIT_TOP_RANK,
)
from .deal import _classes, _point, _run_core, _settle, hand_four, run_four  # noqa: E402


@numba.njit(**JIT)
def _spread16(cards, lo, hi):
    """Card masks of the low and high 8 of 16 positions for every 8-bit pattern, into ``lo``, ``hi``."""
    lo[:] = 0
    hi[:] = 0
    for pattern in range(256):
        for i in range(8):
            if (pattern >> i) & 1:
                lo[pattern] |= np.int64(1) << cards[i]
                hi[pattern] |= np.int64(1) << cards[i + 8]


@numba.njit(**JIT)
def count_partner(me, mine, me_blanche, partner, rest, double, suit_tab, rank_tab, set_tab, cash_tab, over_tab,
                  params, counts, work):
    """Every split of ``rest`` (16 card indices) between the two opponents of seat ``me``, his partner
    holding ``partner``: counts added (layout.COUNT_NAMES_FOUR). Per suit, what both opponents' parts of it
    give together is tabled once for every way of dividing the suit, so a split reads four entries."""
    fm = hand_four(mine, suit_tab, rank_tab, set_tab, params)
    fp = hand_four(partner, suit_tab, rank_tab, set_tab, params)
    s_pt = max(fm[0], fp[0])
    s_sq = max(fm[1], fp[1])
    s_sqsum = fm[2] + fp[2]
    s_st = max(fm[3], fp[3])
    s_stsum = fm[4] + fp[4]
    p_blanche = 1 if fp[5] == 0 else 0
    side_cb = me_blanche + p_blanche
    r_mask = np.int64(0)
    for i in range(16):
        r_mask |= np.int64(1) << rest[i]
    # per suit, indexed by the first opponent's part of it: both parts' best point, best sequence, and
    # summed: sequence scores (bits 0-5), rank counts of each (6-20, 21-35), court cards of each (36-38, 39-41)
    out, status, pt_tab, sq_tab, sum_tab, lo, hi = work
    for s in range(4):
        rs = (r_mask >> (8 * s)) & 255
        sub = 0
        while True:
            a = sub
            b = rs ^ sub
            pt_tab[s, a] = max(_point(a, suit_tab, params), _point(b, suit_tab, params))
            sq_tab[s, a] = max(suit_tab[a, SUIT_SEQUENCE_KEY], suit_tab[b, SUIT_SEQUENCE_KEY])
            sum_tab[s, a] = (suit_tab[a, SUIT_SEQUENCE_POINTS] + suit_tab[b, SUIT_SEQUENCE_POINTS] | rank_tab[a, 0] << 6
                             | rank_tab[b, 0] << 21 | rank_tab[a, 1] << 36 | rank_tab[b, 1] << 39)
            if sub == rs:
                break
            sub = (sub - rs) & rs
    _spread16(rest, lo, hi)
    mine_leads = me % 2 == 0
    # my side leading: the opponents' highest card of a suit is the rest's, their longest holding of it
    # between half the rest's (rounded up) and all of it; the run can only shrink as it grows
    run_low = 0
    run_high = 0
    if mine_leads:
        tops = np.empty(4, dtype=np.int64)
        lens = np.empty(4, dtype=np.int64)
        elder0, mate0 = (mine, partner) if me == 0 else (partner, mine)
        for s in range(4):
            rs = (r_mask >> (8 * s)) & 255
            tops[s] = suit_tab[rs, SUIT_TOP_RANK]
            lens[s] = suit_tab[rs, SUIT_CARD_COUNT]
        run_low = _run_core(elder0, mate0, tops, lens, suit_tab, cash_tab, over_tab, params)
        lens = (lens + 1) // 2
        run_high = _run_core(elder0, mate0, tops, lens, suit_tab, cash_tab, over_tab, params)
    # the two opponents are alike but for who leads: each split once, with the first of ``rest`` to the
    # first opponent, counted for both ways round (pique, which can differ, for each)
    full = (1 << 15) - 1
    x = (1 << 7) - 1
    while x <= full:
        pattern = x << 1 | 1
        o1 = lo[pattern & 255] | hi[pattern >> 8]
        b0 = o1 & 255
        b1 = (o1 >> 8) & 255
        b2 = (o1 >> 16) & 255
        b3 = (o1 >> 24) & 255
        o_pt = max(max(pt_tab[0, b0], pt_tab[1, b1]), max(pt_tab[2, b2], pt_tab[3, b3]))
        o_sq = max(max(sq_tab[0, b0], sq_tab[1, b1]), max(sq_tab[2, b2], sq_tab[3, b3]))
        w = sum_tab[0, b0] + sum_tab[1, b1] + sum_tab[2, b2] + sum_tab[3, b3]
        st1 = set_tab[(w >> 6) & 32767]
        st2 = set_tab[(w >> 21) & 32767]
        opp_cb = (1 if (w >> 36) & 7 == 0 else 0) + (1 if (w >> 39) & 7 == 0 else 0)
        _classes(out, status, s_pt, s_sq, s_sqsum, s_st, s_stsum, o_pt, o_sq, w & 63, max(st1 & 255, st2 & 255),
                 (st1 >> 8) + (st2 >> 8))
        c0, c1 = _settle(out, side_cb, opp_cb, double, params)
        # pique (out[., 5] counts both ways round): the leading side without repique, the other at nothing
        if mine_leads and out[0, 4] == 0 and c1 == 0 and c0 + run_high >= params[SEATING_RULE_PIQUE_AT]:
            if c0 + run_low >= params[SEATING_RULE_PIQUE_AT]:
                out[0, 5] = 2
            else:
                o2 = r_mask ^ o1
                elder, mate = (mine, partner) if me == 0 else (partner, mine)
                run = run_four(elder, mate, o1, o2, suit_tab, cash_tab, over_tab, params)
                if c0 + run >= params[SEATING_RULE_PIQUE_AT]:
                    out[0, 5] = 2
        elif not mine_leads and out[1, 4] == 0 and c0 == 0:
            o2 = r_mask ^ o1
            for elder, mate in ((o1, o2), (o2, o1)):
                if c1 + run_four(elder, mate, mine, partner, suit_tab, cash_tab, over_tab,
                             params) >= params[SEATING_RULE_PIQUE_AT]:
                    out[1, 5] += 1
        counts[0] += 2
        for c in range(3):
            counts[1 + 3 * c + status[c]] += 2
        for side in range(2):
            for col in range(5):
                counts[COUNT_SIDES_FROM_FOUR + 6 * side + col] += 2 * out[side, col]
            counts[COUNT_SIDES_FROM_FOUR + 6 * side + 5] += out[side, 5]
        x = next_subset(x)


@numba.njit(**JIT)
def _partner_hand(unseen, i, j, y, rest):
    """The partner's hand of ``unseen`` positions ``i``, ``j`` and the six after ``j`` that ``y`` marks; the
    other 16 cards in ``rest``, in order."""
    partner = (np.int64(1) << unseen[i]) | (np.int64(1) << unseen[j])
    k = 0
    for p in range(24):
        if p == i or p == j:
            continue
        if p > j and (y >> (p - j - 1)) & 1:
            partner |= np.int64(1) << unseen[p]
        else:
            rest[k] = unseen[p]
            k += 1
    return partner


@numba.njit(**JIT)
def count_chunk(me, mine, me_blanche, unseen, i, j, double, suit_tab, rank_tab, set_tab, cash_tab, over_tab,
                params, counts):
    """Every partner's hand whose two lowest positions among ``unseen`` (24) are ``i`` < ``j``."""
    work = (np.zeros((2, 6), dtype=np.int64), np.zeros(3, dtype=np.int64), np.zeros((4, 256), dtype=np.int64),
            np.zeros((4, 256), dtype=np.int64), np.zeros((4, 256), dtype=np.int64), np.zeros(256, dtype=np.int64),
            np.zeros(256, dtype=np.int64))
    rest = np.zeros(16, dtype=np.int64)
    n_tail = 23 - j
    if n_tail < 6:
        return
    full = (1 << n_tail) - 1
    y = (1 << 6) - 1
    while y <= full:
        partner = _partner_hand(unseen, i, j, y, rest)
        count_partner(me, mine, me_blanche, partner, rest, double, suit_tab, rank_tab, set_tab, cash_tab, over_tab,
                      params, counts, work)
        y = next_subset(y)

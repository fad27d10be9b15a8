"""The fast partner count: the opponents' splits grouped by what each suit's division gives.

For one partner's hand the side's keys are fixed, so a split of the 16 cards left between the opponents
(first "A", second "B") matters only through a few features, each combined over the suits by a sum, a
max or an or (the key's layout is below). Each suit's divisions are keyed; suits 0 and 1, and 2 and 3,
are combined and merged by key and by A's number of cards (``_half``, on a hash table: ``_insert``); the
two halves are then paired (A holding 8) in ``count_partner_fast``. ``count_chunk_fast`` runs it over a
range of the partner's hands, in a row of counts of its own.
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
    SEATING_RULE_BLANCHE,
    SEATING_RULE_HAND_SIZE,
    SEATING_RULE_LAST_TRICK,
    SEATING_RULE_LEAD,
    SEATING_RULE_PIQUE_AT,
    SEATING_RULE_REPIQUE_AT,
    SEATING_RULE_WIN_OWN,
    SUIT_CARD_COUNT,
    SUIT_SEQUENCE_KEY,
    SUIT_SEQUENCE_POINTS,
    SUIT_TOP_RANK,
)
from .deal import _point, _run_core, hand_four  # noqa: E402
from .plain import _partner_hand  # noqa: E402

# --- the fast path: the splits grouped by what the two opponents' parts of each suit give ----------------
#
# For one partner's hand the side's keys are fixed, so a split between the opponents (first "A", second
# "B") matters only through a few features, each combined over the suits by a sum, a max or an or:
#   bits 0-7    both opponents' sequence scores, summed
#   bits 8-22   A's counts of the ranks ten to ace (3 bits each), only the ranks of which the 16 cards hold
#               3 or more (the others make no set for either); B's are the 16's minus A's
#   bits 23-26  the run's cashed cards (w, summed), bit 27 its "partner takes one" (or): the side's run when
#               it leads (a function of the opponents' lengths), A's run as elder when the opponents lead
#   bits 28, 29 A, B holds a court card (or)
#   bits 30-31  the opponents' best sequence against the side's: 0 below, 1 equal, 2 above (max)
#   bits 32-35  their best point likewise: 0 below, 1 equal, 2 + its score above (max)
# Each suit's divisions are keyed; suits 0 and 1, and 2 and 3, are combined and merged by key and by A's
# number of cards; the two halves are then paired (A holding 8). Over every ordered split (A, B) the
# opponents' pique is counted with A as elder: summed over both orders it is the two ways round.

SPLIT_KEY_SUMMED = (1 << 27) - 1  # the fields a division's key adds (bits 0-26)
SPLIT_KEY_ORED = (1 << 27) | (1 << 28) | (1 << 29)  # the flags it ors (bits 27-29)
SPLIT_KEY_SEQUENCE_SHIFT = 30
SPLIT_KEY_POINT_SHIFT = 32
HALF_CAP = 12870  # C(16, 8): the most splits of one size


@numba.njit(**JIT)
def _combine(x, y):
    sq = max((x >> SPLIT_KEY_SEQUENCE_SHIFT) & 3, (y >> SPLIT_KEY_SEQUENCE_SHIFT) & 3)
    pt = max(x >> SPLIT_KEY_POINT_SHIFT, y >> SPLIT_KEY_POINT_SHIFT)
    return (((x & SPLIT_KEY_SUMMED) + (y & SPLIT_KEY_SUMMED)) | ((x | y) & SPLIT_KEY_ORED)
            | (sq << SPLIT_KEY_SEQUENCE_SHIFT) | (pt << SPLIT_KEY_POINT_SHIFT))


@numba.njit(**JIT)
def _enc(code, side):
    if code < side:
        return 0
    return 1 if code == side else 2


HASH_BITS = 17  # the merging table: more slots than one half's splits (at most 2 ** 16)


@numba.njit(**JIT)
def _insert(key, table, slots, used, n_used, mult):
    """Add ``mult`` to ``key``'s count in an open-addressing table (every slot -1 when unused; ``used``:
    the ``n_used`` slots filled so far); the new number of filled slots."""
    mask = (1 << HASH_BITS) - 1
    h = ((key * 0x9E3779B97F4A7C15) >> 20) & mask
    while table[h] != -1 and table[h] != key:
        h = (h + 1) & mask
    if table[h] == -1:
        table[h] = key
        slots[h] = 0
        used[n_used] = h
        n_used += 1
    slots[h] += mult
    return n_used


@numba.njit(**JIT)
def _half(sa, sb, s_keys, s_size, s_mult, s_n, hk, hm, hn, table, slots, used):
    """Suits ``sa`` and ``sb`` combined and merged by key, per A's number of cards (0..8), into ``hk[k]``,
    ``hm[k]`` (how many splits of the two suits give it), through the table of ``_insert``."""
    n_used = 0
    for i in range(s_n[sa]):
        for j in range(s_n[sb]):
            k = s_size[sa, i] + s_size[sb, j]
            if k <= 8:
                n_used = _insert(_combine(s_keys[sa, i], s_keys[sb, j]) | k << 40, table, slots, used, n_used,
                                 s_mult[sa, i] * s_mult[sb, j])
    hn[:] = 0
    for u in range(n_used):
        h = used[u]
        key = table[h]
        k = key >> 40
        hk[k, hn[k]] = key & ((1 << 40) - 1)
        hm[k, hn[k]] = slots[h]
        hn[k] += 1
        table[h] = -1


# long: the halves' pairing keeps two dozen running sums in registers (numba returns a tuple of them from a
# call only through memory); the steps that stand alone are functions already (_combine, _enc, _insert,
# _half), what is left is the per-suit keys feeding them and the pairing loop.
@numba.njit(**JIT)
def count_partner_fast(me, mine, me_blanche, partner, rest, double, suit_tab, rank_tab, set_tab, cash_tab,
                       over_tab, params, counts, fast):
    """``count_partner``'s counts over the 12,870 splits, scoring each distinct combination of the splits'
    features (above) once, times the number of splits giving it."""
    fm = hand_four(mine, suit_tab, rank_tab, set_tab, params)
    fp = hand_four(partner, suit_tab, rank_tab, set_tab, params)
    s_pt = max(fm[0], fp[0])
    s_sq = max(fm[1], fp[1])
    s_sqsum = fm[2] + fp[2]
    s_st = max(fm[3], fp[3])
    s_stsum = fm[4] + fp[4]
    side_cb = me_blanche + (1 if fp[5] == 0 else 0)
    s_keys, s_size, s_mult, s_n, hk, hm, hn, table, slots, used = fast
    r_mask = np.int64(0)
    for i in range(16):
        r_mask |= np.int64(1) << rest[i]
    rest_rv = 0
    for s in range(4):
        rest_rv += rank_tab[(r_mask >> (8 * s)) & 255, 0]
    rv_mask = 0
    for r in range(5):
        if (rest_rv >> (3 * r)) & 7 >= 3:
            rv_mask |= 7 << (3 * r)
    rest_rv &= rv_mask
    if (set_tab[rest_rv] & 255) < s_st:  # no set of theirs can beat the side's: their sets never score
        rv_mask = 0
        rest_rv = 0
    seq_sum = False  # their sequence scores matter only if their best can beat the side's
    for s in range(4):
        if suit_tab[(r_mask >> (8 * s)) & 255, SUIT_SEQUENCE_KEY] > s_sq:
            seq_sum = True
    at = params[SEATING_RULE_PIQUE_AT]
    mine_leads = me % 2 == 0
    # which run, if any, is worth tracking: the side's when it leads and might reach the pique with it;
    # the opponents' (A elder) when they lead and the side has no carte blanche (else it is never at nothing)
    side_run = False
    opp_run = False
    if mine_leads:
        elder0, mate0 = (mine, partner) if me == 0 else (partner, mine)
        tops = np.empty(4, dtype=np.int64)
        lens = np.empty(4, dtype=np.int64)
        for s in range(4):
            rs = (r_mask >> (8 * s)) & 255
            tops[s] = suit_tab[rs, SUIT_TOP_RANK]
            lens[s] = (suit_tab[rs, SUIT_CARD_COUNT] + 1) // 2
        run_high = _run_core(elder0, mate0, tops, lens, suit_tab, cash_tab, over_tab, params)
        c0_high = side_cb * params[SEATING_RULE_BLANCHE] + s_pt // 128 + s_sqsum + s_stsum
        side_run = not (double and side_cb == 2) and c0_high + run_high >= at
    else:
        opp_run = side_cb == 0
    for s in range(4):
        rs = (r_mask >> (8 * s)) & 255
        n_s = suit_tab[rs, SUIT_CARD_COUNT]
        if side_run:
            e = (elder0 >> (8 * s)) & 255
            top_i = ((suit_tab[rs, SUIT_TOP_RANK] + 9) % 9) * 9
            pm = (mate0 >> (8 * s)) & 255
        else:
            mm = (mine >> (8 * s)) & 255
            pp = (partner >> (8 * s)) & 255
            m_top = max(suit_tab[mm, SUIT_TOP_RANK], suit_tab[pp, SUIT_TOP_RANK])
            m_len = max(suit_tab[mm, SUIT_CARD_COUNT], suit_tab[pp, SUIT_CARD_COUNT])
            top_i = ((m_top + 9) % 9) * 9 + m_len
        m = 0
        sub = 0
        while True:
            a = sub
            b = rs ^ sub
            k = suit_tab[a, SUIT_CARD_COUNT]
            key = suit_tab[a, SUIT_SEQUENCE_POINTS] + suit_tab[b, SUIT_SEQUENCE_POINTS] if seq_sum else 0
            key |= (rank_tab[a, 0] & rv_mask) << 8
            key |= rank_tab[a, 1] << 28 | rank_tab[b, 1] << 29
            best_sequence = max(suit_tab[a, SUIT_SEQUENCE_KEY], suit_tab[b, SUIT_SEQUENCE_KEY])
            key |= _enc(best_sequence, s_sq) << SPLIT_KEY_SEQUENCE_SHIFT
            p = max(_point(a, suit_tab, params), _point(b, suit_tab, params))
            pe = _enc(p, s_pt)
            key |= (pe + (p // 128 if pe == 2 else 0)) << SPLIT_KEY_POINT_SHIFT
            if side_run or opp_run:
                if side_run:
                    cashed = cash_tab[e * 81 + top_i + max(k, n_s - k)]
                    j = over_tab[cashed * 256 + pm]
                else:
                    cashed = cash_tab[a * 81 + top_i]
                    j = over_tab[cashed * 256 + b]
                if j == 0:
                    key |= suit_tab[cashed, SUIT_CARD_COUNT] << 23
                else:
                    key |= (j - 1) << 23 | 1 << 27
            m = _insert(key | k << 40, table, slots, used, m, 1)
            if sub == rs:
                break
            sub = (sub - rs) & rs
        for u in range(m):  # the suit's divisions merged by key and A's number of cards
            h = used[u]
            s_keys[s, u] = table[h] & ((1 << 40) - 1)
            s_size[s, u] = table[h] >> 40
            s_mult[s, u] = slots[h]
            table[h] = -1
        s_n[s] = m
    _half(0, 1, s_keys, s_size, s_mult, s_n, hk[0], hm[0], hn[0], table, slots, used)
    _half(2, 3, s_keys, s_size, s_mult, s_n, hk[1], hm[1], hn[1], table, slots, used)
    # unless A's run is tracked, swapping the opponents changes nothing: A holding k of suits 0 and 1
    # mirrors A holding the rest of them, so each such pair of sizes is scored once, twice over
    n01 = suit_tab[r_mask & 255, SUIT_CARD_COUNT] + suit_tab[(r_mask >> 8) & 255, SUIT_CARD_COUNT]
    bl = params[SEATING_RULE_BLANCHE]
    rep_at = params[SEATING_RULE_REPIQUE_AT]
    s_ptscore = s_pt // 128
    cb0 = side_cb * bl
    rep0_cb = 1 if double and side_cb == 2 else 0
    n_all = n_pt0 = n_pt1 = n_sq0 = n_sq1 = n_st0 = n_st1 = 0
    v_rep0 = v_pq0 = v_cb1 = v_p1 = v_q1 = v_t1 = v_rep1 = v_pq1 = 0
    for k in range(9):
        twice = 1
        if not opp_run:
            if 2 * k > n01:
                continue
            if 2 * k < n01:
                twice = 2
        for i in range(hn[0, k]):
            x = hk[0, k, i]
            mx = hm[0, k, i] * twice
            for jj in range(hn[1, 8 - k]):
                key = _combine(x, hk[1, 8 - k, jj])
                mult = mx * hm[1, 8 - k, jj]
                # each class: the side's standing (0 win, 1 tie, 2 lose) and what each side scores in it
                pe = key >> SPLIT_KEY_POINT_SHIFT
                st_pt = pe if pe < 2 else 2
                p0 = s_ptscore if pe == 0 else 0
                p1 = pe - 2 if pe >= 2 else 0
                st_sq = (key >> SPLIT_KEY_SEQUENCE_SHIFT) & 3
                q0 = s_sqsum if st_sq == 0 else 0
                q1 = key & 255 if st_sq == 2 else 0
                rva = (key >> 8) & 32767
                sa = set_tab[rva]
                sb = set_tab[rest_rv - rva]
                o_st = max(sa & 255, sb & 255)
                st_st = 0 if s_st > o_st else (1 if s_st == o_st else 2)
                t0 = s_stsum if st_st == 0 else 0
                t1 = (sa >> 8) + (sb >> 8) if st_st == 2 else 0
                opp_cb = (1 if (key >> 28) & 1 == 0 else 0) + (1 if (key >> 29) & 1 == 0 else 0)
                # repique after each class in counting order (_settle)
                rep0 = rep0_cb
                rep1 = 1 if double and opp_cb == 2 else 0
                c0 = cb0
                c1 = opp_cb * bl
                for col in range(4):
                    if col == 1:
                        c0 += p0
                        c1 += p1
                    elif col == 2:
                        c0 += q0
                        c1 += q1
                    elif col == 3:
                        c0 += t0
                        c1 += t1
                    if c0 >= rep_at and c1 == 0:
                        rep0 = 1
                    if c1 >= rep_at and c0 == 0:
                        rep1 = 1
                pq0 = 0
                pq1 = 0
                if side_run or opp_run:
                    w = (key >> 23) & 15
                    cut = (key >> 27) & 1
                    w += cut
                    last = (params[SEATING_RULE_LEAD] if w < params[SEATING_RULE_HAND_SIZE]
                            else params[SEATING_RULE_LAST_TRICK])
                    run = w * params[SEATING_RULE_LEAD] + (w - cut) * params[SEATING_RULE_WIN_OWN] + last
                    if side_run and rep0 == 0 and c1 == 0 and c0 + run >= at:
                        pq0 = 1
                    elif opp_run and rep1 == 0 and c0 == 0 and c1 + run >= at:
                        pq1 = 1
                n_all += mult
                if st_pt == 0:
                    n_pt0 += mult
                elif st_pt == 1:
                    n_pt1 += mult
                if st_sq == 0:
                    n_sq0 += mult
                elif st_sq == 1:
                    n_sq1 += mult
                if st_st == 0:
                    n_st0 += mult
                elif st_st == 1:
                    n_st1 += mult
                v_rep0 += mult * rep0
                v_pq0 += mult * pq0
                v_cb1 += mult * opp_cb
                v_p1 += mult * p1
                v_q1 += mult * q1
                v_t1 += mult * t1
                v_rep1 += mult * rep1
                v_pq1 += mult * pq1
    # the side's points follow from its wins; the losses from the rest
    counts[0] += n_all
    counts[1] += n_pt0
    counts[2] += n_pt1
    counts[3] += n_all - n_pt0 - n_pt1
    counts[4] += n_sq0
    counts[5] += n_sq1
    counts[6] += n_all - n_sq0 - n_sq1
    counts[7] += n_st0
    counts[8] += n_st1
    counts[9] += n_all - n_st0 - n_st1
    counts[COUNT_SIDES_FROM_FOUR] += n_all * cb0
    counts[COUNT_SIDES_FROM_FOUR + 1] += n_pt0 * s_ptscore
    counts[COUNT_SIDES_FROM_FOUR + 2] += n_sq0 * s_sqsum
    counts[COUNT_SIDES_FROM_FOUR + 3] += n_st0 * s_stsum
    counts[COUNT_SIDES_FROM_FOUR + 4] += v_rep0
    counts[COUNT_SIDES_FROM_FOUR + 5] += v_pq0
    counts[COUNT_SIDES_FROM_FOUR + 6] += v_cb1 * bl
    counts[COUNT_SIDES_FROM_FOUR + 7] += v_p1
    counts[COUNT_SIDES_FROM_FOUR + 8] += v_q1
    counts[COUNT_SIDES_FROM_FOUR + 9] += v_t1
    counts[COUNT_SIDES_FROM_FOUR + 10] += v_rep1
    counts[COUNT_SIDES_FROM_FOUR + 11] += v_pq1


def fast_work() -> tuple:
    """The fast path's buffers: per suit its divisions' keys, sizes and counts; per half, keys and counts by size;
    the merging table (keys, counts, filled slots)."""
    return (np.zeros((4, 256), dtype=np.int64), np.zeros((4, 256), dtype=np.int64), np.zeros((4, 256), dtype=np.int64),
            np.zeros(4, dtype=np.int64),
            np.zeros((2, 9, HALF_CAP), dtype=np.int64), np.zeros((2, 9, HALF_CAP), dtype=np.int64),
            np.zeros((2, 9), dtype=np.int64), np.full(1 << HASH_BITS, -1, dtype=np.int64),
            np.zeros(1 << HASH_BITS, dtype=np.int64), np.zeros(1 << 16, dtype=np.int64))


@numba.njit(**JIT)
def count_chunk_fast(me, mine, me_blanche, unseen, i, j, double, suit_tab, rank_tab, set_tab, cash_tab, over_tab,
                     params, counts, fast):
    """``count_chunk`` by ``count_partner_fast``, counting in a row of its own (no cache line shared with
    another thread's) added to ``counts`` at the end."""
    own = np.zeros(counts.shape[0], dtype=np.int64)
    rest = np.zeros(16, dtype=np.int64)
    n_tail = 23 - j
    if n_tail < 6:
        return
    full = (1 << n_tail) - 1
    y = (1 << 6) - 1
    while y <= full:
        partner = _partner_hand(unseen, i, j, y, rest)
        count_partner_fast(me, mine, me_blanche, partner, rest, double, suit_tab, rank_tab, set_tab, cash_tab,
                           over_tab, params, own, fast)
        y = next_subset(y)
    counts += own

"""The opponent's holdings of a draw: enumerated once, grouped by their keys, scored against hands.

For one draw every discard meets the same opponent holdings: ``every_holding`` lists them with their
features (by rank, ``binomials``/``_holding_ranks``), ``_distinct_holdings`` groups those alike in their
coded keys into weighted entries (a hash table: ``_hash_bits``, ``_probe``, ``_group``), and
``_against_holdings`` scores one final hand against all of them, marking the holdings where elder may
pique with the run points he needs (``_marked_holdings``, ``_profile_entries``).
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, JIT  # noqa: E402
from ..layout import (  # noqa: E402
    COUNT_CARTE_BLANCHE_ME,
    COUNT_CARTE_BLANCHE_OPP,
    COUNT_CARTE_ROUGE_ME,
    COUNT_CARTE_ROUGE_OPP,
    COUNT_DEALS,
    COUNT_PIQUE_ME,
    COUNT_PIQUE_OPP,
    COUNT_POINT_LOSE,
    COUNT_POINT_ME,
    COUNT_POINT_OPP,
    COUNT_POINT_TIE,
    COUNT_POINT_WIN,
    COUNT_REPIQUE_ME,
    COUNT_REPIQUE_OPP,
    COUNT_SEQUENCE_LOSE,
    COUNT_SEQUENCE_ME,
    COUNT_SEQUENCE_OPP,
    COUNT_SEQUENCE_TIE,
    COUNT_SEQUENCE_WIN,
    COUNT_SETS_LOSE,
    COUNT_SETS_ME,
    COUNT_SETS_OPP,
    COUNT_SETS_TIE,
    COUNT_SETS_WIN,
    RULE_BLANCHE,
    RULE_CARTE_ROUGE,
    RULE_PIQUE_AT,
    RULE_REPIQUE_AT,
    RULE_SPOILERS,
    SIDE_ME_IS_ELDER,
    SIDE_OPPONENT_BLANCHE,
)
from .hand import dealer_profiles, hand_features, set_rules  # noqa: E402
from .keys import _coded_holding_key, _holding_key, _unpack_coded_key  # noqa: E402
from .pique import max_run_points, pique_live, repique_reached  # noqa: E402
from .plain import _holdings  # noqa: E402

PAD = 8  # _against_holdings' loop runs over a multiple of this many holdings

# --- The fast engine: the same counts as enumerate_discards, with the work shared. -------------------
#
# For one draw, every discard meets the same opponent holdings. All that decides point, sequence,
# sets and repique for a pair of hands is a handful of keys and scores: holdings alike in them are
# one weighted entry, and discards whose final hands are alike (most are) are scored against those
# entries once. Pique also needs the suits: the same pass marks the holdings where elder may pique
# with the run points he needs, and since the run reads each of the dealer's suits only through its
# top card and length, marked holdings alike in that are one entry when each final hand checks them.

@numba.njit(**JIT)
def _against_holdings(u, weight, n_u, e_pk, e_ps, e_sk, e_ss, e_tk, e_ts, e_cb, e_rb, me_is_elder, sure_max,
                      params, out, need):
    """Sums over the distinct holdings ``u[:, :n_u]`` (rows pk ps sk ss tk ts cb rb, then the sums of
    the exact ss and ts of the holdings it stands for), each standing for
    ``weight`` holdings, against one final hand (scalars e_*), into ``out``.

    Also marks, in ``need``, the holdings on which elder may pique: the dealer at nothing, elder
    short of the threshold by more than ``sure_max`` (what his run makes at least) and not by more
    than its maximum; the value is the run points elder needs (0 where no pique is possible).
    Holdings where ``sure_max`` suffices are counted straight into ``out``. Returns how many
    holdings were marked.
    """
    t = params[RULE_REPIQUE_AT]
    tp = params[RULE_PIQUE_AT]
    most = max_run_points(params)
    rouge = params[RULE_CARTE_ROUGE]
    ie = 1 if me_is_elder else 0
    pt_win = pt_tie = sq_win = sq_tie = st_win = st_tie = 0
    opp_pt = opp_sq = opp_st = rep_me = rep_opp = opp_cb = me_cr = opp_cr = sure = marked = n = 0
    for h in range(n_u):
        w = weight[h]
        pk, ps, sk, ss, tk, ts, cb, rb = u[0, h], u[1, h], u[2, h], u[3, h], u[4, h], u[5, h], u[6, h], u[7, h]
        pw = np.int64(pk < e_pk)
        pt = np.int64(pk == e_pk)
        pl = 1 - pw - pt
        qw = np.int64(sk < e_sk)
        qt = np.int64(sk == e_sk)
        ql = 1 - qw - qt
        tw = np.int64(tk < e_tk)
        tt = np.int64(tk == e_tk)
        tl = 1 - tw - tt
        o1 = cb
        o2 = o1 + pl * ps
        o3 = o2 + ql * ss
        o4 = o3 + tl * ts
        m1 = e_cb
        m2 = m1 + pw * e_ps
        m3 = m2 + qw * e_ss
        m4 = m3 + tw * e_ts
        o5 = o4 + rouge * ((rb >> (pl + 2 * ql + 4 * tl)) & 1)
        m5 = m4 + rouge * ((e_rb >> (pw + 2 * qw + 4 * tw)) & 1)
        n += w
        pt_win += w * pw
        pt_tie += w * pt
        sq_win += w * qw
        sq_tie += w * qt
        st_win += w * tw
        st_tie += w * tt
        opp_pt += w * pl * ps
        opp_sq += ql * u[8, h]
        opp_st += tl * u[9, h]
        opp_cb += w * o1
        me_cr += w * (m5 - m4)
        opp_cr += w * (o5 - o4)
        rep_me += w * np.int64(repique_reached(m1, m2, m3, m4, m5, o1, o2, o3, o4, o5, t))
        rep_opp += w * np.int64(repique_reached(o1, o2, o3, o4, o5, m1, m2, m3, m4, m5, t))
        # pique: elder's declarations and the dealer's, whichever side is elder
        e_tot = ie * m5 + (1 - ie) * o5
        d_tot = ie * o5 + (1 - ie) * m5
        live = np.int64(pique_live(e_tot, d_tot, t, tp, most))
        short = tp - e_tot
        certain = live * np.int64(short <= sure_max)
        sure += w * certain
        need[h] = (live - certain) * short
        marked += w * np.int64(need[h] > 0)
    out[COUNT_DEALS] = n
    out[COUNT_POINT_WIN] = pt_win
    out[COUNT_POINT_TIE] = pt_tie
    out[COUNT_POINT_LOSE] = n - pt_win - pt_tie
    out[COUNT_SEQUENCE_WIN] = sq_win
    out[COUNT_SEQUENCE_TIE] = sq_tie
    out[COUNT_SEQUENCE_LOSE] = n - sq_win - sq_tie
    out[COUNT_SETS_WIN] = st_win
    out[COUNT_SETS_TIE] = st_tie
    out[COUNT_SETS_LOSE] = n - st_win - st_tie
    out[COUNT_POINT_ME] = pt_win * e_ps
    out[COUNT_POINT_OPP] = opp_pt
    out[COUNT_SEQUENCE_ME] = sq_win * e_ss
    out[COUNT_SEQUENCE_OPP] = opp_sq
    out[COUNT_SETS_ME] = st_win * e_ts
    out[COUNT_SETS_OPP] = opp_st
    out[COUNT_CARTE_BLANCHE_ME] = n * e_cb
    out[COUNT_CARTE_BLANCHE_OPP] = opp_cb
    out[COUNT_REPIQUE_ME] = rep_me
    out[COUNT_REPIQUE_OPP] = rep_opp
    out[COUNT_PIQUE_ME] = sure if me_is_elder else 0
    out[COUNT_PIQUE_OPP] = 0 if me_is_elder else sure
    out[COUNT_CARTE_ROUGE_ME] = me_cr
    out[COUNT_CARTE_ROUGE_OPP] = opp_cr
    return marked


@numba.njit(**JIT)
def _marked_holdings(need, n_u, u_start, sorted_key, masks, needs):
    """The marked holdings (``sorted_key``: a mask or a profile each) and their needs, in flat lists.
    Distinct holding h stands for ``sorted_key[u_start[h]:u_start[h + 1]]``. Returns how many."""
    n = 0
    for h in range(n_u):
        if need[h] > 0:
            for j in range(u_start[h], u_start[h + 1]):
                masks[n] = sorted_key[j]
                needs[n] = need[h]
                n += 1
    return n


@numba.njit(**JIT)
def _hash_bits(n):
    """log2 of a hash table size at least twice ``n``."""
    bits = 1
    while (1 << bits) < 2 * n:
        bits += 1
    return bits


@numba.njit(**INLINED)
def _probe(key, slot_key, slot_value, empty, bits):
    """The slot of ``key`` in an open-addressing table (Fibonacci hashing, linear probing): where it
    is, or the empty slot where it goes."""
    h = np.int64((np.uint64(key) * np.uint64(11400714819323198485)) >> np.uint64(64 - bits))
    while slot_value[h] != empty and slot_key[h] != key:
        h = (h + 1) & ((1 << bits) - 1)
    return h


@numba.njit(**JIT)
def _group(keys, n, slot_key, slot_id, gid, order, starts):
    """Group equal ``keys[:n]`` (hashing): ``order[starts[g]:starts[g + 1]]`` are the indices of
    group g, groups in order of first appearance. Returns the number of groups."""
    bits = _hash_bits(n)
    slot_id[:1 << bits] = -1
    n_g = 0
    for i in range(n):
        h = _probe(keys[i], slot_key, slot_id, -1, bits)
        if slot_id[h] == -1:
            slot_id[h] = n_g
            slot_key[h] = keys[i]
            n_g += 1
        gid[i] = slot_id[h]
    starts[:n_g + 1] = 0
    for i in range(n):
        starts[gid[i] + 1] += 1
    for g in range(n_g):
        starts[g + 1] += starts[g]
    for i in range(n):
        order[starts[gid[i]]] = i
        starts[gid[i]] += 1
    for g in range(n_g, 0, -1):
        starts[g] = starts[g - 1]
    starts[0] = 0
    return n_g


@numba.njit(**JIT)
def binomials(n):
    """binom[a, b] = C(a, b) for a < n, b <= 12."""
    binom = np.zeros((n + 1, 13), dtype=np.int64)
    for a in range(n + 1):
        binom[a, 0] = 1
        for b in range(1, min(a, 12) + 1):
            binom[a, b] = binom[a - 1, b - 1] + (binom[a - 1, b] if b <= a - 1 else 0)
    return binom


@numba.njit(**JIT)
def _holding_ranks(free_pos, n_free, binom, out):
    """The colex rank among all 12-subsets of the unseen cards of every 12-subset of ``free_pos``, in
    lexicographic order. Each rank is a sum over the subset's positions; from one subset to the next
    only the positions from the one that moved on change, so only their part of the sum is redone."""
    idx = np.arange(12)
    partial = np.zeros(13, dtype=np.int64)  # partial[j]: the sum over the first j positions
    n = 0
    i = 0
    while True:
        for j in range(i, 12):
            partial[j + 1] = partial[j] + binom[free_pos[idx[j]], j + 1]
        out[n] = partial[12]
        n += 1
        i = 11
        while i >= 0 and idx[i] == n_free - 12 + i:
            i -= 1
        if i < 0:
            return n
        idx[i] += 1
        for j in range(i + 1, 12):
            idx[j] = idx[j - 1] + 1


@numba.njit(**JIT)
def every_holding(unseen, side, rt, binom):
    """Every 12-subset of the unseen cards, at its colex rank: the key of what the declarations compare
    (features and carte blanche, packed), and beside it what the pique run needs of the holding: its
    suit profiles when it is the dealer's (``me_is_elder``), else its mask. Serial: it runs once per
    hand in a few tens of milliseconds, and a parallel loop costs seconds of compiling on the first run."""
    me_is_elder, opp_cb_fixed = side[SIDE_ME_IS_ELDER] != 0, side[SIDE_OPPONENT_BLANCHE]
    suit_tab, _, params = rt
    sr = set_rules(params)
    spoilers = params[RULE_SPOILERS]
    n_u = unseen.shape[0]
    total = binom[n_u, 12]
    info = np.empty((total, 2), dtype=np.int64)
    positions = np.arange(n_u)
    pos_masks = np.empty(total, dtype=np.int64)
    _holdings(positions, n_u, 12, pos_masks)
    for i in range(total):
        m = np.int64(0)
        r = np.int64(0)
        j = 0
        for p in range(n_u):
            if (pos_masks[i] >> p) & 1:
                m |= np.int64(1) << unseen[p]
                j += 1
                r += binom[p, j]
        f = hand_features(m, suit_tab, sr)
        if opp_cb_fixed >= 0:
            cb = opp_cb_fixed
        else:
            cb = params[RULE_BLANCHE] if (m & spoilers) == 0 else 0
        info[r, 0] = _holding_key(f, cb)
        info[r, 1] = dealer_profiles(m, suit_tab) if me_is_elder else m
    return info


@numba.njit(**JIT)
def _distinct_holdings(rank, all_info, codes, exact_from, rouge, hashing, out):
    """count_draws, per draw: the draw's holdings (at colex ``rank``) grouped by what the declarations
    compare with this draw's final hands (_coded_holding_key). ``out`` = (raw keys, pique info, coded
    keys, order, group starts, ``u``, weights): ``u[:, r]`` holds distinct holding r's unpacked key and
    the sums of its holdings' sequence and set scores, padded with empty holdings to whole vectors.
    Returns (distinct holdings, padded count)."""
    raw_key, pique_info, hkey, h_order, u_start, u, weight = out
    slot_key, slot_id, gid = hashing
    n_hold = rank.shape[0]
    # one fetch from the hand's table per holding (its key, and its profiles or mask), in a loop of
    # its own: the table is megabytes, and a loop of loads alone keeps many cache misses in flight
    for h in range(n_hold):
        raw_key[h] = all_info[rank[h], 0]
        pique_info[h] = all_info[rank[h], 1]
    for h in range(n_hold):
        hkey[h] = _coded_holding_key(raw_key[h], codes, exact_from, rouge)
    n_u = _group(hkey, n_hold, slot_key, slot_id, gid, h_order, u_start)
    for r in range(n_u):
        weight[r] = u_start[r + 1] - u_start[r]
        _unpack_coded_key(hkey[h_order[u_start[r]]], u[:, r])
        u[8, r] = 0
        u[9, r] = 0
        for j in range(u_start[r], u_start[r + 1]):
            exact = raw_key[h_order[j]]
            u[8, r] += (exact >> 26) & 63
            u[9, r] += (exact >> 14) & 63
    # whole vectors for _against_holdings' loop: holdings of weight 0 (and 0 in the sums) count nothing
    n_padded = (n_u + PAD - 1) // PAD * PAD
    for r in range(n_u, n_padded):
        for row in range(8):
            u[row, r] = u[row, 0]
        u[8, r] = 0
        u[9, r] = 0
        weight[r] = 0
    return n_u, n_padded


@numba.njit(**JIT)
def _profile_entries(sorted_holding, n_u, u_start, hashing, entries):
    """count_draws, per draw, elder: the draw's distinct dealer profiles numbered (for _merge_by_id), and
    within each distinct holding its holdings of one profile made one entry. ``entries`` = (order, starts,
    entry's profile id, id's profile, scratch, entry starts per distinct holding, entry's profile, entry's
    weight). Returns how many distinct profiles."""
    sub_order, sub_start, pid, pid_prof, seen, p_start, p_prof, p_weight = entries
    slot_key, slot_id, gid = hashing
    n_pid = _group(sorted_holding, sorted_holding.shape[0], slot_key, slot_id, gid, sub_order, sub_start)
    for q in range(n_pid):
        pid_prof[q] = sorted_holding[sub_order[sub_start[q]]]
        seen[q] = -1
    n_p = 0
    p_start[0] = 0
    for r in range(n_u):
        for j in range(u_start[r], u_start[r + 1]):
            q = gid[j]
            if seen[q] < p_start[r]:  # not yet seen in this distinct holding
                seen[q] = n_p
                pid[n_p] = q
                p_prof[n_p] = pid_prof[q]
                p_weight[n_p] = 0
                n_p += 1
            p_weight[seen[q]] += 1
        p_start[r + 1] = n_p
    return n_pid

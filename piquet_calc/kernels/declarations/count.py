"""The counting driver: per draw, every discard's final hand against the opponent's holdings (numba).

``count_draws`` runs draws ``lo`` to ``hi`` of one side's analysis into the accumulator rows (one per
worker thread, engine/enumeration.py): for each draw the holdings are enumerated and grouped once
(holdings.py), the discards' final hands that are alike (most are) are scored once against those
entries, and pique is checked per final hand against the marked holdings (pique.py).
``kept_and_columns`` and ``add_totals`` fill the columns that do not depend on the draw.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import JIT  # noqa: E402
from ..layout import (  # noqa: E402
    COUNT_CARTE_BLANCHE_ME,
    COUNT_CARTE_ROUGE_ME,
    COUNT_CARTE_ROUGE_OPP,
    COUNT_COLUMNS,
    COUNT_DEALS,
    COUNT_PIQUE_ME,
    COUNT_PIQUE_OPP,
    COUNT_POINT_LOSE,
    COUNT_POINT_ME,
    COUNT_POINT_WIN,
    COUNT_SEQUENCE_LOSE,
    COUNT_SEQUENCE_ME,
    COUNT_SEQUENCE_WIN,
    COUNT_SETS_LOSE,
    COUNT_SETS_ME,
    COUNT_SETS_WIN,
    FEATURE_CARTE_ROUGE,
    FEATURE_POINT,
    FEATURE_POINT_SCORE,
    FEATURE_SEQUENCE,
    FEATURE_SEQUENCE_SCORE,
    FEATURE_SETS,
    FEATURE_SETS_SCORE,
    FEATURE_SLOTS,
    POINT_KEYS,
    PROFILES,
    RULE_CARTE_ROUGE,
    RULE_PIQUE_AT,
    RULE_REPIQUE_AT,
    SEQUENCE_KEYS,
    SET_KEYS,
    SIDE_ME_IS_ELDER,
    SIDE_MY_BLANCHE,
)
from .hand import dealer_profiles, hand_features, set_rules  # noqa: E402
from .holdings import (  # noqa: E402
    PAD,
    _against_holdings,
    _distinct_holdings,
    _group,
    _holding_ranks,
    _marked_holdings,
    _profile_entries,
)
from .keys import _coded_hand_key, _holding_codes, _key_codes  # noqa: E402
from .pique import (  # noqa: E402
    _canonical,
    _canonical_profiles,
    _dealer_piques,
    _elder_piques,
    _elder_piques_unmerged,
    _merge_by_id,
    _packed_points,
    _run_packed,
    max_run_points,
    min_run_points,
)
from .plain import _final_hand, holding_count  # noqa: E402

MERGE_FROM = 2  # final hands in a group from which elder's pique candidates are merged first
DENSE_PROFILES = 4096  # distinct dealer profiles in a draw up to which they are merged in a dense array
MAX_ALIKE = 32  # younger: distinct dealer profiles a group's final hands are compared with


@numba.njit(**JIT)
def _final_hands(kept, drawn, worst, me_is_elder, rt, sr, hands):
    """count_draws, per draw: each discard's final hand (``kept[d]`` and the draw), its hand_features and,
    as elder, what its pique run makes at least (against ``worst``, the dealer's strongest suits), into
    ``hands`` = (masks, features, least run points)."""
    suit_tab, run_tab, params = rt
    me, fe, run_min = hands
    for d in range(kept.shape[0]):
        m = kept[d] | drawn
        me[d] = m
        f = hand_features(m, suit_tab, sr)
        for j in range(FEATURE_SLOTS):
            fe[d, j] = f[j]
        if me_is_elder:
            run_min[d] = _packed_points(_run_packed(m, worst, run_tab), params)


# long: its forty work arrays are allocated once per call (numba allocates on the heap: once per draw would
# cost more than the counting) and threaded through the draw loop; each step of the loop is a function
# already (_final_hands, _distinct_holdings, _against_holdings, the pique counts): this is their driver.
@numba.njit(**JIT)
def count_draws(lo, hi, acc, hand_mask, deal, side, rt, holdings):
    """enumerate_fast's work on draws ``lo`` to ``hi``, added into ``acc``: one row per discard, and
    ``acc[:, c]`` is count column ``cols[c]``.

    ``deal``: (unseen cards, draws as positions in them, each discard's kept cards, the count columns
    kept); ``side``: layout.SIDE_*; ``rt``: the rule tables; ``holdings``: (``binom``, ``all_info``), where
    ``all_info[rank]`` is every_holding of the holding of that colex rank (``binom``: binomials).
    A worker thread runs it on each piece of draws it takes up, adding into its own ``acc``."""
    unseen, draws, kept, cols = deal
    binom, all_info = holdings
    suit_tab, run_tab, params = rt
    sr = set_rules(params)
    me_is_elder, cb_me = side[SIDE_ME_IS_ELDER] != 0, side[SIDE_MY_BLANCHE]
    unseen_mask = np.int64(0)
    for c in unseen:
        unseen_mask |= np.int64(1) << c
    k = draws.shape[1]
    n_disc = kept.shape[0]
    n_free = unseen.shape[0] - k
    n_hold = holding_count(n_free)
    pique_col = COUNT_PIQUE_ME if me_is_elder else COUNT_PIQUE_OPP
    # a final hand below this even winning every class can neither repique nor reach the pique band
    weak = min(params[RULE_REPIQUE_AT], params[RULE_PIQUE_AT] - max_run_points(params))
    # the opponent's exact scores matter (beyond their sums) for his repique, and as elder for his pique
    exact_from = params[RULE_REPIQUE_AT] if me_is_elder else weak
    n_need = max_run_points(params) + 1  # elder's run needs 1 to its maximum
    n_cols = cols.shape[0]  # acc[:, c] counts column cols[c]
    out_cols = np.empty(n_cols, dtype=np.int64)
    col_pt = col_sq = col_st = col_pique = 0
    for c in range(n_cols):
        if cols[c] == COUNT_POINT_ME:
            col_pt = c
        if cols[c] == COUNT_SEQUENCE_ME:
            col_sq = c
        if cols[c] == COUNT_SETS_ME:
            col_st = c
        if cols[c] == pique_col:
            col_pique = c
    pique_info = np.empty(n_hold, dtype=np.int64)  # the holdings' all_info[:, 1]: profiles or masks
    hkey = np.empty(n_hold, dtype=np.int64)
    h_order = np.empty(n_hold, dtype=np.int64)
    slot_key = np.empty(4 * n_hold + 4 * n_disc + 2, dtype=np.int64)
    slot_id = np.empty(4 * n_hold + 4 * n_disc + 2, dtype=np.int64)
    gid = np.empty(max(n_hold, n_disc), dtype=np.int64)
    order = np.empty(n_disc, dtype=np.int64)
    g_start = np.empty(n_disc + 1, dtype=np.int64)
    sorted_holding = np.empty(n_hold, dtype=np.int64)
    u = np.empty((10, n_hold + PAD), dtype=np.int64)  # distinct holdings: pk ps sk ss tk ts cb rb, sum ss, sum ts
    weight = np.empty(n_hold + PAD, dtype=np.int64)
    u_start = np.empty(n_hold + 1, dtype=np.int64)
    free_pos = np.empty(unseen.shape[0], dtype=np.int64)
    canon = np.zeros((4, PROFILES), dtype=np.int64)
    codes = np.zeros(POINT_KEYS + SEQUENCE_KEYS + SET_KEYS, dtype=np.int64)
    hand_codes = np.zeros(POINT_KEYS + SEQUENCE_KEYS + SET_KEYS, dtype=np.int64)
    rank = np.empty(n_hold, dtype=np.int64)
    raw_key = np.empty(n_hold, dtype=np.int64)
    me = np.empty(n_disc, dtype=np.int64)
    fe = np.empty((n_disc, FEATURE_SLOTS), dtype=np.int64)
    key = np.empty(n_disc, dtype=np.int64)
    out = np.zeros(COUNT_COLUMNS, dtype=np.int64)
    need = np.empty(n_hold + PAD, dtype=np.int64)
    run_min = np.zeros(n_disc, dtype=np.int64)  # elder: what each final hand's run makes at least
    masks = np.empty(n_hold, dtype=np.int64)
    needs = np.empty(n_hold, dtype=np.int64)
    p_start = np.empty(n_hold + 1, dtype=np.int64)  # elder: distinct profiles of each distinct holding
    p_prof = np.empty(n_hold, dtype=np.int64)
    p_weight = np.empty(n_hold, dtype=np.int64)
    sub_order = np.empty(n_hold, dtype=np.int64)
    sub_start = np.empty(n_hold + 1, dtype=np.int64)
    m_key = np.empty(n_hold, dtype=np.int64)
    m_weight = np.empty(n_hold, dtype=np.int64)
    pid = np.empty(n_hold, dtype=np.int64)  # elder: the draw-wide number of each entry's profile (p_prof)
    pid_prof = np.empty(n_hold, dtype=np.int64)
    seen = np.empty(n_hold, dtype=np.int64)  # elder: each profile id's entry in the holding being listed
    dense = np.zeros(min(n_hold, DENSE_PROFILES) * n_need, dtype=np.int64)  # (profile id, need) weights
    alike = np.empty(MAX_ALIKE, dtype=np.int64)  # younger: a group's distinct dealer profiles, and their piques
    alike_piques = np.empty(MAX_ALIKE, dtype=np.int64)
    n_pid = 0
    hashing = (slot_key, slot_id, gid)
    for i in range(lo, hi):
        drawn = np.int64(0)
        for j in range(k):
            drawn |= np.int64(1) << unseen[draws[i, j]]
        n_f = 0
        for p in range(unseen.shape[0]):
            if not (drawn >> unseen[p]) & 1:
                free_pos[n_f] = p
                n_f += 1
        _holding_ranks(free_pos, n_free, binom, rank)
        # the dealer's suits at their strongest for elder's run: every free card. He holds fewer and
        # no higher, so each final hand cashes at least this much, and its run points only grow
        worst = dealer_profiles(unseen_mask & ~drawn, suit_tab)
        _final_hands(kept, drawn, worst, me_is_elder, rt, sr, (me, fe, run_min))
        # holdings alike in everything the declarations compare with these hands are counted once
        _key_codes(fe, n_disc, codes)
        n_u, n_padded = _distinct_holdings(rank, all_info, codes, exact_from, params[RULE_CARTE_ROUGE], hashing,
                                           (raw_key, pique_info, hkey, h_order, u_start, u, weight))
        if me_is_elder:  # elder's run needs only the dealer's profiles, as any final hand of this draw sees them
            _canonical_profiles(hand_mask | drawn, canon)
            for j in range(n_hold):
                sorted_holding[j] = _canonical(pique_info[h_order[j]], canon)
        else:  # the dealer's needs elder's cards; his own suits count only as any of elder's holdings sees them
            _canonical_profiles(unseen_mask & ~drawn, canon)
            for j in range(n_hold):
                sorted_holding[j] = pique_info[h_order[j]]
        if me_is_elder:  # the draw's distinct profiles, numbered (for _merge_by_id)
            n_pid = _profile_entries(sorted_holding, n_u, u_start, hashing,
                                     (sub_order, sub_start, pid, pid_prof, seen, p_start, p_prof, p_weight))
        # final hands alike in everything the declarations compare with these holdings are scored once
        _holding_codes(raw_key, n_hold, hand_codes)
        for d in range(n_disc):
            key[d] = _coded_hand_key(fe[d], hand_codes, cb_me, weak, params[RULE_CARTE_ROUGE])
        n_g = _group(key, n_disc, slot_key, slot_id, gid, order, g_start)
        for grp in range(n_g):
            g = g_start[grp]
            e = g_start[grp + 1]
            d0 = order[g]
            # run points every hand of the group makes whatever the dealer holds: pique is sure within them
            sure_max = min_run_points(params)
            if me_is_elder:
                sure_max = run_min[d0]
                for j in range(g + 1, e):
                    sure_max = min(sure_max, run_min[order[j]])
            marked = _against_holdings(u, weight, n_padded, codes[fe[d0, FEATURE_POINT]], fe[d0, FEATURE_POINT_SCORE],
                                       codes[POINT_KEYS + fe[d0, FEATURE_SEQUENCE]], fe[d0, FEATURE_SEQUENCE_SCORE],
                                       codes[POINT_KEYS + SEQUENCE_KEYS + fe[d0, FEATURE_SETS]],
                                       fe[d0, FEATURE_SETS_SCORE], cb_me,
                                       fe[d0, FEATURE_CARTE_ROUGE], me_is_elder, sure_max, params, out, need)
            n_m = 0
            # merging pays for itself over several final hands (and needs the draw's profiles numbered densely)
            merge = e - g >= MERGE_FROM and n_pid <= DENSE_PROFILES
            if marked and me_is_elder and merge:  # equal (need, profiles) across distinct holdings: one entry
                n_m = _merge_by_id(need, n_u, p_start, pid, pid_prof, p_weight, n_need, dense, m_key, m_weight)
            elif marked and not me_is_elder:
                n_m = _marked_holdings(need, n_u, u_start, sorted_holding, masks, needs)
            n_alike = 0
            for c in range(n_cols):
                out_cols[c] = out[cols[c]]
            for j in range(g, e):
                d = order[j]
                for c in range(n_cols):
                    acc[d, c] += out_cols[c]
                # the only use of a weak hand's exact scores
                acc[d, col_pt] += out[COUNT_POINT_WIN] * (fe[d, FEATURE_POINT_SCORE] - fe[d0, FEATURE_POINT_SCORE])
                acc[d, col_sq] += out[COUNT_SEQUENCE_WIN] * (fe[d, FEATURE_SEQUENCE_SCORE]
                                                             - fe[d0, FEATURE_SEQUENCE_SCORE])
                acc[d, col_st] += out[COUNT_SETS_WIN] * (fe[d, FEATURE_SETS_SCORE] - fe[d0, FEATURE_SETS_SCORE])
                if n_m and me_is_elder:
                    acc[d, col_pique] += _elder_piques(me[d], m_key, m_weight, n_m, run_tab, params)
                elif marked and me_is_elder:
                    acc[d, col_pique] += _elder_piques_unmerged(me[d], need, n_u, p_start, p_prof, p_weight,
                                                                       run_tab, params)
                elif n_m:  # final hands alike in their canonical profiles: the same piques
                    q = _canonical(dealer_profiles(me[d], suit_tab), canon)
                    found = -1
                    for j2 in range(n_alike):
                        if alike[j2] == q:
                            found = j2
                            break
                    if found < 0:
                        found = n_alike
                        alike[found] = q
                        alike_piques[found] = _dealer_piques(q, masks, needs, n_m, run_tab, params)
                        n_alike = min(n_alike + 1, MAX_ALIKE - 1)  # past that, the last entry is overwritten
                    acc[d, col_pique] += alike_piques[found]


@numba.njit(**JIT)
def kept_and_columns(hand, discards, me_is_elder, params):
    """Each discard's kept cards, and the count columns that can differ between discards (the others are
    filled in by add_totals; the pique column that is not this side's, and carte rouge where it scores
    nothing, stay 0)."""
    hand_mask = np.int64(0)
    for c in hand:
        hand_mask |= np.int64(1) << c
    kept = np.empty(discards.shape[0], dtype=np.int64)
    for d in range(discards.shape[0]):
        kept[d] = _final_hand(hand, hand_mask, 0, discards[d])
    cols = np.empty(COUNT_COLUMNS, dtype=np.int64)
    n_cols = 0
    for c in range(COUNT_COLUMNS):
        derived = (c == COUNT_DEALS or c == COUNT_POINT_LOSE or c == COUNT_SEQUENCE_LOSE or c == COUNT_SETS_LOSE
                   or c == COUNT_CARTE_BLANCHE_ME
                   or (c == COUNT_PIQUE_ME and not me_is_elder) or (c == COUNT_PIQUE_OPP and me_is_elder)
                   or ((c == COUNT_CARTE_ROUGE_ME or c == COUNT_CARTE_ROUGE_OPP) and params[RULE_CARTE_ROUGE] == 0))
        if not derived:
            cols[n_cols] = c
            n_cols += 1
    return hand_mask, kept, cols[:n_cols]


@numba.njit(**JIT)
def add_totals(acc, cols, deals, cb_me, counts):
    """The worker threads' counts added up into ``counts``, with the columns kept_and_columns leaves out:
    ``deals`` (draws x holdings) for every discard, and what follows from it."""
    total = np.zeros(COUNT_COLUMNS, dtype=np.int64)
    for d in range(acc.shape[1]):
        total[:] = 0
        for w in range(acc.shape[0]):
            for c in range(cols.shape[0]):
                total[cols[c]] += acc[w, d, c]
        total[COUNT_DEALS] = deals
        total[COUNT_CARTE_BLANCHE_ME] = deals * cb_me
        for c in (COUNT_POINT_WIN, COUNT_SEQUENCE_WIN, COUNT_SETS_WIN):
            total[c + 2] = deals - total[c] - total[c + 1]  # the lose column
        for c in range(COUNT_COLUMNS):
            counts[d, c] += total[c]


def worker_count() -> int:
    """How many worker threads the engine runs: one per core, as numba counts them (NUMBA_NUM_THREADS)."""
    return numba.config.NUMBA_NUM_THREADS

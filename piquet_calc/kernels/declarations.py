"""Every numba-compiled function of piquet-calc, on integer arrays and masks only.

Nothing outside kernels/ imports numba. The rules are not decided here: suit values, sequences and
run_tab cards come from ``engine/tables.py`` (built from ``game/declarations.py``), scalars from
``engine.tables.kernel_params``.
What is here mirrors ``game.declarations.score_deal`` and is tested equal to it deal by deal.

A hand is a 32-bit mask (bit ``suit * 8 + rank``). "me" is the player analysed, "opp" the opponent.
"""

from __future__ import annotations

from . import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from .layout import (  # noqa: E402
    COUNT_DEALS,
    COUNT_CARTE_BLANCHE_ME,
    COUNT_CARTE_ROUGE_ME,
    COUNT_PIQUE_ME,
    COUNT_POINT_ME,
    COUNT_REPIQUE_ME,
    COUNT_SEQUENCE_ME,
    COUNT_SETS_ME,
    COUNT_CARTE_BLANCHE_OPP,
    COUNT_CARTE_ROUGE_OPP,
    COUNT_PIQUE_OPP,
    COUNT_POINT_OPP,
    COUNT_REPIQUE_OPP,
    COUNT_SEQUENCE_OPP,
    COUNT_SETS_OPP,
    COUNT_POINT_LOSE,
    COUNT_POINT_TIE,
    COUNT_POINT_WIN,
    COUNT_SEQUENCE_LOSE,
    COUNT_SEQUENCE_TIE,
    COUNT_SEQUENCE_WIN,
    COUNT_SETS_LOSE,
    COUNT_SETS_TIE,
    COUNT_SETS_WIN,
    FEATURE_POINT,
    FEATURE_POINT_SCORE,
    FEATURE_CARTE_ROUGE,
    FEATURE_SEQUENCE,
    FEATURE_SEQUENCE_SCORE,
    FEATURE_SETS,
    FEATURE_SETS_SCORE,
    COUNT_COLUMNS,
    FEATURE_SLOTS,
    RULE_BLANCHE,
    RULE_LAST_TRICK,
    RULE_LAST_LEAD,
    RULE_LEAD,
    RULE_PIQUE_AT,
    RULE_QUATORZE,
    RULE_REPIQUE_AT,
    RULE_CARTE_ROUGE,
    RULE_SCORING_RANKS,
    RULE_SET_RANKS,
    RULE_SEVENTH,
    RULE_SPOILERS,
    RULE_TRIO,
    RULE_WIN_OWN,
    POINT_KEYS,
    PROFILE_BITS,
    PROFILE_TOPS,
    PROFILES,
    QUATORZE_KEY,
    SIDE_MY_BLANCHE,
    SIDE_ME_IS_ELDER,
    SIDE_OPPONENT_BLANCHE,
    SEQUENCE_KEYS,
    SUIT_POINT_KEY,
    SUIT_CARD_COUNT,
    SUIT_IN_SEQUENCE,
    SUIT_SEQUENCE_KEY,
    SUIT_SEQUENCE_POINTS,
    SUIT_TOP_RANK,
    SET_KEYS,
    TRIO_KEY,
)

MERGE_FROM = 2  # final hands in a group from which elder's pique candidates are merged first
PAD = 8  # _against_holdings' loop runs over a multiple of this many holdings
DENSE_PROFILES = 4096  # distinct dealer profiles in a draw up to which they are merged in a dense array
MAX_ALIKE = 32  # younger: distinct dealer profiles a group's final hands are compared with

JIT = dict(nogil=True, cache=cache.ENABLED, error_model="numpy")
# Small functions called once per hand, holding or entry: inlined by numba itself wherever they are
# called (LLVM left them as calls), which measured 12% less time for about a second more compiling.
INLINED = dict(JIT, inline="always")


@numba.njit(**JIT)
def next_subset(x):
    """Gosper's hack: the next integer with as many bits set (the next combination, as a mask)."""
    c = x & -x
    r = x + c
    return (((r ^ x) >> 2) // c) | r


@numba.njit(**INLINED)
def set_rules(params):
    """What hand_features reads of the rules, as scalars read once per kernel call: the ranks that make
    sets, trio and quatorze points, carte rouge points."""
    return params[RULE_SET_RANKS], params[RULE_TRIO], params[RULE_QUATORZE], params[RULE_CARTE_ROUGE]


@numba.njit(**INLINED)
def hand_features(mask, suit_tab, sr):
    """(point key, point score, sequence key, sequence score, set key, set score, carte rouge bits) of
    a hand (``sr``: set_rules); the carte rouge bits (see _rouge_bits) only under rules that score
    carte rouge."""
    set_ranks, trio_points, quatorze_points, rouge = sr
    point = 0
    seq = 0
    seq_score = 0
    s0 = mask & 255
    s1 = (mask >> 8) & 255
    s2 = (mask >> 16) & 255
    s3 = (mask >> 24) & 255
    for b in (s0, s1, s2, s3):
        point = max(point, suit_tab[b, SUIT_POINT_KEY])
        seq = max(seq, suit_tab[b, SUIT_SEQUENCE_KEY])
        seq_score += suit_tab[b, SUIT_SEQUENCE_POINTS]
    # ranks held in all four suits, and in at least three
    quatorzes = s0 & s1 & s2 & s3 & set_ranks
    trios = ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))) & set_ranks & ~quatorzes
    if quatorzes:
        set_key = QUATORZE_KEY + suit_tab[quatorzes, SUIT_TOP_RANK]  # engine.tables.set_code(4, rank)
    elif trios:
        set_key = TRIO_KEY + suit_tab[trios, SUIT_TOP_RANK]  # engine.tables.set_code(3, rank)
    else:
        set_key = 0
    set_score = quatorze_points * suit_tab[quatorzes, SUIT_CARD_COUNT] + trio_points * suit_tab[trios, SUIT_CARD_COUNT]
    # a set that scores nothing (trio_points or quatorze_points 0) has not scored: its cards are not covered
    rouge_bits = (_rouge_bits(mask, suit_tab, point, quatorzes * (quatorze_points > 0) | trios * (trio_points > 0))
                  if rouge else 0)
    return point, point >> 7, seq, seq_score, set_key, set_score, rouge_bits


@numba.njit(**INLINED)
def _rouge_bits(mask, suit_tab, point, set_ranks_held):
    """Carte rouge (game.declarations.is_carte_rouge) for each way of winning classes: bit w, for w = point won
    + 2 * sequence won + 4 * sets won, is set when the combinations that then score cover all 12 cards."""
    seq_cover = np.int64(0)
    point_suits = 0
    point_cover = np.int64(0)  # every best suit's cards
    for i in range(4):
        b = (mask >> (8 * i)) & 255
        seq_cover |= suit_tab[b, SUIT_IN_SEQUENCE] << (8 * i)
        if suit_tab[b, SUIT_POINT_KEY] == point:
            point_suits |= 1 << i
            point_cover |= np.int64(255) << (8 * i)
    r = np.int64(set_ranks_held)
    set_cover = (r | (r << 8) | (r << 16) | (r << 24)) & mask
    if ((seq_cover | set_cover | point_cover) & mask) != mask:
        return 0  # most hands: not even winning every class covers them
    bits = 0
    for w in range(8):
        cover = (seq_cover if w & 2 else 0) | (set_cover if w & 4 else 0)
        ok = (cover & mask) == mask
        if w & 1:
            for i in range(4):
                if (point_suits >> i) & 1 and ((cover | (np.int64(255) << (8 * i))) & mask) == mask:
                    ok = True
        bits |= np.int64(ok) << w
    return bits


@numba.njit(**JIT)
def dealer_profiles(dealer, suit_tab):
    """The dealer's four suits as the pique run sees them (tables.dealer_profile), 7 bits each."""
    p = np.int64(0)
    for s in range(4):
        b = (dealer >> (8 * s)) & 255
        p |= (((suit_tab[b, SUIT_TOP_RANK] + PROFILE_TOPS) % PROFILE_TOPS) * PROFILE_TOPS
              + suit_tab[b, SUIT_CARD_COUNT]) << (PROFILE_BITS * s)
    return p


@numba.njit(**INLINED)
def _packed_points(packed, params):
    """Run points from the four suits' run-table entries added up (game.declarations.run_points)."""
    cashed = packed & 15
    scoring = (packed >> 4) & 15
    all_cashed = np.int64(cashed == 12)
    kept_scoring = np.int64((packed >> 8) > 0)
    lead, last_lead = params[RULE_LEAD], params[RULE_LAST_LEAD]
    return (scoring * (lead + params[RULE_WIN_OWN]) + np.int64(cashed >= 7) * params[RULE_SEVENTH]
            + all_cashed * (params[RULE_LAST_TRICK] + np.int64(scoring > 0) * (last_lead - lead))
            + (1 - all_cashed) * kept_scoring * (lead + np.int64(cashed == 11) * (last_lead - lead)))


@numba.njit(**INLINED)
def _run_packed(elder, profiles, run_tab):
    return (run_tab[(elder & 255) * PROFILES + (profiles & 127)]
            + run_tab[((elder >> 8) & 255) * PROFILES + ((profiles >> 7) & 127)]
            + run_tab[((elder >> 16) & 255) * PROFILES + ((profiles >> 14) & 127)]
            + run_tab[((elder >> 24) & 255) * PROFILES + ((profiles >> 21) & 127)])


@numba.njit(**JIT)
def run_points(elder, dealer, suit_tab, run_tab, params):
    """Elder's pique-run points (game.declarations.pique_run): the cashed tricks, then one more lead or the last."""
    packed = _run_packed(elder, dealer_profiles(dealer, suit_tab), run_tab)
    return _packed_points(packed, params)


@numba.njit(**JIT)
def min_run_points(params):
    """What elder's run scores at least: one lead when every card scores, else possibly nothing."""
    return params[RULE_LEAD] if params[RULE_SCORING_RANKS] == 255 else 0


@numba.njit(**JIT)
def max_run_points(params):
    """The most elder's run can score: all twelve cashed, or eleven and the last lead."""
    trick = params[RULE_LEAD] + params[RULE_WIN_OWN]
    return max(12 * trick + params[RULE_LAST_LEAD] - params[RULE_LEAD] + params[RULE_LAST_TRICK],
               11 * trick + params[RULE_LAST_LEAD]) + params[RULE_SEVENTH]


@numba.njit(**INLINED)
def repique_reached(a1, a2, a3, a4, a5, b1, b2, b3, b4, b5, threshold):
    """game.declarations.repique_reached on the five running totals of each side (carte blanche, point,
    sequence, sets, carte rouge): side a reaches the threshold at a step where side b has nothing."""
    return (((a1 >= threshold) & (b1 == 0)) | ((a2 >= threshold) & (b2 == 0)) | ((a3 >= threshold) & (b3 == 0))
            | ((a4 >= threshold) & (b4 == 0)) | ((a5 >= threshold) & (b5 == 0)))


@numba.njit(**INLINED)
def pique_live(elder_total, dealer_total, repique_at, pique_at, most_in_play):
    """game.declarations.pique_live: the dealer at nothing, elder short of repique, and within
    ``most_in_play`` of the pique threshold."""
    return (dealer_total == 0) & (elder_total < repique_at) & (elder_total + most_in_play >= pique_at)


@numba.njit(**JIT)
def deal_outcome(me, fm, opp, fo, cb_me, cb_opp, me_is_elder, suit_tab, run_tab, params):
    """Score one deal from me's side: mirrors game.declarations.score_deal.

    ``fm``/``fo`` are hand_features of ``me``/``opp``; ``cb_*`` are carte blanche points.
    Returns (point cmp, sequence cmp, sets cmp, me point, opp point, me sequence, opp sequence,
    me sets, opp sets, me repique, opp repique, me pique, opp pique, me carte rouge, opp carte rouge);
    cmp is +1 when me wins.
    """
    pc = (fm[FEATURE_POINT] > fo[FEATURE_POINT]) - (fm[FEATURE_POINT] < fo[FEATURE_POINT])
    qc = (fm[FEATURE_SEQUENCE] > fo[FEATURE_SEQUENCE]) - (fm[FEATURE_SEQUENCE] < fo[FEATURE_SEQUENCE])
    tc = (fm[FEATURE_SETS] > fo[FEATURE_SETS]) - (fm[FEATURE_SETS] < fo[FEATURE_SETS])
    me_pt = fm[FEATURE_POINT_SCORE] if pc > 0 else 0
    opp_pt = fo[FEATURE_POINT_SCORE] if pc < 0 else 0
    me_sq = fm[FEATURE_SEQUENCE_SCORE] if qc > 0 else 0
    opp_sq = fo[FEATURE_SEQUENCE_SCORE] if qc < 0 else 0
    me_st = fm[FEATURE_SETS_SCORE] if tc > 0 else 0
    opp_st = fo[FEATURE_SETS_SCORE] if tc < 0 else 0
    me_cr = params[RULE_CARTE_ROUGE] * ((fm[FEATURE_CARTE_ROUGE] >> (np.int64(pc > 0) + 2 * np.int64(qc > 0) + 4 * np.int64(tc > 0))) & 1)
    opp_cr = params[RULE_CARTE_ROUGE] * ((fo[FEATURE_CARTE_ROUGE] >> (np.int64(pc < 0) + 2 * np.int64(qc < 0) + 4 * np.int64(tc < 0))) & 1)
    # repique: the threshold reached, counting class by class, while the opponent has nothing
    t = params[RULE_REPIQUE_AT]
    tp = params[RULE_PIQUE_AT]
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
    acc[row, COUNT_DEALS] += 1
    acc[row, COUNT_POINT_WIN + 1 - pc] += 1
    acc[row, COUNT_SEQUENCE_WIN + 1 - qc] += 1
    acc[row, COUNT_SETS_WIN + 1 - tc] += 1
    acc[row, COUNT_POINT_ME] += me_pt
    acc[row, COUNT_POINT_OPP] += opp_pt
    acc[row, COUNT_SEQUENCE_ME] += me_sq
    acc[row, COUNT_SEQUENCE_OPP] += opp_sq
    acc[row, COUNT_SETS_ME] += me_st
    acc[row, COUNT_SETS_OPP] += opp_st
    acc[row, COUNT_CARTE_BLANCHE_ME] += cb_me
    acc[row, COUNT_CARTE_BLANCHE_OPP] += cb_opp
    acc[row, COUNT_REPIQUE_ME] += rep_me
    acc[row, COUNT_REPIQUE_OPP] += rep_opp
    acc[row, COUNT_PIQUE_ME] += pique_me
    acc[row, COUNT_PIQUE_OPP] += pique_opp
    acc[row, COUNT_CARTE_ROUGE_ME] += me_cr
    acc[row, COUNT_CARTE_ROUGE_OPP] += opp_cr


@numba.njit(**JIT)
def score_one(me, opp, cb_me, cb_opp, me_is_elder, rt):
    """deal_outcome of two masks (``rt``: the rule tables, engine.tables.RuleTables.packed): the per-deal
    scorer the tests compare with game.declarations.score_deal."""
    suit_tab, run_tab, params = rt
    sr = set_rules(params)
    fm = hand_features(me, suit_tab, sr)
    fo = hand_features(opp, suit_tab, sr)
    return deal_outcome(me, fm, opp, fo, cb_me, cb_opp, me_is_elder, suit_tab, run_tab, params)


@numba.njit(**JIT)
def _holdings(free, n_free, size, out):
    """Every ``size``-subset of ``free[:n_free]`` as a mask, in lexicographic order; returns the count."""
    idx = np.arange(size)
    n = 0
    while True:
        m = np.int64(0)
        for j in range(size):
            m |= np.int64(1) << free[idx[j]]
        out[n] = m
        n += 1
        i = size - 1
        while i >= 0 and idx[i] == n_free - size + i:
            i -= 1
        if i < 0:
            return n
        idx[i] += 1
        for j in range(i + 1, size):
            idx[j] = idx[j - 1] + 1


@numba.njit(**JIT)
def _draw(unseen, draw, free):
    """The drawn cards' mask; the cards left for the opponent go to ``free``."""
    drawn = np.int64(0)
    for j in range(draw.shape[0]):
        drawn |= np.int64(1) << unseen[draw[j]]
    n_f = 0
    for c in unseen:
        if not (drawn >> c) & 1:
            free[n_f] = c
            n_f += 1
    return drawn


@numba.njit(**JIT)
def _final_hand(hand, hand_mask, drawn, discard):
    """My twelve after discarding ``discard`` (positions in ``hand``) and taking ``drawn``."""
    m = hand_mask | drawn
    for j in range(discard.shape[0]):
        m &= ~(np.int64(1) << hand[discard[j]])
    return m


@numba.njit(**JIT)
def holding_count(n_free):
    """C(n_free, 12): the opponent's possible holdings."""
    n = 1
    for j in range(12):
        n = n * (n_free - j) // (j + 1)
    return n


@numba.njit(parallel=True, **JIT)
def enumerate_discards(hand, unseen, draws, discards, side, rt, counts):
    """Add the outcome of every (discard, draw, opponent holding) to ``counts`` (one row per discard).

    ``hand``: my 12 card indices; ``unseen``: the cards I cannot see (20 before the exchange);
    ``draws[i]``: positions in ``unseen`` of one draw (all draws of one size k); ``discards[j]``:
    positions in ``hand`` of one discard of k cards.
    The opponent holds every 12-subset of the unseen cards not drawn. ``side`` (layout.SIDE_*): whether I
    am elder, my carte blanche points, and the opponent's (< 0: read off his holding). ``rt``: the rule
    tables (suit table, run table, params).
    """
    me_is_elder, cb_me, opp_cb_fixed = side[SIDE_ME_IS_ELDER] != 0, side[SIDE_MY_BLANCHE], side[SIDE_OPPONENT_BLANCHE]
    suit_tab, run_tab, params = rt
    sr = set_rules(params)
    spoilers = params[RULE_SPOILERS]
    n_draws, k = draws.shape
    n_disc = discards.shape[0]
    n_free = unseen.shape[0] - k
    n_hold = holding_count(n_free)
    hand_mask = np.int64(0)
    for c in hand:
        hand_mask |= np.int64(1) << c
    n_chunks = min(n_draws, 64)
    acc = np.zeros((n_chunks, n_disc, COUNT_COLUMNS), dtype=np.int64)
    for chunk in numba.prange(n_chunks):
        holding = np.empty(n_hold, dtype=np.int64)
        feats = np.empty((n_hold, FEATURE_SLOTS), dtype=np.int64)
        opp_cb = np.empty(n_hold, dtype=np.int64)
        free = np.empty(unseen.shape[0], dtype=np.int64)
        for i in range(chunk * n_draws // n_chunks, (chunk + 1) * n_draws // n_chunks):
            drawn = _draw(unseen, draws[i], free)
            _holdings(free, n_free, 12, holding)
            for h in range(n_hold):
                f = hand_features(holding[h], suit_tab, sr)
                for j in range(FEATURE_SLOTS):
                    feats[h, j] = f[j]
                if opp_cb_fixed >= 0:
                    opp_cb[h] = opp_cb_fixed
                else:
                    opp_cb[h] = params[RULE_BLANCHE] if (holding[h] & spoilers) == 0 else 0
            for d in range(n_disc):
                me = _final_hand(hand, hand_mask, drawn, discards[d])
                fm = hand_features(me, suit_tab, sr)
                for h in range(n_hold):
                    fo = (feats[h, 0], feats[h, 1], feats[h, 2], feats[h, 3], feats[h, 4], feats[h, 5], feats[h, 6])
                    out = deal_outcome(me, fm, holding[h], fo, cb_me, opp_cb[h], me_is_elder,
                                       suit_tab, run_tab, params)
                    _accumulate(acc[chunk], d, out, cb_me, opp_cb[h])
    for chunk in range(n_chunks):
        counts += acc[chunk]


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


@numba.njit(**INLINED)
def _elder_piques(me, keys, weights, n, run_tab, params):
    """Pique deals for elder ``me`` against dealer holdings given as ``keys`` (run points needed
    << 28 | suit profiles), each standing for ``weights`` holdings."""
    count = 0
    for j in range(n):
        points = _packed_points(_run_packed(me, keys[j] & 0xFFFFFFF, run_tab), params)
        count += weights[j] * (points >= keys[j] >> 28)
    return count


@numba.njit(**JIT)
def _elder_piques_unmerged(me, need, n_u, p_start, p_prof, p_weight, run_tab, params):
    """_elder_piques straight from each marked distinct holding's profiles (for a lone final hand,
    where merging would cost more than it saves)."""
    count = 0
    for r in range(n_u):
        if need[r] > 0:
            for j in range(p_start[r], p_start[r + 1]):
                points = _packed_points(_run_packed(me, p_prof[j], run_tab), params)
                count += p_weight[j] * (points >= need[r])
    return count


@numba.njit(**JIT)
def _canonical_profiles(elder_cards, canon):
    """``canon[s, profile]``: one representative for the dealer's suit-``s`` profiles (tables.dealer_profile)
    that no hand of elder's within ``elder_cards`` can tell apart in the pique run.

    Elder's cashed cards in a suit depend on the dealer's top card only through which of elder's cards
    are above it, so every top in one gap between elder's possible ranks is the gap's highest (which
    keeps the table entry valid: no fewer free ranks below). And on the dealer's length only through
    whether elder's cards above his top are at least as many: a length beyond all of them is one more
    than their number. Fewer distinct profiles, the same run for every final hand of the draw."""
    for s in range(4):
        u = (elder_cards >> (8 * s)) & 255
        canon[s, 8 * PROFILE_TOPS] = 8 * PROFILE_TOPS  # void: top 'none' (8), length 0
        for top in range(8):
            higher = u & ~((2 << top) - 1)  # elder's possible ranks above the dealer's top
            t_star = 7
            if higher:
                low = 0
                while not (higher >> low) & 1:
                    low += 1
                t_star = low - 1
            n_above = 0
            for r in range(t_star + 1, 8):
                n_above += (u >> r) & 1
            for count in range(1, 9):
                canon[s, top * PROFILE_TOPS + count] = t_star * PROFILE_TOPS + min(count, n_above + 1)


@numba.njit(**INLINED)
def _canonical(profiles, canon):
    q = np.int64(0)
    for s in range(4):
        q |= canon[s, (profiles >> (7 * s)) & 127] << (7 * s)
    return q


@numba.njit(**JIT)
def _table_bits(n):
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
def _merge_by_id(need, n_u, p_start, pid, pid_prof, p_weight, n_need, dense, out_key, out_weight):
    """Elder's marked entries of one group, (run points needed, profile), added up: both are small
    integers (a profile by its id in the draw), so a dense array does what a hash table would.
    Writes ``out_key`` (need << 28 | profile) and ``out_weight``; leaves ``dense`` zero. Returns how many."""
    n = 0
    for r in range(n_u):
        if need[r] > 0:
            for j in range(p_start[r], p_start[r + 1]):
                idx = pid[j] * n_need + need[r]
                if dense[idx] == 0:
                    out_key[n] = idx
                    n += 1
                dense[idx] += p_weight[j]
    for t in range(n):
        idx = out_key[t]
        out_weight[t] = dense[idx]
        dense[idx] = 0
        q = idx // n_need
        out_key[t] = ((idx - q * n_need) << 28) | pid_prof[q]
    return n


@numba.njit(**JIT)
def _dealer_piques(me_profiles, elders, needs, n, run_tab, params):
    """Pique deals against the dealer (profiles ``me_profiles``) for the listed elder holdings."""
    count = 0
    for j in range(n):
        count += _packed_points(_run_packed(elders[j], me_profiles, run_tab), params) >= needs[j]
    return count


@numba.njit(**JIT)
def _group(keys, n, slot_key, slot_id, gid, order, starts):
    """Group equal ``keys[:n]`` (hashing): ``order[starts[g]:starts[g + 1]]`` are the indices of
    group g, groups in order of first appearance. Returns the number of groups."""
    bits = _table_bits(n)
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
def _holding_key(f, cb):
    """A holding's hand_features and carte blanche points packed in one integer (fields of 6, 7 or 8
    bits, the point key above them): holdings with equal keys score alike against any hand."""
    return ((((((f[FEATURE_POINT] << 7) | f[FEATURE_SEQUENCE]) << 6 | f[FEATURE_SEQUENCE_SCORE]) << 6 | f[FEATURE_SETS]) << 6 | f[FEATURE_SETS_SCORE]) << 6
            | cb) << 8 | f[FEATURE_CARTE_ROUGE]




@numba.njit(**JIT)
def _code_marked(codes):
    """``codes``, 1 at each marked point, sequence and set key (segments at 0, POINT_KEYS and POINT_KEYS +
    SEQUENCE_KEYS), made into each key's 2 x (marked keys of its kind below it) + (whether it is marked)."""
    for lo, hi in ((0, POINT_KEYS), (POINT_KEYS, POINT_KEYS + SEQUENCE_KEYS),
                   (POINT_KEYS + SEQUENCE_KEYS, POINT_KEYS + SEQUENCE_KEYS + SET_KEYS)):
        below = 0
        for v in range(lo, hi):
            marked = codes[v]
            codes[v] = 2 * below + marked
            below += marked


@numba.njit(**INLINED)
def _compared_keys(key):
    """The point, sequence and set keys in a _holding_key."""
    return key >> 39, (key >> 32) & 127, (key >> 20) & 63


@numba.njit(**JIT)
def _key_codes(fe, n_disc, codes):
    """A holding's point, sequence and set keys are only ever compared with the final hands of the
    same draw: ``codes`` gives each key as 2 x (how many of those hands' distinct keys are below it)
    + (whether it is one of them), which compares with the hands' codes as the keys do."""
    codes[:] = 0
    for d in range(n_disc):
        codes[fe[d, FEATURE_POINT]] = 1
        codes[POINT_KEYS + fe[d, FEATURE_SEQUENCE]] = 1
        codes[POINT_KEYS + SEQUENCE_KEYS + fe[d, FEATURE_SETS]] = 1
    _code_marked(codes)


@numba.njit(**JIT)
def _holding_codes(raw_key, n_hold, codes):
    """_key_codes the other way round: each key as 2 x (how many of the draw's holdings' distinct keys
    are below it) + (whether it is one of them). Two final hands' keys with the same code meet no
    holding's key between them or at either: they compare alike with every holding."""
    codes[:] = 0
    for h in range(n_hold):
        pk, sk, tk = _compared_keys(raw_key[h])
        codes[pk] = 1
        codes[POINT_KEYS + sk] = 1
        codes[POINT_KEYS + SEQUENCE_KEYS + tk] = 1
    _code_marked(codes)


@numba.njit(**INLINED)
def _coded_hand_key(f, codes, cb, weak, rouge):
    """What _against_holdings reads of a final hand (hand_features ``f``, carte blanche points ``cb``),
    its keys as _holding_codes: final hands with equal values score alike against every holding of
    the draw. A hand that cannot reach the pique band or repique even winning every class (below
    ``weak``) keeps only whether it scores in each class: its exact scores are added up after."""
    ps, ss, ts = f[FEATURE_POINT_SCORE], f[FEATURE_SEQUENCE_SCORE], f[FEATURE_SETS_SCORE]
    if cb + ps + ss + ts + rouge * np.int64(f[FEATURE_CARTE_ROUGE] > 0) < weak:
        ps, ss, ts = min(ps, 1), min(ss, 1), min(ts, 1)
    return ((((((codes[f[FEATURE_POINT]] << 4 | ps) << 8 | codes[POINT_KEYS + f[FEATURE_SEQUENCE]]) << 6 | ss) << 7
             | codes[POINT_KEYS + SEQUENCE_KEYS + f[FEATURE_SETS]]) << 6 | ts) << 8) | f[FEATURE_CARTE_ROUGE]


@numba.njit(**INLINED)
def _coded_holding_key(key, codes, exact_from, rouge):
    """_holding_key with its keys replaced by their _key_codes (and the point score kept apart):
    holdings equal in this score alike against every final hand of the draw. A holding whose
    declarations, all won, stay below ``exact_from`` keeps only whether it has a sequence and a set:
    its exact scores matter only summed (_against_holdings reads the sums)."""
    pk, sk, tk = _compared_keys(key)
    ps = pk >> 7
    ss = (key >> 26) & 63
    ts = (key >> 14) & 63
    cb = (key >> 8) & 63
    if cb + ps + ss + ts + rouge * np.int64((key & 255) > 0) < exact_from:
        ss, ts = min(ss, 1), min(ts, 1)
    return (((((((codes[pk] << 4 | ps) << 8 | codes[POINT_KEYS + sk]) << 6 | ss) << 7
              | codes[POINT_KEYS + SEQUENCE_KEYS + tk]) << 6 | ts) << 14) | (key & 0x3FFF))


@numba.njit(**JIT)
def _unpack_coded_key(key, row):
    """_coded_holding_key into (pk, ps, sk, ss, tk, ts, cb, rb), the rows _against_holdings reads."""
    row[0] = key >> 45
    row[1] = (key >> 41) & 15
    row[2] = (key >> 33) & 255
    row[3] = (key >> 27) & 63
    row[4] = (key >> 20) & 127
    row[5] = (key >> 14) & 63
    row[6] = (key >> 8) & 63
    row[7] = key & 255


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
                acc[d, col_sq] += out[COUNT_SEQUENCE_WIN] * (fe[d, FEATURE_SEQUENCE_SCORE] - fe[d0, FEATURE_SEQUENCE_SCORE])
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
        derived = (c == COUNT_DEALS or c == COUNT_POINT_LOSE or c == COUNT_SEQUENCE_LOSE or c == COUNT_SETS_LOSE or c == COUNT_CARTE_BLANCHE_ME
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

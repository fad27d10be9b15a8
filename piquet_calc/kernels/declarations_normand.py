"""Numba kernels for Piquet Normand (three seats): one deal scored, and the exact enumerations.

Mirrors ``game.seating.score_seating`` for three seats and is tested equal to it deal by deal. The rules come
as tables (``engine.rule_arrays.rule_arrays_for``: each suit's point, sequence and pique-run entries) and the
scalars of ``engine.declarations_normand.seating_params`` (layout in ``kernels.layout``, ``SEATING_RULE_*``).

Seats: 0 elder, 1 middle, 2 dealer. Per deal the kernels produce, for every seat, its points in each
class and whether it repiques and piques (``score_deal_normand``).
"""

from __future__ import annotations

from . import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from .declarations.hand import next_subset  # noqa: E402
from .jit import JIT  # noqa: E402  (the jit options, set in one place)
from .layout import (  # noqa: E402
    COUNT_CLASSES_FROM_NORMAND,
    COUNT_DEALS_NORMAND,
    COUNT_SEATS_FROM_NORMAND,
    SEAT_BLANCHE,
    SEAT_COLUMNS,
    SEAT_PIQUE,
    SEAT_POINT,
    SEAT_REPIQUE,
    SEAT_SEQUENCE,
    SEAT_SETS,
    SEAT_STATUS,
    SEAT_SUMMED_COLUMNS,
    SEATING_RULE_BLANCHE,
    SEATING_RULE_HAND_SIZE,
    SEATING_RULE_LAST_TRICK,
    SEATING_RULE_LEAD,
    SEATING_RULE_MIN_PIPS,
    SEATING_RULE_PIQUE_AT,
    SEATING_RULE_QUATORZE,
    SEATING_RULE_REPIQUE_AT,
    SEATING_RULE_SET_RANKS,
    SEATING_RULE_SPOILERS,
    SEATING_RULE_TRIO,
    SEATING_RULE_WIN_OWN,
    SUIT_CARD_COUNT,
    SUIT_POINT_KEY,
    SUIT_SEQUENCE_KEY,
    SUIT_SEQUENCE_POINTS,
    SUIT_TOP_RANK,
)

HASH_BITS = 13  # slots of the table of opponents' states (small, to stay in cache)
HASH_FULL = 6144  # states held before the table is scored and emptied (the counts are sums)
GOLDEN = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as a signed 64-bit integer, for hashing
FIELD = 15  # bits of one class in an opponents' state: rank 7, holder 2, score 6


@numba.njit(**JIT)
def features(mask, suit_tab, params):
    """(point code, point length, sequence code, sequence score, set code, set score) of one hand;
    codes as engine.rule_arrays.point_code / run_code / set_code, 0 for none (a point under the minimum pips too)."""
    pt = 0
    sq = 0
    sq_score = 0
    for s in range(4):
        byte = (mask >> (8 * s)) & 255
        p = suit_tab[byte, SUIT_POINT_KEY]
        if p > pt:
            pt = p
        k = suit_tab[byte, SUIT_SEQUENCE_KEY]
        if k > sq:
            sq = k
        sq_score += suit_tab[byte, SUIT_SEQUENCE_POINTS]
    if (pt & 127) < params[SEATING_RULE_MIN_PIPS]:
        pt = 0
    st = 0
    st_score = 0
    set_ranks = params[SEATING_RULE_SET_RANKS]
    for r in range(8):
        if not (set_ranks >> r) & 1:
            continue
        n = ((mask >> r) & 1) + ((mask >> (r + 8)) & 1) + ((mask >> (r + 16)) & 1) + ((mask >> (r + 24)) & 1)
        if n >= 3:
            code = n * 8 + r
            if code > st:
                st = code
            st_score += params[SEATING_RULE_QUATORZE] if n == 4 else params[SEATING_RULE_TRIO]
    return pt, pt // 128 if pt else 0, sq, sq_score, st, st_score


@numba.njit(**JIT)
def run_points(elder, m1, m2, suit_tab, run_tab, params):
    """Elder's pique run against two opponents (game.seating.seating_pique_run, no partner): per suit his
    cashable cards against their highest card and longest holding, the points of those leads and of
    the next lead, or of the last trick."""
    w = 0
    for s in range(4):
        e = (elder >> (8 * s)) & 255
        a = (m1 >> (8 * s)) & 255
        b = (m2 >> (8 * s)) & 255
        top = max(suit_tab[a, SUIT_TOP_RANK], suit_tab[b, SUIT_TOP_RANK])
        cnt = max(suit_tab[a, SUIT_CARD_COUNT], suit_tab[b, SUIT_CARD_COUNT])
        w += run_tab[e * 81 + ((top + 9) % 9) * 9 + cnt] & 15
    pts = w * (params[SEATING_RULE_LEAD] + params[SEATING_RULE_WIN_OWN])
    return pts + (params[SEATING_RULE_LEAD] if w < params[SEATING_RULE_HAND_SIZE] else params[SEATING_RULE_LAST_TRICK])


@numba.njit(**JIT)
def _class_normand(k0, k1, k2, s0, s1, s2, out, c):
    """One class among three seats: the strictly best code scores its seat's score, a tie nobody; each
    seat's standing in ``out[seat, SEAT_STATUS + c]``."""
    best = max(k0, max(k1, k2))
    n = (k0 == best) + (k1 == best) + (k2 == best)
    for seat, k, sc in ((0, k0, s0), (1, k1, s1), (2, k2, s2)):
        if best == 0 or (k == best and n > 1):
            out[seat, SEAT_STATUS + c] = 1
        elif k == best:
            out[seat, SEAT_STATUS + c] = 0
            out[seat, SEAT_POINT + c] = sc
        else:
            out[seat, SEAT_STATUS + c] = 2


@numba.njit(**JIT)
def score_deal_normand(m0, m1, m2, b0, b1, b2, suit_tab, run_tab, params, out):
    """Every seat's points in one deal of three (``out[seat, SIDE_*]``, zeroed here): carte blanche
    (``b*``: the dealt hands'), point, sequence, sets, repique and pique (elder only) as flags, and
    each class's standing."""
    out[:, :] = 0
    f0 = features(m0, suit_tab, params)
    f1 = features(m1, suit_tab, params)
    f2 = features(m2, suit_tab, params)
    out[0, SEAT_BLANCHE] = params[SEATING_RULE_BLANCHE] * b0
    out[1, SEAT_BLANCHE] = params[SEATING_RULE_BLANCHE] * b1
    out[2, SEAT_BLANCHE] = params[SEATING_RULE_BLANCHE] * b2
    for c in range(3):
        _class_normand(f0[2 * c], f1[2 * c], f2[2 * c], f0[2 * c + 1], f1[2 * c + 1], f2[2 * c + 1], out, c)
    run = -1  # elder's run only matters when both others are at nothing
    if (out[1, SEAT_BLANCHE] + out[1, SEAT_POINT] + out[1, SEAT_SEQUENCE] + out[1, SEAT_SETS]
            + out[2, SEAT_BLANCHE] + out[2, SEAT_POINT] + out[2, SEAT_SEQUENCE] + out[2, SEAT_SETS]) == 0:
        run = run_points(m0, m1, m2, suit_tab, run_tab, params)
    _bonuses_normand(out, params, run)


@numba.njit(**JIT)
def _bonuses_normand(out, params, run):
    """Repique after each class in counting order (a seat at the threshold, both others at nothing);
    elder's pique from his run points (``run``; -1: impossible, not computed)."""
    c0 = 0
    c1 = 0
    c2 = 0
    at = params[SEATING_RULE_REPIQUE_AT]
    for col in (SEAT_BLANCHE, SEAT_POINT, SEAT_SEQUENCE, SEAT_SETS):
        c0 += out[0, col]
        c1 += out[1, col]
        c2 += out[2, col]
        if c0 >= at and c1 == 0 and c2 == 0:
            out[0, SEAT_REPIQUE] = 1
        if c1 >= at and c0 == 0 and c2 == 0:
            out[1, SEAT_REPIQUE] = 1
        if c2 >= at and c0 == 0 and c1 == 0:
            out[2, SEAT_REPIQUE] = 1
    if run >= 0 and out[0, SEAT_REPIQUE] == 0 and c1 == 0 and c2 == 0 and c0 + run >= params[SEATING_RULE_PIQUE_AT]:
        out[0, SEAT_PIQUE] = 1


@numba.njit(**JIT)
def _add(out, counts, me, weight):
    """Add one scored deal (``weight`` times) to a count row (layout.COUNT_NAMES_NORMAND): the deals, ``me``'s
    win/tie/lose per class, every seat's points, repiques and piques."""
    counts[COUNT_DEALS_NORMAND] += weight
    for c in range(3):
        counts[COUNT_CLASSES_FROM_NORMAND + 3 * c + out[me, SEAT_STATUS + c]] += weight
    for s in range(3):
        for col in range(SEAT_SUMMED_COLUMNS):
            counts[COUNT_SEATS_FROM_NORMAND + SEAT_SUMMED_COLUMNS * s + col] += weight * out[s, col]


@numba.njit(**JIT)
def _spread(n, cards):
    """Masks of the first 10 and last 10 positions of ``cards`` for every 10-bit pattern, so that a subset
    of up to 20 positions becomes a card mask in two lookups."""
    lo = np.zeros(1024, dtype=np.int64)
    hi = np.zeros(1024, dtype=np.int64)
    for pattern in range(1024):
        for i in range(10):
            if (pattern >> i) & 1:
                if i < n:
                    lo[pattern] |= np.int64(1) << cards[i]
                if i + 10 < n:
                    hi[pattern] |= np.int64(1) << cards[i + 10]
    return lo, hi


@numba.njit(**JIT)
def count_seat(me, mine, me_blanche, rest, rest_n, size_a, seat_a, seat_b, dealer_blanche,
               suit_tab, run_tab, params, counts):
    """Every split of ``rest`` (``rest_n`` card indices) into ``size_a`` cards for seat ``seat_a`` and the
    rest for ``seat_b``, with ``mine`` (seat ``me``'s final hand) fixed, for each out-of-play set in
    ``outs`` (masks; they only shape ``rest``, which the caller gives per call). Carte blanche: the seats
    a and b read theirs off their hands, except the dealer when ``dealer_blanche`` >= 0 (given)."""
    lo, hi = _spread(rest_n, rest)
    out = np.zeros((3, SEAT_COLUMNS), dtype=np.int64)
    masks = np.zeros(3, dtype=np.int64)
    blanche = np.zeros(3, dtype=np.int64)
    spoilers = params[SEATING_RULE_SPOILERS]
    full = (1 << rest_n) - 1
    x = (1 << size_a) - 1
    while x <= full:
        a = lo[x & 1023] | hi[x >> 10]
        b = lo[(full ^ x) & 1023] | hi[(full ^ x) >> 10]
        masks[me] = mine
        masks[seat_a] = a
        masks[seat_b] = b
        blanche[me] = me_blanche
        blanche[seat_a] = (a & spoilers) == 0
        blanche[seat_b] = (b & spoilers) == 0
        if dealer_blanche >= 0:
            blanche[2] = dealer_blanche
        score_deal_normand(masks[0], masks[1], masks[2], blanche[0], blanche[1], blanche[2], suit_tab, run_tab, params,
                           out)
        _add(out, counts, me, 1)
        x = next_subset(x)


@numba.njit(**JIT)
def dealer_exchange(dealer_blanche, rest, finals, suit_tab, run_tab, params, counts, tab, used):
    """The dealer's exchange for one talon: every split of ``rest`` (the other 20 unseen cards) into
    elder's 10 and middle's 10, against each of the dealer's final hands ``finals`` (keep, then one per
    discarded pair), ``counts[option]`` added to. ``keys``, ``weights``, ``used``: the caller's hash
    table (2**HASH_BITS slots, keys -1 when empty) of the opponents' states.

    Per split the two opponents are reduced to what the dealer's options can tell apart: in each class
    their best code, ranked among the options' codes (only <, = and > matter), which of them holds it
    (or both) and its holder's score, and their carte blanche. Alike splits are scored once, weighted.
    A split on which elder might pique (middle and the dealer without carte blanche, elder's best
    possible declarations plus his run against middle alone reaching the threshold) has his pique
    tested against every option besides (``_pique_only``); pique changes no other count.
    """
    n_opt = finals.shape[0]
    feats = np.zeros((n_opt, 6), dtype=np.int64)
    for o in range(n_opt):
        f = features(finals[o], suit_tab, params)
        for i in range(6):
            feats[o, i] = f[i]
    # rank tables: an opponents' code -> 2 * (options' distinct codes below it) + (1 if equal to one)
    ranks = np.zeros((3, 1152), dtype=np.int64)
    dealer_rank = np.zeros((n_opt, 3), dtype=np.int64)
    for c in range(3):
        size = 1152 if c == 0 else 128
        for code in range(size):
            below = 0
            equal = 0
            seen = np.zeros(size, dtype=np.bool_)
            for o in range(n_opt):
                v = feats[o, 2 * c]
                if seen[v]:
                    continue
                seen[v] = True
                if v < code:
                    below += 1
                elif v == code:
                    equal = 1
            ranks[c, code] = 2 * below + equal
        for o in range(n_opt):
            dealer_rank[o, c] = ranks[c, feats[o, 2 * c]]

    lo, hi = _spread(20, rest)
    spoilers = params[SEATING_RULE_SPOILERS]
    full = (1 << 20) - 1
    mask_bits = (1 << HASH_BITS) - 1
    n_used = 0
    n_cand = 0
    at = params[SEATING_RULE_PIQUE_AT]
    x = (1 << 10) - 1
    while x <= full:
        e = lo[x & 1023] | hi[x >> 10]
        m = lo[(full ^ x) & 1023] | hi[(full ^ x) >> 10]
        fe = features(e, suit_tab, params)
        fm = features(m, suit_tab, params)
        be = 1 if (e & spoilers) == 0 else 0
        bm = 1 if (m & spoilers) == 0 else 0
        key = be | bm << 1
        elder_best = params[SEATING_RULE_BLANCHE] * be
        tie_possible = True  # where middle is above elder, some option's dealer ties him exactly
        shift = 2
        for c in range(3):
            ke = fe[2 * c]
            km = fm[2 * c]
            if ke > km:
                h = 0
                sc = fe[2 * c + 1]
                elder_best += sc
            elif km > ke:
                h = 1
                sc = fm[2 * c + 1]
                tie_possible &= (ranks[c, km] & 1) == 1
            else:
                h = 2
                sc = 0
            key |= (ranks[c, max(ke, km)] | h << 7 | sc << 9) << shift
            shift += FIELD
        # else middle or the dealer scores a class for every option (sets are never tied)
        if (bm == 0 and dealer_blanche == 0 and tie_possible and fm[4] <= fe[4]
                and elder_best + run_points(e, m, 0, suit_tab, run_tab, params) >= at):
            # elder might pique: his pique tested against every option (the rest is counted as any split's)
            n_cand += 1
            _pique_only(e, m, fe, fm, be, finals, feats, suit_tab, run_tab, params, counts)
        slot = ((key * GOLDEN) >> (64 - HASH_BITS)) & mask_bits
        while tab[slot, 0] != -1 and tab[slot, 0] != key:
            slot = (slot + 1) & mask_bits
        if tab[slot, 0] == -1:
            tab[slot, 0] = key
            used[n_used] = slot
            n_used += 1
        tab[slot, 1] += 1
        if n_used == HASH_FULL:
            _score_states(tab, used, n_used, dealer_blanche, feats, dealer_rank, params, counts)
            n_used = 0
        x = next_subset(x)
    _score_states(tab, used, n_used, dealer_blanche, feats, dealer_rank, params, counts)
    return n_cand


@numba.njit(**JIT)
def _pique_only(e, m, fe, fm, be, finals, feats, suit_tab, run_tab, params, counts):
    """Elder's pique against each of the dealer's final hands (the others' carte blanche known to be
    none): every class scored by elder or by nobody, no repique, his run bridging the threshold."""
    pique_col = COUNT_SEATS_FROM_NORMAND + SEAT_PIQUE  # elder's row of the seats' counts
    for o in range(finals.shape[0]):
        total = params[SEATING_RULE_BLANCHE] * be
        clear = True
        for c in range(3):
            ke = fe[2 * c]
            km = fm[2 * c]
            kd = feats[o, 2 * c]
            best = max(ke, max(km, kd))
            n = (ke == best) + (km == best) + (kd == best)
            if best == 0 or n > 1:
                continue
            if ke == best:
                total += fe[2 * c + 1]
            elif (fm[2 * c + 1] if km == best else feats[o, 2 * c + 1]) > 0:
                clear = False
                break
        if clear and total < params[SEATING_RULE_REPIQUE_AT]:
            if total + run_points(e, m, finals[o], suit_tab, run_tab, params) >= params[SEATING_RULE_PIQUE_AT]:
                counts[o, pique_col] += 1


@numba.njit(**JIT)
def _score_states(tab, used, n_used, dealer_blanche, feats, dealer_rank, params, counts):
    """Score the opponents' states held in the table against every option, weighted, and empty it."""
    out = np.zeros((3, SEAT_COLUMNS), dtype=np.int64)
    for i in range(n_used):
        slot = used[i]
        key = tab[slot, 0]
        weight = tab[slot, 1]
        tab[slot, 0] = -1
        tab[slot, 1] = 0
        be = key & 1
        bm = (key >> 1) & 1
        for o in range(feats.shape[0]):
            out[:, :] = 0
            out[0, SEAT_BLANCHE] = params[SEATING_RULE_BLANCHE] * be
            out[1, SEAT_BLANCHE] = params[SEATING_RULE_BLANCHE] * bm
            out[2, SEAT_BLANCHE] = params[SEATING_RULE_BLANCHE] * dealer_blanche
            shift = 2
            for c in range(3):
                field = (key >> shift) & ((1 << FIELD) - 1)
                shift += FIELD
                r = field & 127
                h = (field >> 7) & 3
                sc = field >> 9
                d = dealer_rank[o, c]
                if d > r:  # the dealer's code above both opponents'
                    out[2, SEAT_STATUS + c] = 0
                    out[2, SEAT_POINT + c] = feats[o, 2 * c + 1]
                elif d == r:  # equal to the best, or nobody holds one
                    out[2, SEAT_STATUS + c] = 1
                else:
                    out[2, SEAT_STATUS + c] = 2
                    if h < 2:
                        out[h, SEAT_POINT + c] = sc
            _bonuses_normand(out, params, -1)
            _add(out, counts[o], 2, weight)

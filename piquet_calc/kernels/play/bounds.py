"""Positions valued without a search: the last two tricks, a hand that cashes out, quick-trick bounds.

``_leaf`` answers a position at once when it can: no cards left, one card each (``_last``), two each
(``_two``: every lead and reply tried, no table), or the leader able to cash every card he holds
(``_cash_all``: in each suit the opponent void or holding no more cards than the leader has above the
opponent's best; ``_cash_out`` scores the rest of the play). ``_bounds`` gives the leader's worst (he
cashes his sure winners, the opponent takes every other trick at the most a trick can bring him) and his
best (he takes every trick), tested before a position is searched. The bounds and the cash hold only where
winning every trick cannot be worse for the leader (``win_opponent_lead <= lead + win_own_lead``, and for
the cash the last lead's extra only with every card scoring), which holds for every preset; the callers
test it.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, JIT, called  # noqa: E402
from ..layout import (  # noqa: E402
    PLAY_RULE_LAST_LEAD,
    PLAY_RULE_LAST_TRICK,
    PLAY_RULE_LEAD,
    PLAY_RULE_PIQUE_BONUS,
    PLAY_RULE_SCORING_RANK,
    PLAY_RULE_SEVENTH,
    PLAY_RULE_WIN_OPP,
    PLAY_RULE_WIN_OWN,
)
from ..transposition import INF  # noqa: E402
from .bits import _TOP8, _bit_index, _popcount  # noqa: E402
from .score import _end, _trick  # noqa: E402


@numba.njit(**INLINED)
def _cash_all(h, o, sr):
    """Can the leader (hand ``h``) win every trick left against ``o``, and lead a scoring card last?"""
    scoring_last = False
    for s in range(4):
        hs = (h >> (8 * s)) & 255
        os_ = (o >> (8 * s)) & 255
        if hs == 0:
            continue
        possible = hs  # the cards that can be led last, the suit still cashed
        if os_ != 0:
            t = _TOP8[os_]
            high = hs & ~((2 << t) - 1)
            n_high = _popcount(high)
            n_opp = _popcount(os_)
            if n_high < n_opp:
                return False, False
            low = hs & ((1 << t) - 1)
            if n_high == n_opp and low != 0:
                possible = low
        if (possible >> sr) != 0:
            scoring_last = True
    return True, scoring_last


@numba.njit(**INLINED)
def _cash_out(h, n, leader, et, dt, diff, need, scoring_last, prm):
    """The future value when the leader wins all ``n`` tricks left (see _cash_all)."""
    sr = prm[PLAY_RULE_SCORING_RANK]
    k = 0  # the cards that score when led
    for s in range(4):
        k += _popcount(((h >> (8 * s)) & 255) >> sr)
    pts = k * (prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]) + prm[PLAY_RULE_LAST_TRICK]
    if scoring_last:
        pts += prm[PLAY_RULE_LAST_LEAD] - prm[PLAY_RULE_LEAD]
    mine = et if leader == 0 else dt
    seventh_at = (et + dt + n) // 2 + 1
    if mine < seventh_at <= mine + n:
        pts += prm[PLAY_RULE_SEVENTH]
    if leader == 0:
        if need > 0 and pts >= need:
            pts += prm[PLAY_RULE_PIQUE_BONUS]
        e, d = _end(et + n, dt, diff + pts, prm)
        return pts + e - d
    e, d = _end(et, dt + n, diff - pts, prm)
    return -pts + e - d


@numba.njit(**INLINED)
def _bounds(em, dm, leader, et, dt, diff, need, n, prm):
    """Quick bounds on the future value, from elder's side: (lower, upper).

    The leader's worst: he cashes his sure winners (each suit's cards above the opponent's best, all of
    the suit when those are as many as the opponent's cards or the opponent is void), then the
    opponent wins every other trick with the most points a trick can bring (and only with his
    scoring cards). The leader's best: he wins
    every trick, every scoring card at the most a trick can bring him. Both hold whenever winning a
    trick one led is worth at least winning the opponent's lead (every preset): the solver only uses
    them then."""
    sr = prm[PLAY_RULE_SCORING_RANK]
    h = em if leader == 0 else dm
    o = dm if leader == 0 else em
    q = 0
    ks = 0
    k_all = 0
    k_o = 0
    for s in range(4):
        hs = (h >> (8 * s)) & 255
        os_ = (o >> (8 * s)) & 255
        k_all += _popcount(hs >> sr)
        k_o += _popcount(os_ >> sr)
        if hs == 0:
            continue
        if os_ == 0:
            q += _popcount(hs)
            ks += _popcount(hs >> sr)
        else:
            high = hs & ~((2 << _TOP8[os_]) - 1)
            n_high = _popcount(high)
            if n_high >= _popcount(os_):
                q += _popcount(hs)
                ks += _popcount(hs >> sr)
            else:
                q += n_high
                ks += _popcount(high >> sr)
    mine = et if leader == 0 else dt
    theirs = dt if leader == 0 else et
    seventh_at = (et + dt + n) // 2 + 1
    per_trick = prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]
    # the leader's worst
    p_l = ks * per_trick
    if mine < seventh_at <= mine + q:
        p_l += prm[PLAY_RULE_SEVENTH]
    rest = n - q
    # each trick brings the opponent points only with a scoring card of his
    p_o = min(rest, k_o) * max(per_trick, prm[PLAY_RULE_WIN_OPP]) + prm[PLAY_RULE_LAST_TRICK]
    if rest > 1:
        p_o += prm[PLAY_RULE_LAST_LEAD] - prm[PLAY_RULE_LEAD]
    if theirs < seventh_at <= theirs + rest:
        p_o += prm[PLAY_RULE_SEVENTH]
    if leader == 0:
        if need > 0 and p_l >= need:
            p_l += prm[PLAY_RULE_PIQUE_BONUS]
        e, d = _end(et + q, dt + rest, diff + p_l - p_o, prm)
        low = p_l - p_o + e - d
    else:
        if need > 0 and p_l == 0:
            p_o += prm[PLAY_RULE_PIQUE_BONUS]
        e, d = _end(et + rest, dt + q, diff + p_o - p_l, prm)
        low = p_l - p_o + d - e
    # the leader's best
    p_b = (k_all * max(per_trick, prm[PLAY_RULE_WIN_OPP]) + prm[PLAY_RULE_LAST_TRICK] + prm[PLAY_RULE_LAST_LEAD]
           - prm[PLAY_RULE_LEAD])
    if mine < seventh_at <= mine + n:
        p_b += prm[PLAY_RULE_SEVENTH]
    if leader == 0:
        if need > 0 and p_b >= need:
            p_b += prm[PLAY_RULE_PIQUE_BONUS]
        e, d = _end(et + n, dt, diff + p_b, prm)
        high = p_b + e - d
        return low, high
    e, d = _end(et, dt + n, diff - p_b, prm)
    high = p_b + d - e
    return -high, -low


@numba.njit(**JIT)
def _last(em, dm, leader, et, dt, diff, need, prm):
    """The value of the last trick and the end of the play (one card each)."""
    lead = _bit_index(em if leader == 0 else dm)
    reply = _bit_index(dm if leader == 0 else em)
    e, d, w, need2 = _trick(lead, reply, leader, et, dt, need, True, (et + dt + 1) // 2 + 1, prm)
    e2, d2 = _end(et + (w == 0), dt + (w == 1), diff + e - d, prm)
    return e - d + e2 - d2


@numba.njit(**JIT)
def _two(em, dm, leader, et, dt, diff, need, prm):
    """The exact value with two cards each: every lead and reply tried, no table."""
    h = em if leader == 0 else dm
    o = dm if leader == 0 else em
    sign = 1 if leader == 0 else -1
    seventh_at = (et + dt + 2) // 2 + 1
    best = -INF
    x = h
    while x:
        a = x & -x
        x ^= a
        lead = _bit_index(a)
        suit = np.int64(255) << (lead & ~7)
        replies = o & suit
        if replies == 0:
            replies = o
        worst = INF
        y = replies
        while y:
            r = y & -y
            y ^= r
            reply = _bit_index(r)
            e, d, w, need2 = _trick(lead, reply, leader, et, dt, need, False, seventh_at, prm)
            cem = (h ^ a) if leader == 0 else (o ^ r)
            cdm = (o ^ r) if leader == 0 else (h ^ a)
            v = sign * (e - d + _last(cem, cdm, w, et + (w == 0), dt + (w == 1), diff + e - d, need2, prm))
            worst = min(worst, v)
        best = max(best, worst)
    return sign * best


@numba.njit(**JIT)
def _leaf(em, dm, leader, et, dt, diff, need, prm):
    """The value of a position needing no search: (True, value), or (False, 0)."""
    if em == 0:
        e, d = _end(et, dt, diff, prm)
        return True, e - d
    n = _popcount(em)
    if n == 1:
        lead = _bit_index(em if leader == 0 else dm)
        reply = _bit_index(dm if leader == 0 else em)
        e, d, w, need2 = _trick(lead, reply, leader, et, dt, need, True, (et + dt + n) // 2 + 1, prm)
        e2, d2 = _end(et + (w == 0), dt + (w == 1), diff + e - d, prm)
        return True, e - d + e2 - d2
    if n == 2:
        return True, _two(em, dm, leader, et, dt, diff, need, prm)
    sr = prm[PLAY_RULE_SCORING_RANK]
    if (prm[PLAY_RULE_WIN_OPP] <= prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]
            and (sr == 0 or prm[PLAY_RULE_LAST_LEAD] == prm[PLAY_RULE_LEAD])):
        h = em if leader == 0 else dm
        ok, scoring_last = _cash_all(h, dm if leader == 0 else em, sr)
        if ok:
            return True, _cash_out(h, n, leader, et, dt, diff, need, scoring_last, prm)
    return False, 0


_root_bounds = called(_bounds)  # once a search at its root: not worth another copy inlined into _search

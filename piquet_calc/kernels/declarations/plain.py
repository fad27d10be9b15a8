"""The plain engine: every draw, every discard, every opponent holding, one deal at a time.

``enumerate_discards`` is the reference the fast engine (count.py) is tested equal to: for each draw from
the unseen cards (``_draw``), each discard's final hand (``_final_hand``) meets each of the opponent's
holdings of the cards left (``_holdings``), and ``deal_outcome`` scores the pair. Slow and obviously
right; ``holding_count`` is the number of holdings, for the engine's sizes.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import JIT  # noqa: E402
from ..layout import (  # noqa: E402
    COUNT_COLUMNS,
    FEATURE_SLOTS,
    RULE_BLANCHE,
    RULE_SPOILERS,
    SIDE_ME_IS_ELDER,
    SIDE_MY_BLANCHE,
    SIDE_OPPONENT_BLANCHE,
)
from .hand import hand_features, set_rules  # noqa: E402
from .outcome import _accumulate, deal_outcome  # noqa: E402


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

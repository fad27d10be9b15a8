"""The paranoid search: zero-window alpha-beta card by card, driven by MTD(f); every root card valued.

``_search_normand`` returns the future value of a position for seat ``me`` (what the rest of the play adds to his
net doubled) fail-soft within (alpha, beta): ``me`` maximises, the two others minimise (the paranoid
coalition). Without recursion (numba caches no recursive nogil kernel): the path is a stack of frames in
``work`` (one per card on the path, ``FRAMES`` rows after the moves' ``ROWS``), each ply's ordered moves in
its own row. Between tricks the table (kernels/transposition.py's rows: two keys and the bounds with the best
card) cuts first and stores each node's bounds when it is done; the last trick is scored without a search.
``_mtdf_normand`` finds the exact value by zero-window searches (bisection after doubling steps, as the two-hand
solver's ``_mtdf``); ``card_values_normand`` values every legal card of the player to move for him.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import JIT  # noqa: E402
from ..layout import NPLAY_RULE_SCORING_RANK  # noqa: E402
from ..mtdf import MAX_PASSES, _narrowed  # noqa: E402
from ..play.bits import _popcount  # noqa: E402
from ..play.transposition import _relative  # noqa: E402
from ..transposition import INF, _probe, _slot, _store  # noqa: E402
from .step import _end_normand, _keys_normand, _moves_normand, _step  # noqa: E402

ROWS = 32  # move rows: one per card played from the root (30 at most)
FRAMES = 32
FRAME_COLUMNS = 32
(F_H0, F_H1, F_H2, F_LEADER, F_C0, F_C1, F_K, F_TRICKS, F_NEED, F_ALPHA, F_BETA, F_A, F_B, F_BEST, F_BEST_CARD, F_I,
 F_COUNT, F_IMM, F_SLOT, F_LO, F_HI, F_KEY1, F_KEY2) = range(23)


def new_work() -> np.ndarray:
    """The search's work array: each ply's moves, then the stack of frames."""
    return np.zeros((ROWS + FRAMES, FRAME_COLUMNS), dtype=np.int64)


@numba.njit(**JIT)
def _last_trick(h0, h1, h2, leader, tricks, need, me, prm):
    """The last trick (one card each, ``leader`` to lead) and the end of the play, for ``me``."""
    c0 = -1
    c1 = -1
    k = 0
    total = 0
    for _ in range(3):
        seat = (leader + k) % 3
        own = h0 if seat == 0 else (h1 if seat == 1 else h2)
        card = np.int64(0)
        while (np.int64(1) << card) != own:
            card += 1
        imm, h0, h1, h2, leader, c0, c1, k, tricks, need = _step(h0, h1, h2, leader, c0, c1, k, tricks, need, card,
                                                                 me, prm)
        total += imm
    return total + _end_normand(tricks, me, prm)


# long: alpha-beta without recursion, as kernels/play/search.py's _search: entering a node, a child's return and
# the descent share the loop's locals; called apart each would pass a dozen values per node in the hottest loop.
@numba.njit(**JIT)
def _search_normand(h0, h1, h2, leader, c0, c1, k, tricks, need, me, alpha, beta, prm, tt, work):
    """The future value for ``me`` (module docstring), fail-soft within (alpha, beta)."""
    sr = prm[NPLAY_RULE_SCORING_RANK]
    size = tt.shape[0] - 1
    stamp = tt[size, 0]
    fr = ROWS
    depth = 0
    work[fr, F_H0] = h0
    work[fr, F_H1] = h1
    work[fr, F_H2] = h2
    work[fr, F_LEADER] = leader
    work[fr, F_C0] = c0
    work[fr, F_C1] = c1
    work[fr, F_K] = k
    work[fr, F_TRICKS] = tricks
    work[fr, F_NEED] = need
    work[fr, F_ALPHA] = alpha
    work[fr, F_BETA] = beta
    entering = True
    ret = 0
    while True:
        f = fr + depth
        if entering:
            entering = False
            h0 = work[f, F_H0]
            h1 = work[f, F_H1]
            h2 = work[f, F_H2]
            leader = work[f, F_LEADER]
            k = work[f, F_K]
            tricks = work[f, F_TRICKS]
            need = work[f, F_NEED]
            alpha = work[f, F_ALPHA]
            beta = work[f, F_BETA]
            tt[size, 1] += 1  # nodes searched, for the benchmark
            done = False
            first = -1
            lo = -INF
            hi = INF
            slot = 0
            if k == 0:
                live = h0 | h1 | h2
                if live == 0:
                    ret = _end_normand(tricks, me, prm)
                    done = True
                elif _popcount(live) == 3:
                    ret = _last_trick(h0, h1, h2, leader, tricks, need, me, prm)
                    done = True
                else:
                    key1, key2 = _keys_normand(h0, h1, h2, leader, tricks, need, me, sr, stamp)
                    slot = _slot(key1, key2, size)
                    work[f, F_KEY1] = key1
                    work[f, F_KEY2] = key2
                    done, ret, lo, hi, first, alpha, beta = _probe(tt, slot, key1, key2, alpha, beta)
            if done:
                if depth == 0:
                    return ret
                depth -= 1
                continue
            seat = (leader + k) % 3
            work[f, F_A] = alpha
            work[f, F_B] = beta
            work[f, F_ALPHA] = alpha
            work[f, F_BETA] = beta
            work[f, F_BEST] = -INF if seat == me else INF
            work[f, F_BEST_CARD] = -1
            work[f, F_SLOT] = slot
            work[f, F_LO] = lo
            work[f, F_HI] = hi
            work[f, F_COUNT] = _moves_normand(h0, h1, h2, leader, work[f, F_C0], work[f, F_C1], k, me, sr, first, work,
                                              depth)
            work[f, F_I] = 0
        else:
            # a child returned ``ret`` for move i of this frame
            v = work[f, F_IMM] + ret
            seat = (work[f, F_LEADER] + work[f, F_K]) % 3
            i = work[f, F_I]
            if seat == me:
                if v > work[f, F_BEST]:
                    work[f, F_BEST] = v
                    work[f, F_BEST_CARD] = work[depth, i] & 255
                    if v > work[f, F_A]:
                        work[f, F_A] = v
            else:
                if v < work[f, F_BEST]:
                    work[f, F_BEST] = v
                    work[f, F_BEST_CARD] = work[depth, i] & 255
                    if v < work[f, F_B]:
                        work[f, F_B] = v
            i += 1
            work[f, F_I] = i
            if work[f, F_A] >= work[f, F_B] or i >= work[f, F_COUNT]:
                result = work[f, F_BEST]
                if work[f, F_K] == 0:
                    live = work[f, F_H0] | work[f, F_H1] | work[f, F_H2]
                    _store(tt, work[f, F_SLOT], work[f, F_KEY1], work[f, F_KEY2], result, work[f, F_ALPHA],
                           work[f, F_BETA], work[f, F_LO], work[f, F_HI], _relative(work[f, F_BEST_CARD], live, sr))
                if depth == 0:
                    return result
                ret = result
                depth -= 1
                continue
        # descend into move i
        i = work[f, F_I]
        card = work[depth, i] & 255
        imm, ch0, ch1, ch2, cl, cc0, cc1, ck, ct, cn = _step(work[f, F_H0], work[f, F_H1], work[f, F_H2],
                                                             work[f, F_LEADER], work[f, F_C0], work[f, F_C1],
                                                             work[f, F_K], work[f, F_TRICKS], work[f, F_NEED], card,
                                                             me, prm)
        work[f, F_IMM] = imm
        c = f + 1
        work[c, F_H0] = ch0
        work[c, F_H1] = ch1
        work[c, F_H2] = ch2
        work[c, F_LEADER] = cl
        work[c, F_C0] = cc0
        work[c, F_C1] = cc1
        work[c, F_K] = ck
        work[c, F_TRICKS] = ct
        work[c, F_NEED] = cn
        work[c, F_ALPHA] = work[f, F_A] - imm
        work[c, F_BETA] = work[f, F_B] - imm
        depth += 1
        entering = True


@numba.njit(**JIT)
def _mtdf_normand(h0, h1, h2, leader, c0, c1, k, tricks, need, me, guess, prm, tt, work):
    """The exact future value by zero-window searches from ``guess``, each step kernels/mtdf.py's ``_narrowed``:
    steps that double while the searches fail the same way, then halving the interval left."""
    lower = -INF
    upper = INF
    beta = guess
    step = 2
    for _ in range(MAX_PASSES):
        if lower >= upper:
            break
        g = _search_normand(h0, h1, h2, leader, c0, c1, k, tricks, need, me, beta - 1, beta, prm, tt, work)
        lower, upper, beta, step = _narrowed(g, beta, lower, upper, step)
    return lower


@numba.njit(**JIT)
def value_normand(h0, h1, h2, leader, c0, c1, k, tricks, need, me, prm, tt, work):
    """The exact future value of a position for seat ``me`` (paranoid), on the current stamp of ``tt``."""
    return _mtdf_normand(h0, h1, h2, leader, c0, c1, k, tricks, need, me, 0, prm, tt, work)


@numba.njit(**JIT)
def at_least_normand(h0, h1, h2, leader, c0, c1, k, tricks, need, me, target, prm, tt, work):
    """Is the future value for ``me`` at least ``target``? (One zero-window search.)"""
    return _search_normand(h0, h1, h2, leader, c0, c1, k, tricks, need, me, target - 1, target, prm, tt, work) >= target


@numba.njit(**JIT)
def card_values_normand(h0, h1, h2, leader, c0, c1, k, tricks, need, cards, out, prm, tt, work):
    """Every card of ``cards`` (legal for the player to move) valued for him: out[i] is what the rest of the
    play adds to his net doubled when he plays cards[i], the others paranoid. Each by MTD(f) from the value
    before it (cards of one hand are worth about the same), on one table."""
    me = (leader + k) % 3
    guess = 0
    for i in range(cards.shape[0]):
        imm, ch0, ch1, ch2, cl, cc0, cc1, ck, ct, cn = _step(h0, h1, h2, leader, c0, c1, k, tricks, need, cards[i],
                                                             me, prm)
        v = _mtdf_normand(ch0, ch1, ch2, cl, cc0, cc1, ck, ct, cn, me, guess - imm, prm, tt, work)
        out[i] = imm + v
        guess = out[i]

"""The search: zero-window alpha-beta over whole tricks, driven by MTD(f) (after dds-bridge/dds).

``_search`` returns the future value of a position (the package's docstring) fail-soft within (alpha, beta):
alpha-beta over whole tricks (the leader's card, then the follower's) without recursion, its stack of
frames (one per trick boundary on the path searched) and each ply's moves in one work array
(``new_buffer``); the table's bounds cut first, then the leaves and quick bounds (bounds.py), and each node
stores its bounds and best lead when it is done. ``_mtdf`` finds the exact value by zero-window searches
from a quick playout's value (``_guess``), its steps doubling and then halving the interval left; its one
step (``_narrowed``, kernels/mtdf.py) shared by the other rooms' drivers and kernels/seen.py's value of a lead.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import JIT  # noqa: E402
from ..layout import PLAY_RULE_LEAD, PLAY_RULE_SCORING_RANK, PLAY_RULE_WIN_OPP, PLAY_RULE_WIN_OWN  # noqa: E402
from ..mtdf import MAX_PASSES, _narrowed  # noqa: E402
from ..transposition import INF, _probe, _slot, _store  # noqa: E402
from .bits import _popcount  # noqa: E402
from .bounds import _bounds, _leaf, _root_bounds  # noqa: E402
from .moves import _leads, _leads_once, _replies, _replies_once  # noqa: E402
from .score import _end_once, _trick, _trick_once  # noqa: E402
from .transposition import _keys, _relative  # noqa: E402

ROWS = 2 * 13 + 2  # move-buffer rows: two per number of cards left


# Columns of a frame of _search's stack: one frame per trick boundary on the path searched.
(FRAME_EM, FRAME_DM, FRAME_LEADER, FRAME_ET, FRAME_DT, FRAME_DIFF, FRAME_NEED, FRAME_ALPHA, FRAME_BETA, FRAME_LA,
 FRAME_LB, FRAME_BEST, FRAME_BEST_CARD, FRAME_I, FRAME_COUNT, FRAME_J, FRAME_NR, FRAME_M, FRAME_IMM, FRAME_SLOT,
 FRAME_LO, FRAME_HI, FRAME_KEY1, FRAME_KEY2, FRAME_N) = range(25)
FRAMES = 14
FRAME_COLUMNS = 32


# long: alpha-beta without recursion (numba compiles no recursive nogil kernel into the cache), so the path
# is a stack of frames in ``work`` and entering a node, a child's return and the descent share the loop's
# locals and leave it from inside; called apart, each would pass a dozen values per node in the hottest loop.
@numba.njit(**JIT)
def _search(em, dm, leader, et, dt, diff, need, alpha, beta, prm, tt, work):
    """The future value of the position (module docstring), fail-soft within (alpha, beta).

    Alpha-beta over whole tricks without recursion: ``work``'s first ROWS rows hold each ply's
    ordered moves, the next FRAMES rows the stack of positions on the path searched."""
    ok, v = _leaf(em, dm, leader, et, dt, diff, need, prm)
    if ok:
        return v
    sr = prm[PLAY_RULE_SCORING_RANK]
    size = tt.shape[0] - 1
    stamp = tt[size, 0]
    fr = ROWS  # the frames' first row in work
    depth = 0
    # a new node at ``depth`` from these values
    work[fr, FRAME_EM] = em
    work[fr, FRAME_DM] = dm
    work[fr, FRAME_LEADER] = leader
    work[fr, FRAME_ET] = et
    work[fr, FRAME_DT] = dt
    work[fr, FRAME_DIFF] = diff
    work[fr, FRAME_NEED] = need
    work[fr, FRAME_ALPHA] = alpha
    work[fr, FRAME_BETA] = beta
    entering = True
    ret = 0
    while True:
        f = fr + depth
        if entering:
            entering = False
            em = work[f, FRAME_EM]
            dm = work[f, FRAME_DM]
            leader = work[f, FRAME_LEADER]
            et = work[f, FRAME_ET]
            diff = work[f, FRAME_DIFF]
            need = work[f, FRAME_NEED]
            alpha = work[f, FRAME_ALPHA]
            beta = work[f, FRAME_BETA]
            n = _popcount(em)
            tt[size, 1] += 1  # nodes searched, for the benchmark
            key1, key2 = _keys(em, dm, leader, et, work[f, FRAME_DT], need, diff, prm, stamp)
            slot = _slot(key1, key2, size)
            done, ret, lo, hi, first, alpha, beta = _probe(tt, slot, key1, key2, alpha, beta)
            if not done and depth == 0 and prm[PLAY_RULE_WIN_OPP] <= prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]:
                low, high = _root_bounds(em, dm, leader, et, work[f, FRAME_DT], diff, need, n, prm)
                if low >= beta:
                    ret = low
                    done = True
                elif high <= alpha:
                    ret = high
                    done = True
            if done:
                if depth == 0:
                    return ret
                depth -= 1
                continue  # back to the parent with ret
            h = em if leader == 0 else dm
            o = dm if leader == 0 else em
            work[f, FRAME_ALPHA] = alpha
            work[f, FRAME_BETA] = beta
            work[f, FRAME_LA] = alpha if leader == 0 else -beta
            work[f, FRAME_LB] = beta if leader == 0 else -alpha
            work[f, FRAME_BEST] = -INF
            work[f, FRAME_BEST_CARD] = -1
            work[f, FRAME_SLOT] = slot
            work[f, FRAME_LO] = lo
            work[f, FRAME_HI] = hi
            work[f, FRAME_KEY1] = key1
            work[f, FRAME_KEY2] = key2
            work[f, FRAME_N] = n
            work[f, FRAME_COUNT] = _leads(h, o, sr, first, work, 2 * n)
            work[f, FRAME_I] = 0
            new_lead = True
        else:
            # a child returned ``ret``: the follower's reply j to lead i at this frame
            leader = work[f, FRAME_LEADER]
            sign = 1 if leader == 0 else -1
            val = sign * (work[f, FRAME_IMM] + ret)
            m = min(work[f, FRAME_M], val)
            work[f, FRAME_M] = m
            lo_l = max(work[f, FRAME_LA], work[f, FRAME_BEST])
            j = work[f, FRAME_J] + 1
            work[f, FRAME_J] = j
            new_lead = False
            if m <= lo_l or j >= work[f, FRAME_NR]:
                # this lead is done
                if m > work[f, FRAME_BEST]:
                    work[f, FRAME_BEST] = m
                    work[f, FRAME_BEST_CARD] = work[2 * work[f, FRAME_N], work[f, FRAME_I]] & 255
                i = work[f, FRAME_I] + 1
                work[f, FRAME_I] = i
                if work[f, FRAME_BEST] >= work[f, FRAME_LB] or i >= work[f, FRAME_COUNT]:
                    # the node is done: store its bounds
                    result = sign * work[f, FRAME_BEST]
                    _store(tt, work[f, FRAME_SLOT], work[f, FRAME_KEY1], work[f, FRAME_KEY2], result,
                           work[f, FRAME_ALPHA], work[f, FRAME_BETA], work[f, FRAME_LO], work[f, FRAME_HI],
                           _relative(work[f, FRAME_BEST_CARD], work[f, FRAME_EM] | work[f, FRAME_DM], sr))
                    if depth == 0:
                        return result
                    ret = result
                    depth -= 1
                    continue
                new_lead = True
        n = work[f, FRAME_N]
        row = 2 * n
        em = work[f, FRAME_EM]
        dm = work[f, FRAME_DM]
        leader = work[f, FRAME_LEADER]
        h = em if leader == 0 else dm
        o = dm if leader == 0 else em
        lead = work[row, work[f, FRAME_I]] & 255
        h_left = h & ~(np.int64(1) << lead)
        if new_lead:
            nr = _replies(o, h_left, lead, sr, work, row + 1)
            work[f, FRAME_NR] = nr
            work[f, FRAME_J] = 0
            work[f, FRAME_M] = INF
        # descend into reply j
        while True:
            reply = work[row + 1, work[f, FRAME_J]] & 255
            et = work[f, FRAME_ET]
            dt = work[f, FRAME_DT]
            e, d, w, need2 = _trick(lead, reply, leader, et, dt, work[f, FRAME_NEED], False, (et + dt + n) // 2 + 1,
                                    prm)
            imm = e - d
            f_left = o & ~(np.int64(1) << reply)
            cem = h_left if leader == 0 else f_left
            cdm = f_left if leader == 0 else h_left
            lo_l = max(work[f, FRAME_LA], work[f, FRAME_BEST])
            hi_l = min(work[f, FRAME_LB], work[f, FRAME_M])
            if leader == 0:
                ca, cb = lo_l - imm, hi_l - imm
            else:
                ca, cb = -hi_l - imm, -lo_l - imm
            cet = et + (w == 0)
            cdt = dt + (w == 1)
            cdiff = work[f, FRAME_DIFF] + imm
            work[f, FRAME_IMM] = imm
            ok, v = _leaf(cem, cdm, w, cet, cdt, cdiff, need2, prm)
            if not ok and prm[PLAY_RULE_WIN_OPP] <= prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]:
                low, high = _bounds(cem, cdm, w, cet, cdt, cdiff, need2, n - 1, prm)
                if low >= cb:
                    ok, v = True, low
                elif high <= ca:
                    ok, v = True, high
            if not ok:
                c = f + 1
                work[c, FRAME_EM] = cem
                work[c, FRAME_DM] = cdm
                work[c, FRAME_LEADER] = w
                work[c, FRAME_ET] = cet
                work[c, FRAME_DT] = cdt
                work[c, FRAME_DIFF] = cdiff
                work[c, FRAME_NEED] = need2
                work[c, FRAME_ALPHA] = ca
                work[c, FRAME_BETA] = cb
                depth += 1
                entering = True
                break
            # a leaf: take its value here without a frame
            sign = 1 if leader == 0 else -1
            val = sign * (imm + v)
            m = min(work[f, FRAME_M], val)
            work[f, FRAME_M] = m
            j = work[f, FRAME_J] + 1
            work[f, FRAME_J] = j
            if m <= lo_l or j >= work[f, FRAME_NR]:
                # the leaf ends this lead: hand its value to the step above as if a child returned it
                # (which takes min(m, val) = m again and counts the reply once more)
                ret = v
                work[f, FRAME_J] = j - 1
                break


def new_buffer() -> np.ndarray:
    """The search's work array: each ply's moves, then the stack of frames."""
    return np.zeros((ROWS + FRAMES, FRAME_COLUMNS), dtype=np.int64)


@numba.njit(**JIT)
def position_value(em, dm, leader, et, dt, diff, need, prm, tt, work):
    """The exact future value of a position (see the module docstring), on the current stamp of ``tt``."""
    return _mtdf(em, dm, leader, et, dt, diff, need, prm, tt, work)


@numba.njit(**JIT)
def _guess(em, dm, leader, et, dt, diff, need, prm, work):
    """A first guess at the value: the play where each side plays the card its move ordering tries first."""
    sr = prm[PLAY_RULE_SCORING_RANK]
    total = 0
    while em != 0:
        n = _popcount(em)
        h = em if leader == 0 else dm
        o = dm if leader == 0 else em
        _leads_once(h, o, sr, -1, work, 2 * n)
        lead = work[2 * n, 0] & 255
        h_left = h & ~(np.int64(1) << lead)
        _replies_once(o, h_left, lead, sr, work, 2 * n + 1)
        reply = work[2 * n + 1, 0] & 255
        e, d, w, need = _trick_once(lead, reply, leader, et, dt, need, n == 1, (et + dt + n) // 2 + 1, prm)
        o_left = o & ~(np.int64(1) << reply)
        em, dm = (h_left, o_left) if leader == 0 else (o_left, h_left)
        et, dt = et + (w == 0), dt + (w == 1)
        diff += e - d
        total += e - d
        leader = w
    e, d = _end_once(et, dt, diff, prm)
    return total + e - d


@numba.njit(**JIT)
def _mtdf(em, dm, leader, et, dt, diff, need, prm, tt, work):
    """The exact value by zero-window searches on the bounds the table keeps, from a guess (_guess), each
    step _narrowed's."""
    lower = -INF
    upper = INF
    beta = _guess(em, dm, leader, et, dt, diff, need, prm, work)
    step = 2
    for _ in range(MAX_PASSES):
        if lower >= upper:
            break
        g = _search(em, dm, leader, et, dt, diff, need, beta - 1, beta, prm, tt, work)
        lower, upper, beta, step = _narrowed(g, beta, lower, upper, step)
    return lower

"""The search: zero-window alpha-beta card by card over the four seats, driven by MTD(f).

``_search`` returns the future value of the position in a row of the work array (what the rest of the
play adds to elder's side's total minus the other's; elder and third maximise it, second and the dealer
minimise it), fail-soft within (alpha, beta). It runs without recursion (numba caches no recursive
nogil kernel): ``work``'s first ``MOVE_ROWS`` rows hold each ply's ordered moves, the next ``FRAMES`` rows
the stack of positions on the path searched, one per card, then scratch rows. At a trick's start the
transposition table's bounds cut first (transposition.py); the last trick, one card each, is played out at
once (score.py's ``_forced``). ``_mtdf`` finds the exact value by zero-window searches from a quick playout's value, its
steps doubling and then halving the interval left, as kernels/play/search.py does for two hands.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import JIT  # noqa: E402
from ..mtdf import MAX_PASSES, _narrowed  # noqa: E402
from ..play.bits import _popcount  # noqa: E402
from ..transposition import INF, _probe, _slot, _store  # noqa: E402
from .moves import _moves  # noqa: E402
from .score import POS_H0, POS_K, POS_LEADER, POS_NEED, POS_TA, POSITION_FIELDS, _forced, _play  # noqa: E402
from .transposition import _from_relative, _keys, _relative  # noqa: E402

MOVE_ROWS = 34  # one per ply of a deal (32 cards) and the root
FRAMES = 34
SCRATCH = MOVE_ROWS + FRAMES  # two scratch rows, then a card's child, then the root position's row
CHILD = SCRATCH + 2
ROOT = SCRATCH + 3
FRAME_COLUMNS = 32

# A frame's columns after the position's (score.py)
(F_ALPHA, F_BETA, F_A0, F_B0, F_BEST, F_BEST_CARD, F_I, F_COUNT, F_IMM, F_SLOT, F_LO, F_HI, F_KEY1,
 F_KEY2) = range(POSITION_FIELDS, POSITION_FIELDS + 14)


def new_work() -> np.ndarray:
    """The search's work array: each ply's moves, the stack of frames, two scratch rows, a child's and the
    root's rows."""
    return np.zeros((ROOT + 1, FRAME_COLUMNS), dtype=np.int64)


@numba.njit(**JIT)
def _store_frame(work, f, tt):
    """A node at a trick's start is done: keep its bounds and its best lead."""
    live = work[f, POS_H0] | work[f, POS_H0 + 1] | work[f, POS_H0 + 2] | work[f, POS_H0 + 3]
    rel = _relative(work[f, F_BEST_CARD], live) if work[f, F_BEST_CARD] >= 0 else -1
    _store(tt, work[f, F_SLOT], work[f, F_KEY1], work[f, F_KEY2], work[f, F_BEST], work[f, F_A0], work[f, F_B0],
           work[f, F_LO], work[f, F_HI], rel)


# long: alpha-beta without recursion, so the path is a stack of frames in ``work`` and entering a node, a
# child's return and the descent share the loop's locals (kernels/play/search.py does the same for two hands)
@numba.njit(**JIT)
def _search(work, root, alpha, beta, prm, tt):
    """The future value of the position in row ``root`` (module docstring), fail-soft within (alpha, beta)."""
    size = tt.shape[0] - 1
    stamp = tt[size, 0]
    fr = MOVE_ROWS
    for j in range(POSITION_FIELDS):
        work[fr, j] = work[root, j]
    work[fr, F_ALPHA] = alpha
    work[fr, F_BETA] = beta
    depth = 0
    entering = True
    ret = 0
    while True:
        f = fr + depth
        have = False
        val = 0
        if entering:
            entering = False
            done = False
            first = -1
            if work[f, POS_K] == 0:
                leader = work[f, POS_LEADER]
                h0, h1, h2, h3 = work[f, 0], work[f, 1], work[f, 2], work[f, 3]
                if _popcount(work[f, POS_H0 + leader]) == 1:
                    ret = _forced(work, f, SCRATCH, prm)
                    done = True
                else:
                    a = work[f, F_ALPHA]
                    b = work[f, F_BETA]
                    key1, key2 = _keys(h0, h1, h2, h3, leader, work[f, POS_TA], work[f, POS_NEED], stamp)
                    slot = _slot(key1, key2, size)
                    done, ret, lo, hi, rel, a, b = _probe(tt, slot, key1, key2, a, b)
                    if rel >= 0:
                        first = _from_relative(rel, h0 | h1 | h2 | h3)
                    if not done:
                        work[f, F_ALPHA] = a
                        work[f, F_BETA] = b
                    work[f, F_SLOT] = slot
                    work[f, F_KEY1] = key1
                    work[f, F_KEY2] = key2
                    work[f, F_LO] = lo
                    work[f, F_HI] = hi
            if done:
                if depth == 0:
                    return ret
                depth -= 1
                continue  # the parent takes ret
            work[f, F_A0] = work[f, F_ALPHA]
            work[f, F_B0] = work[f, F_BETA]
            mover = (work[f, POS_LEADER] + work[f, POS_K]) & 3
            work[f, F_BEST] = -INF if (mover & 1) == 0 else INF
            work[f, F_BEST_CARD] = -1
            work[f, F_COUNT] = _moves(work, f, depth, first)
            work[f, F_I] = 0
        else:
            have = True
            val = work[f, F_IMM] + ret
        node_done = False
        while True:
            maximise = ((work[f, POS_LEADER] + work[f, POS_K]) & 1) == 0
            if have:
                have = False
                i = work[f, F_I]
                if maximise:
                    if val > work[f, F_BEST]:
                        work[f, F_BEST] = val
                        work[f, F_BEST_CARD] = work[depth, i]
                    work[f, F_ALPHA] = max(work[f, F_ALPHA], val)
                else:
                    if val < work[f, F_BEST]:
                        work[f, F_BEST] = val
                        work[f, F_BEST_CARD] = work[depth, i]
                    work[f, F_BETA] = min(work[f, F_BETA], val)
                work[f, F_I] = i + 1
            i = work[f, F_I]
            if work[f, F_ALPHA] >= work[f, F_BETA] or i >= work[f, F_COUNT]:
                if work[f, POS_K] == 0:
                    _store_frame(work, f, tt)
                ret = work[f, F_BEST]
                node_done = True
                break
            card = work[depth, i]
            c = f + 1
            imm, over = _play(work, f, c, card, prm)
            if over:
                val = imm
                have = True
                continue
            work[f, F_IMM] = imm
            work[c, F_ALPHA] = work[f, F_ALPHA] - imm
            work[c, F_BETA] = work[f, F_BETA] - imm
            depth += 1
            entering = True
            break
        if node_done:
            if depth == 0:
                return ret
            depth -= 1


@numba.njit(**JIT)
def _guess(work, root, prm):
    """A first guess at the value: every seat plays the card its move ordering tries first."""
    total = 0
    src = root
    dst = SCRATCH
    for _ in range(33):
        if (work[src, 0] | work[src, 1] | work[src, 2] | work[src, 3]) == 0:
            break
        _moves(work, src, MOVE_ROWS - 1, -1)
        imm, over = _play(work, src, dst, work[MOVE_ROWS - 1, 0], prm)
        total += imm
        src = dst
        dst = SCRATCH + 1 if dst == SCRATCH else SCRATCH
        if over:
            break
    return total


@numba.njit(**JIT)
def _mtdf(work, root, prm, tt):
    """The exact future value by zero-window searches from a guess, each step kernels/mtdf.py's ``_narrowed``
    (as kernels/play/search.py's ``_mtdf``)."""
    lower = -INF
    upper = INF
    beta = _guess(work, root, prm)
    step = 2
    for _ in range(MAX_PASSES):
        if lower >= upper:
            break
        g = _search(work, root, beta - 1, beta, prm, tt)
        lower, upper, beta, step = _narrowed(g, beta, lower, upper, step)
    return lower


@numba.njit(**JIT)
def position_value(position, prm, tt, work):
    """The exact future value of ``position`` (a row of POSITION_FIELDS, engine.play_four packs it)."""
    for j in range(POSITION_FIELDS):
        work[ROOT, j] = position[j]
    if (position[0] | position[1] | position[2] | position[3]) == 0:
        return 0
    return _mtdf(work, ROOT, prm, tt)


@numba.njit(**JIT)
def at_least(position, target, prm, tt, work):
    """Is the future value of ``position`` at least ``target``? One zero-window search."""
    for j in range(POSITION_FIELDS):
        work[ROOT, j] = position[j]
    if (position[0] | position[1] | position[2] | position[3]) == 0:
        return 0 >= target
    return _search(work, ROOT, target - 1, target, prm, tt) >= target


@numba.njit(**JIT)
def card_values(position, cards, prm, tt, work, out):
    """The future value after each of ``cards`` (legal cards of the seat to move in ``position``), what the
    card itself scores included: ``out[i]`` for ``cards[i]``."""
    for j in range(POSITION_FIELDS):
        work[ROOT, j] = position[j]
    for i in range(cards.shape[0]):
        imm, over = _play(work, ROOT, CHILD, cards[i], prm)
        out[i] = imm if over else imm + _mtdf(work, CHILD, prm, tt)
    return out

"""Every legal card of the player to move valued double dummy, in one call sharing one table (numba).

The play as a player sees it (issue 22) solves each hand the opponent may hold after each card the
player may play. Solving once per card would search the same positions again and again; here, as
bridge solvers value every card of a position (dds-bridge/dds's SolveBoard asked for all solutions),
one transposition table is shared by the searches of every card, and of every hand of a batch, since
the table's keys (relative ranks, the tricks, pique's need) say everything the future value depends on.

How the cards are valued:

* the leader to play (no card led): the position's value ``V`` first (kernels.play's MTD(f)); then
  each lead's exact value by zero-window searches of the position after the lead (the follower's every
  reply tried, each child searched by kernels.play's ``_search``), bounded by ``V`` from the start:
  no lead is better for the leader than ``V``, so the best lead's value is settled by one search and
  the others by a few, mostly answered from the warm table;
* the follower to play (a card led): each reply's trick, then the exact value of the position after it;
* of a run of equivalent cards (kernels.play's ``_reps``: no live card of the other hand between them,
  one side of the scoring rank) one is searched and the others take its value.

The positions and the output are packed as ``kernels.layout.POSITION_*`` and ``VALUED_*``. Values are what the rest
of the play adds to elder's total minus the dealer's from the position (the card led, if any, scored with
its trick), elder maximising and the dealer minimising. They are exact, so they do not depend on what
the table held: results are the same whatever the order of the hands or the number of threads.

With ``lines`` the tricks elder ends with are also found, along the line the solver plays after each card
(kernels.play.solve_line: the first card in its move order that keeps the value, found by exact tests, so
the line too does not depend on the table's contents): the chance of winning the cards.
"""

from __future__ import annotations

from . import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from .jit import JIT  # noqa: E402  (the jit options, set in one place)
from .layout import (  # noqa: E402
    PLAY_RULE_SCORING_RANK,
    POSITION_DEALER_CARDS,
    POSITION_DEALER_TRICKS,
    POSITION_ELDER_CARDS,
    POSITION_ELDER_TRICKS,
    POSITION_LEADER,
    POSITION_LED,
    POSITION_PIQUE_NEED,
    POSITION_SCORE_DIFF,
    VALUED_CARD,
    VALUED_COLUMNS,
    VALUED_ELDER_TRICKS,
    VALUED_VALUE,
)
from .mtdf import MAX_PASSES, _narrowed  # noqa: E402
from .play.bits import _bit_index, _popcount  # noqa: E402
from .play.line import _trick_keeps, solve_line  # noqa: E402
from .play.moves import MAX_CARDS, _leads, _replies, _reps  # noqa: E402
from .play.score import _trick  # noqa: E402
from .play.search import FRAME_COLUMNS, FRAMES, ROWS, _mtdf, _search  # noqa: E402
from .play.transposition import begin  # noqa: E402
from .transposition import INF  # noqa: E402


@numba.njit(**JIT)
def _follow(em, dm, leader, et, dt, diff, need, lead, alpha, beta, prm, tt, work, mv):
    """The future value, from before the lead, of the position after ``lead`` (the follower to reply),
    fail-soft within (alpha, beta): the follower's replies (kernels.play's order, in ``mv[1]``), each
    trick scored and the position after it searched on the shared table."""
    n = _popcount(em)
    sr = prm[PLAY_RULE_SCORING_RANK]
    h = em if leader == 0 else dm
    o = dm if leader == 0 else em
    h_left = h & ~(np.int64(1) << lead)
    nr = _replies(o, h_left, lead, sr, mv, 1)
    seventh_at = (et + dt + n) // 2 + 1
    last = n == 1
    best = INF if leader == 0 else -INF  # the follower's best so far, elder's side
    for j in range(nr):
        reply = mv[1, j] & 255
        e, d, w, need2 = _trick(lead, reply, leader, et, dt, need, last, seventh_at, prm)
        imm = e - d
        f_left = o & ~(np.int64(1) << reply)
        cem = h_left if leader == 0 else f_left
        cdm = f_left if leader == 0 else h_left
        cet = et + (w == 0)
        cdt = dt + (w == 1)
        if leader == 0:  # the dealer replies: he minimises
            v = imm + _search(cem, cdm, w, cet, cdt, diff + imm, need2, alpha - imm, min(beta, best) - imm,
                              prm, tt, work)
            if v < best:
                best = v
            if best <= alpha:
                break
        else:
            v = imm + _search(cem, cdm, w, cet, cdt, diff + imm, need2, max(alpha, best) - imm, beta - imm,
                              prm, tt, work)
            if v > best:
                best = v
            if best >= beta:
                break
    return best


@numba.njit(**JIT)
def _lead_value(em, dm, leader, et, dt, diff, need, lead, lower, upper, prm, tt, work, mv):
    """The exact value of ``lead``, known to lie in [lower, upper]: MTD(f) with bisection over _follow (each
    step kernels/mtdf.py's _narrowed, as kernels.play's _mtdf's), its first test at the bound on the leader's side."""
    beta = upper if leader == 0 else lower + 1
    step = 2
    for _ in range(MAX_PASSES):
        if lower >= upper:
            break
        g = _follow(em, dm, leader, et, dt, diff, need, lead, beta - 1, beta, prm, tt, work, mv)
        lower, upper, beta, step = _narrowed(g, beta, lower, upper, step)
    return lower


@numba.njit(**JIT)
def _rep_of(c, reps, live):
    """The card of ``reps`` that stands for ``c``: up its suit's live cards until one of ``reps`` (a card not
    in ``reps`` has its own card next above it, on its side of the scoring rank)."""
    b = np.int64(1) << c
    while (reps & b) == 0:
        base = c & ~7
        above = live & (np.int64(255) << base) & ~((b << 1) - 1)
        b = above & -above
        c = _bit_index(b)
    return c


@numba.njit(**JIT)
def _write(out, cards, reps, live, vals, tricks):
    """Each of ``cards`` in index order into ``out`` (VALUED_* rows): its value and elder's tricks on the line,
    those of the card of ``reps`` that stands for it (``vals``, ``tricks`` by card); returns how many."""
    count = 0
    x = cards
    while x:
        b = x & -x
        x ^= b
        c = _bit_index(b)
        r = _rep_of(c, reps, live)
        out[count, VALUED_CARD] = c
        out[count, VALUED_VALUE] = vals[r]
        out[count, VALUED_ELDER_TRICKS] = tricks[r]
        count += 1
    return count


@numba.njit(**JIT)
def _elder_tricks(em, dm, leader, et, dt, diff, need, prm, tt, work, line):
    """The tricks elder ends with on the solver's line from a position between tricks."""
    n = _popcount(em)
    if n == 0:
        return et
    solve_line(em, dm, leader, et, dt, diff, need, prm, tt, work, line)
    for k in range(n):
        lead = line[2 * k]
        reply = line[2 * k + 1]
        follower_wins = (reply >> 3) == (lead >> 3) and reply > lead
        winner = 1 - leader if follower_wins else leader
        if winner == 0:
            et += 1
        leader = winner
    return et


@numba.njit(**JIT)
def _values(pos, prm, tt, work, mv, line, lines, out):
    """Every legal card of the player to move at ``pos`` (kernels.layout.POSITION_*) into ``out`` (VALUED_* rows, the
    cards in index order); returns how many."""
    em = pos[POSITION_ELDER_CARDS]
    dm = pos[POSITION_DEALER_CARDS]
    leader = pos[POSITION_LEADER]
    et = pos[POSITION_ELDER_TRICKS]
    dt = pos[POSITION_DEALER_TRICKS]
    diff = pos[POSITION_SCORE_DIFF]
    need = pos[POSITION_PIQUE_NEED]
    led = pos[POSITION_LED]
    sr = prm[PLAY_RULE_SCORING_RANK]
    n = _popcount(em)
    if n == 0:
        return 0
    h = em if leader == 0 else dm
    o = dm if leader == 0 else em
    if led < 0:
        v = _mtdf(em, dm, leader, et, dt, diff, need, prm, tt, work)
        reps = _reps(h, o, sr)
        nl = _leads(h, o, sr, -1, mv, 0)
        vals = np.zeros(32, dtype=np.int64)
        for i in range(nl):
            lead = mv[0, i] & 255
            if leader == 0:
                vals[lead] = _lead_value(em, dm, leader, et, dt, diff, need, lead, -INF, v, prm, tt, work, mv)
            else:
                vals[lead] = _lead_value(em, dm, leader, et, dt, diff, need, lead, v, INF, prm, tt, work, mv)
        tricks = np.full(32, -1, dtype=np.int64)
        x = reps if lines else 0
        while x:
            b = x & -x
            x ^= b
            lead = _bit_index(b)
            # the follower's first reply (his move order) that holds the lead to its value
            h_left = h & ~b
            nr = _replies(o, h_left, lead, sr, mv, 1)
            for j in range(nr):
                reply = mv[1, j] & 255
                ok, e, d, w, need2, cem, cdm, target = _trick_keeps(
                    lead, reply, leader, et, dt, diff, need, vals[lead], leader == 1, h_left, o, n == 1,
                    (et + dt + n) // 2 + 1, prm, tt, work)
                if ok:
                    tricks[lead] = _elder_tricks(cem, cdm, w, et + (w == 0), dt + (w == 1), diff + e - d, need2,
                                                 prm, tt, work, line)
                    break
        return _write(out, h, reps, h | o, vals, tricks)
    # the follower to play: each reply's trick, then the position after it solved
    suit = np.int64(255) << (led & ~7)
    h_left = h & ~(np.int64(1) << led)
    if o & suit:
        legal = o & suit
        live = legal | ((h_left | (np.int64(1) << led)) & suit)
        reps = _reps(legal, (h_left | (np.int64(1) << led)) & suit, sr)
    else:
        legal = o
        live = o | h_left
        reps = _reps(o, h_left, sr)
    seventh_at = (et + dt + n) // 2 + 1
    vals = np.zeros(32, dtype=np.int64)
    tricks = np.zeros(32, dtype=np.int64)
    x = reps
    while x:
        b = x & -x
        x ^= b
        reply = _bit_index(b)
        e, d, w, need2 = _trick(led, reply, leader, et, dt, need, n == 1, seventh_at, prm)
        f_left = o & ~b
        cem = h_left if leader == 0 else f_left
        cdm = f_left if leader == 0 else h_left
        cet = et + (w == 0)
        cdt = dt + (w == 1)
        vals[reply] = e - d + _mtdf(cem, cdm, w, cet, cdt, diff + e - d, need2, prm, tt, work)
        tricks[reply] = -1
        if lines:
            tricks[reply] = _elder_tricks(cem, cdm, w, cet, cdt, diff + e - d, need2, prm, tt, work, line)
    return _write(out, legal, reps, live, vals, tricks)


@numba.njit(**JIT)
def card_values(pos, prm, tt, lines, out):
    """One position (``pos``: kernels.layout.POSITION_*): every legal card of the player to move into ``out``
    (int64[>= 12, VALUED_COLUMNS], VALUED_* columns, the cards in index order); returns how many. A new stamp
    of ``tt``."""
    begin(tt)
    work = np.zeros((ROWS + FRAMES, FRAME_COLUMNS), dtype=np.int64)  # kernels.play.new_buffer's shape
    mv = np.zeros((2, MAX_CARDS), dtype=np.int64)
    line = np.zeros(26, dtype=np.int64)
    return _values(pos, prm, tt, work, mv, line, lines, out)


@numba.njit(**JIT)
def batch_values(positions, prm, tt, lines, out, counts):
    """Many positions (rows of ``positions``, POSITION_* columns) valued on one table, which they share: the
    cards of row ``i`` into ``out[i]`` and how many into ``counts[i]``. One stamp of ``tt`` for the batch
    (the positions must be of one set of rules). Releases the GIL: one batch per worker thread."""
    begin(tt)
    work = np.zeros((ROWS + FRAMES, FRAME_COLUMNS), dtype=np.int64)
    mv = np.zeros((2, MAX_CARDS), dtype=np.int64)
    line = np.zeros(26, dtype=np.int64)
    for i in range(positions.shape[0]):
        counts[i] = _values(positions[i], prm, tt, work, mv, line, lines, out[i])


def new_output(rows: int) -> np.ndarray:
    """An output array for ``rows`` positions: int64[rows, 12, VALUED_COLUMNS]."""
    return np.zeros((rows, 12, VALUED_COLUMNS), dtype=np.int64)

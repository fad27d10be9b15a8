"""The optimal line and the whole-deal solve: what the engine and the other kernels call.

``solve_line`` finds the exact value (search.py's ``_mtdf``), then walks one optimal line trick by trick:
the first lead after which every reply keeps the value, then the first reply that keeps it, each checked
by a zero-window search on the warm table (``_trick_keeps``). ``solve_deal`` solves a whole deal from the
first lead, pique at the start of the play settled from the points before it.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, JIT  # noqa: E402
from ..layout import PLAY_RULE_PIQUE_BONUS, PLAY_RULE_SCORING_RANK  # noqa: E402
from .bits import _popcount  # noqa: E402
from .moves import _leads_once, _replies_once  # noqa: E402
from .score import _end_once, _trick_once, pique_at_start, piques_in_trick  # noqa: E402
from .search import FRAME_COLUMNS, FRAMES, ROWS, _mtdf, _search  # noqa: E402
from .transposition import MAX_DIFF, begin  # noqa: E402

LINE_TRICKS = 25  # solve_line's line[LINE_TRICKS]: the tricks it wrote


@numba.njit(**INLINED)
def _at_least(em, dm, leader, et, dt, diff, need, target, prm, tt, buf):
    return _search(em, dm, leader, et, dt, diff, need, target - 1, target, prm, tt, buf) >= target


@numba.njit(**JIT)
def _trick_keeps(lead, reply, leader, et, dt, diff, need, v, at_least, h_left, o, last, seventh_at, prm, tt, buf):
    """After the trick ``lead``, ``reply`` (``h_left``, ``o``: the leader's other cards and the follower's
    hand), is elder's future value from the position before it at least ``v`` (``at_least``) or at most
    ``v``? Also the trick's points and the position it leads to, for the line."""
    e, d, w, need2 = _trick_once(lead, reply, leader, et, dt, need, last, seventh_at, prm)
    f_left = o & ~(np.int64(1) << reply)
    cem = h_left if leader == 0 else f_left
    cdm = f_left if leader == 0 else h_left
    target = v - (e - d)
    cet, cdt = et + (w == 0), dt + (w == 1)
    if at_least:
        ok = _at_least(cem, cdm, w, cet, cdt, diff + e - d, need2, target, prm, tt, buf)
    else:
        ok = not _at_least(cem, cdm, w, cet, cdt, diff + e - d, need2, target + 1, prm, tt, buf)
    return ok, e, d, w, need2, cem, cdm, target


@numba.njit(**JIT)
def solve_line(em, dm, leader, et, dt, diff, need, prm, tt, buf, line):
    """The exact future value and one optimal line from a position: line[2k], line[2k + 1] are the
    leader's and the follower's cards of the k-th trick from here. Returns (value, elder's points,
    dealer's points, elder's tricks, the pique trick): the points gained along the line, end of play
    included; the tricks elder has won at the end of the line (``et`` included); the trick of the line
    (0 the first from here) in which elder's points in the play reached pique, -1 if none did (what the
    whole-deal sampler records, kernels/deal.py). ``line[LINE_TRICKS]`` is set to the
    tricks written: fewer than were left means no card kept the value (never, unless the table was
    corrupt), and the caller must refuse the line; the loop is bounded by the tricks left either way."""
    value = _mtdf(em, dm, leader, et, dt, diff, need, prm, tt, buf)
    v = value
    e_pts = 0
    d_pts = 0
    k = 0
    pique_trick = -1
    sr = prm[PLAY_RULE_SCORING_RANK]
    line[LINE_TRICKS] = 0
    for _ in range(_popcount(em)):
        n = _popcount(em)
        seventh_at = (et + dt + n) // 2 + 1
        h = em if leader == 0 else dm
        o = dm if leader == 0 else em
        row = 2 * n
        count = _leads_once(h, o, sr, -1, buf, row)
        # the first lead after which every reply keeps the value for the leader (elder at least v, the
        # dealer holding him to at most v)
        chosen = -1
        for i in range(count):
            lead = buf[row, i] & 255
            h_left = h & ~(np.int64(1) << lead)
            nr = _replies_once(o, h_left, lead, sr, buf, row + 1)
            ok = True
            for j in range(nr):
                ok = _trick_keeps(lead, buf[row + 1, j] & 255, leader, et, dt, diff, need, v, leader == 0, h_left,
                                  o, n == 1, seventh_at, prm, tt, buf)[0]
                if not ok:
                    break
            if ok:
                chosen = lead
                break
        if chosen < 0:
            break
        # then the first reply that keeps the value for the follower
        lead = chosen
        placed = k
        h_left = h & ~(np.int64(1) << lead)
        nr = _replies_once(o, h_left, lead, sr, buf, row + 1)
        for j in range(nr):
            reply = buf[row + 1, j] & 255
            good, e, d, w, need2, cem, cdm, target = _trick_keeps(lead, reply, leader, et, dt, diff, need, v,
                                                                  leader == 1, h_left, o, n == 1, seventh_at,
                                                                  prm, tt, buf)
            if not good:
                continue
            line[2 * k] = lead
            line[2 * k + 1] = reply
            if piques_in_trick(e, d, leader, need, need2, prm):
                pique_trick = k
            k += 1
            em, dm, leader = cem, cdm, w
            et, dt = et + (w == 0), dt + (w == 1)
            diff += e - d
            need = need2
            e_pts += e
            d_pts += d
            v = target
            break
        if k == placed:
            break
    line[LINE_TRICKS] = k
    e, d = _end_once(et, dt, diff, prm)
    return value, e_pts + e, d_pts + d, et, pique_trick


@numba.njit(**JIT)
def solve_deal(elder_mask, dealer_mask, params, elder_before, dealer_before, pique_live, tt):
    """A whole deal from the first lead: (elder's final total minus the dealer's, elder's play points,
    the dealer's play points), along one optimal line (the module docstring gives the interface)."""
    if elder_before < 0 or dealer_before < 0 or abs(elder_before - dealer_before) > MAX_DIFF:
        raise ValueError("solve_deal: points before the play must be 0 or more and differ by MAX_DIFF at most")
    begin(tt)
    buf = np.zeros((ROWS + FRAMES, FRAME_COLUMNS), dtype=np.int64)
    line = np.zeros(2 * 13, dtype=np.int64)
    piqued, need = pique_at_start(elder_before, dealer_before, pique_live, params)
    e0 = params[PLAY_RULE_PIQUE_BONUS] if piqued else 0
    diff = elder_before + e0 - dealer_before
    _, e, d, _, _ = solve_line(np.int64(elder_mask), np.int64(dealer_mask), 0, 0, 0, diff, need, params, tt, buf,
                               line)
    if line[LINE_TRICKS] != _popcount(np.int64(elder_mask)):
        raise RuntimeError("solve_deal: the solver's line broke off (a corrupt table)")
    return elder_before + e0 + e - (dealer_before + d), e0 + e, d

"""A trick's points and the end of the play, as game/play.py scores them (tested equal to it).

``_trick`` scores one trick (the card led, the trick won, the last trick, the seventh trick, and elder's
pique when his points in the play reach it); ``_end`` scores the cards or capot and the deal bonus after the
last trick. Both are inlined where the search runs them; ``_trick_once`` and ``_end_once`` are the same
bodies called (kernels/jit.py's ``called``), for the places that run them a few times a solve.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402

from ..jit import INLINED, JIT, called  # noqa: E402
from ..layout import (  # noqa: E402
    PLAY_RULE_CAPOT,
    PLAY_RULE_CAPOT_CARDS,
    PLAY_RULE_CAPOT_LAST,
    PLAY_RULE_CARDS,
    PLAY_RULE_DEAL_BONUS,
    PLAY_RULE_LAST_LEAD,
    PLAY_RULE_LAST_TRICK,
    PLAY_RULE_LEAD,
    PLAY_RULE_PIQUE_AT,
    PLAY_RULE_PIQUE_BONUS,
    PLAY_RULE_SCORING_RANK,
    PLAY_RULE_SEVENTH,
    PLAY_RULE_WIN_OPP,
    PLAY_RULE_WIN_OWN,
)


@numba.njit(**JIT)
def _scoring(card, prm):
    return (card & 7) >= prm[PLAY_RULE_SCORING_RANK]


@numba.njit(**INLINED)
def _elder_scores(points, need, prm):
    """Elder scores ``points``: (what he scores, pique included, and the pique need left)."""
    if points > 0 and need > 0:
        if points >= need:
            return points + prm[PLAY_RULE_PIQUE_BONUS], 0
        return points, need - points
    return points, need


@numba.njit(**INLINED)
def _trick(lead, reply, leader, et, dt, need, last, seventh_at, prm):
    """One trick's points as game.play.play_trick scores them: (elder's, dealer's, winner, need after).

    ``seventh_at``: the trick count that wins the seventh-trick bonus (7 of 12)."""
    e = 0
    d = 0
    if _scoring(lead, prm):
        p = prm[PLAY_RULE_LAST_LEAD] if last else prm[PLAY_RULE_LEAD]
        if leader == 0:
            e, need = _elder_scores(p, need, prm)
        elif p > 0:
            d = p
            need = 0
    follower_wins = (reply >> 3) == (lead >> 3) and reply > lead
    winner = 1 - leader if follower_wins else leader
    card = reply if follower_wins else lead
    wp = 0
    if _scoring(card, prm):
        wp += prm[PLAY_RULE_WIN_OPP] if follower_wins else prm[PLAY_RULE_WIN_OWN]
    if last:
        wp += prm[PLAY_RULE_LAST_TRICK]
    if (et if winner == 0 else dt) + 1 == seventh_at:
        wp += prm[PLAY_RULE_SEVENTH]
    if winner == 0:
        x, need = _elder_scores(wp, need, prm)
        e += x
    elif wp > 0:
        d += wp
        need = 0
    return e, d, winner, need


@numba.njit(**JIT)
def pique_at_start(elder_before, dealer_before, pique_live, prm):
    """game.play.pique_at_start (tested equal to it): (elder piques before the first lead, the points he
    still needs in the play for pique, 0 when it is not live)."""
    if not pique_live or dealer_before != 0:
        return False, 0
    if elder_before >= prm[PLAY_RULE_PIQUE_AT]:
        return True, 0
    return False, prm[PLAY_RULE_PIQUE_AT] - elder_before


@numba.njit(**JIT)
def piques_in_trick(e, d, leader, need, need_after, prm):
    """Did elder reach pique in this trick? ``e``, ``d``: the trick's points as _trick scores them, ``need``
    and ``need_after`` the pique need before and after it. He did when the need is gone, his points hold
    the bonus on top of it, and the dealer did not score first (a scoring card the dealer led)."""
    return need > 0 and need_after == 0 and (leader == 0 or d == 0) and e >= need + prm[PLAY_RULE_PIQUE_BONUS]


@numba.njit(**INLINED)
def _end(et, dt, diff, prm):
    """After the last trick: (elder's, dealer's) cards or capot, then the deal bonus (game.play.finish)."""
    e = 0
    d = 0
    for seat in range(2):
        won = et if seat == 0 else dt
        lost = dt if seat == 0 else et
        x = 0
        if won > 0 and lost == 0 and prm[PLAY_RULE_CAPOT] > 0:
            x = prm[PLAY_RULE_CAPOT] - (prm[PLAY_RULE_LAST_TRICK] if prm[PLAY_RULE_CAPOT_LAST] else 0)
            if not prm[PLAY_RULE_CAPOT_CARDS]:
                x += prm[PLAY_RULE_CARDS]
        elif 2 * won > won + lost:
            x = prm[PLAY_RULE_CARDS]
        if seat == 0:
            e = x
        else:
            d = x
    bonus = prm[PLAY_RULE_DEAL_BONUS]
    if bonus:
        final = diff + e - d
        if final > 0:
            e += bonus
        elif final < 0:
            d += bonus
    return e, d


_trick_once = called(_trick)
_end_once = called(_end)

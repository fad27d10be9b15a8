"""The play of four solved in plain Python: the same values as the kernel solver (kernels/play_four/).

``PlainSolverFour(rules)`` answers ``future``, ``value`` and ``at_least`` for a ``game.play_four.StateFour``
as ``engine.play_four.SolverFour`` (the numba kernels) does, with nothing to compile: the engine uses it for
``piquet-calc play --rules four`` while the kernels are not compiled yet (``engine.solvers.solver_for``),
and tests/test_play_four.py holds both equal to ``game.play_four.minimax_four`` on random endings and to
each other on whole deals.

How: fail-soft alpha-beta card by card (each seat in turn, elder's side maximising the final difference,
the other side minimising it), with a transposition table at the trick boundaries: each position's lower
and upper bound, keyed by relative ranks (every card scores in the play of four, so a position is worth
what any position is whose live cards lie in the same order in every suit with the same owners), the
leader, elder's side's tricks and the points it still needs for pique; and the best lead, tried first.
Of a run of a seat's cards of one suit with no other live card (nor a card of the trick) between them one
is tried (they are worth the same). The order: a lead of a sure winner first, then a low lead to the
partner's winner, then low leads; a follower low under his partner's winning card, else his lowest card
that takes the trick, else his lowest; a discard of his lowest card that is no winner. A trick is scored as
``game.play_four.play_card`` scores it (the values are tested equal to ``minimax_four``'s).
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import Card, mask_of
from ..rules import RuleSet
from .play_four import ELDER_SIDE, PointsFour, StateFour, final_difference, points_four
from .solve import _TOP, _bits, known, stored

INF = 1 << 30

SearchNodeFour = tuple  # the search's node: (h0, h1, h2, h3, leader, trick: tuple of card indices, ta, tb, need)


@lru_cache(maxsize=1 << 16)
def _suit_key(a: int, b: int, c: int, d: int) -> int:
    """One suit's part of the transposition key: its live cards' number and each one's owner, lowest first."""
    key, k = 0, 0
    for r in range(8):
        bit = 1 << r
        for seat, m in enumerate((a, b, c, d)):
            if m & bit:
                key |= seat << (2 * k)
                k += 1
    return k << 16 | key


def transposition_key(hands: tuple[int, int, int, int]) -> int:
    """The relative-rank key of four hands (kernels/play_four/transposition.py packs the same facts)."""
    key = 0
    for s in range(4):
        sh = 8 * s
        key = key << 20 | _suit_key(hands[0] >> sh & 255, hands[1] >> sh & 255, hands[2] >> sh & 255,
                                    hands[3] >> sh & 255)
    return key


def order_moves(hands: tuple[int, ...], mover: int, leader: int, trick: tuple[int, ...], best: int = -1) -> list[int]:
    """The cards the seat to move tries, in the search's order (the module docstring), one per run of
    equivalent cards; ``best``: a card to try first (the table's best lead)."""
    own = hands[mover]
    played = 0
    for c in trick:
        played |= 1 << c
    others = played
    for seat in range(4):
        if seat != mover:
            others |= hands[seat]
    if trick:
        suit = 255 << (trick[0] & ~7)
        legal = own & suit or own
    else:
        legal = own
    keyed = []
    win_card, win_place = -1, 0
    if trick:
        win_card = trick[0]
        for i, c in enumerate(trick):
            if (c >> 3) == (trick[0] >> 3) and c > win_card:
                win_card, win_place = c, i
    partner_wins = bool(trick) and (leader + win_place) % 4 == (mover ^ 2)
    for c in _bits(legal):
        base = c & ~7
        above = (own | others) & (255 << base) & ~((2 << c) - 1)
        nxt = above & -above
        if nxt and not nxt & others:
            continue  # not the top of its run
        r = c & 7
        other_suit = (others & ~played) >> base & 255
        if c == best:
            prio = 1000
        elif not trick:
            partner_suit = hands[mover ^ 2] >> base & 255
            opp_suit = (hands[mover ^ 1] | hands[mover ^ 3]) >> base & 255
            if other_suit == 0 or r > _TOP[other_suit]:
                prio = 300 + r
            elif partner_suit and _TOP[partner_suit] > _TOP[opp_suit]:
                prio = 200 - r
            else:
                prio = 100 - r
        elif (c >> 3) == (trick[0] >> 3):
            if partner_wins or c < win_card:
                prio = 100 - r
            else:
                prio = 200 - r
        else:
            prio = 100 - r - (20 if r > _TOP[other_suit] else 0)
        keyed.append(prio << 8 | c)
    keyed.sort(reverse=True)
    return [k & 255 for k in keyed]


class PlainSolverFour:
    """One transposition table for solving many positions of four under one set of rules."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.pts: PointsFour = points_four(rules)
        self.memo: dict[tuple[int, ...], tuple[int, int, int]] = {}

    # --- the rules on masks (game/play_four.py's play_card and finish_four, tested equal) ----------------

    def _side_scores(self, side: int, points: int, need: int) -> tuple[int, int]:
        """(elder's side's points minus the other's, the pique need after) when ``side`` scores ``points``."""
        if points == 0:
            return 0, need
        if side == ELDER_SIDE:
            if need > 0:
                if points >= need:
                    return points + self.pts.pique_bonus, 0
                return points, need - points
            return points, 0
        return -points, 0

    def end(self, ta: int, tb: int) -> int:
        """The cards or capot after the last trick: elder's side's minus the other's."""
        p = self.pts
        out = 0
        for sign, won, lost in ((1, ta, tb), (-1, tb, ta)):
            if won and not lost and p.capot:
                out += sign * (p.capot - (p.last_trick if p.capot_replaces_last_trick else 0))
            elif won >= p.cards_tricks:
                out += sign * p.cards
        return out

    def apply(self, pos: SearchNodeFour, card: int) -> tuple[int, SearchNodeFour]:
        """The seat to move plays ``card``: (elder's side's points minus the other's, the position after)."""
        h0, h1, h2, h3, leader, trick, ta, tb, need = pos
        hands = [h0, h1, h2, h3]
        mover = (leader + len(trick)) % 4
        hands[mover] &= ~(1 << card)
        trick = (*trick, card)
        if len(trick) == 1:
            imm, need = self._side_scores(mover & 1, self.pts.lead, need)
            return imm, (*hands, leader, trick, ta, tb, need)
        if len(trick) < 4:
            return 0, (*hands, leader, trick, ta, tb, need)
        place = 0
        for i in range(1, 4):
            if (trick[i] >> 3) == (trick[0] >> 3) and trick[i] > trick[place]:
                place = i
        winner = (leader + place) % 4
        side = winner & 1
        points = self.pts.win_own_lead if side == (leader & 1) else self.pts.win_opponent_lead
        last = not (hands[0] | hands[1] | hands[2] | hands[3])
        if last:
            points += self.pts.last_trick
        imm, need = self._side_scores(side, points, need)
        ta, tb = ta + (side == 0), tb + (side == 1)
        if last:
            imm += self.end(ta, tb)
        return imm, (*hands, winner, (), ta, tb, need)

    # --- the search ----------------------------------------------------------------------------------------

    def _search(self, pos: SearchNodeFour, alpha: int, beta: int) -> int:
        """The future value of ``pos`` (what the rest adds to elder's side's total minus the other's), exact
        strictly inside (alpha, beta), else a bound on the side it failed (fail-soft)."""
        h0, h1, h2, h3, leader, trick, ta, tb, need = pos
        if not (h0 | h1 | h2 | h3):
            return 0
        key = None
        best_card = -1
        lo, hi = -INF, INF
        if not trick:
            key = (transposition_key((h0, h1, h2, h3)), leader, ta, need)
            lo, hi, best_rel = self.memo.get(key, (-INF, INF, -1))
            if (v := known(lo, hi, alpha, beta)) is not None:
                return v
            alpha, beta = max(alpha, lo), min(beta, hi)
            best_card = _from_relative(best_rel, h0 | h1 | h2 | h3)
        a0, b0 = alpha, beta
        mover = (leader + len(trick)) % 4
        maximise = (mover & 1) == ELDER_SIDE
        best = -INF if maximise else INF
        chosen = -1
        for card in order_moves((h0, h1, h2, h3), mover, leader, trick, best_card):
            imm, child = self.apply(pos, card)
            v = imm + self._search(child, alpha - imm, beta - imm)
            if maximise:
                if v > best:
                    best, chosen = v, card
                alpha = max(alpha, best)
            else:
                if v < best:
                    best, chosen = v, card
                beta = min(beta, best)
            if alpha >= beta:
                break
        if key is not None:
            lo, hi = stored(lo, hi, best, a0, b0)
            self.memo[key] = (lo, hi, _relative(chosen, h0 | h1 | h2 | h3))
        return best

    def position(self, s: StateFour) -> SearchNodeFour:
        """The search's position of a ``StateFour``."""
        need = max(self.pts.pique_threshold - s.totals[0], 0) if s.pique_live else 0
        return (*(mask_of(h) for h in s.hands), s.leader, tuple(c.index for c in s.trick), s.tricks[0], s.tricks[1],
                need)

    def future(self, s: StateFour) -> int:
        """What the rest of the play adds to elder's side's total minus the other's, every seat perfect."""
        return self._search(self.position(s), -INF, INF)

    def value(self, s: StateFour) -> int:
        """Elder's side's final total minus the other's from ``s``, every seat perfect (the cards or capot
        included when the play is over)."""
        if s.over:
            return final_difference(s, self.rules, self.pts)
        return s.totals[0] - s.totals[1] + self.future(s)

    def at_least(self, s: StateFour, target: int) -> bool:
        """Is the final difference from ``s``, every seat perfect, at least ``target``? (A zero-window search.)"""
        if s.over:
            return final_difference(s, self.rules, self.pts) >= target
        want = target - (s.totals[0] - s.totals[1])
        return self._search(self.position(s), want - 1, want) >= want


def _relative(card: int, live: int) -> int:
    """A card as the table keeps it: its suit and its place among the live cards of its suit (-1: none)."""
    if card < 0:
        return -1
    base = card & ~7
    return base + ((live >> base) & ((1 << (card & 7)) - 1)).bit_count()


def _from_relative(rel: int, live: int) -> int:
    """The live card at a relative place (``_relative``'s inverse), -1 if there is none."""
    if rel < 0:
        return -1
    base = rel & ~7
    cards = _bits((live >> base) & 255)
    k = rel & 7
    return base + cards[k] if k < len(cards) else -1


def equal_runs(s: StateFour, cards: list[Card]) -> dict[Card, Card]:
    """Each of ``cards`` (the seat to move's) mapped to the highest card of its run: his cards of one suit with
    no other seat's card left nor a card of the trick between them are worth the same."""
    own = mask_of(s.hands[s.to_move])
    others = mask_of(s.trick)
    for seat in range(4):
        if seat != s.to_move:
            others |= mask_of(s.hands[seat])
    out = {}
    for c in cards:
        i = c.index
        while True:
            above = (own | others) & (255 << (i & ~7)) & ~((2 << i) - 1)
            nxt = above & -above
            if not nxt or nxt & others:
                break
            i = nxt.bit_length() - 1
        out[c] = Card.from_index(i)
    return out

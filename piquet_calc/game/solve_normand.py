"""The Normand play solved in plain Python, paranoid: the same values as the kernel solver.

``PlainSolverNormand(rules)`` answers ``future``, ``value``, ``at_least`` and ``card_values`` for a
``game.play_normand.StateNormand`` as ``engine.play_normand.SolverNormand`` (the numba kernels of
kernels/play_normand/) does, with nothing to compile: the engine uses it while the kernels are not compiled
(``engine.solvers.solver_for``), and tests hold it equal to ``game.play_normand.minimax_normand`` on
endings and to the kernel on whole deals.

The model (docs/rules.md, "The play of three and four"): the value of a position to seat ``me`` is his
final net doubled (``2 * own - the two others'``) when he maximises it and the two others, a coalition,
minimise it, every card seen: a two-sided search, so alpha-beta applies. How: alpha-beta card by card
(the trick on the table is part of the position), a transposition table of each position's lower and upper bound between
tricks keyed by relative ranks (per suit: the live cards' number and which of them are elder's and middle's),
who leads, the tricks won, elder's pique need and ``me``; of a run of a
player's cards of one suit with no card of the others (or in the trick) between them, one is tried (they are
worth the same: ``game.solve.reps``). Cards are 32-bit masks, bit ``suit * 8 + rank``.
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import Card, mask_of
from ..rules import RuleSet
from .play_normand import DEALER, ELDER, MIDDLE, StateNormand, check_play_normand, net2, score_cards
from .solve import _TOP, _bits, known, reps, stored

INF = 1 << 30
Pos = tuple[int, int, int, int, int, int, int, int, int]  # h0 h1 h2 leader c0 c1 k tricks need (PlainSolverNormand)


def _suit_of(card: int) -> int:
    return 255 << (card & ~7)


def legal_mask(hand: int, led: int) -> int:
    """The cards of ``hand`` (a mask) that may be played to ``led`` (a card, or -1 when leading)."""
    if led < 0:
        return hand
    follow = hand & _suit_of(led)
    return follow or hand


def winning_place(c0: int, c1: int, c2: int) -> int:
    """The place (0 the leader, 1, 2) of the card that wins a trick: the highest of the suit led."""
    best, top = 0, c0
    for k, c in ((1, c1), (2, c2)):
        if (c >> 3) == (top >> 3) and c > top:
            best, top = k, c
    return best


@lru_cache(maxsize=1 << 16)
def _suit_key_normand(live: int, elder: int, middle: int, sr: int) -> int:
    """A suit's part of the transposition key by relative ranks: its live cards' number, how many lie below the
    scoring rank, and which of them (lowest first) are elder's and middle's (the dealer holds the others):
    positions alike in every suit are worth the same (kernels/play_normand/step.py's ``_keys_normand``)."""
    places = [r for r in range(8) if live >> r & 1]
    e = sum(1 << k for k, r in enumerate(places) if elder >> r & 1)
    m = sum(1 << k for k, r in enumerate(places) if middle >> r & 1)
    return e | m << 8 | len(places) << 16 | (live & ((1 << sr) - 1)).bit_count() << 20


class PlainSolverNormand:
    """One transposition table for solving many positions under one set of rules
    (``engine.play_normand.SolverNormand``'s interface). A position is ``(h0, h1, h2, leader, c0, c1, k, tricks,
    need)``: the hands as masks, who led the trick on the table, its cards so far (``k`` of them: ``c0``, ``c1``),
    the tricks won packed 4 bits a seat, and the points elder still needs for pique (0: not live)."""

    def __init__(self, rules: RuleSet) -> None:
        check_play_normand(rules)
        self.rules = rules
        p = rules.play
        self.sr = int(p.scoring_rank)
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        self._end: dict[int, tuple[int, int, int]] = {}

    # --- the rules on masks (game/play_normand.py's play_card and score_cards, tested equal) --------------

    def _scores(self, seat: int, points: int, need: int) -> tuple[int, int]:
        """``seat`` scores ``points``: (what he scores, pique included, and elder's pique need after)."""
        if points <= 0:
            return points, need
        if seat != ELDER:
            return points, 0
        if need > 0:
            if points >= need:
                return points + self.rules.pique_bonus, 0
            return points, need - points
        return points, need

    def end(self, tricks: int) -> tuple[int, int, int]:
        """The cards and capot of each seat after the last trick, from the packed tricks."""
        if tricks not in self._end:
            cards, capot = score_cards([tricks & 15, tricks >> 4 & 15, tricks >> 8 & 15], self.rules)
            self._end[tricks] = (cards[0] + capot[0], cards[1] + capot[1], cards[2] + capot[2])
        return self._end[tricks]

    def child(self, pos: Pos, card: int, me: int) -> tuple[int, Pos]:
        """The player to move plays ``card``: (what it adds to ``me``'s net doubled, the position after)."""
        h0, h1, h2, leader, c0, c1, k, tricks, need = pos
        seat = (leader + k) % 3
        hands = [h0, h1, h2]
        hands[seat] &= ~(1 << card)
        p = self.rules.play
        imm = 0
        if k == 0:
            if (card & 7) >= self.sr:  # the lead point (the last lead's when the leader's hand is now empty)
                pts, need = self._scores(seat, p.last_lead if not hands[seat] else p.lead, need)
                imm = (3 * pts if seat == me else 0) - pts
            return imm, (hands[0], hands[1], hands[2], leader, card, -1, 1, tricks, need)
        if k == 1:
            return 0, (hands[0], hands[1], hands[2], leader, c0, card, 2, tricks, need)
        place = winning_place(c0, c1, card)
        winner = (leader + place) % 3
        top = (c0, c1, card)[place]
        wp = 0
        if (top & 7) >= self.sr:
            wp += p.win_own_lead if place == 0 else p.win_opponent_lead
        if not (hands[0] | hands[1] | hands[2]):  # the last trick
            wp += p.last_trick
        pts, need = self._scores(winner, wp, need)
        imm = (3 * pts if winner == me else 0) - pts
        tricks += 1 << 4 * winner
        return imm, (hands[0], hands[1], hands[2], winner, -1, -1, 0, tricks, need)

    # --- move order --------------------------------------------------------------------------------------

    def moves(self, pos: Pos, me: int) -> list[int]:
        """The cards the player to move tries, one of each run of equivalent cards, in a good order: a
        leader's sure winners first (highest live of their suit), then his low cards; a follower wins with
        his lowest winning card when his side is not winning the trick, else plays low."""
        h0, h1, h2, leader, c0, c1, k, _, _ = pos
        hands = (h0, h1, h2)
        seat = (leader + k) % 3
        own = hands[seat]
        trick_cards = (1 << c0 if k >= 1 else 0) | (1 << c1 if k >= 2 else 0)
        others = (h0 | h1 | h2) & ~own | trick_cards
        legal = legal_mask(own, c0 if k else -1)
        cands = _bits(reps(legal, others, self.sr))
        if k == 0:
            def lead_key(c: int) -> tuple[int, int]:
                rest = (others >> (c & ~7)) & 255
                return (0, -(c & 7)) if rest == 0 or (c & 7) > _TOP[rest] else (1, c & 7)
            return sorted(cands, key=lead_key)
        place = winning_place(c0, c1, -1) if k == 2 else 0
        top = (c0, c1)[place]
        ours = ((leader + place) % 3 == me) == (seat == me)
        if ours or not legal & _suit_of(c0):
            return sorted(cands, key=lambda c: (c & 7, c))
        winners = sorted(c for c in cands if c > top)
        losers = sorted(c for c in cands if c < top)
        if k == 1:
            winners.reverse()  # the second hand wins high, the third hand as low as it can
        return winners + losers

    # --- the search --------------------------------------------------------------------------------------

    def search(self, pos: Pos, me: int, alpha: int, beta: int) -> int:
        """The future value for ``me`` (what the rest adds to his net doubled), exact strictly inside
        (alpha, beta), else a bound on the side it failed (fail-soft)."""
        self.nodes += 1
        h0, h1, h2, leader, _, _, k, tricks, need = pos
        if not (h0 | h1 | h2) and k == 0:
            end = self.end(tricks)
            return 3 * end[me] - sum(end)
        key = None
        lo, hi = -INF, INF
        if k == 0:
            live = h0 | h1 | h2
            key = (_suit_key_normand(live & 255, h0 & 255, h1 & 255, self.sr)
                   | _suit_key_normand(live >> 8 & 255, h0 >> 8 & 255, h1 >> 8 & 255, self.sr) << 24
                   | _suit_key_normand(live >> 16 & 255, h0 >> 16 & 255, h1 >> 16 & 255, self.sr) << 48
                   | _suit_key_normand(live >> 24, h0 >> 24, h1 >> 24, self.sr) << 72, leader, tricks, need, me)
            lo, hi = self.memo.get(key, (-INF, INF))
            if (v := known(lo, hi, alpha, beta)) is not None:
                return v
            alpha, beta = max(alpha, lo), min(beta, hi)
        maximise = (leader + k) % 3 == me
        best = -INF if maximise else INF
        a, b = alpha, beta
        for c in self.moves(pos, me):
            imm, nxt = self.child(pos, c, me)
            v = imm + self.search(nxt, me, a - imm, b - imm)
            if maximise:
                if v > best:
                    best = v
                a = max(a, best)
            else:
                if v < best:
                    best = v
                b = min(b, best)
            if a >= b:
                break
        if key is not None:
            self.memo[key] = stored(lo, hi, best, alpha, beta)
        return best

    def exact(self, pos: Pos, me: int) -> int:
        return self.search(pos, me, -INF, INF)

    @staticmethod
    def position(s: StateNormand, rules: RuleSet) -> Pos:
        """A ``StateNormand`` as the search's tuple."""
        need = rules.pique_threshold - s.totals[ELDER] if s.pique_live else 0
        t = s.trick
        return (mask_of(s.hands[ELDER]), mask_of(s.hands[MIDDLE]), mask_of(s.hands[DEALER]), s.leader,
                t[0].index if t else -1, t[1].index if len(t) > 1 else -1, len(t),
                s.tricks[0] | s.tricks[1] << 4 | s.tricks[2] << 8, max(need, 0))

    def future(self, s: StateNormand, me: int) -> int:
        """What the rest of the play adds to ``me``'s net doubled, paranoid."""
        return self.exact(self.position(s, self.rules), me)

    def value(self, s: StateNormand, me: int) -> int:
        """``me``'s final net doubled from ``s``, paranoid."""
        return net2(s.totals, me) + self.future(s, me)

    def at_least(self, s: StateNormand, me: int, target: int) -> bool:
        """Is ``me``'s final net doubled from ``s``, paranoid, at least ``target``? (A zero-window search.)"""
        want = target - net2(s.totals, me)
        return self.search(self.position(s, self.rules), me, want - 1, want) >= want

    def card_values(self, s: StateNormand) -> list[tuple[Card, int]]:
        """Every legal card of the player to move with its paranoid future value for him (what the rest of
        the play, from this card on, adds to his net doubled), in the order of ``StateNormand.legal``."""
        me = s.to_move
        pos = self.position(s, self.rules)
        out = []
        for card in s.legal():
            imm, nxt = self.child(pos, card.index, me)
            out.append((card, imm + self.exact(nxt, me)))
        return out

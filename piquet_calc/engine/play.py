"""The play solver's driver: rules -> the packed parameters, and a whole deal or a position solved.

``play_params(rules)`` packs the play's rules for the kernels (``kernels.layout.PLAY_RULE_*``);
``solve_deal(elder_cards, dealer_cards, rules, elder_before, dealer_before, pique_live)`` solves a
deal from the first lead and returns a frozen ``PlaySolution`` (value, both totals, one optimal line).
``solve_position(state, rules)`` does the same from any ``game.play.PlayState`` (a recorded play's
end), and ``line_choices`` adds, at each trick of the line, every card as good as the one played.
engine/solvers.py's ``solver_for(rules)`` chooses the road for one deal: ``Solver`` if the kernels are
compiled, else game/solve.py's plain solver (the same values and line), so that a first ``play`` does not
wait for numba.

For other kernels (issue 14's sampler): ``kernels.play.solve_deal(elder_mask, dealer_mask, params,
elder_before, dealer_before, pique_live, tt)`` is njit and nogil; build ``params`` here once per
rules and one ``tt = kernels.play.new_transposition()`` per worker thread. It returns ``(value, elder_play,
dealer_play)``: elder's final total minus the dealer's, and each side's points from the play.
numba is imported only when a solve is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..cards import Card, mask_of, sort_hand
from ..game.play import DEALER, ELDER, PlayState, play_trick
from ..game.solve import PlainSolver
from ..kernels.layout import PLAY_RULE_SLOTS
from ..rules import RuleSet
from . import families

FAMILY = families.PLAY.name  # the kernels' family (engine/families.py)

@lru_cache(maxsize=16)
def play_params(rules: RuleSet) -> np.ndarray:
    """The play's rules as the int64 array the solver reads, in the order of ``kernels.layout.PLAY_RULE_*``."""
    p = rules.play
    params = np.array([
        p.lead, p.last_lead, p.win_opponent_lead, p.win_own_lead, p.last_trick, p.seventh_trick,
        int(p.scoring_rank), p.cards, p.capot, int(p.capot_replaces_cards), int(p.capot_replaces_last_trick),
        p.deal_bonus, rules.pique_bonus, rules.pique_threshold,
    ], dtype=np.int64)
    assert len(params) == PLAY_RULE_SLOTS
    params.setflags(write=False)
    return params


@dataclass(frozen=True)
class Trick:
    """One trick of a line: who led, elder's and the dealer's cards, the running totals after it, and
    every card each side could have played instead with the same result (the played card included)."""

    leader: int
    cards: tuple[Card, Card]  # (elder's, dealer's)
    totals: tuple[int, int]
    alternatives: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # (elder's, dealer's)


@dataclass(frozen=True)
class PlaySolution:
    """The play solved: ``value`` is elder's final deal total minus the dealer's with both perfect."""

    value: int
    totals: tuple[int, int]  # each side's final total for the deal
    line: tuple[tuple[Card, Card], ...]  # (leader's card, follower's card) per trick


def _kernels():  # numba only when a solve is asked for
    from . import first_run

    first_run.starting(FAMILY)
    from ..kernels import play as kp

    return kp


class Solver:
    """One transposition table and the kernels, for solving many positions under one set of rules."""

    def __init__(self, rules: RuleSet) -> None:
        self.kp = _kernels()
        self.rules = rules
        self.params = play_params(rules)
        self.tt = self.kp.new_transposition()
        self.buf = self.kp.new_buffer()
        self.kp.begin(self.tt)

    def _args(self, s: PlayState, rules: RuleSet) -> tuple[int, ...]:
        if min(s.totals) < 0 or abs(s.totals[ELDER] - s.totals[DEALER]) > self.kp.MAX_DIFF:
            raise ValueError(f"the points so far must be 0 or more and differ by {self.kp.MAX_DIFF} at most, "
                             f"not {s.totals}")
        need = rules.pique_threshold - s.totals[ELDER] if s.pique_live else 0
        return (mask_of(s.hands[ELDER]), mask_of(s.hands[DEALER]), s.leader, s.tricks[ELDER], s.tricks[DEALER],
                s.totals[ELDER] - s.totals[DEALER], max(need, 0))

    def future(self, s: PlayState) -> int:
        """What the rest of the play adds to elder's total minus the dealer's, both perfect."""
        return int(self.kp.position_value(*self._args(s, self.rules), self.params, self.tt, self.buf))

    def value(self, s: PlayState) -> int:
        """Elder's final total minus the dealer's from ``s``, both perfect."""
        return s.totals[ELDER] - s.totals[DEALER] + self.future(s)

    def at_least(self, s: PlayState, target: int) -> bool:
        """Is elder's final total minus the dealer's from ``s``, both perfect, at least ``target``?"""
        return self.value(s) >= target

    def line(self, s: PlayState) -> list[tuple[Card, Card]]:
        """One optimal line from ``s``: (leader's card, follower's card) per trick."""
        line = np.zeros(26, dtype=np.int64)
        self.kp.solve_line(*self._args(s, self.rules), self.params, self.tt, self.buf, line)
        if line[self.kp.LINE_TRICKS] != s.tricks_left:
            raise RuntimeError("the solver's line broke off (a corrupt table)")
        cards = [Card.from_index(int(i)) for i in line[: 2 * s.tricks_left]]
        return [(cards[2 * k], cards[2 * k + 1]) for k in range(s.tricks_left)]


def solve_position(state: PlayState, rules: RuleSet, solver: Solver | None = None) -> PlaySolution:
    """The play from ``state`` solved, with one optimal line; the totals replay it with game.play."""
    from ..game.play import finish

    solver = solver or Solver(rules)
    line = solver.line(state)
    s = state
    for lead, reply in line:
        s = play_trick(s, lead, reply, rules)
    totals = finish(s, rules).totals
    value = solver.value(state)
    assert totals[ELDER] - totals[DEALER] == value, "the line must reach the solved value"
    return PlaySolution(value, totals, tuple(line))


def solve_deal(elder_cards: tuple[Card, ...], dealer_cards: tuple[Card, ...], rules: RuleSet, elder_before: int,
               dealer_before: int, pique_live: bool) -> PlaySolution:
    """A deal from the first lead (elder's), the declarations' totals before the play given."""
    from ..game.play import start

    return solve_position(start(elder_cards, dealer_cards, rules, elder_before, dealer_before, pique_live), rules)


def line_choices(state: PlayState, line: list[tuple[Card, Card]], rules: RuleSet,
                 solver: Solver | PlainSolver) -> list[Trick]:
    """The line trick by trick with running totals, and at each trick every card as good as the one
    played: for the leader, the leads worth the position's value; for the follower, the replies to
    the lead played that are worth it."""
    from ..game.play import legal_cards

    out = []
    s = state
    for lead, reply in line:
        leader, follower = s.leader, 1 - s.leader
        target = solver.value(s)

        def keeps(after: PlayState, for_elder: bool, target: int = target) -> bool:
            """Is ``after`` worth the target to that side (elder: at least it; the dealer: at most it)?"""
            return solver.at_least(after, target) if for_elder else not solver.at_least(after, target + 1)

        # a lead is as good when every reply keeps the target for the leader (none can do better than it);
        # a reply to the lead played when it keeps the target for the follower
        good_leads = sort_hand(c for c in legal_cards(s.hands[leader], None)
                               if all(keeps(play_trick(s, c, r, rules), leader == ELDER)
                                      for r in legal_cards(s.hands[follower], c)))
        good_replies = sort_hand(r for r in legal_cards(s.hands[follower], lead)
                                 if keeps(play_trick(s, lead, r, rules), follower == ELDER))
        s = play_trick(s, lead, reply, rules)
        pair = (lead, reply) if leader == ELDER else (reply, lead)
        alts = (good_leads, good_replies) if leader == ELDER else (good_replies, good_leads)
        out.append(Trick(leader, pair, s.totals, alts))
    return out

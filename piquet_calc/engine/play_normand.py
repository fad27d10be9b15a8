"""The Normand play solver's driver: rules -> packed parameters, positions valued, the line chosen.

``params_normand(rules)`` packs the play's rules and the cards-and-capot table for the kernels
(``kernels.layout.NPLAY_*``); ``SolverNormand(rules)`` answers ``future``, ``value``, ``at_least`` and
``card_values`` for a ``game.play_normand.StateNormand`` on one transposition table, as the plain
``game.solve_normand.PlainSolverNormand`` does; engine/solvers.py's ``solver_for`` chooses the road (the
kernels if compiled, else the plain solver, the same values). ``paranoid_line`` plays a position out: each player in
turn his own paranoid-best card (``best_card``: of the cards of the best value, the lowest rank, then the
first suit in the order spades, hearts, diamonds, clubs).
numba is imported only when a solve is asked for.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..cards import Card
from ..game.play_normand import StateNormand, check_play_normand, net2, play_card, score_cards
from ..game.solve_normand import PlainSolverNormand
from ..kernels.layout import NPLAY_ENDS, NPLAY_SLOTS
from ..rules import RulesError, RuleSet
from . import families

FAMILY = families.PLAY_NORMAND.name  # the kernels' family (engine/families.py)
TRANSPOSITION_BITS = 18  # rows of the Normand play's transposition table: 2**18 (6 MB); a whole deal stores
# some ten thousand positions


@lru_cache(maxsize=8)
def params_normand(rules: RuleSet) -> np.ndarray:
    """The play's rules (``NPLAY_RULE_*``) and, from ``NPLAY_ENDS``, each seat's cards and capot by the packed
    tricks won (game.play_normand.score_cards), as the int64 array the kernels read."""
    check_play_normand(rules)
    p = rules.play
    params = np.zeros(NPLAY_SLOTS, dtype=np.int64)
    params[:7] = [p.lead, p.last_lead, p.win_opponent_lead, p.win_own_lead, p.last_trick, int(p.scoring_rank),
                  rules.pique_bonus]
    n = rules.table.hand_size
    for t0, t1, t2 in itertools.product(range(n + 1), repeat=3):  # every count, so that endings of any play fit
        if t0 + t1 + t2 <= n:
            cards, capot = score_cards((t0, t1, t2), rules)
            base = NPLAY_ENDS + 3 * (t0 | t1 << 4 | t2 << 8)
            params[base:base + 3] = [cards[i] + capot[i] for i in range(3)]
    params.setflags(write=False)
    return params


def _kernels(family: str = FAMILY):  # numba only when a solve is asked for
    from . import first_run

    first_run.starting(family)
    from ..kernels import play_normand as kn

    return kn


class SolverNormand:
    """One transposition table and the kernels, for valuing many positions under one set of rules."""

    def __init__(self, rules: RuleSet, family: str = FAMILY) -> None:
        """``family``: the kernels' family the caller compiles (engine/first_run.py): the play's, or the whole
        deal's (engine/deal_normand.py, which calls ``future`` alone)."""
        self.kn = _kernels(family)
        from ..kernels.play import new_transposition

        self.rules = rules
        self.params = params_normand(rules)
        if rules.pique_threshold > self.kn.MAX_NEED:
            raise RulesError(f"{rules.name}: the Normand solver keeps a pique threshold of {self.kn.MAX_NEED} at most")
        self.tt = new_transposition(TRANSPOSITION_BITS)
        self.work = self.kn.new_work()
        self.kn.begin_normand(self.tt)

    def _args(self, s: StateNormand) -> tuple[int, ...]:
        return PlainSolverNormand.position(s, self.rules)

    def future(self, s: StateNormand, me: int) -> int:
        """What the rest of the play adds to ``me``'s net doubled, paranoid."""
        return int(self.kn.value_normand(*self._args(s), me, self.params, self.tt, self.work))

    def value(self, s: StateNormand, me: int) -> int:
        """``me``'s final net doubled from ``s``, paranoid."""
        return net2(s.totals, me) + self.future(s, me)

    def at_least(self, s: StateNormand, me: int, target: int) -> bool:
        want = target - net2(s.totals, me)
        return bool(self.kn.at_least_normand(*self._args(s), me, want, self.params, self.tt, self.work))

    def card_values(self, s: StateNormand) -> list[tuple[Card, int]]:
        """Every legal card of the player to move with what the rest of the play adds to his net doubled."""
        legal = s.legal()
        cards = np.array([c.index for c in legal], dtype=np.int64)
        out = np.zeros(len(legal), dtype=np.int64)
        self.kn.card_values_normand(*self._args(s), cards, out, self.params, self.tt, self.work)
        return [(c, int(v)) for c, v in zip(legal, out, strict=True)]


def best_card(values: list[tuple[Card, int]]) -> Card:
    """The card a player plays: the best value, ties to the lowest rank, then spades, hearts, diamonds, clubs."""
    top = max(v for _, v in values)
    return min((c for c, v in values if v == top), key=lambda c: (c.rank, c.suit))


@dataclass(frozen=True)
class LineCard:
    """One card of the paranoid line: who played it, the card, its value to him and the equally good ones."""

    seat: int
    card: Card
    value: int  # his final net doubled, paranoid, after this card
    equally_good: tuple[Card, ...]
    state: StateNormand  # the position after the card


def paranoid_line(s: StateNormand, rules: RuleSet, solver: SolverNormand | PlainSolverNormand) -> list[LineCard]:
    """The play from ``s`` to the end: each player in turn plays his own paranoid-best card (``best_card``).
    At each card: the position's exact value for the player to move, then one zero-window question a legal
    card (is it worth that value?), far cheaper than every card's value; the first card worth it in
    ``best_card``'s order is played, and every card worth it is equally good."""
    out = []
    while s.cards_left:
        seat = s.to_move
        value = solver.value(s, seat)  # his final net doubled, paranoid, with his best card
        children = {c: play_card(s, c, rules) for c in s.legal()}
        good = [c for c in sorted(children, key=lambda c: (c.rank, c.suit))
                if solver.at_least(children[c], seat, value)]
        s = children[good[0]]
        out.append(LineCard(seat, good[0], value, tuple(sorted(good, key=lambda c: (c.suit, -c.rank))), s))
    return out

"""The four-player play solver's driver: rules -> packed numbers, positions solved, the line and every card valued.

``params_four(rules)`` packs the play's numbers for the kernels (``kernels.layout.FOUR_RULE_*``);
``SolverFour(rules)`` (the kernels of kernels/play_four/) and game/solve_four.py's ``PlainSolverFour`` answer
``future``, ``value``, ``at_least`` and ``card_values`` for a ``game.play_four.StateFour``; engine/solvers.py's
``solver_for`` chooses between them (the kernels when compiled, else the plain solver, the same values, with
one line on stderr). ``solve_line`` walks one optimal line card by card with every
card as good as the one played; ``choices`` values every legal card of the seat to move.
numba is imported only when the kernels are asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..cards import Card, sort_hand
from ..game.play import legal_cards
from ..game.play_four import StateFour, final_difference, play_card, points_four, side_of
from ..game.solve_four import PlainSolverFour, equal_runs
from ..kernels.layout import FOUR_RULE_SLOTS
from ..rules import RuleSet
from . import families

FAMILY = families.PLAY_FOUR.name  # the kernels' family (engine/families.py)


@lru_cache(maxsize=16)
def params_four(rules: RuleSet) -> np.ndarray:
    """The play of four's numbers as the int64 array the kernels read (``kernels.layout.FOUR_RULE_*``)."""
    p = points_four(rules)
    params = np.array([p.lead, p.win_opponent_lead, p.win_own_lead, p.last_trick, p.cards, p.cards_tricks, p.capot,
                       int(p.capot_replaces_last_trick), p.pique_bonus, p.pique_threshold], dtype=np.int64)
    assert len(params) == FOUR_RULE_SLOTS
    params.setflags(write=False)
    return params


def _kernels():  # numba only when a solve is asked for
    from . import first_run

    first_run.starting(FAMILY)
    from ..kernels import play_four

    return play_four


class SolverFour:
    """One transposition table and the kernels, for solving many positions of four under one set of rules."""

    def __init__(self, rules: RuleSet, bits: int = 18) -> None:
        self.kp = _kernels()
        self.rules = rules
        self.params = params_four(rules)
        self.tt = self.kp.new_transposition(bits)
        self.work = self.kp.new_work()
        self.kp.begin(self.tt)
        self._plain = PlainSolverFour(rules)  # for its packing of a position only

    def position(self, s: StateFour) -> np.ndarray:
        """The kernels' position of ``s`` (kernels/play_four/score.py's columns)."""
        h0, h1, h2, h3, leader, trick, ta, tb, need = self._plain.position(s)
        c = [*trick, 0, 0, 0][:3]
        return np.array([h0, h1, h2, h3, leader, len(trick), c[0], c[1], c[2], ta, tb, need], dtype=np.int64)

    def future(self, s: StateFour) -> int:
        """What the rest of the play adds to elder's side's total minus the other's, every seat perfect."""
        return int(self.kp.position_value(self.position(s), self.params, self.tt, self.work))

    def value(self, s: StateFour) -> int:
        """Elder's side's final total minus the other's from ``s``, every seat perfect (the cards or capot
        included when the play is over)."""
        if s.over:
            return final_difference(s, self.rules)
        return s.totals[0] - s.totals[1] + self.future(s)

    def at_least(self, s: StateFour, target: int) -> bool:
        """Is the final difference from ``s``, every seat perfect, at least ``target``?"""
        if s.over:
            return final_difference(s, self.rules) >= target
        want = target - (s.totals[0] - s.totals[1])
        return bool(self.kp.at_least(self.position(s), want, self.params, self.tt, self.work))

    def card_values(self, s: StateFour, cards: Sequence[Card]) -> list[int]:
        """The final difference after each of ``cards`` (legal for the seat to move), every seat perfect."""
        idx = np.array([c.index for c in cards], dtype=np.int64)
        out = np.zeros(len(cards), dtype=np.int64)
        self.kp.card_values(self.position(s), idx, self.params, self.tt, self.work, out)
        return [s.totals[0] - s.totals[1] + int(v) for v in out]


def plain_card_values(solver: PlainSolverFour, s: StateFour, cards: Sequence[Card]) -> list[int]:
    """``SolverFour.card_values`` by the plain solver."""
    return [solver.value(play_card(s, c, solver.rules, solver.pts)) for c in cards]


@dataclass(frozen=True)
class ValuedCardFour:
    """A legal card of the seat to move: the final difference with every seat perfect after it (``value``,
    elder's side minus the other), and what the play from the position adds to the difference (``future``)."""

    card: Card
    value: int
    future: int


def choices(s: StateFour, solver: SolverFour | PlainSolverFour) -> list[ValuedCardFour]:
    """Every legal card of the seat to move, valued (equal cards of one run valued once), in display order."""
    if s.over:
        return []
    led = s.trick[0] if s.trick else None
    legal = legal_cards(s.hands[s.to_move], led)
    runs = equal_runs(s, legal)
    tops = sorted(set(runs.values()))
    if isinstance(solver, SolverFour):
        vals = solver.card_values(s, tops)
    else:
        vals = plain_card_values(solver, s, tops)
    by_top = dict(zip(tops, vals, strict=True))
    here = s.totals[0] - s.totals[1]
    return [ValuedCardFour(c, by_top[runs[c]], by_top[runs[c]] - here) for c in sort_hand(legal)]


@dataclass(frozen=True)
class Ply:
    """A card of the line: the seat, the card, and every card of that seat as good as it (itself included)."""

    seat: int
    card: Card
    equally_good: tuple[Card, ...]


def solve_line(state: StateFour, rules: RuleSet, solver: SolverFour | PlainSolverFour) -> tuple[int, list[Ply]]:
    """The value from ``state`` and one optimal line to the end, card by card: at each card the seat's cards
    that keep the value (elder's side: at least it; the other side: at most it, by zero-window questions),
    the first of them in display order played."""
    v = solver.value(state)
    s, out = state, []
    while not s.over:
        seat = s.to_move
        led = s.trick[0] if s.trick else None
        legal = legal_cards(s.hands[seat], led)
        runs = equal_runs(s, legal)
        keep: dict[Card, bool] = {}
        for top in sorted(set(runs.values())):
            after = play_card(s, top, rules)
            keep[top] = solver.at_least(after, v) if side_of(seat) == 0 else not solver.at_least(after, v + 1)
        good = sort_hand(c for c in legal if keep[runs[c]])
        if not good:
            raise RuntimeError("no card keeps the solved value (a corrupt table)")
        out.append(Ply(seat, good[0], good))
        s = play_card(s, good[0], rules)
    return v, out

"""The Normand dealer's whole deal, sampled: deals drawn from a seed, each option's value on each deal.

The dealer sees his ten; a deal is a random order of the 22 cards he cannot see: elder's ten, middle's ten,
then the talon's two. Deal ``i`` of stream ``s`` comes from numpy's generator seeded with ``(seed, s, i)``,
so a deal is the same whichever options are judged on it, in whichever batch or thread (paired figures,
reproducible from the seed). An option is keeping (``None``) or putting out two cards for the talon.

For each (deal, option), in nets doubled (2 x the dealer's points - the others'):

* ``value``: the deal by the play model: the declarations as ``score`` scores them (the dealer's carte
  blanche on his dealt hand), pique left to the play, then the dealer's paranoid value of the play
  (docs/rules.md, "Normand, the play": his net when elder and middle play together against him, every
  card seen);
* ``control``: the declarations alone as the exact analysis counts them (pique by elder's pique run), whose
  exact mean over every deal is the exact analysis's net (analysis/declarations_normand.py): the control variate.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ..cards import DECK, Card
from ..game.declarations import is_carte_blanche
from ..game.play_normand import DEALER, before_play_normand, net2, start_normand
from ..game.seating import score_seating
from ..rules import RuleSet
from . import families

Option = tuple[Card, ...] | None  # None keeps the hand; else the two cards put out


class DealsNormand:
    """Deals for one dealer's hand and the options' values on them; one solver per worker thread."""

    def __init__(self, hand: Sequence[Card], rules: RuleSet, seed: int, kernel: bool = True) -> None:
        self.hand = tuple(hand)
        self.rules = rules
        self.seed = seed
        self.unseen = [c for c in DECK if c not in self.hand]
        self.blanche = is_carte_blanche(self.hand, rules)  # on his dealt hand, whatever he exchanges
        self.kernel = kernel
        self._local = threading.local()
        self.solves = 0

    def deal(self, stream: int, i: int) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """Deal ``i`` of ``stream``: (elder's ten, middle's ten, the talon's two)."""
        order = np.random.default_rng([self.seed, stream, i]).permutation(len(self.unseen))
        cards = [self.unseen[k] for k in order]
        return tuple(cards[:10]), tuple(cards[10:20]), tuple(cards[20:22])

    def _solver(self):  # one per thread: a table is never shared by two solves at once
        if not hasattr(self._local, "solver"):
            from ..game.solve_normand import PlainSolverNormand
            from .play_normand import SolverNormand

            self._local.solver = (SolverNormand(self.rules, families.DEAL_NORMAND.name) if self.kernel
                                  else PlainSolverNormand(self.rules))
        return self._local.solver

    def one(self, stream: int, i: int, option: Option) -> tuple[int, int]:
        """(value, control) of ``option`` on deal ``i`` of ``stream`` (module docstring), nets doubled."""
        elder, middle, talon = self.deal(stream, i)
        final = self.hand if option is None else tuple(c for c in self.hand if c not in option) + talon
        hands = (elder, middle, final)
        score = score_seating(hands, self.rules, blanche=(is_carte_blanche(elder, self.rules),
                                                        is_carte_blanche(middle, self.rules), self.blanche))
        control = 3 * score.total(DEALER) - sum(score.total(s) for s in range(3))
        before, live = before_play_normand(score)
        state = start_normand(hands, self.rules, before, live)
        solver = self._solver()
        if hasattr(solver, "kn"):
            solver.kn.begin_normand(solver.tt)
        else:
            solver.memo.clear()
        value = net2(state.totals, DEALER) + solver.future(state, DEALER)
        return value, control

    def values(self, stream: int, lo: int, hi: int, options: Sequence[Option], pool: ThreadPoolExecutor,
               tick: Callable[[int], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Values and controls (nets doubled) of ``options`` on deals ``lo`` to ``hi`` - 1: two arrays of shape
        (len(options), hi - lo), the work shared by the pool's threads, a deal's options a piece."""
        y = np.zeros((len(options), hi - lo), dtype=np.int64)
        x = np.zeros_like(y)

        def piece(i: int) -> int:
            for j, option in enumerate(options):
                y[j, i - lo], x[j, i - lo] = self.one(stream, i, option)
            return len(options)

        for n in pool.map(piece, range(lo, hi)):
            self.solves += n
            if tick is not None:
                tick(n)
        return y, x

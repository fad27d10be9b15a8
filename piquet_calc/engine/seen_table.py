"""The seat view of three and four, solved: every legal card of the seat to move valued at many positions (one per
layout of the unseen cards), each as ``play`` solves it (four: side against side; Normand: the paranoid model,
the seat against the other two), on the worker threads of engine/pool.py, one solver (and its table) per thread.

``card_values(states, seat, rules, threads, kernel) -> np.ndarray`` [layout, card]: the seat's value after each of
his legal cards (the same cards at every state: his hand and the trick are the same in every layout) in the order
of ``legal``: four, his side's final total minus the other side's (doubled: 2x, so that both games give integers
as Normand's nets doubled); Normand, his final net doubled (twice his total minus the two others'). The solvers
come from engine/solvers.py's ``solver_for`` (the kernels when compiled, else the plain solver: the same values).
The kernels of four and Normand value one position a call (no batch entry point), so each thread loops over its
share of the positions.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from ..cards import Card
from ..game.play_four import StateFour, side_of
from ..game.play_normand import StateNormand, net2
from ..rules import RuleSet
from . import pool

PIECES_PER_THREAD = 4  # the positions are cut into this many pieces per thread, for an even load

_local = threading.local()


def _solver(rules: RuleSet, kernel: bool):
    """This thread's solver for ``rules`` (kept for the thread's life: its table is never shared)."""
    from .solvers import solver_for

    key = (rules, kernel)
    if getattr(_local, "key", None) != key:
        _local.solver, _local.key = solver_for(rules, kernel), key
    return _local.solver


def _value_four(solver, s: StateFour, seat: int, legal: Sequence[Card]) -> list[int]:
    sign = 1 if side_of(seat) == 0 else -1
    if hasattr(solver, "card_values"):
        vals = solver.card_values(s, list(legal))
    else:  # the plain solver: each card played, the rest solved
        from ..game.play_four import play_card

        vals = [solver.value(play_card(s, c, solver.rules)) for c in legal]
    return [2 * sign * v for v in vals]


def _value_normand(solver, s: StateNormand, seat: int, legal: Sequence[Card]) -> list[int]:
    base = net2(s.totals, seat)
    by_card = dict(solver.card_values(s))
    return [base + by_card[c] for c in legal]


def card_values(states: Sequence[StateFour | StateNormand], seat: int, legal: Sequence[Card], rules: RuleSet,
                threads: int = 0, kernel: bool = True) -> np.ndarray:
    """The value of each of ``legal`` at each of ``states`` (module docstring), int64 [len(states), len(legal)]."""
    if not states:
        return np.zeros((0, len(legal)), dtype=np.int64)
    four = rules.game.four
    value = _value_four if four else _value_normand
    asked = list(legal)
    if four:  # a run of his cards with no live card between them is worth one value, in every layout alike
        from ..game.solve_four import equal_runs

        runs = equal_runs(states[0], asked)
        asked = sorted(set(runs.values()), key=asked.index)
    column = [asked.index(runs[c]) if four else j for j, c in enumerate(legal)]
    n = len(states)
    workers = threads if threads > 0 else pool.workers()
    pieces = min(n, workers * PIECES_PER_THREAD)
    bounds = [p * n // pieces for p in range(pieces + 1)]

    out = np.zeros((n, len(asked)), dtype=np.int64)

    def work(p: int) -> None:
        solver = _solver(rules, kernel)
        for i in range(bounds[p], bounds[p + 1]):
            out[i] = value(solver, states[i], seat, asked)

    if workers == 1 or n == 1:
        for p in range(pieces):
            work(p)
    else:
        list(pool.threads(workers).map(work, range(pieces)))  # the kernels release the GIL
    return out[:, column]

"""The Normand play solver: three hands of ten, every card seen, the paranoid model (numba).

The rules are not decided here: ``game/play_normand.py`` states them in plain Python and this package is
tested equal to it (tests/test_play_normand.py: to ``minimax_normand`` on random endings, to the plain solver of
game/solve_normand.py on whole deals); the numbers come packed by ``engine.play_normand.params_normand``
in the order of ``kernels.layout.NPLAY_RULE_*``, the cards and capot as a table by the tricks won.

Values are for one seat, ``me``: what the rest of the play adds to his net doubled (2 * his points - the
others'), he maximising it and the two others minimising it (docs/rules.md, "The play of three and four").
Against a coalition the game is two-sided, so the two-hand solver's method carries over, card by card:

* ``step.py``: one card played (the lead point, the trick's points with the third card, elder's pique), the
  table's keys by relative ranks, the move order with equivalent cards played once;
* ``search.py``: zero-window alpha-beta without recursion, MTD(f), and every legal card valued.

It shares the two-hand solver's bit tricks, its equivalent cards (``_reps``) and relative cards
(kernels/play/bits.py, moves.py, transposition.py), and the play solvers' transposition table and MTD(f) step
(kernels/transposition.py, kernels/mtdf.py), without changing them.
"""

from __future__ import annotations

from .search import at_least_normand, card_values_normand, new_work, value_normand
from .step import MAX_NEED, begin_normand

__all__ = ["MAX_NEED", "at_least_normand", "begin_normand", "card_values_normand", "new_work", "value_normand"]

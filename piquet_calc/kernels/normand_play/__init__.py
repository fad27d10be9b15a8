"""The Normand play solver: three hands of ten, every card seen, the paranoid model (numba).

The rules are not decided here: ``game/normand_play.py`` states them in plain Python and this package is
tested equal to it (tests/test_normand_play.py: to ``minimax3`` on random endings, to the plain solver of
game/normand_solve.py on whole deals); the numbers come packed by ``engine.normand_play.normand_params``
in the order of ``kernels.layout.NPLAY_RULE_*``, the cards and capot as a table by the tricks won.

Values are for one seat, ``me``: what the rest of the play adds to his net doubled (2 * his points - the
others'), he maximising it and the two others minimising it (docs/rules.md, "The play of three and four").
Against a coalition the game is two-sided, so the two-hand solver's method carries over, card by card:

* ``step.py``: one card played (the lead point, the trick's points with the third card, elder's pique), the
  table's keys by relative ranks, the move order with equivalent cards played once;
* ``search.py``: zero-window alpha-beta without recursion, MTD(f), and every legal card valued.

It shares the two-hand solver's bit tricks, its equivalent cards (``_reps``) and relative cards
(kernels/play/bits.py, moves.py, table.py), and the play solvers' table and MTD(f) step (kernels/search_table.py,
kernels/mtdf.py), without changing them.
"""

from __future__ import annotations

from .search import at_least3, card_values3, new_work, value3
from .step import MAX_NEED, begin3

__all__ = ["MAX_NEED", "at_least3", "begin3", "card_values3", "new_work", "value3"]

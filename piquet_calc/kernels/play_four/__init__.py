"""The play of four solved: the exact double-dummy value of the play of a deal of piquet for four (numba).

The rules are not decided here: ``game/play_four.py`` states them in plain Python and this package is
tested equal to it (``tests/test_play_four.py``: to ``minimax_four`` on random endings, to game/solve_four.py's
plain solver on whole deals); the numbers come packed by ``engine.play_four.params_four`` in the order of
``kernels.layout.FOUR_RULE_*``.

Values are elder's side's final total minus the other side's (elder and third against second and the
dealer); elder's side maximises it, the other side minimises it. The kernels return the *future* value of
a position: what the rest of the play adds to that difference (leads, tricks, pique, the cards or capot).

The search, as the two-handed solver's (kernels/play/) scaled to four seats and taken card by card: MTD(f)
zero-window alpha-beta searches from a quick playout's value; a transposition table at each trick's start keyed by
relative ranks (the two-handed transposition table's rows, slot and stamp: ``transposition.py``); equivalent cards
played once and a move order (``moves.py``); the last trick played out at once (``score.py``). What is shared with
kernels/play/ is imported, not copied: the bit tricks (``play/bits.py``), the transposition table
(kernels/transposition.py's ``new_transposition``, ``_slot``; ``play/transposition.py``'s ``begin``) and MTD(f)'s
step (kernels/mtdf.py).

Interface (engine/play_four.py calls it; every kernel is ``nogil``): a position is an int64 array of
``POSITION_FIELDS`` (score.py: the four hands, the leader, the trick under way, each side's tricks, the
pique need); ``position_value(position, params, tt, work)`` its future value, ``at_least(position, target,
params, tt, work)`` one zero-window question, ``card_values(position, cards, params, tt, work, out)`` the
future value after each legal card. ``tt`` from ``new_transposition()`` (one per thread), ``work`` from ``new_work()``.

Its rooms: ``score.py`` (a card played and scored, the end of the play), ``transposition.py`` (the keys), ``moves.py``
(move generation and order), ``search.py`` (the search, its MTD(f) driver and the entry kernels).
"""

from __future__ import annotations

from ..play.transposition import begin
from ..transposition import new_transposition
from .score import POSITION_FIELDS
from .search import at_least, card_values, new_work, position_value

__all__ = ["POSITION_FIELDS", "at_least", "begin", "card_values", "new_transposition", "new_work", "position_value"]

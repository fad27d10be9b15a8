"""The play solver: the exact double-dummy value of the play of a deal, both hands known (numba).

The rules are not decided here: ``game/play.py`` states them in plain Python and this package is tested
equal to it (``tests/test_play.py``); the numbers come packed by ``engine.play.play_params`` in the
order of ``kernels.layout.PLAY_RULE_*``.

Values are elder's final total for the deal minus the dealer's; elder maximises it and the dealer
minimises it (each maximising his own total minus the other's). ``_search`` returns the *future*
value of a position: what the rest of the play adds to that difference (the trick points, pique, the
cards or capot, and the deal bonus).

A position between tricks is ``(em, dm, leader, et, dt, diff, need)``: the cards left in elder's and
the dealer's hands (32-bit masks, bit ``suit * 8 + rank``), who leads (0 elder, 1 dealer), the tricks
each has won, elder's total minus the dealer's so far (it matters only for the deal bonus), and the
points elder still needs for pique (0 when pique is no longer live).

The search (after dds-bridge/dds's account of its own, scaled to two hands and a points score):

* zero-window alpha-beta searches over whole tricks (the leader's card, then the follower's), driven
  by MTD(f) from the value of a quick playout, its steps doubling and then halving the interval
  left; a transposition table keyed by relative ranks (positions whose live cards lie alike in every
  suit share an entry) keeps a lower and an upper bound of each position's value and its best lead;
  the line and the equally good cards are found by zero-window searches on the warm table; the
  table is small (2**16 rows, 1.5 MB: one solve stores a few thousand positions), so that its rows
  stay in the core's cache;
* equivalent cards played once: of a player's cards of one suit with no live card of the opponent
  (or the card led) between them and on the same side of the scoring rank, one stands for all;
* move ordering: the table's best lead first, then sure winners (scoring ones, and those of suits
  long in the leader's hand and short in the opponent's, first), then losing leads (scoring ones,
  and those of suits the opponent holds few of, first); the follower tries his lowest winning
  card, then his lowest card (the first reply tried refutes the lead 99% of the time it can be
  refuted; probing the table for a reply that refutes at once cost more time than it saved);
* quick-trick bounds: the leader's worst (he cashes his sure winners, the opponent takes every
  other trick at the most a trick can bring him) and his best (he takes every trick), tested
  before a position is searched; two cards each are solved directly; and when the leader can cash
  every card he holds (in each suit, the opponent void or holding no more cards than the leader
  has above the opponent's best), the rest of the play is scored at once. The bounds and the cash
  are used only where winning every trick cannot be worse for him (``win_opponent_lead <= lead +
  win_own_lead``, and for the cash the last lead's extra only with every card scoring), which holds
  for every preset.

Interface for other kernels (issue 14's sampler calls it from worker threads; everything here is
``nogil``): ``solve_deal(elder_mask, dealer_mask, params, elder_before, dealer_before, pique_live, tt)``
returns ``(value, elder_play, dealer_play)``: elder's final deal total minus the dealer's, and the
points each side gains in the play (trick points, pique, the cards or capot, the deal bonus) along one
optimal line. ``params`` is ``engine.play.play_params(rules)``; ``tt`` is a transposition table from
``new_transposition()`` (one per thread: a table is never shared by two solves at once); ``elder_before`` and
``dealer_before`` are the declaration totals with repique; ``pique_live`` is whether elder may still
pique (no repique, the dealer at nothing).

Its rooms, each explained at its top (as dds-bridge/dds gives its parts a file each):

* ``bits.py``: bit tricks on card masks (the index of a bit, popcount, pext on a byte);
* ``score.py``: a trick's points and the end of the play, as game/play.py scores them;
* ``moves.py``: move generation and ordering, equivalent cards played once;
* ``transposition.py``: the transposition table, keyed by relative ranks;
* ``bounds.py``: positions valued without a search (the last two tricks, a cash-out) and quick-trick bounds;
* ``search.py``: the zero-window alpha-beta search over whole tricks and its MTD(f) driver;
* ``line.py``: the optimal line and the whole-deal solve, the interface other kernels and the engine call.
"""

from __future__ import annotations

from ..transposition import INF, new_transposition
from .line import LINE_TRICKS, solve_deal, solve_line
from .search import new_buffer, position_value
from .transposition import MAX_DIFF, begin

__all__ = ["INF", "LINE_TRICKS", "MAX_DIFF", "begin", "new_buffer", "new_transposition", "position_value", "solve_deal",
           "solve_line"]

"""Numba kernels for piquet for four (two partnerships): one deal scored, and the exact enumeration of a
seat's declarations over every deal of the 24 cards it cannot see.

Mirrors ``game.seating.score_seating`` for partnerships and is tested equal to it deal by deal. Seats: 0 elder,
1 second, 2 third, 3 dealer; sides 0 (elder and third) and 1. The rules come as tables built in plain
Python by ``engine.declarations_four.arrays_four``: each suit's point, sequence and rank entries (``suit_tab`` of
engine.rule_arrays), each suit's ranks as 3-bit counts for the sets (``rank_tab``), the sets of a rank count
vector (``set_tab``), the cards elder cashes in a suit (``cash_tab``) and the trick his partner takes
from him (``over_tab``); scalars in ``kernels.layout.SEATING_RULE_*``.

Its rooms: ``deal.py`` (one deal scored), ``plain.py`` (the partner count, every split one at a time: the
reference) and ``fast.py`` (the same count with the splits grouped by what each suit's division gives).
"""

from __future__ import annotations

from .deal import score_deal_four
from .fast import count_chunk_fast, count_partner_fast, fast_work
from .plain import count_chunk, count_partner

__all__ = ["count_chunk", "count_chunk_fast", "count_partner", "count_partner_fast", "fast_work", "score_deal_four"]

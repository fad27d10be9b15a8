"""The declaration counts (numba): every discard's declarations against every draw and opponent holding.

Nothing outside kernels/ imports numba. The rules are not decided here: suit values, sequences and
run_tab cards come from ``engine/rule_arrays.py`` (built from ``game/declarations.py``), scalars from
``engine.rule_arrays.kernel_params``. What is here mirrors ``game.declarations.score_deal`` and is tested
equal to it deal by deal. A hand is a 32-bit mask (bit ``suit * 8 + rank``). "me" is the player
analysed, "opp" the opponent.

Its rooms, each explained at its top:

* ``hand.py``: a hand's features (point, sequence, sets, carte rouge) from its mask;
* ``pique.py``: pique and repique before the play (elder's pique run, who can reach it, their counts);
* ``outcome.py``: one deal's declarations, both hands known (``deal_outcome``);
* ``plain.py``: the plain engine, every deal one at a time (the reference the fast one is tested against);
* ``keys.py``: the keys that decide the declarations between two hands, and their dense codes;
* ``holdings.py``: the opponent's holdings of a draw, enumerated once and grouped by their keys;
* ``count.py``: the counting driver, per draw every discard against the grouped holdings.
"""

from __future__ import annotations

from ..jit import INLINED, JIT
from .count import add_totals, count_draws, kept_and_columns
from .hand import dealer_profiles, hand_features, next_subset, set_rules
from .holdings import binomials, every_holding
from .outcome import deal_outcome, score_one
from .pique import max_run_points, min_run_points, pique_live, repique_reached, run_points
from .plain import enumerate_discards, holding_count

__all__ = ["INLINED", "JIT", "add_totals", "binomials", "count_draws", "deal_outcome", "dealer_profiles",
           "enumerate_discards", "every_holding", "hand_features", "holding_count", "kept_and_columns",
           "max_run_points", "min_run_points", "next_subset", "pique_live", "repique_reached", "run_points",
           "score_one", "set_rules"]

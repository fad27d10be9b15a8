"""How sure ``discard --play``'s #1 is over its #2 (analysis/deal.py's ``DealAnalysis.sureness``): their paired
difference on the report deals, in standard errors, and the chance that #1 is the better discard under a
normal approximation of that difference."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .defaults import ODDS_MIN_DEALS

if TYPE_CHECKING:
    from .race import Estimate


@dataclass(frozen=True)
class Sureness:
    """#1 against #2: ``difference`` (#1's net minus #2's, points a deal) and its paired standard error ``se``
    over ``deals`` report deals; ``standard_errors`` the difference in them (None where the difference never
    varied); ``probability`` that #1 is the better (None from fewer than ODDS_MIN_DEALS deals, where a normal
    approximation says nothing)."""

    difference: float
    se: float
    standard_errors: float | None
    probability: float | None
    deals: int


def sureness_of(vs_best: Estimate) -> Sureness:
    """The sureness of #1 over #2 (module docstring) from #2's paired difference to #1 on the report deals
    (analysis/deal.py's ``DealDiscard.vs_best``)."""
    z = -vs_best.mean / vs_best.se if vs_best.se > 0 else None
    enough = vs_best.n >= ODDS_MIN_DEALS and z is not None
    p = 0.5 * math.erfc(-z / math.sqrt(2)) if enough and z is not None else None
    return Sureness(-vs_best.mean, vs_best.se, z, p, vs_best.n)


__all__ = ["Sureness", "sureness_of"]

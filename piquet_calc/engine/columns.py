"""The kernels' columns by name, for the analyses: the names of the count rows' columns, and named views
of the whole-deal evaluation's columns. An analysis reads a kernel's array through these, never by a
column number of kernels/layout.py (docs/engine.md, The layers).

Plain Python: importing it imports neither numpy nor numba.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..kernels.layout import (
    CLASSES_NORMAND,
    COUNT_NAMES,
    COUNT_NAMES_FOUR,
    COUNT_NAMES_NORMAND,
    DEAL_CARDS,
    DEAL_DEALER_CAPOT,
    DEAL_DEALER_DECLARATIONS,
    DEAL_DEALER_PLAY,
    DEAL_DEALER_REPIQUE,
    DEAL_ELDER_CAPOT,
    DEAL_ELDER_DECLARATIONS,
    DEAL_ELDER_PIQUE,
    DEAL_ELDER_PLAY,
    DEAL_ELDER_REPIQUE,
    DEAL_ELDER_RUN_PIQUE,
    SEATS_NORMAND,
    SIDES_FOUR,
)

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class DealColumns:
    """One discard's whole-deal rows (deals x columns, engine.deal.DealSampler.evaluate), column by column:
    each field a view, one value per deal."""

    elder_declarations: np.ndarray  # before the play: carte blanche, the classes, carte rouge, the repique bonus
    dealer_declarations: np.ndarray
    elder_repique: np.ndarray
    dealer_repique: np.ndarray
    elder_run_pique: np.ndarray  # pique by elder's pique run (the uniform model's reading)
    elder_play: np.ndarray  # the play's points: pique, the cards, capot and the deal bonus included
    dealer_play: np.ndarray
    elder_pique: np.ndarray  # pique in the play
    cards: np.ndarray  # +1 elder won the cards, 0 divided, -1 the dealer
    elder_capot: np.ndarray
    dealer_capot: np.ndarray

    @classmethod
    def of(cls, cols: np.ndarray) -> DealColumns:
        return cls(cols[:, DEAL_ELDER_DECLARATIONS], cols[:, DEAL_DEALER_DECLARATIONS], cols[:, DEAL_ELDER_REPIQUE],
                   cols[:, DEAL_DEALER_REPIQUE],
                   cols[:, DEAL_ELDER_RUN_PIQUE], cols[:, DEAL_ELDER_PLAY], cols[:, DEAL_DEALER_PLAY],
                   cols[:, DEAL_ELDER_PIQUE], cols[:, DEAL_CARDS],
                   cols[:, DEAL_ELDER_CAPOT], cols[:, DEAL_DEALER_CAPOT])


__all__ = ["CLASSES_NORMAND", "COUNT_NAMES_NORMAND", "COUNT_NAMES_FOUR", "COUNT_NAMES", "SEATS_NORMAND", "SIDES_FOUR",
           "DealColumns"]

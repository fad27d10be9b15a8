"""The kernels' columns by name, for the analyses: the names of the count rows' columns, and named views
of the whole-deal evaluation's columns. An analysis reads a kernel's array through these, never by a
column number of kernels/layout.py (docs/engine.md, The layers).

Plain Python: importing it imports neither numpy nor numba.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..kernels import layout
from ..kernels.layout import (
    CLASSES_NORMAND,
    COUNT_NAMES,
    COUNT_NAMES_FOUR,
    COUNT_NAMES_NORMAND,
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
        names = ("ELDER_DECLARATIONS", "DEALER_DECLARATIONS", "ELDER_REPIQUE", "DEALER_REPIQUE", "ELDER_RUN_PIQUE",
                 "ELDER_PLAY", "DEALER_PLAY", "ELDER_PIQUE", "CARDS", "ELDER_CAPOT", "DEALER_CAPOT")  # as the fields
        return cls(*(cols[:, getattr(layout, "DEAL_" + name)] for name in names))


__all__ = ["CLASSES_NORMAND", "COUNT_NAMES_NORMAND", "COUNT_NAMES_FOUR", "COUNT_NAMES", "SEATS_NORMAND", "SIDES_FOUR",
           "DealColumns"]

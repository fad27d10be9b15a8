"""The kernels' columns by name, for the analyses: the names of the count rows' columns, and named views
of the whole-deal evaluation's columns. An analysis reads a kernel's array through these, never by a
column number of kernels/layout.py (docs/engine.md, The layers).

Plain Python: importing it imports neither numpy nor numba.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..kernels.layout import (
    CLASSES3,
    COUNT3_NAMES,
    COUNT4_NAMES,
    COUNT_NAMES,
    D_CARDS,
    D_D_CAPOT,
    D_D_DECL,
    D_D_PLAY,
    D_D_REPIQUE,
    D_E_CAPOT,
    D_E_DECL,
    D_E_PIQUE,
    D_E_PLAY,
    D_E_REPIQUE,
    D_E_RUN_PIQUE,
    SEATS3,
    SIDES4,
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
        return cls(cols[:, D_E_DECL], cols[:, D_D_DECL], cols[:, D_E_REPIQUE], cols[:, D_D_REPIQUE],
                   cols[:, D_E_RUN_PIQUE], cols[:, D_E_PLAY], cols[:, D_D_PLAY], cols[:, D_E_PIQUE], cols[:, D_CARDS],
                   cols[:, D_E_CAPOT], cols[:, D_D_CAPOT])


__all__ = ["CLASSES3", "COUNT3_NAMES", "COUNT4_NAMES", "COUNT_NAMES", "SEATS3", "SIDES4", "DealColumns"]

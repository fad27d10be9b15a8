"""Public API: analyses that return frozen result objects.

``analyse_discards`` (every legal discard, exact, the uniform-holdings model), ``analyse_declaration``
(one final hand's declarations, exact), the drawing odds (``odds``), and ``analyse_play`` (one deal's
play solved double dummy).
"""

from ..kernels.layout import COUNT_NAMES
from .discards import (
    Analysis,
    ClassCall,
    DeclarationAnalysis,
    DiscardResult,
    Position,
    analyse_declaration,
    analyse_discards,
    deals_for,
    discard_sizes,
)
from .odds import at_least, odds_rows, odds_words, simplest_odds
from .play import PlayAnalysis, PlayedTrick, analyse_play, parse_tricks

__all__ = ["COUNT_NAMES", "Analysis", "ClassCall", "DeclarationAnalysis", "DiscardResult", "PlayAnalysis",
           "PlayedTrick", "Position", "analyse_declaration", "analyse_discards", "analyse_play", "at_least",
           "deals_for", "discard_sizes", "odds_rows", "odds_words", "parse_tricks", "simplest_odds"]

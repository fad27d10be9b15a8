"""piquet-calc: exact discard and declaration odds for Piquet.

Importing the package does not import numba; the kernels load when an analysis runs.
"""

from .analysis import Analysis, DiscardResult, analyse_declaration, analyse_discards
from .cards import Card, CardError, Rank, Suit, parse_cards, parse_hand
from .rules import PRESETS, RUBICON, RulesError, RuleSet, get_rules

__all__ = ["Analysis", "Card", "CardError", "DiscardResult", "PRESETS", "RUBICON", "Rank", "RuleSet",
           "RulesError", "Suit", "analyse_declaration", "analyse_discards", "get_rules", "parse_cards", "parse_hand"]
__version__ = "0.1.0"

"""piquet-calc: exact discard and declaration odds for Piquet.

Importing the package imports neither numpy nor numba; the analyses load when first used, the kernels
when an analysis runs.
"""

from typing import Any

from .cards import Card, CardError, Rank, Suit, parse_cards, parse_hand
from .rules import PRESETS, RUBICON, RulesError, RuleSet, get_rules

__all__ = ["Analysis", "Card", "CardError", "DiscardResult", "PRESETS", "RUBICON", "Rank", "RuleSet",
           "RulesError", "Suit", "analyse_declaration", "analyse_discards", "get_rules", "parse_cards", "parse_hand"]
__version__ = "0.1.0"

_ANALYSIS = ("Analysis", "DiscardResult", "analyse_declaration", "analyse_discards")  # numpy on first use


def __getattr__(name: str) -> Any:
    if name not in _ANALYSIS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import analysis

    value = getattr(analysis, name)
    globals()[name] = value
    return value

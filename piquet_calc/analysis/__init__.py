"""Public API: analyses that return frozen result objects.

``analyse_discards`` (every legal discard, exact, the uniform-holdings model), ``analyse_declaration``
(one final hand's declarations, exact), the drawing odds (``odds``), and ``analyse_play`` (one deal's
play solved double dummy), ``analyse_seen_table`` (the card to play from one seat of three or four, over the
layouts of the unseen cards that fit what it saw and heard: seat/table.py's ``parse_table_heard`` reads the
announcements).
"""

from __future__ import annotations

import importlib
from typing import Any

# each name and the module it is imported from, on first use: importing the package imports no numpy
_WHERE = {
    "COUNT_NAMES": "..engine.columns",
    "ElderOrYounger": "..rules.model",
    **dict.fromkeys(("Analysis", "ClassCall", "DeclarationAnalysis", "DiscardResult",
                     "analyse_declaration", "analyse_discards", "deals_for", "discard_sizes"), ".discards"),
    **dict.fromkeys(("at_least", "odds_rows"), ".odds"),
    **dict.fromkeys(("odds_words", "simplest_odds"), "..wording"),
    **dict.fromkeys(("PlayAnalysis", "PlayedTrick", "analyse_play", "parse_tricks"), ".play"),
    **dict.fromkeys(("SeenTableAnalysis", "analyse_seen_table"), ".seen_table"),
}

__all__ = ["COUNT_NAMES", "Analysis", "ClassCall", "DeclarationAnalysis", "DiscardResult", "ElderOrYounger",
           "PlayAnalysis", "PlayedTrick", "SeenTableAnalysis", "analyse_declaration", "analyse_discards",
           "analyse_play", "analyse_seen_table", "at_least", "deals_for", "discard_sizes", "odds_rows", "odds_words",
           "parse_tricks", "simplest_odds"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

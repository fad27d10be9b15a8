"""Public API: analyses that return frozen result objects; every command's work callable from Python.

``analyse_discards`` (every legal discard, exact, the uniform-holdings model), ``analyse_declaration``
(one final hand's declarations, exact), the drawing odds (``odds``), ``analyse_play`` (one deal's
play solved double dummy), ``analyse_seen_table`` (the card to play from one seat of three or four, over the
layouts of the unseen cards that fit what it saw and heard: seat/table.py's ``parse_table_heard`` reads the
announcements), ``analyse_deal`` (``discard --play``: every discard on the whole deal, sampled),
why one discard and not another (``chosen_discards``, then ``exact_why``, ``sampled_why`` or ``why_normand``),
a partie's score sheet (``partie_sheet``) and the partie state a discard is ranked by (``partie_state``),
the review of a played deal (``analyse_review``), the announcements of two final hands and what each seat then
knows (``analyse_dialogue``), the play as one seat sees it (``analyse_seat_play``), and practice's decisions and
deals (``_PRACTICE`` below).
"""

from __future__ import annotations

import importlib
from typing import Any

# practice's public entry points, by module (kept apart: their names may change with practice's loop)
_PRACTICE = {
    ".practice": ("Grade", "engine_answer", "grade", "hint", "parse_answer", "position_data", "position_from_data"),
    ".practice_deal": ("drill_positions", "new_record", "record_positions"),
    # (practice_session's ``partie`` is left out: ``analysis.partie`` is a module of its own)
    ".practice_session": ("Aids", "DealResult", "Keeper", "drills", "drive", "given_deal", "mistakes", "play_deal"),
    ".judge": ("WholeRanking", "is_mistake", "mistake_rule"),
}

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
    **dict.fromkeys(("DealAnalysis", "analyse_deal"), ".deal"),
    **dict.fromkeys(("chosen_discards", "keep_deals"), ".why_chosen"),
    **dict.fromkeys(("Why", "exact_why", "sampled_why", "why_normand"), ".why"),
    **dict.fromkeys(("advice_rules", "partie_sheet", "partie_state"), ".partie_score"),
    **dict.fromkeys(("PartieState", "rank_by_partie"), ".partie"),
    **dict.fromkeys(("Review", "analyse_review"), ".review"),
    **dict.fromkeys(("DialogueAnalysis", "analyse_dialogue"), ".dialogue"),
    **dict.fromkeys(("SeatPlay", "analyse_seat_play"), ".seen_seat"),
    **{name: module for module, names in _PRACTICE.items() for name in names},
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

"""Piquet for four on the score sheet: deals added up by side (the books give no partie for four). Plain Python.

The books print no partie for four (docs/rules.md, The partie), so the sheet is the tool's reading and
names no winner: each deal writes each side's total, and the running totals are kept side by side. The
sides are fixed partnerships, players 1 and 3 against 2 and 4 (partners opposite); player 4 deals the first
deal and the deal passes to the left (to the last deal's elder), so player 1's side is elder's side in the
odd deals and player 2's in the even ones. A deal is given as the two sides' totals ("31 14": P1+P3's, then
P2+P4's) or as the record ``piquet-calc play --rules four --json`` writes (record/partie_from_play.py's
``deal_from_play_four``: its "elder+third" and "second+dealer" totals placed by the deal's number).
"""

from __future__ import annotations

from collections.abc import Sequence

from .partie import DealTotals, PartieError, PartieResult, SheetLine, dealer_of

PLAYERS = 4
SIDE_NAMES = ("P1+P3", "P2+P4")


def elder_side(number: int) -> int:
    """The side (0: players 1 and 3) of deal ``number``'s elder, the player after its dealer."""
    elder = dealer_of(number, PLAYERS) % PLAYERS + 1
    return (elder - 1) % 2


def score_sheet_four(deals: Sequence[DealTotals]) -> PartieResult:
    """The sheet of piquet for four: each deal's side totals and the running sums; never finished (no partie
    in the books: the module's docstring)."""
    lines, totals = [], (0, 0)
    for i, deal in enumerate(deals, 1):
        if deal.steps is not None or len(deal.scores) != 2:
            raise PartieError(f"deal {i}: four's sheet is kept by side: give 2 totals, P1+P3's then P2+P4's")
        if any(s < 0 for s in deal.scores):
            raise PartieError(f"deal {i}: a deal's totals are 0 or more")
        totals = (totals[0] + deal.scores[0], totals[1] + deal.scores[1])
        dealer = dealer_of(i, PLAYERS)
        lines.append(SheetLine(i, dealer, dealer % PLAYERS + 1, deal.scores, deal.scores, totals,
                              f"elder's side {SIDE_NAMES[elder_side(i)]}"))
    return PartieResult("four", 2, tuple(lines), totals, False, None, 0, "points",
                        next_dealer=dealer_of(len(lines) + 1, PLAYERS),
                        notes=("the books give no partie for four: the sheet adds each side's deals and names no "
                               "winner (the tool's reading)",))

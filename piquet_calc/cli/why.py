"""`discard --why DISCARD [--against OTHER]`: the options read and checked before any long work, and the
comparison written (analysis/why.py, report/why.py). Called from the discard command in app.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..cards import Card, CardError, parse_cards

if TYPE_CHECKING:
    from ..analysis.deal import DealAnalysis
    from ..analysis.discards import Analysis
    from ..analysis.table import NormandExchange

WhyOption = Annotated[str | None, typer.Option(
    "--why", help='Why not this discard: its rank and its difference to #1 split by source (carte blanche, point, '
    '... the tricks, the cards, capot), e.g. --why "7S QH 9D AC JC"; normand\'s dealer: "keep" or two cards.',
    show_default=False)]
AgainstOption = Annotated[str | None, typer.Option(
    "--against", help="With --why: compare with this discard instead of #1.", show_default=False)]

KEEP = "keep"
Chosen = tuple[tuple[Card, ...] | None, "tuple[Card, ...] | None | bool"]


def _read(text: str, what: str, keep_allowed: bool) -> tuple[Card, ...] | None:
    if keep_allowed and text.strip().lower() == KEEP:
        return None
    return parse_cards(text, what=what)


def chosen_discards(hand: Sequence[Card], sizes: Sequence[int], why: str | None, against: str | None,
                    keep_allowed: bool = False) -> Chosen | None:
    """``--why`` and ``--against`` read and checked against the hand and the seat's legal sizes (CardError,
    one line); None without --why. ``against`` False: compare with #1. ``keep_allowed``: normand's dealer,
    whose "keep" is read as None (no exchange)."""
    from ..analysis.why import check_discard

    if why is None:
        if against is not None:
            raise CardError("--against needs --why (the discard to compare)")
        return None
    out: list[Any] = []
    for text, what in ((why, "--why"), (against, "--against")):
        if text is None:
            out.append(False)
            continue
        try:
            cards = _read(text, what, keep_allowed)
        except CardError as e:
            raise CardError(f"{what}: {e}" if not str(e).startswith(what) else str(e)) from None
        if cards is not None:
            check_discard(hand, cards, sizes, what)
        out.append(cards)
    return out[0], out[1]


def exact_why_text(result: Analysis, chosen: Chosen, as_json: bool, inputs: dict[str, Any]) -> tuple[Any, str]:
    from ..analysis.why import exact_why
    from ..report.why import why_data, why_table

    data = why_data(exact_why(result, chosen[0], chosen[1]), inputs)
    return data, why_table(data)


def normand_why_text(result: NormandExchange, chosen: Chosen, inputs: dict[str, Any]) -> tuple[Any, str]:
    from ..analysis.why import normand_why
    from ..report.why import why_data, why_table

    data = why_data(normand_why(result, chosen[0], chosen[1]), inputs)
    return data, why_table(data)


def deal_why_text(deal: DealAnalysis, chosen: Chosen, inputs: dict[str, Any]) -> tuple[Any, str]:
    from ..analysis.why import sampled_why
    from ..report.why import why_data, why_table

    data = why_data(sampled_why(deal, chosen[0], chosen[1]), inputs)
    return data, why_table(data)


def keep_deals(chosen: Chosen | None) -> list[tuple[Card, ...]]:
    """The discards whose report deals analyse_deal must keep for the comparison."""
    if chosen is None:
        return []
    return [d for d in chosen if isinstance(d, tuple)]

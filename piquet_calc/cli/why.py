"""`discard --why DISCARD [--against OTHER]`: the options read and checked before any long work
(analysis/why_chosen.py), and the comparison written (analysis/why.py, report/why.py). Called from
cli/discard.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..analysis import why_chosen
from ..analysis.why_chosen import Chosen
from ..cards import Card
from .common import Answer, _user_errors, click_errors

if TYPE_CHECKING:
    from ..analysis.deal import DealAnalysis
    from ..analysis.declarations_normand import ExchangeNormand
    from ..analysis.discards import Analysis
    from ..analysis.partie import PartieState

WhyOption = Annotated[str | None, typer.Option(
    "--why", help='Why not this discard: its rank and its difference to #1 split by source (carte blanche, point, '
    '... the tricks, the cards, capot), each with the chances behind it, e.g. --why "7S QH 9D AC JC"; with '
    '--score also the partie value\'s difference; normand\'s dealer: "keep" or two cards.', show_default=False)]
AgainstOption = Annotated[str | None, typer.Option(
    "--against", help="With --why: compare with this discard instead of #1.", show_default=False)]


def chosen_discards(hand: Sequence[Card], sizes: Sequence[int], why: str | None, against: str | None,
                    keep_allowed: bool = False) -> Chosen | None:
    """``--why`` and ``--against`` read and checked against the hand and the seat's legal sizes
    (analysis/why_chosen.py's ``chosen_discards``): a usage error, one line; None without --why."""
    with _user_errors():
        return why_chosen.chosen_discards(hand, sizes, why, against, keep_allowed)


def exact_why_data(result: Analysis, chosen: Chosen, inputs: dict[str, Any]) -> dict[str, Any]:
    from ..analysis.why import exact_why
    from ..report.why import why_data

    return why_data(exact_why(result, chosen[0], chosen[1]), inputs)


def why_normand_data(result: ExchangeNormand, chosen: Chosen) -> dict[str, Any]:
    from ..analysis.why import why_normand
    from ..report.why import why_data

    return why_data(why_normand(result, chosen[0], chosen[1]), {})


def sampled_why_data(deal: DealAnalysis, chosen: Chosen, inputs: dict[str, Any], state: PartieState | None = None,
                     partie_rules: str | None = None) -> dict[str, Any]:
    """The sampled comparison's data; with ``state`` (--score) the partie value's difference too, looked up in
    ``partie_rules``'s table (analysis/partie_score.py's ``advice_rules``)."""
    from ..analysis.partie_value import PartieValueError
    from ..analysis.why import sampled_why
    from ..report.why import why_data

    try:
        return why_data(sampled_why(deal, chosen[0], chosen[1], state, partie_rules), inputs)
    except PartieValueError as e:
        raise click_errors.UsageError(f"--score: {e}") from None


def why_answer(data: dict[str, Any], ranking: Callable[[], str]) -> Answer:
    """The comparison: its JSON (discard-why), or the ranking's table and the comparison under it."""
    from ..report.why import why_table

    return Answer(lambda: data, lambda: ranking() + "\n\n" + why_table(data))

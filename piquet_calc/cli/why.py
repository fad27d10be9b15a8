"""`discard --why DISCARD [--against OTHER]`: the options read and checked before any long work, and the
comparison written (analysis/why.py, report/why.py). Called from cli/discard.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..cards import Card, CardError, format_cards, parse_cards
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

KEEP = "keep"
Chosen = tuple[tuple[Card, ...] | None, "tuple[Card, ...] | None | bool"]


def _read(text: str, what: str, keep_allowed: bool) -> tuple[Card, ...] | None:
    if keep_allowed and text.strip().lower() == KEEP:
        return None
    return parse_cards(text, what=what)


def chosen_discards(hand: Sequence[Card], sizes: Sequence[int], why: str | None, against: str | None,
                    keep_allowed: bool = False) -> Chosen | None:
    """``--why`` and ``--against`` read and checked against the hand and the seat's legal sizes (a usage error,
    one line); None without --why. ``against`` False: compare with #1. ``keep_allowed``: normand's dealer,
    whose "keep" is read as None (no exchange)."""
    with _user_errors():
        return _chosen(hand, sizes, why, against, keep_allowed)


def _chosen(hand: Sequence[Card], sizes: Sequence[int], why: str | None, against: str | None,
            keep_allowed: bool) -> Chosen | None:
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
        except CardError as e:  # named once: "duplicate card AS in --why" names the option already
            raise CardError(str(e) if what in str(e) else f"{what}: {e}") from None
        if cards is not None:
            check_discard(hand, cards, sizes, what)
        out.append(cards)
    if out[1] is not False and _same(out[0], out[1]):
        raise CardError(f"--against is the --why discard ({_text_of(out[0])}): name another, or leave --against out "
                        "to compare with #1")
    return out[0], out[1]


def _same(a: tuple[Card, ...] | None, b: tuple[Card, ...] | None) -> bool:
    return (None if a is None else frozenset(a)) == (None if b is None else frozenset(b))


def _text_of(d: tuple[Card, ...] | None) -> str:
    return KEEP if d is None else format_cards(d)


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
    ``partie_rules``'s table (cli/partie.py's ``advice_rules``)."""
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


def keep_deals(chosen: Chosen | None) -> list[tuple[Card, ...]]:
    """The discards whose report deals analyse_deal must keep for the comparison."""
    if chosen is None:
        return []
    return [d for d in chosen if isinstance(d, tuple)]

"""`piquet-calc score`: the declarations of one deal scored in counting order; ``score_document``, its --json
document (batch's too)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..cards import HAND_SIZE, CardError, parse_cards
from ..rules import RuleSet, get_rules
from .common import (
    Answer,
    JsonOption,
    QuietOption,
    RulesOption,
    WideOption,
    _given,
    _seating_hands,
    _silence,
    _user_errors,
    click_errors,
)


def score(
    ctx: typer.Context,
    hands: Annotated[list[str], typer.Argument(
        help="The final hands in seat order: two players elder's and younger's (the dealer's) twelve; normand "
             "elder's, middle's and the dealer's ten; four elder's, second's, third's and the dealer's eight.",
        show_default=False)],
    elder_dealt: Annotated[str, typer.Option(help="Two players: elder's dealt hand, for carte blanche.")] = "",
    younger_dealt: Annotated[str, typer.Option(help="Two players: younger's dealt hand, for carte blanche.")] = "",
    dealer_dealt: Annotated[str, typer.Option(help="Normand: the dealer's dealt hand, for carte blanche.")] = "",
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: QuietOption = False,
) -> None:
    """Score the declarations of one deal in counting order, with repique and elder's pique run."""
    _silence(quiet)
    given = _given(ctx, "elder_dealt", "younger_dealt", "dealer_dealt")  # given, even empty, is given
    score_answer(hands, elder_dealt=elder_dealt if "--elder-dealt" in given else None,
                 younger_dealt=younger_dealt if "--younger-dealt" in given else None,
                 dealer_dealt=dealer_dealt if "--dealer-dealt" in given else None, rules=rules).emit(as_json)


def score_document(hands: list[str], *, elder_dealt: str | None = None, younger_dealt: str | None = None,
                   dealer_dealt: str | None = None, rules: str = "rubicon") -> dict[str, Any]:
    """``score HANDS --json``'s document (a dealt hand None: not given); a usage error (one line) for bad
    options."""
    return score_answer(hands, elder_dealt=elder_dealt, younger_dealt=younger_dealt, dealer_dealt=dealer_dealt,
                        rules=rules).data()


def score_answer(hands: list[str], *, elder_dealt: str | None, younger_dealt: str | None, dealer_dealt: str | None,
                 rules: str) -> Answer:
    """The hands checked and the deal scored, for the document and the table."""
    from ..game.consistency import check_two_handed_deal
    from ..game.declarations import is_carte_blanche, score_deal

    with _user_errors():
        ruleset = get_rules(rules)
    if not ruleset.game.two_handed:
        return _seating_answer(hands, ruleset, dealer_dealt, elder_dealt is not None or younger_dealt is not None)
    if dealer_dealt is not None:
        raise click_errors.UsageError("--dealer-dealt is for normand; two players give --younger-dealt")
    if len(hands) != 2:
        raise click_errors.UsageError(f"{ruleset.name} is a game for two: give elder's and younger's hands, "
                                      f"not {len(hands)}")
    with _user_errors():
        e = parse_cards(hands[0], HAND_SIZE, "elder's hand")
        d = parse_cards(hands[1], HAND_SIZE, "younger's hand")
        both = set(e) & set(d)
        if both:
            raise CardError(f"{sorted(both)[0]} is in both hands")
        e_dealt = parse_cards(elder_dealt, HAND_SIZE, "elder's dealt hand") if elder_dealt is not None else e
        d_dealt = parse_cards(younger_dealt, HAND_SIZE, "younger's dealt hand") if younger_dealt is not None else d
        check_two_handed_deal(e, d, e_dealt if elder_dealt is not None else None,
                              d_dealt if younger_dealt is not None else None, ruleset)
    from .. import report

    result = score_deal(e, d, ruleset, elder_blanche=is_carte_blanche(e_dealt, ruleset),
                        dealer_blanche=is_carte_blanche(d_dealt, ruleset))
    return Answer(lambda: report.score_data(e, d, result, ruleset),
                  lambda: report.score_table(e, d, result, ruleset))


def _seating_answer(hands: list[str], ruleset: RuleSet, dealer_dealt: str | None, two_handed_dealt: bool) -> Answer:
    """score for three or four players."""
    from ..game.consistency import check_seating_deal
    from ..game.declarations import is_carte_blanche
    from ..game.seating import score_seating

    if two_handed_dealt:
        raise click_errors.UsageError(f"--elder-dealt and --younger-dealt are for two players; {ruleset.name} "
                                      "reads only --dealer-dealt (normand)")
    cards = _seating_hands(hands, ruleset)
    with _user_errors():
        blanche = [is_carte_blanche(h, ruleset) for h in cards]
        if dealer_dealt is not None:
            dealt = parse_cards(dealer_dealt, ruleset.table.hand_size, "the dealer's dealt hand")
            check_seating_deal(cards, dealt, ruleset)
            blanche[-1] = is_carte_blanche(dealt, ruleset)
    from .. import report

    result = score_seating(cards, ruleset, blanche)
    return Answer(lambda: report.seating_score_data(cards, result), lambda: report.seating_score_table(cards, result))

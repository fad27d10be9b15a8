"""`piquet-calc odds`: the chance of drawing named cards; ``odds_document``, its --json document (batch's too)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..cards import DECK, HAND_SIZE, parse_cards
from ..rules import get_rules, span
from .common import (
    Answer,
    ElderOption,
    JsonOption,
    QuietOption,
    RulesOption,
    WideOption,
    YoungerOption,
    _silence,
    _user_errors,
    click_errors,
)


def odds(
    cards: Annotated[str, typer.Argument(help='The cards you want, e.g. "AH KH".')],
    take: Annotated[int | None, typer.Option(help="How many cards you take (elder 5, younger 3 by default).")] = None,
    at_least: Annotated[int | None, typer.Option(help="Only the chance of at least this many.")] = None,
    unseen: Annotated[int, typer.Option(help="How many cards you cannot see.")] = len(DECK) - HAND_SIZE,
    elder: ElderOption = False,
    younger: YoungerOption = False,
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: QuietOption = False,
) -> None:
    """The chance of drawing at least j of the named cards, exact, with the odds as the old books give them."""
    _silence(quiet)
    odds_answer(cards, take=take, at_least=at_least, unseen=unseen, elder=elder, younger=younger,
                rules=rules).emit(as_json)


def odds_document(cards: str, *, take: int | None = None, at_least: int | None = None,
                  unseen: int = len(DECK) - HAND_SIZE, elder: bool = False, younger: bool = False,
                  rules: str = "rubicon") -> dict[str, Any]:
    """``odds CARDS --json``'s document; a usage error (one line) for bad options."""
    return odds_answer(cards, take=take, at_least=at_least, unseen=unseen, elder=elder, younger=younger,
                       rules=rules).data()


def odds_answer(cards: str, *, take: int | None, at_least: int | None, unseen: int, elder: bool, younger: bool,
                rules: str) -> Answer:
    """The options checked and the chances computed, for the document and the table."""
    with _user_errors():
        named = parse_cards(cards, what="the named cards")
        ruleset = get_rules(rules)
    if not named:
        raise click_errors.UsageError("name at least one card you want, e.g. \"AH KH\"")
    most_unseen = len(DECK) - ruleset.table.hand_size  # all but one's own hand
    if not 1 <= unseen <= most_unseen:
        raise click_errors.UsageError(f"--unseen must be 1 to {most_unseen} (a {len(DECK)}-card pack less your "
                                      f"{ruleset.table.hand_size}), not {unseen}")
    if elder and younger:
        raise click_errors.UsageError("say at most one of --elder or --younger")
    if (elder or younger) and not ruleset.game.two_handed:
        raise click_errors.UsageError(f"--elder and --younger are for two players; under {ruleset.name} give --take "
                                      "and --unseen")
    # what the rules let each hand take (elder's 0 is refusing: nothing to draw)
    legal = (set(ruleset.elder_discards) if elder
             else {m for k in ruleset.elder_discards for m in ruleset.dealer_discards(k)} if younger else None)
    if take is None:
        if not (elder or younger):
            raise click_errors.UsageError("give --take, or one of --elder (takes 5) or --younger (takes 3)")
        take = 5 if elder else 3
    if legal is not None and take not in legal - {0}:
        raise click_errors.UsageError(f"--take: {'elder' if elder else 'younger'} may take {span(sorted(legal - {0}))} "
                                      f"cards under {ruleset.name}, not {take}")
    most_take = min(unseen, ruleset.table.talon)
    if not 1 <= take <= most_take:
        raise click_errors.UsageError(f"--take must be 1 to {most_take} (the talon has {ruleset.table.talon} cards, "
                                      f"{unseen} unseen), not {take}")
    if len(named) > unseen:
        raise click_errors.UsageError(f"{len(named)} named cards, but only {unseen} are unseen")
    js = [at_least] if at_least is not None else list(range(1, min(len(named), take) + 1))
    if any(not 1 <= j <= len(named) for j in js):
        raise click_errors.UsageError(f"--at-least must be 1 to {len(named)}")
    from .. import report
    from ..analysis.odds import odds_rows

    rows = odds_rows(len(named), take, unseen, js)
    return Answer(lambda: report.odds_data(named, take, unseen, rows),
                  lambda: report.odds_table(named, take, unseen, rows))

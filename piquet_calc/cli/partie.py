"""`piquet-calc partie`: keep the score of a partie deal by deal (game/partie.py); registered in app.py.

Plain Python: it imports nothing that loads numba."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..analysis import partie_score
from ..analysis.partie_score import deal_texts, partie_rules, partie_sheet
from ..game.partie import PartieError
from ..rules.model import RuleSet
from .common import (
    Answer,
    JsonOption,
    QuietOption,
    RulesOption,
    WideOption,
    _silence,
    _user_errors,
    click_errors,
)

if TYPE_CHECKING:
    from ..analysis.deal import DealAnalysis
    from ..analysis.partie import PartieState


def _stdin_text() -> str:
    if sys.stdin is None or sys.stdin.isatty():
        raise click_errors.UsageError("no deals: give them as arguments (\"31 14\" \"9 52\" ...) or on stdin, "
                                      "one a line")
    return sys.stdin.read()


def partie(
    deals: Annotated[list[str] | None, typer.Argument(help='Each deal: the players\' totals in player order, e.g. '
                                                        '"31 14" (player 1 is elder in the first deal), or in '
                                                        'counting order as steps PLAYER:POINTS, e.g. "1:5 2:14 1:3". '
                                                        'None: read stdin, one deal a line, or the JSON that '
                                                        '`play --json` writes.', show_default=False)] = None,
    rules: RulesOption = "rubicon",
    four_deals: Annotated[bool, typer.Option("--four-deals", help="english only: the variant of four deals, the "
                                             "first and the last counting double (000).")] = False,
    target: Annotated[int | None, typer.Option(help="normand only: the agreed target, 100, 150 or 200 (001); "
                                               "default 100.", show_default=False)] = None,
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: QuietOption = False,
) -> None:
    """The score sheet of a partie under the preset's rules, and its result (docs/rules.md, The partie)."""
    _silence(quiet)
    partie_answer(deals, rules=rules, four_deals=four_deals, target=target).emit(as_json)


def partie_document(deals: list[str] | None = None, *, rules: str = "rubicon", four_deals: bool = False,
                    target: int | None = None) -> dict[str, Any]:
    """``partie DEALS --json``'s document (no deals: read stdin); a usage error (one line) for bad deals."""
    return partie_answer(deals, rules=rules, four_deals=four_deals, target=target).data()


def partie_answer(deals: list[str] | None, *, rules: str, four_deals: bool, target: int | None) -> Answer:
    """The deals read and the partie scored (analysis/partie_score.py's ``partie_sheet``), for the document and
    the table; a usage error (one line) for bad deals."""
    from ..report.partie import partie_data, partie_table

    try:
        with _user_errors():
            ruleset, _ = partie_rules(rules, four_deals=four_deals, target=target)  # checked before stdin is read
        texts = list(deals) if deals else deal_texts(_stdin_text())
        result = partie_sheet(texts, ruleset, four_deals=four_deals, target=target)
    except PartieError as e:
        raise click_errors.UsageError(str(e)) from None
    return Answer(lambda: partie_data(result, four_deals=four_deals, target=target),
                  lambda: partie_table(result, four_deals=four_deals, target=target))


# --- discard --play --score (issue 23, item 3): called from cli/discard.py -------------------------

def refuse_score(ruleset: RuleSet, score: str | None, deal_number: int | None) -> None:
    """``--score``/``--deal`` under rules whose partie has no two-handed score (normand, four): one line."""
    try:
        partie_score.refuse_score(ruleset, score, deal_number)
    except PartieError as e:
        raise click_errors.UsageError(str(e)) from None


def score_state(score: str | None, deal_number: int | None, rules_name: str, play: bool,
                elder: bool, ruleset: RuleSet | None = None) -> PartieState | None:
    """The partie state ``--score "ME OPP" --deal N`` give (analysis/partie_score.py's ``partie_state``), checked
    before the (long) analysis; None without --score; a usage error (one line) for a state it cannot reach."""
    try:
        return partie_score.partie_state(score, deal_number, rules_name, play, elder, ruleset)
    except PartieError as e:
        raise click_errors.UsageError(str(e)) from None


def _ranked(deal: DealAnalysis, state: PartieState, rules_name: str) -> list:
    from ..analysis.partie import rank_by_partie
    from ..analysis.partie_value import PartieValueError

    try:
        return rank_by_partie(list(deal.discards), state, rules_name)
    except PartieValueError as e:
        raise click_errors.UsageError(f"--score: {e}") from None


def score_aware_answer(deal: DealAnalysis, state: PartieState, rules_name: str) -> Answer:
    """The whole-deal result as without --score, then every finalist ranked by the expected partie value
    (``rules_name``: the table's preset, ``advice_rules``'s)."""
    from .. import report
    from ..report.partie import score_aware_data

    ranked = _ranked(deal, state, rules_name)
    return Answer(lambda: {**report.deal_data(deal), "partie": score_aware_data(state, ranked, rules_name)},
                  lambda: score_aware_text(deal, state, rules_name, ranked))


def score_aware_text(deal: DealAnalysis, state: PartieState, rules_name: str, ranked: list | None = None) -> str:
    """The whole-deal table, then the finalists ranked by the expected partie value (``discard --why --score``
    prints its comparison under it)."""
    from .. import report
    from ..report.partie import score_aware_table

    ranked = _ranked(deal, state, rules_name) if ranked is None else ranked
    return report.deal_table(deal) + "\n\n" + score_aware_table(state, ranked, rules_name)

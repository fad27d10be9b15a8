"""`piquet-calc partie`: keep the score of a partie deal by deal (game/partie.py); registered in app.py.

Plain Python: it imports nothing that loads numba."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..analysis.partie import PartieState
from ..cards import quote
from ..game.partie import DealTotals, PartieError, parse_deal, partie_name, score_partie
from ..game.partie_four import score_sheet_four
from ..game.partie_limits import check_before_deal, most_before, why_most
from ..jsontext import JsonTextError, raw_decode
from ..numerals import NumberError, parse_whole
from ..rules import get_rules
from ..rules.model import Game, RulesError, RuleSet
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

JSON_HINT = "the records `piquet-calc play --json` writes"


def read_deals(texts: list[str], game: Game, rules_name: str, own: str | None = None) -> list[DealTotals]:
    """Deals from the arguments, or from stdin's text: one deal a line ("31 14", or steps "1:5 2:14"), or the
    JSON records of `piquet-calc play --json`, one after another (indented or one a line). Lines that are
    blank or start with # are skipped. ``rules_name``: the partie's preset; ``own``: the rules' own name (a
    house-rules file's), which a record may carry instead."""
    if len(texts) == 1 and texts[0].lstrip().startswith("{"):
        return _play_records(texts[0], game, rules_name, own)
    return [parse_deal(t, i) for i, t in enumerate(texts, 1)]


class _NotARecordNumber(ValueError):
    """NaN or Infinity in a record: JSON as Python writes it, never a number ``play --json`` writes."""


def _refuse_constant(name: str) -> None:
    raise _NotARecordNumber(f"{name} is not a number a play record holds")


def _play_records(text: str, game: Game, rules_name: str, own: str | None = None) -> list[DealTotals]:
    """The records of ``play --json`` one after another, each checked against play.schema.json (with
    jsonschema, record/from_play.py's ``check_play``) before a number is read (normand: play-normand.schema.json,
    four: play-four.schema.json), then read by record/partie_from_play.py; anything else is one PartieError naming
    the deal."""
    from ..record.from_play import PlaySchemaError, check_play
    from ..record.partie_from_play import deal_from_played

    schema = "play" + game.suffix.replace("_", "-")  # play, play-normand, play-four
    pos, deals = 0, []
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos == len(text):
            return deals
        number = len(deals) + 1
        try:
            record, pos = raw_decode(text, pos, parse_constant=_refuse_constant)
        except json.JSONDecodeError as e:
            raise PartieError(f"deal {number}: not JSON ({e.msg} at character {e.pos}); give {JSON_HINT}, "
                              "or one deal a line as totals") from None
        except ValueError as e:  # a key twice, nested too deeply (jsontext); NaN, Infinity; a number too long
            why = str(e) if isinstance(e, JsonTextError | _NotARecordNumber) else "a number too long to read"
            raise PartieError(f"deal {number}: not one of {JSON_HINT}: {why}") from None
        try:
            check_play(record, schema)
        except PlaySchemaError as e:
            named = f" ({e.schema}.schema.json)" if e.schema else ""
            raise PartieError(f"deal {number}: not one of {JSON_HINT}{named}: {e.detail}") from None
        played = record.get("rules")
        if played not in (rules_name, own):
            raise PartieError(f"deal {number} was played under {played}, but the partie is {rules_name}'s")
        deals.append(deal_from_played(record, game, number))


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
    """The deals read and the partie scored, for the document and the table."""
    from ..report.partie import partie_data, partie_table

    with _user_errors():
        ruleset = get_rules(rules)
        four = ruleset.game.four  # the sheet by side (game/partie_four.py)
        name = "four" if four else partie_name(ruleset)
    if four and (four_deals or target is not None):
        raise click_errors.UsageError("--four-deals is english's and --target normand's, not four's")
    try:
        if deals:
            texts = list(deals)
        else:
            raw = _stdin_text()
            texts = [raw] if raw.lstrip().startswith("{") else [
                line for line in raw.splitlines() if line.strip() and not line.lstrip().startswith("#")]
        given = read_deals(texts, ruleset.game, name, ruleset.name)
        result = (score_sheet_four(given) if four
                  else score_partie(ruleset, given, four_deals=four_deals, target=target))
    except PartieError as e:
        raise click_errors.UsageError(str(e)) from None
    return Answer(lambda: partie_data(result, four_deals=four_deals, target=target),
                  lambda: partie_table(result, four_deals=four_deals, target=target))


# --- discard --play --score (issue 23, item 3): called from cli/discard.py -------------------------

def advice_rules(ruleset: RuleSet) -> str:
    """The preset whose partie table ``--score`` looks deals up in: the rules' own name, or a house-rules
    file's base preset (game/partie.py's ``partie_name``; the table assumes the preset's later deals)."""
    try:
        return partie_name(ruleset)
    except RulesError:
        return ruleset.name


def refuse_score(ruleset: RuleSet, score: str | None, deal_number: int | None) -> None:
    """``--score``/``--deal`` under rules whose partie has no two-handed score (normand, four): one line."""
    given = [name for name, value in (("--score", score), ("--deal", deal_number)) if value is not None]
    if given:
        raise click_errors.UsageError(f"{' and '.join(given)}: the score-aware advice is for two players; "
                                      f"{ruleset.name} is for {ruleset.game.players} players")


def score_state(score: str | None, deal_number: int | None, rules_name: str, play: bool,
                elder: bool, ruleset: RuleSet | None = None) -> PartieState | None:
    """The partie state ``--score "ME OPP" --deal N`` give, checked before the (long) analysis against the
    preset's partie (game/partie.py's ``check_before_deal``: a deal it plays, totals its earlier deals can
    give, the table's grid); None without --score. ``rules_name``: ``advice_rules``'s. A usage error for a
    preset without a partie table or a state it cannot reach."""
    from ..analysis.partie_value import ADVISED, GRID

    if score is None:
        if deal_number is not None:
            raise click_errors.UsageError("--deal needs --score")
        return None
    if not play:
        raise click_errors.UsageError("--score needs --play: the partie value is looked up deal by deal")
    parts = score.replace(",", " ").split()
    if len(parts) != 2:
        raise click_errors.UsageError(f"--score must be two totals, mine then the opponent's, e.g. \"155 68\", "
                                      f"not {quote(score)}")
    if deal_number is None:
        raise click_errors.UsageError("--score needs --deal N: this deal's number in the partie, from 1")
    if rules_name not in ADVISED:
        raise click_errors.UsageError(f"--score: no score-aware advice under {rules_name} (given for "
                                      f"{', '.join(ADVISED)})")
    ruleset = ruleset or get_rules(rules_name)
    try:
        check_before_deal(ruleset, (0, 0), deal_number)  # a deal the partie plays
        high = most_before(ruleset, deal_number)
        why = why_most(ruleset, deal_number)
        if rules_name in ("rubicon", "english") and high >= GRID:
            high, why = GRID - 1, f"the partie value table covers totals up to {GRID - 1}"
        me, opp = (parse_whole(p, f"--score's {which} before deal {deal_number} ({why})", 0, high)
                   for p, which in zip(parts, ("first total (mine)", "second total (the opponent's)"), strict=True))
        check_before_deal(ruleset, (me, opp), deal_number)
    except (NumberError, PartieError) as e:
        raise click_errors.UsageError(str(e) if isinstance(e, NumberError) else f"--score: {e}") from None
    return PartieState(me, opp, deal_number, "elder" if elder else "younger")


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

"""`piquet-calc partie`: keep the score of a partie deal by deal (game/partie.py); registered in app.py.

Plain Python: it imports nothing that loads numba."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from ..game.partie import Deal, PartieError, deal_from_play, dealer_of, parse_deal, partie_name, score_partie
from ..rules import get_rules
from .app import RulesOption, _emit, _user_errors, app, click_errors

JSON_HINT = "the records `piquet-calc play --json` writes"


def read_deals(texts: list[str], players: int, rules_name: str) -> list[Deal]:
    """Deals from the arguments, or from stdin's text: one deal a line ("31 14", or steps "1:5 2:14"), or the
    JSON records of `piquet-calc play --json`, one after another (indented or one a line). Lines that are
    blank or start with # are skipped."""
    if len(texts) == 1 and texts[0].lstrip().startswith("{"):
        return _play_records(texts[0], players, rules_name)
    return [parse_deal(t, i) for i, t in enumerate(texts, 1)]


def _play_records(text: str, players: int, rules_name: str) -> list[Deal]:
    if players != 2:
        raise PartieError(f"{JSON_HINT} are two-handed deals; {rules_name} is for {players} players")
    decoder, pos, deals = json.JSONDecoder(), 0, []
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos == len(text):
            return deals
        number = len(deals) + 1
        try:
            record, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as e:
            raise PartieError(f"deal {number}: not JSON ({e.msg} at character {e.pos}); give {JSON_HINT}, "
                              "or one deal a line as totals") from None
        if not isinstance(record, dict):
            raise PartieError(f"deal {number}: a JSON {type(record).__name__}, not one of {JSON_HINT}")
        played = record.get("rules")
        if played is not None and played != rules_name:
            raise PartieError(f"deal {number} was played under {played}, but the partie is {rules_name}'s")
        deals.append(deal_from_play(record, dealer_of(number), number))


def _stdin_text() -> str:
    if sys.stdin is None or sys.stdin.isatty():
        raise click_errors.UsageError("no deals: give them as arguments (\"31 14\" \"9 52\" ...) or on stdin, "
                                      "one a line")
    return sys.stdin.read()


@app.command()
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
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (schema in README) instead of a table.")]
    = False,
) -> None:
    """The score sheet of a partie under the preset's rules, and its result (docs/rules.md, The partie)."""
    from ..report.partie import partie_data, partie_table

    with _user_errors():
        ruleset = get_rules(rules)
        name = partie_name(ruleset)
    try:
        if deals:
            texts = list(deals)
        else:
            raw = _stdin_text()
            texts = [raw] if raw.lstrip().startswith("{") else [
                line for line in raw.splitlines() if line.strip() and not line.lstrip().startswith("#")]
        given = read_deals(texts, ruleset.table.players, name)
        result = score_partie(ruleset, given, four_deals=four_deals, target=target)
    except PartieError as e:
        raise click_errors.UsageError(str(e)) from None
    _emit(as_json, lambda: partie_data(result, four_deals=four_deals, target=target),
          lambda: partie_table(result, four_deals=four_deals, target=target))

"""Public API: a partie's score sheet from the deals as typed (``partie_sheet``), and the partie state before a
deal that ``discard --play --score`` ranks by (``partie_state``), each checked as the command checks it.

``partie_sheet(deals, rules, four_deals=, target=)`` reads each deal ("31 14", or steps "1:5 2:14 1:3"), or
one text holding the JSON records of `piquet-calc play --json` one after another, and scores the partie
(game/partie.py; the sheet by side under four, game/partie_four.py). ``partie_state(score, deal_number,
rules_name, ...)`` reads "ME OPP" and checks it against the preset's partie (game/partie_limits.py).
Anything wrong is one PartieError (game/partie.py) whose message is one line for the user; a bad preset is
the RulesError of ``get_rules``.

Plain Python: it imports nothing that loads numba (the play records' schema check imports jsonschema on use).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..cards import quote
from ..game.partie import DealTotals, PartieError, PartieResult, parse_deal, partie_name, score_partie
from ..game.partie_four import score_sheet_four
from ..game.partie_limits import check_before_deal, most_before, why_most
from ..jsontext import JsonTextError, raw_decode
from ..numerals import NumberError, parse_whole
from ..rules import get_rules
from ..rules.model import Game, RulesError, RuleSet

if TYPE_CHECKING:
    from .partie import PartieState

JSON_HINT = "the records `piquet-calc play --json` writes"


def deal_texts(raw: str) -> list[str]:
    """The deals in a text as stdin gives it: the JSON records of ``play --json`` as one text (it starts with
    ``{``), else one deal a line, lines blank or starting with # skipped."""
    if raw.lstrip().startswith("{"):
        return [raw]
    return [line for line in raw.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def partie_rules(rules: str | RuleSet, *, four_deals: bool = False, target: int | None = None) -> tuple[RuleSet, str]:
    """The rules of a partie and the preset whose partie they play ("four": the sheet by side), with the options
    checked against it: a PartieError for --four-deals or --target under four (RulesError: no such rules)."""
    ruleset = get_rules(rules) if isinstance(rules, str) else rules
    four = ruleset.game.four  # the sheet by side (game/partie_four.py)
    name = "four" if four else partie_name(ruleset)
    if four and (four_deals or target is not None):
        raise PartieError("--four-deals is english's and --target normand's, not four's")
    return ruleset, name


def partie_sheet(deals: list[str], rules: str | RuleSet = "rubicon", *, four_deals: bool = False,
                 target: int | None = None) -> PartieResult:
    """The score sheet and the result of the partie that ``deals`` make under ``rules`` (``partie DEALS``):
    each deal as typed, or one text of ``play --json`` records (``deal_texts`` splits a whole text).
    ``four_deals``: english's variant of four deals; ``target``: normand's (100, 150 or 200)."""
    ruleset, name = partie_rules(rules, four_deals=four_deals, target=target)
    given = read_deals(deals, ruleset.game, name, ruleset.name)
    if name == "four":
        return score_sheet_four(given)
    return score_partie(ruleset, given, four_deals=four_deals, target=target)


def read_deals(texts: list[str], game: Game, rules_name: str, own: str | None = None) -> list[DealTotals]:
    """Deals from the arguments, or from stdin's text: one deal a line ("31 14", or steps "1:5 2:14"), or the
    JSON records of `piquet-calc play --json`, one after another (indented or one a line). ``rules_name``: the
    partie's preset; ``own``: the rules' own name (a house-rules file's), which a record may carry instead."""
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


# --- discard --play --score (issue 23, item 3): the partie state before the deal ---------------------------------

def advice_rules(ruleset: RuleSet) -> str:
    """The preset whose partie table ``--score`` looks deals up in: the rules' own name, or a house-rules
    file's base preset (game/partie.py's ``partie_name``; the table assumes the preset's later deals)."""
    try:
        return partie_name(ruleset)
    except RulesError:
        return ruleset.name


def refuse_score(ruleset: RuleSet, score: str | None, deal_number: int | None) -> None:
    """``--score``/``--deal`` under rules whose partie has no two-handed score (normand, four): a PartieError."""
    given = [name for name, value in (("--score", score), ("--deal", deal_number)) if value is not None]
    if given:
        raise PartieError(f"{' and '.join(given)}: the score-aware advice is for two players; "
                          f"{ruleset.name} is for {ruleset.game.players} players")


def partie_state(score: str | None, deal_number: int | None, rules_name: str, play: bool,
                 elder: bool, ruleset: RuleSet | None = None) -> PartieState | None:
    """The partie state ``--score "ME OPP" --deal N`` give, checked before the (long) analysis against the
    preset's partie (game/partie_limits.py's ``check_before_deal``: a deal it plays, totals its earlier deals can
    give, the table's grid); None without --score. ``rules_name``: ``advice_rules``'s. A PartieError for a
    preset without a partie table or a state it cannot reach."""
    from .partie import PartieState
    from .partie_value import ADVISED, GRID

    if score is None:
        if deal_number is not None:
            raise PartieError("--deal needs --score")
        return None
    if not play:
        raise PartieError("--score needs --play: the partie value is looked up deal by deal")
    parts = score.replace(",", " ").split()
    if len(parts) != 2:
        raise PartieError(f"--score must be two totals, mine then the opponent's, e.g. \"155 68\", not {quote(score)}")
    if deal_number is None:
        raise PartieError("--score needs --deal N: this deal's number in the partie, from 1")
    if rules_name not in ADVISED:
        raise PartieError(f"--score: no score-aware advice under {rules_name} (given for {', '.join(ADVISED)})")
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
        raise PartieError(str(e) if isinstance(e, NumberError) else f"--score: {e}") from None
    return PartieState(me, opp, deal_number, "elder" if elder else "younger")


__all__ = ["JSON_HINT", "advice_rules", "deal_texts", "partie_rules", "partie_sheet", "partie_state", "read_deals",
           "refuse_score"]

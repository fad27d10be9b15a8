"""House rules: a TOML file naming a base preset and the fields it changes, checked in one place.

::

    base = "rubicon"
    repique_bonus = 100
    carte_rouge_points = 20
    [exchange]
    elder = [1, 2, 3]
    [play]
    scoring_rank = "T"

Three and four players (``base = "normand"`` or ``"four"``) also read ``[table_rules]``::

    base = "normand"
    [table_rules]
    cards_shared = 0   # 003: two tied for most tricks get nothing
    capot = 20         # 001
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

from ..cards import Rank
from .model import PlayPoints, RulesError, RuleSet, TableRules

# --- house rules -----------------------------------------------------------------------------------

_SCORE_LIMIT = 63  # the kernels pack one class's score of one hand in 6 bits


def load_rules(path: Path) -> RuleSet:
    """House rules: a TOML file with ``base = "<preset>"`` and any fields to change (and ``[play]``)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise RulesError(f"cannot read rules file {str(path)!r}: {e.strerror or e}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise RulesError(f"{path}: not valid TOML: {e}") from None
    return rules_from_dict(data, where=str(path), default_name=path.stem)


# fields of the earlier flat, two-seated RuleSet, still read from house-rule files
RENAMED = {"elder_discards": "exchange.elder", "dealer_discards_allowed": "exchange.dealer"}


def rules_from_dict(data: dict[str, Any], where: str = "rules", default_name: str = "house") -> RuleSet:
    """A RuleSet from TOML-like data: ``base`` preset, then overrides; errors name the field.

    ``[exchange]`` names seats (``elder = [1, 2, 3]``); the earlier top-level ``elder_discards`` and
    ``dealer_discards_allowed`` still load, as ``exchange.elder`` and ``exchange.dealer``.
    """
    from . import ALIASES, PRESETS

    data = dict(data)
    base_name = data.pop("base", "rubicon")
    if not isinstance(base_name, str) or ALIASES.get(base_name.lower(), base_name.lower()) not in PRESETS:
        raise RulesError(f"{where}: base: must be one of {', '.join(PRESETS)}, not {base_name!r}")
    base = PRESETS[ALIASES.get(base_name.lower(), base_name.lower())]
    play_data = _table(data.pop("play", {}), "play", where)
    table_data = _table(data.pop("table_rules", {}), "table_rules", where)
    exchange_data = _table(data.pop("exchange", {}), "exchange", where)
    for old, new in RENAMED.items():
        if old in data:
            seat = new.split(".")[1]
            if seat in exchange_data:
                raise RulesError(f"{where}: {old} and {new} both given: {old} is the old name of {new}")
            exchange_data[seat] = data.pop(old)
    known = {f.name for f in dataclasses.fields(RuleSet)} - {"play", "exchange", "table", "table_rules"}
    changes: dict[str, Any] = {"name": default_name, "source": f"{where}, based on {base.name}"}
    for key, value in data.items():
        if key not in known:
            fields = ", ".join(sorted(known | {"base", "play", "exchange", "table_rules"}))
            raise RulesError(f"{where}: unknown field {key!r} (fields: {fields})")
        changes[key] = _field_value(key, value, where)
    play_known = {f.name for f in dataclasses.fields(PlayPoints)}
    play_changes = {}
    for key, value in play_data.items():
        if key not in play_known:
            raise RulesError(f"{where}: unknown field 'play.{key}' (play fields: {', '.join(sorted(play_known))})")
        play_changes[key] = _field_value(f"play.{key}", value, where)
    changes["play"] = dataclasses.replace(base.play, **play_changes)
    if table_data and base.table.players == 2:
        raise RulesError(f"{where}: table_rules: only for three or four players (base normand or four), "
                         f"not {base.name}")
    table_known = {f.name for f in dataclasses.fields(TableRules)}
    table_changes = {}
    for key, value in table_data.items():
        if key not in table_known:
            raise RulesError(f"{where}: unknown field 'table_rules.{key}' "
                             f"(table_rules fields: {', '.join(sorted(table_known))})")
        table_changes[key] = _field_value(f"table_rules.{key}", value, where)
    changes["table_rules"] = dataclasses.replace(base.table_rules, **table_changes)
    seats = base.table.seats
    exchange = list(base.exchange)
    for seat, value in exchange_data.items():
        if seat not in seats:
            raise RulesError(f"{where}: unknown field 'exchange.{seat}' (seats: {', '.join(seats)})")
        exchange[seats.index(seat)] = _field_value(f"exchange.{seat}", value, where)
    changes["exchange"] = tuple(exchange)
    rules = dataclasses.replace(base, **changes)
    check_rules(rules, where)
    return rules


def _table(value: Any, name: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RulesError(f"{where}: {name}: must be a table ([{name}])")
    return dict(value)


def _rank(value: Any, name: str, where: str) -> Rank:
    text = str(value).strip().upper()
    symbols = {"10": Rank.TEN, **{r.symbol: r for r in Rank}}
    if text not in symbols:
        raise RulesError(f"{where}: {name}: not a rank: {value!r} (use 7 8 9 T J Q K A)")
    return symbols[text]


def _field_value(name: str, value: Any, where: str) -> Any:
    if name in ("name", "source"):
        if not isinstance(value, str) or not value.strip():
            raise RulesError(f"{where}: {name}: must be a non-empty string")
        return value.strip()
    if name in ("set_min_rank", "play.scoring_rank"):
        return _rank(value, name, where)
    if name == "blanche_ranks":
        if not isinstance(value, list) or not value:
            raise RulesError(f"{where}: {name}: must be a non-empty list of ranks, e.g. [\"K\", \"Q\", \"J\"]")
        return frozenset(_rank(v, name, where) for v in value)
    if name == "table_rules.double_blanche_repique":
        if not isinstance(value, bool):
            raise RulesError(f"{where}: {name}: must be true or false, not {value!r}")
        return value
    if name.startswith("exchange."):
        if not isinstance(value, list) or not value or not all(type(v) is int for v in value):
            raise RulesError(f"{where}: {name}: must be a non-empty list of whole numbers")
        return tuple(sorted(set(value)))
    if type(value) is not int or value < 0:
        raise RulesError(f"{where}: {name}: must be a whole number of points, 0 or more, not {value!r}")
    return value


def check_rules(rules: RuleSet, where: str) -> None:
    """Refuse values no deal can play, or that the kernels cannot count exactly; errors name the field."""
    shape = rules.table
    if shape.players == 2:
        elder_share, talon = shape.talon_shares[0], shape.talon
        if not all(0 <= k <= elder_share for k in rules.elder_discards):
            raise RulesError(f"{where}: exchange.elder: elder takes from his {elder_share}, so 0 to {elder_share}, "
                             f"not {list(rules.elder_discards)}")
        if not all(0 <= m <= talon for m in rules.dealer_discards_allowed):
            raise RulesError(f"{where}: exchange.dealer: 0 to {talon}, not {list(rules.dealer_discards_allowed)}")
        for k in rules.elder_discards:
            if not rules.dealer_discards(k):
                raise RulesError(f"{where}: exchange.dealer: leaves the dealer no legal exchange "
                                 f"when elder takes {k}")
    else:
        _check_table(rules, where)
    limits = {"blanche_points": rules.blanche_points, "carte_rouge_points": rules.carte_rouge_points}
    for name, value in limits.items():
        if value > _SCORE_LIMIT:
            raise RulesError(f"{where}: {name}: at most {_SCORE_LIMIT}, not {value}")
    # the most one hand's sets can score: quatorzes and trios in 12 cards
    most = max(q * rules.quatorze_points + t * rules.trio_points
               for q in range(4) for t in range(5) if 4 * q + 3 * t <= 12)
    if most > _SCORE_LIMIT:
        raise RulesError(f"{where}: quatorze_points/trio_points: a hand's sets could score {most}, "
                         f"more than {_SCORE_LIMIT}")
    for name in ("repique_threshold", "pique_threshold"):
        if not 1 <= getattr(rules, name) <= 255:
            raise RulesError(f"{where}: {name}: 1 to 255, not {getattr(rules, name)}")
    if rules.play.last_lead < rules.play.lead:
        raise RulesError(f"{where}: play.last_lead: at least play.lead ({rules.play.lead}), not {rules.play.last_lead}")


def _check_table(rules: RuleSet, where: str) -> None:
    """Three and four players: what game/table.py and kernels/table.py count (docs/rules.md, Three and four
    players). Only the dealer exchanges, none or the whole talon; the play scores every card."""
    shape, t = rules.table, rules.table_rules
    for seat, counts in zip(shape.seats[:-1], rules.exchange[:-1], strict=True):
        if counts != (0,):
            raise RulesError(f"{where}: exchange.{seat}: only the dealer may exchange, so [0], not {list(counts)}")
    if 0 not in rules.exchange[-1] or not set(rules.exchange[-1]) <= {0, shape.talon}:
        raise RulesError(f"{where}: exchange.dealer: none or the whole talon, so [0] or [0, {shape.talon}], "
                         f"not {list(rules.exchange[-1])}")
    if rules.carte_rouge_points:
        raise RulesError(f"{where}: carte_rouge_points: no carte rouge for {shape.players} players")
    p = rules.play
    if p.scoring_rank != Rank.SEVEN or p.seventh_trick or p.last_lead != p.lead:
        raise RulesError(f"{where}: play: for {shape.players} players every card scores (scoring_rank 7), "
                         "the last lead as any other and no seventh-trick bonus")
    if not 0 <= t.point_min_pips <= 80:
        raise RulesError(f"{where}: table_rules.point_min_pips: 0 to 80, not {t.point_min_pips}")
    if not 0 <= t.cards_tricks <= shape.hand_size:
        raise RulesError(f"{where}: table_rules.cards_tricks: 0 to {shape.hand_size}, not {t.cards_tricks}")
    if shape.partnerships and t.cards_tricks * 2 <= shape.hand_size and t.cards_tricks:
        raise RulesError(f"{where}: table_rules.cards_tricks: more than half the {shape.hand_size} tricks, "
                         f"not {t.cards_tricks}")
    if t.double_blanche_repique and not shape.partnerships:
        raise RulesError(f"{where}: table_rules.double_blanche_repique: only for partnerships")
    for name in ("cards", "cards_shared", "capot", "capot_shared"):
        if getattr(t, name) > 255:
            raise RulesError(f"{where}: table_rules.{name}: at most 255, not {getattr(t, name)}")

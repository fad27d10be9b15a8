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
import difflib
import stat
import tomllib
from pathlib import Path
from typing import Any

from ..cards import QUOTE_LIMIT, Rank, quote, quote_path
from .model import PlayPoints, RulesError, RuleSet, SeatingRules
from .presets import ALIASES, PRESETS

# --- house rules -----------------------------------------------------------------------------------

_SCORE_LIMIT = 63  # the kernels pack one class's score of one hand in 6 bits
MAX_FILE_BYTES = 1 << 20  # a house-rules file is a few lines; a bigger one is not one
NAME_LIMIT, SOURCE_LIMIT = 40, 300

# Every whole-number field and what the game allows it to be (docs/rules.md: the books score carte blanche
# 10, carte rouge 20, repique 60 or 100, pique 30, every lead and trick 0 to 4, the seventh trick 10).
# The bounds are wide enough for any house rule and keep every count exact and every analysis fast.
# the play solver keys a deal's difference so far in 11 bits and keeps its bounds in 16: the bonuses and
# the play's points stay far below (kernels/play/)
PLAY_LIMIT = 255
_FLAGS = ("play.capot_replaces_cards", "play.capot_replaces_last_trick")
BOUNDS: dict[str, tuple[int, int]] = {
    "blanche_points": (0, _SCORE_LIMIT),
    "trio_points": (0, _SCORE_LIMIT),
    "quatorze_points": (0, _SCORE_LIMIT),
    "carte_rouge_points": (0, _SCORE_LIMIT),
    "repique_bonus": (0, PLAY_LIMIT),
    "repique_threshold": (1, 255),
    "pique_bonus": (0, PLAY_LIMIT),
    "pique_threshold": (1, 255),
    "play.lead": (0, 10),
    "play.last_lead": (0, 10),
    "play.win_opponent_lead": (0, 10),
    "play.win_own_lead": (0, 10),
    "play.last_trick": (0, 10),
    "play.seventh_trick": (0, 100),
    "play.cards": (0, 100),
    "play.capot": (0, PLAY_LIMIT),
    "play.deal_bonus": (0, PLAY_LIMIT),
}
_UNITS = {"table_rules.cards_tricks": "tricks", "table_rules.point_min_pips": "pips"}  # the rest count points
DEFAULT_BOUNDS = (0, 1000)  # a whole-number field not listed above, until it is given its own range


def load_rules(path: Path) -> RuleSet:
    """House rules: a TOML file with ``base = "<preset>"`` and any fields to change (and ``[play]``)."""
    where = str(path) if len(str(path)) <= QUOTE_LIMIT and str(path).isprintable() else quote_path(str(path))
    try:
        st = path.stat()  # a named pipe or a device would block or never end: only a regular file is read
        if not stat.S_ISREG(st.st_mode):
            raise RulesError(f"cannot read rules file {quote_path(str(path))}: not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise RulesError(f"cannot read rules file {quote_path(str(path))}: {st.st_size:,} bytes, more than a "
                             f"rules file has (at most {MAX_FILE_BYTES:,})")
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise RulesError(f"cannot read rules file {quote_path(str(path))}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise RulesError(f"{where}: not valid TOML: not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesError(f"{where}: not valid TOML: {e}") from None
    except RecursionError:
        raise RulesError(f"{where}: not valid TOML: nested too deeply") from None
    except ValueError:  # an integer of more than 4300 digits (Python's own limit on converting them)
        raise RulesError(f"{where}: not valid TOML: a number of more than 4300 digits") from None
    return rules_from_dict(data, where=where, default_name=path.stem[:NAME_LIMIT])


# fields of the earlier flat, two-seated RuleSet, still read from house-rule files
RENAMED = {"elder_discards": "exchange.elder", "dealer_discards_allowed": "exchange.dealer"}


def rules_from_dict(data: dict[str, Any], where: str = "rules", default_name: str = "house") -> RuleSet:
    """A RuleSet from TOML-like data: ``base`` preset, then overrides; errors name the field.

    ``[exchange]`` names seats (``elder = [1, 2, 3]``); the earlier top-level ``elder_discards`` and
    ``dealer_discards_allowed`` still load, as ``exchange.elder`` and ``exchange.dealer``.
    """
    data = dict(data)
    base_name = data.pop("base", "rubicon")
    if not isinstance(base_name, str) or ALIASES.get(base_name.lower(), base_name.lower()) not in PRESETS:
        raise RulesError(f"{where}: base: one of {', '.join(PRESETS)}, not {_shown(base_name)}")
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
    known = {f.name for f in dataclasses.fields(RuleSet)} - {"play", "exchange", "table", "table_rules", "base"}
    changes: dict[str, Any] = {"name": default_name, "source": f"{where}, based on {base.name}"}
    for key, value in data.items():
        if key not in known:
            raise RulesError(f"{where}: unknown field {_shown(key)}"
                             f"{_unknown(key, known | {'base', 'play', 'exchange', 'table_rules'}, base)}")
        changes[key] = _field_value(key, value, where)
    changes["play"] = _section("play", base.play, play_data, where)
    if table_data and base.game.two_handed:
        raise RulesError(f"{where}: table_rules: only for three or four players (base normand or four), "
                         f"not {base.name}")
    changes["table_rules"] = _section("table_rules", base.table_rules, table_data, where)
    seats = base.table.seats
    exchange = list(base.exchange)
    for seat, value in exchange_data.items():
        if seat not in seats:
            raise RulesError(f"{where}: unknown field {_shown('exchange.' + seat)} (seats: {', '.join(seats)})")
        exchange[seats.index(seat)] = _field_value(f"exchange.{seat}", value, where)
    changes["exchange"] = tuple(exchange)
    changes["base"] = base.name  # after the file's fields: its name and source are free text, this is not
    rules = dataclasses.replace(base, **changes)
    check_rules(rules, where)
    return rules


def _whole_numbers(rules: RuleSet) -> list[tuple[str, Any]]:
    """Every whole-number field of ``rules`` and of its play, by the name a rules file gives it."""
    fields = [(f.name, getattr(rules, f.name)) for f in dataclasses.fields(rules)]
    fields += [(f"play.{f.name}", getattr(rules.play, f.name)) for f in dataclasses.fields(rules.play)]
    return [(name, value) for name, value in fields if isinstance(value, int) and not isinstance(value, bool | Rank)]


def _section(name: str, base: PlayPoints | SeatingRules, data: dict[str, Any], where: str) -> Any:
    """A ``[play]`` or ``[table_rules]`` table's changes applied to the base preset's; errors name the field."""
    known = {f.name for f in dataclasses.fields(base)}
    changes = {}
    for key, value in data.items():
        if key not in known:
            raise RulesError(f"{where}: unknown field {_shown(f'{name}.{key}')}"
                             f"{_unknown(f'{name}.{key}', {f'{name}.{k}' for k in known}, None)}")
        changes[key] = _field_value(f"{name}.{key}", value, where)
    return dataclasses.replace(base, **changes)


def _unknown(key: str, known: set[str], base: RuleSet | None) -> str:
    """What an unknown field's message adds: the nearest field's name, if one is near, and where to find
    them all (one line however many fields there are)."""
    near = difflib.get_close_matches(key, sorted(known), n=1) if len(key) <= 2 * QUOTE_LIMIT else []
    return (f" ({near[0]}?)" if near else "") + f"; see piquet-calc rules {base.name if base else 'NAME'} --json"


def _table(value: Any, name: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RulesError(f"{where}: {name}: must be a table ([{name}])")
    return dict(value)


def _rank(value: Any, name: str, where: str) -> Rank:
    text = str(value).strip().upper()
    symbols = {"10": Rank.TEN, **{r.symbol: r for r in Rank}}
    if text not in symbols:
        raise RulesError(f"{where}: {name}: not a rank: {_shown(value)} (use 7 8 9 T J Q K A)")
    return symbols[text]


def _field_value(name: str, value: Any, where: str) -> Any:
    if name in ("name", "source"):
        limit = NAME_LIMIT if name == "name" else SOURCE_LIMIT
        if not isinstance(value, str) or not value.strip():
            raise RulesError(f"{where}: {name}: must be a non-empty string")
        if len(value.strip()) > limit or not value.strip().isprintable():
            raise RulesError(f"{where}: {name}: one line of at most {limit} printable characters, "
                             f"not {_shown(value)}")
        return value.strip()
    if name in ("set_min_rank", "play.scoring_rank"):
        return _rank(value, name, where)
    if name == "blanche_ranks":
        if not isinstance(value, list) or not value:
            raise RulesError(f"{where}: {name}: must be a non-empty list of ranks, e.g. [\"K\", \"Q\", \"J\"]")
        return frozenset(_rank(v, name, where) for v in value)
    if name == "table_rules.double_blanche_repique":
        if not isinstance(value, bool):
            raise RulesError(f"{where}: {name}: must be true or false, not {_shown(value)}")
        return value
    if name.startswith("exchange."):
        if not isinstance(value, list) or not value or not all(type(v) is int for v in value):
            raise RulesError(f"{where}: {name}: must be a non-empty list of whole numbers")
        return tuple(sorted(set(value)))
    if name in _FLAGS:
        if type(value) is not bool:
            raise RulesError(f"{where}: {name}: must be true or false, not {_shown(value)}")
        return value
    if type(value) is not int or value < 0:
        unit = _UNITS.get(name, "points")
        raise RulesError(f"{where}: {name}: must be a whole number of {unit}, 0 or more, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    """A value the user wrote, for a one-line message: strings quoted, anything cut to about 40 characters."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"  # str() refuses 4300 or more
    text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def check_rules(rules: RuleSet, where: str) -> None:
    """The one validation of a rule set, for presets, house rules and the kernels alike: refuse values no deal
    can play, or that the kernels cannot count exactly and fast; errors name the field and what it may be."""
    shape = rules.table
    if len(rules.exchange) != shape.players:
        raise RulesError(f"{where}: exchange: one list per seat ({', '.join(shape.seats)}), "
                         f"not {len(rules.exchange)}")
    if shape.players == 2:
        elder_share, talon = shape.talon_shares[0], shape.talon
        bad = [k for k in rules.elder_discards if not 0 <= k <= elder_share]
        if bad:
            raise RulesError(f"{where}: exchange.elder: elder takes from his {elder_share}, so 0 to {elder_share}, "
                             f"not {_shown(bad[0])}")
        bad = [m for m in rules.dealer_discards_allowed if not 0 <= m <= talon]
        if bad:
            raise RulesError(f"{where}: exchange.dealer: 0 to {talon}, not {_shown(bad[0])}")
        for k in rules.elder_discards:
            if not rules.dealer_discards(k):
                raise RulesError(f"{where}: exchange.dealer: leaves the dealer no legal exchange "
                                 f"when elder takes {k}")
    else:
        _check_table(rules, where)
    for name, value in _whole_numbers(rules):
        low, high = BOUNDS.get(name, DEFAULT_BOUNDS)
        if type(value) is not int or not low <= value <= high:
            raise RulesError(f"{where}: {name}: {low} to {high}, not {_shown(value)}")
    # the most one hand's sets can score: quatorzes and trios in 12 cards
    most = max(q * rules.quatorze_points + t * rules.trio_points
               for q in range(4) for t in range(5) if 4 * q + 3 * t <= 12)
    if most > _SCORE_LIMIT:
        raise RulesError(f"{where}: quatorze_points/trio_points: a hand's sets could score {most}, "
                         f"more than {_SCORE_LIMIT}")
    if rules.play.last_lead < rules.play.lead:
        raise RulesError(f"{where}: play.last_lead: at least play.lead ({rules.play.lead}), not {rules.play.last_lead}")


def _check_table(rules: RuleSet, where: str) -> None:
    """Three and four players: what game/seating.py and kernels/declarations_normand.py count (docs/rules.md,
    Three and four players). Only the dealer exchanges, none or the whole talon; the play scores every card."""
    shape, t = rules.table, rules.table_rules
    for seat, counts in zip(shape.seats, rules.exchange, strict=True):
        if shape.talon == 0 and counts != (0,):
            raise RulesError(f"{where}: exchange.{seat}: no talon for {shape.players} players, nobody exchanges, "
                             f"so [0], not {_shown(list(counts))}")
        if seat != shape.seats[-1] and counts != (0,):
            raise RulesError(f"{where}: exchange.{seat}: only the dealer may exchange, so [0], "
                             f"not {_shown(list(counts))}")
    if 0 not in rules.exchange[-1] or not set(rules.exchange[-1]) <= {0, shape.talon}:
        raise RulesError(f"{where}: exchange.dealer: none or the whole talon, so [0] or [0, {shape.talon}], "
                         f"not {_shown(list(rules.exchange[-1]))}")
    if rules.carte_rouge_points:
        raise RulesError(f"{where}: carte_rouge_points: no carte rouge for {shape.players} players")
    p = rules.play
    if p.scoring_rank != Rank.SEVEN or p.seventh_trick or p.last_lead != p.lead:
        raise RulesError(f"{where}: play: for {shape.players} players every card scores (scoring_rank 7), "
                         "the last lead as any other and no seventh-trick bonus")
    if not 0 <= t.point_min_pips <= 80:
        raise RulesError(f"{where}: table_rules.point_min_pips: 0 to 80, not {_shown(t.point_min_pips)}")
    if not 0 <= t.cards_tricks <= shape.hand_size:
        raise RulesError(f"{where}: table_rules.cards_tricks: 0 to {shape.hand_size}, not {_shown(t.cards_tricks)}")
    if shape.partnerships and t.cards_tricks * 2 <= shape.hand_size and t.cards_tricks:
        raise RulesError(f"{where}: table_rules.cards_tricks: more than half the {shape.hand_size} tricks, "
                         f"not {_shown(t.cards_tricks)}")
    if t.double_blanche_repique and not shape.partnerships:
        raise RulesError(f"{where}: table_rules.double_blanche_repique: only for partnerships")
    for name in ("cards", "cards_shared", "capot", "capot_shared"):
        if getattr(t, name) > 255:
            raise RulesError(f"{where}: table_rules.{name}: at most 255, not {_shown(getattr(t, name))}")

"""The Game descriptor (issue 50, item 1): one description of which game a rule set plays, read wherever the code
asked how many players there are; the seat names defined once, in rules/model.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from piquet_calc.rules import (
    FOUR_SEATS,
    NORMAND_SEATS,
    PRESETS,
    TWO_HANDED_PRESETS,
    TWO_HANDED_SEATS,
    RulesError,
    get_rules,
    rules_from_dict,
)

PACKAGE = Path(__file__).resolve().parents[1] / "piquet_calc"
SEAT_TUPLES = {TWO_HANDED_SEATS, NORMAND_SEATS, FOUR_SEATS}


def _is_players(node: ast.AST) -> bool:
    """``players``, ``x.players``, or ``len(x.seats)``: the number of players, however it is asked."""
    if isinstance(node, ast.Name):
        return node.id == "players"
    if isinstance(node, ast.Attribute):
        return node.attr == "players"
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Attribute) and node.args[0].attr == "seats")


def _is_number(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and bool(node.elts) and all(map(_is_number, node.elts))


def players_compared(source: str) -> list[int]:
    """The lines of ``source`` that compare the number of players to a number (``rules.table.players == 3``,
    ``players not in (2, 3)``, ``len(shape.seats) > 2``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(map(_is_players, operands)) and any(map(_is_number, operands)):
                lines.append(node.lineno)
    return lines


def seat_tuples(source: str) -> list[int]:
    """The lines of ``source`` that spell a game's seat names as a tuple of strings instead of naming them (a type,
    ``Literal["elder", "dealer"]``, must spell them)."""
    tree = ast.parse(source)
    literal = {id(node.slice) for node in ast.walk(tree)
               if isinstance(node, ast.Subscript) and getattr(node.value, "id", getattr(node.value, "attr", "")) ==
               "Literal"}
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Tuple) and id(node) not in literal
            and all(isinstance(e, ast.Constant) for e in node.elts)
            and tuple(e.value for e in node.elts) in SEAT_TUPLES]


def _outside_rules(*also: str) -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if p.relative_to(PACKAGE).parts[0] not in ("rules", *also)]


def test_no_module_outside_rules_compares_players_to_a_number() -> None:
    """Nor do the benchmarks and the scripts, which call the package as a user would."""
    root = PACKAGE.parent
    scanned = [*_outside_rules(), *sorted((root / "benchmarks").glob("*.py")), *sorted((root / "scripts").glob("*.py"))]
    found = [f"{p.relative_to(root)}:{n}" for p in scanned for n in players_compared(p.read_text(encoding="utf-8"))]
    assert not found, "ask rules.game (its suffix, seats, sides, two_handed, normand, four), not players:\n" + \
        "\n".join(found)


def test_no_module_outside_rules_spells_the_seat_names() -> None:
    """kernels/ and history/ import nothing of the rules (they stand beside it, tests/test_house.py): layout.py's
    Normand columns and the history's seats (its table's CHECK) spell the seats, held equal to the rules' here."""
    from piquet_calc.history.schema import SEATS
    from piquet_calc.kernels.layout import SEATS_NORMAND

    found = [f"{p.relative_to(PACKAGE.parent)}:{n}" for p in _outside_rules("kernels", "history")
             for n in seat_tuples(p.read_text(encoding="utf-8"))]
    assert not found, "name the seats (rules.TWO_HANDED_SEATS, rules.game.seats), do not spell them:\n" + \
        "\n".join(found)
    assert SEATS_NORMAND == NORMAND_SEATS and SEATS == TWO_HANDED_SEATS


def test_the_scans_find_what_they_look_for() -> None:
    assert players_compared("if rules.table.players == 3:\n    pass\nx = players not in (2, 3)\n"
                            "y = 4 <= shape.players\nz = len(g.seats) > 2\n") == [1, 3, 4, 5]
    assert players_compared("n = rules.table.players\nif len(hands) != shape.players:\n    pass\n") == []
    source = 'SEATS = ("elder", "dealer")\nx = ("elder", "younger")\nSeat = Literal["elder", "dealer"]\n'
    assert seat_tuples(source) == [1]


@pytest.mark.parametrize(("name", "seats", "sides", "suffix", "exchanging"), [
    ("rubicon", TWO_HANDED_SEATS, ((0,), (1,)), "", (0, 1)),
    ("normand", NORMAND_SEATS, ((0,), (1,), (2,)), "_normand", (2,)),
    ("four", FOUR_SEATS, ((0, 2), (1, 3)), "_four", ()),
])
def test_each_preset_plays_its_game(name: str, seats: tuple, sides: tuple, suffix: str, exchanging: tuple) -> None:
    """docs/rules.md: two players elder and the dealer, both exchanging; Normand three each for himself, only the
    dealer taking the talon's two; four two partnerships, partners opposite, no talon."""
    game = get_rules(name).game
    assert (game.seats, game.sides, game.suffix, game.exchanging) == (seats, sides, suffix, exchanging)
    assert game.players == len(seats) and game.partnerships == (name == "four")
    assert (game.two_handed, game.normand, game.four) == (name == "rubicon", name == "normand", name == "four")
    assert game.dealer_after_elder == (name == "rubicon")
    assert [game.side_of(s) for s in range(game.players)] == [k for s in range(game.players)
                                                              for k, side in enumerate(sides) if s in side]
    rules = get_rules(name)
    assert (game.hand_size, game.talon, game.talon_shares, game.exchange) == (
        rules.table.hand_size, rules.table.talon, rules.table.talon_shares, rules.exchange)
    assert game.hand_size * game.players + game.talon == 32


def test_every_two_handed_preset_and_house_file_plays_the_game_of_its_base() -> None:
    assert set(TWO_HANDED_PRESETS) == {n for n, r in PRESETS.items() if r.game.two_handed}
    assert all(r.game.suffix == "" for r in TWO_HANDED_PRESETS.values())
    assert rules_from_dict({"base": "normand", "table_rules": {"capot": 20}}).game == get_rules("normand").game
    assert rules_from_dict({"base": "rubicon", "exchange": {"elder": [1, 2]}}).game.exchange[0] == (1, 2)


def test_a_game_suffix_names_its_rooms() -> None:
    """docs/engine.md: the two-handed game's rooms bare, Normand's `_normand`, four's `_four`."""
    for rules in (get_rules("rubicon"), get_rules("normand"), get_rules("four")):
        suffix = rules.game.suffix
        assert (PACKAGE / "game" / f"play{suffix}.py").is_file()
        assert (PACKAGE / "engine" / f"play{suffix}.py").is_file()
        assert (PACKAGE / "kernels" / f"play{suffix}").is_dir()
        assert rules.game.name == (suffix.lstrip("_") or "two")


def test_a_seat_by_its_name() -> None:
    two, normand = get_rules("rubicon").game, get_rules("normand").game
    assert (two.seat("elder"), two.seat("dealer"), two.seat("younger")) == (0, 1, 1)
    assert normand.seat("middle") == 1
    with pytest.raises(RulesError, match="no seat 'younger' at this table: seats are elder, middle, dealer"):
        normand.seat("younger")

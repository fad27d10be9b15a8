"""game/solver.py's interface and engine/solvers.py's one ``solver_for``: each of the six solver classes satisfies
its game's Protocol (by name and by signature), and ``solver_for`` gives the right class for each game and road."""

from __future__ import annotations

import inspect

import pytest

from piquet_calc.engine import first_run, play, play_four, play_normand
from piquet_calc.engine.solvers import solver_for
from piquet_calc.game.solve import PlainSolver
from piquet_calc.game.solve_four import PlainSolverFour
from piquet_calc.game.solve_normand import PlainSolverNormand
from piquet_calc.game.solver import PlaySolver, PlaySolverNormand
from piquet_calc.rules import get_rules

# (rules, the kernels' class, the plain class, the Protocol both satisfy)
GAMES = [
    ("rubicon", play.Solver, PlainSolver, PlaySolver),
    ("four", play_four.SolverFour, PlainSolverFour, PlaySolver),
    ("normand", play_normand.SolverNormand, PlainSolverNormand, PlaySolverNormand),
]
METHODS = {PlaySolver: ("future", "value", "at_least"),
           PlaySolverNormand: ("future", "value", "at_least", "card_values")}


def _parameters(cls: type, name: str) -> list[tuple[str, object]]:
    """The method's parameters after ``self``: names, kinds and defaults (annotations are strings, and the
    Protocol's state is a type variable)."""
    return [(p.name, p.kind, p.default) for p in list(inspect.signature(getattr(cls, name)).parameters.values())[1:]]


@pytest.mark.parametrize("cls, protocol", [(c, g[3]) for g in GAMES for c in g[1:3]])
def test_each_solver_class_satisfies_its_protocol(cls, protocol):
    solver = object.__new__(cls)  # no kernels compiled nor tables made: the interface is the class's
    solver.rules = get_rules("rubicon")
    assert isinstance(solver, protocol)
    for name in METHODS[protocol]:
        assert _parameters(cls, name) == _parameters(protocol, name), (cls.__name__, name)


@pytest.mark.parametrize("name, fast, plain, _protocol", GAMES)
def test_solver_for_picks_by_the_game_and_the_road(name, fast, plain, _protocol, monkeypatch):
    made: list[type] = []
    monkeypatch.setattr(fast, "__init__", lambda self, rules: made.append(fast))  # no kernel compiled here
    rules = get_rules(name)
    assert type(solver_for(rules, kernel=False)) is plain
    assert type(solver_for(rules, kernel=True)) is fast and made == [fast]
    monkeypatch.setattr(first_run, "_silenced", True)
    monkeypatch.setattr(first_run, "compiled", lambda family, entries=None: True)
    assert type(solver_for(rules)) is fast
    monkeypatch.setattr(first_run, "compiled", lambda family, entries=None: False)
    assert type(solver_for(rules)) is plain

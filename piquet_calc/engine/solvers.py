"""One road to a play solver: ``solver_for(rules, kernel)`` picks the game's solver and whether the kernels answer.

The game is the rules' ``Game`` (``rules.game``: two hands, Piquet Normand's three, four in
partnerships); the road is the kernels (``kernel`` True: engine/play.py, play_four.py, play_normand.py) or the
plain solver of game/ (False: the same values and line, nothing to compile; tests/test_play_plain.py), or
(None) the kernels when their family is compiled, else the plain solver with one line on stderr saying so
(a first ``play`` answers in about a second instead of compiling for tens of seconds). Every class it gives
answers game/solver.py's interface (``PlaySolver``, or ``PlaySolverNormand`` for three players).
"""

from __future__ import annotations

from ..game.play_normand import check_play_normand
from ..game.solve import PlainSolver
from ..game.solve_four import PlainSolverFour
from ..game.solve_normand import PlainSolverNormand
from ..game.solver import PlaySolver, PlaySolverNormand
from ..rules import RuleSet
from . import first_run, play, play_four, play_normand


def solver_for(rules: RuleSet, kernel: bool | None = None) -> PlaySolver | PlaySolverNormand:
    """The play solver for ``rules``' game: the kernels' (``kernel`` True), the plain one (False), or (None) the
    kernels when compiled, else the plain one with one line on stderr. RulesError for a play no solver scores."""
    game = rules.game
    if game.normand:
        check_play_normand(rules)
        family, fast, plain = play_normand.FAMILY, play_normand.SolverNormand, PlainSolverNormand
    elif game.four:
        family, fast, plain = play_four.FAMILY, play_four.SolverFour, PlainSolverFour
    else:
        family, fast, plain = play.FAMILY, play.Solver, PlainSolver
    if kernel is None:
        kernel = first_run.compiled(family)
        if not kernel:
            first_run.answered_without(family, "by the plain solver (same values)")
    return fast(rules) if kernel else plain(rules)

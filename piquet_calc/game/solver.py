"""The play solvers' shared interface, written once: what the analyses ask of a solver, whichever road answers.

Six classes answer it: the kernels' (``engine.play.Solver``, ``engine.play_four.SolverFour``,
``engine.play_normand.SolverNormand``) and the plain ones below them (``game.solve.PlainSolver``,
``game.solve_four.PlainSolverFour``, ``game.solve_normand.PlainSolverNormand``); none inherits from these
Protocols, each satisfies one structurally (tests/test_solver.py checks the names and the signatures), and
``engine.solvers.solver_for`` picks one for the rules.

- ``PlaySolver[State]``: two hands and four, every seat perfect; values are elder's side's final total minus
  the other side's (``future``: what the rest of the play adds to it; ``at_least``: a zero-window question).
- ``PlaySolverNormand``: three players, each for himself, so a value is for one seat ``me`` (his net doubled,
  paranoid), and the kernels' cheapest question, every legal card's value, is part of it (``card_values``).
"""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

from ..cards import Card
from ..rules import RuleSet
from .play_normand import StateNormand

State = TypeVar("State", contravariant=True)


@runtime_checkable
class PlaySolver(Protocol[State]):
    """A solver of the play of two hands (``game.play.PlayState``) or four (``game.play_four.StateFour``)."""

    rules: RuleSet

    def future(self, s: State) -> int:
        """What the rest of the play adds to elder's side's total minus the other's, every seat perfect."""
        ...

    def value(self, s: State) -> int:
        """Elder's side's final total minus the other's from ``s``, every seat perfect."""
        ...

    def at_least(self, s: State, target: int) -> bool:
        """Is that final difference at least ``target``?"""
        ...


@runtime_checkable
class PlaySolverNormand(Protocol):
    """A solver of the Normand play: each value is one seat's (``me``) final net doubled, paranoid."""

    rules: RuleSet

    def future(self, s: StateNormand, me: int) -> int:
        """What the rest of the play adds to ``me``'s net doubled."""
        ...

    def value(self, s: StateNormand, me: int) -> int:
        """``me``'s final net doubled from ``s``."""
        ...

    def at_least(self, s: StateNormand, me: int, target: int) -> bool:
        """Is ``me``'s final net doubled from ``s`` at least ``target``?"""
        ...

    def card_values(self, s: StateNormand) -> list[tuple[Card, int]]:
        """Every legal card of the player to move with what the rest of the play adds to his net doubled."""
        ...

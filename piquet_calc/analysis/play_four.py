"""Public API: one deal of piquet for four played double dummy: the declarations, then the best play from any point.

``analyse_play_four(hands, rules, cards=...)`` scores the declarations as ``score --rules four`` does
(game/seating.py), plays the recorded cards (trick by trick, each trick from its leader; the last trick may be
incomplete), values every legal card of the seat to move, and solves the rest with every seat seeing every
card and playing perfectly (elder's side maximising its total minus the other side's, the other side
minimising it). The result is frozen; report/play_four.py turns it into a table or JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, quote
from ..game.play import PlayError
from ..game.play_four import (
    TRICKS,
    FinishFour,
    StateFour,
    finish_four,
    play_card,
    start_four,
    trick_winner,
)
from ..game.seating import SeatingScore, check_seating_hands, score_seating
from ..rules import RuleSet
from .play import PlayedDeal, trick_cards


@dataclass(frozen=True)
class TrickFour:
    """A trick of the line shown: its number, leader, each seat's card (by seat; None where not played yet),
    the winner (None until the trick is complete), the running totals after it, which cards were recorded,
    every card each seat could have played instead with the same result (solved cards only), and whether
    elder's side reached pique in it."""

    number: int
    leader: int
    cards: tuple[Card | None, Card | None, Card | None, Card | None]
    winner: int | None
    totals: tuple[int, int]
    recorded: tuple[bool, bool, bool, bool]
    equally_good: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    pique: bool


@dataclass(frozen=True)
class ChoiceFour:
    card: Card
    value: int  # the final difference (elder's side minus the other) with every seat perfect after it
    future: int  # what the play from the position adds to the difference


@dataclass(frozen=True)
class PlayAnalysisFour(PlayedDeal):
    hands: tuple[tuple[Card, ...], ...]
    rules: RuleSet
    declarations: SeatingScore
    before: tuple[int, int]  # each side's declarations with repique, before the play
    pique_live: bool  # before the play: elder's side may pique (no repique of its own, the other side at nothing)
    recorded: tuple[Card, ...]  # the cards given, in the order played
    tricks: tuple[TrickFour, ...]
    tricks_won: tuple[int, int]
    end: FinishFour
    to_move: int | None  # the seat to move after the recorded cards (None: every card recorded)
    trick_to_move: int | None  # the number of the trick it is in
    choices: tuple[ChoiceFour, ...]  # every legal card of that seat, valued
    value: int | None  # the final difference with every seat perfect from the last recorded card

    @property
    def pique_at_start(self) -> bool:
        return self.pique_live and self.before[0] >= self.rules.pique_threshold


def parse_tricks_four(text: str) -> list[list[Card]]:
    """Tricks separated by commas, each up to four cards from its leader ("AS 7S 8S 9S, KH 8H"); only the last
    may be incomplete (the cards played to it so far)."""
    tricks: list[list[Card]] = []
    given = text.count(",") + 1 if text.strip() else 0
    if given > TRICKS:
        raise PlayError(f"{given} tricks given, a deal of four has {TRICKS}")
    for n, part, cards, last in trick_cards(text):
        if not cards or len(cards) > 4:
            raise PlayError(f"trick {n}: a trick has four cards, one a seat from its leader, not "
                            f"{quote(part.strip()) if part.strip() else 'none'}")
        if len(cards) < 4 and not last:
            raise PlayError(f"trick {n}: {len(cards)} cards; only the last trick given may be incomplete")
        tricks.append(cards)
    return tricks


def before_four(s: SeatingScore) -> tuple[tuple[int, int], bool]:
    """Each side's declarations with repique, and whether elder's side may still pique: ``score``'s pique is its
    estimate from the pique run, so it is left out; the play decides pique itself."""
    before = (sum(p[0] for n, p in s.classes if n != "pique"), sum(p[1] for n, p in s.classes if n != "pique"))
    return before, not s.repique[0] and before[1] == 0


def analyse_play_four(hands: Sequence[Sequence[Card]], rules: RuleSet, cards: Sequence[Card] = (),
                      kernel: bool | None = None) -> PlayAnalysisFour:
    """The declarations, the recorded ``cards`` (in the order played), and the best play of the rest.

    CardError for hands that are not four of eight distinct cards; PlayError (one line naming the trick) for
    a card out of turn, one that does not follow suit, or too many. ``kernel``: the kernels (True), the plain
    solver (False, the same figures), or (None) the kernels if compiled, else the plain solver."""
    from ..engine.play_four import choices, solve_line
    from ..engine.solvers import solver_for

    hands = tuple(tuple(h) for h in hands)
    check_seating_hands(hands, rules)
    score = score_seating(hands, rules)
    before, live = before_four(score)
    state = start_four(hands, rules, before, live)
    steps: list[tuple[StateFour, Card, bool, tuple[Card, ...]]] = []
    for card in cards:
        steps.append((state, card, True, ()))
        state = play_card(state, card, rules)
    value = None
    chosen: list[ChoiceFour] = []
    to_move = trick_to_move = None
    if not state.over:
        to_move, trick_to_move = state.to_move, state.number
        solver = solver_for(rules, kernel)
        chosen = [ChoiceFour(c.card, c.value, c.future) for c in choices(state, solver)]
        value, line = solve_line(state, rules, solver)
        for ply in line:
            steps.append((state, ply.card, False, ply.equally_good))
            state = play_card(state, ply.card, rules)
    end = finish_four(state, rules)
    if value is not None:
        assert end.totals[0] - end.totals[1] == value, "the solved line must reach the solved value"
    return PlayAnalysisFour(hands, rules, score, before, live, tuple(cards), _tricks(steps, rules), state.tricks,
                            end, to_move, trick_to_move, tuple(chosen), value)


def _tricks(steps: list[tuple[StateFour, Card, bool, tuple[Card, ...]]], rules: RuleSet) -> tuple[TrickFour, ...]:
    """The cards played grouped in tricks, each with its running totals after it."""
    out: list[TrickFour] = []
    for i in range(0, len(steps), 4):
        group = steps[i:i + 4]
        first = group[0][0]
        cards: list[Card | None] = [None] * 4
        recorded, good = [False] * 4, [()] * 4
        for s, card, rec, eq in group:
            cards[s.to_move], recorded[s.to_move], good[s.to_move] = card, rec, eq
        last_state, last_card = group[-1][0], group[-1][1]
        after = play_card(last_state, last_card, rules)
        winner = (first.leader + trick_winner([c for _, c, _, _ in group])) % 4 if len(group) == 4 else None
        out.append(TrickFour(first.number, first.leader, tuple(cards), winner, after.totals,  # type: ignore[arg-type]
                             tuple(recorded), tuple(good), after.pique and not first.pique))  # type: ignore[arg-type]
    return tuple(out)



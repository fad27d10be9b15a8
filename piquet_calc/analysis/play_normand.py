"""Public API: one Normand deal's play, every card seen, the paranoid model: the declarations, the recorded
cards, every card the player to move may play valued for him, and the line to the end.

``analyse_play_normand(hands, rules, played=...)`` scores the declarations as ``score --rules normand`` does
(game/seating.py's ``score_seating``; its pique, an estimate from elder's pique run, is left out: the play
decides pique), plays the recorded cards (tricks from the leader, the last may be incomplete), values every
legal card of the player to move (his final net, the others paranoid: docs/rules.md, "The play of three and
four") and plays the rest out, each player in turn his own paranoid-best card (engine.play_normand.best_card).
Values are nets doubled inside (integers); the result carries them as they are, the report halves them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardError, quote
from ..game.consistency import check_seating_deal
from ..game.declarations import is_carte_blanche
from ..game.play_normand import (
    SEATS,
    FinishNormand,
    PlayError,
    StateNormand,
    before_play_normand,
    check_play_normand,
    finish_normand,
    play_card,
    start_normand,
)
from ..game.seating import SeatingScore, check_seating_hands, score_seating
from ..rules import RuleSet
from .play import trick_cards


@dataclass(frozen=True)
class TrickNormand:
    """A trick of the line shown: its cards from the leader, who won it, the running totals after it."""

    number: int
    leader: int
    cards: tuple[Card, ...]  # from the leader; fewer than three only for an unfinished last trick
    winner: int | None
    totals: tuple[int, int, int]
    recorded: int  # how many of its cards were given by the user
    pique: bool  # elder reached pique in this trick
    values: tuple[int, ...]  # each solved card's value (final net doubled) to the player of it


@dataclass(frozen=True)
class ChoiceNormand:
    """A legal card of the player to move with its paranoid value to him, nets doubled."""

    card: Card
    net2: int  # his final net for the deal, doubled
    play_net2: int  # what the play from here adds to it, doubled


@dataclass(frozen=True)
class PlayAnalysisNormand:
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    rules: RuleSet
    dealer_dealt: tuple[Card, ...] | None
    declarations: SeatingScore
    before: tuple[int, int, int]  # each seat's declarations with repique, before the play
    pique_live: bool
    pique_at_start: bool
    played: tuple[Card, ...]  # the recorded cards, in order
    tricks: tuple[TrickNormand, ...]
    to_move: int | None  # the player to move after the recorded cards (None: the play is over)
    choices: tuple[ChoiceNormand, ...]
    end: FinishNormand
    tricks_won: tuple[int, int, int]

    @property
    def pique(self) -> bool:
        return self.pique_at_start or any(t.pique for t in self.tricks)


def parse_tricks_normand(text: str) -> list[list[Card]]:
    """Tricks separated by commas, each three cards from the leader; the last may have one or two."""
    tricks: list[list[Card]] = []
    for n, part, cards, last in trick_cards(text, "--tricks: "):
        if not 1 <= len(cards) <= 3 or (len(cards) < 3 and not last):
            raise CardError(f"--tricks: trick {n}: expected three cards from the leader (only the last trick may "
                            f"have fewer), not {quote(part.strip())}")
        tricks.append(cards)
    return tricks


def analyse_play_normand(hands: Sequence[Sequence[Card]], rules: RuleSet, played: Sequence[Card] = (),
                         kernel: bool | None = None, dealer_dealt: Sequence[Card] | None = None) -> PlayAnalysisNormand:
    """The declarations, the ``played`` cards, every choice of the player to move and the paranoid line.

    CardError for hands that are not three of ten distinct cards; PlayError (one line naming the trick) for
    a card that is not the player's or does not follow suit. ``kernel``: the kernels (True), the plain
    solver (False, the same values) or (None) the kernels when compiled (engine.play_normand).
    ``dealer_dealt``: the dealer's dealt hand when he exchanged (his carte blanche is read off it; no card of
    it in another's final hand, an exchange the rules allow: game/consistency.py)."""
    check_play_normand(rules)
    check_seating_hands(hands, rules)
    h = (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]))
    blanche = None
    if dealer_dealt is not None:
        check_seating_deal(h, dealer_dealt, rules)
        blanche = [is_carte_blanche(h[0], rules), is_carte_blanche(h[1], rules), is_carte_blanche(dealer_dealt, rules)]
    score = score_seating(h, rules, blanche)
    before, live = before_play_normand(score)
    state = start_normand(h, rules, before, live)
    piqued = state.pique  # at the threshold before the first lead
    tricks: list[TrickNormand] = []
    current: list[Card] = []
    recorded = 0

    def close(s_before: StateNormand, s: StateNormand, values: tuple[int, ...]) -> None:
        nonlocal current, recorded
        winner = s.leader if not s.trick else None
        tricks.append(TrickNormand(s_before.number, s_before.leader, tuple(current), winner,
                             (s.totals[0], s.totals[1], s.totals[2]), recorded, s.pique and not s_before.pique, values))
        current, recorded = [], 0

    trick_start = state
    for card in played:
        if not state.trick:
            trick_start = state
        state = play_card(state, card, rules)
        current.append(card)
        recorded += 1
        if not state.trick:
            close(trick_start, state, ())
    choices: tuple[ChoiceNormand, ...] = ()
    to_move = None
    if state.cards_left:
        from ..engine.play_normand import paranoid_line
        from ..engine.solvers import solver_for
        from ..game.play_normand import net2

        solver = solver_for(rules, kernel)
        to_move = state.to_move
        base = net2(state.totals, to_move)
        choices = tuple(ChoiceNormand(c, base + v, v) for c, v in solver.card_values(state))
        values: list[int] = []
        for step in paranoid_line(state, rules, solver):
            if not current:
                trick_start = state
            current.append(step.card)
            values.append(step.value)
            state = step.state
            if not state.trick:
                close(trick_start, state, tuple(values))
                values = []
    end = finish_normand(state, rules)
    dealt = None if dealer_dealt is None else tuple(dealer_dealt)
    return PlayAnalysisNormand(h, rules, dealt, score, before, live, piqued, tuple(played), tuple(tricks), to_move,
                               choices, end, (state.tricks[0], state.tricks[1], state.tricks[2]))


__all__ = ["SEATS", "ChoiceNormand", "PlayAnalysisNormand", "PlayError", "TrickNormand", "analyse_play_normand",
           "before_play_normand", "parse_tricks_normand"]

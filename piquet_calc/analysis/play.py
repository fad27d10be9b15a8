"""Public API: one deal's play, double dummy: the declarations, then the best play from any point.

``analyse_play(elder, dealer, rules, tricks=...)`` scores the declarations as ``score`` does, plays
the recorded tricks (each the leader's card, then the follower's; the last may be the card led alone, as
the play of three and four take an incomplete last trick), and solves the rest with both players seeing
every card and playing perfectly (each maximising his own total minus the other's).
The result is frozen; ``report`` turns it into a table or JSON.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import HAND_SIZE, Card, CardError, parse_cards, quote
from ..game.consistency import check_two_handed_deal
from ..game.declarations import DealScore, is_carte_blanche, score_deal
from ..game.play import (
    DEALER,
    ELDER,
    Finish,
    PlayError,
    PlayState,
    TrickRecord,
    finish,
    pique_at_start,
    play_trick,
    start,
)
from ..rules import RuleSet

if TYPE_CHECKING:  # numba only when a solve is asked for
    from ..engine.play import Solver
    from ..game.solve import PlainSolver


@dataclass(frozen=True)
class PlayedTrick(TrickRecord):
    """A trick of the line shown: the record of it (game.play.TrickRecord) and what the analysis adds."""

    recorded: bool  # given by the user, not solved
    equally_good: tuple[tuple[Card, ...], tuple[Card, ...]]  # (elder's, dealer's), solved tricks only
    pique: bool  # elder reached pique in this trick
    led_recorded: bool = False  # a solved trick whose lead was given (--tricks' incomplete last trick)


class PlayedDeal:
    """What the analyses of the play of two and of four answer alike from their ``end``, ``tricks`` and
    ``pique_at_start``: the final totals, and whether elder (elder's side) reached pique."""

    @property
    def totals(self) -> tuple[int, int]:
        return self.end.totals

    @property
    def pique(self) -> bool:
        return any(t.pique for t in self.tricks) or self.pique_at_start


@dataclass(frozen=True)
class PlayAnalysis(PlayedDeal):
    elder: tuple[Card, ...]
    dealer: tuple[Card, ...]
    rules: RuleSet
    elder_dealt: tuple[Card, ...] | None
    dealer_dealt: tuple[Card, ...] | None
    declarations: DealScore
    before: tuple[int, int]  # each side's declarations with repique, before the play
    pique_live: bool  # before the play: elder may pique (no repique, the dealer at nothing)
    tricks: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, int]
    end: Finish
    value: int | None  # elder's total minus the dealer's with perfect play from the last recorded trick
    # every card of the player to move after the recorded cards (the leader's leads, or the follower's replies to
    # a recorded lead): (card, the deal's value with best play after it, what the play from there adds); ()
    # when every trick is recorded
    choices: tuple[tuple[Card, int, int], ...] = ()

    @property
    def pique_at_start(self) -> bool:
        return pique_at_start(self.before[ELDER], self.before[DEALER], self.pique_live, self.rules)[0]

    @property
    def to_move(self) -> int | None:
        """The seat to move after the recorded cards (ELDER or DEALER), None when every trick is recorded."""
        first = next((t for t in self.tricks if not t.recorded), None)
        return None if first is None else 1 - first.leader if first.led_recorded else first.leader


def trick_cards(text: str, prefix: str = "") -> Iterator[tuple[int, str, list[Card], bool]]:
    """Each trick of ``text`` (tricks separated by commas, none in blank text), in order: its number from 1, its
    text, its cards and whether it is the last; a card that does not parse is a CardError naming the trick, after
    ``prefix``. The play of two, three and four read their ``--tricks`` with it, each checking its tricks' size."""
    if not text.strip():
        return
    parts = text.split(",")
    for n, part in enumerate(parts, 1):
        try:
            cards = list(parse_cards(part, what=f"trick {n}"))
        except CardError as e:
            raise CardError(f"{prefix}trick {n}: {e}") from None
        yield n, part, cards, n == len(parts)


def parse_tricks(text: str) -> list[tuple[Card, ...]]:
    """Tricks separated by commas, each two cards: the leader's, then the follower's ("AH TC, KH JC"); only the
    last may be incomplete, the card led alone ("AH TC, KH"), as the play of three and four read theirs."""
    tricks: list[tuple[Card, ...]] = []
    for n, part, cards, last in trick_cards(text, "--tricks: "):
        if len(cards) != 2 and not (last and len(cards) == 1):
            raise CardError(f"--tricks: trick {n}: expected two cards, the leader's then the follower's, not "
                            f"{quote(part.strip())} (only the last trick may be the card led alone)")
        tricks.append(tuple(cards))
    return tricks


def before_play(s: DealScore) -> tuple[int, int, bool]:
    """(elder's, dealer's declarations with repique, pique still live): the pique of ``score`` is its
    estimate from elder's pique run, so it is left out here; the play decides pique itself."""
    elder = sum(e for name, e, _ in s.classes if name != "pique")
    dealer = sum(d for name, _, d in s.classes if name != "pique")
    return elder, dealer, not s.elder_repique and dealer == 0


def analyse_play(elder: Sequence[Card], dealer: Sequence[Card], rules: RuleSet,
                 tricks: Sequence[Sequence[Card]] = (), elder_dealt: Sequence[Card] | None = None,
                 dealer_dealt: Sequence[Card] | None = None, kernel: bool | None = None) -> PlayAnalysis:
    """The declarations, the recorded ``tricks``, and the best play of the rest (see the module docstring); the
    last trick may be its lead alone: then ``choices`` values the follower's replies to it.

    CardError for overlapping hands, wrong counts or dealt hands that do not fit the final ones
    (game/consistency.py); PlayError (one line naming the trick) for an
    illegal trick. ``kernel``: solve with the kernels (True), the plain solver (False, the same figures), or
    (None) the kernels if they are compiled, else the plain solver (engine.solvers.solver_for)."""
    rules.require_two_handed("the play of a deal")
    elder, dealer = tuple(elder), tuple(dealer)
    for cards, who in ((elder, "elder's hand"), (dealer, "the dealer's hand")):
        if len(cards) != HAND_SIZE:
            raise CardError(f"{who} must have exactly {HAND_SIZE} cards, got {len(cards)}")
    both = set(elder) & set(dealer)
    if both:
        raise CardError(f"{sorted(both)[0]} is in both hands")
    if len(tricks) > HAND_SIZE:
        raise PlayError(f"{len(tricks)} tricks given, a deal has {HAND_SIZE}")
    check_two_handed_deal(elder, dealer, tuple(elder_dealt) if elder_dealt else None,
                          tuple(dealer_dealt) if dealer_dealt else None, rules, ("elder", "the dealer"))
    e_dealt = tuple(elder_dealt) if elder_dealt else elder
    d_dealt = tuple(dealer_dealt) if dealer_dealt else dealer
    score = score_deal(elder, dealer, rules, elder_blanche=is_carte_blanche(e_dealt, rules),
                       dealer_blanche=is_carte_blanche(d_dealt, rules))
    e0, d0, live = before_play(score)
    state = start(elder, dealer, rules, e0, d0, live)
    played: list[PlayedTrick] = []
    led = tuple(tricks[-1]) if tricks and len(tricks[-1]) == 1 else ()  # the incomplete last trick's lead
    for lead, reply in tricks[:len(tricks) - len(led)]:
        state, record = _play(state, lead, reply, rules, recorded=True, good=((), ()))
        played.append(record)
    value = None
    choices: tuple[tuple[Card, int, int], ...] = ()
    if state.tricks_left:
        from ..engine.play import line_choices
        from ..engine.solvers import solver_for  # numba only now, if the kernels are compiled

        solver = solver_for(rules, kernel)
        if led:
            choices, value, state, record = _follow(state, led[0], rules, solver)
            played.append(record)
        else:
            value = solver.value(state)
            choices = lead_choices(state, rules, solver)
        line = solver.line(state) if state.tricks_left else []
        for t in line_choices(state, line, rules, solver):
            lead, reply = (t.cards if t.leader == ELDER else t.cards[::-1])
            state, record = _play(state, lead, reply, rules, recorded=False, good=t.alternatives)
            played.append(record)
    end = finish(state, rules)
    if value is not None:
        assert end.totals[ELDER] - end.totals[DEALER] == value, "the solved line must reach the solved value"
    return PlayAnalysis(elder, dealer, rules, tuple(elder_dealt) if elder_dealt else None,
                        tuple(dealer_dealt) if dealer_dealt else None, score, (e0, d0), live, tuple(played),
                        state.tricks, end, value, choices)


def lead_choices(state: PlayState, rules: RuleSet, solver: Solver | PlainSolver) -> tuple[tuple[Card, int, int], ...]:
    """Every lead of the player to move valued: the follower's best reply to it, then best play (elder's
    total minus the dealer's, and what the play from ``state`` adds to it), in display order."""
    from ..cards import sort_hand
    from ..game.play import legal_cards

    here = state.totals[ELDER] - state.totals[DEALER]
    pick = min if state.leader == ELDER else max  # the follower's choice
    out = []
    for lead in sort_hand(legal_cards(state.hands[state.leader], None)):
        replies = legal_cards(state.hands[1 - state.leader], lead)
        v = pick(solver.value(play_trick(state, lead, r, rules)) for r in replies)
        out.append((lead, v, v - here))
    return tuple(out)


def _follow(state: PlayState, lead: Card, rules: RuleSet, solver: Solver | PlainSolver
            ) -> tuple[tuple[tuple[Card, int, int], ...], int, PlayState, PlayedTrick]:
    """The follower's turn after the recorded ``lead``: every legal reply valued as ``lead_choices`` values a
    lead (best play after it), the deal's value (his best), and the trick played with the first best reply."""
    from ..cards import sort_hand
    from ..game.play import legal_cards

    here = state.totals[ELDER] - state.totals[DEALER]
    follower = 1 - state.leader
    if lead not in state.hands[state.leader]:  # game/play.py's one-line error naming the card and the hand
        play_trick(state, lead, lead, rules)
    replies = sort_hand(legal_cards(state.hands[follower], lead))
    values = [solver.value(play_trick(state, lead, r, rules)) for r in replies]
    value = (max if follower == ELDER else min)(values)
    best = tuple(r for r, v in zip(replies, values, strict=True) if v == value)
    choices = tuple((r, v, v - here) for r, v in zip(replies, values, strict=True))
    good = (best, ()) if follower == ELDER else ((), best)
    after, record = _play(state, lead, best[0], rules, recorded=False, good=good, led_recorded=True)
    return choices, value, after, record


def _play(state: PlayState, lead: Card, reply: Card, rules: RuleSet, recorded: bool,
          good: tuple[tuple[Card, ...], tuple[Card, ...]], led_recorded: bool = False) -> tuple[PlayState, PlayedTrick]:
    n = sum(state.tricks) + 1
    leader = state.leader
    after = play_trick(state, lead, reply, rules, n)
    pair = (lead, reply) if leader == ELDER else (reply, lead)
    return after, PlayedTrick(n, leader, pair, after.leader, after.totals, recorded, good,
                              after.pique and not state.pique, led_recorded)

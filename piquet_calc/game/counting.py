"""A two-handed deal's points in counting order: who scored how many, one step after another. Plain Python.

Au-cent's race is decided by the order in which a deal's points are counted (002, docs/rules.md, The
partie): the first to 100 wins, even in the middle of a deal, and it is a lurch when the other has under
50 at that moment. The order (docs/rules.md, Declarations and The play):

1. the declarations class by class: carte blanche (elder's first: he shows it first), point, sequences,
   sets, carte rouge, then the repique bonus;
2. pique at once, when elder is at the threshold before the first lead;
3. the play trick by trick: the leader's points first (the lead point, scored when the card is led, and
   pique with it), then the other's (the winner's points; the last trick's with them);
4. the cards, capot, then the deal bonus (encyclopedia), each to one player.

A step is ``(seat, points)``, seat 0 elder and 1 dealer (game/play.py's ELDER, DEALER); the steps of a seat
add up to its total for the deal. scripts/partie_deals.py records the shipped deals' steps with this, and
the score-aware advice (analysis/partie.py) reads a sampled deal's steps from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..rules import RuleSet
from .declarations import DealScore, score_deal
from .play import DEALER, ELDER, finish, play_trick, start

Step = tuple[int, int]  # (seat: 0 elder, 1 dealer; points)


@dataclass(frozen=True)
class CountedDeal:
    """A deal's totals (elder's, the dealer's) and its points in counting order."""

    totals: tuple[int, int]
    steps: tuple[Step, ...]


def declaration_steps(score: DealScore) -> list[Step]:
    """The declarations' steps, class by class in counting order, elder's first within a class; pique is
    left to the play (``score``'s pique is the pique run's estimate, not the play's)."""
    steps: list[Step] = []
    for name, e, d in score.classes:
        if name == "pique":
            continue
        steps += [(ELDER, e)] * bool(e) + [(DEALER, d)] * bool(d)
    return steps


def _delta(before: tuple[int, int], after: tuple[int, int], first: int) -> list[Step]:
    """What each seat gained from ``before`` to ``after``, ``first``'s gain first."""
    return [(seat, after[seat] - before[seat]) for seat in (first, 1 - first) if after[seat] != before[seat]]


def deal_steps(elder: Sequence[Card], dealer: Sequence[Card], rules: RuleSet,
               tricks: Sequence[tuple[Card, Card]], elder_blanche: bool, dealer_blanche: bool) -> CountedDeal:
    """The deal of these final hands (carte blanche of the dealt hands given) played by ``tricks``, each
    (leader's card, follower's card) of all twelve tricks, in counting order (module docstring).

    PlayError for a trick that cannot be played."""
    score = score_deal(elder, dealer, rules, elder_blanche=elder_blanche, dealer_blanche=dealer_blanche)
    steps = declaration_steps(score)
    e0 = sum(p for s, p in steps if s == ELDER)
    d0 = sum(p for s, p in steps if s == DEALER)
    state = start(elder, dealer, rules, e0, d0, not score.elder_repique and d0 == 0)
    steps += _delta((e0, d0), state.totals, ELDER)  # pique at once
    for lead, reply in tricks:
        before, leader = state.totals, state.leader
        state = play_trick(state, lead, reply, rules)
        steps += _delta(before, state.totals, leader)
    end = finish(state, rules)
    for part in (end.cards, end.capot, end.deal_bonus):
        steps += [(seat, part[seat]) for seat in (ELDER, DEALER) if part[seat]]
    return CountedDeal(end.totals, tuple(steps))

"""Public API for piquet for four: one seat's declarations, exact over every deal of the 24 cards it cannot
see to its partner and the two opponents (735,471 x 12,870 deals; docs/rules.md's model)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..cards import DECK, Card, CardError, sort_hand
from ..engine.columns import COUNT_NAMES_FOUR, SIDES_FOUR
from ..engine.progress import ProgressOfTotal
from ..game.declarations import is_carte_blanche
from ..rules import RulesError, RuleSet
from .counts import ExactCounts


@dataclass(frozen=True)
class DeclarationFour(ExactCounts):
    """Exact counts for one seat's hand (``counts``, engine.columns.COUNT_NAMES_FOUR): ``deals``; the side's (the seat's
    partnership's) ``point_win/_tie/_lose`` and likewise for sequence and sets (deals); for ``side`` and
    ``opponents``: carte blanche, point, sequence, sets points summed, repiques and piques (deals)."""

    hand: tuple[Card, ...]
    seat: str
    rules: RuleSet
    carte_blanche: bool
    counts: dict[str, int]

    @property
    def net(self) -> Fraction:
        """The side's expected total minus the opponents' (exact)."""
        return Fraction(self.score_sum("side") - self.score_sum("opponents"), self.deals)


def four_deals() -> int:
    """C(24, 8) partners' hands times C(16, 8) splits between the opponents."""
    return math.comb(24, 8) * math.comb(16, 8)


def analyse_declaration_four(hand: Sequence[Card], seat: str, rules: RuleSet,
                             progress: ProgressOfTotal | None = None) -> DeclarationFour:
    """A seat's eight cards: every hand of 8 of the 24 unseen cards for his partner, every split of the
    other 16 between the opponents, equally likely; each hand's carte blanche read off it (no exchange)."""
    from ..engine.declarations_four import counts_four

    if not rules.game.four:
        raise RulesError(f"this analysis is for four players, not {rules.name}")
    me = rules.table.seat(seat)
    size = rules.table.hand_size
    if len(hand) != size or len(set(hand)) != size:
        raise CardError(f"the hand must have exactly {size} different cards under {rules.name}, got {len(set(hand))}")
    hand = sort_hand(hand)
    idx = [c.index for c in hand]
    unseen = [i for i in range(len(DECK)) if i not in idx]
    blanche = is_carte_blanche(hand, rules)
    row = counts_four(me, idx, blanche, unseen, rules, progress)
    return DeclarationFour(hand, seat, rules, blanche, dict(zip(COUNT_NAMES_FOUR, map(int, row), strict=True)))


__all__ = ["SIDES_FOUR", "DeclarationFour", "analyse_declaration_four", "four_deals"]

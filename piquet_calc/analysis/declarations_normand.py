"""Public API for three players (Piquet Normand): the dealer's exchange and any seat's declarations,
exact under docs/rules.md's model (every unseen card equally likely anywhere the player cannot see).

>>> from piquet_calc.cards import parse_cards
>>> from piquet_calc.rules import NORMAND
>>> a = analyse_exchange_normand(parse_cards("AS KS QS JS 9S AH KH 8D 7D AC"), NORMAND)  # doctest: +SKIP
>>> a.options[0].discard, float(a.options[0].net)                                          # doctest: +SKIP
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..cards import DECK, Card, CardError, sort_hand
from ..engine.columns import CLASSES_NORMAND, COUNT_NAMES_NORMAND, SEATS_NORMAND
from ..engine.progress import ProgressOfTotal
from ..game.consistency import check_blanche_claim, check_seating_exchange
from ..game.declarations import is_carte_blanche
from ..rules import RulesError, RuleSet
from .counts import ExactCounts


@dataclass(frozen=True)
class SeatCounts(ExactCounts):
    """Exact counts for one choice (an exchange, or a final hand), over ``deals`` equally likely deals.

    ``counts`` (engine.columns.COUNT_NAMES_NORMAND): ``deals``; the analysed seat's ``point_win/_tie/_lose`` and
    likewise for sequence and sets (deals); then for every seat ``point_<seat>``, ``sequence_<seat>``,
    ``sets_<seat>`` and ``carte_blanche_<seat>`` (points summed over the deals) and ``repique_<seat>``,
    ``pique_<seat>`` (deals)."""

    discard: tuple[Card, ...] | None  # the exchange: None keeps the hand; else the two cards put out
    seat: str  # the analysed seat
    counts: dict[str, int]
    rules: RuleSet

    @property
    def net(self) -> Fraction:
        """The analysed seat's expected total minus the mean of the two others' (exact)."""
        others = [s for s in SEATS_NORMAND if s != self.seat]
        return Fraction(2 * self.score_sum(self.seat) - sum(self.score_sum(s) for s in others), 2 * self.deals)


@dataclass(frozen=True)
class ExchangeNormand:
    """The dealer's every exchange (keep, or each pair put out), ranked by net, best first."""

    hand: tuple[Card, ...]
    rules: RuleSet
    carte_blanche: bool  # the dealer's dealt hand is carte blanche
    options: tuple[SeatCounts, ...]


@dataclass(frozen=True)
class DeclarationNormand:
    """One seat's final hand against every deal of the cards it cannot see."""

    hand: tuple[Card, ...]
    seat: str
    rules: RuleSet
    discards: tuple[Card, ...]  # the dealer's own discards, out of play
    carte_blanche: bool
    out_of_play: int  # unseen cards out of play (the talon or the dealer's discards)
    result: SeatCounts


def _check_normand(hand: Sequence[Card], rules: RuleSet) -> tuple[Card, ...]:
    if not rules.game.normand:
        raise RulesError(f"this analysis is for three players (normand), not {rules.name}")
    size = rules.table.hand_size
    if len(hand) != size or len(set(hand)) != size:
        raise CardError(f"the hand must have exactly {size} different cards under {rules.name}, got {len(set(hand))}")
    return sort_hand(hand)


def _counts(row) -> dict[str, int]:
    return dict(zip(COUNT_NAMES_NORMAND, map(int, row), strict=True))


def exchange_normand_deals(rules: RuleSet) -> int:
    """Deals per option: every talon of two of the 22 unseen cards, every split of the rest: 231 x 184,756."""
    unseen = len(DECK) - rules.table.hand_size
    talon = rules.table.talon
    return math.comb(unseen, talon) * math.comb(unseen - talon, rules.table.hand_size)


def analyse_exchange_normand(hand: Sequence[Card], rules: RuleSet,
                             progress: ProgressOfTotal | None = None) -> ExchangeNormand:
    """Keep, or put out each pair and take the talon (as the rules allow): each exact, ranked by net.

    The dealer sees his ten cards; every talon of two of the other 22 and every split of the remaining
    20 into elder's and middle's ten are equally likely. Carte blanche is the dealt hand's (this hand's)
    for the dealer, the hand's own for the others. Ties in net keep keep first, then the pairs in
    display order."""
    from ..engine.declarations_normand import dealer_exchange_counts

    hand = _check_normand(hand, rules)
    allowed = rules.exchange[-1]
    pairs = list(itertools.combinations(hand, rules.table.talon)) if rules.table.talon in allowed else []
    idx = [c.index for c in hand]
    unseen = [i for i in range(len(DECK)) if i not in idx]
    blanche = is_carte_blanche(hand, rules)
    talons = math.comb(len(unseen), rules.table.talon)

    def report(done: int) -> None:
        if progress is not None:
            progress(done * (exchange_normand_deals(rules) // talons) * (1 + len(pairs)),
                     exchange_normand_deals(rules) * (1 + len(pairs)))

    rows = dealer_exchange_counts(idx, blanche, unseen, [tuple(c.index for c in p) for p in pairs], rules, report)
    options = [SeatCounts(None, "dealer", _counts(rows[0]), rules)]
    options += [SeatCounts(tuple(p), "dealer", _counts(r), rules) for p, r in zip(pairs, rows[1:], strict=True)]
    ranked = sorted(options, key=lambda o: -o.net)
    return ExchangeNormand(hand, rules, blanche, tuple(ranked))


def analyse_declaration_normand(hand: Sequence[Card], seat: str, rules: RuleSet, discards: Sequence[Card] = (),
                                carte_blanche: bool = False,
                                progress: ProgressOfTotal | None = None) -> DeclarationNormand:
    """A seat's final hand after the exchange, exact over every deal of the cards it cannot see.

    Elder or middle: the other's ten and the dealer's ten are every split of 20 of the 22 unseen cards,
    the last two out of play (the dealer's discards or the untouched talon); the dealer's carte blanche
    is read off his final hand. The dealer: ``discards`` (his two, if he exchanged) are out of play
    and known; without them the talon's two are out of play and unseen. ``carte_blanche``: the dealer's
    dealt hand was carte blanche, when he exchanged (otherwise every seat's is read off its hand)."""
    from ..engine.declarations_normand import seat_counts

    hand = _check_normand(hand, rules)
    me = rules.table.seat(seat)
    discards = tuple(discards)
    if discards and seat != "dealer":
        raise RulesError(f"only the dealer exchanges under {rules.name}: {seat} has no discards")
    if discards:
        check_seating_exchange(len(discards), rules, "the discards")
    for c in discards:
        if c in hand or discards.count(c) > 1:
            raise CardError(f"{c} is named twice (hand, discards)")
    if carte_blanche:  # the dealer's dealt hand: the final one less what he took, with his discards
        check_blanche_claim(hand, discards, 0, rules, "the dealer" if seat == "dealer" else seat)
    if not discards:  # dealt hand and final hand are one
        carte_blanche = is_carte_blanche(hand, rules)
    known = {c.index for c in (*hand, *discards)}
    unseen = [i for i in range(len(DECK)) if i not in known]
    out_of_play = len(unseen) - 2 * rules.table.hand_size
    n_outs = math.comb(len(unseen), out_of_play)

    def report(done: int) -> None:
        if progress is not None:
            progress(done, n_outs)

    row = seat_counts(me, [c.index for c in hand], bool(carte_blanche), unseen, out_of_play, -1, rules, report)
    return DeclarationNormand(hand, seat, rules, discards, bool(carte_blanche), out_of_play,
                              SeatCounts(None, seat, _counts(row), rules))


__all__ = ["CLASSES_NORMAND", "SEATS_NORMAND", "DeclarationNormand", "ExchangeNormand", "SeatCounts",
           "analyse_declaration_normand", "analyse_exchange_normand", "exchange_normand_deals"]

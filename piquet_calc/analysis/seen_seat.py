"""Public API: ``play --seat`` as one call: the hands the opponent may hold, from what the player knows (his
hand, his discards, what he heard and saw, how many cards the other took), then every legal card of his valued
over them (analysis/seen.py's ``opponent_hands`` and ``analyse_seen``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardError
from ..game.play import SEAT_NAMES
from ..rules import RuleSet
from .seen import SeenAnalysis, analyse_seen, opponent_hands


@dataclass(frozen=True)
class SeatPlay:
    """The card values (``result``) and, in words, where the opponent's hands came from (``source``)."""

    result: SeenAnalysis
    source: str


def analyse_seat_play(hand: Sequence[Card], seat: str, rules: RuleSet, *, discards: Sequence[Card] = (),
                      heard: str = "", tricks: Sequence[tuple[Card, Card]] = (), led: Card | None = None,
                      other_took: int | None = None, seen: Sequence[Card] = (), carte_blanche: bool = False,
                      threads: int = 0) -> SeatPlay:
    """Every legal card of the player at ``seat`` ("elder" or "dealer"; ``hand``: his twelve at the start of the
    play) after the complete ``tricks`` and ``led`` (the card led to him), valued over the hands the opponent may
    hold: ``play --seat``, each option an argument (``heard``: the --heard notation). A CardError (one line) for a
    discard in the hand; PlayError for tricks that cannot be played."""
    rules.require_two_handed("play --seat")
    both = set(hand) & set(discards)
    if both:
        raise CardError(f"--discards: {sorted(both)[0]} is in your hand")
    me = SEAT_NAMES.index(seat)
    hands = opponent_hands(hand, discards, me, heard, rules, other_took=other_took, seen=seen,
                           shown_blanche=carte_blanche)
    result = analyse_seen(hand, me, rules, hands.masks, tricks, led, hands.before, threads=threads,
                          blanche=hands.blanche)
    return SeatPlay(result, hands.source)


__all__ = ["SeatPlay", "analyse_seat_play"]

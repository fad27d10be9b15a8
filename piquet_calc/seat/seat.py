"""The seat view's start: what one player knows of the exchange and his own carte blanche (``play --seat``;
docs/rules.md, "What each player knows").

``seat.knowledge`` reads what a player heard into a ``Knowledge`` and says whether one hand fits it
(``matches``); ``seat.hands`` finds every hand that fits; this module reads the exchange as the seat knows it:

``check_exchange(seat, thrown, other_took, seen, rules)``
    The seat's discards, the number of cards the other took (None: not given) and the talon cards he saw
    (their counts) are ones the rules allow: elder exchanges ``rules.elder_discards``; the dealer, once
    elder took k, ``rules.dealer_discards(k)``; elder can have seen at most his share less what he took,
    the dealer at most what is left of the talon after both took. One ``RulesError`` line otherwise
    ("--discards: elder may exchange 1 to 5 cards under rubicon, not 6").

``own_blanche(hand, discards, rules, shown=False) -> bool``
    Carte blanche belongs to the *dealt* hand, which is the final hand less what was taken plus the
    discards: a court among the discards, none; no court in the hand nor the discards, one (it was shown:
    nobody sinks it); courts only in the final hand, only if the player says he showed it (``shown``, which is
    refused when the courts held outnumber the cards taken).

The hands themselves (``count_hands``, ``hand_masks``) are seat/hands.py's.
"""

from __future__ import annotations

from ..cards import Card
from ..rules import RulesError, RuleSet, span
from .heard import HeardError

# --- the exchange as the seat knows it ------------------------------------------------------------------------


def check_exchange(seat: str, thrown: int, other_took: int | None, seen: int, rules: RuleSet) -> None:
    """RulesError (one line) unless the counts are ones the rules allow (module docstring)."""
    shape, name = rules.table, rules.name

    def left(k: int) -> int:  # the talon cards left after elder took k (refusing leaves the dealer his own 3)
        return shape.talon_shares[-1] if k == 0 else shape.talon - k

    if seat == "elder":
        legal = rules.elder_discards
        if thrown not in legal:
            raise RulesError(f"--discards: elder may exchange {span(legal)} cards under {name}, not {thrown}"
                             + (" (give the cards you discarded)" if thrown == 0 else ""))
        if other_took is not None and other_took not in rules.dealer_discards(thrown):
            raise RulesError(f"--other-took: the dealer may exchange {span(rules.dealer_discards(thrown))} cards "
                             f"under {name} after elder took {thrown}, not {other_took}")
        most, after = shape.talon_shares[0] - thrown, f"after taking {thrown}"
    else:
        if other_took is not None and other_took not in rules.elder_discards:
            raise RulesError(f"--other-took: elder may exchange {span(rules.elder_discards)} cards under {name}, "
                             f"not {other_took}")
        ks = [other_took] if other_took is not None else list(rules.elder_discards)
        legal = sorted({m for k in ks for m in rules.dealer_discards(k)})
        if thrown not in legal:
            raise RulesError(f"--discards: the dealer may exchange {span(legal)} cards under {name}"
                             + (f" after elder took {other_took}" if other_took is not None else "")
                             + f", not {thrown}")
        most = max(left(k) - thrown for k in ks if thrown in rules.dealer_discards(k))
        after = f"after taking {thrown}" + (f" and elder {other_took}" if other_took is not None else "")
    if seen > most:
        raise RulesError(f"--seen: {seat} can have seen at most {most} talon cards {after} under {name}, not {seen}")


def own_blanche(hand: tuple[Card, ...], discards: tuple[Card, ...], rules: RuleSet, shown: bool = False) -> bool:
    """The seat's own carte blanche, from his dealt hand (module docstring)."""
    courts = rules.blanche_ranks
    thrown = [c for c in discards if c.rank in courts]
    held = sum(1 for c in hand if c.rank in courts)
    if shown and thrown:
        raise HeardError(f"--carte-blanche: {thrown[0]} is among your discards, so your dealt hand had a court card")
    if shown and held > len(discards):
        raise HeardError(f"--carte-blanche: you hold {held} court cards but took only {len(discards)}, so your "
                         "dealt hand had one")
    return shown or (not thrown and not held)


__all__ = ["check_exchange", "own_blanche"]

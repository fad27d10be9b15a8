"""One check of a deal's consistency, for every command that is told more than the final hands.

``score`` and ``play`` may be given the dealt hands beside the final ones, ``declare`` the discards and
a claim of carte blanche; each asks this module, so that a deal is judged the same way whatever the
command (docs/rules.md, The deal and the exchange; Declarations, Carte blanche; Three and four players):

* the dealt hands are disjoint (each card is dealt once);
* a discard is out of play: no card of a dealt hand ends in another player's final hand (the dealt
  hand then held the other's final card, or its discards went to him);
* each exchange, the cards of a final hand that its dealt hand lacks, is a count the rules allow that
  seat: elder's limits, the dealer's after what elder took (two players), none or the whole talon for
  Normand's dealer; ``declare``'s discards likewise, and its seen talon cards at most those the seat
  can have looked at;
* carte blanche is a dealt hand without the court cards (``rules.blanche_ranks``): a claim of it is
  refused when a court card is among the discards, or when the final hand holds more court cards than
  the cards taken can explain.

Every refusal is a CardError (or RulesError), one line naming the card, the hand or the count.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, CardError
from ..rules import RulesError, RuleSet, span


def exchanged(dealt: Sequence[Card], final: Sequence[Card]) -> int:
    """How many cards a player exchanged: those of his final hand that his dealt hand lacks."""
    return len(set(final) - set(dealt))


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def check_two_handed_deal(elder: Sequence[Card], dealer: Sequence[Card], elder_dealt: Sequence[Card] | None,
                          dealer_dealt: Sequence[Card] | None, rules: RuleSet,
                          names: tuple[str, str] = ("elder", "younger")) -> None:
    """Two players' dealt hands (None: not given) consistent with their final hands (the module docstring).

    ``names``: how the messages call elder and the dealer (``score`` says younger, ``play`` the dealer)."""
    if elder_dealt is not None and dealer_dealt is not None:
        both = sorted(set(elder_dealt) & set(dealer_dealt))
        if both:
            raise CardError(f"{both[0]} is in both dealt hands")
    took: dict[int, int] = {}
    for me, (dealt, final, other_final) in enumerate(((elder_dealt, elder, dealer), (dealer_dealt, dealer, elder))):
        if dealt is None:
            continue
        gone = sorted(set(dealt) & set(other_final))
        if gone:
            raise CardError(f"{gone[0]} is in {names[me]}'s dealt hand and in {names[1 - me]}'s final hand: "
                            "a discarded card is out of play")
        took[me] = exchanged(dealt, final)
    if 0 in took and took[0] not in rules.elder_discards:
        raise CardError(f"{names[0]} exchanged {_cards(took[0])} (dealt against final hand); "
                        f"{rules.name} allows {span(rules.elder_discards)}")
    if 1 in took:
        elder_took = [took[0]] if 0 in took else list(rules.elder_discards)
        legal = sorted({m for k in elder_took for m in rules.dealer_discards(k)})
        if took[1] not in legal:
            after = f" after elder took {took[0]}" if 0 in took else ""
            raise CardError(f"{names[1]} exchanged {_cards(took[1])} (dealt against final hand); "
                            f"{rules.name} allows {span(legal)}{after}")


def check_exchange_seen(position: str, thrown: int, seen: int, rules: RuleSet) -> None:
    """Two players: ``thrown`` discards (0: not given) must be a count the rules let this position exchange,
    and ``seen`` at most the talon cards it can have looked at: elder the rest of his share, the dealer the
    rest of what elder left (docs/rules.md, The deal and the exchange)."""
    shape = rules.table
    if position == "elder":  # (cards exchanged, talon cards then left to look at)
        ways = [(k, shape.talon_shares[0] - k) for k in rules.elder_discards]
    else:  # elder refusing leaves the dealer only his own share
        ways = [(m, (shape.talon - k if k else shape.talon_shares[-1]) - m)
                for k in rules.elder_discards for m in rules.dealer_discards(k)]
    legal = sorted({n for n, _ in ways} - {0})
    if thrown and thrown not in legal:
        raise RulesError(f"--discards: {position} may exchange {span(legal)} cards under {rules.name}, not {thrown}")
    most_seen = max(rest for n, rest in ways if n == thrown or not thrown)
    if seen > most_seen:
        after = f" after exchanging {thrown}" if thrown else ""
        raise RulesError(f"--seen: {position} can have seen at most {most_seen} talon cards{after} "
                         f"under {rules.name}, not {seen}")


def seating_exchange_words(rules: RuleSet) -> str:
    """What the dealer at a table of three or four may exchange, in words: "none or 2 cards", or "none"."""
    counts = [n for n in rules.exchange[-1] if n]
    return "none" if not counts else f"none or {span(counts)} cards"


def check_seating_exchange(count: int, rules: RuleSet, what: str) -> None:
    """The dealer of three or four players exchanging ``count`` cards (``what``: how it is known)."""
    if count not in rules.exchange[-1]:
        raise RulesError(f"{what}: the dealer exchanges {seating_exchange_words(rules)} under {rules.name}, "
                         f"not {count}")


def check_seating_deal(hands: Sequence[Sequence[Card]], dealer_dealt: Sequence[Card], rules: RuleSet) -> None:
    """The dealer's dealt hand at a table of three or four against every final hand (seat order, the
    dealer last): nobody else's final card in it, and an exchange the rules allow."""
    shape = rules.table
    if not [n for n in rules.exchange[-1] if n]:
        raise RulesError(f"the dealer's dealt hand: nobody exchanges under {rules.name}, so the dealt hands are "
                         "the final ones")
    for seat, final in zip(shape.seats[:-1], hands[:-1], strict=True):
        gone = sorted(set(dealer_dealt) & set(final))
        if gone:
            raise CardError(f"{gone[0]} is in the dealer's dealt hand and in {seat}'s final hand: "
                            "a discarded card is out of play")
    check_seating_exchange(exchanged(dealer_dealt, hands[-1]), rules, "dealt against final hand")


def check_blanche_claim(final: Sequence[Card], discards: Sequence[Card], most_taken: int, rules: RuleSet,
                        who: str) -> None:
    """Carte blanche claimed for the dealt hand of ``who``, whose final hand is ``final``.

    ``discards``: his discards, if known (his dealt hand held them, and he took as many); else he took
    at most ``most_taken`` cards (0: he did not exchange, so the final hand is the dealt one). The claim
    is refused when a discard is a court card, or when the final hand holds more court cards than the
    cards he took: the dealt hand then held one."""
    courts = " ".join(r.symbol for r in sorted(rules.blanche_ranks, reverse=True))
    thrown = [c for c in discards if c.rank in rules.blanche_ranks]
    if thrown:
        raise CardError(f"carte blanche: {who} discarded {thrown[0]}, so his dealt hand held a court card ({courts})")
    held = [c for c in final if c.rank in rules.blanche_ranks]
    taken = len(discards) if discards else most_taken
    if len(held) > taken:
        took = (f"he took only {taken}" if discards else
                f"he takes at most {taken}" if taken else "he did not exchange")
        raise CardError(f"carte blanche: {who}'s final hand holds {len(held)} of {courts} but {took}: "
                        "his dealt hand held one")

__all__ = ["check_blanche_claim", "check_exchange_seen", "check_seating_deal", "check_seating_exchange",
           "check_two_handed_deal", "exchanged", "seating_exchange_words"]

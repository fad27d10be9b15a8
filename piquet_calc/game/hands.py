"""Every hand the opponent can hold, given what one seat knows after the announcements.

docs/rules.md, "Announcing: what each player learns" and "What each player knows", states the model. Each
consistent hand is weighted equally; the enumeration is exact (every 12-card hand of the unseen cards is
counted, none sampled): at most C(15, 12) = 455 for elder after a full exchange, C(17, 12) = 6,188 for the
dealer, before any pruning.

Public API:

``consistent_hands(knowledge, played=()) -> list[tuple[Card, ...]]``
    Every final hand (twelve cards, each sorted, the list sorted; the opponent's cards already played included)
    the opponent can hold. A hand is consistent when (1) its cards are unseen by ``knowledge.seat`` (not in
    his hand or discards; not talon cards the dealer saw); (2) the talon allows it: elder's seen leftovers
    hold as many of the dealer's cards as the dealer took of them (module ``Knowledge``); a carte blanche
    shown means the other kept ``12 - exchanged`` cards of that dealt hand; (3) the announcements made with
    it are the ones heard (``game.dialogue.announcements`` replayed with this hand); (4) the play agrees:
    ``played`` is the tricks so far, each ``(leader's card, follower's card)``, elder leading the first,
    the winner of each the next; the opponent's played cards are in the hand, and a player who did not
    follow suit held no other card of the suit led. Raises ``InconsistentError`` when no hand is left, and

Also: ``unseen_cards(knowledge) -> tuple[Card, ...]`` (the cards the opponent's hand is drawn from).
Condition 3 for one hand is game/knowledge.py's ``matches``. ``InconsistentError`` is a subclass of
``CardError``: the command line prints it as one line, exit status 2.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from ..cards import DECK, HAND_SIZE, Card, CardError, Suit
from .declarations import SUIT_NAMES, Declaration
from .dialogue import EQUAL, GOOD, Knowledge
from .knowledge import matches
from .play import follower_wins


class InconsistentError(CardError):
    """What was heard (or played) fits no hand of the unseen cards; one line for the user."""


def unseen_cards(k: Knowledge) -> tuple[Card, ...]:
    """The cards the opponent's hand is drawn from: all but the seat's hand and discards (and, for the
    dealer, the talon cards he saw: nobody takes after him)."""
    out = set(k.hand) | set(k.discards) | (set(k.seen) if k.seat == "dealer" else set())
    return tuple(c for c in DECK if c not in out)


def _leftover_bounds(k: Knowledge) -> tuple[int, int]:
    """How many of elder's ``seen`` leftovers the dealer can hold (docs/rules.md, The deal and the exchange:
    the dealer takes elder's leftovers first; refusing the talon, elder leaves him only his own share)."""
    seen = len(k.seen)
    if k.seat != "elder" or not seen:
        return 0, seen
    took = len(k.discards)
    left = max(k.rules.table.talon_shares[0] - took, seen)
    if k.opponent_exchanged is None:
        return 0, seen
    taken = 0 if took == 0 else min(k.opponent_exchanged, left)
    return max(0, taken - (left - seen)), min(seen, taken)


def _tricks(k: Knowledge, played: Sequence[tuple[Card, Card]]) -> tuple[set[Card], list[tuple[Suit, set[Card]]]]:
    """The opponent's played cards, and each suit he showed out of with the cards of it he had played then."""
    mine, theirs, voids = set(k.hand), set(), []
    leader = "elder"
    for n, (lead, reply) in enumerate(played, 1):
        cards = {"elder": lead, "dealer": reply} if leader == "elder" else {"dealer": lead, "elder": reply}
        own, other = cards[k.seat], cards[k.opponent]
        if own not in mine:
            raise InconsistentError(f"trick {n}: {own} is not in {k.seat}'s hand (or was played already)")
        if other in set(k.hand) | set(k.discards) or other in theirs:
            raise InconsistentError(f"trick {n}: {other} cannot be the {k.opponent}'s: "
                                    f"{'it was played already' if other in theirs else 'you hold or discarded it'}")
        mine.discard(own)
        follower = "dealer" if leader == "elder" else "elder"
        if cards[follower].suit != lead.suit:
            if follower == k.seat and any(c.suit == lead.suit for c in mine):
                raise InconsistentError(f"trick {n}: {k.seat} did not follow {SUIT_NAMES[lead.suit]} "
                                        "with one in his hand")
            if follower == k.opponent:
                voids.append((lead.suit, {c for c in theirs if c.suit == lead.suit}))
        theirs.add(other)
        leader = follower if follower_wins(lead, reply) else leader
    return theirs, voids


def consistent_hands(k: Knowledge, played: Sequence[tuple[Card, Card]] = ()) -> list[tuple[Card, ...]]:
    """Every hand the opponent can hold (module docstring), each once, sorted."""
    pool = unseen_cards(k)
    theirs_played, voids = _tricks(k, played)
    forced = set(k.said.scoring(k.opponent).cards) | theirs_played
    missing = sorted(forced - set(pool))
    if missing:
        raise InconsistentError(f"the {k.opponent} cannot hold {missing[0]}: you hold or discarded it")
    excluded = {c for suit, had in voids for c in pool if c.suit == suit and c not in had}
    clash = sorted(forced & excluded)
    if clash:
        raise InconsistentError(f"the {k.opponent} showed out of {SUIT_NAMES[clash[0].suit]} but holds {clash[0]}")
    free = [c for c in pool if c not in forced and c not in excluded]
    need = HAND_SIZE - len(forced)
    lo, hi = _leftover_bounds(k)
    seen = set(k.seen)
    dealt = set(k.opponent_dealt or ())
    kept = None if k.opponent_dealt is None or k.opponent_exchanged is None else HAND_SIZE - k.opponent_exchanged
    point = k.said.scoring(k.opponent).point
    own = Declaration.of(k.hand, k.rules)
    out = []
    for rest in _completions(k, forced, free, need):
        hand = tuple(sorted(forced.union(rest)))
        if seen and k.seat == "elder" and not lo <= len(seen.intersection(hand)) <= hi:
            continue
        if kept is not None and len(dealt.intersection(hand)) != kept:
            continue
        if point is not None and sum(1 for c in hand if c.suit == point.suit) != point.length:
            continue
        if matches(k, hand, own):
            out.append(hand)
    if not out:
        raise InconsistentError(f"no hand of the {len(pool)} cards you cannot see fits what was heard"
                                + (" and played" if played else "") + f" (the {k.opponent}'s announcements "
                                "cannot all be true together)")
    return sorted(out)


def _completions(k: Knowledge, forced: set[Card], free: Sequence[Card], need: int) -> Iterable[tuple[Card, ...]]:
    """Every ``need`` cards of ``free`` that, with ``forced``, leave no suit longer than the opponent's point
    allows (his best point's number of cards is heard, or bounded by elder's when it was good or equal),
    and his scored point's suit exactly as long: suit by suit, so the longer suits are never built."""
    a, cap, exact = k.said, HAND_SIZE, None
    if k.seat == "dealer" or a.point_answer in (GOOD, EQUAL):
        cap = a.elder_point[0]
    elif a.dealer.point is not None:
        cap = a.dealer.point.length
    point = a.scoring(k.opponent).point
    if point is not None:
        exact = point.suit
    suits = [[c for c in free if c.suit == s] for s in Suit]
    held = [sum(1 for c in forced if c.suit == s) for s in Suit]
    ranges = []
    for s in Suit:
        top = min(len(suits[s]), cap - held[s])
        low = 0
        if exact == s:
            low = top = point.length - held[s] if point is not None else 0
            top = min(top, len(suits[s]))
        ranges.append(range(low, top + 1) if top >= low >= 0 else range(0))
    for counts in itertools.product(*ranges):
        if sum(counts) != need:
            continue
        per_suit = (itertools.combinations(suits[s], n) for s, n in zip(Suit, counts, strict=True))
        for parts in itertools.product(*per_suit):
            yield tuple(itertools.chain.from_iterable(parts))


__all__ = ["InconsistentError", "consistent_hands", "unseen_cards"]

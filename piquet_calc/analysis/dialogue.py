"""Public API: the announcements of two final hands and what each seat then knows (``declare --dialogue``).

``analyse_dialogue(elder, dealer, rules, elder_dealt, dealer_dealt)`` checks the deal (game/consistency.py),
makes the announcements by the announcing model (seat/dialogue.py) and, for each seat, what it knows after
them (its discards and what the other exchanged when the dealt hands are given; the dealer also sees the talon
cards neither took) and, with both dealt hands, how many hands the other can hold (seat/hands.py). A bad deal
is a CardError (one line)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import DECK, Card, CardError
from ..game.consistency import check_two_handed_deal
from ..rules import RuleSet
from ..rules.model import TWO_HANDED_SEATS
from ..seat.dialogue import Dialogue, Knowledge, dialogue, knowledge
from ..seat.hands import consistent_hands


@dataclass(frozen=True)
class DialogueAnalysis:
    """The announcements (``said``) and, for elder and the dealer, what he knows and the number of hands the
    other can hold (None without both dealt hands)."""

    said: Dialogue
    knows: dict[str, tuple[Knowledge, int | None]]


def analyse_dialogue(elder: Sequence[Card], dealer: Sequence[Card], rules: RuleSet,
                     elder_dealt: Sequence[Card] | None = None,
                     dealer_dealt: Sequence[Card] | None = None) -> DialogueAnalysis:
    """Both final hands' announcements and what each seat knows after them (module docstring); ``rules`` must
    be two-handed (RulesError otherwise)."""
    rules.require_two_handed("--dialogue")
    if set(elder) & set(dealer):
        raise CardError(f"{sorted(set(elder) & set(dealer))[0]} is in both hands")
    check_two_handed_deal(elder, dealer, elder_dealt, dealer_dealt, rules)
    said = dialogue(elder, dealer, rules, elder_dealt, dealer_dealt)
    knows = {}
    both = elder_dealt is not None and dealer_dealt is not None
    for seat in TWO_HANDED_SEATS:
        seen: tuple[Card, ...] = ()
        if both and seat == "dealer":  # what neither took: the dealer may look at it (docs/rules.md, Announcing)
            taken = set(elder) | set(dealer) | set(elder_dealt) | set(dealer_dealt)
            seen = tuple(c for c in DECK if c not in taken)
        k = knowledge(said, seat, elder_dealt, dealer_dealt, seen)
        knows[seat] = (k, len(consistent_hands(k)) if both else None)
    return DialogueAnalysis(said, knows)


__all__ = ["DialogueAnalysis", "analyse_dialogue"]

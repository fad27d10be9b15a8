"""The play of piquet for four: legal cards, a card played and scored, the end of the play, a plain minimax.

Plain Python, the readable reference the four-player solver (``kernels/play_four/``) is tested against; every
rule of docs/rules.md's "The play of four" (in "Three and four players") lives here once:

* two sides, partners opposite: elder (seat 0) and third (2) against second (1) and the dealer (3); eight
  cards each, no trumps; elder leads to the first trick, each plays in turn to the left, following suit
  when he can; the highest card of the suit led wins; the winner leads next;
* a lead scores ``lead`` to the leader's side when the card is led; when the trick is won the winner's side
  scores ``win_opponent_lead`` if the other side led it, ``win_own_lead`` if its own side did (a partner
  winning his partner's lead adds nothing: 0 in the preset); the last trick ``last_trick`` more;
* pique: elder's side at the pique threshold with declarations and play while the other side has scored
  nothing in the deal adds the pique bonus, once, at that moment;
* after the last trick: the cards (``cards`` to a side with ``cards_tricks`` tricks or more: 5 of 8) or
  capot (``capot`` to a side with all 8, instead of the cards; the last trick's point still scored unless
  the rules say capot replaces it); these never count towards pique.

``trick_winner`` and ``legal_cards`` (game/play.py) serve any number of seats; the rest is four's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..cards import Card
from ..rules import FOUR_SEATS, RulesError, RuleSet
from .play import PlayError, TrickState, legal_cards

SEATS = FOUR_SEATS
SIDES = ("elder+third", "second+dealer")
ELDER_SIDE, DEALER_SIDE = 0, 1
TRICKS = 8  # tricks in a deal of four


def side_of(seat: int) -> int:
    """Elder and third (seats 0, 2) are side 0; second and the dealer (1, 3) side 1."""
    return seat & 1


def trick_winner(cards: Sequence[Card]) -> int:
    """The place (0 the leader) of the card that wins a trick: the highest of the suit led (any seats)."""
    lead = cards[0]
    best = 0
    for i, c in enumerate(cards):
        if c.suit == lead.suit and c.rank > cards[best].rank:
            best = i
    return best


@dataclass(frozen=True)
class PointsFour:
    """The play's numbers for four, from the rules (``points_four``)."""

    lead: int
    win_opponent_lead: int
    win_own_lead: int
    last_trick: int
    cards: int
    cards_tricks: int  # a side with this many tricks or more scores the cards
    capot: int
    capot_replaces_last_trick: bool
    pique_threshold: int
    pique_bonus: int


def points_four(rules: RuleSet) -> PointsFour:
    """The play's numbers under ``rules`` (four players); RulesError for rules the play of four cannot read."""
    if not rules.game.four:
        raise RulesError(f"the play of four is for four players in partnerships; {rules.name} is not")
    p, t = rules.play, rules.table_rules
    if p.deal_bonus:
        raise RulesError("the play of four scores no deal bonus (play.deal_bonus must be 0)")
    return PointsFour(p.lead, p.win_opponent_lead, p.win_own_lead, p.last_trick, t.cards,
                      t.cards_tricks or TRICKS // 2 + 1, t.capot, p.capot_replaces_last_trick,
                      rules.pique_threshold, rules.pique_bonus)


@dataclass(frozen=True)
class StateFour(TrickState):
    """A position of the play: the cards left in each seat's hand, who led the trick under way and its
    cards so far (from the leader), the tricks each side has won, each side's totals for the deal so far
    (declarations, repique, play, pique), whether elder's side may still pique, and whether it did."""

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[int, int]
    totals: tuple[int, int]
    pique_live: bool
    pique: bool = False

    @property
    def over(self) -> bool:
        return self.cards_left == 0


def start_four(hands: Sequence[Iterable[Card]], rules: RuleSet, before: tuple[int, int],
               pique_live: bool) -> StateFour:
    """The position before elder's first lead; ``before``: each side's declarations with repique;
    ``pique_live``: no repique of elder's side and the other side at nothing. Elder's side already at the
    threshold piques at once (only a house rule with a pique threshold under the repique's allows it)."""
    hs = tuple(frozenset(h) for h in hands)
    if len(hs) != 4 or len({len(h) for h in hs}) != 1 or len(frozenset().union(*hs)) != sum(len(h) for h in hs):
        raise PlayError("four hands of as many cards each, no card twice")
    pts = points_four(rules)
    live = pique_live and before[DEALER_SIDE] == 0
    if live and before[ELDER_SIDE] >= pts.pique_threshold:
        return StateFour(hs, 0, (), (0, 0), (before[0] + pts.pique_bonus, before[1]), False, True)  # type: ignore[arg-type]
    return StateFour(hs, 0, (), (0, 0), before, live)  # type: ignore[arg-type]


def _score(s: StateFour, side: int, points: int, pts: PointsFour) -> StateFour:
    """``side`` scores ``points``: pique tested when elder's side scores, lost when the other side does."""
    if points == 0:
        return s
    totals = (s.totals[0] + points, s.totals[1]) if side == ELDER_SIDE else (s.totals[0], s.totals[1] + points)
    if side == DEALER_SIDE:
        return replace(s, totals=totals, pique_live=False)
    if s.pique_live and totals[0] >= pts.pique_threshold:
        return replace(s, totals=(totals[0] + pts.pique_bonus, totals[1]), pique_live=False, pique=True)
    return replace(s, totals=totals)


def check_card(s: StateFour, card: Card) -> None:
    """PlayError, naming the trick, unless ``card`` is a legal card for the seat to move."""
    seat, n = s.to_move, s.number
    if s.over:
        raise PlayError(f"trick {n}: every trick has been played")
    if card not in s.hands[seat]:
        holder = next((SEATS[o] for o in range(4) if card in s.hands[o]), None)
        why = f" (it is {holder}'s card)" if holder else " (it has been played)"
        raise PlayError(f"trick {n}: it is {SEATS[seat]}'s turn, and {card} is not in {SEATS[seat]}'s hand{why}")
    if s.trick and card not in legal_cards(s.hands[seat], s.trick[0]):
        raise PlayError(f"trick {n}: {SEATS[seat]} must follow suit to {s.trick[0]}, not play {card}")


def play_card(s: StateFour, card: Card, rules: RuleSet, pts: PointsFour | None = None) -> StateFour:
    """The seat to move plays ``card`` (PlayError if it may not): the lead point when it leads, the winner's
    points when it completes the trick."""
    pts = pts or points_four(rules)
    check_card(s, card)
    seat = s.to_move
    hands = list(s.hands)
    hands[seat] = hands[seat] - {card}
    s = replace(s, hands=tuple(hands), trick=(*s.trick, card))  # type: ignore[arg-type]
    if len(s.trick) == 1:
        return _score(s, side_of(seat), pts.lead, pts)
    if len(s.trick) < 4:
        return s
    winner = (s.leader + trick_winner(s.trick)) % 4
    side = side_of(winner)
    points = pts.win_own_lead if side == side_of(s.leader) else pts.win_opponent_lead
    if s.over:
        points += pts.last_trick
    tricks = (s.tricks[0] + (side == 0), s.tricks[1] + (side == 1))
    return _score(replace(s, leader=winner, trick=(), tricks=tricks), side, points, pts)


@dataclass(frozen=True)
class FinishFour:
    """What the end of the play adds (never towards pique): the cards, capot, and each side's final total."""

    cards: tuple[int, int]
    capot: tuple[int, int]
    totals: tuple[int, int]


def finish_four(s: StateFour, rules: RuleSet, pts: PointsFour | None = None) -> FinishFour:
    """The cards or capot once every trick is played (capot in place of the cards; where the rules say
    capot replaces the last trick's point, that point is taken back from it)."""
    pts = pts or points_four(rules)
    cards, capot = [0, 0], [0, 0]
    for side in (ELDER_SIDE, DEALER_SIDE):
        won, lost = s.tricks[side], s.tricks[1 - side]
        if won and not lost and pts.capot:
            capot[side] = pts.capot - (pts.last_trick if pts.capot_replaces_last_trick else 0)
        elif won >= pts.cards_tricks:
            cards[side] = pts.cards
    totals = (s.totals[0] + cards[0] + capot[0], s.totals[1] + cards[1] + capot[1])
    return FinishFour((cards[0], cards[1]), (capot[0], capot[1]), totals)


def final_difference(s: StateFour, rules: RuleSet, pts: PointsFour | None = None) -> int:
    """Elder's side's final total minus the other side's, once every trick is played."""
    t = finish_four(s, rules, pts).totals
    return t[0] - t[1]


def minimax_four(s: StateFour, rules: RuleSet) -> int:
    """The final difference (elder's side minus the other) with every seat perfect from ``s``: elder and third
    maximise it, second and the dealer minimise it. Plain minimax over every legal card, no pruning and no
    table: the obviously-correct reference, for endings of a few tricks."""
    pts = points_four(rules)

    def value(s: StateFour) -> int:
        if s.over:
            return final_difference(s, rules, pts)
        led = s.trick[0] if s.trick else None
        vals = [value(play_card(s, c, rules, pts)) for c in legal_cards(s.hands[s.to_move], led)]
        return max(vals) if side_of(s.to_move) == ELDER_SIDE else min(vals)

    return value(s)


def minimax_choices(s: StateFour, rules: RuleSet) -> dict[Card, int]:
    """Every legal card of the seat to move with its final difference (``minimax_four`` after it)."""
    led = s.trick[0] if s.trick else None
    return {c: minimax_four(play_card(s, c, rules), rules) for c in legal_cards(s.hands[s.to_move], led)}

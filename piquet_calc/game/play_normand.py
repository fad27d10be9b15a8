"""The play of Piquet Normand: three players each for himself, a recorded play scored card by card.

Plain Python, the readable reference the Normand solver (``kernels/play_normand/``) is tested against.
docs/rules.md, "Three and four players" and "The play of three and four": every rule lives here once:

* three cards a trick, no trumps; the leader plays any card, the others follow suit if they can; the
  highest card of the suit led wins; the winner leads next;
* the lead point when a card is led (``last_lead`` to the last trick), then the winner's points when the
  trick is won: ``win_opponent_lead`` when he takes a trick led by either other player, ``win_own_lead``
  when he wins his own lead (a card below ``scoring_rank`` scores neither), and the last trick's extra;
* pique: elder at the threshold with declarations and play while middle and the dealer have scored
  nothing in the deal (no repique) adds the bonus, once, at that moment;
* after the last trick: the one player with strictly the most tricks scores the cards; two tied for the
  most score ``cards_shared`` each; capot: one player with every trick scores ``capot`` instead, two
  players sharing all of them (the third none) ``capot_shared`` each instead (002); the last trick's
  point and every lead and win still score. These never count towards pique.

Seats: ``ELDER`` 0 leads to the first trick, ``MIDDLE`` 1, ``DEALER`` 2. A value for seat ``me`` is his
*net* doubled (integers): ``2 * own - the two others'``, twice his total minus the mean of the others'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..cards import Card
from ..rules import NORMAND_SEATS, RulesError, RuleSet
from .play import PlayError, TrickState, follower_wins, legal_cards
from .seating import SeatingScore

ELDER, MIDDLE, DEALER = 0, 1, 2
SEATS = NORMAND_SEATS
__all__ = ["DEALER", "ELDER", "MIDDLE", "SEATS", "FinishNormand", "PlayError", "StateNormand", "before_play_normand",
           "check_play_normand", "finish_normand", "legal_cards", "minimax_normand", "net2", "play_card", "score_cards",
           "start_normand", "trick_winner"]


def check_play_normand(rules: RuleSet) -> None:
    """RulesError unless the play of these rules is one this module (and the solver) scores: three
    players each for himself, no seventh-trick or deal bonus, the cards to strictly the most tricks."""
    if not rules.game.normand:
        raise RulesError(f"the play of three players is for normand, not {rules.name}")
    p, t = rules.play, rules.table_rules
    if p.seventh_trick or p.deal_bonus or t.cards_tricks:
        raise RulesError(f"{rules.name}: the Normand play scores no seventh trick, no deal bonus and the cards to "
                         "strictly the most tricks (cards_tricks = 0)")


@dataclass(frozen=True)
class StateNormand(TrickState):
    """A position: the cards left, the trick on the table, tricks won and the deal's totals so far.

    ``hands`` in seat order; ``leader`` led (or leads) the current trick; ``trick`` the cards played to it
    so far, from the leader; ``totals`` each seat's points for the deal so far (declarations, repique,
    play, pique); ``pique_live``: elder may still pique."""

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card]]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[int, int, int]
    totals: tuple[int, int, int]
    pique_live: bool
    pique: bool = False  # elder scored pique in the play

    @property
    def deal_tricks(self) -> int:
        return sum(self.tricks) + (self.cards_left + len(self.trick)) // 3

    def legal(self) -> list[Card]:
        """The cards the player to move may play (lowest first within each suit)."""
        return legal_cards(self.hands[self.to_move], self.trick[0] if self.trick else None)


def start_normand(hands: Sequence[Iterable[Card]], rules: RuleSet, before: Sequence[int],
                  pique_live: bool) -> StateNormand:
    """The position before the first lead, each seat's declarations with repique ``before``; pique at once
    when elder is already at the threshold with pique live (no repique, the others at nothing)."""
    h = tuple(frozenset(x) for x in hands)
    if len(h) != 3 or len({len(x) for x in h}) != 1 or len(h[0] | h[1] | h[2]) != 3 * len(h[0]):
        raise PlayError("the three hands must hold as many cards each, none in two")
    totals = (before[0], before[1], before[2])
    live = pique_live and totals[1] == 0 and totals[2] == 0
    if live and totals[0] >= rules.pique_threshold:
        piqued = (totals[0] + rules.pique_bonus, totals[1], totals[2])
        return StateNormand((h[0], h[1], h[2]), ELDER, (), (0, 0, 0), piqued, False, pique=True)
    return StateNormand((h[0], h[1], h[2]), ELDER, (), (0, 0, 0), totals, live)


def before_play_normand(score: SeatingScore) -> tuple[tuple[int, int, int], bool]:
    """From the declarations scored at the table (game.seating.score_seating): (each seat's declarations with
    repique, pique still live: no repique of elder's, middle and the dealer at nothing). Their pique, an
    estimate from elder's pique run, is left out: the play decides pique."""
    pts = [sum(p[i] for name, p in score.classes if name != "pique") for i in range(3)]
    return (pts[0], pts[1], pts[2]), not score.repique[0] and pts[1] == 0 and pts[2] == 0


def _score(s: StateNormand, seat: int, points: int, rules: RuleSet) -> StateNormand:
    """``seat`` scores ``points`` in the play: pique is tested when elder scores, lost when another does."""
    if points == 0:
        return s
    totals = list(s.totals)
    totals[seat] += points
    if seat != ELDER:
        return replace(s, totals=(totals[0], totals[1], totals[2]), pique_live=False)
    if s.pique_live and totals[ELDER] >= rules.pique_threshold:
        totals[ELDER] += rules.pique_bonus
        return replace(s, totals=(totals[0], totals[1], totals[2]), pique_live=False, pique=True)
    return replace(s, totals=(totals[0], totals[1], totals[2]))


def trick_winner(cards: Sequence[Card], leader: int) -> int:
    """The seat that wins three cards played from ``leader``: the highest of the suit led."""
    best = 0
    for k in (1, 2):
        if follower_wins(cards[best], cards[k]):
            best = k
    return (leader + best) % 3


def play_card(s: StateNormand, card: Card, rules: RuleSet) -> StateNormand:
    """The player to move plays ``card``; PlayError (one line naming the trick) if it is not his or not legal.
    The lead scores when the card is led; the third card closes the trick and scores the winner."""
    seat, n = s.to_move, s.number
    if not s.hands[seat] and not s.trick:
        raise PlayError(f"trick {n}: every trick has been played")
    if card not in s.hands[seat]:
        holder = next((f" (it is {SEATS[o]}'s card)" for o in range(3) if card in s.hands[o]),
                      " (it is on the table)" if card in s.trick else "")
        raise PlayError(f"trick {n}: it is {SEATS[seat]}'s turn, and {card} is not in {SEATS[seat]}'s hand{holder}")
    if card not in s.legal():
        raise PlayError(f"trick {n}: {SEATS[seat]} must follow suit to {s.trick[0]}, not play {card}")
    hands = list(s.hands)
    hands[seat] = hands[seat] - {card}
    play = rules.play
    last = s.deal_tricks == n
    s = replace(s, hands=(hands[0], hands[1], hands[2]), trick=(*s.trick, card))
    if len(s.trick) == 1:
        if card.rank >= play.scoring_rank:
            s = _score(s, seat, play.last_lead if last else play.lead, rules)
        return s
    if len(s.trick) < 3:
        return s
    winner = trick_winner(s.trick, s.leader)
    top = s.trick[(winner - s.leader) % 3]
    points = 0
    if top.rank >= play.scoring_rank:
        points += play.win_own_lead if winner == s.leader else play.win_opponent_lead
    if last:
        points += play.last_trick
    tricks = list(s.tricks)
    tricks[winner] += 1
    s = replace(s, trick=(), leader=winner, tricks=(tricks[0], tricks[1], tricks[2]))
    return _score(s, winner, points, rules)


def score_cards(tricks: Sequence[int], rules: RuleSet) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the cards, capot) each seat scores after the last trick, from the tricks each won (002's reading,
    docs/rules.md): capot to one seat with every trick, or to each of two sharing all of them (the third
    none), instead of the cards; else the cards to the one seat with strictly the most, or to each of
    two tied for the most."""
    t = rules.table_rules
    total = sum(tricks)
    cards, capot = [0, 0, 0], [0, 0, 0]
    nil = [s for s in range(3) if tricks[s] == 0]
    if t.capot and max(tricks) == total:
        capot[tricks.index(total)] = t.capot
    elif t.capot_shared and len(nil) == 1:
        for s in range(3):
            capot[s] = t.capot_shared if tricks[s] else 0
    else:
        most = max(tricks)
        leaders = [s for s in range(3) if tricks[s] == most]
        if len(leaders) == 1:
            cards[leaders[0]] = t.cards
        elif len(leaders) == 2:
            for s in leaders:
                cards[s] = t.cards_shared
    return tuple(cards), tuple(capot)


@dataclass(frozen=True)
class FinishNormand:
    """What the end of the play adds: the cards and capot, and each seat's final total."""

    cards: tuple[int, ...]
    capot: tuple[int, ...]
    totals: tuple[int, ...]


def finish_normand(s: StateNormand, rules: RuleSet) -> FinishNormand:
    """The cards or capot, once every trick is played."""
    if s.cards_left or s.trick:
        raise PlayError(f"trick {s.number}: the play is not over")
    cards, capot = score_cards(s.tricks, rules)
    return FinishNormand(cards, capot, tuple(s.totals[i] + cards[i] + capot[i] for i in range(3)))


def net2(totals: Sequence[int], me: int) -> int:
    """Seat ``me``'s net doubled: twice his total minus the two others' (his total minus their mean, x2)."""
    return 3 * totals[me] - sum(totals)


def minimax_normand(s: StateNormand, me: int, rules: RuleSet) -> int:
    """The paranoid value for ``me`` from ``s``: his final net doubled (``net2``) when he maximises it and the
    two others minimise it, every card seen. Plain minimax over every legal card, no pruning and no table:
    the reference for endings of a few tricks."""
    if not s.cards_left and not s.trick:
        return net2(finish_normand(s, rules).totals, me)
    values = [minimax_normand(play_card(s, c, rules), me, rules) for c in s.legal()]
    return max(values) if s.to_move == me else min(values)

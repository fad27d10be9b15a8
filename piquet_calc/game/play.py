"""The play of one deal: legal cards, tricks, a recorded play scored trick by trick, and a plain minimax.

Plain Python, the readable reference the play solver (``kernels/play/``) is tested against. Every rule
of docs/rules.md's "The play" and "Pique in the play" lives here once:

* no trumps; the leader plays any card, the follower must follow suit if he can; the higher card of
  the suit led wins; the winner leads next;
* the lead point when a card is led (the twelfth lead: ``last_lead``), then the winner's points when the
  trick is won (``win_own_lead`` or ``win_opponent_lead``; a card below ``scoring_rank`` scores neither),
  the last trick's extra and the seventh trick's bonus (encyclopedia);
* pique: elder at the threshold with declarations and play while the dealer has scored nothing in
  the deal adds the bonus, once, at that moment (before the dealer can score in the same trick);
* after the last trick: the cards or capot, then the deal bonus (encyclopedia); these never count
  towards pique.

Seats are numbered as in ``rules.table.seats``: ``ELDER`` 0 leads to the first trick, ``DEALER`` 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..cards import Card
from ..rules import TWO_HANDED_SEATS, RuleSet

ELDER, DEALER = 0, 1
SEAT_NAMES = TWO_HANDED_SEATS


class PlayError(ValueError):
    """A trick that cannot be played from the position; the message is one line naming the trick."""


def legal_cards(hand: Iterable[Card], led: Card | None) -> list[Card]:
    """The cards ``hand`` may play: any card when leading, else the suit led if it has one."""
    hand = sorted(hand)
    if led is None:
        return hand
    follow = [c for c in hand if c.suit == led.suit]
    return follow or hand


def follower_wins(lead: Card, reply: Card) -> bool:
    """The follower wins only with a higher card of the suit led (no trumps)."""
    return reply.suit == lead.suit and reply.rank > lead.rank


class TrickState:
    """A position of the play card by card, for three or four (``StateNormand``, ``StateFour``, each a frozen
    dataclass with these fields): ``hands`` in seat order, ``leader`` of the trick under way, ``trick`` its
    cards so far from the leader, ``tricks`` won by each seat (three) or side (four)."""

    hands: tuple[frozenset[Card], ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[int, ...]

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def cards_left(self) -> int:
        return sum(len(h) for h in self.hands)

    @property
    def number(self) -> int:
        """The number of the trick under way (from 1)."""
        return sum(self.tricks) + 1


@dataclass(frozen=True)
class PlayState:
    """A position between tricks: the cards left, who leads, tricks won, and the deal's totals so far.

    ``totals`` are each side's points for the whole deal so far (declarations, repique, play, pique);
    ``pique_live``: elder may still pique (no repique or pique yet, and the dealer at nothing).
    The number of the next trick is ``sum(tricks) + 1``; the deal has ``sum(tricks) + len(hands[0])``.
    """

    hands: tuple[frozenset[Card], frozenset[Card]]
    leader: int
    tricks: tuple[int, int]
    totals: tuple[int, int]
    pique_live: bool
    pique: bool = False  # elder scored pique in the play

    @property
    def tricks_left(self) -> int:
        return len(self.hands[0])

    @property
    def deal_tricks(self) -> int:
        return sum(self.tricks) + self.tricks_left


def pique_at_start(elder_before: int, dealer_before: int, pique_live: bool, rules: RuleSet) -> tuple[bool, int]:
    """Pique at the start of the play, from each side's points before it (declarations with repique):
    (elder piques at once, the points he still needs in the play for pique). Pique is live when
    ``pique_live`` (no repique) and the dealer has scored nothing; elder at the threshold then piques
    before the first lead, else he needs the rest (0: pique is not live, or already scored). The one
    statement of this rule: kernels/play/score.py's ``pique_at_start`` is tested equal to it."""
    if not pique_live or dealer_before != 0:
        return False, 0
    if elder_before >= rules.pique_threshold:
        return True, 0
    return False, rules.pique_threshold - elder_before


def start(elder: Iterable[Card], dealer: Iterable[Card], rules: RuleSet, elder_before: int, dealer_before: int,
          pique_live: bool, leader: int = ELDER, tricks: tuple[int, int] = (0, 0)) -> PlayState:
    """The position before a lead; pique at once if elder is already at the threshold with pique live."""
    e, d = frozenset(elder), frozenset(dealer)
    if len(e) != len(d) or e & d:
        raise PlayError("the two hands must hold as many cards each, none in both")
    piqued, need = pique_at_start(elder_before, dealer_before, pique_live, rules)
    if piqued:
        return PlayState((e, d), leader, tricks, (elder_before + rules.pique_bonus, dealer_before), False, pique=True)
    return PlayState((e, d), leader, tricks, (elder_before, dealer_before), need > 0)


def _check_pique(s: PlayState, rules: RuleSet) -> PlayState:
    if s.pique_live and s.totals[ELDER] >= rules.pique_threshold:
        return replace(s, totals=(s.totals[ELDER] + rules.pique_bonus, s.totals[DEALER]), pique_live=False, pique=True)
    return s


def _score(s: PlayState, seat: int, points: int, rules: RuleSet) -> PlayState:
    """``seat`` scores ``points`` in the play: pique is tested when elder scores, lost when the dealer does."""
    if points == 0:
        return s
    totals = (s.totals[0] + points, s.totals[1]) if seat == ELDER else (s.totals[0], s.totals[1] + points)
    s = replace(s, totals=totals)
    return _check_pique(s, rules) if seat == ELDER else replace(s, pique_live=False)


def play_trick(s: PlayState, lead: Card, reply: Card, rules: RuleSet, number: int | None = None) -> PlayState:
    """Play one trick (``lead`` by ``s.leader``); PlayError, naming the trick, if a card is illegal."""
    n = number if number is not None else sum(s.tricks) + 1
    leader, follower = s.leader, 1 - s.leader
    if lead not in s.hands[leader]:
        holder = " (it is " + SEAT_NAMES[follower] + "'s card)" if lead in s.hands[follower] else ""
        raise PlayError(f"trick {n}: {SEAT_NAMES[leader]} leads, and {lead} is not in {SEAT_NAMES[leader]}'s hand"
                        + holder)
    if reply not in s.hands[follower]:
        raise PlayError(f"trick {n}: {reply} is not in {SEAT_NAMES[follower]}'s hand")
    if reply not in legal_cards(s.hands[follower], lead):
        raise PlayError(f"trick {n}: {SEAT_NAMES[follower]} must follow suit to {lead}, not play {reply}")
    play = rules.play
    last, total = s.tricks_left == 1, s.deal_tricks
    hands = list(s.hands)
    hands[leader] = hands[leader] - {lead}
    hands[follower] = hands[follower] - {reply}
    s = replace(s, hands=(hands[0], hands[1]))
    if lead.rank >= play.scoring_rank:
        s = _score(s, leader, play.last_lead if last else play.lead, rules)
    winner = follower if follower_wins(lead, reply) else leader
    card = reply if winner == follower else lead
    points = 0
    if card.rank >= play.scoring_rank:
        points += play.win_opponent_lead if winner == follower else play.win_own_lead
    if last:
        points += play.last_trick
    won = s.tricks[winner] + 1
    if won == total // 2 + 1:  # the winner's seventh trick of twelve
        points += play.seventh_trick
    tricks = (won, s.tricks[1]) if winner == ELDER else (s.tricks[0], won)
    s = replace(s, tricks=tricks, leader=winner)
    return _score(s, winner, points, rules)


@dataclass(frozen=True)
class Finish:
    """What the end of the play adds: the cards or capot, then the deal bonus (never towards pique)."""

    cards: tuple[int, int]
    capot: tuple[int, int]
    deal_bonus: tuple[int, int]
    totals: tuple[int, int]


def finish(s: PlayState, rules: RuleSet) -> Finish:
    """The cards, capot and the deal bonus, once every trick is played."""
    play = rules.play
    cards, capot = [0, 0], [0, 0]
    for seat in (ELDER, DEALER):
        won, lost = s.tricks[seat], s.tricks[1 - seat]
        if won and not lost and play.capot:
            capot[seat] = play.capot - (play.last_trick if play.capot_replaces_last_trick else 0)
            if not play.capot_replaces_cards:
                cards[seat] = play.cards
        elif 2 * won > won + lost:
            cards[seat] = play.cards
    totals = [s.totals[i] + cards[i] + capot[i] for i in (ELDER, DEALER)]
    bonus = [0, 0]
    if play.deal_bonus and totals[ELDER] != totals[DEALER]:
        bonus[ELDER if totals[ELDER] > totals[DEALER] else DEALER] = play.deal_bonus
    totals = [totals[i] + bonus[i] for i in (ELDER, DEALER)]
    return Finish((cards[0], cards[1]), (capot[0], capot[1]), (bonus[0], bonus[1]), (totals[0], totals[1]))


@dataclass(frozen=True)
class TrickRecord:
    number: int
    leader: int
    cards: tuple[Card, Card]  # (elder's, dealer's)
    winner: int
    totals: tuple[int, int]  # the deal's running totals after the trick (elder, dealer)


@dataclass(frozen=True)
class PlayRecord:
    """A recorded play scored trick by trick (docs/rules.md, The play)."""

    tricks: tuple[TrickRecord, ...]
    state: PlayState  # after the last trick recorded
    finish: Finish | None  # when every trick was played

    @property
    def totals(self) -> tuple[int, int]:
        return self.finish.totals if self.finish else self.state.totals


def score_play(state: PlayState, tricks: Sequence[tuple[Card, Card]], rules: RuleSet) -> PlayRecord:
    """Score ``tricks`` (each (lead, reply), the leader's card first) from ``state``, trick by trick."""
    records = []
    s = state
    for lead, reply in tricks:
        if not s.tricks_left:
            raise PlayError(f"trick {sum(s.tricks) + 1}: every trick has been played")
        leader = s.leader
        n = sum(s.tricks) + 1
        s = play_trick(s, lead, reply, rules, n)
        pair = (lead, reply) if leader == ELDER else (reply, lead)
        records.append(TrickRecord(n, leader, pair, s.leader, s.totals))
    return PlayRecord(tuple(records), s, finish(s, rules) if not s.tricks_left else None)


def final_value(s: PlayState, rules: RuleSet) -> int:
    totals = finish(s, rules).totals
    return totals[ELDER] - totals[DEALER]


def minimax(state: PlayState, rules: RuleSet) -> int:
    """The value of the play from ``state`` with both sides perfect: elder's final total minus the dealer's,
    elder maximising it and the dealer minimising it. Plain minimax over every legal card, memoised on
    the whole state: for endings of a few cards."""
    memo: dict[PlayState, int] = {}

    def value(s: PlayState) -> int:
        if not s.tricks_left:
            return final_value(s, rules)
        if s in memo:
            return memo[s]
        leader = s.leader
        best_lead = None
        for lead in legal_cards(s.hands[leader], None):
            replies = [value(play_trick(s, lead, r, rules)) for r in legal_cards(s.hands[1 - leader], lead)]
            v = max(replies) if leader == DEALER else min(replies)  # the follower's choice
            if best_lead is None or (v > best_lead if leader == ELDER else v < best_lead):
                best_lead = v
        assert best_lead is not None
        memo[s] = best_lead
        return best_lead

    return value(state)


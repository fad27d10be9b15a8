"""Public API: the play as a player sees it (issue 22, items 3 and 4).

``analyse_seen(hand, seat, rules, opponent_hands, tricks=..., led=..., before=...)``: the player knows his own
hand, the cards played so far and a list of hands the opponent may hold (each weighted equally; the list comes
from what the player heard: seat/knowledge.py when it is there, else a stand-in such as ``every_hand``). Each
legal card is valued over those hands, each hand solved double dummy after the card (the way strong card
programs begin, lorserker/ben's shape: knowledge -> consistent hands -> per-card values): the expected value
of the deal (the player's final total minus the other's), how often the player then wins the cards, how often
the card is a double-dummy best, and the number of hands. Best first.

``play_out(elder, dealer, rules, before, hands_for)``: "a player who plays so": both sides choose every card so,
each from its own knowledge (``hands_for(seat, played)``: the opponent hands the seat considers possible given
the cards played so far, as (seat, card) pairs in the order played).

Hands the opponent may hold are 12-card hands at the start of the play (his final hand after the exchange);
those that could not have played the recorded cards (a card he played missing, or a card of a suit he failed to
follow) are dropped: ``hands`` counts the ones kept.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..cards import DECK, HAND_SIZE, Card, CardError, mask_of
from ..game.declarations import SUIT_NAMES, Declaration, score_deal
from ..game.play import (
    DEALER,
    ELDER,
    SEAT_NAMES,
    PlayError,
    PlayState,
    finish,
    follower_wins,
    legal_cards,
    play_trick,
    start,
)
from ..rules import RuleSet
from .play import before_play

Played = Sequence[tuple[int, Card]]  # (seat, card) in the order played
HandsFor = Callable[[int, tuple[tuple[int, Card], ...]], "Iterable[Sequence[Card]] | np.ndarray"]
HandList = "Iterable[Sequence[Card]] | np.ndarray"  # 12-card hands, or their masks (int64)


@dataclass(frozen=True)
class CardChoice:
    """One legal card valued over the opponent hands counted (each hand solved double dummy after it)."""

    card: Card
    value_sum: int  # the sum over the hands of the deal's final value, the player's total minus the other's
    cards_won: int | None  # hands in which the player wins the cards on the solver's line after the card
    dd_best: int  # hands in which the card is a double-dummy best
    hands: int

    @property
    def expected(self) -> float:
        """The expected final value of the deal (the player's total minus the other's), hands weighted equally."""
        return self.value_sum / self.hands

    @property
    def cards_chance(self) -> float | None:
        return None if self.cards_won is None else self.cards_won / self.hands

    @property
    def dd_best_share(self) -> float:
        return self.dd_best / self.hands


@dataclass(frozen=True)
class SeenAnalysis:
    seat: int  # ELDER or DEALER: the player
    hand: tuple[Card, ...]  # his hand at the start of the play
    rules: RuleSet
    played: tuple[tuple[int, Card], ...]  # (seat, card), in the order played
    to_move: str  # "lead" or "follow"
    led: Card | None  # the card led to the trick, when the player follows
    totals: tuple[int, int] | None  # the deal's totals (elder's, the dealer's) before the trick; None: by hand
    hands_given: int  # the opponent hands in the list given
    hands: int  # those consistent with the cards played, each solved
    choices: tuple[CardChoice, ...]  # best first
    seconds: float  # the time the cards took to value


# --- the opponent hands: masks, checks, the cards played ---------------------------------------------------


def hand_masks(hands: HandList) -> np.ndarray:
    """Hands as int64 masks (an int64 array passes through)."""
    if isinstance(hands, np.ndarray):
        return hands.astype(np.int64, copy=False)
    return np.array([mask_of(h) for h in hands], dtype=np.int64)


def _popcounts(masks: np.ndarray) -> np.ndarray:
    m = masks.astype(np.uint64)
    return np.unpackbits(m.view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1)


def play_constraints(played: Played, seat: int) -> tuple[int, int]:
    """What the cards played say of ``seat``'s hand: (the cards he must hold: those he played, the cards he cannot
    hold: of each suit he failed to follow, every card of it he had not played by then)."""
    must = forbidden = 0
    mine_before = 0  # his cards played so far
    led: Card | None = None
    for k, (who, card) in enumerate(played):
        if k % 2 == 0:
            led = card
        elif who == seat and led is not None and card.suit != led.suit:
            suit = 255 << (8 * int(led.suit))
            forbidden |= suit & ~mine_before
        if who == seat:
            must |= 1 << card.index
            mine_before |= 1 << card.index
    return must, forbidden


def consistent_with_play(masks: np.ndarray, played: Played, seat: int) -> np.ndarray:
    """The masks (hands of ``seat``) that could have played his cards of ``played``."""
    must, forbidden = play_constraints(played, seat)
    return masks[((masks & must) == must) & ((masks & forbidden) == 0)]


def replay(state: PlayState, played: Played, rules: RuleSet) -> tuple[PlayState, Card | None]:
    """The position after ``played`` from ``state`` (the player's and one opponent hand in it), and the card led
    to the trick not yet complete (None between tricks). PlayError for a card out of turn or not legal."""
    s = state
    cards = list(played)
    led: Card | None = None
    for k in range(0, len(cards), 2):
        who, lead = cards[k]
        if who != s.leader:
            raise PlayError(f"trick {sum(s.tricks) + 1}: {SEAT_NAMES[s.leader]} leads, not {SEAT_NAMES[who]}")
        if k + 1 == len(cards):
            if lead not in s.hands[who]:
                raise PlayError(f"trick {sum(s.tricks) + 1}: {lead} is not in {SEAT_NAMES[who]}'s hand")
            led = lead
            break
        s = play_trick(s, lead, cards[k + 1][1], rules)
    return s, led


def _sequence_played(tricks: Sequence[tuple[Card, Card]], led: Card | None) -> tuple[tuple[int, Card], ...]:
    """Tricks (leader's card, follower's) as (seat, card) pairs: elder leads first, the winner of a trick next."""
    out: list[tuple[int, Card]] = []
    leader = ELDER
    for lead, reply in tricks:
        out += [(leader, lead), (1 - leader, reply)]
        leader = 1 - leader if follower_wins(lead, reply) else leader
    if led is not None:
        out.append((leader, led))
    return tuple(out)


# --- valuing the cards --------------------------------------------------------------------------------------


def _check_hands(masks: np.ndarray, mine: int) -> None:
    bad = np.flatnonzero((_popcounts(masks) != HAND_SIZE) | ((masks & mine) != 0))
    if bad.size:
        i = int(bad[0])
        raise CardError(f"opponent hand {i + 1} of the list is not 12 cards apart from the player's hand")


def value_cards(seat: int, groups: Sequence[tuple[PlayState, np.ndarray]], led: Card | None, rules: RuleSet,
                lines: bool = True, solver=None) -> tuple[CardChoice, ...]:
    """Every legal card of ``seat`` (``led``: the card led to him, or None: he leads), each hand solved: ``groups``
    are (the position, as it stands with these hands, masks of the opponent's cards left), one group per way the
    declarations went. Unsorted, in card order."""
    from ..engine.seen import CardValues, SeenSolver, hands_column, position_rows  # numba only now

    solver = solver or SeenSolver(rules)
    opponent = DEALER if seat == ELDER else ELDER
    parts, bases = [], []
    for state, left in groups:
        parts.append(position_rows(state, rules, led, opponent, left))
        bases.append(np.full(len(left), state.totals[ELDER] - state.totals[DEALER], dtype=np.int64))
    rows = np.concatenate(parts)
    if led is not None:
        leader_masks = hands_column(rows, opponent)
        assert ((leader_masks >> led.index) & 1).all(), "the card led stays in its leader's cards"
    n = len(rows)
    if n == 0:
        raise CardError("no opponent hand of the list is consistent with the cards played")
    out, counts = solver.values(rows, lines)
    valued = CardValues.of(out)
    k = int(counts[0])
    assert (counts == k).all(), "the player's legal cards do not depend on the opponent's hand"
    sign = 1 if seat == ELDER else -1
    base = np.concatenate(bases)[:, None]
    mine = sign * (base + valued.value[:, :k])  # [hand, card]: the player's final total minus the other's
    best = mine.max(axis=1)
    cards_won = None
    if lines:
        deal_tricks = groups[0][0].deal_tricks
        my_tricks = valued.elder_tricks[:, :k] if seat == ELDER else deal_tricks - valued.elder_tricks[:, :k]
        cards_won = (2 * my_tricks > deal_tricks).sum(axis=0)
    return tuple(CardChoice(Card.from_index(int(valued.card[0, j])), int(mine[:, j].sum()),
                            None if cards_won is None else int(cards_won[j]), int((mine[:, j] == best).sum()), n)
                 for j in range(k))


def best_first(choices: Iterable[CardChoice]) -> tuple[CardChoice, ...]:
    """Highest expected value first; then the most often double-dummy best, the likelier to win the cards, the
    lower card (by its index): a fixed order, so a player who plays so always plays the same card."""
    return tuple(sorted(choices, key=lambda c: (-c.value_sum, -c.dd_best, -(c.cards_won or 0), c.card.index)))


def start_state(hand: Sequence[Card], seat: int, opponent: Sequence[Card], rules: RuleSet,
                before: tuple[int, int, bool] | None, blanche: tuple[bool, bool] | None = None) -> PlayState:
    """The position at the first lead; ``before`` (elder's, the dealer's declarations with repique, pique live)
    or, if None, scored from the two hands, with ``blanche`` (elder's, the dealer's carte blanche; None: read
    off the final hands, as ``score_deal``)."""
    elder, dealer = (hand, opponent) if seat == ELDER else (opponent, hand)
    if before is None:
        before = before_play(score_deal(elder, dealer, rules, *(blanche or (None, None))))
    return start(elder, dealer, rules, *before)


def analyse_seen(hand: Sequence[Card], seat: int | str, rules: RuleSet, opponent_hands: HandList,
                 tricks: Sequence[tuple[Card, Card]] = (), led: Card | None = None,
                 before: tuple[int, int, bool] | None = None, lines: bool = True, threads: int = 0,
                 blanche: tuple[bool, bool] | None = None) -> SeenAnalysis:
    """Every legal card of the player (``seat``: ELDER, DEALER, "elder" or "dealer"; ``hand``: his 12 cards at the
    start of the play) after the complete ``tricks`` (leader's card, follower's) and ``led`` (the card led to
    him, if any), valued over ``opponent_hands`` (module docstring). ``before``: the declarations' totals with
    repique and whether pique is live, known to both (announced); None: scored with each hand of the list (no
    carte blanche), so that a hand's value is its whole deal's. ``blanche``: (elder's, the dealer's) carte
    blanche of the dealt hands, known to both (the command line: the player's own from his dealt hand, the
    other's when shown); None: read off each final hand (the analysis model's stand-in).

    CardError for a bad hand or list, PlayError for a trick that cannot be played or a turn that is not his."""
    from ..engine.seen import SeenSolver

    rules.require_two_handed("the play as a player sees it")
    seat = seat if isinstance(seat, int) else SEAT_NAMES.index(seat)
    hand = tuple(hand)
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
        raise CardError(f"the player's hand must be {HAND_SIZE} different cards, got {len(hand)}")
    masks = hand_masks(opponent_hands)
    given = len(masks)
    if given == 0:
        raise CardError("the list of the opponent's hands is empty")
    mine = mask_of(hand)
    _check_hands(masks, mine)
    if len(tricks) >= HAND_SIZE:
        raise PlayError(f"all {HAND_SIZE} tricks were given: nothing is left to play")
    played = _sequence_played(tricks, led)
    _check_own_cards(hand, seat, played)
    masks = _consistent_or_why(masks, played, seat)
    by_before: dict[tuple[int, int, bool], list[int]] = {}
    for i, m in enumerate(masks):
        b = before
        if b is None:
            opp = _cards(int(m))
            b = before_play(score_deal(*((hand, opp) if seat == ELDER else (opp, hand)), rules,
                                       *(blanche or (None, None))))
        by_before.setdefault(b, []).append(i)
    # the opponent's cards left; the card he led to this trick stays in his hand (engine.seen.position_rows)
    opp_played = mask_of(c for who, c in played[:2 * len(tricks)] if who != seat)
    groups = []
    totals: set[tuple[int, int]] = set()
    led_now: Card | None = None
    for b, idx in by_before.items():
        state, led_now = replay(start_state(hand, seat, _cards(int(masks[idx[0]])), rules, b), played, rules)
        totals.add(state.totals)
        groups.append((state, masks[idx] & ~np.int64(opp_played)))
    state = groups[0][0]
    if not state.tricks_left:
        raise PlayError("every trick has been played")
    to_move = state.leader if led_now is None else 1 - state.leader
    if to_move != seat:
        raise PlayError(f"it is {SEAT_NAMES[to_move]}'s turn to play, not {SEAT_NAMES[seat]}'s")
    t = time.perf_counter()
    choices = value_cards(seat, groups, led_now, rules, lines, SeenSolver(rules, threads))
    seconds = time.perf_counter() - t
    return SeenAnalysis(seat, hand, rules, played, "lead" if led_now is None else "follow", led_now,
                        totals.pop() if len(totals) == 1 else None, given, len(masks), best_first(choices), seconds)


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(c for c in DECK if mask >> c.index & 1)


def _check_own_cards(hand: Sequence[Card], seat: int, played: Played) -> None:
    """The player's cards of ``played`` are his, each once; the other's are none of his: what the player
    himself knows, before any opponent hand is tried (a message never tells where an unseen card lies)."""
    mine, gone = set(hand), set()
    for k, (who, card) in enumerate(played):
        n = k // 2 + 1
        if card in gone:
            raise PlayError(f"trick {n}: {card} was played already")
        gone.add(card)
        if who == seat and card not in mine:
            raise PlayError(f"trick {n}: {card} is not in your hand ({SEAT_NAMES[seat]}'s)")
        if who != seat and card in mine:
            raise PlayError(f"trick {n}: {card} is in your hand, so the {SEAT_NAMES[who]} cannot have played it")


def _consistent_or_why(masks: np.ndarray, played: Played, seat: int) -> np.ndarray:
    """The opponent hands that could have played his cards of ``played``; none: a CardError naming the first
    card of his (or the suit he did not follow) that no hand of the list allows."""
    out = consistent_with_play(masks, played, 1 - seat)
    if len(out):
        return out
    for k in range(len(played)):
        if len(consistent_with_play(masks, played[:k + 1], 1 - seat)) == 0:
            who, card = played[k]
            led = played[k - k % 2][1]
            what = (f"{card}" if k % 2 == 0 or card.suit == led.suit else
                    f"{card} (no {SUIT_NAMES[led.suit]} left to follow {led})")
            raise CardError(f"trick {k // 2 + 1}: no hand the {SEAT_NAMES[who]} can hold after the announcements "
                            f"plays {what}")
    raise CardError("no opponent hand of the list is consistent with the cards played")


# --- a player who plays so -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One card chosen in a play-out: who, at which position, among how many legal cards and hands, how long."""

    seat: int
    state: PlayState  # between tricks
    led: Card | None
    card: Card
    legal: int
    hands: int
    seconds: float


@dataclass(frozen=True)
class SeenPlayout:
    tricks: tuple[tuple[Card, Card], ...]  # (leader's card, follower's)
    totals: tuple[int, int]  # each side's final total for the deal
    decisions: tuple[Decision, ...]
    seconds: float

    @property
    def value(self) -> int:
        """Elder's final total minus the dealer's."""
        return self.totals[ELDER] - self.totals[DEALER]


def play_out(elder: Sequence[Card], dealer: Sequence[Card], rules: RuleSet, before: tuple[int, int, bool],
             hands_for: HandsFor, threads: int = 0) -> SeenPlayout:
    """The whole deal played with both sides choosing each card by ``analyse_seen``'s first card, each from its
    own knowledge: ``hands_for(seat, played)`` gives the opponent hands ``seat`` considers (12-card hands at the
    start of the play, or their masks); those inconsistent with ``played`` are dropped here. A card with no
    alternative is played without a search."""
    from ..engine.seen import SeenSolver

    solver = SeenSolver(rules, threads)
    hands = (tuple(elder), tuple(dealer))
    state = start(hands[ELDER], hands[DEALER], rules, *before)
    played: list[tuple[int, Card]] = []
    decisions: list[Decision] = []
    tricks: list[tuple[Card, Card]] = []
    t0 = time.perf_counter()

    def choose(seat: int, led: Card | None) -> Card:
        legal = legal_cards(state.hands[seat], led)
        t = time.perf_counter()
        n = 0
        if len(legal) == 1:
            card = legal[0]
        else:
            masks = consistent_with_play(hand_masks(hands_for(seat, tuple(played))), played, 1 - seat)
            n = len(masks)
            # the opponent's cards left; the card he led to this trick stays in his hand (engine.seen.position_rows)
            opp_played = mask_of(c for who, c in played[:len(played) - (led is not None)] if who != seat)
            choices = value_cards(seat, [(state, masks & ~np.int64(opp_played))], led, rules, False, solver)
            card = best_first(choices)[0].card
        decisions.append(Decision(seat, state, led, card, len(legal), n, time.perf_counter() - t))
        played.append((seat, card))
        return card

    while state.tricks_left:
        leader = state.leader
        lead = choose(leader, None)
        reply = choose(1 - leader, lead)
        tricks.append((lead, reply))
        state = play_trick(state, lead, reply, rules)
    return SeenPlayout(tuple(tricks), finish(state, rules).totals, tuple(decisions), time.perf_counter() - t0)


# --- stand-ins for the knowledge of seat/knowledge.py ------------------------------------------------------------


def unseen_cards(hand: Iterable[Card], out_of_play: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The cards a player cannot see: not in his hand, not among his discards or other cards he saw."""
    seen = set(hand) | set(out_of_play)
    return tuple(c for c in DECK if c not in seen)


def every_hand(unseen: Sequence[Card]) -> np.ndarray:
    """Every 12-card hand of ``unseen`` as masks, in a fixed order (C(15, 12) = 455 for elder after a full
    exchange, C(17, 12) = 6,188 for the dealer): counted, not sampled."""
    bits = np.array([1 << c.index for c in unseen], dtype=np.int64)
    combos = np.array(list(itertools.combinations(range(len(unseen)), HAND_SIZE)), dtype=np.int64)
    if combos.size == 0:
        return np.zeros(0, dtype=np.int64)
    return bits[combos].sum(axis=1)


# Per suit byte: (cards, pips, best run key) for the stand-in's declaration signature.
_PIPS = (7, 8, 9, 10, 10, 10, 10, 11)


def _suit_signature(b: int) -> tuple[tuple[int, int], tuple[int, int]]:
    point = (bin(b).count("1"), sum(_PIPS[r] for r in range(8) if b >> r & 1))
    run = (0, -1)
    length = 0
    for r in range(8):
        length = length + 1 if b >> r & 1 else 0
        if length >= 3 and (r == 7 or not b >> (r + 1) & 1):
            run = max(run, (length, r))
    return point, run


_SUIT_SIG = tuple(_suit_signature(b) for b in range(256))


def declaration_signature(mask: int, rules: RuleSet) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """(point key, best sequence key, best set key) of a hand, as game.declarations.Declaration's keys: what
    the stand-in says a player learns of the other's hand."""
    suits = [(mask >> (8 * s)) & 255 for s in range(4)]
    point = max(_SUIT_SIG[b][0] for b in suits)
    run = max(_SUIT_SIG[b][1] for b in suits)
    best_set = (0, -1)
    for r in range(int(rules.set_min_rank), 8):
        n = sum(b >> r & 1 for b in suits)
        if n >= 3:
            best_set = max(best_set, (n, r))
    return point, run, best_set


def signature_hands(unseen: Sequence[Card], opponent: Sequence[Card], rules: RuleSet) -> np.ndarray:
    """THE STAND-IN for seat/knowledge.py's consistent hands: every hand of ``unseen`` whose point (cards and
    pips), best sequence (length and top card) and best set (rank and number) are those of ``opponent`` (the
    true hand): what a player would learn if every class of both players were announced in full, the suits
    not named. (Issue 22's announcements model reveals the suits of scoring combinations too, and of the
    dealer's classes that do not score only that they are not better.) Counted, not sampled."""
    target = declaration_signature(mask_of(opponent), rules)
    masks = every_hand(unseen)
    keep = np.fromiter((declaration_signature(int(m), rules) == target for m in masks), dtype=bool, count=len(masks))
    return masks[keep]


# --- what the command line needs: the tricks as typed, and the opponent hands from what was heard --------------

MAX_HANDS = 20_000  # the most opponent hands ``play --seat`` counts (C(17, 12) = 6,188 for the dealer)


def parse_seen_tricks(text: str) -> tuple[list[tuple[Card, Card]], Card | None]:
    """``--tricks`` for ``play --seat``: tricks separated by commas, each the leader's card then the follower's;
    the last may be one card, the card led to the player ("AS 7S, KH")."""
    from .play import parse_tricks

    tricks = parse_tricks(text)  # the play of two's reading, its incomplete last trick included
    if tricks and len(tricks[-1]) == 1:
        return [(lead, reply) for lead, reply in tricks[:-1]], tricks[-1][0]
    return [(lead, reply) for lead, reply in tricks], None


@dataclass(frozen=True)
class OpponentHands:
    masks: np.ndarray  # 12-card hands at the start of the play
    source: str  # in words, for the table and the JSON
    unseen: int  # the cards the player cannot see
    # the declarations' totals with repique and pique live, when the announcements tell them (both know them);
    # None: analyse_seen scores them with each hand
    before: tuple[int, int, bool] | None = None
    # (elder's, the dealer's) carte blanche of the dealt hands: the player's own from his hand and discards,
    # the other's only when he showed it (seat/seat.py)
    blanche: tuple[bool, bool] = (False, False)


def opponent_hands(hand: Sequence[Card], discards: Sequence[Card], seat: int, heard: str, rules: RuleSet, *,
                   other_took: int | None = None, seen: Sequence[Card] = (),
                   shown_blanche: bool = False, own_said: Declaration | None = None) -> OpponentHands:
    """The hands the opponent may hold, for ``play --seat``: with ``heard`` (seat/heard.py's notation),
    every hand of the unseen cards that the exchange and the announcements leave (seat.seat.hand_masks,
    counted first, exactly); without it, every hand of the unseen cards (the pack less the player's hand, his
    discards and, for the dealer, the talon cards he saw), the declarations scored with each. ``other_took``:
    how many cards the other took; ``seen``: the talon cards the player saw and did not take;
    ``shown_blanche``: the player showed carte blanche (seat.seat.own_blanche); ``own_said``: his own
    declaration as he announced it, when he sank (a record's: seat/announced.py). The counts are checked against
    the rules first (seat.seat.check_exchange); a count, an announcement or a number of hands the tool cannot
    take is one CardError (RulesError) line, before any long work."""
    from ..seat.seat import check_exchange, own_blanche

    hand, discards, seen = tuple(hand), tuple(discards), tuple(seen)
    name = SEAT_NAMES[seat]
    clash = sorted(set(seen) & (set(hand) | set(discards)))
    if clash:
        raise CardError(f"--seen: {clash[0]} is in your hand or discards")
    check_exchange(name, len(discards), other_took, len(seen), rules)
    mine = own_blanche(hand, discards, rules, shown_blanche)
    if heard.strip():
        from ..seat.hands import hand_masks
        from ..seat.knowledge import knowledge_from_heard

        k = knowledge_from_heard(name, hand, discards, heard, rules, seen=seen, opponent_exchanged=other_took,
                                 own_blanche=mine, own_said=own_said)
        theirs = k.opponent_dealt is not None
        n_unseen = len(unseen_cards(hand, discards + (seen if seat == DEALER else ())))
        return OpponentHands(hand_masks(k), f"every hand the announcements leave of the {n_unseen} unseen cards",
                             n_unseen, blanche=(mine, theirs) if seat == ELDER else (theirs, mine))
    unseen = unseen_cards(hand, discards + (seen if seat == DEALER else ()))
    from math import comb

    n = comb(len(unseen), HAND_SIZE)
    if n > MAX_HANDS:
        raise CardError(f"{len(unseen)} unseen cards leave {n:,} hands for the opponent, more than the {MAX_HANDS:,} "
                        "this tool solves without the announcements: give --heard (what was announced)")
    return OpponentHands(every_hand(unseen), f"every hand of the {len(unseen)} unseen cards", len(unseen),
                         blanche=(mine, False) if seat == ELDER else (False, mine))

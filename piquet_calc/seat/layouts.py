"""What one seat of three or four saw and heard (``TableView``), and every layout of the cards it cannot see
that fits all of it (``LayoutSpace``: counted, enumerated, or drawn uniformly). docs/rules.md, "The seat view
for three and four".

A *layout* gives every other seat its hand at the first lead and, in Normand, the two cards out of play the seat
cannot see (the dealer's discards, or the talon he left): the seat's own hand, his discards (Normand's dealer)
and the cards played are seen. A layout *fits* when (1) every seat could have played his cards of the tricks
(his cards of the tricks are his; a seat that did not follow suit held no card of it after), (2) the table's
announcements replayed with it are the ones heard (seat/table.py's ``heard_fits``), and (3) carte blanche is as
shown: a seat who showed one holds the hand shown (Normand's dealer who exchanged: his dealt hand, so the two
out of play are among it), one who did not holds a court card (except Normand's dealer who exchanged: his dealt
hand is not seen).

How: the cards the announcements name (a shown sequence or set, a shown carte blanche) are placed first; every
seat's number of cards of each suit is bounded by what was seen (none in a suit he showed out of; a point's
holder holds exactly its length in its suit, nobody more than the best point's length in any suit); the rest
are counted suit by suit (``count``: a sum over each suit's split of products of binomials, exact integers),
enumerated (``every``) or drawn uniformly among those splits (``draw``: each split in proportion to its layouts,
then the suit's cards shuffled), and each is kept if it fits (``fits``): a draw kept is uniform among the
layouts that fit, since every fitting layout is one of the counted ones, each equally likely.

Public API: ``table_view(...) -> TableView`` (checks what the seat typed: one ``CardError`` line naming the
trick or the clause), ``LayoutSpace(view)``, ``Layout``.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from math import comb

from ..cards import DECK, Card, CardError, Suit
from ..game.declarations import SUIT_NAMES, is_carte_blanche
from ..game.play import PlayError, legal_cards
from ..game.play_four import trick_winner
from ..rules import RuleSet
from .table import CLASSES, TableHeard, check_own, named_cards

OUT = -1  # the slot of Normand's two cards out of play that the seat cannot see


def _is_normand(rules: RuleSet) -> bool:
    return rules.game.normand


@dataclass(frozen=True)
class TableView:
    """What one seat of three or four saw and heard; built by ``table_view``."""

    rules: RuleSet
    seat: int
    hand: tuple[Card, ...]  # his hand at the first lead
    heard: TableHeard
    played: tuple[tuple[int, Card], ...]  # (seat, card), in the order played
    discards: tuple[Card, ...] = ()  # Normand's dealer's, when he is the seat
    dealer_took: int | None = None  # Normand: the cards the dealer took (0 or 2; None: not known)
    own_blanche: bool = False
    shown_blanche: bool = False  # Normand's dealer said he showed carte blanche (--carte-blanche)
    voids: tuple[tuple[int, int], ...] = ()  # (seat, suit) he showed out of
    slots: tuple[int, ...] = field(default=())  # the other seats, then OUT (Normand, two cards unseen)

    def sizes(self) -> dict[int, int]:
        """Each slot's cards left (a seat's hand less what he played; OUT two)."""
        n = self.rules.table.hand_size
        return {s: (2 if s == OUT else n - sum(1 for w, _ in self.played if w == s)) for s in self.slots}

    def unseen(self) -> tuple[Card, ...]:
        seen = set(self.hand) | set(self.discards) | {c for _, c in self.played}
        return tuple(c for c in DECK if c not in seen)


def replay_seats(cards: Sequence[Card], players: int) -> list[tuple[int, Card]]:
    """Who played each card: elder leads, each trick's winner leads the next (the highest of the suit led)."""
    out, leader = [], 0
    for i in range(0, len(cards), players):
        trick = cards[i:i + players]
        out += [((leader + k) % players, c) for k, c in enumerate(trick)]
        if len(trick) == players:
            leader = (leader + trick_winner(trick)) % players
    return out


def table_view(rules: RuleSet, seat: int, hand: Sequence[Card], heard: TableHeard, played: Sequence[Card],
               discards: Sequence[Card] = (), dealer_took: int | None = None, shown_blanche: bool = False) -> TableView:
    """The seat's view, checked: his hand and discards, the announcements against his hand (seat/table.py
    ``check_own``), the cards played (each once, his own from his hand and following suit, none of his by
    another, none a seat showed by another). CardError (PlayError for the tricks) as one line."""
    from .seat import own_blanche

    n, seats = rules.game.players, rules.table.seats
    hand, discards = tuple(hand), tuple(discards)
    normand = _is_normand(rules)
    dealer = n - 1
    if discards and not (normand and seat == dealer):
        raise CardError("--discards: only Normand's dealer exchanges")
    if discards and len(discards) != 2:
        raise CardError(f"--discards: the dealer exchanges none or both talon cards, not {len(discards)}")
    clash = sorted(set(hand) & set(discards))
    if clash:
        raise CardError(f"--discards: {clash[0]} is in your hand")
    if normand and seat == dealer:
        dealer_took = len(discards)
    blanche = own_blanche(hand, discards, rules, shown_blanche) if normand and seat == dealer else \
        is_carte_blanche(hand, rules)
    if shown_blanche and not (normand and seat == dealer):
        raise CardError("--carte-blanche: your hand at the first lead is your dealt hand; it tells the rest")
    check_own(heard, seat, hand, rules, blanche)
    named = named_cards(heard)
    out_of_sight = set(hand) | set(discards)
    for s, cards in heard.blanche:
        if s != seat:
            clash = sorted(set(cards) & set(discards))
            if clash and not (normand and s == dealer):
                raise CardError(f"--heard: {seats[s]}'s carte blanche has {clash[0]}, among your discards")
    for card, s in named.items():
        if card in discards:
            raise CardError(f"--heard: {seats[s]} showed {card}, among your discards")
    order = replay_seats(list(played), n)
    voids: set[tuple[int, int]] = set()
    left = set(hand)
    fixed = _fixed_hands(heard, seat, rules, dealer_took)
    for k, (who, card) in enumerate(order):
        t, place = k // n + 1, k % n
        led = order[k - place][1] if place else None
        if any(c == card for _, c in order[:k]):
            raise PlayError(f"trick {t}: {card} was played already")
        if who == seat:
            if card not in left:
                raise PlayError(f"trick {t}: {card} is not in your hand ({seats[seat]}'s)")
            if card not in legal_cards(left, led):
                raise PlayError(f"trick {t}: you must follow suit to {led}, not play {card}")
            left.discard(card)
            continue
        if card in out_of_sight:
            raise PlayError(f"trick {t}: {card} is {'in your hand' if card in hand else 'among your discards'}, "
                            f"so {seats[who]} cannot have played it")
        owner = named.get(card, next((s for s, cs in fixed.items() if card in cs), who))
        if owner != who:
            raise PlayError(f"trick {t}: {seats[who]} played {card}, which {seats[owner]} showed at the announcements")
        if who in fixed and card not in fixed[who]:
            raise PlayError(f"trick {t}: {seats[who]} showed carte blanche without {card}")
        if (who, int(card.suit)) in voids:
            raise PlayError(f"trick {t}: {seats[who]} plays {card} after showing out of {SUIT_NAMES[card.suit]}")
        if led is not None and card.suit != led.suit:
            voids.add((who, int(led.suit)))
    slots = [s for s in range(n) if s != seat]
    if normand and not (seat == dealer and dealer_took == 2):
        slots.append(OUT)
    return TableView(rules, seat, hand, heard, tuple(order), discards, dealer_took, blanche, shown_blanche,
                     tuple(sorted(voids)), tuple(slots))


def _fixed_hands(heard: TableHeard, seat: int, rules: RuleSet, dealer_took: int | None) -> dict[int, frozenset[Card]]:
    """The seats whose whole hand at the first lead was shown (carte blanche; not Normand's dealer who may have
    exchanged, whose dealt hand it was)."""
    dealer = rules.game.players - 1
    out = {}
    for s, cards in heard.blanche:
        if s != seat and not (_is_normand(rules) and s == dealer and dealer_took != 0):
            out[s] = frozenset(cards)
    return out


Layout = tuple[int, ...]  # each slot's cards left (seats) or the two out of play (OUT), as masks, in ``slots`` order


@dataclass(frozen=True)
class _Plan:
    """The layouts to count: each slot's placed cards, its free cards' capacity, each suit's free cards and each
    (slot, suit)'s bounds on them."""

    slots: tuple[int, ...]
    placed: tuple[int, ...]  # masks
    capacity: tuple[int, ...]
    free: tuple[tuple[int, ...], ...]  # by suit: the free cards' bits
    bounds: tuple[tuple[tuple[int, int], ...], ...]  # [suit][slot] -> (lo, hi)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(f) for f in self.free)


class LayoutSpace:
    """Every layout of the unseen cards that fits ``view`` (module docstring)."""

    def __init__(self, view: TableView) -> None:
        from .table_masks import MaskFitter

        self.view = view
        self.plan = _plan(view)
        rules, n = view.rules, view.rules.game.players
        self.played_masks = tuple(mask_of(c for w, c in view.played if w == s) for s in range(n))
        self.own = mask_of(view.hand)
        self.courts = mask_of(c for c in DECK if c.rank in rules.blanche_ranks)
        self.fitter = MaskFitter(view.heard, rules)
        self._options: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]] = {}

    # --- counting, enumerating, drawing the placed-and-bounded layouts -----------------------------------------

    def count(self) -> int:
        """The layouts with the named cards placed and within the bounds (a superset of those that fit)."""
        p = self.plan
        return 0 if p is None else _ways(0, p.capacity, p.sizes, p.bounds)

    def every(self) -> Iterator[Layout]:
        """Each layout ``count`` counts, once."""
        p = self.plan
        if p is None:
            return

        def rec(suit: int, caps: tuple[int, ...], got: tuple[int, ...]) -> Iterator[Layout]:
            if suit == 4:
                yield tuple(a | b for a, b in zip(p.placed, got, strict=True))
                return
            for split in _splits(p.sizes[suit], caps, p.bounds[suit]):
                after = _minus(caps, split)
                if _ways(suit + 1, after, p.sizes, p.bounds) == 0:
                    continue
                for parts in _deals(p.free[suit], split):
                    yield from rec(suit + 1, after, tuple(g | x for g, x in zip(got, parts, strict=True)))

        yield from rec(0, p.capacity, tuple(0 for _ in p.slots))

    def _choices(self, suit: int, caps: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        """Each split of ``suit``'s free cards with the running total of its layouts (a draw's table, kept)."""
        key = (suit, caps)
        if key not in self._options:
            p = self.plan
            assert p is not None
            splits, running, total = [], [], 0
            for split in _splits(p.sizes[suit], caps, p.bounds[suit]):
                w = comb_split(p.sizes[suit], split) * _ways(suit + 1, _minus(caps, split), p.sizes, p.bounds)
                if w:
                    total += w
                    splits.append(split)
                    running.append(total)
            self._options[key] = (splits, running)
        return self._options[key]

    def draw(self, rng: random.Random) -> Layout:
        """One layout of those ``count`` counts, each equally likely: each suit's split in proportion to the
        layouts it leaves, then the suit's free cards shuffled into it."""
        p = self.plan
        assert p is not None
        caps = p.capacity
        got = list(p.placed)
        for suit in range(4):
            splits, running = self._choices(suit, caps)
            split = splits[bisect_right(running, rng.randrange(running[-1]))]
            cards = list(p.free[suit])
            rng.shuffle(cards)
            k = 0
            for j, x in enumerate(split):
                for bit in cards[k:k + x]:
                    got[j] |= 1 << bit
                k += x
            caps = _minus(caps, split)
        return tuple(got)

    # --- the layouts that fit --------------------------------------------------------------------------------

    def start_masks(self, layout: Layout) -> tuple[int, ...]:
        """Every seat's hand at the first lead under ``layout`` (his cards left and the cards he played)."""
        v = self.view
        out = []
        for s in range(v.rules.game.players):
            out.append(self.own if s == v.seat else layout[v.slots.index(s)] | self.played_masks[s])
        return tuple(out)

    def start_hands(self, layout: Layout) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards_of(m) for m in self.start_masks(layout))

    def out_of_play(self, layout: Layout) -> int:
        """Normand: the two cards out of play (the dealer's discards, or the talon he left), as a mask."""
        v = self.view
        return layout[v.slots.index(OUT)] if OUT in v.slots else mask_of(v.discards)

    def blanche(self, layout: Layout) -> tuple[bool, ...] | None:
        """Each seat's carte blanche under ``layout`` (as shown), or None if the layout contradicts what was
        shown or not shown (module docstring, (3))."""
        v = self.view
        n = v.rules.game.players
        hands = self.start_masks(layout)
        out = []
        for s in range(n):
            if s == v.seat:
                out.append(v.own_blanche)
                continue
            cards = v.heard.shown_blanche(s)
            shown = None if cards is None else mask_of(cards)
            if not (_is_normand(v.rules) and s == n - 1 and v.dealer_took != 0):
                if (shown is not None and hands[s] != shown) or (shown is None and not hands[s] & self.courts):
                    return None
            elif shown is not None:
                away = self.out_of_play(layout)
                took = away & ~shown == 0 and (shown & ~away) & ~hands[s] == 0
                if not (took if v.dealer_took == 2 else took or hands[s] == shown):
                    return None
            out.append(shown is not None)
        return tuple(out)

    def fits(self, layout: Layout) -> tuple[bool, ...] | None:
        """Each seat's carte blanche if ``layout`` fits (module docstring), else None."""
        blanche = self.blanche(layout)
        if blanche is None or not self.fitter.fits(self.start_masks(layout)):
            return None
        return blanche


def mask_of(cards: Iterable[Card]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


def cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(c for c in DECK if mask >> c.index & 1)


def comb_split(n: int, split: Sequence[int]) -> int:
    """The ways to deal ``n`` cards in parts of ``split``'s sizes (a multinomial)."""
    out, left = 1, n
    for x in split:
        out *= comb(left, x)
        left -= x
    return out


def _minus(caps: tuple[int, ...], split: Sequence[int]) -> tuple[int, ...]:
    return tuple(c - x for c, x in zip(caps, split, strict=True))


def _splits(n: int, caps: tuple[int, ...], bounds: tuple[tuple[int, int], ...]) -> Iterator[tuple[int, ...]]:
    """Every way to share ``n`` cards of a suit among the slots within their capacities and bounds."""
    if len(caps) == 1:
        if bounds[0][0] <= n <= min(caps[0], bounds[0][1]):
            yield (n,)
        return
    lo, hi = bounds[0]
    for x in range(lo, min(hi, caps[0], n) + 1):
        for rest in _splits(n - x, caps[1:], bounds[1:]):
            yield (x, *rest)


@lru_cache(maxsize=1 << 14)
def _ways(suit: int, caps: tuple[int, ...], sizes: tuple[int, ...],
          bounds: tuple[tuple[tuple[int, int], ...], ...]) -> int:
    """The layouts of suits ``suit`` to 3 with the slots' capacities ``caps`` left."""
    if suit == 4:
        return 1 if not any(caps) else 0
    return sum(comb_split(sizes[suit], split) * _ways(suit + 1, _minus(caps, split), sizes, bounds)
               for split in _splits(sizes[suit], caps, bounds[suit]))


def _deals(bits: tuple[int, ...], split: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to deal the cards ``bits`` in parts of ``split``'s sizes, in order, each part a mask."""
    if not split:
        yield ()
        return
    for part in combinations(bits, split[0]):
        rest = tuple(b for b in bits if b not in part)
        m = sum(1 << b for b in part)
        for more in _deals(rest, split[1:]):
            yield (m, *more)


def _plan(v: TableView) -> _Plan | None:
    """The placed cards and the bounds (module docstring); None when they leave no layout."""
    rules = v.rules
    sizes = v.sizes()
    named = named_cards(v.heard)
    fixed = _fixed_hands(v.heard, v.seat, rules, v.dealer_took)
    played = {c for _, c in v.played}
    placed: dict[int, set[Card]] = {s: set() for s in v.slots}
    for card, s in named.items():
        if card not in played and s != v.seat:
            placed[s].add(card)
    for s, cards in fixed.items():
        placed[s] |= {c for c in cards if c not in played}
    point = v.heard.classes[CLASSES.index("point")]
    most = point.best[0] if point.best is not None else 3  # four: no point at all, no suit of 30 pips
    exact = {(s, x[0]): x[1] for s, told in point.shown for x in told}
    free = [c for c in v.unseen() if not any(c in cs for cs in placed.values())]
    by_suit = tuple(tuple(c for c in free if c.suit == suit) for suit in Suit)
    bounds = []
    for suit in Suit:
        row = []
        for s in v.slots:
            have = sum(1 for c in placed[s] if c.suit == suit)
            if s == OUT:
                row.append((0, 8))
                continue
            before = sum(1 for w, c in v.played if w == s and c.suit == suit)
            lo, hi = 0, most - before - have
            if (s, int(suit)) in exact:
                lo = hi = exact[(s, int(suit))] - before - have
            if (s, int(suit)) in set(v.voids) or s in fixed:
                if (s, int(suit)) in set(v.voids) and have:
                    return None  # he showed out of the suit holding a card of it he had shown
                lo, hi = max(lo, 0), min(hi, 0)
            row.append((max(lo, 0), hi))
        if any(lo > hi for lo, hi in row):
            return None
        bounds.append(tuple(row))
    capacity = tuple(sizes[s] - len(placed[s]) for s in v.slots)
    if any(c < 0 for c in capacity):
        return None
    return _Plan(tuple(v.slots), tuple(mask_of(placed[s]) for s in v.slots), capacity,
                 tuple(tuple(c.index for c in cs) for cs in by_suit), tuple(bounds))


__all__ = ["OUT", "Layout", "LayoutSpace", "TableView", "cards_of", "comb_split", "mask_of", "replay_seats",
           "table_view"]

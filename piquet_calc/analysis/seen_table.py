"""Public API: the card to play from one seat of three or four (Piquet Normand, piquet for four), not seeing the
others' cards (issue 51, item 1; the two-handed ``analyse_seen`` is analysis/seen.py).

``analyse_seen_table(hand, seat, rules, heard, played=..., discards=..., dealer_took=..., samples=..., seed=...)``:
the seat knows his hand (Normand's dealer his discards too), the cards played and the announcements (seat/table.py);
every layout of the cards he cannot see that fits all of it (seat/layouts.py) is equally likely. Each of his legal
cards is valued over those layouts, each solved as ``play`` solves it (four: side against side, every card seen;
Normand: the paranoid model, the seat against the other two): the mean and its standard error over ``samples``
layouts drawn uniformly (with replacement, from ``seed``), or over every fitting layout, exactly, when they are at
most ``max(EXACT_LAYOUTS, samples)`` and the layouts to look through at most ``ENUMERATE_LAYOUTS``. The values
are four's side total minus the other side's, Normand's net (his total minus the mean of the others'), for the
whole deal. ``layouts`` says how many fit: counted when enumerated, else estimated from the draws kept (± s.e.).
Like bridge programs' sampled play (lorserker/ben: knowledge -> consistent hands -> per-card values).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..cards import Card, CardError, sort_hand
from ..game.play import PlayError, legal_cards
from ..game.seating import score_seating
from ..rules import RuleSet
from ..seat.layouts import Layout, LayoutSpace, TableView, table_view
from ..seat.table import TableHeard

# The layouts drawn by default: the benchmark's targets (benchmarks/seen_table.py, benchmarks/RESULTS.md) at 2 cores:
# four at most 0.5 s a decision, Normand at most 1.5 s.
DEFAULT_SAMPLES = {4: 48, 3: 64}
EXACT_LAYOUTS = 512  # every fitting layout is solved (exact) when they are at most this many (or at most --samples)
ENUMERATE_LAYOUTS = 4_096  # the layouts looked through one by one for those that fit, when at most this many
DRAWS_PER_SAMPLE = 5_000  # a draw kept in this many on average at least, else "no layout found" (one line)


@dataclass(frozen=True)
class TableChoice:
    """One legal card valued over the layouts: the mean (and s.e. when sampled), how often it is a double-dummy
    best, over how many layouts."""

    card: Card
    mean: float
    se: float | None  # None: every fitting layout solved (exact)
    best: int
    layouts: int


@dataclass(frozen=True)
class LayoutCount:
    """How many layouts fit: ``fitting`` counted (enumerated), or estimated from the draws (``estimate`` ± ``se``,
    ``kept`` of ``drawn``) among ``bounded`` layouts of the unseen cards within what was seen."""

    bounded: int
    fitting: int | None
    estimate: float
    se: float
    drawn: int
    kept: int


@dataclass(frozen=True)
class SeenTableAnalysis:
    rules: RuleSet
    seat: int
    hand: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    led: Card | None
    trick: int
    totals: tuple[int, ...]  # each party's totals so far (seats for Normand, sides for four)
    count: LayoutCount
    exact: bool
    samples: int  # the layouts solved
    seed: int
    choices: tuple[TableChoice, ...]  # best first
    seconds: float


def analyse_seen_table(hand: Sequence[Card], seat: int, rules: RuleSet, heard: TableHeard,
                       played: Sequence[Card] = (), discards: Sequence[Card] = (), dealer_took: int | None = None,
                       shown_blanche: bool = False, samples: int | None = None, seed: int = 0, threads: int = 0,
                       kernel: bool | None = None, exact_up_to: int = EXACT_LAYOUTS) -> SeenTableAnalysis:
    """Every legal card of ``seat`` (module docstring). CardError (PlayError for the tricks) as one line: a hand,
    announcements or tricks that contradict each other, a turn that is not his."""
    t0 = time.perf_counter()
    n = rules.game.players
    if n not in (3, 4):
        raise CardError(f"{rules.name}: the seat view of three and four is for normand and four")
    hand = tuple(hand)
    if len(hand) != rules.table.hand_size or len(set(hand)) != len(hand):
        raise CardError(f"your hand must be {rules.table.hand_size} different cards under {rules.name}, "
                        f"got {len(set(hand))}")
    samples = DEFAULT_SAMPLES[n] if samples is None else samples
    if samples < 1:
        raise CardError(f"--samples must be at least 1, not {samples}")
    view = table_view(rules, seat, hand, heard, played, discards, dealer_took, shown_blanche)
    if len(view.played) >= n * rules.table.hand_size:
        raise PlayError("every trick has been played")
    space = LayoutSpace(view)
    if space.count() == 0:
        _misfit(view)  # a trick that contradicts the announcements, named before whose turn it is
    to_move, led = _turn(view)
    if to_move != seat:
        raise PlayError(f"it is {rules.table.seats[to_move]}'s turn to play, not {rules.table.seats[seat]}'s")
    rng = random.Random(seed)
    layouts, count, exact = _layouts(space, samples, exact_up_to, rng)
    states, totals = _states(space, layouts)
    left = set(hand) - {c for w, c in view.played if w == seat}
    legal = sort_hand(legal_cards(left, led))
    from ..engine.seen_table import card_values

    values = card_values(states, seat, legal, rules, threads, _kernel(rules, kernel)) / 2
    top = values.max(axis=1, keepdims=True)
    k = len(layouts)
    choices = []
    for j, card in enumerate(legal):
        col = values[:, j]
        se = None if exact else (float(col.std(ddof=1)) / math.sqrt(k) if k > 1 else math.nan)
        choices.append(TableChoice(card, float(col.mean()), se, int((col == top[:, 0]).sum()), k))
    choices.sort(key=lambda c: -c.mean)
    return SeenTableAnalysis(rules, seat, hand, view.played, led, len(view.played) // n + 1, totals, count, exact,
                             k, seed, tuple(choices), time.perf_counter() - t0)


def _turn(view: TableView) -> tuple[int, Card | None]:
    """The seat to move after the cards played, and the card led to the trick under way (None: a lead)."""
    from ..game.play_four import trick_winner  # the highest of the suit led, any number of seats

    n = view.rules.game.players
    cards = [c for _, c in view.played]
    leader = 0
    for i in range(0, len(cards) - len(cards) % n, n):
        leader = (leader + trick_winner(cards[i:i + n])) % n
    k = len(cards) % n
    return (leader + k) % n, (cards[-k] if k else None)


def _kernel(rules: RuleSet, kernel: bool | None) -> bool:
    """The kernels (True) or the plain solver (False): engine/solvers.py's choice, its one line when plain."""
    from ..engine.solvers import solver_for
    from ..game.solve_four import PlainSolverFour
    from ..game.solve_normand import PlainSolverNormand

    if kernel is not None:
        return kernel
    return not isinstance(solver_for(rules, None), PlainSolverFour | PlainSolverNormand)


def _layouts(space: LayoutSpace, samples: int, exact_up_to: int,
             rng: random.Random) -> tuple[list[tuple[Layout, tuple[bool, ...]]], LayoutCount, bool]:
    """The layouts to solve, each with every seat's carte blanche: every fitting one (exact), or ``samples`` drawn."""
    bounded = space.count()
    if bounded == 0:
        _misfit(space.view)
    if bounded <= ENUMERATE_LAYOUTS:
        fitting = [(lay, b) for lay in space.every() if (b := space.fits(lay)) is not None]
        if not fitting:
            _misfit(space.view, enumerate_all=True)
        count = LayoutCount(bounded, len(fitting), float(len(fitting)), 0.0, bounded, len(fitting))
        if len(fitting) <= max(exact_up_to, samples):
            return fitting, count, True
        return [fitting[rng.randrange(len(fitting))] for _ in range(samples)], count, False
    kept: list[tuple[Layout, tuple[bool, ...]]] = []
    drawn = 0
    while len(kept) < samples:
        if drawn >= DRAWS_PER_SAMPLE * (len(kept) + 1):
            raise CardError(f"no layout of the unseen cards found to fit the announcements and the tricks in {drawn:,} "
                            "draws")
        lay = space.draw(rng)
        drawn += 1
        b = space.fits(lay)
        if b is not None:
            kept.append((lay, b))
    p = len(kept) / drawn
    count = LayoutCount(bounded, None, bounded * p, bounded * math.sqrt(p * (1 - p) / drawn), drawn, len(kept))
    return kept, count, False


def _misfit(view: TableView, enumerate_all: bool = False) -> None:
    """CardError naming the first card played after which no layout fits (or the announcements themselves)."""
    rules = view.rules
    cards = [c for _, c in view.played]

    def none_fit(k: int) -> bool:
        v = table_view(rules, view.seat, view.hand, view.heard, cards[:k], view.discards, view.dealer_took,
                       view.shown_blanche)
        sp = LayoutSpace(v)
        if sp.count() == 0:
            return True
        return enumerate_all and sp.count() <= ENUMERATE_LAYOUTS and all(sp.fits(x) is None for x in sp.every())

    for k in range(len(cards) + 1):
        if none_fit(k):
            if k == 0:
                raise CardError(f"--heard: no layout of the {len(view.unseen()) + len(cards)} cards you cannot see "
                                "fits what was heard")
            who, card = view.played[k - 1]
            n = rules.game.players
            raise PlayError(f"trick {(k - 1) // n + 1}: {rules.table.seats[who]} plays {card}, which no layout that "
                            "fits the announcements and the tricks before allows")
    raise CardError("no layout of the unseen cards fits the announcements and the tricks")


def _states(space: LayoutSpace, layouts: list[tuple[Layout, tuple[bool, ...]]]) -> tuple[list, tuple[int, ...]]:
    """The position after the cards played under each layout (the declarations scored with its hands, the cards
    replayed once for each distinct score before the play), and the totals so far (the same for all)."""
    view = space.view
    rules = view.rules
    four = rules.game.four
    if four:
        from ..game.play_four import play_card
        from ..game.play_four import start_four as start
        from .play_four import before_four as before_of
    else:
        from ..game.play_normand import before_play_normand as before_of
        from ..game.play_normand import play_card
        from ..game.play_normand import start_normand as start
    replayed: dict[tuple, object] = {}
    states = []
    gone = [{c for w, c in view.played if w == s} for s in range(rules.game.players)]
    for lay, blanche in layouts:
        hands = space.start_hands(lay)
        before, live = before_of(score_seating(hands, rules, blanche))
        key = (tuple(before), live)
        if key not in replayed:
            s = start(hands, rules, before, live)
            for _, card in view.played:
                s = play_card(s, card, rules)
            replayed[key] = s
        s = replayed[key]
        states.append(replace(s, hands=tuple(frozenset(h) - gone[i] for i, h in enumerate(hands))))
    return states, tuple(states[0].totals)


__all__ = ["DEFAULT_SAMPLES", "ENUMERATE_LAYOUTS", "EXACT_LAYOUTS", "LayoutCount", "SeenTableAnalysis",
           "TableChoice", "analyse_seen_table"]

"""Public API: exact discard analysis under the uniform-holdings model of docs/rules.md.

>>> from piquet_calc import analyse_discards, parse_hand
>>> result = analyse_discards(parse_hand("AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"), "elder")  # doctest: +SKIP
>>> result.discards[0].discard                                                           # doctest: +SKIP
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..cards import DECK, HAND_SIZE, Card, CardError, sort_hand
from ..engine.columns import COUNT_NAMES
from ..engine.progress import ProgressOfTotal
from ..engine.rule_arrays import rule_arrays_for
from ..game.declarations import is_carte_blanche
from ..rules import RUBICON, ElderOrYounger, RulesError, RuleSet, span
from .counts import ExactCounts

UNSEEN = len(DECK) - HAND_SIZE

@dataclass(frozen=True)
class DiscardResult(ExactCounts):
    """Exact counts for one discard, over every draw and every opponent holding (``deals`` of them).

    Counts named ``*_win/_tie/_lose``, ``repique_*`` and ``pique_*`` count deals; ``point_me`` and
    the other class names count points summed over the deals, so ``counts[x] / deals`` is the
    expected score. ``rules`` gives the bonus values for the totals.
    """

    discard: tuple[Card, ...]
    counts: dict[str, int]
    rules: RuleSet
    SCORED = (*ExactCounts.SCORED, "carte_rouge")  # the two-handed game's carte rouge counts too

    @property
    def net(self) -> Fraction:
        """Expected (own score - opponent's score), exact: what discards are ranked by."""
        return Fraction(self.score_sum("me") - self.score_sum("opp"), self.deals)


@dataclass(frozen=True)
class HandAsked:
    """What the two-handed discard analyses (exact here, sampled in analysis/deal.py) were asked: a hand, its
    seat, the rules, the cards elder took (dealer's question) and whether elder showed carte blanche."""

    hand: tuple[Card, ...]
    position: ElderOrYounger
    rules: RuleSet
    elder_took: int | None
    elder_blanche: bool | None


@dataclass(frozen=True)
class Analysis(HandAsked):
    discards: tuple[DiscardResult, ...]  # ranked: best net first

    @property
    def deals_per_discard(self) -> dict[int, int]:
        return {len(d.discard): d.deals for d in self.discards}


def deals_for(discard_size: int) -> int:
    """Draws times opponent holdings: C(20, k) * C(20 - k, 12) (docs/rules.md, the analysis model)."""
    return math.comb(UNSEEN, discard_size) * math.comb(UNSEEN - discard_size, HAND_SIZE)


def discard_sizes(position: ElderOrYounger, rules: RuleSet, elder_took: int) -> tuple[int, ...]:
    return rules.elder_discards if position == "elder" else rules.dealer_discards(elder_took)


def analyse_discards(hand: Sequence[Card], position: ElderOrYounger, rules: RuleSet = RUBICON,
                     elder_took: int = 5, elder_blanche: bool = False,
                     progress: ProgressOfTotal | None = None) -> Analysis:
    """Every legal discard of ``hand``, each with exact counts, ranked by expected net score.

    ``position``: "elder" or "younger". For younger, ``elder_took`` is how many cards elder
    exchanged and ``elder_blanche`` whether he showed carte blanche (docs/rules.md, the analysis model).
    Ties in net score keep the enumeration order: fewer cards first, then the hand's display order.
    """
    rules.require_two_handed("this discard analysis")
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
        raise CardError(f"the hand must have exactly {HAND_SIZE} different cards, got {len(set(hand))}")
    if position not in ("elder", "younger"):
        raise RulesError(f"position must be 'elder' or 'younger', not {position!r}")
    if position == "younger" and elder_took not in rules.elder_discards:
        raise RulesError(f"elder may take {span(rules.elder_discards)} cards under {rules.name}, "
                         f"not {elder_took}")
    from ..engine.enumeration import enumerate_fast

    setup = KernelSetup.of(sort_hand(hand), position, rules, elder_blanche)
    sizes = discard_sizes(position, rules, elder_took)
    discards = [d for size in sizes for d in itertools.combinations(range(HAND_SIZE), size)]
    counts = np.zeros((len(discards), len(COUNT_NAMES)), dtype=np.int64)
    total = sum(math.comb(HAND_SIZE, s) * deals_for(s) for s in sizes)
    before = row = 0  # deals counted in the sizes done
    for size in sizes:
        n_disc = math.comb(HAND_SIZE, size)
        per_draw = n_disc * math.comb(UNSEEN - size, HAND_SIZE)

        def report(draws_done: int, before: int = before, per_draw: int = per_draw) -> None:
            if progress is not None:
                progress(before + draws_done * per_draw, total)

        draws = all_draws(size)
        counts[row:row + n_disc] = setup.count(enumerate_fast, size, draws, progress=report)
        before += len(draws) * per_draw
        row += n_disc
    hand = setup.hand

    results = [DiscardResult(tuple(hand[i] for i in d), dict(zip(COUNT_NAMES, map(int, c), strict=True)), rules)
               for d, c in zip(discards, counts, strict=True)]
    ranked = sorted(results, key=lambda r: -r.net)  # sorted() is stable: ties keep enumeration order
    return Analysis(hand, position, rules, elder_took if position == "younger" else None,
                    bool(elder_blanche) if position == "younger" else None, tuple(ranked))


def combinations(n: int, size: int) -> np.ndarray:
    """Every ``size``-subset of range(n) in lexicographic order, one row each (one empty row for 0)."""
    rows = list(itertools.combinations(range(n), size))
    return np.array(rows, dtype=np.int64).reshape(len(rows), size)


def all_draws(size: int) -> np.ndarray:
    """Every draw of ``size`` of the unseen cards, as rows of positions 0..19."""
    return combinations(UNSEEN, size)


@dataclass(frozen=True)
class KernelSetup:
    """What the kernels need to know about one hand in one position."""

    hand: tuple[Card, ...]  # in display order; discards index into it
    hand_idx: np.ndarray
    unseen: np.ndarray
    me_is_elder: bool
    cb_me: int
    opp_cb_fixed: int  # -1: read the opponent's carte blanche off each holding
    rules: RuleSet

    @classmethod
    def of(cls, hand: tuple[Card, ...], position: ElderOrYounger, rules: RuleSet, elder_blanche: bool) -> KernelSetup:
        idx = [c.index for c in hand]
        unseen = [i for i in range(len(DECK)) if i not in idx]
        me_is_elder = position == "elder"
        return cls(hand, np.array(idx, dtype=np.int64), np.array(unseen, dtype=np.int64), me_is_elder,
                   rules.blanche_points if is_carte_blanche(hand, rules) else 0,
                   -1 if me_is_elder else rules.blanche_points * bool(elder_blanche), rules)

    def count(self, kernel: Callable[..., None], size: int, draws: np.ndarray, **options) -> np.ndarray:
        """Counts for every discard of ``size`` cards over the given draws, by ``kernel`` (``options``:
        its keyword arguments, such as enumerate_fast's ``progress``)."""
        t = rule_arrays_for(self.rules)
        discards = combinations(HAND_SIZE, size)
        counts = np.zeros((len(discards), len(COUNT_NAMES)), dtype=np.int64)
        from ..engine.enumeration import side_array

        side = side_array(self.me_is_elder, self.cb_me, self.opp_cb_fixed)
        kernel(self.hand_idx, self.unseen, draws, discards, side, t.packed, counts, **options)
        return counts


@dataclass(frozen=True)
class ClassCall:
    """One class (point, sequence, sets) of a declaration after the exchange."""

    name: str
    best: str  # the player's best combination, in words ("" if none)
    combinations: tuple[str, ...]  # every combination of the class the player holds, best first
    good_against_the_cards: bool  # no holding the opponent could have beats the best (Cavendish)
    sinkable: tuple[str, ...]  # combinations that can be left undeclared without losing the class


@dataclass(frozen=True)
class DeclarationAnalysis:
    """What a player's final hand is worth against every holding the opponent can have."""

    hand: tuple[Card, ...]
    position: ElderOrYounger
    rules: RuleSet
    discards: tuple[Card, ...]
    seen: tuple[Card, ...]
    unseen: tuple[Card, ...]
    calls: tuple[ClassCall, ...]
    result: DiscardResult  # exact counts over the opponent's holdings (``discard`` is empty)


def analyse_declaration(hand: Sequence[Card], position: ElderOrYounger, discards: Sequence[Card] = (),
                        seen: Sequence[Card] = (), rules: RuleSet = RUBICON, carte_blanche: bool = False,
                        elder_blanche: bool = False) -> DeclarationAnalysis:
    """Exact odds of each declaration of a final hand (docs/rules.md's model, after the exchange).

    Known: the 12 final cards, the cards the player discarded and any talon cards he saw; the
    opponent's final 12 are every 12-subset of the rest, equally likely. ``carte_blanche``: the player
    showed carte blanche; ``elder_blanche`` (younger only): elder did. As elder, the dealer's carte
    blanche is read off his holding, as in the discard analysis.
    """
    from ..game.declarations import Declaration, best_against

    rules.require_two_handed("this declaration analysis")
    hand = sort_hand(hand)
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
        raise CardError(f"the hand must have exactly {HAND_SIZE} different cards, got {len(set(hand))}")
    known = set(hand)
    for what, cards in (("discards", discards), ("seen cards", seen)):
        for c in cards:
            if c in known:
                raise CardError(f"{c} is named twice (hand, discards, seen cards): in the {what} again")
            known.add(c)
    unseen = tuple(c for c in DECK if c not in known)
    if len(unseen) < HAND_SIZE:
        raise CardError(f"only {len(unseen)} cards are left unseen: the opponent holds {HAND_SIZE}")
    if carte_blanche:
        from ..game.consistency import check_blanche_claim

        most = max(rules.elder_discards if position == "elder" else
                   [m for k in rules.elder_discards for m in rules.dealer_discards(k)])
        check_blanche_claim(hand, discards, most, rules, position)
    from ..engine.enumeration import enumerate_fast  # the first-run line, if any, once the input is checked
    setup = KernelSetup(hand, np.array([c.index for c in hand], dtype=np.int64),
                   np.array([c.index for c in unseen], dtype=np.int64), position == "elder",
                   rules.blanche_points * bool(carte_blanche),
                   -1 if position == "elder" else rules.blanche_points * bool(elder_blanche), rules)
    counts = setup.count(enumerate_fast, 0, combinations(len(unseen), 0))[0]
    result = DiscardResult((), dict(zip(COUNT_NAMES, map(int, counts), strict=True)), rules)

    mine, theirs = Declaration.of(hand, rules), best_against(unseen, rules)
    calls = []
    point_words = mine.point.words
    calls.append(ClassCall("point", point_words, (point_words,), mine.point.key >= theirs.point.key, ()))
    for name, combos, keys, their_key in (
        ("sequence", [r.words for r in mine.runs], [r.key for r in mine.runs], theirs.sequence_key),
        ("sets", [s.words for s in mine.sets], [s.key for s in mine.sets], theirs.set_key),
    ):
        good = bool(keys) and keys[0] >= their_key
        # leaving one combination out keeps the class when the best of the rest still cannot be beaten
        sinkable = tuple(w for i, w in enumerate(combos)
                         if max((k for j, k in enumerate(keys) if j != i), default=None) is not None
                         and max(k for j, k in enumerate(keys) if j != i) >= their_key)
        calls.append(ClassCall(name, combos[0] if combos else "", tuple(combos), good, sinkable))
    return DeclarationAnalysis(hand, position, rules, tuple(discards), tuple(seen), unseen, tuple(calls), result)

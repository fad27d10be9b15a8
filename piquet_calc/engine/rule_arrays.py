"""Rules and game/declarations.py's plain functions turned into the small integer tables the kernels read.

The kernels never decide a rule themselves where a table can say it: the value of a suit for the
point, its best sequence and sequence points, elder's cashable cards in a suit, all come from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..cards import Card, Rank, Suit
from ..game.declarations import cashable_against, point_of, runs_of
from ..kernels import layout
from ..kernels.layout import PROFILE_TOPS, PROFILES, QUATORZE_KEY, TRIO_KEY
from ..rules import RuleSet, check_rules


def point_code(length: int, pips: int) -> int:
    """Point key (length, pips) as one integer that orders the same way (pips < 128)."""
    return length * 128 + pips


def run_code(length: int, top: int) -> int:
    """Sequence key (length, top rank) as one integer; 0 for no sequence."""
    return length * 8 + top if length else 0


def set_code(size: int, rank: int) -> int:
    """Set key (3 or 4, rank) as one integer; 0 for no set (kernels.layout.TRIO_KEY, QUATORZE_KEY)."""
    return {3: TRIO_KEY, 4: QUATORZE_KEY}[size] + rank if size else 0


@dataclass(frozen=True)
class SuitArrays:
    suit: np.ndarray  # int64[256, 6], columns SUIT_*
    run: np.ndarray  # int32[256 * PROFILES]: one suit of elder's run, at elder ranks * PROFILES + dealer_profile()
    set_ranks: int  # rank mask of the ranks that make sets
    blanche_spoilers: int  # 32-bit mask of the cards that spoil carte blanche
    params: np.ndarray  # kernel_params(rules)

    @property
    def packed(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """What the kernels take: (suit table, run table, params)."""
        return (self.suit, self.run, self.params)


def _suit_cards(ranks: int) -> list[Card]:
    return [Card(Rank(r), Suit.SPADES) for r in range(8) if ranks >> r & 1]


def dealer_profile(top: int, count: int) -> int:
    """The dealer's suit as the run sees it: top rank 0..7 (-1, none: 8) times 9, plus its length."""
    return (top + PROFILE_TOPS) % PROFILE_TOPS * PROFILE_TOPS + count


def run_entry(elder: list[Card], cashed: list[Card], rules: RuleSet) -> int:
    """One suit of elder's pique run, packed so that the four suits' entries can simply be added:
    bits 0-3 cards cashed, bits 4-7 of them the ones that score when led, bits 8+ 1 if elder keeps a
    scoring card of the suit back (game.declarations.run_points reads the same three facts)."""
    scoring = rules.play.scoring_rank
    kept_scoring = any(c not in cashed and c.rank >= scoring for c in elder)
    return len(cashed) | sum(c.rank >= scoring for c in cashed) << 4 | kept_scoring << 8


@lru_cache(maxsize=8)
def rule_arrays_for(rules: RuleSet) -> SuitArrays:
    """The kernels' tables for ``rules``, which pass the one validation first (rules.check_rules): every
    value the kernels read fits their packed fields."""
    check_rules(rules, rules.name)
    suit = np.zeros((256, 6), dtype=np.int64)
    for ranks in range(256):
        cards = _suit_cards(ranks)
        runs = runs_of(cards)
        point = point_of(cards)
        suit[ranks, layout.SUIT_POINT_KEY] = point_code(point.length, point.pips) if cards else 0
        suit[ranks, layout.SUIT_SEQUENCE_KEY] = run_code(runs[0].length, int(runs[0].top)) if runs else 0
        suit[ranks, layout.SUIT_SEQUENCE_POINTS] = sum(rules.sequence_points(r.length) for r in runs)
        suit[ranks, layout.SUIT_CARD_COUNT] = len(cards)
        suit[ranks, layout.SUIT_TOP_RANK] = max((int(c.rank) for c in cards), default=-1)
        # the ranks lying in a sequence, for carte rouge
        suit[ranks, layout.SUIT_IN_SEQUENCE] = sum(1 << r for run in runs for r in range(run.top - run.length + 1,
                                                                                  run.top + 1))
    run = np.zeros(256 * PROFILES, dtype=np.int32)
    for elder in range(256):
        e_cards = _suit_cards(elder)
        run[elder * PROFILES + dealer_profile(-1, 0)] = run_entry(e_cards, cashable_against(e_cards, None, 0), rules)
        for top in range(8):
            if elder >> top & 1:
                continue  # the dealer's top card cannot be elder's
            free_below = sum(1 for r in range(top) if not elder >> r & 1)
            for count in range(1, free_below + 2):  # only suits the dealer can hold beside elder's
                cashed = cashable_against(e_cards, Rank(top), count)
                run[elder * PROFILES + dealer_profile(top, count)] = run_entry(e_cards, cashed, rules)
    for arr in (suit, run):
        arr.setflags(write=False)
    params = kernel_params(rules)
    params.setflags(write=False)
    return SuitArrays(suit, run, set_ranks(rules), blanche_spoilers(rules), params)


def kernel_params(rules: RuleSet) -> np.ndarray:
    """The scalar rules the kernels read, packed in the order of ``kernels.layout.RULE_*``."""
    p = rules.play
    return np.array([
        rules.blanche_points, rules.repique_bonus, rules.pique_bonus, rules.repique_threshold,
        rules.pique_threshold, rules.carte_rouge_points,
        p.lead, p.last_lead, p.win_own_lead, p.last_trick, p.seventh_trick,
        sum(1 << r for r in Rank if r >= p.scoring_rank), rules.trio_points, rules.quatorze_points,
        set_ranks(rules), blanche_spoilers(rules),
    ], dtype=np.int64)


def set_ranks(rules: RuleSet) -> int:
    """Rank mask of the ranks that make trios and quatorzes."""
    return sum(1 << r for r in Rank if r >= rules.set_min_rank)


def blanche_spoilers(rules: RuleSet) -> int:
    """32-bit mask of the cards that spoil carte blanche."""
    return sum(1 << (s * 8 + r) for s in Suit for r in rules.blanche_ranks)

"""Drivers for piquet for four: the rules as the tables kernels/declarations_four/ reads (built from game/ functions),
and the enumeration of every partner's hand cut into pieces for the worker threads."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..cards import Card, Rank, Suit
from ..game.declarations import cashable_against
from ..game.seating import overtaken_at
from ..kernels.layout import COUNT_COLUMNS_FOUR
from ..rules import RuleSet
from . import families
from .declarations_normand import seating_params
from .pool import run_pieces, workers
from .pool import worker_number as _worker_number
from .rule_arrays import rule_arrays_for

SET_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)  # the ranks the sets' tables count


def _cards(ranks: int) -> list[Card]:
    return [Card(Rank(r), Suit.SPADES) for r in range(8) if ranks >> r & 1]


@dataclass(frozen=True)
class ArraysFour:
    suit: np.ndarray  # engine.rule_arrays' suit table
    rank: np.ndarray  # int64[256, 2]: a suit's ranks ten to ace as 3-bit counts; 1 if it holds a court card
    sets: np.ndarray  # int64[2**15]: set code | set score << 8 of a hand's rank counts
    cash: np.ndarray  # int64[256 * 81]: elder's cashed ranks of a suit, by his ranks and the opponents' profile
    over: np.ndarray  # int64[256 * 256]: the trick his partner takes of those cashed ranks (0: none)
    params: np.ndarray


@lru_cache(maxsize=4)
def arrays_four(rules: RuleSet) -> ArraysFour:
    """Every table from the rules and game/'s functions (sets: game.declarations.sets_of's rule)."""
    rank = np.zeros((256, 2), dtype=np.int64)
    for byte in range(256):
        rank[byte, 0] = sum(1 << 3 * i for i, r in enumerate(SET_RANKS) if byte >> r & 1)
        rank[byte, 1] = int(any(byte >> r & 1 for r in rules.blanche_ranks))
    sets = np.zeros(1 << 15, dtype=np.int64)
    for rv in range(1 << 15):
        code = score = 0
        for i, r in enumerate(SET_RANKS):
            n = rv >> 3 * i & 7
            if n >= 3 and r >= rules.set_min_rank:
                code = max(code, n * 8 + r)
                score += rules.quatorze_points if n == 4 else rules.trio_points
        sets[rv] = code | score << 8
    cash = np.zeros(256 * 81, dtype=np.int64)
    for e in range(256):
        ec = _cards(e)
        for top in range(-1, 8):
            for count in range(0 if top < 0 else 1, 9):
                cashed = cashable_against(ec, None if top < 0 else Rank(top), count)
                cash[e * 81 + (top + 9) % 9 * 9 + count] = sum(1 << c.rank for c in cashed)
    over = np.zeros(256 * 256, dtype=np.int64)
    for cashed in range(256):
        cc = _cards(cashed)
        for partner in range(256):
            if not cashed & partner:
                over[cashed * 256 + partner] = overtaken_at(cc, _cards(partner))
    for arr in (rank, sets, cash, over):
        arr.setflags(write=False)
    return ArraysFour(rule_arrays_for(rules).suit, rank, sets, cash, over, seating_params(rules))


def check_kernel_four(rules: RuleSet) -> None:
    """The sets' tables count the ranks ten to ace only."""
    from ..rules import RulesError

    if rules.set_min_rank < Rank.TEN:
        raise RulesError(f"{rules.name}: the four-player analysis counts sets from the ten up, not from "
                         f"{rules.set_min_rank.symbol}")


def counts_four(me: int, mine: list[int], me_blanche: bool, unseen: list[int], rules: RuleSet,
                progress: Callable[[int, int], None] | None = None,
                only: list[tuple[int, int]] | None = None) -> np.ndarray:
    """Counts (layout.COUNT_NAMES_FOUR) for seat ``me`` holding ``mine``: every partner's hand of 8 of the 24
    ``unseen``, every split of the other 16 between the opponents. Pieces: the partner's two lowest cards;
    ``progress(deals done, deals in all)`` as they finish. ``only``: these pieces alone (warm())."""
    from . import first_run

    check_kernel_four(rules)
    first_run.starting(families.DECLARATIONS_FOUR.name)
    from ..kernels import declarations_four as kf

    worker_count = workers
    t = arrays_four(rules)
    u = np.array(sorted(unseen), dtype=np.int64)
    acc = np.zeros((worker_count(), COUNT_COLUMNS_FOUR), dtype=np.int64)
    mine_mask = sum(1 << i for i in mine)
    chunks = only or [(i, j) for i, j in itertools.combinations(range(24), 2) if j <= 17]
    double = int(rules.table_rules.double_blanche_repique)

    buffers = [kf.fast_work() for _ in range(worker_count())]

    def count(chunk: tuple[int, int]) -> None:
        w = _worker_number()
        kf.count_chunk_fast(me, mine_mask, int(me_blanche), u, chunk[0], chunk[1], double, t.suit, t.rank, t.sets,
                            t.cash, t.over, t.params, acc[w], buffers[w])

    # deals done after each piece: the partner's other six of the 23 - j cards above j, times the
    # opponents' splits of the 16 left
    done_after = list(itertools.accumulate(math.comb(23 - j, 6) * math.comb(16, 8) for _, j in chunks))
    run_pieces(count, chunks, None if progress is None else lambda n: progress(done_after[n - 1], done_after[-1]))
    return acc.sum(axis=0)


def warm() -> None:
    """Compile the four-player kernels (``piquet-calc warm``): one piece of one seat's count, the smallest."""
    from ..rules import get_rules

    counts_four(0, list(range(8)), False, list(range(8, 32)), get_rules("four"), only=[(16, 17)])

"""Drivers for three seats (Piquet Normand): rules to the kernels' scalars, the enumerations cut into
pieces for the worker threads (kernels/declarations_normand.py counts and releases the GIL)."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from ..cards import Rank, Suit
from ..kernels.layout import COUNT_COLUMNS_NORMAND, SEATING_RULE_SLOTS
from ..rules import RuleSet
from . import families
from .pool import run_pieces, workers
from .pool import worker_number as _worker_number
from .rule_arrays import rule_arrays_for


def seating_params(rules: RuleSet) -> np.ndarray:
    """The scalar rules kernels/declarations_normand.py reads, in the order of ``kernels.layout.SEATING_RULE_*``."""
    p = rules.play
    params = np.array([
        rules.blanche_points, rules.repique_threshold, rules.pique_threshold, p.lead, p.win_own_lead, p.last_trick,
        rules.table.hand_size, rules.table_rules.point_min_pips, sum(1 << r for r in Rank if r >= rules.set_min_rank),
        rules.trio_points, rules.quatorze_points, sum(1 << (s * 8 + r) for s in Suit for r in rules.blanche_ranks),
    ], dtype=np.int64)
    assert len(params) == SEATING_RULE_SLOTS
    return params


def _kernels(family: str):
    """kernels/declarations_normand.py, after the first-run line for ``family`` (engine/first_run.py) if it compiles."""
    from . import first_run

    first_run.starting(family)
    from ..kernels import declarations_normand as kt  # numba only when an analysis runs

    return kt


def _mask(indices) -> int:
    return sum(1 << int(i) for i in indices)


def dealer_exchange_counts(dealer: list[int], dealer_blanche: bool, unseen: list[int], pairs: list[tuple[int, int]],
                           rules: RuleSet, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Counts (layout.COUNT_NAMES_NORMAND, the dealer analysed) for keeping (row 0) and for discarding each of
    ``pairs`` (card indices of the dealer's hand), exact over every talon of two of ``unseen`` and every
    split of the other 20 into elder's and middle's ten. ``progress(talons done)`` as pieces finish."""
    kt = _kernels(families.EXCHANGE_NORMAND.name)
    t = rule_arrays_for(rules)
    params = seating_params(rules)
    d_mask = _mask(dealer)
    talons = list(itertools.combinations(unseen, 2))
    n_workers = workers()
    n_opt = 1 + len(pairs)
    acc = np.zeros((n_workers, n_opt, COUNT_COLUMNS_NORMAND), dtype=np.int64)
    tables = [(np.hstack([np.full((1 << kt.HASH_BITS, 1), -1), np.zeros((1 << kt.HASH_BITS, 1))]).astype(np.int64),
               np.zeros(kt.HASH_FULL, dtype=np.int64)) for _ in range(n_workers)]

    def count(talon: tuple[int, int]) -> None:
        w = _worker_number()
        t_mask = _mask(talon)
        rest = np.array([c for c in unseen if c not in talon], dtype=np.int64)
        finals = np.array([d_mask] + [d_mask & ~_mask(p) | t_mask for p in pairs], dtype=np.int64)
        tab, used = tables[w]
        kt.dealer_exchange(int(dealer_blanche), rest, finals, t.suit, t.run, params, acc[w], tab, used)

    run_pieces(count, talons, progress)
    return acc.sum(axis=0)


def seat_counts(me: int, mine: list[int], me_blanche: bool, unseen: list[int], out_of_play: int,
                dealer_blanche: int, rules: RuleSet, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Counts (layout.COUNT_NAMES_NORMAND, seat ``me`` analysed) for one final hand: exact over every choice of
    ``out_of_play`` unseen cards (the talon or the dealer's discards, unseen by ``me``) and every split
    of the rest between the two other seats. ``dealer_blanche``: -1 to read it off the dealer's hand."""
    kt = _kernels(families.DECLARATIONS_NORMAND.name)
    t = rule_arrays_for(rules)
    params = seating_params(rules)
    others = [s for s in range(3) if s != me]
    size = rules.table.hand_size
    acc = np.zeros((workers(), COUNT_COLUMNS_NORMAND), dtype=np.int64)
    outs = list(itertools.combinations(unseen, out_of_play))

    def count(out: tuple[int, ...]) -> None:
        rest = np.array([c for c in unseen if c not in out], dtype=np.int64)
        kt.count_seat(me, _mask(mine), int(me_blanche), rest, len(rest), size, others[0], others[1], dealer_blanche,
                      t.suit, t.run, params, acc[_worker_number()])

    run_pieces(count, outs, progress)
    return acc.sum(axis=0)

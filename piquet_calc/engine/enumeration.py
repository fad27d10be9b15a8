"""The exact enumeration's driver: the opponent's holdings described once per hand, the draws cut into
pieces for a pool of worker threads, progress reported as pieces finish.

The kernels (kernels/declarations/) do the counting and release the GIL.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import families, first_run
from .pool import run_pieces, worker_number, workers
from .pool import threads as _threads

first_run.starting(families.DECLARATIONS.name)  # one line on stderr when these kernels are about to be compiled

from ..kernels import declarations as k  # noqa: E402
from ..kernels.layout import SIDE_ME_IS_ELDER, SIDE_MY_BLANCHE, SIDE_OPPONENT_BLANCHE  # noqa: E402

CHUNKS = 128  # a call's draws are cut into this many pieces, taken up by whichever worker thread is free

_holdings_cache: dict[tuple, tuple] = {}
_worker_number = worker_number  # the names other modules used before engine/pool.py
__all__ = ["CHUNKS", "enumerate_fast", "run_pieces", "side_array", "workers"]


def side_array(me_is_elder: bool, cb_me: int, opp_cb_fixed: int) -> np.ndarray:
    """The side analysed, packed as the kernels read it (kernels.layout.SIDE_*): whether "me" is elder, my
    carte blanche points, the opponent's (-1: read off each of his holdings)."""
    side = np.zeros(3, dtype=np.int64)
    side[SIDE_ME_IS_ELDER], side[SIDE_MY_BLANCHE], side[SIDE_OPPONENT_BLANCHE] = int(me_is_elder), cb_me, opp_cb_fixed
    return side


def enumerate_fast(hand: np.ndarray, unseen: np.ndarray, draws: np.ndarray, discards: np.ndarray, side: np.ndarray,
                   rt: tuple[np.ndarray, np.ndarray, np.ndarray], counts: np.ndarray,
                   progress: Callable[[int], None] | None = None) -> None:
    """Same arguments and the same counts as ``kernels.declarations.enumerate_discards``, computed
    with shared work.

    The opponent's every possible holding is described once per hand and rules (kept for the next
    call, as an analysis calls this once per discard size) and looked up by rank per draw. The draws
    are cut into CHUNKS pieces for the worker threads; ``progress(n)``, if given, is called in the
    caller's thread with how many draws are done, as pieces finish.
    """
    key = (unseen.tobytes(), side[SIDE_ME_IS_ELDER], side[SIDE_OPPONENT_BLANCHE], *(t.tobytes() for t in rt))
    if key not in _holdings_cache:
        _holdings_cache.clear()
        binom = k.binomials(unseen.shape[0])
        _holdings_cache[key] = (binom, k.every_holding(unseen, side, rt, binom))
    holdings = _holdings_cache[key]
    hand_mask, kept, cols = k.kept_and_columns(hand, discards, side[SIDE_ME_IS_ELDER] != 0, rt[2])
    deal = (unseen, draws, kept, cols)
    n_chunks = min(len(draws), CHUNKS)
    bounds = [chunk * len(draws) // n_chunks for chunk in range(n_chunks + 1)]
    # one row of counts per worker thread (integer sums: the order they are added in does not matter)
    acc = np.zeros((workers(), len(discards), len(cols)), dtype=np.int64)

    def count(chunk: int) -> int:
        k.count_draws(bounds[chunk], bounds[chunk + 1], acc[_worker_number()], hand_mask, deal, side, rt, holdings)
        return bounds[chunk + 1]

    for done in _threads().map(count, range(n_chunks)):  # the kernels release the GIL
        if progress is not None:
            progress(done)
    k.add_totals(acc, cols, len(draws) * k.holding_count(len(unseen) - draws.shape[1]), side[SIDE_MY_BLANCHE], counts)

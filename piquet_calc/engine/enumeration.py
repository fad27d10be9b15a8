"""The exact enumeration's driver: the opponent's holdings described once per hand, the draws cut into
pieces for a pool of worker threads, progress reported as pieces finish.

The kernels (kernels/declarations.py) do the counting and release the GIL.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from . import first_run

first_run.announce()  # one line on stderr when the kernels are about to be compiled (the first run)

from ..kernels import declarations as k  # noqa: E402

CHUNKS = 128  # a call's draws are cut into this many pieces, taken up by whichever worker thread is free

_holdings_cache: dict[tuple, tuple] = {}
_pool: list[ThreadPoolExecutor] = []
_worker = threading.local()  # each worker thread's number, 0 to the pool's size - 1
_worker_numbers = itertools.count()


def _threads() -> ThreadPoolExecutor:
    """One worker thread per core (NUMBA_NUM_THREADS, as numba counts them), made on first use. Plain
    threads rather than numba's parallel loops: the same speed, and seconds less compiling."""
    if not _pool:
        _pool.append(ThreadPoolExecutor(max_workers=k.worker_count(), thread_name_prefix="piquet-calc"))
    return _pool[0]


def _worker_number() -> int:
    """This worker thread's own row of a call's counts: threads are made once and kept, so the
    numbers stay below the pool's size."""
    if not hasattr(_worker, "number"):
        _worker.number = next(_worker_numbers)  # next() on itertools.count is atomic under the GIL
    return _worker.number


def enumerate_fast(hand, unseen, draws, discards, me_is_elder, cb_me, opp_cb_fixed,
                   suit_tab, run_tab, set_ranks, spoilers, params, trio, quatorze, counts,
                   progress: Callable[[int], None] | None = None):
    """Same arguments and the same counts as ``enumerate_discards``, computed with shared work.

    The opponent's every possible holding is described once per hand and rules (kept for the next
    call, as an analysis calls this once per discard size) and looked up by rank per draw. The draws
    are cut into CHUNKS pieces for the worker threads; ``progress(n)``, if given, is called in the
    caller's thread with how many draws are done, as pieces finish.
    """
    key = (unseen.tobytes(), me_is_elder, opp_cb_fixed, suit_tab.tobytes(), set_ranks, spoilers, params.tobytes(),
           trio, quatorze)
    if key not in _holdings_cache:
        _holdings_cache.clear()
        binom = k.binomials(unseen.shape[0])
        _holdings_cache[key] = (binom, k.every_holding(unseen, me_is_elder, opp_cb_fixed, suit_tab, set_ranks,
                                                           spoilers, params, trio, quatorze, binom))
    binom, all_info = _holdings_cache[key]
    hand_mask, kept, cols = k.kept_and_columns(hand, discards, me_is_elder, params)
    unseen_mask = sum(1 << int(c) for c in unseen)
    n_chunks = min(len(draws), CHUNKS)
    bounds = [chunk * len(draws) // n_chunks for chunk in range(n_chunks + 1)]
    # one row of counts per worker thread (integer sums: the order they are added in does not matter)
    acc = np.zeros((k.worker_count(), len(discards), len(cols)), dtype=np.int64)

    def count(chunk: int) -> int:
        k.count_draws(bounds[chunk], bounds[chunk + 1], acc[_worker_number()], hand_mask, unseen, unseen_mask,
                     draws, kept, me_is_elder, cb_me, suit_tab, run_tab, set_ranks, params, trio, quatorze, binom,
                     all_info, cols)
        return bounds[chunk + 1]

    for done in _threads().map(count, range(n_chunks)):  # the kernels release the GIL
        if progress is not None:
            progress(done)
    k.add_totals(acc, cols, len(draws) * k.holding_count(len(unseen) - draws.shape[1]), cb_me, counts)

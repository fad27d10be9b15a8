"""The engine's worker threads: one per core, made on first use and kept, each with its own number.

Apart from engine/enumeration.py so that an analysis that runs no declaration kernels (normand's, the
four players') imports none of them: numba is imported only to count the cores as numba does.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

_pool: list[ThreadPoolExecutor] = []
_worker = threading.local()  # each worker thread's number, 0 to the pool's size - 1
_worker_numbers = itertools.count()


def workers() -> int:
    """How many worker threads there are (one row of counts each): one per core, as numba counts them."""
    from ..kernels.cache import worker_count

    return worker_count()


def threads() -> ThreadPoolExecutor:
    """The pool, made on first use. Plain threads rather than numba's parallel loops: the same speed, and
    seconds less compiling."""
    if not _pool:
        _pool.append(ThreadPoolExecutor(max_workers=workers(), thread_name_prefix="piquet-calc"))
    return _pool[0]


def run_pieces(work: Callable[[Any], object], pieces: Sequence[Any],
               progress: Callable[[int], None] | None = None) -> None:
    """``work(piece)`` for every piece on the worker threads (the kernels release the GIL);
    ``progress(pieces done)``, if given, in the caller's thread as they finish."""
    for done, _ in enumerate(threads().map(work, pieces), start=1):
        if progress is not None:
            progress(done)


def worker_number() -> int:
    """This worker thread's own row of a call's counts: threads are made once and kept, so the
    numbers stay below the pool's size."""
    if not hasattr(_worker, "number"):
        _worker.number = next(_worker_numbers)  # next() on itertools.count is atomic under the GIL
    return _worker.number

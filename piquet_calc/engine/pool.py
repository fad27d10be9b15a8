"""The one owner of the worker threads: one pool per thread count (one per core by default), made on first
use, kept for every later call (the counts, the card values, the whole-deal samplers all ask ``threads(n)``)
and closed at exit; each worker thread has its own number (``worker_number``). ``background(work)``: work begun
on one of two background threads that may wait on the pools (practice ranks while the player thinks).

Apart from engine/enumeration.py so that an analysis that runs no declaration kernels (normand's, the
four players') imports none of them: numba is imported only to count the cores as numba does.
"""

from __future__ import annotations

import atexit
import itertools
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

_pools: dict[int, ThreadPoolExecutor] = {}  # thread count -> its pool
_pools_lock = threading.Lock()
_worker = threading.local()  # each worker thread's number, 0 to the pool's size - 1
_worker_numbers = itertools.count()


def workers() -> int:
    """How many worker threads there are (one row of counts each): one per core, as numba counts them."""
    from ..kernels.cache import worker_count

    return worker_count()


def threads(n: int = 0) -> ThreadPoolExecutor:
    """The shared pool of ``n`` worker threads (0: one per core, ``workers()``), made on first use and kept
    (closed at exit). Plain threads rather than numba's parallel loops: the same speed, and seconds less
    compiling. A caller never shuts it down, and never submits to it from one of its own threads (the pool
    could wait on itself); per-thread state belongs to the caller (a ``threading.local`` of its own)."""
    n = n or workers()
    with _pools_lock:
        if n not in _pools:
            if not _pools:
                atexit.register(_close)
            _pools[n] = ThreadPoolExecutor(max_workers=n, thread_name_prefix=f"piquet-calc-{n}")
        return _pools[n]


def _close() -> None:
    """At exit: every pool shut down, the work not begun dropped."""
    for pool in _pools.values():
        pool.shutdown(wait=False, cancel_futures=True)


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


_background: ThreadPoolExecutor | None = None
BACKGROUND_THREADS = 2  # practice: the player's ranking and the engine's, begun while he thinks


def background(work: Callable[..., Any], *args: Any) -> Future:
    """``work(*args)`` begun on a background thread (not a worker: it may hand pieces to the worker pools and
    wait for them), its Future returned. ``BACKGROUND_THREADS`` of them, made on first use, closed at exit."""
    global _background
    with _pools_lock:
        if _background is None:
            _background = ThreadPoolExecutor(max_workers=BACKGROUND_THREADS,
                                             thread_name_prefix="piquet-calc-background")
            atexit.register(_background.shutdown, wait=False, cancel_futures=True)
        return _background.submit(work, *args)

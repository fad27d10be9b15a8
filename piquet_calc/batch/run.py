"""The runners, and ``drive``: a bounded window of lines in flight, the answers written in the input's order.

A runner takes a task (a command's name and its argument list) and gives a future of the task's answer
(``work(task)``: the command's --json document as one line, or its error). Three runners:

* ``InProcess`` (``--workers 1``): this process runs each line as it is handed over.
* ``LocalPool`` (``--workers N``): N worker processes on this machine (started fresh, by ``spawn``),
  each prepared once (``setup``: the commands read) and kept for the whole run, so that a kernel loads
  once per worker and not once per line. Each worker's engine gets an equal share of the cores
  (``NUMBA_NUM_THREADS``, unless the user set it): N workers of one thread each on N cores, not N
  times every core. Each worker ends itself within PARENT_POLL seconds of the batch's death, however it
  died (SIGKILL included: nothing in the batch runs then); the resource tracker ends with the last of them.
* ``cluster.DaskCluster`` (``--cluster ADDRESS``): the same tasks sent to a Dask scheduler.

``drive`` reads the lines lazily, keeps at most ``runner.window`` of them in flight, and writes each
answer as soon as every line before it is written: memory stays bounded however long the input, and
the output is in the input's order whatever the runner. The figures cannot depend on the runner: each
line runs alone, with its own seed (a command's ``--seed``, its default else), in a process that
runs one line at a time.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Protocol

from .lines import Item, Task, output_line

LineResult = tuple[str | None, str | None]  # (the document as one line of JSON, None) or (None, the error)
Work = Callable[[Task], LineResult]
PER_WORKER = 4  # lines in flight per worker: enough that none waits for the next, few enough to hold
MAX_WORKERS = 256
PARENT_POLL = 0.5  # seconds between a worker's looks at whether the batch that started it is still there


class RunnerError(Exception):
    """The runner itself failed (a worker died, the cluster went away); the message is one line."""


class Runner(Protocol):
    window: int

    def submit(self, task: Task) -> Any: ...

    def close(self) -> None: ...


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class InProcess:
    """Every line run here, one after the other."""

    def __init__(self, work: Work, setup: Callable[[], None]) -> None:
        self.work, self.window = work, 1
        setup()

    def submit(self, task: Task) -> Future:
        future: Future = Future()
        future.set_result(self.work(task))
        return future

    def close(self) -> None:
        return None


def _end_with(parent: int) -> None:
    """End this process once ``parent`` is gone: a thread watches its parent's pid, which changes when the
    process is adopted (by init, or a subreaper) because the parent died."""

    # a thread, so that it looks while a line runs (the kernels release the GIL); the pid, because a dead
    # parent's pipes may stay open in the other workers, so that no read here would ever end
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(1)  # at once, mid-line too: nobody is left to read this worker's answers

    threading.Thread(target=watch, name="piquet-calc-batch-parent", daemon=True).start()


def _start_worker(threads: int | None, setup: Callable[[], None], parent: int) -> None:
    """A worker process's start: bound to the life of ``parent`` (the batch), its share of the cores (before
    numba is imported), then ``setup``."""
    _end_with(parent)
    if threads is not None and not os.environ.get("NUMBA_NUM_THREADS"):
        os.environ["NUMBA_NUM_THREADS"] = str(threads)
    setup()


class LocalPool:
    """``workers`` processes on this machine, each started once and kept."""

    def __init__(self, work: Work, setup: Callable[[], None], workers: int) -> None:
        self.work, self.window = work, PER_WORKER * workers
        share = max(1, cores() // workers)
        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"),
                                        initializer=_start_worker, initargs=(share, setup, os.getpid()))

    def submit(self, task: Task) -> Future:
        return self.pool.submit(self.work, task)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def local_runner(work: Work, setup: Callable[[], None], workers: int) -> InProcess | LocalPool:
    """One worker: this process; more: worker processes."""
    return InProcess(work, setup) if workers == 1 else LocalPool(work, setup, workers)


@dataclass
class Tally:
    """What a run did: lines written, of them failed, and lines skipped (already in a resumed file)."""

    done: int = 0
    failed: int = 0
    skipped: int = 0


def _answer(future: Any, item: Item) -> LineResult:
    try:
        return future.result()
    except Exception as e:  # noqa: BLE001 - a worker that died or a cluster gone: the run stops, lines kept
        raise RunnerError(f"line {item.number}: the worker running it failed ({type(e).__name__}: {e}); "
                          "the lines written are whole: --resume goes on") from None


def drive(items: Iterable[Item], runner: Runner, write: Callable[[str], None],
          written: Iterator[Any], check_written: Callable[[Any, int, Any], None],
          progress: Callable[[Tally], None]) -> Tally:
    """Run every item (those already ``written`` skipped, each checked by ``check_written``), writing each
    answer's line in the input's order; ``progress(tally)`` after each line."""
    tally = Tally()
    flight: deque[tuple[Item, Any]] = deque()

    def finish_one() -> None:
        item, future = flight.popleft()
        document, error = _answer(future, item)
        write(output_line(item, document, error))
        tally.done += 1
        tally.failed += error is not None
        progress(tally)

    resuming = True
    for item in items:
        if resuming:
            done_id = next(written, _END)
            if done_id is not _END:
                check_written(item.id, item.number, done_id)
                tally.skipped += 1
                continue
            resuming = False
        if item.task is None:
            future: Any = Future()
            future.set_result((None, item.error))
        else:
            future = runner.submit(item.task)
        flight.append((item, future))
        while flight and (len(flight) > runner.window or flight[0][1].done()):
            finish_one()
    while flight:
        finish_one()
    if resuming and next(written, _END) is not _END:
        raise RunnerError("--resume: the output has more lines than the input: not this input's output")
    return tally


_END = object()

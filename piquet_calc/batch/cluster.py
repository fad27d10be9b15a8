"""The runner on a Dask cluster (``--cluster ADDRESS``): Dask's scheduler, not one of ours.

Each line is one task, ``work(task)``, sent by a ``distributed.Client``; each worker runs ``setup`` once,
when it joins (a worker plugin), and keeps what it loaded for every later task, as a local worker does.
The workers must have piquet-calc installed, the same version. Dask is an optional extra
(``pip install "piquet-calc[cluster]"``): this module is imported only for ``--cluster``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from distributed import Client, WorkerPlugin

from .lines import Task
from .run import PER_WORKER, RunnerError, Work

CONNECT_TIMEOUT = "20s"


class _Prepare(WorkerPlugin):
    """Run ``setup`` once on each worker (those that join later too)."""

    def __init__(self, setup: Callable[[], None]) -> None:
        self.setup_once = setup

    def setup(self, worker: Any) -> None:
        self.setup_once()


class DaskCluster:
    """Tasks sent to the scheduler at ``address``; as many in flight as PER_WORKER per worker thread."""

    def __init__(self, work: Work, setup: Callable[[], None], address: str) -> None:
        self.work = work
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as e:
            raise RunnerError(f"--cluster: cannot reach a Dask scheduler at {address!r}: {e}") from None
        self.client.register_plugin(_Prepare(setup), name="piquet-calc-batch")
        threads = sum(self.client.nthreads().values())
        self.window = PER_WORKER * max(1, threads)

    def submit(self, task: Task) -> Any:
        return self.client.submit(self.work, task, pure=False)

    def close(self) -> None:
        self.client.close()

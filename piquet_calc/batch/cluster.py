"""The runner on a Dask cluster (``--cluster ADDRESS``): Dask's scheduler, not one of ours.

Each line is one task, ``work(task)``, sent by a ``distributed.Client``; each worker runs ``setup`` once,
when it joins (a worker plugin), and keeps what it loaded for every later task, as a local worker does.
The workers must have piquet-calc installed, the same version. Dask is an optional extra
(``pip install "piquet-calc[cluster]"``): it is imported when a DaskCluster is made (ImportError then),
so that this module imports, and its doctests run, without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .lines import Task
from .run import PER_WORKER, RunnerError, Work

CONNECT_TIMEOUT = "20s"
PLUGIN = "piquet-calc-batch"


def _plugin(setup: Callable[[], None]) -> Any:
    """A worker plugin that runs ``setup`` once on each worker (those that join later too)."""
    from distributed import WorkerPlugin

    class Prepare(WorkerPlugin):
        def setup(self, worker: Any) -> None:
            setup()

    return Prepare()


class DaskCluster:
    """Tasks sent to the scheduler at ``address``; as many in flight as PER_WORKER per worker thread."""

    def __init__(self, work: Work, setup: Callable[[], None], address: str) -> None:
        from distributed import Client

        self.work = work
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as e:
            raise RunnerError(f"--cluster: cannot reach a Dask scheduler at {address!r}: {e}") from None
        self.client.register_plugin(_plugin(setup), name=PLUGIN)
        threads = sum(self.client.nthreads().values())
        self.window = PER_WORKER * max(1, threads)

    def submit(self, task: Task) -> Any:
        return self.client.submit(self.work, task, pure=False)

    def close(self) -> None:
        self.client.close()

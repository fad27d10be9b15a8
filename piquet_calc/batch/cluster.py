"""The runner on a Dask cluster (``--cluster ADDRESS``): Dask's scheduler, not one of ours.

Each line is one task, ``work(task)``, sent by a ``distributed.Client``; each worker runs ``setup`` once,
when it joins (a worker plugin), and keeps what it loaded for every later task, as a local worker does.
The workers must have piquet-calc installed, the same version. Dask is an optional extra
(``pip install "piquet-calc[cluster]"``): it is imported when a DaskCluster is made (ImportError then),
so that this module imports, and its doctests run, without it.

Before the Client is made, the address is asked who it is (``_probe``), within ``timeout`` seconds:
Dask's Client waits for ever on something that accepts a connection and never speaks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .lines import Task
from .run import PER_WORKER, RunnerError, Work

GRACE = 1.0  # seconds past the timeout before a silent address is given up on: Dask's own connect says first
# why it could not connect (refused, no such host) when it ran out of the same time
PLUGIN = "piquet-calc-batch"


def _plugin(setup: Callable[[], None]) -> Any:
    """A worker plugin that runs ``setup`` once on each worker (those that join later too)."""
    from distributed import WorkerPlugin

    class Prepare(WorkerPlugin):
        def setup(self, worker: Any) -> None:
            setup()

    return Prepare()


def _unreachable(address: str, e: Exception) -> RunnerError:
    return RunnerError(f"--cluster: cannot reach a Dask scheduler at {address!r}: {e}")


def _probe(address: str, timeout: float) -> None:
    """Ask ``address`` who it is (Dask's identity call) and give up after ``timeout`` seconds (and GRACE):
    RunnerError naming the address unless a Dask scheduler answers."""
    import asyncio

    from distributed.comm import connect

    async def identity() -> Any:
        comm = await connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), timeout + GRACE))
    except TimeoutError:
        raise RunnerError(f"--cluster: no Dask scheduler answered at {address!r} within {timeout:g} s "
                          "(--cluster-timeout)") from None
    except (OSError, ValueError) as e:
        raise _unreachable(address, e) from None
    except Exception:  # noqa: BLE001 - what it said is not Dask's protocol (a frame's length read from text...)
        raise RunnerError(f"--cluster: {address!r} answers, but not as a Dask scheduler does") from None
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind != "Scheduler":
        said = f"a Dask {kind}" if isinstance(kind, str) and kind.isidentifier() else "something else"
        raise RunnerError(f"--cluster: {address!r} is {said}, not a Dask scheduler")


class DaskCluster:
    """Tasks sent to the scheduler at ``address`` (given up on after ``timeout`` seconds without its answer);
    as many in flight as PER_WORKER per worker thread."""

    def __init__(self, work: Work, setup: Callable[[], None], address: str, timeout: float) -> None:
        from distributed import Client

        self.work = work
        _probe(address, timeout)
        try:
            self.client = Client(address, timeout=f"{timeout:g}s")
        except (OSError, TimeoutError, ValueError) as e:
            raise _unreachable(address, e) from None
        self.client.register_plugin(_plugin(setup), name=PLUGIN)
        threads = sum(self.client.nthreads().values())
        self.window = PER_WORKER * max(1, threads)

    def submit(self, task: Task) -> Any:
        return self.client.submit(self.work, task, pure=False)

    def close(self) -> None:
        self.client.close()

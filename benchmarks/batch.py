"""How many lines a second `piquet-calc batch` answers, against one CLI process per line, and on a Dask cluster.

    python benchmarks/batch.py                                  # the issue's sizes (minutes)
    python benchmarks/batch.py --deals 20 --discards 4 --cli 5  # a quick check that it runs

Two workloads, seeded random:

* ``play`` of ``--deals`` random deals (24 cards, elder's twelve and the dealer's): start-up dominates (a solve
  is about a millisecond). ``batch play`` with one worker, against ``piquet-calc play E D --json`` run
  once per deal (the first ``--cli`` deals: the rate of the loop).
* ``discard --elder --top 3`` of ``--discards`` random hands, exact: the analysis dominates (about a second
  each). ``batch`` with one worker and with two, and on a Dask ``LocalCluster`` of two worker processes of one
  thread each; the loop of one CLI process per hand on the first ``--cli`` hands.

Each rate is the lines over the wall time of the whole process (start-up, kernels' load and all), as a user
waits for it; every batch run's output is checked equal to the one-worker run's, byte for byte. The kernels
should be compiled first (``piquet-calc warm``). One line per measured run, for scripts:

    batch-bench command=C items=N workers=W items_per_s=A cli_items_per_s=B cluster_items_per_s=D

(``-`` where a figure is not measured for that run). Never part of the tests.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from piquet_calc.cards import DECK  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
PROG = [sys.executable, "-m", "piquet_calc"]


def _text(cards: list) -> str:
    return " ".join(str(c) for c in cards)


def play_lines(n: int, rng: random.Random) -> list[list[str]]:
    """Each deal's arguments: elder's twelve and the dealer's."""
    deals = []
    for _ in range(n):
        cards = rng.sample(DECK, 24)
        deals.append([_text(cards[:12]), _text(cards[12:])])
    return deals


def discard_lines(n: int, rng: random.Random) -> list[list[str]]:
    return [[_text(rng.sample(DECK, 12))] for _ in range(n)]


def run_batch(lines: list[list[str]], options: list[str], folder: Path, extra: list[str]) -> tuple[float, bytes]:
    """``batch COMMAND OPTIONS`` over the plain lines: (wall seconds, its output)."""
    source, out = folder / "in.txt", folder / "out.jsonl"
    source.write_text("".join(" | ".join(args) + "\n" for args in lines))
    out.unlink(missing_ok=True)
    with open(source, "rb") as stdin:
        t0 = time.perf_counter()
        subprocess.run([*PROG, "batch", *options, "-q", "--out", str(out), *extra], stdin=stdin, env=ENV,
                       check=True)
        wall = time.perf_counter() - t0
    return wall, out.read_bytes()


def run_cli(lines: list[list[str]], options: list[str]) -> float:
    """One CLI process per line: the wall seconds of the loop."""
    t0 = time.perf_counter()
    for args in lines:
        subprocess.run([*PROG, options[0], *args, *options[1:], "--json", "-q"], env=ENV, check=True,
                       stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def cluster_run(lines: list[list[str]], options: list[str], folder: Path, workers: int) -> tuple[float, bytes]:
    """The same batch on a LocalCluster of ``workers`` processes of one thread (started before the clock)."""
    from distributed import LocalCluster

    os.environ.setdefault("NUMBA_NUM_THREADS", "1")  # the workers' engines: one thread each, as --workers gives
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        return run_batch(lines, options, folder, ["--cluster", cluster.scheduler_address])


def line(command: str, items: int, workers: int, rate: float, cli: float | None, cluster: float | None) -> str:
    def shown(x: float | None) -> str:
        return "-" if x is None else f"{x:.2f}"

    return (f"batch-bench command={command} items={items} workers={workers} items_per_s={rate:.2f} "
            f"cli_items_per_s={shown(cli)} cluster_items_per_s={shown(cluster)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200, help="play: random deals")
    ap.add_argument("--discards", type=int, default=100, help="discard --elder --top 3: random hands")
    ap.add_argument("--cli", type=int, default=None, help="lines timed one CLI process each (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-cluster", action="store_true", help="skip the Dask LocalCluster run")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} "
          "at the start", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        deals = play_lines(args.deals, rng)
        wall, _ = run_batch(deals, ["play"], folder, ["--workers", "1"])
        cli_deals = deals[:args.cli or len(deals)]
        cli = len(cli_deals) / run_cli(cli_deals, ["play"])
        print(line("play", len(deals), 1, len(deals) / wall, cli, None), flush=True)

        hands = discard_lines(args.discards, rng)
        options = ["discard", "--elder", "--top", "3"]
        one, first = run_batch(hands, options, folder, ["--workers", "1"])
        cli_hands = hands[:args.cli or len(hands)]
        cli = len(cli_hands) / run_cli(cli_hands, options)
        print(line("discard", len(hands), 1, len(hands) / one, cli, None), flush=True)
        two, second = run_batch(hands, options, folder, ["--workers", "2"])
        assert second == first, "two workers wrote other bytes than one"
        cluster = None
        if not args.no_cluster:
            wall, third = cluster_run(hands, options, folder, 2)
            assert third == first, "the cluster wrote other bytes than one worker"
            cluster = len(hands) / wall
        print(line("discard", len(hands), 2, len(hands) / two, None, cluster), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end", file=sys.stderr)


if __name__ == "__main__":
    main()

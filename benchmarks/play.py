"""Time the play solver on seeded random deals, per preset: one whole 12-trick solve at a time.

    python benchmarks/play.py                  # 1,000 deals per preset, nothing declared
    python benchmarks/play.py --deals 200      # quicker
    python benchmarks/play.py --pique          # pique live: elder at 20 to 29 before the play, the dealer at 0
    python benchmarks/play.py --rules rubicon  # one preset
    python benchmarks/play.py --against OLD_DIR --deals 300   # an earlier version, alternating with this one

Each deal: 24 of the 32 cards, 12 to elder and 12 to the dealer, elder to lead. A solve is
``kernels.play.solve_deal`` (the exact value and one optimal line, as the sampler calls it), on a
transposition table of its own thread. One thread: the mean, median, 99th percentile and maximum time
per solve (after one untimed solve that compiles or loads the kernels; each deal's time is the least of
``--rounds`` solves, 3 by default, since the machine may be shared). Two threads: the same deals
split between two worker threads (the kernel releases the GIL), solves per second of wall time.
The last lines, one per preset, are
``play-bench rules=<preset> deals=<n> mean_us=<...> median_us=<...> p99_us=<...> max_us=<...>``
(``play-bench-pique`` with ``--pique``). Never part of the tests.

``--against OLD_DIR``: OLD_DIR holds an earlier package renamed ``piquet_calc_old`` (as for ab.py:
``git archive REV piquet_calc | tar -x -C OLD_DIR && mv OLD_DIR/piquet_calc OLD_DIR/piquet_calc_old``).
Each deal is solved by the old and the new solver in turn, ``--rounds`` times each, so that a busy
phase of a shared machine slows both alike; each deal's time is the least of its rounds. Both must
give the same values (checked). One thread only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time

from piquet_calc.engine.play import play_params
from piquet_calc.kernels import play as kp
from piquet_calc.rules import TWO_HANDED_PRESETS as PRESETS

SEED = 20261201


def deals(n: int, seed: int, pique: bool) -> list[tuple[int, int, int]]:
    """(elder mask, dealer mask, elder's declarations) for n seeded deals."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = rng.sample(range(32), 24)
        elder = sum(1 << c for c in cards[:12])
        dealer = sum(1 << c for c in cards[12:])
        out.append((elder, dealer, rng.randint(20, 29) if pique else 0))
    return out


def one_thread(sample: list[tuple[int, int, int]], params, pique: bool, rounds: int) -> list[float]:
    """Each deal's time: the least of ``rounds`` solves (each on a fresh stamp of the table), so that
    another process taking the core for a moment does not count as the solver's time."""
    tt = kp.new_transposition()
    kp.solve_deal(sample[0][0], sample[0][1], params, sample[0][2], 0, pique, tt)  # compile or load
    tt[-1, 1] = 0  # the kernel counts the positions it searches here
    best = [float("inf")] * len(sample)
    for _ in range(rounds):
        for i, (elder, dealer, before) in enumerate(sample):
            t = time.perf_counter()
            kp.solve_deal(elder, dealer, params, before, 0, pique, tt)
            best[i] = min(best[i], time.perf_counter() - t)
    global positions
    positions = int(tt[-1, 1]) / (rounds * len(sample))
    return best


positions = 0.0  # positions searched per solve in the last one_thread run


def two_threads(sample: list[tuple[int, int, int]], params, pique: bool) -> float:
    halves = [sample[0::2], sample[1::2]]

    def work(part: list[tuple[int, int, int]]) -> None:
        tt = kp.new_transposition()
        for elder, dealer, before in part:
            kp.solve_deal(elder, dealer, params, before, 0, pique, tt)

    threads = [threading.Thread(target=work, args=(h,)) for h in halves]
    t = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return len(sample) / (time.perf_counter() - t)


def against(old_dir: str, names: list[str], n: int, seed: int, pique: bool, rounds: int) -> None:
    """Old and new solvers alternating deal by deal (the module docstring)."""
    import importlib
    import sys

    sys.path.insert(0, old_dir)
    old_kp = importlib.import_module("piquet_calc_old.kernels.play")
    old_ep = importlib.import_module("piquet_calc_old.engine.play")
    old_rules = importlib.import_module("piquet_calc_old.rules")
    for name in names:
        sample = deals(n, seed, pique)
        sides = [(old_kp, old_ep.play_params(old_rules.TWO_HANDED_PRESETS[name])), (kp, play_params(PRESETS[name]))]
        tables = [getattr(m, "new_transposition", None) or m.new_table for m, _ in sides]  # renamed since
        tables = [make() for make in tables]
        for (m, params), tt in zip(sides, tables, strict=True):
            m.solve_deal(sample[0][0], sample[0][1], params, sample[0][2], 0, pique, tt)  # compile or load
        best = [[float("inf")] * n for _ in sides]
        same = True
        for i, (elder, dealer, before) in enumerate(sample):
            values = []
            for _ in range(rounds):
                for k, ((m, params), tt) in enumerate(zip(sides, tables, strict=True)):
                    t = time.perf_counter()
                    v = m.solve_deal(elder, dealer, params, before, 0, pique, tt)[0]
                    best[k][i] = min(best[k][i], time.perf_counter() - t)
                    values.append(v)
            same = same and len(set(values)) == 1
        for label, times in zip(("old", "new"), best, strict=True):
            ts = sorted(t * 1e6 for t in times)
            print(f"{name} {label}: mean {statistics.fmean(ts):.0f} us, median {statistics.median(ts):.0f} us, "
                  f"p99 {ts[min(n - 1, int(0.99 * n))]:.0f} us, max {ts[-1]:.0f} us")
        print(f"{name}: new/old mean {sum(best[1]) / sum(best[0]):.3f}; same values: {same}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--rules", default="all", help="a preset, or all")
    ap.add_argument("--pique", action="store_true", help="elder at 20 to 29 before the play, the dealer at 0")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--rounds", type=int, default=3, help="solves of each deal; its time is the least")
    ap.add_argument("--against", metavar="OLD_DIR", help="alternate with an earlier version (see above)")
    args = ap.parse_args()
    names = list(PRESETS) if args.rules == "all" else [args.rules]
    if args.against:
        against(args.against, names, args.deals, args.seed, args.pique, args.rounds)
        return
    lines = []
    for name in names:
        params = play_params(PRESETS[name])
        sample = deals(args.deals, args.seed, args.pique)
        times = sorted(t * 1e6 for t in one_thread(sample, params, args.pique, args.rounds))
        rate = two_threads(sample, params, args.pique)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        mean, median = statistics.fmean(times), statistics.median(times)
        print(f"{name}: one thread mean {mean:.0f} us, median {median:.0f} us, p99 {p99:.0f} us, "
              f"max {times[-1]:.0f} us; {positions:.0f} positions per solve; two threads {rate:.0f} solves/s",
              flush=True)
        prefix = "play-bench-pique" if args.pique else "play-bench"
        lines.append(f"{prefix} rules={name} deals={args.deals} mean_us={mean:.0f} median_us={median:.0f} "
                     f"p99_us={p99:.0f} max_us={times[-1]:.0f}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()

"""The whole deal's ranking (`discard --play`), an earlier version against this one, alternating in one process.

    python benchmarks/ab_deal.py OLD_DIR [--rounds 5] [--rules rubicon] [--hand N] [--samples 1000] [--winner]

OLD_DIR holds an earlier package renamed ``piquet_calc_old`` (as for ab.py: ``git archive REV piquet_calc | tar -x
-C OLD_DIR && mv OLD_DIR/piquet_calc OLD_DIR/piquet_calc_old``). The hand is bench.CASES[N] (0-2 elder's 1,585
discards, 3 the dealer's), ranked by ``analyse_deal`` with the defaults (both threads) by the old and the new
version in turn, which runs first alternating, so that a busy phase of a shared machine slows both alike; the
minimum and the median of the rounds are reported, with the round-by-round median ratio. ``--winner``: the new
version's ``deal_winner`` (the engine's: #1 alone, no report) timed in the same rounds. Both versions must give the
same ranking and figures (checked: every discard's net and difference to #1, to the last bit). Prints one line
read by scripts:

    ab-deal-bench rules=R hand=N old_min_s=A new_min_s=B ratio=C [winner_min_s=D] same=True

Never part of the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

from bench import CASES  # type: ignore[import-not-found]


def _run(pkg: Any, hand: str, position: str, took: int, rules: str, samples: int) -> Any:
    from importlib import import_module

    deal = import_module(pkg.__name__ + ".analysis.deal")
    get_rules = import_module(pkg.__name__ + ".rules").get_rules
    return deal.analyse_deal(pkg.parse_hand(hand), position, get_rules(rules), elder_took=took, samples=samples)


def _figures(a: Any) -> list[tuple]:
    return [(tuple(map(str, d.discard)), d.net.mean, d.net.se, d.vs_best.mean, d.vs_best.se) for d in a.discards]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old_dir")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--rules", default="rubicon")
    ap.add_argument("--hand", type=int, default=0, help="index into bench.CASES")
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--winner", action="store_true", help="also time the new deal_winner")
    args = ap.parse_args()
    sys.path.insert(0, args.old_dir)
    import piquet_calc_old as old

    import piquet_calc as new
    from piquet_calc.analysis.deal import deal_winner
    from piquet_calc.rules import get_rules

    hand, position, took = CASES[args.hand]
    runs = {"old": lambda: _run(old, hand, position, took, args.rules, args.samples),
            "new": lambda: _run(new, hand, position, took, args.rules, args.samples)}
    if args.winner:
        runs["winner"] = lambda: deal_winner(new.parse_hand(hand), position, get_rules(args.rules), elder_took=took,
                                             samples=args.samples)
    results = {name: f() for name, f in runs.items()}  # warm: the kernels loaded
    same = _figures(results["old"]) == _figures(results["new"])
    if args.winner:
        same = same and results["winner"] == results["new"].discards[0].discard
    times: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}  # the process's CPU time, all threads
    names = list(runs)
    for r in range(args.rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            t, c = time.perf_counter(), time.process_time()
            runs[name]()
            times[name].append(time.perf_counter() - t)
            cpu[name].append(time.process_time() - c)
    for name, ts in times.items():
        print(f"{name}: wall min {min(ts):.3f} s, median {statistics.median(ts):.3f} s; "
              f"CPU min {min(cpu[name]):.3f} s, median {statistics.median(cpu[name]):.3f} s; {len(ts)} rounds")
    paired = statistics.median(n / o for n, o in zip(times["new"], times["old"], strict=True))
    ratio = min(times["new"]) / min(times["old"])
    paired_cpu = statistics.median(n / o for n, o in zip(cpu["new"], cpu["old"], strict=True))
    print(f"new/old at the minimum: wall {ratio:.3f}, CPU {min(cpu['new']) / min(cpu['old']):.3f}; round by round, "
          f"the median: wall {paired:.3f}, CPU {paired_cpu:.3f}")
    winner = f" winner_min_s={min(times['winner']):.3f}" if args.winner else ""
    print(f"ab-deal-bench rules={args.rules} hand={args.hand} old_min_s={min(times['old']):.3f} "
          f"new_min_s={min(times['new']):.3f} ratio={ratio:.3f}{winner} same={same}")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()

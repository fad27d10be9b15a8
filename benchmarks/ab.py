"""Compare two versions of the exact analysis in one process, alternating them, minimum of many rounds.

    python benchmarks/ab.py OLD_DIR [--rounds 8] [--rules encyclopedia] [--hand N]

OLD_DIR holds a copy of an earlier package renamed ``piquet_calc_old`` (for example
``git archive REV piquet_calc | tar -x -C OLD_DIR && mv OLD_DIR/piquet_calc OLD_DIR/piquet_calc_old``);
the working tree's ``piquet_calc`` is the new one. Both analyse the same hand in turn, each round, so
a noisy phase of a shared machine slows both alike; the minimum of the rounds is reported, with the
median beside it. Both must give the same counts (checked). Never part of the tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from bench import CASES  # type: ignore[import-not-found]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old_dir")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--rules", default="encyclopedia")
    ap.add_argument("--hand", type=int, default=1, help="index into bench.CASES")
    args = ap.parse_args()
    sys.path.insert(0, args.old_dir)
    import piquet_calc_old as old

    import piquet_calc as new

    hand, position, took = CASES[args.hand]
    times: dict[str, list[float]] = {"old": [], "new": []}
    cpu: dict[str, list[float]] = {"old": [], "new": []}  # process CPU time: less disturbed by other load
    results = {}
    for pkg, name in ((old, "old"), (new, "new")):  # warm up: compile or load the cache
        results[name] = pkg.analyse_discards(pkg.parse_hand(hand), position, pkg.get_rules(args.rules),
                                             elder_took=took)
    same = [d.counts for d in results["old"].discards] == [d.counts for d in results["new"].discards]
    for r in range(args.rounds):
        # which runs first alternates: run second, a version was measured about 5-10 % slower here (a run
        # right after the other's threads finish), enough to fake a difference of that size
        for pkg, name in ((old, "old"), (new, "new")) if r % 2 == 0 else ((new, "new"), (old, "old")):
            t, c = time.perf_counter(), time.process_time()
            pkg.analyse_discards(pkg.parse_hand(hand), position, pkg.get_rules(args.rules), elder_took=took)
            times[name].append(time.perf_counter() - t)
            cpu[name].append(time.process_time() - c)
    for name, ts in times.items():
        print(f"{name}: wall min {min(ts):.3f} s, median {statistics.median(ts):.3f} s; "
              f"CPU min {min(cpu[name]):.3f} s, median {statistics.median(cpu[name]):.3f} s; {len(ts)} rounds")
    paired = statistics.median(n / o for n, o in zip(times["new"], times["old"], strict=True))
    paired_cpu = statistics.median(n / o for n, o in zip(cpu["new"], cpu["old"], strict=True))
    print(f"new/old at the minimum: wall {min(times['new']) / min(times['old']):.3f}, "
          f"CPU {min(cpu['new']) / min(cpu['old']):.3f}; round by round, the median: wall {paired:.3f}, "
          f"CPU {paired_cpu:.3f}; same counts: {same}")


if __name__ == "__main__":
    main()

"""Time the exact analyses for three and four: Normand's exchange (three hands), declare, four's declare.

    python benchmarks/bench_seating.py            # 3 warm runs each (minimum and median), in fresh processes
    python benchmarks/bench_seating.py --runs 1
    python benchmarks/bench_seating.py --four-runs 0   # without four's declare (minutes on a busy machine)

Each case runs in a fresh process (so peak memory, max RSS, is that case's alone) with the numba cache
warmed first; the timed runs follow one untimed call in the same process. Never part of the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

EXCHANGE = [
    "AS KS QS JS 9S AH KH 8D 7D AC",  # the example
    "AH KH QH JH TH AS AD KD 9C 8C",
    "TS 9S 8S 7S TH 9H 8H TD 9D 7C",  # carte blanche
]
DECLARE = [("AS KS QS JS 9S AH KH 8D 7D AC", "middle", ""), ("AS KS QS JS TS 9S AH KH QH AC", "dealer", "8D 7D")]
FOUR_HAND = "AS KS QS AH KH AD KD 7C"  # the example

CHILD = r"""
import json, resource, statistics, sys, time
from piquet_calc.cards import parse_cards
from piquet_calc.rules import NORMAND
from piquet_calc.analysis.declarations_normand import analyse_declaration_normand, analyse_exchange_normand
kind, hand, seat, discards, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
def once():
    if kind == "four":
        from piquet_calc.analysis.declarations_four import analyse_declaration_four
        from piquet_calc.rules import FOUR
        return analyse_declaration_four(parse_cards(hand), seat, FOUR).deals
    if kind == "exchange":
        a = analyse_exchange_normand(parse_cards(hand), NORMAND)
        return sum(o.deals for o in a.options)
    d = analyse_declaration_normand(parse_cards(hand), seat, NORMAND, parse_cards(discards))
    return d.result.deals
if kind == "four":  # warm: compile (or load) the kernels on one piece, not a whole run
    import numpy as np
    from piquet_calc.engine.declarations_four import arrays_four
    from piquet_calc.kernels import declarations_four as kf
    from piquet_calc.kernels.layout import COUNT_COLUMNS_FOUR
    from piquet_calc.rules import FOUR
    t = arrays_four(FOUR)
    mine = sum(1 << c.index for c in parse_cards(hand))
    u = np.array([i for i in range(32) if not mine >> i & 1], dtype=np.int64)
    kf.count_chunk_fast(0, mine, 0, u, 16, 17, 1, t.suit, t.rank, t.sets, t.cash, t.over, t.params,
                        np.zeros(COUNT_COLUMNS_FOUR, dtype=np.int64), kf.fast_work())
else:
    deals = once()
times = []
for _ in range(runs):
    t = time.perf_counter()
    deals = once()
    times.append(time.perf_counter() - t)
print(json.dumps({"deals": deals, "all": times, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child(args: list[str], env: dict[str, str]) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--four-runs", type=int, default=1, help="timed runs of four's declare (0: none)")
    parser.add_argument("--only-four", action="store_true", help="four's declare alone (no Normand, no cold run)")
    args = parser.parse_args()
    env = {**os.environ, "NUMBA_CACHE_DIR": tempfile.mkdtemp(prefix="piquet-bench-cache-")}
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    if not args.only_four:
        t = time.perf_counter()
        child(["exchange", EXCHANGE[0], "dealer", "", "0"], env)
        print(f"cold (compile into an empty cache, then one exchange analysis): {time.perf_counter() - t:.1f} s")
    print()
    print("| analysis | hand | deals | min s | median s | peak MB |")
    print("|---|---|---:|---:|---:|---:|")
    cases = [] if args.only_four else ([("exchange", h, "dealer", "") for h in EXCHANGE]
                                       + [("declare", h, s, d) for h, s, d in DECLARE])
    if args.four_runs or args.only_four:
        cases += [("four", FOUR_HAND, "elder", "")]
    for kind, hand, seat, discards in cases:
        r = child([kind, hand, seat, discards, str(args.four_runs if kind == "four" else args.runs)], env)
        what = ("dealer's exchange" if kind == "exchange" else "four: declare elder" if kind == "four"
                else f"declare {seat}" + (f", out {discards}" if discards else ""))
        print(f"| {what} | {hand} | {r['deals']:,} | {min(r['all']):.2f} | {statistics.median(r['all']):.2f} "
              f"| {r['rss_mb']:.0f} |")


if __name__ == "__main__":
    main()

"""Time the exact analysis: three elder hands and one younger hand, cold and warm.

    python benchmarks/bench.py            # 5 warm runs each, plus cold compile and end-to-end CLI
    python benchmarks/bench.py --runs 1   # quicker
    python benchmarks/bench.py --rules all --runs 3   # every preset (speed targets hold for each)

Every measurement runs in a fresh process so peak memory (max RSS) belongs to that run alone.
"cold" compiles the kernels into an empty numba cache; "warm" reuses the cache and times the
analysis (median of --runs) after one untimed call in the same process; "cli" is the whole
`piquet-calc discard ... --elder` command in a fresh process with a warm cache. Never part of tests.
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

CASES = [
    ("AS AH KH QH TH 8H 7H AD TD 9D 9C 8C", "elder", 5),
    ("KH QH JH TH 9H AC KC QC AD QD 9D QS", "elder", 5),
    ("QS JS TS 9S 8S JH 9H KD QD AC JC TC", "elder", 5),
    ("QS JS TS 9S 8S JH 9H KD QD AC JC TC", "younger", 5),
]

CHILD = r"""
import json, resource, statistics, sys, time
from piquet_calc import analyse_discards, parse_hand
from piquet_calc.rules import get_rules
hand, position, took, runs, cold = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "1"
rules = get_rules(sys.argv[6])
times = []
from piquet_calc.engine import enumeration
for i in range(runs + (0 if cold else 1)):
    enumeration._holdings_cache.clear()  # each timed run describes the opponent's holdings afresh
    t = time.perf_counter()
    a = analyse_discards(parse_hand(hand), position, rules, elder_took=took)
    times.append(time.perf_counter() - t)
times = times if cold else times[1:]
deals = sum(d.deals for d in a.discards)
print(json.dumps({"deals": deals, "discards": len(a.discards), "seconds": statistics.median(times),
                  "all": times, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child(hand: str, position: str, took: int, runs: int, cold: bool, env: dict[str, str], rules: str) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, hand, position, str(took), str(runs), "1" if cold else "0",
                          rules], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout)


def wall(cmd: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, capture_output=True, env=env, check=True)
    return time.perf_counter() - t


def cpu_model() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rules", default="rubicon", help="a two-handed preset, or 'all' for each in turn "
                        "(three players: benchmarks/bench_seating.py)")
    args = parser.parse_args()
    from piquet_calc.rules import TWO_HANDED_PRESETS as PRESETS

    presets = list(PRESETS) if args.rules == "all" else [args.rules]
    cache = tempfile.mkdtemp(prefix="piquet-bench-cache-")
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    print(f"{time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {cpu_model()}, Python {platform.python_version()}")
    rows = []
    first = True
    for rules in presets:
        for hand, position, took in CASES:
            if first:  # compiling into the empty cache
                r = child(hand, position, took, 1, True, env, rules)
                rows.append((rules, hand, position + " (cold: compile + run)", r))
                first = False
            r = child(hand, position, took, args.runs, False, env, rules)
            rows.append((rules, hand, position + f" (warm, median of {args.runs})", r))
    print()
    print("| rules | hand | position | deals | wall s | min-max s | deals/s | peak MB |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for rules, hand, what, r in rows:
        print(f"| {rules} | {hand} | {what} | {r['deals']:,} | {r['seconds']:.2f} "
              f"| {min(r['all']):.2f}-{max(r['all']):.2f} | {r['deals'] / r['seconds'] / 1e9:.2f} G "
              f"| {r['rss_mb']:.0f} |")
    exe = [sys.executable, "-m", "piquet_calc"]
    e2e = statistics.median(wall(exe + ["discard", CASES[0][0], "--elder", "-q"], env) for _ in range(3))
    helps = statistics.median(wall(exe + ["--help"], env) for _ in range(5))
    print()
    print(f"end to end `piquet-calc discard \"{CASES[0][0]}\" --elder` (fresh process, warm cache): {e2e:.2f} s")
    print(f"`piquet-calc --help`: {helps:.2f} s")


if __name__ == "__main__":
    main()

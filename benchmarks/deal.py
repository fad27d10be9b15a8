"""Time the whole-deal analysis (`discard --play`): the three elder hands of bench.py and its younger hand.

    python benchmarks/deal.py                  # default samples, both threads
    python benchmarks/deal.py --samples 400    # quicker
    python benchmarks/deal.py --trust [ARGS]   # the figures' honesty instead: benchmarks/deal_trust.py ARGS

Each case runs in a fresh process (peak memory, max RSS, belongs to that run alone) after one untimed
call on a one-card house rule that compiles or loads the kernels. Prints the wall time, the rows
(deal, discard) judged, the race's rounds, the final standard errors of #1's net and of #1 - #2, and
one line per case in the form `deal-bench ...` for scripts. The exchange policy's own choice for the
hand is put in the final round (as `--also` would), and its loss against the best is shown: the
policy's quality in whole-deal net. Never part of the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from bench import CASES, cpu_model  # noqa: E402

CHILD = r"""
import json, resource, sys, time
from piquet_calc import parse_hand
from piquet_calc.analysis.deal import analyse_deal
from piquet_calc.rules import get_rules
hand, position, took, samples, rules = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rules = get_rules(rules)
analyse_deal(parse_hand(hand), "elder", rules.with_exchange(elder=(1,)), samples=4, top=2)  # warm the kernels
from piquet_calc.cards import mask_of, cards_of
from piquet_calc.game.exchange import choose_exchange
seat = "elder" if position == "elder" else "dealer"
policy = cards_of(choose_exchange(mask_of(parse_hand(hand)), seat, rules, elder_took=took).discard)
rows = [0]
t = time.perf_counter()
a = analyse_deal(parse_hand(hand), position, rules, elder_took=took, samples=samples, also=[policy],
                 progress=lambda done, total: rows.__setitem__(0, done))
wall = time.perf_counter() - t
first, second = a.discards[0], a.discards[1]
print(json.dumps({"wall": wall, "rows": rows[0], "race": [[r.running, r.deals] for r in a.race],
                  "best": " ".join(map(str, first.discard)), "net": first.net.mean, "net_se": first.net.se,
                  "second": " ".join(map(str, second.discard)), "diff": -second.vs_best.mean,
                  "diff_se": second.vs_best.se, "samples": a.samples, "policy": " ".join(map(str, policy)),
                  "policy_loss": [-d.vs_best.mean for d in a.discards if set(d.discard) == set(policy)][0],
                  "policy_se": [d.vs_best.se for d in a.discards if set(d.discard) == set(policy)][0],
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main() -> None:
    if sys.argv[1:2] == ["--trust"]:  # the race's lost best and regret, the winner's bias, the control variate
        import deal_trust

        sys.argv = [sys.argv[0], *sys.argv[2:]]
        deal_trust.main()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=None, help="fresh deals per discard (default: the tool's)")
    parser.add_argument("--rules", default="rubicon")
    args = parser.parse_args()
    from piquet_calc.analysis.deal import DEFAULT_SAMPLES

    samples = args.samples or DEFAULT_SAMPLES
    print(f"{time.strftime('%Y-%m-%d %H:%M')} UTC, {os.cpu_count()} cores, {cpu_model()}; rules {args.rules}, "
          f"{samples} samples")
    print()
    print("| hand | position | wall s | rows judged | race (discards on deals) | #1 | net ± s.e. | #1 - #2 ± s.e. "
          "| policy's discard: loss ± s.e. | peak MB |")
    print("|---|---|---:|---:|---|---|---:|---:|---|---:|")
    lines = []
    for hand, position, took in CASES:
        out = subprocess.run([sys.executable, "-c", CHILD, hand, position, str(took), str(samples), args.rules],
                             capture_output=True, text=True, check=True)
        r = json.loads(out.stdout)
        race = ", ".join(f"{n} on {d}" for n, d in r["race"])
        print(f"| {hand} | {position} | {r['wall']:.1f} | {r['rows']:,} | {race} | {r['best']} "
              f"| {r['net']:+.2f} ± {r['net_se']:.2f} | {r['diff']:+.2f} ± {r['diff_se']:.2f} "
              f"| {r['policy']}: {r['policy_loss']:.2f} ± {r['policy_se']:.2f} | {r['rss_mb']:.0f} |")
        lines.append(f"deal-bench rules={args.rules} position={position} samples={samples} wall_s={r['wall']:.1f} "
                     f"rows={r['rows']} net_se={r['net_se']:.2f} diff_se={r['diff_se']:.2f} rss_mb={r['rss_mb']:.0f}")
        sys.stdout.flush()
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()

"""Can the whole deal's figures be trusted? The race's choice, the winner's bias and the control variate.

    python benchmarks/deal_trust.py                       # this checkout: 100 hands without the play, 20 with
    python benchmarks/deal_trust.py --against OLD_DIR     # the same hands with another checkout too
    python benchmarks/deal_trust.py --hands 20 --play-hands 4 --samples 400   # quicker

Seeded random hands, elder and younger alternately (younger: elder took 5, no carte blanche shown),
rubicon, the default top 10. For each hand:

* **lost best, regret**: the race's run against a run with every discard in the final round (top 0) on
  the same seed. Both order their finalists on the same deals, so the race lost the best when the top-0
  run's #1 is not among its finalists; the regret is how much worse the race's #1 is than top-0's #1 on
  the report's deals (0 when both chose the same discard).
* **winner's bias**: #1's reported net minus #1 re-judged on a stream no run uses (plain mean, ``JUDGE``
  deals), in points and in #1's printed standard errors; averaged over hands it should be near 0.
* **odds**: the footer's chance that #1 is better than #2, against how often #1 beats #2 when both are
  re-judged (calibration: the two means should agree).
* **control variate**: #1's standard error with it against without it (net_plain), on the report's deals.

Declarations only (``--samples``, default 1000 deals) for ``--hands`` hands, and with the play solved
(``--play-samples``, default 200) for ``--play-hands`` younger hands (299 discards: a top-0 run with the
play on an elder hand's 1,585 discards would take hours). Each checkout runs in its own process.
Prints a table and one line per checkout and mode for scripts:
``deal-trust version=V play=P hands=N lost_best=L mean_regret=R max_regret=M bias_points=B bias_se=Z
se_ratio=S odds_p=P odds_won=W``. Never part of the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

CHILD = r"""
import json, math, sys
from concurrent.futures import ThreadPoolExecutor
import numpy as np
from piquet_calc.analysis.deal import analyse_deal
from piquet_calc.cards import DECK, mask_of
from piquet_calc.engine.deal import DealSampler
from piquet_calc.rules import RUBICON

hands, samples, play, judge = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1", int(sys.argv[4])
JUDGE_STREAM = 7  # used by no run
rng = np.random.default_rng(20261201 + 1000 * play)
pool = ThreadPoolExecutor(2)

def net(cols, elder):
    e = cols[..., 0] + (cols[..., 5] if play else RUBICON.pique_bonus * cols[..., 4])
    d = cols[..., 1] + (cols[..., 6] if play else 0)
    return (e - d if elder else d - e).astype(float)

for h in range(hands):
    idx = sorted(rng.choice(32, 12, replace=False).tolist())
    hand = tuple(DECK[i] for i in idx)
    position = "younger" if (play or h % 2) else "elder"
    seed = 1000 + h
    a = analyse_deal(hand, position, samples=samples, seed=seed, play=play)
    full = analyse_deal(hand, position, samples=samples, seed=seed, play=play, top=0)
    finalists = [frozenset(d.discard) for d in a.discards]
    best = frozenset(full.discards[0].discard)
    report = {frozenset(d.discard): d.net.mean for d in full.discards}
    chosen = frozenset(a.discards[0].discard)
    sampler = DealSampler(hand, position, RUBICON, seed, 5, False, "policy", 2)
    masks = [(mask_of(a.discards[k].discard), len(a.discards[k].discard)) for k in (0, 1)]
    cols = sampler.evaluate(JUDGE_STREAM, 0, judge, masks, pool, None, play)
    j1, j2 = net(cols[0], position == "elder"), net(cols[1], position == "elder")
    s = None
    try:
        from piquet_calc.report.deal import sureness
        s = sureness(a)
    except Exception:
        pass
    p = s["probability"] if s else None
    first = a.discards[0]
    plain_se = first.net_plain.se if hasattr(first, "net_plain") else first.net.se
    print(json.dumps({"hand": " ".join(map(str, hand)), "position": position, "lost": best not in finalists,
                      "regret": report[best] - report[chosen], "reported": first.net.mean, "se": first.net.se,
                      "plain_se": plain_se, "judged": float(j1.mean()),
                      "judged_se": float(j1.std(ddof=1) / math.sqrt(judge)),
                      "p": p, "won": bool(j1.mean() > j2.mean())}), flush=True)
"""


def run(checkout: str, hands: int, samples: int, play: bool, judge: int) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=checkout)
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(hands), str(samples), "1" if play else "0", str(judge)],
        capture_output=True,
        text=True,
        env=env,
        cwd=checkout,
    )
    if out.returncode:
        sys.exit(f"{checkout}: {out.stderr.strip().splitlines()[-1]}")
    return [json.loads(line) for line in out.stdout.splitlines()]


def summary(rows: list[dict]) -> dict[str, float]:
    n = len(rows)
    bias = [r["reported"] - r["judged"] for r in rows]
    ps = [r["p"] for r in rows if r["p"] is not None]
    won = [r["won"] for r in rows if r["p"] is not None]
    return {
        "hands": n,
        "lost_best": sum(r["lost"] for r in rows) / n,
        "mean_regret": sum(r["regret"] for r in rows) / n,
        "max_regret": max(r["regret"] for r in rows),
        "bias_points": sum(bias) / n,
        "bias_se": sum(b / r["se"] for b, r in zip(bias, rows, strict=True)) / n,
        "bias_points_se": (sum((b - sum(bias) / n) ** 2 for b in bias) / (n - 1) / n) ** 0.5 if n > 1 else 0.0,
        "se_ratio": sum(r["se"] / r["plain_se"] for r in rows) / n,
        "odds_p": sum(ps) / len(ps) if ps else float("nan"),
        "odds_won": sum(won) / len(won) if won else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--play-hands", type=int, default=20)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--play-samples", type=int, default=200)
    parser.add_argument("--judge", type=int, default=4000, help="deals of the re-judging stream")
    parser.add_argument("--against", metavar="OLD_DIR", help="another checkout, run on the same hands")
    args = parser.parse_args()
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    versions = [("this", here)] + ([("against", os.path.abspath(args.against))] if args.against else [])
    print(f"{time.strftime('%Y-%m-%d %H:%M')} UTC, load average {os.getloadavg()[0]:.1f}; rubicon, top 10")
    print()
    print(
        "| version | play | hands | samples | lost best | mean regret | max regret | #1's bias (points ± s.e.) "
        "| bias / printed s.e. | s.e. with / without control | footer's p | #1 beat #2 re-judged |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    lines = []
    for play, hands, samples in ((False, args.hands, args.samples), (True, args.play_hands, args.play_samples)):
        if hands == 0:
            continue
        for name, checkout in versions:
            s = summary(run(checkout, hands, samples, play, args.judge))
            print(
                f"| {name} | {'yes' if play else 'no'} | {hands} | {samples} | {100 * s['lost_best']:.1f}% "
                f"| {s['mean_regret']:.2f} | {s['max_regret']:.2f} "
                f"| {s['bias_points']:+.2f} ± {s['bias_points_se']:.2f} "
                f"| {s['bias_se']:+.2f} | {s['se_ratio']:.2f} | {s['odds_p']:.2f} | {s['odds_won']:.2f} |",
                flush=True,
            )
            lines.append(
                f"deal-trust version={name} play={int(play)} hands={hands} lost_best={s['lost_best']:.3f} "
                f"mean_regret={s['mean_regret']:.3f} max_regret={s['max_regret']:.2f} "
                f"bias_points={s['bias_points']:.3f} bias_se={s['bias_se']:.3f} se_ratio={s['se_ratio']:.3f} "
                f"odds_p={s['odds_p']:.3f} odds_won={s['odds_won']:.3f}"
            )
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()

"""The play of three and four players, warm: whole random deals solved with every first card valued.

    python benchmarks/multi_play.py --rules four --deals 200

prints one machine-readable line (read by scripts):

    multi-play-bench rules=four deals=N mean_ms=A max_ms=B

Each deal: the kernels' solver (kernels/play4/) values every legal first lead of elder (engine.play_four's
``choices``, equal cards of a run valued once) on a fresh stamp of one table; one untimed deal first compiles
or loads the kernels. Deals are random (seeded), pique live in half of them.
"""

from __future__ import annotations

import argparse
import random
import time

from piquet_calc.cards import DECK
from piquet_calc.rules import get_rules


def four(deals: int, seed: int) -> list[float]:
    from piquet_calc.engine.play_four import FourSolver, choices
    from piquet_calc.game.play_four import start_four

    rules = get_rules("four")
    solver = FourSolver(rules)
    rng = random.Random(seed)
    times = []
    for i in range(deals + 1):
        cards = rng.sample(DECK, 32)
        live = rng.random() < 0.5
        s = start_four([cards[k * 8:(k + 1) * 8] for k in range(4)], rules,
                       (rng.randint(0, 15), 0) if live else (rng.randint(0, 20), rng.randint(1, 20)), live)
        t = time.perf_counter()
        solver.kp.begin(solver.tt)
        choices(s, solver)
        if i:  # the first deal compiles or loads the kernels
            times.append(time.perf_counter() - t)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="four", choices=["four"])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    times = four(args.deals, args.seed)
    mean = 1000 * sum(times) / len(times)
    print(f"multi-play-bench rules={args.rules} deals={len(times)} mean_ms={mean:.1f} max_ms={1000 * max(times):.1f}")


if __name__ == "__main__":
    main()

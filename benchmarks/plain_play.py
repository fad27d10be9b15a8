"""How long the plain-Python play solver (game/solve.py) takes on whole deals: the road of a first `play`.

    python benchmarks/plain_play.py                 # 20 seeded random deals, rubicon
    python benchmarks/plain_play.py --deals 40 --rules au-cent --seed 2

Each deal: 24 cards drawn at random (seeded), elder's twelve and the dealer's, the declarations scored as
`play` scores them; then, timed with ``time.perf_counter`` in this process, a fresh solver's value of the
deal, its line, and (the module's caches emptied again) the whole analysis `play` prints
(``analyse_play(..., kernel=False)``: the value, the line and every card as good as the one played, each
trick). Never part of the tests.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

from seeded import seeded_arguments  # type: ignore[import-not-found]

from piquet_calc.analysis.play import analyse_play, before_play
from piquet_calc.cards import DECK
from piquet_calc.game import solve
from piquet_calc.game.declarations import score_deal
from piquet_calc.game.play import start
from piquet_calc.game.solve import PlainSolver
from piquet_calc.rules import get_rules


def clear() -> None:
    """Empty the move lists' and keys' caches (module-wide): each deal timed as in a fresh process."""
    for cached in (solve.leads, solve.replies, solve._suit_key):
        cached.cache_clear()


def main() -> None:
    args = seeded_arguments(__doc__, "deals", 20, 1)
    rules = get_rules(args.rules)
    rng = random.Random(args.seed)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, rules {rules.name}, seed {args.seed}; "
          f"load average {os.getloadavg()[0]:.2f} at the start")
    print("| deal | value | table entries | value s | value + line s | whole analysis s |\n"
          "|---:|---:|---:|---:|---:|---:|")
    times: dict[str, list[float]] = {"value": [], "line": [], "analysis": []}
    for n in range(1, args.deals + 1):
        cards = rng.sample(DECK, 24)
        elder, dealer = cards[:12], cards[12:]
        e0, d0, live = before_play(score_deal(elder, dealer, rules))
        state = start(elder, dealer, rules, e0, d0, live)
        clear()
        t0 = time.perf_counter()
        solver = PlainSolver(rules)
        value = solver.value(state)
        t1 = time.perf_counter()
        solver.line(state)
        clear()
        t2 = time.perf_counter()
        analyse_play(elder, dealer, rules, kernel=False)
        t3 = time.perf_counter()
        times["value"].append(t1 - t0)
        times["line"].append(t2 - t0)
        times["analysis"].append(t3 - t2)
        print(f"| {n} | {value} | {len(solver.memo)} | {t1 - t0:.3f} | {t2 - t0:.3f} | {t3 - t2:.3f} |", flush=True)
    for name, ts in times.items():
        print(f"plain-play {name}: median {statistics.median(ts):.3f} s, max {max(ts):.3f} s, "
              f"mean {statistics.fmean(ts):.3f} s over {len(ts)} deals")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()

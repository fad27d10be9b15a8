"""How long the play of three takes: a Normand deal solved with every root card valued (issue 36).

    python benchmarks/multi_play.py --rules normand --deals 200      # warm: the kernels compiled first
    python benchmarks/multi_play.py --rules normand --deals 20 --seed 2

Each deal: 30 cards drawn at random (seeded), elder's, middle's and the dealer's ten, the declarations scored
as ``play --rules normand`` scores them; then, timed with ``time.perf_counter``, every legal first lead of
elder valued by the paranoid solver (engine.normand_play.NormandSolver.card_values, a fresh table stamp per
deal). One untimed deal first compiles or loads the kernels. Prints the machine-readable line

    multi-play-bench rules=normand deals=N mean_ms=A max_ms=B

Never part of the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from piquet_calc.cards import DECK
from piquet_calc.engine.normand_play import NormandSolver
from piquet_calc.game.normand_play import before_play3, start3
from piquet_calc.game.table import score_table
from piquet_calc.rules import get_rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="normand")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = get_rules(args.rules)
    if rules.table.players != 3:
        raise SystemExit(f"multi_play.py: --rules {args.rules}: this benchmark times the play of three (normand)")
    rng = random.Random(args.seed)
    solver = NormandSolver(rules)
    times = []
    for k in range(args.deals + 1):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[:10], deck[10:20], deck[20:30]]
        before, live = before_play3(score_table(hands, rules))
        s = start3(hands, rules, before, live)
        solver.kn.begin3(solver.tt)
        t = time.perf_counter()
        solver.card_values(s)
        if k:  # the first deal compiles or loads the kernels
            times.append(time.perf_counter() - t)
    print(f"multi-play-bench rules={rules.name} deals={args.deals} mean_ms={1000 * statistics.mean(times):.1f} "
          f"max_ms={1000 * max(times):.1f}")


if __name__ == "__main__":
    main()

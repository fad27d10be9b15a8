"""How long the play of three takes: a Normand deal solved with every root card valued (issue 36).

    python benchmarks/multi_play.py --rules normand --deals 200      # warm: the kernels compiled first
    python benchmarks/multi_play.py --rules normand --deals 20 --seed 2
    python benchmarks/multi_play.py --rules normand --dealer "AS KS QS JS 9S AH KH 8D 7D AC"   # the whole deal

Each deal: 30 cards drawn at random (seeded), elder's, middle's and the dealer's ten, the declarations scored
as ``play --rules normand`` scores them; then, timed with ``time.perf_counter``, every legal first lead of
elder valued by the paranoid solver (engine.normand_play.NormandSolver.card_values, a fresh table stamp per
deal). One untimed deal first compiles or loads the kernels. Prints the machine-readable line

    multi-play-bench rules=normand deals=N mean_ms=A max_ms=B

With ``--dealer HAND``: instead, the dealer's exchange by the whole deal as ``discard HAND --rules normand --dealer
--play`` runs it (its defaults: 200 report deals, the final round's 5), timed whole, with the largest standard
error of a net and of a difference to #1 in the final round:

    normand-dealer-bench samples=S seconds=T se_net_max=A se_vs_best_max=B

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
    ap.add_argument("--dealer", default="", help="time the dealer's whole deal for this hand instead")
    ap.add_argument("--samples", type=int, default=0, help="with --dealer: report deals (0: the command's default)")
    args = ap.parse_args()
    rules = get_rules(args.rules)
    if rules.table.players != 3:
        raise SystemExit(f"multi_play.py: --rules {args.rules}: this benchmark times the play of three (normand)")
    if args.dealer:
        dealer(args.dealer, rules, args.samples, args.seed)
        return
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


def dealer(hand: str, rules, samples: int, seed: int) -> None:
    from piquet_calc.analysis.normand_deal import NORMAND_DEFAULT_SAMPLES, NORMAND_DEFAULT_TOP, analyse_normand_deal
    from piquet_calc.cards import parse_cards

    cards = parse_cards(hand, 10, "the hand")
    analyse_normand_deal(cards, rules, samples=2, top=1, seed=seed)  # compiles or loads every kernel it calls
    samples = samples or NORMAND_DEFAULT_SAMPLES
    t = time.perf_counter()
    a = analyse_normand_deal(cards, rules, samples=samples, top=NORMAND_DEFAULT_TOP, seed=seed)
    took = time.perf_counter() - t
    print(f"normand-dealer-bench samples={samples} seconds={took:.1f} "
          f"se_net_max={max(o.net.se for o in a.options):.2f} "
          f"se_vs_best_max={max(o.vs_best.se for o in a.options):.2f}")


if __name__ == "__main__":
    main()

"""The play of three and four players, warm: whole random deals solved with every first card valued.

    python benchmarks/multi_play.py --rules four --deals 200
    python benchmarks/multi_play.py --rules normand --deals 200
    python benchmarks/multi_play.py --rules normand --dealer "AS KS QS JS 9S AH KH 8D 7D AC"   # the whole deal

prints one machine-readable line (read by scripts):

    multi-play-bench rules=R deals=N mean_ms=A max_ms=B

Each deal is random (seeded). Four: the kernels' solver (kernels/play_four/) values every legal first lead of elder
(engine.play_four's ``choices``, equal cards of a run valued once) on a fresh stamp of one table, pique live in
half of the deals. Normand: 30 cards drawn, the declarations scored as ``play --rules normand`` scores them, then
every legal first lead of elder valued by the paranoid solver (engine.play_normand.SolverNormand.card_values, a
fresh table stamp per deal). One untimed deal first compiles or loads the kernels.

With ``--dealer HAND`` (normand): instead, the dealer's exchange by the whole deal as ``discard HAND --rules normand
--dealer --play`` runs it (its defaults: 200 report deals, the final round's 5), timed whole, with the largest
standard error of a net and of a difference to #1 in the final round:

    normand-dealer-bench samples=S seconds=T se_net_max=A se_vs_best_max=B

Never part of the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from piquet_calc.cards import DECK
from piquet_calc.rules import RuleSet, get_rules


def four(rules: RuleSet, deals: int, seed: int) -> list[float]:
    from piquet_calc.engine.play_four import SolverFour, choices
    from piquet_calc.game.play_four import start_four

    solver = SolverFour(rules)
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


def normand(rules: RuleSet, deals: int, seed: int) -> list[float]:
    from piquet_calc.engine.play_normand import SolverNormand
    from piquet_calc.game.play_normand import before_play_normand, start_normand
    from piquet_calc.game.seating import score_seating

    rng = random.Random(seed)
    solver = SolverNormand(rules)
    times = []
    for k in range(deals + 1):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[:10], deck[10:20], deck[20:30]]
        before, live = before_play_normand(score_seating(hands, rules))
        s = start_normand(hands, rules, before, live)
        solver.kn.begin_normand(solver.tt)
        t = time.perf_counter()
        solver.card_values(s)
        if k:  # the first deal compiles or loads the kernels
            times.append(time.perf_counter() - t)
    return times


def dealer(hand: str, rules: RuleSet, samples: int, seed: int) -> None:
    from piquet_calc.analysis.deal_normand import NORMAND_DEFAULT_SAMPLES, NORMAND_DEFAULT_TOP, analyse_deal_normand
    from piquet_calc.cards import parse_cards

    cards = parse_cards(hand, 10, "the hand")
    analyse_deal_normand(cards, rules, samples=2, top=1, seed=seed)  # compiles or loads every kernel it calls
    samples = samples or NORMAND_DEFAULT_SAMPLES
    t = time.perf_counter()
    a = analyse_deal_normand(cards, rules, samples=samples, top=NORMAND_DEFAULT_TOP, seed=seed)
    took = time.perf_counter() - t
    print(f"normand-dealer-bench samples={samples} seconds={took:.1f} "
          f"se_net_max={max(o.net.se for o in a.options):.2f} "
          f"se_vs_best_max={max(o.vs_best.se for o in a.options):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="four", help="four or normand (or a house file based on either)")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0, help="0: the rules' own default (four 35, normand 1)")
    ap.add_argument("--dealer", default="", help="normand: time the dealer's whole deal for this hand instead")
    ap.add_argument("--samples", type=int, default=0, help="with --dealer: report deals (0: the command's default)")
    args = ap.parse_args()
    rules = get_rules(args.rules)
    game = rules.game
    if game.two_handed:
        raise SystemExit(f"multi_play.py: --rules {args.rules}: this benchmark times the play of three or four")
    if args.dealer:
        if not game.normand:
            raise SystemExit("multi_play.py: --dealer is the Normand dealer's exchange (--rules normand)")
        dealer(args.dealer, rules, args.samples, args.seed or 1)
        return
    times = (four(rules, args.deals, args.seed or 35) if game.four else normand(rules, args.deals, args.seed or 1))
    print(f"multi-play-bench rules={rules.name} deals={len(times)} mean_ms={1000 * statistics.mean(times):.1f} "
          f"max_ms={1000 * max(times):.1f}")


if __name__ == "__main__":
    main()

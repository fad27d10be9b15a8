"""How long `review` takes on a whole two-handed deal (issue 37): both exchanges exact, the announcements, all
24 cards from the players' seats and double dummy.

    python benchmarks/review.py                  # 20 seeded random deals, the five two-handed presets in turn
    python benchmarks/review.py --deals 4 --rules rubicon --seed 2

Each deal (seed, deal number): the 32 cards shuffled, 12 to elder, 12 to the dealer, the talon's 8; both exchange
by game/exchange.py's policy (elder first, the dealer from what is left), as benchmarks/seen.py deals; the
record holds the dealt hands, the talon and both discards, and the twelve tricks of the double-dummy line
(engine/play.py). One untimed review first loads the kernels; then each deal's record is checked and reviewed
(``analyse_review``, both seats, no --play) in this process, timed with ``time.perf_counter``. Prints one line
per deal, then exactly ``review-bench deals=N mean_s=A max_s=B``. The target: a mean of 10 s or less over 20
deals on a quiet machine (2 cores, warm cache). Never part of the tests.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from piquet_calc.analysis.play import before_play
from piquet_calc.analysis.review import analyse_review
from piquet_calc.cards import DECK, mask_of
from piquet_calc.engine.play import solve_deal
from piquet_calc.game.declarations import is_carte_blanche, score_deal
from piquet_calc.game.exchange import choose_exchange
from piquet_calc.record.record import DealRecord
from piquet_calc.record.record_check import CheckedRecord, check_record
from piquet_calc.rules import TWO_HANDED_PRESETS

SEED = 20261237


def deal_record(name: str, seed: int, number: int) -> DealRecord:
    """One seeded deal exchanged by the policy and played along the double-dummy line."""
    rules = TWO_HANDED_PRESETS[name]
    rng = random.Random(f"{seed}-{name}-{number}")
    cards = list(DECK)
    rng.shuffle(cards)
    e_dealt, d_dealt, talon = cards[:12], cards[12:24], cards[24:]
    ex = choose_exchange(mask_of(e_dealt), "elder", rules)
    k, e_disc = ex.count, ex.cards
    ex = choose_exchange(mask_of(d_dealt), "dealer", rules, elder_took=k,
                         elder_blanche=is_carte_blanche(e_dealt, rules))
    m, d_disc = ex.count, ex.cards
    first = 5 if k == 0 else k
    elder = tuple(c for c in e_dealt if c not in e_disc) + tuple(talon[:k])
    dealer = tuple(c for c in d_dealt if c not in d_disc) + tuple(talon[first:first + m])
    score = score_deal(elder, dealer, rules, is_carte_blanche(e_dealt, rules), is_carte_blanche(d_dealt, rules))
    line = solve_deal(elder, dealer, rules, *before_play(score)).line
    return DealRecord(rules=name, dealt=(tuple(e_dealt), tuple(d_dealt)), talon=tuple(talon),
                      discards=(tuple(e_disc), tuple(d_disc)), tricks=tuple(line))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--rules", choices=list(TWO_HANDED_PRESETS), help="one preset (default: all five in turn)")
    args = ap.parse_args()
    names = [args.rules] if args.rules else list(TWO_HANDED_PRESETS)
    print(f"# load average at start: {os.getloadavg()}")
    analyse_review(check_record(deal_record(names[0], args.seed, 10 ** 6)))  # load the kernels, untimed
    seconds = []
    for i in range(args.deals):
        name = names[i % len(names)]
        record = deal_record(name, args.seed, i)
        t = time.perf_counter()
        deal: CheckedRecord = check_record(record)
        review = analyse_review(deal)
        seconds.append(time.perf_counter() - t)
        hands = [c.hands for c in review.cards if not c.forced]
        print(f"# deal {i} {name}: {seconds[-1]:.2f} s, took {deal.took}, cards valued {len(hands)}, hands "
              f"max {max(hands, default=0):,}, lost elder {review.losses[0]['play']:.2f} dealer "
              f"{review.losses[1]['play']:.2f}; load {os.getloadavg()[0]:.2f}")
    print(f"review-bench deals={args.deals} mean_s={statistics.fmean(seconds):.3f} max_s={max(seconds):.3f}")


if __name__ == "__main__":
    main()

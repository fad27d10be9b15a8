"""How many hands the announcements leave the opponent, per preset and seat, over random deals (seat/knowledge.py).

Each deal is shuffled from a seed, both players exchange a random legal number of random cards, elder looks at
his leftovers and the dealer at what neither took; each seat's consistent hands are counted exactly. Prints a
table and one machine-readable line per preset and seat:

    knowledge-bench rules=R seat=S deals=N hands_mean=X hands_max=Y unseen_mean=U seconds_mean=A seconds_max=B

    python benchmarks/knowledge.py [--deals 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tabulate import tabulate

from piquet_calc.cards import DECK
from piquet_calc.rules import TWO_HANDED_PRESETS, RuleSet
from piquet_calc.seat.dialogue import dialogue, knowledge
from piquet_calc.seat.hands import consistent_hands, unseen_cards


def random_deal(rules: RuleSet, rng: random.Random) -> dict:
    deck = list(DECK)
    rng.shuffle(deck)
    e_dealt, d_dealt, talon = deck[:12], deck[12:24], deck[24:]
    k = rng.choice(rules.elder_discards)
    m = rng.choice(rules.dealer_discards(k))
    e_disc = rng.sample(e_dealt, k)
    elder = [c for c in e_dealt if c not in e_disc] + talon[:k]
    rest = talon[5:] if k == 0 else talon[k:]
    d_disc = rng.sample(d_dealt, m)
    dealer = [c for c in d_dealt if c not in d_disc] + rest[:m]
    return {"elder": elder, "dealer": dealer, "elder_dealt": e_dealt, "dealer_dealt": d_dealt,
            "elder_seen": talon[k:5] if k else [], "dealer_seen": rest[m:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows, lines = [], []
    for name, rules in TWO_HANDED_PRESETS.items():
        rng = random.Random(f"{args.seed}-{name}")
        counts: dict[str, list[int]] = {"elder": [], "dealer": []}
        unseen: dict[str, list[int]] = {"elder": [], "dealer": []}
        times: dict[str, list[float]] = {"elder": [], "dealer": []}
        for _ in range(args.deals):
            deal = random_deal(rules, rng)
            d = dialogue(deal["elder"], deal["dealer"], rules, deal["elder_dealt"], deal["dealer_dealt"])
            for seat in ("elder", "dealer"):
                k = knowledge(d, seat, deal["elder_dealt"], deal["dealer_dealt"], deal[f"{seat}_seen"])
                start = time.perf_counter()
                hands = consistent_hands(k)
                times[seat].append(time.perf_counter() - start)
                counts[seat].append(len(hands))
                unseen[seat].append(len(unseen_cards(k)))
        for seat in ("elder", "dealer"):
            c, t, u = counts[seat], times[seat], unseen[seat]
            rows.append([name, seat, args.deals, f"{statistics.mean(c):.1f}", max(c), f"{statistics.median(c):.0f}",
                         f"{statistics.mean(u):.1f}", f"{statistics.mean(t):.3f}", f"{max(t):.3f}"])
            lines.append(f"knowledge-bench rules={name} seat={seat} deals={args.deals} "
                         f"hands_mean={statistics.mean(c):.2f} hands_max={max(c)} unseen_mean={statistics.mean(u):.2f} "
                         f"seconds_mean={statistics.mean(t):.4f} seconds_max={max(t):.4f}")
            print(lines[-1], flush=True)  # as each preset finishes: a long run shows its progress
    print(tabulate(rows, headers=["rules", "seat", "deals", "hands mean", "max", "median", "unseen cards",
                                  "seconds mean", "max"]))


if __name__ == "__main__":
    main()

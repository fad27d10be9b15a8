"""The exchange policy's quality and speed (game/exchange.py): never part of the tests.

    python benchmarks/policy.py                 # 100 seeded hands per position, rubicon
    python benchmarks/policy.py --hands 20 --rules russian

For each seeded dealt hand, the exact analysis (``analyse_discards``, the uniform model) ranks every
legal discard by expected declaration net; the policy's choice is looked up in the same table, and its
loss is the best net minus the net of its choice. Elder: the hand as elder. Younger: the hand as the
dealer, elder having taken 3, 4 or 5 (seeded, equally often), no carte blanche. Also times one
decision (mean over every hand, plain Python).
"""

from __future__ import annotations

import random
import statistics
import time

from seeded import seeded_arguments  # type: ignore[import-not-found]

from piquet_calc import analyse_discards
from piquet_calc.cards import DECK, mask_of
from piquet_calc.game.exchange import choose_exchange
from piquet_calc.rules import get_rules


def losses(position: str, hands: int, rules_name: str, seed: int) -> tuple[list[float], list[int], float]:
    rules = get_rules(rules_name)
    rng = random.Random(seed)
    out, counts, spent = [], [], 0.0
    for _ in range(hands):
        hand = tuple(DECK[i] for i in rng.sample(range(32), 12))
        took = rng.choice([3, 4, 5]) if position == "younger" else 5
        a = analyse_discards(hand, position, rules, elder_took=took)
        nets = {mask_of(d.discard): d.net for d in a.discards}
        t = time.perf_counter()
        ex = (choose_exchange(mask_of(hand), "elder", rules) if position == "elder"
              else choose_exchange(mask_of(hand), "dealer", rules, elder_took=took))
        spent += time.perf_counter() - t
        out.append(float(max(nets.values()) - nets[ex.discard]))
        counts.append(ex.count)
    return out, counts, spent / hands


def timing(rules_name: str, n: int = 2000) -> tuple[float, float]:
    """Mean microseconds per decision, elder and dealer (after elder took 5), best of three passes."""
    rules = get_rules(rules_name)
    rng = random.Random(1)
    masks = [mask_of(DECK[i] for i in rng.sample(range(32), 12)) for _ in range(n)]
    best = []
    for seat in ("elder", "dealer"):
        times = []
        for _ in range(3):
            t = time.perf_counter()
            for m in masks:
                choose_exchange(m, seat, rules, elder_took=5)
            times.append((time.perf_counter() - t) / n * 1e6)
        best.append(min(times))
    return best[0], best[1]


def main() -> None:
    args = seeded_arguments(__doc__, "hands", 100, 2026)
    print(f"rules {args.rules}, {args.hands} seeded hands per position (seed {args.seed})")
    for position in ("elder", "younger"):
        loss, counts, _ = losses(position, args.hands, args.rules, args.seed)
        loss.sort()
        p90 = loss[min(len(loss) - 1, int(0.9 * len(loss)))]
        exact = sum(x < 1e-9 for x in loss)
        print(f"policy-bench rules={args.rules} position={position} hands={len(loss)} "
              f"mean_loss={statistics.mean(loss):.2f} p90_loss={p90:.2f} max_loss={loss[-1]:.2f} "
              f"best_found={exact} counts={dict(sorted((c, counts.count(c)) for c in set(counts)))}")
    e, d = timing(args.rules)
    print(f"policy-time rules={args.rules} elder_us={e:.1f} dealer_us={d:.1f}")


if __name__ == "__main__":
    main()

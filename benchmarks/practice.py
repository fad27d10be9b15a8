"""How long the engine takes over its decisions in `practice` (issue 45): its exchange (the exact ranking, as
`discard`), its announcements (the model) and every card from its seat (as `play --seat`).

    python benchmarks/practice.py                  # 6 seeded deals, the player elder and dealer in turn
    python benchmarks/practice.py --deals 1        # a smoke run
    python benchmarks/practice.py --take least     # the player as elder takes one card: the dealer's worst case

One untimed deal first loads the kernels (warm); then each seeded deal is played through ``play_deal``
(analysis/practice_deal.py) in this process, the player elder and dealer in turn, his side answering at once
(his last cards for the smallest discard he may make, announcements in full, the first legal card; his grades
are not timed); the engine's decisions are timed by ``play_deal`` (``time.perf_counter``). Prints exactly
``practice-bench deals=N engine_mean_s=A engine_max_s=B``, then the machine's load average. The target: a mean
of 1 s or less, a max of 3 s or less (2 cores, warm). Never part of the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics

from piquet_calc.analysis.practice import Position
from piquet_calc.analysis.practice_deal import Answered, new_record, play_deal

SEED = 20261245


class Driver:
    """The player's side: answers at once; nothing kept. His exchange: the most cards he may take (``most``, as
    elder nearly always does: the dealer then chooses among up to 3) or the fewest (``least``: elder takes one,
    and the dealer's exact ranking is the largest there is, up to 7 cards of 12)."""

    def __init__(self, take: str = "most") -> None:
        self.take = take

    def ask(self, p: Position) -> Answered:
        if p.stage == "exchange":
            sizes = [s for s in p.sizes if s > 0]
            n = (max if self.take == "most" else min)(sizes) if sizes else 0
            return Answered(tuple(p.hand[-n:]) if n else ())
        if p.stage == "announce":
            return Answered(None)
        return Answered(p.legal[0])

    def graded(self, *args: object) -> None:
        pass

    def engine(self, *args: object) -> None:
        pass

    def saved(self, *args: object) -> None:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--rules", default="rubicon")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--take", choices=("most", "least"), default="most",
                    help="the player's exchange: the most cards he may take, or the fewest (the dealer's worst case)")
    args = ap.parse_args()
    play_deal(new_record(args.rules, args.seed - 1), 0, Driver(args.take))  # warm: the kernels loaded
    times: list[float] = []
    for k in range(args.deals):
        r = play_deal(new_record(args.rules, args.seed + k), k % 2, Driver(args.take))
        times += r.engine_seconds
        mean, most = statistics.mean(r.engine_seconds), max(r.engine_seconds)
        print(f"deal {k + 1}: engine decisions {len(r.engine_seconds)}, mean {mean:.3f} s, max {most:.3f} s")
    print(f"practice-bench deals={args.deals} engine_mean_s={statistics.mean(times):.3f} "
          f"engine_max_s={max(times):.3f}")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()

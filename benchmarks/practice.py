"""How long the engine takes over its decisions in `practice` (issue 45): its exchange (the exact ranking, as
`discard`), its announcements (the model) and every card from its seat (as `play --seat`).

    python benchmarks/practice.py                  # 6 seeded deals, the player elder and dealer in turn
    python benchmarks/practice.py --deals 1        # a smoke run
    python benchmarks/practice.py --take least     # the player as elder takes one card: the dealer's worst case
    python benchmarks/practice.py --think 5        # the player thinks 5 s over each exchange before answering

One untimed deal first loads the kernels (warm); then each seeded deal is played through ``play_deal``
(analysis/practice_deal.py) in this process, the player elder and dealer in turn, his side answering at once
(his last cards for the most or the fewest he may take, announcements in full, the first legal card); the engine's
decisions are timed by ``play_deal`` (``time.perf_counter``). His exchanges are asked as practice's line protocol
asks them (``begin_exchange`` first: the ranking starts while he thinks), he answers after ``--think`` seconds,
and each exchange's grade is timed from his answer to the grade's arrival (the ``graded`` call). Prints exactly
``practice-bench deals=N engine_mean_s=A engine_max_s=B grade_mean_s=C grade_max_s=D``, then the machine's
load average; then, for each drill,
``practice-drill-bench kind=K positions=N served_max_s=A ready_mean_s=B ready_max_s=C`` (a position dealt and
asked; and made ready to grade: the ranking or card values its grade and hint read). The target: a mean
of 2 s or less, a max of 3 s or less, the grade 0.5 s or less after a 5 s think (2 cores, warm; issue 48).
Never part of the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from piquet_calc.analysis.practice import Position, begin_exchange, hint
from piquet_calc.analysis.practice_deal import Answered, drill_positions, new_record, play_deal

SEED = 20261245


class Driver:
    """The player's side: answers at once; nothing kept. His exchange: the most cards he may take (``most``, as
    elder nearly always does: the dealer then chooses among up to 3) or the fewest (``least``: elder takes one,
    and the dealer's exact ranking is the largest there is, up to 7 cards of 12)."""

    def __init__(self, take: str = "most", think: float = 0.0) -> None:
        self.take, self.think = take, think
        self.answered = 0.0
        self.grade_seconds: list[float] = []  # each exchange: from his answer to its grade

    def ask(self, p: Position) -> Answered:
        if p.stage == "exchange":
            begin_exchange(p)  # as the line protocol asks (cli/practice.py's _ask)
            time.sleep(self.think)
            sizes = [s for s in p.sizes if s > 0]
            n = (max if self.take == "most" else min)(sizes) if sizes else 0
            self.answered = time.perf_counter()
            return Answered(tuple(p.hand[-n:]) if n else (), seconds=self.think)
        if p.stage == "announce":
            return Answered(None)
        return Answered(p.legal[0])

    def graded(self, p: Position, *args: object) -> None:
        if p.stage == "exchange":
            self.grade_seconds.append(time.perf_counter() - self.answered)

    def engine(self, *args: object) -> None:
        pass

    def saved(self, *args: object) -> None:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--rules", default="rubicon")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--drills", type=int, default=10, help="drill positions of each kind timed")
    ap.add_argument("--take", choices=("most", "least"), default="most",
                    help="the player's exchange: the most cards he may take, or the fewest (the dealer's worst case)")
    ap.add_argument("--think", type=float, default=0.0, help="seconds the player thinks over each exchange")
    args = ap.parse_args()
    play_deal(new_record(args.rules, args.seed - 1), 0, Driver(args.take))  # warm: the kernels loaded
    times: list[float] = []
    grades: list[float] = []
    for k in range(args.deals):
        driver = Driver(args.take, args.think)
        r = play_deal(new_record(args.rules, args.seed + k), k % 2, driver)
        times += r.engine_seconds
        grades += driver.grade_seconds
        mean, most = statistics.mean(r.engine_seconds), max(r.engine_seconds)
        print(f"deal {k + 1}: engine decisions {len(r.engine_seconds)}, mean {mean:.3f} s, max {most:.3f} s; "
              f"exchange graded {' '.join(f'{g:.3f}' for g in driver.grade_seconds)} s after the answer")
    print(f"practice-bench deals={args.deals} engine_mean_s={statistics.mean(times):.3f} "
          f"engine_max_s={max(times):.3f} grade_mean_s={statistics.mean(grades):.3f} grade_max_s={max(grades):.3f}")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for kind in ("discard", "lead"):
        drills(kind, args.rules, args.seed, args.drills)


def drills(kind: str, rules: str, seed: int, count: int) -> None:
    """A drill position served (dealt, the other seat's exchange by the policy) and made ready to grade (the
    ranking or the card values ``hint`` reads, which the grade reuses): seconds each, one line."""
    served, ready = [], []
    positions = drill_positions(kind, rules, seed, count + 1)
    for i in range(count + 1):
        t = time.perf_counter()
        p = next(positions)
        t1 = time.perf_counter()
        hint(p)
        if i:  # the first loads the kernels
            served.append(t1 - t)
            ready.append(time.perf_counter() - t)
    print(f"practice-drill-bench kind={kind} positions={count} served_max_s={max(served):.3f} "
          f"ready_mean_s={statistics.mean(ready):.3f} ready_max_s={max(ready):.3f}")


if __name__ == "__main__":
    main()

"""How long the engine takes over its decisions in `practice` (issue 45): its exchange (the exact ranking, as
`discard`), its announcements (the model) and every card from its seat (as `play --seat`).

    python benchmarks/practice.py                  # 6 seeded deals, the player elder and dealer in turn
    python benchmarks/practice.py --deals 1        # a smoke run
    python benchmarks/practice.py --take least     # the player as elder takes one card: the dealer's worst case

One untimed deal first loads the kernels (warm); then each seeded deal is played through ``play_deal``
(analysis/practice_session.py) in this process, the player elder and dealer in turn, his side answering at once
(his last cards for the smallest discard he may make, announcements in full, the first legal card; his grades
are not timed); the engine's decisions are timed by ``play_deal`` (``time.perf_counter``). Prints exactly
``practice-bench deals=N engine_mean_s=A engine_max_s=B``, then the machine's load average; then, for each drill,
``practice-drill-bench kind=K positions=N served_max_s=A ready_mean_s=B ready_max_s=C`` (a position dealt and
asked; and made ready to grade: the ranking or card values its grade and hint read). The target: a mean
of 1 s or less, a max of 3 s or less (2 cores, warm). Never part of the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from piquet_calc.analysis.practice import hint
from piquet_calc.analysis.practice_deal import drill_positions, new_record
from piquet_calc.analysis.practice_session import Aids, Keeper, play_deal

SEED = 20261245


def answerer(take: str = "most"):
    """The player's side: answers at once (every card asked: the aid that plays forced cards off); nothing kept.
    His exchange: the most cards he may take (``most``, as elder nearly always does: the dealer then chooses among
    up to 3) or the fewest (``least``: elder takes one, and the dealer's exact ranking is the largest there is, up
    to 7 cards of 12)."""

    def answer(ask) -> str:
        p = ask.position
        if p.stage == "exchange":
            sizes = [s for s in p.sizes if s > 0]
            n = (max if take == "most" else min)(sizes) if sizes else 0
            return " ".join(map(str, p.hand[-n:])) if n else "none"
        if p.stage == "announce":
            return "full"
        return str(p.legal[0])

    return answer


def deal(rules: str, seed: int, seat: int, take: str):
    """One deal played through the session (analysis/practice_session.py): its result."""
    session = play_deal(new_record(rules, seed), seat, Aids(play_forced=False), Keeper(None, "practice"))
    answer = answerer(take)
    reply = None
    while True:
        try:
            event = session.send(reply)
        except StopIteration as end:
            return end.value
        reply = answer(event) if event.kind == "ask" else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--rules", default="rubicon")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--drills", type=int, default=10, help="drill positions of each kind timed")
    ap.add_argument("--take", choices=("most", "least"), default="most",
                    help="the player's exchange: the most cards he may take, or the fewest (the dealer's worst case)")
    args = ap.parse_args()
    deal(args.rules, args.seed - 1, 0, args.take)  # warm: the kernels loaded
    times: list[float] = []
    for k in range(args.deals):
        r = deal(args.rules, args.seed + k, k % 2, args.take)
        times += r.engine_seconds
        mean, most = statistics.mean(r.engine_seconds), max(r.engine_seconds)
        print(f"deal {k + 1}: engine decisions {len(r.engine_seconds)}, mean {mean:.3f} s, max {most:.3f} s")
    print(f"practice-bench deals={args.deals} engine_mean_s={statistics.mean(times):.3f} "
          f"engine_max_s={max(times):.3f}")
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

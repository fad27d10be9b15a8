"""How long practice keeps the player waiting (issues 45, 48): the engine's exchange (by the whole deal, as
`discard --play` ranks, or `--engine declarations`), and the grade of the player's exchange after his answer when
he took ``--think`` seconds over it (the ranking begun when the question was asked).

    python benchmarks/practice.py                  # 6 seeded deals, the player elder and dealer in turn
    python benchmarks/practice.py --deals 1        # a smoke run
    python benchmarks/practice.py --take least     # the player as elder takes one card: the dealer's worst case
    python benchmarks/practice.py --think 5        # he answers each exchange after 5 s (the issue's driver)

One untimed deal first loads the kernels (warm); then each seeded deal is played through ``play_deal``
(analysis/practice_session.py) in this process, the player elder and dealer in turn, his side answering at once
(his last cards for the most or the fewest he may take, after ``--think`` seconds; announcements in full; the
first legal card); the engine's exchanges are timed by ``play_deal`` (``time.perf_counter``), and his exchange's
grade from his answer to the ``graded`` event. Prints exactly
``practice-bench deals=N engine_mean_s=A engine_max_s=B grade_mean_s=C grade_max_s=D`` (A, B: the engine's
exchanges; C, D: his exchanges' grades), then every engine decision's mean and max and the machine's load
average; then, for each drill,
``practice-drill-bench kind=K positions=N served_max_s=A ready_mean_s=B ready_max_s=C`` (a position dealt and
asked; and made ready to grade: the ranking or card values its grade and hint read). The targets (issue 48, 2
cores, warm, rubicon): the engine's exchange 2 s mean and 3 s max; the grade 0.5 s after his answer when he
thinks 5 s. Never part of the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from piquet_calc.analysis.practice import hint, set_judging
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


def deal(rules: str, seed: int, seat: int, take: str, think: float = 0.0):
    """One deal played through the session (analysis/practice_session.py): its result, the engine's exchange
    times and his exchange's grade times (from his answer to the ``graded`` event)."""
    session = play_deal(new_record(rules, seed), seat, Aids(play_forced=False), Keeper(None, "practice"))
    answer = answerer(take)
    reply, answered = None, 0.0
    engine_exchange: list[float] = []
    grades: list[float] = []
    while True:
        try:
            event = session.send(reply)
        except StopIteration as end:
            return end.value, engine_exchange, grades
        reply = None
        if event.kind == "ask":
            if event.position.stage == "exchange" and think:
                time.sleep(think)  # he thinks; his ranking (begun when asked) runs meanwhile
            reply = answer(event)
            answered = time.perf_counter()
        elif event.kind == "graded" and event.position.stage == "exchange":
            grades.append(time.perf_counter() - answered)
        elif event.kind == "engine" and event.position.stage == "exchange":
            engine_exchange.append(event.seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--rules", default="rubicon")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--drills", type=int, default=10, help="drill positions of each kind timed")
    ap.add_argument("--take", choices=("most", "least"), default="most",
                    help="the player's exchange: the most cards he may take, or the fewest (the dealer's worst case)")
    ap.add_argument("--think", type=float, default=0.0, help="seconds he takes over each exchange")
    ap.add_argument("--engine", choices=("whole", "declarations"), default="whole")
    ap.add_argument("--model", choices=("whole", "declarations"), default="whole")
    args = ap.parse_args()
    set_judging(model=args.model, engine=args.engine)
    deal(args.rules, args.seed - 1, 0, args.take)  # warm: the kernels loaded
    times: list[float] = []
    exchanges: list[float] = []
    grades: list[float] = []
    for k in range(args.deals):
        r, ex, gr = deal(args.rules, args.seed + k, k % 2, args.take, args.think)
        times += r.engine_seconds
        exchanges += ex
        grades += gr
        print(f"deal {k + 1}: engine exchange {' '.join(f'{x:.3f}' for x in ex)} s; his grade "
              f"{' '.join(f'{x:.3f}' for x in gr)} s; engine decisions {len(r.engine_seconds)}, "
              f"max {max(r.engine_seconds):.3f} s", flush=True)
    print(f"practice-bench deals={args.deals} engine_mean_s={statistics.mean(exchanges):.3f} "
          f"engine_max_s={max(exchanges):.3f} grade_mean_s={statistics.mean(grades):.3f} "
          f"grade_max_s={max(grades):.3f}")
    print(f"every engine decision (exchange, announcements, cards): {len(times)}, mean {statistics.mean(times):.3f} s, "
          f"max {max(times):.3f} s; engine {args.engine}, judge {args.model}, think {args.think:g} s")
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

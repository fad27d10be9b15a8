"""The whole-deal engine against the declarations engine, duplicate (issue 48): which exchanges better.

    python benchmarks/match.py                 # 100 seeded deals, each played twice with the seats swapped
    python benchmarks/match.py --deals 4       # a smoke run
    python benchmarks/match.py --samples 400   # the whole-deal engine on fewer deals per discard (quicker)

Each seeded deal (analysis/practice_deal.py's ``new_record``: the dealt hands and the talon from the seed) is played
through twice: the whole-deal engine elder and the declarations engine dealer, then the seats swapped. The two
engines differ only in their exchange: the whole-deal engine takes #1 of ``analyse_deal`` (the race's winner, as
``discard --play`` ranks; found by analysis/deal.py's ``deal_winner``, its deals seeded by the deal's seed), the
declarations engine #1 of ``analyse_discards`` (analysis/discards.py, as plain ``discard`` ranks). Both announce
by the announcing model and play every card from their seat as ``play --seat`` does (analysis/seen.py, through
practice's ``engine_answer``).

A deal's figure is the whole-deal engine's total less the other's, averaged over its two games: the luck of the
cards cancels (where both engines exchange alike in both seats it is exactly 0). Prints exactly

    engine-match deals=N whole_minus_declarations=A se=B

(points a deal for the whole-deal engine; ``se``: the standard error over the N deal pairs), then the load
average. The target: A > 2B. Never part of the tests.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from dataclasses import replace

from piquet_calc.analysis.deal import DEFAULT_SAMPLES, deal_winner
from piquet_calc.analysis.discards import analyse_discards
from piquet_calc.analysis.practice import Question, engine_answer, play_context, with_answer
from piquet_calc.analysis.practice_deal import new_record
from piquet_calc.cards import Card
from piquet_calc.game.play import DEALER, ELDER, finish, play_trick
from piquet_calc.record.record_check import check_record

SEED = 20261248
ENGINES = ("whole", "declarations")


def exchange(engine: str, p: Question, seed: int, samples: int) -> tuple[Card, ...]:
    """The engine's discard at the exchange ``p``: #1 of the whole deal (the race's winner) or of the declarations."""
    took = p.elder_took if p.seat == DEALER else None
    position = "elder" if p.seat == ELDER else "younger"
    kwargs = {"elder_took": took if took is not None else 5, "elder_blanche": p.checked.blanche[ELDER]}
    if engine == "whole":  # analyse_deal's #1 without its report (tests/test_deal.py holds them equal)
        return deal_winner(p.hand, position, p.rules, seed=seed, samples=samples, **kwargs)
    return tuple(analyse_discards(p.hand, position, p.rules, **kwargs).discards[0].discard)


def play(rules: str, seed: int, engines: tuple[str, str], samples: int) -> tuple[int, int]:
    """One deal, ``engines[0]`` elder and ``engines[1]`` dealer: the totals (elder's, the dealer's)."""
    record = new_record(rules, seed, comment=f"benchmarks/match.py, seed {seed}")
    for s in (ELDER, DEALER):
        p = Question(record, "exchange", s)
        record = with_answer(p, exchange(engines[s], p, seed, samples))
    for s in (ELDER, DEALER):
        p = Question(record, "announce", s)
        record = with_answer(p, engine_answer(p))
    deal = check_record(record)
    state = play_context(deal).start
    tricks: list[tuple[Card, Card]] = []
    for n in range(1, 13):
        leader = state.leader
        lead = engine_answer(Question(record, "card", leader))
        reply = engine_answer(Question(record, "card", 1 - leader, lead))
        tricks.append((lead, reply))
        record = replace(record, tricks=tuple(tricks))
        state = play_trick(state, lead, reply, deal.rules, n)
    totals = finish(state, deal.rules).totals
    return int(totals[0]), int(totals[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--rules", default="rubicon")
    ap.add_argument("--seed", type=int, default=SEED, help="deal k is dealt from seed + k")
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="the whole-deal engine's deals per discard")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per deal on stderr")
    args = ap.parse_args()
    if args.deals < 2:
        ap.error("--deals must be at least 2 (the standard error needs two deal pairs)")
    pairs: list[float] = []
    for k in range(args.deals):
        seed = args.seed + k
        t = time.perf_counter()
        e1, d1 = play(args.rules, seed, ("whole", "declarations"), args.samples)
        e2, d2 = play(args.rules, seed, ("declarations", "whole"), args.samples)
        pairs.append(((e1 - d1) + (d2 - e2)) / 2)
        if args.verbose:
            print(f"deal {k + 1} (seed {seed}): whole elder {e1}-{d1}, whole dealer {d2}-{e2}: {pairs[-1]:+.1f} "
                  f"({time.perf_counter() - t:.1f} s)", file=sys.stderr)
    se = statistics.stdev(pairs) / math.sqrt(len(pairs))
    print(f"engine-match deals={args.deals} whole_minus_declarations={statistics.mean(pairs):.3f} se={se:.3f}")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()

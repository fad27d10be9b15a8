"""Time the exact analysis under house rules at the edges of what check_rules accepts, against the presets.

    PYTHONPATH=. python benchmarks/bounds.py            # 3 rounds
    PYTHONPATH=. python benchmarks/bounds.py --rounds 5

The ranges of rules/house.py (BOUNDS) are meant to keep every accepted rule set as fast as the presets:
the play's points widen the band of holdings on which elder may pique, the thresholds move it. One
process, the kernels compiled first (untimed); each round times every rule set once, in turn, and the
minimum over rounds is reported. Never part of the tests.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from piquet_calc import analyse_discards, parse_hand
from piquet_calc.rules import ENCYCLOPEDIA, RUBICON, PlayPoints, RuleSet, check_rules

HANDS = [("AS AH KH QH TH 8H 7H AD TD 9D 9C 8C", "elder"), ("QS JS TS 9S 8S JH 9H KD QD AC JC TC", "younger")]
PLAY_AT_THE_BOUNDS = PlayPoints(lead=10, last_lead=10, win_opponent_lead=10, win_own_lead=10, last_trick=10,
                                seventh_trick=100)
RULES: list[RuleSet] = [
    RUBICON,
    ENCYCLOPEDIA,
    dataclasses.replace(ENCYCLOPEDIA, name="encyclopedia, play at the bounds", play=PLAY_AT_THE_BOUNDS),
    dataclasses.replace(ENCYCLOPEDIA, name="encyclopedia, play at the bounds, thresholds 255",
                        play=PLAY_AT_THE_BOUNDS, repique_threshold=255, pique_threshold=255),
    dataclasses.replace(RUBICON, name="rubicon, thresholds 1", repique_threshold=1, pique_threshold=1),
    dataclasses.replace(RUBICON, name="rubicon, every score at the bounds", blanche_points=63, carte_rouge_points=63,
                        trio_points=3, quatorze_points=15, repique_bonus=1000, pique_bonus=1000,
                        play=PLAY_AT_THE_BOUNDS),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for rules in RULES:
        check_rules(rules, rules.name)  # every one is accepted
    analyse_discards(parse_hand(HANDS[0][0]), "elder", RUBICON)  # compile (or load) the kernels, untimed
    best: dict[tuple[str, str], float] = {}
    for _ in range(args.rounds):
        for hand, position in HANDS:
            for rules in RULES:
                t = time.perf_counter()
                analyse_discards(parse_hand(hand), position, rules)
                key = (position, rules.name)
                best[key] = min(best.get(key, float("inf")), time.perf_counter() - t)
    print(f"| position | rules | seconds (min of {args.rounds}) |\n|---|---|---|")
    for (position, name), seconds in best.items():
        print(f"| {position} | {name} | {seconds:.2f} |")


if __name__ == "__main__":
    main()

"""The seat view of three and four (issue 51, item 1): the time a decision takes at the default samples, and its
standard error shrinking as 1/sqrt(samples) on a fixed position.

    python benchmarks/seat_view.py                    # 2 seeded deals of each game, every decision
    python benchmarks/seat_view.py --deals 1 --rules four
    python benchmarks/seat_view.py --figure           # the s.e. against the samples, on one fixed position

Each deal (seed, deal number): the 32 cards shuffled and dealt (Normand: the dealer keeps his hand, the talon out
of play), the announcements made (seat/table.py's ``table_heard``: every seat announces what it holds), and the
play goes by random legal cards (seeded); at every card where the seat to move has two legal cards or more, that
seat's view is asked (``analyse_seen_table``, the default samples, seed 0, the kernels warm) and timed. The
figures per game: the decisions, their mean and max seconds (wall), and ``se_mean``: the mean over the decisions
of the s.e. of the card ranked first (0 where every fitting layout was solved, exact). The last line per game:
``seat-view-bench rules=R decisions=N mean_s=A max_s=B se_mean=C``.

``--figure``: elder's first lead of deal 0 (four: the first lead; Normand: too), the mean s.e. over the legal
cards at 8, 16, ... samples, each over ``--seeds`` seeds: one line per count,
``seat-view-se rules=R samples=N se=X se_sqrt_n=Y`` (``se_sqrt_n`` stays about constant when the s.e. shrinks as
1/sqrt(samples)). Never part of the tests; the machine is shared: give the load average with any figure.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from piquet_calc.analysis.play_four import before_four
from piquet_calc.analysis.seen_table import DEFAULT_SAMPLES, analyse_seen_table
from piquet_calc.cards import DECK
from piquet_calc.game.play import legal_cards
from piquet_calc.game.play_four import play_card as play_four_card
from piquet_calc.game.play_four import start_four
from piquet_calc.game.play_normand import before_play_normand, start_normand
from piquet_calc.game.play_normand import play_card as play_normand_card
from piquet_calc.game.seating import score_seating
from piquet_calc.rules import get_rules
from piquet_calc.seat.table import table_heard


def deal(rules, seed: int, number: int):
    rng = random.Random(seed * 1_000 + number)
    cards = list(DECK)
    rng.shuffle(cards)
    n, size = rules.table.players, rules.table.hand_size
    return [tuple(cards[i * size:(i + 1) * size]) for i in range(n)], rng


def start(hands, rules):
    four = rules.game.four
    score = score_seating(hands, rules)
    before, live = before_four(score) if four else before_play_normand(score)
    return (start_four if four else start_normand)(hands, rules, before, live)


def decisions(rules, seed: int, number: int):
    """Each position of one deal played by random legal cards where the seat to move has a choice:
    (his hand at the first lead, his seat, the announcements, the cards played so far)."""
    hands, rng = deal(rules, seed, number)
    heard = table_heard(hands, rules)
    play = play_four_card if rules.game.four else play_normand_card
    s = start(hands, rules)
    played = []
    while s.cards_left:
        led = s.trick[0] if s.trick else None
        legal = sorted(legal_cards(s.hands[s.to_move], led))
        if len(legal) > 1:
            yield hands[s.to_move], s.to_move, heard, list(played)
        card = rng.choice(legal)
        s = play(s, card, rules)
        played.append(card)


def bench(name: str, deals: int, seed: int, threads: int) -> None:
    rules = get_rules(name)
    hands, _ = deal(rules, seed, 0)
    analyse_seen_table(hands[0], 0, rules, table_heard(hands, rules), samples=2, kernel=True)  # the kernels loaded
    times, ses = [], []
    for number in range(deals):
        for hand, seat, heard, played in decisions(rules, seed, number):
            t = time.perf_counter()
            a = analyse_seen_table(hand, seat, rules, heard, played, threads=threads, kernel=True)
            times.append(time.perf_counter() - t)
            ses.append(0.0 if a.exact else a.choices[0].se or 0.0)
            print(f"  {name} deal {number} trick {a.trick} {rules.table.seats[seat]}: {times[-1]:.3f} s, "
                  f"{'exact' if a.exact else 'sampled'} {a.samples} layouts, first {a.choices[0].card} "
                  f"{a.choices[0].mean:+.2f}" + ("" if a.exact else f" ± {a.choices[0].se:.2f}"), flush=True)
    sampled = [x for x in ses if x > 0]
    print(f"{name}: {len(times)} decisions at {DEFAULT_SAMPLES[rules.table.players]} samples ({len(sampled)} sampled, "
          f"the first card's s.e. {statistics.mean(sampled) if sampled else 0:.2f} on those; the rest exact), threads "
          f"{threads or 'one per core'}, load {os.getloadavg()[0]:.2f}")
    print(f"seat-view-bench rules={name} decisions={len(times)} mean_s={statistics.mean(times):.3f} "
          f"max_s={max(times):.3f} se_mean={statistics.mean(ses):.3f}")


def figure(name: str, seeds: int, threads: int) -> None:
    rules = get_rules(name)
    hands, _ = deal(rules, 0, 0)
    heard = table_heard(hands, rules)
    for samples in (8, 16, 32, 64, 128, 256):
        se = statistics.mean(statistics.mean(c.se for c in analyse_seen_table(
            hands[0], 0, rules, heard, samples=samples, seed=s, threads=threads, kernel=True).choices)
            for s in range(seeds))
        print(f"seat-view-se rules={name} samples={samples} se={se:.3f} se_sqrt_n={se * samples ** 0.5:.2f}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", choices=("four", "normand"), action="append")
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--figure", action="store_true")
    parser.add_argument("--seeds", type=int, default=4, help="--figure: seeds per sample count")
    args = parser.parse_args()
    for name in args.rules or ("four", "normand"):
        if args.figure:
            figure(name, args.seeds, args.threads)
        else:
            bench(name, args.deals, args.seed, args.threads)


if __name__ == "__main__":
    main()

"""The play as a player sees it (issue 22, item 4): seeded deals played out by both sides choosing every card
from their own knowledge, against the double-dummy value; and the time it takes.

    python benchmarks/seen.py                     # 500 deals per two-handed preset
    python benchmarks/seen.py --deals 40          # quicker
    python benchmarks/seen.py --rules rubicon --threads 1
    python benchmarks/seen.py --hands every       # the opponent list: every hand of the unseen cards

Each deal (seed, preset, deal number): the 32 cards shuffled, 12 to elder, 12 to the dealer, the talon's 8;
both exchange by game/exchange.py's policy (elder first, the dealer from what is left); the declarations are
scored (carte blanche from the dealt hands) and are known to both (each calls his running total as he plays).

The opponent hands each side considers (``--hands``, the stand-in until seat/knowledge.py is merged):

* ``signature`` (default): every hand of the seat's unseen cards (the pack less his hand, his discards and the
  talon cards he saw left) with the same point (cards and pips), best sequence (length and top card) and best
  set (rank and number) as the opponent's real hand (``analysis.seen.signature_hands``): counted, not sampled;
* ``every``: every hand of the unseen cards (455 for elder after a full exchange, 6,188 for the dealer).

Then, as the play goes, the hands that could not have played the opponent's cards so far are dropped
(``analysis.seen.play_out``). The knowledge module plugs in as ``hands_for(seat, played)``.

Figures per preset: the mean of the double-dummy value minus the value when both play so (elder's total minus
the dealer's) and its standard error; how often each side's choice (where it had more than one legal card) is a
double-dummy best in the real position; the hands counted at elder's first lead and at the dealer's first
reply (mean, max); elder's first lead valued over every hand of his list (seconds, the least of ``--rounds``
runs: the machine is shared), the dealer's first reply, a whole deal played out (seconds; and the process's CPU
seconds, all threads, which a busy machine inflates less than the wall time). The last line per
preset:
``seen-play-bench rules=R deals=N dd_minus_seen=X se=Y first_lead_mean_s=A first_lead_max_s=B playout_mean_s=C``.
Never part of the tests.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time

import numpy as np

from piquet_calc.analysis.play import before_play
from piquet_calc.analysis.seen import (
    every_hand,
    play_out,
    signature_hands,
    unseen_cards,
    value_cards,
)
from piquet_calc.cards import DECK, cards_of, mask_of
from piquet_calc.engine.play import solve_deal
from piquet_calc.engine.seen import SeenSolver, position_row
from piquet_calc.game.declarations import is_carte_blanche, score_deal
from piquet_calc.game.exchange import choose_exchange
from piquet_calc.game.play import DEALER, ELDER, start
from piquet_calc.kernels.layout import VALUED_CARD, VALUED_VALUE
from piquet_calc.rules import TWO_HANDED_PRESETS

SEED = 20261222


def deal(rules, seed: int, number: int) -> dict:
    """One seeded deal after both exchanges: the final hands, discards, the talon cards each saw, the totals."""
    rng = random.Random(f"{seed}-{rules.name}-{number}")
    cards = list(DECK)
    rng.shuffle(cards)
    e_dealt, d_dealt, talon = cards[:12], cards[12:24], cards[24:]
    ex_e = choose_exchange(mask_of(e_dealt), "elder", rules)
    ne = ex_e.count
    ex_d = choose_exchange(mask_of(d_dealt), "dealer", rules, elder_took=ne,
                           elder_blanche=is_carte_blanche(e_dealt, rules))
    nd = ex_d.count
    e_disc, d_disc = cards_of(ex_e.discard), cards_of(ex_d.discard)
    elder = [c for c in e_dealt if c not in e_disc] + talon[:ne]
    dealer = [c for c in d_dealt if c not in d_disc] + talon[ne:ne + nd]
    left = talon[ne + nd:]
    e_saw = [c for c in left if talon.index(c) < 5]  # elder may look at the cards of his five he leaves
    d_saw = left  # the dealer at his own leftovers
    score = score_deal(elder, dealer, rules, elder_blanche=is_carte_blanche(e_dealt, rules),
                       dealer_blanche=is_carte_blanche(d_dealt, rules))
    return dict(elder=elder, dealer=dealer, before=before_play(score), dealt=(e_dealt, d_dealt),
                saw={ELDER: e_saw, DEALER: d_saw},
                unseen={ELDER: unseen_cards(elder, list(e_disc) + e_saw),
                        DEALER: unseen_cards(dealer, list(d_disc) + d_saw)})


def hand_lists(d: dict, rules, kind: str) -> dict[int, np.ndarray]:
    if kind == "every":
        return {seat: every_hand(d["unseen"][seat]) for seat in (ELDER, DEALER)}
    if kind == "knowledge":  # the announcements model: every hand seat/knowledge.py leaves each seat
        from piquet_calc.analysis.seen import hand_masks
        from piquet_calc.seat.dialogue import dialogue, knowledge
        from piquet_calc.seat.hands import consistent_hands

        e_dealt, d_dealt = d["dealt"]
        said = dialogue(d["elder"], d["dealer"], rules, e_dealt, d_dealt)
        return {seat: hand_masks(consistent_hands(knowledge(said, name, e_dealt, d_dealt, d["saw"][seat])))
                for seat, name in ((ELDER, "elder"), (DEALER, "dealer"))}
    return {ELDER: signature_hands(d["unseen"][ELDER], d["dealer"], rules),
            DEALER: signature_hands(d["unseen"][DEALER], d["elder"], rules)}


def first_lead_seconds(d: dict, lists: dict[int, np.ndarray], rules, solver: SeenSolver,
                       rounds: int) -> tuple[float, float]:
    """Elder's first lead valued over every hand of his list (the cards won too, as ``play --seat`` shows them):
    (wall seconds, the process's CPU seconds, all threads), each the least of ``rounds`` runs."""
    s = start(d["elder"], d["dealer"], rules, *d["before"])
    best = cpu = math.inf
    for _ in range(rounds):
        t, c = time.perf_counter(), time.process_time()
        value_cards(ELDER, [(s, lists[ELDER])], None, rules, True, solver)
        best, cpu = min(best, time.perf_counter() - t), min(cpu, time.process_time() - c)
    return best, cpu


def dd_best(decision, truth: dict, rules, solver: SeenSolver) -> bool:
    """Is the card chosen a double-dummy best in the real position?"""
    out, counts = solver.values(position_row(decision.state, rules, decision.led)[None, :])
    sign = 1 if decision.seat == ELDER else -1
    vals = {int(out[0, i, VALUED_CARD]): sign * int(out[0, i, VALUED_VALUE]) for i in range(counts[0])}
    return vals[decision.card.index] == max(vals.values())


def run(rules, n: int, seed: int, kind: str, threads: int, rounds: int, first_only: bool = False) -> dict:
    solver = SeenSolver(rules, threads)
    diffs, firsts, playouts, replies, first_cpu, playout_cpu = [], [], [], [], [], []
    hands_e, hands_d = [], []
    best = {ELDER: [0, 0], DEALER: [0, 0]}
    enum_s = []
    for i in range(n):
        d = deal(rules, seed, i)
        t = time.perf_counter()
        lists = hand_lists(d, rules, kind)
        enum_s.append(time.perf_counter() - t)
        dd = solve_deal(tuple(d["elder"]), tuple(d["dealer"]), rules, *d["before"]).value
        wall, cpu = first_lead_seconds(d, lists, rules, solver, rounds)
        firsts.append(wall)
        first_cpu.append(cpu)
        hands_e.append(len(lists[ELDER]))
        if first_only:
            continue
        c = time.process_time()
        out = play_out(d["elder"], d["dealer"], rules, d["before"], lambda seat, played, lists=lists: lists[seat],
                       threads)
        playout_cpu.append(time.process_time() - c)
        playouts.append(out.seconds)
        diffs.append(dd - out.value)
        reply = out.decisions[1]
        hands_d.append(reply.hands)
        replies.append(reply.seconds)
        for dec in out.decisions:
            if dec.legal > 1:
                best[dec.seat][1] += 1
                best[dec.seat][0] += dd_best(dec, d, rules, solver)
    if first_only:
        diffs = playouts = replies = hands_d = playout_cpu = [math.nan]
    se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 and not first_only else float("nan")
    return dict(rules=rules.name, deals=n, dd_minus_seen=statistics.fmean(diffs), se=se,
                abs_mean=statistics.fmean(abs(x) for x in diffs),
                first_lead_mean_s=statistics.fmean(firsts), first_lead_max_s=max(firsts),
                playout_mean_s=statistics.fmean(playouts), playout_max_s=max(playouts),
                reply_mean_s=statistics.fmean(replies), reply_max_s=max(replies),
                hands_elder_mean=statistics.fmean(hands_e), hands_elder_max=max(hands_e),
                hands_dealer_mean=statistics.fmean(hands_d), hands_dealer_max=max(hands_d),
                elder_dd_best=best[ELDER][0] / max(1, best[ELDER][1]), elder_choices=best[ELDER][1],
                dealer_dd_best=best[DEALER][0] / max(1, best[DEALER][1]), dealer_choices=best[DEALER][1],
                enumerate_mean_s=statistics.fmean(enum_s), first_lead_cpu_mean_s=statistics.fmean(first_cpu),
                first_lead_cpu_max_s=max(first_cpu), playout_cpu_mean_s=statistics.fmean(playout_cpu))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=500, help="deals per preset (issue 22 asks 500)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--rules", action="append", help="a two-handed preset (repeatable); all by default")
    ap.add_argument("--hands", choices=("signature", "every", "knowledge"), default="signature",
                    help="the opponent hands each side plays against: a stand-in (same point, sequence, sets), "
                         "every hand of the unseen cards, or the announcements model's (seat/knowledge.py)")
    ap.add_argument("--threads", type=int, default=0, help="worker threads (0: one per core)")
    ap.add_argument("--rounds", type=int, default=2, help="first-lead runs per deal, the least kept")
    ap.add_argument("--first-lead-only", action="store_true", help="time elder's first lead only, no play-out")
    args = ap.parse_args()
    names = args.rules or list(TWO_HANDED_PRESETS)
    print(f"# load average at start: {os.getloadavg()}")
    # compile or load the kernels before timing
    warm = TWO_HANDED_PRESETS[names[0]]
    d = deal(warm, args.seed, 10 ** 6)
    play_out(d["elder"], d["dealer"], warm, d["before"], lambda seat, played: hand_lists(d, warm, "signature")[seat],
             args.threads)
    rows = []
    for name in names:
        r = run(TWO_HANDED_PRESETS[name], args.deals, args.seed, args.hands, args.threads, args.rounds,
                args.first_lead_only)
        r["load"] = os.getloadavg()[0]
        rows.append(r)
        print(f"# {name}: dd-seen mean {r['dd_minus_seen']:.2f} (se {r['se']:.2f}, |dd-seen| {r['abs_mean']:.2f}); "
              f"dd-best elder {r['elder_dd_best']:.3f} of {r['elder_choices']}, dealer {r['dealer_dd_best']:.3f} of "
              f"{r['dealer_choices']}; hands elder {r['hands_elder_mean']:.1f} (max {r['hands_elder_max']}), "
              f"dealer at his first reply {r['hands_dealer_mean']:.1f} (max {r['hands_dealer_max']}); first lead "
              f"{r['first_lead_mean_s']:.3f} s (max {r['first_lead_max_s']:.3f}), first reply "
              f"{r['reply_mean_s']:.3f} s (max {r['reply_max_s']:.3f}), play-out {r['playout_mean_s']:.3f} s "
              f"(max {r['playout_max_s']:.3f}); "
              f"lists {r['enumerate_mean_s']:.3f} s; CPU seconds (all threads): first lead "
              f"{r['first_lead_cpu_mean_s']:.3f} (max {r['first_lead_cpu_max_s']:.3f}), play-out "
              f"{r['playout_cpu_mean_s']:.3f}; load {r['load']:.2f}", flush=True)
    print(f"# load average at end: {os.getloadavg()}; hands: {args.hands}; threads: {args.threads or 'one per core'}")
    for r in rows:
        print(f"seen-play-bench rules={r['rules']} deals={r['deals']} dd_minus_seen={r['dd_minus_seen']:.3f} "
              f"se={r['se']:.3f} first_lead_mean_s={r['first_lead_mean_s']:.4f} "
              f"first_lead_max_s={r['first_lead_max_s']:.4f} playout_mean_s={r['playout_mean_s']:.4f}")


if __name__ == "__main__":
    main()

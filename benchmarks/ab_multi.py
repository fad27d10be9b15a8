"""The play of four and of Normand, an earlier version against this one, alternating in one process.

    python benchmarks/ab_multi.py OLD_DIR [--deals 100] [--rounds 3]

OLD_DIR holds an earlier package renamed ``piquet_calc_old`` (as for ab.py: ``git archive REV piquet_calc |
tar -x -C OLD_DIR && mv OLD_DIR/piquet_calc OLD_DIR/piquet_calc_old``). The deals are multi_play.py's (seeded):
four, every legal first lead of elder valued on a fresh stamp of one table; Normand, 30 cards drawn, the
declarations scored, every first lead of elder valued by the paranoid solver. Each deal is solved by the old and
the new version in turn, ``--rounds`` times each, so that a busy phase of a shared machine slows both alike;
each deal's time is the least of its rounds, and the mean over the deals is reported with the ratio new/old.
Both must give the same values (checked). Prints, per game, one line read by scripts:

    ab-multi-bench rules=R deals=N old_mean_ms=A new_mean_ms=B ratio=C

Never part of the tests.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
from typing import Any


def _mod(pkg: str, *names: str) -> Any:
    """The first of ``names`` (module paths below the package) that imports: the rooms were renamed since."""
    for name in names:
        try:
            return importlib.import_module(f"{pkg}.{name}")
        except ModuleNotFoundError:
            continue
    raise ModuleNotFoundError(f"{pkg}: none of {names}")


def _get(module: Any, *names: str) -> Any:
    return next(getattr(module, n) for n in names if hasattr(module, n))


class Four:
    """One version's four-hand solver: ``value(deal)`` the first leads' values, timed by the caller."""

    def __init__(self, pkg: str) -> None:
        ep = _mod(pkg, "engine.play_four")
        self.game = _mod(pkg, "game.play_four")
        self.rules = _mod(pkg, "rules").get_rules("four")
        self.solver = _get(ep, "SolverFour", "FourSolver")(self.rules)
        self.choices = ep.choices

    def state(self, deal: tuple) -> Any:
        cards, live, before = deal
        return self.game.start_four([cards[k * 8:(k + 1) * 8] for k in range(4)], self.rules, before, live)

    def values(self, s: Any) -> list:
        self.solver.kp.begin(self.solver.tt)
        return [(str(c.card), c.value) for c in self.choices(s, self.solver)]


class Normand:
    def __init__(self, pkg: str) -> None:
        ep = _mod(pkg, "engine.play_normand", "engine.normand_play")
        self.game = _mod(pkg, "game.play_normand", "game.normand_play")
        self.seating = _mod(pkg, "game.seating", "game.table")
        self.rules = _mod(pkg, "rules").get_rules("normand")
        self.solver = _get(ep, "SolverNormand", "NormandSolver")(self.rules)
        self.begin = _get(self.solver.kn, "begin_normand", "begin3")

    def state(self, deal: tuple) -> Any:
        hands = deal
        score = _get(self.seating, "score_seating", "score_table")(hands, self.rules)
        before, live = _get(self.game, "before_play_normand", "before_play3")(score)
        return _get(self.game, "start_normand", "start3")(hands, self.rules, before, live)

    def values(self, s: Any) -> list:
        self.begin(self.solver.tt)
        return sorted((str(c), v) for c, v in self.solver.card_values(s))


def deals(game: str, n: int, seed: int, deck: list) -> list[tuple]:
    rng = random.Random(seed)
    out = []
    for _ in range(n + 1):
        if game == "four":
            cards = rng.sample(deck, 32)
            live = rng.random() < 0.5
            out.append((cards, live, (rng.randint(0, 15), 0) if live else (rng.randint(0, 20), rng.randint(1, 20))))
        else:
            d = list(deck)
            rng.shuffle(d)
            out.append((d[:10], d[10:20], d[20:30]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old_dir")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", choices=("four", "normand"), default=None)
    args = ap.parse_args()
    sys.path.insert(0, args.old_dir)
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)
    for game, seed, cls in (("four", 35, Four), ("normand", 1, Normand)):
        if args.only and game != args.only:
            continue
        versions = {"old": cls("piquet_calc_old"), "new": cls("piquet_calc")}
        deck = list(importlib.import_module("piquet_calc.cards").DECK)
        old_deck = list(importlib.import_module("piquet_calc_old.cards").DECK)
        best = {"old": [], "new": []}
        for i, deal in enumerate(deals(game, args.deals, seed, list(range(32)))):
            answers = {}
            order = list(versions.items()) if i % 2 else list(versions.items())[::-1]  # who goes first alternates
            for name, v in order:
                cards = old_deck if name == "old" else deck
                mapped = tuple([cards[k] for k in part] if isinstance(part, list) else part for part in deal)
                s = v.state(mapped)
                times = []
                for _ in range(args.rounds):
                    t = time.perf_counter()
                    answers[name] = v.values(s)
                    times.append(time.perf_counter() - t)
                if i:  # the first deal compiles or loads the kernels
                    best[name].append(min(times))
            if answers["old"] != answers["new"]:
                raise SystemExit(f"{game}: deal {i}: the versions disagree: {answers['old']} != {answers['new']}")
        old = 1000 * sum(best["old"]) / len(best["old"])
        new = 1000 * sum(best["new"]) / len(best["new"])
        print(f"ab-multi-bench rules={game} deals={args.deals} old_mean_ms={old:.2f} new_mean_ms={new:.2f} "
              f"ratio={new / old:.3f}", flush=True)


if __name__ == "__main__":
    main()

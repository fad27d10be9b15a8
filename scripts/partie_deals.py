"""Sample whole random deals per two-handed preset for the partie tables (analysis/partie_value.py).

    python scripts/partie_deals.py --deals 2000 --seed 23            # every two-handed preset
    python scripts/partie_deals.py --deals 200 --presets rubicon     # one preset, a quick run

Each deal: the 32 cards shuffled from ``numpy.random.default_rng([seed, preset number, 0])`` (elder's 12,
the dealer's 12, the talon's 8, elder's five on top); both players exchange by the exchange policy
(game/exchange.py: elder first, the dealer knowing how many elder took and whether elder showed carte
blanche); the declarations are scored as ``score`` scores them (carte blanche on the dealt hands); the
play is solved double dummy (engine/play.py's Solver, the kernels of kernels/play.py) from the first
lead, pique decided by the play. Kept per deal: elder's and the dealer's totals, and the deal's points in
counting order (steps: the declaration classes, elder's first, then trick by trick, the leader's points
first, then the cards, capot and any deal bonus: game/counting.py), which au-cent's race needs.

Writes piquet_calc/data/partie_<preset>.npz: ``pairs`` int16 (deals, 2) [elder, dealer], ``steps`` int16
(seat 0 elder / 1 dealer, points) flattened with ``offsets``, and ``seed``, ``deals``, ``seconds``
(wall-clock run time of the sampling, after the kernels are loaded), ``rules``, ``model``. Then the value
tables are built from them (analysis/partie_value.py, ``build_values``) into the same file.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from piquet_calc.cards import DECK, mask_of
from piquet_calc.game.counting import deal_steps
from piquet_calc.game.declarations import is_carte_blanche, score_deal
from piquet_calc.game.exchange import choose_exchange
from piquet_calc.game.play import start
from piquet_calc.rules import TWO_HANDED_PRESETS, RuleSet

DATA = Path(__file__).resolve().parents[1] / "piquet_calc" / "data"
PRESET_NUMBER = {name: i for i, name in enumerate(TWO_HANDED_PRESETS)}
MODEL = ("random deals; both exchanges by the exchange policy (game/exchange.py); declarations as `score`; "
         "the play solved double dummy (kernels/play.py)")


def one_deal(order: np.ndarray, rules: RuleSet, solver) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """(elder's total, dealer's total) of the deal ``order`` (a permutation of the 32 card indices), and
    its steps in counting order (game/counting.py)."""
    from piquet_calc.analysis.play import before_play

    cards = [DECK[int(i)] for i in order]
    elder_dealt, dealer_dealt, talon = cards[:12], cards[12:24], cards[24:]
    e_blanche, d_blanche = is_carte_blanche(elder_dealt, rules), is_carte_blanche(dealer_dealt, rules)
    ex_e = choose_exchange(mask_of(elder_dealt), "elder", rules)
    k = ex_e.count
    elder = [c for c in elder_dealt if c not in set(ex_e.cards)] + talon[:k]
    ex_d = choose_exchange(mask_of(dealer_dealt), "dealer", rules, elder_took=k, elder_blanche=e_blanche)
    m = ex_d.count
    rest = talon[k:] if k else talon[5:]  # elder refusing (russian) leaves the dealer only his own three
    dealer = [c for c in dealer_dealt if c not in set(ex_d.cards)] + rest[:m]
    score = score_deal(elder, dealer, rules, elder_blanche=e_blanche, dealer_blanche=d_blanche)
    e0, d0, live = before_play(score)
    line = solver.line(start(elder, dealer, rules, e0, d0, live))
    counted = deal_steps(elder, dealer, rules, line, e_blanche, d_blanche)
    return (int(counted.totals[0]), int(counted.totals[1])), list(counted.steps)


def sample(rules: RuleSet, deals: int, seed: int) -> dict[str, np.ndarray]:
    from piquet_calc.engine.play import Solver

    solver = Solver(rules)
    rng = np.random.default_rng([seed, PRESET_NUMBER[rules.name], 0])
    pairs = np.zeros((deals, 2), dtype=np.int16)
    flat: list[tuple[int, int]] = []
    offsets = np.zeros(deals + 1, dtype=np.int32)
    t0 = time.perf_counter()
    for i in range(deals):
        pair, steps = one_deal(rng.permutation(32), rules, solver)
        pairs[i] = pair
        flat += steps
        offsets[i + 1] = len(flat)
    seconds = time.perf_counter() - t0
    return {"pairs": pairs, "steps": np.array(flat, dtype=np.int16).reshape(-1, 2), "offsets": offsets,
            "seed": np.int64(seed), "deals": np.int64(deals), "seconds": np.float64(seconds),
            "rules": np.str_(rules.name), "model": np.str_(MODEL)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--presets", nargs="*", default=list(TWO_HANDED_PRESETS))
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args()
    from piquet_calc.analysis.partie_value import build_values

    for name in args.presets:
        rules = TWO_HANDED_PRESETS[name]
        data = sample(rules, args.deals, args.seed)
        t = time.perf_counter()
        data.update(build_values(name, data["pairs"], data["steps"], data["offsets"], seed=args.seed))
        data["table_seconds"] = np.float64(time.perf_counter() - t)
        path = args.out / f"partie_{name}.npz"
        np.savez_compressed(path, **data)
        p = data["pairs"].astype(float)
        print(f"partie-deals rules={name} deals={args.deals} seed={args.seed} seconds={data['seconds']:.1f} "
              f"table_seconds={data['table_seconds']:.1f} elder_mean={p[:, 0].mean():.2f} "
              f"dealer_mean={p[:, 1].mean():.2f} file={path.name}", flush=True)


if __name__ == "__main__":
    main()

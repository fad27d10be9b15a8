"""Golden hashes: every count of a whole analysis of a benchmark hand pinned by one line per preset.

The hashes were computed before the package was reshaped (issue "Make room for the play"), so a
refactor of the kernels or the drivers that changes any count, or the ranking, fails here. One
preset runs by default; the rest are ``slow`` (``pytest -m slow``). The commands' whole --json documents, every
command and game, are pinned beside these: tests/test_golden_documents.py.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from piquet_calc import analyse_discards, get_rules, parse_hand

ELDER_HAND = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"  # benchmarks/bench.py's first hand
YOUNGER_HAND = "QS JS TS 9S 8S JH 9H KD QD AC JC TC"  # and its younger one

GOLDEN = {
    ("rubicon", "elder"): "c9ad855c45ce7a0e4e2cff4a1f98d95dd101e43942b6ff2f8c7b1ad5a8515d03",
    ("rubicon", "younger"): "7da7bf612bcf5d32a606b3c6e76cf4105aae3a7b13aa235199060814f51bb5d7",
    ("au-cent", "elder"): "2e0c643d0bc8d4d8051da5591fcecdb1540d153b8a1f23ffe3033468e5bacfe9",
    ("au-cent", "younger"): "25af65dd0bc17c5f5162b4b80a8eeff82ee41495b5570212916d20343fac050c",
    ("english", "elder"): "2e0c643d0bc8d4d8051da5591fcecdb1540d153b8a1f23ffe3033468e5bacfe9",
    ("english", "younger"): "0c635498eff6669c92cecc17f98f8311ae862ea5cc690e7330a40fd326fcdc60",
    ("russian", "elder"): "bd6297ad20160367ed32214e4a6082a477c5c38952a6e98a64194ebcbfa2cbbf",
    ("russian", "younger"): "799353b5b99e01bbb9c09b6bfab7e75787a2defad5db60c3af0f180c3d8fb21b",
    ("encyclopedia", "elder"): "ca0884d2f6a234bbae3339c028d227f26ad74314dc228c89e1885642e7e61bc2",
    ("encyclopedia", "younger"): "d4a521a2dad5ead768ca188ad86773cfcee6833c5ffc481de032749139c0109f",
}


def analysis_hash(rules: str, position: str) -> str:
    """sha256 of every discard's cards and counts, in ranked order."""
    hand = ELDER_HAND if position == "elder" else YOUNGER_HAND
    result = analyse_discards(parse_hand(hand), position, get_rules(rules))
    rows = [[[str(c) for c in d.discard], sorted(d.counts.items())] for d in result.discards]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


@pytest.mark.parametrize(("rules", "position"), [
    pytest.param(r, p, marks=() if r == "rubicon" else pytest.mark.slow) for r, p in GOLDEN
])
def test_golden_analysis(rules: str, position: str) -> None:
    assert analysis_hash(rules, position) == GOLDEN[rules, position]


# --- the play solvers (issue 39: their roads folded into one) -----------------------------------------------

PLAY_GOLDEN = {
    "rubicon": "c5cf89b01cab0d479f291a0265ae6f6924e8830ab091c642922412e4eb4a050c",
    "au-cent": "059e7df2c6f1135c288fce07b00adbf46d8e41efec5b70506f7c07e34ab602ef",
    "english": "059e7df2c6f1135c288fce07b00adbf46d8e41efec5b70506f7c07e34ab602ef",
    "russian": "92c8f5f7a484b473b0fa5205e1d212474ef62b17c689d73f25b7c39a60c126e6",
    "encyclopedia": "6eeb24dad5fc3cc3050e1bff87977297075a0382adc9c031d91c5134285a901e",
}
"""A regression pin, copied from the solvers' own output before their roads were folded (issue 39): the
exact references are tests/test_play.py's and tests/test_play_plain.py's (plain minimax, the plain solver)."""


def play_hash(rules_name: str) -> str:
    """sha256 of, on seeded whole deals: the kernel's value, line, at_least on either side of the value and
    every first lead valued (kernels/seen.py, with elder's tricks on its line); every reply to the first lead;
    and the plain solver's value and line on the first deal."""
    import random

    import numpy as np

    from piquet_calc.cards import DECK
    from piquet_calc.engine.play import Solver, solve_position
    from piquet_calc.engine.seen import SeenSolver, position_row
    from piquet_calc.game.play import start
    from piquet_calc.game.solve import PlainSolver

    rules = get_rules(rules_name)
    rng = random.Random(39)
    solver, seen = Solver(rules), SeenSolver(rules, threads=1)
    rows = []
    for k in range(4):
        cards = rng.sample(DECK, 24)
        live = k % 2 == 0
        before = (rng.randint(18, 29), 0) if live else (rng.randint(0, 40), rng.randint(1, 40))
        state = start(cards[:12], cards[12:], rules, before[0], before[1], live)
        sol = solve_position(state, rules, solver)
        row = [sol.value, [str(c) for t in sol.line for c in t], solver.at_least(state, sol.value),
               solver.at_least(state, sol.value + 1)]
        positions = np.stack([position_row(state, rules), position_row(state, rules, sol.line[0][0])])
        out, counts = seen.values(positions, lines=True)
        row += [out[i, :counts[i]].tolist() for i in range(2)]
        if k == 0:
            plain = PlainSolver(rules)
            row += [plain.value(state), [str(c) for t in plain.line(state) for c in t]]
        rows.append(row)
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


@pytest.mark.parametrize("rules", [pytest.param(r, marks=() if r == "rubicon" else pytest.mark.slow)
                                   for r in PLAY_GOLDEN])
def test_golden_play(rules: str) -> None:
    assert play_hash(rules) == PLAY_GOLDEN[rules]

"""The plain-Python play solver (game/solve.py) against plain minimax and the kernel solver, and the road
`piquet-calc play` takes: the plain solver while the play kernels are not compiled, the same output."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from piquet_calc import report
from piquet_calc.analysis.play import analyse_play, parse_tricks
from piquet_calc.cards import parse_cards
from piquet_calc.cli.common import _json_safe
from piquet_calc.engine import first_run
from piquet_calc.engine.play import Solver, line_choices
from piquet_calc.engine.solvers import solver_for
from piquet_calc.game.play import minimax
from piquet_calc.game.solve import PlainSolver
from piquet_calc.rules import TWO_HANDED_PRESETS as PRESETS
from piquet_calc.rules import get_rules

from .test_play import A_DEALER, B_ELDER, HOYLE_DEALER, HOYLE_ELDER, random_ending, whole_deals

ROOT = Path(__file__).resolve().parent.parent
# deals for the road's output: (elder, dealer, rules, tricks); what each shows is checked in the test below
PIQUE_E, PIQUE_D = "AS JS TS 9S 8S AH QH JH AD QD 8D AC", "KS QS TH 8H TD 9D 7D KC QC JC 9C 8C"
DEALS = [
    (B_ELDER, A_DEALER, "rubicon", ""),
    (B_ELDER, A_DEALER, "encyclopedia", "AH TC, KH JC"),
    (HOYLE_ELDER, HOYLE_DEALER, "rubicon", ""),  # capot
    (HOYLE_ELDER, HOYLE_DEALER, "english", ""),
    (PIQUE_E, PIQUE_D, "rubicon", ""),  # pique live at the start, and reached in the play
    ("AS QS AH KH JH AD KD QD JD TD 9D 7C", "JS TS TH 9H 8H 7H 8D 7D AC JC 9C 8C", "au-cent", "AD 7D"),
]


def test_plain_solver_equals_minimax_on_endings():
    """The plain solver's rules and search against game.play's plain minimax (no kernel involved)."""
    rng = random.Random(27)
    solvers = {name: PlainSolver(rules) for name, rules in PRESETS.items()}
    seen = set()
    for n in [1, 2, 3, 4, 5] * 60:
        state, rules = random_ending(rng, n)
        seen.add((rules.name, state.leader, state.pique_live))
        assert solvers[rules.name].value(state) == minimax(state, rules), (rules.name, state)
    assert len(seen) == 5 * 2 * 2  # every preset, either leader, pique live and not


@pytest.mark.parametrize("rounds", [10, pytest.param(25, marks=pytest.mark.slow)])  # 25: minutes of plain Python
def test_plain_solver_equals_the_kernel_on_endings_values_lines_and_choices(rounds):
    """Values, lines and every equally good card, on positions of a few tricks under every preset (``rounds``
    positions of each size, 2 to 7 tricks)."""
    rng = random.Random(28)
    kernel = {name: Solver(rules) for name, rules in PRESETS.items()}
    plain = {name: PlainSolver(rules) for name, rules in PRESETS.items()}
    for n in [2, 3, 4, 5, 6, 7] * rounds:
        state, rules = random_ending(rng, n)
        k, p = kernel[rules.name], plain[rules.name]
        assert p.value(state) == k.value(state), (rules.name, state)
        line = k.line(state)
        assert p.line(state) == line, (rules.name, state)
        assert line_choices(state, line, rules, p) == line_choices(state, line, rules, k), (rules.name, state)
        target = k.value(state)
        assert [p.at_least(state, target + d) for d in (-1, 0, 1)] == [True, True, False]


@pytest.mark.parametrize("name", list(PRESETS))
def test_plain_solver_equals_the_kernel_on_a_whole_deal(name):
    rules = PRESETS[name]
    k, p = Solver(rules), PlainSolver(rules)
    for state in whole_deals(rules, 1, seed=300 + len(name)):
        assert p.value(state) == k.value(state)
        assert p.line(state) == k.line(state)


@pytest.mark.slow  # about a second a deal in plain Python
@pytest.mark.parametrize("name", list(PRESETS))
def test_plain_solver_equals_the_kernel_on_ten_whole_deals_with_their_choices(name):
    rules = PRESETS[name]
    k, p = Solver(rules), PlainSolver(rules)
    for state in whole_deals(rules, 10, seed=400 + len(name)):
        line = k.line(state)
        assert p.value(state) == k.value(state) and p.line(state) == line
        assert line_choices(state, line, rules, p) == line_choices(state, line, rules, k)


def _both(e: str, d: str, rules_name: str, tricks: str):
    rules = get_rules(rules_name)
    args = (parse_cards(e), parse_cards(d), rules, parse_tricks(tricks))
    return analyse_play(*args, kernel=True), analyse_play(*args, kernel=False)


@pytest.mark.parametrize("deal", DEALS, ids=lambda d: f"{d[2]}{'-tricks' if d[3] else ''}-{d[0][:5]}")
def test_both_roads_give_the_same_analysis_table_and_json(deal):
    kernel, plain = _both(*deal)
    assert plain == kernel
    assert report.play_table(plain) == report.play_table(kernel)
    assert json.dumps(report.play_data(plain)) == json.dumps(report.play_data(kernel))


def test_the_deals_show_what_they_are_for():
    """DEALS holds a capot line, a deal whose pique is live at the start and one with recorded tricks."""
    capot = _both(*DEALS[2])[0]
    assert 0 in capot.tricks_won
    for deal in DEALS[4:]:
        pique = _both(*deal)[0]
        assert pique.pique_live and pique.pique and not pique.pique_at_start and 0 < pique.before[0] < 30
    assert DEALS[1][3] and DEALS[5][3]


def test_solver_for_takes_the_kernel_only_when_it_is_compiled(monkeypatch, capsys):
    monkeypatch.setattr(first_run, "_silenced", False)
    monkeypatch.setattr(first_run, "_checked", set())
    monkeypatch.setattr(first_run, "compiled", lambda name, entries=None: False)
    rules = get_rules("rubicon")
    assert isinstance(solver_for(rules), PlainSolver)
    assert capsys.readouterr().err == (
        "piquet-calc: the play solver is not compiled yet: answered by the plain solver (same values); "
        "`piquet-calc warm --only play` compiles it\n")
    assert isinstance(solver_for(rules, kernel=True), Solver)  # warm's road
    capsys.readouterr()  # into an empty cache the kernel road compiles, saying so: not what is checked here
    monkeypatch.setattr(first_run, "_silenced", True)
    assert isinstance(solver_for(rules), PlainSolver) and capsys.readouterr().err == ""
    monkeypatch.setattr(first_run, "compiled", lambda name, entries=None: True)
    assert isinstance(solver_for(rules), Solver)


def _cli(args: list[str], cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache),
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    return subprocess.run([sys.executable, "-m", "piquet_calc", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)


def test_a_first_play_on_an_empty_cache_answers_from_the_plain_solver_and_compiles_nothing(tmp_path):
    """A new NUMBA_CACHE_DIR: the line on stderr, the kernel road's output byte for byte, no kernel cached."""
    for e, d, name, tricks in (DEALS[0], DEALS[4]):
        kernel = analyse_play(parse_cards(e), parse_cards(d), get_rules(name), parse_tricks(tricks), kernel=True)
        out = _cli(["play", e, d, "--rules", name], tmp_path)
        assert out.returncode == 0, out.stderr
        assert out.stderr.splitlines() == ["piquet-calc: the play solver is not compiled yet: answered by the plain "
                                           "solver (same values); `piquet-calc warm --only play` compiles it"]
        assert out.stdout == report.play_table(kernel) + "\n"
        quiet = _cli(["play", e, d, "--rules", name, "--json", "--quiet"], tmp_path)
        assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
        data = _json_safe(report.play_data(kernel))  # as the CLI writes it (cli/common.py's _emit)
        assert quiet.stdout in (json.dumps(data, indent=1, ensure_ascii=ascii, allow_nan=False) + "\n"
                                for ascii in (False, True))
    assert not list(tmp_path.rglob("*.nbi")) and not list(tmp_path.rglob("*.nbc"))  # nothing compiled

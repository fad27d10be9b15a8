"""The whole-deal model (analysis/deal.py, engine/deal.py, kernels/deal.py): tied to the exact uniform
analysis, to the play solver, to itself across thread counts, and the race's rule."""

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from piquet_calc.analysis.deal import analyse_deal, race
from piquet_calc.cards import cards_of, parse_cards, parse_hand
from piquet_calc.cli import app
from piquet_calc.engine.deal import DealSampler
from piquet_calc.kernels.layout import D_D_DECL, D_D_PLAY, D_D_REPIQUE, D_E_DECL, D_E_PLAY, D_E_REPIQUE
from piquet_calc.report import deal_data, deal_table
from piquet_calc.rules import PRESETS, RUBICON, RUSSIAN

BOOK = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"  # 004's elder, dealt
A_DEALER = "QS JS TS 9S 8S JH 9H KD QD AC JC TC"  # 004's dealer, dealt
ONE_CARD = RUBICON.with_exchange(elder=(1,))  # twelve discards: small enough to judge every one with the play


def _check_against_uniform(a, names=("declarations_me", "declarations_opp", "pique_me", "repique_me",
                                      "repique_opp")):
    """Every reported mean within 4 standard errors of the exact uniform analysis."""
    pique = a.rules.pique_bonus
    checked = 0
    for d in a.discards:
        u = d.uniform
        exact = {"declarations_me": u.expected_score("me") - pique * u.probability("pique_me"),
                 "declarations_opp": u.expected_score("opp") - pique * u.probability("pique_opp"),
                 "pique_me": u.probability("pique_me"), "pique_opp": u.probability("pique_opp"),
                 "repique_me": u.probability("repique_me"), "repique_opp": u.probability("repique_opp")}
        for name in names:
            est = d.figures[name]
            assert abs(est.mean - exact[name]) <= 4 * est.se + 1e-9, (d.discard, name, est, exact[name])
            checked += 1
        assert abs(d.net.mean - float(u.net)) <= 4 * d.net.se, (d.discard, d.net, float(u.net))
    return checked


def test_opponent_keeping_his_hand_agrees_with_the_exact_uniform_model_elder():
    also = [parse_cards("AS AH KH QH TH"), parse_cards("9C 8C")]
    a = analyse_deal(parse_hand(BOOK), "elder", samples=3000, top=3, also=also, play=False, opponent="keeps",
                     seed=11)
    assert len(a.discards) == 5 and sum(d.forced for d in a.discards) == 2
    assert _check_against_uniform(a) == 25


def test_opponent_keeping_his_hand_agrees_with_the_exact_uniform_model_younger():
    # younger: elder keeps his dealt hand, the dealer's draw comes after elder's four
    a = analyse_deal(parse_hand(A_DEALER), "younger", elder_took=4, samples=3000, top=3, play=False,
                     opponent="keeps", seed=12)
    assert _check_against_uniform(a, ("declarations_me", "declarations_opp", "repique_me", "repique_opp",
                                      "pique_opp")) == 15


def test_play_of_sampled_deals_equals_the_play_solver():
    from piquet_calc.cards import mask_of
    from piquet_calc.engine.play import solve_deal

    cases = [("elder", BOOK, RUBICON, ("9C 8C TD", "AS AH KH", "8H 7H 9D"), 10),
             ("younger", A_DEALER, RUSSIAN, ("JH 9H 8S", "QS JS TS"), 10)]
    cases += [("elder", BOOK, PRESETS[name], ("9C 8C TD", "AS 7H 8H"), 5) for name in ("au-cent", "english",
                                                                                      "encyclopedia")]
    for position, hand, rules, discards, n in cases:
        sampler = DealSampler(parse_hand(hand), position, rules, seed=5)
        masks = [(mask_of(parse_cards(d)), 3) for d in discards]
        cols = sampler.evaluate(0, 0, n, masks, _pool(), play=True)  # one table through every solve
        for j, (mask, size) in enumerate(masks):
            elder, dealer = sampler.finals(0, 0, n, mask, size)
            for i in range(n):
                row = cols[j, i]
                e_before, d_before = int(row[D_E_DECL]), int(row[D_D_DECL])
                live = not row[D_E_REPIQUE] and not row[D_D_REPIQUE] and d_before == 0
                sol = solve_deal(cards_of(int(elder[i])), cards_of(int(dealer[i])), rules, e_before, d_before, live)
                assert sol.totals == (e_before + row[D_E_PLAY], d_before + row[D_D_PLAY]), (position, j, i)


def _pool():
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=2)


def test_same_seed_same_json_with_one_and_two_threads():
    runs = [deal_data(analyse_deal(parse_hand(BOOK), "elder", ONE_CARD, samples=40, top=3, seed=3, threads=n))
            for n in (1, 2)]
    assert json.dumps(runs[0]) == json.dumps(runs[1])
    assert runs[0]["model"] == "deal" and runs[0]["samples"] == 40 and runs[0]["seed"] == 3
    other = deal_data(analyse_deal(parse_hand(BOOK), "elder", ONE_CARD, samples=40, top=3, seed=4, threads=2))
    assert json.dumps(other) != json.dumps(runs[0])


def test_the_race_keeps_a_discard_better_by_a_wide_margin():
    # 400 candidates with deal values of spread 40 on each deal; candidate 137 is 8 points better
    rng = np.random.default_rng(1)
    deal_effect = rng.normal(0, 30, 4096)
    noise = rng.normal(0, 25, (400, 4096))
    truth = rng.normal(0, 3, 400)
    truth[137] = truth.max() + 8

    def values_of(alive, lo, hi):
        return deal_effect[lo:hi] + truth[alive][:, None] + noise[alive, lo:hi]

    for keep in (1, 3, 10):
        survivors, rounds = race(values_of, 400, keep, 2048)
        assert 137 in survivors and len(survivors) == keep
        assert rounds[0].running == 400 and rounds[-1].kept == keep


def test_race_drops_only_on_its_own_rule():
    # identical candidates: nothing is beaten on evidence, so successive quartering alone decides
    survivors, rounds = race(lambda alive, lo, hi: np.zeros((len(alive), hi - lo)), 64, 2, 1000)
    assert [r.kept for r in rounds] == [16, 4, 2]
    assert survivors == [0, 1]  # equal means keep the candidates' order


def test_whole_deal_with_the_play_reports_every_figure():
    a = analyse_deal(parse_hand(BOOK), "elder", ONE_CARD, samples=30, top=2, seed=8,
                     also=[parse_cards("AS")])
    data = deal_data(a)
    d = data["discards"][0]["deal"]
    for key in ("net", "vs_best", "declarations", "play", "cards", "capot", "pique", "repique"):
        assert key in d
    assert d["vs_best"] == {"mean": 0.0, "se": 0.0}
    cards = data["discards"][0]["deal"]["cards"]
    assert math.isclose(cards["win"]["mean"] + cards["divide"]["mean"] + cards["lose"]["mean"], 1.0)
    assert data["discards"][-1]["discard"] == ["AS"] and data["discards"][-1]["forced"]
    table = deal_table(a)
    assert "30 fresh deals per discard, seed 8" in table and "#1 over #2" in table


def test_younger_after_elders_carte_blanche_deals_only_blanche_hands():
    sampler = DealSampler(parse_hand(A_DEALER), "younger", RUBICON, seed=2, elder_took=5, elder_blanche=True)
    courts = sum(1 << (s * 8 + r) for s in range(4) for r in (4, 5, 6))  # every J, Q, K
    deals = sampler.deals(0, 0, 600)
    assert not np.any(deals.opponent & courts)
    assert np.all(deals.prefix[:, 8] & deals.opponent == 0)
    elder_cb, _ = sampler.carte_blanche(0, 0, 600)
    assert np.all(elder_cb == RUBICON.blanche_points)
    # a younger hand leaving fewer than twelve unseen cards without a court: no carte blanche possible
    result = CliRunner().invoke(app, ["discard", "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD", "--younger",
                                      "--elder-blanche", "--play", "-q"])
    assert result.exit_code == 2 and "cannot have shown carte blanche" in result.output


runner = CliRunner()


def test_cli_play_errors_are_one_line():
    for args, words in ((["--also", "AS"], "--also: needs --play"),
                        (["--play", "--also", "KS"], "not in the hand"),
                        (["--play", "--also", "AS AH KH QH TH 8H"], "not a legal discard"),
                        (["--play", "--samples", "1"], "--samples must be 2 to 100,000, not 1")):
        result = runner.invoke(app, ["discard", BOOK, "--elder", "-q", *args])
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines() if result.stderr else result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("piquet-calc: error:") and words in lines[0], lines


@pytest.mark.slow
def test_cli_play_json_round_trip():
    result = runner.invoke(app, ["discard", BOOK, "--elder", "--play", "--samples", "50", "--top", "2",
                                 "--json", "-q"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["model"] == "deal" and len(data["discards"]) == 2


@pytest.mark.slow
def test_ctrl_c_ends_cleanly():
    import os
    import signal
    import subprocess
    import sys
    import time

    # many samples, so that the run is still going when its first progress line comes (not a fixed sleep:
    # how long a run takes is the machine's business)
    p = subprocess.Popen([sys.executable, "-m", "piquet_calc", "discard", BOOK, "--elder", "--play",
                          "--samples", "50000"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = b""
    deadline = time.monotonic() + 300
    while b"judged" not in seen and time.monotonic() < deadline:
        chunk = os.read(p.stderr.fileno(), 4096)
        if not chunk:
            break
        seen += chunk
    assert b"judged" in seen, seen
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and out == b""
    assert (seen + err).decode().strip().splitlines()[-1] == "piquet-calc: interrupted: nothing printed"

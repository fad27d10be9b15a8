"""The whole-deal model (analysis/deal.py, engine/deal.py, kernels/deal.py): tied to the exact uniform
analysis, to the play solver, to itself across thread counts, and the race's rule."""

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from piquet_calc.analysis.deal import analyse_deal
from piquet_calc.analysis.race import race
from piquet_calc.cards import cards_of, parse_cards, parse_hand
from piquet_calc.cli import app
from piquet_calc.engine.deal import DealSampler
from piquet_calc.kernels.layout import (
    DEAL_DEALER_DECLARATIONS,
    DEAL_DEALER_PLAY,
    DEAL_DEALER_REPIQUE,
    DEAL_ELDER_DECLARATIONS,
    DEAL_ELDER_PLAY,
    DEAL_ELDER_REPIQUE,
    DEAL_ELDER_RUN_PIQUE,
)
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
                e_before, d_before = int(row[DEAL_ELDER_DECLARATIONS]), int(row[DEAL_DEALER_DECLARATIONS])
                live = not row[DEAL_ELDER_REPIQUE] and not row[DEAL_DEALER_REPIQUE] and d_before == 0
                sol = solve_deal(cards_of(int(elder[i])), cards_of(int(dealer[i])), rules, e_before, d_before, live)
                assert sol.totals == (e_before + row[DEAL_ELDER_PLAY], d_before + row[DEAL_DEALER_PLAY]), (position, j,
                                                                                                           i)


def test_the_value_alone_gives_the_same_net_as_the_line():
    # the race's rows (line=False: kernels.deal.play_values, the solver's value without its line) give every
    # row the net the report's rows give (play_deals, tested against the solver above), in every preset
    from piquet_calc.cards import mask_of
    from piquet_calc.engine.deal import user_net

    elders = ("9C 8C TD", "AS AH KH QH", "8H 7H 9D 9C 8C")
    for position, hand, rules, discards in [("elder", BOOK, RUBICON, elders),
                                            ("younger", A_DEALER, RUSSIAN, ("JH 9H 8S", "QS JS", "AC")),
                                            *[("elder", BOOK, PRESETS[name], elders) for name in ("au-cent", "english",
                                                                                                  "encyclopedia")]]:
        sampler = DealSampler(parse_hand(hand), position, rules, seed=6)
        masks = [(mask_of(parse_cards(d)), len(d.split())) for d in discards]
        full = sampler.evaluate(0, 0, 40, masks, _pool(), uniform=True)
        alone = sampler.evaluate(0, 0, 40, masks, _pool(), uniform=True, line=False)
        me = position == "elder"
        assert np.array_equal(user_net(full, me, True, rules), user_net(alone, me, True, rules)), (position, rules)
        assert np.array_equal(full[..., DEAL_ELDER_DECLARATIONS], alone[..., DEAL_ELDER_DECLARATIONS])


def test_the_finals_of_many_discards_are_each_discards_finals():
    # finals_of (every discard of a call at once, by size) against finals (one discard), both exchanges and the
    # uniform model's, elder and the dealer
    from piquet_calc.cards import mask_of

    for position, hand, discards in [("elder", BOOK, ("9C", "AS AH KH", "8H 7H 9D", "9C 8C TD 9D 7H")),
                                     ("younger", A_DEALER, ("JH 9H 8S", "QS", "AC JC", "TC 9H KD"))]:
        sampler = DealSampler(parse_hand(hand), position, RUBICON, seed=4)
        masks = [(mask_of(parse_cards(d)), len(d.split())) for d in discards]
        for uniform in (False, True):
            elder, dealer = sampler.finals_of(0, 3, 40, masks, uniform=uniform)
            for j, (mask, size) in enumerate(masks):
                e, d = sampler.finals(0, 3, 40, mask, size, uniform=uniform)
                assert np.array_equal(elder[:, j], e) and np.array_equal(dealer[:, j], d), (position, j, uniform)


def test_the_winner_alone_is_the_analysis_number_one():
    # deal_winner (the race and the order, no report) names analyse_deal's #1: elder (the control's mean
    # exact) and the dealer (sampled on its own stream), a race of several rounds and one with none
    from piquet_calc.analysis.deal import deal_winner

    for hand, position, rules, took, top, samples in [(BOOK, "elder", ONE_CARD, 5, 3, 80),
                                                      (BOOK, "elder", RUBICON, 5, 4, 70),
                                                      (A_DEALER, "younger", RUBICON, 5, 2, 60),
                                                      (A_DEALER, "younger", ONE_CARD, 1, 0, 30)]:
        a = analyse_deal(parse_hand(hand), position, rules, took, samples=samples, top=top, seed=9, threads=2)
        w = deal_winner(parse_hand(hand), position, rules, took, samples=samples, top=top, seed=9, threads=1)
        assert w == a.discards[0].discard, (hand, position, top)


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
        return deal_effect[lo:hi] + truth[alive][:, None] + noise[alive, lo:hi], None

    for keep in (1, 3, 10):
        survivors, rounds, _ = race(values_of, 400, keep, 2048)
        assert 137 in survivors and len(survivors) == keep
        assert rounds[0].running == 400 and rounds[-1].kept == keep


def _shared_noise_race(seed, sizes=(12, 66, 220, 495, 792), control=True, margin=2.0):
    """A race shaped like the real one: candidates in groups (discard sizes) whose members draw the same
    cards, so most of a deal's luck is shared within a group; the best candidate sits in a random group,
    ``margin`` points above the next. The control is the shared luck plus part of each candidate's own,
    of known mean. Returns (whether the best survived, the regret of the race's #1 in true value)."""
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(len(sizes)), sizes)
    n, deals = len(groups), 1024
    shared = rng.normal(0, 25, (len(sizes), deals))  # the cards each size draws
    own = rng.normal(0, 8, (n, deals))
    truth = rng.normal(0, 4, n) + 2 * groups
    best = int(rng.integers(n))
    truth[best] = np.delete(truth, best).max() + margin
    mu = rng.normal(0, 5, n)  # each candidate's control mean, known exactly
    x = shared[groups] + 0.8 * own + mu[:, None]
    y = truth[:, None] + shared[groups] + own + rng.normal(0, 3, (n, deals))

    def values_of(alive, lo, hi):
        return y[alive, lo:hi], (x[alive, lo:hi] if control else None)

    survivors, _, _ = race(values_of, n, 10, 1000, groups, mu if control else None)
    return best in survivors, truth.max() - truth[survivors[0]]


def test_the_race_keeps_the_best_when_the_noise_is_shared_within_a_size():
    # the race used to cut after 4 deals across sizes, so whole sizes passed or failed together on their
    # shared draws; here the best survives in every one of 40 seeded races, with the control or without
    outcomes = [_shared_noise_race(seed) for seed in range(40)]
    assert all(kept for kept, _ in outcomes), [i for i, (kept, _) in enumerate(outcomes) if not kept]
    assert np.mean([regret for _, regret in outcomes]) < 0.5
    assert sum(_shared_noise_race(seed, control=False)[0] for seed in range(10)) >= 9


def test_race_drops_only_on_its_own_rule():
    # identical candidates: nothing is beaten on evidence, so quartering within a group decides while more than
    # four times the final round run (64 -> 16 -> 4), then nothing is cut until the last round keeps the best 2
    survivors, rounds, _ = race(lambda alive, lo, hi: (np.zeros((len(alive), hi - lo)), None), 64, 2, 1000)
    assert [r.kept for r in rounds] == [16, 4, 4, 2] and rounds[-1].deals == 1000
    assert survivors == [0, 1]  # equal means keep the candidates' order
    # two groups of 32: each keeps its best quarter, so the second group is not cut away on the first's luck
    _, rounds, _ = race(lambda alive, lo, hi: (np.zeros((len(alive), hi - lo)), None), 64, 2, 1000, [0] * 32 + [1] * 32)
    assert [r.kept for r in rounds] == [16, 4, 4, 2]


def test_a_difference_that_never_varied_is_no_evidence():
    # candidate 1 is a constant 0.25 behind candidate 0 on every deal: a standard error of 0, but one point
    # a deal is the least spread assumed, so after 64 deals it is not beaten (0.25 < z / 8)
    def values_of(alive, lo, hi):
        return np.array([[0.0] * (hi - lo), [-0.25] * (hi - lo), [-50.0] * (hi - lo), [-50.0] * (hi - lo)])[alive], None

    survivors, rounds, _ = race(values_of, 4, 2, 64)
    assert survivors == [0, 1] and rounds[-1].kept == 2
    # and on fewer than 64 deals nothing is dropped on evidence at all
    survivors, rounds, _ = race(values_of, 4, 3, 1000)
    assert rounds[0].deals == 16 and rounds[0].kept == 4


def test_race_z_corrects_for_the_number_compared():
    from piquet_calc.analysis.race import RACE_Z, race_z

    assert race_z(1) == RACE_Z and race_z(1585) > race_z(100) > RACE_Z


def test_whole_deal_with_the_play_reports_every_figure():
    a = analyse_deal(parse_hand(BOOK), "elder", ONE_CARD, samples=30, top=2, seed=8,
                     also=[parse_cards("AS")])
    data = deal_data(a)
    d = data["choices"][0]["deal"]
    for key in ("net", "vs_best", "declarations", "play", "cards", "capot", "pique", "repique"):
        assert key in d
    assert d["vs_best"] == {"mean": 0.0, "se": 0.0}
    cards = data["choices"][0]["deal"]["cards"]
    assert math.isclose(cards["win"]["mean"] + cards["divide"]["mean"] + cards["lose"]["mean"], 1.0)
    assert data["choices"][-1]["discard"] == ["AS"] and data["choices"][-1]["forced"]
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
    assert data["model"] == "deal" and len(data["choices"]) == 2


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


COURTS = "KS QS JS KH QH JH KD QD JD KC QC 7C"  # younger holds 11 of the 12 courts: only JC is unseen


def test_younger_elder_who_showed_no_carte_blanche_holds_a_court():
    # elder showed no carte blanche, so his dealt hand holds the one court left (JC) on every deal, and he
    # never scores carte blanche (it used to be dealt and scored: 9.23 against the exact 4.36)
    sampler = DealSampler(parse_hand(COURTS), "younger", RUBICON, seed=4, opponent="keeps")
    jc = 1 << parse_cards("JC")[0].index
    assert np.all(sampler.deals(0, 0, 2000).opponent & jc)
    assert np.all(sampler.carte_blanche(0, 0, 2000)[0] == 0)
    # every court in younger's hand: elder must have shown carte blanche
    allc = "KS QS JS KH QH JH KD QD JD KC QC JC"
    result = CliRunner().invoke(app, ["discard", allc, "--younger", "--play", "-q"])
    assert result.exit_code == 2 and "elder must have carte blanche" in result.output


def test_court_heavy_younger_agrees_with_an_exact_count_of_elders_holdings():
    # younger keeps all twelve (a legal exchange of 0 under rubicon) and elder keeps his dealt hand: the
    # sampled declarations must match the exact mean over every dealt hand elder can hold given that he
    # showed no carte blanche (the 75,582 twelve-card hands of the 20 unseen cards that hold JC), scored
    # one by one with the declaration kernel (itself tied to game.declarations in test_kernels.py)
    import itertools

    from piquet_calc.cards import DECK, mask_of
    from piquet_calc.engine.rule_arrays import rule_arrays_for
    from piquet_calc.kernels import deal as kd

    hand = parse_hand(COURTS)
    jc = parse_cards("JC")[0]
    others = [c for c in DECK if c not in hand and c != jc]
    elders = np.array([mask_of(h) | (1 << jc.index) for h in itertools.combinations(others, 11)], dtype=np.int64)
    n = len(elders)
    assert n == math.comb(19, 11)
    dealer = np.full(n, mask_of(hand), dtype=np.int64)
    zeros = np.zeros(n, dtype=np.int64)
    cols = np.zeros((n, 14), dtype=np.int64)
    kd.declare_deals(0, n, elders, dealer, zeros, zeros, rule_arrays_for(RUBICON).packed, cols)
    exact_opp = (cols[:, DEAL_ELDER_DECLARATIONS]).mean()
    exact_net = (cols[:, DEAL_DEALER_DECLARATIONS] - cols[:, DEAL_ELDER_DECLARATIONS]
                 - RUBICON.pique_bonus * cols[:, DEAL_ELDER_RUN_PIQUE]).mean()
    a = analyse_deal(hand, "younger", samples=3000, top=1, also=[()], play=False, opponent="keeps", seed=21)
    keep_all = [d for d in a.discards if d.discard == ()][0]
    opp = keep_all.figures["declarations_opp"]
    assert abs(opp.mean - exact_opp) <= 4 * opp.se, (opp, exact_opp)
    assert abs(keep_all.net.mean - exact_net) <= 4 * keep_all.net.se, (keep_all.net, exact_net)
    # the control's mean is sampled here (the uniform model does not condition elder's hand), and it shrinks
    # the standard error of the net
    assert a.control == "sampled" and keep_all.net.se < keep_all.net_plain.se


def test_figures_are_reported_on_deals_that_did_not_choose_them():
    # the order comes from the race's stream; every reported net is the report stream's, recomputed here
    from piquet_calc.analysis.race import RACE_STREAM, REPORT_STREAM, fitted_beta
    from piquet_calc.cards import mask_of
    from piquet_calc.engine.deal import uniform_net, user_net

    hand = parse_hand(BOOK)
    a = analyse_deal(hand, "elder", ONE_CARD, samples=64, top=3, seed=9, play=False)
    sampler = DealSampler(hand, "elder", ONE_CARD, seed=9)
    masks = [(mask_of(d.discard), 1) for d in a.discards]
    race_cols = sampler.evaluate(RACE_STREAM, 0, 64, masks, _pool(), play=False, uniform=True)
    cols = sampler.evaluate(REPORT_STREAM, 0, 64, masks, _pool(), play=False, uniform=True)
    for j, d in enumerate(a.discards):
        y = user_net(cols[j], True, False, ONE_CARD)
        assert d.net_plain.mean == pytest.approx(y.mean())
        ry, rx = user_net(race_cols[j], True, False, ONE_CARD), uniform_net(race_cols[j], True, ONE_CARD)
        beta = fitted_beta(ry, rx)
        x = uniform_net(cols[j], True, ONE_CARD)
        assert d.net.mean == pytest.approx(y.mean() - beta * (x.mean() - float(d.uniform.net)))
    controlled = []
    for j, d in enumerate(a.discards):
        ry, rx = user_net(race_cols[j], True, False, ONE_CARD), uniform_net(race_cols[j], True, ONE_CARD)
        controlled.append(ry.mean() - fitted_beta(ry, rx) * (rx.mean() - float(d.uniform.net)))
    assert controlled == sorted(controlled, reverse=True)


def test_a_handful_of_deals_gives_no_odds_and_strict_json():
    # --samples 2 used to print "740 to 1 on", and a standard error of 0 wrote Infinity into the JSON
    result = CliRunner().invoke(app, ["discard", BOOK, "--elder", "--play", "--samples", "2", "--seed", "1",
                                      "-q", "--top", "2"])
    assert result.exit_code == 0, result.output
    assert "odds need at least 100 deals" in result.output and "to 1 on" not in result.output
    result = CliRunner().invoke(app, ["discard", BOOK, "--elder", "--play", "--samples", "2", "--seed", "1",
                                      "-q", "--top", "2", "--json"])

    def refuse(name):
        raise ValueError(f"not JSON: {name}")

    data = json.loads(result.output, parse_constant=refuse)
    assert data["sureness"]["odds"] is None and data["sureness"]["probability"] is None


def test_a_run_that_would_pass_a_gigabyte_is_refused():
    from piquet_calc.rules import RulesError

    with pytest.raises(RulesError, match="GB of memory"):
        analyse_deal(parse_hand(BOOK), "elder", top=0, samples=10000)


def test_the_kept_report_deals_of_why_count_in_the_memory(monkeypatch):
    """Issue 39: memory_needed did not count --why's kept report deals. 1.1 million deals for three finalists
    fit in a gigabyte; with three of them kept whole (--why, #1, #2) they do not."""
    from piquet_calc.analysis.deal import KEPT_ROW_BYTES, MEMORY_LIMIT, memory_needed
    from piquet_calc.rules import RulesError

    samples = 1_100_000
    assert memory_needed(12, 3, samples, 3) - memory_needed(12, 3, samples) == 3 * samples * KEPT_ROW_BYTES
    assert memory_needed(12, 3, samples) < MEMORY_LIMIT < memory_needed(12, 3, samples, 3)

    class Started(Exception):
        pass

    def started(*a, **k):
        raise Started

    monkeypatch.setattr("piquet_calc.analysis.deal.analyse_discards", started)  # the first work after the checks
    hand = parse_hand(BOOK)
    with pytest.raises(Started):
        analyse_deal(hand, "elder", ONE_CARD, top=2, samples=samples, also=[parse_cards("AS")])
    with pytest.raises(RulesError, match="GB of memory"):
        analyse_deal(hand, "elder", ONE_CARD, top=2, samples=samples, keep_deals=[parse_cards("AS")])


def test_sampler_pique_cards_and_capot_replay_the_solvers_line():
    # the sampler's kernel solves each row and writes pique, the cards and capot from its own line; that
    # line replayed card by card through game.play must give the same columns and totals
    from concurrent.futures import ThreadPoolExecutor

    from piquet_calc.cards import Card, mask_of
    from piquet_calc.engine.play import play_params
    from piquet_calc.game.play import DEALER, ELDER, finish, play_trick, start
    from piquet_calc.kernels import deal as kd
    from piquet_calc.kernels import play as kp
    from piquet_calc.kernels.layout import DEAL_CARDS, DEAL_DEALER_CAPOT, DEAL_ELDER_CAPOT, DEAL_ELDER_PIQUE

    checked = pique_seen = 0
    for rules in (RUBICON, RUSSIAN, PRESETS["au-cent"], PRESETS["encyclopedia"]):
        sampler = DealSampler(parse_hand(BOOK), "elder", rules, seed=13)
        masks = [(mask_of(parse_cards(d)), 3) for d in ("9C 8C TD", "AS AH KH", "8H 7H 9D")]
        cols = sampler.evaluate(0, 0, 20, masks, ThreadPoolExecutor(1), play=False)
        tt, buf, line = kp.new_transposition(), kp.new_buffer(), np.zeros(26, dtype=np.int64)
        for j, (mask, size) in enumerate(masks):
            elder, dealer = sampler.finals(0, 0, 20, mask, size)
            for i in range(20):
                row = cols[j, i:i + 1].copy()
                kd.play_deals(0, 1, elder[i:i + 1], dealer[i:i + 1], play_params(rules), tt, buf, line, row)
                e_before, d_before = int(row[0, DEAL_ELDER_DECLARATIONS]), int(row[0, DEAL_DEALER_DECLARATIONS])
                live = not row[0, DEAL_ELDER_REPIQUE] and not row[0, DEAL_DEALER_REPIQUE] and d_before == 0
                s = start(cards_of(int(elder[i])), cards_of(int(dealer[i])), rules, e_before, d_before, live)
                for k in range(12):
                    lead, reply = Card.from_index(int(line[2 * k])), Card.from_index(int(line[2 * k + 1]))
                    s = play_trick(s, lead, reply, rules)
                end = finish(s, rules)
                assert row[0, DEAL_ELDER_PIQUE] == s.pique
                assert row[0, DEAL_CARDS] == (s.tricks[ELDER] > 6) - (s.tricks[ELDER] < 6)
                assert (row[0, DEAL_ELDER_CAPOT], row[0, DEAL_DEALER_CAPOT]) == (s.tricks[DEALER] == 0,
                                                                                 s.tricks[ELDER] == 0)
                assert end.totals == (e_before + row[0, DEAL_ELDER_PLAY], d_before + row[0, DEAL_DEALER_PLAY])
                checked += 1
                pique_seen += bool(s.pique)
    assert checked == 240 and pique_seen > 0

"""The Normand dealer's exchange by the whole deal (issue 36, item 3): the deals, the control's exact mean,
the values against the plain solver, reproducible from the seed whatever the threads, the command and its --why."""

from __future__ import annotations

import json
import math

import numpy as np
from typer.testing import CliRunner

from piquet_calc.analysis.deal_normand import analyse_deal_normand, versus
from piquet_calc.analysis.declarations_normand import analyse_exchange_normand
from piquet_calc.cards import parse_cards
from piquet_calc.cli import app
from piquet_calc.engine.deal_normand import DealsNormand
from piquet_calc.game.declarations import is_carte_blanche
from piquet_calc.game.play_normand import before_play_normand, start_normand
from piquet_calc.game.seating import score_seating
from piquet_calc.game.solve_normand import PlainSolverNormand
from piquet_calc.rules import get_rules
from piquet_calc.schemas import validator

NORMAND = get_rules("normand")
HAND = parse_cards("AS KS QS JS 9S AH KH 8D 7D AC")
OUT = tuple(parse_cards("8D 7D"))


def test_a_deal_is_the_22_unseen_cards_and_the_same_for_every_option() -> None:
    deals = DealsNormand(HAND, NORMAND, seed=3)
    elder, middle, talon = deals.deal(1, 17)
    assert len(elder) == len(middle) == 10 and len(talon) == 2
    assert set(elder) | set(middle) | set(talon) | set(HAND) == set(parse_cards(
        "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D AC KC QC JC TC 9C 8C 7C"))
    assert deals.deal(1, 17) == DealsNormand(HAND, NORMAND, seed=3).deal(1, 17)  # from the seed alone
    assert deals.deal(1, 17) != deals.deal(0, 17)  # the streams differ


def test_a_deals_value_is_the_plain_solvers_and_its_control_the_declarations() -> None:
    """The dealer's paranoid net doubled, by the plain solver from the deal scored by hand's route; the control:
    the declarations alone (pique by elder's run), his total x 3 minus the table's."""
    deals = DealsNormand(HAND, NORMAND, seed=3, kernel=True)
    for i in range(3):
        elder, middle, talon = deals.deal(0, i)
        final = tuple(c for c in HAND if c not in OUT) + talon
        score = score_seating((elder, middle, final), NORMAND,
                            blanche=(is_carte_blanche(elder, NORMAND), is_carte_blanche(middle, NORMAND), False))
        before, live = before_play_normand(score)
        want_x = 3 * score.total(2) - sum(score.total(s) for s in range(3))
        want_y = PlainSolverNormand(NORMAND).value(start_normand((elder, middle, final), NORMAND, before, live), 2)
        assert deals.one(0, i, OUT) == (want_y, want_x)


def test_the_controls_mean_is_the_exact_declarations_net() -> None:
    """The control variate is unbiased only if its exact mean is the exact analysis's net: 400 sampled deals'
    declarations-only nets agree with the exact enumeration within four standard errors (keep, and 8D 7D out)."""
    exact = {o.discard: o.net for o in analyse_exchange_normand(HAND, NORMAND).options}
    deals = DealsNormand(HAND, NORMAND, seed=11)
    for option in (None, OUT):
        xs = []
        for i in range(400):
            elder, middle, talon = deals.deal(2, i)
            final = HAND if option is None else tuple(c for c in HAND if c not in option) + talon
            s = score_seating((elder, middle, final), NORMAND,
                            blanche=(is_carte_blanche(elder, NORMAND), is_carte_blanche(middle, NORMAND), False))
            xs.append((3 * s.total(2) - sum(s.total(k) for k in range(3))) / 2)
        mean, se = float(np.mean(xs)), float(np.std(xs, ddof=1)) / math.sqrt(len(xs))
        assert abs(mean - float(exact[option])) < 4 * se + 1e-9, (option, mean, float(exact[option]), se)


def test_reproducible_from_the_seed_whatever_the_threads() -> None:
    runs = [analyse_deal_normand(HAND, NORMAND, samples=4, seed=9, top=1, also=[None], threads=t) for t in (1, 2)]
    a, b = runs
    assert [o.discard for o in a.options] == [o.discard for o in b.options]
    for x, y in zip(a.options, b.options, strict=True):
        assert np.array_equal(x.values, y.values) and np.array_equal(x.controls, y.controls)
        assert x.net == y.net and x.vs_best == y.vs_best
    assert a.candidates == 46 and a.options[0].vs_best.mean == 0
    keep = next(o for o in a.options if o.discard is None)
    assert keep.forced and keep.exact == next(o.net for o in a.exact.options if o.discard is None)


def test_the_command_json_schema_and_why() -> None:
    r = CliRunner().invoke(app, ["discard", "AS KS QS JS 9S AH KH 8D 7D AC", "--rules", "normand", "--dealer",
                                 "--play", "--samples", "3", "--top", "1", "--why", "keep", "--json", "-q"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert not list(validator("discard-normand-play").iter_errors(data))
    why = data["why"]
    assert why["discard"] == [] and why["against"] == data["choices"][0]["discard"]  # []: keep
    exact = {tuple(o["discard"]): o["exact_net"] for o in data["choices"]}
    first = data["choices"][0]["discard"]
    assert math.isclose(why["declarations_exact"], exact[()] - exact[tuple(first)])
    assert math.isclose(why["net"]["mean"], why["declarations_exact"] + why["play"]["mean"])
    keep = next(o for o in data["choices"] if o["discard"] == [])
    assert why["net"] == keep["vs_best"]  # one figure: the table's vs #1 is what --why splits (issue 39)


def test_vs_first_adds_up_from_the_exact_declarations_and_the_play() -> None:
    """Every option's vs #1 is its exact declarations-only net plus its play, minus #1's: the table's columns
    add up, option by option (the play paired on the same report deals)."""
    a = analyse_deal_normand(HAND, NORMAND, samples=5, seed=3, top=2, also=[None])
    first = a.options[0]
    assert first.vs_best.mean == 0 and first.vs_best.se == 0
    for o in a.options[1:]:
        expected = float(o.exact - first.exact) + o.play.mean - first.play.mean
        assert math.isclose(o.vs_best.mean, expected, abs_tol=1e-9)
        assert o.vs_best == versus(o, first)


def test_bad_input_is_one_line_and_exit_2() -> None:
    base = ["discard", "AS KS QS JS 9S AH KH 8D 7D AC", "--rules", "normand", "--dealer", "--play"]
    for extra, message in ((["--samples", "1"], "--samples must be 2 to"), (["--also", "AS KS"], "--also: for two"),
                           (["--why", "AS 2S"], "--why"), (["--elder"], "only the dealer exchanges")):
        r = CliRunner().invoke(app, [*base, *extra])
        assert r.exit_code == 2 and message in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr


def test_the_exact_exchange_says_keep_as_the_whole_deal_does() -> None:
    """discard-normand (2): keeping the hand is ``[]`` in the exact exchange too, as in --play; the table says keep."""
    args = ["discard", "AS KS QS JS 9S AH KH 8D 7D AC", "--rules", "normand", "--dealer", "--top", "0", "-q"]
    r = CliRunner().invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["schema_version"] == 2 and not list(validator("discard-normand").iter_errors(data))
    assert [len(o["discard"]) for o in data["choices"]].count(0) == 1
    assert all(len(o["discard"]) in (0, 2) for o in data["choices"])
    keep = next(o for o in data["choices"] if o["discard"] == [])
    assert list(validator("discard-normand").iter_errors({**data, "choices": [{**keep, "discard": None}]}))  # null: v1
    table = CliRunner().invoke(app, args).stdout
    assert any(line.split()[:2] == [str(keep["rank"]), "keep"] for line in table.splitlines())

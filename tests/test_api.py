"""The CLI is a thin layer over a library usable without it (issue 50, item 4; sqlite-utils' lesson): each
command's work is a Python function of analysis/, every option an argument of it, and the command's --json
document is the report of that function's result, nothing more. Each test calls the function directly and
checks it against the command (the same document) and, where one exists, against plain Python."""

from __future__ import annotations

import importlib
import json
import math
import statistics
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import piquet_calc.analysis as api
from piquet_calc.cards import CardError, parse_cards, parse_hand
from piquet_calc.cli import app
from piquet_calc.game.partie import PartieError
from piquet_calc.rules import get_rules

runner = CliRunner()
DATA = Path(__file__).parent / "data"
BOOK = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"
OTHER = "QS JS TS 9S 8S JH 9H KD QD AC JC TC"
NORMAND_HAND = "AS KS QS JS 9S AH KH 8D 7D AC"


def cli_json(*args: str, input: str | None = None) -> dict:
    r = runner.invoke(app, [*args, "--json"], input=input)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_every_exported_name_is_importable() -> None:
    """analysis/__init__.py's lazy map names a module that defines each name (review and practice included)."""
    for name in api.__all__:
        assert getattr(api, name) is getattr(importlib.import_module(api._WHERE[name], "piquet_calc.analysis"), name)
    assert {"analyse_review", "Review", "play_deal", "grade", "drill_positions", "partie_sheet", "partie_state",
            "chosen_discards", "exact_why", "analyse_dialogue"} <= set(api.__all__)


# --- partie -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "deals", "options"), [
    ("rubicon", ["20 15", "20 15", "20 15", "20 15", "20 15", "13 5"], {}),
    ("english", ["30 10", "10 20", "5 40", "25 60"], {"four_deals": True}),
    ("normand", ["100 20 10", "60 10 10"], {"target": 150}),
    ("four", ["10 20", "30 5"], {}),
    ("au-cent", ["1:5 2:14 1:3", "9 52"], {}),
])
def test_partie_sheet_is_the_partie_command_s(rules: str, deals: list[str], options: dict) -> None:
    from piquet_calc.report.partie import partie_data

    result = api.partie_sheet(deals, rules, **options)
    flags = (["--four-deals"] if options.get("four_deals") else []) + (
        ["--target", str(options["target"])] if "target" in options else [])
    assert partie_data(result, **options) == cli_json("partie", "--rules", rules, *flags, *deals)


def test_partie_sheet_adds_the_deals_as_plain_python_does() -> None:
    """Au cent, one deal a line, no bonus reached: each player's total is the plain sum of his scores."""
    deals = ["31 14", "9 52", "44 20"]
    result = api.partie_sheet(deals, "au-cent")
    sums = [sum(int(d.split()[i]) for d in deals) for i in (0, 1)]
    assert list(result.totals) == sums


def test_partie_reads_stdin_s_text_as_the_command_does() -> None:
    text = "# a partie\n31 14\n\n9 52\n44 20\n"
    assert api.partie_sheet.__module__ == "piquet_calc.analysis.partie_score"
    from piquet_calc.analysis.partie_score import deal_texts
    from piquet_calc.report.partie import partie_data

    assert deal_texts(text) == ["31 14", "9 52", "44 20"]
    record = (DATA / "play_au_cent_repique.json").read_text()
    assert deal_texts(record) == [record]
    assert partie_data(api.partie_sheet(deal_texts(record), "au-cent")) == cli_json("partie", "--rules", "au-cent",
                                                                                     input=record)


def test_partie_errors_are_domain_errors_with_the_command_s_line() -> None:
    with pytest.raises(PartieError, match="--four-deals is english's and --target normand's, not four's"):
        api.partie_sheet(["1 2"], "four", target=100)
    r = runner.invoke(app, ["partie", "--rules", "four", "--target", "100", "1 2"])
    assert r.exit_code == 2 and "--four-deals is english's and --target normand's, not four's" in r.stderr


def test_partie_state_and_its_refusals() -> None:
    rubicon = get_rules("rubicon")
    state = api.partie_state("80 90", 5, "rubicon", True, True, rubicon)
    assert (state.me, state.opponent, state.deal, state.position) == (80, 90, 5, "elder")
    assert api.partie_state(None, None, "rubicon", True, True) is None
    for score, deal, play, message in ((None, 3, True, "--deal needs --score"), ("1 2", 3, False, "needs --play"),
                                       ("1 2 3", 3, True, "must be two totals"),
                                       ("0 900", 2, True, "--score's second total")):
        with pytest.raises(PartieError, match=message):
            api.partie_state(score, deal, "rubicon", play, True)
    assert api.advice_rules(rubicon) == "rubicon"


# --- discard --why --------------------------------------------------------------------------------------------------

def test_chosen_discards_reads_and_checks_as_the_option_does() -> None:
    hand = parse_hand(BOOK)
    sizes = get_rules("rubicon").elder_discards
    assert api.chosen_discards(hand, sizes, None, None) is None
    assert api.chosen_discards(hand, sizes, "9C", None) == (parse_cards("9C"), False)
    assert api.chosen_discards(hand, sizes, "9C 8C", "TD 9D") == (parse_cards("9C 8C"), parse_cards("TD 9D"))
    assert api.keep_deals(api.chosen_discards(hand, sizes, "9C 8C", "TD 9D")) == [parse_cards("9C 8C"),
                                                                                   parse_cards("TD 9D")]
    for why, against, message in (("QS", None, "QS is not in the hand"), (None, "AS", "--against needs --why"),
                                  ("AS", "as", "--against is the --why discard"),
                                  ("AS AS", None, "duplicate card AS in --why")):
        with pytest.raises(CardError, match=message):
            api.chosen_discards(hand, sizes, why, against)
    normand = parse_cards(NORMAND_HAND)
    assert api.chosen_discards(normand, (2,), "keep", "8D 7D", keep_allowed=True) == (None, parse_cards("8D 7D"))


def test_exact_why_from_python_is_the_command_s_document() -> None:
    from piquet_calc.report.why import why_data

    hand = parse_hand(BOOK)
    rules = get_rules("rubicon")
    chosen = api.chosen_discards(hand, rules.elder_discards, "9C", None)
    result = api.analyse_discards(hand, "elder", rules)
    inputs = {"elder_took": None, "elder_blanche": None, "play": False, "samples": None, "seed": None}
    mine = why_data(api.exact_why(result, *chosen), inputs)
    assert mine == cli_json("discard", BOOK, "--elder", "-q", "--why", "9C")
    # the sum of the sources is the total's difference, exactly (a Fraction each: plain arithmetic)
    assert mine["sum_of_sources"]["exact"] == mine["difference"]["exact"]


# --- declare --dialogue ---------------------------------------------------------------------------------------------

def test_analyse_dialogue_is_the_command_s_document() -> None:
    from piquet_calc.report.dialogue import dialogue_data

    rules = get_rules("rubicon")
    a = api.analyse_dialogue(parse_hand(BOOK), parse_hand(OTHER), rules)
    assert dialogue_data(a.said, a.knows) == cli_json("declare", "--dialogue", BOOK, OTHER)
    assert all(n is None for _, n in a.knows.values())  # no dealt hands: no count of the other's hands
    with pytest.raises(CardError, match="AS is in both hands"):
        api.analyse_dialogue(parse_hand(BOOK), parse_hand(OTHER.replace("QS", "AS")), rules)


# --- review ---------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def review_004():
    from piquet_calc.record.record import read_record
    from piquet_calc.record.record_check import check_record

    return api.analyse_review(check_record(read_record((DATA / "deal_004.pqn").read_text())))


def test_review_from_python_is_the_command_s_document(review_004) -> None:
    from piquet_calc.report.review import review_data

    mine = review_data(review_004)
    theirs = cli_json("review", str(DATA / "deal_004.pqn"), "-q")
    mine.pop("seconds"), theirs.pop("seconds")  # the time the grading took
    assert mine == theirs


def test_review_rows_are_the_graded_decisions(review_004) -> None:
    """``review --save``'s rows: one per graded exchange and card, each costing what the review says, in the
    record's order; their costs add up to the review's losses by stage."""
    from piquet_calc.analysis.review_rows import review_decisions

    now = time.time()
    rows = review_decisions(review_004, "deal_004.pqn", now)
    cards = [r for r in rows if r.stage == "card"]
    exchanges = [r for r in rows if r.stage == "exchange"]
    assert len(cards) == len(review_004.cards) and len(exchanges) == len(review_004.exchange)
    assert [(r.answer, r.cost) for r in cards] == [(str(c.played), c.cost) for c in review_004.cards]
    assert all(r.source == "review" and r.deal == "deal_004.pqn" and r.time == now for r in rows)
    for seat, row in review_004.lost_by_stage.items():
        name = ("elder", "dealer")[seat]
        assert sum(r.cost for r in cards if r.seat == name) == pytest.approx(row["card"])


# --- discard --play's sureness (computed in analysis, rendered by report) --------------------------------------------

@pytest.mark.parametrize(("mean", "se", "n"), [(-0.8, 0.4, 400), (-0.01, 0.3, 400), (0.2, 0.1, 30), (-1.0, 0.0, 400)])
def test_sureness_is_the_normal_approximation(mean: float, se: float, n: int) -> None:
    """#1 over #2 from #2's paired difference: z = -mean/se and P(#1 better) = Φ(z), by statistics.NormalDist."""
    from piquet_calc.analysis.deal_sureness import sureness_of
    from piquet_calc.analysis.defaults import ODDS_MIN_DEALS
    from piquet_calc.analysis.race import Estimate

    s = sureness_of(Estimate(mean, se, n))
    assert s.difference == -mean and s.se == se and s.deals == n
    if se == 0:
        assert s.standard_errors is None and s.probability is None
        return
    assert s.standard_errors == pytest.approx(-mean / se)
    if n < ODDS_MIN_DEALS:
        assert s.probability is None
    else:
        assert math.isclose(s.probability, statistics.NormalDist().cdf(-mean / se), rel_tol=1e-12)


# --- play --seat ----------------------------------------------------------------------------------------------------

def test_analyse_seat_play_is_play_seat_s() -> None:
    """play --seat from Python: the hands the opponent may hold, then every card valued over them; the document is
    the command's, and with nothing heard every hand of the fifteen unseen cards is counted (C(15, 12))."""
    from piquet_calc.report.seen import seen_data

    hand, discards = "AS KS QS JS TS AH KH QH AD KD 7C 8C", "7S 8S 7H 9C 7D"
    a = api.analyse_seat_play(parse_hand(hand), "elder", get_rules("rubicon"), discards=parse_cards(discards))
    assert a.result.hands == math.comb(15, 12)
    inputs = {"seat": "elder", "hand": hand, "discards": discards, "heard": "", "tricks": "", "rules": "rubicon",
              "other_took": None, "seen": "", "carte_blanche": False}
    assert seen_data(a.result, inputs, a.source) == cli_json("play", "--seat", "elder", hand, "--discards", discards)
    with pytest.raises(CardError, match="--discards: AS is in your hand"):
        api.analyse_seat_play(parse_hand(hand), "elder", get_rules("rubicon"), discards=parse_cards("AS"))


# --- report renders from the data alone -----------------------------------------------------------------------------

COMPUTING = ("analysis", "engine", "kernels")  # the layers that compute: a renderer reads their results only


def _computing_names(tree) -> set[str]:
    import ast

    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level >= 1 and (node.module or "").split(".")[0] in COMPUTING:
            names |= {a.asname or a.name for a in node.names}
    return names


def test_no_renderer_calls_an_analysis_or_the_engine() -> None:
    """No module of report/ calls a function (or builds a class) it imports from analysis/, engine/ or kernels/:
    no solver built, no review or analysis run in a renderer; what it shows is computed before and passed in."""
    import ast

    report = Path(api.__file__).parent.parent / "report"
    calls = []
    for path in sorted(report.glob("*.py")):
        tree = ast.parse(path.read_text())
        names = _computing_names(tree)
        calls += [f"{path.name}: {node.func.id}" for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names]
    assert calls == []


def test_the_renderer_check_sees_a_call() -> None:
    """The check above is no check that cannot fail: it finds a call into the analyses."""
    import ast

    tree = ast.parse("from ..analysis.review import analyse_review\nfrom ..analysis.defaults import X\n"
                     "def review_data(d):\n    return analyse_review(d)\n")
    names = _computing_names(tree)
    assert [n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id in names] == ["analyse_review"]

"""analysis/partie.py on synthetic per-deal totals: the looked-up partie values against plain computations."""

from __future__ import annotations

import math

import numpy as np
import pytest

from piquet_calc.analysis.partie import PartieState, partie_estimate
from piquet_calc.analysis.partie_value import PartieValueError, load_partie_values
from piquet_calc.game.partie import rubicon_result


def plain_mean_se(x: list[float]) -> tuple[float, float]:
    n = len(x)
    m = sum(x) / n
    return m, math.sqrt(sum((v - m) ** 2 for v in x) / (n - 1) / n)


def test_last_rubicon_deal_is_the_partie_result() -> None:
    # Cavendish's worked score ("last hand; younger 155, elder 68"): the sixth deal, younger
    # deals it, so younger is player 1; after it the partie's result is game/partie.py's own rule
    totals = np.array([[10, 40], [0, 35], [30, 5], [2, 30]])  # [mine, the opponent's] per deal
    state = PartieState(me=155, opponent=68, deal=6, position="younger")
    assert state.my_player == 1 and state.score == (155, 68)
    got = partie_estimate(totals, state, "rubicon")
    values, wins, rubs = [], [], []
    for mine, theirs in totals:
        winner, value, rubicon = rubicon_result((155 + mine, 68 + theirs))
        values.append(value if winner == 1 else -value)
        wins.append(float(winner == 1))
        rubs.append(float(winner == 2 and rubicon))
    assert (got.value, got.value_se) == pytest.approx(plain_mean_se(values))
    assert (got.win, got.win_se) == pytest.approx(plain_mean_se(wins))
    assert got.rubiconed == 0.0 and got.samples == 4 and got.unit == "points"
    assert (got.points, got.points_se) == pytest.approx(plain_mean_se([-30, -35, 25, -28]))


def test_the_opponent_as_player_one_at_the_last_deal() -> None:
    # elder in the sixth deal is player 2; the opponent (player 1) leads 120 to 80 and I may stay under 100
    totals = np.array([[10, 0], [30, 10], [5, 5]])
    state = PartieState(me=80, opponent=120, deal=6, position="elder")
    assert state.my_player == 2 and state.score == (120, 80)
    got = partie_estimate(totals, state, "rubicon")
    values, rubs = [], []
    for mine, theirs in totals:
        winner, value, rubicon = rubicon_result((120 + theirs, 80 + mine))
        values.append(value if winner == 2 else -value)
        rubs.append(float(winner == 1 and rubicon))
    assert (got.value, got.value_se) == pytest.approx(plain_mean_se(values))
    assert (got.rubiconed, got.rubiconed_se) == pytest.approx(plain_mean_se(rubs))
    assert rubs == [1.0, 0.0, 1.0]


def test_au_cent_reaching_100_in_the_deal() -> None:
    totals = np.array([[12, 5], [15, 15], [3, 9]])  # me 90, the opponent 30: 102 (lurch), 105 (lurch), 93
    got = partie_estimate(totals, PartieState(90, 30, 7, "elder"), "au-cent")
    table = load_partie_values("au-cent")
    third = table.after(7, PartieState(90, 30, 7, "elder").score, (3, 9))
    mine3 = third["value"] if PartieState(90, 30, 7, "elder").my_player == 1 else -third["value"]
    assert got.value == pytest.approx((2 + 2 + mine3) / 3, rel=1e-6) and got.unit == "games"
    assert got.rubiconed is None
    # 105 while the opponent goes from 30 to 60: a lurch or not by the counting order, which totals lack
    # (tests/test_partie_order.py gives it)
    with pytest.raises(PartieValueError, match="counting order"):
        partie_estimate(np.array([[15, 30]]), PartieState(90, 30, 7, "elder"), "au-cent")
    with pytest.raises(PartieValueError, match="counting order"):
        table.after(7, PartieState(90, 30, 7, "elder").score, (15, 30))


def test_middle_of_the_partie_matches_single_lookups() -> None:
    table = load_partie_values("rubicon")
    state = PartieState(me=40, opponent=66, deal=3, position="younger")
    totals = np.array([[20, 10], [5, 60], [33, 33]])
    got = partie_estimate(totals, state, "rubicon")
    one = [table.after(3, state.score, (t[1], t[0]) if state.position == "younger" else tuple(t))["value"]
           for t in totals]
    sign = 1 if state.my_player == 1 else -1
    assert got.value == pytest.approx(sign * sum(one) / 3, rel=1e-5)


def test_what_the_tables_do_not_cover() -> None:
    with pytest.raises(PartieValueError, match="no deal-by-deal lookup for russian"):
        partie_estimate(np.array([[1, 2]]), PartieState(0, 0, 1, "elder"), "russian")
    with pytest.raises(PartieValueError, match="shape"):
        partie_estimate(np.array([1, 2]), PartieState(0, 0, 1, "elder"), "rubicon")
    with pytest.raises(PartieValueError, match="no deal 9"):
        partie_estimate(np.array([[1, 2]]), PartieState(0, 0, 9, "elder"), "rubicon")


# --- the ranking and its report (fake finalists: the lead's DealDiscard carries ``totals``) ---------------

def test_rank_by_partie_and_the_report() -> None:
    from types import SimpleNamespace

    from piquet_calc.analysis.partie import rank_by_partie
    from piquet_calc.cards import parse_cards
    from piquet_calc.report.partie import score_aware_data, score_aware_table

    state = PartieState(me=155, opponent=68, deal=6, position="younger")  # player 1, the last deal
    bold = SimpleNamespace(discard=parse_cards("7C 8C 9C"), totals=np.array([[90, 10], [0, 60], [0, 45]]))
    safe = SimpleNamespace(discard=parse_cards("7D 8D"), totals=np.array([[10, 25], [12, 28], [8, 20]]))
    ranked = rank_by_partie([bold, safe], state, "rubicon")
    # bold makes more points on average (-8.3 a deal against -14.3) but lets the opponent past 100 twice:
    # 423, 127, 142 against 358, 363, 351 by game/partie.py's rubicon rule
    assert ranked[0][0] is safe and ranked[0][1].points < ranked[1][1].points
    data = score_aware_data(state, ranked, "rubicon")
    assert "schema_version" not in data and data["score"]["player"] == 1  # the discard-play output's header versions it
    assert [sorted(r["discard"]) for r in data["choices"]] == [["7D", "8D"], ["7C", "8C", "9C"]]
    assert data["choices"][0]["partie_value"] == pytest.approx((358 + 363 + 351) / 3, rel=1e-6)
    assert {"partie_value", "partie_value_se", "win", "rubiconed", "points", "samples"} <= set(data["choices"][0])
    text = score_aware_table(state, ranked, "rubicon")
    assert "partie value (points)" in text and "rubiconed" in text and "±" in text
    with pytest.raises(PartieValueError, match="DealDiscard.totals"):
        rank_by_partie([SimpleNamespace(discard=())], state, "rubicon")


@pytest.mark.parametrize("deal", [7, 8])
def test_no_table_error_where_the_bootstrap_gives_none(deal: int) -> None:
    """Issue 39: at 130-130 rubicon's deals 7 and 8 (the two more deals after a tie) printed the table's own
    standard error as 0.00: stage 7 is not shipped, and before deal 7 a tie is worth 0 by symmetry, which no
    bootstrap moves. No figure there (None, null in the JSON, no sentence in the table); a real one elsewhere."""
    from piquet_calc.report.partie import score_aware_data, score_aware_table

    state = PartieState(130, 130, deal, "elder")
    got = partie_estimate(np.array([[20, 10], [5, 30], [12, 12]]), state, "rubicon")
    assert got.bootstrap_se is None
    ranked = [(type("D", (), {"discard": ()})(), got)]
    assert score_aware_data(state, ranked, "rubicon")["choices"][0]["bootstrap_se"] is None
    assert "own standard error" not in score_aware_table(state, ranked, "rubicon")
    se = load_partie_values("rubicon").coarse["se_value"]
    fine = partie_estimate(np.array([[20, 10]]), PartieState(130, 130, 6, "elder"), "rubicon")
    assert fine.bootstrap_se is not None and fine.bootstrap_se == pytest.approx(float(se[5, 13, 13]))
    assert fine.bootstrap_se > 0.01

"""analysis/partie_value.py: the dynamic programming checked by plain enumeration on small hand-made
distributions, and the shipped tables (piquet_calc/data/partie_<preset>.npz) checked for what must hold."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest

from piquet_calc.analysis import partie_value as pv
from piquet_calc.game.partie import DealTotals, rubicon_result, score_partie
from piquet_calc.rules import PRESETS

# a hand-made deal distribution: (elder's total, dealer's total) -> probability
HAND_MADE = {(50, 10): 0.5, (120, 40): 0.3, (0, 100): 0.2}


def hand_made() -> np.ndarray:
    p = np.zeros((121, 121))
    for (e, d), q in HAND_MADE.items():
        p[e, d] = q
    return p


def test_two_deal_rubicon_rule_partie_equals_plain_enumeration() -> None:
    t = pv.fixed_values("rubicon", hand_made(), grid=400, length=2)  # 100 + 2 · 120 < 400: no state off the grid
    for start in [(0, 0), (30, 70), (100, 5)]:
        want = win = rub = 0.0
        for (p1, q1), (p2, q2) in itertools.product(HAND_MADE.items(), repeat=2):
            # deal 1: player 1 elder; deal 2: player 1 deals
            a, b = start[0] + p1[0] + p2[1], start[1] + p1[1] + p2[0]
            winner, value, rubicon = rubicon_result((a, b))
            want += q1 * q2 * (0 if winner is None else value if winner == 1 else -value)
            win += q1 * q2 * (winner == 1)
            rub += q1 * q2 * (winner == 2 and rubicon)
        assert t["value"][0][start] == pytest.approx(want, abs=1e-9)
        assert t["win"][0][start] == pytest.approx(win, abs=1e-12)
        assert t["rubicon"][0][start] == pytest.approx(rub, abs=1e-12)


def test_two_deal_encyclopedia_on_the_difference_equals_plain_enumeration() -> None:
    t = pv.difference_values("encyclopedia", hand_made(), length=2)
    r = int(t["offset"])
    for start in [(0, 0), (130, 20), (20, 300)]:
        want = win = 0.0
        for (p1, q1), (p2, q2) in itertools.product(HAND_MADE.items(), repeat=2):
            a, b = start[0] + p1[0] + p2[1], start[1] + p1[1] + p2[0]
            want += q1 * q2 * (a - b)  # 004: the higher sum wins the difference
            win += q1 * q2 * (a > b)
        d = start[0] - start[1] + r
        assert t["value"][0][d] == pytest.approx(want, abs=1e-9) and t["win"][0][d] == pytest.approx(win, abs=1e-12)


def test_fft_and_direct_sums_agree() -> None:
    rng = np.random.default_rng(1)
    v = rng.normal(size=(60, 60))
    p = rng.random((20, 20)) * (rng.random((20, 20)) < 0.1)
    p /= p.sum()
    direct = pv.expect(v, p)  # few points: direct sums
    dense = p + 0.0
    dense[dense == 0] = 1e-300  # every point present: the FFT path
    assert np.allclose(pv.expect(v, dense / dense.sum()), direct, atol=1e-9)


def test_love_all_is_even_when_each_deals_as_often() -> None:
    # player 1's total and player 2's have the same distribution over 3 + 3 deals (and the two tie-break
    # deals), so the value at love-all is 0 and the chances of winning are equal
    t = pv.fixed_values("rubicon", hand_made(), grid=970)  # 8 · 120 < 970
    assert abs(t["value"][0][0, 0]) < 1e-7
    assert t["win"][0][0, 0] == pytest.approx(0.5 * (1 - _tie_chance()), abs=1e-9)


def _tie_chance() -> float:
    """Equal after eight deals (six, then two more when equal after six): plain enumeration."""
    items = list(HAND_MADE.items())
    tie6: dict[int, float] = {}
    for combo in itertools.product(items, repeat=6):
        diff = sum((e - d) if k % 2 == 0 else (d - e) for k, ((e, d), _) in enumerate(combo))
        q = float(np.prod([c[1] for c in combo]))
        if diff == 0:
            tie6[0] = tie6.get(0, 0.0) + q
    two = sum(q1 * q2 for ((e1, d1), q1), ((e2, d2), q2) in itertools.product(items, repeat=2)
              if (e1 - d1) + (d2 - e2) == 0)
    return tie6.get(0, 0.0) * two


# au-cent: two hand-made deals given as steps in counting order (seat 0 elder, 1 dealer)
DEAL_A = [(0, 20), (1, 5), (0, 10)]
DEAL_B = [(1, 40), (0, 3)]


def _au_cent_plain(s1: int, s2: int, dealer: int) -> tuple[float, float]:
    """(value, win) for player 1 by plain recursion: each deal A or B with chance 1/2, the steps walked,
    the winner and the lurch decided by game/partie.py's own scoring of the partie so far."""

    @cache
    def rec(a: int, b: int, d: int) -> tuple[float, float]:
        value = win = 0.0
        for steps in (DEAL_A, DEAL_B):
            p1_seat = 1 if d == 1 else 0  # player d deals
            by_player = [(0 if seat == p1_seat else 1, n) for seat, n in steps]
            start = [DealTotals.from_steps([(0, a), (1, b)], 2)]  # the score so far as one deal (nobody at 100 yet)
            r = score_partie(PRESETS["au-cent"], start + [DealTotals.from_steps(by_player, 2)])
            if r.finished:
                v = r.value if r.winner == 1 else -r.value
                value, win = value + 0.5 * v, win + 0.5 * (r.winner == 1)
            else:
                nv, nw = rec(r.totals[0], r.totals[1], 3 - d)
                value, win = value + 0.5 * nv, win + 0.5 * nw
        return value, win

    return rec(s1, s2, dealer)


def test_au_cent_race_equals_plain_recursion() -> None:
    steps = np.array(DEAL_A + DEAL_B, dtype=np.int16)
    offsets = np.array([0, len(DEAL_A), len(DEAL_A) + len(DEAL_B)])
    t = pv.au_cent_values(steps, offsets)
    for s1, s2, dealer in [(0, 0, 2), (0, 0, 1), (45, 60, 1), (90, 10, 2), (49, 95, 2)]:
        # the plain recursion's first deal is dealt by ``dealer``; the table's index is dealer - 1
        value, win = _au_cent_plain(s1, s2, dealer)
        assert t["value"][dealer - 1, s1, s2] == pytest.approx(value, abs=1e-9)
        assert t["win"][dealer - 1, s1, s2] == pytest.approx(win, abs=1e-9)


# --- the shipped tables ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["rubicon", "english", "encyclopedia"])
def test_shipped_fixed_tables(name: str) -> None:
    t = pv.load_partie_values(name)
    assert t.deals == len(t.pairs) == 4000 and t.seed == 23 and t.seconds > 0
    # love-all is even whatever the distribution (each player elder as often): an exact property
    assert abs(t.state(0, (0, 0))["value"]) < 1e-3
    assert t.state(0, (0, 0))["win"] == pytest.approx(t.state(0, (0, 0))["lose"], abs=1e-5)
    # the shipped coarse table is the recursion on the shipped deals (the script's own step, repeated)
    coarse = t.coarse["table_value"]
    for n, i, j in [(1, 3, 2), (3, 10, 6), (coarse.shape[0] - 2, 15, 20)]:
        s = (i * pv.COARSE_STEP, j * pv.COARSE_STEP)
        assert coarse[n, i, j] == pytest.approx(t.state(n, s)["value"], rel=1e-4, abs=1e-3)
    assert np.all(t.coarse["se_value"] >= 0) and t.coarse["se_value"][0, 0, 0] < 50


def test_shipped_au_cent_table() -> None:
    t = pv.load_partie_values("au-cent")
    first_p2, first_p1 = t.state(0, (0, 0), dealer_next=2), t.state(0, (0, 0), dealer_next=1)
    assert first_p2["value"] == pytest.approx(-first_p1["value"], abs=1e-5)  # the same race, seats swapped
    assert 0 < first_p2["win"] < 1


def test_russian_koroliks_equal_plain_enumeration_by_game_partie() -> None:
    # two kinds of deal: elder wins 30 to 10, or a refait 10 to 10; 2^12 partie, each scored by game/partie.py
    kinds = {(30, 10): 0.6, (10, 10): 0.4}
    p = np.zeros((31, 31))
    for (e, d), q in kinds.items():
        p[e, d] = q
    t = pv.russian_values(p)
    want = win = 0.0
    for combo in itertools.product(kinds.items(), repeat=12):
        q = float(np.prod([c[1] for c in combo]))
        # deal n: player 1 is elder in odd deals, so the pair (elder, dealer) is (p1, p2) or (p2, p1)
        deals_ = [DealTotals((e, d) if n % 2 == 0 else (d, e)) for n, ((e, d), _) in enumerate(combo)]
        r = score_partie(PRESETS["russian"], deals_)
        v = 0 if r.winner is None else r.value if r.winner == 1 else -r.value
        want, win = want + q * v, win + q * (r.winner == 1)
    r0 = int(t["offset"])
    assert t["value"][0, 0, 0, 0, r0] == pytest.approx(want, abs=1e-6)
    assert t["win"][0, 0, 0, 0, r0] == pytest.approx(win, abs=1e-9)


def test_shipped_russian_table() -> None:
    t = pv.load_partie_values("russian")
    assert t.deals == 4000 and t.seed == 23
    # each korolik sets a deal as elder against one as dealer: love-all is even, an exact property
    assert abs(t.state(0, (0, 0))["value"]) < 1e-2
    assert t.state(0, (0, 0))["win"] == pytest.approx(t.state(0, (0, 0))["lose"], abs=1e-5)
    later = t.russian_state(5, (400, 0))  # one korolik left, 400 ahead
    assert later["win"] > 0.9 and later["value"] > 300
    with pytest.raises(pv.PartieValueError, match="between koroliks"):
        t.state(3, (0, 0))


def test_the_full_tables_are_kept_in_the_cache_folder_and_read_back_equal(tmp_path, monkeypatch):
    # the score-aware ranking used to rebuild the full tables on every run (1.6 s of a 6 s discard --play);
    # they are kept in the kernels' cache folder and read back equal, and an unusable folder only costs time
    from piquet_calc.analysis import partie_value as pv

    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(folder))
    pv._full.cache_clear()
    fresh = pv._full("encyclopedia", 0)
    kept = list((folder / "partie").glob("encyclopedia-0-*.npz"))
    assert len(kept) == 1
    pv._full.cache_clear()
    again = pv._full("encyclopedia", 0)
    assert set(again) == set(fresh) and all(np.array_equal(again[k], fresh[k]) for k in fresh)
    kept[0].write_bytes(b"not a table")  # a damaged file is computed afresh
    pv._full.cache_clear()
    assert all(np.array_equal(pv._full("encyclopedia", 0)[k], fresh[k]) for k in fresh)
    pv._full.cache_clear()

"""Whole enumerations: checks that cannot pass by accident."""

import json
import math
import statistics
from pathlib import Path

import numpy as np
import pytest

from piquet_calc.analysis import COUNT_NAMES, analyse_discards, deals_for
from piquet_calc.analysis.discards import UNSEEN, KernelSetup, all_draws
from piquet_calc.cards import Card, Suit, parse_hand, sort_hand
from piquet_calc.engine import enumeration
from piquet_calc.kernels import declarations as kernels
from piquet_calc.rules import RUBICON
from piquet_calc.rules import TWO_HANDED_PRESETS as PRESETS

from .naive import monte_carlo

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "elder_repique_hand_1_2.json"
REFERENCE_COPY = Path(__file__).parent / "data" / "elder_repique_hand_1_2.json"
SMALL = RUBICON.with_exchange(elder=(1, 2))  # fast: 78 discards, all draws

HANDS = {
    "book": "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C",
    "repique": "KH QH JH TH 9H AC KC QC AD QD 9D QS",
    "courtly": "KS QS JS KH QH JH KD QD JD KC QC 7C",  # nine courts: the opponent may be carte blanche
    "blanche": "AS TS 9S 8S AH TH 9H AD TD 9D AC TC",  # carte blanche itself
    "weak": "7S 8S 9S 7H 8H JH 7D 8D QD 7C 8C 9C",
    "rouge": "AS KS QS JS TS 9S AH AD AC KH KD KC",  # carte rouge itself, and within reach after exchanges
}


def by_discard(analysis):
    return {frozenset(d.discard): d for d in analysis.discards}


@pytest.fixture(scope="module")
def reference():
    path = REFERENCE if REFERENCE.exists() else REFERENCE_COPY
    return json.loads(path.read_text())


def test_agrees_with_the_independent_reference_to_1e9(reference):
    """The reference file (tests/data): every one- and two-card discard of one elder hand, computed independently."""
    got = by_discard(analyse_discards(parse_hand(reference["hand"]), "elder", SMALL))
    assert len(got) == len(reference["discards"]) == 78
    for want in reference["discards"]:
        r = got[frozenset(_cards(want["discard"]))]
        mine = {
            "point": {"win": r.probability("point_win"), "tie": r.probability("point_tie"),
                      "me": r.expected("point_me"), "opp": r.expected("point_opp")},
            "sequence": {"win": r.probability("sequence_win"), "tie": r.probability("sequence_tie"),
                         "me": r.expected("sequence_me"), "opp": r.expected("sequence_opp")},
            "sets": {"win": r.probability("sets_win"), "me": r.expected("sets_me"), "opp": r.expected("sets_opp")},
            "carte_blanche": {"opp": r.expected("carte_blanche_opp")},
            "repique": {"me": r.probability("repique_me"), "opp": r.probability("repique_opp")},
            "pique": {"me": r.probability("pique_me"), "opp": r.probability("pique_opp")},
            "score": {"net": float(r.net)},
        }
        for group, values in want.items():
            if group == "discard":
                continue
            for key, value in values.items():
                assert mine[group][key] == pytest.approx(value, abs=1e-9), (want["discard"], group, key)


def _cards(tokens):
    from piquet_calc.cards import parse_cards

    return parse_cards(tokens)


@pytest.mark.parametrize("name", ["book", "repique", "courtly", "blanche"])
@pytest.mark.parametrize("position", ["elder", "younger"])
def test_fast_engine_equals_the_reference_kernel_bit_for_bit(name, position):
    """enumerate_fast shares work across discards; enumerate_discards scores every deal on its own."""
    setup = KernelSetup.of(sort_hand(parse_hand(HANDS[name])), position, RUBICON, elder_blanche=name == "blanche")
    sizes = (1, 2, 3, 4, 5) if position == "elder" else (0, 1, 2, 3)
    for size in sizes:
        draws = all_draws(size)
        draws = draws[:: max(1, len(draws) // 7)]  # a spread of draws keeps the slow kernel quick
        fast = setup.count(enumeration.enumerate_fast, size, draws)
        slow = setup.count(kernels.enumerate_discards, size, draws)
        np.testing.assert_array_equal(fast, slow, err_msg=f"{name} {position} size {size}")


@pytest.mark.parametrize("name", ["book", "rouge"])
@pytest.mark.parametrize("position", ["elder", "younger"])
@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "rubicon"])
def test_fast_engine_equals_the_reference_kernel_under_every_preset(preset, name, position):
    """As above, under the other presets: carte rouge, sets of sevens, the play tables, refusal (size 0)."""
    rules = PRESETS[preset]
    setup = KernelSetup.of(sort_hand(parse_hand(HANDS[name])), position, rules, elder_blanche=False)
    sizes = rules.elder_discards if position == "elder" else rules.dealer_discards(5)
    rouge = 0
    for size in sizes:
        draws = all_draws(size)
        draws = draws[:: max(1, len(draws) // 4)]
        fast = setup.count(enumeration.enumerate_fast, size, draws)
        slow = setup.count(kernels.enumerate_discards, size, draws)
        np.testing.assert_array_equal(fast, slow, err_msg=f"{preset} {name} {position} size {size}")
        rouge += fast[:, COUNT_NAMES.index("carte_rouge_me")].sum()
    if rules.carte_rouge_points and name == "rouge":
        assert rouge > 0  # the case it is here for


@pytest.fixture(scope="module")
def younger_book():
    return analyse_discards(parse_hand(HANDS["book"]), "younger", RUBICON, elder_took=4)


def test_counts_add_up(younger_book):
    for a in (analyse_discards(parse_hand(HANDS["repique"]), "elder", SMALL), younger_book):
        for r in a.discards:
            c = r.counts
            assert c["deals"] == deals_for(len(r.discard))
            for cls in ("point", "sequence", "sets"):
                assert c[f"{cls}_win"] + c[f"{cls}_tie"] + c[f"{cls}_lose"] == c["deals"]
            assert c["repique_me"] + c["repique_opp"] <= c["deals"]
            assert c["pique_me"] + c["repique_me"] <= c["deals"]
    # younger, elder having taken 4, may exchange 0 to 4: 1 + 12 + 66 + 220 + 495 discards
    assert len(younger_book.discards) == sum(math.comb(12, m) for m in range(5))
    assert younger_book.deals_per_discard[0] == math.comb(20, 12)


def test_no_set_ties_except_when_neither_has_a_set():
    a = analyse_discards(parse_hand(HANDS["repique"]), "elder", SMALL)
    for r in a.discards:  # the hand keeps four queens unless it discards one; nobody ties on sets then
        if sum(c.rank.symbol == "Q" for c in r.discard) == 0:
            assert r.counts["sets_tie"] == 0


@pytest.mark.parametrize("name", ["courtly", "book"])
def test_opponent_carte_blanche_has_its_closed_form(name):
    """The dealer's holding is a uniform 12 of the 20 unseen cards whatever the draw:
    P(no court) = C(non-courts unseen, 12) / C(20, 12), for every discard."""
    hand = parse_hand(HANDS[name])
    a = analyse_discards(hand, "elder", SMALL)
    courts_unseen = 12 - sum(c.rank.symbol in "KQJ" for c in hand)
    want = math.comb(UNSEEN - courts_unseen, 12) / math.comb(UNSEEN, 12)
    for r in a.discards:
        exact = 10 * r.deals * math.comb(UNSEEN - courts_unseen, 12)
        assert r.counts["carte_blanche_opp"] * math.comb(UNSEEN, 12) == exact
        assert r.expected("carte_blanche_opp") == pytest.approx(10 * want)
    if name == "courtly":
        assert a.discards[0].counts["carte_blanche_opp"] > 0


def test_elder_blanche_is_the_opponents_carte_blanche_for_younger():
    hand = parse_hand(HANDS["weak"])
    shown = analyse_discards(hand, "younger", RUBICON, elder_took=5, elder_blanche=True)
    hidden = analyse_discards(hand, "younger", RUBICON, elder_took=5, elder_blanche=False)
    for r in shown.discards:
        assert r.expected("carte_blanche_opp") == 10
        assert r.counts["repique_me"] == 0  # the opponent has scored before anything I hold
    assert all(r.counts["carte_blanche_opp"] == 0 for r in hidden.discards)
    assert by_discard(shown).keys() == by_discard(hidden).keys()


@pytest.mark.parametrize("name,position,discard", [
    ("repique", "elder", ["9D", "QS"]),
    ("book", "elder", ["TD", "9D", "9C", "8C"]),
    ("weak", "younger", ["JH", "QD"]),
])
def test_one_discard_agrees_with_a_seeded_monte_carlo_of_the_plain_scorer(name, position, discard):
    """Every reported mean within 4 standard errors of 2,000 deals scored by declare.score_deal."""
    hand = parse_hand(HANDS[name])
    rules = RUBICON.with_exchange(elder=(len(discard),)) if position == "elder" else RUBICON
    a = analyse_discards(hand, position, rules, elder_took=5)
    exact = by_discard(a)[frozenset(_cards(discard))]
    samples = monte_carlo(hand, _cards(discard), position == "elder", RUBICON, 2000, seed=7,
                          opp_blanche_fixed=None if position == "elder" else False)
    n = len(samples)
    for name_ in COUNT_NAMES[1:]:
        values = [s[name_] for s in samples]
        mean = sum(values) / n
        want = exact.counts[name_] / exact.deals
        sd = statistics.pstdev(values)
        if name_.endswith(("_win", "_tie", "_lose")) or name_.startswith(("repique", "pique")):
            sd = math.sqrt(want * (1 - want))  # the exact Bernoulli spread
        if sd == 0:
            assert mean == want, name_
        else:
            assert abs(mean - want) <= 4 * sd / math.sqrt(n) + 1e-12, (name_, mean, want)


def test_permuting_suits_permutes_results_and_changes_no_number():
    hand = parse_hand(HANDS["repique"])
    perm = {Suit.SPADES: Suit.CLUBS, Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.SPADES, Suit.CLUBS: Suit.HEARTS}

    def move(cards):
        return frozenset(Card(c.rank, perm[c.suit]) for c in cards)

    for position in ("elder", "younger"):
        rules = SMALL if position == "elder" else RUBICON.with_exchange(dealer=(1, 2, 3))
        a = by_discard(analyse_discards(hand, position, rules, elder_took=5))
        b = by_discard(analyse_discards(move(hand), position, rules, elder_took=5))
        assert {move(d) for d in a} == set(b)
        for d, r in a.items():
            assert b[move(d)].counts == r.counts


def test_ranking_is_by_exact_net_then_enumeration_order():
    a = analyse_discards(parse_hand(HANDS["book"]), "elder", SMALL)
    nets = [r.net for r in a.discards]
    assert nets == sorted(nets, reverse=True)
    ties = [(x, y) for x, y in zip(a.discards, a.discards[1:], strict=False) if x.net == y.net]
    for x, y in ties:
        assert len(x.discard) <= len(y.discard)


def test_progress_rises_to_every_deal_and_does_not_change_the_counts():
    hand = parse_hand(HANDS["repique"])
    seen = []
    a = analyse_discards(hand, "elder", SMALL, progress=lambda done, total: seen.append((done, total)))
    total = sum(r.deals for r in a.discards)
    assert {t for _, t in seen} == {total}
    dones = [d for d, _ in seen]
    assert dones == sorted(dones) and dones[-1] == total
    assert len(seen) > len(SMALL.elder_discards)  # several reports per discard size, as chunks finish
    assert [r.counts for r in analyse_discards(hand, "elder", SMALL).discards] == [r.counts for r in a.discards]

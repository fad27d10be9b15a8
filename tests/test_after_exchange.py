"""After the exchange: declare (exact, against every holding), score (one deal), odds (the old books)."""

import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from piquet_calc.analysis import COUNT_NAMES, analyse_declaration
from piquet_calc.analysis.odds import at_least
from piquet_calc.cards import DECK, parse_cards
from piquet_calc.cli import app
from piquet_calc.game.declarations import Declaration, is_carte_blanche
from piquet_calc.rules import RUBICON
from piquet_calc.wording import odds_words, simplest_odds

from .naive import outcome

runner = CliRunner()


def cli_json(*args):
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# --- odds: Cavendish's figures and brute force ----------------------------------------------------

@pytest.mark.parametrize("named,take,words", [
    (1, 5, "3 to 1 against"),   # elder taking five gets one named card
    (2, 5, "5 to 4 against"),   # one of two named cards
    (3, 5, "3 to 2 on"),        # one of three
    (1, 3, "17 to 3 against"),  # younger taking three gets one named card
])
def test_cavendish_published_odds(named, take, words):
    assert odds_words(at_least(named, take, 20)) == words


def test_hypergeometric_equals_counting_draws_by_hand():
    for unseen, take, named in [(8, 3, 2), (10, 5, 3), (9, 4, 4), (7, 7, 2)]:
        draws = list(itertools.combinations(range(unseen), take))
        for j in range(1, named + 1):
            hits = sum(1 for d in draws if sum(c < named for c in d) >= j)
            assert at_least(named, take, unseen, j) == Fraction(hits, len(draws))


def test_odds_words_are_within_two_per_cent_and_in_smallest_terms():
    for n in range(1, 200):
        p = Fraction(n, 200)
        if p == Fraction(1, 2):
            assert odds_words(p) == "evens"
            continue
        a, b, side = simplest_odds(p)
        ratio = (1 - p) / p if p < Fraction(1, 2) else p / (1 - p)
        assert abs(Fraction(a, b) - ratio) <= Fraction(2, 100) * ratio or b == ratio.denominator
        assert side == ("against" if p < Fraction(1, 2) else "on") or a == b


def test_odds_command():
    data = cli_json("odds", "AH KH", "--elder")
    assert [r["odds"] for r in data["rows"]] == ["5 to 4 against", odds_words(at_least(2, 5, 20, 2))]
    assert data["rows"][0]["numerator"] * 15504 == data["rows"][0]["denominator"] * (15504 - math.comb(18, 5))
    assert cli_json("odds", "AH", "--younger")["rows"][0]["odds"] == "17 to 3 against"
    bad = runner.invoke(app, ["odds", "AH"])
    assert bad.exit_code == 2 and "--take" in bad.stderr


# --- declare: exact counts by brute force with the plain scorer --------------------------------------

def brute_force(hand, discards, seen, position, me_blanche=False, opp_blanche=None):
    unseen = [c for c in DECK if c not in set(hand) | set(discards) | set(seen)]
    total = dict.fromkeys(COUNT_NAMES, 0)
    for opp in itertools.combinations(unseen, 12):
        ob = is_carte_blanche(opp, RUBICON) if opp_blanche is None else opp_blanche
        for k, v in outcome(hand, opp, position == "elder", RUBICON, me_blanche, ob).items():
            total[k] += v
    return total


@pytest.mark.parametrize("hand,discards,seen,position", [
    ("AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "9C 8C 9D TD JS", "", "elder"),  # 004's elder, one more thrown
    ("KH QH JH TH 9H AC KC QC AD QD 9D QS", "7S 8S 7D 8D 7C", "", "elder"),
    ("QS JS TS 9S 8S KD QD AC JC TC 7H 8H", "JH 9H 9D", "8C 7C", "younger"),
])
def test_declare_counts_equal_brute_force(hand, discards, seen, position):
    h, d, s = parse_cards(hand), parse_cards(discards), parse_cards(seen)
    got = analyse_declaration(h, position, d, s, RUBICON)
    assert got.result.counts == brute_force(h, d, s, position, opp_blanche=None if position == "elder" else False)
    assert got.result.deals == math.comb(32 - 12 - len(d) - len(s), 12)


def test_good_against_the_cards_means_no_holding_beats_it():
    rng = random.Random(5)
    for _ in range(25):
        cards = rng.sample(DECK, 17)
        hand, discards = cards[:12], cards[12:]
        a = analyse_declaration(hand, "elder", discards)
        for call in a.calls:
            beaten = a.result.counts[f"{call.name}_lose"] > 0
            assert call.good_against_the_cards == (bool(call.best) and not beaten), (hand, call)


def test_sinkable_combinations_keep_the_class():
    # The opponent can hold four kings: four aces are good, three tens alone would not be.
    a = analyse_declaration(parse_cards("AS AH AD AC TS TH TD 9S 8S 7S 9H 8H"), "elder")
    sets = next(c for c in a.calls if c.name == "sets")
    assert sets.best == "four aces" and sets.good_against_the_cards
    assert sets.sinkable == ("three tens",)
    # Here no quatorze is possible against us (KC, QD QC, JH JD JC, TH TD TC are out): the best the
    # opponent can show is three jacks, so either of our sets alone keeps the class.
    a = analyse_declaration(parse_cards("AS AH AD AC KS KH KD QS QH JS TS 9S"), "elder",
                            parse_cards("7S 8S 7H 8H 7D"))
    sets = next(c for c in a.calls if c.name == "sets")
    assert sets.sinkable == ("four aces", "three kings")
    assert next(c for c in a.calls if c.name == "sequence").best == "sixième to the ace (spades)"


def test_declare_cli_table_and_json():
    args = ["declare", "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "--discards", "9C 8C 9D TD", "--elder"]
    table = runner.invoke(app, args)
    assert table.exit_code == 0, table.output
    assert "16 cards unseen: 1,820 equally likely opponent hands" in table.stdout
    assert "- point: 6 hearts (56) can be beaten" in table.stdout
    data = cli_json(*args)
    assert set(data["classes"]) == {"point", "sequence", "sets"}
    for c in data["classes"].values():
        assert c["good"] + c["equal"] + c["not_good"] == pytest.approx(1)
    assert data["holdings"] == 1820 and data["counts"]["deals"] == 1820
    bad = runner.invoke(app, ["declare", "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "--discards", "AS", "--elder"])
    assert bad.exit_code == 2 and "AS is named twice" in bad.stderr


# --- score: every worked example of RULES.md --------------------------------------------------------

def classes(data):
    return {c["class"]: (c["elder"], c["dealer"]) for c in data["classes"]}


def test_score_002_repique_95():
    d = cli_json("score", "AH JH TH 9H 8H TC TD AS JS TS 9S 8S", "KH QH AC KC QC AD KD QD JD 7D KS QS")
    assert classes(d)["point"] == (0, 0) and d["repique"] == {"elder": False, "dealer": True}
    assert d["total"] == {"elder": 0, "dealer": 95}


def test_score_002_point_41():
    d = cli_json("score", "AH KH QH JH AC KC QC AD KD QD 7D AS", "JC TC 9C 8C JD TD 9D KS QS JS TS 9S")
    c = classes(d)
    assert c["point"][1] + c["sequence"][1] == 27 and c["sets"] == (20, 0)


def test_score_002_quint_and_four_queens():
    """002: point 5, quint to the king 15 (and a tierce), four queens 14 against a dealer with nothing good."""
    d = cli_json("score", "KH QH JH TH 9H AC KC QC AD QD 9D QS", "AS KS JS 9S 8S AH 7H JD TD 8D 7D JC")
    c = classes(d)
    assert c["point"] == (5, 0) and c["sequence"] == (18, 0) and c["sets"] == (14, 0)
    assert d["repique"]["elder"] and d["total"]["elder"] == 5 + 18 + 14 + 60


def test_score_002_twenty_seven_then_pique():
    """002: point 5, quint to the king, quart major, three kings: 27 before the play; leading A, K, Q
    makes 30 with the dealer at nothing: pique."""
    d = cli_json("score", "AH 9H AC KC QC JC KD QD JD TD 9D KS", "AS QS JS 9S KH QH JH 8H AD 8D TC 9C")
    c = classes(d)
    assert sum(e for e, _ in c.values()) - c["pique"][0] == 27
    assert d["pique"]["elder"] and d["total"] == {"elder": 57, "dealer": 0}


def test_score_004_deal_under_rubicon():
    """004's deal: A (dealer) point 6 and sixième: 22; B (elder) three aces only, since sets of sevens
    count only under encyclopedia rules (004's own 'B 17')."""
    d = cli_json("score", "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "KS QS JS TS 9S 8S KD QD 8D AC JC TC",
                 "--elder-dealt", "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C",
                 "--younger-dealt", "QS JS TS 9S 8S JH 9H KD QD AC JC TC")
    assert d["total"] == {"elder": 3, "dealer": 22}


def test_score_uses_dealt_hands_for_carte_blanche():
    blanche = "AS TS 9S 8S AH TH 9H AD TD 9D AC TC"
    final = "AS TS 9S 8S AH TH 9H AD TD 9D AC KC"
    dealer = "KS QS JS 7S KH QH JH 8H KD QD JD QC"
    assert classes(cli_json("score", final, dealer))["carte_blanche"] == (0, 0)
    d = cli_json("score", final, dealer, "--elder-dealt", blanche)
    assert classes(d)["carte_blanche"] == (10, 0)


def test_score_rejects_a_card_in_both_hands():
    r = runner.invoke(app, ["score", "AH JH TH 9H 8H TC TD AS JS TS 9S 8S", "AH QH AC KC QC AD KD QD JD 7D KS QS"])
    assert r.exit_code == 2 and "AH is in both hands" in r.stderr


def test_plain_declaration_words():
    d = Declaration.of(parse_cards("KH QH JH TH 9H AC KC QC AD QD 9D QS"), RUBICON)
    assert [r.words for r in d.runs] == ["quint to the king (hearts)", "tierce to the ace (clubs)"]
    assert d.sets[0].words == "four queens" and d.point.words == "5 hearts (49)"

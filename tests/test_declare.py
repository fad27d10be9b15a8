"""The plain-Python scorer against every worked example in RULES.md (from the sources in seeds/)."""

import dataclasses
import itertools

from piquet_calc.cards import Rank, Suit, parse_cards
from piquet_calc.game.declarations import Declaration, is_carte_blanche, pique_run, runs_of, score_deal
from piquet_calc.rules import RUBICON


def test_point_length_always_beats_pips():
    """RULES.md: n + 1 cards of a suit always outweigh n, so 'more cards' and 'more pips' agree."""
    for a, b in itertools.combinations(range(256), 2):
        ra = [r for r in Rank if a >> r & 1]
        rb = [r for r in Rank if b >> r & 1]
        if len(ra) != len(rb):
            longer, shorter = (ra, rb) if len(ra) > len(rb) else (rb, ra)
            assert sum(r.pips for r in longer) > sum(r.pips for r in shorter)


def test_002_repique_example_ties_do_not_save():
    """002: point tied, dealer's quart and tierce major (7) and four kings and queens (28): repique, 95."""
    s = score_deal(parse_cards("AH JH TH 9H 8H TC TD AS JS TS 9S 8S"),
                   parse_cards("KH QH AC KC QC AD KD QD JD 7D KS QS"), RUBICON)
    assert s.winner("point") is None
    assert dict((n, (e, d)) for n, e, d in s.classes)["sequence"] == (0, 7)
    assert dict((n, (e, d)) for n, e, d in s.classes)["sets"] == (0, 28)
    assert s.dealer_repique and not s.elder_repique
    assert s.total(elder=False) == 95 and s.total(elder=True) == 0


def test_002_point_41_against_five_spades():
    """002: dealer's point (five spades, 49), quint, quart and tierce good (27); elder's sets good (20)."""
    s = score_deal(parse_cards("AH KH QH JH AC KC QC AD KD QD 7D AS"),
                   parse_cards("JC TC 9C 8C JD TD 9D KS QS JS TS 9S"), RUBICON)
    e = Declaration.of(parse_cards("AH KH QH JH AC KC QC AD KD QD 7D AS"), RUBICON)
    assert e.point.key == (4, 41)
    classes = {n: (el, de) for n, el, de in s.classes}
    assert classes["point"] == (0, 5) and classes["sequence"] == (0, 22)
    assert classes["point"][1] + classes["sequence"][1] == 27
    assert classes["sets"] == (20, 0)


def test_002_quint_to_the_king_and_four_queens():
    d = Declaration.of(parse_cards("KH QH JH TH 9H AC KC QC AD QD 9D QS"), RUBICON)
    assert (d.point.length, d.point.pips) == (5, 49)
    assert [(r.length, r.top) for r in d.runs] == [(5, Rank.KING), (3, Rank.ACE)]
    assert d.sequence_score == 15 + 3
    assert d.set_score == 14


def test_002_twenty_seven_before_the_play():
    """002: point 5, quint to the king 15, quart major 4, three kings 3: 27 before the play."""
    d = Declaration.of(parse_cards("AH 9H AC KC QC JC KD QD JD TD 9D KS"), RUBICON)
    assert d.point.length == 5 and d.sequence_score == 19 and d.set_score == 3
    assert d.point.score + d.sequence_score + d.set_score == 27


def test_004_deal_under_rubicon_counts_no_sevens():
    """004's deal: A wins point 6 (57 to 56) and the sixième; under rubicon B's sevens make no set."""
    b_elder = parse_cards("AS 7S AH KH QH TH 8H 7H AD 7D KC 7C")
    a_dealer = parse_cards("KS QS JS TS 9S 8S KD QD 8D AC JC TC")
    s = score_deal(b_elder, a_dealer, RUBICON)
    classes = {n: (e, d) for n, e, d in s.classes}
    assert Declaration.of(a_dealer, RUBICON).point.key == (6, 57)
    assert Declaration.of(b_elder, RUBICON).point.key == (6, 56)
    assert classes["point"] == (0, 6) and classes["sequence"] == (0, 16)
    assert classes["sets"] == (3, 0)  # three aces; four sevens need encyclopedia rules


def test_004_deal_with_sets_of_any_rank_is_a_22_to_17():
    """004 (encyclopedia counts sets of any rank): before the play A 22, B 17."""
    any_rank = dataclasses.replace(RUBICON, set_min_rank=Rank.SEVEN)
    s = score_deal(parse_cards("AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"),
                   parse_cards("KS QS JS TS 9S 8S KD QD 8D AC JC TC"), any_rank)
    assert s.total(elder=False) == 22 and s.total(elder=True) == 17


def test_sequences_are_maximal_runs_and_all_score():
    runs = runs_of(parse_cards("7S 8S 9S JS QS KS AH KH QH"))
    assert sorted((r.suit, r.length, r.top) for r in runs) == [
        (Suit.SPADES, 3, Rank.NINE), (Suit.SPADES, 3, Rank.KING), (Suit.HEARTS, 3, Rank.ACE)]
    assert Declaration.of(parse_cards("7S 8S 9S TS JS QS KS AS AH KH QH 7D"), RUBICON).sequence_score == 18 + 3


def test_carte_blanche_is_no_king_queen_or_jack():
    assert is_carte_blanche(parse_cards("AS TS 9S 8S AH TH 9H AD TD 9D AC TC"), RUBICON)
    assert not is_carte_blanche(parse_cards("AS TS 9S 8S AH TH 9H AD TD 9D AC JC"), RUBICON)


def test_pique_run_cashes_winners_and_guarded_suits():
    elder = parse_cards("AS KS QS 7S AH KH AD 7D 9C 8C 7C TC")
    dealer = parse_cards("JS 8S QH JH TH 9H KD QD JD TD 9D JC")
    run = pique_run(elder, dealer, RUBICON)
    # spades: A K Q above the jack and 3 >= 2 of the dealer's, so all four; hearts A K; diamonds A;
    # clubs: the dealer's jack is above all of elder's clubs
    assert sorted(map(str, run.cashed)) == sorted(["AS", "KS", "QS", "7S", "AH", "KH", "AD"])
    assert run.points == 7 + 1


def test_pique_twenty_two_declared_and_eight_in_the_play():
    """Point 6 and sixième 16 (22), the dealer at nothing: six hearts and the ace of spades cash (7),
    then one more lead (1): 30, pique. Give the dealer a trio of kings instead and there is none."""
    elder = parse_cards("AH KH QH JH TH 9H AS 7S 8D 7D 8C 7C")
    dealer = parse_cards("8H 7H KS QS 9S 8S AD KD 9D AC JC 9C")  # nines make no set under rubicon
    s = score_deal(elder, dealer, RUBICON)
    assert s.total(elder=False) == 0
    assert {n: e for n, e, _ in s.classes}["point"] == 6
    assert len(s.run.cashed) == 7 and s.run.points == 8
    assert s.elder_pique and not s.elder_repique and s.total(elder=True) == 22 + 30

    with_kings = parse_cards("8H 7H KS QS 9S 8S AD KD 9D AC KC 9C")
    s = score_deal(elder, with_kings, RUBICON)
    assert s.winner("sets") == "dealer" and not s.elder_pique

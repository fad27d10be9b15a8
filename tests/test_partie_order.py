"""Au-cent's race decided in counting order (issue 29, item 5): a hand-made deal scored by hand from
docs/rules.md, game/counting.py's steps against it, and the partie advice reading them where a pair of
deal totals leaves open who reached 100 first or whether it was a lurch."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from piquet_calc.analysis.partie import PartieState, partie_estimate, rank_by_partie
from piquet_calc.analysis.partie_value import PartieValueError, load_partie_values
from piquet_calc.cards import parse_cards
from piquet_calc.game.counting import deal_steps
from piquet_calc.game.partie import DealTotals, first_to_reach, score_partie
from piquet_calc.rules import get_rules

AU_CENT = get_rules("au-cent")
# Elder holds the eight hearts and the four top spades; the dealer the rest of the spades, diamonds and
# clubs from the ten down: a dealt hand without a court card, so carte blanche (10), shown and counted first.
ELDER = parse_cards("AH KH QH JH TH 9H 8H 7H AS KS QS JS")
DEALER = parse_cards("TS 9S 8S 7S TD 9D 8D 7D TC 9C 8C 7C")
# Elder cashes the hearts, then the spades (the dealer follows with his low spades): all twelve tricks.
LINE = [(c, r) for c, r in zip(
    parse_cards("AH KH QH JH TH 9H 8H 7H AS KS QS JS"),
    parse_cards("7D 8D 9D TD 7C 8C 9C TC 7S 8S 9S TS"), strict=True)]
# By hand (docs/rules.md, au-cent): the dealer's carte blanche 10; elder's point of eight hearts 8 and his
# sequences, the huitième 18 and the quart to the ace in spades 4, 22 (no repique: the dealer has scored);
# sets of ten or higher: elder has pairs only, the dealer three tens, 3. The play: a lead of a ten or
# higher scores 1 (AH KH QH JH TH, AS KS QS JS), a seven, eight or nine nothing, winning one's own lead
# nothing; the last trick 1 more; capot 40, which includes the last trick's point and the 10 for the
# cards: 39 after the play. Elder 8 + 22 + 9 + 1 + 39 = 79,
# the dealer 10 + 3 = 13.
BY_HAND = ((1, 10), (0, 8), (0, 22), (1, 3), (0, 1), (0, 1), (0, 1), (0, 1), (0, 1), (0, 1), (0, 1), (0, 1), (0, 2),
           (0, 39))


def test_the_hand_made_deal_in_counting_order() -> None:
    counted = deal_steps(ELDER, DEALER, AU_CENT, LINE, elder_blanche=False, dealer_blanche=True)
    assert counted.steps == BY_HAND
    assert counted.totals == (79, 13)


def test_without_the_carte_blanche_elder_repiques() -> None:
    # the dealer's dealt hand held a court (he discarded it): nothing before elder's 30, so a repique (60),
    # counted after the sets (docs/rules.md's au-cent order: ... sequences, sets, repique)
    counted = deal_steps(ELDER, DEALER, AU_CENT, LINE, elder_blanche=False, dealer_blanche=False)
    assert counted.steps[:4] == ((0, 8), (0, 22), (1, 3), (0, 60)) and counted.totals == (139, 3)


@pytest.mark.parametrize(("score", "winner", "lurch"), [
    ((80, 90), 2, False),  # both pass 100 in the deal: the dealer's carte blanche, counted first, gets there
    ((45, 90), 2, True),  # ... and elder then has 45, under 50: a lurch, though he ends the deal at 124
    ((80, 87), 1, False),  # the dealer's 10 leaves him at 97; elder's sequences take him to 110 first
])
def test_partie_sheet_agrees(score: tuple[int, int], winner: int, lurch: bool) -> None:
    # game/partie.py's own race on the hand-made deal as steps (player 1 elder in deal 1)
    first = [DealTotals.from_steps([(0, score[0])], 2), DealTotals.from_steps([(1, score[1])], 2)]  # deals 1 and 2
    # deal 3: player 2 deals, so player 1 is elder: seat 0 is player 1
    result = score_partie(AU_CENT, [*first, DealTotals.from_steps(list(BY_HAND), 2)])
    assert (result.winner, result.lurch, result.value) == (winner, lurch, 2 if lurch else 1)
    got = first_to_reach(score, BY_HAND, 100)
    assert got is not None and got[0] + 1 == winner and (got[1][2 - winner] < 50) == lurch


class _Played:
    """One hand-made deal as played, in the shape engine/deal.py's ReportDeals gives the advice."""

    def __init__(self, n: int) -> None:
        self.n, self.calls = n, 0

    def counted(self, i: int):
        self.calls += 1
        return deal_steps(ELDER, DEALER, AU_CENT, LINE, elder_blanche=False, dealer_blanche=True)


@pytest.mark.parametrize(("score", "value"), [((80, 90), -1.0), ((45, 90), -2.0), ((80, 87), 1.0)])
def test_the_advice_reads_the_counting_order(score: tuple[int, int], value: float) -> None:
    # deal 3, I am elder (player 1); the pair (79, 13) takes both past 100
    state = PartieState(me=score[0], opponent=score[1], deal=3, position="elder")
    assert state.my_player == 1
    totals = np.array([[79, 13]] * 3)
    with pytest.raises(PartieValueError, match="counting order"):
        partie_estimate(totals, state, "au-cent")
    played = _Played(3)
    got = partie_estimate(totals, state, "au-cent", played=played)
    assert got.value == pytest.approx(value) and got.win == (value > 0) and played.calls == 3
    # the ranking passes each finalist's deals as played
    ranked = rank_by_partie([SimpleNamespace(discard=(), totals=totals, played=played)], state, "au-cent")
    assert ranked[0][1].value == pytest.approx(value)


def test_the_pair_alone_decides_where_it_can() -> None:
    # one player past 100, the other under 50 at the end (a lurch) or at 50 before: no steps asked for
    table = load_partie_values("au-cent")
    pairs = np.array([[30, 5], [10, 20]])  # elder (player 1) 75 -> 105, the dealer 40 -> 45; 85, 60
    played = _Played(2)
    got = table.after_many(3, (75, 40), pairs, lambda i: played.counted(i).steps)
    assert played.calls == 0 and got["value"][0] == 2.0 and got["win"][0] == 1.0
    got = table.after_many(3, (75, 55), np.array([[30, 5]]), lambda i: played.counted(i).steps)
    assert played.calls == 0 and got["value"][0] == 1.0


def test_a_disagreeing_record_is_an_error() -> None:
    state = PartieState(me=80, opponent=90, deal=3, position="elder")
    with pytest.raises(RuntimeError, match="adds up to"):
        partie_estimate(np.array([[78, 13]]), state, "au-cent", played=_Played(1))


@pytest.mark.parametrize("position", ["elder", "younger"])
def test_the_sampler_records_each_deal_as_played(position: str) -> None:
    # every report deal of a small whole-deal run: its line, replayed by game/play.py from the recorded
    # hands, adds up in counting order to the kernel's totals (engine/deal.py's ReportDeals)
    from piquet_calc.analysis.deal import analyse_deal
    from piquet_calc.cards import parse_hand

    rules = AU_CENT.with_exchange(elder=(1,), dealer=(1,))  # twelve discards: the whole run in seconds
    hand = parse_hand("AS AH KH QH TH 8H 7H AD TD 9D 9C 8C")
    a = analyse_deal(hand, position, rules, elder_took=1, samples=24, top=2, seed=5, threads=1)
    for d in a.discards:
        assert d.played is not None and len(d.played) == 24
        for i in range(24):
            counted = d.played.counted(i)
            mine, theirs = counted.totals if position == "elder" else counted.totals[::-1]
            assert (mine, theirs) == tuple(d.totals[i])
            assert sum(p for s, p in counted.steps if s == 0) == counted.totals[0]

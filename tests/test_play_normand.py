"""The play of Piquet Normand (issue 36): the rules scored by hand, the paranoid solvers against a plain
minimax without pruning or table on random endings, the kernel against the plain solver on whole deals."""

from __future__ import annotations

import random

import pytest

from piquet_calc.analysis.play_normand import analyse_play_normand
from piquet_calc.cards import DECK, parse_cards
from piquet_calc.game.play_normand import (
    PlayError,
    StateNormand,
    minimax_normand,
    play_card,
    score_cards,
    start_normand,
)
from piquet_calc.game.solve_normand import PlainSolverNormand
from piquet_calc.rules import get_rules

NORMAND = get_rules("normand")


def hands(*texts: str) -> list[tuple]:
    return [parse_cards(t, 10, "a hand") for t in texts]


def cards(text: str) -> list:
    return list(parse_cards(text))


# --- the cards and capot (docs/rules.md, The play of three and four: 002's reading) -----------------------

@pytest.mark.parametrize(("tricks", "cards_", "capot"), [
    ((5, 3, 2), (10, 0, 0), (0, 0, 0)),  # strictly the most: 10
    ((4, 4, 2), (5, 5, 0), (0, 0, 0)),  # two tied for the most: 5 each
    ((2, 4, 4), (0, 5, 5), (0, 0, 0)),
    ((10, 0, 0), (0, 0, 0), (40, 0, 0)),  # capot: 40 instead of the 10
    ((0, 0, 10), (0, 0, 0), (0, 0, 40)),
    ((5, 5, 0), (0, 0, 0), (20, 20, 0)),  # two share all the tricks: 20 each instead of the 5s
    ((9, 0, 1), (0, 0, 0), (20, 0, 20)),  # 9-1-0 included
])
def test_the_cards_and_capot(tricks, cards_, capot) -> None:
    assert score_cards(tricks, NORMAND) == (cards_, capot)


# --- hand-made deals, every trick recorded, scored by hand ----------------------------------------------

def test_two_tied_for_most_tricks_score_five_each() -> None:
    """No declarations (points and quarts tied, no trio): elder cashes four spades (4 leads), leads 7H to
    middle's ace (elder 1 lead; middle 1 for the win), middle leads four (4), loses the ninth to the dealer
    (1 for the win), who leads the last (1) and takes it (1 last trick). Tricks 4-4-2: elder and middle 5
    each. Elder 5 + 5, middle 5 + 5, dealer 3."""
    deal = hands("AS KS QS JS 7H 8H 7D 8D 7C 8C", "AH KH QH JH 7S 8S 9D TD 9C TC",
                 "AD KD QD JD 9S TS 9H TH JC QC")
    play = cards("AS 7S 9S, KS 8S TS, QS 9C JC, JS TC QC, 7H AH 9H, KH TH 8H, QH JD 7C, JH QD 8C, 9D AD 7D, KD 8D TD")
    a = analyse_play_normand(deal, NORMAND, play)
    assert a.before == (0, 0, 0) and a.pique_live
    assert a.tricks_won == (4, 4, 2)
    assert a.end.cards == (5, 5, 0) and a.end.capot == (0, 0, 0)
    assert a.end.totals == (10, 10, 3)


def test_shared_capot_scores_twenty_each() -> None:
    """Points tied at 8 cards 75, huitièmes tied, no trio: nothing declared. Elder leads his eight spades
    (8), then 7H to middle's ace (1; middle 1), middle leads KH (1) and takes it, with the last trick (1).
    Tricks 8-2-0: elder and middle share them all, 20 each instead of the cards: elder 9 + 20, middle 3 + 20."""
    deal = hands("AS KS QS JS TS 9S 8S 7S 7H 8H", "AH KH QH JH TH 9H 7D 8D 9D TD",
                 "AC KC QC JC TC 9C 8C 7C AD KD")
    play = cards("AS 7D AC, KS 8D KC, QS 9D QC, JS TD JC, TS TH TC, 9S 9H 9C, 8S JH 8C, 7S QH 7C, 7H AH AD, KH KD 8H")
    a = analyse_play_normand(deal, NORMAND, play)
    assert a.before == (0, 0, 0) and a.tricks_won == (8, 2, 0)
    assert a.end.capot == (20, 20, 0) and a.end.cards == (0, 0, 0)
    assert a.end.totals == (29, 23, 0)


PIQUE_DEAL = ("AS AH AD AC KC QC 9S 8S 9C 8C", "KH QH JH TH 9H KS QS TS 7S 8D", "KD QD JD TD 9D JC TC 7C 8H 7H")


def test_pique_when_elder_reaches_twenty_before_the_others_score() -> None:
    """Elder's four aces (14) are all that is declared (points and quints to the king tied between middle
    and the dealer), so pique is live, six points short. His sixth lead makes 20: +40 at once (60). He
    takes every trick: 10 leads and the last trick, and capot 40: 14 + 11 + 40 + 40 = 105."""
    play = cards("AS 7S 7H, AH 9H 8H, AD 8D 9D, AC TS 7C, KC QS TC, QC KS JC, 9C TH TD, 8C JH JD, 9S QH QD, 8S KH KD")
    a = analyse_play_normand(hands(*PIQUE_DEAL), NORMAND, play)
    assert a.before == (14, 0, 0) and a.pique_live
    assert [t.totals[0] for t in a.tricks] == [15, 16, 17, 18, 19, 60, 61, 62, 63, 65]
    assert a.tricks[5].pique and a.pique
    assert a.end.capot == (40, 0, 0) and a.end.totals == (105, 0, 0)


def test_no_pique_once_another_has_scored() -> None:
    """The same deal, but elder leads 9C second: the dealer takes it (1), and pique is gone for good."""
    play = cards("AS 7S 7H, 9C TS TC")
    s = start_normand(hands(*PIQUE_DEAL), NORMAND, (14, 0, 0), True)
    for c in play:
        s = play_card(s, c, NORMAND)
    assert s.totals == (16, 0, 1) and not s.pique_live


def test_a_card_that_does_not_follow_suit_is_refused() -> None:
    s = start_normand(hands(*PIQUE_DEAL), NORMAND, (14, 0, 0), True)
    s = play_card(s, parse_cards("AS")[0], NORMAND)
    with pytest.raises(PlayError, match="must follow suit"):
        play_card(s, parse_cards("KH")[0], NORMAND)


# --- the solvers: every card's value against a plain minimax on random endings ---------------------------

def random_ending(rng: random.Random) -> StateNormand:
    """A random deal played at random until 2 to 4 tricks are left (sometimes in the middle of a trick)."""
    deck = list(DECK)
    rng.shuffle(deck)
    before = (rng.choice([0, 0, 6, 14, 17]), rng.choice([0, 0, 3]), rng.choice([0, 0, 4]))
    s = start_normand([deck[:10], deck[10:20], deck[20:30]], NORMAND, before, rng.random() < 0.8)
    left = rng.randint(2, 4)
    cut = 3 * (10 - left) + rng.choice([0, 0, 1, 2])
    for _ in range(cut):
        s = play_card(s, rng.choice(s.legal()), NORMAND)
    return s


def reference_values(s: StateNormand) -> list:
    me = s.to_move
    return [(c, minimax_normand(play_card(s, c, NORMAND), me, NORMAND)) for c in s.legal()]


@pytest.mark.parametrize("count", [100, pytest.param(300, marks=pytest.mark.slow)])  # 300: minutes of plain minimax
def test_plain_and_kernel_solvers_equal_minimax_on_endings(count: int) -> None:
    """Every legal card's paranoid value (what the rest adds to the mover's net doubled, from the position)
    equal to plain minimax's (no pruning, no table), for the plain solver and the kernels, on ``count`` endings."""
    from piquet_calc.engine.play_normand import SolverNormand
    from piquet_calc.game.play_normand import net2

    rng = random.Random(36)
    kernel = SolverNormand(NORMAND)
    for _ in range(count):
        s = random_ending(rng)
        base = net2(s.totals, s.to_move)
        want = [(c, v - base) for c, v in reference_values(s)]
        assert PlainSolverNormand(NORMAND).card_values(s) == want, s
        assert kernel.card_values(s) == want, s


def test_kernel_equals_plain_on_whole_deals() -> None:
    """Elder's every first lead valued on whole deals (and the solvers' root values for the others)."""
    from piquet_calc.engine.play_normand import SolverNormand

    rng = random.Random(7)
    kernel = SolverNormand(NORMAND)
    for _ in range(1):
        deck = list(DECK)
        rng.shuffle(deck)
        s = start_normand([deck[:10], deck[10:20], deck[20:30]], NORMAND, (0, 0, 0), True)
        assert kernel.card_values(s) == PlainSolverNormand(NORMAND).card_values(s)
    s = start_normand(hands(*PIQUE_DEAL), NORMAND, (14, 0, 0), True)
    for me in (1, 2):
        assert kernel.value(s, me) == PlainSolverNormand(NORMAND).value(s, me)


def test_the_line_plays_each_players_best_card() -> None:
    """The line's every solved card is one of its player's best (paranoid) and reaches the totals shown."""
    a = analyse_play_normand(hands(*PIQUE_DEAL), NORMAND, kernel=False)
    assert a.to_move == 0 and max(c.net2 for c in a.choices) == a.tricks[0].values[0]
    assert len(a.tricks) == 10 and sum(a.tricks_won) == 10
    assert a.end.totals[0] == a.tricks[-1].totals[0] + a.end.cards[0] + a.end.capot[0]


# --- the command line: the play, its JSON and schema, partie reading it, bad input ---------------------------

def run(*args: str, stdin: str | None = None):
    from typer.testing import CliRunner

    from piquet_calc.cli import app

    return CliRunner().invoke(app, list(args), input=stdin)


def test_play_json_choices_schema_and_partie() -> None:
    import json

    from piquet_calc.schemas import validator

    r = run("play", *PIQUE_DEAL, "--rules", "normand", "--tricks", "AS 7S 7H, AH 9H 8H, AD", "--json", "-q")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert not list(validator("play-normand").iter_errors(data))
    assert data["to_move"] == "middle" and [c["card"] for c in data["choices"]] == ["8D"]
    assert data["tricks"] == [["AS", "7S", "7H"], ["AH", "9H", "8H"], ["AD"]]
    assert data["line"][2]["recorded"] == 1 and len(data["line"]) == 10
    p = run("partie", "--rules", "normand", "--json", stdin=r.stdout)
    assert p.exit_code == 0, p.output
    assert json.loads(p.stdout)["totals"] == [data["total"][s] for s in ("elder", "middle", "dealer")]


@pytest.mark.parametrize(("args", "message"), [
    ((PIQUE_DEAL[0], PIQUE_DEAL[1], "KD QD JD TD 9D JC TC 7C 8H"), "the dealer's hand must have exactly 10 cards"),
    ((PIQUE_DEAL[0], PIQUE_DEAL[1], "KD QD JD TD 9D JC TC 7C 8H AS"), "AS is in both elder's and dealer's hands"),
    ((*PIQUE_DEAL, "--tricks", "AS KH 7H"), "--tricks: trick 1: middle must follow suit to AS, not play KH"),
    ((*PIQUE_DEAL, "--tricks", "AS 7S, AH 9H 8H"), "--tricks: trick 1: expected three cards from the leader"),
    ((*PIQUE_DEAL, "--tricks", "KH"), "it is elder's turn, and KH is not in elder's hand (it is middle's card)"),
    ((*PIQUE_DEAL, "--seat", "elder"), "with --seat give only your own hand (10 cards), not 3 hands"),  # the seat view
    # the dealer's dealt hand: a card of another's final hand in it, or one card exchanged (both or none)
    ((*PIQUE_DEAL, "--dealer-dealt", "KD QD JD TD 9D JC TC 7C AS 7D"), "AS is in the dealer's dealt hand and in "
                                                                      "elder's final hand"),
    ((*PIQUE_DEAL, "--dealer-dealt", "KD QD JD TD 9D JC TC 7C 8H JS"), "the dealer exchanges none or 2 cards"),
])
def test_bad_input_is_one_line_and_exit_2(args, message) -> None:
    r = run("play", *args, "--rules", "normand")
    assert r.exit_code == 2, r.output
    assert message in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr


def test_partie_refuses_a_broken_record() -> None:
    r = run("partie", "--rules", "normand", stdin='{"schema_version": 1, "schema": "play-normand.schema.json"}')
    assert r.exit_code == 2 and "play-normand.schema.json" in r.stderr, r.stderr


def test_the_dealers_dealt_hand_gives_his_carte_blanche() -> None:
    """A dealer dealt no king, queen or knave (carte blanche, 10) who put out TD TS and took KD QD: his
    carte blanche is read off his dealt hand, though his final hand holds a king and a queen; without
    --dealer-dealt the final hand stands for it, and there is none."""
    final = "KD QD 9D 8D 7D 9C 8C 7C 8H 7H"
    dealt = "TD 9D 8D 7D 9C 8C 7C 8H 7H TS"  # he put out TD TS, took KD QD
    hands_ = hands("AS AH AD AC KC QC 9S 8S TC JC", "KH QH JH TH 9H KS QS JS 7S JD", final)
    a = analyse_play_normand(hands_, NORMAND, cards("AS 7S 8H"), kernel=False, dealer_dealt=cards(dealt))
    assert dict(a.declarations.classes)["carte_blanche"] == (0, 0, 10)
    b = analyse_play_normand(hands_, NORMAND, cards("AS 7S 8H"), kernel=False)
    assert dict(b.declarations.classes)["carte_blanche"] == (0, 0, 0)


def test_partie_reads_records_one_after_another_the_deal_passing_on() -> None:
    """Two records of the tied deal (elder 10, middle 10, the dealer 3): player 3 deals first, then player 1,
    whose elder is player 2: the players' totals are 10 + 3, 10 + 10 and 3 + 10."""
    play = "AS 7S 9S, KS 8S TS, QS 9C JC, JS TC QC, 7H AH 9H, KH TH 8H, QH JD 7C, JH QD 8C, 9D AD 7D, KD 8D TD"
    r = run("play", "AS KS QS JS 7H 8H 7D 8D 7C 8C", "AH KH QH JH 7S 8S 9D TD 9C TC",
            "AD KD QD JD 9S TS 9H TH JC QC", "--rules", "normand", "--tricks", play, "--json", "-q")
    assert r.exit_code == 0, r.output
    p = run("partie", "--rules", "normand", "--json", stdin=r.stdout + r.stdout)
    assert p.exit_code == 0, p.output
    import json

    assert json.loads(p.stdout)["totals"] == [13, 20, 13]

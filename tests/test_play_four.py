"""The play of four: the kernels and the plain solver against a plain minimax, hand-made deals scored by hand.

RULES.md, "Three and four players" and "The play of three and four: the readings the checks are built on":
elder and third against second and the dealer; a lead scores 1 to the leader's side, winning the other
side's lead 1, a partner winning his partner's lead nothing, the last trick 1 more; the cards 10 to a side
with 5 or more of the 8 tricks; capot 40 in place of the 10, the last trick still scoring; pique 20 with
the play, counting 60 (+40), the other side at nothing.
"""

from __future__ import annotations

import random

import pytest

from piquet_calc.cards import DECK, Card, parse_card, parse_cards
from piquet_calc.engine.play_four import SolverFour, choices, solve_line
from piquet_calc.game.play import PlayError, legal_cards
from piquet_calc.game.play_four import (
    StateFour,
    finish_four,
    minimax_choices,
    minimax_four,
    play_card,
    start_four,
)
from piquet_calc.game.solve_four import PlainSolverFour
from piquet_calc.rules import get_rules

FOUR = get_rules("four")


def ending(rng: random.Random, n: int, played: int) -> StateFour:
    """A random ending of ``n`` tricks (the one under way with ``played`` random legal cards in it), random
    tricks and totals so far, pique live or not."""
    cards = rng.sample(DECK, 4 * n)
    hands = tuple(frozenset(cards[i * n:(i + 1) * n]) for i in range(4))
    ta = rng.randint(0, 8 - n)
    live = rng.random() < 0.5
    totals = (rng.randint(0, 19), 0) if live else (rng.randint(0, 30), rng.randint(0, 30))
    s = StateFour(hands, rng.randrange(4), (), (ta, 8 - n - ta), totals, live)  # type: ignore[arg-type]
    for _ in range(played):
        s = play_card(s, rng.choice(legal_cards(s.hands[s.to_move], s.trick[0] if s.trick else None)), FOUR)
    return s


def random_deal(rng: random.Random) -> StateFour:
    cards = rng.sample(DECK, 32)
    live = rng.random() < 0.5
    return start_four([cards[i * 8:(i + 1) * 8] for i in range(4)], FOUR,
                      (rng.randint(0, 15), 0) if live else (rng.randint(0, 20), rng.randint(1, 20)), live)


@pytest.fixture(scope="module")
def kernel() -> SolverFour:
    return SolverFour(FOUR)


@pytest.mark.parametrize("count", [100, pytest.param(300, marks=pytest.mark.slow)])  # 300: minutes of plain minimax
def test_every_card_valued_as_plain_minimax_on_endings(kernel: SolverFour, count: int) -> None:
    """Every legal card of the seat to move, valued by the kernels and by the plain solver, equals a plain
    minimax (no pruning, no table) on ``count`` random endings of 2 to 4 tricks (4: three cards already played;
    of 300: 140, 140 and 20)."""
    rng = random.Random(35)
    plain = PlainSolverFour(FOUR)
    some = count * 7 // 15
    sizes = [(2, rng.randrange(4)) for _ in range(some)] + [(3, rng.randrange(4)) for _ in range(some)]
    sizes += [(4, 3)] * (count - 2 * some)
    for n, played in sizes:
        s = ending(rng, n, played)
        ref = minimax_choices(s, FOUR)
        cards = sorted(ref)
        assert kernel.card_values(s, cards) == [ref[c] for c in cards], s
        assert [plain.value(play_card(s, c, FOUR)) for c in cards] == [ref[c] for c in cards], s
        best = max(ref.values()) if s.to_move % 2 == 0 else min(ref.values())
        assert kernel.value(s) == plain.value(s) == best


def test_kernels_equal_the_plain_solver_on_whole_deals(kernel: SolverFour) -> None:
    """Whole deals: the value and every first lead's value, kernels against the plain solver."""
    rng = random.Random(4)
    for _ in range(2):
        s = random_deal(rng)
        plain = PlainSolverFour(FOUR)
        assert [c.value for c in choices(s, kernel)] == [c.value for c in choices(s, plain)]
        assert kernel.value(s) == plain.value(s)


def test_the_line_reaches_the_value_and_its_cards_are_equally_good(kernel: SolverFour) -> None:
    """The line played out scores the solved value, and every card called equally good has that value."""
    rng = random.Random(8)
    s = random_deal(rng)
    v, line = solve_line(s, FOUR, kernel)
    plain = PlainSolverFour(FOUR)
    for ply in line[:8]:
        for c in ply.equally_good:
            assert plain.value(play_card(s, c, FOUR)) == v
        s = play_card(s, ply.card, FOUR)
    for ply in line[8:]:
        s = play_card(s, ply.card, FOUR)
    t = finish_four(s, FOUR).totals
    assert t[0] - t[1] == v


def hands(*texts: str) -> list[tuple[Card, ...]]:
    return [parse_cards(t) for t in texts]


def play_all(s: StateFour, text: str) -> StateFour:
    for token in text.replace(",", " ").split():
        s = play_card(s, parse_card(token), FOUR)
    return s


# Hand-made deals, scored by hand from RULES.md

SUITS = hands("AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D",
              "AC KC QC JC TC 9C 8C 7C")


def test_capot_by_hand() -> None:
    """Elder holds every spade and leads them all: 8 leads (8), the last trick (1), capot 40 in place of the
    cards: 49 to elder+third, 0 to the others (his partner and the opponents discard)."""
    s = start_four(SUITS, FOUR, (0, 0), False)
    s = play_all(s, ", ".join(f"{r}S {r}H {r}D {r}C" for r in "AKQJT987"))
    end = finish_four(s, FOUR)
    assert s.tricks == (8, 0) and end.capot == (40, 0) and end.cards == (0, 0) and end.totals == (49, 0)


def test_capot_ending_by_minimax() -> None:
    """Two tricks left, elder+third holding every winner and the lead: 2 leads, the last trick, capot 40."""
    s = StateFour((frozenset(parse_cards("AS KS")), frozenset(parse_cards("7S 8S")), frozenset(parse_cards("AH KH")),
                   frozenset(parse_cards("9S TS"))), 0, (), (6, 0), (20, 5), False)
    assert minimax_four(s, FOUR) == (20 + 2 + 1 + 40) - 5


def test_partner_winning_partners_lead_adds_nothing() -> None:
    """Elder leads 7H, third (his partner) wins it with AH: elder+third score the lead only (1). Third leads
    7C and the dealer wins it: 1 to each side. The dealer leads TH and third wins it: 1 to second+dealer for
    the lead, 1 to elder+third for winning the other side's lead."""
    s = start_four(hands("7H 7S 8S 9S TS JS QS KS", "8H 7D 8D 9D TD JD QD KD", "AH KH 7C 8C 9C TC JC QC",
                         "9H AS AD AC TH JH QH KC"), FOUR, (0, 0), False)
    s = play_all(s, "7H 8H AH 9H")  # third takes his partner's lead
    assert s.totals == (1, 0) and s.leader == 2 and s.tricks == (1, 0)
    s = play_all(s, "7C KC KS 7D")  # third leads 7C, the dealer wins with KC: 1 each
    assert s.totals == (2, 1) and s.leader == 3
    s = play_all(s, "TH QS 9D KH")  # the dealer leads TH, third takes it with KH: 1 + 1
    assert s.totals == (3, 2) and s.leader == 2


def test_the_cards_at_five_tricks_and_none_at_four() -> None:
    """5 tricks to 3 scores the cards (10); 4 to 4 nobody."""
    state = StateFour(tuple(frozenset() for _ in range(4)), 0, (), (5, 3), (7, 9), False)  # type: ignore[arg-type]
    assert finish_four(state, FOUR).cards == (10, 0)
    four_four = StateFour(state.hands, 0, (), (4, 4), (7, 9), False)
    assert finish_four(four_four, FOUR).cards == (0, 0)
    three_five = StateFour(state.hands, 0, (), (3, 5), (7, 9), False)
    assert finish_four(three_five, FOUR).totals == (7, 19)


def test_pique_in_the_play() -> None:
    """Elder+third at 16 from declarations, the others at nothing: elder cashes AS (17), KS (18), QS (19), JS
    (20: pique, +40 = 60) before the other side scores; the bonus comes once."""
    s = start_four(SUITS, FOUR, (16, 0), True)
    s = play_all(s, "AS AH AD AC, KS KH KD KC, QS QH QD QC")
    assert s.totals == (19, 0) and s.pique_live and not s.pique
    s = play_all(s, "JS")
    assert s.totals == (60, 0) and s.pique and not s.pique_live
    s = play_all(s, "JH JD JC, TS")
    assert s.totals == (61, 0)


def test_no_pique_once_the_other_side_scored() -> None:
    """The other side's first point kills pique: second+dealer lead and score before elder+third reach 20."""
    s = start_four(hands("7S 8S 9S TS 7H 8H 9H TH", "AS KS QS JS AH KH QH JH", "7D 8D 9D TD 7C 8C 9C TC",
                         "AD KD QD JD AC KC QC JC"), FOUR, (18, 0), True)
    s = play_all(s, "7S AS 7D AD")  # elder leads (19), second wins it (1): pique is dead
    assert s.totals == (19, 1) and not s.pique_live
    s = play_all(s, "KS 8D KD 8S")
    assert not s.pique


@pytest.mark.parametrize(("cards", "message"), [
    ("AH", "trick 1: it is elder's turn, and AH is not in elder's hand (it is second's card)"),
    ("7S AH", "trick 1: second must follow suit to 7S, not play AH"),
    ("7S AS 7D AD 7S", "trick 2: it is second's turn, and 7S is not in second's hand (it has been played)"),
])
def test_bad_cards_are_named(cards: str, message: str) -> None:
    """A card out of turn or one that does not follow suit is one PlayError naming the trick."""
    s = start_four(hands("7S 8S 9S TS 7H 8H 9H TH", "AS KS QS JS AH KH QH JH", "7D 8D 9D TD 7C 8C 9C TC",
                         "AD KD QD JD AC KC QC JC"), FOUR, (0, 0), False)
    with pytest.raises(PlayError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        play_all(s, cards)

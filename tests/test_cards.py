import pytest

from piquet_calc.cards import DECK, Card, CardError, Rank, Suit, cards_of, mask_of, parse_card, parse_cards, parse_hand


@pytest.mark.parametrize("token", ["TH", "th", "10H", "10h", "T♥", "t♡", "10♥"])
def test_every_spelling_of_the_ten_of_hearts(token):
    assert parse_card(token) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("symbol,suit", [("♠", Suit.SPADES), ("♤", Suit.SPADES), ("♥", Suit.HEARTS), ("♡", Suit.HEARTS),
                                         ("♦", Suit.DIAMONDS), ("♢", Suit.DIAMONDS), ("♣", Suit.CLUBS),
                                         ("♧", Suit.CLUBS)])
def test_suit_symbols(symbol, suit):
    assert parse_card("A" + symbol) == Card(Rank.ACE, suit)


def test_spaces_and_commas_separate_cards():
    assert parse_cards("AH,KH , QH\tJH\n10H") == parse_cards("AH KH QH JH TH")


def test_every_card_round_trips_through_its_name_and_mask():
    assert tuple(parse_card(str(c)) for c in DECK) == DECK
    assert cards_of(mask_of(DECK)) == DECK


@pytest.mark.parametrize("text,message", [
    ("AS AH KH QH TH 8H 7H AD TD 9D 9C 1C", "unknown card '1C'"),
    ("AS AH KH QH TH 8H 7H AD TD 9D 9C 6C", "unknown card '6C'"),
    ("AS AH KH QH TH 8H 7H AD TD 9D 9C 8X", "unknown card '8X'"),
    ("AS AH KH QH TH 8H 7H AD TD 9D 9C AS", "duplicate card AS"),
    ("AS AH KH QH TH 8H 7H AD TD 9D 9C", "exactly 12 cards, got 11"),
    ("AS AH KH QH TH 8H 7H AD TD 9D 9C 8C 7C", "exactly 12 cards, got 13"),
    ("", "exactly 12 cards, got 0"),
])
def test_bad_hands_name_the_problem(text, message):
    with pytest.raises(CardError, match=message) as err:
        parse_hand(text)
    assert "\n" not in str(err.value)

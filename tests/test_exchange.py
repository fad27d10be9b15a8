"""The exchange policy (game/exchange.py): legal under every preset, deterministic, and keeping what
the books say a player keeps."""

import random

import pytest

from piquet_calc.cards import DECK, mask_of, parse_cards
from piquet_calc.game.exchange import choose_exchange, keep_values, legal_counts
from piquet_calc.rules import PRESETS, RUBICON, RUSSIAN, get_rules


def _hands(n: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [mask_of(DECK[i] for i in rng.sample(range(32), 12)) for _ in range(n)]


@pytest.mark.parametrize("name", list(PRESETS))
def test_policy_is_legal_on_thousands_of_hands(name):
    rules = PRESETS[name]
    for hand in _hands(2000, hash(name) % 1000):
        elder = choose_exchange(hand, "elder", rules)
        assert elder.count in rules.elder_discards
        assert elder.discard & ~hand == 0 and bin(elder.discard).count("1") == elder.count
        for took in rules.elder_discards:
            for blanche in (False, True):
                dealer = choose_exchange(hand, "dealer", rules, elder_took=took, elder_blanche=blanche)
                assert dealer.count in rules.dealer_discards(took), (took, dealer.count)
                assert dealer.discard & ~hand == 0 and bin(dealer.discard).count("1") == dealer.count
            forced = choose_exchange(hand, "elder", rules, count=took)
            assert forced.count == took and bin(forced.discard).count("1") == took


def test_preset_limits_the_policy_must_respect():
    # russian: 0 or 3 to 5 for elder; the dealer only his own three when elder refused (003, 001)
    assert legal_counts("elder", RUSSIAN) == (0, 3, 4, 5)
    assert legal_counts("dealer", RUSSIAN, 0) == (0, 3)
    assert legal_counts("dealer", RUSSIAN, 3) == (0, 3, 4, 5)
    # au-cent: the dealer takes at least one (002); rubicon: up to all elder left
    assert legal_counts("dealer", get_rules("au-cent"), 5) == (1, 2, 3)
    assert legal_counts("dealer", RUBICON, 2) == tuple(range(7))
    with pytest.raises(ValueError):
        choose_exchange(mask_of(DECK[:12]), "dealer", RUBICON)  # the dealer needs elder_took


def test_policy_is_deterministic():
    for hand in _hands(200, 7):
        assert choose_exchange(hand, "elder", RUBICON) == choose_exchange(hand, "elder", RUBICON)


def test_keeps_the_point_the_sequences_the_sets_and_the_aces():
    # a quint in hearts and three aces: elder throws the small odd cards, and one more as he takes five
    # (the exact analysis ranks this discard second, 0.41 points below keeping the king of diamonds)
    hand = parse_cards("AH KH QH JH TH AS 9S AD KD 7D 8C 7C")
    ex = choose_exchange(mask_of(hand), "elder", RUBICON)
    kept = set(hand) - set(ex.cards)
    assert set(parse_cards("AH KH QH JH TH AS AD")) <= kept
    assert ex.count == 5 and set(parse_cards("9S 7D 8C 7C")) <= set(ex.cards)


def test_a_quatorze_is_kept_whatever_its_suits():
    hand = parse_cards("TS TH TD TC 7S 8S 7H 8H 9D 7D 8C 9C")
    ex = choose_exchange(mask_of(hand), "elder", RUBICON)
    assert not set(ex.cards) & set(parse_cards("TS TH TD TC"))


def test_keep_values_order_follows_the_rules_of_thumb():
    values = {DECK[i]: v for v, _, i in keep_values(mask_of(parse_cards("AS 7S KH 8H QD 9D 7D JC TC 9C 8C 7C")),
                                                          RUBICON)}
    ace, small_spade = parse_cards("AS 7S")
    guarded_king, = parse_cards("KH")
    assert values[ace] > values[small_spade]
    assert values[guarded_king] > values[parse_cards("8H")[0]]
    # the long club suit with its sequence JC TC 9C 8C 7C is kept over the short diamonds
    assert min(values[c] for c in parse_cards("JC TC 9C 8C 7C")) > max(values[c] for c in parse_cards("9D 7D"))

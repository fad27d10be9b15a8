"""Every hand the opponent can hold (seat/hands.py) against the obviously-correct definition: a hand of the
unseen cards is consistent iff the talon allows it, the play allows it, and replaying the dialogue with it
gives the same words as were heard (seat/dialogue.py). Random deals for every two-handed preset."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_calc.cards import DECK, Card, CardError, parse_cards, parse_hand
from piquet_calc.game.declarations import Declaration, point_of, suit_cards
from piquet_calc.game.play import follower_wins, legal_cards
from piquet_calc.rules import TWO_HANDED_PRESETS, RuleSet
from piquet_calc.seat.dialogue import Knowledge, dialogue, knowledge
from piquet_calc.seat.hands import InconsistentError, consistent_hands
from piquet_calc.seat.heard import HeardError, heard_text
from piquet_calc.seat.knowledge import knowledge_from_heard

PRESET_NAMES = sorted(TWO_HANDED_PRESETS)


def random_deal(rules: RuleSet, rng: random.Random, blanche_elder: bool = False, seat: str | None = None) -> dict:
    """A shuffled deal and both exchanges, random but legal: dealt hands, discards, final hands, what each
    saw of the talon (elder his leftovers, the dealer what was left after his take). ``seat``: keep that
    seat's brute force small (at most C(16, 12) = 1,820 hands): elder takes 4 or more, the dealer sees
    elder take 1 to 3 (refusing leaves
    the dealer 17 cards he cannot see)."""
    deck = list(DECK)
    rng.shuffle(deck)
    if blanche_elder:  # elder dealt no court card at all (nor an ace under russian)
        plain = [c for c in deck if c.rank not in rules.blanche_ranks]
        deck = plain[:12] + [c for c in deck if c not in plain[:12]]
    e_dealt, d_dealt, talon = deck[:12], deck[12:24], deck[24:]
    ks = {None: rules.elder_discards, "elder": [n for n in rules.elder_discards if n >= 4],
          "dealer": [n for n in rules.elder_discards if 1 <= n <= 3]}[seat]
    k = rng.choice(ks)
    m = rng.choice(rules.dealer_discards(k))
    e_disc = rng.sample(e_dealt, k)
    elder = [c for c in e_dealt if c not in e_disc] + talon[:k]
    rest = talon[5:] if k == 0 else talon[k:]  # refusing, elder leaves the dealer only his own three
    d_disc = rng.sample(d_dealt, m)
    dealer = [c for c in d_dealt if c not in d_disc] + rest[:m]
    return {"elder": tuple(elder), "dealer": tuple(dealer), "elder_dealt": tuple(e_dealt),
            "dealer_dealt": tuple(d_dealt), "elder_seen": tuple(talon[k:5]) if k else (),
            "dealer_seen": tuple(rest[m:]), "k": k, "m": m}


def random_tricks(elder: Sequence[Card], dealer: Sequence[Card], n: int, rng: random.Random) -> list[tuple[Card, Card]]:
    """``n`` tricks of random legal play, each (leader's card, follower's card)."""
    hands = {"elder": set(elder), "dealer": set(dealer)}
    leader, out = "elder", []
    for _ in range(n):
        follower = "dealer" if leader == "elder" else "elder"
        lead = rng.choice(sorted(hands[leader]))
        reply = rng.choice(legal_cards(hands[follower], lead))
        hands[leader].discard(lead)
        hands[follower].discard(reply)
        out.append((lead, reply))
        leader = follower if follower_wins(lead, reply) else leader
    return out


def reference(k: Knowledge, deal: dict, played: Sequence[tuple[Card, Card]] = ()) -> list[tuple[Card, ...]]:
    """Brute force: every 12-card hand of the cards the seat cannot see, kept when the talon, the carte blanche
    shown and the play allow it and the replayed dialogue says the same words."""
    rules = k.rules
    out_of_play = set(k.hand) | set(k.discards) | (set(k.seen) if k.seat == "dealer" else set())
    pool = [c for c in DECK if c not in out_of_play]
    truth = dialogue(deal["elder"], deal["dealer"], rules, deal["elder_dealt"], deal["dealer_dealt"])
    blanche = (truth.elder_blanche is not None, truth.dealer_blanche is not None)
    kept = []
    for hand in itertools.combinations(pool, 12):
        if k.seat == "elder" and k.seen:  # the dealer took the first min(m, leftovers) of elder's leftovers
            if len(set(hand) & set(k.seen)) != min(deal["m"], len(k.seen)):
                continue
        if k.opponent_dealt is not None and len(set(hand) & set(k.opponent_dealt)) != 12 - k.opponent_exchanged:
            continue
        if not _play_allows(k, hand, played):
            continue
        elder, dealer = (k.hand, hand) if k.seat == "elder" else (hand, k.hand)
        best = point_of(hand).key  # a player with two best suits may name either
        suits = [s for s in range(4) if (len(cs := suit_cards(hand, s)), sum(c.rank.pips for c in cs)) == best]
        for suit in suits:
            named = (None, suit) if k.seat == "elder" else (suit, None)
            replay = dialogue(elder, dealer, rules, point_call=k.point_call, named_suits=named, blanche=blanche)
            if replay.lines == truth.lines:
                kept.append(tuple(sorted(hand)))
                break
    return sorted(kept)


def _play_allows(k: Knowledge, hand: Sequence[Card], played: Sequence[tuple[Card, Card]]) -> bool:
    """Play the tricks again with ``hand`` as the opponent's: each of his cards must be in it, and a card off the
    suit led only when he had none of it left."""
    hands = {k.seat: set(k.hand), k.opponent: set(hand)}
    leader = "elder"
    for lead, reply in played:
        follower = "dealer" if leader == "elder" else "elder"
        cards = {leader: lead, follower: reply}
        if cards[k.opponent] not in hands[k.opponent]:
            return False
        if reply.suit != lead.suit and any(c.suit == lead.suit for c in hands[follower]):
            return False
        for who in cards:
            hands[who].discard(cards[who])
        leader = follower if follower_wins(lead, reply) else leader
    return True


def _knowledge(deal: dict, seat: str, rules: RuleSet) -> Knowledge:
    d = dialogue(deal["elder"], deal["dealer"], rules, deal["elder_dealt"], deal["dealer_dealt"])
    return knowledge(d, seat, deal["elder_dealt"], deal["dealer_dealt"], deal[f"{seat}_seen"])


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("seat", ["elder", "dealer"])
def test_consistent_hands_equal_the_brute_force(name: str, seat: str) -> None:
    rules = TWO_HANDED_PRESETS[name]
    rng = random.Random(f"{name}-{seat}")
    for _ in range(2):
        deal = random_deal(rules, rng, seat=seat)
        k = _knowledge(deal, seat, rules)
        hands = consistent_hands(k)
        assert hands == reference(k, deal)
        assert tuple(sorted(deal["dealer" if seat == "elder" else "elder"])) in hands


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_consistent_hands_after_some_tricks(name: str) -> None:
    rules = TWO_HANDED_PRESETS[name]
    rng = random.Random(f"tricks-{name}")
    for seat in ("elder", "dealer"):
        deal = random_deal(rules, rng, seat=seat)
        k = _knowledge(deal, seat, rules)
        played = random_tricks(deal["elder"], deal["dealer"], rng.randint(2, 6), rng)
        assert consistent_hands(k, played) == reference(k, deal, played)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_carte_blanche_shown(name: str) -> None:
    """Elder's carte blanche shown: the dealer knows he kept 12 - k of those cards."""
    rules = TWO_HANDED_PRESETS[name]
    deal = random_deal(rules, random.Random(f"blanche-{name}"), blanche_elder=True, seat="dealer")
    k = _knowledge(deal, "dealer", rules)
    assert k.opponent_dealt == deal["elder_dealt"]
    hands = consistent_hands(k)
    assert hands == reference(k, deal)
    assert all(len(set(h) - set(deal["elder_dealt"])) == deal["k"] for h in hands)


def test_the_announcements_pin_the_dealers_hand() -> None:
    """002's repique deal: the dealer's quart and tierce major and four kings and queens name eleven cards,
    and his equal point of five diamonds (48, as elder's hearts) leaves only 7D for the twelfth."""
    rules = TWO_HANDED_PRESETS["au-cent"]
    elder = parse_hand("AH JH TH 9H 8H TC TD AS JS TS 9S 8S")
    dealer = parse_hand("KH QH AC KC QC AD KD QD JD 7D KS QS")
    k = knowledge(dialogue(elder, dealer, rules), "elder")
    assert consistent_hands(k) == [tuple(sorted(dealer))]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10 ** 9), st.sampled_from(["elder", "dealer"]))
def test_heard_text_gives_the_same_knowledge(name: str, seed: int, seat: str) -> None:
    """What --dialogue prints for a seat, typed back as --heard, is what that seat knows."""
    rules = TWO_HANDED_PRESETS[name]
    deal = random_deal(rules, random.Random(seed))
    d = dialogue(deal["elder"], deal["dealer"], rules, deal["elder_dealt"], deal["dealer_dealt"])
    k = knowledge(d, seat, deal["elder_dealt"], deal["dealer_dealt"], deal[f"{seat}_seen"])
    typed = knowledge_from_heard(seat, k.hand, k.discards, heard_text(d, seat), rules, seen=k.seen,
                                 opponent_exchanged=k.opponent_exchanged, own_blanche=k.own_blanche)
    assert typed == k


def test_a_quatorze_that_is_not_good_scores_nothing() -> None:
    """The dealer hears elder's "fourteen tens" answered not good (he holds four queens): elder's quatorze is
    only his best, not a scoring set."""
    rules = TWO_HANDED_PRESETS["rubicon"]
    elder = parse_hand("TS TH TD TC AS KS 9H 8H 7H 9D 8D 7D")
    dealer = parse_hand("QS QH QD QC AH KH JH AD KD JD AC KC")
    d = dialogue(elder, dealer, rules)
    assert d.said.sets_answer == "not good"
    k = knowledge_from_heard("dealer", dealer, (), heard_text(d, "dealer"), rules)
    assert k == knowledge(d, "dealer") and k.said.elder.sets == ()


def test_point_equal_means_the_dealer_asked() -> None:
    rules = TWO_HANDED_PRESETS["rubicon"]
    elder = parse_hand("AS KS QS 7S AH 9H 8H 7H AD 9D 8D 7D")  # spades 41, four cards
    dealer = parse_hand("AC KC QC 7C KH QH JH KD QD JD JS TS")  # clubs 41, four cards
    d = dialogue(elder, dealer, rules)
    assert d.said.point_answer == "equal" and d.said.point_asked
    typed = knowledge_from_heard("elder", elder, (), heard_text(d, "elder").replace("how much? ", ""), rules)
    assert typed == knowledge(d, "elder")


ISSUE_HAND = parse_hand("AS KS QS JS TS AH KH QH AD KD 7C 8C")  # the issue's example, elder after the exchange
ISSUE_DISCARDS = parse_cards("7S 8S 7H 9C 7D")


def test_the_issues_example_all_good() -> None:
    """Point, quint and three aces all good and nothing announced: the dealer has no five-card suit of 51 or
    more, no quint to the ace, no quatorze, and no sequence or set that scored."""
    rules = TWO_HANDED_PRESETS["rubicon"]
    k = knowledge_from_heard("elder", ISSUE_HAND, ISSUE_DISCARDS, "point good, sequence good, sets good", rules)
    hands = consistent_hands(k)
    assert 0 < len(hands) <= 455
    for h in hands:
        d = Declaration.of(h, rules)
        assert d.point.key < (5, 51) and d.sequence_key < (5, 7) and d.set_key < (3, 7)


@pytest.mark.parametrize("heard, message", [
    ("point good", "answer to your sequence is missing"),
    ("point good, sequence good, sets good, sets good", "answered already"),
    ("point nice, sequence good, sets good", "a point is its number of cards"),
    ("quint to the kong in spades", "a sequence is its name and top card"),
    ("point good, sequence good, sets equal", "sets are never equal"),
    ("point not good, sequence good, sets good", "say what the dealer announced"),
    ("point good, sequence good, sets good, quint to the king in spades", "announced a sequence that scored"),
])
def test_bad_heard_is_one_line(heard: str, message: str) -> None:
    rules = TWO_HANDED_PRESETS["rubicon"]
    with pytest.raises(HeardError, match=message) as e:
        knowledge_from_heard("elder", ISSUE_HAND, ISSUE_DISCARDS, heard, rules)
    assert "\n" not in str(e.value) and isinstance(e.value, CardError)


def test_an_announcement_no_unseen_hand_can_make() -> None:
    """The dealer cannot announce fourteen kings: elder holds two of them."""
    rules = TWO_HANDED_PRESETS["rubicon"]
    k = knowledge_from_heard("elder", ISSUE_HAND, ISSUE_DISCARDS,
                             "point good, sequence good, sets not good, fourteen kings", rules)
    with pytest.raises(InconsistentError, match="cannot hold KS: you hold or discarded it"):
        consistent_hands(k)
    k = knowledge_from_heard("elder", ISSUE_HAND, ISSUE_DISCARDS,
                             "point not good, sequence good, sets good, point 6 60 in clubs", rules)
    with pytest.raises(InconsistentError, match="no hand of the 15 cards"):  # 7C 8C are elder's: no 60 in clubs
        consistent_hands(k)

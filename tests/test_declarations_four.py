"""Piquet for four: the kernels against the plain scorer (game/seating.py), deal by deal and over every split
between the opponents for a partner's hand; symmetric seats, permuted suits, a seeded Monte Carlo; the
whole enumeration (slow)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from piquet_calc.cards import DECK, Card, Suit, mask_of, parse_cards
from piquet_calc.game.declarations import is_carte_blanche
from piquet_calc.game.seating import score_seating
from piquet_calc.rules import FOUR


def _tables():
    from piquet_calc.engine.declarations_four import arrays_four

    return arrays_four(FOUR)


def _deal_four(h, blanche):
    """The per-deal kernel's six figures per side (side 0: elder and third)."""
    from piquet_calc.kernels import declarations_four as kf

    t = _tables()
    out = np.zeros((2, 6), dtype=np.int64)
    status = np.zeros(3, dtype=np.int64)
    kf.score_deal_four(*(mask_of(x) for x in h), *(int(b) for b in blanche), 1, t.suit, t.rank, t.sets, t.cash, t.over,
                   t.params, out, status)
    return out.tolist(), status.tolist()


def _plain(s):
    return [[*(s.points(c)[p] for c in ("carte_blanche", "point", "sequence", "sets")), int(s.repique[p]),
             int(s.pique[p])] for p in range(2)]


def test_kernel_scores_random_deals_like_the_plain_scorer():
    """10,000 deals, a third leaning towards long suits, one in five with both of elder's side blanche."""
    rng = random.Random(44)
    seen = {"pique": 0, "repique": 0, "overtaken": 0, "no point": 0}
    for i in range(10_000):
        deck = list(DECK)
        rng.shuffle(deck)
        if i % 3 == 0:
            deck.sort(key=lambda c: (c.suit != Suit(i % 4)) + rng.random())
        h = [deck[8 * k:8 * k + 8] for k in range(4)]
        blanche = [True, False, True, False] if i % 5 == 0 else [is_carte_blanche(x, FOUR) for x in h]
        s = score_seating(h, FOUR, blanche)
        assert _deal_four(h, blanche)[0] == _plain(s), h
        seen["pique"] += s.pique[0]
        seen["repique"] += any(s.repique)
        seen["overtaken"] += s.run.overtaken > 0
        seen["no point"] += s.winner("point") is None
    assert min(seen.values()) >= 10, seen


def _split_case(rng: random.Random):
    deck = list(DECK)
    rng.shuffle(deck)
    return deck[:8], deck[8:16], deck[16:]


def _count_partner(me, mine, partner, rest, blanche=None):
    """The reference kernel (count_partner: every split visited) for one partner's hand."""
    from piquet_calc.kernels import declarations_four as kf
    from piquet_calc.kernels.layout import COUNT_COLUMNS_FOUR

    t = _tables()
    counts = np.zeros(COUNT_COLUMNS_FOUR, dtype=np.int64)
    work = (np.zeros((2, 6), dtype=np.int64), np.zeros(3, dtype=np.int64), np.zeros((4, 256), dtype=np.int64),
            np.zeros((4, 256), dtype=np.int64), np.zeros((4, 256), dtype=np.int64), np.zeros(256, dtype=np.int64),
            np.zeros(256, dtype=np.int64))
    b = is_carte_blanche(mine, FOUR) if blanche is None else blanche
    kf.count_partner(me, mask_of(mine), int(b), mask_of(partner), np.array([c.index for c in rest], dtype=np.int64),
                     1, t.suit, t.rank, t.sets, t.cash, t.over, t.params, counts, work)
    return counts


_FAST_WORK: list = []


def _count_fast(me, mine, partner, rest, blanche=None):
    """The engine's kernel (count_partner_fast: the splits grouped by their per-suit features)."""
    from piquet_calc.kernels import declarations_four as kf
    from piquet_calc.kernels.layout import COUNT_COLUMNS_FOUR

    t = _tables()
    if not _FAST_WORK:
        _FAST_WORK.append(kf.fast_work())
    counts = np.zeros(COUNT_COLUMNS_FOUR, dtype=np.int64)
    b = is_carte_blanche(mine, FOUR) if blanche is None else blanche
    kf.count_partner_fast(me, mask_of(mine), int(b), mask_of(partner),
                          np.array([c.index for c in rest], dtype=np.int64), 1, t.suit, t.rank, t.sets, t.cash,
                          t.over, t.params, counts, _FAST_WORK[0])
    return counts


def _seat_hands(me, mine, partner, o1, o2):
    h: list[list[Card] | None] = [None] * 4
    h[me], h[(me + 2) % 4], h[(me + 1) % 4], h[(me + 3) % 4] = mine, partner, o1, o2
    return h


@pytest.mark.parametrize("me", range(4))
def test_every_split_for_one_partner_equals_scoring_each_deal(me):
    """The shared per-suit tables and the opponents counted both ways round give exactly the sums of the
    per-deal kernel over all 12,870 splits (seat ``me``: elder, second, third, dealer)."""
    from piquet_calc.kernels.layout import COUNT_NAMES_FOUR

    rng = random.Random(100 + me)
    mine, partner, rest = _split_case(rng)
    fast = dict(zip(COUNT_NAMES_FOUR, _count_partner(me, mine, partner, rest).tolist(), strict=True))
    slow = dict.fromkeys(COUNT_NAMES_FOUR, 0)
    ours = me % 2
    for pick in __import__("itertools").combinations(range(16), 8):
        o1 = [rest[i] for i in pick]
        o2 = [c for c in rest if c not in o1]
        h = _seat_hands(me, mine, partner, o1, o2)
        out, status = _deal_four(h, [is_carte_blanche(x, FOUR) for x in h])
        slow["deals"] += 1
        for c, name in enumerate(("point", "sequence", "sets")):
            st = status[c] if ours == 0 else 2 - status[c]
            slow[f"{name}_{('win', 'tie', 'lose')[st]}"] += 1
        for side, who in ((ours, "side"), (1 - ours, "opponents")):
            for col, name in enumerate(("carte_blanche", "point", "sequence", "sets", "repique", "pique")):
                slow[f"{name}_{who}"] += out[side][col]
    assert fast == slow
    assert fast["deals"] == math.comb(16, 8)
    grouped = dict(zip(COUNT_NAMES_FOUR, _count_fast(me, mine, partner, rest).tolist(), strict=True))
    assert grouped == slow


def _leaning(rng: random.Random, suit: Suit):
    deck = list(DECK)
    rng.shuffle(deck)
    deck.sort(key=lambda c: (c.suit != suit) + rng.random())
    return deck


def test_grouped_splits_equal_every_split_visited():
    """count_partner_fast against count_partner, which visits each of the 12,870 splits (itself checked
    against the per-deal kernel above): random deals, deals leaning to one suit (long points and
    sequences), the declare's own hand (pique and repique), strong hands for the opponents (their pique
    when they lead), and carte blanche forced on (both partners': repique)."""
    rng = random.Random(15)
    strong = list(parse_cards("AS KS QS AH KH AD KD 7C"))
    cases = []
    for i in range(48):
        me = i % 4
        if i % 4 == 3 and i % 8 == 7:
            deck = _leaning(rng, Suit(i % 4))
        else:
            deck = list(DECK)
            rng.shuffle(deck)
        mine, partner, rest = deck[:8], deck[8:16], deck[16:]
        if i % 3 == 0:  # the declare's hand, or the opponents holding it (seats 1 and 3: they lead)
            others = [c for c in DECK if c not in strong]
            rng.shuffle(others)
            if me % 2 == 0:
                mine, partner, rest = strong, others[:8], others[8:]
            else:
                mine, partner, rest = others[:8], others[8:16], strong + others[16:]
        cases.append((me, mine, partner, rest, None))
    for me in range(4):  # carte blanche forced for "me" (with the partner's, when he has one, a repique)
        deck = list(DECK)
        rng.shuffle(deck)
        cases.append((me, deck[:8], deck[8:16], deck[16:], True))
    seen = {"pique_side": 0, "pique_opponents": 0, "repique_side": 0, "repique_opponents": 0, "sets_lose": 0}
    from piquet_calc.kernels.layout import COUNT_NAMES_FOUR

    for me, mine, partner, rest, blanche in cases:
        ref = _count_partner(me, mine, partner, rest, blanche)
        np.testing.assert_array_equal(_count_fast(me, mine, partner, rest, blanche), ref, err_msg=str((me, mine)))
        row = dict(zip(COUNT_NAMES_FOUR, ref.tolist(), strict=True))
        for name in seen:
            seen[name] += row[name] > 0
    assert min(seen.values()) >= 2, seen  # the cases reach every rare count


def test_symmetric_seats_and_permuted_suits():
    """Second and dealer sit alike (both across from elder's side): the same counts for the same cards; and
    renaming the suits changes nothing."""
    rng = random.Random(5)
    mine, partner, rest = _split_case(rng)
    second = _count_partner(1, mine, partner, rest)
    np.testing.assert_array_equal(second, _count_partner(3, mine, partner, rest))
    perm = {Suit.SPADES: Suit.CLUBS, Suit.HEARTS: Suit.SPADES, Suit.DIAMONDS: Suit.HEARTS, Suit.CLUBS: Suit.DIAMONDS}

    def p(cards):
        return [Card(c.rank, perm[c.suit]) for c in cards]

    for me in (0, 1):
        np.testing.assert_array_equal(_count_partner(me, mine, partner, rest),
                                      _count_partner(me, p(mine), p(partner), p(rest)))


def test_monte_carlo_within_four_standard_errors():
    """Seeded: 2,000 random splits scored by the plain scorer against the exact counts for one partner."""
    from piquet_calc.kernels.layout import COUNT_NAMES_FOUR

    rng = random.Random(9)
    mine, partner, rest = parse_cards("AS KS QS AH KH AD KD 7C"), None, None
    others = [c for c in DECK if c not in mine]
    rng.shuffle(others)
    partner, rest = others[:8], others[8:]
    exact = dict(zip(COUNT_NAMES_FOUR, _count_partner(0, mine, partner, rest).tolist(), strict=True))
    names = [n for n in COUNT_NAMES_FOUR if n != "deals" and not n.endswith(("_win", "_tie", "_lose"))]
    xs = {n: [] for n in names}
    for _ in range(2_000):
        rng.shuffle(rest)
        h = _seat_hands(0, mine, partner, rest[:8], rest[8:])
        s = score_seating(h, FOUR)
        for p, who in ((0, "side"), (1, "opponents")):
            for name in ("carte_blanche", "point", "sequence", "sets"):
                xs[f"{name}_{who}"].append(s.points(name)[p])
            xs[f"repique_{who}"].append(int(s.repique[p]))
            xs[f"pique_{who}"].append(int(s.pique[p]))
    for n in names:
        a = np.array(xs[n], dtype=float)
        mean = exact[n] / exact["deals"]
        se = a.std(ddof=1) / math.sqrt(len(a)) or math.sqrt(40 * mean / len(a))
        assert abs(a.mean() - mean) <= 4 * se + 1e-12, (n, a.mean(), mean, se)


@pytest.mark.slow
def test_whole_declaration():
    """Every partner's hand and every split: C(24, 8) x C(16, 8) deals, the classes adding up."""
    from piquet_calc.analysis.declarations_four import analyse_declaration_four, four_deals

    seen: list[tuple[int, int]] = []
    d = analyse_declaration_four(parse_cards("AS KS QS AH KH AD KD 7C"), "elder", FOUR,
                                 progress=lambda done, total: seen.append((done, total)))
    assert d.deals == four_deals() == 735_471 * 12_870
    # progress counts deals, rising to all of them
    assert seen[-1] == (d.deals, d.deals) and all(a[0] < b[0] for a, b in zip(seen, seen[1:], strict=False))
    for c in ("point", "sequence", "sets"):
        assert d.counts[f"{c}_win"] + d.counts[f"{c}_tie"] + d.counts[f"{c}_lose"] == d.deals
    assert d.counts["pique_opponents"] == 0 and d.counts["sets_win"] > d.counts["sets_lose"]

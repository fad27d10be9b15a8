"""The seat view of three and four (issue 51, item 1): analysis/seen_table.py against a plain enumeration written
here, on small endings of random deals of both games, mid-trick included; the draws against the exact layouts
(chi-square, fixed seed); the --heard notation read back; the mask check against the plain one.

The reference knows nothing of seat/layouts.py: it tries every way to share the cards the seat cannot see among
the other seats (and, in Normand, the two cards out of play), keeps those whose hands could have played the tricks
(game/play_four.py, game/play_normand.py replay them card by card) and make the announcements heard
(``table_heard`` replayed with the layout's hands: the definition), and solves each with the plain solvers
(game/solve_four.py, game/solve_normand.py) after each legal card. The seat view, exact, must give the same layouts
and the same mean for every card.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from piquet_calc.analysis.seen_table import analyse_seen_table
from piquet_calc.cards import DECK, Card
from piquet_calc.game.declarations import is_carte_blanche
from piquet_calc.game.play import PlayError, legal_cards
from piquet_calc.game.seating import score_seating
from piquet_calc.rules import get_rules
from piquet_calc.seat.layouts import OUT, LayoutSpace, table_view
from piquet_calc.seat.table import heard_fits, parse_table_heard, table_heard, table_heard_text
from piquet_calc.seat.table_masks import MaskFitter

FOUR, NORMAND = get_rules("four"), get_rules("normand")


def deal(rules, rng: random.Random):
    """Every seat's hand and (Normand) the talon: a random deal, the dealer keeping his hand."""
    cards = list(DECK)
    rng.shuffle(cards)
    n, size = rules.table.players, rules.table.hand_size
    return [tuple(cards[i * size:(i + 1) * size]) for i in range(n)], tuple(cards[n * size:])


def play_some(hands, rules, count: int, rng: random.Random) -> list[Card]:
    """``count`` cards played at random, each legal (the plain rules replay them)."""
    from piquet_calc.analysis.play_four import before_four
    from piquet_calc.game.play_four import play_card as play4
    from piquet_calc.game.play_four import start_four
    from piquet_calc.game.play_normand import before_play_normand, start_normand
    from piquet_calc.game.play_normand import play_card as play3

    four = rules.table.players == 4
    score = score_seating(hands, rules)
    before, live = before_four(score) if four else before_play_normand(score)
    s = (start_four if four else start_normand)(hands, rules, before, live)
    out = []
    for _ in range(count):
        led = s.trick[0] if s.trick else None
        card = rng.choice(sorted(legal_cards(s.hands[s.to_move], led)))
        s = (play4 if four else play3)(s, card, rules)
        out.append(card)
    return out


def _point_free(heard):
    """``heard`` with each shown point's suit left out (a holder of two equal best suits may name either)."""
    classes = list(heard.classes)
    p = classes[0]
    classes[0] = type(p)(p.best, p.holders, tuple((s, frozenset((x[1], x[2]) for x in t)) for s, t in p.shown))
    return tuple(classes), heard.blanche


def reference(rules, seat, hand, heard, played, out_unseen: bool, dealer_exchanged: bool, discards=()):
    """{card: [value of each fitting layout]} and the number of layouts, by brute force (module docstring)."""
    from piquet_calc.analysis.play_four import before_four
    from piquet_calc.game.play_four import play_card as play4
    from piquet_calc.game.play_four import side_of, start_four
    from piquet_calc.game.play_normand import before_play_normand, net2, start_normand
    from piquet_calc.game.play_normand import play_card as play3
    from piquet_calc.game.solve_four import PlainSolverFour
    from piquet_calc.game.solve_normand import PlainSolverNormand

    four = rules.table.players == 4
    n, size = rules.table.players, rules.table.hand_size
    unseen = [c for c in DECK if c not in hand and c not in played and c not in discards]
    slots = [s for s in range(n) if s != seat] + (["out"] if out_unseen else [])
    # each seat's cards left: his hand less what he played (who played what: the replay below checks it)
    plays_by = {s: 0 for s in range(n)}
    leader, trick = 0, []
    for card in played:
        who = (leader + len(trick)) % n
        plays_by[who] += 1
        trick.append(card)
        if len(trick) == n:
            from piquet_calc.game.play_four import trick_winner

            leader = (leader + trick_winner(trick)) % n
            trick = []
    sizes = [2 if s == "out" else size - plays_by[s] for s in slots]
    want = _point_free(heard)
    solver = PlainSolverFour(rules) if four else PlainSolverNormand(rules)
    values: dict[Card, list[int]] = {}
    fitting = 0

    def shares(cards, k):
        if k == len(slots) - 1:
            yield [tuple(cards)]
            return
        for part in itertools.combinations(cards, sizes[k]):
            rest = [c for c in cards if c not in part]
            for more in shares(rest, k + 1):
                yield [part, *more]

    for parts in shares(unseen, 0):
        left = dict(zip(slots, parts, strict=True))
        by_seat = {s: [] for s in range(n)}
        leader, trick = 0, []
        for card in played:
            by_seat[(leader + len(trick)) % n].append(card)
            trick.append(card)
            if len(trick) == n:
                from piquet_calc.game.play_four import trick_winner

                leader = (leader + trick_winner(trick)) % n
                trick = []
        hands = [tuple(hand) if s == seat else tuple(left[s]) + tuple(by_seat[s]) for s in range(n)]
        if any(len(h) != size for h in hands):
            continue
        blanche = [is_carte_blanche(h, rules) for h in hands]
        if not four and dealer_exchanged and seat != n - 1:
            blanche[n - 1] = heard.shown_blanche(n - 1) is not None  # his dealt hand is not seen
        if any(blanche[s] != (heard.shown_blanche(s) is not None) for s in range(n) if s != seat):
            continue
        shown = [h if blanche[s] else None for s, h in enumerate(hands)]
        if _point_free(table_heard(hands, rules, shown)) != want:
            continue
        named = [[c for c in hands[s] if int(c.suit) == suit] + [(length, pips)]
                 for s, told in heard.classes[0].shown for suit, length, pips in told]
        if any((len(cs) - 1, sum(c.rank.pips for c in cs[:-1])) != cs[-1] for cs in named):
            continue  # the point named in its suit
        score = score_seating(hands, rules, blanche)
        before, live = before_four(score) if four else before_play_normand(score)
        s0 = start_four(hands, rules, before, live) if four else start_normand(hands, rules, before, live)
        try:
            for card in played:
                s0 = play4(s0, card, rules) if four else play3(s0, card, rules)
        except PlayError:
            continue
        fitting += 1
        led = s0.trick[0] if s0.trick else None
        for card in legal_cards(s0.hands[seat], led):
            if four:
                after = play4(s0, card, rules)
                v = solver.value(after) * (1 if side_of(seat) == 0 else -1)
            else:
                after = play3(s0, card, rules)
                v = net2(after.totals, seat) + solver.future(after, seat) if after.cards_left or after.trick else \
                    solver.value(after, seat)
            values.setdefault(card, []).append(v)
    return values, fitting


def _positions(rules, seed: int, tricks_left: int):
    """Random deals played to ``tricks_left`` tricks from the end, then 0 to n - 1 cards into the trick."""
    rng = random.Random(seed)
    n, size = rules.table.players, rules.table.hand_size
    for _ in range(3):
        hands, talon = deal(rules, rng)
        into = rng.randrange(n)
        played = play_some(hands, rules, (size - tricks_left) * n + into, rng)
        yield hands, talon, played


@pytest.mark.parametrize(("seed", "left"), [(1, 3), (11, 4)])
def test_four_equals_a_plain_enumeration_on_small_endings(seed, left):
    for hands, _, played in _positions(FOUR, seed, left):
        seat = _to_move(played, FOUR)
        heard = table_heard(hands, FOUR)
        a = analyse_seen_table(hands[seat], seat, FOUR, heard, played, kernel=False, exact_up_to=10**6)
        values, fitting = reference(FOUR, seat, hands[seat], heard, played, False, False)
        assert a.exact and a.count.fitting == fitting > 0
        assert {c.card: c.mean for c in a.choices} == pytest.approx(
            {c: sum(v) / len(v) / 1 for c, v in values.items()})


@pytest.mark.parametrize(("seed", "left"), [(3, 3), (12, 4)])
def test_normand_equals_a_plain_enumeration_on_small_endings(seed, left):
    for hands, _talon, played in _positions(NORMAND, seed, left):
        seat = _to_move(played, NORMAND)
        heard = table_heard(hands, NORMAND)  # the dealer kept his hand: the talon is out of play, unseen by all
        a = analyse_seen_table(hands[seat], seat, NORMAND, heard, played, kernel=False, exact_up_to=10**6)
        values, fitting = reference(NORMAND, seat, hands[seat], heard, played, True, False)
        assert a.exact and a.count.fitting == fitting > 0
        assert {c.card: c.mean for c in a.choices} == pytest.approx(
            {c: sum(v) / len(v) / 2 for c, v in values.items()})  # nets doubled inside


def test_normand_dealer_who_exchanged_sees_the_talon_and_his_discards():
    hands, talon = deal(NORMAND, random.Random(8))
    dealt = hands[2]
    final = (*dealt[2:], *talon)
    discards = dealt[:2]
    hands = [hands[0], hands[1], final]
    shown = [None if not is_carte_blanche(h, NORMAND) else h for h in hands[:2]] + [None]
    heard = table_heard(hands, NORMAND, shown)
    played = play_some(hands, NORMAND, 6 * 3 + 1, random.Random(8))  # the dealer to follow, 4 legal cards
    assert _to_move(played, NORMAND) == 2
    a = analyse_seen_table(final, 2, NORMAND, heard, played, discards, kernel=False, exact_up_to=10**6)
    # the dealer sees everything but elder's and middle's cards: the reference with no cards out of play
    values, fitting = reference(NORMAND, 2, final, heard, played, False, True, discards)
    assert a.exact and a.count.fitting == fitting == 23 and len(a.choices) == 4
    assert {c.card: c.mean for c in a.choices} == pytest.approx({c: sum(v) / len(v) / 2 for c, v in values.items()})


def _to_move(played, rules) -> int:
    from piquet_calc.game.play_four import trick_winner

    n = rules.table.players
    leader = 0
    full = len(played) - len(played) % n
    for i in range(0, full, n):
        leader = (leader + trick_winner(played[i:i + n])) % n
    return (leader + len(played) % n) % n


def _chi2_critical(df: int, z: float = 3.09) -> float:
    """The chi-square quantile for ``df`` degrees of freedom at the normal quantile ``z`` (3.09: p = 0.001), by
    Wilson and Hilferty's approximation."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize("rules", [FOUR, NORMAND])
def test_the_draws_are_uniform_among_the_fitting_layouts(rules):
    """Chi-square (seed fixed): the layouts drawn and kept, counted per layout, against equal frequencies."""
    rng = random.Random(11)
    for hands, _, played in _positions(rules, 11, 4):  # the first with 20 to 400 fitting layouts
        seat = _to_move(played, rules)
        space = LayoutSpace(table_view(rules, seat, hands[seat], table_heard(hands, rules), played))
        every = [lay for lay in space.every() if space.fits(lay) is not None]
        if 20 <= len(every) <= 400:
            break
    assert len(set(every)) == len(every) and 20 <= len(every) <= 400 and space.count() > len(every)  # some refused
    counts: Counter = Counter()
    draws = 60 * len(every)
    while sum(counts.values()) < draws:
        lay = space.draw(rng)
        if space.fits(lay) is not None:
            counts[lay] += 1
    assert set(counts) <= set(every)
    expected = draws / len(every)
    chi2 = sum((counts[lay] - expected) ** 2 / expected for lay in every)
    assert chi2 < _chi2_critical(len(every) - 1), (chi2, len(every))


@pytest.mark.parametrize("rules", [FOUR, NORMAND])
def test_the_notation_reads_back_what_it_writes(rules):
    rng = random.Random(5)
    for _ in range(300):
        hands, _ = deal(rules, rng)
        heard = table_heard(hands, rules)
        assert parse_table_heard(table_heard_text(heard, rules), rules) == heard


@pytest.mark.parametrize("rules", [FOUR, NORMAND])
def test_the_mask_check_is_the_plain_check(rules):
    rng = random.Random(6)
    n = rules.table.players
    for _ in range(300):
        hands, _ = deal(rules, rng)
        other, _ = deal(rules, rng)
        for heard in (table_heard(hands, rules), table_heard(other, rules)):
            masks = [sum(1 << c.index for c in h) for h in hands]
            assert MaskFitter(heard, rules).fits(masks) == heard_fits(heard, hands, rules), n


def test_exact_only_when_few_layouts_fit():
    rng = random.Random(8)
    hands, _ = deal(FOUR, rng)
    played = play_some(hands, FOUR, 16, rng)  # four tricks left: 34,650 ways to share the 12 unseen cards
    seat = _to_move(played, FOUR)
    a = analyse_seen_table(hands[seat], seat, FOUR, table_heard(hands, FOUR), played, samples=8, seed=3, kernel=False)
    assert not a.exact and a.samples == 8 and a.count.fitting is None and a.count.estimate > 512
    assert all(c.se is not None for c in a.choices)


@pytest.mark.parametrize("rules", [FOUR, NORMAND])
def test_the_kernels_give_the_plain_solvers_values_on_every_thread_count(rules):
    hands, _, played = next(_positions(rules, 13, 5))
    seat = _to_move(played, rules)
    heard = table_heard(hands, rules)
    plain = analyse_seen_table(hands[seat], seat, rules, heard, played, samples=12, seed=4, kernel=False, threads=1)
    for threads in (1, 2):
        fast = analyse_seen_table(hands[seat], seat, rules, heard, played, samples=12, seed=4, kernel=True,
                                  threads=threads)
        assert [(c.card, c.mean, c.se, c.best) for c in fast.choices] == \
            [(c.card, c.mean, c.se, c.best) for c in plain.choices]


def test_normand_dealers_carte_blanche_shown_after_his_exchange():
    """Elder's view when the dealer showed carte blanche and took the talon: his two discards are among the hand he
    showed, the rest of it in his hand; every fitting layout says so, and the deal itself fits."""
    from piquet_calc.cards import parse_cards

    dealt = parse_cards("AS TS 9S 8S AH TH 9H AD TD 9D")
    final = (*parse_cards("AS TS 9S 8S AH TH 9H AD"), *parse_cards("7S 7H"))  # put out TD 9D, took 7S 7H
    elder = parse_cards("KS QS JS KH QH JH 8H KD QD JD")
    middle = parse_cards("8D 7D AC KC QC JC TC 9C 8C 7C")
    hands = [elder, middle, final]
    heard = table_heard(hands, NORMAND, [None, None, dealt])
    assert set(heard.shown_blanche(2)) == set(dealt)
    played = next(p for k in range(15, 18) if _to_move(p := play_some(hands, NORMAND, k, random.Random(2)),
                                                       NORMAND) != 2)
    seat = _to_move(played, NORMAND)  # elder or middle: the dealer's discards unseen
    view = table_view(NORMAND, seat, hands[seat], heard, played, dealer_took=2)
    space = LayoutSpace(view)
    fitting = [lay for lay in space.every() if space.fits(lay) is not None]
    left = {s: set(parse_cards("TD 9D")) if s == OUT else set(hands[s]) - set(played) for s in view.slots}
    truth = tuple(sum(1 << c.index for c in left[s]) for s in view.slots)
    assert truth in fitting
    shown = sum(1 << c.index for c in dealt)
    for lay in fitting:
        away = space.out_of_play(lay)
        assert away & ~shown == 0 and shown & ~away & ~space.start_masks(lay)[2] == 0
    assert len(fitting) < space.count()  # the carte blanche shown refuses some

"""The play as a player sees it (issue 22): every card valued at once (kernels/seen.py) against the solver and
a plain reference, the driver's threads, the expected values over a list of hands, and a deal played so."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from piquet_calc.analysis.seen import (
    analyse_seen,
    declaration_signature,
    every_hand,
    play_out,
    signature_hands,
    unseen_cards,
)
from piquet_calc.cards import DECK, Card, mask_of
from piquet_calc.engine.play import Solver, solve_deal
from piquet_calc.engine.seen import SeenSolver, position_row
from piquet_calc.game.declarations import Declaration
from piquet_calc.game.play import DEALER, ELDER, PlayState, legal_cards, minimax, play_trick, start
from piquet_calc.kernels.layout import VALUED_CARD, VALUED_ELDER_TRICKS, VALUED_VALUE
from piquet_calc.rules import TWO_HANDED_PRESETS

from .naive import play_value

PRESETS = list(TWO_HANDED_PRESETS.values())


def random_ending(rng: random.Random, n: int, rules) -> PlayState:
    """``n`` cards each, anyone to lead, the tricks before split at random, pique live or not."""
    cards = rng.sample(DECK, 2 * n)
    played = 12 - n
    et = rng.randint(0, played)
    live = rng.random() < 0.3
    e_total = rng.randint(0, rules.pique_threshold - 1) if live else rng.randint(0, 60)
    d_total = 0 if live else rng.randint(0, 60)
    return PlayState((frozenset(cards[:n]), frozenset(cards[n:])), rng.randint(0, 1), (et, played - et),
                     (e_total, d_total), live)


def reference_values(s: PlayState, led: Card | None, rules, value=None) -> dict[Card, int]:
    """Each legal card's final value (elder's total minus the dealer's, both perfect after it), in plain Python:
    a lead is worth the follower's best reply to it; a reply, the position after the trick."""
    value = value or (lambda t: minimax(t, rules))
    leader = s.leader
    if led is not None:
        return {r: value(play_trick(s, led, r, rules)) for r in legal_cards(s.hands[1 - leader], led)}
    out = {}
    for c in legal_cards(s.hands[leader], None):
        vals = [value(play_trick(s, c, r, rules)) for r in legal_cards(s.hands[1 - leader], c)]
        out[c] = min(vals) if leader == ELDER else max(vals)
    return out


def kernel_values(s: PlayState, led: Card | None, rules, lines: bool = False, threads: int = 1):
    out, counts = SeenSolver(rules, threads=threads).values(position_row(s, rules, led)[None, :], lines)
    base = s.totals[ELDER] - s.totals[DEALER]
    return {Card.from_index(int(out[0, i, VALUED_CARD])): (base + int(out[0, i, VALUED_VALUE]),
                                                      int(out[0, i, VALUED_ELDER_TRICKS])) for i in range(counts[0])}


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_every_card_equals_plain_minimax_on_small_endings(rules):
    rng = random.Random(22)
    for trial in range(60):
        n = 1 + trial % 5
        s = random_ending(rng, n, rules)
        led = None
        if trial % 3 == 2:  # the leader has led: the follower to play
            led = rng.choice(sorted(s.hands[s.leader]))
        got = kernel_values(s, led, rules, lines=True)
        want = reference_values(s, led, rules)
        assert {c: v for c, (v, _) in got.items()} == want, (s, led)
        for _, tricks in got.values():
            assert s.tricks[ELDER] <= tricks <= s.tricks[ELDER] + n


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_every_card_equals_the_solver_on_whole_deals(rules):
    """The best lead is worth the solver's value; each lead, the solver's after the follower's best reply;
    each reply, the solver's after the trick."""
    rng = random.Random(2022)
    solver = Solver(rules)
    for _ in range(3):
        s = random_ending(rng, rng.choice((8, 12)), rules)
        got = kernel_values(s, None, rules)
        want = reference_values(s, None, rules, value=solver.value)
        assert {c: v for c, (v, _) in got.items()} == want
        best = max if s.leader == ELDER else min
        assert best(v for v, _ in got.values()) == solver.value(s)
        led = rng.choice(sorted(s.hands[s.leader]))
        got = kernel_values(s, led, rules)
        assert {c: v for c, (v, _) in got.items()} == reference_values(s, led, rules, value=solver.value)


def test_lines_reach_the_cards_as_the_plain_reference_counts():
    """With one card each the line is forced: elder's tricks after it are counted exactly."""
    rules = PRESETS[0]
    rng = random.Random(5)
    for _ in range(20):
        s = random_ending(rng, 1, rules)
        for c, (_, tricks) in kernel_values(s, None, rules, lines=True).items():
            reply = legal_cards(s.hands[1 - s.leader], c)[0]
            after = play_trick(s, c, reply, rules)
            assert tricks == after.tricks[ELDER]


def test_the_values_do_not_depend_on_the_threads():
    rules = PRESETS[0]
    rng = random.Random(7)
    states = [random_ending(rng, 6, rules) for _ in range(24)]
    rows = np.stack([position_row(s, rules) for s in states])
    one = SeenSolver(rules, threads=1).values(rows, True)
    two = SeenSolver(rules, threads=2).values(rows, True)
    assert (one[0] == two[0]).all() and (one[1] == two[1]).all()
    again = SeenSolver(rules, threads=2).values(rows[::-1].copy(), True)
    assert (again[0][::-1] == one[0]).all()


def test_play_value_reference_agrees_on_a_middle_ending():
    rules = PRESETS[1]
    rng = random.Random(9)
    s = random_ending(rng, 6, rules)
    got = kernel_values(s, None, rules)
    assert {c: v for c, (v, _) in got.items()} == reference_values(s, None, rules, value=lambda t: play_value(t, rules))


def random_play(rng: random.Random, elder, dealer, rules, tricks: int):
    """``tricks`` random legal tricks from the first lead: (the tricks, the position after them)."""
    s = start(elder, dealer, rules, 0, 0, False)
    out = []
    for _ in range(tricks):
        lead = rng.choice(legal_cards(s.hands[s.leader], None))
        reply = rng.choice(legal_cards(s.hands[1 - s.leader], lead))
        out.append((lead, reply))
        s = play_trick(s, lead, reply, rules)
    return out, s


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("seat", [ELDER, DEALER])
@pytest.mark.parametrize("follow", [False, True])
@pytest.mark.parametrize("left", [4, 2])
def test_expected_values_over_every_hand_equal_a_plain_average(rules, seat, follow, left):
    """Four or two cards each left: every hand of the unseen cards that could have played the opponent's cards, each
    solved by plain minimax after each card: the sums, the double-dummy best counts and the hands counted; the
    player to lead, or to follow the opponent's lead."""
    rng = random.Random(100 + 10 * seat + PRESETS.index(rules) + 1000 * follow + 10000 * left)
    while True:
        cards = rng.sample(DECK, 24)
        elder, dealer = cards[:12], cards[12:]
        tricks, s = random_play(rng, elder, dealer, rules, 12 - left)
        if (s.leader == seat) != follow:
            break
    mine = elder if seat == ELDER else dealer
    opp = dealer if seat == ELDER else elder
    led = None
    if s.leader != seat:
        led = rng.choice(sorted(s.hands[s.leader]))
    before = (rng.randint(0, 40), rng.randint(0, 40), False)
    unseen = unseen_cards(mine)
    opp_played = [c for t in tricks for c in t if c in opp]
    rest = [c for c in unseen if c not in opp_played]
    hands = [tuple(opp_played) + combo for combo in itertools.combinations(rest, left)]
    result = analyse_seen(mine, seat, rules, hands, tricks, led, before, threads=2)
    sign = 1 if seat == ELDER else -1
    sums: dict[Card, int] = {}
    best: dict[Card, int] = {}
    counted = 0
    for h in hands:
        e, d = (mine, h) if seat == ELDER else (h, mine)
        st = start(e, d, rules, *before)
        try:
            for lead, reply in tricks:
                st = play_trick(st, lead, reply, rules)
            if led is not None and led not in st.hands[st.leader]:
                raise ValueError
        except ValueError:
            continue
        counted += 1
        vals = {c: sign * v for c, v in reference_values(st, led, rules).items()}
        top = max(vals.values())
        for c, v in vals.items():
            sums[c] = sums.get(c, 0) + v
            best[c] = best.get(c, 0) + (v == top)
    assert result.hands == counted and result.hands_given == len(hands)
    assert {c.card: c.value_sum for c in result.choices} == sums
    assert {c.card: c.dd_best for c in result.choices} == best
    means = [c.expected for c in result.choices]
    assert means == sorted(means, reverse=True)
    assert result.to_move == ("lead" if led is None else "follow")


def test_one_hand_known_gives_the_double_dummy_values():
    """The opponent's hand pinned exactly: every card's value is the solver's, the best is the deal's value, and
    a deal played so by both sides reaches the double-dummy value."""
    rng = random.Random(3)
    for rules in PRESETS:
        cards = rng.sample(DECK, 24)
        elder, dealer = cards[:12], cards[12:]
        before = (rng.randint(0, 30), 0, True)
        dd = solve_deal(tuple(elder), tuple(dealer), rules, *before)
        r = analyse_seen(elder, "elder", rules, [dealer], before=before)
        assert r.hands == 1 and r.choices[0].expected == dd.value and r.choices[0].dd_best == 1
        assert all(c.cards_won in (0, 1) for c in r.choices)
        out = play_out(elder, dealer, rules, before,
                       lambda seat, played, e=elder, d=dealer: [d] if seat == ELDER else [e])
        assert out.value == dd.value


def test_play_out_is_the_same_for_any_threads():
    rules = PRESETS[0]
    rng = random.Random(11)
    cards = rng.sample(DECK, 32)
    elder, dealer = cards[:12], cards[12:24]
    lists = {ELDER: signature_hands(unseen_cards(elder, cards[24:29]), dealer, rules),
             DEALER: signature_hands(unseen_cards(dealer, cards[29:]), elder, rules)}
    runs = [play_out(elder, dealer, rules, (0, 0, False), lambda seat, played: lists[seat], threads=t)
            for t in (1, 2)]
    assert runs[0].tricks == runs[1].tricks and runs[0].totals == runs[1].totals


def test_the_stand_in_signature_is_the_declarations_keys():
    rng = random.Random(4)
    for rules in PRESETS:
        for _ in range(200):
            hand = rng.sample(DECK, 12)
            d = Declaration.of(hand, rules)
            assert declaration_signature(mask_of(hand), rules) == (d.point.key, d.sequence_key, d.set_key)
    assert len(every_hand(DECK[:15])) == 455


def test_the_single_position_entry_equals_the_batch():
    """kernels.seen.card_values (one position, its own stamp) gives the batch's cards and values."""
    from piquet_calc.engine.play import play_params
    from piquet_calc.kernels import seen as ks
    from piquet_calc.kernels.play import new_transposition

    rules = PRESETS[2]
    rng = random.Random(12)
    tt = new_transposition()
    for n in (3, 7, 12):
        s = random_ending(rng, n, rules)
        for led in (None, rng.choice(sorted(s.hands[s.leader]))):
            row = position_row(s, rules, led)
            out = ks.new_output(1)
            count = ks.card_values(row, play_params(rules), tt, True, out[0])
            batch, counts = SeenSolver(rules, threads=1).values(row[None, :], True)
            assert count == counts[0] and (out[0, :count] == batch[0, :count]).all()

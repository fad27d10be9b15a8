"""The play as a player sees it (issue 22): every card valued at once (kernels/seen.py) against the solver and
a plain reference, the driver's threads, the expected values over a list of hands, and a deal played so."""

from __future__ import annotations

import random

import pytest

from piquet_calc.cards import DECK, Card
from piquet_calc.engine.play import Solver
from piquet_calc.engine.seen import SeenSolver, position_row
from piquet_calc.game.play import DEALER, ELDER, PlayState, legal_cards, minimax, play_trick
from piquet_calc.kernels.layout import CV_CARD, CV_ELDER_TRICKS, CV_VALUE
from piquet_calc.rules import TWO_HANDED_PRESETS

PRESETS = list(TWO_HANDED_PRESETS.values())

from .naive import play_value


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
    return {Card.from_index(int(out[0, i, CV_CARD])): (base + int(out[0, i, CV_VALUE]),
                                                      int(out[0, i, CV_ELDER_TRICKS])) for i in range(counts[0])}


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
        for c, (_, tricks) in got.items():
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
    import numpy as np

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

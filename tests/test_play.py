"""The play: game/play.py's rules against the books, the solver against plain minimax and the plain
reference, and the historical claims (004's recorded play, Hoyle's 170, capot under each preset)."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from piquet_calc.cards import DECK, Card, Suit, mask_of, parse_cards
from piquet_calc.engine.play import Solver, play_params, solve_deal, solve_position
from piquet_calc.game.declarations import score_deal
from piquet_calc.game.play import (
    DEALER,
    ELDER,
    PlayError,
    PlayState,
    legal_cards,
    minimax,
    play_trick,
    score_play,
    start,
)
from piquet_calc.rules import ENCYCLOPEDIA, RUBICON
from piquet_calc.rules import TWO_HANDED_PRESETS as PRESETS

from .naive import play_value

# 004 (seeds/004_69f48302690c9018.txt, "Примерная партия"): B is elder, A the dealer
B_ELDER = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"
A_DEALER = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
TRICKS_004 = "AH TC, KH JC, QH 8D, TH 8S, 8H 9S, 7H TS, AD QD, 7D KD, KS 7S, QS AS, 7C AC, JS KC"
# Hoyle's greatest deal under rubicon
HOYLE_ELDER = "AS KS QS AH KH QH AD KD QD AC KC QC"
HOYLE_DEALER = "JS TS 8S JH TH 9H JD TD 9D JC TC 9C"


def tricks_of(text: str) -> list[tuple[Card, Card]]:
    return [tuple(parse_cards(t)) for t in text.split(",")]  # type: ignore[misc]


def test_legal_cards_follow_suit_if_able():
    hand = parse_cards("AS 7S KH")
    assert legal_cards(hand, parse_cards("9S")[0]) == sorted(parse_cards("AS 7S"))
    assert legal_cards(hand, parse_cards("9D")[0]) == sorted(hand)
    assert legal_cards(hand, None) == sorted(hand)


def test_004_recorded_play_gives_the_books_running_totals():
    """004: "Б — 18 ... 36", "А — 22 ... 26", then "Всего у Б — 136, у А — 26 очков"."""
    e, d = parse_cards(B_ELDER), parse_cards(A_DEALER)
    s = score_deal(e, d, ENCYCLOPEDIA)
    assert (s.total(elder=True), s.total(elder=False)) == (17, 22)  # "Перед розыгрышем у А — 22 очка, у Б — 17"
    record = score_play(start(e, d, ENCYCLOPEDIA, 17, 22, pique_live=False), tricks_of(TRICKS_004), ENCYCLOPEDIA)
    assert [t.totals[ELDER] for t in record.tricks] == [18, 19, 20, 21, 22, 23, 34, 35, 35, 35, 36, 36]
    assert [t.totals[DEALER] for t in record.tricks] == [22, 22, 22, 22, 22, 22, 22, 22, 23, 24, 24, 26]
    assert record.finish is not None and record.finish.deal_bonus == (100, 0)
    assert record.totals == (136, 26)


def test_hoyle_maximum_is_170_under_rubicon():
    """117 before the play (point 3, four tierces 12, three quatorzes 42, repique 60), then twelve leads,
    the last trick and capot 40."""
    e, d = parse_cards(HOYLE_ELDER), parse_cards(HOYLE_DEALER)
    s = score_deal(e, d, RUBICON)
    assert s.elder_repique and s.total(elder=True) == 117 and s.total(elder=False) == 0
    solution = solve_deal(e, d, RUBICON, 117, 0, pique_live=False)
    assert solution.totals == (170, 0) and solution.value == 170
    assert all(lead in e for lead, _ in solution.line)  # elder leads every trick


# the play points of a hand that cashes all twelve, as each preset's capot rule says (docs/rules.md)
CAPOT_PLAY = {
    "rubicon": 12 + 1 + 40,  # 12 leads, the last trick still scores, capot in place of the 10
    "au-cent": 12 + 40,  # capot includes the last trick's point and the 10 (002)
    "english": 12 + 40,  # no last trick's point, no 10 beside capot (000)
    "russian": 12 + 12 + 40,  # 12 leads, 12 tricks, the last counting 1, no leza (001, 003)
    "encyclopedia": 11 + 2 + 10 + 100,  # no capot: leads, the twelfth 2, the seventh trick, the deal (004)
}


@pytest.mark.parametrize("name", list(PRESETS))
def test_cashing_all_twelve_scores_capot_as_the_preset_says(name):
    rules = PRESETS[name]
    e, d = parse_cards(HOYLE_ELDER), parse_cards(HOYLE_DEALER)
    cash = [(c, min((x for x in d if x.suit == c.suit), key=lambda x: x.rank)) for c in e]
    # plain scoring of the cash, each dealer card the lowest of the suit (the order does not matter)
    s = start(e, d, rules, 0, 0, pique_live=False)
    remaining = set(d)
    for lead in sorted(e, key=lambda c: -c.rank):
        reply = min((x for x in remaining if x.suit == lead.suit), key=lambda x: x.rank)
        remaining.discard(reply)
        s = play_trick(s, lead, reply, rules)
    assert len(cash) == 12 and s.tricks == (12, 0)
    from piquet_calc.game.play import finish

    assert finish(s, rules).totals == (CAPOT_PLAY[name], 0)
    assert solve_deal(e, d, rules, 0, 0, pique_live=False).totals == (CAPOT_PLAY[name], 0)


def test_pique_in_the_play_needs_the_dealer_at_nothing():
    """Elder at 26 leads four sure winners under rubicon: 30 before the dealer scores, pique (+30)."""
    rules = RUBICON
    e = parse_cards("AS KS QS JS 7H 8H 9H 7D 8D 9D 7C 8C")
    d = parse_cards("TS 9S 8S 7S AH KH QH AD KD QD AC KC")
    s = start(e, d, rules, 26, 0, pique_live=True)
    for lead, reply in tricks_of("AS 7S, KS 8S, QS 9S"):
        s = play_trick(s, lead, reply, rules)
    assert s.totals == (29, 0) and not s.pique
    s = play_trick(s, *parse_cards("JS TS"), rules)
    assert s.pique and s.totals == (60, 0)
    # the dealer scoring first kills it
    s2 = start(e, d, rules, 26, 0, pique_live=True)
    s2 = play_trick(s2, *parse_cards("7H AH"), rules)
    assert not s2.pique_live and s2.totals == (27, 1)


def test_illegal_tricks_name_the_trick():
    e, d = parse_cards(B_ELDER), parse_cards(A_DEALER)
    s = start(e, d, ENCYCLOPEDIA, 17, 22, pique_live=False)
    with pytest.raises(PlayError, match="trick 1: elder leads, and KS is not in elder's hand"):
        play_trick(s, *parse_cards("KS AH"), ENCYCLOPEDIA)
    with pytest.raises(PlayError, match="trick 1: dealer must follow suit to AS, not play KD"):
        play_trick(s, *parse_cards("AS KD"), ENCYCLOPEDIA)
    with pytest.raises(PlayError, match="trick 1: 9H is not in dealer's hand"):
        play_trick(s, *parse_cards("AS 9H"), ENCYCLOPEDIA)


def random_ending(rng: random.Random, n: int) -> tuple[PlayState, object]:
    rules = rng.choice(list(PRESETS.values()))
    cards = rng.sample(DECK, 2 * n)
    played = 12 - n
    et = rng.randint(0, played)
    live = rng.random() < 0.5
    elder_before = rng.randint(0, 35)
    dealer_before = 0 if live else rng.randint(0, 30)
    state = PlayState((frozenset(cards[:n]), frozenset(cards[n:])), rng.randint(0, 1), (et, played - et),
                      (elder_before, dealer_before), live and elder_before < rules.pique_threshold)
    return state, rules


@pytest.mark.parametrize("count", [500, pytest.param(2000, marks=pytest.mark.slow)])  # 2000: a minute of minimax
def test_solver_equals_plain_minimax_on_endings(count):
    """``count`` endings of 1 to 6 tricks (of 2000: 400, 500, 500, 450, 130 and 20), the kernel's value against
    game.play's plain minimax."""
    rng = random.Random(13)
    solvers = {name: Solver(rules) for name, rules in PRESETS.items()}
    sizes = [size for size, of in ((1, 400), (2, 500), (3, 500), (4, 450), (5, 130), (6, 20))
             for _ in range(of * count // 2000)]
    seen = set()
    for n in sizes:
        state, rules = random_ending(rng, n)
        seen.add((rules.name, state.leader, state.pique_live))
        assert solvers[rules.name].value(state) == minimax(state, rules), (rules.name, state)
    assert len(seen) == 5 * 2 * 2  # every preset, either leader, pique live and not


@pytest.mark.slow
def test_solver_equals_plain_minimax_on_six_card_endings():
    rng = random.Random(14)
    solvers = {name: Solver(rules) for name, rules in PRESETS.items()}
    for _ in range(400):
        state, rules = random_ending(rng, 6)
        assert solvers[rules.name].value(state) == minimax(state, rules), (rules.name, state)


def whole_deals(rules, count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(DECK, 24)
        live = rng.random() < 0.5
        before = (rng.randint(18, 29), 0) if live else (rng.randint(0, 40), rng.randint(1, 40))
        yield start(cards[:12], cards[12:], rules, before[0], before[1], live)


@pytest.mark.parametrize("name", list(PRESETS))
def test_whole_deals_against_the_plain_reference(name):
    rules = PRESETS[name]
    solver = Solver(rules)
    for state in whole_deals(rules, 2, seed=len(name)):
        assert solver.value(state) == play_value(state, rules)
        solution = solve_position(state, rules, solver)  # its line replays to the value (asserted inside)
        assert solution.totals[0] - solution.totals[1] == solution.value


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_thirty_whole_deals_per_preset_against_the_plain_reference(name):
    rules = PRESETS[name]
    solver = Solver(rules)
    for state in whole_deals(rules, 30, seed=100 + len(name)):
        assert solver.value(state) == play_value(state, rules)
        solve_position(state, rules, solver)


@pytest.mark.parametrize("name", list(PRESETS))
def test_value_is_the_same_when_the_suits_are_permuted(name):
    rules = PRESETS[name]
    rng = random.Random(7)
    solver = Solver(rules)
    for state in whole_deals(rules, 6, seed=3):
        order = list(Suit)
        rng.shuffle(order)

        def moved(cards: frozenset[Card], order: list[Suit] = order) -> frozenset[Card]:
            return frozenset(Card(c.rank, order[c.suit]) for c in cards)

        permuted = PlayState((moved(state.hands[0]), moved(state.hands[1])), state.leader, state.tricks,
                             state.totals, state.pique_live)
        assert solver.value(permuted) == solver.value(state)


def test_kernel_entry_point_matches_the_wrapper_and_runs_on_two_threads():
    from piquet_calc.kernels import play as kp

    rules = RUBICON
    params = play_params(rules)
    deals = list(whole_deals(rules, 8, seed=11))
    expected = []
    for s in deals:
        sol = solve_position(s, rules)
        expected.append((sol.value, sol.totals[0] - s.totals[0], sol.totals[1] - s.totals[1]))
    got: dict[int, tuple[int, int, int]] = {}

    def work(indices: list[int]) -> None:
        tt = kp.new_transposition()
        for i in indices:
            s = deals[i]
            got[i] = tuple(int(x) for x in kp.solve_deal(mask_of(s.hands[0]), mask_of(s.hands[1]), params,
                                                          s.totals[0], s.totals[1], s.pique_live, tt))

    threads = [threading.Thread(target=work, args=(list(range(k, len(deals), 2)),)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, (value, e_play, d_play) in enumerate(expected):
        v, e, d = got[i]
        assert v == value and e - d == e_play - d_play  # another optimal line may split the points otherwise
        assert v == deals[i].totals[0] + e - deals[i].totals[1] - d


def _plain_hand_key(em: int, dm: int, scoring_rank: int) -> int:
    """kernels.play._keys's first word as its docstring states it: per suit, elder's cards at their places
    among the live cards, counted from 0 below the scoring rank and from the scoring rank up above it,
    then how many live cards lie below it and at or above it."""
    key = 0
    for s in range(4):
        live = [r for r in range(8) if (em | dm) >> (8 * s + r) & 1]
        low = [r for r in live if r < scoring_rank]
        high = [r for r in live if r >= scoring_rank]
        rel = sum(1 << k for k, r in enumerate(low) if em >> (8 * s + r) & 1)
        rel |= sum(1 << (scoring_rank + k) for k, r in enumerate(high) if em >> (8 * s + r) & 1)
        key |= (rel | len(low) << 8 | len(high) << 12) << (16 * s)
    return key


@pytest.mark.parametrize("name", ["rubicon", "au-cent"])
def test_table_key_is_the_relative_ranks(name):
    from piquet_calc.kernels import play as kp

    params = play_params(PRESETS[name])
    rng = random.Random(5)
    for _ in range(500):
        n = rng.randint(1, 12)
        cards = rng.sample(range(32), 2 * n)
        em, dm = sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n:])
        key1, _ = kp.transposition._keys(em, dm, 0, 0, 0, 0, 0, params, 1)
        assert int(key1) % (1 << 64) == _plain_hand_key(em, dm, PRESETS[name].play.scoring_rank)  # int64 bits


def test_table_rows_see_every_suit():
    """Keys that differ only in the last suit's part still fall in different rows (a product's low bits
    alone would put them all in one)."""
    from piquet_calc.kernels import transposition

    size = 1 << 16
    rows = {int(transposition._slot(k << 48 | 0x1234_5678_9ABC, 7 << 32 | 3, size)) for k in range(4096)}
    assert len(rows) > 3900  # 4,096 keys in 65,536 rows: about 3,970 rows expected at random


def test_a_tiny_table_gives_the_same_values():
    """Positions overwriting each other in a table of 16 rows cost time, never the value."""
    from piquet_calc.kernels import play as kp

    rules = PRESETS["au-cent"]
    params = play_params(rules)
    small, large = kp.new_transposition(4), kp.new_transposition()
    for s in whole_deals(rules, 6, seed=21):
        args = (mask_of(s.hands[0]), mask_of(s.hands[1]), params, s.totals[0], s.totals[1], s.pique_live)
        assert kp.solve_deal(*args, small)[0] == kp.solve_deal(*args, large)[0]


def test_the_solver_refuses_scores_that_would_overflow_its_key():
    # the table key keeps the difference so far in 11 bits: a difference past MAX_DIFF used to corrupt it
    from piquet_calc.kernels import play as kp

    e, d = parse_cards("AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"), parse_cards("KS QS JS TS 9S 8S KD QD 8D AC JC TC")
    params, tt = play_params(RUBICON), kp.new_transposition()
    with pytest.raises(ValueError, match="MAX_DIFF"):
        kp.solve_deal(mask_of(e), mask_of(d), params, 0, kp.MAX_DIFF + 1, False, tt)
    with pytest.raises(ValueError, match="0 or more"):
        kp.solve_deal(mask_of(e), mask_of(d), params, -1, 0, False, tt)
    with pytest.raises(ValueError, match="differ by"):
        solve_deal(e, d, RUBICON, 2000, 0, pique_live=False)
    assert kp.solve_deal(mask_of(e), mask_of(d), params, kp.MAX_DIFF, 0, False, tt)[0] >= kp.MAX_DIFF


def test_the_line_says_how_many_tricks_it_wrote():
    # solve_line's loop is bounded by the tricks left, and it reports how many it placed (the callers
    # refuse a line that broke off)
    from piquet_calc.kernels import play as kp

    e, d = parse_cards("AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"), parse_cards("KS QS JS TS 9S 8S KD QD 8D AC JC TC")
    tt, buf, line = kp.new_transposition(), kp.new_buffer(), np.zeros(26, dtype=np.int64)
    kp.begin(tt)
    kp.solve_line(mask_of(e), mask_of(d), 0, 0, 0, 0, 0, play_params(RUBICON), tt, buf, line)
    assert line[kp.LINE_TRICKS] == 12


def _house(bonus: int):
    """Rubicon with another pique bonus (0: pique scores nothing, but is still reached)."""
    import dataclasses

    return dataclasses.replace(RUBICON, name=f"rubicon, pique {bonus}", pique_bonus=bonus)


@pytest.mark.parametrize("rules", [*PRESETS.values(), _house(0)], ids=lambda r: r.name)
def test_pique_at_the_start_has_one_rule_and_its_kernel_form_is_equal(rules):
    """game.play.pique_at_start, the rule's one statement, against its kernel form, every case that matters."""
    from piquet_calc.game.play import pique_at_start
    from piquet_calc.kernels.play import score

    params = play_params(rules)
    t = rules.pique_threshold
    for elder in (0, 1, t - 1, t, t + 5, 2 * t):
        for dealer in (0, 1, 12):
            for live in (False, True):
                want = pique_at_start(elder, dealer, live, rules)
                assert tuple(score.pique_at_start(elder, dealer, live, params)) == want, (elder, dealer, live)
                assert want == ((live and dealer == 0 and elder >= t),
                                t - elder if live and dealer == 0 and elder < t else 0)
                s = start(parse_cards(B_ELDER), parse_cards(A_DEALER), rules, elder, dealer, live)
                assert s.pique == want[0] and s.pique_live == (want[1] > 0)
                assert s.totals[ELDER] == elder + (rules.pique_bonus if want[0] else 0)


@pytest.mark.parametrize("rules", [RUBICON, ENCYCLOPEDIA, _house(0)], ids=lambda r: r.name)
def test_the_line_returns_elder_s_tricks_and_the_trick_that_brought_pique(rules):
    """solve_line's elder tricks and pique trick against the line replayed by game/play.py (the trick after
    which the state has pique), on random deals with pique live; with a bonus of 0 too (pique then
    changes no points: the solver must still say when it came)."""
    from piquet_calc.kernels import play as kp

    rng = random.Random(27)
    params = play_params(rules)
    tt, buf, line = kp.new_transposition(), kp.new_buffer(), np.zeros(26, dtype=np.int64)
    seen_pique = 0
    for _ in range(60):
        cards = rng.sample(DECK, 24)
        e, d = cards[:12], cards[12:]
        before = rng.randrange(0, rules.pique_threshold)
        kp.begin(tt)
        need = rules.pique_threshold - before
        _, _, _, et, pique_trick = kp.solve_line(mask_of(e), mask_of(d), 0, 0, 0, before, need, params, tt, buf, line)
        assert line[kp.LINE_TRICKS] == 12
        s = start(e, d, rules, before, 0, True)
        came = -1
        for k in range(12):
            was = s.pique
            s = play_trick(s, Card.from_index(int(line[2 * k])), Card.from_index(int(line[2 * k + 1])), rules)
            if s.pique and not was:
                came = k
        assert (et, pique_trick) == (s.tricks[ELDER], came)
        seen_pique += came >= 0
    assert seen_pique >= 3  # the check has teeth: pique came in the play in some of the deals


def test_an_incomplete_last_trick_values_the_followers_replies():
    """``--tricks`` for two hands may end with the card led alone, as for three and four: every legal reply
    of the follower is valued, each equal to plain minimax after it (game/play.py), the deal's value his best."""
    from piquet_calc.analysis.play import analyse_play, parse_tricks

    e, d = parse_cards(B_ELDER), parse_cards(A_DEALER)
    given = TRICKS_004.split(", ")
    recorded = tricks_of(", ".join(given))
    # after 8 tricks the dealer leads (elder may play AS or 7S); after 7 and 6, elder (the dealer has choices)
    for tricks, lead in ((recorded[:8], "KS"), (recorded[:7], "AS"), (recorded[:6], "AD")):
        lead = parse_cards(lead)[0]
        a = analyse_play(e, d, ENCYCLOPEDIA, parse_tricks(", ".join(" ".join(map(str, t)) for t in tricks)
                                                          + f", {lead}"), kernel=False)
        state = score_play(start(e, d, ENCYCLOPEDIA, 17, 22, pique_live=False), tricks, ENCYCLOPEDIA).state
        follower = 1 - state.leader
        assert a.to_move == follower
        replies = legal_cards(state.hands[follower], lead)
        values = {r: minimax(play_trick(state, lead, r, ENCYCLOPEDIA), ENCYCLOPEDIA) for r in replies}
        assert {c: v for c, v, _ in a.choices} == values
        assert a.value == (max if follower == ELDER else min)(values.values())
        t = a.tricks[len(tricks)]
        assert not t.recorded and t.led_recorded and lead in t.cards
        assert a.end.totals[ELDER] - a.end.totals[DEALER] == a.value

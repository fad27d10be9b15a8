"""The kernels' per-deal scoring equals the plain-Python scorer (declare.score_deal), deal by deal."""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_calc.analysis import COUNT_NAMES
from piquet_calc.cards import DECK, mask_of
from piquet_calc.engine.rule_arrays import rule_arrays_for
from piquet_calc.game.declarations import is_carte_blanche
from piquet_calc.kernels import declarations as k
from piquet_calc.kernels import layout
from piquet_calc.rules import ENCYCLOPEDIA, RUBICON
from piquet_calc.rules import TWO_HANDED_PRESETS as PRESETS

from .naive import outcome

OUTCOME_FIELDS = ("point_cmp", "sequence_cmp", "sets_cmp", "point_me", "point_opp", "sequence_me", "sequence_opp",
                  "sets_me", "sets_opp", "repique_me", "repique_opp", "pique_me", "pique_opp",
                  "carte_rouge_me", "carte_rouge_opp")


def kernel_outcome(me, opp, me_is_elder, rules=RUBICON):
    t = rule_arrays_for(rules)
    cb_me = rules.blanche_points * is_carte_blanche(me, rules)
    cb_opp = rules.blanche_points * is_carte_blanche(opp, rules)
    got = k.score_one(mask_of(me), mask_of(opp), cb_me, cb_opp, me_is_elder, t.packed)
    return dict(zip(OUTCOME_FIELDS, (int(x) for x in got), strict=True))


def plain_outcome(me, opp, me_is_elder, rules=RUBICON):
    o = outcome(me, opp, me_is_elder, rules, is_carte_blanche(me, rules), is_carte_blanche(opp, rules))
    fields = {f"{c}_cmp": o[f"{c}_win"] - o[f"{c}_lose"] for c in ("point", "sequence", "sets")}
    fields.update({f: o[f] for f in OUTCOME_FIELDS if f in o})
    return fields


def random_deal(rng):
    """Uniform deals rarely repique; half of these lean the first hand towards a few suits and ranks."""
    if rng.random() < 0.5:
        cards = rng.sample(DECK, 24)
    else:
        weight = {c: rng.random() ** 4 for c in DECK}
        first = []
        pool = list(DECK)
        while len(first) < 12:
            c = rng.choices(pool, [weight[x] + 1e-3 for x in pool])[0]
            pool.remove(c)
            first.append(c)
        cards = first + rng.sample(pool, 12)
    return cards[:12], cards[12:]


def test_column_names_follow_the_kernel_order():
    assert len(COUNT_NAMES) == layout.COUNT_COLUMNS
    assert COUNT_NAMES[layout.COUNT_REPIQUE_ME] == "repique_me" and COUNT_NAMES[layout.COUNT_PIQUE_OPP] == "pique_opp"
    assert COUNT_NAMES[layout.COUNT_SEQUENCE_TIE] == "sequence_tie"
    assert COUNT_NAMES[layout.COUNT_CARTE_BLANCHE_OPP] == "carte_blanche_opp"


def rouge_deal(rng):
    """A first hand made of one long suit and whole ranks, so that carte rouge is often possible."""
    suit = rng.choice(DECK).suit
    long_suit = [c for c in DECK if c.suit == suit]
    first = rng.sample(long_suit, rng.randint(5, 8))
    ranks = rng.sample(sorted({c.rank for c in DECK}), 4)
    for r in ranks:
        first += [c for c in DECK if c.rank == r and c not in first]
    first = first[:12]
    pool = [c for c in DECK if c not in first]
    first += rng.sample(pool, 12 - len(first))
    pool = [c for c in DECK if c not in first]
    return first, rng.sample(pool, 12)


@pytest.mark.parametrize("name", list(PRESETS))
def test_kernel_scores_random_deals_like_the_plain_scorer(name):
    """10,000 deals under rubicon, 4,000 under each other preset, a quarter of those built for carte rouge."""
    rules = PRESETS[name]
    rng = random.Random(20261129)
    rare = ("repique_me", "repique_opp", "pique_me", "pique_opp")
    if rules.carte_rouge_points:
        rare += ("carte_rouge_me",)
    seen = dict.fromkeys(rare, 0)
    for i in range(10_000 if rules is RUBICON else 4_000):
        a, b = rouge_deal(rng) if rules.carte_rouge_points and i % 4 == 3 else random_deal(rng)
        me_is_elder = i % 2 == 0
        want = plain_outcome(a, b, me_is_elder, rules)
        assert kernel_outcome(a, b, me_is_elder, rules) == want, (a, b, me_is_elder)
        for key in seen:
            seen[key] += bool(want[key])
    # the sample reaches the rare branches it is meant to check
    assert all(n >= 5 for n in seen.values()), seen


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.booleans(), st.sampled_from(list(PRESETS.values())))
def test_kernel_equals_plain_scorer_on_any_deal(deck, me_is_elder, rules):
    a, b = deck[:12], deck[12:24]
    assert kernel_outcome(a, b, me_is_elder, rules) == plain_outcome(a, b, me_is_elder, rules)


@pytest.mark.parametrize("hand", ["AH KH QH JH TH 9H AS 7S 8D 7D 8C 7C"])
def test_hand_features_match_declarations(hand):
    from piquet_calc.cards import parse_cards
    from piquet_calc.engine.rule_arrays import point_code, run_code, set_code
    from piquet_calc.game.declarations import Declaration

    cards = parse_cards(hand)
    t = rule_arrays_for(RUBICON)
    d = Declaration.of(cards, RUBICON)
    f = k.hand_features(mask_of(cards), t.suit, k.set_rules(t.params))
    assert f[layout.FEATURE_POINT] == point_code(*d.point.key)
    assert f[layout.FEATURE_SEQUENCE] == run_code(*d.sequence_key) if d.runs else f[layout.FEATURE_SEQUENCE] == 0
    assert f[layout.FEATURE_SETS] == (set_code(*d.set_key) if d.sets else 0)
    assert (f[layout.FEATURE_POINT_SCORE], f[layout.FEATURE_SEQUENCE_SCORE],
            f[layout.FEATURE_SETS_SCORE]) == (d.point.score, d.sequence_score, d.set_score)


# --- one place per rule: each kernel twin equals its plain-Python rule ---------------------------------

@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=5, max_size=5), st.lists(st.integers(0, 40), min_size=5, max_size=5),
       st.integers(1, 60))
def test_repique_ladder_kernel_equals_the_rule(steps_a, steps_b, threshold):
    """kernels' repique_reached is game.declarations.repique_reached on the running totals of five classes."""
    import itertools

    from piquet_calc.game.declarations import repique_reached

    a, b = list(itertools.accumulate(steps_a)), list(itertools.accumulate(steps_b))
    assert bool(k.repique_reached(*a, *b, threshold)) == repique_reached(a, b, threshold)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 80), st.integers(0, 5), st.integers(0, 40), st.sampled_from(list(PRESETS)))
def test_pique_eligibility_kernel_equals_the_rule(elder_total, dealer_total, most, name):
    from piquet_calc.game.declarations import pique_live

    rules = PRESETS[name]
    got = k.pique_live(elder_total, dealer_total, rules.repique_threshold, rules.pique_threshold, most)
    assert bool(got) == pique_live(elder_total, dealer_total, rules, most)


@pytest.mark.parametrize("name", list(PRESETS))
def test_run_points_kernel_equals_the_rule(name):
    """The run table and the kernel's run points (engine/rule_arrays.py, kernels) equal game.declarations.pique_run."""
    from piquet_calc.game.declarations import pique_run

    rules, rng = PRESETS[name], random.Random(f"run {name}")
    t = rule_arrays_for(rules)
    for _ in range(300):
        cards = rng.sample(DECK, 24)
        elder, dealer = cards[:12], cards[12:]
        if rng.random() < 0.5:  # long, high suits cash more: lean elder's hand towards them
            elder = sorted(cards, key=lambda c: (-c.rank - 3 * (c.suit < 2)) + rng.random() * 6)[:12]
            dealer = [c for c in cards if c not in elder]
        got = k.run_points(mask_of(elder), mask_of(dealer), t.suit, t.run, t.params)
        assert got == pique_run(elder, dealer, rules).points, (elder, dealer)


ZERO_SETS = {
    "no set scores": dataclasses.replace(ENCYCLOPEDIA, name="zero-sets", trio_points=0, quatorze_points=0),
    "trios score 0": dataclasses.replace(ENCYCLOPEDIA, name="zero-trios", trio_points=0),
    "quatorzes score 0": dataclasses.replace(ENCYCLOPEDIA, name="zero-quatorzes", quatorze_points=0),
}


@pytest.mark.parametrize("name", list(ZERO_SETS))
def test_a_set_that_scores_0_has_not_scored_for_carte_rouge(name):
    """House rules scoring sets 0 on the encyclopedia's base: a 0-point set covers no card for carte rouge
    (docs/rules.md, Declarations 5: "a combination that scored"), in the kernel as in the plain scorer.
    The sample must hold deals where counting the 0-point sets would have given carte rouge."""
    from piquet_calc.game.declarations import Declaration, is_carte_rouge

    rules = ZERO_SETS[name]
    rng = random.Random(20261201)
    decided_by_zero = 0
    for i in range(1_500):
        a, b = rouge_deal(rng) if i % 2 else random_deal(rng)
        me_is_elder = i % 4 < 2
        want = plain_outcome(a, b, me_is_elder, rules)
        assert kernel_outcome(a, b, me_is_elder, rules) == want, (a, b, me_is_elder)
        d = Declaration.of(a, rules)
        won = {c for c in ("point", "sequence", "sets") if want[f"{c}_cmp"] > 0}
        scored = {c for c in won if want[f"{c}_me"] > 0}
        decided_by_zero += (not want["carte_rouge_me"] and bool(d.sets)
                            and is_carte_rouge(a, won, ENCYCLOPEDIA) and not is_carte_rouge(a, scored, rules))
    assert decided_by_zero >= 5, decided_by_zero


@pytest.mark.parametrize("name", [None, *ZERO_SETS])
def test_declare_counts_a_0_point_set_as_the_plain_scorer_does(name):
    """The whole declaration analysis (every holding of the 13 unseen cards) equals the plain scorer summed
    over them: with both quatorzes scoring, elder has carte rouge in every holding; when they score 0, in none."""
    import itertools

    from piquet_calc.analysis import analyse_declaration
    from piquet_calc.cards import parse_cards

    from .naive import outcome

    rules = ZERO_SETS[name] if name else ENCYCLOPEDIA
    hand, discards, seen = (parse_cards("AH KH QH JH TH 9H AS AD AC KS KD KC"), parse_cards("QS JS TS 9S 8S"),
                            parse_cards("7S 8H"))
    got = analyse_declaration(hand, "elder", discards, seen, rules).result.counts
    unseen = [c for c in DECK if c not in set(hand) | set(discards) | set(seen)]
    want = dict.fromkeys(COUNT_NAMES, 0)
    for opp in itertools.combinations(unseen, 12):
        for key, value in outcome(hand, opp, True, rules, False, is_carte_blanche(opp, rules)).items():
            want[key] += value
    assert got == want
    assert got["carte_rouge_me"] == (13 * 20 if rules.quatorze_points else 0)

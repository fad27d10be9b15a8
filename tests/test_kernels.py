"""The kernels' per-deal scoring equals the plain-Python scorer (declare.score_deal), deal by deal."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_calc.analysis import COUNT_NAMES
from piquet_calc.cards import DECK, mask_of
from piquet_calc.engine.tables import tables_for
from piquet_calc.game.declarations import is_carte_blanche
from piquet_calc.kernels import declarations as k
from piquet_calc.rules import RUBICON
from piquet_calc.rules import TWO_HANDED_PRESETS as PRESETS

from .naive import outcome

OUTCOME_FIELDS = ("point_cmp", "sequence_cmp", "sets_cmp", "point_me", "point_opp", "sequence_me", "sequence_opp",
                  "sets_me", "sets_opp", "repique_me", "repique_opp", "pique_me", "pique_opp",
                  "carte_rouge_me", "carte_rouge_opp")


def kernel_outcome(me, opp, me_is_elder, rules=RUBICON):
    t = tables_for(rules)
    cb_me = rules.blanche_points * is_carte_blanche(me, rules)
    cb_opp = rules.blanche_points * is_carte_blanche(opp, rules)
    got = k.score_one(mask_of(me), mask_of(opp), cb_me, cb_opp, me_is_elder, t.suit, t.run, t.set_ranks,
                      t.params, rules.trio_points, rules.quatorze_points)
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
    assert len(COUNT_NAMES) == k.N_COUNTS
    assert COUNT_NAMES[k.C_ME_REPIQUE] == "repique_me" and COUNT_NAMES[k.C_OPP_PIQUE] == "pique_opp"
    assert COUNT_NAMES[k.C_SQ_TIE] == "sequence_tie" and COUNT_NAMES[k.C_OPP_CB] == "carte_blanche_opp"


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
    from piquet_calc.engine.tables import point_code, run_code, set_code
    from piquet_calc.game.declarations import Declaration

    cards = parse_cards(hand)
    t = tables_for(RUBICON)
    d = Declaration.of(cards, RUBICON)
    f = k.hand_features(mask_of(cards), t.suit, t.set_ranks, 3, 14, 0)
    assert f[k.F_POINT] == point_code(*d.point.key)
    assert f[k.F_SEQ] == run_code(*d.sequence_key) if d.runs else f[k.F_SEQ] == 0
    assert f[k.F_SET] == (set_code(*d.set_key) if d.sets else 0)
    assert (f[k.F_POINT_SCORE], f[k.F_SEQ_SCORE], f[k.F_SET_SCORE]) == (d.point.score, d.sequence_score, d.set_score)

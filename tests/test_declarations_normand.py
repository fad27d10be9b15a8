"""Three and four players: the plain scorer (game/seating.py) against book 002's worked scoring and hand-built
deals for every rule; the Normand kernels against the plain scorer; the exact enumerations checked by
counts that must add up, symmetric seats, a seeded Monte Carlo and permuted suits; the CLI."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random

import numpy as np
import pytest
from typer.testing import CliRunner

from piquet_calc.cards import DECK, Suit, mask_of, parse_cards
from piquet_calc.cli.app import app
from piquet_calc.game.declarations import is_carte_blanche
from piquet_calc.game.seating import overtaken_at, score_seating, seating_pique_run
from piquet_calc.rules import FOUR, NORMAND, PRESETS, RulesError, get_rules, rules_from_dict

runner = CliRunner()


def hands(*texts: str):
    return [parse_cards(t) for t in texts]


# --- presets -----------------------------------------------------------------------------------------

def test_presets_carry_the_books_numbers():
    """002: Normand's ten cards and talon of two, repique 90 and pique 60 at 20; four's eight cards, no point
    under 30 pips, the cards 10 for five of the eight tricks, capot 40, both partners' carte blanche a repique."""
    n, f = NORMAND, FOUR
    assert (n.table.seats, n.table.hand_size, n.table.talon, n.exchange) == (
        ("elder", "middle", "dealer"), 10, 2, ((0,), (0,), (0, 2)))
    assert (n.repique_threshold, n.repique_threshold + n.repique_bonus) == (20, 90)
    assert (n.pique_threshold, n.pique_threshold + n.pique_bonus) == (20, 60)
    assert (n.table_rules.cards, n.table_rules.cards_shared, n.table_rules.capot, n.table_rules.capot_shared) == (
        10, 5, 40, 20)
    assert (f.table.hand_size, f.table.talon, f.table.partnerships, f.table_rules.point_min_pips) == (8, 0, True, 30)
    assert (f.table_rules.cards, f.table_rules.cards_tricks, f.table_rules.capot) == (10, 5, 40)
    assert f.table_rules.double_blanche_repique and f.repique_threshold + f.repique_bonus == 90
    assert get_rules("voleur") is FOUR and get_rules("Four") is FOUR


def test_house_rules_for_three_and_four_players():
    """003 gives nothing to two tied for most tricks, 001 capot 20: house-rule examples; bounds are checked."""
    r = rules_from_dict({"base": "normand", "table_rules": {"cards_shared": 0, "capot": 20}})
    assert (r.table_rules.cards_shared, r.table_rules.capot, r.table.hand_size) == (0, 20, 10)
    assert rules_from_dict({"base": "voleur"}).table.partnerships
    for data, words in (
        ({"base": "normand", "exchange": {"elder": [1]}}, "only the dealer may exchange"),
        ({"base": "normand", "exchange": {"dealer": [1]}}, "none or the whole talon"),
        ({"base": "four", "table_rules": {"cards_tricks": 4}}, "more than half"),
        ({"base": "normand", "table_rules": {"double_blanche_repique": True}}, "only for partnerships"),
        ({"base": "rubicon", "table_rules": {"capot": 20}}, "only for three or four players"),
        ({"base": "normand", "table_rules": {"capot": "x"}}, "whole number"),
        ({"base": "normand", "table_rules": {"trick": 1}}, "unknown field 'table_rules.trick'"),
        ({"base": "four", "carte_rouge_points": 20}, "no carte rouge"),
        ({"base": "normand", "play": {"scoring_rank": "T"}}, "every card scores"),
    ):
        with pytest.raises(RulesError, match=words):
            rules_from_dict(data)


def test_two_handed_code_refuses_the_new_presets():
    from piquet_calc import analyse_discards
    from piquet_calc.game.declarations import score_deal

    twelve = parse_cards("AS AH KH QH TH 8H 7H AD TD 9D 9C 8C")
    with pytest.raises(RulesError, match="for two players; normand is a game for 3"):
        analyse_discards(twelve, "elder", NORMAND)
    with pytest.raises(RulesError, match="for two players; four is a game for 4"):
        score_deal(twelve, twelve, FOUR)


# --- the plain scorer ---------------------------------------------------------------------------------

# 002's four-hand example (A elder, Y second, B third, Z the dealer). Its hands are not printed and cannot
# be taken literally (four aces and a tierce to the king make a quart), so A's tierce here is to the
# queen; it is beaten by Y's quarts either way.
A, Y, B, Z = "AS AH AD AC QC JC TC 8S", "KS QS JS TS JD TD 9D 8D", "KH KD KC QH JH 7D 9S 7S", "TH 9H 8H 7H 9C 8C 7C QD"


def test_book_002_four_hand_scoring():
    """002: "A собирает первую взятку, объявляя общий счет своей стороны, который составит 22: 4 за поинт,
    14 за Тузов, 3 за Королей и 1 за карту с хода"; "Противники тогда запишут 15 очков за свои три
    секвенции из четырех карт и одну из трех"."""
    s = score_seating(hands(A, Y, B, Z), FOUR)
    assert s.parties == ("elder+third", "second+dealer")
    assert s.points("point") == (4, 0) and s.points("sets") == (17, 0) and s.points("sequence") == (0, 15)
    assert s.total(0) + FOUR.play.lead == 22  # and A's lead to the first trick
    assert s.total(1) == 15 and not any(s.repique) and not any(s.pique)
    assert "third: three kings" in dict(s.shown)["sets"]  # good: his partner holds four aces


def test_normand_repique_at_20_counts_90():
    """The dealer: point 5 then a quint major, 20 with both others at nothing: "считает 90" (002)."""
    s = score_seating(hands("AS AH KS KD QH QD JS TH 9S 9D", "AD KH QS JH JD TS TD 9H 8D 8C",
                          "AC KC QC JC TC 7S 8S 7H 8H 7D"), NORMAND)
    assert s.points("point") == (0, 0, 5) and s.points("sequence") == (0, 0, 15) and s.points("sets") == (0, 0, 0)
    assert s.repique == (False, False, True) and s.total(2) == 90


def test_normand_pique_at_20_counts_60():
    """Elder at 13 in declarations cashes six spades, two hearts and a diamond: 9 leads and the tenth, 23
    with both others at nothing: pique, his 20 counts 60 (002)."""
    h = hands("AS KS QS JS 8S 7S AH KH AD 7D", "AC KC 9C 8C QH JH 9H KD QD 8D", "QC JC TC 7C TH 8H 7H JD TD 9D")
    s = score_seating(h, NORMAND)
    assert s.points("point")[0] + s.points("sequence")[0] + s.points("sets")[0] == 13
    assert len(s.run.cashed) == 9 and s.run.points == 10
    assert s.pique == (True, False, False) and not any(s.repique) and s.total(0) == 13 + 40
    # one court card fewer for the dealer and he has carte blanche: nobody piques over it
    s = score_seating(h, NORMAND, blanche=[False, False, True])
    assert not any(s.pique) and s.total(2) == 10


def test_normand_ties_score_nobody_and_do_not_save_from_repique():
    """Elder and middle tie for the point (4 cards, 40) and the sequence (tierces major): nobody scores them,
    the dealer's lower ones get nothing; the dealer's quatorzes then make 28, the others at nothing: repique."""
    s = score_seating(hands("AH KH QH 9H 8S 7S AD 8D AC 8C", "AS KS QS 9S 8H 7H KD QD KC QC",
                          "JS TS JH TH JD TD JC TC 9D 9C"), NORMAND)
    assert s.points("point") == (0, 0, 0) and s.points("sequence") == (0, 0, 0) and s.points("sets") == (0, 0, 28)
    assert s.winner("point") is None and s.repique == (False, False, True)


def test_four_no_point_under_30_pips():
    """002: "Никакой поинт менее чем в 30 очков не может быть объявлен": every suit of two cards, nobody
    scores the point; without the rule the dealer's ten and knave (20) would."""
    h = hands("AS 7S AH 7H AD 7D AC 7C", "KS 8S KH 8H KD 8D KC 8C", "QS 9S QH 9H QD 9D QC 9C",
              "JS TS JH TH JD TD JC TC")
    assert score_seating(h, FOUR).points("point") == (0, 0)
    loose = dataclasses.replace(FOUR, table_rules=dataclasses.replace(FOUR.table_rules, point_min_pips=0))
    assert score_seating(h, loose).points("point") == (0, 2)
    # elder's aces win the sets, so his side scores his partner's four queens too
    assert score_seating(h, FOUR).points("sets") == (28, 0)


def test_four_carte_blanche_of_a_partner_and_of_both():
    """002: "Карте бланш на руке того или иного партнера может засчитываться в пользу пика или репика; и
    если у каждого из двух партнеров окажется карте бланш, они будут иметь право на 90 очков за репик,
    независимо от того, что было у противников"."""
    h = hands("AS TS 9S AH TH 9H 8D 7D", "KS QS JS KH QH JH KD QD", "8S 7S 8H 7H AD TD 9D 9C",
              "JD AC KC QC JC TC 8C 7C")
    s = score_seating(h, FOUR)
    assert s.points("carte_blanche") == (20, 0) and s.repique == (True, False)
    assert s.total(1) > 0  # whatever the other side holds: it scores its classes, and elder's side repiques
    single = score_seating(h, FOUR, blanche=[True, False, False, False])
    assert single.points("carte_blanche") == (10, 0) and single.repique == (False, False)


def test_four_partner_taking_elder_winner():
    """The pique run for four: a partner whose lowest card of the suit is above elder's must win the trick."""
    js, ts, qs, ks = parse_cards("JS TS QS KS")
    assert overtaken_at([js, ts], [qs]) == 1 and overtaken_at([js, ts], [qs, ks]) == 1
    assert overtaken_at([ks, ts], [qs, js]) == 2  # the knave goes under the king, then the queen must win
    assert overtaken_at([ks, js], [qs]) == 0 and overtaken_at([ks], [ts]) == 0 and overtaken_at([js], []) == 0
    # elder's four top spades outnumber the opponents' (9S, 8S): his 7S cashes too; his partner's ten goes
    # under the ace: all eight tricks, 8 leads and the last trick
    run = seating_pique_run(hands("AS KS QS JS AH AD AC 7S", "9H 8H 7H KH QH JH TH 9S", "TS KD QD JD TD 9D 8D 7D",
                                "KC QC JC TC 9C 8C 7C 8S"), FOUR)
    assert run.overtaken == 0 and len(run.cashed) == 8 and run.points == 9


def test_score_bad_input():
    for args, words in (
        (["score", A, Y, B, "--rules", "four"], "give 4 hands in that order, not 3"),
        (["score", A, Y, B, Z[:-3], "--rules", "four"], "dealer's hand must have exactly 8 cards, got 7"),
        (["score", A, Y, B, A, "--rules", "four"], "AS is in both"),
        (["score", A, Y, "--rules", "normand"], "give 3 hands in that order, not 2"),
        (["score", A, Y, B, Z, "--rules", "four", "--dealer-dealt", Z], "nobody exchanges under four"),
        (["declare", A, "--rules", "four", "--seat", "middle"], "no seat 'middle'"),
        (["discard", A, "--rules", "four", "--dealer"], "nobody exchanges under four"),
        (["discard", "AS KS QS JS 9S AH KH 8D 7D AC", "--rules", "normand", "--elder"], "only the dealer exchanges"),
        (["discard", "AS KS QS JS 9S AH KH 8D 7D", "--rules", "normand", "--dealer"], "exactly 10 cards, got 9"),
        (["declare", "AS KS QS JS 9S AH KH 8D 7D AC", "--rules", "normand", "--seat", "third"], "no seat 'third'"),
        (["declare", "AS KS QS JS 9S AH KH 8D 7D AC", "--rules", "normand", "--seat", "elder", "--discards", "AD QD"],
         "elder has no discards"),
        (["odds", "AH", "--elder", "--rules", "normand"], "are for two players"),
    ):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and r.stderr.count("\n") == 1 and words in r.stderr, (args, r.stderr)


def test_score_cli_table_and_json():
    r = runner.invoke(app, ["score", A, Y, B, Z, "--rules", "voleur", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["total"] == {"elder+third": 21, "second+dealer": 15}
    assert [c["winner"] for c in data["classes"][1:4]] == ["elder+third", "second+dealer", "elder+third"]
    r = runner.invoke(app, ["score", A, Y, B, Z, "--rules", "four"])
    assert r.exit_code == 0 and "elder+third" in r.stdout and "pique run" in r.stdout
    # Normand: the dealer's dealt hand for his carte blanche
    e, m, d = "AS KS QS JS 8S 7S AH KH AD 7D", "AC KC 9C 8C QH JH 9H KD QD 8D", "QC JC TC 7C TH 8H 7H JD TD 9D"
    r = runner.invoke(app, ["score", e, m, d, "--rules", "normand", "--json"])
    assert json.loads(r.stdout)["pique"]["elder"] is True
    r = runner.invoke(app, ["score", e, m, d, "--rules", "normand", "--json", "--dealer-dealt",
                            "QC JC TC 7C TH 8H 7H 9D TS 9S"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["score", e, m, d, "--rules", "normand", "--dealer-dealt", "QC JC TC 7C TH 8H 7H 9D TD 8D"])
    assert r.exit_code == 2 and "8D is in the dealer's dealt hand and in middle's final hand" in r.stderr
    r = runner.invoke(app, ["score", e, m, d, "--rules", "normand", "--dealer-dealt", "QC JC TC 7C TH 8H 7H 9D TS JD"])
    assert r.exit_code == 2 and "the dealer exchanges none or 2 cards under normand, not 1" in r.stderr


# --- the kernels against the plain scorer ----------------------------------------------------------------

def _kernel_scores(h, blanche):
    from piquet_calc.engine.declarations_normand import seating_params
    from piquet_calc.engine.rule_arrays import rule_arrays_for
    from piquet_calc.kernels import declarations_normand as kt
    from piquet_calc.kernels import layout

    t = rule_arrays_for(NORMAND)
    out = np.zeros((3, layout.SEAT_COLUMNS), dtype=np.int64)
    kt.score_deal_normand(*(mask_of(x) for x in h), *(int(b) for b in blanche), t.suit, t.run, seating_params(NORMAND),
                          out)
    columns = [getattr(layout, "SEAT_" + name) for name in ("BLANCHE", "POINT", "SEQUENCE", "SETS", "REPIQUE", "PIQUE")]
    return [[int(out[s, c]) for c in columns] for s in range(3)]


def _plain_scores(h, blanche):
    s = score_seating(h, NORMAND, blanche)
    return [[*(s.points(c)[p] for c in ("carte_blanche", "point", "sequence", "sets")), int(s.repique[p]),
             int(s.pique[p])] for p in range(3)]


# full: a minute of the plain scorer
@pytest.mark.parametrize("full", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_normand_kernel_scores_random_deals_like_the_plain_scorer(full):
    """10,000 deals (the default run: 3,000), a third of them leaning towards long suits so that repique and pique
    come up."""
    rng = random.Random(20261201)
    seen = {"repique": 0, "pique": 0, "tie": 0}
    for i in range(10_000 if full else 3_000):
        deck = list(DECK)
        rng.shuffle(deck)
        if i % 3 == 0:  # elder gets most of two suits
            deck.sort(key=lambda c: (c.suit not in (Suit(i % 4), Suit((i + 1) % 4))) + rng.random())
        h = [deck[0:10], deck[10:20], deck[20:30]]
        blanche = [is_carte_blanche(x, NORMAND) for x in h]
        if i % 7 == 0:
            blanche[2] = True  # the dealer's dealt hand, before his exchange
        want = _plain_scores(h, blanche)
        assert _kernel_scores(h, blanche) == want, h
        seen["repique"] += any(row[4] for row in want)
        seen["pique"] += want[0][5]
        seen["tie"] += sum(row[1] for row in want) == 0
    assert min(seen.values()) >= 20, seen


# --- the exact enumerations --------------------------------------------------------------------------------

DEALER = "AS KS QS JS 9S AH KH 8D 7D AC"


def _setup(text: str):
    from piquet_calc.engine.declarations_normand import seating_params
    from piquet_calc.engine.rule_arrays import rule_arrays_for

    cards = parse_cards(text)
    idx = sorted(c.index for c in cards)
    unseen = [i for i in range(32) if i not in idx]
    return idx, unseen, rule_arrays_for(NORMAND), seating_params(NORMAND)


def _mask(ix) -> int:
    return sum(1 << i for i in ix)


@pytest.mark.parametrize("talon", [("AD", "TS"), ("8S", "7S")])
def test_dealer_exchange_states_equal_scoring_every_deal(talon):
    """For one talon, the shared opponents' states (and the pique candidates scored apart) give exactly the
    counts of scoring every split against each of the 46 final hands one by one."""
    from piquet_calc.kernels import declarations_normand as kt
    from piquet_calc.kernels.layout import COUNT_COLUMNS_NORMAND, COUNT_NAMES_NORMAND

    idx, unseen, t, params = _setup(DEALER)
    tm = mask_of(parse_cards(" ".join(talon)))
    rest = np.array([c for c in unseen if not tm >> c & 1], dtype=np.int64)
    pairs = list(itertools.combinations(idx, 2))
    finals = np.array([_mask(idx)] + [_mask(idx) & ~_mask(p) | tm for p in pairs], dtype=np.int64)
    fast = np.zeros((len(finals), COUNT_COLUMNS_NORMAND), dtype=np.int64)
    tab = np.zeros((1 << kt.HASH_BITS, 2), dtype=np.int64)
    tab[:, 0] = -1
    kt.dealer_exchange(0, rest, finals, t.suit, t.run, params, fast, tab, np.zeros(kt.HASH_FULL, dtype=np.int64))
    assert (tab[:, 0] == -1).all() and (tab[:, 1] == 0).all()  # the table is left empty for the next talon
    for o, final in enumerate(finals):
        slow = np.zeros(COUNT_COLUMNS_NORMAND, dtype=np.int64)
        kt.count_seat(2, int(final), 0, rest, 20, 10, 0, 1, -1, t.suit, t.run, params, slow)
        np.testing.assert_array_equal(fast[o], slow, err_msg=str(o))
    pique = fast[:, COUNT_NAMES_NORMAND.index("pique_elder")]
    assert fast[:, 0].tolist() == [math.comb(20, 10)] * 46
    if talon == ("AD", "TS"):
        assert pique.max() > 0  # the candidates' path is exercised


def _check_sums(counts: dict[str, int]) -> None:
    for c in ("point", "sequence", "sets"):
        assert counts[f"{c}_win"] + counts[f"{c}_tie"] + counts[f"{c}_lose"] == counts["deals"]


def test_dealer_declaration_counts_symmetry_and_monte_carlo():
    """The dealer after an exchange: 184,756 splits; sums add up; elder and middle alike (but for pique);
    a seeded Monte Carlo of 3,000 deals from the plain scorer within 4 standard errors of every mean."""
    from piquet_calc.analysis.declarations_normand import analyse_declaration_normand

    hand, out = parse_cards("AS KS QS JS TS AH KH 8D 7D AC"), parse_cards("9S 8S")
    d = analyse_declaration_normand(hand, "dealer", NORMAND, out).result
    c = d.counts
    assert c["deals"] == math.comb(20, 10)
    _check_sums(c)
    for name in ("carte_blanche", "point", "sequence", "sets", "repique"):
        assert c[f"{name}_elder"] == c[f"{name}_middle"], name
    assert c["repique_dealer"] > 0 and c["pique_middle"] == c["pique_dealer"] == 0

    rng = random.Random(7)
    unseen = [x for x in DECK if x not in hand and x not in out]
    names = [n for n in c if n != "deals"]
    samples = {n: [] for n in names}
    for _ in range(3_000):
        rng.shuffle(unseen)
        h = [unseen[:10], unseen[10:20], list(hand)]
        s = score_seating(h, NORMAND, [is_carte_blanche(h[0], NORMAND), is_carte_blanche(h[1], NORMAND), False])
        row = _plain_row(s, h)
        for n in names:
            samples[n].append(row[n])
    for n in names:
        xs = np.array(samples[n], dtype=float)
        se = xs.std(ddof=1) / math.sqrt(len(xs))
        exact = c[n] / c["deals"]
        if se == 0:  # a rare column never drawn: X in [0, 10] has Var X <= 10 E[X]
            se = math.sqrt(10 * exact / len(xs))
        assert abs(xs.mean() - exact) <= 4 * se + 1e-12, (n, xs.mean(), exact, se)


def _plain_row(s, h) -> dict[str, int]:
    """One plain-scored deal in the analysis' count names, the dealer analysed."""
    from piquet_calc.game.declarations import Declaration
    from piquet_calc.game.seating import point_key

    row = {}
    decl = [Declaration.of(x, NORMAND) for x in h]
    for name, key in (("point", lambda d: point_key(d, NORMAND)), ("sequence", lambda d: d.sequence_key),
                      ("sets", lambda d: d.set_key)):
        keys = [key(d) for d in decl]
        best = max(keys)
        mine = keys[2]
        status = ("tie" if best == (0, -1) or (mine == best and keys.count(best) > 1)
                  else "win" if mine == best else "lose")
        for w in ("win", "tie", "lose"):
            row[f"{name}_{w}"] = int(w == status)
    for p, seat in enumerate(("elder", "middle", "dealer")):
        for name in ("carte_blanche", "point", "sequence", "sets"):
            row[f"{name}_{seat}"] = s.points(name)[p]
        row[f"repique_{seat}"] = int(s.repique[p])
        row[f"pique_{seat}"] = int(s.pique[p])
    return row


def test_permuting_suits_permutes_results():
    """Middle's declaration of a hand and of the same hand with its suits renamed: the same counts."""
    from piquet_calc.analysis.declarations_normand import analyse_declaration_normand

    text = "AS KS QS JS 9S AH KH 8D 7D AC"
    perm = str.maketrans("SHDC", "DCSH")
    r = analyse_declaration_normand(parse_cards(text), "dealer", NORMAND, parse_cards("TS 9H")).result
    p = analyse_declaration_normand(parse_cards(text.translate(perm)), "dealer", NORMAND,
                                    parse_cards("TS 9H".translate(perm))).result
    assert r.counts == p.counts and r.counts["deals"] == math.comb(20, 10)


@pytest.mark.slow
def test_dealer_exchange_whole_analysis():
    """Every talon: 231 x 184,756 deals per option; keep equals scoring every deal with the hand kept; elder
    and middle alike in every option; suits permuted, the same options' counts."""
    from piquet_calc.analysis.declarations_normand import analyse_exchange_normand
    from piquet_calc.engine.declarations_normand import seat_counts
    from piquet_calc.kernels.layout import COUNT_NAMES_NORMAND

    a = analyse_exchange_normand(parse_cards(DEALER), NORMAND)
    assert len(a.options) == 46 and all(o.deals == 231 * math.comb(20, 10) for o in a.options)
    for o in a.options:
        _check_sums(o.counts)
        for name in ("carte_blanche", "point", "sequence", "sets", "repique"):
            assert o.counts[f"{name}_elder"] == o.counts[f"{name}_middle"]
    keep = next(o for o in a.options if o.discard is None)
    idx, unseen, _, _ = _setup(DEALER)
    direct = seat_counts(2, idx, False, unseen, 2, -1, NORMAND)
    assert keep.counts == dict(zip(COUNT_NAMES_NORMAND, map(int, direct), strict=True))
    perm = str.maketrans("SHDC", "HSCD")
    b = analyse_exchange_normand(parse_cards(DEALER.translate(perm)), NORMAND)
    by = {None if o.discard is None else frozenset(str(c).translate(perm) for c in o.discard): o.counts
          for o in a.options}
    for o in b.options:
        assert by[None if o.discard is None else frozenset(str(c) for c in o.discard)] == o.counts


def test_presets_listed():
    assert {"normand", "four"} <= set(PRESETS)

"""Every preset of RULES.md: the sources' own examples, and for every rule field one hand where changing
only that field moves the exact analysis the way the rule says."""

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from piquet_calc.analysis import DiscardResult, analyse_declaration, analyse_discards
from piquet_calc.cards import Rank, parse_cards, parse_hand
from piquet_calc.cli import app
from piquet_calc.game.declarations import is_carte_blanche, run_points, score_deal
from piquet_calc.rules import (
    AU_CENT,
    ENCYCLOPEDIA,
    PRESETS,
    RUBICON,
    RUSSIAN,
    PlayPoints,
    RulesError,
    RuleSet,
    load_rules,
    rules_from_dict,
)

runner = CliRunner()

# 004's deal after the exchange: B is elder, A the dealer
B_ELDER = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"
A_DEALER = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"


def cli_json(*args):
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def classes(data):
    return {c["class"]: (c["elder"], c["dealer"]) for c in data["classes"]}


def held(hand: str, rules: RuleSet) -> DiscardResult:
    """Exact counts of a final elder hand against every dealer holding of the 20 unseen cards."""
    cards = parse_cards(hand)
    return analyse_declaration(cards, "elder", rules=rules, carte_blanche=is_carte_blanche(cards, rules)).result


# --- the sources' own examples -----------------------------------------------------------------------

def test_004_deal_under_encyclopedia_is_a_22_b_17():
    """004: "Перед розыгрышем у А — 22 очка, у Б — 17" (four sevens count; no carte rouge for either)."""
    d = cli_json("score", B_ELDER, A_DEALER, "--rules", "encyclopedia",
                 "--elder-dealt", "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C",
                 "--younger-dealt", "QS JS TS 9S 8S JH 9H KD QD AC JC TC")
    c = classes(d)
    assert c["point"] == (0, 6) and c["sequence"] == (0, 16) and c["sets"] == (17, 0)
    assert c["carte_rouge"] == (0, 0)
    assert d["total"] == {"elder": 17, "dealer": 22}


def test_004_play_narrative_leads_and_the_seventh_trick():
    """004's play: B leads six hearts and the ace of diamonds, "34 — Б, так как это уже седьмая взятка"
    (17 + 7 leads + 10), then leads the seven of diamonds to A's king: "35 — Б"."""
    b = parse_cards(B_ELDER)
    cashed = parse_cards("AH KH QH TH 8H 7H AD")
    left = [c for c in b if c not in cashed]
    assert 17 + run_points(cashed, left, ENCYCLOPEDIA) == 35
    # the model's run cashes the ace of spades too (above A's king): 8 leads, the seventh trick, one lead
    s = score_deal(b, parse_cards(A_DEALER), ENCYCLOPEDIA)
    assert len(s.run.cashed) == 8 and s.run.points == 8 + 10 + 1
    assert not s.elder_pique  # A has scored


@pytest.mark.parametrize("rules", ["rubicon", "au-cent"])
def test_002_examples_under_rubicon_and_au_cent(rules):
    """002's worked examples score the same under both: only the play differs, and their leads are tens
    and higher."""
    d = cli_json("score", "AH JH TH 9H 8H TC TD AS JS TS 9S 8S", "KH QH AC KC QC AD KD QD JD 7D KS QS",
                 "--rules", rules)
    assert d["total"] == {"elder": 0, "dealer": 95}  # "дилер заявляет репик, 95 очков"
    c = classes(cli_json("score", "AH KH QH JH AC KC QC AD KD QD 7D AS", "JC TC 9C 8C JD TD 9D KS QS JS TS 9S",
                         "--rules", rules))
    assert c["point"][1] + c["sequence"][1] == 27 and c["sets"] == (20, 0)
    c = classes(cli_json("score", "KH QH JH TH 9H AC KC QC AD QD 9D QS", "AS KS JS 9S 8S AH 7H JD TD 8D 7D JC",
                         "--rules", rules))
    assert c["point"] == (5, 0) and c["sequence"] == (18, 0) and c["sets"] == (14, 0)
    d = cli_json("score", "AH 9H AC KC QC JC KD QD JD TD 9D KS", "AS QS JS 9S KH QH JH 8H AD 8D TC 9C",
                 "--rules", rules)
    assert d["pique"]["elder"] and d["total"] == {"elder": 57, "dealer": 0}  # 27, then leads to 30


def test_russian_carte_blanche_counts_aces_as_courts():
    """003: carte blanche is "набор без фигур и туза"; rubicon (002) only needs no K, Q or J."""
    aces = "AS TS 9S 8S AH TH 9H AD TD 9D AC TC"
    assert held(aces, RUBICON).expected("carte_blanche_me") == 10
    assert held(aces, RUSSIAN).expected("carte_blanche_me") == 0
    assert held("TS 9S 8S 7S TH 9H 8H TD 9D 8D TC 9C", RUSSIAN).expected("carte_blanche_me") == 10


def test_russian_last_trick_counts_four_and_every_trick_one():
    """003: a point for every lead and every trick, "За последнюю взятку - четыре очка": 27 in a deal's
    play. Elder cashing all twelve makes 12 leads, 11 tricks and the last trick's 4."""
    hand = parse_cards("AS KS QS JS TS 9S 8S 7S AH KH QH JH")
    assert run_points(hand, [], RUSSIAN) == 27
    assert run_points(hand, [], RUBICON) == 13


# --- exchange limits -------------------------------------------------------------------------------------

def test_russian_elder_may_refuse_or_take_three_to_five():
    a = analyse_discards(parse_hand(B_ELDER), "elder", RUSSIAN.with_exchange(elder=(0,)))
    assert len(a.discards) == 1 and a.discards[0].discard == () and a.discards[0].deals == 125_970
    # refusing is keeping the dealt hand: the same counts as declaring it against every holding
    assert a.discards[0].counts == held(B_ELDER, RUSSIAN).counts
    assert RUSSIAN.elder_discards == (0, 3, 4, 5)


@pytest.mark.parametrize(("rules", "took", "sizes"), [
    (RUBICON, 5, (0, 1, 2, 3)),
    (AU_CENT, 5, (1, 2, 3)),  # "во Франции он должен взять по меньшей мере одну карту"
    (RUSSIAN, 5, (0, 3)),
    (RUSSIAN, 4, (0, 3, 4)),
    (RUSSIAN, 0, (0, 3)),  # elder refused: the dealer may use only his own three
    (ENCYCLOPEDIA, 2, (0, 1, 2, 3, 4, 5, 6)),
])
def test_dealer_exchange_limits(rules, took, sizes):
    assert rules.dealer_discards(took) == sizes


def test_younger_analysis_follows_the_dealer_limits():
    a = analyse_discards(parse_hand(A_DEALER), "younger", AU_CENT, elder_took=5)
    assert {len(d.discard) for d in a.discards} == {1, 2, 3} and len(a.discards) == 12 + 66 + 220
    a = analyse_discards(parse_hand(A_DEALER), "younger", RUSSIAN, elder_took=0)
    assert {len(d.discard) for d in a.discards} == {0, 3} and len(a.discards) == 1 + 220
    with pytest.raises(RulesError, match="elder may take 0, 3 to 5 cards under russian, not 2"):
        analyse_discards(parse_hand(A_DEALER), "younger", RUSSIAN, elder_took=2)


def test_dealer_discards_allowed_alone_removes_only_the_forbidden_sizes():
    """Rubicon with the French dealer rule (at least one card): the same counts, without keeping all."""
    free = analyse_discards(parse_hand(A_DEALER), "younger", RUBICON, elder_took=5)
    must = analyse_discards(parse_hand(A_DEALER), "younger",
                            RUBICON.with_exchange(dealer=AU_CENT.dealer_discards_allowed),
                            elder_took=5)
    kept = {d.discard: d.counts for d in free.discards}
    assert () in kept and len(must.discards) == len(free.discards) - 1
    assert all(d.counts == kept[d.discard] for d in must.discards)


# --- one hand per field: change only that field -------------------------------------------------------

def test_blanche_points_and_ranks():
    hand = "AS TS 9S 8S AH TH 9H AD TD 9D AC TC"
    assert held(hand, dataclasses.replace(RUBICON, blanche_points=20)).expected("carte_blanche_me") == 20
    with_aces = dataclasses.replace(RUBICON, blanche_ranks=RUSSIAN.blanche_ranks)
    assert held(hand, with_aces).expected("carte_blanche_me") == 0


def test_set_min_rank_and_set_points():
    nines = "9S 9H 9D 9C 8S 7S 8H 7H 8D 7D 8C JC"  # four nines, nothing else worth a set
    tens_up, nines_up = held(nines, RUBICON), held(nines, dataclasses.replace(RUBICON, set_min_rank=Rank.NINE))
    assert tens_up.counts["sets_win"] == 0 < nines_up.counts["sets_win"]
    assert nines_up.counts["sets_me"] == 14 * nines_up.counts["sets_win"]
    big = held(nines, dataclasses.replace(RUBICON, set_min_rank=Rank.NINE, quatorze_points=20))
    assert big.counts["sets_me"] == 20 * big.counts["sets_win"]
    assert big.counts["sets_win"] == nines_up.counts["sets_win"]
    trio = "AS AH AD 7S 8S 9S 7H 8H 9D 7D 8C 7C"
    base, more = held(trio, RUBICON), held(trio, dataclasses.replace(RUBICON, trio_points=5))
    assert base.counts["sets_me"] == 3 * base.counts["sets_win"]
    assert more.counts["sets_me"] == 5 * more.counts["sets_win"]


def test_carte_rouge_points():
    """A sixième to the ace in spades, four aces... every card in a scoring combination when the classes win."""
    hand = "AS KS QS JS TS 9S AH AD AC KH KD KC"
    off, on = held(hand, RUBICON), held(hand, dataclasses.replace(RUBICON, carte_rouge_points=20))
    assert off.counts["carte_rouge_me"] == 0 < on.counts["carte_rouge_me"]
    assert on.counts["carte_rouge_me"] % 20 == 0 and on.net > off.net
    assert held(hand, RUSSIAN).counts["carte_rouge_me"] > 0


def test_repique_bonus_and_threshold():
    hand = "AS KS QS JS TS 9S 8S 7S AH KH QH JH"  # 8 + 22 = 30 declared, before sets
    base = held(hand, RUBICON)
    assert base.counts["repique_me"] > 0
    bigger = held(hand, dataclasses.replace(RUBICON, repique_bonus=100))
    assert bigger.net - base.net == pytest.approx(40 * base.probability("repique_me"), abs=1e-12)
    higher = held(hand, dataclasses.replace(RUBICON, repique_threshold=31))
    assert higher.counts["repique_me"] < base.counts["repique_me"]


# The same hand with repique out of reach: it cashes all twelve against every holding, 30 declared,
# so its pique depends on every play field. Under rubicon the run makes 12 leads and the last trick: 13.
NO_REPIQUE = dataclasses.replace(RUBICON, repique_threshold=100, pique_threshold=44)
ALL_TWELVE = "AS KS QS JS TS 9S 8S 7S AH KH QH JH"


@pytest.mark.parametrize(("change", "more"), [
    ({"lead": 2, "last_lead": 2}, True),  # the last lead scores at least a lead (rules.check_rules)
    ({"last_lead": 2}, True),
    ({"win_own_lead": 1}, True),
    ({"last_trick": 2}, True),
    ({"seventh_trick": 1}, True),
    ({"win_opponent_lead": 5}, None),  # never part of elder's run: no change (RULES.md, The play)
])
def test_play_fields_move_pique(change, more):
    base = held(ALL_TWELVE, NO_REPIQUE)
    changed = held(ALL_TWELVE, dataclasses.replace(NO_REPIQUE, play=dataclasses.replace(NO_REPIQUE.play, **change)))
    assert base.counts["pique_me"] == 0  # 30 + 13 < 44
    if more is None:
        assert changed.counts == base.counts
    else:
        assert changed.counts["pique_me"] > 0
        # the dealer is at nothing on exactly these holdings: pique on all of them
        assert changed.counts["pique_me"] == held(ALL_TWELVE, dataclasses.replace(NO_REPIQUE, pique_threshold=43)
                                                  ).counts["pique_me"]


def test_scoring_rank_and_pique_threshold():
    at_43 = dataclasses.replace(NO_REPIQUE, pique_threshold=43)
    assert held(ALL_TWELVE, at_43).counts["pique_me"] > 0
    tens = dataclasses.replace(at_43, play=PlayPoints(scoring_rank=Rank.TEN))  # 9 of the 12 score: 10 points
    assert held(ALL_TWELVE, tens).counts["pique_me"] == 0
    assert held(ALL_TWELVE, dataclasses.replace(at_43, pique_threshold=40, play=tens.play)).counts["pique_me"] > 0


def test_pique_bonus():
    at_43 = dataclasses.replace(NO_REPIQUE, pique_threshold=43)
    base, bigger = held(ALL_TWELVE, at_43), held(ALL_TWELVE, dataclasses.replace(at_43, pique_bonus=50))
    assert bigger.net - base.net == pytest.approx(20 * base.probability("pique_me"), abs=1e-12)


# --- house rules and the rules command --------------------------------------------------------------

def test_house_rules_toml(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('base = "russian"\nrepique_bonus = 100\nblanche_ranks = ["K", "Q", "J"]\n'
                    '[play]\nscoring_rank = "10"\n')
    r = load_rules(path)
    assert r.name == "house" and r.repique_bonus == 100 and r.carte_rouge_points == 20
    assert r.blanche_ranks == RUBICON.blanche_ranks and r.play.scoring_rank == Rank.TEN and r.play.win_own_lead == 1
    d = cli_json("score", B_ELDER, A_DEALER, "--rules", str(path))
    assert d["rules"] == "house"


@pytest.mark.parametrize(("data", "message"), [
    ({"repiq_bonus": 1}, "unknown field 'repiq_bonus'"),
    ({"play": {"leed": 1}}, "unknown field 'play.leed'"),
    ({"base": "bezique"}, "base: one of"),
    ({"elder_discards": [1, 6]}, "exchange.elder: elder takes from his 5"),
    ({"dealer_discards_allowed": [4]}, "exchange.dealer: leaves the dealer no legal exchange"),
    ({"repique_bonus": -5}, "repique_bonus: must be a whole number"),
    ({"repique_bonus": "60"}, "repique_bonus: must be a whole number"),
    ({"set_min_rank": "X"}, "set_min_rank: not a rank"),
    ({"blanche_ranks": []}, "blanche_ranks: must be a non-empty list"),
    ({"quatorze_points": 30}, "quatorze_points/trio_points"),
    ({"pique_threshold": 0}, "pique_threshold: 1 to 255"),
    ({"play": {"last_lead": 0}}, "play.last_lead: at least play.lead"),
])
def test_house_rules_errors_name_the_field(data, message):
    with pytest.raises(RulesError, match=message.replace("(", r"\(")):
        rules_from_dict(data, where="house.toml")


def test_bad_rules_file_is_one_line_on_the_cli(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("lead = 2\n")
    r = runner.invoke(app, ["score", B_ELDER, A_DEALER, "--rules", str(path)])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "unknown field 'lead'" in r.stderr
    r = runner.invoke(app, ["rules", str(tmp_path / "missing.toml")])
    assert r.exit_code == 2 and "cannot read rules file" in r.stderr


def test_rules_command_lists_every_preset():
    r = runner.invoke(app, ["rules"])
    assert r.exit_code == 0, r.output
    header = r.stdout.splitlines()[0].split()
    assert header == ["setting", *PRESETS]
    assert "carte_rouge_points" in r.stdout and "play.seventh_trick" in r.stdout
    one = cli_json("rules", "encyclopedia")["rules"]["encyclopedia"]
    assert one == ENCYCLOPEDIA.settings()
    assert one["set_min_rank"] == "7" and one["play"]["last_lead"] == 2 and one["repique_bonus"] == 100
    assert set(cli_json("rules")["rules"]) == set(PRESETS)


def test_every_command_takes_rules():
    for cmd in ("discard", "declare", "score", "odds", "rules"):
        r = runner.invoke(app, [cmd, "--help"])
        assert r.exit_code == 0 and ("--rules" in r.stdout or cmd == "rules"), cmd
    r = runner.invoke(app, ["odds", "AH KH", "--elder", "--take", "2", "--rules", "russian"])
    assert r.exit_code == 2 and "elder may take 3 to 5 cards under russian, not 2" in r.stderr
    assert runner.invoke(app, ["odds", "AH KH", "--younger", "--take", "1", "--rules", "au-cent"]).exit_code == 0
    r = runner.invoke(app, ["discard", A_DEALER, "--younger", "--elder-took", "2", "--rules", "russian"])
    assert r.exit_code == 2 and "--elder-took must be 0, 3 to 5 under russian, not 2" in r.stderr


def test_presets_pass_their_own_checks():
    from piquet_calc.rules import check_rules

    for rules in PRESETS.values():
        check_rules(rules, rules.name)

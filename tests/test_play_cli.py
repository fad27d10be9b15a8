"""`piquet-calc play` through typer's CliRunner: the table, the JSON schema, and bad input in one line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from piquet_calc.cli import app
from piquet_calc.rules import PRESETS, RulesError, rules_from_dict
from piquet_calc.schemas import validator

runner = CliRunner()
B_ELDER = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"
A_DEALER = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
TRICKS_004 = "AH TC, KH JC, QH 8D, TH 8S, 8H 9S, 7H TS, AD QD, 7D KD, KS 7S, QS AS, 7C AC, JS KC"


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_play_has_help():
    r = invoke("play", "--help")
    assert r.exit_code == 0, r.output
    assert "best play of the deal" in r.output and "--tricks" in r.output


def test_recorded_play_of_004_as_json():
    r = invoke("play", B_ELDER, A_DEALER, "--rules", "encyclopedia", "--tricks", TRICKS_004, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data) >= {"elder", "dealer", "rules", "tricks", "declarations", "before_play", "line", "total"}
    assert data["declarations"]["total"] == {"elder": 17, "dealer": 22}
    assert [t["totals"]["elder"] for t in data["line"]] == [18, 19, 20, 21, 22, 23, 34, 35, 35, 35, 36, 36]
    assert [t["totals"]["dealer"] for t in data["line"]] == [22, 22, 22, 22, 22, 22, 22, 22, 23, 24, 24, 26]
    assert data["line"][8] == {**data["line"][8], "leader": "dealer", "elder": "7S", "dealer": "KS"}
    assert data["total"] == {"elder": 136, "dealer": 26} and data["deal_bonus"] == {"elder": 100, "dealer": 0}
    assert all(t["recorded"] for t in data["line"]) and data["value"] is None


def test_best_play_from_a_recorded_start_lists_equally_good_cards():
    r = invoke("play", B_ELDER, A_DEALER, "--rules", "encyclopedia", "--tricks", "AH TC, KH JC, QH 8D")
    assert r.exit_code == 0, r.output
    assert "tricks 1 to 3 as recorded, then both play perfectly" in r.stdout
    assert "any of" in r.stdout
    lines = r.stdout.splitlines()
    # the totals, then every lead of the player to move after the recorded tricks valued (issue 35)
    assert any(line.startswith("total: elder") for line in lines)
    assert "Every card elder may play to trick 4, valued with best play after it:" in lines


def test_equally_good_cards_are_exactly_the_cards_a_plain_search_finds_as_good():
    # 004's play to trick 8, then the solver: at each later trick the cards listed as equally good are
    # those whose value, by the plain alpha-beta of tests/naive.py (coded apart from the kernel), equals
    # the best; and the line's totals are game.play's replay of it
    from piquet_calc.cards import parse_cards as cards
    from piquet_calc.game.play import finish, legal_cards, play_trick, start
    from piquet_calc.rules import ENCYCLOPEDIA

    from .naive import play_value

    recorded = ", ".join(TRICKS_004.split(", ")[:8])
    data = json.loads(invoke("play", B_ELDER, A_DEALER, "--rules", "encyclopedia", "--tricks", recorded,
                             "--json").stdout)
    before = data["before_play"]
    s = start(cards(B_ELDER), cards(A_DEALER), ENCYCLOPEDIA, before["elder"], before["dealer"], before["pique_live"])
    for t in data["line"]:
        lead_seat = 0 if t["leader"] == "elder" else 1
        seats = ("elder", "dealer")
        lead, reply = cards(t[seats[lead_seat]])[0], cards(t[seats[1 - lead_seat]])[0]
        if not t["recorded"]:
            sign = 1 if lead_seat == 0 else -1

            def value(after):
                return play_value(after, ENCYCLOPEDIA)  # elder's final total minus the dealer's

            def lead_value(c, s0=s, sign=sign, lead_seat=lead_seat):
                return sign * min(sign * value(play_trick(s0, c, r, ENCYCLOPEDIA))
                                  for r in legal_cards(s0.hands[1 - lead_seat], c))

            leads = {c: lead_value(c) for c in legal_cards(s.hands[lead_seat], None)}
            best = max(sign * v for v in leads.values())
            assert {str(c) for c, v in leads.items() if sign * v == best} == set(t["equally_good"][seats[lead_seat]])
            replies = {r: value(play_trick(s, lead, r, ENCYCLOPEDIA))
                       for r in legal_cards(s.hands[1 - lead_seat], lead)}
            good = {str(r) for r, v in replies.items() if v == leads[lead]}
            assert good == set(t["equally_good"][seats[1 - lead_seat]])
        s = play_trick(s, lead, reply, ENCYCLOPEDIA)
        assert (s.totals[0], s.totals[1]) == (t["totals"]["elder"], t["totals"]["dealer"])
    end = finish(s, ENCYCLOPEDIA)
    assert data["total"] == {"elder": end.totals[0], "dealer": end.totals[1]}


def test_hoyle_deal_table():
    r = invoke("play", "AS KS QS AH KH QH AD KD QD AC KC QC", "JS TS 8S JH TH 9H JD TD 9D JC TC 9C")
    assert r.exit_code == 0, r.output
    assert "capot: elder wins all 12 tricks, 40 in place of the cards" in r.stdout
    lines = r.stdout.splitlines()
    assert lines[-4] == "total: elder 170, dealer 0: elder by 170"
    assert lines[-1] == "  +170 (from here +53): AS KS QS AH KH QH AD KD QD AC KC QC"  # every lead as good (issue 35)


def test_json_line_and_total_from_a_solve():
    r = invoke("play", B_ELDER, A_DEALER, "--json", "--rules", "russian")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert len(data["line"]) == 12
    for t in data["line"]:
        assert set(t) == {"trick", "leader", "elder", "dealer", "winner", "recorded", "totals", "equally_good",
                          "pique"}
        assert t["elder"] in t["equally_good"]["elder"] and t["dealer"] in t["equally_good"]["dealer"]
    assert data["difference"] == data["value"] == data["total"]["elder"] - data["total"]["dealer"]
    # the value against the plain alpha-beta of tests/naive.py from the same start, and the line's totals
    # against game.play's replay of it (the cards, capot and bonus by game.play.finish)
    from piquet_calc.cards import parse_cards as cards
    from piquet_calc.game.play import finish, play_trick, start
    from piquet_calc.rules import RUSSIAN

    from .naive import play_value

    before = data["before_play"]
    s = start(cards(B_ELDER), cards(A_DEALER), RUSSIAN, before["elder"], before["dealer"], before["pique_live"])
    assert data["value"] == play_value(s, RUSSIAN)  # elder's final total minus the dealer's
    for t in data["line"]:
        lead, reply = (t["elder"], t["dealer"]) if t["leader"] == "elder" else (t["dealer"], t["elder"])
        s = play_trick(s, cards(lead)[0], cards(reply)[0], RUSSIAN)
        assert (s.totals[0], s.totals[1]) == (t["totals"]["elder"], t["totals"]["dealer"])
    end = finish(s, RUSSIAN)
    assert data["total"] == {"elder": end.totals[0], "dealer": end.totals[1]}
    assert data["cards"] == {"elder": end.cards[0], "dealer": end.cards[1]}


@pytest.mark.parametrize("tricks, message", [
    ("AH TC, KS JC", "--tricks: trick 2: elder leads, and KS is not in elder's hand (it is dealer's card)"),
    ("AH TC, KH 9H", "--tricks: trick 2: 9H is not in dealer's hand"),
    ("AS KD", "--tricks: trick 1: dealer must follow suit to AS, not play KD"),
    ("AH TC, KH JC, QH 8D, TH 8S, 8H 9S, 7H TS, AD QD, 7D KD, 7S KS",
     "--tricks: trick 9: dealer leads, and 7S is not in dealer's hand (it is elder's card)"),
    ("AH, KH TC", "--tricks: trick 1: expected two cards, the leader's then the follower's, not 'AH'"),
    (TRICKS_004 + ", AH TC", "--tricks: 13 tricks given, a deal has 12"),
    ("AH TC, KH XX", "--tricks: trick 2: unknown card 'XX'"),
])
def test_illegal_tricks_are_one_line_naming_the_trick(tricks, message):
    r = invoke("play", B_ELDER, A_DEALER, "--tricks", tricks)
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"piquet-calc: error: {message}"), r.output


@pytest.mark.parametrize("elder, dealer, message", [
    (B_ELDER, B_ELDER, "7S is in both hands"),
    (B_ELDER, "KS QS JS", "the dealer's hand must have exactly 12 cards, got 3"),
    ("AS AS", A_DEALER, "duplicate card AS"),
])
def test_bad_hands_are_one_line(elder, dealer, message):
    r = invoke("play", elder, dealer)
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], r.output


def test_rules_show_the_play_settings():
    r = invoke("rules", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)["rules"]
    assert data["russian"]["play"]["capot_replaces_last_trick"] is True
    assert data["rubicon"]["play"]["capot_replaces_last_trick"] is False
    assert data["encyclopedia"]["play"]["deal_bonus"] == 100 and data["encyclopedia"]["play"]["capot"] == 0
    table = invoke("rules").stdout
    assert "play.capot" in table and "play.deal_bonus" in table and "play.cards" in table


def test_house_rules_set_the_play():
    rules = rules_from_dict({"base": "rubicon", "play": {"capot": 80, "capot_replaces_last_trick": True,
                                                         "deal_bonus": 50}})
    assert (rules.play.capot, rules.play.capot_replaces_last_trick, rules.play.deal_bonus) == (80, True, 50)
    assert rules.play.cards == PRESETS["rubicon"].play.cards
    with pytest.raises(RulesError, match="play.capot_replaces_cards: must be true or false"):
        rules_from_dict({"play": {"capot_replaces_cards": 1}})
    with pytest.raises(RulesError, match="play.capot: 0 to 255, not 1000"):
        rules_from_dict({"play": {"capot": 1000}})


def test_an_incomplete_last_trick_values_the_followers_cards():
    """``--tricks "AH TC, KH"``: the dealer's replies to KH valued, as the play of three and four do."""
    r = invoke("play", B_ELDER, A_DEALER, "--tricks", "AH TC, KH", "--json", "-q")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    validator("play").validate(data)
    assert data["tricks"] == [["AH", "TC"], ["KH"]]
    assert sorted(c["card"] for c in data["choices"]) == sorted(set(A_DEALER.split()) - {"TC"})  # no heart
    t = data["line"][1]
    assert (t["leader"], t["elder"], t["recorded"]) == ("elder", "KH", False)
    assert data["value"] == min(c["value"] for c in data["choices"]) == data["difference"]
    assert data["choices"][0]["card"] == t["dealer"]  # ranked best first for the dealer: the line's reply
    table = invoke("play", B_ELDER, A_DEALER, "--tricks", "AH TC, KH", "-q").stdout
    assert "lead recorded" in table and "Every card dealer may play to trick 2" in table

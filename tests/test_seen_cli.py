"""`piquet-calc play --seat` through typer's CliRunner: the table, the JSON schema, and bad input in one line."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from piquet_calc.cli import app

runner = CliRunner()
ELDER = "AS KS QS JS TS AH KH QH AD KD 7C 8C"
ELDER_DISCARDS = "7S 8S 7H 9C 7D"


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_play_seat_json_echoes_the_inputs_and_values_every_card():
    r = invoke("play", "--seat", "elder", ELDER, "--discards", ELDER_DISCARDS, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["schema_version"] == 1
    assert data["inputs"] == {"seat": "elder", "hand": ELDER, "discards": ELDER_DISCARDS, "heard": "", "tricks": "",
                              "rules": "rubicon", "other_took": None, "seen": "", "carte_blanche": False}
    assert data["to_move"] == "lead" and data["trick"] == 1
    assert data["opponent_hands"]["counted"] == 455  # C(15, 12): every hand of the unseen cards
    cards = data["choices"]
    assert sorted(c["card"] for c in cards) == sorted(ELDER.split())
    assert [c["expected"] for c in cards] == sorted((c["expected"] for c in cards), reverse=True)
    assert all(c["hands"] == 455 and 0 <= c["dd_best_share"] <= 1 and 0 <= c["cards_chance"] <= 1 for c in cards)
    assert max(c["dd_best_share"] for c in cards) > 0


def test_play_seat_follows_a_card_led_as_a_table():
    r = invoke("play", "--seat", "dealer", "AS KS 9S 8S AH 7H TD 9D 8D AC KC 7C", "--discards", "7S QH JH",
               "--tricks", "JC 7C, QC", "--rules", "encyclopedia")
    assert r.exit_code == 0, r.output
    assert "to play to QC in trick 2" in r.output and "double-dummy" in r.output
    rows = [line.split()[0] for line in r.output.splitlines() if line[:2] in ("KC", "AC")]
    assert sorted(rows) == ["AC", "KC"]  # he must follow suit


def test_play_seat_bad_input_is_one_line():
    cases = [
        (("play", "--seat", "elder", ELDER, ELDER), "only your own hand"),
        (("play", "--seat", "north", ELDER), "--seat must be elder or dealer"),
        (("play", "--seat", "elder", ELDER), "elder may exchange 1 to 5 cards under rubicon, not 0"),
        (("play", "--seat", "elder", ELDER, "--discards", ELDER_DISCARDS, "--heard", "point good"),
         "the dealer's answer to your sequence is missing"),
        (("play", "--seat", "elder", ELDER, "--discards", ELDER_DISCARDS, "--tricks", "AS 9S, KS"),
         "dealer's turn"),
        (("play", "--seat", "elder", ELDER, "--discards", "AS"), "in your hand"),
        (("play", ELDER), "give both hands"),
    ]
    for args, words in cases:
        r = invoke(*args)
        assert r.exit_code == 2, (args, r.output)
        assert words in r.output and len(r.output.strip().splitlines()) == 1, (args, r.output)


def test_play_seat_with_what_was_heard_counts_the_hands_the_announcements_leave():
    # the example: elder's point, quint and three aces answered good, the dealer announcing nothing:
    # seat.hands leaves 225 of the C(15, 12) = 455 hands of the unseen cards (tests/test_knowledge.py
    # checks that count against a brute force that replays the dialogue with every hand)
    from piquet_calc.cards import parse_cards
    from piquet_calc.rules import RUBICON
    from piquet_calc.seat.hands import consistent_hands
    from piquet_calc.seat.knowledge import knowledge_from_heard

    heard = "point good, sequence good, sets good"
    r = invoke("play", "--seat", "elder", ELDER, "--discards", ELDER_DISCARDS, "--heard", heard, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    k = knowledge_from_heard("elder", parse_cards(ELDER), parse_cards(ELDER_DISCARDS), heard, RUBICON)
    assert data["opponent_hands"]["counted"] == len(consistent_hands(k)) == 225

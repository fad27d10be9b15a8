"""`piquet-calc play HAND --rules four|normand --seat SEAT` through typer's CliRunner: the table, the JSON, and
bad input in one line, exit 2 (issue 51, items 1 and 4). The deals: four's dealt by seed 5 (elder JS 9S JH 9H 9D JC
TC 7C, second below, third AS QS TS 8S 7S KH AC QC, the dealer TH AD KD JD 7D KC 9C 8C); Normand's likewise (elder
JS 9S JH 9H 8H QD 9D JC TC 7C, middle below, the dealer AS 7S KH TH KD JD AC KC 9C 8C, the talon 7D AD)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from piquet_calc.cli import app

runner = CliRunner()
SECOND = "KS AH QH 8H 7H QD TD 8D"
HEARD_FOUR = "third point 5 46 in spades; no sequence; elder three jacks without the diamond"
MIDDLE = "KS QS TS 8S AH QH 7H TD 8D QC"
HEARD_NORMAND = "middle and dealer equal point 4 38; no sequence; dealer three kings without the spade"
ENDING = "9H QH TH, QC AC 7C, 8C TC 7H, JS QS 7S, 8D KD QD, JD 9D TD, KH 8H AH"  # middle leads to trick 8


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_four_from_second_seat_follows_the_lead():
    r = invoke("play", SECOND, "--rules", "four", "--seat", "second", "--heard", HEARD_FOUR, "--tricks", "JC",
               "--samples", "6", "--seed", "1", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["seat"] == "second" and data["to_move"] == "follow" and data["led"] == "JC"
    assert data["inputs"]["samples"] == 6 and data["layouts"]["solved"] == 6 and not data["layouts"]["exact"]
    assert sorted(c["card"] for c in data["choices"]) == sorted(SECOND.split())  # void in clubs: any card
    assert data["totals"] == {"elder+third": 9, "second+dealer": 0}  # 5 (third's point) + 3 (elder's jacks) + the lead
    assert [c["mean"] for c in data["choices"]] == sorted((c["mean"] for c in data["choices"]), reverse=True)


def test_normand_ending_is_exact_as_a_table():
    r = invoke("play", MIDDLE, "--rules", "normand", "--seat", "middle", "--heard", HEARD_NORMAND, "--tricks", ENDING)
    assert r.exit_code == 0, r.output
    assert "to lead to trick 8" in r.output and "every one solved (exact)" in r.output


def test_bad_input_is_one_line():
    four = ("play", SECOND, "--rules", "four", "--heard", HEARD_FOUR)
    normand = ("play", MIDDLE, "--rules", "normand", "--heard", HEARD_NORMAND)
    cases = [
        ((*four, "--seat", "middle"), "--seat must be one of elder, second, third, dealer under four"),
        ((*normand, "--seat", "second"), "--seat must be one of elder, middle, dealer under normand"),
        (("play", SECOND, "--rules", "four", "--seat", "second"), "--heard: say what the table announced"),
        ((*four, "--seat", "second", "--tricks", "KS"), "KS is in your hand, so elder cannot have played it"),
        ((*four, "--seat", "second", "--tricks", "JC KS TC 8C, JC"), "JC was played already"),
        (("play", "KS KS QH 8H 7H QD TD 8D", "--rules", "four", "--seat", "second", "--heard", HEARD_FOUR),
         "your hand"),
        ((*four, "--seat", "second", "--tricks", "9D 8D JS"), "third played JS, which elder showed"),
        ((*four, "--seat", "second", "--tricks", "9D 8D 7S 7D, JS KS 9H"),
         "trick 2: third plays 9H, which no layout"),  # his point is five spades: four are left to follow with
        ((*four, "--seat", "second", "--tricks", "JC KS"), "it is third's turn to play, not second's"),
        (("play", SECOND, "--rules", "four", "--seat", "second", "--heard", "second point 5 46 in spades; no sequence;"
          " elder three jacks without the diamond"), "you do not hold the best point"),
        (("play", SECOND, "--rules", "four", "--seat", "second", "--heard", "third point 5 46 in spades"),
         "say once who scored the sequence"),
        ((*normand, "--seat", "middle", "--discards", "7D AD"), "only Normand's dealer exchanges"),
        ((*normand, "--seat", "middle", "--other-took", "1"), "none or both talon cards"),
        ((*normand, "--seat", "middle", "--samples", "0"), "--samples must be 1 to 100,000"),
        (("play", MIDDLE, "--rules", "normand", "--samples", "3", "--tricks", "JS"), "--samples: for --seat"),
    ]
    for args, words in cases:
        r = invoke(*args)
        assert r.exit_code == 2, (args, r.output)
        assert words in r.output and len(r.output.strip().splitlines()) == 1, (args, r.output)

"""Bad input to `partie` and to `discard --play --score/--deal` (issue 30, classes 1, 2, 3 and 7; issue 29,
items 6 and 7): one line ``piquet-calc: error: ...`` on stderr, exit 2, nothing on stdout, never a traceback,
and the refusal before the long work (the whole-deal analysis is replaced by one that fails the test)."""

from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from piquet_calc.cli import app
from piquet_calc.game.partie_limits import deal_ceiling, most_before
from piquet_calc.rules import get_rules

runner = CliRunner()
HAND = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"
RECORD = (Path(__file__).parent / "data" / "play_au_cent_repique.json").read_text()  # `play --json`'s output
ASCII = set("0123456789")
# digits str.isdigit() takes and int() may not: superscripts, other scripts' digits, fullwidth
OTHER_DIGITS = st.characters(categories=["Nd", "No"]).filter(lambda c: c not in ASCII and c.isdigit())


@contextmanager
def no_long_work():
    """The whole-deal analysis fails the test if it starts: a refusal must come before it."""
    import piquet_calc.analysis.deal as deal

    def started(*args, **kwargs):
        raise AssertionError("the analysis started before the refusal")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(deal, "analyse_deal", started)
        yield


def refused(args: list[str], *fragments: str, input: str | None = None) -> str:
    with no_long_work():
        r = runner.invoke(app, args, input=input)
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert r.stdout == "", r.stdout
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("piquet-calc: error: "), r.stderr
    assert "Traceback" not in r.stderr
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


def score(text: str, deal: str = "3", rules: str = "rubicon", *more: str) -> list[str]:
    return ["discard", HAND, "--elder", "--play", "--rules", rules, "--score", text, "--deal", deal, *more]


# --- class 1: numbers that pass str.isdigit() but are not ASCII digits, or too long -------------------------

@settings(max_examples=40, deadline=None)
@given(st.text(OTHER_DIGITS, min_size=1, max_size=5))
def test_other_digits_in_partie_totals_and_steps(digits: str) -> None:
    assert digits.isdigit()
    refused(["partie", f"{digits} 3"], "a total must be a whole number written in the digits 0-9")
    refused(["partie", f"1:{digits}"], "a step's points")
    refused(["partie", f"{digits}:5"], "a step's player")
    refused(score(f"{digits} 3"), "--score's first total", "digits 0-9")


@pytest.mark.parametrize("args", [["partie", "9" * 5000 + " 3"], ["partie", "1:" + "9" * 5000],
                                  ["partie", "9" * 5000 + ":1"]])
def test_more_than_int_reads(args: list[str]) -> None:
    refused(args, "must be from")


def test_score_of_more_than_int_reads() -> None:
    refused(score("3 " + "9" * 5000), "--score's second total", "must be from 0 to 454")


# --- class 3: --score and --deal against the preset's partie, before any work --------------------------------

@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["rubicon", "english", "encyclopedia", "au-cent"]), st.integers(1, 6),
       st.integers(1, 10**30))
def test_scores_no_partie_reaches(rules: str, deal: int, over: int) -> None:
    name_deals = {"encyclopedia": 4}.get(rules, 6)
    deal = min(deal, name_deals)
    most = most_before(get_rules(rules), deal)
    if rules in ("rubicon", "english"):
        most = min(most, 639)  # the partie value table's grid
    refused(score(f"{most + over} 0", str(deal), rules), "--score's first total", f"from 0 to {most:,}")
    refused(score(f"0 {most + over}", str(deal), rules), "--score's second total")


def test_the_examples_of_the_issues() -> None:
    refused(score("100000 0"), "must be from 0 to 454, not 100000")
    refused(score("0 0", str(10**40)), "no deal")
    refused(score("10 5", "1"), "no deal has been played")
    refused(score("130 120", "7"), "a seventh deal only when the totals are equal after six")
    refused(score("130 130", "9"), "rubicon's partie has 6 deals and two more when equal after six")
    refused(score("130 130", "7", "english"), "english's partie has 6 deals: no deal 7")
    refused(score("50 60", "5", "encyclopedia"), "no deal 5")
    refused(score("99 100", "8", "au-cent"), "over when a player has 100")
    refused(score("0 0", "200", "au-cent"), "no deal 200")


@pytest.mark.parametrize("rules", ["normand", "four"])
@pytest.mark.parametrize("given_", [["--score", "10 20"], ["--deal", "3"], ["--score", "10 20", "--deal", "3"]])
def test_no_two_handed_partie_refuses_score_and_deal(rules: str, given_: list[str]) -> None:
    hand = "AS AH KH QH TH 8H 7H AD TD 9D" if rules == "normand" else "AS AH KH QH TH 8H 7H AD"
    refused(["discard", hand, "--dealer", "--rules", rules, *given_], "the score-aware advice is for two players",
            f"{rules} is for")


def test_the_extra_deals_are_accepted_where_partie_plays_them() -> None:
    from piquet_calc.analysis.partie_score import partie_state

    rubicon = get_rules("rubicon")
    assert partie_state("130 130", 7, "rubicon", True, True, rubicon).deal == 7
    assert partie_state("150 130", 8, "rubicon", True, False, rubicon).score == (150, 130)  # player 1 deals the 8th
    assert deal_ceiling(rubicon) == 227  # the bound each earlier deal adds


# --- class 2: `partie` reading play records ------------------------------------------------------------------

def test_the_record_itself_is_read() -> None:
    r = runner.invoke(app, ["partie", "--rules", "au-cent", "--json"], input=RECORD)
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["deals"][0]["scores"] == [5, 114]


BAD_NUMBERS = ["1e999", "-1e999", "Infinity", "NaN", "5.5", "5.0", "true", "false", "null", '"5"', "-1", "[5]",
               "1" + "0" * 5000, "100000"]
FIELDS = ['"total": {"elder": 5', '"before_play": {"elder": 0', '"totals": {"elder": 1']


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(FIELDS), st.sampled_from(BAD_NUMBERS))
def test_records_with_numbers_play_never_writes(field: str, bad: str) -> None:
    head = field.rsplit(" ", 1)[0]
    assert field in RECORD
    refused(["partie", "--rules", "au-cent"], "deal 1: ", input=RECORD.replace(field, f"{head} {bad}", 1))


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": ' * 100_000, '{"tricks": ' + "[" * 3000 + "]" * 3000 + "}",
                                  '{"total": {"elder": 5, "dealer": 3}}', "{}", '{"rules": "au-cent"} {'])
def test_other_json(text: str) -> None:
    refused(["partie", "--rules", "au-cent"], "deal 1", input=text)


# --- class 7: a house file's partie is its base preset's, whatever its free text says ------------------------

@pytest.mark.parametrize("free_text", ['name = "normand"', 'source = "mine, based on normand"',
                                       'name = "normand"\nsource = "based on au-cent"'])
def test_house_file_free_text_does_not_choose_the_partie(tmp_path: Path, free_text: str) -> None:
    house = tmp_path / "house.toml"
    house.write_text(f'base = "rubicon"\n{free_text}\n')
    six = ["20 15", "20 15", "20 15", "20 15", "20 15", "13 5"]  # 002's 113 to 80: 293, rubiconed
    r = runner.invoke(app, ["partie", "--rules", str(house), *six, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert (data["rules"], data["players"], data["value"], data["rubicon"]) == ("rubicon", 2, 293, True)
    refused(["partie", "--rules", str(house), "100 20 10"], "3 totals given, but 2 players")

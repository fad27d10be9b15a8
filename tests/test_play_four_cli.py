"""`piquet-calc play --rules four`: the command end to end, its JSON under its schema, two golden outputs.

The golden values are regression pins: copied from the tool's own output (a run of the plain solver, the
same as the kernels': tests/test_play_four.py) once checked by hand where noted; the real checks of the
numbers are tests/test_play_four.py's.
"""

from __future__ import annotations

import hashlib
import json

from typer.testing import CliRunner

from piquet_calc import schemas
from piquet_calc.cli.app import app

runner = CliRunner()
DEAL_A = ["AS KS 9S AH 7H KD 8D 7C", "QS 8S KH 9H AD TD AC 9C", "JS 7S QH TH QD JD KC 8C", "TS JH 8H 9D 7D QC JC TC"]
DEAL_B = ["AS KS QS JS AH AD AC 7S", "9H 8H 7H KH QH JH TH 9S", "TS KD QD JD TD 9D 8D 7D", "KC QC JC TC 9C 8C 7C 8S"]


def run(*args: str) -> dict:
    r = runner.invoke(app, ["play", *args, "--rules", "four", "--json", "-q"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    errors = list(schemas.validator("play-four").iter_errors(data))
    assert not errors, errors[0].message
    assert not list(schemas.validator("score-table").iter_errors(data["declarations"]))
    return data


def digest(data: dict) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def test_golden_deal_a() -> None:
    """Regression pin (the tool's own output): deal A solved from the first lead. By hand: second+dealer's
    tierce to the queen (3) is the only declaration; the line's totals step by one point a lead and a trick
    taken from the other side; elder+third take 6 tricks (the cards, 10) and the last (1)."""
    data = run(*DEAL_A)
    assert data["before_play"] == {"elder+third": 0, "second+dealer": 3, "pique_live": False}
    assert data["total"] == {"elder+third": 19, "second+dealer": 7} and data["value"] == 12
    assert data["tricks_won"] == {"elder+third": 6, "second+dealer": 2}
    assert data["cards"] == {"elder+third": 10, "second+dealer": 0}
    assert [(c["rank"], c["card"], c["value"]) for c in data["choices"]] == [
        (1, "AS", 12), (2, "KS", 12), (3, "KD", 12), (4, "7C", 12), (5, "9S", 10), (6, "AH", 10), (7, "7H", 10),
        (8, "8D", 10)]  # elder's: the best first, equal values in display order
    assert max(c["value"] for c in data["choices"]) == data["value"]
    assert digest(data) == GOLDEN_A


def test_golden_deal_b_from_a_position() -> None:
    """Regression pin (the tool's own output): deal B after one trick and a half (the second trick incomplete:
    the seat to move is third, and every card he may play is valued)."""
    data = run(*DEAL_B, "--tricks", "AS 9S TS 8S, AH 7H")
    assert data["to_move"] == {"seat": "third", "trick": 2}
    assert data["line"][1]["recorded"] == {"elder": True, "second": True, "third": False, "dealer": False}
    assert {c["card"] for c in data["choices"]} == {"KD", "QD", "JD", "TD", "9D", "8D", "7D"}
    assert digest(data) == GOLDEN_B


def test_table_shows_the_choices_under_the_line() -> None:
    r = runner.invoke(app, ["play", *DEAL_A, "--rules", "four", "-q"])
    assert r.exit_code == 0, r.output
    assert "Every card elder may play to trick 1" in r.output and "total: elder+third 19, second+dealer 7" in r.output


def test_two_handed_play_json_has_choices() -> None:
    """The two-handed play's JSON values every lead of the player to move; the best equals the value."""
    r = runner.invoke(app, ["play", "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "KS QS JS TS 9S 8S KD QD 8D AC JC TC",
                            "--tricks", "AH TC", "--json", "-q"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert not list(schemas.validator("play").iter_errors(data))
    assert len(data["choices"]) == 11 and max(c["value"] for c in data["choices"]) == data["value"]
    assert all(c["value"] - c["future"] == data["line"][0]["totals"]["elder"] - data["line"][0]["totals"]["dealer"]
               for c in data["choices"])


def test_partie_four_reads_played_deals_by_side() -> None:
    """`play --rules four --json | partie --rules four`: each record checked against its schema; its sides'
    totals placed by the deal's number (elder's side is P1+P3 in odd deals, P2+P4 in even ones)."""
    record = json.dumps(run(*DEAL_A))  # elder+third 19, second+dealer 7
    r = runner.invoke(app, ["partie", "--rules", "four", "--json"], input=record + "\n" + record)
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert not list(schemas.validator("partie").iter_errors(data))
    assert [d["scores"] for d in data["deals"]] == [[19, 7], [7, 19]] and data["totals"] == [26, 26]
    assert [d["dealer"] for d in data["deals"]] == [4, 1] and not data["finished"] and data["winner"] is None
    bad = json.loads(record)
    bad["line"][0]["cards"]["elder"] = "XS"
    r = runner.invoke(app, ["partie", "--rules", "four"], input=json.dumps(bad))
    assert r.exit_code == 2 and "play-four.schema.json" in r.output, r.output
    two = runner.invoke(app, ["play", "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "KS QS JS TS 9S 8S KD QD 8D AC JC TC",
                              "--json", "-q"]).output
    r = runner.invoke(app, ["partie", "--rules", "four"], input=two)
    assert r.exit_code == 2 and "play-four.schema.json" in r.output, r.output


GOLDEN_A = "53fefe862fc969fe"  # regression pins: sha256 of the JSON, from the tool's own output
GOLDEN_B = "d046bc8fafdc1ab2"

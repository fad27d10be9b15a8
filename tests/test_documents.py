"""One function makes each command's document (cli/*.py ``*_document``): the command line's --json prints it, and
batch calls it directly, with no streams swapped and no lock, so items may run on several threads at once."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from typer.testing import CliRunner

from piquet_calc.cli import app, batch_item
from piquet_calc.cli.common import click_errors
from piquet_calc.cli.declare import declare_document
from piquet_calc.cli.odds import odds_document
from piquet_calc.cli.play import play_document
from piquet_calc.cli.rules import rules_document
from piquet_calc.cli.score import score_document

E1 = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"
D1 = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
N3 = ["AS AH AD AC KC QC 9S 8S 9C 8C", "KH QH JH TH 9H KS QS TS 7S 8D", "KD QD JD TD 9D JC TC 7C 8H 7H"]

CASES = [
    (odds_document, ("AH KH",), {"elder": True, "at_least": 2}, ["odds", "AH KH", "--elder", "--at-least", "2"]),
    (score_document, ([E1, D1],), {"rules": "russian"}, ["score", E1, D1, "--rules", "russian"]),
    (score_document, (N3,), {"rules": "normand"}, ["score", *N3, "--rules", "normand"]),
    (rules_document, ("russian",), {}, ["rules", "russian"]),
    (play_document, ([E1, D1],), {"tricks": "AS KS, 7C AC"}, ["play", E1, D1, "--tricks", "AS KS, 7C AC"]),
    (declare_document, (E1,), {"dealer_hand": D1, "dialogue": True}, ["declare", E1, D1, "--dialogue"]),
]


@pytest.mark.parametrize(("document", "args", "options", "argv"), CASES, ids=[c[3][0] for c in CASES])
def test_the_document_is_what_json_prints(document, args, options, argv):
    r = CliRunner().invoke(app, [*argv, "--json", "-q"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == json.loads(json.dumps(document(*args, **options)))


def test_a_bad_option_is_the_one_line_error_raised():
    with pytest.raises(click_errors.UsageError, match="give --take, or one of --elder"):
        odds_document("AH KH")
    with pytest.raises(click_errors.UsageError, match="--discards: for --seat"):
        play_document([E1, D1], discards="7S")


def test_batch_items_run_on_threads_at_once_as_one_at_a_time():
    batch_item.prepare_worker()
    tasks = [(argv[0], argv[1:]) for _, _, _, argv in CASES]  # what a line becomes: the words after the command
    tasks += [("odds", ["--take", "x", "--", "AH"]), ("score", ["--", E1])]
    alone = [batch_item.run_item(t) for t in tasks]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(batch_item.run_item, tasks * 3))
    assert together == alone * 3
    assert alone[-2][1].startswith("Invalid value for '--take'") and alone[-1][0] is None

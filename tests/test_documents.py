"""One function makes each command's document (cli/*.py ``*_document``): the command line's --json prints it, and
batch calls it directly, with no streams swapped and no lock, so items may run on several threads at once."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from typer.testing import CliRunner

from piquet_calc.cli import app, batch_item
from piquet_calc.cli.common import click_errors
from piquet_calc.cli.declare import declare_document
from piquet_calc.cli.discard import discard_document
from piquet_calc.cli.odds import odds_document
from piquet_calc.cli.play import play_document
from piquet_calc.cli.rules import rules_document
from piquet_calc.cli.score import score_document

E1 = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"
D1 = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
N3 = ["AS AH AD AC KC QC 9S 8S 9C 8C", "KH QH JH TH 9H KS QS TS 7S 8D", "KD QD JD TD 9D JC TC 7C 8H 7H"]
N2E = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"
P2 = "KS QS TS 9S 8S 7S KH QH AC JC KD 9D"
NORMAND_DEALER = "AS KS QS JS 9S AH KH 8D 7D AC"

CASES = [
    (odds_document, ("AH KH",), {"elder": True, "at_least": 2}, ["odds", "AH KH", "--elder", "--at-least", "2"]),
    (score_document, ([E1, D1],), {"rules": "russian"}, ["score", E1, D1, "--rules", "russian"]),
    (score_document, (N3,), {"rules": "normand"}, ["score", *N3, "--rules", "normand"]),
    (rules_document, ("russian",), {}, ["rules", "russian"]),
    (play_document, ([E1, D1],), {"tricks": "AS KS, 7C AC"}, ["play", E1, D1, "--tricks", "AS KS, 7C AC"]),
    (declare_document, (E1,), {"dealer_hand": D1, "dialogue": True}, ["declare", E1, D1, "--dialogue"]),
    (discard_document, (N2E,), {"elder": True, "top": 3}, ["discard", N2E, "--elder", "--top", "3"]),
    (discard_document, (P2,), {"elder": True, "play": True, "samples": 20, "seed": 1, "top": 2,
                               "why": "KS QS TS 9S 8S"},
     ["discard", P2, "--elder", "--play", "--samples", "20", "--seed", "1", "--top", "2", "--why", "KS QS TS 9S 8S"]),
    (discard_document, (NORMAND_DEALER,), {"rules": "normand", "dealer": True, "top": 0},
     ["discard", NORMAND_DEALER, "--rules", "normand", "--dealer", "--top", "0"]),
]


IDS = [" ".join(w for w in argv if w.startswith("--") or w == argv[0]) for *_, argv in CASES]


@pytest.mark.parametrize(("document", "args", "options", "argv"), CASES, ids=IDS)
def test_the_document_is_what_json_prints(document, args, options, argv):
    r = CliRunner().invoke(app, [*argv, "--json", "-q"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == json.loads(json.dumps(document(*args, **options)))


def test_a_bad_option_is_the_one_line_error_raised():
    with pytest.raises(click_errors.UsageError, match="give --take, or one of --elder"):
        odds_document("AH KH")
    with pytest.raises(click_errors.UsageError, match="--discards: for --seat"):
        play_document([E1, D1], discards="7S")
    with pytest.raises(click_errors.UsageError, match="--seed, --threads: need --play"):
        discard_document(N2E, elder=True, seed=1, threads=0)  # given, even as the default: said, as on the command line
    with pytest.raises(click_errors.UsageError, match="--also: for two players"):
        discard_document(NORMAND_DEALER, rules="normand", dealer=True, play=True, also=["8D 7D"])


def test_normand_play_takes_its_own_top_and_samples_unless_given():
    """Normand's --play shows 5 choices on 200 deals unless --top and --samples are given (10 is given, not 5)."""
    base = {"rules": "normand", "dealer": True, "play": True, "seed": 1}
    with pytest.raises(click_errors.UsageError, match="--samples must be 2 to 100,000, not 1"):
        discard_document(NORMAND_DEALER, **base, samples=1)
    data = discard_document(NORMAND_DEALER, **base, samples=3, top=10)
    assert len(data["choices"]) == 10 and data["samples"] == 3


def test_batch_items_run_on_threads_at_once_as_one_at_a_time():
    batch_item.prepare_worker()
    tasks = [(argv[0], argv[1:]) for _, _, _, argv in CASES]  # what a line becomes: the words after the command
    tasks += [("odds", ["--take", "x", "--", "AH"]), ("score", ["--", E1]), ("discard", ["--", N2E])]
    alone = [batch_item.run_item(t) for t in tasks]
    with ThreadPoolExecutor(4) as pool:  # the three analyses (discard) run at once, on threads of their own
        together = list(pool.map(batch_item.run_item, tasks))
    assert together == alone
    assert alone[-3][1].startswith("Invalid value for '--take'") and alone[-2][0] is None
    assert alone[-1] == (None, "say exactly one of --elder or --younger")
    assert sum(name == "discard" and out is not None for (name, _), (out, _) in zip(tasks, alone, strict=True)) == 3


def test_batch_runs_only_commands_with_a_document():
    """Every batchable command is answered by its document function: none through the app's main."""
    assert set(batch_item.batchable()) == set(batch_item.documents())
    assert "practice" not in batch_item.batchable()  # it plays from stdin: no document

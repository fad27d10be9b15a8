"""The golden documents: the --json document of every command and game, seeded or exact, each small enough to
run in seconds, kept in tests/data/golden/ (issue 50's check: equal before and after a refactor).

They are REGRESSION PINS, copied from the tool's own output (main's code before issue 50's Game descriptor), not
references: the references are the tests beside them (naive enumerations, the rule book's worked examples). A
document that changes on purpose is written again with

    python -m tests.golden_documents [NAME ...]

and the change said in the commit; a key renamed on purpose goes in RENAMED instead, so the old pins still say
what the old code printed. tests/test_golden_documents.py compares today's documents to the pins.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
GOLDEN = DATA / "golden"
DEAL_004 = str(DATA / "deal_004.pqn")  # RULES.md's worked play (004, encyclopedia)
BATCH_ONE = str(DATA / "batch-one.jsonl")

B_ELDER = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"  # 004's deal after the exchange
A_DEALER = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
B_DEALT = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"  # elder took 7S 7D KC 7C
YOUNGER = "QS JS TS 9S 8S JH 9H KD QD AC JC TC"  # 004's dealer, dealt
P2 = "KS QS TS 9S 8S 7S KH QH AC JC KD 9D"
NORMAND_DEALER = "AS KS QS JS 9S AH KH 8D 7D AC"
N3 = ["AS AH AD AC KC QC 9S 8S 9C 8C", "KH QH JH TH 9H KS QS TS 7S 8D", "KD QD JD TD 9D JC TC 7C 8H 7H"]
F4 = ["AS KS 9S AH 7H KD 8D 7C", "QS 8S KH 9H AD TD AC 9C", "JS 7S QH TH QD JD KC 8C", "TS JH 8H 9D 7D QC JC TC"]
TALKER = "AH KH QH JH AC KC QC AD KD QD 7D AS"  # declare --dialogue: elder's final hand, then the dealer's
ANSWERER = "JC TC 9C 8C JD TD 9D KS QS JS TS 9S"
PLAY = ["--play", "--samples", "6", "--seed", "7", "--top", "2", "--threads", "1"]

# name -> the command line (without --json and -q): every command, and each game it takes
RUNS: dict[str, list[str]] = {
    "discard-elder": ["discard", B_DEALT, "--elder", "--top", "3"],
    "discard-younger": ["discard", YOUNGER, "--younger", "--elder-took", "3", "--top", "3", "--rules", "russian"],
    "discard-exact-why": ["discard", YOUNGER, "--younger", "--elder-took", "1", "--why", "JH 9H"],
    "discard-play": ["discard", P2, "--elder", *PLAY],
    "discard-play-why": ["discard", P2, "--elder", *PLAY, "--why", "KS QS TS 9S 8S"],
    "discard-play-score": ["discard", P2, "--elder", *PLAY, "--score", "100 60", "--deal", "3"],
    "discard-normand": ["discard", NORMAND_DEALER, "--rules", "normand", "--dealer", "--top", "3"],
    "discard-normand-why": ["discard", NORMAND_DEALER, "--rules", "normand", "--dealer", "--why", "keep"],
    "discard-normand-play": ["discard", NORMAND_DEALER, "--rules", "normand", "--dealer", "--play", "--samples", "3",
                             "--seed", "7", "--top", "2", "--threads", "1"],
    "declare-elder": ["declare", B_ELDER, "--elder"],
    "declare-younger": ["declare", A_DEALER, "--younger", "--discards", "7H 8H", "--elder-blanche"],
    "declare-dialogue": ["declare", "--dialogue", TALKER, ANSWERER],
    "declare-normand": ["declare", "AS KS 9S 8S 7S 8H 7H AD TD 9D", "--rules", "normand", "--seat", "dealer",
                        "--discards", "9C 8C"],
    "declare-four": ["declare", "AS KS QS JS AH AD AC 7S", "--rules", "four", "--seat", "elder"],
    "score-two": ["score", B_ELDER, A_DEALER, "--rules", "encyclopedia", "--elder-dealt", B_DEALT],
    "score-normand": ["score", "AS KS QS JS 8S 7S AH KH AD 7D", "AC KC 9C 8C QH JH 9H KD QD 8D",
                      "QC JC TC 7C TH 8H 7H JD TD 9D", "--rules", "normand", "--dealer-dealt",
                      "QC JC TC 7C TH 8H 7H 9D TS 9S"],
    "score-four": ["score", "AS KS QS JS AH AD AC 7S", "9H 8H 7H KH QH JH TH 9S", "TS KD QD JD TD 9D 8D 7D",
                   "KC QC JC TC 9C 8C 7C 8S", "--rules", "four"],
    "play-two": ["play", B_ELDER, A_DEALER, "--rules", "encyclopedia"],
    "play-tricks": ["play", B_ELDER, A_DEALER, "--tricks", "AS KS, 7C AC", "--elder-dealt", B_DEALT],
    "play-seat-elder": ["play", "--seat", "elder", "AS KS QS JS TS AH KH QH AD KD 7C 8C", "--discards",
                        "7S 8S 7H 9C 7D", "--heard", "point good, sequence good, sets good", "--tricks", "AS 9S",
                        "--threads", "1"],
    "play-seat-dealer": ["play", "--seat", "dealer", A_DEALER, "--discards", "JH 9H", "--tricks", "AH",
                         "--threads", "1"],
    "play-normand": ["play", *N3, "--rules", "normand", "--tricks", "AS 7S 7H, AH"],
    "play-four": ["play", *F4, "--rules", "four", "--tricks", "AS QS JS TS, KS 8S"],
    "odds-elder": ["odds", "AH KH", "--elder"],
    "odds-normand": ["odds", "AH", "--take", "1", "--unseen", "1", "--at-least", "1", "--rules", "normand"],
    "rules-all": ["rules"],
    "rules-rubicon": ["rules", "rubicon"],
    "rules-normand": ["rules", "normand"],
    "rules-four": ["rules", "four"],
    "partie-rubicon": ["partie", "20 15", "20 15", "20 15", "20 15", "20 15", "13 5"],
    "partie-english-four-deals": ["partie", "--rules", "english", "--four-deals", "30 10", "10 20"],
    "partie-au-cent": ["partie", "--rules", "au-cent", "1:40 2:10", "1:30 2:20 1:40"],
    "partie-four": ["partie", "--rules", "four", "19 7", "7 19"],
    "partie-normand": ["partie", "--rules", "normand", "--target", "150", "1:100 2:20 3:10"],
    # review's exchange judged exactly (--model declarations): the whole deal, its default since issue 48, is
    # checked against discard --play --why in tests/test_judge.py; these pins were written again for review's
    # schema 3 (each exchange's model, se, mistake), the figures unchanged
    "review-004": ["review", DEAL_004, "--model", "declarations"],
    "review-004-dealer": ["review", DEAL_004, "--seat", "dealer", "--summary", "--model", "declarations"],
    "review-004-play": ["review", DEAL_004, "--seat", "elder", "--play", "--samples", "4", "--seed", "7",
                        "--threads", "1", "--model", "declarations"],
    "record-004": ["record", DEAL_004],
    "batch-one": ["batch", BATCH_ONE, "--workers", "1"],
}

SLOW = {"discard-younger", "discard-exact-why", "discard-play", "discard-play-why", "discard-play-score",
        "discard-normand", "discard-normand-why", "discard-normand-play", "declare-four", "play-seat-elder",
        "play-seat-dealer", "review-004", "review-004-play"}
"""The runs of more than a few seconds (an exact discard table, a sampled whole deal, a seat's every hand, four's
declarations): pytest -m slow. The default run keeps one of each command (discard-elder, review-004-dealer)."""

VOLATILE = {"seconds"}
"""Keys whose value depends on the machine or the clock (review's time taken), dropped wherever they sit."""


def _drop(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [_drop(v) for v in value]
    if isinstance(value, str):  # the data folder's path, as the pins were written elsewhere
        return value.replace(str(DATA), "tests/data")
    return value


def document(name: str) -> Any:
    """The document RUNS[name] prints with --json today (batch: its JSON lines, a list), volatile keys dropped."""
    from typer.testing import CliRunner

    from piquet_calc.cli import app

    argv = RUNS[name]
    r = CliRunner().invoke(app, [*argv, "--json", "-q"])
    if r.exit_code != 0:
        raise RuntimeError(f"{name}: exit {r.exit_code}: {r.output}")
    if argv[0] == "batch":
        return _drop([json.loads(line) for line in r.stdout.splitlines() if line.strip()])
    return _drop(json.loads(r.stdout))


def pin_path(name: str) -> Path:
    return GOLDEN / f"{name}.json"


def write(names: list[str]) -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in names:
        pin_path(name).write_text(json.dumps(document(name), indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {pin_path(name).relative_to(DATA.parent.parent)}")


if __name__ == "__main__":
    unknown = [n for n in sys.argv[1:] if n not in RUNS]
    if unknown:
        sys.exit(f"no such golden document: {', '.join(unknown)} (one of {', '.join(RUNS)})")
    write(sys.argv[1:] or list(RUNS))

"""Every --json output validated against its JSON Schema (piquet_calc/schemas, draft 2020-12): real runs of
every command and every preset family, small inputs; every schema valid under the metaschema; every
output's schema_version and schema the ones its schema states and the registry lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from piquet_calc import schemas
from piquet_calc.cli import app

runner = CliRunner()
HOUSE_ONE_CARD = 'base = "rubicon"\n[exchange]\nelder = [1]\n'  # twelve discards: --play judges every one fast

B_ELDER = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"  # 004's deal after the exchange
A_DEALER = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
B_DEALT = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"  # elder took 7S 7D KC 7C
YOUNGER = "QS JS TS 9S 8S JH 9H KD QD AC JC TC"  # 004's dealer, dealt
NORMAND_DEALER = "AS KS QS JS 9S AH KH 8D 7D AC"
TALKER = "AH KH QH JH AC KC QC AD KD QD 7D AS"  # declare --dialogue: elder's final hand, then the dealer's
ANSWERER = "JC TC 9C 8C JD TD 9D KS QS JS TS 9S"
DEAL_004 = str(Path(__file__).parent / "data" / "deal_004.pqn")  # RULES.md's worked play: review, record
RUBICON_002 = ["20 15", "20 15", "20 15", "20 15", "20 15", "13 5"]  # 113 to 80 (002): 293, rubiconed

# (output name, arguments): every command and preset family, each run once
RUNS: list[tuple[str, list[str]]] = [
    ("play-normand", ["play", "AS AH AD AC KC QC 9S 8S 9C 8C", "KH QH JH TH 9H KS QS TS 7S 8D",
                      "KD QD JD TD 9D JC TC 7C 8H 7H", "--rules", "normand", "--tricks", "AS 7S 7H, AH"]),
    ("play-seat", ["play", "--seat", "elder", "AS KS QS JS TS AH KH QH AD KD 7C 8C", "--discards", "7S 8S 7H 9C 7D",
                   "--heard", "point good, sequence good, sets good", "--tricks", "AS 9S"]),
    ("play-seat", ["play", "--seat", "dealer", "KS QS JS TS 9S 8S KD QD 8D AC JC TC", "--discards", "JH 9H",
                   "--tricks", "AH"]),
    ("discard", ["discard", YOUNGER, "--younger", "--elder-took", "1", "--top", "3"]),
    ("discard", ["discard", YOUNGER, "--younger", "--elder-took", "5", "--rules", "russian", "--top", "0"]),
    ("discard-play", ["discard", B_DEALT, "--elder", "--play", "--samples", "4", "--top", "2", "--rules", "HOUSE"]),
    ("discard-play", ["discard", YOUNGER, "--younger", "--play", "--samples", "4", "--top", "1", "--rules", "HOUSE",
                      "--elder-took", "1", "--also", "AC"]),
    ("discard-play", ["discard", B_DEALT, "--elder", "--play", "--samples", "4", "--top", "2", "--rules", "HOUSE",
                      "--score", "100 60", "--deal", "3"]),  # the partie block, by the base preset's table
    ("discard-normand-play", ["discard", NORMAND_DEALER, "--rules", "normand", "--dealer", "--play", "--samples", "3",
                              "--top", "1", "--why", "keep"]),
    ("discard-normand", ["discard", NORMAND_DEALER, "--rules", "normand", "--dealer", "--top", "3"]),
    ("discard-why", ["discard", B_DEALT, "--elder", "--play", "--samples", "4", "--top", "2", "--rules", "HOUSE",
                     "--why", "8C"]),  # paired on the report deals
    ("discard-why", ["discard", B_DEALT, "--elder", "--play", "--samples", "4", "--top", "2", "--rules", "HOUSE",
                     "--why", "8C", "--score", "100 60", "--deal", "3"]),  # and the partie value's difference
    ("discard-why", ["discard", YOUNGER, "--younger", "--elder-took", "1", "--why", "JH 9H", "--against", "AC"]),
    ("discard-why", ["discard", NORMAND_DEALER, "--rules", "normand", "--dealer", "--why", "keep"]),
    ("declare", ["declare", B_ELDER, "--elder"]),
    ("declare", ["declare", A_DEALER, "--younger", "--discards", "7H 8H", "--elder-blanche"]),
    ("declare", ["declare", B_ELDER, "--elder", "--discards", "TD 9D 9C 8C", "--rules", "russian"]),
    ("declare-normand", ["declare", "AS KS 9S 8S 7S 8H 7H AD TD 9D", "--rules", "normand", "--seat", "dealer",
                         "--discards", "9C 8C"]),
    ("declare-four", ["declare", "AS KS QS JS AH AD AC 7S", "--rules", "four", "--seat", "elder"]),
    ("declare-dialogue", ["declare", "--dialogue", TALKER, ANSWERER]),
    ("declare-dialogue", ["declare", "--dialogue", TALKER, ANSWERER, "--rules", "au-cent", "--elder-dealt",
                          "AH KH QH JH AC KC QC AD KD QD 7S 8S", "--dealer-dealt",
                          "JC TC 9C 7H JD TD 9D KS QS JS TS 8H"]),
    ("score", ["score", B_ELDER, A_DEALER]),
    ("score", ["score", B_ELDER, A_DEALER, "--rules", "encyclopedia", "--elder-dealt", B_DEALT]),
    ("score-table", ["score", "AS KS QS JS 8S 7S AH KH AD 7D", "AC KC 9C 8C QH JH 9H KD QD 8D",
                     "QC JC TC 7C TH 8H 7H JD TD 9D", "--rules", "normand", "--dealer-dealt",
                     "QC JC TC 7C TH 8H 7H 9D TS 9S"]),
    ("score-table", ["score", "AS KS QS JS AH AD AC 7S", "9H 8H 7H KH QH JH TH 9S", "TS KD QD JD TD 9D 8D 7D",
                     "KC QC JC TC 9C 8C 7C 8S", "--rules", "four"]),
    ("play", ["play", B_ELDER, A_DEALER, "--rules", "encyclopedia"]),
    ("play", ["play", B_ELDER, A_DEALER, "--tricks", "AS KS", "--elder-dealt", B_DEALT]),
    ("play-four", ["play", "AS KS 9S AH 7H KD 8D 7C", "QS 8S KH 9H AD TD AC 9C", "JS 7S QH TH QD JD KC 8C",
                   "TS JH 8H 9D 7D QC JC TC", "--rules", "four", "--tricks", "AS QS JS TS, KS 8S"]),
    ("play-seat-table", ["play", "KS AH QH 8H 7H QD TD 8D", "--rules", "four", "--seat", "second", "--heard",
                         "third point 5 46 in spades; no sequence; elder three jacks without the diamond", "--tricks",
                         "JC KS TC 8C, JS", "--samples", "4", "--seed", "2"]),
    ("play-seat-table", ["play", "KS QS TS 8S AH QH 7H TD 8D QC", "--rules", "normand", "--seat", "middle", "--heard",
                         "middle and dealer equal point 4 38; no sequence; dealer three kings without the spade",
                         "--tricks", "9H QH TH, QC AC 7C, 8C TC 7H, JS QS 7S, 8D KD QD, JD 9D TD, KH 8H AH"]),
    ("odds", ["odds", "AH KH", "--elder"]),
    ("odds", ["odds", "AH", "--take", "1", "--unseen", "1", "--at-least", "1", "--rules", "normand"]),
    ("rules", ["rules"]),
    ("rules", ["rules", "four"]),
    ("rules", ["rules", "HOUSE"]),
    ("partie", ["partie", *RUBICON_002]),
    ("partie", ["partie", "--rules", "english", "--four-deals", "30 10", "10 20"]),
    ("partie", ["partie", "--rules", "au-cent", "1:40 2:10", "1:30 2:20 1:40"]),  # steps: a lurch
    ("partie", ["partie", "--rules", "russian", "30 10", "10 10", "20 40", "15 15", "40 10", "10 30", "25 5",
                "5 25", "30 30", "12 8", "9 9", "33 3"]),  # twelve deals, the last korolik's refait carried
    ("partie", ["partie", "--rules", "encyclopedia", "136 26"]),
    ("partie", ["partie", "--rules", "four", "19 7", "7 19"]),
    ("partie", ["partie", "--rules", "normand", "100 20 10", "60 10", "30 10"]),
    ("partie", ["partie", "--rules", "normand", "--target", "150", "1:100 2:20 3:10"]),
    ("review", ["review", DEAL_004, "--seat", "dealer", "-q", "--model", "declarations"]),
    ("deal", ["record", DEAL_004]),
    ("batch", ["batch", str(Path(__file__).parent / "data" / "batch-one.jsonl")]),  # one line: the envelope
]


def _run(args: list[str], house: Path) -> dict:
    args = [str(house) if a == "HOUSE" else a for a in args]
    r = runner.invoke(app, [*args, "--json", *(["-q"] if args[0] in ("discard", "declare", "play") else [])])
    assert r.exit_code == 0, (args, r.output)

    def refuse(name: str) -> None:
        raise ValueError(f"not JSON: {name}")

    return json.loads(r.stdout, parse_constant=refuse)


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "one-card.toml"
    path.write_text(HOUSE_ONE_CARD)
    return path


@pytest.mark.parametrize(("name", "args"), RUNS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(RUNS)])
def test_every_output_is_valid_under_its_schema(name: str, args: list[str], house: Path) -> None:
    data = _run(args, house)
    errors = sorted(schemas.validator(name).iter_errors(data), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:10])
    assert list(data)[:2] == ["schema_version", "schema"]
    assert data["schema_version"] == schemas.SCHEMAS[name] == schemas.schema_for(name)["properties"][
        "schema_version"]["const"]
    assert data["schema"] == schemas.schema_file(name) == schemas.schema_for(name)["properties"]["schema"]["const"]


DIRECT = {"practice-stats": "tests/test_history.py",  # outputs checked from their report's data, not a command run
          "practice-event": "tests/test_practice.py"}  # the line protocol: every event of a deal played through


def test_every_output_and_family_is_run() -> None:
    assert {name for name, _ in RUNS} | set(DIRECT) == set(schemas.SCHEMAS)


@pytest.mark.parametrize("name", [*schemas.SCHEMAS, schemas.COMMON])
def test_every_schema_is_valid_under_the_metaschema(name: str) -> None:
    schema = schemas.schema_for(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == schemas.BASE_URI + schemas.schema_file(name)
    assert schema.get("title") and schema.get("description")


def test_the_folder_holds_the_registry_and_nothing_else() -> None:
    folder = Path(schemas.__file__).parent
    assert sorted(p.name for p in folder.glob("*.schema.json")) == sorted(
        schemas.schema_file(n) for n in (*schemas.SCHEMAS, schemas.COMMON))


def test_an_unknown_name_is_refused() -> None:
    with pytest.raises(KeyError, match="no JSON schema named 'nope'"):
        schemas.schema_file("nope")


def test_a_wrong_output_is_refused() -> None:
    """The schemas are strict: a renamed key or a wrong version fails."""
    v = schemas.validator("odds")
    good = {"schema_version": 1, "schema": "odds.schema.json", "cards": ["AH"], "take": 1, "unseen": 1,
            "rows": [{"at_least": 1, "numerator": 1, "denominator": 1, "probability": 1.0, "odds": "certain"}]}
    assert not list(v.iter_errors(good))
    assert list(v.iter_errors({**good, "schema_version": 2}))
    assert list(v.iter_errors({**good, "extra": 0}))
    assert list(v.iter_errors({k: x for k, x in good.items() if k != "rows"}))


def test_an_installed_package_has_the_schemas() -> None:
    import tomllib

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    assert project["tool"]["setuptools"]["package-data"]["piquet_calc.schemas"] == ["*.schema.json"]
    assert any(r.startswith("jsonschema>=4.18") for r in project["project"]["optional-dependencies"]["test"])

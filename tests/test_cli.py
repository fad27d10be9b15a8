"""The command line, through typer's CliRunner, and in fresh processes where imports matter."""

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from piquet_calc.cli import app

runner = CliRunner()
BOOK = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"
A_DEALER = "QS JS TS 9S 8S JH 9H KD QD AC JC TC"


def invoke(*args):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def younger_json():
    result = invoke("discard", A_DEALER, "--younger", "--elder-took", "4", "--json", "--top", "0", "-q")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_every_command_has_help():
    for args in ([], ["discard"], ["declare"], ["score"], ["odds"]):
        result = invoke(*args, "--help")
        assert result.exit_code == 0, result.output
        assert "Usage" in result.output
    assert "Every legal discard" in invoke("discard", "--help").output


def test_elder_table_is_ranked_and_headed():
    result = invoke("discard", BOOK, "--elder", "--top", "3", "-q")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Hand AS AH KH QH TH 8H 7H AD TD 9D 9C 8C | elder | rules rubicon | 1,585 discards")
    assert "5 cards: 7,054,320" in lines[1]
    assert "1582 more discards" in result.stdout
    nets = [float(line.split()[-1]) for line in lines if line.strip()[:1].isdigit() and "|" not in line]
    assert len(nets) == 3 and nets == sorted(nets, reverse=True)


def test_json_schema_for_younger(younger_json):
    data = younger_json
    assert data["hand"] == ["QS", "JS", "TS", "9S", "8S", "JH", "9H", "KD", "QD", "AC", "JC", "TC"]
    assert (data["seat"], data["rules"], data["model"]) == ("younger", "rubicon", "uniform")
    assert (data["elder_took"], data["elder_blanche"]) == (4, False)
    assert len(data["choices"]) == 1 + 12 + 66 + 220 + 495
    for rank, d in enumerate(data["choices"], 1):
        assert d["rank"] == rank
        assert set(d) == {"rank", "discard", "deals", "point", "sequence", "sets", "carte_blanche", "carte_rouge",
                          "repique", "pique", "score", "counts"}
        for cls in ("point", "sequence", "sets"):
            assert set(d[cls]) == {"win", "tie", "lose", "me", "opp"}
            assert d[cls]["win"] + d[cls]["tie"] + d[cls]["lose"] == pytest.approx(1)
            assert d["counts"][f"{cls}_win"] + d["counts"][f"{cls}_tie"] + d["counts"][f"{cls}_lose"] == d["deals"]
        assert set(d["score"]) == {"me", "opp", "net"}
        assert d["score"]["net"] == pytest.approx(d["score"]["me"] - d["score"]["opp"])
        assert d["repique"]["me"] == d["counts"]["repique_me"] / d["deals"]
        assert isinstance(d["deals"], int) and all(isinstance(v, int) for v in d["counts"].values())
    nets = [d["score"]["net"] for d in data["choices"]]
    assert nets == sorted(nets, reverse=True)


def test_json_cards_parse_back(younger_json):
    from piquet_calc.cards import parse_cards

    for d in younger_json["choices"][:50]:
        assert [str(c) for c in parse_cards(d["discard"])] == d["discard"]


@pytest.mark.parametrize("args,message", [
    ([BOOK.replace("8C", "1C"), "--elder"], "unknown card '1C'"),
    ([BOOK.replace("8C", "AS"), "--elder"], "duplicate card AS"),
    ([BOOK.rsplit(" ", 1)[0], "--elder"], "exactly 12 cards, got 11"),
    ([BOOK], "exactly one of --elder or --younger"),
    ([BOOK, "--elder", "--younger"], "exactly one of --elder or --younger"),
    ([BOOK, "--younger", "--elder-took", "0"], "--elder-took must be 1 to 5"),
    ([BOOK, "--younger", "--elder-took", "6"], "--elder-took must be 1 to 5"),
    ([BOOK, "--younger", "--elder-took", "five"], "--elder-took"),
    ([BOOK, "--elder", "--rules", "bezique"], "unknown rules 'bezique'"),
    ([BOOK, "--elder", "--top", "-1"], "--top must be 0"),
    ([], "Missing argument"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = invoke("discard", *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    err = result.stderr.strip()
    assert "\n" not in err and err.startswith("piquet-calc: error:") and message in err, err
    assert "Traceback" not in result.output


def _fresh(code, cwd=None, **env):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, **env}, timeout=600)


def test_help_and_argument_errors_do_not_import_numba():
    code = ("import sys; from piquet_calc.cli import app\n"
            "for args in (['--help'], ['discard', '--help'], ['discard', 'AS', '--elder']):\n"
            "    try: app(args)\n"
            "    except SystemExit: pass\n"
            "print('numba' in sys.modules)")
    out = _fresh(code)
    assert out.stdout.strip().endswith("False"), out.stderr


def test_module_entry_point():
    out = subprocess.run([sys.executable, "-m", "piquet_calc", "discard", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "--elder" in out.stdout


def test_runs_when_neither_the_package_nor_the_home_cache_is_writable(tmp_path):
    """numba's cache falls back to the temporary directory: a read-only install still runs.

    A file named __pycache__ in the kernels package and a cache home under /dev/null cannot be written even by
    root, so this holds whoever runs the tests.
    """
    import shutil

    import piquet_calc

    site = tmp_path / "site"
    shutil.copytree(os.path.dirname(piquet_calc.__file__), site / "piquet_calc",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (site / "piquet_calc" / "kernels" / "__pycache__").write_text("not a directory")  # where the kernels cache
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    # one small kernel compiled and run (the whole declarations family took a minute more of the suite's time on 2
    # cores, for the same check: where numba caches when the package and the home cannot hold it)
    code = ("import piquet_calc as p, piquet_calc.kernels.cache as s\n"
            "from piquet_calc.kernels import declarations as k\n"
            "print(int(k.binomials(12)[12, 1]), s.choose_cache_dir(), p.__file__)")
    out = _fresh(code, cwd=tmp_path, PYTHONPATH=str(site), HOME="/dev/null", XDG_CACHE_HOME="/dev/null/cache",
                 TMPDIR=str(tmp), NUMBA_CACHE_DIR="")
    assert out.returncode == 0, out.stderr
    n, cache, where = out.stdout.split()
    assert where.startswith(str(site)) and n == "12" and cache.startswith(str(tmp)), out.stdout
    assert any((tmp / cache).rglob("*.nbi")), "the kernels were cached in the fallback directory"


def test_a_reader_that_goes_away_gets_no_traceback():
    """`piquet-calc --help | head -1`: the pipe closes before the help is written."""
    p = subprocess.Popen([sys.executable, "-m", "piquet_calc", "--help"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    assert "Traceback" not in err, err


def test_every_command_takes_quiet():
    """-q/--quiet is an option of every command (those without progress take it too: it silences any notice)."""
    import typer.main

    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        flags = {o for p in command.params for o in getattr(p, "opts", [])}
        assert {"-q", "--quiet"} <= flags, name


E1 = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"
D1 = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
RECORD = str(__import__("pathlib").Path(__file__).resolve().parents[1] / "docs" / "examples" / "deal-004.pqn")


def test_every_command_runs_with_quiet_and_json(tmp_path):
    """Each command (but warm, which compiles every kernel) with -q, and --json where it prints a document:
    exit 0, nothing on stderr, one JSON object on stdout (batch: one line per item)."""
    house = tmp_path / "one.toml"
    house.write_text('base = "rubicon"\n[exchange]\nelder = [1]\n', encoding="utf-8")
    lines = tmp_path / "in.jsonl"
    lines.write_text('{"id": "a", "command": "odds", "cards": "AH KH", "elder": true}\n', encoding="utf-8")
    runs = {
        "discard": ["discard", E1, "--elder", "--rules", str(house), "--top", "2"],
        "declare": ["declare", "AS AH AD AC KS KH KD QS QH JS TS 9S", "--discards", "7S 8S 7H 8H 7D", "--elder"],
        "score": ["score", E1, D1],
        "play": ["play", E1, D1, "--tricks", "AS KS, 7C AC"],
        "odds": ["odds", "AH KH", "--elder"],
        "rules": ["rules", "rubicon"],
        "partie": ["partie", "31 14", "9 52"],
        "review": ["review", RECORD, "--summary", "--model", "declarations"],
        "record": ["record", RECORD],
        "batch": ["batch", str(lines), "--workers", "1"],
        "practice": ["practice", "--stats", "--db", str(tmp_path / "history.sqlite3")],
    }
    import typer.main

    assert set(runs) | {"warm"} == set(typer.main.get_command(app).commands)
    for name, args in runs.items():
        full = [*args, "-q"] + ([] if name == "batch" else ["--json"])
        result = runner.invoke(app, full)
        assert result.exit_code == 0, (name, result.output)
        assert result.stderr == "", (name, result.stderr)
        for line in result.stdout.splitlines() if name == "batch" else [result.stdout]:
            assert isinstance(json.loads(line), dict), name

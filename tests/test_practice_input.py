"""practice's and review --save's last bad inputs (issue 49, 7): each one line naming what is wrong and exit 2, never
a traceback, nothing lost, found before the first question; and saving is idempotent, a deal kept once by its
content (record/record.py's content_key), not by its file's name."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from piquet_calc.cli import app
from piquet_calc.history import DecisionRow, History

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
DEAL_004 = ROOT / "tests" / "data" / "deal_004.pqn"  # the final hands and the tricks: no dealt hand


def run(*args: str, stdin: str | None = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "piquet_calc", "practice", "-q", *args], cwd=ROOT, env=ENV,
                          input=stdin, capture_output=True, text=True, timeout=300)


def one_error(r: subprocess.CompletedProcess, *words: str) -> None:
    """Exit 2, one line on stderr naming what is wrong, nothing on stdout (no question asked)."""
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert r.stderr.startswith("piquet-calc: error: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr and r.stdout == "", (r.stdout, r.stderr)
    for w in words:
        assert w in r.stderr, (w, r.stderr)


def a_history(path: Path, n: int = 2) -> list[int]:
    """A history of ``n`` decisions (their positions not served here); their ids."""
    with History.open(path) as h:
        return [h.add(DecisionRow(None, f"deal-{i}", "card", "elder", "rubicon", {"record": {}}, "AS", "KS", 2.0 + i,
                                  1.0, False, 1.7e9, "practice")) for i in range(n)]


def test_a_house_rules_file_is_taken(tmp_path: Path) -> None:
    """--rules FILE.toml as every command takes it: the drill's records name the file, read again from there."""
    house = tmp_path / "house.toml"
    house.write_text('base = "rubicon"\nname = "our house"\n')
    r = run("--rules", str(house), "--drill", "discard", "--seat", "elder", "--count", "1", "--db",
            str(tmp_path / "h.db"), stdin="quit\n")
    assert r.returncode == 0, r.stderr
    first = json.loads(r.stdout.splitlines()[0])
    assert first["event"] == "ask" and first["stage"] == "exchange" and len(first["hand"]) == 12, first


def test_a_closed_stdin_is_one_line(tmp_path: Path) -> None:
    r = subprocess.run(["bash", "-c", f'"{sys.executable}" -m piquet_calc practice -q --drill discard --count 1 '
                        f'--db "{tmp_path / "h.db"}" <&-'], cwd=ROOT, env=ENV, capture_output=True, text=True,
                       timeout=300)
    one_error(r, "stdin is closed")
    assert not (tmp_path / "h.db").exists()  # refused before the history is made


@pytest.mark.parametrize(("args", "named"), [
    (["--stats", "--drill", "lead"], ("--stats", "--drill")),
    (["--stats", "--mistakes"], ("--stats", "--mistakes")),
    (["--drill", "discard", "--mistakes"], ("--drill", "--mistakes")),
    (["--stats", "--from", str(DEAL_004)], ("--stats", "--from")),
    (["--mistakes", "--from", str(DEAL_004)], ("--mistakes", "--from")),
])
def test_options_that_cannot_go_together_are_refused(args: list[str], named: tuple[str, str], tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["practice", *args, "--db", str(tmp_path / "h.db")], input="quit\n")
    assert r.exit_code == 2, r.output
    assert f"{named[0]} and {named[1]} cannot go together" in r.output, r.output
    assert not (tmp_path / "h.db").exists()


def test_stats_only_reads_and_leaves_no_write_ahead_files(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    a_history(db)
    before = db.read_bytes()
    r = run("--stats", "--json", "--db", str(db))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["decisions"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.db"]  # no h.db-wal, no h.db-shm
    assert db.read_bytes() == before


NOBODY = "import sys; from piquet_calc.cli import run; sys.argv = ['piquet-calc', 'practice', '--stats', '--json', " \
         "'--db', sys.argv[1]]; run()"


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="as root, with setpriv")
def test_stats_on_a_history_in_a_read_only_folder_works() -> None:
    """As user nobody (setpriv), where a folder of mode 0555 holds: the stats read, nothing written beside."""
    probe = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", ""],
                           capture_output=True)
    if probe.returncode != 0:
        pytest.skip("user nobody cannot run this Python")
    folder = Path(tempfile.mkdtemp(prefix="piquet-history-"))
    try:
        db = folder / "h.db"
        a_history(db)
        folder.chmod(0o555)
        db.chmod(0o444)
        r = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
                            NOBODY, str(db)], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["decisions"] == 2
        assert sorted(p.name for p in folder.iterdir()) == ["h.db"]
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


def test_damaged_rows_are_skipped_and_said_once(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    ids = a_history(db, 3)
    with sqlite3.connect(db) as c:
        c.execute("UPDATE decisions SET position = 'not json{' WHERE id = ?", (ids[0],))  # not JSON
        c.execute("UPDATE decisions SET position = '[1, 2]' WHERE id = ?", (ids[1],))  # JSON, not a position's dict
    # ids[2]: JSON, but no position practice can serve
    with History.open(db) as h:
        assert [d.id for d in h.due(min_cost=0, count=10)] == [ids[2]] and h.damaged == 2
    r = run("--mistakes", "--min-cost", "0", "--db", str(db), stdin="quit\n")
    assert r.returncode == 0, r.stderr
    assert r.stderr == "piquet-calc: 3 damaged decisions in the history skipped\n", r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["event"] == "none"


def test_a_from_record_that_yields_no_position_says_so(tmp_path: Path) -> None:
    r = run("--from", str(DEAL_004), "--drill", "discard", "--db", str(tmp_path / "h.db"))
    one_error(r, "--from: no position to drill", "dealt hand")


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="no /proc here")
def test_an_unwritable_folder_is_found_before_the_first_question(tmp_path: Path) -> None:
    """/proc: a folder that is there and that no one, root included, may write a file in."""
    try:
        with tempfile.TemporaryFile(dir="/proc"):
            pytest.skip("/proc takes files here")
    except OSError:
        pass
    r = run("--deals", "1", "--seed", "3", "--folder", "/proc", "--db", str(tmp_path / "h.db"), stdin="quit\n")
    one_error(r, "cannot write in the practice folder /proc")


def test_a_history_without_its_tables_is_found_before_the_first_question(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    a_history(db)
    c = sqlite3.connect(db)
    c.execute("DROP TABLE schedule")
    c.execute("DROP TABLE decisions")
    c.commit()
    c.close()  # the write-ahead log folded back into the file
    before = db.read_bytes()
    r = run("--drill", "discard", "--count", "1", "--db", str(db), stdin="quit\n")
    one_error(r, "is damaged: tables decisions, schedule missing")
    assert db.read_bytes() == before


# --- saving is idempotent ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def review_004_dealer():
    from piquet_calc.analysis.review import analyse_review
    from piquet_calc.record.record import read_record
    from piquet_calc.record.record_check import check_record

    return analyse_review(check_record(read_record(DEAL_004.read_text())), (1,))


def saved(db: Path) -> int:
    with History.open(db) as h:
        return h.count()


def test_a_deal_saved_again_is_kept_once(tmp_path: Path, review_004_dealer, capsys) -> None:
    """review --save twice, from its file, from stdin (no name) and from a copy under another name: one deal."""
    from piquet_calc.cli.review import _save

    db = tmp_path / "h.db"
    _save(review_004_dealer, str(DEAL_004), db)
    once = saved(db)
    assert once == len(review_004_dealer.cards) == 12 and capsys.readouterr().err == ""
    copy = tmp_path / "same deal.pqn"
    copy.write_text(DEAL_004.read_text().replace("; RULES.md", "; a copy of RULES.md"))
    for source in (str(DEAL_004), "-", str(copy)):
        _save(review_004_dealer, source, db)
        assert saved(db) == once
        assert capsys.readouterr().err == (f"piquet-calc: this deal is in the history already (saved as "
                                           f"{DEAL_004.resolve()}): nothing added\n")


def test_a_practice_deal_then_review_save_of_its_record_is_kept_once(tmp_path: Path, review_004_dealer,
                                                                       capsys) -> None:
    """practice keeps its deal's content key as it writes the record; review --save of that record adds nothing."""
    from piquet_calc.analysis.practice_events import Keeper
    from piquet_calc.cli.review import _save

    db = tmp_path / "h.db"
    path = tmp_path / "practice-1.pqn"
    with History.open(db) as h:
        recorder = Keeper(h, "practice")
        recorder.start(path)
        recorder.save(review_004_dealer.deal.record)
    _save(review_004_dealer, str(path), db)
    assert saved(db) == 0  # practice's own decisions are not in this test: the review's are not added
    assert capsys.readouterr().err.endswith(f"(saved as {path}): nothing added\n")
